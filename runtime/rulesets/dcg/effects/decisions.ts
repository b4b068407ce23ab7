/**
 * Decisions inside a step (002 §10-3-3, §10-3-4, §10-1-3): choose things, answer yes / no,
 * choose one of labelled options. The answer is kept in the asking task under a key, so a task
 * that asks several questions re-runs up to the next one unanswered. Read by the runner of
 * sentences (`run.ts`), the steps (`steps.ts`, `targets.ts`) and keyword effects
 * (`keywords.ts`): it reads only the model and the names of things (`select.ts`).
 */
import type { Game, Task } from "../../../core/engine.ts";
import type { Json, PlayerIndex } from "../../../core/state.ts";
import { ask } from "../model.ts";
import type { Thing } from "./frame.ts";
import { thingName } from "./select.ts";

/**
 * Ask player `p` to choose between `min` and `max` of `things` (002 §10-3-3, §10-3-4), or
 * return the answer already given. The answer is kept in the task under `key`, so a task that
 * asks several questions re-runs up to the next one unanswered.
 * @returns the things chosen, or undefined while the question is pending
 */
export function pick(g: Game, t: Task, key: string, p: PlayerIndex, things: Thing[], min: number, max: number, prompt: string): Thing[] | undefined {
  const picks = (t.picks ??= {}) as { [k: string]: Json };
  if (key in picks) return picks[key] as unknown as Thing[];
  max = Math.min(max, things.length);
  min = Math.min(min, max);
  if (t.asking === key && t.answer !== undefined) {
    const opts = t.opts as unknown as Thing[];
    const chosen = t.answer.map((i) => opts[i]!);
    picks[key] = chosen as unknown as Json;
    delete t.asking;
    delete t.opts;
    delete t.answer;
    return chosen;
  }
  if (max === 0 || min === things.length) {
    picks[key] = things.slice(0, max) as unknown as Json;
    return things.slice(0, max);
  }
  t.asking = key;
  t.opts = things as unknown as Json;
  delete t.answer;
  ask(g, p, "chooseCards", prompt, things.map((x) => ({ label: thingName(g, x), value: x as unknown as Json })), min, max, t);
  return undefined;
}

/**
 * The answer to question `key` of task `t`, by `read` from the option indices the player
 * chose: the one remembered in `t.picks`, or the answer just given (then remembered). Undefined
 * when not answered yet; the task is then marked as asking `key`, and the caller asks.
 */
function answerOf<T extends Json>(t: Task, key: string, read: (answer: readonly number[]) => T): T | undefined {
  const picks = (t.picks ??= {}) as { [k: string]: Json };
  if (key in picks) return picks[key] as T;
  if (t.asking === key && t.answer !== undefined) {
    const value = read(t.answer);
    picks[key] = value;
    delete t.asking;
    delete t.answer;
    return value;
  }
  t.asking = key;
  delete t.answer;
  return undefined;
}

/** Ask player `p` a yes/no question (an optional effect: 002 §10-1-3), or return the answer given. */
export function confirm(g: Game, t: Task, key: string, p: PlayerIndex, prompt: string): boolean | undefined {
  const yes = answerOf(t, key, (a) => a[0] === 0);
  if (yes === undefined) ask(g, p, "yesNo", prompt, [{ label: "Yes", value: true }, { label: "No", value: false }], 1, 1, t);
  return yes;
}

/** Ask player `p` to choose one of labelled options ("activate 1 of the following effects", "X or Y": 002 §10-3-3); returns its index, or undefined while pending. */
export function chooseOne(g: Game, t: Task, key: string, p: PlayerIndex, labels: string[], prompt: string): number | undefined {
  const i = answerOf(t, key, (a) => a[0]!);
  if (i === undefined) ask(g, p, "chooseCards", prompt, labels.map((label, n) => ({ label, value: n })), 1, 1, t);
  return i;
}
