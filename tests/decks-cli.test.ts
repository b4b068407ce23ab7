/**
 * Decks and the CLI speak the designer's language: a deck problem is one line naming the
 * card and the rule, a deck of the other ruleset says which option to give, an unknown deck
 * name lists the bundled ones, and running the CLI before `npm install` says what to do.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./helpers.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-decks-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("deck errors", () => {
  it("an unknown card is one line naming the card and the deck line, nothing else", async () => {
    const deck = readFileSync(join(ROOT, "cards/dbe/decks/dragon-core.deck"), "utf8").replace("4 DS1-002", "4 DS1-999");
    writeFileSync(join(dir, "bad.deck"), deck);
    const r = await runCli(dir, ["duel", "--deck", "bad.deck", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split("\n");
    expect(lines[0]).toBe("error: deck bad.deck cannot be played:");
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^ {2}bad\.deck:\d+: unknown set number DS1-999 in the Main Deck/);
    expect(r.stderr).not.toMatch(/issue \d/);
  }, 60_000);

  it("a dmb deck played with --ruleset dbe says so (without --ruleset, the decks' ruleset is played: tests/cli/ruleset-inference.test.ts)", async () => {
    const r = await runCli(dir, ["duel", "--ruleset", "dbe", "--deck", "dmb-dragon", "--deck", "dmb-nature"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a dmb deck \("ruleset dmb"\) and the game is dbe: play it with --ruleset dmb/);
  }, 60_000);

  it("an unknown deck name lists the bundled decks", async () => {
    const r = await runCli(dir, ["duel", "--deck", "dragon-rsh", "--deck", "nature-wall"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no bundled deck named "dragon-rsh"/);
    expect(r.stderr).toMatch(/the bundled decks are dmb-dragon, dmb-nature, dragon-core, dragon-rush, nature-core, nature-wall/);
  }, 60_000);
});

describe("--cards with a bundled set's code", () => {
  it("a .dgs set with a bundled set's code replaces that set, openly: no merge, no clash", async () => {
    const own = join(dir, "ds1-own");
    mkdirSync(own, { recursive: true });
    // The whole starter set under another name: every set number is one the bundled DS1 uses.
    writeFileSync(join(own, "starter.dgs"), readFileSync(join(ROOT, "cards/dbe/starter.dgs"), "utf8").replace(/^set DS1 .*$/m, "set DS1 My Starter"));
    const r = await runCli(dir, ["duel", "--cards", "ds1-own", "--deck", "dragon-core", "--deck", "nature-core", "--seed", "3"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/note: set DS1 from ds1-own\/starter\.dgs replaces the bundled set DS1 \(.*cards\/dbe\/starter\.dgs\)/);
    expect(r.stderr).not.toMatch(/already used/);
  }, 60_000);

  it("a one-card set with a bundled code replaces the whole bundled set, so a deck of its other cards names them", async () => {
    const own = join(dir, "ds1-one");
    mkdirSync(own, { recursive: true });
    writeFileSync(join(own, "one.dgs"), "set DS1 Mine\nruleset dbe\n\ncard DS1-900 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n");
    const r = await runCli(dir, ["duel", "--cards", "ds1-one", "--deck", "dragon-core", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/note: set DS1 from ds1-one\/one\.dgs replaces the bundled set DS1/);
    expect(r.stderr).toMatch(/unknown set number DS1-\d+/);
  }, 60_000);
});

describe("replay", () => {
  it("a save whose ruleset digiscript does not play says which ones it does", async () => {
    writeFileSync(join(dir, "xyz.json"), JSON.stringify({ format: 1, ruleset: "xyz", seed: 1, setup: {}, choices: [], digest: "" }));
    const r = await runCli(dir, ["replay", "xyz.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('error: save: ruleset: "xyz" is not a ruleset digiscript plays: expected "dbe", "dmb" or "dcg"');
  }, 60_000);
});

describe("before npm install", () => {
  /** A copy of bin/ in a folder with no node_modules: the project as cloned. */
  function fresh(): string {
    const root = join(dir, "fresh");
    mkdirSync(join(root, "bin"), { recursive: true });
    copyFileSync(join(ROOT, "bin", "digiscript.mjs"), join(root, "bin", "digiscript.mjs"));
    return root;
  }
  const run = (node: string, root: string) =>
    new Promise<{ code: number; stderr: string }>((done) =>
      execFile(node, [join(root, "bin", "digiscript.mjs"), "check", "cards"], { cwd: root }, (err, _out, stderr) => done({ code: err ? ((err.code as number) ?? 1) : 0, stderr: String(stderr) })),
    );

  it("with a Node that runs TypeScript, it says the libraries are not installed", async () => {
    const r = await run(process.execPath, fresh());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/run `npm install` in .*fresh\/ first/);
    expect(r.stderr).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION/);
  });

  it.runIf(process.platform !== "win32")("with the system's older Node, it says to run npm install, not ERR_UNKNOWN_FILE_EXTENSION", async () => {
    const old = "/usr/bin/node";
    const version = await new Promise<string>((done) => execFile(old, ["--version"], (e, out) => done(e ? "" : String(out).trim())));
    const major = Number(/^v(\d+)/.exec(version)?.[1] ?? 0);
    if (major === 0 || major >= 23 || (major === 22 && Number(version.split(".")[1]) >= 18)) {
      // No older Node here: the newer-Node branch above already covers the message.
      expect(version === "" || major >= 22).toBe(true);
      return;
    }
    const r = await run(old, fresh());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/runs its TypeScript sources with Node 22\.18 or newer; this is Node /);
    expect(r.stderr).toMatch(/Run `npm install` in /);
  });
});
