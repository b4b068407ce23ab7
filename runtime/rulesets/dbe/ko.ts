/**
 * KO as a state of the game, and what a KO does.
 *
 * A Digimon is KO'd when its HP reaches 0 (Anatomy of Cards item 9: "HP – A permanently
 * raising/lowering stat that KOs the Digimon when it reaches zero") or when it would have 4
 * flat tokens (Glossary "Flatten / Flat" 2: "If an active Digimon would ever have 4 flat
 * tokens, KO it immediately"). These are states, not battle events: an effect that lowers HP
 * to 0 or adds the 4th flat KOs the Digimon at once, in any phase. {@link dbeStateCheck} runs
 * after everything that can lower HP or add flats outside the battle: every effect action
 * (`effects.ts` `dbe.act`), every cost once it is kept or undone (`dbe.costEnd`), and every
 * rules action that gives the active new stats (Prep Phase 4 `playActive`, `evolveInto`,
 * DMB's DNA evolution). It costs four property reads when nothing is KO'd.
 *
 * The Battle Phase decides its own KOs (Battle Phase 4.2: "If a Digimon's HP reaches 0, skip
 * immediately to Step 6"; 6; `battle.ts`), so the state check waits while battle steps 4–6
 * run; it also waits while a cost is being tried (FAQ "Interrupting effects/triggers":
 * "Costs can't be directly interrupted") and looks again once the cost is kept or undone.
 *
 * What a KO does is Battle Phase 6.1–6.6 ({@link koActive}) and the win check is step 7
 * ({@link winCheck}), whatever caused the KO.
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 9; Glossary "Flatten / Flat" 2,
 * "Revive", "Delete", "Attachment Slot"; Battle Phase 6–7.
 */
import type { Game } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import { koValue } from "./battle.ts";
import { P, activeOf, def, resetActiveStats, type DbePlayer } from "./model.ts";
import { discardAttachments } from "./attach.ts";
import { cardsText, koWorth, ownedCard, playerName, points } from "./narrate.ts";
import { feature } from "./features.ts";

/** KO points that win (Battle Phase 7). */
export const WINNING_KO = 4;

/** Flat tokens that KO at once (Glossary "Flatten / Flat" 2). */
export const KO_FLATS = 4;

/**
 * Why a Digimon is KO'd outside the battle's own resolution: its HP is 0 (Anatomy of Cards
 * item 9) or it has 4 flat tokens (Glossary "Flatten / Flat" 2).
 */
export type KoCause = "hp" | "fourFlats";

/**
 * The KO state of player `p`'s active Digimon: `"hp"` when its HP is 0 or less, `"fourFlats"`
 * with 4 or more flat tokens, null when it is not KO'd or there is no active Digimon.
 * O(1). Source: Anatomy of Cards item 9; Glossary "Flatten / Flat" 2.
 */
export function koState(g: Game, p: PlayerIndex): KoCause | null {
  const s = P(g, p);
  if (s.hp > 0 && s.flats < KO_FLATS) return null;
  if (activeOf(g, p) === null) return null;
  return s.hp <= 0 ? "hp" : "fourFlats";
}

/**
 * The state check (module comment: where it runs): each active Digimon whose HP is 0 or
 * which has 4 flat tokens is KO'd now, turn player first; the opponent of its player scores
 * (Battle Phase 6.6: "Player that achieved the KO gains 1 KO point"; reading: the KO'd
 * Digimon's opponent, whoever's effect lowered its HP), and a player with 4 KO points wins
 * (Battle Phase 7). Does nothing while a cost is tried, while Battle Phase steps 4–6 run (the
 * battle KOs by its own steps), or once the game is over. Cost when nothing is KO'd: four
 * property reads.
 */
export function dbeStateCheck(g: Game): void {
  const s = g.state;
  // The common case first: both HP above 0 and fewer than 4 flats (plain reads, no calls).
  const x = s.players[0].vars as unknown as DbePlayer;
  const y = s.players[1].vars as unknown as DbePlayer;
  if (x.hp > 0 && y.hp > 0 && x.flats < KO_FLATS && y.flats < KO_FLATS) return;
  if (s.winner !== null || g.journal.open) return;
  if (s.phase === "battle" && (s.step === "4" || s.step === "5" || s.step === "6")) return;
  const first = s.turnPlayer;
  const a = koState(g, first);
  const b = koState(g, other(first));
  if (a === null && b === null) return;
  if (a !== null) stateKo(g, first, a);
  if (b !== null) stateKo(g, other(first), b);
  winCheck(g);
}

/**
 * KO player `p`'s active Digimon by a state ({@link dbeStateCheck}): KO points as in Battle
 * Phase 6.2 / 6.5 / 6.6 (a Digimon revived before is worth exactly 1; a Level M 2; any other
 * 1), and a Revival set this turn is carried out (Glossary "Revive": "a lingering effect that
 * is carried out after and if a Digimon is KO'd that turn").
 */
function stateKo(g: Game, p: PlayerIndex, cause: KoCause): void {
  const s = P(g, p);
  const top = activeOf(g, p)!;
  const v = koValue({ revived: s.revived, level: def(g, top).stats.level ?? "R" });
  const revives = s.revival !== null && s.revival > 0;
  g.tally(`ko: effect: ${cause}`);
  if (g.logger) {
    // One line per KO: why, and who scores (Battle Phase 6.6; koActive writes no line of its own).
    const scorer = other(p);
    const total = P(g, scorer).ko + v.points;
    g.logger.emit(
      "stateKo",
      p,
      `${ownedCard(g, top)} is KO'd: ${cause === "hp" ? `its HP is 0 (Anatomy of Cards item 9)` : `it has ${s.flats} flat tokens (Glossary "Flatten / Flat" 2)`}; ${playerName(scorer)} scores ${points(v.points)}, ${total} in all (${koWorth(v.cause)})`,
      { card: top, cause, hp: s.hp, flats: s.flats, scorer, points: v.points, total },
    );
  }
  koActive(g, p, v.points, revives ? s.revival : null);
}

/**
 * Battle Phase 6: a KO of player `p`'s active Digimon. The opponent scores `koPoints` (6.2,
 * 6.5, 6.6). With `revivalHp` (a Revival set this turn: a card's Set Revival, Glossary
 * "Revive", whose HP is 10 when it names none; or Grudge's, Attack Abilities "Grudge" 3: the
 * Grudge attack's Power) the zone stays and the active is reset as though it had just evolved,
 * Abnormal removed, with that HP — by 003's Glossary "Revive" only the HP is set (features.ts
 * `reviveResetsAsEvolved`); the KO still counts and the Digimon is worth exactly 1 from now
 * on. Otherwise
 * the active stack is discarded (6.1) — a Partner R anywhere in it goes to the deck, which is
 * shuffled (6.3); a card from the Destiny Zone (a Partner C, a Level M) or a used ACTIVATE
 * card is deleted (6.4, 6.5; Glossary "Delete") — and all its attachments are discarded
 * (Glossary "Attachment Slot"); the flats go (Glossary "Flatten / Flat" 4).
 * @param koPoints KO points the opponent scores (1, or 2 for a Level M)
 * @throws EngineError (from the core) when `p` has no active Digimon
 */
export function koActive(g: Game, p: PlayerIndex, koPoints: number, revivalHp: number | null): void {
  const s = P(g, p);
  const top = activeOf(g, p)!;
  const scorer = other(p);
  const sc = P(g, scorer);
  // The KO and its points are written once, by whoever found the KO: the battle's "battle.ko"
  // line (battle-phase.ts) or the state check's "stateKo" line (above).
  g.set(sc, "ko", sc.ko + koPoints);
  if (revivalHp !== null) {
    g.set(s, "revived", true);
    const hp = revivalHp;
    g.set(s, "revival", null);
    // 000: "Reset the current active as though it had just evolved, including removing
    // Abnormal status". 003 only leaves "the active zone intact": the status and the Power
    // stay, the HP is the Revival's (features.ts `reviveResetsAsEvolved`).
    const reset = feature(g, "reviveResetsAsEvolved");
    if (reset) {
      g.set(s, "abnormal", false);
      resetActiveStats(g, p);
    }
    g.set(s, "hp", hp);
    g.set(s, "flats", 0);
    g.logger?.emit("revive", p, reset ? `${ownedCard(g, top)} revives with ${hp} HP, as though it had just evolved (Glossary "Revive")` : `${ownedCard(g, top)} revives with ${hp} HP; the Active Zone is left intact${s.abnormal ? ", Abnormal" : ""} (003, Glossary "Revive")`, { hp });
    return;
  }
  let partnerToDeck = false;
  const trashed: number[] = [];
  const deleted: number[] = [];
  const toDeck: number[] = [];
  for (const id of [...g.zone(p, "active")]) {
    const st = def(g, id).stats;
    // Glossary "Delete"; FAQ "ACTIVATE timing": a used ACTIVATE card is deleted when it leaves.
    const fromDz = g.card(id).vars.fromDestiny === true || st.level === "M" || g.card(id).vars.activated === true;
    // What was kept on the card (type change, permanent evo-bonus, Destiny Zone origin)
    // ends when it leaves the zone (FAQ "Leaving a zone").
    g.set(g.card(id), "vars", {});
    if (s.partner !== null && st.setNumber === s.partner && st.level === "R") {
      g.move(id, p, "deck");
      toDeck.push(id);
      partnerToDeck = true;
    } else if (fromDz) {
      g.move(id, p, "deleted");
      deleted.push(id);
    } else {
      g.move(id, p, "trash");
      trashed.push(id);
    }
  }
  if (g.logger) {
    const parts: string[] = [];
    if (trashed.length) parts.push(`${cardsText(g, trashed)} to the trash (Battle Phase 6.1)`);
    if (toDeck.length) parts.push(`the Partner ${cardsText(g, toDeck)} into the deck, shuffled (Battle Phase 6.3)`);
    if (deleted.length) parts.push(`${cardsText(g, deleted)} deleted (Battle Phase 6.4 / 6.5; Glossary "Delete")`);
    g.logger.emit("koDiscard", p, `P${p + 1}'s Active Zone is emptied: ${parts.join("; ")}`, { trashed, deleted, toDeck });
  }
  discardAttachments(g, p); // cards below an attachment go to the trash with it (attach.ts)
  if (partnerToDeck) g.shuffle(p, "deck");
  g.set(s, "flats", 0);
  g.set(s, "abnormal", false);
  g.set(s, "revived", false);
  resetActiveStats(g, p);
}

/**
 * Battle Phase 7: "If a player has 4 KO points (or more), they win!" Both at once is a draw.
 * Run after every KO, in the battle or by a state ({@link dbeStateCheck}).
 */
export function winCheck(g: Game): void {
  const [a, b] = [P(g, 0).ko >= WINNING_KO, P(g, 1).ko >= WINNING_KO];
  if (a && b) g.end("draw", "both players reached 4 KO points (Battle Phase 7)");
  else if (a || b) g.end(a ? 0 : 1, `${WINNING_KO} KO points (Battle Phase 7)`);
}
