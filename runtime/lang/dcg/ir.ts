/**
 * The typed IR of DCG (official Digimon Card Game) card text: what the DCG compiler
 * (`grammar/dcg/`, `compiler/check/dcg/`) produces and the DCG rules runtime
 * (`runtime/rulesets/dcg/`) plays.
 *
 * The shape follows the rules' effect model (`002_db81695f81018ea7.txt` chapter 10; 001
 * "Effects"): a card's text boxes hold effect units (002 4-5 effect, 4-6 inherited effect,
 * 4-7 security effect); a unit has timings (002 10-3: "[On Play]", "[Your Turn]" …, which
 * the runtime reads as conditions over game events), an optional use limit (002 4-15), and a
 * body of sentences. A sentence is its leading conditions ("When …", "If …", "While …",
 * "By …", "For each …", "Until …") and clauses. A clause is a verb with typed arguments —
 * who does it, to what, from where, to where, for how long — so one shape covers the ~70
 * clause heads of the card pool ("Delete 1 of your opponent's Digimon with 4000 DP or less",
 * "Play this card without paying its memory cost", "this Digimon gets +1000 DP for the
 * turn"); `compiler/check/dcg/` checks each verb's arguments. Keyword effects (002 chapter
 * 12) are first-class: a keyword line, a keyword granted ("gains <Blocker>"), a keyword
 * performed ("trigger <Draw 1>").
 *
 * Every node that comes from text keeps the range it was read from (`span`, offsets into the
 * text box), for diagnostics and the duel log.
 */

/** A half-open range [start, end) of a text box. */
export interface DcgSpan {
  start: number;
  end: number;
}

/** Which box of the card an effect is printed in (002 4-5 effect text, 4-6 inherited effect, 4-7 security effect). */
export type DcgBox = "effect" | "inherited" | "security";

/** The timing tags (002 10-3, 4-14; 001 "Effects"). */
export const DCG_TIMINGS = [
  "onPlay",
  "whenDigivolving",
  "whenAttacking",
  "endOfAttack",
  "onDeletion",
  "yourTurn",
  "opponentsTurn",
  "allTurns",
  "main",
  "security",
  "counter",
  "startOfYourTurn",
  "startOfOpponentsTurn",
  "startOfYourMainPhase",
  "startOfOpponentsMainPhase",
  "endOfYourTurn",
  "endOfOpponentsTurn",
  "endOfAllTurns",
  "hand",
  "breeding",
  "trash",
  "rule",
] as const;

/** A timing tag. */
export type DcgTiming = (typeof DCG_TIMINGS)[number];

/** The keyword effects of 002 chapter 12, 12-4 … 12-32 (IR names; the printed names are in `grammar/dcg/tokens.ts`). */
export const DCG_KEYWORDS = [
  "securityAttack",
  "blocker",
  "recovery",
  "piercing",
  "draw",
  "jamming",
  "digisorption",
  "reboot",
  "deDigivolve",
  "retaliation",
  "digiBurst",
  "rush",
  "blitz",
  "delay",
  "decoy",
  "armorPurge",
  "save",
  "materialSave",
  "evade",
  "raid",
  "alliance",
  "barrier",
  "blastDigivolve",
  "fortitude",
  "mindLink",
  "partition",
  "collision",
  "blastDnaDigivolve",
  "scapegoat",
] as const;

/** A keyword effect's name. */
export type DcgKeywordName = (typeof DCG_KEYWORDS)[number];

/** The card colours (002 4-3; 001 "Card Information"). */
export type DcgColor = "red" | "blue" | "yellow" | "green" | "black" | "purple" | "white";

/** A comparison: "N or less", "N or more", exactly N, "less than", "more than". */
export type DcgCmp = "le" | "ge" | "eq" | "lt" | "gt";

/** A player, as the text names one relative to the card's owner ("you"). */
export type DcgPlayer = "you" | "opponent" | "both" | "owner" | "any";

/**
 * A keyword effect as printed, with its parameters (002 12-3): a count (`<Draw 2>`,
 * `<De-Digivolve 1>`, `<Digi-Burst 3>`), a signed value (`<Security Attack -1>`,
 * `<Recovery +1 (Deck)>`, `<Digisorption -2>`), a place (`(Deck)`), colours (`<Decoy (Black)>`),
 * card conditions (`<Partition (blue Lv.4 & green Lv.4)>`) or names (`<Blast DNA Digivolve ([A] + [B])>`).
 * A bare reference (`with <Digi-Burst>`) has no parameters.
 */
export interface DcgKeyword {
  name: DcgKeywordName;
  /** The number in the icon, with its sign (null when none is printed). */
  value: number | null;
  /** `<Digi-Burst up to 4>`: at most `value` (002 12-14 as printed on BT7-040). */
  upTo?: boolean;
  /** `<Recovery +1 (Deck)>`: where the cards come from. */
  place: "deck" | "trash" | "hand" | null;
  /** `<Decoy (Black)>`: the colours it protects. */
  colors: DcgColor[];
  /** `<Partition (blue Lv.4 & green Lv.4)>`: the specified cards, as colour and level. */
  cards: { colors: DcgColor[]; level: number }[];
  /** `<Blast DNA Digivolve ([A] + [B])>`: the specified names. */
  names: string[];
  span: DcgSpan;
}

// ─── what the text talks about ─────────────────────────────────────────────

/** An end of a pile: the top, the bottom, or either (the player chooses: "the top or bottom of your deck"). */
export type DcgEnd = "top" | "bottom" | "either";

/** What kind of thing a noun phrase is about. */
export type DcgNoun =
  | "digimon"
  | "tamer"
  | "option"
  | "digiEgg"
  | "card"
  | "digimonCard"
  | "tamerCard"
  | "optionCard"
  | "digiEggCard"
  | "digivolutionCard"
  | "securityCard"
  | "securityDigimon"
  | "securityStack"
  | "token"
  | "memory"
  | "effect"
  | "player";

/** A zone or place a noun phrase or an argument names (002 chapter 3). */
export type DcgZone =
  | { kind: "battleArea"; player: DcgPlayer }
  | { kind: "breedingArea"; player: DcgPlayer }
  | { kind: "hand"; player: DcgPlayer }
  | { kind: "deck"; player: DcgPlayer; end: DcgEnd | null }
  | { kind: "trash"; player: DcgPlayer }
  /** The Digi-Egg deck (002 3-2). */
  | { kind: "eggDeck"; player: DcgPlayer }
  | { kind: "security"; player: DcgPlayer; end: DcgEnd | null }
  | { kind: "digivolutionCards"; of: DcgSelector; end: DcgEnd | null }
  | { kind: "revealed" }
  | { kind: "play" }
  /** "from your hand or trash": any of these zones. */
  | { kind: "either"; zones: DcgZone[] };

/** How many a noun phrase picks. */
export type DcgCount =
  | { kind: "n"; n: number; upTo: boolean }
  /** "7 or more digivolution cards": a number compared. */
  | { kind: "cmp"; cmp: DcgCmp; n: number }
  | { kind: "all" }
  | { kind: "any" }
  | { kind: "anyNumber" }
  | { kind: "each" }
  | { kind: "one" }
  | { kind: "another" }
  | { kind: "the" }
  | { kind: "none" };

/** A filter of a noun phrase ("red", "level 4 or lower", "with 4000 DP or less", "with [Greymon] in its name" …). */
export type DcgFilter =
  | { kind: "color"; colors: DcgColor[]; all: boolean; negate: boolean }
  | { kind: "colorCount"; cmp: DcgCmp; n: number }
  | { kind: "level"; cmp: DcgCmp; value: DcgValue }
  | { kind: "dp"; cmp: DcgCmp; value: DcgValue }
  | { kind: "cost"; which: "play" | "use" | "memory" | "digivolution" | "any"; cmp: DcgCmp; value: DcgValue }
  | { kind: "named"; names: string[] }
  | { kind: "nameContains"; parts: string[]; negate: boolean }
  | { kind: "trait"; traits: string[]; field: "traits" | "type" | "form" | "attribute"; negate: boolean }
  | { kind: "suspended"; suspended: boolean }
  | { kind: "other" }
  | { kind: "otherThan"; names: string[] }
  | { kind: "including"; names: string[] }
  | { kind: "digivolutionCards"; cmp: DcgCmp; n: number; of: DcgFilter[] }
  | { kind: "keyword"; keyword: DcgKeywordName; negate: boolean }
  | { kind: "timing"; timing: DcgTiming; negate: boolean }
  | { kind: "extreme"; which: "highest" | "lowest"; stat: "dp" | "level" | "playCost" }
  | { kind: "nonDigiEgg" }
  | { kind: "nonColor"; color: DcgColor }
  | { kind: "sameName"; as: DcgSelector }
  | { kind: "sameLevel"; as?: DcgSelector | null }
  /** "of the same color as the digivolved Digimon". */
  | { kind: "sameColor"; as: DcgSelector | null }
  /** "with an inherited effect". */
  | { kind: "hasInherited" }
  | { kind: "totalDp"; cmp: DcgCmp; value: DcgValue }
  | { kind: "cardNumber"; of: DcgSelector }
  | { kind: "face"; up: boolean }
  | { kind: "either"; any: DcgFilter[][] }
  /** "effects on Digimon played with this effect": effects of these cards. */
  | { kind: "source"; what: DcgSelector }
  /** "Option cards it checks": cards this Digimon's security check reveals. */
  | { kind: "checked" }
  /** "your opponent's chosen Digimon": the one chosen earlier in the effect. */
  | { kind: "chosen" }
  /** "other than this Digimon and your opponent's chosen Digimon". */
  | { kind: "otherThanThese"; what: DcgSelector[] }
  /** "deleted by this effect", "trashed from your hand", "placed under 1 of your Digimon", "paid": what an earlier part of the effect did to them. */
  | { kind: "affected"; how: "digivolved" | "paid" | "added" | "deleted" | "returned" | "trashed" | "placed" | "played" | "removed" | "suspended" | "listed"; byThisEffect: boolean; zone: DcgZone | null }
  /** "whose play costs add up to 15 or less". */
  | { kind: "totalCost"; cmp: DcgCmp; value: DcgValue };

/**
 * A noun phrase that picks cards, Digimon or players' things: "1 of your opponent's Digimon
 * with 4000 DP or less", "all of your Tamers", "1 red Digimon card with [Greymon] in its name
 * from your hand". Deictic phrases are {@link DcgRef}.
 */
export interface DcgSelection {
  kind: "select";
  count: DcgCount;
  /** Whose: "your", "your opponent's", "its owner's"; null when the text does not say. */
  owner: DcgPlayer | null;
  noun: DcgNoun;
  /** "Digimon or Tamers", "Digimon and Security Digimon": a second kind of thing the phrase picks. */
  orNoun: DcgNoun | null;
  filters: DcgFilter[];
  /** Where the things are: "in your hand", "from your trash", "in play". */
  zone: DcgZone | null;
  /** "1 of them", "2 of the revealed cards": picked among what a deictic phrase denotes. */
  among: DcgRef | null;
  /** "the top 3 cards", "your top security card": taken from one end of the zone. */
  end: DcgEnd | null;
  span: DcgSpan;
}

/**
 * A deictic noun phrase: "this Digimon", "this card", "this Tamer" (the card with the
 * effect), "that Digimon", "it", "them", "the chosen cards", "the revealed cards", "the
 * remaining cards", "the attacking Digimon" … (what an earlier part of the effect or the
 * triggering event picked).
 */
export interface DcgRef {
  kind: "ref";
  ref: "digivolving" | "this" | "that" | "it" | "them" | "chosen" | "revealed" | "remaining" | "trashed" | "attacker" | "attackTarget" | "battling" | "played" | "deleted" | "returned" | "placed" | "added";
  noun: DcgNoun;
  /** Filters a deictic phrase may still add ("that red Digimon"). */
  filters: DcgFilter[];
  span: DcgSpan;
}

/** "1 Digimon card with [X] in its name and 1 Tamer card": several selections acted on together. */
export interface DcgBoth {
  kind: "both";
  /** "and" (each), "or" (one of them), "and/or" (either or both). */
  mode: "and" | "or" | "andOr";
  items: DcgSelector[];
  span: DcgSpan;
}

/** What a clause acts on. */
export type DcgSelector = DcgSelection | DcgRef | DcgBoth;

/** A number as the text gives it: a constant, or a count/stat read when the effect resolves. */
export type DcgValue =
  | { kind: "const"; n: number }
  | { kind: "count"; of: DcgSelector }
  | { kind: "stat"; stat: "dp" | "level" | "playCost" | "memory" | "securityCount" | "handCount"; of: DcgSelector | DcgPlayer }
  | { kind: "thisDp" }
  /** "(DP less than or equal to) the Digimon played with this effect": that thing's value of the stat compared. */
  | { kind: "sameStat"; of: DcgSelector };

/** How long a change lasts (002 10-4; 001 "Effects that last for a period"). */
export type DcgDuration =
  | { kind: "turn" }
  | { kind: "endOfOpponentsTurn"; next: boolean }
  | { kind: "endOfYourTurn"; next: boolean }
  | { kind: "endOfBattle" }
  | { kind: "endOfAttack" }
  | { kind: "while"; condition: DcgCondition };

// ─── conditions and events ─────────────────────────────────────────────────

/**
 * A condition ("If …", "While …"): a subject and a predicate, or a combination. 002 10-2
 * (conditions of effects).
 */
export type DcgCondition =
  | { kind: "and"; all: DcgCondition[] }
  | { kind: "or"; any: DcgCondition[] }
  | { kind: "not"; condition: DcgCondition }
  /** "you have a Tamer in play", "your opponent has a Digimon with <Blocker>", "this Digimon has [X] in its digivolution cards". */
  | { kind: "has"; who: DcgPlayer | DcgSelector; what: DcgSelector }
  /** "you have 3 or fewer security cards", "your opponent has 8 or more cards in their hand", "you have 2 memory or less". */
  | { kind: "count"; who: DcgPlayer | DcgSelector; cmp: DcgCmp; value: DcgValue; what: DcgSelector }
  /** "this Digimon is suspended", "that card is a Digimon card with …", "this Digimon is level 7", "it's your turn". */
  | { kind: "is"; subject: DcgSelector; filters: DcgFilter[]; negate: boolean }
  /** "it's your turn", "your opponent's turn". */
  | { kind: "turn"; whose: "you" | "opponent" }
  /** "you've digivolved this turn", "your opponent didn't attack with a Digimon this turn", "this Digimon is attacking". */
  | { kind: "happened"; event: DcgEvent; thisTurn: boolean; negate: boolean }
  /** "this effect deleted …", "if you do", "if a card was placed": the result of an earlier part. */
  | { kind: "didPrevious"; negate: boolean }
  /** A comparison of two values: "your opponent has more memory than you". */
  | { kind: "compare"; left: DcgValue; cmp: DcgCmp; right: DcgValue };

/**
 * A game event a "When …" condition waits for (002 10-3-2: triggered effects; 001 "Trigger
 * conditions"), with who it happens to. `would` marks an interrupting condition ("When this
 * Digimon would be deleted", 002 13-3-1-2).
 */
export interface DcgEvent {
  event:
    | "played"
    | "digivolved"
    | "attacked"
    | "attackedPlayer"
    | "attackedDigimon"
    | "blocks"
    | "blocked"
    | "deleted"
    | "deletedInBattle"
    | "suspended"
    | "unsuspended"
    | "returnedToHand"
    | "returnedToDeck"
    | "trashed"
    | "leftPlay"
    | "movedFromBreeding"
    | "enteredPlay"
    | "securityRemoved"
    | "securityAdded"
    | "cardsAddedToHand"
    | "used"
    | "drew"
    | "memoryGained"
    | "effectActivated"
    | "battleLost"
    | "battleWon"
    | "checked"
    | "hatched"
    | "digivolutionCardsTrashed"
    | "placed"
    | "dpReduced"
    | "endOfBattle";
  /** Who or what it happens to ("this Digimon", "an opponent's Digimon", "one of your Tamers"). */
  subject: DcgSelector | DcgPlayer;
  /** "by an opponent's effect", "from your hand", "in battle", "with <Blitz>" … */
  args: DcgArg[];
  would: boolean;
  /** "… deletes an opponent's Digimon in battle and survives": the event's subject also survives the battle. */
  andSurvives?: boolean;
  /** "… attacks and deletes an opponent's Digimon": what it also deletes. */
  andDeletes?: DcgSelector;
  /** "would delete this Digimon or return it to its owner's hand": other events that trigger it too. */
  orEvents?: DcgEvent[];
  span: DcgSpan;
}

// ─── clauses ───────────────────────────────────────────────────────────────

/** The verbs of the clauses (the ~70 heads of the card pool, lemmatised). */
export const DCG_VERBS = [
  "activate",
  "add",
  "attack",
  "block",
  "change",
  "choose",
  "delete",
  "digivolve",
  "dnaDigivolve",
  "gain",
  "gainMemory",
  "get",
  "give",
  "hatch",
  "include",
  "look",
  "loseMemory",
  "pay",
  "place",
  "play",
  "prevent",
  "reduce",
  "increase",
  "return",
  "reveal",
  "search",
  "setMemory",
  "shuffle",
  "suspend",
  "switchTarget",
  "trash",
  "treatAs",
  "setCost",
  "requireTotal",
  "move",
  "raiseMaximum",
  "unsuspend",
  "use",
  "isAffected",
  "makeUnblockable",
  "allowAttack",
] as const;

/** A clause's verb. */
export type DcgVerb = (typeof DCG_VERBS)[number];

/** An argument of a clause or an event: where from, where to, how, for how long. */
export type DcgArg =
  | { kind: "from"; zone: DcgZone }
  | { kind: "to"; zone: DcgZone; end: DcgEnd | null; order: "any" | null; faceDown: boolean }
  | { kind: "under"; of: DcgSelector; end: DcgEnd | null }
  | { kind: "into"; what: DcgSelector }
  | { kind: "onto"; what: DcgSelector }
  | { kind: "free"; cost: "memory" | "digivolution" | "play" | "use" | "dna" }
  | { kind: "forCost"; cost: "digivolution" | "dna" | "memory"; value: DcgValue | null }
  | { kind: "ignoring"; what: "level" | "color" | "requirements" | "digivolutionRequirements" }
  /** "as if the Tamer is a level 3 red Digimon": the subject is treated as the noun with the filters. */
  | { kind: "asIf"; subject: DcgSelector; filters: DcgFilter[]; noun: DcgNoun }
  /** "prevent that deletion", "prevent this Digimon from leaving play", "prevent effects from deleting it or reducing its DP". */
  | { kind: "prevents"; acts: ("delete" | "leavePlay" | "reduceDp")[]; target: DcgSelector | null }
  | { kind: "duration"; duration: DcgDuration }
  | { kind: "by"; value: DcgValue }
  | { kind: "byEffect"; whose: DcgPlayer | "tamer" | "digimon" | "option" | "any"; filters: DcgFilter[] }
  | { kind: "inBattle" }
  | { kind: "withoutBattling" }
  | { kind: "withKeyword"; keyword: DcgKeyword }
  | { kind: "target"; what: DcgSelector }
  | { kind: "between"; what: DcgSelector }
  | { kind: "asAlso"; what: "name" | "namePart" | "color" | "trait"; values: string[] }
  | { kind: "forEach"; what: DcgSelector; per: number }
  | { kind: "limit"; cmp: DcgCmp; value: DcgValue }
  /** "during your opponent's unsuspend phase", "during their next unsuspend phase", "during your main phase". */
  | { kind: "during"; phase: "unsuspend" | "main" | "turn"; whose: DcgPlayer; next: boolean }
  /** "as another Digimon", "as its bottom digivolution card". */
  | { kind: "as"; what: DcgSelector | null; end: DcgEnd | null }
  /** "after losing a battle". */
  | { kind: "afterLosingBattle" }
  /** "due to activating this Digimon's <Digi-Burst>", "using one of your effects". */
  | { kind: "cause"; cause: "keyword" | "effect" | "zeroDp"; keyword: DcgKeywordName | null; whose: DcgPlayer | null; by?: DcgSelector }
  | { kind: "reminder"; text: string }
  /** "at the end of the turn", "at the end of the battle": when a delayed step happens. */
  | { kind: "atEndOf"; of: "turn" | "battle" }
  /** "play … suspended". */
  | { kind: "suspended" }
  /** "from level 5 to level 6" (a digivolution). */
  | { kind: "levels"; from: number; to: number }
  /** "except with Tamer effects". */
  | { kind: "exceptByEffect"; whose: "tamer" | "digimon" | "option" }
  /** "by placing 5 cards … as its bottom digivolution cards": a cost performed as part of the action. */
  | { kind: "byCost"; cost: DcgClause }
  /** "can only digivolve into …": the permission is the only way. */
  | { kind: "only" }
  /** "When DNA digivolving": how the event happens. */
  | { kind: "method"; method: "dna" }
  /** "unblockable by your opponent": by what the player does. */
  | { kind: "byPlayer"; who: DcgPlayer }
  /** "Activate the following effect twice." */
  | { kind: "times"; n: number }
  /** "(trashes cards in their hand) equal to the number of …": as many as the value. */
  | { kind: "equalTo"; value: DcgValue }
  /** "trash cards … until there are 3 left": repeat until the condition holds. */
  | { kind: "untilCondition"; condition: DcgCondition }
  /** "(the maximum DP) you can choose with DP-based deletion effects / with this effect". */
  | { kind: "maximumOf"; scope: "dpBasedDeletion" | "thisEffect" };

/**
 * One clause: a verb, who does it, its object and arguments. `who` is the acting player or
 * thing ("your opponent trashes …", "this Digimon gets …"); null means the card's owner.
 * `optional` is "you may"; `negated` is "can't"/"doesn't" (then the clause is a restriction,
 * 002 10-4-3).
 */
export interface DcgClause {
  kind: "clause";
  verb: DcgVerb;
  /** "can't attack or block": more verbs the clause says the same of. */
  orVerbs: DcgVerb[];
  who: DcgSelector | DcgPlayer | null;
  optional: boolean;
  negated: boolean;
  /** "can"/"may also": a permission rather than an action. */
  permission: boolean;
  /** "can't be attacked", "can't be blocked": the subject undergoes the verb (passive voice). */
  passive: boolean;
  /** What the verb acts on: things, an amount (memory, DP), a keyword, a granted effect. */
  object: DcgObject | null;
  args: DcgArg[];
  span: DcgSpan;
}

/** What a clause acts on. */
export type DcgObject =
  | { kind: "things"; what: DcgSelector }
  | { kind: "amount"; value: DcgValue; unit: "memory" | "dp" | "cards" | "cost" | "level" }
  | { kind: "keyword"; keywords: DcgKeyword[] }
  | { kind: "effect"; effect: DcgEffect }
  | { kind: "effectOf"; of: DcgSelector; timing: DcgTiming | null }
  | { kind: "names"; names: string[] }
  /** "1 of the following effects:": the bullets after it, `choose` of them (null: all). */
  | { kind: "followingEffects"; choose: number | null }
  /** "the play cost of this card", "the memory cost of the digivolution": a cost to change. */
  | { kind: "cost"; which: "play" | "memory" | "use" | "digivolution" | "any"; of: DcgSelector | "digivolution" | "play" | null };

/** A keyword effect used as an action: "trigger <Draw 1>", "<De-Digivolve 1> on 1 of your opponent's Digimon". */
export interface DcgKeywordAction {
  kind: "keywordAction";
  keyword: DcgKeyword;
  /** "on 1 of your opponent's Digimon" (De-Digivolve). */
  target: DcgSelector | null;
  /** "<Draw 1> for each of that Digimon's digivolution cards". */
  args: DcgArg[];
  optional: boolean;
  span: DcgSpan;
}

/**
 * An effect that costs something first and runs a list of bullets: `<Digi-Burst 2> (…)
 * ・Delete …` and `<Delay> (…) ・Gain 2 memory.` (002 12-14, 12-17), and "activate the effect
 * below. ・…".
 */
export interface DcgBullets {
  kind: "bullets";
  keyword: DcgKeyword | null;
  bullets: DcgSentence[];
  span: DcgSpan;
}

/** What one sentence does. */
export type DcgStep = DcgClause | DcgKeywordAction | DcgBullets;

/**
 * What comes before a sentence's clauses (002 10-2): "When <event>," "If <condition>,"
 * "While <condition>," "For each <thing>," "By <cost>," "Until <duration>," "At the end of
 * the battle," "Then," "If you do," "Otherwise," "Instead,".
 */
export type DcgLead =
  | { kind: "when"; event: DcgEvent }
  | { kind: "if"; condition: DcgCondition }
  | { kind: "while"; condition: DcgCondition }
  | { kind: "forEach"; what: DcgSelector; per: number }
  | { kind: "by"; cost: DcgClause }
  | { kind: "duration"; duration: DcgDuration }
  | { kind: "atEndOfBattle" }
  /** "During your opponent's next unsuspend phase, …". */
  | { kind: "during"; during: DcgArg }
  /** "At the end of the turn, …". */
  | { kind: "atEndOfTurn" }
  | { kind: "then" }
  | { kind: "ifYouDo"; negate: boolean }
  | { kind: "otherwise" }
  | { kind: "instead" }
  /** "The next time <event>, …": once, the next time the event would happen (002 10-7). */
  | { kind: "nextTime"; event: DcgEvent };

/**
 * One sentence: its leads and its steps. A step of `cost` role is paid for the next
 * ("you may suspend this Tamer to delete …": the suspension is the cost, 002 10-6).
 */
export interface DcgSentence {
  leads: DcgLead[];
  steps: DcgStep[];
  /** For each step, whether it is a cost of the steps after it ("you may X to Y", "By X, Y"). */
  costs: boolean[];
  /** How each step after the first joins the one before it: "and", "then", "or", "to" (the one before is its cost), "," (a list). */
  joins: ("and" | "then" | "or" | "to" | "," | "ifYouDo")[];
  text: string;
  span: DcgSpan;
}

/** A DigiXros requirement (002 4-22): `[DigiXros -2] [Shoutmon] x [Ballistamon] …`. */
export interface DcgDigiXros {
  /** The play-cost reduction per card placed (−2: 2). */
  reduction: number;
  /** The specified cards, in order: names, or a card condition. */
  cards: ({ kind: "name"; name: string } | { kind: "select"; what: DcgSelector })[];
}

/** One effect unit of a card: a timing-tagged effect, a keyword line or a rule line. */
export interface DcgEffect {
  /** The unit's printed text, verbatim. */
  text: string;
  box: DcgBox;
  /** Its timing tags, in print order (empty for a keyword line or a rule line). */
  timings: DcgTiming[];
  /** `[Once Per Turn]` (1) or `[Twice Per Turn]` (2), or null (002 4-15). */
  perTurn: 1 | 2 | null;
  /** A keyword line (`<Blocker> (…)`): the keyword this card has (002 12-1). */
  keyword: DcgKeyword | null;
  /** `[DigiXros -2] …` (002 4-22). */
  digixros: DcgDigiXros | null;
  sentences: DcgSentence[];
  span: DcgSpan;
}
