/**
 * The words of the duel log: how the DBE rules code names players, cards, phases, causes
 * and changes in the text of its log events, so that the log reads as one narrative for
 * people. Every function here only builds text; rules code calls them inside
 * `g.logger?.emit(…)`, so with the log off none of them runs.
 *
 * Conventions (docs/runtime.md "The duel log"):
 * - players are "P1" and "P2" (the deck names are in the log's header);
 * - a card is named by its printed name, with its player when it is in play ("P1 Agumon");
 * - a change of Power, HP or DP names the card and says what caused it: the card and its
 *   sentence for an effect (`Dragon Claw: "Boost own Power +300."`), the rule for a rules
 *   action ("Prep Phase 2");
 * - phases and steps are written as the rules name them ("Prep Phase, step 2 (Draw)").
 * Source of the names: `000_012504f4614e5b24.txt`, "Phases of Play" (each phase's numbered
 * steps), Anatomy of Cards items 4, 10 and 14.
 */
import type { CompiledCard } from "../../card.ts";
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { AttackAbility, NamePattern, Prohibition } from "../../ir.ts";
import type { AttackSlot } from "../../vocabulary.ts";
import { def } from "./model.ts";
import { bodyActions } from "./facts.ts";

/** A player as the log names it: "P1" or "P2". */
export function playerName(p: PlayerIndex): string {
  return p === 0 ? "P1" : "P2";
}

/** A card's printed name ("Agumon"; the side showing for a flip card). Anatomy of Cards item 4. */
export function nameOf(g: Game, id: number): string {
  return def(g, id).stats.name;
}

/** A card with its owner: "P1 Agumon". */
export function ownedCard(g: Game, id: number): string {
  return `${playerName(g.card(id).owner)} ${nameOf(g, id)}`;
}

/** Player `p`'s active Digimon as "P1 Agumon", or "P1" when the Active Zone is empty. */
export function activeText(g: Game, p: PlayerIndex): string {
  const z = g.zone(p, "active");
  return z.length ? `${playerName(p)} ${nameOf(g, z[z.length - 1]!)}` : playerName(p);
}

/**
 * Cards by name in a readable list: "Agumon", "Agumon and Guilmon", "Agumon, Guilmon and
 * Palmon"; "no card" for none.
 */
export function cardsText(g: Game, ids: readonly number[]): string {
  if (ids.length === 0) return "no card";
  const names = ids.map((id) => nameOf(g, id));
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Zone names as the rules write them ("DP zone", "Dark Area", "Destiny Zone"…); others as they are. */
const ZONES: Readonly<Record<string, string>> = {
  dp: "DP zone",
  darkArea: "Dark Area",
  destinyZone: "Destiny Zone",
  sidePile: "Side Pile",
  evolveZone: "Evolution Zone",
  support: "Support Zone",
  active: "Active Zone",
  attachment: "attachment slot",
  noZone: "no zone",
};

/** A zone as the rules name it: "deck", "hand", "trash", "DP zone", "Dark Area", … */
export function zoneName(zone: string): string {
  return ZONES[zone] ?? zone;
}

/** "1 card", "3 cards". */
export function count(n: number, noun = "card"): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Why a KO is worth its KO points, as the rules say (Battle Phase 6.2, 6.5, 6.6; Glossary
 * "Revive"), for the end of a KO line: "Battle Phase 6.6", "a Level M is worth 2: Battle Phase
 * 6.5", … (`battle.ts` `koValue` causes).
 */
export function koWorth(cause: string): string {
  switch (cause) {
    case "revived":
      return 'a Digimon revived before is worth exactly 1: Battle Phase 6.2; Glossary "Revive"';
    case "override":
      return "its KO points changed by an effect";
    case "mega":
      return "a Level M is worth 2: Battle Phase 6.5";
    default:
      return "Battle Phase 6.6";
  }
}

/** "1 KO point", "2 KO points". */
export function points(n: number): string {
  return count(n, "KO point");
}

/** An attack as the rules name it: "Circle", "Triangle", "Cross" (Anatomy of Cards item 10). */
export function attackName(a: AttackSlot): string {
  return a === "circle" ? "Circle" : a === "triangle" ? "Triangle" : "Cross";
}

const SLOTS: readonly AttackSlot[] = ["circle", "triangle", "cross"];

/**
 * A change of Power as text: "Circle Power 300 → 600" when one attack changed, "Power Circle
 * 300 → 600, Triangle 210 → 510, Cross 120 → 420" when several did, "Power stays Circle 0,
 * …" when none did. Units: Power points.
 */
export function powerChange(before: Readonly<Record<AttackSlot, number>>, after: Readonly<Record<AttackSlot, number>>): string {
  const changed = SLOTS.filter((s) => before[s] !== after[s]);
  if (changed.length === 0) return `Power stays ${SLOTS.map((s) => `${attackName(s)} ${after[s]}`).join(", ")}`;
  if (changed.length === 1) return `${attackName(changed[0]!)} Power ${before[changed[0]!]} → ${after[changed[0]!]}`;
  return `Power ${changed.map((s) => `${attackName(s)} ${before[s]} → ${after[s]}`).join(", ")}`;
}

/**
 * A difference of Power as text: "Power +100 on every attack", "Circle Power +100",
 * "Circle Power +100, Cross Power -50"; "no Power" when every part is 0.
 */
export function powerDelta(d: Readonly<Record<AttackSlot, number>>): string {
  const changed = SLOTS.filter((s) => d[s] !== 0);
  if (changed.length === 0) return "no Power";
  if (changed.length === 3 && d.circle === d.triangle && d.circle === d.cross) return `Power ${signed(d.circle)} on every attack`;
  return changed.map((s) => `${attackName(s)} Power ${signed(d[s])}`).join(", ");
}

/** Power of each attack as "Circle 300, Triangle 210, Cross 120". */
export function powerList(p: Readonly<Record<AttackSlot, number>>): string {
  return SLOTS.map((s) => `${attackName(s)} ${p[s]}`).join(", ");
}

/** A signed number: "+300", "-100", "+0". */
export function signed(n: number): string {
  return n < 0 ? String(n) : `+${n}`;
}

/**
 * What an IR action is part of, for the log: the sentence as printed (with the number of
 * actions of its cost and body), or an evo-box bonus.
 */
type Source = { sentence: string; actions: number } | { evoFrom: string };

/**
 * Each action object of a card definition → the sentence it belongs to (or the evo-box
 * bonus), built on first use and kept on the definition under a symbol (like `facts.ts`):
 * the log finds the sentence of an action task by the action object the task carries.
 */
const SOURCES = Symbol("dbe.sources");

function sourcesOf(card: CompiledCard): Map<unknown, Source> {
  const held = (card as CompiledCard & { [SOURCES]?: Map<unknown, Source> })[SOURCES];
  if (held) return held;
  const m = new Map<unknown, Source>();
  for (const e of card.effects) {
    if (e.kind === "effect") {
      const src = { sentence: e.text, actions: e.costs.filter((c) => c.kind === "action").length + bodyActions(e.body).length };
      for (const c of e.costs) if (c.kind === "action") m.set(c.action, src);
      for (const a of bodyActions(e.body)) m.set(a, src);
    } else if (e.kind === "turbo") {
      const src = { sentence: e.text, actions: (e.cost ? 1 : 0) + e.risk.length };
      if (e.cost) m.set(e.cost, src);
      for (const a of e.risk) m.set(a, src);
    }
  }
  for (const e of card.stats.evo) {
    if (e.kind !== "bonus") continue;
    const src = { evoFrom: e.from.map((q) => `${patternText(q.name)}${q.level ? ` (${q.level})` : ""}`).join(", ") };
    for (const a of e.actions) m.set(a, src);
  }
  Object.defineProperty(card, SOURCES, { value: m, enumerable: false });
  return m;
}

/** A name pattern as printed: "Agumon", "-dramon", "kok-", "-devi-" (Evolution Phase 4.3). */
export function patternText(n: NamePattern): string {
  return n.kind === "exact" ? n.name : n.kind === "suffix" ? `-${n.part}` : n.kind === "prefix" ? `${n.part}-` : `-${n.part}-`;
}

/**
 * What caused an action task (`dbe.act`, with the card and the IR action it performs): the
 * card and the sentence, `Dragon Claw: "Boost own Power +300."`; for an evo-box bonus,
 * "Greymon's evo-bonus from Agumon". A task without a card names nothing ("").
 */
export function causeOf(g: Game, t: Task): string {
  if (typeof t.card !== "number") return "";
  const d = def(g, t.card);
  const src = sourcesOf(d).get(t.a);
  if (src === undefined) return d.stats.name;
  if ("evoFrom" in src) return `${d.stats.name}'s evo-bonus${src.evoFrom ? ` from ${src.evoFrom}` : ""}${t.permanent === true ? " (permanent)" : ""}`;
  return `${d.stats.name}: "${src.sentence}"`;
}

/**
 * The sentence an action task performs part of, as printed, and whether the action is all of
 * it; null for an evo-box bonus or a task without a card.
 */
export function sentenceOf(g: Game, t: Task): { text: string; whole: boolean } | null {
  if (typeof t.card !== "number") return null;
  const src = sourcesOf(def(g, t.card)).get(t.a);
  return src !== undefined && "sentence" in src ? { text: src.sentence, whole: src.actions === 1 } : null;
}

/** `(cause)` for the end of a log line, or "" when there is none. */
export function because(g: Game, t: Task): string {
  const c = causeOf(g, t);
  return c ? ` (${c})` : "";
}

/** An attack ability as the rules name it: "1st Attack", "Counter Cross", "Nature x3 VS" (Attack Abilities). */
export function abilityName(a: AttackAbility): string {
  switch (a.kind) {
    case "firstAttack":
      return "1st Attack";
    case "secondAttack":
      return "2nd Attack";
    case "cannotGainFirstAttack":
      return "cannot gain 1st Attack";
    case "toZero":
      return `${attackName(a.attack)} to 0`;
    case "counter":
      return a.attack ? `Counter ${attackName(a.attack)}` : "Counter";
    case "grudge":
      return `Grudge ${attackName(a.attack)}`;
    case "killer":
      return `Killer ${attackName(a.attack)}`;
    case "x3vs":
      return `${a.types.join("/")} x3 VS`;
    case "flatten":
      return "Flatten";
    case "attach":
      return `Attach ${a.from === "deck" ? "D" : a.from === "trash" ? "T" : "H"}`;
    case "draw":
    case "trash":
    case "recode":
    case "recycle":
    case "static":
    case "corrupt":
      return `${words(a.kind)} ${a.count}`;
    default:
      return words(a.kind);
  }
}

/** A restriction ("cannot …") in the rules' words: "lower HP", "gain 1st Attack", "be countered" (IR `Prohibition`). */
export function prohibitionName(what: Prohibition | string): string {
  const [kind, by] = what.split(":");
  const text: Record<string, string> = {
    lowerHp: "have its HP lowered",
    gainFirstAttack: "gain 1st Attack",
    beCountered: "be countered",
    beVoided: "have its supports voided",
    useAnyPhase: "use Any Phase effects",
    mulligan: "mulligan",
    evolve: "evolve",
    support: "support",
    crossAbilityVoided: "use its Cross ability (voided)",
    attackAbilitiesVoided: "use its attack abilities (voided)",
  };
  const t = text[kind!] ?? words(kind!);
  return by === "bySupports" ? `${t} by supports` : t;
}

/** A camelCase identifier as lower-case words: "gainFirstAttack" → "gain first attack". */
export function words(id: string): string {
  const w = id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The phases of a DBE turn as the rules name them ("Phases of Play"). */
const PHASES: Readonly<Record<string, string>> = {
  setup: "Pre-Game Setup",
  prep: "Prep Phase",
  evolve: "Evolution Phase",
  strategy: "Strategy Phase",
  support: "Support Phase",
  battle: "Battle Phase",
  end: "End Phase",
};

/**
 * The numbered steps of each phase, by what the rules say they do (`000_…`, "Prep Phase"
 * 1–5, "Evolution Phase" 1–5, "Strategy Phase" 1–2, "Support Phase" 1–5, "Battle Phase" 1–7,
 * "End Phase" 1–5). Step 1 of each phase is its abilities and its Any Phase step (Glossary
 * "Any Phase").
 */
const STEPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  prep: { "1": "Prep Phase abilities, Any Phase", "2": "Draw", "3": "Full mulligans", "4": "Play new Digimon", "5": "Partner Evolution" },
  evolve: { "1": "Evolution Phase abilities, Any Phase", "2": "Rack up DP", "3": "Abnormal or Partner-evolved", "5": "Evolution method" },
  strategy: { "1": "Opponent without an active", "2": "Choose attacks" },
  support: { "1": "Support Phase abilities, Any Phase", "3": "Non-turn player supports", "4": "Turn player supports", "5": "Resolving supports" },
  battle: { "1": "Battle Phase abilities, Any Phase", "2": "Reveal attacks", "3": "Attack abilities", "4": "First attack", "5": "Second attack", "6": "KO", "7": "Win check" },
  end: { "1": "End Phase abilities, Any Phase", "2": "Discard down to 6", "3": "Lingering effects end", "4": "Supports discarded", "5": "The turn passes" },
};

/**
 * A phase and step as the rules name them: "Prep Phase, step 2 (Draw)", "Pre-Game Setup";
 * an unknown phase or step is written as it is ("Battle Phase, step 9").
 * @param phase a phase id of the DBE state ("prep", "evolve", …); `step` its step number as text
 */
export function phaseStepName(phase: string, step: string): string {
  const ph = PHASES[phase] ?? words(phase);
  if (!step || phase === "setup") return ph;
  const name = STEPS[phase]?.[step];
  return name ? `${ph}, step ${step} (${name})` : `${ph}, step ${step}`;
}
