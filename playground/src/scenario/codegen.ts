/**
 * A scenario as a vitest file in the form of `tests/scenarios/*.test.ts`: `describe` named
 * after the position, `it` after the steps and the outcome, the builder calls of `spec.ts`
 * `planOf` (the same calls the page ran, answers scripted), then expectations on the outcome
 * the page observed (`spec.ts` `Outcome`).
 *
 * The code is produced from data only: every string — names, set numbers, option labels, the
 * designer's card text — is written by `JSON.stringify`, every number by `String` of a
 * finite number, and nothing from the data goes into a comment. A card name or text cannot
 * end a string literal or add code (a unit test feeds hostile names through it).
 */
import type { Json } from "../../../runtime/core/state.ts";
import type { BuilderCall, Outcome, ScenarioSpec } from "./spec.ts";
import { STEPS } from "./spec.ts";

/** A JSON value as TypeScript source: strings by `JSON.stringify`, plain keys bare. */
export function lit(v: Json): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(lit).join(", ")}]`;
  const entries = Object.entries(v).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${lit(x)}`);
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}

/** What an export is made of. */
export interface ExportInput {
  spec: ScenarioSpec;
  /** The builder calls, answers scripted (`planOf(spec, answers)`). */
  plan: BuilderCall[];
  /** The outcome the page observed. */
  outcome: Outcome;
  /**
   * `.dgs` card blocks of the designer's own cards the scenario uses ("" when it uses only
   * bundled cards): compiled by the test (`scenarioDb(extra)` in tests/scenarios/helpers.ts).
   */
  ownCards: string;
}

/** "P2 wins", "a draw", or the HP left: a short summary of an outcome for the test's name. */
export function outcomeSummary(o: Outcome): string {
  if (o.winner === "draw") return "the game is a draw";
  if (o.winner !== null) return `P${o.winner + 1} wins`;
  return `HP ${o.hp[0]} and ${o.hp[1]}, KO points ${o.ko[0]} and ${o.ko[1]}`;
}

/** The steps run, in words ("Support Phase 5 (resolve the supports), Battle Phase"). */
export function stepsSummary(spec: ScenarioSpec): string {
  return STEPS.filter((s) => spec.steps.includes(s.id)).map((s) => s.label.replace(/ \(.*\)$/, "")).join(", then ") || "no steps";
}

/** A file name for the exported test: the scenario's name in lower-case words, `.test.ts`. */
export function testFileName(name: string): string {
  const slug = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
  return `${slug || "scenario"}.test.ts`;
}

/**
 * The exported test file.
 * @returns TypeScript source for `tests/scenarios/<name>.test.ts`
 */
export function scenarioTestCode(x: ExportInput): string {
  const { spec, plan, outcome: o } = x;
  const out: string[] = [];
  out.push(
    "/**",
    " * A rules scenario exported from the DigiScript playground (Scenario panel). Save it in",
    " * tests/scenarios/ and run it with `npx vitest run <file>`. The expectations are the outcome",
    " * the playground observed: check them against the rules text, then keep them as a",
    " * regression test.",
    " */",
    'import { describe, expect, it } from "vitest";',
    'import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";',
    'import { powerOf } from "../../runtime/rulesets/dbe/continuous.ts";',
    'import { scenarioDb } from "./helpers.ts";',
    "",
  );
  if (x.ownCards) {
    out.push("/** The designer's own cards the scenario uses, compiled from their text (set TST in the test). */");
    out.push(`const OWN_CARDS = ${lit(x.ownCards)};`, "const db = scenarioDb(OWN_CARDS);", "");
  } else out.push("const db = scenarioDb();", "");
  out.push(`describe(${lit(spec.name)}, () => {`);
  out.push(`  it(${lit(`${stepsSummary(spec)}: ${outcomeSummary(o)}`)}, () => {`);
  out.push(`    const s = new DbeScenario(db, ${lit(spec.name)}${spec.seed !== 1 ? `, ${lit(spec.seed)}` : ""})`);
  const steps = plan.filter((c) => c.method === "steps");
  const rest = plan.filter((c) => c.method !== "steps");
  rest.forEach((c) => out.push(`      .${c.method}(${c.args.map(lit).join(", ")})`));
  if (steps.length) {
    out.push("      .steps(");
    for (const c of steps) for (const t of c.args) out.push(`        ${lit(t)},`);
    out.push("      );");
  } else out[out.length - 1] += ";";
  out.push("    const r = s.run();");
  out.push(`    expect(r.g.state.winner).toBe(${lit(o.winner)});`);
  if (o.endReason !== null) out.push(`    expect(r.g.state.endReason).toBe(${lit(o.endReason)});`);
  out.push(`    expect([r.player(0).hp, r.player(1).hp]).toEqual(${lit(o.hp)});`);
  out.push(`    expect([r.player(0).ko, r.player(1).ko]).toEqual(${lit(o.ko)});`);
  out.push(`    expect([r.player(0).flats, r.player(1).flats]).toEqual(${lit(o.flats)});`);
  const power = (p: 0 | 1) => (o.zones.some((z) => z.p === p && z.zone === "active" && z.keys.length) ? `    expect(powerOf(r.g, ${p})).toEqual(${lit(o.power[p])});` : null);
  for (const line of [power(0), power(1)]) if (line) out.push(line);
  for (const z of o.zones) out.push(`    expect(r.zone(${z.p}, ${lit(z.zone)})).toEqual(${lit(z.keys)});`);
  out.push("  });", "});", "");
  return out.join("\n");
}
