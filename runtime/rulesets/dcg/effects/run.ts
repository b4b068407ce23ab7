/**
 * Activating one effect (002 §10-3): the effect's frame is made,
 * then its sentences are carried out in the order written (002 §1-3-7), each sentence's leads
 * first — "If …" (§10-2-1), "For each …", "By X, Y" (§11-7), "Then" (§11-8), "If you do",
 * "Otherwise", "… instead", "At the end of the battle" (a delayed effect) — then its steps one
 * at a time, a step that is the cost of the next ("you may suspend this Tamer to gain 1
 * memory") first and the rest only if it was paid (§11-7-1, §11-7-4). Each step is one task,
 * so the choices inside it are ordinary decisions; there is no rule check inside an effect
 * (§11-3-2, §13-6-2). The frame ends with the effect.
 *
 * [Once Per Turn] (002 §4-15): the count is spent once, when the effect is carried out — when
 * its first step runs, after its "If" was met and its optional part accepted (§4-15-7..9,
 * §11-7-2-1, §11-7-3); an effect that finds nothing to act on is still carried out as far as
 * it can be (§1-3-2) and spends its count: an activation is never rolled back.
 *
 * The frame is made and the activation pushed by `activation.ts` `startEffect` (which steps and
 * keyword effects call too); this module carries it out (the `dcgfx.*` tasks) and runs each
 * step through `steps.ts` `runStep`. The decisions it asks are `decisions.ts`.
 */
import type { Game, Task } from "../../../core/engine.ts";
import type { Json } from "../../../core/state.ts";
import type { DcgClause, DcgLead, DcgSentence, DcgStep } from "../../../lang/dcg/ir.ts";
import { place } from "../moves.ts";
import { FX, frameOf, setFrame, type Ctx, type FxFrame } from "./frame.ts";
import { foundBy, holds } from "./conditions.ts";
import { thingsOf } from "./select.ts";
import { delay } from "./durations.ts";
import { runStep } from "./steps.ts";
import type { StepOut } from "./targets.ts";
import { bodyOf, spend } from "./activation.ts";
import { chooseOne } from "./decisions.ts";

// ─── Sentences ─────────────────────────────────────────────────────────────

/** What the leads of a sentence say to do with it now. */
type LeadResult = { run: true } | { run: false; why: "if" | "skip" | "delayed" };

/**
 * Read a sentence's leads (002 §10-2): "If …" / "While …" must hold; "If you do" reads
 * whether the last step did something (§11-7); "Otherwise" whether the last "If" failed;
 * "For each …" sets the count; a duration sets how long its changes last; "At the end of the
 * battle / turn" makes the sentence a delayed effect. "When …" of the first sentence was the
 * trigger (`triggers.ts`); "Then" and "… instead" (read by the sentence before) do nothing here.
 */
function readLeads(g: Game, fr: FxFrame, sentence: DcgSentence, first: boolean, delayedRun = false): LeadResult {
  let mult = 1;
  let duration: Json = null;
  for (const l of sentence.leads) {
    switch (l.kind) {
      case "if":
      case "while": {
        if (!holds(g, fr, l.condition)) return { run: false, why: "if" };
        const found = foundBy(g, fr, l.condition);
        if (found.length) setFrame(g, fr, "last", found);
        break;
      }
      case "ifYouDo":
        if (fr.did === l.negate) return { run: false, why: "skip" };
        break;
      case "otherwise":
        if (!fr.ifFailed) return { run: false, why: "skip" };
        break;
      case "forEach":
        mult *= Math.floor(thingsOf(g, fr, l.what).length / Math.max(1, l.per));
        break;
      case "duration":
        duration = l.duration as unknown as Json;
        break;
      case "when":
        if (!first) return { run: false, why: "skip" };
        break;
      case "atEndOfBattle":
      case "atEndOfTurn":
        if (!delayedRun) return { run: false, why: "delayed" };
        break;
      case "by":
      case "then":
      case "instead":
      case "nextTime":
      case "during":
        break;
    }
  }
  setFrame(g, fr, "mult", mult);
  setFrame(g, fr, "duration", duration);
  return { run: true };
}

/** Whether a sentence is an "… instead" whose condition holds now (then the sentence before it is not carried out). */
function insteadHolds(g: Game, fr: FxFrame, s: DcgSentence | undefined): boolean {
  if (!s || !s.leads.some((l) => l.kind === "instead")) return false;
  return s.leads.every((l: DcgLead) => (l.kind === "if" || l.kind === "while" ? holds(g, fr, l.condition) : true));
}

/** A "By X, Y" lead's cost clause (002 §11-7-1), or null. */
export function byCostOf(s: DcgSentence): DcgClause | null {
  const l = s.leads.find((x) => x.kind === "by");
  return l?.kind === "by" ? l.cost : null;
}

/** The index of the sentence after a "choose 1 of the following effects" sentence's options (the rest of the body). */
function isFollowing(s: DcgSentence): { choose: number | null } | null {
  for (const st of s.steps) if (st.kind === "clause" && st.verb === "activate" && st.object?.kind === "followingEffects") return { choose: st.object.choose };
  return null;
}

/** Effect task handlers (002 §10-3-1-3, §10-3-1-4: activating an effect and carrying out its processing). */
export const RUN_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /** 002 §10-3-1-3: the effect activates; its sentences follow (or the one delayed sentence). */
  "dcgfx.begin"(g, t) {
    const fr = frameOf(g, t.f as number);
    g.logger?.emit("effect", fr.owner, `${fr.label} activates (002 §10-3)`, { card: fr.card, frame: fr.id });
    g.push({ t: "dcgfx.sentence", f: fr.id, body: (t.body ?? []) as number[], s: (t.s ?? 0) as number, only: t.only ?? false });
  },

  /**
   * One sentence: its leads (see {@link readLeads}), then its steps, then the next sentence —
   * unless the next is an "… instead" that applies (then this one is not carried out).
   */
  "dcgfx.sentence"(g, t) {
    const fr = frameOf(g, t.f as number);
    const body = t.body as number[];
    const s = t.s as number;
    const sentences = bodyOf(g, fr, body);
    const sentence = sentences[s];
    if (!sentence || fr.data.halt === true) return;
    const next: Task[] = t.only === true ? [] : [{ t: "dcgfx.sentence", f: fr.id, body, s: s + 1 }];
    // "Activate 1 of the following effects:" (EX2-038): the sentences after it are the choices.
    const following = isFollowing(sentence);
    if (following) {
      const options = sentences.slice(s + 1);
      const i = chooseOne(g, t, "following", fr.owner, options.map((x) => x.text || "(effect)"), `${fr.label}: activate 1 of the following effects`);
      if (i === undefined) return;
      spend(g, fr);
      g.push({ t: "dcgfx.sentence", f: fr.id, body, s: s + 1 + i, only: true });
      return;
    }
    if (insteadHolds(g, fr, sentences[s + 1])) {
      g.push(...next);
      return;
    }
    const r = readLeads(g, fr, sentence, s === 0 && body.length === 0, t.only === true && fr.data.delayed === true);
    if (!r.run) {
      if (r.why === "if") setFrame(g, fr, "ifFailed", true);
      if (r.why === "delayed") {
        const at = sentence.leads.some((l) => l.kind === "atEndOfBattle") ? "battle" : "turn";
        delay(g, { at, turn: g.state.turn, ctx: ctxOf(fr), src: fr.src, body, sentence: s, label: `${fr.label} (at the end of the ${at})` });
        g.logger?.emit("effect", fr.owner, `${fr.label}: "${sentence.text}" will happen at the end of the ${at}`, { card: fr.card });
      }
      g.push(...next);
      return;
    }
    if (sentence.leads.some((l) => l.kind === "if")) setFrame(g, fr, "ifFailed", false);
    // "The next time … would …, reduce the cost": a one-shot change registered now.
    const nextTime = sentence.leads.find((l) => l.kind === "nextTime");
    if (nextTime?.kind === "nextTime") {
      g.push({ t: "dcgfx.nextTime", f: fr.id, body, s }, ...next);
      return;
    }
    const by = byCostOf(sentence);
    // "For each …, 1 of your opponent's Digimon gets −1000 DP": the sentence is carried out that many times (002 §1-3-2-2: 0 times is not at all).
    const times = sentence.leads.some((l) => l.kind === "forEach") ? fr.mult : 1;
    if (times !== 1) setFrame(g, fr, "mult", 1);
    const runs: Task[] = [];
    for (let i = 0; i < times; i++) runs.push({ t: "dcgfx.step", f: fr.id, body, s, k: by ? -1 : 0, afterCost: false });
    g.push(...runs, ...next);
  },

  /**
   * One step of a sentence (002 §1-3-7). A step after a cost runs only if the cost was paid
   * (§11-7-1); "X or Y" lets the player choose one. Step −1 is the X of "By X, Y".
   */
  "dcgfx.step"(g, t) {
    const fr = frameOf(g, t.f as number);
    const body = t.body as number[];
    const s = t.s as number;
    const k = t.k as number;
    const sentence = bodyOf(g, fr, body)[s]!;
    if (t.afterCost === true && !fr.did) return;
    const isBy = k === -1;
    const step: DcgStep | undefined = isBy ? byCostOf(sentence)! : sentence.steps[k];
    if (!step) return;
    // "X or Y": choose which.
    let chosen = k;
    if (!isBy && sentence.joins[k] === "or" && t.orPicked === undefined) {
      const alts: number[] = [k];
      for (let j = k; sentence.joins[j] === "or" && j + 1 < sentence.steps.length; j++) alts.push(j + 1);
      const i = chooseOne(g, t, "or", fr.owner, alts.map((j) => stepText(sentence, j)), `${fr.label}: choose one`);
      if (i === undefined) return;
      t.orPicked = alts[i]!;
      t.orLast = alts[alts.length - 1]!;
    }
    if (typeof t.orPicked === "number") chosen = t.orPicked;
    const st = isBy ? step : sentence.steps[chosen]!;
    const isCost = isBy || sentence.costs[chosen] === true;
    const out: StepOut = runStep(g, t, fr, st, { isCost, path: [...body, s, chosen], optional: isBy || (st.kind === "clause" && st.optional) || (st.kind === "keywordAction" && st.optional) });
    if (out === undefined) return;
    setFrame(g, fr, "did", out.did);
    const nextK = typeof t.orLast === "number" ? (t.orLast as number) + 1 : isBy ? 0 : chosen + 1;
    const rest: Task[] = [];
    if (nextK < sentence.steps.length) rest.push({ t: "dcgfx.step", f: fr.id, body, s, k: nextK, afterCost: isCost });
    g.push(...(out.then ?? []), ...rest);
  },

  /**
   * The effect has finished (002 §10-3-1-4): revealed cards it left where they were go back on
   * top of their place, in their order (002 §11-9-2, §11-10-1-1); its frame ends.
   */
  "dcgfx.end"(g, t) {
    const fx = FX(g);
    const fr = fx.frames.find((x) => x.id === t.f);
    const from = fr?.data.revealedFrom as { [k: string]: string } | undefined;
    if (fr && from) {
      const revealed = (fr.refs.revealed ?? []).flatMap((x) => ("card" in x ? [x.card] : []));
      for (let k = revealed.length - 1; k >= 0; k--) {
        const card = revealed[k]!;
        const zone = from[String(card)];
        if (zone && g.card(card).zone === "limbo") place(g, card, g.card(card).owner, zone as "deck");
      }
    }
    const i = fx.frames.findIndex((x) => x.id === t.f);
    if (i >= 0) g.journal.removeAt(fx.frames, i);
    // 002 §13-3-1-2-3: the effects derived from one activation have all finished: "would" effects may trigger again.
    if (fx.frames.length === 0 && fx.would?.length) g.set(fx, "would", []);
  },
};

/** A step's text for a choice ("X or Y"). */
function stepText(s: DcgSentence, k: number): string {
  const st = s.steps[k]!;
  return s.text.slice(st.span.start - s.span.start, st.span.end - s.span.start) || `option ${k + 1}`;
}

/** The plain context of a frame (for a delayed effect to keep: 002 §10-1-6-1). */
export function ctxOf(fr: FxFrame): Ctx {
  return { owner: fr.owner, card: fr.card, perm: fr.perm, snap: fr.snap, event: fr.event, refs: fr.refs, last: fr.last, box: fr.box };
}

