/**
 * The simulation's Web Worker: plays a job's games (`run.ts` `playJob`, i.e. `simulateGame`
 * of `runtime/sim/simulate.ts`, the project's own runtime) off the page's thread and streams
 * the results. The page cancels a run by terminating the worker. Protocol: `protocol.ts`.
 */
import { playJob } from "./run.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

const post = (m: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.kind !== "start") return;
  const t0 = performance.now();
  try {
    const games = playJob(m.job, (results) => post({ kind: "games", results }));
    post({ kind: "done", games, ms: performance.now() - t0 });
  } catch (e) {
    post({ kind: "error", message: e instanceof Error ? e.message : String(e) });
  }
};
