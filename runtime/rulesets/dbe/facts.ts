/**
 * Per-card facts computed once from a card's IR: which sentences are continuous and where,
 * which are phase abilities, "When …" triggers, and what a player may use in a window.
 *
 * The rules read these facts many times per turn (every Power read, every phase step, every
 * event); computing them once per card definition keeps those reads to the few cards that
 * have such sentences. Pure data derived from the card text: no behaviour is looked up by
 * card id. Source of each classification: `places.ts` `isContinuous` (Passive, Active Zone,
 * While attached), `window.ts` (Any Phase, Data Break, Turbo, Either/Any Support Phase),
 * `triggers.ts` (When …), `phase-abilities.ts` (phase abilities).
 */
import type { CompiledCard } from "../../card.ts";
import type { Action, Body, TurboEffect } from "../../ir.ts";
import { afterPassive, isContinuous, type Place } from "./places.ts";

/** What a card's sentences are, by kind. Sentence numbers index `card.effects`. */
export interface CardFacts {
  /** Continuous sentences by the place where they work. */
  continuous: Record<Place, number[]>;
  /** Phase abilities ("Own Prep Phase:", "At End") by phase name, after a leading "Passive". */
  phase: Record<string, number[]>;
  /** "When …" sentences by event kind. */
  when: Record<string, number[]>;
  /** Whether any sentence may be used in a window from hand, or the card has ACTIVATE. */
  window: boolean;
  /** The names the card counts as: its printed name and every "(Also counts as [Name].)" (matching.ts `namesOf`). */
  names: readonly string[];
  /**
   * Its types, primary first (Glossary "Type"; matching.ts `typesOf`): the printed ones, then every
   * "(Also [Type].)" ({@link alsoTypes}) it does not print already.
   */
  types: readonly string[];
  /**
   * The types of its "(Also [Type].)" sentences: "permanently considered this type. However,
   * it is not the card's primary (printed) type" (003_7a740b8ec9103d40.txt, Glossary "Also
   * [Type]"). They count wherever types do (evolution, filters, x3 VS, DNA materials) but not
   * for "primary type" conditions (which read `stats.type`), and they stay through a type
   * change (matching.ts `typesOf`).
   */
  alsoTypes: readonly string[];
  /** What the card offers from hand in a window (window.ts `usables`). */
  fromHand: {
    /** An "Any Phase:" sentence. */
    anyPhase: boolean;
    /** A "Data Break:" sentence (Glossary "Data Break"). */
    dataBreak: boolean;
    /** An "Either Support Phase:" / "Any Support Phase:" sentence. */
    supportPhase: boolean;
    /** Its Turbo line (Glossary "Turbo"), if any. */
    turbo: TurboEffect | null;
  };
}

const PLACES: readonly Place[] = ["active", "stack", "attachment", "mastery", "support"];
const WINDOW_TIMINGS = new Set(["anyPhase", "dataBreak", "eitherSupportPhase", "anySupportPhase"]);
/**
 * The facts are kept on the card definition under a symbol (read on every Power read, window
 * and phase step: a property read, not a WeakMap lookup). Symbol keys are not card data: JSON
 * and structured clones leave them out.
 */
const FACTS = Symbol("dbe.facts");

/** The facts of a card definition (computed on first use, then cached). */
export function factsOf(card: CompiledCard): CardFacts {
  // The cached read stays free of closures (a closure here would allocate its context on
  // every call); the computation is in its own function.
  return (card as CompiledCard & { [FACTS]?: CardFacts })[FACTS] ?? computeFacts(card);
}

function computeFacts(card: CompiledCard): CardFacts {
  const f: CardFacts = {
    continuous: { active: [], stack: [], attachment: [], mastery: [], support: [] },
    phase: {},
    when: {},
    window: card.stats.timings.includes("ACTIVATE"),
    names: [card.stats.name],
    types: card.stats.type ? [card.stats.type, ...card.stats.subtypes] : [...card.stats.subtypes],
    alsoTypes: [],
    fromHand: { anyPhase: false, dataBreak: false, supportPhase: false, turbo: null },
  };
  const names: string[] = [card.stats.name];
  const alsoTypes: string[] = [];
  card.effects.forEach((e, i) => {
    if (e.kind === "turbo") {
      f.window = true;
      f.fromHand.turbo ??= e;
      return;
    }
    if (e.kind !== "effect") return;
    if (e.body.kind === "seq") {
      for (const a of e.body.actions) {
        if (a.kind === "alsoCountsAs") names.push(a.name);
        else if (a.kind === "alsoType" && !alsoTypes.includes(a.type)) alsoTypes.push(a.type);
      }
    }
    const first = e.timings[0]?.kind;
    if (first === "anyPhase") f.fromHand.anyPhase = true;
    if (first === "dataBreak") f.fromHand.dataBreak = true;
    if (first === "eitherSupportPhase" || first === "anySupportPhase") f.fromHand.supportPhase = true;
    for (const pl of PLACES) if (isContinuous(card, e, pl)) f.continuous[pl].push(i);
    const t = afterPassive(e);
    if (t.length === 1 && t[0]!.kind === "phase") (f.phase[t[0]!.phase] ??= []).push(i);
    for (const x of e.timings) if (x.kind === "when") (f.when[x.event.kind] ??= []).push(i);
    if (e.timings[0] && WINDOW_TIMINGS.has(e.timings[0].kind)) f.window = true;
    if (e.timings[0]?.kind === "whileAttached" && (e.costs.length > 0 || e.timings.length > 1)) f.window = true;
  });
  f.names = names;
  if (alsoTypes.length > 0) {
    f.alsoTypes = alsoTypes;
    f.types = [...f.types, ...alsoTypes.filter((t) => !f.types.includes(t))];
  }
  Object.defineProperty(card, FACTS, { value: f, enumerable: false });
  return f;
}

/**
 * Every action of a sentence body, "If" branches included, in printed order (IR `Body`).
 * The one walker over bodies for the checks that ask "does this sentence do X?".
 */
export function bodyActions(b: Body): Action[] {
  return b.kind === "seq" ? b.actions : [...bodyActions(b.then), ...(b.otherwise ? bodyActions(b.otherwise) : [])];
}
