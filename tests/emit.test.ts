/**
 * The emitter: a small set compiled to TypeScript in a temporary folder outside the
 * project, type-checked in strict mode, then imported: every handler must rebuild
 * exactly the IR the checker produced, and the generated file must carry each card's
 * text as comments.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitSet, cardIdent } from "../compiler/emit/index.ts";
import type { CheckedSet } from "../compiler/api.ts";
import type { SetModule } from "../runtime/handlers.ts";
import { checkOne, linkPackage, ROOT, tscCheck } from "./helpers.ts";

const SOURCE = `# A small set exercising costs, If/If not, timings, Turbo, evo entries and abilities.
set EMT "Emit Test"

card EMT-1 Agumon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 500
  circle: Spitfire 300
  triangle: Claw 200
  cross: Pepper Breath 100 | Counter Circle
  partner: yes
  timing: SUPPORT
  text: Trash 3: Opponent discards 2.
    If own Level is R, Boost own Power +300. If not, Draw 1.

card EMT-2 Greymon
  kind: Digimon
  level: C
  type: Dragon
  subtypes: Nature
  dp: 20
  +p: 20
  hp: 1000
  circle: Mega Flame 600
  triangle: Horn Attack 400
  cross: Tail Whip 200 | Dragon x3 VS
  evo: Agumon
  evo: Draw 2: Agumon
  evo: DP -10
  evo: ∞ Power +40: Agumon
  timing: PASSIVE
  text: Own Prep Phase: Draw 1.
    Passive: When opponent discards, Draw 1.
    [1/Turn] Discard 1: Draw 2.

card EMT-3 Turbo Chip
  kind: Option
  timing: SUPPORT
  text: Turbo: Discard 1. Boost own Power +100 for each card in own DP.

card EMT-4 Rush Chip
  kind: Option Firewall
  timing: SUPPORT
  text: Turbo Support and Boost opponent's Power +200. Void a Digimon Support.

card EMT-5 MetalGreymon
  kind: Digimon
  level: U
  type: Metal
  +p: 30
  hp: 1500
  circle: Giga Blaster 900
  triangle: Metal Claw 600
  cross: Trident Arm 300 | Jamming
  evo: DNA: Greymon + Metal Level C
  timing: ACTIVATE
  text: Must Trash 6: Recover own HP +1000.
    If own HP is less than opponent's HP, Recover own HP +300; Otherwise, Draw 1.
    (Ignore costs.)
    Support: Pay 10 DP from this: Void a Digimon Support.

card EMT-6 Evolve Chip
  kind: Evolution
  timing: EVOLVE
  text: When evolving by DP, Delete this card. After evolving, Recover own HP +200. Do not use with Level M.

card EMT-7 Sun Side
  kind: Option
  flip: Star initial
  text: Any Phase: Take 1 Evolution from deck.

card EMT-7 Moon Side
  kind: Option
  flip: Moon
  text: Evolve Phase: Evolve to a valid C from deck.

card EMT-8 Broken
  kind: Digimon
  level: R
  type: Dragon
  +p: 10
  hp: 300
  circle: A 10
  triangle: B 10
  cross: C 10
  timing: SUPPORT
  text: Frobnicate the deck.
`;

let out: string;
let dir: string;
let set: CheckedSet;
let cardsTs: string;

beforeAll(async () => {
  set = checkOne(SOURCE, "emit-test.dgs");
  out = await mkdtemp(join(tmpdir(), "digiscript-emit-"));
  linkPackage(out);
  await emitSet(set, out);
  dir = join(out, "EMT");
  cardsTs = await readFile(join(dir, "cards.ts"), "utf8");
});

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe("emitSet", () => {
  it("the test set checks as intended: only the broken card has errors", () => {
    const errors = set.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.code)).toEqual(["parse"]);
    expect(errors[0]!.line).toBe(SOURCE.split("\n").findIndex((l) => l.includes("Frobnicate")) + 1);
    expect(set.cards.map((c) => [c.stats.setNumber, c.ok])).toEqual([
      ["EMT-1", true],
      ["EMT-2", true],
      ["EMT-3", true],
      ["EMT-4", true],
      ["EMT-5", true],
      ["EMT-6", true],
      ["EMT-7", true],
      ["EMT-7", true],
      ["EMT-8", false],
    ]);
  });

  it("writes the set's files into <out>/<code>/, outside the project", () => {
    expect(resolve(out).startsWith(ROOT + "/")).toBe(false);
    for (const f of ["cards.ts", "index.ts", "registry.ts", "cards.json"]) expect(existsSync(join(dir, f)), f).toBe(true);
  });

  it("imports the runtime by the package's own name, so the output works wherever it is written", async () => {
    for (const f of ["cards.ts", "index.ts", "registry.ts"]) {
      const text = await readFile(join(dir, f), "utf8");
      const specs = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
      const runtime = specs.filter((s) => !s.startsWith("./"));
      expect(runtime.length, f).toBeGreaterThan(0);
      for (const s of runtime) expect(s, f).toBe("digiscript/handlers");
    }
    // The package's export map resolves that name to runtime/handlers.ts.
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { name: string; exports: Record<string, string> };
    expect(pkg.name).toBe("digiscript");
    expect(resolve(ROOT, pkg.exports["./handlers"]!)).toBe(join(ROOT, "runtime", "handlers.ts"));
  });


  it("type-checks in strict mode with noUnusedLocals", async () => {
    const r = await tscCheck([join(dir, "cards.ts"), join(dir, "index.ts"), join(dir, "registry.ts")]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
  }, 90_000);

  it("every handler rebuilds the checker's IR", async () => {
    const mod = (await import(pathToFileURL(join(dir, "index.ts")).href)) as { set: SetModule; default: SetModule };
    const s = mod.set;
    expect(mod.default).toBe(s);
    expect(s.code).toBe("EMT");
    expect(s.name).toBe("Emit Test");
    expect(s.ruleset).toBe("dbe");
    const ok = set.cards.filter((c) => c.ok);
    expect(s.cards).toHaveLength(ok.length);
    ok.forEach((c, i) => {
      const m = s.cards[i]!;
      expect(m.stats).toEqual(c.stats);
      expect(m.text).toBe(c.text);
      expect(m.handlers).toHaveLength(c.effects.length);
      expect(m.handlers.map((h) => h())).toEqual(c.effects);
      // a handler builds a fresh tree each call
      if (m.handlers.length > 0) expect(m.handlers[0]!()).not.toBe(m.handlers[0]!());
    });
  });

  it("the registry keys cards by set number, flip sides by number/side", async () => {
    const reg = (await import(pathToFileURL(join(dir, "registry.ts")).href)) as { registry: Record<string, { stats: { name: string } }> };
    expect(Object.keys(reg.registry).sort()).toEqual(["EMT-1", "EMT-2", "EMT-3", "EMT-4", "EMT-5", "EMT-6", "EMT-7/Moon", "EMT-7/Star"]);
    expect(reg.registry["EMT-7/Star"]!.stats.name).toBe("Sun Side");
    expect(reg.registry["EMT-7/Moon"]!.stats.name).toBe("Moon Side");
  });

  it("cards.json holds the same stats and IR", async () => {
    const json = JSON.parse(await readFile(join(dir, "cards.json"), "utf8")) as { code: string; cards: unknown[] };
    expect(json.code).toBe("EMT");
    expect(json.cards).toEqual(set.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
  });

  it("the generated file carries each card's text as a comment", () => {
    const comments = [...cardsTs.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((m) => m[0]);
    const lineComments = [...cardsTs.matchAll(/\/\/ (.*)$/gm)].map((m) => m[1]!.trim());
    for (const c of set.cards.filter((x) => x.ok)) {
      const block = comments.find((b) => b.includes(`${c.stats.setNumber} ${c.stats.name}`));
      expect(block, `doc comment of ${c.stats.setNumber} ${c.stats.name}`).toBeDefined();
      for (const line of c.text.split("\n")) expect(block!).toContain(` * ${line}`);
      // each sentence beside its handler
      for (const e of c.effects) expect(lineComments).toContain(e.text.replace(/\n/g, " "));
      expect(cardsTs).toContain(`export const ${cardIdent(c)}: CardModule`);
    }
  });

  it("leaves out cards with errors", () => {
    expect(cardsTs).not.toContain("Frobnicate");
    expect(cardsTs).not.toContain("EMT_8");
  });
});
