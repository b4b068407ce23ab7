/**
 * How sentences come to resolve: a timing queues a card's sentences at once
 * ({@link queueEffects}); an event makes the "When …" sentences of the cards in play that wait
 * for it pending ({@link raise}), resolved by the next `dbe.triggers`. Both only queue work
 * for the effect interpreter (effects.ts), by task name: the phases, the evolution, the
 * supports and the interpreter itself raise events and queue sentences through this module,
 * which sits below them all. Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14;
 * FAQ "Interrupting effects/triggers"; docs/runtime.md "Events raised by rules actions".
 */
import type { Game, Task } from "../../core/engine.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { CardEffect, Effect } from "../../ir.ts";
import type { PlayerRef } from "../../vocabulary.ts";
import { def } from "./model.ts";
import { factsOf } from "./facts.ts";
import { players } from "./conditions.ts";
import { forEachInPlay, type Origin, type Place } from "./places.ts";

/**
 * Queue the sentences of a card that a timing selects, in printed order (Anatomy of Cards
 * item 14): each a `dbe.effect` task followed by a `dbe.triggers` (effects.ts), so pending
 * triggers resolve between sentences. Nothing is queued when `pick` selects none.
 * @param pick which effects to run (by effect and index)
 * @param source why they run, for the log and the loop bounds ("support", "turbo", …)
 */
export function queueEffects(g: Game, card: number, me: PlayerIndex, pick: (e: Effect, i: number) => boolean, source: string): void {
  const effects = def(g, card).effects;
  const tasks: Task[] = [];
  effects.forEach((e: CardEffect, i: number) => {
    if (e.kind === "effect" && pick(e, i)) tasks.push({ t: "dbe.effect", card, p: me, i, source }, { t: "dbe.triggers" });
  });
  g.push(...tasks);
}

/** A triggered effect waiting to resolve, and where its card was when it triggered. */
export interface Pending {
  card: number;
  p: PlayerIndex;
  i: number;
  from?: Origin;
}

/**
 * An event happened: every "When …" sentence of a card in play that waits for it becomes
 * pending (resolved by the next `dbe.triggers`). Journaled, so a rolled-back cost raises
 * nothing. Effects and rules actions raise the same events for the same happenings (docs/
 * runtime.md "Events raised by rules actions"). Source: FAQ "Interrupting effects/triggers".
 * @param actor the player the event is about (who discarded, drew, whose Power changed)
 * @returns whether a sentence became pending
 */
export function raise(g: Game, kind: "discards" | "draws" | "powerChanged", actor: PlayerIndex, change: "boosted" | "doubled" | "any" = "any"): boolean {
  const event: RaisedEvent = { kind, actor, change, add: [] };
  forEachInPlay(g, 0, addWhenTriggers, event);
  forEachInPlay(g, 1, addWhenTriggers, event);
  const add = event.add;
  if (add.length === 0) return false;
  const cur = (g.state.vars.triggers as unknown as Pending[] | undefined) ?? [];
  g.set(g.state.vars, "triggers", [...cur, ...add] as unknown as Json);
  return true;
}

/**
 * An event raised by a rules action (the Draw step's draw, an attack ability's Draw X, the
 * discard of End Phase 2, …) rather than inside a sentence: its triggered sentences resolve
 * right after that action (FAQ "Interrupting effects/triggers"). Nothing is queued when no
 * sentence waits for the event, so a game without such cards runs exactly as before.
 */
export function raiseFromRules(g: Game, kind: "discards" | "draws" | "powerChanged", actor: PlayerIndex, change: "boosted" | "doubled" | "any" = "any"): void {
  if (raise(g, kind, actor, change)) g.push({ t: "dbe.triggers" });
}

/** An event being raised, and the triggers found for it. */
interface RaisedEvent {
  kind: "discards" | "draws" | "powerChanged";
  actor: PlayerIndex;
  change: "boosted" | "doubled" | "any";
  add: Pending[];
}

/** Collect a card's "When …" sentences waiting for the event (a `forEachInPlay` visitor). */
function addWhenTriggers(g: Game, card: number, owner: PlayerIndex, place: Place, ev: RaisedEvent): void {
  if (place === "stack") return;
  const c = def(g, card);
  const list = factsOf(c).when[ev.kind];
  if (!list) return;
  for (const i of list) {
    for (const tm of (c.effects[i] as Effect).timings) {
      if (tm.kind !== "when" || tm.event.kind !== ev.kind) continue;
      const e = tm.event as { player: PlayerRef; change?: string };
      if (!players(e.player, owner).includes(ev.actor)) continue;
      if (ev.kind === "powerChanged" && e.change !== "any" && e.change !== ev.change) continue;
      ev.add.push({ card, p: owner, i, from: place });
    }
  }
}
