/**
 * DMB vocabulary (issue 12): the card-text words the DMB rules (`003_7a740b8ec9103d40.txt`,
 * "003") define and the DBE rules (`000_012504f4614e5b24.txt`, "000") do not compile in
 * `ruleset dmb` sets only; a DBE set gets one `other-ruleset` error at exactly those words,
 * naming `ruleset dmb`, with what a DBE card writes instead. The rules' shorthand both texts
 * share ("x3 for short") compiles in both. Golden IR of each construct: tests/golden.test.ts
 * (group "dmb"); round trips: tests/print.test.ts; runtime: tests/scenarios/dmb-vocabulary.test.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { emitSet } from "../compiler/emit/index.ts";
import type { SetModule } from "../runtime/handlers.ts";
import { CONSTRUCTS, SPELLINGS } from "../grammar/constructs.ts";
import { OTHER_RULESET } from "../compiler/check/refs.ts";
import { wordingChanges } from "../compiler/print/canonical.ts";
import { CheckCache, checkFile } from "../compiler/check/set.ts";
import { compileText, irKey } from "../compiler/print/text.ts";
import { factsOf } from "../runtime/rulesets/dbe/facts.ts";
import { checkOne, compileAbility, compileCard, compileEvo, linkPackage, tscCheck, wrapCard, type CompiledTest } from "./helpers.ts";

/** The words a diagnostic covers in the compiled source. */
const covered = (r: CompiledTest, code: string): string[] => r.diagnostics.filter((d) => d.code === code).map((d) => r.source.slice(d.span.start, d.span.end));

/** Compile a construct example in a set of `ruleset`. */
function compileConstruct(entry: "text" | "evo" | "ability", example: string, ruleset: "dbe" | "dmb"): CompiledTest {
  return entry === "text" ? compileCard(example, {}, ruleset) : entry === "evo" ? compileEvo(example, {}, ruleset) : compileAbility(example, {}, ruleset);
}

describe("DMB constructs in a DBE set: one error at the words, naming ruleset dmb", () => {
  const expectedWords: Record<string, string> = {
    "dmb.alsotype": "Also Jungle",
    "dmb.evodp": "DP +10",
    "dmb.putany": "any Digimon from own deck into DP",
  };
  for (const c of CONSTRUCTS.filter((x) => x.ruleset === "dmb")) {
    it(`${c.id}: ${c.example}`, () => {
      for (const ruleset of ["dbe", undefined] as const) {
        const r = ruleset ? compileConstruct(c.entry, c.example, ruleset) : c.entry === "text" ? compileCard(c.example) : c.entry === "evo" ? compileEvo(c.example) : compileAbility(c.example);
        expect(r.errors.map((d) => d.code)).toEqual([OTHER_RULESET]);
        expect(covered(r, OTHER_RULESET)).toEqual([expectedWords[c.id]]);
        const d = r.errors[0]!;
        expect(d.message).toContain("`ruleset dmb`");
        expect(d.message).toContain("`ruleset dbe`");
        expect(d.message).toContain(c.source.split(", ")[0]!);
        expect(d.hint).toBe(c.otherwise);
        expect(r.card.ok).toBe(false);
      }
      expect(compileConstruct(c.entry, c.example, "dmb").errors).toEqual([]);
    });
  }

  it("every DMB construct has the words it is refused at and a hint", () => {
    for (const c of CONSTRUCTS.filter((x) => x.ruleset === "dmb")) {
      expect(expectedWords[c.id], c.id).toBeDefined();
      expect(c.otherwise, c.id).toBeTruthy();
      expect(c.source, c.id).toMatch(/^003_7a740b8ec9103d40\.txt, /);
    }
  });

  it("the error is at the DMB words of a longer text, and the rest still compiles into diagnostics", () => {
    const r = compileCard("Draw 1. (Also Marine.) Boost own Power +100.");
    expect(covered(r, OTHER_RULESET)).toEqual(["Also Marine"]);
    const p = r.source.indexOf("Also Marine");
    const d = r.errors[0]!;
    expect({ line: d.line, col: d.col }).toEqual({ line: r.source.slice(0, p).split("\n").length, col: p - r.source.lastIndexOf("\n", p) });
  });
});

describe("the set's ruleset decides, also for a block checked before (the language service's cache)", () => {
  it("the same card block is an error under `ruleset dbe` and compiles once the file says `ruleset dmb`", () => {
    const cache = new CheckCache();
    const dbe = wrapCard("(Also Jungle.)", {}, "dbe");
    const first = checkFile({ file: "t.dgs", text: dbe }, cache);
    expect(first.diagnostics.map((d) => d.code)).toEqual([OTHER_RULESET]);
    const second = checkFile({ file: "t.dgs", text: dbe.replace("ruleset dbe", "ruleset dmb") }, cache);
    expect(second.diagnostics).toEqual([]);
    expect(second.cards[0]!.ok).toBe(true);
  });
});

describe('003 Glossary "Also [Type]" in a DMB set', () => {
  it("the type is checked against the set's types", () => {
    const r = compileCard("(Also Jungel.)", {}, "dmb");
    expect(r.errors.map((d) => d.code)).toEqual(["unknown-type"]);
    expect(r.errors[0]!.hint).toBe('did you mean "Jungle"?');
  });
  it("a set with its own types: (Also Fire.) compiles with `types Fire, Ice`", () => {
    const src = wrapCard("(Also Ice.)", { type: "Fire" }, "dmb").replace('set T "Test"\n', 'set T "Test"\ntypes Fire, Ice\n');
    const set = checkOne(src);
    expect(set.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(set.cards[0]!.effects).toMatchObject([{ permanent: true, body: { actions: [{ kind: "alsoType", type: "Ice" }] } }]);
  });
  it("the card's facts: the Also type after its printed ones, not its primary type", () => {
    const r = compileCard("(Also Jungle.) (Also Marine.) (Also Dragon.)", { type: "Dragon", subtypes: "Wind" }, "dmb");
    expect(r.errors).toEqual([]);
    const facts = factsOf({ stats: r.card.stats, text: r.card.text, effects: r.card.effects });
    expect(facts.types).toEqual(["Dragon", "Wind", "Jungle", "Marine"]);
    expect(facts.alsoTypes).toEqual(["Jungle", "Marine", "Dragon"]);
    expect(r.card.stats.type).toBe("Dragon");
  });
  it("is not a cost (it states what the card is)", () => {
    const r = compileCard("Also Jungle: Draw 1.", {}, "dmb");
    expect(r.errors.length).toBeGreaterThan(0);
  });
});

describe("003 evolution requirement 1 / End Phase 3.4: DP +X0 in the evo-box", () => {
  it("in a DMB set, DP +10 is the bonus Own DP +10 (same IR); DP -10 stays a discount", () => {
    const plus = compileEvo("DP +10: Agumon", {}, "dmb");
    const own = compileEvo("Own DP +10: Agumon", {}, "dmb");
    expect(plus.errors).toEqual([]);
    expect(plus.evo).toEqual(own.evo);
    expect(compileEvo("DP +10", {}, "dmb").evo).toEqual({ kind: "bonus", actions: [{ kind: "changeDp", player: "own", amount: 10 }], permanent: false, from: [] });
    expect(compileEvo("DP -10: Agumon", {}, "dmb").evo).toMatchObject({ kind: "discount", amount: -10 });
  });
  it("in a DBE set, DP -10 is the discount (000 Evolution Phase 4.8) and Own DP +10 a bonus, as before", () => {
    expect(compileEvo("DP -10: Agumon").evo).toMatchObject({ kind: "discount", amount: -10 });
    const own = compileEvo("Own DP +10: Agumon");
    expect(own.errors).toEqual([]);
    expect(own.evo).toMatchObject({ kind: "bonus", actions: [{ kind: "changeDp", player: "own", amount: 10 }] });
  });
  it("canon rewrites DP +10 to Own DP +10 in a DMB set only (a DBE set's entry is an error, left as written)", () => {
    const dmb = wrapCard(null, { evo: "DP +10: Agumon" }, "dmb");
    expect(wordingChanges(dmb).map((c) => [c.before, c.after])).toEqual([["DP +10: Agumon", "Own DP +10: Agumon"]]);
    expect(wordingChanges(wrapCard(null, { evo: "DP +10: Agumon" }))).toEqual([]);
  });
});

describe('003 Glossary "Partner Option": DMB\'s name for the "P" marking', () => {
  it("is the Proxy marking in a DMB set", () => {
    const r = compileCard("Draw 1.", { kind: "Option Partner Option", timing: "SUPPORT" }, "dmb");
    expect(r.errors).toEqual([]);
    expect(r.card.stats.markings).toEqual(["Proxy"]);
    const data = compileCard("Any Phase: Draw 1.", { kind: "Option DATA Partner Option", timing: "DATA" }, "dmb");
    expect(data.card.stats.markings).toEqual(["DATA", "Proxy"]);
  });
  it("is an error at the two words in a DBE set, which writes Proxy or P", () => {
    const r = compileCard("Draw 1.", { kind: "Option Partner Option", timing: "SUPPORT" });
    expect(r.errors.map((d) => d.code)).toEqual([OTHER_RULESET]);
    expect(covered(r, OTHER_RULESET)).toEqual(["Partner Option"]);
    expect(r.errors[0]!.message).toContain("`ruleset dmb`");
    expect(r.errors[0]!.hint).toContain("kind: Option Proxy");
    for (const m of ["Proxy", "P"]) expect(compileCard("Draw 1.", { kind: `Option ${m}`, timing: "SUPPORT" }).card.stats.markings).toEqual(["Proxy"]);
  });
  it("an unknown marking in a DMB set names the DMB spelling too", () => {
    const r = compileCard("Draw 1.", { kind: "Option Partner", timing: "SUPPORT" }, "dmb");
    expect(r.errors.map((d) => d.code)).toEqual(["bad-marking"]);
    expect(r.errors[0]!.message).toContain("Partner Option");
  });
});

describe("the rules' shorthand compiles in DBE and DMB sets alike (grammar/constructs.ts SPELLINGS)", () => {
  for (const sp of SPELLINGS) {
    it(`${sp.example} reads as ${sp.canonical}`, () => {
      for (const ruleset of ["dbe", "dmb"] as const) {
        const a = compileConstruct(sp.entry, sp.example, ruleset);
        const b = compileConstruct(sp.entry, sp.canonical, ruleset);
        expect(a.errors, `${ruleset}: ${sp.example}`).toEqual([]);
        if (sp.entry === "text") expect(irKey(a.effects)).toBe(irKey(b.effects));
        else if (sp.entry === "evo") expect(a.card.stats.evo).toEqual(b.card.stats.evo);
        else expect(a.card.stats.cross).toEqual(b.card.stats.cross);
      }
    });
  }
  it('"x3" takes the types before it (000/003 Attack Abilities "[Type] x3 VS (or x3 for short)")', () => {
    expect(compileAbility("Jungle/Marine x3").ability).toEqual({ kind: "x3vs", types: ["Jungle", "Marine"] });
    expect(compileAbility("Jungel x3").errors.map((d) => d.code)).toEqual(["unknown-type"]);
  });
  it('"into own DP" is the DP zone in the other Put forms too', () => {
    const a = compileText("Put 1 Digimon from the top 5 of own deck into own DP.");
    expect(a.diagnostics).toEqual([]);
    expect(irKey(a.effects)).toBe(irKey(compileText("Put 1 Digimon from the top 5 of own deck into DP.").effects));
    expect(compileText("Put any Digimon from own deck into own DP.", undefined, "dmb").diagnostics).toEqual([]);
    expect(compileText("Put the top Digimon of own deck into opponent's DP.").ok).toBe(false);
  });
});

describe("the emitter: a DMB set with the new IR type-checks and rebuilds it", () => {
  const SOURCE = `set DMV "DMB vocabulary"
ruleset dmb

card DMV-1 Leafmon
  kind: Digimon
  level: C
  type: Nature
  dp: 30
  +p: 30
  hp: 1000
  circle: Leaf Storm 400
  triangle: Leaf Cut 300
  cross: Vine Lash 100 | Jungle x3
  evo: Palmon
  evo: DP +10: Palmon
  timing: SUPPORT
  text: (Also Dragon.) Put any Digimon from own deck into DP. Put the top Digimon of own deck into own DP.

card DMV-2 Partner Chip
  kind: Option Partner Option
  timing: SUPPORT
  text: Boost own Power +200.
`;
  let out = "";
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });
  it("compiles, type-checks in strict mode, and every handler rebuilds the checker's IR", async () => {
    const set = checkOne(SOURCE, "dmv.dgs");
    expect(set.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(set.ruleset).toBe("dmb");
    out = await mkdtemp(join(tmpdir(), "digiscript-dmv-"));
    linkPackage(out);
    await emitSet(set, out);
    const dir = join(out, "DMV");
    const r = await tscCheck([join(dir, "cards.ts"), join(dir, "index.ts"), join(dir, "registry.ts")]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
    const mod = (await import(pathToFileURL(join(dir, "index.ts")).href)) as { set: SetModule };
    expect(mod.set.ruleset).toBe("dmb");
    set.cards.forEach((c, i) => {
      const m = mod.set.cards[i]!;
      expect(m.stats).toEqual(c.stats);
      expect(m.handlers.map((h) => h())).toEqual(c.effects);
    });
    expect(mod.set.cards[1]!.stats.markings).toEqual(["Proxy"]);
  }, 90_000);
});

describe("a DMB Digimon whose only text is its permanent (Also [Type].) needs no timing (003 Glossary \"Also [Type]\", \"(Parenthesis text)\")", () => {
  it("(Also Dragon.) alone on a Digimon: no missing-timing error, the card compiles", () => {
    const r = compileCard("(Also Dragon.)", { timing: undefined }, "dmb");
    expect(r.errors.map((d) => d.code)).toEqual([]);
    expect(r.card.ok).toBe(true);
  });
  it("a timed sentence still needs its timing: \"Draw 1.\" without one is missing-timing", () => {
    const r = compileCard("Draw 1.", { timing: undefined }, "dmb");
    expect(r.errors.map((d) => d.code)).toContain("missing-timing");
  });
});
