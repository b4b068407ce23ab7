/**
 * The card preview's model (`model.ts`), in node: real card blocks checked by the workspace
 * (as the language worker does), turned into what the preview draws.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { cardViews } from "../worker/navigate.ts";
import type { CardView } from "../worker/protocol.ts";
import { abilityLabel, cardModel, evoLabel, filterCards, filterChoices, flipSides, NO_FILTER, readBlock, toneOf, type CardModel } from "./model.ts";

/** Check one file as the worker does; its card views. */
function views(text: string, file = "my.dgs"): CardView[] {
  const ws = new Workspace();
  ws.set(file, text);
  return cardViews(ws.check().sets, new Map([[file, text]]), file);
}

/** The model of each card of a file, read as written. */
function models(text: string, file = "my.dgs"): CardModel[] {
  return views(text, file).map((v) => cardModel(v, readBlock(text, v)));
}

const HEAD = "set MY My Set\nruleset dbe\n\n";
const PALMON = `${HEAD}card EX-035 Palmon
  kind: Digimon
  level: C
  type: Wind
  subtypes: Nature, Jungle
  dp: 30
  +p: 20
  hp: 600
  circle: Poison Ivy 290
  triangle: Leaf Cyclone 200
  cross: Stun Bubble 110 | Jamming
  evo: Draw 2: -dramon (C)
  evo: DNA: Airdramon + Metal Level C
  timing: SUPPORT
  partner: yes
  text: If both attacks are same, Boost own Power +400.
    If not, Recycle 3 and shuffle.
`;

describe("cardModel", () => {
  it("draws every part of a Digimon (Anatomy of Cards items 2–15)", () => {
    const [m] = models(PALMON);
    expect(m).toBeDefined();
    const c = m!;
    expect(c.label).toBe("Card EX-035 Palmon");
    expect(c.setNumber).toBe("EX-035");
    expect(c.kind).toBe("Digimon");
    expect(c.frame).toBe("digimon");
    expect(c.tone).toBe("wind");
    expect(c.level).toEqual({ letter: "C", name: "Champion" });
    expect(c.type).toEqual({ name: "Wind", tone: "wind" });
    expect(c.subtypes).toEqual([
      { name: "Nature", tone: "nature" },
      { name: "Jungle", tone: "jungle" },
    ]);
    expect(c.stats.map((s) => [s.label, s.value, s.alt])).toEqual([
      ["DP", "30", "DP cost 30"],
      ["+P", "+20", "+20 P"],
      ["HP", "600", "600 HP"],
    ]);
    expect(c.attacks.map((a) => [a.icon, a.iconAlt, a.name, a.power, a.ability])).toEqual([
      ["○", "Circle", "Poison Ivy", "290", null],
      ["△", "Triangle", "Leaf Cyclone", "200", null],
      ["✕", "Cross", "Stun Bubble", "110", "Jamming"],
    ]);
    expect(c.evo.map((e) => e.text)).toEqual(["Draw 2: -dramon (C)", "DNA: Airdramon + Metal Level C"]);
    expect(c.timings).toEqual(["SUPPORT"]);
    expect(c.partner).toBe(true);
    expect(c.text.map((r) => r.text).join("")).toBe("If both attacks are same, Boost own Power +400.\nIf not, Recycle 3 and shuffle.");
    expect(c.errors).toBe(0);
    // Only warnings (names of cards the workspace does not hold): no part has an error.
    expect(Object.values(c.flags).filter((f) => f === "error")).toEqual([]);
    // Item 12: Level C stats are halved (rounded down to tens).
    expect(c.abnormal).toMatchObject({ factor: "½", hp: "300", powers: ["140", "100", "50"] });
  });

  it("frames Options and Evolution cards by kind, with their markings, and no attacks", () => {
    const ms = models(`${HEAD}card MY-001 Chip
  kind: Option Firewall Ace
  +p: 10
  timing: SUPPORT
  text: Boost own Power +300.

card MY-002 Warp
  kind: Evolution
  text: Draw 1.
`);
    expect(ms.map((m) => [m.kind, m.frame, m.tone, m.markings])).toEqual([
      ["Option", "option", "neutral", ["Firewall", "Ace"]],
      ["Evolution", "evolution", "neutral", []],
    ]);
    expect(ms[0]!.stats.map((s) => s.label)).toEqual(["+P"]);
    expect(ms[0]!.attacks).toEqual([]);
    expect(ms[1]!.stats).toEqual([]);
    expect(ms[1]!.abnormal).toBeNull();
  });

  it("gives each DBE type its own colour and every other type a neutral one", () => {
    for (const t of ["Nature", "Dragon", "Enigma", "Wind", "Nightmare", "Metal", "Jungle", "Marine"]) expect(toneOf(t)).toBe(t.toLowerCase());
    expect(toneOf("Ruler")).toBe("neutral");
    expect(toneOf("Fire")).toBe("neutral");
    expect(toneOf(null)).toBe("neutral");
  });

  it("marks the parts with errors, shows wrong values as written and counts errors", () => {
    const [c] = models(`${HEAD}card MY-001 Broken
  kind: Digimon
  level: R
  type: Dargon
  +p: 20
  hp: 7x0
  circle: A 100
  triangle: B 100
  timing: SUPPORT
  evo: DNA: Agumon +
  text: Frobnicate the widget.
`);
    expect(c!.errors).toBeGreaterThanOrEqual(5);
    expect(c!.flags.type).toBe("error");
    expect(c!.type).toEqual({ name: "Dargon", tone: "neutral" });
    expect(c!.flags.hp).toBe("error");
    expect(c!.stats.find((s) => s.part === "hp")).toMatchObject({ value: "7x0", flag: "error" });
    // A missing field marks the part it names (the diagnostic stands at the set number).
    expect(c!.flags.cross).toBe("error");
    expect(c!.attacks.find((a) => a.slot === "cross")).toMatchObject({ name: "", power: "?", flag: "error" });
    expect(c!.flags.text).toBe("error");
    expect(c!.text.some((r) => r.flag === "error" && r.text.includes("Frobnicate"))).toBe(true);
    expect(c!.text.map((r) => r.text).join("")).toBe("Frobnicate the widget.");
    expect(c!.flags.evo).toBe("error");
    expect(c!.evo[0]).toMatchObject({ text: "DNA: Agumon +", flag: "error" });
    expect(c!.flags.level).toBeUndefined();
    for (const d of c!.diagnostics) {
      expect(d.range.file).toBe("my.dgs");
      expect(d.where).toMatch(/^\d+:\d+$/);
    }
    const hp = c!.diagnostics.find((d) => d.parts.includes("hp"))!;
    expect(hp.range.line).toBe(9);
  });

  it("marks the words a diagnostic is about on a continuation line of the text", () => {
    const [c] = models(`${HEAD}card MY-001 Chip\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +300.\n    Frobnicate the widget.\n`);
    const marked = c!.text.filter((r) => r.flag === "error").map((r) => r.text).join("");
    expect(marked.startsWith("Frobnicate")).toBe(true);
    expect(c!.text[0]).toEqual({ text: "Boost own Power +300.\n", flag: null });
  });

  it("marks a text without timing on the timing and the text", () => {
    const [c] = models(`${HEAD}card MY-001 Chip\n  kind: Option\n  text: Boost own Power +300.\n`);
    expect(c!.diagnostics.map((d) => d.code)).toContain("missing-timing");
    expect(c!.flags.timing).toBe("error");
    expect(c!.flags.text).toBe("error");
  });

  it("describes evo-box entries and abilities from the stats when the block cannot be read", () => {
    const [v] = views(PALMON);
    // The text changed since the check: the block is not where the view says.
    expect(readBlock(PALMON.replace("card EX-035", "\n\ncard EX-035"), v!)).toBeNull();
    const c = cardModel(v!, null);
    expect(c.attacks[2]!.ability).toBe("Jamming");
    expect(c.evo.map((e) => e.text)).toEqual(["Bonus: -dramon (C)", "DNA: Airdramon + Metal Level C"]);
    expect(abilityLabel({ kind: "counter", attack: "circle" })).toBe("Counter Circle");
    expect(abilityLabel({ kind: "x3vs", types: ["Dragon"] })).toBe("Dragon x3 VS");
    expect(evoLabel({ kind: "discount", amount: -10, from: [{ name: { kind: "exact", name: "Agumon" }, level: null }] })).toBe("DP -10: Agumon");
  });

  it("reads the flip sides of a card, Star first", () => {
    const text = `${HEAD}card MY-043 Sun Charm
  kind: Option
  timing: SUPPORT
  flip: Star initial
  text: Boost own Power +200. Flip this card.

card MY-043 Moon Charm
  kind: Option
  timing: SUPPORT
  flip: Moon
  text: Recover own HP +200. Flip this card.
`;
    const vs = views(text);
    const sides = flipSides(vs[1]!, vs);
    expect(sides.map((v) => v.card.stats.name)).toEqual(["Sun Charm", "Moon Charm"]);
    const [star, moon] = sides.map((v) => cardModel(v, readBlock(text, v)));
    expect(star!.flip).toEqual({ side: "Star", icon: "☆", initial: true, alt: "Star side (initial side)" });
    expect(moon!.flip).toMatchObject({ side: "Moon", icon: "☾", initial: false });
    expect(star!.key).not.toBe(moon!.key);
    expect(star!.errors + moon!.errors).toBe(0);
    expect(flipSides(vs[0]!, [])).toEqual([vs[0]]);
  });

  it("keeps a hostile name and text as plain strings (never markup)", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const text = `${HEAD}card MY-001 ${evil}\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +300. ${evil}\n`;
    const [c] = models(text);
    expect(c!.name).toBe(evil);
    expect(c!.label).toBe(`Card MY-001 ${evil}`);
    expect(c!.text.map((r) => r.text).join("")).toBe(`Boost own Power +300. ${evil}`);
  });

  it("draws every card of the bundled sets without throwing, and fast", () => {
    for (const file of ["cards/dbe/starter.dgs", "cards/dbe/rules-cards.dgs"]) {
      const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
      const vs = views(text, file);
      expect(vs.length).toBeGreaterThan(30);
      const t0 = performance.now();
      const ms = vs.map((v) => cardModel(v, readBlock(text, v)));
      const per = (performance.now() - t0) / vs.length;
      expect(per).toBeLessThan(2);
      for (const m of ms) {
        expect(m.label).toBe(`Card ${m.setNumber} ${m.name}`);
        if (m.frame === "digimon") expect(m.attacks.map((a) => a.iconAlt)).toEqual(["Circle", "Triangle", "Cross"]);
      }
      // Agumon of the starter set: a Partner Dragon.
      if (file.endsWith("starter.dgs")) expect(ms.find((m) => m.setNumber === "DS1-001")).toMatchObject({ name: "Agumon", tone: "dragon", partner: true });
    }
  });
});

describe("gallery filters", () => {
  const ms = models(`${PALMON}
card MY-001 Chip
  kind: Option
  timing: SUPPORT
  text: Boost own Power +300.

card MY-002 Agu
  kind: Digimon
  level: R
  type: Dragon
  +p: 20
  hp: 600
  circle: A 100
  triangle: B 100
  cross: C 100 | Jamming
  timing: SUPPORT
  text: Frobnicate.
`);

  it("offers the kinds, levels and types present, in the rules' order", () => {
    expect(filterChoices(ms)).toEqual({ kinds: ["Digimon", "Option"], levels: ["R", "C"], types: ["Nature", "Dragon", "Wind", "Jungle"] });
  });

  it("filters by kind, level, type (primary or subtype) and errors", () => {
    const names = (f: Partial<typeof NO_FILTER>) => filterCards(ms, { ...NO_FILTER, ...f }).map((m) => m.name);
    expect(names({})).toEqual(["Palmon", "Chip", "Agu"]);
    expect(names({ kind: "Option" })).toEqual(["Chip"]);
    expect(names({ level: "R" })).toEqual(["Agu"]);
    expect(names({ type: "Jungle" })).toEqual(["Palmon"]);
    expect(names({ type: "Dragon", kind: "Digimon" })).toEqual(["Agu"]);
    expect(names({ errorsOnly: true })).toEqual(["Agu"]);
  });
});
