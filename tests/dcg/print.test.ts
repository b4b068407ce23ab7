/**
 * Golden tests of the DCG canonical printer (`compiler/print/dcg.ts`).
 *
 * - Every example of the DCG construct catalogue (`grammar/dcg/constructs.ts`) that compiles
 *   round-trips: its print compiles to the same IR (modulo spans and texts) and prints the same
 *   again (`roundTripProblem`).
 * - Accepted spellings print as the canonical one: "(Once Per Turn)" as `[Once Per Turn]`
 *   (002 4-15), "Trigger <Draw 1> (…)" as `<Draw 1>`, keyword reminders dropped (002 12-2),
 *   "from among them", "the rest" …
 * - Every timing tag and every keyword effect of 002 chapter 12 prints in its official
 *   spelling and reads back as itself.
 * - A box prints one unit per line.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { DCG_KEYWORD_WORDS, DCG_TIMING_WORDS, printDcgBox, printDcgEffect, printDcgKeyword } from "../../compiler/print/dcg.ts";
import { DCG_CONSTRUCTS } from "../../grammar/dcg/constructs.ts";
import { DCG_KEYWORDS, DCG_TIMINGS, type DcgBox } from "../../runtime/lang/dcg/ir.ts";
import { KEYWORD_ARBS, keywordCarrier, roundTripProblem, stripDcg } from "../fuzz/dcg-ir.ts";
import fc from "fast-check";

/** Compile text (no errors expected) and print it. */
function canon(text: string, box: DcgBox = "effect"): string {
  const r = compileDcgText(text, box);
  expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual([]);
  const p = printDcgBox(r.effects);
  expect(roundTripProblem(r.effects, box)).toBeNull();
  return p;
}

describe("every construct example that compiles round-trips through the printer", () => {
  const compiling = DCG_CONSTRUCTS.filter((c) => !compileDcgText(c.example, c.box ?? "effect").diagnostics.some((d) => d.severity === "error"));
  it("most construct examples compile (the others are the grammar's work in progress)", () => {
    expect(compiling.length).toBeGreaterThan(DCG_CONSTRUCTS.length * 0.9);
  });
  it.each(compiling.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const box = c.box ?? "effect";
    expect(roundTripProblem(compileDcgText(c.example, box).effects, box)).toBeNull();
  });
});

describe("accepted spellings print as the canonical one", () => {
  it.each([
    // 002 4-15: the use limit is always in brackets.
    ["[End of Attack] (Once Per Turn) You may trash 2 cards in your hand to unsuspend this Digimon.", "[End of Attack] [Once Per Turn] You may trash 2 cards in your hand to unsuspend this Digimon."],
    ["[When Attacking] (Twice Per Turn) Gain 1 memory.", "[When Attacking] [Twice Per Turn] Gain 1 memory."],
    // 002 12-2: reminder text explains a keyword and is not printed; "Trigger" before a performed keyword is not needed there.
    ["[On Play] Trigger <Draw 1> (Draw 1 card from your deck).", "[On Play] <Draw 1>."],
    ["<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).", "<Blocker>."],
    ["[On Deletion] <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).", "[On Deletion] <Recovery +1 (Deck)>."],
    ["[When Digivolving] <Digi-Burst 2> (You may trash 2 of this Digimon's digivolution cards to activate the effect below). ・Delete 1 of your opponent's Digimon.", "[When Digivolving] <Digi-Burst 2> ・Delete 1 of your opponent's Digimon."],
    // A granted effect in quotes ends at its closing quote (002 4-13).
    ['[Main] 1 of your Digimon gains "[On Deletion] Gain 2 memory." until the end of your opponent\'s next turn.', '[Main] 1 of your Digimon gains "[On Deletion] Gain 2 memory" until the end of your opponent\'s next turn.'],
    // Words the grammar reads alike.
    ["[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card among them to your hand. Trash the rest.", "[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card among them to your hand. Trash the remaining cards."],
    ["[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card from among them to your hand.", "[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card from among them to your hand."],
    ["[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.", "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less."],
    ["[Main] Delete 1 of your opponent's level 4 or below Digimon.", "[Main] Delete 1 of your opponent's level 4 or lower Digimon."],
    ["[When Digivolving] Activate 1 of the following effects: ・This Digimon gets +2000 DP for the turn. ・Unsuspend this Digimon.", "[When Digivolving] Activate 1 of the following effects: ・This Digimon gets +2000 DP for the turn. ・Unsuspend this Digimon."],
    ["[Your Turn] [Once Per Turn] When an opponent's Digimon is deleted, gain 1 memory.", "[Your Turn] [Once Per Turn] When an opponent's Digimon is deleted, gain 1 memory."],
    ["[Main] By trashing 1 card in your hand, delete 1 of your opponent's Digimon with 3000 DP or less.", "[Main] By trashing 1 card in your hand, delete 1 of your opponent's Digimon with 3000 DP or less."],
    ["[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand. Trash all of the digivolution cards of that Digimon.", "[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand. Trash all of the digivolution cards of that Digimon."],
  ] as const)("%s", (input, expected) => {
    expect(canon(input)).toBe(expected);
  });

  it("prints a reminder the IR keeps (a restated rule read as an argument) as it was read", () => {
    const text = "[Main] 1 of your Digimon gets +1000 DP (the DP returns to normal at the end of the turn) for the turn.";
    expect(canon(text)).toBe(text);
  });

  it("drops what the IR does not keep: a reminder after the full stop, the DigiXros rule text (they restate rules, 002 12-2, 4-22)", () => {
    expect(canon("[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand. (Trash all of the digivolution cards of that Digimon.)")).toBe("[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand.");
    expect(canon("[DigiXros -2] [Shoutmon] x [Ballistamon] When you would play this card, you may place any of the specified Digimon from your hand/battle area at the bottom of this card as digivolution cards. Reduce the play cost of this card by 2 for each card placed.")).toBe("[DigiXros -2] [Shoutmon] x [Ballistamon]");
  });

  it("prints a security box's [Security] effect", () => {
    expect(canon("[Security] Play this card without paying its memory cost.", "security")).toBe("[Security] Play this card without paying its memory cost.");
  });
});

describe("timings and keywords", () => {
  it.each(DCG_TIMINGS.map((t) => [t] as const))("timing %s prints in brackets and reads back", (t) => {
    const text = `[${DCG_TIMING_WORDS[t]}] Gain 1 memory.`;
    const r = compileDcgText(text, "effect");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.effects[0]!.timings).toEqual([t]);
    expect(printDcgBox(r.effects)).toBe(text);
  });

  it.each(DCG_KEYWORDS.map((k) => [k] as const))("keyword %s prints in its official spelling with its parameters and reads back", (k) => {
    fc.assert(
      fc.property(KEYWORD_ARBS[k], (kw) => {
        const printed = printDcgKeyword(kw);
        expect(printed.startsWith(`<${DCG_KEYWORD_WORDS[k]}`)).toBe(true);
        const e = keywordCarrier(kw);
        expect(roundTripProblem([e], "effect")).toBeNull();
        const back = compileDcgText(printDcgEffect(e), "effect").effects[0]!;
        expect(JSON.stringify(stripDcg(back))).toContain(JSON.stringify(stripDcg(kw)));
      }),
      { numRuns: 10, seed: 7 },
    );
  });

  it("prints signed values where the icon has a sign (002 12-4, 12-6, 12-9) and plain ones elsewhere", () => {
    expect(canon("<Security Attack +1>.")).toBe("<Security Attack +1>.");
    expect(canon("[Your Turn] All of your opponent's Digimon gain <Security Attack -1>.")).toBe("[Your Turn] All of your opponent's Digimon gain <Security Attack -1>.");
    expect(canon("[On Play] <Draw 2>.")).toBe("[On Play] <Draw 2>.");
    expect(canon("<Decoy (Black)>.")).toBe("<Decoy (Black)>.");
  });
});

describe("boxes", () => {
  it("prints one unit per line", () => {
    const text = "<Blocker>.\n[When Attacking] Lose 2 memory.";
    expect(canon(text)).toBe(text);
    const r = compileDcgText(text, "effect");
    expect(printDcgBox(r.effects)).toBe(r.effects.map(printDcgEffect).join("\n"));
  });

  it("prints nothing for an empty box", () => {
    expect(printDcgBox([])).toBe("");
  });
});
