/**
 * docs/language.md is generated from grammar/constructs.ts and grammar/tokens.ts by
 * `npm run docs` (scripts/gen-diagrams.ts). These tests regenerate it in memory, so the
 * committed document cannot go stale: after changing a construct or a keyword, run
 * `npm run docs` and commit docs/language.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONSTRUCTS } from "../grammar/constructs.ts";
import { languageMarkdown } from "../scripts/gen-diagrams.ts";

const DOCS = join(dirname(fileURLToPath(import.meta.url)), "..", "docs");
const committed = () => readFileSync(join(DOCS, "language.md"), "utf8");

describe("docs/language.md", () => {
  it("lists the example of every construct", () => {
    const md = committed();
    const missing = CONSTRUCTS.filter((c) => !md.includes("`" + c.example.replace(/\|/g, "\\|") + "`")).map((c) => `${c.id}: ${c.example}`);
    expect(missing, "run `npm run docs`").toEqual([]);
  });

  it("is what `npm run docs` generates", () => {
    expect(committed(), "docs/language.md is stale: run `npm run docs`").toBe(languageMarkdown());
  });

  it("has the railroad diagrams beside it", () => {
    expect(existsSync(join(DOCS, "grammar-diagrams.html"))).toBe(true);
  });
});
