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
import { roundTripProblem, stripDcg } from "../fuzz/dcg-ir.ts";

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
    expect(KNOWN_FUZZ_FAILURES.map((k) => k.id)).toEqual([]);
  });
  it("bare-player-attack-target: \"attacks player\" (no article) reads as \"attacks a player\", the opponent (001 Main Phase E \"Attacking\": the opposing player), and round-trips", () => {
    const bare = compileDcgText("[When Attacking] When this Digimon attacks player, gain 1 memory.", "effect");
    const article = compileDcgText("[When Attacking] When this Digimon attacks a player, gain 1 memory.", "effect");
    expect(errors(bare)).toEqual([]);
    expect(errors(article)).toEqual([]);
    const when = bare.effects[0]!.sentences[0]!.leads[0]!;
    expect(when).toMatchObject({ kind: "when", event: { event: "attacked", args: [{ kind: "target", what: { kind: "select", noun: "player", owner: "opponent" } }] } });
    expect(stripDcg(bare.effects)).toEqual(stripDcg(article.effects));
    expect(roundTripProblem(bare.effects, "effect")).toBeNull();
  });
  it("paid-zone-order: \"cards in your trash paid\" keeps the trash as where the cards are, and round-trips", () => {
    const r = compileDcgText("[Your Turn] For every 10 cards in your trash paid, this Digimon gets +1000 DP.", "effect");
    expect(errors(r)).toEqual([]);
    expect(r.effects[0]!.sentences[0]!.leads[0]).toMatchObject({
      kind: "forEach",
      per: 10,
      what: { kind: "select", noun: "card", zone: { kind: "trash", player: "you" }, filters: [{ kind: "affected", how: "paid", byThisEffect: false, zone: null }] },
    });
    expect(roundTripProblem(r.effects, "effect")).toBeNull();
  });
  it("paid-zone-order: \"cards paid from your trash\" (where they were paid) stays apart from \"cards in your trash paid\" and round-trips", () => {
    const from = compileDcgText("[Your Turn] For every 10 cards paid from your trash, this Digimon gets +1000 DP.", "effect");
    const inTrash = compileDcgText("[Your Turn] For every 10 cards in your trash paid, this Digimon gets +1000 DP.", "effect");
    expect(errors(from)).toEqual([]);
    expect(stripDcg(from.effects)).not.toEqual(stripDcg(inTrash.effects));
    expect(roundTripProblem(from.effects, "effect")).toBeNull();
  });

  it("sources-of-sources: \"the bottom of all of the digivolution cards of that Digimon\" is an error (a digivolution card has no digivolution cards, 002 4-3-1), not a stack that prints as another", () => {
    // Found by `node tests/fuzz/dcg-run.ts --seed 777123` (20,000 inputs), shrunk: the print
    // "… to the bottom of all of the digivolution cards of that Digimon's digivolution cards"
    // read back as the digivolution cards of that Digimon's digivolution cards.
    const r = compileDcgText("[When Attacking] Return 1 of your opponent's level 5 or lower Digimon to the bottom of its owner's   all of the digivolution cards of that Digimon.", "effect");
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["dcg-sources-owner"]);
    const ok = compileDcgText("[When Attacking] Return 1 of your opponent's level 5 or lower Digimon to the bottom of 1 of your Digimon's digivolution cards.", "effect");
    expect(errors(ok)).toEqual([]);
    expect(roundTripProblem(ok.effects, "effect")).toBeNull();
  });

  it("participle-before-among: \"1 red Tamer card suspended among them\" (the print of \"… among them suspended\") reads back as the same cards", () => {
    // Found by `node tests/fuzz/dcg-run.ts --seed 4242` (25,000 inputs), shrunk: the print put
    // "among them" after the participle, where the grammar did not read it.
    const written = compileDcgText("[On Play] Reveal the top 3 cards of your deck. Add 1 red Tamer card among them suspended to your hand.", "effect");
    const printed = compileDcgText("[On Play] Reveal the top 3 cards of your deck. Add 1 red Tamer card suspended among them to your hand.", "effect");
    expect(errors(written)).toEqual([]);
    expect(errors(printed)).toEqual([]);
    const add = printed.effects[0]!.sentences[1]!.steps[0]!;
    expect(add).toMatchObject({ kind: "clause", verb: "add", object: { what: { noun: "tamerCard", filters: [{ kind: "color" }, { kind: "affected", how: "suspended" }], among: { kind: "ref", ref: "revealed" } } } });
    expect(stripDcg(printed.effects[0]!.sentences)).toEqual(stripDcg(written.effects[0]!.sentences));
    expect(roundTripProblem(written.effects, "effect")).toBeNull();
  });

  it("named-or-field: \"[Hybrid] Option card or [Ten Warriors] in its form or type\" prints as names with an alternative field, not a gap, and round-trips", () => {
    // Found by `node tests/fuzz/dcg-run.ts --seed 99001` (25,000 inputs), shrunk: the print had
    // «either» for a name filter or'd with a field ("[Hybrid]options or [Ten Warriors] in its form or type").
    const texts = [
      "[When Attacking] If this Digimon has [Hybrid]options or [Ten Warriors] in its form or type, gain 1 memory.",
      "[Main] Trash 1 [Hybrid] card or [Ten Warriors] in its traits in your hand.",
      "[Main] Trash 1 card with [Hybrid] in its name or [Ten Warriors] in its form or type in your hand.",
    ];
    for (const t of texts) {
      const r = compileDcgText(t, "effect");
      expect(errors(r), t).toEqual([]);
      expect(roundTripProblem(r.effects, "effect"), t).toBeNull();
    }
    const r = compileDcgText(texts[0]!, "effect");
    expect(r.effects[0]!.sentences[0]!.leads[0]).toMatchObject({
      kind: "if",
      condition: {
        kind: "has",
        what: {
          noun: "optionCard",
          filters: [{ kind: "either", any: [[{ kind: "named", names: ["Hybrid"] }], [{ kind: "either", any: [[{ kind: "trait", field: "form" }], [{ kind: "trait", field: "type" }]] }]] }],
        },
      },
    });
  });

  it("in-both-trashes: \"Option cards in both players' trash\" (the print of \"in you and your opponent's trashes\") reads as it does after \"from\", and round-trips", () => {
    // Found by `node tests/fuzz/dcg-run.ts --seed 5150` (20,000 inputs), shrunk: the print's
    // "in both players' trash" did not read ("in" took only "your", "the", "play" … after it).
    const written = compileDcgText("[Main] Gain 1 memory for each Option card in you and your opponent's trashes.", "effect");
    const printed = compileDcgText("[Main] Gain 1 memory for each Option card in both players' trash.", "effect");
    const from = compileDcgText("[Main] Gain 1 memory for each Option card from both players' trash.", "effect");
    for (const r of [written, printed, from]) expect(errors(r)).toEqual([]);
    expect(stripDcg(printed.effects[0]!.sentences)).toEqual(stripDcg(written.effects[0]!.sentences));
    expect(stripDcg(from.effects[0]!.sentences)).toEqual(stripDcg(written.effects[0]!.sentences));
    expect(JSON.stringify(stripDcg(printed.effects))).toContain('"zone":{"kind":"trash","player":"both"}');
    expect(roundTripProblem(written.effects, "effect")).toBeNull();
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
