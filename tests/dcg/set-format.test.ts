/**
 * The set-file format under `ruleset dcg` (docs/set-format.md "DCG sets"): one reader for every
 * ruleset with each ruleset's keys (grammar/setfile.ts), the printer's DCG layout and its
 * round trip print(read(x)) = x for canonical files (compiler/print/setfile.ts), files routed
 * to their ruleset's checker (compiler/check/set.ts), and DCG output (compiler/emit/dcg.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cardKeysOf, DCG_CARD_KEYS, isTextKey, readSetFile, rulesetOfSource } from "../../grammar/setfile.ts";
import { layoutLines, printSetFile } from "../../compiler/print/setfile.ts";
import { checkAllSources } from "../../compiler/check/all.ts";
import { checkSources } from "../../compiler/check/set.ts";
import { diagnose } from "../../compiler/service/index.ts";
import { emitDcgSet } from "../../compiler/emit/dcg.ts";
import { wordingChanges } from "../../compiler/print/canonical.ts";
import { checkDcg, covered, DCG_HEADER, DIGIMON, oneCard } from "./helpers.ts";

/** A canonical DCG set file: the layout `fmt` writes. */
const CANONICAL = `# A DCG set
set D1 DCG Test
ruleset dcg

# the partner
card D1-001 Agumon
  kind: Digimon
  color: Red
  level: 3
  playcost: 3
  digivolve: 0 from Lv.2
  dp: 2000
  form: Rookie
  attribute: Vaccine
  traits: Reptile
  rarity: Common
  effect: [On Play] Reveal the top 3 cards of your deck.
    [Your Turn] [Once Per Turn] When this Digimon attacks, gain 1 memory.
  inherited: [Your Turn] This Digimon gets +1000 DP.

card D1-002 Gaia Force
  kind: Option
  color: Red
  usecost: 4
  effect: [Main] Delete 1 of your opponent's Digimon.
  security: [Security] Activate this card's [Main] effect.
`;

describe("one reader, each ruleset's keys", () => {
  it("a ruleset dcg file is read with the DCG keys, its text boxes continuing on deeper lines", () => {
    const s = readSetFile("t.dgs", CANONICAL);
    expect(s.diagnostics).toEqual([]);
    expect(s.ruleset).toBe("dcg");
    expect(s.cards.map((c) => c.setNumber)).toEqual(["D1-001", "D1-002"]);
    const effect = s.cards[0]!.fields.find((f) => f.key === "effect")!;
    expect(effect.value.value).toBe("[On Play] Reveal the top 3 cards of your deck.\n[Your Turn] [Once Per Turn] When this Digimon attacks, gain 1 memory.");
    // Offsets map back into the file, across the line break.
    const at = effect.value.value.indexOf("[Your Turn]");
    expect(CANONICAL.slice(effect.value.offsetAt(at), effect.value.offsetAt(at) + 11)).toBe("[Your Turn]");
    expect(cardKeysOf("dcg")).toBe(DCG_CARD_KEYS);
    expect(["effect", "inherited", "security"].every((k) => isTextKey("dcg", k))).toBe(true);
    expect(isTextKey("dcg", "text") || isTextKey("dbe", "effect")).toBe(false);
  });

  it("the ruleset line decides the keys wherever it stands; rulesetOfSource reads it without reading cards", () => {
    const late = `set D1 X\n\ncard D1-001 A\n  kind: Tamer\n  color: Red\n  playcost: 2\n\nruleset dcg\n`;
    expect(readSetFile("t.dgs", late).diagnostics).toEqual([]);
    expect(rulesetOfSource(late)).toBe("dcg");
    expect(rulesetOfSource("\uFEFFset A X\r\nruleset dmb\r\n")).toBe("dmb");
    expect(rulesetOfSource("set A X\n")).toBe("dbe");
  });

  it("a DBE key in a DCG set and a DCG key in a DBE set are unknown fields, each listing its ruleset's keys", () => {
    const dcg = oneCard([...DIGIMON, "text: Boost own Power +100."]);
    const [d] = readSetFile("t.dgs", dcg).diagnostics;
    expect([d!.code, covered(dcg, { ...d!, file: "", line: 0, col: 0, endLine: 0, endCol: 0 })]).toEqual(["unknown-field", "text"]);
    expect(d!.message).toContain("playcost, usecost");
    const typo = oneCard([...DIGIMON, "inherted: [Your Turn] This Digimon gets +1000 DP."]);
    expect(readSetFile("t.dgs", typo).diagnostics[0]!.hint).toBe('did you mean "inherited"?');
    const dbe = "set A X\nruleset dbe\n\ncard A-1 B\n  kind: Option\n  playcost: 3\n";
    expect(readSetFile("t.dgs", dbe).diagnostics.map((x) => x.code)).toEqual(["unknown-field"]);
  });

  it("a key a designer writes for another one gets it as a hint: text → effect, cost → playcost, type → traits in a DCG set; effect → text, colour → type in a DBE one", () => {
    const hint = (src: string) => readSetFile("t.dgs", src).diagnostics.map((d) => [d.code, d.hint]);
    expect(hint(oneCard([...DIGIMON, "text: [On Play] Gain 1 memory."]))).toEqual([["unknown-field", 'did you mean "effect"?']]);
    expect(hint(oneCard([...DIGIMON, "cost: 5"]))).toEqual([["unknown-field", 'did you mean "playcost"?']]);
    expect(hint(oneCard([...DIGIMON, "type: Dinosaur"]))).toEqual([["unknown-field", 'did you mean "traits"?']]);
    const dbe = (field: string) => `set A X\nruleset dbe\n\ncard A-1 B\n  kind: Option\n  ${field}\n`;
    expect(hint(dbe("effect: Draw 1."))).toEqual([["unknown-field", 'did you mean "text"?']]);
    expect(hint(dbe("colour: Fire"))).toEqual([["unknown-field", 'did you mean "type"?']]);
    expect(hint(dbe("timming: SUPPORT"))).toEqual([["unknown-field", 'did you mean "timing"?']]);
    // A key named like an object's own property is no key meant.
    expect(hint(dbe("constructor: 1"))).toEqual([["unknown-field", undefined]]);
  });

  it("a line that is not `key: value` says why when it can: capitals, a blank in the key, no colon, a text line indented too little", () => {
    // Each with the text its range covers: a "did you mean" replaces exactly that (the editor's quick fix).
    const why = (lines: string[]) => {
      const src = oneCard(lines);
      return readSetFile("t.dgs", src)
        .diagnostics.filter((d) => d.code === "bad-field")
        .map((d) => [src.slice(d.span.start, d.span.end), d.message, d.hint]);
    };
    expect(why([...DIGIMON.filter((f) => !f.startsWith("dp:")), "DP: 5000"])).toEqual([["DP", 'expected `key: value`: keys are lower case: "dp:"', 'did you mean "dp"?']]);
    expect(why([...DIGIMON.filter((f) => !f.startsWith("playcost:")), "play cost: 5"])).toEqual([["play cost: 5", 'expected `key: value`: a key has no blanks inside: "playcost:"', 'write it "playcost: 5"']]);
    expect(why([...DIGIMON, "effect [On Play] Gain 1 memory."])).toEqual([["effect", 'expected `key: value`: a colon goes after the key "effect"', 'did you mean "effect:"?']]);
    expect(why([...DIGIMON, "effect: [On Play] Gain 1 memory.", "[When Digivolving] Gain 1 memory."])).toEqual([
      ["[When Digivolving] Gain 1 memory.", "expected `key: value`: a line that continues the effect: text is indented deeper than its key", 'indent this line more than "effect:"'],
    ]);
    // Nothing to say: the plain message, at the whole line.
    expect(why([...DIGIMON, "digivolve cost: 2"])).toEqual([["digivolve cost: 2", "expected `key: value`", undefined]]);
    // After a text field, a line starting with a key word most likely continues the text: said
    // first, and no quick fix that would make it a field ("security stack." is no security: box).
    expect(why([...DIGIMON, "effect: [On Play] Trash the top card of your opponent's", "security stack."])).toEqual([
      ["security stack.", 'expected `key: value`: a line that continues the effect: text is indented deeper than its key (as a field: a colon goes after the key "security")', 'indent this line more than "effect:"'],
    ]);
    // A blank line ends a text field: a deeper line after it is told so, not to indent more.
    expect(why([...DIGIMON, "effect: [On Play] Gain 1 memory.", "", "    Gain 1 memory."])).toEqual([
      ["Gain 1 memory.", "expected `key: value`: a blank line ends the effect: text, and this line is no field", "remove the blank line above it to go on with the effect: text"],
    ]);
    // An unknown field after a text field ends it: the next bad line is not told it continues the text.
    expect(why([...DIGIMON, "effect: [On Play] Gain 1 memory.", "cost: 3", "Dp 5000"])).toEqual([["Dp 5000", "expected `key: value`", undefined]]);
  });

  it("a file that names a DCG and a DBE ruleset is a ruleset-conflict at the other family's line", () => {
    const src = `set D1 X\nruleset dbe\nruleset dcg\n`;
    const ds = readSetFile("t.dgs", src).diagnostics;
    expect(ds.map((d) => [d.code, src.slice(d.span.start, d.span.end)])).toEqual([["ruleset-conflict", "dbe"]]);
    expect(readSetFile("t.dgs", "set D1 X\nruleset dcgx\n").diagnostics[0]!.message).toContain("expected dbe, dmb or dcg");
  });

  it("a ruleset written in capitals or one letter off is one error, and the file is read as the ruleset meant", () => {
    for (const slip of ["DCG", "Dcg", "dgc", "dcgx"]) {
      const src = oneCard(DIGIMON).replace("ruleset dcg", `ruleset ${slip}`);
      const syn = readSetFile("t.dgs", src);
      expect(syn.ruleset).toBe("dcg");
      expect(rulesetOfSource(src)).toBe("dcg");
      expect(syn.diagnostics.map((d) => [d.code, src.slice(d.span.start, d.span.end), d.hint])).toEqual([["bad-ruleset", slip, 'did you mean "dcg"?']]);
      // The DCG checker reads it: its cards are not checked for DBE's fields.
      expect(checkDcg({ file: "t.dgs", text: src })[0]!.diagnostics.map((d) => d.code)).toEqual(["bad-ruleset"]);
    }
  });

  it("a ruleset no ruleset is close to, or two are (dmg: dmb or dcg?), stays an error without a guess, read as dbe", () => {
    for (const value of ["pokemon", "dmg"]) {
      const syn = readSetFile("t.dgs", `set D1 X\nruleset ${value}\n`);
      expect(syn.ruleset).toBe("dbe");
      expect(syn.diagnostics.map((d) => [d.code, d.hint])).toEqual([["bad-ruleset", undefined]]);
    }
  });
});

describe("printer: DCG layout and round trip", () => {
  it("a canonical file prints as itself, and printing is idempotent", () => {
    expect(printSetFile(CANONICAL)).toBe(CANONICAL);
    const messy = CANONICAL.replace("  kind: Digimon\n  color: Red\n", "    color:   Red\n kind: Digimon\n").replace("    [Your Turn] [Once", "          [Your Turn]   [Once");
    const once = printSetFile(messy);
    expect(once).toBe(CANONICAL.replace('set D1 "DCG Test"', "set D1 DCG Test").replace('card D1-002 Gaia Force', "card D1-002 Gaia Force"));
    expect(printSetFile(once)).toBe(once);
    // The fields read back to the same values.
    const fields = (t: string) => readSetFile("t.dgs", t).cards.map((c) => c.fields.map((f) => [f.key, f.value.value]).sort());
    expect(fields(once)).toEqual(fields(CANONICAL));
  });

  it("print(read(x)) is stable over every field order and blank layout a designer may write", () => {
    const orders = [DIGIMON, [...DIGIMON].reverse(), [...DIGIMON.slice(3), ...DIGIMON.slice(0, 3)]];
    const outs = orders.map((o) => printSetFile(oneCard([...o, "effect: [On Play]   Gain 1 memory.", "  [Main]  Gain 2 memory."].map((l) => l.replace(/: /, ":  ")))));
    expect(new Set(outs).size).toBe(1);
    expect(outs[0]).toBe(printSetFile(outs[0]!));
    expect(outs[0]).toContain("  effect: [On Play] Gain 1 memory.\n    [Main] Gain 2 memory.\n");
    expect(outs[0]!.indexOf("kind:")).toBeLessThan(outs[0]!.indexOf("color:"));
  });

  it("a text box keeps its lines and words (layoutLines trims and joins blanks only)", () => {
    expect(layoutLines("  [On Play]  Delete  1.\n\t[Main] Gain 1 memory.  ")).toEqual(["[On Play] Delete 1.", "[Main] Gain 1 memory."]);
    expect(wordingChanges(CANONICAL)).toEqual([]);
  });
});

describe("files go to their ruleset's checker", () => {
  it("checkAllSources: DBE files to the DBE checker, DCG files to the DCG checker", () => {
    const dbe = { file: "a.dgs", text: "set A X\nruleset dbe\n\ncard A-1 Boost\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +100.\n" };
    const dcg = { file: "b.dgs", text: CANONICAL };
    const r = checkAllSources([dbe, dcg]);
    expect(r.dbe.map((s) => s.code)).toEqual(["A"]);
    expect(r.dcg.map((s) => [s.code, s.ruleset, s.cards.length])).toEqual([["D1", "dcg", 2]]);
    expect(r.dcg[0]!.diagnostics).toEqual([]);
  });

  it("checkSources (the service, the docs, the playground) gives a DCG set's own diagnostics, and no cards", () => {
    const text = oneCard(DIGIMON.map((f) => (f === "color: Red" ? "color: Rde" : f)));
    const sets = checkSources([{ file: "t.dgs", text }]);
    expect(sets.map((s) => [s.code, s.cards.length])).toEqual([["T1", 0]]);
    expect(sets[0]!.diagnostics.map((d) => d.code)).toEqual(["bad-color"]);
    expect(diagnose(text, "t.dgs").map((d) => [d.code, d.line, d.col])).toEqual([["bad-color", 6, 10]]);
  });

  it("a DBE and a DCG set with one code would share an output folder: both are refused", () => {
    const r = checkAllSources([
      { file: "a.dgs", text: "set Same X\nruleset dbe\n\ncard S-1 Boost\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +100.\n" },
      { file: "b.dgs", text: `set SAME Y\nruleset dcg\n\ncard S-2 T\n  kind: Tamer\n  color: Red\n  playcost: 2\n` },
    ]);
    const clash = [...r.dbe, ...r.dcg].flatMap((s) => s.diagnostics.filter((d) => d.code === "set-code-clash").map((d) => [d.file, d.line, d.message]));
    expect(clash).toHaveLength(2);
    expect(String(clash[0]![2])).toContain("(a DCG set)");
    expect(r.dcg[0]!.cards[0]!.ok).toBe(false);
  });

  it("a DCG set compiles to <out>/<SET>/cards.ts, index.ts and cards.json with its compiled cards only", async () => {
    const text = `${DCG_HEADER}\ncard T1-001 Good\n  kind: Tamer\n  color: Red\n  playcost: 2\n\ncard T1-002 Bad\n  kind: Tamer\n  color: Rde\n  playcost: 2\n`;
    const [set] = checkAllSources([{ file: "t.dgs", text }]).dcg;
    const out = mkdtempSync(join(tmpdir(), "dcg-emit-"));
    try {
      const r = await emitDcgSet(set!, out);
      expect(r.files).toEqual(["T1/cards.ts", "T1/index.ts", "T1/cards.json"]);
      const json = JSON.parse(readFileSync(join(out, "T1", "cards.json"), "utf8"));
      expect(json.ruleset).toBe("dcg");
      expect(json.cards.map((c: { stats: { number: string } }) => c.stats.number)).toEqual(["T1-001"]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("fmt lays a DCG set out one effect unit per line, as the language service's format does", () => {
  it("two units printed on one line (as the card pool prints them) become two lines; the words are unchanged", () => {
    const text = `${DCG_HEADER}\ncard T1-001 Agumon\n  kind: Digimon\n  color: Red\n  level: 3\n  playcost: 3\n  digivolve: 0 from Lv.2\n  dp: 2000\n  effect: <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.) [On Play] Gain 1 memory.\n`;
    const out = printSetFile(text);
    expect(out).toContain("  effect: <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)\n    [On Play] Gain 1 memory.\n");
    expect(out.split(/\s+/).filter(Boolean)).toEqual(text.split(/\s+/).filter(Boolean));
    expect(printSetFile(out)).toBe(out);
  });
});
