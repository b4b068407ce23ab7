/**
 * A progress bar on stderr (cli-progress) for large runs; a no-op otherwise, so that piped
 * and CI output stays clean.
 */
import cliProgress from "cli-progress";

/** Progress over a number of cards. */
export interface Progress {
  /** Advance by `n` cards, showing `stage` (e.g. "check DS1"). */
  tick(n: number, stage: string): void;
  /** Show a stage without advancing. */
  stage(stage: string): void;
  /** Remove the bar. */
  stop(): void;
}

/** Cards above which the bar is shown. */
export const PROGRESS_THRESHOLD = 200;

const none: Progress = { tick() {}, stage() {}, stop() {} };

/**
 * A progress bar over `total` cards: shown only when there are more than
 * {@link PROGRESS_THRESHOLD} cards and stderr is a terminal.
 */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (total <= PROGRESS_THRESHOLD || !stream.isTTY) return none;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: "{bar} {value}/{total} cards | {stage}",
      hideCursor: true,
      clearOnComplete: true,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  let value = 0;
  bar.start(total, 0, { stage: "reading" });
  return {
    tick(n, stage) {
      value = Math.min(total, value + n);
      bar.update(value, { stage });
    },
    stage(stage) {
      bar.update(value, { stage });
    },
    stop() {
      bar.stop();
    },
  };
}
