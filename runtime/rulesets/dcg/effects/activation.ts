/**
 * Starting an effect (002 §10-3-1): its frame is made and its activation pushed
 * ({@link startEffect}: the `dcgfx.begin` / `dcgfx.end` tasks, which `run.ts` carries out);
 * its [Once Per Turn] count is spent once per activation ({@link spend}, 002 §4-15-1); the
 * sentences of a body are read ({@link bodyOf}). Steps and keyword effects start effects and
 * spend counts too ("activate the [On Play] effect of …", <Blitz>), so this sits below them and
 * below the runner of sentences (`run.ts`), reaching the runner by task name only.
 */
import type { Game } from "../../../core/engine.ts";
import type { Json, PlayerIndex } from "../../../core/state.ts";
import type { DcgSentence } from "../../../lang/dcg/ir.ts";
import { spendOpt, type DcgEventData, type Snapshot } from "../events.ts";
import { FX, setFrame, unitOf, type Ctx, type EffectSrc, type FxFrame, type Thing } from "./frame.ts";

/** What an effect activates with (002 §10-3-1: the effect specified, its player, its source and event). */
export interface EffectStart {
  owner: PlayerIndex;
  src: EffectSrc;
  perm: number | null;
  snap?: Snapshot | null;
  event?: DcgEventData | null;
  label: string;
  /** [Once Per Turn] key and limit (002 §4-15). */
  opt?: { key: string; max: number } | null;
  kw?: FxFrame["kw"];
  data?: { [k: string]: Json };
  /** Things to start with ("that Digimon" of a delayed effect; the refs of the effect it continues). */
  refs?: Ctx["refs"];
  last?: Thing[];
  /** Start at this body and sentence (a delayed sentence), not at the beginning. */
  body?: number[];
  sentence?: number;
  /** Run only that one sentence. */
  only?: boolean;
}

/**
 * Make an effect's frame and push its activation (002 §10-3-1-3 "actually activate the
 * effect"): its sentences, then the end of the frame. Journaled.
 * @returns the frame id
 */
export function startEffect(g: Game, s: EffectStart): number {
  const fx = FX(g);
  const id = fx.next;
  g.set(fx, "next", id + 1);
  const frame: FxFrame = {
    id,
    owner: s.owner,
    card: s.src.card,
    perm: s.perm,
    snap: s.snap ?? null,
    event: s.event ?? null,
    refs: s.refs ?? {},
    last: s.last ?? [],
    box: s.src.box,
    src: s.src,
    label: s.label,
    opt: s.opt?.key ?? null,
    optMax: s.opt?.max ?? 0,
    spent: false,
    did: false,
    ifFailed: false,
    mult: 1,
    duration: null,
    revInc: {},
    kw: s.kw ?? null,
    data: s.data ?? {},
  };
  g.journal.insertAt(fx.frames, fx.frames.length, frame);
  g.push({ t: "dcgfx.begin", f: id, body: s.body ?? [], s: s.sentence ?? 0, only: s.only ?? false }, { t: "dcgfx.end", f: id });

  return id;
}

/** Spend an effect's [Once Per Turn] count, once per activation (002 §4-15-1). */
export function spend(g: Game, fr: FxFrame): void {
  if (fr.opt === null || fr.spent) return;
  spendOpt(g, fr.opt);
  setFrame(g, fr, "spent", true);
}

/** The sentences of a body (002 §1-3-7: carried out in the order written): the unit's, or the bullets of a step (`body` = [sentence, step, …]). */
export function bodyOf(g: Game, fr: FxFrame, body: readonly number[]): DcgSentence[] {
  let sentences = unitOf(g, fr.src).sentences;
  for (let i = 0; i + 1 < body.length; i += 2) {
    const st = sentences[body[i]!]?.steps[body[i + 1]!];
    if (!st || st.kind !== "bullets") return [];
    sentences = st.bullets;
  }
  return sentences;
}
