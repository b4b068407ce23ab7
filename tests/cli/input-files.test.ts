/**
 * What the CLI does with input files a new user may give it: a binary or non-UTF-8 file is one
 * diagnostic at 1:1 (not thousands of parse errors), an empty `.dgs` file is a warning, and a
 * `--deck` argument naming an existing file is read as a deck list whatever its extension.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_SET_HEADER, cliGoodCard, ROOT, runCli } from "../helpers.ts";
import { notTextReason } from "../../compiler/cli/files.ts";
import { emptyFileWarnings } from "../../compiler/cli/compile.ts";
import { deckPath, DECKS_DIR } from "../../compiler/cli/decks.ts";
import { dcgDeckPath } from "../../compiler/cli/dcg.ts";

const GOOD = CLI_SET_HEADER + cliGoodCard("001");

/** `n` pseudo-random bytes (a fixed seed, so the test is the same every run), NUL bytes among them. */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x2545f491;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  out[10] = 0;
  return out;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-input-"));
  writeFileSync(join(dir, "good.dgs"), GOOD);
  writeFileSync(join(dir, "garbage.dgs"), noise(200_000));
  // Latin-1 "café", no NUL byte: not valid UTF-8.
  writeFileSync(join(dir, "latin1.dgs"), Buffer.from([...Buffer.from(GOOD.slice(0, 30)), 0x63, 0x61, 0x66, 0xe9, 0x0a]));
  writeFileSync(join(dir, "empty.dgs"), "");
  writeFileSync(join(dir, "comments.dgs"), "# nothing yet\n\n");
  writeFileSync(join(dir, "header-only.dgs"), 'set HDR "Header only"\n');
  writeFileSync(join(dir, "garbage.deck"), noise(3_000));
  copyFileSync(join(ROOT, "cards/dbe/decks/dragon-core.deck"), join(dir, "mydeck.txt"));
  copyFileSync(join(ROOT, "cards/dcg/decks/st1-gaia-red.deck"), join(dir, "red.txt"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a file that is not text", () => {
  it("notTextReason names NUL bytes and invalid UTF-8, and accepts UTF-8 text (a BOM too)", () => {
    expect(notTextReason(Buffer.from("set A\0"))).toBe("it holds NUL bytes");
    expect(notTextReason(Buffer.from([0x63, 0xe9, 0x0a]))).toBe("it is not valid UTF-8");
    expect(notTextReason(Buffer.from("\ufeffset DS1 \"Café\"\n"))).toBeNull();
    expect(notTextReason(Buffer.alloc(0))).toBeNull();
  });

  it("check on 200 KB of random bytes: one error at 1:1 naming the file, exit 1", async () => {
    const r = await runCli(dir, ["check", "garbage.dgs"]);
    expect(r.code, r.stderr).toBe(1);
    const diags = r.stdout.split("\n").filter((l) => /^\S+:\d+:\d+ - /.test(l));
    expect(diags).toEqual(['garbage.dgs:1:1 - error not-text: "garbage.dgs" is not a text file (it holds NUL bytes): it is not read']);
    expect(r.stdout).toContain("0/0 cards compiled, 1 error, 0 warnings in 1 file");
    expect(r.stdout.split("\n").length).toBeLessThan(15);
  });

  it("--json: one diagnostic for each file that is not text; the text files beside them are checked", async () => {
    const r = await runCli(dir, ["check", "--json", "good.dgs", "garbage.dgs", "latin1.dgs"]);
    expect(r.code, r.stderr).toBe(1);
    const j = JSON.parse(r.stdout) as { cards: number; compiled: number; errors: { file: string; line: number; col: number; code: string; message: string }[]; diagnostics: unknown[] };
    expect(j.cards).toBe(1);
    expect(j.compiled).toBe(1);
    expect(j.diagnostics).toHaveLength(2);
    expect(j.errors.map((e) => [e.file, e.line, e.col, e.code])).toEqual([
      ["garbage.dgs", 1, 1, "not-text"],
      ["latin1.dgs", 1, 1, "not-text"],
    ]);
    expect(j.errors[1]!.message).toBe('"latin1.dgs" is not a text file (it is not valid UTF-8): it is not read');
  });

  it("a folder holding a binary .dgs file: the same one error", async () => {
    const r = await runCli(dir, ["check", "--json", "."]);
    const j = JSON.parse(r.stdout) as { errors: { file: string; code: string }[] };
    expect(j.errors.filter((e) => e.file === "garbage.dgs").map((e) => e.code)).toEqual(["not-text"]);
  });

  it("a binary .deck given to check is one diagnostic; duel refuses it in one line", async () => {
    const c = await runCli(dir, ["check", "--json", "good.dgs", "garbage.deck"]);
    expect(c.code).toBe(1);
    const j = JSON.parse(c.stdout) as { diagnostics: { file: string; code: string }[] };
    expect(j.diagnostics.map((d) => [d.file, d.code])).toEqual([["garbage.deck", "not-text"]]);
    const d = await runCli(dir, ["duel", "--deck", "garbage.deck", "--deck", "nature-core"]);
    expect(d.code).toBe(2);
    expect(d.stderr.trim()).toBe('error: "garbage.deck" is not a text file (it holds NUL bytes)');
  });

  it("fmt refuses a binary file in one line (exit 2) and never writes it", async () => {
    const r = await runCli(dir, ["fmt", "garbage.dgs"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('error: "garbage.dgs" is not a text file (it holds NUL bytes)');
    expect(r.stdout).toBe("");
  });
});

describe("a .dgs file with nothing in it", () => {
  it("emptyFileWarnings: a warning for an empty or comment-only file, none for a set line or cards", () => {
    const w = emptyFileWarnings([
      { file: "empty.dgs", text: "" },
      { file: "comments.dgs", text: "# nothing yet\n" },
      { file: "header.dgs", text: 'set HDR "Header only"\n' },
      { file: "good.dgs", text: GOOD },
    ]);
    expect(w.map((d) => [d.file, d.severity, d.code, d.line, d.col])).toEqual([
      ["empty.dgs", "warning", "empty-file", 1, 1],
      ["comments.dgs", "warning", "empty-file", 1, 1],
    ]);
  });

  it("check on an empty file warns (exit 0) and counts the warning in the summary", async () => {
    const r = await runCli(dir, ["check", "empty.dgs"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^empty\.dgs:1:1 - warning empty-file: empty\.dgs has no `set` line and no cards/m);
    expect(r.stdout).toContain("0/0 cards compiled, 0 errors, 1 warning in 1 file");
  });

  it("a file with only a set line is not warned about", async () => {
    const r = await runCli(dir, ["check", "--json", "header-only.dgs"]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).not.toContain("empty-file");
  });
});

describe("--deck with a file of any extension", () => {
  it("deckPath and dcgDeckPath take an existing file as it is, a bundled name from the bundled decks", () => {
    const txt = join(dir, "mydeck.txt");
    expect(deckPath(txt)).toBe(txt);
    expect(dcgDeckPath(join(dir, "red.txt"))).toBe(join(dir, "red.txt"));
    expect(deckPath("nature-core")).toBe(join(DECKS_DIR, "nature-core.deck"));
    expect(deckPath("../nope/mine.txt")).toBe("../nope/mine.txt");
  });

  it("duel plays a .txt deck file given by a path", async () => {
    const r = await runCli(dir, ["duel", "--deck", "mydeck.txt", "--deck", "nature-core", "--seed", "7"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Result: /);
  });

  it("duel --ruleset dcg plays a .txt DCG deck file", async () => {
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--deck", "red.txt", "--deck", "st2-cocytus-blue", "--seed", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Result: /);
  });

  it("a missing path with a folder in it is a missing deck file, not an unknown bundled deck", async () => {
    const r = await runCli(dir, ["duel", "--deck", "../nope/mydeck.txt", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot read deck file \.\.\/nope\/mydeck\.txt: no such file or directory$/m);
    expect(r.stderr).not.toMatch(/no bundled deck named/);
  });

  it("a .json file given to check is refused, saying it is card data to import, not read as a set of thousands of errors", async () => {
    writeFileSync(join(dir, "pool.json"), '[{"id":"BT1-001","name":"Yokomon"}]');
    const r = await runCli(dir, ["check", "pool.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: pool\.json is a JSON file, not a set file \(\.dgs\)$/m);
    expect(r.stderr).toContain("digiscript import <format> <json>");
    expect(r.stdout).toBe("");
  });

  it("a folder given as a deck says it is a folder, not that it is missing", async () => {
    mkdirSync(join(dir, "mydeck.deck"), { recursive: true });
    const r = await runCli(dir, ["duel", "--deck", "./mydeck.deck", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot read deck file \.\/mydeck\.deck: is a directory$/m);
  });
});
