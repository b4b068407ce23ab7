/**
 * The checked effect IR: the instruction set the rules engine performs.
 *
 * The compiler (`compiler/check`) turns card text into these nodes; the emitted handlers
 * (`compiler/emit`) rebuild them through the typed builder in `runtime/builder.ts`; the
 * engine implements each node kind exactly once. Every node is plain JSON, so
 * `cards.json` carries the same IR for other tools.
 *
 * Source of the model: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14 ("one
 * sentence (full stop) at a time. Each sentence is one effect"), FAQ "Conditionals",
 * FAQ "Costs vs Effects", Glossary, Attack Abilities.
 */
import type {
  AttackSlot,
  CardKind,
  CardTiming,
  Level,
  PlayerRef,
  SourceZone,
  TypeName,
} from "./vocabulary.ts";

// ─── Names and filters ─────────────────────────────────────────────────────

/**
 * A full or partial card name. Partial names "-dramon", "kok-", "-devi-" match names
 * ending with, starting with, or containing the fragment (case-insensitive).
 * Source: Evolution Phase step 4.3 "Partial names in evo-box".
 */
export type NamePattern =
  | { kind: "exact"; name: string }
  | { kind: "suffix"; part: string }
  | { kind: "prefix"; part: string }
  | { kind: "infix"; part: string };

/**
 * Which cards an effect may pick, attach, evolve to or put into DP. All given fields must
 * match (FAQ "Attachment conditions" step 3; Evolution Phase 4.2.2.2 for DNA materials).
 */
export interface CardFilter {
  /** Card kinds allowed, e.g. "Take 1 Evolution". Empty = any kind. */
  kinds: CardKind[];
  /** Levels allowed. Empty = any. */
  levels: Level[];
  /** Types allowed (any matches, subtypes count: Glossary "Type"). Empty = any. */
  types: TypeName[];
  /** Name or partial name, or null. */
  name: NamePattern | null;
  /** `true`: only Partner cards; `false`: only non-Partner; `null`: either. */
  partner: boolean | null;
  /** "a valid C": must be a legal evolution of the active (Effect Evolution). */
  valid: boolean;
}

// ─── Quantities ────────────────────────────────────────────────────────────

/** Things an effect can count. Units: cards, except `flats` (tokens) and `koPoints`. */
export type Countable = "hand" | "deck" | "trash" | "dp" | "darkArea" | "attachments" | "flats" | "koPoints";

/** A numeric stat of a player's active Digimon. `power` is the chosen attack's current Power. */
export type Stat = "hp" | "power" | "plusP" | "dpTotal" | "level";

/**
 * A number an effect uses. `const` is literal (may be negative for "Boost … -100");
 * `count` is `per` × the number of cards/things counted ("+100 for each card in own DP");
 * `stat` reads a current value times `per` ("Boost own Power by own HP"); `previous` is the number of
 * cards the previous action of the same effect moved ("same number", "number of discards").
 */
export type Amount =
  | { kind: "const"; value: number }
  | { kind: "count"; player: PlayerRef; what: Countable; per: number }
  | { kind: "stat"; player: PlayerRef; stat: Stat; attack: AttackSlot | null; per: number }
  | { kind: "previous"; per: number };

/** Which stat an effect sets or scales. `attack: null` = the attack in use (all attacks for Power). */
export interface StatTarget {
  player: PlayerRef;
  stat: "hp" | "power";
  attack: AttackSlot | "all" | null;
}

// ─── Conditions ────────────────────────────────────────────────────────────

/** Comparison operators. */
export type CompareOp = "<" | "<=" | "=" | "!=" | ">=" | ">";

/**
 * An "If …" condition. Conditions are checked when the effect resolves; a failed one
 * misfires the effect and enables its "If not" (FAQ "Conditionals").
 */
export type Condition =
  | { kind: "compare"; left: Amount; op: CompareOp; right: Amount }
  | { kind: "typeIs"; player: PlayerRef; types: TypeName[]; primary: boolean; negate: boolean }
  | { kind: "levelIs"; player: PlayerRef; levels: Level[]; negate: boolean }
  | { kind: "attackIs"; player: PlayerRef; attacks: AttackSlot[]; negate: boolean }
  | { kind: "nameIs"; player: PlayerRef; name: NamePattern; negate: boolean }
  | { kind: "same"; what: "attack" | "level" | "type"; negate: boolean }
  | { kind: "able" }
  | { kind: "and"; all: Condition[] }
  | { kind: "or"; any: Condition[] };

// ─── Attack abilities ──────────────────────────────────────────────────────

/**
 * An attack ability, printed on an attack or granted by an effect.
 * Source: `000_…`, "Attack Abilities" (each kind cites its entry by name).
 */
export type AttackAbility =
  | { kind: "firstAttack" }
  | { kind: "secondAttack" }
  | { kind: "cannotGainFirstAttack" }
  | { kind: "toZero"; attack: AttackSlot }
  | { kind: "counter"; attack: AttackSlot | null }
  | { kind: "crash" }
  | { kind: "drain" }
  | { kind: "flatten"; condition: CardFilter | null }
  | { kind: "grudge"; attack: AttackSlot }
  | { kind: "jamming" }
  | { kind: "killer"; attack: AttackSlot }
  | { kind: "shatter" }
  | { kind: "x3vs"; types: TypeName[] }
  | { kind: "draw"; count: number }
  | { kind: "trash"; count: number }
  | { kind: "recode"; count: number }
  | { kind: "recycle"; count: number }
  | { kind: "attach"; from: SourceZone }
  | { kind: "static"; count: number }
  | { kind: "corrupt"; count: number };

// ─── Actions ───────────────────────────────────────────────────────────────

/** What a Void can nullify. Source: Glossary "Void", Support Phase step 5.1. */
export type VoidTarget =
  | "support"
  | "option"
  | "digimonSupport"
  | "crossAbility"
  | "attackAbilities"
  | "effect";

/** Restrictions a Passive or lingering effect can impose ("cannot …"). */
export type Prohibition =
  | "lowerHp"
  | "gainFirstAttack"
  | "beCountered"
  | "beVoided"
  | "useAnyPhase"
  | "mulligan"
  | "evolve"
  | "support";

/**
 * One action of an effect. Actions chained by "and", "then" or commas resolve in order
 * (FAQ "Interrupting effects/triggers": triggers may interrupt only between sentences).
 */
export type Action =
  | { kind: "boost"; player: PlayerRef; attack: AttackSlot | "all" | null; amount: Amount }
  | { kind: "recover"; player: PlayerRef; amount: Amount }
  | { kind: "setStat"; target: StatTarget; value: Amount }
  | { kind: "scaleStat"; target: StatTarget; factor: Amount }
  | { kind: "swapStat"; stat: "hp" | "type" }
  | { kind: "draw"; player: PlayerRef; count: Amount; dark: boolean }
  | { kind: "drawUntil"; player: PlayerRef; handSize: number }
  | {
      kind: "discard";
      player: PlayerRef;
      /** `null` = all cards of the zone ("Discard own hand"). */
      count: Amount | null;
      zone: "hand" | "dp" | "attachment" | "active";
      /** "discard randomly". */
      random: boolean;
      /** "Discard any": the effect's owner chooses, not the target (FAQ "Discard any…"). */
      ownerChooses: boolean;
      /** "Dark Discard": the cards go to the Dark Area (Glossary "Dark [action]"). */
      dark: boolean;
      /** "top DP card": takes from the top of the zone. */
      fromTop: boolean;
    }
  | { kind: "discardThis"; what: "card" | "active" }
  /** Trash X (Glossary): deck → trash; `dark`: Dark Trash, deck → Dark Area (Glossary "Dark [action]"). */
  | { kind: "trash"; player: PlayerRef; count: Amount; dark: boolean }
  | { kind: "recycle"; player: PlayerRef; count: number | "any"; shuffle: boolean }
  | { kind: "recode"; player: PlayerRef; count: number }
  | { kind: "corrupt"; player: PlayerRef; count: number }
  | { kind: "static"; player: PlayerRef; count: number }
  /** Take (Glossary): pick cards into the hand; `dark`: Dark Take, into the Dark Area. */
  | { kind: "take"; player: PlayerRef; count: number; filter: CardFilter; from: SourceZone; random: boolean; dark: boolean }
  | {
      kind: "attach";
      /** `this` = the card itself; otherwise a card matching `filter` from `from`. */
      card: "this" | CardFilter;
      from: SourceZone | null;
      /** Whose active receives it, and what it must be. */
      to: PlayerRef;
      toFilter: CardFilter | null;
    }
  | { kind: "void"; player: PlayerRef; target: VoidTarget }
  | { kind: "revive"; player: PlayerRef; hp: Amount }
  | { kind: "flatten"; player: PlayerRef; count: number }
  /**
   * Delete a card (Glossary "Delete"). `insteadOfDiscardingDp`: done in place of step 10's
   * "Discard all DP" when evolving by DP (Evolution Phase 4.10, Super Tag).
   */
  | { kind: "delete"; player: PlayerRef; what: "this" | "active" | "topOfTrash"; insteadOfDiscardingDp: boolean }
  | { kind: "evolve"; to: CardFilter; from: SourceZone | "destinyZone" | "revealed"; asEvolved: boolean }
  | { kind: "downgrade"; player: PlayerRef; levels: number; from: Level | null; to: Level | null }
  | { kind: "changeType"; player: PlayerRef; type: TypeName | { copyOf: PlayerRef } }
  /** "Change own name to [Name]": the active's name until it leaves its zone (End Phase 3.1: name changes stay). */
  | { kind: "changeName"; player: PlayerRef; name: string }
  | { kind: "useAttack"; player: PlayerRef; attack: AttackSlot }
  | { kind: "gainAbility"; player: PlayerRef; attack: AttackSlot | null; ability: AttackAbility }
  /**
   * Put cards into the DP zone (FAQ "Putting unknown cards from a hidden zone into a visible
   * zone"): this card; the top `fromTop` matching cards of the deck, or that many of its top
   * `among` (000 examples 1–2); or, with `anyFromDeck`, one matching card the player chooses
   * from the whole deck, revealed, then the deck is shuffled (003 FAQ "Putting unknown
   * cards…": "if putting any Digimon from own deck into DP … follow the Cherrypicking rule and
   * then shuffle the deck"; DMB only).
   */
  | { kind: "putIntoDp"; player: PlayerRef; what: "this" | { fromTop: number; filter: CardFilter; among: number | null } | { anyFromDeck: CardFilter } }
  | { kind: "putUnder"; what: "this" | "allDp" }
  | { kind: "returnHandToDeck"; player: PlayerRef; shuffle: boolean }
  | { kind: "shuffle"; player: PlayerRef }
  | { kind: "reveal"; player: PlayerRef; what: "hand" | "topOfDeck"; count: number | null }
  | { kind: "ignore"; what: ("dp" | "type" | "level" | "costs")[] }
  | { kind: "enables"; what: "sameLevel" | "anyLevel" | { from: Level; to: Level } }
  | { kind: "alsoCountsAs"; name: string }
  /**
   * "(Also [Type].)": the card is permanently also of this type, in every zone, but it is not
   * its primary (printed) type ("If own primary type is …" ignores it) and cannot be voided
   * (003_7a740b8ec9103d40.txt, Glossary "Also [Type]"; DMB only).
   */
  | { kind: "alsoType"; type: TypeName }
  | { kind: "payDp"; amount: number; from: "this" | "own" }
  /**
   * A restriction. `bySupports`: only support effects are restricted ("Supports cannot lower
   * own HP"); `of`: what cannot be voided/countered ("Supports cannot be voided", "Attacks
   * cannot be countered": FAQ "Permanents in Evolution Boxes").
   */
  | {
      kind: "prohibit";
      player: PlayerRef;
      what: Prohibition;
      exceptByAttack: boolean;
      bySupports: boolean;
      of: "supports" | "attacks" | null;
    }
  | { kind: "dpCost"; change: number }
  | { kind: "changeDp"; player: PlayerRef; amount: number }
  | { kind: "flip"; what: "this" | "active" }
  | { kind: "restrictUse"; levels: Level[]; abnormal: boolean }
  /** "Counts as a DNA material": this card is a DNA material when DNA evolving (Evolution Phase 5.2.3.1). */
  | { kind: "countsAsDnaMaterial" }
  /** "Requires DP": the future's DP cost must be met, though this is not evolving by DP (Evolution Phase 4.15). */
  | { kind: "requireDp" }
  /**
   * "Activate an evo-bonus": every bonus in own active's evo-box applies as if the previous
   * active's name were in the box; non-permanent ones stack, permanent ones apply once ever
   * (Evolution Phase POINT "activate an evo-bonus"; Anatomy item 2).
   */
  | { kind: "activateEvoBonus" };

// ─── Effects (sentences) ───────────────────────────────────────────────────

/** Phases of a turn. Source: "Phases of Play". */
export type Phase = "prep" | "evolve" | "strategy" | "support" | "battle" | "end";

/**
 * Effect timings. Lowercase timings apply to the sentences that follow them until a new
 * timing; nested timings must all coincide. Source: FAQ "What are lowercase timings for
 * individual effects?", Glossary "Turbo", "Data Break", "Access", Evolution Phase 4.9–4.11.
 */
export type Timing =
  | { kind: "card"; timing: CardTiming }
  | { kind: "phase"; phase: Phase; whose: "any" | "own" | "opponent" }
  | { kind: "passive" }
  | { kind: "whileAttached" }
  | { kind: "activeZone" }
  | { kind: "anyPhase" }
  | { kind: "anySupportPhase" }
  | { kind: "eitherSupportPhase" }
  | { kind: "whenEvolving"; byDp: boolean }
  | { kind: "afterEvolving" }
  | { kind: "dataBreak" }
  | { kind: "access"; what: string }
  | { kind: "when"; event: GameEvent };

/** Game events a "When …" trigger waits for. */
export type GameEvent =
  | { kind: "discards"; player: PlayerRef }
  | { kind: "draws"; player: PlayerRef }
  /** A player's Power is boosted, doubled, or changed in any way (FAQ "Interrupting effects", Ebemon). */
  | { kind: "powerChanged"; player: PlayerRef; change: "boosted" | "doubled" | "any" }
  | { kind: "ko"; player: PlayerRef }
  | { kind: "plays"; player: PlayerRef; what: "anyPhase" | "support" | "option" | "digimon" }
  | { kind: "hpLowered"; player: PlayerRef };

/**
 * A cost: an action before a colon that must be completed for the effect to resolve.
 * Costs are conditions met, never paid (FAQ "Costs vs Effects"); `must` forces the
 * attempt ("Must" in a cost); `oncePerTurn` is the [1/Turn] marker (Glossary "[1/Turn]").
 */
export type Cost =
  | { kind: "action"; action: Action; must: boolean }
  | { kind: "oncePerTurn" };

/** The body of an effect: actions in order, or a conditional with an optional "If not". */
export type Body =
  | { kind: "seq"; actions: Action[] }
  | { kind: "if"; cond: Condition; then: Body; otherwise: Body | null };

/**
 * One sentence of card text: one effect (Anatomy of Cards item 14).
 * - `timings` are the nested timings that govern it (outermost first); empty = the card timing.
 * - `otherwiseOf` is the index of the earlier effect whose "If …" this "If not, …" answers.
 * - `permanent` marks parenthesised text (Glossary "(Parenthesis text)").
 */
export interface Effect {
  kind: "effect";
  timings: Timing[];
  costs: Cost[];
  body: Body;
  otherwiseOf: number | null;
  permanent: boolean;
  /** The sentence as printed, for comments and diagnostics. */
  text: string;
}

/**
 * A Turbo sentence: play the card's Support effect at another timing under a cost, a
 * condition or a risk. Source: Glossary "Turbo", forms 1–3.
 */
export interface TurboEffect {
  kind: "turbo";
  /** "Turbo:" = Any Phase, "Turbo Support" = Any Support Phase, "Turbo Evolve" = Any Evolve Phase. */
  phase: "any" | "support" | "evolve";
  cost: Action | null;
  condition: Condition | null;
  risk: Action[];
  text: string;
}

/** Reminder text with no rules effect of its own (e.g. "Battle is still lost."). */
export interface ReminderEffect {
  kind: "reminder";
  text: string;
}

/** Any sentence of card text. */
export type CardEffect = Effect | TurboEffect | ReminderEffect;

// ─── Evo-box ───────────────────────────────────────────────────────────────

/** A name an evo-box entry qualifies on, optionally with a level "(C)". */
export interface NameQualifier {
  name: NamePattern;
  level: Level | null;
}

/** A DNA material: a name, a type, a level, or a combination (all must match). Evolution Phase 5.2.2. */
export interface DnaMaterial {
  name: NamePattern | null;
  type: TypeName | null;
  level: Level | null;
}

/**
 * An evo-box entry. Source: Anatomy of Cards item 8; Evolution Phase 4.2–4.4, 4.8, 5.2.2;
 * FAQ "Permanents in Evolution Boxes".
 */
export type EvoEntry =
  | { kind: "from"; names: NameQualifier[] }
  | { kind: "bonus"; actions: Action[]; permanent: boolean; from: NameQualifier[] }
  | { kind: "discount"; amount: number; from: NameQualifier[] }
  | { kind: "dna"; materials: DnaMaterial[]; anyOf: boolean };
