/**
 * The main phase's action decision (002 §6-6-2, §6-6-3):
 * with nothing pending, the turn player chooses one of the legal actions — play a Digimon or
 * Tamer, digivolve (or DNA digivolve), use an Option card, attack, activate a [Main] effect —
 * or passes. Only legal actions are offered (§7-2-3, §8-1-2-5: a card that cannot be played or
 * digivolved into is not revealed); after each action the game settles and makes the memory
 * check (`dcg.afterAction`).
 */
import type { Game, Task } from "../../core/engine.ts";
import type { DecisionOption } from "../../core/decision.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import { P, ask, cardName, def, permName, who } from "./model.ts";
import { hostOf } from "./events.ts";
import { canPlayFromHand, playCost } from "./play.ts";
import { burstChoices, canDigivolve, digivolveCost, dnaChoices } from "./digivolve.ts";
import { canUse, useCost } from "./option.ts";
import { attackTargets, canAttackWith } from "./attack.ts";
import { anyPending } from "./settle.ts";
import { enter } from "./turn.ts";

/**
 * What a main-phase option does (its `value`): `play` a card from the hand, `digivolve`
 * permanent `perm` into `card`, `dna` into `card` by requirement `req` from `perms` (left
 * first), `burst` Burst Digivolve `perm` into `card` by requirement `req` (002 §8-3), `use` an Option card, `attack` with `perm` the `target` ("player" or a permanent),
 * an `effect` of the host, or `pass`.
 */
export type MainAction =
  | { a: "play"; card: number }
  | { a: "digivolve"; card: number; perm: number }
  | { a: "dna"; card: number; req: number; perms: number[] }
  | { a: "burst"; card: number; req: number; perm: number }
  | { a: "use"; card: number }
  | { a: "attack"; perm: number; target: "player" | number }
  | { a: "effect"; [k: string]: Json }
  | { a: "pass" };

/**
 * The legal main-phase actions of player `p` now, as decision options (MPS-2). Cards in the
 * hand with the same card number are offered once (002 §2-1-1: the same card). Order: play,
 * digivolve, Burst Digivolve (002 §8-3-18-2), DNA, use, attack, [Main] effects, pass. O(hand × objects in play).
 */
export function mainOptions(g: Game, p: PlayerIndex): DecisionOption[] {
  const out: DecisionOption[] = [];
  const hand = g.zone(p, "hand");
  const s = P(g, p);
  const seen = new Set<string>();
  const inPlay = s.breeding ? [...s.battle, s.breeding] : s.battle;
  for (const card of hand) {
    const key = g.card(card).def;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = def(g, card);
    if ((c.stats.kind === "Digimon" || c.stats.kind === "Tamer") && canPlayFromHand(g, p, card)) out.push({ label: `Play ${cardName(g, card)} (${playCost(g, p, card)})`, value: { a: "play", card } });
    if (c.stats.kind === "Digimon") {
      for (const perm of inPlay) if (canDigivolve(g, p, perm, card)) out.push({ label: `Digivolve ${permName(g, perm)} into ${cardName(g, card)} (${digivolveCost(g, perm, card)})`, value: { a: "digivolve", card, perm: perm.id } });
      for (const b of burstChoices(g, p, card)) out.push({ label: `Burst Digivolve ${permName(g, b.perm)} into ${cardName(g, card)} (${b.cost})`, value: { a: "burst", card, req: b.req, perm: b.perm.id } });
      for (const d of dnaChoices(g, p, card)) out.push({ label: `DNA digivolve ${d.perms.map((id) => permName(g, s.battle.find((x) => x.id === id)!)).join(" + ")} into ${cardName(g, card)} (${c.stats.dna[d.req]!.cost})`, value: { a: "dna", card, req: d.req, perms: d.perms } });
    }
    if (c.stats.kind === "Option" && canUse(g, p, card)) out.push({ label: `Use ${cardName(g, card)} (${useCost(g, p, card)})`, value: { a: "use", card } });
  }
  for (const perm of s.battle) {
    if (!canAttackWith(g, perm)) continue;
    for (const target of attackTargets(g, perm)) out.push({ label: `Attack with ${permName(g, perm)} → ${target === "player" ? who(perm.owner === 0 ? 1 : 0) : permName(g, target)}`, value: { a: "attack", perm: perm.id, target: target === "player" ? "player" : target.id } });
  }
  hostOf(g).mainOptions(g, p, out);
  out.push({ label: "Pass", value: { a: "pass" } });
  return out;
}

/** Main-phase task handlers. */
export const MAIN_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * MPS-2 (002 §6-6-2): ask the turn player for one action, then perform it, settle, and make
   * the memory check (`dcg.afterAction`). The options' values are kept on the task so the
   * answer reads back exactly what was offered. `only: true` performs one action and stops
   * after its settle (scenarios).
   * @throws Error (a rules bug) when an effect is still pending (002 §6-6-2, §10-4-6-2)
   */
  "dcg.main"(g, t) {
    const p = g.state.turnPlayer;
    if (t.answer === undefined) {
      if (anyPending(g)) throw new Error("the main-phase action is asked while an effect is pending (002 §6-6-2)");
      enter(g, "main");
      const options = mainOptions(g, p);
      t.values = options.map((o) => o.value);
      ask(g, p, "mainAction", "Main phase: choose an action, or pass (002 §6-6-2, §6-6-3)", options, 1, 1, t);
      return;
    }
    const action = (t.values as Json[])[t.answer[0]!] as unknown as MainAction;
    if (action.a === "pass") {
      g.push({ t: "dcg.pass" });
      return;
    }
    const then: Task[] = [{ t: "dcg.settle" }, { t: "dcg.afterAction", only: t.only ?? false }];
    switch (action.a) {
      case "play":
        g.push({ t: "dcg.play", card: action.card, p }, ...then);
        break;
      case "digivolve":
        g.push({ t: "dcg.digivolve", card: action.card, perm: action.perm, p }, ...then);
        break;
      case "burst":
        g.push({ t: "dcg.burst", card: action.card, req: action.req, perm: action.perm, p }, ...then);
        break;
      case "dna":
        g.push({ t: "dcg.dna", card: action.card, req: action.req, perms: action.perms, p }, ...then);
        break;
      case "use":
        g.push({ t: "dcg.use", card: action.card, p }, ...then);
        break;
      case "attack":
        g.push({ t: "dcg.attack", perm: action.perm, target: action.target }, ...then);
        break;
      case "effect":
        g.push(...then);
        hostOf(g).performMain(g, p, action);
        break;
    }
  },
};
