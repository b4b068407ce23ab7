/**
 * Security, items 2 and 3: what a set file names never leaves the output folder, never
 * overwrites another set, and always becomes code that compiles.
 *
 * - Set codes that are paths (`..`, `A/B`, `.`), that differ only in case, and set numbers
 *   that are paths, are refused with a diagnostic at the code; nothing is written outside
 *   `--out`, and no set silently replaces another.
 * - Set numbers that collide with identifiers the generated module declares or imports
 *   (`all`, `n`, `act`, `CardModule`), with reserved words (`class`, `eval`), or with each
 *   other after mapping (`A-1` and a flip side), compile to code that type-checks and
 *   imports. (docs/security.md; grammar/identity.ts; compiler/emit/names.ts)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSources } from "../../compiler/check/set.ts";
import { cardIdent } from "../../compiler/emit/index.ts";
import { setNumberProblem } from "../../grammar/identity.ts";
import { linkPackage, runCli, tscCheck } from "../helpers.ts";
import type { SetModule } from "../../runtime/handlers.ts";

const CARD = (n: string, extra = "") => `card ${n} Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n${extra}`;
const set = (code: string, ...cards: string[]) => `set ${code} Test\nruleset dbe\n\n${cards.join("\n")}`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-out-"));
  linkPackage(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under a folder, relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).sort();
}

describe("set codes and set numbers are names, never paths", () => {
  it.each([
    ["..", "bad-set-code"],
    [".", "bad-set-code"],
    ["A/B", "bad-set-code"],
    ["A_B", "bad-set-code"],
    ["A*", "bad-set-code"],
    ["-A", "bad-set-code"],
    ["CON", "bad-set-code"],
    ["x".repeat(33), "bad-set-code"],
  ])("set code %j is refused at the code", (code, diag) => {
    const [s] = checkSources([{ file: "t.dgs", text: set(code, CARD("T-1")) }]);
    const d = s!.diagnostics.find((x) => x.code === diag);
    expect(d, JSON.stringify(s!.diagnostics)).toBeDefined();
    expect(d!.line).toBe(1);
    expect(d!.col).toBe(5);
  });

  it.each(["../x", "A/1", "A_1", "A--1", "A-", "-A", "A.1"])("set number %j is refused", (n) => {
    const [s] = checkSources([{ file: "t.dgs", text: set("T", CARD(n)) }]);
    expect(s!.diagnostics.some((d) => d.severity === "error" && (d.code === "bad-set-number" || d.code === "card-header")), JSON.stringify(s!.diagnostics)).toBe(true);
    expect(s!.cards.filter((c) => c.ok)).toEqual([]);
  });

  it("a set number is allowed exactly when it matches /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/ (every string of up to 5 characters of a small alphabet)", () => {
    const shape = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
    const alphabet = ["a", "Z", "0", "9", "-", "_", " ", ".", "é", "/"];
    const wrong: string[] = [];
    let strings = [""];
    for (let len = 0; len <= 5; len++) {
      for (const s of strings) if ((setNumberProblem(s) === null) !== (s.length > 0 && shape.test(s))) wrong.push(s);
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
    }
    expect(wrong).toEqual([]);
  });

  it("`compile` writes nothing outside --out for hostile codes, and two codes equal but for case are both refused", async () => {
    const root = join(dir, "paths");
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(join(root, "src", "a.dgs"), set("..", CARD("E-1")));
    writeFileSync(join(root, "src", "b.dgs"), set("A/B", CARD("E-1")));
    writeFileSync(join(root, "src", "c.dgs"), set("Dup", CARD("D-1")));
    writeFileSync(join(root, "src", "d.dgs"), set("DUP", CARD("D-2")));
    writeFileSync(join(root, "src", "e.dgs"), set("Fine", CARD("F-1")));
    const before = filesUnder(root);
    const r = await runCli(join(root, "src"), ["compile", ".", "--out", "../out/inner"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad-set-code/);
    expect(r.stdout).toMatch(/set-code-clash: set code Dup differs from DUP only in case/);
    const after = filesUnder(root);
    const added = after.filter((f) => !before.includes(f));
    // Only the one good set, inside --out.
    expect(added.filter((f) => !f.startsWith("out"))).toEqual([]);
    expect(filesUnder(join(root, "out", "inner"))).toEqual(["Fine", "Fine/cards.json", "Fine/cards.ts", "Fine/index.ts", "Fine/registry.ts"]);
  }, 60_000);

  it("`compile --out <a file>` says it cannot write there, without a stack trace", async () => {
    const root = join(dir, "outfile");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "t.dgs"), set("T", CARD("T-1")));
    writeFileSync(join(root, "taken"), "not a folder");
    const r = await runCli(root, ["compile", "t.dgs", "--out", "taken"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot write the output of set T to taken\/T: /m);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  }, 60_000);
});

describe("identifiers of generated code", () => {
  const NUMBERS = ["all", "n", "act", "eval", "class", "CardModule", "set", "registry", "A-1", "a-1", "1", "01-1", "_x".slice(1), "Infinity", "await", "default"];

  it("are distinct for distinct set numbers and flip sides, and never a reserved or declared name", () => {
    const cards = [...NUMBERS.map((n) => ({ stats: { setNumber: n, flip: null } })), { stats: { setNumber: "A-1", flip: { side: "Star" as const, initial: true } } }, { stats: { setNumber: "A-1-Star", flip: null } }];
    const ids = cards.map((c) => cardIdent(c as never));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(ids).toContain("_all");
    expect(ids).toContain("_class");
    expect(ids).toContain("_1");
    expect(ids).toContain("A_1__Star");
    expect(ids).toContain("A_1_Star");
  });

  it("a set of such cards compiles, type-checks in strict mode and imports with every card", async () => {
    const root = join(dir, "idents");
    mkdirSync(root, { recursive: true });
    const flip = (side: string, initial: boolean) =>
      `card A-1 Flipmon\n  kind: Digimon\n  level: R\n  type: Nature\n  +p: 10\n  hp: 300\n  circle: A 10\n  triangle: B 10\n  cross: C 10\n  flip: ${side}${initial ? " initial" : ""}\n  timing: SUPPORT\n  text: Draw 1.\n`;
    writeFileSync(join(root, "t.dgs"), set("ID", ...NUMBERS.filter((n) => n !== "A-1").map((n) => CARD(n)), flip("Star", true), flip("Moon", false), CARD("A-1-Star")));
    const r = await runCli(root, ["compile", "t.dgs", "--out", "out"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const files = ["cards.ts", "index.ts", "registry.ts"].map((f) => join(root, "out", "ID", f));
    const t = await tscCheck(files, 120_000);
    expect(t.stdout + t.stderr).toBe("");
    const mod = (await import(pathToFileURL(files[1]!).href)) as { set: SetModule };
    expect(mod.set.cards.map((c) => c.stats.setNumber).sort()).toEqual([...NUMBERS.filter((n) => n !== "A-1"), "A-1", "A-1", "A-1-Star"].sort());
  }, 180_000);
});
