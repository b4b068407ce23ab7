/**
 * The DCG fuzz property (tests/fuzz/dcg.ts) on mutated DCG card text with a fixed seed and a
 * small budget: `parseDcgBox` and `compileDcgText` never throw, never run past their operation
 * budget (counted, not timed), report diagnostics with ranges inside the text, compile nothing
 * with an error, read a text the same whatever was read before, and a text that compiles
 * round-trips through the printer. `node tests/fuzz/dcg-run.ts` runs the same property on
 * 100,000 inputs with a random seed.
 *
 * Known grammar bugs (`KNOWN_FUZZ_FAILURES`) are counted apart and printed, not hidden: each
 * has a test of its own below that fails while the bug is there (`it.fails`); once fixed, that
 * test asserts the right reading (the other tests below, one per bug fixed).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { parseDcgBox } from "../../grammar/dcg/index.ts";
import { KNOWN_FUZZ_FAILURES, checkDcgText, counted, dcgMutatedText, installOpCounter, knownFailure, opBudget, stats } from "../fuzz/dcg.ts";
import { roundTripProblem } from "../fuzz/dcg-ir.ts";

describe("fuzz: mutated DCG card text", () => {
  it("never crashes, never runs past its operation budget, reports well-formed diagnostics, is deterministic and round-trips (1,500 inputs, seed 20260113)", { timeout: 120_000 }, () => {
    const known = new Map<string, number>();
    fc.assert(
      fc.property(dcgMutatedText({ maxDepth: 250, long: [50, 200] }), (text) => {
        try {
          checkDcgText(text);
        } catch (e) {
          const k = knownFailure(e, text);
          if (k === null) throw e;
          known.set(k, (known.get(k) ?? 0) + 1);
        }
      }),
      { numRuns: 1_500, seed: 20260113 },
    );
    if (known.size > 0) console.log(`dcg fuzz: known failures seen: ${[...known].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
    console.log(`dcg fuzz: ${stats.inputs} inputs, ${stats.compiled} compiled, at most ${stats.maxOpsPerChar.toFixed(1)} operations per character`);
  });

  it("the operation count of the real card pool's texts stays far below the budget", () => {
    installOpCounter();
    const text = "[When Digivolving] Delete 1 of your opponent's Digimon with 4000 DP or less. Then, if you have a Tamer in play, gain 1 memory.";
    const { ops } = counted(Number.POSITIVE_INFINITY, () => compileDcgText(text, "effect"));
    expect(ops).toBeGreaterThan(0);
    expect(ops * 20).toBeLessThan(opBudget(text.length));
  });
});

describe("known fuzz failures, and the fixed ones (each test of a known one fails while its bug is there)", () => {
  const errors = (r: { diagnostics: readonly { severity: string }[] }) => r.diagnostics.filter((d) => d.severity === "error");

  it("lists each known failure left with the bug it is (each has an `it.fails` test below)", () => {
    expect(KNOWN_FUZZ_FAILURES.map((k) => k.id)).toEqual(["bare-player-attack-target", "paid-zone-order"]);
  });
  it.fails("bare-player-attack-target: \"attacks player\" (no article) round-trips or is an error", () => {
    const r = compileDcgText("[When Attacking] When this Digimon attacks player, gain 1 memory.", "effect");
    if (errors(r).length === 0) expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });
  it.fails("paid-zone-order: \"cards in your trash paid\" round-trips or is an error", () => {
    const r = compileDcgText("[Your Turn] For every 10 cards in your trash paid, this Digimon gets +1000 DP.", "effect");
    if (errors(r).length === 0) expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });

  it("keyword-takes-bullets: \"・<Draw 2>. ・…\" keeps the second bullet a bullet of the effect list (only <Digi-Burst> and <Delay> have bullets, 002 12-14, 12-17)", () => {
    const r = compileDcgText("[Main] Activate 1 of the following effects: ・<Draw 2>. ・Gain 1 memory.", "effect");
    expect(errors(r)).toEqual([]);
    const [, draw, gain] = r.effects[0]!.sentences;
    expect(r.effects[0]!.sentences).toHaveLength(3);
    expect(draw!.steps).toMatchObject([{ kind: "keywordAction", keyword: { name: "draw", value: 2 } }]);
    expect(gain!.steps).toMatchObject([{ kind: "clause", verb: "gainMemory" }]);
    expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });
  it("keyword-takes-bullets: a bullet of <Digi-Burst> that is a keyword does not take the next bullet either", () => {
    const r = compileDcgText("[Main] <Digi-Burst 2> (You may trash 2 of this Digimon's digivolution cards to activate the effect below). ・<Draw 1>. ・Gain 1 memory.", "effect");
    expect(errors(r)).toEqual([]);
    const [burst] = r.effects[0]!.sentences[0]!.steps;
    expect(burst).toMatchObject({ kind: "bullets", keyword: { name: "digiBurst" } });
    expect(burst!.kind === "bullets" && burst.bullets.map((b) => b.steps[0]!.kind)).toEqual(["keywordAction", "clause"]);
    expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });

  it("unclosed-parens-quadratic: 20,000 unclosed parentheses lex and parse in linear work, to an error at the first \"(\"", () => {
    installOpCounter();
    for (const n of [2_000, 20_000]) {
      const text = `[Main] Gain 1 memory ${"(".repeat(n)}`;
      const { value, ops } = counted(opBudget(text.length), () => parseDcgBox(text));
      expect(ops).toBeLessThan(10 * text.length);
      expect(value.units).toBeNull();
      expect(value.diagnostics).toMatchObject([{ severity: "error", code: "lex", span: { start: 21, end: 22 } }]);
      expect(value.diagnostics[0]!.message).toContain(`and ${n - 1} more`);
    }
  });
  it("unclosed-parens-quadratic: the one unclosed \"(\" among closed ones is the error's range", () => {
    const text = "[Main] Gain 1 memory (note) (other than [Agumon]. Delete 1 of your opponent's Digimon (x).";
    const r = compileDcgText(text, "effect");
    expect(errors(r)).toMatchObject([{ code: "lex", span: { start: 28, end: 29 } }]);
    expect(r.effects).toEqual([]);
  });

  it("both-players-subject (fixed): \"Both players' Digimon can't be deleted in battle\" compiles", () => {
    const r = compileDcgText("[Main] Both players' Digimon can't be deleted in battle for the turn.", "effect");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("player-digivolution-cards: malformed text read as \"a player's\" digivolution cards is an error on \"a player\" (002 4-3-1: only a Digimon has cards under it)", () => {
    const text = "[All Turns] When a card is removed from the a player's security stack unsuspend this Digimon.";
    const r = compileDcgText(text, "effect");
    expect(r.effects).toEqual([]);
    expect(errors(r)).toMatchObject([{ code: "dcg-sources-owner", span: { start: text.indexOf("a player"), end: text.indexOf("a player") + "a player".length } }]);
  });
  it("player-digivolution-cards: a Digimon's digivolution cards, and a player's security stack, still read", () => {
    for (const text of [
      "[Main] Trash 2 digivolution cards from the bottom of 1 of your opponent's Digimon.",
      "[Main] Trash the digivolution cards of 1 of your opponent's Digimon.",
      "[All Turns] When a card is removed from a player's security stack, unsuspend this Digimon.",
    ]) {
      const r = compileDcgText(text, "effect");
      expect(errors(r), text).toEqual([]);
      expect(roundTripProblem(r.effects, "effect"), text).toBeNull();
    }
  });

  it("keyword-reminder-argument: a parenthesised note after a keyword action's details is an error on the note, not an argument", () => {
    for (const text of ["[Main] <De-Digivolve 1> If you have a Tamer (note).", "[Main] <Draw 1> for each of your Tamers (note)."]) {
      const r = compileDcgText(text, "effect");
      expect(r.effects, text).toEqual([]);
      expect(errors(r), text).toMatchObject([{ span: { start: text.indexOf("(note)"), end: text.indexOf("(note)") + "(note)".length } }]);
    }
  });
  it("keyword-reminder-argument: a keyword's reminder after it or its target, and a clause's note after its details, still read", () => {
    for (const text of [
      "[Main] <De-Digivolve 1> on 1 of your opponent's Digimon (Trash the top card. You can't trash past level 3 cards).",
      "[Main] Trigger <Draw 1> (Draw 1 card from your deck).",
      "[Main] 1 of your Digimon gets +1000 DP for the turn (note).",
    ]) {
      const r = compileDcgText(text, "effect");
      expect(errors(r), text).toEqual([]);
      expect(roundTripProblem(r.effects, "effect"), text).toBeNull();
    }
  });

  it("condition-without-verb (found by the long run): \"If 3 or fewer security cards, …\" is an error on the phrase, not \"if you have …\"", () => {
    const text = "[On Deletion] If 3 or fewer security cards, trigger <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).";
    const r = compileDcgText(text, "effect");
    expect(r.effects).toEqual([]);
    expect(errors(r)).toMatchObject([{ code: "dcg-condition-verb", span: { start: text.indexOf("3 or"), end: text.indexOf(",") } }]);
  });
  it("condition-without-verb: a later atom may leave its verb out (\"… and a Tamer in play\")", () => {
    const r = compileDcgText("[Main] If you have 8 or more cards in your hand and a Tamer in play, gain 1 memory.", "effect");
    expect(errors(r)).toEqual([]);
    expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });

  it("quoted granted effects nested 1,000 deep do not throw (fixed: the grammar caps quote depth)", () => {
    const text = '[Main] 1 of your Digimon gains "'.repeat(1000);
    expect(() => parseDcgBox(text)).not.toThrow();
    expect(() => compileDcgText(text, "effect")).not.toThrow();
  });
});
