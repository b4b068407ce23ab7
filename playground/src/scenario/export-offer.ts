/**
 * Whether the scenario panel offers "Export as a test", and if not, why — without the DOM.
 *
 * A test is only ever exported for the run the panel shows, once its steps ran out or its game
 * ended. After a run that failed (the form had problems, the scenario builder refused the
 * position, or the engine failed) the export is refused with the reason, and the previous
 * run's test is no longer shown: a tester who changed the scenario and ran it expects the
 * export to be about that scenario, and a failed run has no observed outcome to write
 * expectations from, so neither the old test nor a test regenerated without an outcome is
 * right. Running the scenario again once fixed offers the export again.
 */
import type { SessionStatus } from "../duel/session.ts";

/** What the panel's last Run came to. */
export type LastRun =
  /** Nothing was run yet. */
  | { kind: "none" }
  /** The run could not start: the problems found, or the builder's error, for a person. */
  | { kind: "failed"; reason: string }
  /** The run started: its session's status (and the engine's error when it failed). */
  | { kind: "ran"; status: SessionStatus; error?: string | null };

/** The export offered, or refused with a sentence saying why and what to do. */
export type ExportOffer = { ok: true } | { ok: false; reason: string };

/**
 * Whether the export is offered after `run`.
 * @param running whether agents are answering right now (the outcome is not known yet)
 */
export function exportOffer(run: LastRun, running = false): ExportOffer {
  if (running) return { ok: false, reason: "Export as a test once the run stops." };
  switch (run.kind) {
    case "none":
      return { ok: false, reason: "Run the scenario first: the test records the outcome of a run." };
    case "failed":
      return { ok: false, reason: `No test to export: the last run failed (${run.reason}), so it has no outcome to record, and the test of an earlier run would not be this scenario's. Fix the scenario and Run again.` };
    case "ran":
      if (run.status === "halted" || run.status === "over") return { ok: true };
      if (run.status === "error") return { ok: false, reason: `No test to export: the engine failed in the last run${run.error ? ` (${run.error})` : ""}.` };
      return { ok: false, reason: "Export as a test once the steps have run out or the game has ended: answer the decision, or Step / Run on." };
  }
}
