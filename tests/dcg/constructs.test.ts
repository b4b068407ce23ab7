/**
 * The DCG construct catalogue (grammar/dcg/constructs.ts): every construct's example is DCG
 * card text that compiles (compiler/check/dcg/text.ts) in the box it names, to at least one
 * effect and no error; the catalogue covers every timing tag of 002 10-4 (and 4-15 … 4-18,
 * 2-11) and every keyword effect of 002 chapter 12; the example of a timing or keyword
 * construct compiles to that timing or keyword; and the nearest-construct hint of syntax
 * errors (`nearestDcgConstruct`) names a construct of the catalogue.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { DCG_CONSTRUCT_GROUPS, DCG_CONSTRUCTS, nearestDcgConstruct, type DcgConstruct } from "../../grammar/dcg/constructs.ts";
import { parseDcgBox } from "../../grammar/dcg/index.ts";
import { TIMINGS } from "../../grammar/dcg/tokens.ts";
import { DCG_KEYWORDS, DCG_TIMINGS, DCG_VERBS, type DcgEffect } from "../../runtime/lang/dcg/ir.ts";

/** Compile a construct's example in its box. */
function compile(c: DcgConstruct) {
  return compileDcgText(c.example, c.box ?? "effect");
}

/** Every keyword (by IR name) anywhere in compiled effects: keyword lines, granted, performed, referenced. */
function keywordsIn(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const y of x) keywordsIn(y, out);
  else if (x !== null && typeof x === "object") {
    const o = x as Record<string, unknown>;
    if (typeof o.name === "string" && "value" in o && "place" in o && "colors" in o) out.add(o.name);
    for (const v of Object.values(o)) keywordsIn(v, out);
  }
  return out;
}

/** Every clause verb (and "or" verb) of compiled effects. */
function verbsIn(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const y of x) verbsIn(y, out);
  else if (x !== null && typeof x === "object") {
    const o = x as Record<string, unknown>;
    if (o.kind === "clause" && typeof o.verb === "string") {
      out.add(o.verb);
      for (const v of o.orVerbs as string[]) out.add(v);
    }
    for (const v of Object.values(o)) verbsIn(v, out);
  }
  return out;
}

/** Every timing of compiled effects, including those of granted (quoted) effects. */
function timingsIn(effects: DcgEffect[]): Set<string> {
  const out = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x !== null && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (Array.isArray(o.timings) && "perTurn" in o) for (const t of o.timings) out.add(t as string);
      for (const v of Object.values(o)) walk(v);
    }
  };
  walk(effects);
  return out;
}

describe("the DCG construct catalogue", () => {
  it("has unique ids, known groups, an example and a rules section for every construct", () => {
    const ids = new Set<string>();
    const problems: string[] = [];
    for (const c of DCG_CONSTRUCTS) {
      if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
      ids.add(c.id);
      if (!(DCG_CONSTRUCT_GROUPS as readonly string[]).includes(c.group)) problems.push(`${c.id}: unknown group ${c.group}`);
      if (!c.id.startsWith(`${c.group}.`)) problems.push(`${c.id}: id does not start with its group "${c.group}."`);
      if (c.name.trim() === "" || c.example.trim() === "") problems.push(`${c.id}: empty name or example`);
      if (!/\b00[12] /.test(c.source)) problems.push(`${c.id}: source "${c.source}" cites neither 002 nor 001`);
    }
    expect(problems).toEqual([]);
  });

  it("has no two constructs with the same example", () => {
    const seen = new Map<string, string>();
    const dups: string[] = [];
    for (const c of DCG_CONSTRUCTS) {
      const other = seen.get(c.example);
      if (other !== undefined) dups.push(`${other} = ${c.id}`);
      seen.set(c.example, c.id);
    }
    expect(dups).toEqual([]);
  });

  it("has a construct for every timing tag the lexer knows (002 10-4-1, 4-15 … 4-18, 2-11)", () => {
    expect(new Set(Object.values(TIMINGS))).toEqual(new Set(DCG_TIMINGS));
    const missing = DCG_TIMINGS.filter((t) => !DCG_CONSTRUCTS.some((c) => c.id === `timing.${t}`));
    expect(missing).toEqual([]);
  });

  it("has a construct for every keyword effect of 002 chapter 12", () => {
    const missing = DCG_KEYWORDS.filter((k) => !DCG_CONSTRUCTS.some((c) => c.id === `keyword.${k}`));
    expect(missing).toEqual([]);
  });

  it("has [Once Per Turn] and [Twice Per Turn] (002 4-15)", () => {
    expect(DCG_CONSTRUCTS.map((c) => c.id)).toEqual(expect.arrayContaining(["structure.oncePerTurn", "structure.twicePerTurn"]));
  });
});

describe("every construct's example compiles", () => {
  it.each(DCG_CONSTRUCTS.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const r = compile(c);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message} at ${JSON.stringify(c.example.slice(d.span.start, d.span.end))}`)).toEqual([]);
    expect(r.effects.length).toBeGreaterThanOrEqual(1);
  });
});

describe("a timing construct's example has that timing", () => {
  it.each(DCG_TIMINGS.map((t) => [t] as const))("timing.%s", (t) => {
    const c = DCG_CONSTRUCTS.find((x) => x.id === `timing.${t}`)!;
    expect(timingsIn(compile(c).effects)).toContain(t);
  });
});

describe("a keyword construct's example has that keyword", () => {
  it.each(DCG_KEYWORDS.map((k) => [k] as const))("keyword.%s", (k) => {
    const c = DCG_CONSTRUCTS.find((x) => x.id === `keyword.${k}`)!;
    expect(keywordsIn(compile(c).effects)).toContain(k);
  });
});

describe("every clause verb of the IR is the verb of some construct's example", () => {
  const used = new Set<string>();
  for (const c of DCG_CONSTRUCTS) verbsIn(compile(c).effects, used);
  it.each(DCG_VERBS.map((v) => [v] as const))("%s", (v) => {
    expect(used, `no construct's example compiles to a clause with the verb "${v}"`).toContain(v);
  });
});

describe("[Once Per Turn] and [Twice Per Turn] (002 4-15)", () => {
  it.each([
    ["structure.oncePerTurn", 1],
    ["structure.oncePerTurnParen", 1],
    ["structure.twicePerTurn", 2],
  ] as const)("%s limits the effect to %i use(s) a turn", (id, n) => {
    const c = DCG_CONSTRUCTS.find((x) => x.id === id)!;
    expect(compile(c).effects[0]?.perTurn).toBe(n);
  });
});

describe("nearestDcgConstruct", () => {
  it("names the construct a misspelt sentence is nearest to", () => {
    expect(nearestDcgConstruct("Gain 2 memorys.")?.id).toBe("verb.gainMemory");
    expect(nearestDcgConstruct("[Your Turn] (Once a turn) gain 1 memory")?.id).toBe("structure.oncePerTurn");
    expect(nearestDcgConstruct("When this Digimon is blocked, gain 1 memroy.")?.group).toBe("lead");
  });

  it("returns null when the sentence shares no word with any example", () => {
    expect(nearestDcgConstruct("")).toBeNull();
    expect(nearestDcgConstruct("xyzzy plugh")).toBeNull();
  });

  it("is named by syntax errors", () => {
    const r = parseDcgBox("[Main] Delete 1 of your opponent's Digimon with 4000 DP or.");
    expect(r.units).toBeNull();
    expect(r.diagnostics[0]?.hint).toMatch(/^nearest known construct: .+, e\.g\. "/);
    expect(r.diagnostics[0]?.message).not.toMatch(/nearest/);
  });

  it("is fast enough to run on every syntax error", () => {
    nearestDcgConstruct("warm up");
    const t = performance.now();
    for (let i = 0; i < 1000; i++) nearestDcgConstruct("When one of your Digimon attacks, you may suspend this Tamer to delete 1 of your opponent's Digimon.");
    // One pass over a few hundred precomputed word sets: well under a millisecond a call.
    expect((performance.now() - t) / 1000).toBeLessThan(1);
  });
});
