/**
 * Compiled set modules play: the runtime loads a set compiled by `digiscript compile` as a
 * card source (`--cards dist/DS1`), wherever `--out` put it, and plays it exactly as the
 * `.dgs` source — the same cards (stats, text, effects) and, for the same decks and seed,
 * the same game digest, for every bundled set and both rulesets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSources } from "../compiler/check/set.ts";
import { loadCompiledSet } from "../compiler/cli/compiled.ts";
import { ROOT, runCli } from "./helpers.ts";

let dir: string;
let out: string;
const SETS = ["DBE", "DS1"];

beforeAll(async () => {
  // Outside the project, with no digiscript package above it: the CLI resolves the name itself.
  dir = mkdtempSync(join(tmpdir(), "digiscript-compiled-"));
  out = join(dir, "sets");
  const r = await runCli(ROOT, ["compile", "cards", "--out", out]);
  expect(r.code, r.stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("compiled set modules as a card source", () => {
  it("compiles every bundled set: the DBE ones (loaded below) and the DCG example (cards/dcg/example.dgs)", () => {
    expect(readdirSync(out).sort()).toEqual([...SETS, "DSX"].sort());
  });

  it("loads the same cards as the .dgs sources: stats, text and effects", async () => {
    const files = (readdirSync(join(ROOT, "cards"), { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
    const sets = checkSources(files.map((f) => ({ file: f, text: readFileSync(join(ROOT, "cards", f), "utf8") })));
    for (const code of SETS) {
      const compiled = await loadCompiledSet(join(out, code));
      const source = sets.find((s) => s.code === code)!;
      expect(compiled.code).toBe(code);
      expect(compiled.cards).toEqual(source.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
    }
  });

  const digestOf = (stdout: string) => (JSON.parse(stdout) as { digest: string }).digest;
  it.each([
    ["dbe", "dragon-rush", "nature-wall", 1],
    ["dbe", "dragon-core", "nature-core", 7],
    ["dmb", "dmb-dragon", "dmb-nature", 3],
  ] as const)("%s %s vs %s, seed %i: the same digest from the .dgs sources and from the compiled modules", async (ruleset, a, b, seed) => {
    const base = ["duel", "--ruleset", ruleset, "--deck", a, "--deck", b, "--seed", String(seed), "--json"];
    const fromSource = await runCli(ROOT, base);
    const fromModules = await runCli(ROOT, [...base, ...SETS.flatMap((s) => ["--cards", join(out, s)])]);
    expect(fromSource.code, fromSource.stderr).toBe(0);
    expect(fromModules.code, fromModules.stderr).toBe(0);
    expect(fromModules.stderr).toMatch(/note: set DS1 from .* replaces the bundled set DS1/);
    expect(digestOf(fromModules.stdout)).toBe(digestOf(fromSource.stdout));
  }, 120_000);

  it("a folder that holds something else than a compiled set is a clear error", async () => {
    const bad = join(dir, "bad");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "cards.ts"), "export const all = [];\n");
    writeFileSync(join(bad, "index.ts"), "export const set = { code: 'X', name: 'X', ruleset: 'dbe', cards: [{ nope: 1 }] };\n");
    const r = await runCli(ROOT, ["duel", "--cards", bad, "--deck", "dragon-rush", "--deck", "nature-wall"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: .*bad: card 1 of set X: no stats with a set number/m);
  }, 60_000);

  it("a card of a --cards set that reuses a bundled set number is an error naming both", async () => {
    const own = join(dir, "own");
    mkdirSync(own, { recursive: true });
    writeFileSync(join(own, "m.dgs"), "set MINE Mine\n\ncard DS1-001 Copymon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n");
    const r = await runCli(ROOT, ["duel", "--cards", own, "--deck", "dragon-rush", "--deck", "nature-wall"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("DS1-001 is Copymon in set MINE");
    expect(r.stderr).toContain("and Agumon in set DS1 (cards/dbe/starter.dgs)");
  }, 60_000);
});
