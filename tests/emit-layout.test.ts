/**
 * Emission writes its final layout: prettier, the judge, leaves the emitted `cards.ts`,
 * `index.ts` and `registry.ts` of every bundled set and of the PlayStation corpus (when
 * ../shared/data is present) unchanged, byte for byte. (compiler/emit/js.ts)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { checkSources } from "../compiler/check/set.ts";
import { cardsModule, indexAndRegistry } from "../compiler/emit/index.ts";
import { commentText, docBlock, sameJson } from "../compiler/emit/expr.ts";
import { quote, textWidth } from "../compiler/emit/js.ts";
import { PRETTIER_TS } from "../compiler/emit/prettier-options.ts";
import { importDcb } from "../compiler/import/dcb.ts";
import { ROOT } from "./helpers.ts";

const DCB = resolve(ROOT, "../shared/data/dcb/cards.json");

function sets() {
  const dir = join(ROOT, "cards");
  const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
  const sources = files.map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") }));
  if (existsSync(DCB)) sources.push({ file: "dcb.dgs", text: importDcb(JSON.parse(readFileSync(DCB, "utf8"))).dgs });
  return checkSources(sources);
}

/** The first line where two texts differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const x = a.split("\n");
  const y = b.split("\n");
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return `line ${i + 1}:\n  emitted:  ${JSON.stringify(x[i])}\n  prettier: ${JSON.stringify(y[i])}`;
  return "";
}

describe("emitted modules are already in prettier's layout", () => {
  for (const set of sets()) {
    it(`set ${set.code}: cards.ts, index.ts and registry.ts`, async () => {
      const files = { "cards.ts": cardsModule(set), ...Object.fromEntries(Object.entries(indexAndRegistry(set)).map(([k, v]) => [`${k}.ts`, v])) };
      for (const [name, text] of Object.entries(files)) {
        const formatted = await prettier.format(text, PRETTIER_TS);
        expect(firstDifference(text, formatted), `${set.code}/${name}`).toBe("");
        expect(text).toBe(formatted);
      }
    }, 60_000);
  }
});

describe("string literals", () => {
  // Quotes, backslashes, control characters, lone and paired surrogates, line separators, wide characters.
  const tricky = fc.constantFrom("\"", "'", "\\", "\n", "\r", "\t", "\u0000", "\u001f", "\u007f", "\u2028", "\u2029", "\ud800", "\udfff", "😀", "ア", "a", " ");
  const text = fc.array(fc.oneof(tricky, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 12 }).map((xs) => xs.join(""));

  it("quote() reads back as the same string and is the literal prettier prints", async () => {
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        const literal = quote(s);
        expect(runInNewContext(literal)).toBe(s);
        const line = `export const x = ${literal};\n`;
        expect(await prettier.format(line, PRETTIER_TS)).toBe(line);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the emitter's shortcuts answer as the long way does", () => {
  const tricky = fc.constantFrom("*/", "*", "/", "\n", "\r\n", "\r", "\u2028", "\u2029", "\u0000", "\u0085", "\ud800", "\udfff", "😀", "ア", "a", " ");
  const text = fc.array(fc.oneof(tricky, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 12 }).map((xs) => xs.join(""));
  const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

  it("commentText() is the two replacements it skips when there is nothing to replace", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(commentText(s)).toBe(s.replace(unsafe, " ").replace(/\*\//g, "*\\/"));
      }),
      { numRuns: 2000 },
    );
  });

  it("docBlock() splits every line terminator, one comment line each, and no line ends the block", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 4 }), (lines) => {
        const long = lines.flatMap((l) => l.split(/\r\n|[\n\r\u2028\u2029]/)).map((l) => ` * ${commentText(l)}`.trimEnd());
        const block = docBlock(lines);
        expect(block).toBe(["/**", ...long, " */"].join("\n"));
        expect(block.slice(3, -3)).not.toContain("*/");
      }),
      { numRuns: 1000 },
    );
  });

  it("sameJson(a, b) is JSON.stringify(a) === JSON.stringify(b)", () => {
    const json = fc.jsonValue({ maxDepth: 2 });
    const pair = fc.oneof(fc.tuple(json, json), json.map((v) => [v, structuredClone(v)] as const));
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
    expect(sameJson([], [])).toBe(true);
    expect(sameJson([1], [1, 2])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson({ a: [1] }, { a: [1] })).toBe(true);
  });

  it("textWidth() is prettier's width measure", () => {
    const getStringWidth = (prettier as unknown as { util: { getStringWidth(s: string): number } }).util.getStringWidth;
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 40 })), (s) => {
        expect(textWidth(s)).toBe(getStringWidth(s));
      }),
      { numRuns: 2000 },
    );
  });
});
