/**
 * Conditions of effects (002 §10-2: an effect whose condition is not met does not activate;
 * §10-1-5-3: a continuous effect "while …" works only while its condition holds; §4-13-2):
 * "If you have a Tamer in play", "While this Digimon has [Greymon] in its name", "If you have 3
 * or fewer security cards", "If it's your turn", "If no Digimon was deleted by this effect",
 * "If you've digivolved this turn".
 */
import type { Game } from "../../../core/engine.ts";
import type { PlayerIndex } from "../../../core/state.ts";
import type { DcgCondition, DcgEvent, DcgPlayer, DcgSelection, DcgSelector } from "../../../lang/dcg/ir.ts";
import { V, findPerm, memoryOf } from "../model.ts";
import { happenedThisTurn, type Ctx, type Thing } from "./frame.ts";
import { candidates, cmp, meets, playersOf, thingsOf, valueOf, viewOf } from "./select.ts";

/** Whether a condition holds now for an effect (002 §10-2-1). */
export function holds(g: Game, ctx: Ctx, c: DcgCondition): boolean {
  switch (c.kind) {
    case "and":
      return c.all.every((x) => holds(g, ctx, x));
    case "or":
      return c.any.some((x) => holds(g, ctx, x));
    case "not":
      return !holds(g, ctx, c.condition);
    case "has": {
      const n = countOf(g, ctx, c.who, c.what);
      return c.what.kind === "select" && c.what.count.kind === "none" ? n === 0 : c.what.kind === "select" && c.what.count.kind === "cmp" ? cmp(n, c.what.count.cmp, c.what.count.n) : n > 0;
    }
    case "count":
      return cmp(countOf(g, ctx, c.who, c.what), c.cmp, valueOf(g, ctx, c.value));
    case "is": {
      const things = thingsOf(g, ctx, c.subject);
      const ok = things.length > 0 && things.every((t) => {
        const v = viewOf(g, t);
        return v !== null && meets(g, ctx, v, c.filters);
      });
      return ok !== c.negate;
    }
    case "turn":
      return (g.state.turnPlayer === ctx.owner) === (c.whose === "you");
    case "happened":
      return happened(g, ctx, c.event, c.thisTurn) !== c.negate;
    case "didPrevious":
      return (ctx as Partial<{ did: boolean }>).did === true ? !c.negate : c.negate;
    case "compare":
      return cmp(valueOf(g, ctx, c.left), c.cmp, valueOf(g, ctx, c.right));
  }
}

/**
 * How many things a "has" / "count" condition counts (002 §10-2): memory ("you have 2 memory or less", §4-1),
 * security cards, cards in a zone, Digimon in play — of the players `who` names, or in the
 * place a thing `who` names ("this Digimon has [X] in its digivolution cards").
 */
export function countOf(g: Game, ctx: Ctx, who: DcgPlayer | DcgSelector, what: DcgSelector): number {
  if (what.kind !== "select") return thingsOf(g, ctx, what).length;
  if (who === "any" && what.noun !== "memory") return candidates(g, ctx, what).things.length;
  const players = typeof who === "string" ? playersOf(ctx, who === "any" ? null : who, [ctx.owner]) : null;
  if (what.noun === "memory") return Math.max(0, memoryOf(g, players?.[0] ?? ctx.owner));
  if (players === null) {
    // "this Digimon has … in its digivolution cards": the place is the subject's.
    const of = thingsOf(g, ctx, who as DcgSelector);
    const sel: DcgSelection = what.zone === null && (what.noun === "digivolutionCard" || what.noun === "card" || what.noun === "digimonCard" || what.noun === "tamerCard") ? { ...what, zone: { kind: "digivolutionCards", of: who as DcgSelector, end: null } } : what;
    return candidates(g, ctx, sel, { of }).things.length;
  }
  let n = 0;
  for (const p of players) {
    const sel: DcgSelection = { ...what, owner: p === ctx.owner ? "you" : "opponent" };
    if (sel.zone && "player" in sel.zone && sel.zone.player === "any") sel.zone = { ...sel.zone, player: sel.owner } as DcgSelection["zone"];
    n += candidates(g, ctx, sel).things.length;
  }
  return n;
}

/**
 * Whether an event happened, for "If you attack an opponent's Digimon", "If no Digimon was
 * deleted by this effect", "If you've digivolved this turn", "If you trash a purple card"
 * (002 §10-2): read from what this effect did (its refs), the attack in progress, or the
 * turn's log.
 */
function happened(g: Game, ctx: Ctx, e: DcgEvent, thisTurn: boolean): boolean {
  const who: PlayerIndex = typeof e.subject === "string" && e.subject === "opponent" ? (ctx.owner === 0 ? 1 : 0) : ctx.owner;
  const target = e.args.find((a) => a.kind === "target" && a.what.kind === "select") as { what: DcgSelection } | undefined;
  const ofRef = (name: string): boolean => {
    const things = ctx.refs[name] ?? [];
    const sel = target?.what ?? (typeof e.subject === "object" && e.subject.kind === "select" ? e.subject : null);
    if (!sel) return things.length > 0;
    const fit = things.filter((t) => {
      const v = viewOf(g, t);
      return v !== null && meets(g, ctx, v, sel.filters) && (sel.owner === null || sel.owner === "any" || (sel.owner === "you") === (v.owner === ctx.owner));
    }).length;
    if (sel.count.kind === "cmp") return cmp(fit, sel.count.cmp, sel.count.n);
    if (sel.count.kind === "n") return fit >= sel.count.n;
    if (sel.count.kind === "none") return fit > 0; // "if no Digimon was deleted": negated by the caller
    return fit > 0;
  };
  if (thisTurn) return happenedThisTurn(g, who, e.event) > 0;
  switch (e.event) {
    case "attacked": {
      const a = V(g).attack;
      if (!a) return false;
      const sel = target?.what;
      if (!sel) return true;
      if (sel.noun === "player") return a.declared === "player";
      return a.declared !== "player" && findPerm(g, a.declared) !== null;
    }
    case "deleted":
      return ofRef("deleted");
    case "trashed":
      return ofRef("trashed");
    case "placed":
      return ofRef("placed");
    case "returnedToHand":
    case "returnedToDeck":
      return ofRef("returned");
    case "cardsAddedToHand":
      return ofRef("added");
    case "used":
      return ofRef("used");
    case "played":
      return ofRef("played");
    case "digivolved":
      return ofRef("digivolved");
    case "suspended":
      return ofRef("suspended");
    default:
      return happenedThisTurn(g, who, e.event) > 0;
  }
}

/**
 * The things a met condition found, for the words that follow it ("If you have a Digimon with
 * [Justimon] in its name in play, … place this card under that Digimon": 002 §11-8-3 reading):
 * those a "has" condition counted, the subject of an "is" condition.
 */
export function foundBy(g: Game, ctx: Ctx, c: DcgCondition): Thing[] {
  switch (c.kind) {
    case "and":
      return c.all.flatMap((x) => foundBy(g, ctx, x));
    case "has": {
      if (c.what.kind !== "select" || c.what.count.kind === "none") return [];
      if (typeof c.who !== "string") return [];
      const players = playersOf(ctx, c.who === "any" ? null : c.who, [ctx.owner]);
      const out: Thing[] = [];
      for (const p of players) {
        const sel: DcgSelection = { ...c.what, owner: p === ctx.owner ? "you" : "opponent" };
        if (sel.zone && "player" in sel.zone && sel.zone.player === "any") sel.zone = { ...sel.zone, player: sel.owner } as DcgSelection["zone"];
        out.push(...candidates(g, ctx, sel).things);
      }
      return out;
    }
    case "is":
      return thingsOf(g, ctx, c.subject);
    default:
      return [];
  }
}

