/**
 * A DCG scenario as a vitest file for `tests/scenarios/dcg/`: `describe` named after the
 * position, `it` after the steps and the outcome, the cards the scenario uses compiled from
 * their `.dgs` text in the test (`checkDcgSources`: the example set and the designer's own sets
 * are not card data of the project, so the test carries their card blocks), the builder calls of
 * `dcg-spec.ts` `dcgPlanOf` (the same calls the page ran, answers scripted) on a `DcgScenario`
 * played by the effect model, then expectations on the outcome the page observed.
 *
 * As `codegen.ts`: the code is produced from data only — every string by `JSON.stringify`,
 * every number by `String` of a finite number, nothing from the data in a comment.
 */
import { lit, testFileName } from "./codegen.ts";
import { DCG_STEPS, type DcgBuilderCall, type DcgOutcome, type DcgScenarioSpec } from "./dcg-spec.ts";

export { testFileName };

/** What a DCG export is made of. */
export interface DcgExportInput {
  spec: DcgScenarioSpec;
  /** The builder calls, answers scripted (`dcgPlanOf(spec, answers)`). */
  plan: DcgBuilderCall[];
  outcome: DcgOutcome;
  /**
   * The `.dgs` text of the cards the scenario uses: one text per set (its `set` and
   * `ruleset dcg` lines, then its card blocks).
   */
  sets: string[];
}

/** "P2 wins", "a draw", or the memory and battle areas: a short summary of an outcome for the test's name. */
export function dcgOutcomeSummary(o: DcgOutcome): string {
  if (o.winner !== null && !(o.winner === "draw" && /turn limit/.test(o.endReason ?? ""))) return o.winner === "draw" ? "the game is a draw" : `P${o.winner + 1} wins`;
  const side = o.memory === 0 ? "memory 0" : `memory ${Math.abs(o.memory)} on P${o.memory > 0 ? 1 : 2}'s side`;
  return `${side}, ${o.battle[0].length} and ${o.battle[1].length} in the battle areas`;
}

/** The steps run, in words ("Draw phase, then Main phase actions ×2"). */
export function dcgStepsSummary(spec: DcgScenarioSpec): string {
  return DCG_STEPS.filter((s) => spec.steps.includes(s.id)).map((s) => `${s.label.replace(/ \(.*\)$/, "")}${s.id === "main" && spec.mainActions > 1 ? ` ×${spec.mainActions}` : ""}`).join(", then ") || "no steps";
}

/**
 * The exported test file.
 * @returns TypeScript source for `tests/scenarios/dcg/<name>.test.ts`
 */
export function dcgScenarioTestCode(x: DcgExportInput): string {
  const { spec, plan, outcome: o } = x;
  const out: string[] = [
    "/**",
    " * A DCG rules scenario exported from the DigiScript playground (Scenario panel). Save it in",
    " * tests/scenarios/dcg/ and run it with `npx vitest run <file>`. The expectations are the",
    " * outcome the playground observed: check them against the rules text (002), then keep them",
    " * as a regression test.",
    " */",
    'import { describe, expect, it } from "vitest";',
    'import { checkDcgSources } from "../../../compiler/check/dcg/set.ts";',
    'import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";',
    'import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";',
    'import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";',
    "",
    "/** The cards the scenario uses, compiled from their text (one set per text). */",
    `const SETS = ${lit(x.sets)};`,
    'const db = dcgCardDb(checkDcgSources(SETS.map((text, i) => ({ file: `set-${i}.dgs`, text }))).flatMap((s) => s.cards.filter((c) => c.ok)));',
    "",
    `describe(${lit(spec.name)}, () => {`,
    `  it(${lit(`${dcgStepsSummary(spec)}: ${dcgOutcomeSummary(o)}`)}, () => {`,
    `    const s = new DcgScenario(db, ${lit(spec.name)}, ${lit(spec.seed)}, DCG_EFFECTS)`,
  ];
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
  out.push(`    expect(r.memory(0)).toBe(${lit(o.memory)});`);
  for (const p of [0, 1] as const) {
    out.push(`    expect(r.battle(${p}).map((x) => ({ cards: r.stack(x), suspended: x.suspended }))).toEqual(${lit(o.battle[p].map((b) => ({ cards: b.cards, suspended: b.suspended })))});`);
    const br = o.breeding[p];
    out.push(br ? `    expect(r.stack(r.breeding(${p})!)).toEqual(${lit(br)});` : `    expect(r.breeding(${p})).toBeNull();`);
  }
  for (const z of o.zones) out.push(`    expect(r.zone(${z.p}, ${lit(z.zone)})).toEqual(${lit(z.keys)});`);
  out.push("  });", "});", "");
  return out.join("\n");
}
