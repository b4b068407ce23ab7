/**
 * The language service's workspace: after an edit only the edited card block is checked
 * again, and the result is exactly what checking everything from scratch gives — card IR,
 * diagnostics and their positions, set-level checks across files included.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Workspace } from "../compiler/service/workspace.ts";
import { checkSources } from "../compiler/check/set.ts";
import { ROOT } from "./helpers.ts";

const STARTER = readFileSync(join(ROOT, "cards/dbe/starter.dgs"), "utf8");
const RULES = readFileSync(join(ROOT, "cards/dbe/rules-cards.dgs"), "utf8");

/** checkSources from scratch, with the `ms` fields zeroed. */
function fresh(files: [string, string][]) {
  return checkSources(files.map(([file, text]) => ({ file, text }))).map((s) => ({ ...s, ms: 0 }));
}

describe("Workspace", () => {
  it("checks only the edited card block again, and agrees with a check from scratch", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", STARTER);
    ws.set("rules.dgs", RULES);
    const first = ws.check();
    expect(first.reused).toBe(0);
    const blocks = first.checked;
    expect(blocks).toBe(98);
    // Edit one card's text: a sentence that does not parse, and a line more above the rest.
    const edited = STARTER.replace("  text: Discard 1: Boost own Power +300.\n", "  text: Discard 1: Boost own Power +300.\n    Frobnicate the widget.\n");
    expect(edited).not.toBe(STARTER);
    ws.set("starter.dgs", edited);
    const second = ws.check();
    expect(second.checked).toBe(1);
    expect(second.reused).toBe(blocks - 1);
    expect(second.sets.map((s) => ({ ...s, ms: 0 }))).toEqual(fresh([["starter.dgs", edited], ["rules.dgs", RULES]]));
    expect(second.diagnostics.get("starter.dgs")!.some((d) => d.code === "parse")).toBe(true);
  });

  it("set-level checks see every file: a duplicate set number in another file of the set", () => {
    const ws = new Workspace();
    ws.set("a.dgs", STARTER);
    const card = "set DS1 DigiScript Starter\n\ncard DS1-001 Again\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n";
    ws.set("b.dgs", card);
    const r = ws.check();
    expect(r.diagnostics.get("b.dgs")!.map((d) => d.code)).toContain("duplicate-set-number");
    ws.delete("b.dgs");
    expect(ws.check().diagnostics.get("a.dgs")!.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("reuses nothing when the type vocabulary changes", () => {
    const ws = new Workspace();
    ws.set("s.dgs", STARTER);
    ws.check();
    ws.set("s.dgs", STARTER.replace("ruleset dbe", "ruleset dbe\ntypes Fire, Ice"));
    const r = ws.check();
    expect(r.reused).toBe(0);
    expect(r.diagnostics.get("s.dgs")!.some((d) => d.code === "unknown-type")).toBe(true);
  });
});
