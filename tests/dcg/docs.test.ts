/**
 * docs/language-dcg.md is generated from grammar/dcg/constructs.ts and grammar/dcg/tokens.ts by
 * `npm run docs` (scripts/gen-dcg-docs.ts). These tests regenerate it in memory, so the
 * committed document cannot go stale (after changing a construct, run `npm run docs` and
 * commit docs/language-dcg.md), and compile every example the document shows, read back
 * from the committed markdown: the construct tables (in the box each row names) and the text
 * boxes of the introduction's example card.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { DCG_CONSTRUCTS, DCG_CONSTRUCT_GROUPS } from "../../grammar/dcg/constructs.ts";
import type { DcgBox } from "../../runtime/lang/dcg/ir.ts";
import { languageDcgMarkdown } from "../../scripts/gen-dcg-docs.ts";

const DOC = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "language-dcg.md");
const committed = () => readFileSync(DOC, "utf8");

/** The text of a markdown code cell (`…` or `` … ``), `\|` unescaped. */
function uncode(cell: string): string {
  const t = cell.trim();
  const m = /^``\s(.*)\s``$/.exec(t) ?? /^`(.*)`$/.exec(t);
  if (!m) throw new Error(`not a code cell: ${t}`);
  return m[1]!.replace(/\\\|/g, "|");
}

/** Split a table row into cells at unescaped `|`. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The construct rows of the document: example and box, from the tables with a "Box" column. */
function docExamples(md: string): { example: string; box: DcgBox }[] {
  const out: { example: string; box: DcgBox }[] = [];
  let inTable = false;
  for (const line of md.split("\n")) {
    if (line.startsWith("| Construct | Example | Box |")) {
      inTable = true;
      continue;
    }
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    if (!inTable || line.startsWith("| ---")) continue;
    const [, example, box] = cells(line);
    out.push({ example: uncode(example!), box: uncode(box!) as DcgBox });
  }
  return out;
}

/** The text boxes of the introduction's example card: `effect:`, `inherited:`, `security:` with their continuation lines. */
function exampleCardBoxes(md: string): { box: DcgBox; text: string }[] {
  const block = /```dgs\n([\s\S]*?)```/.exec(md);
  if (!block) throw new Error("no ```dgs block in docs/language-dcg.md");
  const out: { box: DcgBox; text: string }[] = [];
  for (const line of block[1]!.split("\n")) {
    const field = /^ {2}(effect|inherited|security):\s*(.*)$/.exec(line);
    if (field) out.push({ box: field[1] as DcgBox, text: field[2]! });
    else if (/^ {4}\S/.test(line) && out.length > 0) out[out.length - 1]!.text += "\n" + line.trim();
  }
  return out;
}

describe("docs/language-dcg.md", () => {
  it("is what `npm run docs` generates", () => {
    expect(committed(), "docs/language-dcg.md is stale: run `npm run docs`").toBe(languageDcgMarkdown());
  });

  it("shows every construct's example, in a section per group", () => {
    const md = committed();
    const shown = docExamples(md);
    const inOrder = DCG_CONSTRUCT_GROUPS.flatMap((g) => DCG_CONSTRUCTS.filter((c) => c.group === g));
    expect(shown).toEqual(inOrder.map((c) => ({ example: c.example, box: c.box ?? "effect" })));
  });

  it("says how a DCG set is written (`ruleset dcg`, set-format.md \"DCG sets\") and cites the rules documents", () => {
    const md = committed();
    expect(md).toContain("`ruleset dcg`");
    expect(md).toContain("[set-format.md](set-format.md)");
    expect(md).toContain("\"DCG sets\"");
    expect(md).toContain("002_db81695f81018ea7.txt");
    expect(md).toContain("001_9364978fb56838a3.txt");
  });

  describe("every example in it compiles", () => {
    it.each(docExamples(committed()).map((e) => [e.example, e] as const))("%s", (_text, e) => {
      const r = compileDcgText(e.example, e.box);
      expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`)).toEqual([]);
      expect(r.effects.length).toBeGreaterThanOrEqual(1);
    });

    it("the text boxes of the example card", () => {
      const boxes = exampleCardBoxes(committed());
      expect(boxes.map((b) => b.box)).toEqual(["effect", "inherited"]);
      for (const b of boxes) {
        const r = compileDcgText(b.text, b.box);
        expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${b.box}: ${d.code}: ${d.message}`)).toEqual([]);
        expect(r.effects.length, `${b.box}: one effect per unit`).toBe(b.text.split("\n").length);
      }
    });
  });
});
