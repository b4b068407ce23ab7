/**
 * The docs are executable: every `dgs` and `deck` example in `docs/`, `README.md`,
 * `playground/README.md` and `cards/**\/README.md` is checked as a designer would use it.
 *
 * Fenced code blocks are tagged by their info string:
 * - ```` ```dgs ```` — a set file; it must check with no diagnostic at all, unless the info
 *   string lists what it shows: `warns=<code>,…` (warnings it must give) or `error=<code>`
 *   (a deliberate error example: it must give that error);
 * - ```` ```dgs continues ```` — card blocks shown after the previous `dgs` block of the same
 *   page (its header lines are put in front);
 * - ```` ```deck ```` — a deck list; it must read and be legal for its ruleset with the
 *   bundled cards, and every card must be playable by the runtime;
 * - ```` ```ts emitted=<bundled .dgs> ```` — generated code: the block must appear verbatim in
 *   the `cards.ts` that `compile` writes for that bundled set file.
 * An untagged block that holds a set file or a deck list fails the test: tag it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSources } from "../compiler/check/set.ts";
import { emitSet } from "../compiler/emit/index.ts";
import { readDeckList, checkDbeDeck } from "../runtime/rulesets/dbe/deck.ts";
import { checkDmbDeck } from "../runtime/rulesets/dmb/deck.ts";
import { checkDcgDeck, readDcgDeckList } from "../runtime/rulesets/dcg/deck.ts";
import { dcgCardsFromJson } from "../runtime/rulesets/dcg/cards-json.ts";
import { dcgCardDb } from "../runtime/rulesets/dcg/model.ts";
import { cardDb, checkLoadable } from "../runtime/rulesets/dbe/index.ts";
import { seatOf } from "../compiler/cli/decks.ts";
import { ROOT } from "./helpers.ts";
/** The DCG card data beside the project (test input only; see ../shared/data/README.md). */
const DCG_JSON = join(ROOT, "../shared/data/dcg/cards.json");

interface Block {
  page: string;
  line: number;
  lang: string;
  attrs: string;
  body: string;
}

function pages(): string[] {
  const out = ["README.md", "playground/README.md"];
  for (const f of readdirSync(join(ROOT, "docs"))) if (f.endsWith(".md")) out.push(`docs/${f}`);
  for (const f of readdirSync(join(ROOT, "cards"), { recursive: true, encoding: "utf8" }) as string[]) if (f.endsWith("README.md")) out.push(`cards/${f}`);
  return out.filter((p) => {
    try {
      readFileSync(join(ROOT, p));
      return true;
    } catch {
      return false;
    }
  });
}

function blocks(page: string): Block[] {
  const text = readFileSync(join(ROOT, page), "utf8");
  const out: Block[] = [];
  const re = /^```([^\s`]*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ page, line: text.slice(0, m.index).split("\n").length, lang: m[1]!, attrs: m[2]!.trim(), body: m[3]! });
  }
  return out;
}

const ALL = pages().flatMap(blocks);
const where = (b: Block) => `${b.page}:${b.line}`;
const attr = (b: Block, name: string): string[] => {
  const m = new RegExp(`\\b${name}=(\\S+)`).exec(b.attrs);
  return m ? m[1]!.split(",") : [];
};

/** The bundled cards, compiled once; examples are checked beside them, as the CLI does. */
const bundledSets = (() => {
  const dir = join(ROOT, "cards");
  const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
  return checkSources(files.map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") })));
})();
const bundled = cardDb(bundledSets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects }))));
const bundledNames = bundledSets.flatMap((s) => s.cards.map((c) => c.stats.name));

describe("every set file and deck list in the docs works as shown", () => {
  it("finds examples to check", () => {
    expect(ALL.filter((b) => b.lang === "dgs").length).toBeGreaterThanOrEqual(4);
    expect(ALL.filter((b) => b.lang === "deck").length).toBeGreaterThanOrEqual(1);
  });

  it("no set file or deck list is left untagged", () => {
    for (const b of ALL.filter((x) => x.lang === "" || x.lang === "text")) {
      const first = b.body.split("\n").find((l) => l.trim() !== "" && !l.trim().startsWith("#")) ?? "";
      expect(/^(set|card|deck) \S/.test(first), `${where(b)}: tag this block dgs or deck`).toBe(false);
    }
  });

  const dgs = ALL.filter((b) => b.lang === "dgs");
  it.each(dgs.map((b, i) => [where(b), i] as const))("%s", (_w, i) => {
    const b = dgs[i]!;
    let source = b.body;
    if (/\bcontinues\b/.test(b.attrs)) {
      const prev = dgs.slice(0, i).reverse().find((p) => p.page === b.page && !/\bcontinues\b/.test(p.attrs));
      expect(prev, `${where(b)}: "continues" needs a dgs block before it on the page`).toBeDefined();
      const header = prev!.body.split("\n").filter((l) => /^(set|ruleset|types) /.test(l));
      source = `${header.join("\n")}\n\n${source}`;
    }
    const diags = checkSources([{ file: where(b), text: source }], { knownNames: bundledNames }).flatMap((s) => s.diagnostics);
    const errors = attr(b, "error");
    const warns = attr(b, "warns");
    if (errors.length > 0) {
      for (const code of errors) expect(diags.map((d) => d.code), `${where(b)} should give error ${code}`).toContain(code);
      return;
    }
    const unexpected = diags.filter((d) => !(d.severity === "warning" && warns.includes(d.code)));
    expect(unexpected.map((d) => `${d.line}:${d.col} ${d.severity} ${d.code}: ${d.message}`), where(b)).toEqual([]);
    for (const code of warns) expect(diags.map((d) => d.code), `${where(b)} should warn ${code}`).toContain(code);
  });

  const decks = ALL.filter((b) => b.lang === "deck");
  it.each(decks.map((b, i) => [where(b), i] as const))("%s", (_w, i) => {
    const b = decks[i]!;
    if (/^ruleset dcg$/m.test(b.body)) {
      // A DCG deck list (runtime/rulesets/dcg/deck.ts): it reads; it is legal when the card data is beside the project.
      const r = readDcgDeckList(where(b), b.body);
      expect(r.errors.map((x) => `${x.line}: ${x.message}`)).toEqual([]);
      if (existsSync(DCG_JSON)) {
        const db = dcgCardDb(dcgCardsFromJson(JSON.parse(readFileSync(DCG_JSON, "utf8"))));
        expect(checkDcgDeck(r.deck!, (n) => db.get(n)?.stats).map((x) => x.message)).toEqual([]);
      }
      return;
    }
    const { deck, errors } = readDeckList(where(b), b.body);
    expect(errors.map((e) => `${e.line}: ${e.message}`)).toEqual([]);
    const lookup = (n: string) => bundled.get(n)?.stats;
    const legal = deck!.ruleset === "dmb" ? checkDmbDeck(deck!, lookup) : checkDbeDeck(deck!, lookup);
    expect(legal.map((e) => e.message)).toEqual([]);
    expect(checkLoadable(bundled, [seatOf(deck!)]).map((e) => e.message)).toEqual([]);
  });

  const emitted = ALL.filter((b) => b.lang === "ts" && attr(b, "emitted").length > 0);
  it("finds generated-code examples to check", () => expect(emitted.length).toBeGreaterThanOrEqual(1));
  it.each(emitted.map((b, i) => [where(b), i] as const))("%s is what compile writes", async (_w, i) => {
    const b = emitted[i]!;
    const file = attr(b, "emitted")[0]!;
    const set = checkSources([{ file, text: readFileSync(join(ROOT, file), "utf8") }])[0]!;
    const out = mkdtempSync(join(tmpdir(), "digiscript-docs-"));
    try {
      await emitSet(set, out);
      expect(readFileSync(join(out, set.code, "cards.ts"), "utf8"), `${where(b)}: not in the generated cards.ts of ${file}`).toContain(b.body);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("each bundled deck named in cards/dbe/decks/README.md exists, and each bundled deck is listed there", () => {
    const readme = readFileSync(join(ROOT, "cards/dbe/decks/README.md"), "utf8");
    const files = readdirSync(join(ROOT, "cards/dbe/decks")).filter((f) => f.endsWith(".deck")).map((f) => f.replace(/\.deck$/, ""));
    for (const f of files) expect(readme, `${f} is not listed`).toContain(`\`${f}\``);
    expect(relative(ROOT, join(ROOT, "cards/dbe/decks"))).toBe("cards/dbe/decks");
  });
});
