/**
 * Golden tests: one or more per keyword effect of `002_db81695f81018ea7.txt` chapter 12
 * (12-4 … 12-32), including the keywords the card pool of `../shared/data/dcg/cards.json`
 * does not use (12-22 … 12-32). Each is written as printed: a keyword line with its reminder
 * text, or the keyword after its timing, with its parameters (a signed value, a place,
 * colours, card conditions, names) and, for `<De-Digivolve N>` and `<Mind Link>`, its target.
 * Every expected value is written by hand from the rules section the test is named after,
 * not produced by the compiler.
 *
 * Conventions, from the rules:
 * - A keyword line is a keyword the card has (002 12-1): the unit's `keyword`, with no timing
 *   and no sentence; its reminder text explains it and is not read (002 12-2).
 * - A keyword after a timing is performed at that timing: a `keywordAction` step (`<Draw 1>`,
 *   `<Recovery +1 (Deck)>`, `<Blitz>`, `<Save>` …); `<Digi-Burst N>` and `<Delay>` run the
 *   effect in their bullets (002 12-14-1, 12-17-1): a `bullets` step.
 * - The keyword's range is its `<…>` as printed.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import type { DcgBox, DcgColor, DcgEffect, DcgKeyword, DcgKeywordName, DcgStep } from "../../runtime/lang/dcg/ir.ts";

/** The expected keyword: its name and parameters, none unless given. */
function kw(name: DcgKeywordName, p: { value?: number; place?: DcgKeyword["place"]; colors?: DcgColor[]; cards?: DcgKeyword["cards"]; names?: string[] } = {}): Omit<DcgKeyword, "span"> {
  return { name, value: p.value ?? null, place: p.place ?? null, colors: p.colors ?? [], cards: p.cards ?? [], names: p.names ?? [] };
}

/** The range of `token` (its first occurrence) in `text`. */
function spanOf(text: string, token: string): { start: number; end: number } {
  const start = text.indexOf(token);
  if (start < 0) throw new Error(`${token} is not in ${text}`);
  return { start, end: start + token.length };
}

/** Compile one unit: no error, exactly one effect. */
function one(text: string, box: DcgBox = "effect"): DcgEffect {
  const r = compileDcgText(text, box);
  expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  expect(r.effects).toHaveLength(1);
  return r.effects[0]!;
}

/** A keyword line (002 12-1): the keyword the card has, with its parameters; no timing, no sentence. */
function expectKeywordLine(text: string, token: string, expected: Omit<DcgKeyword, "span">): void {
  const e = one(text);
  expect(e.timings).toEqual([]);
  expect(e.perTurn).toBeNull();
  expect(e.sentences).toEqual([]);
  expect(e.keyword).toEqual({ ...expected, span: spanOf(text, token) });
}

/** The first step of a unit with these timings and one sentence. */
function firstStep(text: string, timings: DcgEffect["timings"], box: DcgBox = "effect"): DcgStep {
  const e = one(text, box);
  expect(e.timings).toEqual(timings);
  expect(e.keyword).toBeNull();
  expect(e.sentences).toHaveLength(1);
  return e.sentences[0]!.steps[0]!;
}

/** A keyword performed after its timing: a `keywordAction` step. */
function expectPerformed(text: string, timings: DcgEffect["timings"], token: string, expected: Omit<DcgKeyword, "span">): DcgStep {
  const step = firstStep(text, timings);
  expect(step.kind).toBe("keywordAction");
  if (step.kind !== "keywordAction") throw new Error("unreachable");
  expect(step.keyword).toEqual({ ...expected, span: spanOf(text, token) });
  return step;
}

/** Every keyword name anywhere in the effects (keyword lines, steps, clauses, filters). */
function keywordNames(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const y of x) keywordNames(y, out);
  else if (x !== null && typeof x === "object") {
    const o = x as Record<string, unknown>;
    if (typeof o.name === "string" && "place" in o && "colors" in o) out.add(o.name);
    for (const v of Object.values(o)) keywordNames(v, out);
  }
  return out;
}

const OPPONENTS_DIGIMON = { kind: "select", count: { kind: "n", n: 1, upTo: false }, owner: "opponent", noun: "digimon" };

describe("002 12-1 … 12-3: what a keyword effect is", () => {
  it("002 12-1 <Draw 1> alone: a keyword performed, not a keyword a card has, is an error without a timing", () => {
    const r = compileDcgText("<Draw 1> (Draw 1 card from your deck).", "effect");
    expect(r.effects).toEqual([]);
    expect(r.diagnostics.map((d) => d.severity)).toContain("error");
  });

  it("002 12-2 the reminder text is optional and never changes the keyword: <Blocker> with and without it", () => {
    const withReminder = one("<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).");
    const bare = one("<Blocker>");
    expect(withReminder.keyword).toEqual({ ...kw("blocker"), span: { start: 0, end: 9 } });
    expect(bare.keyword).toEqual({ ...kw("blocker"), span: { start: 0, end: 9 } });
    expect(withReminder.sentences).toEqual([]);
  });

  it("002 12-3 the number in the icon is the keyword's parameter: <Draw 2> draws 2, <Draw 1> draws 1", () => {
    expectPerformed("[On Play] <Draw 2> (Draw 2 cards from your deck).", ["onPlay"], "<Draw 2>", kw("draw", { value: 2 }));
    expectPerformed("[On Play] <Draw 1> (Draw 1 card from your deck).", ["onPlay"], "<Draw 1>", kw("draw", { value: 1 }));
  });

  it("002 4-25-6 a keyword written in another keyword's reminder is not written on the card: <Alliance>'s <Security Attack +1>", () => {
    const e = one("<Alliance> (When this Digimon attacks, by suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains <Security Attack +1> for the attack.)");
    expect([...keywordNames([e])]).toEqual(["alliance"]);
  });
});

describe("002 chapter 12: the keyword effects", () => {
  it("002 12-4 <Security Attack +N>: a keyword line, value +1", () => {
    const t = "<Security Attack +1> (This Digimon checks 1 additional security card).";
    expectKeywordLine(t, "<Security Attack +1>", kw("securityAttack", { value: 1 }));
  });

  it("002 12-4 <Security Attack +N>: value +2", () => {
    const t = "<Security Attack +2> (This Digimon checks 2 additional security cards).";
    expectKeywordLine(t, "<Security Attack +2>", kw("securityAttack", { value: 2 }));
  });

  it("002 12-4-1 <Security Attack -N>: the value keeps its sign, -1", () => {
    const t = "<Security Attack -1> (This Digimon checks 1 fewer security card).";
    expectKeywordLine(t, "<Security Attack -1>", kw("securityAttack", { value: -1 }));
  });

  it("002 12-4-5 <Security A. +N> is the same keyword as <Security Attack +N>", () => {
    const t = "<Security A. +1> (This Digimon checks 1 additional security card).";
    expectKeywordLine(t, "<Security A. +1>", kw("securityAttack", { value: 1 }));
  });

  it("002 12-5 <Blocker>: a keyword line", () => {
    const t = "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).";
    expectKeywordLine(t, "<Blocker>", kw("blocker"));
  });

  it("002 12-6 <Recovery +N (Deck)>: performed at its timing, value +1 from the deck", () => {
    const t = "[On Play] <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).";
    expectPerformed(t, ["onPlay"], "<Recovery +1 (Deck)>", kw("recovery", { value: 1, place: "deck" }));
  });

  it("002 12-6 <Recovery +N (Deck)>: \"Trigger <Recovery +2 (Deck)>\", value +2 from the deck", () => {
    const t = "[When Digivolving] Trigger <Recovery +2 (Deck)> (Place the top 2 cards of your deck on top of your security stack).";
    expectPerformed(t, ["whenDigivolving"], "<Recovery +2 (Deck)>", kw("recovery", { value: 2, place: "deck" }));
  });

  it("002 12-7 <Piercing>: a keyword line", () => {
    const t = "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it performs any security checks it normally would).";
    expectKeywordLine(t, "<Piercing>", kw("piercing"));
  });

  it("002 12-8 <Draw N>: performed after a timing, value 1", () => {
    const t = "[When Digivolving] <Draw 1> (Draw 1 card from your deck).";
    expectPerformed(t, ["whenDigivolving"], "<Draw 1>", kw("draw", { value: 1 }));
  });

  it("002 12-8 <Draw N>: \"Trigger <Draw 2>\" is the same keyword performed", () => {
    const t = "[On Play] Trigger <Draw 2> (Draw 2 cards from your deck).";
    expectPerformed(t, ["onPlay"], "<Draw 2>", kw("draw", { value: 2 }));
  });

  it("002 12-9 <Jamming>: a keyword line", () => {
    const t = "<Jamming> (This Digimon can't be deleted in battles against Security Digimon).";
    expectKeywordLine(t, "<Jamming>", kw("jamming"));
  });

  it("002 12-10 <Digisorption -N>: a keyword line, value -2", () => {
    const t = "<Digisorption -2> (When one of your Digimon digivolves into this card from your hand, you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 2).";
    expectKeywordLine(t, "<Digisorption -2>", kw("digisorption", { value: -2 }));
  });

  it("002 12-11 <Reboot>: a keyword line", () => {
    const t = "<Reboot> (Unsuspend this Digimon during your opponent's unsuspend phase).";
    expectKeywordLine(t, "<Reboot>", kw("reboot"));
  });

  it("002 12-12 <De-Digivolve N> on 1 of your opponent's Digimon: value 1, the target after the keyword, the reminder after the target", () => {
    const t = "[When Digivolving] <De-Digivolve 1> on 1 of your opponent's Digimon (Trash up to 1 card from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards).";
    const step = expectPerformed(t, ["whenDigivolving"], "<De-Digivolve 1>", kw("deDigivolve", { value: 1 }));
    expect(step).toMatchObject({ kind: "keywordAction", target: OPPONENTS_DIGIMON });
  });

  it("002 12-12 <De-Digivolve N>: \"Trigger <De-Digivolve 2> on 1 of your opponent's Digimon\", value 2", () => {
    const t = "[When Digivolving] Trigger <De-Digivolve 2> on 1 of your opponent's Digimon (Trash up to 2 cards from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards).";
    const step = expectPerformed(t, ["whenDigivolving"], "<De-Digivolve 2>", kw("deDigivolve", { value: 2 }));
    expect(step).toMatchObject({ kind: "keywordAction", target: OPPONENTS_DIGIMON });
  });

  it("002 12-13 <Retaliation>: a keyword line", () => {
    const t = "<Retaliation> (When this Digimon is deleted after losing a battle, delete the Digimon it was battling).";
    expectKeywordLine(t, "<Retaliation>", kw("retaliation"));
  });

  it("002 12-14 <Digi-Burst N>: value 2, and the effect it activates in its bullet", () => {
    const t = "[When Digivolving] <Digi-Burst 2> (You may trash 2 of this Digimon's digivolution cards to activate the effect below). ・Delete 1 of your opponent's Digimon with 8000 DP or less.";
    const step = firstStep(t, ["whenDigivolving"]);
    expect(step.kind).toBe("bullets");
    if (step.kind !== "bullets") throw new Error("unreachable");
    expect(step.keyword).toEqual({ ...kw("digiBurst", { value: 2 }), span: spanOf(t, "<Digi-Burst 2>") });
    expect(step.bullets).toHaveLength(1);
    expect(step.bullets[0]!.steps).toMatchObject([
      { kind: "clause", verb: "delete", optional: false, object: { kind: "things", what: { ...OPPONENTS_DIGIMON, filters: [{ kind: "dp", cmp: "le", value: { kind: "const", n: 8000 } }] } } },
    ]);
  });

  it("002 12-14 <Digi-Burst N>: value 3 after [Main]", () => {
    const t = "[Main] <Digi-Burst 3> (You may trash 3 of this Digimon's digivolution cards to activate the effect below). ・Gain 2 memory.";
    const step = firstStep(t, ["main"]);
    expect(step).toMatchObject({ kind: "bullets", keyword: { ...kw("digiBurst", { value: 3 }), span: spanOf(t, "<Digi-Burst 3>") } });
  });

  it("002 12-15 <Rush>: a keyword line", () => {
    const t = "<Rush> (This Digimon can attack the turn it comes into play).";
    expectKeywordLine(t, "<Rush>", kw("rush"));
  });

  it("002 12-16 <Blitz>: performed at [When Digivolving]", () => {
    const t = "[When Digivolving] <Blitz> (If your opponent has 1 or more memory, this Digimon can attack).";
    expectPerformed(t, ["whenDigivolving"], "<Blitz>", kw("blitz"));
  });

  it("002 12-17 <Delay>: after [Main], the reminder with its own full stops, and the effect in its bullet", () => {
    const t = "[Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Gain 2 memory.";
    const step = firstStep(t, ["main"]);
    expect(step.kind).toBe("bullets");
    if (step.kind !== "bullets") throw new Error("unreachable");
    expect(step.keyword).toEqual({ ...kw("delay"), span: spanOf(t, "<Delay>") });
    expect(step.bullets).toHaveLength(1);
    expect(step.bullets[0]!.steps).toMatchObject([{ kind: "clause", verb: "gainMemory" }]);
  });

  it("002 12-18 <Decoy (Black)>: a keyword line protecting black Digimon", () => {
    const t = "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion).";
    expectKeywordLine(t, "<Decoy (Black)>", kw("decoy", { colors: ["black"] }));
  });

  it("002 12-18 <Decoy (Black/White)>: two colours (\"black or white\" in the reminder)", () => {
    const t = "<Decoy (Black/White)> (When one of your other black or white Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion).";
    expectKeywordLine(t, "<Decoy (Black/White)>", kw("decoy", { colors: ["black", "white"] }));
  });

  it("002 12-19 <Armor Purge>: a keyword line", () => {
    const t = "<Armor Purge> (When this Digimon would be deleted, you may trash the top card of this Digimon to prevent that deletion).";
    expectKeywordLine(t, "<Armor Purge>", kw("armorPurge"));
  });

  it("002 12-20 <Save>: performed at [On Deletion]", () => {
    const t = "[On Deletion] <Save> (You can place this card under one of your Tamers).";
    expectPerformed(t, ["onDeletion"], "<Save>", kw("save"));
  });

  it("002 12-21 <Material Save N>: a keyword line, value 2", () => {
    const t = "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers).";
    expectKeywordLine(t, "<Material Save 2>", kw("materialSave", { value: 2 }));
  });

  it("002 4-25-5 <Material Save N> is not <Save>: a different icon", () => {
    const e = one("<Material Save 1> (When this Digimon would be deleted, you may place 1 digivolution card listed in the DigiXros requirements of this Digimon under one of your Tamers).");
    expect(e.keyword?.name).toBe("materialSave");
    expect(e.keyword?.value).toBe(1);
  });

  it("002 12-22 <Evade>: a keyword line", () => {
    const t = "<Evade> (When this Digimon would be deleted, you may suspend it to prevent that deletion.)";
    expectKeywordLine(t, "<Evade>", kw("evade"));
  });

  it("002 12-23 <Raid>: a keyword line", () => {
    const t = "<Raid> (When this Digimon attacks, you may switch the target of attack to 1 of your opponent's unsuspended Digimon with the highest DP.)";
    expectKeywordLine(t, "<Raid>", kw("raid"));
  });

  it("002 12-24 <Alliance>: a keyword line", () => {
    const t = "<Alliance> (When this Digimon attacks, by suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains <Security Attack +1> for the attack.)";
    expectKeywordLine(t, "<Alliance>", kw("alliance"));
  });

  it("002 12-25 <Barrier>: a keyword line", () => {
    const t = "<Barrier> (When this Digimon would be deleted in battle, by trashing the top card of your security stack, prevent that deletion.)";
    expectKeywordLine(t, "<Barrier>", kw("barrier"));
  });

  it("002 12-26 <Blast Digivolve>: after [Hand] [Counter]", () => {
    const t = "[Hand] [Counter] <Blast Digivolve> (Your Digimon may digivolve into this card without paying the cost.)";
    expectPerformed(t, ["hand", "counter"], "<Blast Digivolve>", kw("blastDigivolve"));
  });

  it("002 12-27 <Fortitude>: a keyword line", () => {
    const t = "<Fortitude> (When this Digimon with digivolution cards is deleted, play this card without paying the cost.)";
    expectKeywordLine(t, "<Fortitude>", kw("fortitude"));
  });

  it("002 12-28 <Mind Link> with 1 of your Digimon with the [Dark Animal] or [SoC] trait: after [Main], with its target", () => {
    const t = "[Main] <Mind Link> with 1 of your Digimon with the [Dark Animal] or [SoC] trait. (Place this Tamer as that Digimon's bottom digivolution card if there are no Tamer cards in its digivolution cards.)";
    const step = expectPerformed(t, ["main"], "<Mind Link>", kw("mindLink"));
    if (step.kind !== "keywordAction") throw new Error("unreachable");
    // The Digimon the Tamer goes under (12-28-1): the keyword's target, or a "with …" target argument.
    const arg = step.args.find((a) => a.kind === "target");
    const target = step.target ?? (arg?.kind === "target" ? arg.what : null);
    expect(target).toMatchObject({ kind: "select", count: { kind: "n", n: 1, upTo: false }, owner: "you", noun: "digimon", filters: [{ kind: "trait", traits: ["Dark Animal", "SoC"], negate: false }] });
  });

  it("002 12-29 <Partition (blue Lv.4 & green Lv.4)>: a keyword line with two specified cards", () => {
    const t = "<Partition (blue Lv.4 & green Lv.4)> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)";
    expectKeywordLine(
      t,
      "<Partition (blue Lv.4 & green Lv.4)>",
      kw("partition", {
        cards: [
          { colors: ["blue"], level: 4 },
          { colors: ["green"], level: 4 },
        ],
      }),
    );
  });

  it("002 12-29-4 <Partition (Yellow Lv.6 & Purple/Black Lv.6)>: a specified card of two colours", () => {
    const t = "<Partition (Yellow Lv.6 & Purple/Black Lv.6)> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)";
    expectKeywordLine(
      t,
      "<Partition (Yellow Lv.6 & Purple/Black Lv.6)>",
      kw("partition", {
        cards: [
          { colors: ["yellow"], level: 6 },
          { colors: ["purple", "black"], level: 6 },
        ],
      }),
    );
  });

  it("002 12-29-4 <Partition ([Angewomon] & [LadyDevimon])>: specified cards by name", () => {
    const t = "<Partition ([Angewomon] & [LadyDevimon])> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)";
    expectKeywordLine(t, "<Partition ([Angewomon] & [LadyDevimon])>", kw("partition", { names: ["Angewomon", "LadyDevimon"] }));
  });

  it("002 12-30 <Collision>: a keyword line", () => {
    const t = "<Collision> (During this Digimon's attack, all of your opponent's Digimon gain <Blocker>, and your opponent blocks if possible.)";
    expectKeywordLine(t, "<Collision>", kw("collision"));
  });

  it("002 12-31 <Blast DNA Digivolve ([Durandamon] + [BryweLudramon])>: after [Hand] [Counter], the two specified names", () => {
    const t = "[Hand] [Counter] <Blast DNA Digivolve ([Durandamon] + [BryweLudramon])> (1 of your specified Digimon and 1 specified card in hand may DNA digivolve into this card.)";
    expectPerformed(t, ["hand", "counter"], "<Blast DNA Digivolve ([Durandamon] + [BryweLudramon])>", kw("blastDnaDigivolve", { names: ["Durandamon", "BryweLudramon"] }));
  });

  it("002 12-32 <Scapegoat>: a keyword line", () => {
    const t = "<Scapegoat> (When this Digimon would be deleted other than by your effects, by deleting 1 of your other Digimon, prevent that deletion.)";
    expectKeywordLine(t, "<Scapegoat>", kw("scapegoat"));
  });
});

describe("002 4-13: keywords gained and referred to", () => {
  it("002 4-13-2 \"this Digimon gains <Security Attack +1>\": the keyword with its value in the clause", () => {
    const t = "[Your Turn] While this Digimon is level 7, it gains <Security Attack +1> (This Digimon checks 1 additional security card).";
    const e = one(t, "inherited");
    expect(e.timings).toEqual(["yourTurn"]);
    expect(e.sentences[0]!.steps).toMatchObject([{ kind: "clause", verb: "gain", object: { kind: "keyword", keywords: [{ ...kw("securityAttack", { value: 1 }), span: spanOf(t, "<Security Attack +1>") }] } }]);
  });

  it("002 4-13 \"with <Blocker>\": a filter on the Digimon that have it", () => {
    const e = one("[When Attacking] Delete 1 of your opponent's Digimon with <Blocker>.");
    expect(e.sentences[0]!.steps).toMatchObject([{ kind: "clause", verb: "delete", object: { kind: "things", what: { ...OPPONENTS_DIGIMON, filters: [{ kind: "keyword", keyword: "blocker", negate: false }] } } }]);
  });
});

describe("002 12-2: a reminder explains its keyword and never changes it — one that says otherwise is a warning", () => {
  const warned = (text: string) =>
    compileDcgText(text, "effect")
      .diagnostics.filter((d) => d.code === "dcg-reminder-mismatch")
      .map((d) => [d.severity, text.slice(d.span.start, d.span.end)]);

  it("<Draw 2> (Draw 3 cards …): a warning at the reminder; the card draws 2, as the keyword says", () => {
    const text = "[On Play] <Draw 2> (Draw 3 cards from your deck).";
    expect(warned(text)).toEqual([["warning", "(Draw 3 cards from your deck)"]]);
    const r = compileDcgText(text, "effect");
    expect(r.effects).toHaveLength(1);
    expect(JSON.stringify(r.effects[0]!.sentences)).toContain('"value":2');
  });

  it("<Security Attack +1> with a reminder of \"fewer\" cards is the wrong way round", () => {
    expect(warned("<Security Attack +1> (This Digimon checks 1 fewer security card)")).toEqual([["warning", "(This Digimon checks 1 fewer security card)"]]);
  });

  it("the card pool's reminders agree with their keywords: nothing to say", () => {
    for (const text of [
      "[On Play] <Draw 1> (Draw 1 card from your deck).",
      "<Security Attack -2> (This Digimon checks 2 fewer security cards)",
      "<Security Attack +1> (This Digimon checks 1 additional security card)",
      "[On Play] <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).",
    ])
      expect(warned(text), text).toEqual([]);
  });
});
