/**
 * `fmt` changes layout, never words: for every card of the bundled sets and of the
 * PlayStation corpus (when ../shared/data is present), the sequence of words, numbers,
 * quoted names and punctuation of its text, evo-box entries and attack abilities is the same
 * before and after formatting, spelling and case included; and so are every other field's
 * value, the card's name and set number. Rewriting wording is `canon`, which lists what it
 * changes. (Issue "A designer's first hour" §1; compiler/print/setfile.ts.)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { format } from "../compiler/service/index.ts";
import { canonicaliseWording, wordingChanges } from "../compiler/print/canonical.ts";
import { importDcb } from "../compiler/import/dcb.ts";
import { lex, readSetFile } from "../grammar/index.ts";
import { checkSources } from "../compiler/check/set.ts";
import { ROOT } from "./helpers.ts";

const DCB = resolve(ROOT, "../shared/data/dcb/cards.json");

/** The words of a piece of text as the lexer sees them (elisions included), or its blank-separated words when it does not lex. */
function words(text: string): string[] {
  const l = lex(text);
  if (l.diagnostics.length > 0) return text.split(/\s+/).filter(Boolean);
  return [...l.tokens.map((t) => ({ at: t.startOffset, w: text.slice(t.startOffset, t.startOffset + t.image.length) })), ...l.elisions.map((e) => ({ at: e.start, w: text.slice(e.start, e.end) }))]
    .sort((a, b) => a.at - b.at)
    .map((x) => x.w);
}

/** Per card: name, set number and each field's words (card text, evo, attacks) or trimmed value. */
function cardWords(file: string, source: string) {
  return readSetFile(file, source).cards.map((c) => ({
    card: `${c.setNumber} ${c.name}`,
    fields: c.fields.map((f) => [f.key, ["text", "evo", "circle", "triangle", "cross"].includes(f.key) ? words(f.value.value) : [f.value.value.trim()]] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  }));
}

function sources(): [string, string][] {
  const dir = join(ROOT, "cards");
  const out: [string, string][] = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".dgs"))
    .sort()
    .map((f) => [`cards/${f}`, readFileSync(join(dir, f), "utf8")]);
  if (existsSync(DCB)) out.push(["dcb corpus", importDcb(JSON.parse(readFileSync(DCB, "utf8"))).dgs]);
  return out;
}

describe("fmt keeps every word of every card", () => {
  it.each(sources())("%s", async (file, source) => {
    const out = await format(source);
    expect(cardWords(file, out)).toEqual(cardWords(file, source));
    // Formatting is idempotent.
    expect(await format(out)).toBe(out);
  });

  it("joins and wraps text by layout only: spacing, line breaks and the sentence per line", async () => {
    const src = `set T Test\n\ncard T-1 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Lower   opponent's Power -300.  Void opponent's Support.\n    Attach this to own active. If own HP is less than 200,\n    Boost own Power +100.\n  evo: Draw 2:   -dramon (C)\n`;
    const out = await format(src);
    expect(out).toContain("  text: Lower opponent's Power -300. Void opponent's Support. Attach this to own active.\n    If own HP is less than 200, Boost own Power +100.\n");
    expect(out).toContain("  evo: Draw 2: -dramon (C)\n");
  });

  it("`# fmt: verbatim` is no longer needed: no bundled file has it", () => {
    for (const [file, source] of sources()) expect(source, file).not.toMatch(/#\s*fmt:\s*verbatim/i);
  });
});

describe("canonicalise wording is a separate action that lists its changes", () => {
  const src = `set T Test\n\ncard T-1 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Lower opponent's Power -300. Void opponent's Support. Attach this to own active.\n`;
  it("lists each change with its card and field, and the result compiles to the same effects", () => {
    const changes = wordingChanges(src);
    expect(changes.length).toBe(1);
    expect(changes[0]).toMatchObject({ card: "T-1", field: "text", before: "Lower opponent's Power -300. Void opponent's Support. Attach this to own active." });
    const { text } = canonicaliseWording(src);
    const key = (s: string) => checkSources([{ file: "t.dgs", text: s }])[0]!.cards.map((c) => c.effects.map((e) => ({ ...e, text: "" })));
    expect(key(text)).toEqual(key(src));
    expect(wordingChanges(text)).toEqual([]);
  });

  it("changes nothing in a text that does not compile", () => {
    expect(wordingChanges(src.replace("Void opponent's Support.", "Frobnicate the widget."))).toEqual([]);
  });
});
