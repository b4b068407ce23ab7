/**
 * The deck-list checks that run in the browser (`compiler/check/decks.ts`) and the workspace's
 * decks (`compiler/service/decks.ts`): the diagnostics `digiscript check my.deck` gives — the
 * format (a `#` comment after an entry at the comment's columns), unknown numbers with a "did
 * you mean" hint, the construction rules (DBE "Deck Construction", DCG 002 §5-1-1), cards with
 * errors, cards the runtime cannot play — from a text and a pool of checked cards, with no file
 * system; and a workspace's decks checked again when a set changes, never re-running the set
 * checker.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkDcgDeckList, checkDeckList, dbeDeckPool, dcgDeckPoolOf, DECK_CODES } from "../compiler/check/decks.ts";
import { checkWorkspaceDeck, WorkspaceDecks } from "../compiler/service/decks.ts";
import { Workspace } from "../compiler/service/workspace.ts";
import { checkSources } from "../compiler/check/set.ts";
import { checkDcgSources } from "../compiler/check/dcg/set.ts";
import { checkDeckList as cliCheckDeckList, deckPool as cliDeckPool } from "../compiler/cli/decks.ts";
import { checkDcgDeckList as cliCheckDcgDeckList, dcgDeckPool as cliDcgDeckPool } from "../compiler/cli/dcg.ts";
import type { FileDiagnostic } from "../compiler/api.ts";
import { digimonBlock, ROOT } from "./helpers.ts";

const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
const STARTER = read("cards/dbe/starter.dgs");
const RULES = read("cards/dbe/rules-cards.dgs");
const DCG_EXAMPLE = read("cards/dcg/example.dgs");
const DCG_PRACTICE = read("playground/decks/dsx-ember-practice.deck");

/** An own DBE set: one card that compiles (MY-001) and one whose text does not (MY-050). */
const OWN = ["set MY My Set", "ruleset dbe", "", ...digimonBlock("MY-001", "Sparkmon", "Boost own Power +200."), ...digimonBlock("MY-050", "Glitchmon", "Frobnicate the widget.")].join("\n");

/**
 * A DBE deck with one problem of each kind: the bundled dragon-core with a comment after its
 * first entry, an unknown number one letter away from DS1-036 (a lower-case L for the 1), five
 * copies of DS1-003, and MY-050 (a card with errors).
 */
function dbeDeck(): string {
  const text = read("cards/dbe/decks/dragon-core.deck");
  const out = text
    .replace(/^4 DS1-001$/m, "4 DS1-001 # my partner")
    .replace(/^4 DS1-002$/m, "4 DSl-036")
    .replace(/^4 DS1-003$/m, "5 DS1-003")
    .replace(/^main:$/m, "main:\n1 MY-050");
  expect(out.match(/# my partner|DSl-036|5 DS1-003|MY-050/g)).toHaveLength(4);
  return out;
}
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
const colOf = (text: string, needle: string) => text.split("\n")[lineOf(text, needle) - 1]!.indexOf(needle) + 1;

/** The `.ts` modules a module imports, transitively, with the bare (package or `node:`) specifiers met. */
function importGraph(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const todo = [resolve(entry)];
  while (todo.length) {
    const f = todo.pop()!;
    if (files.has(f)) continue;
    files.add(f);
    const src = readFileSync(f, "utf8");
    for (const m of src.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)\s*import\s+"([^"]+)"/g)) {
      const spec = (m[1] ?? m[2] ?? m[3])!;
      if (!spec.startsWith(".")) {
        bare.add(spec);
        continue;
      }
      const p = resolve(dirname(f), spec);
      if (statSync(p, { throwIfNoEntry: false })?.isFile()) todo.push(p);
    }
  }
  return { files, bare };
}

describe("compiler/check/decks.ts and compiler/service/decks.ts are browser-safe", () => {
  it("import no node: module and nothing of the CLI, transitively", () => {
    for (const entry of ["compiler/check/decks.ts", "compiler/service/decks.ts"]) {
      const { files, bare } = importGraph(join(ROOT, entry));
      expect(files.size).toBeGreaterThan(5);
      expect([...bare].filter((b) => b.startsWith("node:") || ["fs", "path", "os", "url", "child_process"].includes(b))).toEqual([]);
      expect([...files].filter((f) => f.includes(`${join("compiler", "cli")}`))).toEqual([]);
    }
  });
});

describe("checkDeckList (DBE/DMB) on a pool of checked sets", () => {
  let pool: ReturnType<typeof dbeDeckPool>;
  beforeAll(() => {
    pool = dbeDeckPool(checkSources([{ file: "my.dgs", text: OWN }, { file: "starter.dgs", text: STARTER }, { file: "rules.dgs", text: RULES }]));
  });

  it("reports every problem of the list: the comment at its columns, the unknown number with its hint, the copies, the card with errors", () => {
    const text = dbeDeck();
    const ds = checkDeckList("mine.deck", text, pool);
    const by = (code: string) => ds.filter((d) => d.code === code);
    const comment = by(DECK_CODES.format);
    expect(comment).toHaveLength(1);
    expect(comment[0]).toMatchObject({ line: lineOf(text, "# my partner"), col: colOf(text, "# my partner"), endCol: colOf(text, "# my partner") + "# my partner".length });
    const unknown = by(DECK_CODES.unknownCard);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ line: lineOf(text, "DSl-036"), severity: "error", hint: 'did you mean "DS1-036"?' });
    expect(unknown[0]!.message).toMatch(/unknown set number DSl-036/);
    // Without the option, the whole line (as `digiscript check` reports it).
    expect(unknown[0]!.col).toBe(1);
    const construction = by(DECK_CODES.construction);
    expect(construction.some((d) => d.line === lineOf(text, "5 DS1-003") && /5 copies of DS1-003/.test(d.message))).toBe(true);
    const broken = by(DECK_CODES.cardErrors);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ line: lineOf(text, "1 MY-050"), file: "mine.deck" });
    expect(broken[0]!.message).toMatch(/^MY-050 Glitchmon has errors \(my\.dgs:\d+\)/);
  });

  it("numberSpan: an unknown number's diagnostic covers the number alone (the editor's quick fix replaces just it)", () => {
    const text = dbeDeck().replace(/^partner DS1-001$/m, "partner DS1-0001");
    expect(text).toContain("partner DS1-0001");
    const ds = checkDeckList("mine.deck", text, pool, { numberSpan: true }).filter((d) => d.code === DECK_CODES.unknownCard);
    expect(ds.map((d) => [d.line, d.col, d.endCol, d.hint])).toEqual(
      expect.arrayContaining([
        [lineOf(text, "4 DSl-036"), 3, 10, 'did you mean "DS1-036"?'],
        [lineOf(text, "partner DS1-0001"), 9, 17, 'did you mean "DS1-001"?'],
      ]),
    );
  });

  it("a number near nothing gets the caller's hint of where cards come from", () => {
    const text = dbeDeck().replace("4 DSl-036", "4 ZZZ-999");
    const d = checkDeckList("mine.deck", text, pool, { unknownHint: "where the cards come from" }).find((x) => x.code === DECK_CODES.unknownCard);
    expect(d?.hint).toBe("where the cards come from");
  });

  it("gives the CLI's diagnostics for the same deck and cards (digiscript check my.deck)", async () => {
    const text = dbeDeck().replace(/^1 MY-050\n/m, "");
    const bundled = checkSources(
      readdirSync(join(ROOT, "cards"), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".dgs"))
        .map((f) => ({ file: join("cards", f), text: read(join("cards", f)) })),
    );
    const cli = cliCheckDeckList("mine.deck", text, await cliDeckPool([]));
    const browser = checkDeckList("mine.deck", text, dbeDeckPool(bundled), { unknownHint: "the deck may use the bundled sets and the .dgs files given with it: digiscript check my-set/ my.deck" });
    expect(cli.length).toBeGreaterThanOrEqual(3);
    expect(browser).toEqual(cli);
  }, 120_000);
});

describe("checkDcgDeckList on a pool of checked DCG sets", () => {
  it("the practice deck breaks 002 §5-1-1; a comment, an unknown number with its hint and the CLI's diagnostics", async () => {
    const pool = dcgDeckPoolOf(checkDcgSources([{ file: "cards/dcg/example.dgs", text: DCG_EXAMPLE }]));
    const text = DCG_PRACTICE.replace(/^8 DSX-007$/m, "8 DSX-07").replace(/^4 DSX-001$/m, "4 DSX-001 # the egg");
    expect(text).toContain("8 DSX-07");
    const ds = checkDcgDeckList("dcg.deck", text, pool, { numberSpan: true });
    expect(ds.filter((d) => d.code === DECK_CODES.construction).map((d) => d.message).join("\n")).toMatch(/5-1-1/);
    const unknown = ds.find((d) => d.code === DECK_CODES.unknownCard);
    expect(unknown).toMatchObject({ line: lineOf(text, "8 DSX-07"), col: 3, endCol: 9, hint: 'did you mean "DSX-007"?' });
    expect(ds.find((d) => d.code === DECK_CODES.format)).toMatchObject({ line: lineOf(text, "# the egg"), col: colOf(text, "# the egg") });
    // The CLI's check of the same deck with the bundled DCG sets gives the same diagnostics (the whole line for the unknown number).
    const cli = cliCheckDcgDeckList("dcg.deck", text, await cliDcgDeckPool([], null));
    expect(checkDcgDeckList("dcg.deck", text, pool)).toEqual(cli);
  }, 120_000);

  it("a DCG card that does not compile is named with its first error", () => {
    const broken = DCG_EXAMPLE.replace(/^(card DSX-003 Cinderhound\n(?:  .*\n)*?)  effect: .*$/m, "$1  effect: [On Play] Frobnicate the widget.");
    expect(broken).not.toBe(DCG_EXAMPLE);
    const pool = dcgDeckPoolOf(checkDcgSources([{ file: "ex.dgs", text: broken }]));
    const d = checkDcgDeckList("dcg.deck", DCG_PRACTICE, pool).find((x) => x.code === DECK_CODES.cardErrors);
    expect(d).toMatchObject({ line: lineOf(DCG_PRACTICE, "DSX-003") });
    expect(d!.message).toMatch(/^DSX-003 Cinderhound does not compile, so this deck cannot be played \(ex\.dgs:\d+:\d+: /);
  });
});

describe("WorkspaceDecks: a workspace's decks against its sets", () => {
  const deckText = "deck Mine\nruleset dbe\nmain:\n4 MY-001\n4 DS1-002\n";

  it("checks a deck against the workspace's own sets, and again when a set renames the card", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", STARTER);
    ws.set("my.dgs", OWN);
    const decks = new WorkspaceDecks();
    decks.set("mine.deck", deckText);
    const first = ws.check();
    const a = decks.check(first).get("mine.deck")!;
    // The deck is too small, but MY-001 is known: no unknown card.
    expect(a.map((d) => d.code)).toEqual([DECK_CODES.construction]);
    // The card renamed in the set: the deck's entry is now unknown, with the new number as the hint, over the number.
    ws.set("my.dgs", OWN.replace("card MY-001 Sparkmon", "card MY-011 Sparkmon"));
    const b = decks.check(ws.check()).get("mine.deck")!;
    const unknown = b.find((d) => d.code === DECK_CODES.unknownCard);
    expect(unknown).toMatchObject({ file: "mine.deck", line: 4, col: 3, endCol: 9, hint: 'did you mean "MY-011"?' });
    // And the card broken in the set: the deck says so.
    ws.set("my.dgs", OWN.replace("  text: Boost own Power +200.", "  text: Frobnicate the gadget."));
    const c = decks.check(ws.check()).get("mine.deck")!;
    expect(c.find((d) => d.code === DECK_CODES.cardErrors)?.message).toMatch(/^MY-001 Sparkmon has errors \(my\.dgs:\d+\)/);
  });

  it("keeps a deck's diagnostics while its text and the check are the same; checks only the edited deck", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", STARTER);
    const decks = new WorkspaceDecks();
    decks.set("a.deck", "deck A\nmain:\n4 DS1-001\n");
    decks.set("b.deck", "deck B\nmain:\n4 DS1-002\n");
    const r = ws.check();
    const first = decks.check(r);
    expect(decks.checked).toBe(2);
    expect(decks.check(r)).toEqual(first);
    expect(decks.checked).toBe(0);
    decks.set("b.deck", "deck B\nmain:\n4 DS1-0002\n");
    const second = decks.check(r);
    expect(decks.checked).toBe(1);
    expect(second.get("a.deck")).toBe(first.get("a.deck"));
    expect(second.get("b.deck")!.some((d) => d.code === DECK_CODES.unknownCard)).toBe(true);
    // A new check of the sets: every deck again.
    decks.check(ws.check());
    expect(decks.checked).toBe(2);
    decks.delete("a.deck");
    expect([...decks.check(r).keys()]).toEqual(["b.deck"]);
  });

  it("routes by the ruleset line: a DCG deck against the DCG sets, a DBE deck against the DBE sets", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", STARTER);
    ws.set("example.dgs", DCG_EXAMPLE);
    const r = ws.check();
    const dcg: FileDiagnostic[] = checkWorkspaceDeck("p.deck", DCG_PRACTICE, r);
    // Only the practice limits (002 §5-1-1): every DSX card is known and compiles.
    expect(dcg.length).toBeGreaterThan(0);
    expect(dcg.every((d) => d.code === DECK_CODES.construction)).toBe(true);
    // The same list read as a DBE deck (its ruleset line removed) knows no DSX card.
    const asDbe = DCG_PRACTICE.replace("ruleset dcg\neggs:\n4 DSX-001\n", "ruleset dbe\n");
    expect(asDbe).not.toBe(DCG_PRACTICE);
    const dbe = checkWorkspaceDeck("p.deck", asDbe, r);
    expect(dbe.filter((d) => d.code === DECK_CODES.unknownCard)).toHaveLength(7);
  });
});
