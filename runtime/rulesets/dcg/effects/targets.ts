/**
 * An effect's targets (002 §10-3-3: chosen during processing, at the instruction that names
 * them; "up to N" from 1 to N, §14-1-1; a fixed N as many as possible, §10-3-4; a search of
 * hidden cards may find nothing, §10-3-5), the permanent or loose card a thing names, the
 * source of an effect for "unaffected by" (§13-5-1), and what a step gives back to the runner
 * ({@link StepOut}, {@link StepInfo}). Shared by the clause steps (`steps.ts`) and keyword
 * effects (`keywords.ts`), which sit above it.
 */
import type { Game, Task } from "../../../core/engine.ts";
import type { PlayerIndex } from "../../../core/state.ts";
import type { DcgCount, DcgSelection, DcgSelector, DcgVerb, DcgZone as IrZone } from "../../../lang/dcg/ir.ts";
import { findPerm, type DcgPermanent } from "../model.ts";
import type { FxFrame, Thing } from "./frame.ts";
import { candidates, thingsOfRef, viewOf } from "./select.ts";
import type { EffectSource } from "./immunity.ts";
import { confirm, pick } from "./decisions.ts";

/** What a step did (002 §11-7: "if you do" reads it): undefined while a decision is pending; else whether it did something, and tasks to run before the next step. */
export type StepOut = undefined | { did: boolean; then?: Task[] };

/** How a step is run: whether it is the cost of the steps after it (002 §11-7-1), its path in the text, and whether it is optional ("you may", "can": §10-1-3). */
export interface StepInfo {
  isCost: boolean;
  /** [sentence, step] pairs from the unit's sentences down to this step. */
  path: number[];
  optional: boolean;
}

/** The fewest and most things a count picks from a pool (002 §10-3-4, §14-1-1, §1-3-5). */
export function bounds(count: DcgCount, pool: number, optional: boolean, hidden: boolean, mult = 1): [number, number] {
  let min: number;
  let max: number;
  switch (count.kind) {
    case "n":
      max = count.n * mult;
      min = count.upTo ? 1 : max;
      break;
    case "all":
    case "each":
      min = max = pool;
      break;
    case "anyNumber":
      min = 0;
      max = pool;
      break;
    case "none":
      min = max = 0;
      break;
    case "cmp":
      min = count.n;
      max = pool;
      break;
    default:
      min = max = mult;
  }
  if (optional || hidden) min = 0;
  return [Math.min(min, pool), Math.min(max, pool)];
}

/** Options of {@link targets}. */
interface TargetOpts {
  verb: DcgVerb;
  optional: boolean;
  from?: IrZone | null;
  of?: Thing[];
  chooser?: PlayerIndex;
  mult?: number;
  /** Keep only candidates passing this test (e.g. "can be played"). */
  keep?: (t: Thing) => boolean;
}

/**
 * The things a selector denotes for an action, choosing when the text leaves a choice (002
 * §10-3-3): a deictic phrase's things; "X and Y" both; a selection's candidates, chosen by the
 * effect's player (or the player the text names). A "digivolution card of 1 of your opponent's
 * Digimon" first chooses the Digimon (among those with such a card), then the card.
 * @returns the things, or undefined while a decision is pending
 */
export function targets(g: Game, t: Task, fr: FxFrame, s: DcgSelector, key: string, o: TargetOpts): Thing[] | undefined {
  if (s.kind === "ref") {
    const things = thingsOfRef(g, fr, s);
    return o.keep ? things.filter(o.keep) : things;
  }
  if (s.kind === "both") {
    const out: Thing[] = [];
    const shared = s.items.find((x) => x.kind === "select" && (x.among || x.zone));
    for (let i = 0; i < s.items.length; i++) {
      let item = s.items[i]!;
      // 002 §14-3-2: "1 [A] and 1 card with [B] among them": where the place is written once, it covers every item.
      if (item.kind === "select" && !item.among && !item.zone && shared?.kind === "select") item = { ...item, among: shared.among, zone: shared.zone };
      const r = targets(g, t, fr, item, `${key}.${i}`, { ...o, keep: (x) => (o.keep ? o.keep(x) : true) && !out.some((y) => JSON.stringify(y) === JSON.stringify(x)), optional: o.optional || s.mode !== "and" });
      if (r === undefined) return undefined;
      out.push(...r);
    }
    return out;
  }
  const chooser = o.chooser ?? fr.owner;
  let of = o.of;
  const zone = s.zone;
  if (!of && zone?.kind === "digivolutionCards" && zone.of.kind === "select") {
    const ofSel = zone.of;
    const holders = candidates(g, fr, ofSel).things.filter((h) => candidates(g, fr, s, { of: [h], from: o.from ?? null, verb: o.verb }).things.some((x) => !o.keep || o.keep(x)));
    const [min, max] = bounds(ofSel.count, holders.length, o.optional, false);
    const r = pick(g, t, `${key}.of`, chooser, holders, min, max, `${fr.label}: choose ${describe(ofSel)}`);
    if (r === undefined) return undefined;
    if (r.length === 0) return [];
    of = r;
  }
  const pool = candidates(g, fr, s, { of: of ?? undefined, from: o.from ?? null, verb: o.verb, mult: o.mult ?? 1 });
  const things = o.keep ? pool.things.filter(o.keep) : pool.things;
  const [min, max] = bounds(s.count, things.length, o.optional, pool.hidden, o.mult ?? 1);
  // "the top card of your security stack", "the top 3 cards of your deck": nothing to choose; a "may" is a yes / no.
  const positional = (s.end !== null || (zone !== null && "end" in zone && zone.end !== null)) && s.filters.length === 0 && !s.among;
  if (positional && max === things.length) {
    if (o.optional && things.length > 0) {
      const ok = confirm(g, t, `${key}.may`, chooser, `${fr.label}: ${describe(s)}${things.length ? "" : " (none)"}?`);
      if (ok === undefined) return undefined;
      if (!ok) return [];
    }
    return things;
  }
  return pick(g, t, key, chooser, things, min, max, `${fr.label}: choose ${describe(s)}${min === 0 ? " (or none)" : ""}`);
}

/** A short description of a selection for a prompt. */
function describe(s: DcgSelection): string {
  const n = s.count.kind === "n" ? `${s.count.upTo ? "up to " : ""}${s.count.n}` : s.count.kind === "all" ? "all" : "1";
  return `${n} ${s.noun}`;
}

/** The permanent a thing names: a Digimon or Tamer in play, or the one whose top card it is (002 §3-5-2). */
export function permOf(g: Game, t: Thing): DcgPermanent | null {
  if ("perm" in t) return findPerm(g, t.perm);
  if ("card" in t) return viewOf(g, t)?.perm ?? null;
  return null;
}

/** The card a thing names when it is not a Digimon or Tamer in play (a card in a zone, or a digivolution card). */
export function looseCard(g: Game, t: Thing): number | null {
  if (!("card" in t)) return null;
  if ("top" in t && t.top) return t.card;
  const v = viewOf(g, t);
  return v?.perm ? null : t.card;
}

/** The source of an effect for "unaffected by" (002 §13-5-1): its player and the card it is printed on. */
export function sourceOf(fr: FxFrame): EffectSource {
  return { player: fr.owner, card: fr.card };
}
