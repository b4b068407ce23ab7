/**
 * The DCG commands of the `digiscript` CLI, run as a subprocess on small files in a temporary
 * folder: `import dcg` (one set file per set, never into the project's committed files),
 * `check`/`compile` on DCG sets, `corpus dcg` (the rate, the report file, `--strict` as a CI
 * gate) and the DCG line of `build`.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpCard } from "./helpers.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const T = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in `cwd` (no colours). */
function cli(cwd: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(process.execPath, [BIN, ...args], { cwd, env }, (err, stdout, stderr) => done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }));
  });
}

/** Three cards with text: one compiles, one does not (its text), one compiles but lacks its DP. */
const DUMP = [
  dumpCard({ id: "BT1-010", effect: "[On Play] Gain 1 memory." }),
  dumpCard({ id: "BT1-011", name: "Broken", effect: "[Main] Frobnicate the widget zorp." }),
  dumpCard({ id: "ST1-01", set: "ST1", name: "No DP", dp: null, effect: "[On Play] Gain 1 memory." }),
  dumpCard({ id: "ST1-02", set: "ST1", name: "No Text", effect: "" }),
];

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-dcg-cli-"));
  writeFileSync(join(dir, "dump.json"), JSON.stringify(DUMP));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("digiscript import dcg", () => {
  it(
    "writes one .dgs file per set into --out, and they check",
    async () => {
      const r = await cli(dir, "import", "dcg", "dump.json", "--out", "sets");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("4 cards written to 2 set files in sets (BT1, ST1), 0 skipped;");
      expect(readdirSync(join(dir, "sets")).sort()).toEqual(["BT1.dgs", "ST1.dgs"]);
      const check = await cli(dir, "check", "sets");
      expect(check.code).toBe(1);
      expect(check.stdout).toMatch(/^sets\/BT1\.dgs:\d+:\d+ - error \S+: /m);
      expect(check.stdout).toMatch(/^sets\/ST1\.dgs:\d+:6 - error missing-field: Digimon ST1-01 needs a dp: field/m);
      expect(check.stdout).toMatch(/^BT1 \(dcg\)\s+2\s/m);
    },
    T,
  );

  it(
    "needs --out, refuses the project's committed files, and reports a malformed dump by card and field (exit 2)",
    async () => {
      const none = await cli(dir, "import", "dcg", "dump.json");
      expect(none.code).toBe(2);
      expect(none.stderr).toContain("give the folder with --out <dir>");
      const inside = await cli(dir, "import", "dcg", "dump.json", "--out", join(ROOT, "cards", "dcg-import-test"));
      expect(inside.code).toBe(2);
      expect(inside.stderr).toContain("inside the project's committed files");
      expect(existsSync(join(ROOT, "cards", "dcg-import-test"))).toBe(false);
      writeFileSync(join(dir, "bad.json"), JSON.stringify([dumpCard({ dp: "lots" })]));
      const bad = await cli(dir, "import", "dcg", "bad.json", "--out", "bad");
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^error: bad\.json: malformed dcg card data \(1 problem\):\n {2}card BT1-010 \(cards\[0\]\)\.dp: /);
    },
    T,
  );
});

describe("digiscript compile on DCG sets", () => {
  it(
    "writes <out>/<SET>/cards.json with the compiled cards",
    async () => {
      mkdirSync(join(dir, "c"), { recursive: true });
      writeFileSync(join(dir, "c", "t.dgs"), "set T1 Test\nruleset dcg\n\ncard T1-001 Tai\n  kind: Tamer\n  color: Red\n  playcost: 2\n");
      const r = await cli(join(dir, "c"), "compile", "t.dgs", "--out", "out", "--json");
      expect(r.code, r.stdout).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ sets: 1, cards: 1, compiled: 1, errors: [] });
      expect(JSON.parse(readFileSync(join(dir, "c", "out", "T1", "cards.json"), "utf8")).cards[0].stats.name).toBe("Tai");
    },
    T,
  );
});

describe("digiscript corpus dcg", () => {
  it(
    "prints the rate, writes the report with each failing card's first text diagnostic, and gates with --strict",
    async () => {
      const r = await cli(dir, "corpus", "dcg", "--data", "dump.json", "--out", "corpus");
      expect(r.code, r.stderr).toBe(0);
      // 3 cards with text; Broken's text does not compile; No DP's text does (its DP is the dump's gap).
      expect(r.stdout).toContain("DCG corpus: 2/3 cards with text compile (66.7%); 1 failing card, each with its first diagnostic, in corpus/failures.txt");
      const report = readFileSync(join(dir, "corpus", "failures.txt"), "utf8");
      expect(report).toMatch(/^BT1-011 Broken: corpus\/sets\/BT1\.dgs:\d+:\d+ - error /m);
      expect(report).toMatch(/^ST1-01 No DP: corpus\/sets\/ST1\.dgs:\d+:\d+ - error missing-field: /m);
      expect(existsSync(join(dir, "corpus", "compiled", "BT1", "cards.json"))).toBe(true);

      const strict = await cli(dir, "corpus", "dcg", "--data", "dump.json", "--out", "corpus", "--strict", "95");
      expect(strict.code).toBe(1);
      expect(strict.stdout).toContain("DCG corpus target ≥ 95%: NOT met (66.7%)");
      const met = await cli(dir, "corpus", "dcg", "--data", "dump.json", "--out", "corpus", "--strict", "60", "--list");
      expect(met.code).toBe(0);
      expect(met.stdout).toContain("DCG corpus target ≥ 60%: met");
      expect(met.stdout).toMatch(/^ {2}BT1-011 Broken: /m);
    },
    T,
  );

  it(
    "exit 2 for a missing dump or a bad --strict",
    async () => {
      expect((await cli(dir, "corpus", "dcg", "--data", "nope.json", "--out", "x")).code).toBe(2);
      expect((await cli(dir, "corpus", "dcg", "--data", "dump.json", "--strict", "lots")).code).toBe(2);
      expect((await cli(dir, "corpus", "dbe")).code).toBe(2);
    },
    T,
  );

  it(
    "build prints the DCG rate beside the PlayStation one (--dcg-corpus), and skips it with --no-dcg-corpus",
    async () => {
      mkdirSync(join(dir, "b", "cards"), { recursive: true });
      const r = await cli(dir, "build", "--cards", "b/cards", "--out", "b/dist", "--no-corpus", "--dcg-corpus", "dump.json");
      expect(r.code, r.stdout + r.stderr).toBe(0);
      // --no-corpus skips both corpora.
      expect(r.stdout).not.toContain("DCG corpus:");
      const dcg = await cli(dir, "build", "--cards", "b/cards", "--out", "b/dist", "--corpus", "none.json", "--dcg-corpus", "dump.json");
      expect(dcg.code).toBe(2);
      const ok = await cli(dir, "build", "--cards", "b/cards", "--out", "b/dist", "--dcg-corpus", "dump.json");
      expect(ok.stdout).toContain("DCG corpus: 2/3 cards with text compile (66.7%); 1 failing card, each with its first diagnostic, in b/dist/corpus/dcg/failures.txt");
      expect(ok.stdout).toMatch(/^DCG \(corpus, 2 sets\)\s+4\s/m);
      const skip = await cli(dir, "build", "--cards", "b/cards", "--out", "b/dist", "--no-dcg-corpus");
      expect(skip.stdout).not.toContain("DCG corpus");
    },
    T,
  );
});
