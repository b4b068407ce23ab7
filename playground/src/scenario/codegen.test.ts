/**
 * The exported scenario test: it runs and passes as written (its builder calls and
 * expectations executed here with the real builder, cards and `expect`), and hostile card
 * names and texts cannot leave their string literals.
 */
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { DbeScenario } from "../../../runtime/rulesets/dbe/scenario.ts";
import { powerOf } from "../../../runtime/rulesets/dbe/continuous.ts";
import { scenarioDb } from "../../../tests/scenarios/helpers.ts";
import { Session } from "../duel/session.ts";
import { lit, scenarioTestCode, testFileName } from "./codegen.ts";
import { checkExport, exampleSpec, outcomeOf, planOf, scenarioGame, type ScenarioSpec } from "./spec.ts";

/** Run a scenario in a session (agents answer) and export it. */
function exportOf(spec: ScenarioSpec, db = scenarioDb(), ownCards = "") {
  const s = new Session(() => scenarioGame(db, spec), spec.answers, [1, 2]);
  while (s.step());
  expect(["halted", "over"]).toContain(s.status);
  const outcome = outcomeOf(s.game, spec);
  expect(checkExport(db, spec, s.history, outcome)).toBeNull();
  return { code: scenarioTestCode({ spec, plan: planOf(spec, s.history), outcome, ownCards }), outcome, history: s.history };
}

/**
 * Execute an exported test: its imports replaced by the real modules, `describe`/`it` calling
 * their bodies at once, the real `expect`. Returns the names given to describe and it.
 */
function execute(code: string): string[] {
  const names: string[] = [];
  const js = ts.transpileModule(code.replace(/^import .*$/gm, ""), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const run = new Function("describe", "it", "expect", "DbeScenario", "powerOf", "scenarioDb", js);
  const call = (n: string, f: () => void) => {
    names.push(n);
    f();
  };
  run(call, call, expect, DbeScenario, powerOf, scenarioDb);
  return names;
}

/** Every string literal of a TypeScript source, and whether it parsed without errors. */
function strings(code: string): { literals: string[]; identifiers: Set<string>; parseErrors: number; statements: number } {
  const sf = ts.createSourceFile("x.test.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const literals: string[] = [];
  const identifiers = new Set<string>();
  const walk = (n: ts.Node): void => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literals.push(n.text);
    if (ts.isIdentifier(n)) identifiers.add(n.text);
    ts.forEachChild(n, walk);
  };
  walk(sf);
  const parseErrors = (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
  return { literals, identifiers, parseErrors, statements: sf.statements.length };
}

describe("scenarioTestCode", () => {
  it("exports the example in the builder's form, and the export passes as written", () => {
    const spec = exampleSpec();
    const { code } = exportOf(spec);
    expect(code).toContain('import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";');
    expect(code).toContain(`describe(${JSON.stringify(spec.name)}, () => {`);
    expect(code).toContain('.active(0, "DS1-001", { attack: "circle" })');
    expect(code).toContain('.support(0, "DS1-032")');
    expect(code).toContain('{ t: "dbe.support.resolve" },');
    expect(code).toContain("const r = s.run();");
    expect(code).toMatch(/expect\(\[r\.player\(0\)\.hp, r\.player\(1\)\.hp\]\)\.toEqual\(\[\d+, \d+\]\);/);
    expect(strings(code).parseErrors).toBe(0);
    expect(execute(code)).toEqual([spec.name, expect.stringMatching(/^Support Phase 5, then Battle Phase: /)]);
  });

  it("scripts the answers given (by label) so the exported run asks nothing unscripted", () => {
    const spec = exampleSpec();
    spec.steps = ["strategy", "supportPlay", "supportResolve", "battle"];
    spec.players[0].attack = null;
    spec.players[1].attack = null;
    spec.players[0].zones.support = [];
    spec.players[0].zones.hand = ["DS1-032", "DS1-033"];
    const { code, history } = exportOf(spec);
    expect(history.length).toBeGreaterThan(2);
    expect(code).toMatch(/\.script\(0, \[".*"\]/);
    expect(execute(code)).toHaveLength(2);
  });

  it("a hostile card name or text cannot break out of its string literal", () => {
    const hostile = [
      `Evil"); globalThis.pwned = 1; ("`,
      "Tick`${globalThis.pwned = 2}`",
      "Back\\slash\\\"); globalThis.pwned = 3; //",
      "New\nline */ globalThis.pwned = 4; /*",
      "Sep\u2028\u2029arators </script>",
    ];
    for (const name of hostile) {
      const card = `card TST-666 ${name.replace(/[\n\u2028\u2029]/g, " ")}\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +100.\n`;
      const db = scenarioDb(card);
      const spec = exampleSpec();
      spec.name = name;
      spec.players[0].zones.support = ["TST-666"];
      const { code } = exportOf(spec, db, card);
      const parsed = strings(code);
      expect(parsed.parseErrors).toBe(0);
      // The name is a whole string literal (describe, the builder), the card text another.
      expect(parsed.literals).toContain(name);
      expect(parsed.literals).toContain(card);
      // Nothing of the name became code: no identifier from it, and the same statements.
      expect(parsed.identifiers.has("pwned")).toBe(false);
      expect(parsed.identifiers.has("globalThis")).toBe(false);
      expect(parsed.statements).toBe(7); // 4 imports, OWN_CARDS, db, describe
      (globalThis as { pwned?: number }).pwned = 0;
      expect(execute(code)[0]).toBe(name);
      expect((globalThis as { pwned?: number }).pwned).toBe(0);
    }
  });

  it("writes literals from data and names the file from the scenario", () => {
    expect(lit({ a: "x\"y", "b-c": [1, null, true] })).toBe('{ a: "x\\"y", "b-c": [1, null, true] }');
    expect(() => lit(Number.NaN)).toThrow(/finite/);
    expect(testFileName('Dragon Claw "boosts" Agumon (FAQ)')).toBe("dragon-claw-boosts-agumon-faq.test.ts");
    expect(testFileName("***")).toBe("scenario.test.ts");
  });
});
