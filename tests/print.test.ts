/**
 * Golden tests of the canonical printer (`compiler/print/text.ts`) and the set-file printer
 * (`compiler/print/setfile.ts`).
 *
 * The property that matters (see the printer's module comment): for a text T that
 * compiles, P = print(compile(T)) compiles to the same IR as T (apart from `text` fields)
 * and print(compile(P)) === P. Every construct example of `grammar/constructs.ts` is
 * checked that way; the canonical spellings the examples use are checked to print as
 * themselves; other accepted spellings are checked to print canonically.
 */
import { describe, expect, it } from "vitest";
import { CONSTRUCTS, SPELLINGS } from "../grammar/constructs.ts";
import { parseAbility, parseEvo, readSetFile } from "../grammar/index.ts";
import { DBE_TYPES } from "../runtime/vocabulary.ts";
import { compileText, irKey, printAbility, printEffects, printEvo, printSentences } from "../compiler/print/text.ts";
import { printSetFile } from "../compiler/print/setfile.ts";

const PS_TYPES = ["Fire", "Ice", "Nature", "Darkness", "Rare"];

/** compile → print → compile (in a set of `ruleset`), asserting IR equality and a fixed point; returns the print. */
function roundTrip(text: string, types: readonly string[] = DBE_TYPES, ruleset: "dbe" | "dmb" = "dbe"): string {
  const a = compileText(text, types, ruleset);
  expect(a.diagnostics.filter((d) => d.severity === "error"), `compiles: ${text}`).toEqual([]);
  const p = printEffects(a.effects, { types });
  const b = compileText(p, types, ruleset);
  expect(b.diagnostics.filter((d) => d.severity === "error"), `print compiles: ${p}`).toEqual([]);
  expect(irKey(b.effects), `same IR: ${text} → ${p}`).toBe(irKey(a.effects));
  expect(printEffects(b.effects, { types })).toBe(p);
  return p;
}

function evoRoundTrip(text: string, types: readonly string[] = DBE_TYPES): string {
  const a = parseEvo(text, types);
  expect(a.diagnostics).toEqual([]);
  const p = printEvo(a.value!.entry, { types });
  const b = parseEvo(p, types);
  expect(b.diagnostics, `print parses: ${p}`).toEqual([]);
  expect(b.value!.entry).toEqual(a.value!.entry);
  expect(printEvo(b.value!.entry, { types })).toBe(p);
  return p;
}

function abilityRoundTrip(text: string): string {
  const a = parseAbility(text);
  expect(a.diagnostics).toEqual([]);
  const p = printAbility(a.value!.ability);
  const b = parseAbility(p);
  expect(b.diagnostics, `print parses: ${p}`).toEqual([]);
  expect(b.value!.ability).toEqual(a.value!.ability);
  expect(printAbility(b.value!.ability)).toBe(p);
  return p;
}

describe("every construct example round-trips through the printer", () => {
  for (const c of CONSTRUCTS) {
    it(`${c.id}: ${c.example}`, () => {
      if (c.entry === "text") roundTrip(c.example, DBE_TYPES, c.ruleset);
      else if (c.entry === "evo") evoRoundTrip(c.example);
      else abilityRoundTrip(c.example);
    });
  }
});

describe("the rules' shorthand wordings print as their canonical spelling (grammar/constructs.ts SPELLINGS)", () => {
  for (const sp of SPELLINGS) {
    it(`${sp.example} → ${sp.canonical}`, () => {
      if (sp.entry === "text") expect(roundTrip(sp.example)).toBe(sp.canonical);
      else if (sp.entry === "evo") expect(evoRoundTrip(sp.example)).toBe(sp.canonical);
      else expect(abilityRoundTrip(sp.example)).toBe(sp.canonical);
    });
  }
});

describe("DMB vocabulary prints as written (003_7a740b8ec9103d40.txt)", () => {
  it('"(Also Jungle.)" and "Put any Digimon from own deck into DP." are their own canonical spelling (in a DMB set)', () => {
    expect(roundTrip("(Also Jungle.)", DBE_TYPES, "dmb")).toBe("(Also Jungle.)");
    expect(roundTrip("Put any Digimon from own deck into DP.", DBE_TYPES, "dmb")).toBe("Put any Digimon from own deck into DP.");
    expect(roundTrip("(Also Jungle.) Put any Level C Dragon Digimon from own deck into DP.", DBE_TYPES, "dmb")).toBe("(Also Jungle.) Put any Level C Dragon Digimon from own deck into DP.");
  });
  it('"DP +10: Agumon" prints as "Own DP +10: Agumon", which reads the same (a DP bonus, in DBE and DMB sets alike)', () => {
    expect(evoRoundTrip("DP +10: Agumon")).toBe("Own DP +10: Agumon");
    expect(evoRoundTrip("DP -10: Agumon")).toBe("DP -10: Agumon");
  });
});

describe("canonical spellings print as themselves", () => {
  const fixed = [
    "Boost own Power +300.",
    "Lower opponent's Power -100.",
    "Boost own Circle Power +100.",
    "Boost own Power +100 for each card in own DP.",
    "Recover own HP +200.",
    "Own HP is 10.",
    "Double own Power.",
    "Halve own HP: Boost own Power +400.",
    "Recycle 3 and shuffle.",
    "Recycle any.",
    "Recode 3.",
    "Corrupt 2.",
    "Static 2 own trash.",
    "Opponent trashes 2.",
    "Opponent discards 2.",
    "Opponent discards 1 at random.",
    "Discard own hand.",
    "Discard any 1 in opponent's DP.",
    "Draw 2.",
    "Dark Draw 1.",
    "Dark Discard 1.",
    "Take 1 Evolution from deck.",
    'Take 1 "-devi-" card from deck.',
    "Attach Vademon from deck to own Dragon.",
    "Void a Digimon Support.",
    "Revive 500 HP.",
    "Flatten opponent.",
    "Delete this card.",
    "Evolve to Greymon from hand as evolved.",
    "Downgrade own Digimon by 1 Level.",
    "Put the top 1 Digimon of own deck into DP.",
    "Put 1 Digimon from the top 5 of own deck into DP.",
    "Put this into DP.",
    "Pay 30 DP from this: Void an Option.",
    "Ignore type, level and DP.",
    "Enables evolution to the same level.",
    "Also counts as [Agumon].",
    "Change own type to Dragon.",
    "Opponent uses Circle.",
    "Get 1st Attack.",
    "Do not use with Level M.",
    "Boost both players' Power +200.",
    "Draw 1. Boost own Power +100.",
    "Trash 3: Opponent discards 2.",
    "Must Trash 6: Recover own HP +1000.",
    "[1/Turn] Discard 1: Draw 2.",
    "If own Level is R, Boost own Power +300.",
    "If both attacks are same, Boost own Power +400. If not, Recycle 3 and shuffle.",
    "If own HP is less than 200, Boost own Power +300; Otherwise, Draw 1.",
    "Discard this active, then own HP is 10.",
    "(Ignore costs.)",
    "SUPPORT: Boost own Power +300.",
    "Own Prep Phase: Draw 1.",
    "Evolve Phase: Recover own HP +100.",
    "At End, if able, Discard this active, then own HP is 10.",
    "While attached, Boost own Circle Power +100.",
    "Active Zone: Boost own Power +100.",
    "Any Phase: Draw 1.",
    "Any Support Phase: Void an Option.",
    "Either Support Phase: Recover own HP +200.",
    "When evolving, Draw 1.",
    "When evolving by DP, Delete this card.",
    "After evolving, Recover own HP +200.",
    "Turbo: Discard 1.",
    "Turbo Evolve, if own Level is lower.",
    "Turbo Support and Boost opponent's Power +200.",
    "Data Break: Draw 2.",
    "Access [Dragon]: Boost own Power +200.",
    "If opponent's type is Dragon or Metal, Boost own Power +200.",
    "If opponent's Level is M, Recover own HP +500.",
    "If opponent used Cross, Boost own Power +300.",
    "If own HP is less than opponent's HP, Recover own HP +300.",
    "If own hand is 3 or more, Boost own Power +100.",
    'If own name is "-dramon", Boost own Power +100.',
    // Counts compared with counts name both zones, as HP comparisons do (Glossary "Recover").
    "If own trash is less than opponent's trash, Draw 1.",
    "If own Attachments are less than opponent's Attachments, Draw 1.",
    "If own deck is more than own Dark Area, Recycle 3.",
    "If own HP is at least opponent's deck, Draw 1.",
    "If opponent's Dark Area is not 2, Draw 1.",
    "Own HP is the same as own trash.",
  ];
  for (const text of fixed) {
    it(text, () => {
      expect(roundTrip(text)).toBe(text);
    });
  }
  it("types of the set's own vocabulary", () => {
    expect(roundTrip("If opponent's type is Fire or Ice, Boost own Power +300.", PS_TYPES)).toBe(
      "If opponent's type is Fire or Ice, Boost own Power +300.",
    );
  });
});

describe("other spellings print canonically", () => {
  const cases: [string, string][] = [
    ["Boost opponent's Power -100.", "Lower opponent's Power -100."],
    ["Recover own HP -100.", "Lower own HP -100."],
    ["Lower own HP 100.", "Lower own HP -100."],
    ["Own Power is doubled.", "Double own Power."],
    ["foe discards 2.", "Opponent discards 2."],
    ["Ⓞ discards 1.", "Opponent discards 1."],
    ["Alias [Agumon].", "Also counts as [Agumon]."],
    ["draw 2.", "Draw 2."],
    ["Recycle 3, shuffle.", "Recycle 3 and shuffle."],
    ["If own HP is below 200, Draw 1.", "If own HP is less than 200, Draw 1."],
    ["Own HP cannot be lowered except by an attack (costs are 0).", "Own HP cannot be lowered except by an attack. (Ignore costs.)"],
    ["Support: Pay 10 DP from this: Void a Digimon Support.", "Support Phase: Pay 10 DP from this: Void a Digimon Support."],
    ['Take 1 "Greymon" from deck.', "Take 1 Greymon from deck."],
    ["Evolve to a valid C from deck.", "Evolve to a valid Level C from deck."],
    // A count compared with the other player's: printed with both zones named, as players
    // read them (the Attachment Slot's cards are "Attachments", Glossary "Attachment Slot").
    ["If own Attachments are lower, Draw 1.", "If own Attachments are less than opponent's Attachments, Draw 1."],
    ["If own trash is lower, Draw 1.", "If own trash is less than opponent's trash, Draw 1."],
    ["If opponent's Dark Area is higher, Draw 1.", "If opponent's Dark Area is more than own Dark Area, Draw 1."],
    ["If own deck is not lower, Draw 1.", "If own deck is at least opponent's deck, Draw 1."],
  ];
  for (const [from, to] of cases) {
    it(`${from} → ${to}`, () => {
      expect(roundTrip(from)).toBe(to);
    });
  }
});

describe("structure", () => {
  it("prints a timing label only when the timing changes", () => {
    expect(roundTrip("Own Prep Phase: Draw 1. Own Prep Phase: Draw 2. Passive: Draw 3.")).toBe("Own Prep Phase: Draw 1. Draw 2. Passive: Draw 3.");
  });
  it("prints nested timings as one label", () => {
    // FAQ "lowercase timings": "Passive, Support Phase: When…"; the trigger opens with a colon.
    expect(roundTrip("Passive, Support Phase, When opponent discards, Draw 1.")).toBe("Passive, Support Phase: When opponent discards, Draw 1.");
    expect(roundTrip("Passive, When opponent discards: Draw 1.")).toBe("Passive: When opponent discards, Draw 1.");
    expect(roundTrip("While attached, When opponent discards, Draw 1.")).toBe("While attached, When opponent discards, Draw 1.");
  });
  it("prints an own zone count with the zone as subject, not \"own has …\"", () => {
    expect(roundTrip("If own has 10 or less cards in deck, Recycle 3.")).toBe("If own deck is 10 or less, Recycle 3.");
    expect(roundTrip("If you have more than 3 cards in trash, Draw 1.")).toBe("If own trash is more than 3, Draw 1.");
    expect(roundTrip("If own Dark Area is 2 or more, Draw 1.")).toBe("If own Dark Area is 2 or more, Draw 1.");
    expect(roundTrip("If you have 2 or more attached cards, Draw 1.")).toBe("If own Attachments are 2 or more, Draw 1.");
    expect(roundTrip("If opponent's trash has 10 or more cards, Static 3.")).toBe("If opponent has 10 or more cards in trash, Static 3.");
  });
  it("prints an article before an attached card that is not a name", () => {
    expect(roundTrip("Attach 1 Option from T.")).toBe("Attach an Option from trash.");
    expect(roundTrip("Attach a Level C Digimon from deck.")).toBe("Attach a Level C Digimon from deck.");
    expect(roundTrip("Attach Vademon from deck to own Dragon.")).toBe("Attach Vademon from deck to own Dragon.");
  });
  it("keeps an If not sentence after its If", () => {
    const p = roundTrip("Draw 1. If own Level is R, Draw 1. If not, if own Level is C, Draw 2.");
    expect(p).toBe("Draw 1. If own Level is R, Draw 1. If not, if own Level is C, Draw 2.");
    const ir = compileText(p).effects;
    expect(ir[2]).toMatchObject({ kind: "effect", otherwiseOf: 1 });
  });
  it("prints permanent effects in parentheses, labels inside", () => {
    expect(roundTrip("(Passive: Draw 1.) Draw 2.")).toBe("(Passive: Draw 1.) Draw 2.");
  });
  it("prints reminders", () => {
    expect(roundTrip("Revive 10 HP. Battle is still lost.")).toBe("Revive 10 HP. Battle is still lost.");
  });
  it("orders cost markers as the grammar reads them", () => {
    expect(roundTrip("Must [1/Turn] Trash 3: Discard 1: Draw 1.")).toBe("Must [1/Turn] Trash 3: Discard 1: Draw 1.");
  });
  it("gives one string per sentence", () => {
    expect(printSentences(compileText("Draw 1. Passive: Draw 2.").effects)).toEqual(["Draw 1.", "Passive: Draw 2."]);
  });
  it("quotes names the grammar would read otherwise", () => {
    expect(roundTrip('Take 1 "Metal" from deck.')).toBe('Take 1 "Metal" from deck.');
    expect(roundTrip('Take 1 "Angel Of Light" from deck.')).toBe('Take 1 "Angel Of Light" from deck.');
    expect(roundTrip('Also counts as "Agumon 2006".')).toBe('Also counts as "Agumon 2006".');
  });
});

describe("evo-box entries and attack abilities", () => {
  const evo: [string, string][] = [
    ["Draw 2: -dramon (C)", "Draw 2: -dramon (C)"],
    ["DNA: Airdramon + Metal Level C", "DNA: Airdramon + Metal Level C"],
    ["DNA: Agumon, Gabumon, Patamon", "DNA: Agumon, Gabumon, Patamon"],
    ["∞ Power +40: Agumon", "∞ Power +40: Agumon"],
    ["DP -10", "DP -10"],
    ["Agumon", "Agumon"],
    ["draw 2 : -dramon(C)", "Draw 2: -dramon (C)"],
    ["Opponent's DP -10: Agumon", "Opponent's DP -10: Agumon"],
    ["Own DP -10: Agumon", "Own DP -10: Agumon"],
    ["∞ DP -10", "∞ DP -10"],
    ["Draw 1 and HP +100: Lalamon", "Draw 1, HP +100: Lalamon"],
    ['DNA: "Metal Empire" + Dragon', 'DNA: "Metal Empire" + Dragon'],
    ['Take 1 "-devi-" card from deck: kok-', 'Take 1 "-devi-" card from deck: kok-'],
  ];
  for (const [from, to] of evo) it(`evo ${from}`, () => expect(evoRoundTrip(from)).toBe(to));
  const abilities: [string, string][] = [
    ["Counter Circle", "Counter Circle"],
    ["circle counterattack", "Counter Circle"],
    ["1st Attack", "1st Attack"],
    ["first attack", "1st Attack"],
    ["Flatten [Level C]", "Flatten [Level C]"],
    ["Dragon x3 VS", "Dragon x3 VS"],
    ["Draw 2", "Draw 2"],
    ["Attach T", "Attach T"],
    ["jamming", "Jamming"],
  ];
  for (const [from, to] of abilities) it(`ability ${from}`, () => expect(abilityRoundTrip(from)).toBe(to));
  it("x3 VS with the set's types", () => {
    const a = parseAbility("Fire x3 VS");
    expect(printAbility(a.value!.ability, { types: PS_TYPES })).toBe("Fire x3 VS");
  });
});

describe("printSetFile", () => {
  const src = [
    "# Starter set",
    'set DS1 "DigiScript Starter"',
    "ruleset dbe",
    "",
    "# Palmon is a plant",
    "card EX-035 Palmon",
    "  text: If both attacks are same, Boost own Power +400.",
    "    If not, recycle 3 and shuffle.",
    "  # the level comment",
    "  level: R",
    "  kind: Digimon",
    "  type: Wind",
    "  hp: 600",
    "  circle: Poison Ivy 290",
    "  cross: Stun Bubble 110 |   jamming",
    "  evo: draw 2:  -dramon (C)",
    "card EX-036 Broken",
    "  kind: Digimon",
    "  level: C",
    "  hp: 500",
    "  text: Frobnicate the opponent.",
    "    Twice.",
    "",
  ].join("\n");
  const out = printSetFile(src);

  it("prints header, cards and fields in canonical order and layout, keeping every word as written", () => {
    expect(out).toBe(
      [
        "# Starter set",
        "set DS1 DigiScript Starter",
        "ruleset dbe",
        "",
        "# Palmon is a plant",
        "card EX-035 Palmon",
        "  kind: Digimon",
        "  # the level comment",
        "  level: R",
        "  type: Wind",
        "  hp: 600",
        "  circle: Poison Ivy 290",
        "  cross: Stun Bubble 110 | jamming",
        "  evo: draw 2: -dramon (C)",
        "  text: If both attacks are same, Boost own Power +400. If not, recycle 3 and shuffle.",
        "",
        "card EX-036 Broken",
        "  kind: Digimon",
        "  level: C",
        "  hp: 500",
        "  text: Frobnicate the opponent. Twice.",
        "",
      ].join("\n"),
    );
  });
  it("is idempotent", () => {
    expect(printSetFile(out)).toBe(out);
  });
  it("reads back to the same cards", () => {
    const a = readSetFile("a.dgs", src);
    const b = readSetFile("b.dgs", out);
    expect(b.diagnostics).toEqual([]);
    expect(b.cards.map((c) => [c.setNumber, c.name, c.fields.length])).toEqual(a.cards.map((c) => [c.setNumber, c.name, c.fields.length]));
  });
  it("wraps long canonical text at sentence boundaries", () => {
    const long = "Draw 1. Boost own Power +300. Recover own HP +200. Opponent discards 2. Take 1 Evolution from deck. Trash 3: Opponent discards 2. Recode 3.";
    const f = printSetFile(`set S Test\ncard S-1 Long\n  kind: Option\n  text: ${long}\n`);
    const lines = f.split("\n").filter((l) => l.startsWith("  text:") || l.startsWith("    "));
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    expect(lines.map((l) => l.replace(/^ {2}text: | {4}/, "")).join(" ")).toBe(long);
    expect(printSetFile(f)).toBe(f);
  });
  it("keeps text with an elision warning verbatim", () => {
    const src = "set S Test\n\ncard S-1 Tag\n  kind: Evolution\n  text: When evolving by DP, … delete this card instead of discarding all own DP.\n";
    expect(printSetFile(src)).toBe(src);
  });
  it("returns a file with unreadable lines unchanged", () => {
    const bad = "set S Test\nfrobnicate\ncard S-1 X\n  kind: Option\n";
    expect(printSetFile(bad)).toBe(bad);
  });
});

describe("printSetFile keeps the designer's words", () => {
  const card = (comment: string) =>
    `set T "Test"\n\n${comment}card T-1 Q\n  level: R\n  type: Dragon\n  hp: 500\n  text: Lower opponent's Power -100. Draw 1 card.\n`;
  it("keeps a spelling the canonical printer would change (Lower, Draw 1 card)", () => {
    expect(printSetFile(card(""))).toContain("text: Lower opponent's Power -100. Draw 1 card.");
  });
  it("keeps a comment line such as an old `# fmt: verbatim` as a comment, with the same text", () => {
    const out = printSetFile(card("# quoted in the rules\n# fmt: verbatim\n"));
    expect(out).toContain("text: Lower opponent's Power -100. Draw 1 card.");
    expect(out).toContain("# fmt: verbatim");
  });
});
