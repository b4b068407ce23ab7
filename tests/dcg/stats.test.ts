/**
 * DCG card stats (docs/set-format.md "DCG sets"; compiler/check/dcg/stats.ts): every bad value,
 * field of the wrong kind and missing field is a diagnostic whose range is exactly the
 * offending word, with the rule cited and a did-you-mean where one helps; a card with an
 * error does not compile, a warning leaves it compiled.
 */
import { describe, expect, it } from "vitest";
import { checkDcg, checkOne, covered, DIGIMON, oneCard, withCode } from "./helpers.ts";

/** The one card of a one-card check. */
function card(text: string) {
  return checkOne(text).set.cards[0]!;
}

describe("a complete card of each kind compiles with its stats", () => {
  it("a Digimon: kind, colours, level, play cost, digivolution requirements, DP, traits", () => {
    const { set, diagnostics } = checkOne(oneCard([...DIGIMON, "rarity: Rare"]));
    expect(diagnostics).toEqual([]);
    const c = set.cards[0]!;
    expect(c.ok).toBe(true);
    expect(c.stats).toEqual({
      number: "T1-001",
      name: "Tester",
      kind: "Digimon",
      colors: ["Red"],
      level: 4,
      cost: 5,
      digivolve: [{ cost: 2, level: 3, colors: ["Red"] }],
      dna: [],
      dp: 4000,
      form: "Champion",
      attribute: "Vaccine",
      traits: ["Dinosaur"],
      rarity: "Rare",
    });
  });

  it("several colours (002 2-4-1-2), requirements from named colours, DNA requirements by colour and level or by name", () => {
    const c = card(
      oneCard(["kind: Digimon", "color: Blue/Green", "level: 5", "playcost: 7", "digivolve: 3 from Lv.4 Blue", "digivolve: 3 from lv 4 green", "dna: 0 from Blue Lv.4 + Green Lv.4", "dna: 1 from [Tester] + [Tester]", "dp: 9000"]),
    );
    expect(c.ok).toBe(true);
    expect(c.stats.colors).toEqual(["Blue", "Green"]);
    expect(c.stats.digivolve).toEqual([
      { cost: 3, level: 4, colors: ["Blue"] },
      { cost: 3, level: 4, colors: ["Green"] },
    ]);
    expect(c.stats.dna).toEqual([
      {
        cost: 0,
        from: [
          { kind: "level", color: "Blue", level: 4 },
          { kind: "level", color: "Green", level: 4 },
        ],
      },
      { cost: 1, from: [{ kind: "name", name: "Tester" }, { kind: "name", name: "Tester" }] },
    ]);
  });

  it("a Digi-Egg, a Tamer, an Option (use cost) and a Digimon printed Lv.– (002 13-7)", () => {
    const src =
      "set T1 Test\nruleset dcg\n\n" +
      "card T1-001 Egg\n  kind: digi-egg\n  color: red\n  level: 2\n  form: In-Training\n\n" +
      "card T1-002 Tamer\n  kind: Tamer\n  color: Red\n  playcost: 2\n  security: [Security] Play this card without paying its memory cost.\n\n" +
      "card T1-003 Option\n  kind: Option\n  color: Red\n  usecost: 4\n\n" +
      "card T1-004 Reaper\n  kind: Digimon\n  color: White\n  level: -\n  playcost: 20\n  dp: 15000\n";
    const { set } = checkOne(src);
    expect(set.cards.map((c) => [c.stats.kind, c.stats.level, c.stats.cost, c.stats.colors])).toEqual([
      ["Digi-Egg", 2, null, ["Red"]],
      ["Tamer", null, 2, ["Red"]],
      ["Option", null, 4, ["Red"]],
      ["Digimon", "-", 20, ["White"]],
    ]);
    expect(withCode(set.diagnostics, "missing-field")).toEqual([]);
    expect(withCode(set.diagnostics, "field-not-for-kind")).toEqual([]);
  });
});

describe("errors at the exact range of the offending value", () => {
  it("a bad colour: bad-color on the colour word, with a did-you-mean; the other colours are not blamed", () => {
    const text = oneCard(DIGIMON.map((f) => (f === "color: Red" ? "color: Red, Bleu" : f)));
    const { set, diagnostics } = checkOne(text);
    const [d, ...more] = withCode(diagnostics, "bad-color");
    expect(more).toEqual([]);
    expect(covered(text, d!)).toBe("Bleu");
    expect(d!.severity).toBe("error");
    expect(d!.message).toContain("002 2-4-1-1");
    expect(d!.hint).toBe('did you mean "Blue"?');
    expect(set.cards[0]!.ok).toBe(false);
  });

  it("a Digimon without DP: missing-field at the card number, citing 002 2-6-2", () => {
    const text = oneCard(DIGIMON.filter((f) => !f.startsWith("dp:")));
    const { set, diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => d.code)).toEqual(["missing-field"]);
    expect(covered(text, diagnostics[0]!)).toBe("T1-001");
    expect(diagnostics[0]!.message).toMatch(/needs a dp: field.*002 2-6-2/);
    expect(set.cards[0]!.ok).toBe(false);
  });

  it("an Option with a play cost instead of a use cost: one error at the key, the right key in the hint, no follow-on missing-field", () => {
    const text = oneCard(["kind: Option", "color: Red", "playcost: 3"]);
    const { diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => d.code)).toEqual(["field-not-for-kind"]);
    expect(covered(text, diagnostics[0]!)).toBe("playcost");
    expect(diagnostics[0]!.message).toContain("use cost (002 2-8");
    expect(diagnostics[0]!.hint).toBe('did you mean "usecost: 3"?');
  });

  it("a Tamer with a use cost: the play cost is its key", () => {
    const text = oneCard(["kind: Tamer", "color: Red", "usecost: 2"]);
    const { diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.code, covered(text, d), d.hint])).toEqual([["field-not-for-kind", "usecost", 'did you mean "playcost: 2"?']]);
  });

  it("a digivolution requirement with a bad level: bad-level on its digits only", () => {
    const text = oneCard(DIGIMON.map((f) => (f.startsWith("digivolve:") ? "digivolve: 2 from Lv.9" : f)));
    const { set, diagnostics } = checkOne(text);
    const d = withCode(diagnostics, "bad-level");
    expect(d).toHaveLength(1);
    expect(covered(text, d[0]!)).toBe("9");
    expect(set.cards[0]!.ok).toBe(false);
  });

  it("a digivolution requirement that is not one: bad-digivolve on the whole value, naming the format", () => {
    const text = oneCard(DIGIMON.map((f) => (f.startsWith("digivolve:") ? "digivolve: from Agumon" : f)));
    const [d] = withCode(checkOne(text).diagnostics, "bad-digivolve");
    expect(covered(text, d!)).toBe("from Agumon");
    expect(d!.message).toContain("2 from Lv.3");
  });

  it("a duplicate card number: an error at each block, naming the other's file:line; neither compiles (002 2-1-1)", () => {
    const a = { file: "a.dgs", text: oneCard(DIGIMON, "First") };
    const b = { file: "b.dgs", text: oneCard(DIGIMON, "Second") };
    const [set] = checkDcg(a, b);
    const dups = withCode(set!.diagnostics, "duplicate-set-number");
    expect(dups.map((d) => [d.file, d.line, d.col, d.endCol])).toEqual([
      ["a.dgs", 4, 6, 12],
      ["b.dgs", 4, 6, 12],
    ]);
    expect(dups[0]!.message).toContain('"Second" at b.dgs:4');
    expect(dups[1]!.message).toContain('"First" at a.dgs:4');
    expect(dups[0]!.message).toContain("002 2-1-1");
    expect(set!.cards.map((c) => c.ok)).toEqual([false, false]);
  });

  it("an unknown kind: bad-kind with a did-you-mean, and nothing that depends on the kind is reported", () => {
    const text = oneCard(["kind: Digimom", "color: Red", "usecost: 3"]);
    const { diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.code, covered(text, d), d.hint])).toEqual([["bad-kind", "Digimom", 'did you mean "Digimon"?']]);
  });

  it("no kind: missing-kind at the card number", () => {
    const text = oneCard(["color: Red"]);
    const { diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.code, covered(text, d)])).toEqual([["missing-kind", "T1-001"]]);
  });

  it("levels: a dash other than '-' and 'Lv.4' get the right spelling as a hint; a Tamer's level is not a Tamer field", () => {
    const dash = oneCard(DIGIMON.map((f) => (f === "level: 4" ? "level: –" : f)));
    expect(withCode(checkOne(dash).diagnostics, "bad-level").map((d) => [covered(dash, d), d.hint])).toEqual([["–", 'did you mean "-"?']]);
    const lv = oneCard(DIGIMON.map((f) => (f === "level: 4" ? "level: Lv.4" : f)));
    expect(withCode(checkOne(lv).diagnostics, "bad-level").map((d) => [covered(lv, d), d.hint])).toEqual([["Lv.4", 'did you mean "4"?']]);
    const tamer = oneCard(["kind: Tamer", "color: Red", "playcost: 2", "level: 3"]);
    const [d] = checkOne(tamer).diagnostics;
    expect([d!.code, covered(tamer, d!)]).toEqual(["field-not-for-kind", "level"]);
    expect(d!.message).toContain("002 2-12-2");
  });

  it("numbers: a cost that is not a whole number, a cost out of range", () => {
    const text = oneCard(DIGIMON.map((f) => (f === "playcost: 5" ? "playcost: five" : f === "dp: 4000" ? "dp: 4000000" : f)));
    const ds = checkOne(text).diagnostics;
    expect(ds.map((d) => [d.code, covered(text, d)])).toEqual([
      ["bad-number", "five"],
      ["number-range", "4000000"],
    ]);
  });

  it("DNA requirements: one Digimon is not a DNA requirement; a bad part is an error at that part", () => {
    const one = oneCard([...DIGIMON, "dna: 0 from Blue Lv.4"]);
    expect(withCode(checkOne(one).diagnostics, "bad-dna").map((d) => covered(one, d))).toEqual(["0 from Blue Lv.4"]);
    const bad = oneCard([...DIGIMON, "dna: 0 from Blue Lv.4 + Agumon"]);
    expect(withCode(checkOne(bad).diagnostics, "bad-dna").map((d) => covered(bad, d))).toEqual(["Agumon"]);
    const colour = oneCard([...DIGIMON, "dna: 0 from Blu Lv.4 + Green Lv.4"]);
    expect(withCode(checkOne(colour).diagnostics, "bad-color").map((d) => [covered(colour, d), d.hint])).toEqual([["Blu", 'did you mean "Blue"?']]);
  });

  it("a DNA name no loaded card has is a warning, with the nearest loaded name", () => {
    const text = oneCard([...DIGIMON, "dna: 0 from [Testr] + [Tester]"]);
    const { set, diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.severity, d.code, covered(text, d), d.hint])).toEqual([["warning", "unknown-card", "Testr", 'did you mean "Tester"?']]);
    expect(set.cards[0]!.ok).toBe(true);
  });

  it("a field given twice, a field of another ruleset", () => {
    const twice = oneCard([...DIGIMON, "dp: 5000"]);
    expect(checkOne(twice).diagnostics.map((d) => [d.code, d.line])).toEqual([["duplicate-field", 14]]);
    const other = oneCard([...DIGIMON, "hp: 500"]);
    const [d] = checkOne(other).diagnostics;
    expect([d!.code, covered(other, d!)]).toEqual(["unknown-field", "hp"]);
    expect(d!.message).toContain("of a DCG card");
  });

  it("a security box on a Digimon; an inherited and a security box on one Tamer", () => {
    const digimon = oneCard([...DIGIMON, "security: [Security] Play this card without paying its memory cost."]);
    const [d] = checkOne(digimon).diagnostics;
    expect([d!.code, covered(digimon, d!)]).toEqual(["field-not-for-kind", "security"]);
    const tamer = oneCard(["kind: Tamer", "color: Red", "playcost: 2", "inherited: [Your Turn] This Digimon gets +1000 DP.", "security: [Security] Play this card without paying its memory cost."]);
    expect(withCode(checkOne(tamer).diagnostics, "inherited-and-security").map((d) => covered(tamer, d))).toEqual(["security"]);
  });
});

describe("warnings leave the card compiled", () => {
  it("a DP not in thousands, a requirement not one level below, a stage of another level, a colour twice", () => {
    const text = oneCard(["kind: Digimon", "color: Red, red", "level: 4", "playcost: 5", "digivolve: 2 from Lv.2", "dp: 1200", "form: Rookie"]);
    const { set, diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.severity, d.code, covered(text, d), d.hint])).toEqual([
      ["warning", "duplicate-color", "red", undefined],
      ["warning", "dp-not-thousands", "1200", 'did you mean "12000"?'],
      ["warning", "digivolve-level", "2 from Lv.2", 'did you mean "2 from Lv.3"?'],
      ["warning", "form-level", "Rookie", 'did you mean "Champion"?'],
    ]);
    expect(set.cards[0]!.ok).toBe(true);
  });

  it("a text the DCG runtime cannot perform yet is a runtime-unsupported warning at the card's number, as DBE's; the card compiles", () => {
    const text = oneCard([...DIGIMON, "effect: [All Turns] When one of your Digimon would be played, gain 1 memory."]);
    const { set, diagnostics } = checkOne(text);
    expect(diagnostics.map((d) => [d.severity, d.code, covered(text, d)])).toEqual([["warning", "runtime-unsupported", "T1-001"]]);
    expect(diagnostics[0]!.message).toContain('interrupt "When … would …" on the event played');
    expect(set.cards[0]!.ok).toBe(true);
    const playable = oneCard([...DIGIMON, "effect: [On Play] Gain 1 memory."]);
    expect(checkOne(playable).diagnostics).toEqual([]);
  });

  it("002 10-4-2 … 10-4-13: an Option's [On Play] or [When Attacking] never triggers, nor does a keyword line on it — warnings; its [Main] is silent", () => {
    const option = (effect: string) => oneCard(["kind: Option", "color: Red", "usecost: 3", `effect: ${effect}`]);
    const warned = (effect: string) => {
      const text = option(effect);
      const { set, diagnostics } = checkOne(text);
      expect(set.cards[0]!.ok).toBe(true);
      return diagnostics.map((d) => [d.severity, d.code, covered(text, d)]);
    };
    expect(warned("[On Play] Gain 1 memory.")).toEqual([["warning", "timing-never-triggers", "[On Play] Gain 1 memory."]]);
    expect(warned("[Main] Gain 1 memory. [When Attacking] Gain 1 memory.")).toEqual([["warning", "timing-never-triggers", "[When Attacking] Gain 1 memory."]]);
    expect(warned("<Security Attack +1> (This Digimon checks 1 additional security card.)")[0]!.slice(0, 2)).toEqual(["warning", "timing-never-triggers"]);
    expect(warned("[Main] Gain 1 memory.")).toEqual([]);
    // A Tamer is played: its [On Play] triggers.
    expect(checkOne(oneCard(["kind: Tamer", "color: Red", "playcost: 2", "effect: [On Play] Gain 1 memory."])).diagnostics).toEqual([]);
  });

  it("002 10-4-3, 10-4-5, 10-4-13: a Tamer never digivolves or attacks, so its [When Digivolving] and [When Attacking] never trigger, nor does a keyword line on it; its [On Play] and [On Deletion] do", () => {
    const tamer = (effect: string) => oneCard(["kind: Tamer", "color: Red", "playcost: 2", `effect: ${effect}`]);
    const warned = (effect: string) => {
      const text = tamer(effect);
      const { set, diagnostics } = checkOne(text);
      expect(set.cards[0]!.ok).toBe(true);
      return diagnostics.map((d) => [d.severity, d.code, covered(text, d)]);
    };
    expect(warned("[When Attacking] Gain 1 memory.")).toEqual([["warning", "timing-never-triggers", "[When Attacking] Gain 1 memory."]]);
    expect(warned("[When Digivolving] Gain 1 memory.")[0]!.slice(0, 2)).toEqual(["warning", "timing-never-triggers"]);
    expect(warned("<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)")[0]!.slice(0, 2)).toEqual(["warning", "timing-never-triggers"]);
    expect(warned("[On Deletion] Gain 1 memory. [Your Turn] When one of your Digimon attacks, gain 1 memory.")).toEqual([]);
  });

  it("002 2-12-1: a Digi-Egg of a level other than 2, or a Digimon below level 3, is a level-for-kind warning (\"usually\": it compiles)", () => {
    const egg = oneCard(["kind: Digi-Egg", "color: Red", "level: 6"]);
    const e = checkOne(egg);
    expect(e.set.cards[0]!.ok).toBe(true);
    expect(e.diagnostics.map((d) => [d.severity, d.code, covered(egg, d), d.hint])).toEqual([["warning", "level-for-kind", "6", 'did you mean "2"?']]);
    const digimon = oneCard([...DIGIMON.filter((f) => !/^(level|digivolve|form):/.test(f)), "level: 2"]);
    const d = checkOne(digimon);
    expect(d.diagnostics.map((x) => [x.severity, x.code, covered(digimon, x)])).toEqual([["warning", "level-for-kind", "2"]]);
    expect(d.diagnostics[0]!.message).toContain("is this card a Digi-Egg?");
    expect(checkOne(oneCard(["kind: Digi-Egg", "color: Red", "level: 2"])).diagnostics).toEqual([]);
  });

  it("002 10-4-2: a Digi-Egg is hatched, not played — its effect box's [On Play] never triggers; its inherited box is where its effects work", () => {
    const egg = (box: string) => oneCard(["kind: Digi-Egg", "color: Red", "level: 2", box]);
    const onPlay = egg("effect: [On Play] Gain 1 memory.");
    const { set, diagnostics } = checkOne(onPlay);
    expect(set.cards[0]!.ok).toBe(true);
    expect(diagnostics.map((d) => [d.severity, d.code, covered(onPlay, d)])).toEqual([["warning", "timing-never-triggers", "[On Play] Gain 1 memory."]]);
    expect(diagnostics[0]!.message).toContain("a Digi-Egg is hatched, not played");
    expect(checkOne(egg("inherited: [When Attacking] Gain 1 memory.")).diagnostics).toEqual([]);
  });

  it("a form, attribute or rarity one slip from a printed one is a warning with it; a case-only difference, or a word near none, is not", () => {
    const warned = (form: string, attribute: string, rarity: string) => {
      const text = oneCard([...DIGIMON.filter((f) => !/^(form|attribute):/.test(f)), `form: ${form}`, `attribute: ${attribute}`, `rarity: ${rarity}`]);
      return checkOne(text).diagnostics.map((d) => [d.code, covered(text, d), d.hint]);
    };
    expect(warned("Champoin", "Vacine", "Supr Rare")).toEqual([
      ["unknown-form", "Champoin", 'did you mean "Champion"?'],
      ["unknown-attribute", "Vacine", 'did you mean "Vaccine"?'],
      ["unknown-rarity", "Supr Rare", 'did you mean "Super Rare"?'],
    ]);
    expect(warned("champion", "Dark", "Ultra Mega Rare")).toEqual([]);
  });

  it("a DP that one more zero would take past the printed 16000 has no guess: 4500 is not 45000", () => {
    const hints = (dp: string) => checkOne(oneCard([...DIGIMON.filter((f) => !f.startsWith("dp:")), `dp: ${dp}`])).diagnostics.filter((d) => d.code === "dp-not-thousands").map((d) => d.hint);
    expect(hints("4500")).toEqual([undefined]);
    expect(hints("1700")).toEqual([undefined]);
    expect(hints("1600")).toEqual(['did you mean "16000"?']);
    expect(hints("500")).toEqual(['did you mean "5000"?']);
  });

  it("a DP above every printed DP (16000) is a warning, with the DP an extra zero would be the typo for", () => {
    const found = (dp: string) =>
      checkOne(oneCard([...DIGIMON.filter((f) => !f.startsWith("dp:")), `dp: ${dp}`]))
        .diagnostics.filter((d) => d.code.startsWith("dp-"))
        .map((d) => [d.severity, d.code, d.hint]);
    expect(found("50000")).toEqual([["warning", "dp-above-printed", 'did you mean "5000"?']]);
    expect(found("500000")).toEqual([["warning", "dp-above-printed", undefined]]);
    expect(found("17000")).toEqual([["warning", "dp-above-printed", undefined]]);
    expect(found("16000")).toEqual([]);
  });

  it('a negative DP says it cannot be negative, not that "-5000" is no whole number', () => {
    const [d] = checkOne(oneCard([...DIGIMON.filter((f) => !f.startsWith("dp:")), "dp: -5000"])).diagnostics;
    expect([d!.severity, d!.code, d!.message]).toEqual(["error", "bad-number", 'dp cannot be negative ("-5000")']);
  });
});
