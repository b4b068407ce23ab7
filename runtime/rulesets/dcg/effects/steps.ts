/**
 * The steps of an effect: one handler per clause verb of the DCG language (`runtime/lang/dcg/
 * ir.ts` `DCG_VERBS`), keyword actions (`keywords.ts`) and bulleted effects (<Digi-Burst>,
 * <Delay>). A handler picks its targets when it runs (002 §10-3-3: chosen during processing,
 * at the instruction that names them; "up to N" from 1 to N, §14-1-1; a fixed N as many as
 * possible, §10-3-4; a search of hidden cards may find nothing, §10-3-5), performs what it can
 * (§1-3-2: an impossible part is skipped, the rest done), moves cards only through `moves.ts`
 * and the rules' own tasks (play, digivolve, delete), and remembers what it acted on for the
 * words that follow ("that Digimon", "the revealed cards", "if you do": §11-8-3). A Digimon or
 * Tamer chosen that is unaffected by the effect is left alone (§13-5-2, `immunity.ts`).
 * Choosing targets is `targets.ts`, and the decisions asked `decisions.ts`, shared with the
 * keyword effects (`keywords.ts`) that a step runs.
 */
import type { Game, Task } from "../../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../../core/state.ts";
import type { DcgArg, DcgBullets, DcgClause, DcgDuration, DcgSelection, DcgSelector, DcgStep, DcgZone as IrZone } from "../../../lang/dcg/ir.ts";
import { P, V, def, findPerm, memoryOf, setMemory, topOf, who as whoName, type DcgPermanent, type LastingEffect } from "../model.ts";
import { hostOf } from "../events.ts";
import { canPay, pay } from "../model.ts";
import { detachSource, enterPlay, hatch, moveCards, moveOutOfBreeding, place, placePermanentUnder, sendPermanent, snapshotOf, suspend, trashPermanent, unsuspendAll, type CardDestination } from "../moves.ts";
import { canDigivolve, dnaChoices, type DigivolveWay } from "../digivolve.ts";
import { colorRequirementMet, useCost } from "../option.ts";
import { preparedToken } from "../play.ts";
import { frameOf, remember, rememberMore, setFrame, type FxFrame, type Thing } from "./frame.ts";
import { bodyOf, spend, startEffect } from "./activation.ts";
import { chooseOne, confirm } from "./decisions.ts";
import { looseCard, permOf, sourceOf, targets, type StepInfo, type StepOut } from "./targets.ts";
import { thingName, thingsOf, thingsOfRef, valueOf, viewOf } from "./select.ts";
import { lastOn, untilOf } from "./durations.ts";
import { keywordAction, payBulletsCost } from "./keywords.ts";
import { memoryGainForbidden } from "./continuous.ts";
import { affected } from "./immunity.ts";
import { unitsOf } from "./units.ts";
import { effectLabel, fitsSelector } from "./triggers.ts";

/** Run one step of an effect (002 §1-3-7). */
export function runStep(g: Game, t: Task, fr: FxFrame, st: DcgStep, info: StepInfo): StepOut {
  switch (st.kind) {
    case "clause":
      return clauseStep(g, t, fr, st, info);
    case "keywordAction":
      return keywordAction(g, t, fr, st, info);
    case "bullets":
      return bulletsStep(g, t, fr, st, info);
  }
}

/**
 * A bulleted effect: <Digi-Burst N> (002 §12-14: trash N of this Digimon's digivolution cards
 * first, optional) or <Delay> (§12-17: trash this Option from the battle area first), or
 * "activate the effect below": the bullets run only once the cost is paid; when it is not, the
 * rest of the effect is not carried out either (the bullets end the effect's text).
 */
function bulletsStep(g: Game, t: Task, fr: FxFrame, st: DcgBullets, info: StepInfo): StepOut {
  const paid = payBulletsCost(g, t, fr, st);
  if (paid === undefined) return undefined;
  if (!paid) {
    setFrame(g, fr, "data", { ...fr.data, halt: true });
    return { did: false };
  }
  spend(g, fr);
  return { did: true, then: [{ t: "dcgfx.sentence", f: fr.id, body: info.path, s: 0 }] };
}

/** An argument of a clause by kind. */
function argOf<K extends DcgArg["kind"]>(c: DcgClause, kind: K): Extract<DcgArg, { kind: K }> | undefined {
  return c.args.find((a) => a.kind === kind) as Extract<DcgArg, { kind: K }> | undefined;
}

/** How many times a clause's amounts count: the sentence's "for each" and the clause's own (002 §1-3-2-2). */
function multOf(g: Game, fr: FxFrame, c: DcgClause): number {
  let m = fr.mult;
  for (const a of c.args) if (a.kind === "forEach") m *= Math.floor(thingsOf(g, fr, a.what).length / Math.max(1, a.per));
  return m;
}

/** The duration of a clause: its own argument, else its sentence's lead; null when none is written. */
function durationOf(fr: FxFrame, c: DcgClause): DcgDuration | null {
  const d = argOf(c, "duration");
  if (d) return d.duration;
  return (fr.duration as unknown as DcgDuration | null) ?? null;
}

/** The player a clause's actor is ("your opponent trashes …"): the effect's player unless the text names the opponent. */
function actorOf(fr: FxFrame, c: DcgClause): PlayerIndex {
  return c.who === "opponent" ? other(fr.owner) : fr.owner;
}

/** The zone a clause's "from …" names, or null. */
function fromOf(c: DcgClause): IrZone | null {
  return argOf(c, "from")?.zone ?? null;
}

/** Record a thing list as what this step acted on. */
function acted(g: Game, fr: FxFrame, ref: string | null, things: Thing[]): void {
  if (ref) rememberMore(g, fr, ref, things);
  remember(g, fr, null, things);
}

/** The player that a destination "its owner's hand" means for a card. */
function ownerOfCard(g: Game, card: number): PlayerIndex {
  return g.card(card).owner;
}

// ─── Clauses ───────────────────────────────────────────────────────────────

/** A clause (002 §1-3-7), by verb. Negated clauses ("can't …") and permissions with a duration become lasting effects. */
function clauseStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, info: StepInfo): StepOut {
  if (c.negated || (c.permission && c.verb === "attack") || c.verb === "makeUnblockable") return restrictionStep(g, t, fr, c, info);
  const optional = info.optional || c.permission;
  const verb = c.verb;
  switch (verb) {
    case "play":
      return playStep(g, t, fr, c, optional);
    case "delete":
      return deleteStep(g, t, fr, c, optional);
    case "gainMemory":
    case "loseMemory":
    case "setMemory":
      return memoryStep(g, t, fr, c, optional);
    case "trash":
      return trashStep(g, t, fr, c, optional);
    case "add":
    case "return":
    case "place":
      return moveStep(g, t, fr, c, optional);
    case "get":
    case "give":
    case "change":
      return dpStep(g, t, fr, c, optional, info);
    case "gain":
      return gainStep(g, t, fr, c, optional, info);
    case "suspend":
    case "unsuspend":
      return suspendStep(g, t, fr, c, optional);
    case "reveal":
    case "look":
    case "search":
    case "choose":
      return revealStep(g, t, fr, c, optional);
    case "activate":
      return activateStep(g, t, fr, c, optional);
    case "move":
      return moveOutStep(g, t, fr, c, optional);
    case "use":
      return useStep(g, t, fr, c, optional);
    case "digivolve":
      return digivolveStep(g, t, fr, c, optional);
    case "treatAs":
      return treatAsStep(g, t, fr, c, optional);
    case "pay":
      return payStep(g, t, fr, c, optional);
    case "prevent":
      return preventStep(g, t, fr, c);
    case "switchTarget":
      return switchTargetStep(g, t, fr, c, optional);
    case "hatch":
      return hatchStep(g, t, fr, optional);
    case "shuffle":
      return shuffleStep(g, fr, c);
    case "attack":
    case "block":
    case "dnaDigivolve":
      return dnaStep(g, t, fr, c, optional);
    case "reduce":
    case "increase":
    case "raiseMaximum":
    case "include":
    case "isAffected":
    case "setCost":
    case "requireTotal":
    case "allowAttack":
      // Read by the continuous layer, or not yet performed as an action (supported.ts names them).
      return { did: false };
    default: {
      const never: never = verb;
      throw new Error(`unknown DCG verb ${String(never)}`);
    }
  }
}

/** Ask for an optional clause without a selection ("you may suspend this Tamer"): yes / no (002 §10-1-3). */
function mayDo(g: Game, t: Task, fr: FxFrame, optional: boolean, what: string): boolean | undefined {
  if (!optional) return true;
  return confirm(g, t, "may", fr.owner, `${fr.label}: ${what}?`);
}

/** "Play …" (002 §7-1, §10-4-2-4: by an effect, [On Play] still triggers): through the rules' play step, with "without paying" (§7-2-6-14) and "suspended". */
function playStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  const p = actorOf(fr, c);
  const free = c.args.some((a) => a.kind === "free");
  if (c.object.what.kind === "select" && c.object.what.noun === "token") return tokenStep(g, t, fr, c.object.what, p, free, optional);
  const playable = (x: Thing): boolean => {
    const card = "card" in x ? x.card : null;
    if (card === null) return false;
    const k = def(g, card).stats.kind;
    if (k !== "Digimon" && k !== "Tamer") return false;
    if (hostOf(g).forbids(g, { act: "play", card, player: p, byEffect: true })) return false;
    return free || canPay(g, p, def(g, card).stats.cost ?? 0);
  };
  // "Play 1 level 4 or lower digivolution card under this card" (BT1-044): the cards under the Digimon named.
  const under = argOf(c, "under");
  let of: Thing[] | undefined;
  if (under) {
    const o = underTargets(g, t, fr, under.of, "under", optional);
    if (o === undefined) return undefined;
    of = o;
  }
  const things = targets(g, t, fr, c.object.what, "obj", { verb: "play", optional, from: fromOf(c), keep: playable, of });
  if (things === undefined) return undefined;
  const cards = things.map((x) => ("card" in x ? x.card : -1)).filter((x) => x >= 0);
  if (cards.length === 0) return { did: false };
  spend(g, fr);
  const then: Task[] = cards.map((card) => ({ t: "dcg.play", card, p, free, byEffect: true, suspended: c.args.some((a) => a.kind === "suspended") }));
  then.push({ t: "dcgfx.record", f: fr.id, ref: "played", cards });
  return { did: true, then };
}

/**
 * "You may play 1 [Diaboromon] Token without paying its memory cost" (002 §4-19-1; 001 "Tokens"):
 * as many Tokens as the text says, each made from the player's prepared Token card of that name
 * (002 §5-1-1, §5-2-1-1; `play.ts` `preparedToken`). The IR names the Token but not its
 * information (the reminder text after it is not compiled), so a player who prepared no such
 * card plays none.
 */
function tokenStep(g: Game, t: Task, fr: FxFrame, sel: DcgSelection, p: PlayerIndex, free: boolean, optional: boolean): StepOut {
  const name = sel.filters.flatMap((f) => (f.kind === "named" ? f.names : []))[0];
  const key = name === undefined ? null : preparedToken(g, p, name);
  if (key === null) return { did: false };
  const n = sel.count.kind === "n" ? sel.count.n : 1;
  if (optional) {
    const ok = confirm(g, t, "may", fr.owner, `${fr.label}: play ${n} ${name} Token${n === 1 ? "" : "s"}?`);
    if (ok === undefined) return undefined;
    if (!ok) return { did: false };
  }
  spend(g, fr);
  return { did: true, then: Array.from({ length: n }, () => ({ t: "dcg.playToken", key, p, free })) };
}

/** "Delete …" (002 §4-12-1-1-3): through `dcg.delete`, so "would be deleted" effects interrupt (§13-3-1-2). */
function deleteStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const sel = c.object?.kind === "things" ? c.object.what : c.who !== null && typeof c.who !== "string" ? c.who : null;
  if (!sel) return { did: false };
  const things = targets(g, t, fr, sel, "obj", { verb: "delete", optional, mult: multOf(g, fr, c), keep: (x) => permOf(g, x) !== null });
  if (things === undefined) return undefined;
  if (things.length) spend(g, fr);
  // 002 §13-5-2: a chosen Digimon unaffected by this effect is not deleted.
  const perms = affected(g, sourceOf(fr), things).map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null);
  if (perms.length === 0) return { did: false };
  const snaps = perms.map((x) => snapshotOf(g, x));
  return { did: true, then: [{ t: "dcg.delete", perms: perms.map((x) => x.id), cause: "effect", by: fr.owner }, { t: "dcgfx.recordGone", f: fr.id, ref: "deleted", snaps: snaps as unknown as Json }] };
}

/** "Gain 2 memory" / "Lose 2 memory" / "set your memory to 3" (002 §4-1; 001 p.13: the player who uses the card). */
function memoryStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "amount") return { did: false };
  const p = c.who === "opponent" ? other(fr.owner) : fr.owner;
  const n = valueOf(g, fr, c.object.value) * multOf(g, fr, c);
  if (n <= 0 && c.verb !== "setMemory") return { did: false };
  if (c.verb === "gainMemory" && memoryGainForbidden(g, p, def(g, fr.card).stats.kind)) return { did: false };
  const ok = mayDo(g, t, fr, optional, c.verb === "gainMemory" ? `gain ${n} memory` : c.verb === "loseMemory" ? `lose ${n} memory` : `set memory to ${n}`);
  if (ok === undefined) return undefined;
  if (!ok) return { did: false };
  spend(g, fr);
  const before = memoryOf(g, p);
  const after = c.verb === "gainMemory" ? before + n : c.verb === "loseMemory" ? before - n : n;
  setMemory(g, p, after);
  g.logger?.emit("memory", p, `${fr.label}: ${whoName(p)} ${c.verb === "gainMemory" ? `gains ${n}` : c.verb === "loseMemory" ? `loses ${n}` : `sets memory to ${n}`}; memory ${memoryOf(g, p)} (002 §4-1)`, { memory: memoryOf(g, p) });
  return { did: memoryOf(g, p) !== before || c.verb === "setMemory" };
}

/** "Trash …" (002 §4-12-2): cards from a zone or from under a Digimon, or a permanent (not a deletion: §4-12-2-3). */
function trashStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  const under = argOf(c, "under");
  let of: Thing[] | undefined;
  if (under) {
    const o = underTargets(g, t, fr, under.of, "under", optional);
    if (o === undefined) return undefined;
    of = o;
  }
  const sel = c.object.what;
  const withEnd: DcgSelector = under?.end && sel.kind === "select" && !sel.end ? { ...sel, end: under.end } : sel;
  const chosen = targets(g, t, fr, withEnd, "obj", { verb: "trash", optional, of, mult: multOf(g, fr, c), from: fromOf(c), chooser: actorOf(fr, c) });
  if (chosen === undefined) return undefined;
  if (chosen.length === 0) return { did: false };
  spend(g, fr);
  const things = affected(g, sourceOf(fr), chosen); // 002 §13-5-2
  if (things.length === 0) return { did: false };
  const trashedNames = things.map((x) => thingName(g, x)).join(", ");
  const cards: number[] = [];
  for (const x of things) {
    const loose = looseCard(g, x);
    if (loose !== null) cards.push(loose);
    else {
      const perm = permOf(g, x);
      if (perm) trashPermanent(g, perm, "effect");
    }
  }
  // 002 §11-9-3: revealed cards trashed are not "cards trashed from the deck / security stack".
  const revealed = cards.length > 0 && cards.every((c) => (fr.refs.revealed ?? []).some((x) => "card" in x && x.card === c));
  const moved = moveCards(g, cards, { zone: "trash", end: "top" }, fr.owner, revealed ? "revealed" : null);
  acted(g, fr, "trashed", [...moved.map((card) => ({ card })), ...things.filter((x) => looseCard(g, x) === null)]);
  g.logger?.emit("trash", fr.owner, `${fr.label}: trashes ${trashedNames}`, {});
  return { did: things.length > 0 };
}

/** The permanents an "under …" argument names (chosen when the text leaves a choice). */
function underTargets(g: Game, t: Task, fr: FxFrame, of: DcgSelector, key: string, optional: boolean): Thing[] | undefined {
  return targets(g, t, fr, of, key, { verb: "place", optional, keep: (x) => permOf(g, x) !== null });
}

/**
 * "Add … to your hand", "Return … to its owner's hand / the bottom of the deck", "Place … at
 * the bottom of the deck / on top of the security stack / under 1 of your Digimon / in your
 * battle area": a permanent leaves play (002 §11-5: only its top card goes; the cards under it
 * are trashed) or cards move (`moves.ts` `moveCards`).
 */
function moveStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  // Where to.
  const unders = c.args.filter((a) => a.kind === "under") as Extract<DcgArg, { kind: "under" }>[];
  const asArg = argOf(c, "as");
  const to = c.args.find((a) => a.kind === "to" && a.zone.kind !== "play") as Extract<DcgArg, { kind: "to" }> | undefined;
  const toPlay = c.args.some((a) => (a.kind === "to" && a.zone.kind === "play" && !a.faceDown && unders.length === 0) || (a.kind === "from" && a.zone.kind === "battleArea" && c.verb === "place"));
  let dest: Thing[] | undefined;
  if (unders.length) {
    const r = underTargets(g, t, fr, unders[0]!.of, "under", optional);
    if (r === undefined) return undefined;
    dest = r;
  } else if (asArg?.what && asArg.what.kind === "select" && asArg.what.zone?.kind === "digivolutionCards") {
    const r = underTargets(g, t, fr, asArg.what.zone.of, "under", optional);
    if (r === undefined) return undefined;
    dest = r;
  }
  const chosen = targets(g, t, fr, c.object.what, "obj", { verb: c.verb, optional, from: fromOf(c), mult: multOf(g, fr, c), chooser: actorOf(fr, c), keep: dest ? (x) => !dest!.some((d) => JSON.stringify(d) === JSON.stringify(x)) : undefined });
  if (chosen === undefined) return undefined;
  if (chosen.length === 0) return { did: false };
  // "You may add that card to your hand" (002 §10-1-3): a "may" on things already named is a yes / no.
  if (c.optional && c.object.what.kind === "ref") {
    const ok = confirm(g, t, "may", fr.owner, `${fr.label}: ${c.verb} ${chosen.map((x) => thingName(g, x)).join(", ")}?`);
    if (ok === undefined) return undefined;
    if (!ok) return { did: false };
  }
  spend(g, fr);
  const things = affected(g, sourceOf(fr), chosen); // 002 §13-5-2
  if (things.length === 0) return { did: false };
  const end = (unders[unders.length - 1]?.end ?? asArg?.end ?? to?.end ?? "bottom") === "top" ? "top" : "bottom";
  const ref = c.verb === "add" ? "added" : c.verb === "return" ? "returned" : "placed";
  const names = new Map(things.map((x) => [JSON.stringify(x), thingName(g, x)] as const));
  const done: Thing[] = [];
  if (dest) {
    const under = dest.map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
    if (!under) return { did: false };
    for (const x of things) {
      const loose = looseCard(g, x);
      if (loose !== null) {
        if (moveCards(g, [loose], { under, end: unders.length > 1 || asArg ? end : unders[0]?.end === "top" ? "top" : "bottom" }, fr.owner).length) done.push(x);
      } else {
        const perm = permOf(g, x);
        if (perm && placePermanentUnder(g, perm, under, end, fr.owner)) done.push(x);
      }
    }
  } else if (toPlay) {
    // "Place this card in your battle area" (an Option placed by its own effect: 002 §3-5-3, §12-17-1).
    for (const x of things) {
      const card = "card" in x ? x.card : null;
      if (card === null || findPermHolding(g, card)) continue;
      enterPlay(g, ownerOfCard(g, card), [card], "battle", { played: false });
      done.push(x);
    }
  } else {
    const zone = to?.zone.kind ?? "hand";
    for (const x of things) {
      const perm = permOf(g, x);
      if (perm) {
        const where = zone === "deck" ? (to?.end === "top" ? "deckTop" : "deckBottom") : zone === "security" ? "security" : "hand";
        if (sendPermanent(g, perm, where)) done.push(x);
        continue;
      }
      const loose = looseCard(g, x);
      if (loose === null) continue;
      const d: CardDestination = zone === "deck" ? { zone: "deck", end: to?.end === "top" ? "top" : "bottom" } : zone === "security" ? { zone: "security", end: to?.end === "bottom" ? "bottom" : "top" } : zone === "trash" ? { zone: "trash", end: "top" } : zone === "eggDeck" ? { zone: "eggDeck", end: "bottom" } : { zone: "hand", end: "top" };
      if (moveCards(g, [loose], d, fr.owner).length) done.push(x);
    }
  }
  acted(g, fr, ref, done);
  g.logger?.emit("effectMove", fr.owner, `${fr.label}: ${c.verb} ${done.map((x) => names.get(JSON.stringify(x))).join(", ") || "nothing"}`, {});
  return { did: done.length > 0 };
}

/** The permanent whose stack holds a card, or null. */
function findPermHolding(g: Game, card: number): DcgPermanent | null {
  const c = g.card(card);
  if (c.zone !== "battle" && c.zone !== "breeding") return null;
  const s = P(g, c.holder);
  return s.breeding?.cards.includes(card) ? s.breeding : (s.battle.find((x) => x.cards.includes(card)) ?? null);
}

/**
 * "… gets +2000 DP for the turn" / "give … +2000 DP" / "change the original DP of … to 1000"
 * (002 §13-2-2 lasting effects; without a written duration, for the turn): one lasting change
 * per Digimon chosen (002 §13-5: an unaffected Digimon is chosen but not changed — not read yet).
 */
function dpStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean, info: StepInfo): StepOut {
  const subject = c.verb === "get" ? (c.who !== null && typeof c.who !== "string" ? c.who : null) : (argOf(c, "target")?.what ?? null);
  if (!subject || c.object === null) return { did: false };
  const until = untilOf(durationOf(fr, c)) ?? "turn";
  // Security Digimon (002 §4-11): "Your Security Digimon get +5000 DP for the turn".
  if (subject.kind === "select" && subject.noun === "securityDigimon" && c.object.kind === "amount") {
    spend(g, fr);
    const owner = subject.owner === "opponent" ? other(fr.owner) : fr.owner;
    lastOn(g, fr, -1, until, { fx: { kind: "securityDp", owner, dp: valueOf(g, fr, c.object.value) * multOf(g, fr, c) } });
    return { did: true };
  }
  if (c.verb === "get" && isGlobal(subject) && (c.object.kind === "keyword" || (c.object.kind === "amount" && c.object.unit === "dp"))) return globalStep(g, fr, c, info, until);
  const things = targets(g, t, fr, subject, "who", { verb: c.verb, optional, keep: (x) => permOf(g, x) !== null });
  if (things === undefined) return undefined;
  const perms = things.map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null);
  if (perms.length === 0) return { did: false };
  spend(g, fr);
  for (const perm of perms) {
    if (c.object.kind === "amount" && c.object.unit === "dp") {
      const n = valueOf(g, fr, c.object.value) * multOf(g, fr, c);
      if (c.verb === "change") lastOn(g, fr, perm.id, until, { fx: { kind: "setDp", dp: n } });
      else lastOn(g, fr, perm.id, until, { dp: n });
    }
    if (c.object.kind === "keyword") for (const k of c.object.keywords) lastOn(g, fr, perm.id, until, { keyword: { name: k.name, value: k.value } });
    for (const a of c.args) if (a.kind === "withKeyword") lastOn(g, fr, perm.id, until, { keyword: { name: a.keyword.name, value: a.keyword.value } });
  }
  acted(g, fr, null, perms.map((x) => ({ perm: x.id })));
  g.logger?.emit("effect", fr.owner, `${fr.label}: ${perms.map((x) => thingName(g, { perm: x.id })).join(", ")} ${c.object.kind === "amount" ? `${c.verb === "change" ? "original DP becomes" : "gets"} ${valueOf(g, fr, c.object.value) * multOf(g, fr, c)} DP` : "gains a keyword"} (${until})`, {});
  return { did: true };
}

/** Whether a subject names every Digimon of a range ("all of your Digimon", "all of your opponent's level 3 Digimon"): a global effect (001 DR "Global Effects"). */
function isGlobal(subject: DcgSelector): boolean {
  return subject.kind === "select" && subject.count.kind === "all" && subject.noun === "digimon" && (subject.zone === null || subject.zone.kind === "battleArea");
}

/**
 * A lasting DP change or keyword for "all of your (opponent's) Digimon" (002 §13-2-2; 001 DR
 * "Global Effects": it also applies to the Digimon that enter the battle area after it was
 * activated, and — §8-1-2-7 — only while a Digimon meets the phrase's conditions): one lasting
 * effect on no one, its phrase read again whenever DP or keywords are read (`continuous.ts`).
 */
function globalStep(g: Game, fr: FxFrame, c: DcgClause, info: StepInfo, until: LastingEffect["until"]): StepOut {
  spend(g, fr);
  const fx: { [k: string]: Json } = { kind: "global", src: fr.src as unknown as Json, at: info.path, ctx: { owner: fr.owner, card: fr.card, perm: fr.perm, snap: null, event: null, refs: {}, last: fr.last, box: fr.box } as unknown as Json };
  if (c.object?.kind === "amount") fx.dp = valueOf(g, fr, c.object.value) * multOf(g, fr, c);
  if (c.object?.kind === "keyword") fx.keywords = c.object.keywords.map((k) => ({ name: k.name, value: k.value })) as unknown as Json;
  lastOn(g, fr, -1, until, { fx });
  g.logger?.emit("effect", fr.owner, `${fr.label}: "${clauseText(g, fr, c)}" (${until}; Digimon that enter later too: 001 DR "Global Effects")`, {});
  return { did: true };
}

/** "… gains <Blocker> for the turn" (002 §12-1, §13-2-2) or "… gains '[When Attacking] …'" (a granted effect: §13-2-4). */
function gainStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean, info: StepInfo): StepOut {
  const subject = c.who !== null && typeof c.who !== "string" ? c.who : null;
  if (!subject || !c.object) return { did: false };
  const until = untilOf(durationOf(fr, c)) ?? "turn";
  if (c.object.kind === "keyword" && isGlobal(subject)) return globalStep(g, fr, c, info, until);
  const things = targets(g, t, fr, subject, "who", { verb: "gain", optional, keep: (x) => permOf(g, x) !== null });
  if (things === undefined) return undefined;
  const perms = things.map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null);
  if (perms.length === 0) return { did: false };
  spend(g, fr);
  for (const perm of perms) {
    if (c.object.kind === "keyword") for (const k of c.object.keywords) lastOn(g, fr, perm.id, until, { keyword: { name: k.name, value: k.value === null ? null : k.value * (k.name === "securityAttack" ? 1 : 1) } });
    else if (c.object.kind === "effect") lastOn(g, fr, perm.id, until, { fx: { kind: "grant", src: { ...fr.src, path: [...(fr.src.path ?? []), ...info.path] } as unknown as Json } });
  }
  acted(g, fr, null, perms.map((x) => ({ perm: x.id })));
  g.logger?.emit("effect", fr.owner, `${fr.label}: ${perms.map((x) => thingName(g, { perm: x.id })).join(", ")} gain${perms.length === 1 ? "s" : ""} ${c.object.kind === "keyword" ? c.object.keywords.map((k) => `<${k.name}>`).join(" and ") : "an effect"} (${until})`, {});
  return { did: true };
}

/** "Suspend …" / "Unsuspend …" (002 §4-9; §1-3-2-1: one already so is not so again). */
function suspendStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const sel = c.object?.kind === "things" ? c.object.what : c.who !== null && typeof c.who !== "string" ? c.who : null;
  if (!sel) return { did: false };
  const want = c.verb === "suspend";
  const host = hostOf(g);
  const things = targets(g, t, fr, sel, "obj", {
    verb: c.verb,
    optional,
    mult: multOf(g, fr, c),
    keep: (x) => {
      const perm = permOf(g, x);
      return perm !== null && perm.suspended !== want && (want || !host.forbids(g, { act: "unsuspend", perm, phase: false }));
    },
  });
  if (things === undefined) return undefined;
  const perms = affected(g, sourceOf(fr), things).map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null); // 002 §13-5-2
  if (perms.length === 0) {
    if (things.length) spend(g, fr);
    return { did: false };
  }
  if (optional && sel.kind === "ref") {
    const ok = confirm(g, t, "may", fr.owner, `${fr.label}: ${c.verb} ${perms.map((x) => thingName(g, { perm: x.id })).join(", ")}?`);
    if (ok === undefined) return undefined;
    if (!ok) return { did: false };
  }
  spend(g, fr);
  if (want) for (const perm of perms) suspend(g, perm, "effect");
  else unsuspendAll(g, perms, true);
  acted(g, fr, want ? "suspended" : "unsuspended", perms.map((x) => ({ perm: x.id })));
  g.logger?.emit("effect", fr.owner, `${fr.label}: ${c.verb}s ${perms.map((x) => thingName(g, { perm: x.id })).join(", ")}`, {});
  return { did: true };
}

/**
 * "Reveal the top 3 cards of your deck" (002 §11-9: revealed cards stay where they are),
 * "look at …" (§11-10), "search your security stack for 1 card with …" (a choice among hidden
 * cards that may find nothing: §10-3-5), "choose …": remembered as "the revealed cards" /
 * "the chosen cards", "them".
 */
function revealStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  const things = targets(g, t, fr, c.object.what, "obj", { verb: c.verb, optional: optional || c.verb === "search", from: fromOf(c), mult: multOf(g, fr, c) });
  if (things === undefined) return undefined;
  if (things.length === 0) return { did: false };
  spend(g, fr);
  if (c.verb === "reveal" || c.verb === "look" || c.verb === "search") {
    // The revealed cards are set aside while the effect deals with them (no draw takes them), and
    // those still there go back on top of their place when the effect ends (002 §11-9-2: they
    // are treated as still in their original place).
    const from: { [k: string]: Json } = { ...((fr.data.revealedFrom as { [k: string]: Json } | undefined) ?? {}) };
    for (const x of things) {
      if (!("card" in x)) continue;
      const z = g.card(x.card).zone;
      if (z === "deck" || z === "security") {
        from[String(x.card)] = z;
        place(g, x.card, g.card(x.card).owner, "limbo");
      }
    }
    setFrame(g, fr, "data", { ...fr.data, revealedFrom: from });
    const inc: { [k: string]: number } = {};
    for (const x of things) if ("card" in x) inc[String(x.card)] = (g.card(x.card).vars.inc as number | undefined) ?? 0;
    setFrame(g, fr, "revInc", inc);
    remember(g, fr, "revealed", things);
    g.logger?.emit("reveal", fr.owner, `${fr.label}: ${c.verb === "look" ? "looks at" : "reveals"} ${things.map((x) => thingName(g, x)).join(", ")} (002 §11-9)`, {});
  } else remember(g, fr, "chosen", things);
  return { did: true };
}

/**
 * "Activate this card's [Main] effect" (002 §13-6-1: another effect activated within this one,
 * no rule check in between, §13-6-2), "Activate this Digimon's [When Digivolving] effect".
 */
function activateStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind === "keyword") {
    const k = c.object.keywords[0]!;
    return keywordAction(g, t, fr, { kind: "keywordAction", keyword: k, target: null, args: c.args, optional, span: c.span }, { isCost: false, path: [], optional });
  }
  if (c.object?.kind !== "effectOf") return { did: false };
  const timing = c.object.timing;
  const things = targets(g, t, fr, c.object.of, "of", { verb: "activate", optional: false });
  if (things === undefined) return undefined;
  const then: Task[] = [];
  const times = Math.max(0, multOf(g, fr, c));
  for (const x of things) {
    const perm = permOf(g, x);
    const card = perm ? topOf(perm) : "card" in x ? x.card : "snap" in x ? x.snap.top : null;
    if (card === null) continue;
    const units = unitsOf(def(g, card)).all.filter((u) => u.box === "effect" && (timing === null || u.unit.timings.includes(timing)));
    for (let n = 0; n < times; n++)
      for (const u of units) {
        // The nested effect is pushed now; it runs before the rest of this effect (002 §13-6-1).
        then.push({ t: "dcgfx.nested", f: fr.id, card, box: u.box, index: u.index, perm: perm?.id ?? fr.perm });
      }
  }
  if (then.length === 0) return { did: false };
  spend(g, fr);
  return { did: true, then };
}

/**
 * "Use 1 Option card from your hand without paying its memory cost" (002 §6-6-2-4, §13-6-1): the
 * card goes to no area while its [Main] effect activates within this effect, then to the trash;
 * "when you use an Option" effects trigger. A use by effect meets the colour requirement unless
 * the text says it is ignored (§4-20).
 */
function useStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  const p = fr.owner;
  const free = c.args.some((a) => a.kind === "free");
  const ignoreColor = c.args.some((a) => a.kind === "ignoring");
  const usable = (x: Thing): boolean => {
    if (!("card" in x) || def(g, x.card).stats.kind !== "Option") return false;
    if (hostOf(g).forbids(g, { act: "use", card: x.card, player: p })) return false;
    if (!ignoreColor && !colorRequirementMet(g, p, x.card)) return false;
    return free || canPay(g, p, useCost(g, p, x.card));
  };
  const things = targets(g, t, fr, c.object.what, "obj", { verb: "use", optional, from: fromOf(c), keep: usable });
  if (things === undefined) return undefined;
  const cards = things.map((x) => ("card" in x ? x.card : -1)).filter((x) => x >= 0);
  if (cards.length === 0) return { did: false };
  spend(g, fr);
  return { did: true, then: cards.flatMap((card) => [{ t: "dcgfx.useOption", f: fr.id, card, p, free }]) };
}

/**
 * "Digivolve this Digimon into a [X] in your hand for its digivolution cost", "… without paying
 * its memory cost", "… for a memory cost of 4, ignoring its digivolution requirements" (002 §8-1
 * through an effect, §10-4-3-4: [When Digivolving] still triggers): the Digimon and the card
 * chosen, then the rules' digivolution step with the effect's way.
 */
function digivolveStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const way: DigivolveWay = {};
  if (c.args.some((a) => a.kind === "free")) way.free = true;
  const fc = argOf(c, "forCost");
  if (fc?.value) way.cost = valueOf(g, fr, fc.value);
  const ign = argOf(c, "ignoring");
  if (ign) way.ignore = ign.what === "level" ? "level" : ign.what === "color" ? "color" : "all";
  if (argOf(c, "asIf")) way.ignore = "all";
  const p = fr.owner;
  // Which Digimon digivolves and into which card.
  const isPermSel = (s: DcgSelector | null): boolean => s !== null && (s.kind === "ref" ? s.noun !== "card" || s.ref !== "this" || fr.box !== "security" : s.kind === "select" && (s.noun === "digimon" || s.noun === "tamer" || (s.noun === "card" && (s.zone === null || s.zone.kind === "battleArea"))));
  const obj = c.object?.kind === "things" ? c.object.what : null;
  const onto = argOf(c, "onto")?.what ?? null;
  const into = argOf(c, "into")?.what ?? null;
  const permSel = onto ?? (obj && isPermSel(obj) && into ? obj : c.who !== null && typeof c.who !== "string" ? c.who : obj && isPermSel(obj) ? obj : null);
  const cardSel = into ?? (obj && obj !== permSel ? obj : null);
  if (!permSel || !cardSel) return { did: false };
  const cardsFor = (perm: DcgPermanent): Thing[] => thingsOf(g, fr, cardSel).filter((x) => "card" in x && canDigivolve(g, p, perm, x.card, way));
  const perms = targets(g, t, fr, permSel, "perm", { verb: "digivolve", optional, keep: (x) => { const perm = permOf(g, x); return perm !== null && perm.owner === p && cardsFor(perm).length > 0; } });
  if (perms === undefined) return undefined;
  const perm = perms.map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
  if (!perm) return { did: false };
  const cards = targets(g, t, fr, cardSel, "card", { verb: "digivolve", optional, keep: (x) => "card" in x && canDigivolve(g, p, perm, x.card, way) });
  if (cards === undefined) return undefined;
  const card = cards.find((x): x is { card: number } => "card" in x);
  if (!card) return { did: false };
  spend(g, fr);
  return { did: true, then: [{ t: "dcg.digivolve", card: card.card, p, perm: perm.id, way: way as unknown as Json, byEffect: true }, { t: "dcgfx.record", f: fr.id, ref: "digivolved", cards: [card.card] }] };
}

/**
 * "You may DNA digivolve this Digimon and one of your other Digimon in play into a Digimon card in
 * your hand by paying its DNA digivolve cost" (002 §8-2-8: only an effect that performs DNA
 * digivolution allows it): the ways `digivolve.ts` `dnaChoices` finds — the Digimon the text names
 * among the bases, the others fitting its phrase — offered to the player (the requirements are not
 * set aside: §8-2-10-1), then the rules' DNA digivolution (`dcg.dna`, by effect).
 */
function dnaStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const p = fr.owner;
  const what = c.object?.kind === "things" ? c.object.what : null;
  const items: DcgSelector[] = what === null ? [] : what.kind === "both" ? what.items : [what];
  const fixed = items.filter((x) => x.kind === "ref").flatMap((x) => thingsOfRef(g, fr, x)).map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null);
  const named = items.filter((x) => x.kind === "select");
  const into = argOf(c, "into")?.what ?? null;
  const free = c.args.some((a) => a.kind === "free");
  type Way = { card: number; req: number; perms: number[] };
  const ways: Way[] = [];
  for (const card of g.zone(p, "hand")) {
    if (into && !fitsSelector(g, fr, into, { card })) continue;
    for (const d of dnaChoices(g, p, card)) {
      if (!fixed.every((f) => d.perms.includes(f.id))) continue;
      const rest = d.perms.filter((id) => !fixed.some((f) => f.id === id));
      if (rest.length !== named.length || !rest.every((id) => named.some((sel) => fitsSelector(g, fr, sel, { perm: id })))) continue;
      ways.push({ card, req: d.req, perms: d.perms });
    }
  }
  if (ways.length === 0) return { did: false };
  const label = (w: Way) => `DNA digivolve ${w.perms.map((id) => thingName(g, { perm: id })).join(" + ")} into ${thingName(g, { card: w.card })}`;
  const labels = [...(optional ? ["Do not DNA digivolve"] : []), ...ways.map(label)];
  const i = chooseOne(g, t, "dna", p, labels, `${fr.label}: DNA digivolve? (002 §8-2-8)`);
  if (i === undefined) return undefined;
  const w = ways[i - (optional ? 1 : 0)];
  if (!w) return { did: false };
  spend(g, fr);
  return { did: true, then: [{ t: "dcg.dna", card: w.card, req: w.req, perms: w.perms, p, free, byEffect: true }, { t: "dcgfx.record", f: fr.id, ref: "digivolved", cards: [w.card] }] };
}

/** "This Digimon is also treated as having the colors of the trashed card for the turn" (002 §13-2-4, lasting). */
function treatAsStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const subject = c.who !== null && typeof c.who !== "string" ? c.who : c.object?.kind === "things" ? c.object.what : null;
  const also = argOf(c, "asAlso");
  if (!subject || !also) return { did: false };
  const things = targets(g, t, fr, subject, "who", { verb: "treatAs", optional, keep: (x) => permOf(g, x) !== null });
  if (things === undefined) return undefined;
  let values = also.values;
  const from = argOf(c, "target");
  if (values.length === 0 && from) values = thingsOf(g, fr, from.what).flatMap((x) => (viewOf(g, x)?.def.stats.colors ?? []).map((col) => col.toLowerCase()));
  const until = untilOf(durationOf(fr, c)) ?? "turn";
  spend(g, fr);
  for (const x of things) {
    const perm = permOf(g, x);
    if (perm) lastOn(g, fr, perm.id, until, { fx: { kind: "also", what: also.what, values } });
  }
  return { did: things.length > 0 };
}

/** "Pay 3 memory" (a cost: 002 §11-7-4, possible only when it can be paid: §4-1-4). */
function payStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "amount") return { did: false };
  const n = valueOf(g, fr, c.object.value);
  if (!canPay(g, fr.owner, n)) return { did: false };
  const ok = mayDo(g, t, fr, optional, `pay ${n} memory`);
  if (ok === undefined) return undefined;
  if (!ok) return { did: false };
  spend(g, fr);
  pay(g, fr.owner, n);
  return { did: true };
}

/** "… to prevent that deletion" (002 §13-3-1-2-1: a "would" effect cancels the action it interrupts). */
function preventStep(g: Game, t: Task, fr: FxFrame, c: DcgClause): StepOut {
  void t;
  const target = typeof fr.data.preventing === "number" ? [fr.data.preventing] : c.object?.kind === "things" ? thingsOf(g, fr, c.object.what).map((x) => permOf(g, x)?.id ?? -1) : [];
  const ids = target.filter((x) => x >= 0);
  if (ids.length === 0) return { did: false };
  spend(g, fr);
  const v = V(g);
  g.set(v, "prevented", [...v.prevented, ...ids]);
  g.logger?.emit("prevent", fr.owner, `${fr.label}: the deletion is prevented (002 §13-3-1-2-1)`, {});
  return { did: true };
}

/** "Switch the target of attack to 1 of your opponent's unsuspended Digimon" (002 §9-2-1-5-2 reading: the attack's current target changes). */
function switchTargetStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  const a = V(g).attack;
  const target = argOf(c, "target");
  if (!a || !target) return { did: false };
  const things = targets(g, t, fr, target.what, "to", { verb: "switchTarget", optional, keep: (x) => { const perm = permOf(g, x); return perm !== null && perm.owner !== a.player && perm.id !== a.target; } });
  if (things === undefined) return undefined;
  const perm = things.map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
  if (!perm) return { did: false };
  spend(g, fr);
  g.set(a, "target", perm.id);
  g.logger?.emit("switchTarget", fr.owner, `${fr.label}: the attack target becomes ${thingName(g, { perm: perm.id })}`, { perm: perm.id });
  return { did: true };
}

/** "Hatch 1 Digi-Egg card" (002 §6-5-1-1 by an effect: only into an empty breeding area). */
function hatchStep(g: Game, t: Task, fr: FxFrame, optional: boolean): StepOut {
  if (P(g, fr.owner).breeding !== null || g.zone(fr.owner, "eggDeck").length === 0) return { did: false };
  const ok = mayDo(g, t, fr, optional, "hatch a Digi-Egg");
  if (ok === undefined) return undefined;
  if (!ok) return { did: false };
  spend(g, fr);
  return { did: hatch(g, fr.owner) !== null };
}

/** "Move 1 level 3 or higher Digimon from your breeding area to your battle area" (002 §4-12-3 by an effect: not a play). */
function moveOutStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, optional: boolean): StepOut {
  if (c.object?.kind !== "things") return { did: false };
  const things = targets(g, t, fr, c.object.what, "obj", { verb: "move", optional, keep: (x) => { const perm = permOf(g, x); return perm !== null && P(g, perm.owner).breeding === perm; } });
  if (things === undefined) return undefined;
  const perm = things.map((x) => permOf(g, x)).find((x): x is DcgPermanent => x !== null);
  if (!perm) return { did: false };
  spend(g, fr);
  moveOutOfBreeding(g, perm.owner);
  acted(g, fr, null, [{ perm: perm.id }]);
  return { did: true };
}

/** "Shuffle your deck" (002 §3-2-4). */
function shuffleStep(g: Game, fr: FxFrame, c: DcgClause): StepOut {
  const players = c.who === "both" ? [0, 1] : c.who === "opponent" ? [other(fr.owner)] : [fr.owner];
  for (const p of players) g.shuffle(p as PlayerIndex, "deck");
  return { did: true };
}

// ─── Restrictions and permissions as lasting effects ───────────────────────

/**
 * "… can't attack or block until the end of your opponent's next turn", "Your opponent can't
 * play Digimon by effects until …", "This Digimon may also attack your opponent's unsuspended
 * Digimon for the turn", "… can't be blocked" (002 §13-2-2 lasting; §1-3-3 a prohibition
 * wins): a lasting prohibition or permission on the Digimon chosen now, or on a player's
 * actions; without a written duration, for the turn.
 */
function restrictionStep(g: Game, t: Task, fr: FxFrame, c: DcgClause, info: StepInfo): StepOut {
  const until: LastingEffect["until"] = untilOf(durationOf(fr, c)) ?? "turn";
  const kind = c.permission && !c.negated ? "permit" : "forbid";
  const payload = (target: number) => ({ kind, src: fr.src as unknown as Json, at: info.path, ctx: { owner: fr.owner, card: fr.card, perm: fr.perm, snap: null, event: null, refs: {}, last: fr.last, box: fr.box } as unknown as Json, target });
  const who = c.who;
  // A player's actions ("Your opponent can't play Digimon by effects"), or every Digimon a phrase names ("your opponent's Digimon can't attack players"): one lasting effect read again each time.
  if (who === null || typeof who === "string" || (who.kind === "select" && (who.count.kind === "one" || who.count.kind === "any" || who.count.kind === "all"))) {
    spend(g, fr);
    lastOn(g, fr, -1, until, { fx: payload(-1) });
    g.logger?.emit("effect", fr.owner, `${fr.label}: "${clauseText(g, fr, c)}" (${until})`, {});
    return { did: true };
  }
  const things = targets(g, t, fr, who, "who", { verb: c.verb, optional: info.optional, keep: (x) => permOf(g, x) !== null });
  if (things === undefined) return undefined;
  const perms = things.map((x) => permOf(g, x)).filter((x): x is DcgPermanent => x !== null);
  if (perms.length === 0) return { did: false };
  spend(g, fr);
  for (const perm of perms) lastOn(g, fr, perm.id, until, { fx: payload(perm.id) });
  acted(g, fr, null, perms.map((x) => ({ perm: x.id })));
  g.logger?.emit("effect", fr.owner, `${fr.label}: ${perms.map((x) => thingName(g, { perm: x.id })).join(", ")}: "${clauseText(g, fr, c)}" (${until})`, {});
  return { did: true };
}

/** The text of a clause (for logs). */
function clauseText(g: Game, fr: FxFrame, c: DcgClause): string {
  return (def(g, fr.card).text[fr.box] ?? "").slice(c.span.start, c.span.end);
}

// ─── Helper tasks ──────────────────────────────────────────────────────────

/** Helper task handlers of the steps (002 §13-6-1 effects activated within effects; §11-8-3 what a step did). */
export const STEP_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /** After a play or digivolution by an effect: remember the Digimon made ("the Digimon played with this effect"). */
  "dcgfx.record"(g, t) {
    const fr = frameOf(g, t.f as number);
    const cards = t.cards as number[];
    const things: Thing[] = [];
    for (const card of cards) {
      const perm = findPermHolding(g, card);
      if (perm && topOf(perm) === card) things.push({ perm: perm.id });
    }
    acted(g, fr, t.ref as string, things);
    setFrame(g, fr, "did", things.length > 0);
    if (t.ref === "digivolved") for (const x of things) if ("perm" in x) rememberMore(g, fr, "digivolving", [x]);
  },

  /** After a deletion by an effect: remember the Digimon it deleted (those no longer in play: a prevented deletion is not one). */
  "dcgfx.recordGone"(g, t) {
    const fr = frameOf(g, t.f as number);
    const snaps = t.snaps as unknown as { perm: number }[];
    const gone = snaps.filter((s) => findPerm(g, s.perm) === null).map((snap) => ({ snap }) as unknown as Thing);
    rememberMore(g, fr, t.ref as string, gone);
    remember(g, fr, null, gone);
    setFrame(g, fr, "did", gone.length > 0);
  },

  /** Another effect activated within this one (002 §13-6-1). */
  "dcgfx.nested"(g, t) {
    const fr = frameOf(g, t.f as number);
    const card = t.card as number;
    const box = t.box as "effect";
    const index = t.index as number;
    const info = unitsOf(def(g, card)).all.find((u) => u.box === box && u.index === index)!;
    startEffect(g, { owner: fr.owner, src: { card, box, index }, perm: (t.perm ?? null) as number | null, event: fr.event, label: effectLabel(g, fr.owner, card, info), refs: fr.refs });
  },

  /**
   * An Option used by an effect (002 §13-6-1): to no area (§2-3-6-1), its cost paid unless the
   * effect says otherwise, its [Main] effect, then the trash (§2-3-6-2) and `optionUsed`.
   */
  "dcgfx.useOption"(g, t) {
    const fr = frameOf(g, t.f as number);
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const cost = t.free === true ? 0 : useCost(g, p, card);
    if (!canPay(g, p, cost)) return;
    if (t.free !== true) hostOf(g).paid(g, p, { kind: "use", card });
    pay(g, p, cost);
    if (findPermHolding(g, card)) detachSource(g, card);
    place(g, card, p, "limbo");
    rememberMore(g, fr, "used", [{ card }]);
    g.logger?.emit("use", p, `${fr.label}: ${whoName(p)} uses ${thingName(g, { card })} (002 §13-6-1)`, { card });
    g.push({ t: "dcg.use.done", card, p });
    hostOf(g).useOption(g, card, p);
  },

  /**
   * "The next time one of your Digimon would digivolve this turn, reduce the digivolution cost
   * by 1" (ST12-15, EX1-033): a one-shot cost change for the turn, used by the next digivolution
   * it fits (`continuous.ts` cost changes).
   */
  "dcgfx.nextTime"(g, t) {
    const fr = frameOf(g, t.f as number);
    const sentence = bodyOf(g, fr, t.body as number[])[t.s as number]!;
    const lead = sentence.leads.find((l) => l.kind === "nextTime");
    if (lead?.kind !== "nextTime") return;
    const action = lead.event.event === "digivolved" ? "digivolve" : lead.event.event === "played" ? "play" : lead.event.event === "used" ? "use" : null;
    if (!action) return;
    const into = lead.event.args.find((a) => a.kind === "into");
    // "the next time you would digivolve one of your green Digimon from level 5 to level 6" (BT1-109): which Digimon, which levels.
    const targetArg = lead.event.args.find((a): a is Extract<DcgArg, { kind: "target" }> => a.kind === "target" && a.what.kind === "select");
    const subj = targetArg?.what ?? (typeof lead.event.subject === "object" && lead.event.subject.kind === "select" ? lead.event.subject : null);
    const levels = lead.event.args.find((a) => a.kind === "levels");
    for (const st of sentence.steps) {
      if (st.kind !== "clause" || (st.verb !== "reduce" && st.verb !== "increase")) continue;
      const by = st.args.find((a) => a.kind === "by");
      const n = by?.kind === "by" ? valueOf(g, fr, by.value) : 0;
      spend(g, fr);
      lastOn(g, fr, -1, "turn", { fx: { kind: "cost", action, by: st.verb === "reduce" ? -n : n, filters: (into?.kind === "into" && into.what.kind === "select" ? into.what.filters : []) as unknown as Json, subject: (subj?.kind === "select" ? subj.filters : []) as unknown as Json, levels: (levels?.kind === "levels" ? [levels.from, levels.to] : null) as unknown as Json, ctx: { owner: fr.owner, card: fr.card, perm: fr.perm, snap: null, event: null, refs: {}, last: [], box: fr.box } as unknown as Json } });
    }
  },
};

