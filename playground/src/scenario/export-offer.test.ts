/**
 * The scenario panel's export is offered only for a run that finished (steps run out or game
 * over); a failed run, an engine failure, a run not finished or still running refuse it with
 * the reason — never the previous run's test.
 */
import { describe, expect, it } from "vitest";
import { exportOffer } from "./export-offer.ts";

describe("exportOffer", () => {
  it("offers the export when the run's steps ran out or its game ended", () => {
    expect(exportOffer({ kind: "ran", status: "halted" })).toEqual({ ok: true });
    expect(exportOffer({ kind: "ran", status: "over" })).toEqual({ ok: true });
  });

  it("refuses it after a failed run, with the failure and what to do", () => {
    const o = exportOffer({ kind: "failed", reason: "P1 active: DS1-999 is not a card of the workspace" });
    expect(o.ok).toBe(false);
    expect(!o.ok && o.reason).toBe("No test to export: the last run failed (P1 active: DS1-999 is not a card of the workspace), so it has no outcome to record, and the test of an earlier run would not be this scenario's. Fix the scenario and Run again.");
  });

  it("refuses it after an engine failure, before any run, while running and while a decision waits", () => {
    expect(exportOffer({ kind: "ran", status: "error", error: "TypeError: x" })).toEqual({ ok: false, reason: "No test to export: the engine failed in the last run (TypeError: x)." });
    expect(exportOffer({ kind: "none" }).ok).toBe(false);
    expect(exportOffer({ kind: "ran", status: "halted" }, true).ok).toBe(false);
    expect(exportOffer({ kind: "ran", status: "me" }).ok).toBe(false);
    expect(exportOffer({ kind: "ran", status: "agent" }).ok).toBe(false);
  });
});
