/**
 * DCG scenarios in the page, without the DOM: the form's battle-area lines, the builder calls
 * of a spec, the problems found before a run, the example played by agents (a <Blocker> block
 * and the battle it decides), the duel bench's position copied into a spec, and the exported
 * test — which runs and passes as written, with hostile names kept in their strings.
 */
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { checkDcgSources } from "../../../compiler/check/dcg/set.ts";
import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { bundledSets } from "../files/bundled.ts";
import { Session } from "../duel/session.ts";
import { newDcgDuelGame, prepareDcgDuel, type PreparedDcgDuel } from "../duel/dcg-setup.ts";
import { bundledDeck, workspaceDcgCards } from "../duel/test-cards.ts";
import { agentSeeds } from "../duel/setup.ts";
import { dcgScenarioTestCode, dcgOutcomeSummary } from "./dcg-codegen.ts";
import { checkDcgExport, dcgOutcomeOf, dcgPlanOf, dcgScenarioGame, dcgScenarioTasks, dcgSpecProblems, exampleDcgSpec, formatStacks, parseStacks, positionFromDcgGame, type DcgScenarioSpec } from "./dcg-spec.ts";

const cards = workspaceDcgCards();
const db = dcgCardDb(cards);
const EXAMPLE_SET = bundledSets().find((f) => f.name === "cards/dcg/example.dgs")!.text;

/** Run a DCG scenario in a session (agents answer). */
function run(spec: DcgScenarioSpec) {
  const s = new Session(() => dcgScenarioGame(db, spec), spec.answers, agentSeeds(spec.seed));
  while (s.step());
  return s;
}

/**
 * Execute an exported test: its imports replaced by the real modules, `describe`/`it` calling
 * their bodies at once, the real `expect`. Returns the names given to describe and it.
 */
function execute(code: string): string[] {
  const names: string[] = [];
  const js = ts.transpileModule(code.replace(/^import .*$/gm, ""), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const f = new Function("describe", "it", "expect", "checkDcgSources", "dcgCardDb", "DcgScenario", "DCG_EFFECTS", js);
  const call = (n: string, body: () => void) => {
    names.push(n);
    body();
  };
  f(call, call, expect, checkDcgSources, dcgCardDb, DcgScenario, DCG_EFFECTS);
  return names;
}

describe("the DCG scenario form's data", () => {
  it("reads and writes battle areas: one stack per line, bottom first, with suspended and played", () => {
    const stacks = parseStacks("DSX-002 DSX-003 suspended\n# a comment\n\n2x DSX-004 played\nDSX-006");
    expect(stacks).toEqual([
      { cards: ["DSX-002", "DSX-003"], suspended: true, played: false },
      { cards: ["DSX-004", "DSX-004"], suspended: false, played: true },
      { cards: ["DSX-006"], suspended: false, played: false },
    ]);
    expect(formatStacks(stacks)).toBe("DSX-002 DSX-003 suspended\n2x DSX-004 played\nDSX-006");
    expect(parseStacks(formatStacks(stacks))).toEqual(stacks);
  });

  it("turns a spec into the DCG builder's calls, stopping when the turn passes", () => {
    const spec = { ...exampleDcgSpec(), mainActions: 2, first: 1 as const };
    expect(dcgPlanOf(spec, null)).toEqual([
      { method: "turn", args: [3, 0] },
      { method: "first", args: [1] },
      { method: "memory", args: [0, 3] },
      { method: "battle", args: [0, ["DSX-002", "DSX-003"]] },
      { method: "put", args: [0, "deck", "DSX-007", "DSX-008"] },
      { method: "battle", args: [1, ["DSX-004"]] },
      { method: "put", args: [1, "deck", "DSX-008"] },
      { method: "put", args: [1, "security", "DSX-002", "DSX-006"] },
      { method: "stopAfterTurn", args: [3] },
    ]);
    expect(dcgScenarioTasks(spec)).toEqual([{ t: "dcg.main", only: true }, { t: "dcg.main", only: true }]);
  });

  it("names every problem before a run: unknown numbers by player and place, memory, steps, empty stacks", () => {
    const spec = exampleDcgSpec();
    expect(dcgSpecProblems(spec, db)).toEqual([]);
    spec.players[0].battle.push({ cards: [], suspended: false, played: false });
    spec.players[1].zones.hand = ["DSX-999"];
    spec.players[1].breeding = ["NOPE-1"];
    spec.memory = 11;
    spec.steps = [];
    expect(dcgSpecProblems(spec, db)).toEqual([
      "memory must be a whole number from −10 to 10 (002 §4-1-4), not 11",
      "choose at least one rules step to run",
      "P1 battle area, line 2: a Digimon or Tamer needs a card",
      "P2 breeding area: no DCG card of the workspace has the card number NOPE-1",
      "P2 hand: no DCG card of the workspace has the card number DSX-999",
    ]);
  });
});

describe("a DCG scenario", () => {
  it("plays the example: Tidewing's <Blocker> blocks Cinderhound's attack and loses the battle", () => {
    const spec = exampleDcgSpec();
    const s = run(spec);
    expect(s.status).toBe("halted");
    expect(s.history.map((h) => [h.player, h.kind, h.labels])).toEqual([
      [0, "mainAction", ["Attack with P1 Cinderhound → P2"]],
      [1, "block", ["Block with P2 Tidewing"]],
    ]);
    const o = dcgOutcomeOf(s.game, spec);
    expect(o.battle).toEqual([[{ cards: ["DSX-002", "DSX-003"], suspended: true }], []]);
    expect(o.zones).toContainEqual({ p: 1, zone: "trash", keys: ["DSX-004"] });
    expect(o.zones).toContainEqual({ p: 1, zone: "security", keys: ["DSX-002", "DSX-006"] });
    // Emberpup under Cinderhound: its inherited "When this Digimon attacks, gain 1 memory" (002 §4-3-4).
    expect(o.memory).toBe(4);
    expect(checkDcgExport(db, spec, s.history, o)).toBeNull();
    expect(dcgOutcomeSummary(o)).toBe("memory 4 on P1's side, 1 and 0 in the battle areas");
  });

  it("copies a duel's position: stacks, suspended state, zones, memory on the turn player's side", () => {
    const p = prepareDcgDuel(cards, [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
    const s = new Session(() => newDcgDuelGame(p, 4), ["random", "random"], agentSeeds(4));
    for (let i = 0; i < 25 && s.step(); i++);
    const g = s.game;
    const spec = positionFromDcgGame(g, "copied");
    expect(spec.turn).toBe(g.state.turn);
    expect(spec.turnPlayer).toBe(g.state.turnPlayer);
    expect(dcgSpecProblems(spec, db)).toEqual([]);
    // The builder places the same cards where the game has them.
    const copy = dcgScenarioGame(db, { ...spec, steps: ["main"] });
    for (const pl of [0, 1] as const) {
      for (const z of ["hand", "deck", "eggDeck", "security", "trash"]) expect(copy.zone(pl, z).map((id) => copy.card(id).def)).toEqual(g.zone(pl, z).map((id) => g.card(id).def));
      expect(dcgOutcomeOf(copy, spec).battle[pl]).toEqual(dcgOutcomeOf(g, spec).battle[pl]);
    }
    expect(dcgOutcomeOf(copy, spec).memory).toBe(dcgOutcomeOf(g, spec).memory);
  });
});

describe("dcgScenarioTestCode", () => {
  it("exports the example with its cards' text; the export passes as written", () => {
    const spec = exampleDcgSpec();
    const s = run(spec);
    const outcome = dcgOutcomeOf(s.game, spec);
    const blocks = ["DSX-002", "DSX-003", "DSX-004", "DSX-006", "DSX-007", "DSX-008"].map((n) => {
      const at = EXAMPLE_SET.indexOf(`card ${n} `);
      const next = EXAMPLE_SET.indexOf("\ncard ", at + 1);
      return EXAMPLE_SET.slice(at, next < 0 ? undefined : next).trim();
    });
    const code = dcgScenarioTestCode({ spec, plan: dcgPlanOf(spec, s.history), outcome, sets: [`set DSX DigiScript DCG Example\nruleset dcg\n\n${blocks.join("\n\n")}\n`] });
    expect(code).toContain('import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";');
    expect(code).toContain('      .script(0, ["Attack with P1 Cinderhound → P2"])');
    expect(code).toContain('      .script(1, ["Block with P2 Tidewing"])');
    expect(code).toContain('        { t: "dcg.main", only: true },');
    expect(execute(code)).toEqual([spec.name, "Main phase actions: memory 4 on P1's side, 1 and 0 in the battle areas"]);
  });

  it("keeps a hostile name and card text inside their string literals", () => {
    const evil = '"); throw new Error("escaped"); ("';
    const spec = { ...exampleDcgSpec(), name: `${evil} */ \`\${x}\`` };
    const s = run(spec);
    const code = dcgScenarioTestCode({ spec, plan: dcgPlanOf(spec, s.history), outcome: dcgOutcomeOf(s.game, spec), sets: [`set X ${evil}\nruleset dcg\n`] });
    const sf = ts.createSourceFile("x.test.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    expect((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const literals: string[] = [];
    const walk = (n: ts.Node): void => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literals.push(n.text);
      ts.forEachChild(n, walk);
    };
    walk(sf);
    expect(literals).toContain(spec.name);
    expect(literals.some((l) => l.includes(`set X ${evil}`))).toBe(true);
  });
});
