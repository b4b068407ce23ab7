/**
 * `digiscript canon` on a DCG set: DCG card text has no canonical wording yet
 * (compiler/print/canonical.ts), so canon names the file and leaves it as written — it does not
 * pass it over as "already canonical", which a designer with `[on play]` in lower case read as
 * the text being right as it stands.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_SET_HEADER, cliGoodCard, runCli } from "../helpers.ts";
import { DIGIMON, oneCard } from "../dcg/helpers.ts";

/** A DCG set whose timing and verb are in lower case (as `check` reads them). */
const DCG = oneCard([...DIGIMON, "effect: [on play] delete 1 of your opponent's Digimon with 2000 DP or less."]);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-canon-"));
  writeFileSync(join(dir, "lower.dgs"), DCG);
  writeFileSync(join(dir, "dbe.dgs"), CLI_SET_HEADER + cliGoodCard("001"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("canon on a DCG set", () => {
  it("names the file as a DCG set left as written, exits 0, and --write leaves it byte for byte", async () => {
    const r = await runCli(dir, ["canon", "--write", "lower.dgs"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("lower.dgs: a DCG set: canon rewrites DBE and DMB wording only, so its text is left as written");
    expect(r.stderr).not.toContain("already canonical");
    expect(readFileSync(join(dir, "lower.dgs"), "utf8")).toBe(DCG);
  });

  it("beside a DBE set, the DBE set's verdict says it is about the DBE and DMB sets", async () => {
    const r = await runCli(dir, ["canon", "lower.dgs", "dbe.dgs"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("lower.dgs: a DCG set");
    expect(r.stderr).toContain("the wording is already canonical in the DBE and DMB sets");
  });
});
