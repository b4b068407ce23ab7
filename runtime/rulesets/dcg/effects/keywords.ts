/**
 * Keyword effects (002 chapter 12) that the effect model performs — the keyword flags the rules
 * read themselves (<Blocker> §12-5, <Security Attack> §12-4, <Piercing> §12-7, <Jamming> §12-9,
 * <Reboot> §12-11, <Rush> §12-15, <Retaliation> §12-13, <Digisorption> §12-10) are in the rules
 * modules:
 * - performed by an effect: <Draw N> (§12-8), <Recovery +N (Deck)> (§12-6), <De-Digivolve N>
 *   (§12-12), <Blitz> (§12-16), <Save> (§12-20), <Blast Digivolve> (§12-26), <Mind Link> (§12-28),
 *   <Blast DNA Digivolve> (§12-31);
 * - costs of a bulleted effect: <Digi-Burst N> (§12-14), <Delay> (§12-17);
 * - "would be deleted" interrupts (§13-3-1-2): <Decoy> (§12-18), <Armor Purge> (§12-19),
 *   <Material Save> (§12-21), <Evade> (§12-22), <Barrier> (§12-25), <Partition> (§12-29),
 *   <Scapegoat> (§12-32), and card text "When this Digimon would be deleted, …";
 * - triggered: <Raid> (§12-23), <Alliance> (§12-24) when their Digimon attacks, <Fortitude>
 *   (§12-27) when it is deleted; <Collision> (§12-30) is read by the block step and the
 *   keyword layer (`continuous.ts`).
 */
import type { Game, Task } from "../../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../../core/state.ts";
import type { DcgBullets, DcgKeywordAction, DcgKeywordName } from "../../../lang/dcg/ir.ts";
import { P, V, cardName, def, findPerm, isDigimon, isTamer, memoryOf, permName, topOf, who, type DcgPermanent, type PendingEffect } from "../model.ts";
import { hostOf, type DcgEventData } from "../events.ts";
import { dpOf, keywordsOf } from "../continuous.ts";
import { deletePermanents, drawCards, moveCards, placePermanentUnder, snapshotOf, stillInPlay, suspend, trashPermanent, trashTopCard } from "../moves.ts";
import { attackTargets, canAttackWith } from "../attack.ts";
import { blastDnaChoices, canDigivolve } from "../digivolve.ts";
import { digiXrosOf } from "../play.ts";
import { FX, remember, type FxFrame, type Thing } from "./frame.ts";
import { spend, startEffect } from "./activation.ts";
import { chooseOne, confirm, pick } from "./decisions.ts";
import { thingsOf } from "./select.ts";
import { permOf, sourceOf, targets, type StepInfo, type StepOut } from "./targets.ts";
import { affected } from "./immunity.ts";
import { eventMatches, effectLabel, keyOf, usesLeft } from "./triggers.ts";
import { lastOn } from "./durations.ts";
import { unitsOf } from "./units.ts";

// ─── Performed keywords ────────────────────────────────────────────────────

/** A keyword performed by an effect (002 §12-1: a keyword is an effect with fixed text): "<Draw 1>", "<De-Digivolve 1> on 1 of your opponent's Digimon", "<Blitz>". */
export function keywordAction(g: Game, t: Task, fr: FxFrame, st: DcgKeywordAction, info: StepInfo): StepOut {
  const k = st.keyword;
  let mult = fr.mult;
  for (const a of st.args) if (a.kind === "forEach") mult *= Math.floor(thingsOf(g, fr, a.what).length / Math.max(1, a.per));
  const name: DcgKeywordName = k.name;
  switch (name) {
    case "draw": {
      // 002 §12-8: draw N (as many as the deck has: §12-8-2); an empty deck does not lose (§12-8-5).
      const n = (k.value ?? 1) * mult;
      if (n <= 0) return { did: false };
      if (info.optional) {
        const ok = confirm(g, t, "may", fr.owner, `${fr.label}: <Draw ${n}>?`);
        if (ok === undefined) return undefined;
        if (!ok) return { did: false };
      }
      spend(g, fr);
      const cards = drawCards(g, fr.owner, n, "effect");
      g.logger?.emit("draw", fr.owner, `${fr.label}: <Draw ${n}>: ${who(fr.owner)} draws ${cards.length} card${cards.length === 1 ? "" : "s"} (002 §12-8)`, { n: cards.length });
      return { did: cards.length > 0 };
    }
    case "recovery": {
      // 002 §12-6: the top N cards of the deck go face down on top of the security stack (as many as there are: §12-6-2).
      const n = Math.abs(k.value ?? 1) * mult;
      if (n <= 0) return { did: false };
      if (info.optional) {
        const ok = confirm(g, t, "may", fr.owner, `${fr.label}: <Recovery +${n} (Deck)>?`);
        if (ok === undefined) return undefined;
        if (!ok) return { did: false };
      }
      spend(g, fr);
      const deck = g.zone(fr.owner, "deck");
      const cards = deck.slice(Math.max(0, deck.length - n)).reverse();
      const moved = moveCards(g, cards, { zone: "security", end: "top" }, fr.owner, "recovery");
      g.logger?.emit("recovery", fr.owner, `${fr.label}: <Recovery +${n} (Deck)>: ${moved.length} card${moved.length === 1 ? "" : "s"} to the security stack (002 §12-6)`, { n: moved.length });
      return { did: moved.length > 0 };
    }
    case "deDigivolve":
      return deDigivolve(g, t, fr, st, (k.value ?? 1) * Math.max(1, mult), info.optional);
    case "blitz":
      return blitz(g, t, fr, info.optional);
    case "save":
      return save(g, t, fr);
    case "blastDigivolve":
      return blastDigivolve(g, t, fr);
    case "mindLink":
      return mindLink(g, t, fr, st);
    case "blastDnaDigivolve":
      return blastDna(g, t, fr, st);
    default:
      // A keyword that is had, not performed (a misreading of the text: supported.ts lists it).
      return { did: false };
  }
}

/**
 * <De-Digivolve N> on a Digimon (002 §12-12): trash up to N cards from the top of its stack,
 * one at a time, never a level 3 or lower Digimon card as the top (§12-12-2) and never its last
 * card; the player declares how many (§12-12-1).
 */
function deDigivolve(g: Game, t: Task, fr: FxFrame, st: DcgKeywordAction, n: number, optional: boolean): StepOut {
  if (!st.target) return { did: false };
  const room = (perm: DcgPermanent): number => {
    let k = 0;
    for (let i = perm.cards.length - 1; i > 0 && k < n; i--, k++) {
      const l = def(g, perm.cards[i]!).stats.level;
      if (typeof l === "number" && l <= 3 && def(g, perm.cards[i]!).stats.kind !== "Tamer") break;
    }
    return k;
  };
  const things = targets(g, t, fr, st.target, "obj", { verb: "trash", optional, keep: (x) => { const perm = permOf(g, x); return perm !== null && isDigimon(g, perm); } });
  if (things === undefined) return undefined;
  // 002 §13-5-2, §12-12-6: a Digimon unaffected by this effect (read again at each <De-Digivolve>) loses no card.
  const perm = affected(g, sourceOf(fr), things).map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
  if (!perm) {
    if (things.length) spend(g, fr);
    return { did: false };
  }
  const max = room(perm);
  if (max === 0) {
    spend(g, fr);
    return { did: false };
  }
  const i = max === 1 ? 0 : chooseOne(g, t, "count", fr.owner, Array.from({ length: max }, (_, j) => `Trash ${j + 1}`), `${fr.label}: <De-Digivolve ${n}>: how many cards to trash (002 §12-12-1)?`);
  if (i === undefined) return undefined;
  spend(g, fr);
  const trashed: number[] = [];
  for (let j = 0; j <= i; j++) {
    const c = trashTopCard(g, perm, fr.owner, "deDigivolve");
    if (c !== null) trashed.push(c);
  }
  g.logger?.emit("deDigivolve", fr.owner, `${fr.label}: <De-Digivolve ${n}> trashes ${trashed.map((c) => cardName(g, c)).join(", ")} from ${permName(g, perm)} (002 §12-12)`, { perm: perm.id });
  remember(g, fr, "trashed", trashed.map((card) => ({ card })));
  return { did: trashed.length > 0 };
}

/**
 * <Blitz> (002 §12-16): if the opponent has 1 or more memory (§12-16-3), this Digimon may attack
 * (§12-16-4) — not during another attack (§12-16-1-1), and only if it can attack (§12-16-6).
 */
function blitz(g: Game, t: Task, fr: FxFrame, optional: boolean): StepOut {
  void optional;
  const perm = fr.perm !== null ? findPerm(g, fr.perm) : null;
  // 001 Q&A Blitz Q5..Q7: not a suspended Digimon, not one played this turn (without <Rush>), not one an effect forbids to attack.
  if (!perm || memoryOf(g, fr.owner) >= 0 || V(g).attack !== null || g.state.turnPlayer !== fr.owner || !canAttackWith(g, perm)) return { did: false };
  const ts = attackTargets(g, perm);
  if (ts.length === 0) return { did: false };
  const labels = ["Do not attack", ...ts.map((x) => (x === "player" ? `Attack ${who(other(fr.owner))}` : `Attack ${permName(g, x)}`))];
  const i = chooseOne(g, t, "blitz", fr.owner, labels, `${fr.label}: <Blitz>: attack? (002 §12-16)`);
  if (i === undefined) return undefined;
  if (i === 0) return { did: false };
  spend(g, fr);
  const target = ts[i - 1]!;
  return { did: true, then: [{ t: "dcg.attack", perm: perm.id, target: target === "player" ? "player" : target.id }] };
}

/** <Save> (002 §12-20): the deleted Digimon's card, still in the trash, may go under 1 of your Tamers (at the bottom: §12-20-6). */
function save(g: Game, t: Task, fr: FxFrame): StepOut {
  const card = fr.snap?.top ?? fr.card;
  if (g.card(card).zone !== "trash") return { did: false };
  const tamers: Thing[] = P(g, fr.owner).battle.filter((x) => isTamer(g, x)).map((x) => ({ perm: x.id }));
  const r = pick(g, t, "tamer", fr.owner, tamers, 0, 1, `${fr.label}: <Save>: place ${cardName(g, card)} under 1 of your Tamers? (002 §12-20)`);
  if (r === undefined) return undefined;
  const tamer = r[0] ? permOf(g, r[0]) : null;
  if (!tamer) return { did: false };
  spend(g, fr);
  moveCards(g, [card], { under: tamer, end: "bottom" }, fr.owner, "save");
  return { did: true };
}

/** <Blast Digivolve> (002 §12-26): at counter timing, one of your Digimon may digivolve into this card in your hand without paying the cost; the requirements still apply (§12-26-3). */
function blastDigivolve(g: Game, t: Task, fr: FxFrame): StepOut {
  const card = fr.card;
  if (g.card(card).zone !== "hand") return { did: false };
  const perms: Thing[] = P(g, fr.owner).battle.filter((x) => canDigivolve(g, fr.owner, x, card, { free: true })).map((x) => ({ perm: x.id }));
  const r = pick(g, t, "perm", fr.owner, perms, 0, 1, `${fr.label}: <Blast Digivolve>: which Digimon digivolves into ${cardName(g, card)}? (002 §12-26)`);
  if (r === undefined) return undefined;
  const perm = r[0] ? permOf(g, r[0]) : null;
  if (!perm) return { did: false };
  spend(g, fr);
  return { did: true, then: [{ t: "dcg.digivolve", card, p: fr.owner, perm: perm.id, way: { free: true }, byEffect: true }] };
}

/**
 * <Blast DNA Digivolve ([A] + [B])> (002 §12-31): optional (§12-31-3); the player chooses their
 * specified Digimon and reveals the specified card in the hand (§12-31-6), and they DNA digivolve
 * into this card from the hand by paying the DNA cost (§12-31-1, §12-31-4, §12-31-5: the card's
 * DNA requirements apply; `digivolve.ts` `dcg.blastDna`).
 */
function blastDna(g: Game, t: Task, fr: FxFrame, st: DcgKeywordAction): StepOut {
  const card = fr.card;
  if (g.card(card).zone !== "hand") return { did: false };
  const ways = blastDnaChoices(g, fr.owner, card, st.keyword.names);
  if (ways.length === 0) return { did: false };
  const labels = ["Do not DNA digivolve", ...ways.map((w) => `DNA digivolve ${permName(g, findPerm(g, w.perm)!)} + ${cardName(g, w.hand)} (hand) into ${cardName(g, card)} (${w.cost})`)];
  const i = chooseOne(g, t, "blastDna", fr.owner, labels, `${fr.label}: <Blast DNA Digivolve>? (002 §12-31)`);
  if (i === undefined) return undefined;
  const w = ways[i - 1];
  if (!w) return { did: false };
  spend(g, fr);
  g.logger?.emit("reveal", fr.owner, `<Blast DNA Digivolve>: ${who(fr.owner)} chooses ${permName(g, findPerm(g, w.perm)!)} and reveals ${cardName(g, w.hand)} from the hand (002 §12-31-6)`, { card: w.hand });
  return { did: true, then: [{ t: "dcg.blastDna", card, p: fr.owner, req: w.req, perm: w.perm, hand: w.hand, handPart: w.handPart }] };
}

/** <Mind Link> (002 §12-28): this Tamer goes under a Digimon (the one named) as its bottom digivolution card if it has no Tamer card among them. */
function mindLink(g: Game, t: Task, fr: FxFrame, st: DcgKeywordAction): StepOut {
  const tamer = fr.perm !== null ? findPerm(g, fr.perm) : null;
  const targetArg = st.args.find((a) => a.kind === "target");
  const target = st.target ?? (targetArg?.kind === "target" ? targetArg.what : null);
  if (!tamer || !target) return { did: false };
  const things = targets(g, t, fr, target, "obj", { verb: "place", optional: true, keep: (x) => { const perm = permOf(g, x); return perm !== null && perm !== tamer && isDigimon(g, perm) && !perm.cards.slice(0, -1).some((c) => def(g, c).stats.kind === "Tamer"); } });
  if (things === undefined) return undefined;
  const perm = things.map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
  if (!perm) return { did: false };
  spend(g, fr);
  return { did: placePermanentUnder(g, tamer, perm, "bottom", fr.owner) };
}

// ─── Costs of bulleted effects ─────────────────────────────────────────────

/**
 * The cost of a bulleted effect: <Digi-Burst N> trashes exactly N of this Digimon's
 * digivolution cards, chosen by its player (002 §12-14-2..4; optional, and only with N of them:
 * 001 Q&A Digi-Burst); <Delay> trashes this Option from the battle area, not the turn it entered
 * play (§12-17-1, §12-17-4). An effect the player declared from the main phase has chosen to pay.
 * @returns whether it was paid, or undefined while a decision is pending
 */
export function payBulletsCost(g: Game, t: Task, fr: FxFrame, st: DcgBullets): boolean | undefined {
  const k = st.keyword;
  if (k === null) return true;
  const declared = fr.data.declared === true;
  if (k.name === "digiBurst") {
    const perm = fr.perm !== null ? findPerm(g, fr.perm) : null;
    const n = k.value ?? 1;
    if (!perm || perm.cards.length - 1 < n) return false;
    if (!declared) {
      const ok = confirm(g, t, "burst", fr.owner, `${fr.label}: <Digi-Burst ${n}>: trash ${n} of ${permName(g, perm)}'s digivolution cards to activate the effect? (002 §12-14)`);
      if (ok === undefined) return undefined;
      if (!ok) return false;
    }
    const sources: Thing[] = perm.cards.slice(0, -1).map((card) => ({ card }));
    const chosen = pick(g, t, "burstCards", fr.owner, sources, n, n, `${fr.label}: <Digi-Burst ${n}>: choose the digivolution cards to trash (002 §12-14-4)`);
    if (chosen === undefined) return undefined;
    const cards = chosen.map((x) => ("card" in x ? x.card : -1)).filter((x) => x >= 0);
    moveCards(g, cards, { zone: "trash", end: "top" }, fr.owner, "digiBurst");
    g.logger?.emit("digiBurst", fr.owner, `${fr.label}: <Digi-Burst ${n}>: trashes ${cards.map((c) => cardName(g, c)).join(", ")} (002 §12-14-2)`, { perm: perm.id });
    return true;
  }
  if (k.name === "delay") {
    const perm = fr.perm !== null ? findPerm(g, fr.perm) : null;
    if (!perm || perm.enteredTurn >= g.state.turn) return false;
    if (!declared) {
      const ok = confirm(g, t, "delay", fr.owner, `${fr.label}: <Delay>: trash this card to activate the effect? (002 §12-17)`);
      if (ok === undefined) return undefined;
      if (!ok) return false;
    }
    trashPermanent(g, perm, "effect");
    g.logger?.emit("delay", fr.owner, `${fr.label}: <Delay>: the card is trashed from the battle area (002 §12-17-1)`, { card: fr.card });
    return true;
  }
  return true;
}

/** Whether a bulleted effect's cost can be paid now (for offering a [Main] effect: 002 §10-4-6-1 "if it can be activated"). */
export function bulletsPayable(g: Game, perm: DcgPermanent | null, st: DcgBullets): boolean {
  const k = st.keyword;
  if (k === null) return true;
  if (k.name === "digiBurst") return perm !== null && perm.cards.length - 1 >= (k.value ?? 1);
  if (k.name === "delay") return perm !== null && perm.enteredTurn < g.state.turn;
  return true;
}

// ─── "Would be deleted" interrupts ─────────────────────────────────────────

/** One "would be deleted" interrupt offered for a permanent. */
interface Interrupt {
  kind: DcgKeywordName | "text";
  perm: number;
  /** <Decoy>: the Digimon deleted instead. */
  decoy?: number;
  /** Card text: the effect's place. */
  card?: number;
  box?: "effect" | "inherited";
  index?: number;
  owner: PlayerIndex;
}

/** The keywords a permanent has, by name (its keyword lines, inherited ones, lasting and continuous). */
function has(g: Game, perm: DcgPermanent, k: DcgKeywordName): boolean {
  return (keywordsOf(g, perm)[k] ?? 0) !== 0;
}

/**
 * The interrupts offered when permanents are about to be deleted (002 §13-3-1-2-2: all triggered
 * together), turn player's first: each permanent's <Armor Purge> (§12-19: not with no digivolution
 * cards, §12-19-6), <Evade> (§12-22: not when suspended, §12-22-6), <Barrier> (§12-25: battle
 * only, not with 0 security, §12-25-5..7), <Scapegoat> (§12-32: not by its player's own
 * effects), <Material Save> (§12-21), <Partition> (§12-29: not in battle or by its player's own
 * effects), another Digimon's <Decoy> (§12-18: only against the opponent's effects, §12-18-5),
 * and "When this Digimon would be deleted, …" text.
 */
export function deletionInterrupts(g: Game, perms: readonly DcgPermanent[], cause: "battle" | "rules" | "effect", by: PlayerIndex | null): Interrupt[] {
  const out: Interrupt[] = [];
  const tp = g.state.turnPlayer;
  const ordered = [...perms].sort((a, b) => (a.owner === tp ? 0 : 1) - (b.owner === tp ? 0 : 1));
  for (const perm of ordered) {
    const owner = perm.owner;
    const ownEffect = cause === "effect" && by === owner;
    if (!isDigimon(g, perm)) continue;
    if (has(g, perm, "armorPurge") && perm.cards.length > 1) out.push({ kind: "armorPurge", perm: perm.id, owner });
    if (has(g, perm, "evade") && !perm.suspended) out.push({ kind: "evade", perm: perm.id, owner });
    if (has(g, perm, "barrier") && cause === "battle" && g.zone(owner, "security").length > 0) out.push({ kind: "barrier", perm: perm.id, owner });
    if (has(g, perm, "scapegoat") && !ownEffect && P(g, owner).battle.some((x) => x !== perm && isDigimon(g, x))) out.push({ kind: "scapegoat", perm: perm.id, owner });
    if (has(g, perm, "materialSave") && P(g, owner).battle.some((x) => isTamer(g, x))) out.push({ kind: "materialSave", perm: perm.id, owner });
    if (has(g, perm, "partition") && cause !== "battle" && !ownEffect) out.push({ kind: "partition", perm: perm.id, owner });
    if (cause === "effect" && by !== null && by !== owner)
      for (const d of P(g, owner).battle) {
        // 001 Q&A Decoy Q10: a <Decoy> Digimon being deleted by the same effect may still save another.
        if (d === perm) continue;
        const colors = decoyColors(g, d);
        if (colors.length && def(g, topOf(perm)).stats.colors.some((c) => colors.includes(c.toLowerCase()))) out.push({ kind: "decoy", perm: perm.id, decoy: d.id, owner });
      }
    // Card text: "When this Digimon would be deleted (in battle), …".
    const ev: DcgEventData = { e: "deleted", snapshot: snapshotOf(g, perm), cause, battledWith: null, by };
    for (const holder of P(g, owner).battle) {
      const cards: [number, "effect" | "inherited"][] = [[topOf(holder), "effect"]];
      if (isDigimon(g, holder)) for (let i = 0; i < holder.cards.length - 1; i++) cards.push([holder.cards[i]!, "inherited"]);
      for (const [card, box] of cards)
        for (const info of unitsOf(def(g, card)).interrupts[box]) {
          if (!info.when || (info.when.event !== "deleted" && !(info.when.orEvents ?? []).some((e) => e.event === "deleted"))) continue;
          if (info.turn !== null && (info.turn === "you") !== (g.state.turnPlayer === owner)) continue;
          const src = { card, box, index: info.index };
          if (!usesLeft(g, holder.id, info, src)) continue;
          // 002 §13-3-1-2-3: a "would" effect already activated among the effects derived from the activation in progress does not trigger again.
          if (FX(g).would?.includes(keyOf(g, holder.id, src))) continue;
          const ctx = { owner, card, perm: holder.id, snap: null, event: ev, refs: {}, last: [], box };
          const subjectIsThis = typeof info.when.subject === "object" && info.when.subject.kind === "ref";
          const target = info.when.args.find((a) => a.kind === "target");
          const aboutPerm = subjectIsThis ? holder.id === perm.id : target?.kind === "target" && target.what.kind === "ref" ? holder.id === perm.id : eventMatches(g, ctx, { ...info.when, would: false }, ev);
          if (!aboutPerm) continue;
          if (info.when.args.some((a) => a.kind === "inBattle") && cause !== "battle") continue;
          const byE = info.when.subject;
          if (typeof byE === "object" && byE.kind === "select" && byE.noun === "effect" && (cause !== "effect" || (byE.owner === "opponent" && by === owner))) continue;
          out.push({ kind: "text", perm: perm.id, card, box, index: info.index, owner });
        }
    }
  }
  return out;
}

/** The colours a permanent's <Decoy> protects (002 §12-18-1), lower case; none without <Decoy>. */
function decoyColors(g: Game, perm: DcgPermanent): string[] {
  const out: string[] = [];
  const top = def(g, topOf(perm));
  for (const u of top.effects.effect) if (u.keyword?.name === "decoy" && u.timings.length === 0) out.push(...u.keyword.colors);
  if (isDigimon(g, perm)) for (let i = 0; i < perm.cards.length - 1; i++) for (const u of def(g, perm.cards[i]!).effects.inherited) if (u.keyword?.name === "decoy" && u.timings.length === 0) out.push(...u.keyword.colors);
  return out;
}

/** Push the interrupt tasks for permanents about to be deleted (the host's `interruptDeletion`; 002 §13-3-1-2). */
export function pushDeletionInterrupts(g: Game, perms: readonly DcgPermanent[], cause: "battle" | "rules" | "effect", by: PlayerIndex | null): boolean {
  const list = deletionInterrupts(g, perms, cause, by);
  if (list.length === 0) return false;
  g.push(...list.map((x) => ({ t: "dcgfx.interrupt", x: x as unknown as Json, cause, by })));
  return true;
}

/** Whether a permanent's pending deletion has already been prevented. */
function prevented(g: Game, id: number): boolean {
  return V(g).prevented.includes(id);
}

/** Mark a permanent's pending deletion prevented (002 §13-3-1-2-1). */
function prevent(g: Game, id: number): void {
  const v = V(g);
  g.set(v, "prevented", [...v.prevented, id]);
}

/** Keyword task handlers ("would be deleted" interrupts: 002 §13-3-1-2; triggered keywords: §12-23, §12-24, §12-27). */
export const KEYWORD_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /** One "would be deleted" interrupt (see {@link deletionInterrupts}): asked of its player, performed, the deletion prevented. */
  "dcgfx.interrupt"(g, t) {
    const x = t.x as unknown as Interrupt;
    const perm = findPerm(g, x.perm);
    if (!perm || prevented(g, perm.id)) return;
    const name = permName(g, perm);
    const p = x.owner;
    switch (x.kind) {
      case "armorPurge": {
        if (perm.cards.length < 2) return;
        const ok = confirm(g, t, "ok", p, `<Armor Purge>: trash the top card of ${name} to prevent its deletion? (002 §12-19)`);
        if (!ok) return;
        const top = trashTopCard(g, perm, p, "armorPurge");
        prevent(g, perm.id);
        g.logger?.emit("armorPurge", p, `<Armor Purge>: ${top === null ? "" : cardName(g, top)} is trashed; ${permName(g, perm)} is not deleted (002 §12-19-1)`, { perm: perm.id });
        return;
      }
      case "evade": {
        if (perm.suspended) return;
        const ok = confirm(g, t, "ok", p, `<Evade>: suspend ${name} to prevent its deletion? (002 §12-22)`);
        if (!ok) return;
        suspend(g, perm, "effect");
        prevent(g, perm.id);
        g.logger?.emit("evade", p, `<Evade>: ${name} is suspended and not deleted (002 §12-22-1)`, { perm: perm.id });
        return;
      }
      case "barrier": {
        const sec = g.zone(p, "security");
        if (sec.length === 0) return;
        const ok = confirm(g, t, "ok", p, `<Barrier>: trash your top security card to prevent ${name}'s deletion? (002 §12-25)`);
        if (!ok) return;
        moveCards(g, [sec[sec.length - 1]!], { zone: "trash", end: "top" }, p, "barrier");
        prevent(g, perm.id);
        g.logger?.emit("barrier", p, `<Barrier>: a security card is trashed; ${name} is not deleted (002 §12-25-1)`, { perm: perm.id });
        return;
      }
      case "scapegoat": {
        const others: Thing[] = P(g, p).battle.filter((o) => o !== perm && isDigimon(g, o)).map((o) => ({ perm: o.id }));
        const r = pick(g, t, "goat", p, others, 0, 1, `<Scapegoat>: delete 1 of your other Digimon to prevent ${name}'s deletion? (002 §12-32)`);
        if (r === undefined) return;
        const goat = r[0] ? permOf(g, r[0]) : null;
        if (!goat || hostOf(g).forbids(g, { act: "delete", perm: goat, cause: "effect", by: p })) return;
        deletePermanents(g, [goat], "effect", null, p);
        prevent(g, perm.id);
        return;
      }
      case "decoy": {
        const d = findPerm(g, x.decoy!);
        if (!d) return;
        const ok = confirm(g, t, "ok", p, `<Decoy>: delete ${permName(g, d)} to prevent ${name}'s deletion? (002 §12-18)`);
        if (!ok) return;
        // 002 §12-18-9: a <Decoy> Digimon that is not deleted (an effect protects it) prevents nothing.
        if (hostOf(g).forbids(g, { act: "delete", perm: d, cause: "effect", by: p })) {
          g.logger?.emit("decoy", p, `<Decoy>: ${permName(g, d)} is not deleted, so ${name}'s deletion is not prevented (002 §12-18-9)`, { perm: d.id });
          return;
        }
        deletePermanents(g, [d], "effect", null, p);
        if (!stillInPlay(g, d)) prevent(g, perm.id);
        return;
      }
      case "materialSave": {
        // 002 §12-21: up to N digivolution cards named in its DigiXros requirements go under 1 of your Tamers (it is still deleted).
        const req = digiXrosOf(def(g, topOf(perm)));
        const n = keywordsOf(g, perm).materialSave ?? 0;
        const names = (req?.cards ?? []).flatMap((c) => (c.kind === "name" ? [c.name] : []));
        const cands: Thing[] = perm.cards.slice(0, -1).filter((c) => names.includes(def(g, c).stats.name)).map((card) => ({ card }));
        const tamers: Thing[] = P(g, p).battle.filter((o) => isTamer(g, o)).map((o) => ({ perm: o.id }));
        if (cands.length === 0 || tamers.length === 0) return;
        const cards = pick(g, t, "cards", p, cands, 0, n, `<Material Save ${n}>: place digivolution cards of ${name} under 1 of your Tamers? (002 §12-21)`);
        if (cards === undefined || cards.length === 0) return;
        const tm = pick(g, t, "tamer", p, tamers, 1, 1, `<Material Save>: under which Tamer?`);
        if (tm === undefined) return;
        const tamer = permOf(g, tm[0]!);
        if (tamer) moveCards(g, cards.map((c) => ("card" in c ? c.card : -1)).filter((c) => c >= 0), { under: tamer, end: "bottom" }, p, "materialSave");
        return;
      }
      case "partition": {
        // 002 §12-29: 1 of each specified card among its digivolution cards is played without paying the cost (all or nothing: §12-29-8).
        const specs = keywordSpecs(g, perm, "partition");
        const chosen: number[] = [];
        for (const s of specs) {
          const c = perm.cards.slice(0, -1).find((id) => !chosen.includes(id) && def(g, id).stats.level === s.level && def(g, id).stats.colors.some((col) => s.colors.includes(col.toLowerCase() as never)));
          if (c === undefined) return;
          chosen.push(c);
        }
        if (chosen.length === 0) return;
        const ok = confirm(g, t, "ok", p, `<Partition>: play ${chosen.map((c) => cardName(g, c)).join(" and ")} from ${name}'s digivolution cards? (002 §12-29)`);
        if (!ok) return;
        g.push(...chosen.map((card) => ({ t: "dcg.play", card, p, free: true, byEffect: true })));
        return;
      }
      case "text": {
        const src = { card: x.card!, box: x.box!, index: x.index! };
        const info = unitsOf(def(g, src.card)).all.find((u) => u.box === src.box && u.index === src.index)!;
        const holder = P(g, p).battle.find((h) => h.cards.includes(src.card));
        const fx = FX(g);
        g.set(fx, "would", [...(fx.would ?? []), keyOf(g, holder?.id ?? perm.id, src)]);
        startEffect(g, { owner: p, src, perm: holder?.id ?? perm.id, event: { e: "deleted", snapshot: snapshotOf(g, perm), cause: t.cause as "effect", battledWith: null, by: (t.by ?? null) as PlayerIndex | null }, label: effectLabel(g, p, src.card, info), opt: info.unit.perTurn ? { key: keyOf(g, holder?.id ?? perm.id, src), max: info.unit.perTurn } : null, data: { preventing: perm.id }, last: [{ perm: perm.id }] });
        return;
      }
      default:
        return;
    }
  },

  /**
   * A triggered keyword (002 §12-23 <Raid>, §12-24 <Alliance>, §12-27 <Fortitude>): performed
   * when its pending effect activates. Args: `kw`, `perm` (the Digimon), `card`, `owner`, `event`.
   */
  "dcgfx.keyword"(g, t) {
    const kw = t.kw as DcgKeywordName;
    const p = t.owner as PlayerIndex;
    const a = V(g).attack;
    switch (kw) {
      case "raid": {
        // 002 §12-23-1: may switch the target to the opponent's unsuspended Digimon with the highest DP (ties: the player chooses, §12-23-6).
        const perm = findPerm(g, t.perm as number);
        if (!a || !perm || a.attacker !== perm.id) return;
        const opp = P(g, other(p)).battle.filter((x) => !x.suspended && isDigimon(g, x));
        if (opp.length === 0) return;
        const best = Math.max(...opp.map((x) => dpOf(g, x) ?? 0));
        const tops: Thing[] = opp.filter((x) => (dpOf(g, x) ?? 0) === best && x.id !== a.target).map((x) => ({ perm: x.id }));
        if (tops.length === 0) return;
        const r = pick(g, t, "raid", p, tops, 0, 1, `<Raid>: switch the attack target to your opponent's unsuspended Digimon with the highest DP? (002 §12-23)`);
        if (r === undefined || r.length === 0) return;
        const target = permOf(g, r[0]!)!;
        g.set(a, "target", target.id);
        g.logger?.emit("raid", p, `<Raid>: the attack target becomes ${permName(g, target)} (002 §12-23-1)`, { perm: target.id });
        return;
      }
      case "alliance": {
        // 002 §12-24-1: by suspending 1 of your other Digimon, this Digimon adds its DP and gains <Security Attack +1> for the attack.
        const perm = findPerm(g, t.perm as number);
        if (!a || !perm || a.attacker !== perm.id) return;
        const others: Thing[] = P(g, p).battle.filter((x) => x !== perm && !x.suspended && isDigimon(g, x)).map((x) => ({ perm: x.id }));
        const r = pick(g, t, "ally", p, others, 0, 1, `<Alliance>: suspend 1 of your other Digimon to add its DP and <Security Attack +1> for the attack? (002 §12-24)`);
        if (r === undefined || r.length === 0) return;
        const ally = permOf(g, r[0]!)!;
        const dp = dpOf(g, ally) ?? 0;
        suspend(g, ally, "effect");
        const ctx = { owner: p, card: topOf(perm), perm: perm.id, snap: null, event: null, refs: {}, last: [], box: "effect" as const };
        lastOn(g, ctx, perm.id, "attack", { dp, keyword: { name: "securityAttack", value: 1 } });
        g.logger?.emit("alliance", p, `<Alliance>: ${permName(g, ally)} is suspended; ${permName(g, perm)} gets +${dp} DP and <Security Attack +1> for the attack (002 §12-24-1)`, { perm: perm.id });
        return;
      }
      case "fortitude": {
        // 002 §12-27-1: when it is deleted with digivolution cards, its top card is played from the trash without paying the cost.
        const card = t.card as number;
        if (g.card(card).zone !== "trash") return;
        g.logger?.emit("fortitude", p, `<Fortitude>: ${cardName(g, card)} is played from the trash (002 §12-27-1)`, { card });
        g.push({ t: "dcg.play", card, p, free: true, byEffect: true });
        return;
      }
      default:
        return;
    }
  },
};

/** The specified cards of a permanent's <Partition (…)> (002 §12-29-4). */
function keywordSpecs(g: Game, perm: DcgPermanent, k: DcgKeywordName): { colors: string[]; level: number }[] {
  for (const u of def(g, topOf(perm)).effects.effect) if (u.keyword?.name === k) return u.keyword.cards;
  return [];
}

/**
 * The pending keyword effects an event triggers (002 §12-23-1 <Raid> and §12-24-1 <Alliance>
 * when their Digimon attacks; §12-27-1 <Fortitude> when its Digimon is deleted with
 * digivolution cards).
 */
export function collectKeywordTriggers(g: Game, ev: DcgEventData, out: PendingEffect[]): void {
  const mk = (owner: PlayerIndex, kw: DcgKeywordName, card: number, perm: number | null, label: string): PendingEffect => ({ owner, kind: "card", card, perm, box: null, index: null, keyword: kw, event: ev as unknown as { [k: string]: Json }, label, data: { kw } });
  if (ev.e === "attackDeclared") {
    const perm = findPerm(g, ev.attacker);
    if (!perm) return;
    const ks = keywordsOf(g, perm);
    // 002 §12-23-2: each <Raid> activates as a separate effect.
    if (ks.raid) for (let i = 0; i < ks.raid; i++) out.push(mk(ev.player, "raid", topOf(perm), perm.id, `${permName(g, perm)}: <Raid>`));
    if (ks.alliance) for (let i = 0; i < ks.alliance; i++) out.push(mk(ev.player, "alliance", topOf(perm), perm.id, `${permName(g, perm)}: <Alliance>`));
  }
  if (ev.e === "deleted" && (ev.snapshot.keywords.fortitude ?? 0) > 0 && ev.snapshot.cards.length > 1 && !ev.snapshot.token) {
    out.push(mk(ev.snapshot.owner, "fortitude", ev.snapshot.top, ev.snapshot.perm, `${who(ev.snapshot.owner)} ${def(g, ev.snapshot.top).stats.name}: <Fortitude>`));
  }
}

