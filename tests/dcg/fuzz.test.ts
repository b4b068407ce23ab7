/**
 * The DCG fuzz property (tests/fuzz/dcg.ts) on mutated DCG card text with a fixed seed and a
 * small budget: `parseDcgBox` and `compileDcgText` never throw, never run past their operation
 * budget (counted, not timed), report diagnostics with ranges inside the text, compile nothing
 * with an error, read a text the same whatever was read before, and a text that compiles
 * round-trips through the printer. `node tests/fuzz/dcg-run.ts` runs the same property on
 * 100,000 inputs with a random seed.
 *
 * Known grammar bugs (`KNOWN_FUZZ_FAILURES`) are counted apart and printed, not hidden: each
 * has a test of its own below that fails while the bug is there (`it.fails`).
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

describe("known fuzz failures (grammar bugs; each test fails while its bug is there)", () => {
  it("lists each known failure with the bug it is", () => {
    expect(KNOWN_FUZZ_FAILURES.map((k) => k.id)).toEqual(["unclosed-parens-quadratic", "keyword-takes-bullets", "player-digivolution-cards", "keyword-reminder-argument"]);
  });
  it.fails("keyword-takes-bullets: \"・<Draw 2>. ・…\" keeps the second bullet a bullet of the effect list", () => {
    const r = compileDcgText("[Main] Activate 1 of the following effects: ・<Draw 2>. ・Gain 1 memory.", "effect");
    expect(r.effects[0]!.sentences).toHaveLength(3);
  });
  it.fails("unclosed-parens-quadratic: 3,000 unclosed parentheses parse within the operation budget", () => {
    installOpCounter();
    const text = "(".repeat(3_000);
    expect(() => counted(opBudget(text.length), () => parseDcgBox(text))).not.toThrow();
  });
  it("both-players-subject (fixed): \"Both players' Digimon can't be deleted in battle\" compiles", () => {
    const r = compileDcgText("[Main] Both players' Digimon can't be deleted in battle for the turn.", "effect");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
  it.fails("player-digivolution-cards: malformed text read as \"a player's\" digivolution cards round-trips", () => {
    const r = compileDcgText("[All Turns] When a card is removed from the a player's security stack unsuspend this Digimon.", "effect");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });
  it("quoted granted effects nested 1,000 deep do not throw (fixed: the grammar caps quote depth)", () => {
    const text = '[Main] 1 of your Digimon gains "'.repeat(1000);
    expect(() => parseDcgBox(text)).not.toThrow();
    expect(() => compileDcgText(text, "effect")).not.toThrow();
  });
});
