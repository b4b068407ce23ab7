/**
 * The DBE card-text grammar (chevrotain, embedded actions).
 *
 * Start rules:
 * - {@link CardTextParser.text}: a card's printed text → {@link TextSyn}
 * - {@link CardTextParser.evoEntry}: one evo-box entry → {@link EvoSyn}
 * - {@link CardTextParser.abilityEntry}: one attack ability → {@link AbilitySyn}
 *
 * Structure (Anatomy of Cards item 14; FAQ "Conditionals", "Costs vs Effects", lowercase
 * timings): text is a list of items — timing labels, sentences, parentheticals, Turbo
 * sentences. A sentence is segments separated by colons (all but the last are costs), each
 * segment an optional "If …," condition, a chain of actions joined by "and", "then" or
 * commas, and an optional ", If not, …" / "; Otherwise, …".
 *
 * The parser never recovers: the first syntax error stops the card (a parse chevrotain had
 * to recover is never compiled).
 *
 * Written in the fast style of docs/grammar-style.md (measured there): every OR's
 * alternatives and every OPTION/MANY body is built once, as a field next to its rule that
 * captures nothing but the parser; what a rule's activation shares with them goes through
 * return values or a frame field of the parser (set on entry, restored on exit); actions are
 * plain code guarded by `RECORDING_PHASE` that allocate only the node they return; an OR
 * picks its alternative from a table indexed by the next token's type, running only the
 * GATEs of the alternatives that token can start ({@link DispatchLookahead}), and the GATE
 * of an OPTION/MANY is folded into its lookahead once ({@link CardTextParser.gated}).
 * Keyword token types are module constants ({@link K}); token tests are table lookups.
 */
import {
  EOF,
  type AtLeastOneSepMethodOpts,
  type IOrAlt,
  type IToken,
  type ManySepMethodOpts,
  type OrMethodOpts,
  type TokenType,
} from "chevrotain";
import { FastParser, tokenSet } from "./fast-parser.ts";
import type {
  Action,
  Amount,
  AttackAbility,
  CardFilter,
  Condition,
  Countable,
  CompareOp,
  NamePattern,
  StatTarget,
  Timing,
  GameEvent,
  Prohibition,
  VoidTarget,
  TurboEffect,
  NameQualifier,
  DnaMaterial,
  EvoEntry,
} from "../runtime/ir.ts";
import { levelOf, type AttackSlot, type CardKind, type Level, type PlayerRef, type SourceZone } from "../runtime/vocabulary.ts";
import { anyCard } from "../runtime/card.ts";
import type { Span } from "./diagnostics.ts";
import type { AbilitySyn, ActionSyn, CondSyn, EffectSyn, EvoSyn, ItemSyn, ParenSyn, Ref, ReminderSyn, SegmentSyn, TextSyn, TimingSyn, TurboSyn } from "./ast.ts";
import {
  ALL_TOKENS,
  AnyWord,
  Amp,
  Colon,
  Comma,
  CircleIcon,
  CrossIcon,
  Infinity_,
  KW,
  LBracket,
  LParen,
  Num,
  OppSymbol,
  Partial,
  PlusP,
  Period,
  Plus,
  Possessive,
  Quoted,
  RBracket,
  RParen,
  Semicolon,
  Slash,
  TriangleIcon,
  Word,
} from "./tokens.ts";

/** A keyword token type by name; an unknown name fails when the module loads. */
const k = (name: string): TokenType => {
  const t = KW[name];
  if (!t) throw new Error(`grammar: unknown keyword ${name}`);
  return t;
};

/** The keyword token types the grammar names, looked up once when the module loads. */
// prettier-ignore
const K = {
  A: k("A"), Able: k("Able"), Abnormal: k("Abnormal"), Above: k("Above"), Access: k("Access"), Activate: k("Activate"), Active: k("Active"),
  After: k("After"), Alias: k("Alias"), All: k("All"), Also: k("Also"), And: k("And"), Any: k("Any"), Area: k("Area"), As: k("As"), At: k("At"),
  Attach: k("Attach"), Attachments: k("Attachments"), Attack: k("Attack"), Battle: k("Battle"), Become: k("Become"), Below: k("Below"),
  Boost: k("Boost"), Both: k("Both"), Break: k("Break"), By: k("By"), Can: k("Can"), Cannot: k("Cannot"), Card: k("Card"), Change: k("Change"),
  Circle: k("Circle"), Corrupt: k("Corrupt"), Cost: k("Cost"), Counter: k("Counter"), Counts: k("Counts"), Crash: k("Crash"), Cross: k("Cross"),
  DNA: k("DNA"), DP: k("DP"), Dark: k("Dark"), Data: k("Data"), Deck: k("Deck"), Delete: k("Delete"), Different: k("Different"),
  Digimon: k("Digimon"), Discard: k("Discard"), Do: k("Do"), Double: k("Double"), Downgrade: k("Downgrade"), Drain: k("Drain"), Draw: k("Draw"),
  Each: k("Each"), Effect: k("Effect"), Either: k("Either"), Enables: k("Enables"), End: k("End"), Equal: k("Equal"), EvoBonus: k("EvoBonus"),
  Evolve: k("Evolve"), Except: k("Except"), First: k("First"), Flatten: k("Flatten"), Flip: k("Flip"), From: k("From"), Get: k("Get"),
  Grudge: k("Grudge"), HP: k("HP"), Halve: k("Halve"), Hand: k("Hand"), Has: k("Has"), Higher: k("Higher"), His: k("His"), If: k("If"),
  Ignore: k("Ignore"), In: k("In"), Instead: k("Instead"), Is: k("Is"), It: k("It"), Jamming: k("Jamming"), KO: k("KO"), Killer: k("Killer"),
  Least: k("Least"), Left: k("Left"), Less: k("Less"), Level: k("Level"), Lost: k("Lost"), Lower: k("Lower"), Make: k("Make"),
  Material: k("Material"), More: k("More"), Multiply: k("Multiply"), Must: k("Must"), Name: k("Name"), Needed: k("Needed"), Not: k("Not"),
  Number: k("Number"), Of: k("Of"), Opponent: k("Opponent"), Option: k("Option"), Or: k("Or"), Otherwise: k("Otherwise"), Own: k("Own"),
  Partner: k("Partner"), Passive: k("Passive"), Pay: k("Pay"), Per: k("Per"), Phase: k("Phase"), Players: k("Players"), Possible: k("Possible"),
  Power: k("Power"), Prep: k("Prep"), Primary: k("Primary"), Put: k("Put"), Random: k("Random"), Recode: k("Recode"), Recover: k("Recover"),
  Recycle: k("Recycle"), Requires: k("Requires"), Return: k("Return"), Reveal: k("Reveal"), Revive: k("Revive"), Same: k("Same"),
  Second: k("Second"), Set: k("Set"), Shatter: k("Shatter"), Shown: k("Shown"), Shuffle: k("Shuffle"), Stack: k("Stack"), States: k("States"),
  Static: k("Static"), Still: k("Still"), Strategy: k("Strategy"), Support: k("Support"), Swap: k("Swap"), Take: k("Take"), Than: k("Than"),
  The: k("The"), Then: k("Then"), There: k("There"), This: k("This"), Times: k("Times"), To: k("To"), Top: k("Top"), Trash: k("Trash"),
  Triangle: k("Triangle"), Triple: k("Triple"), Turbo: k("Turbo"), Turn: k("Turn"), Type: k("Type"), Until: k("Until"), Use: k("Use"), VS: k("VS"),
  Valid: k("Valid"), Void: k("Void"), When: k("When"), While: k("While"), With: k("With"), Zone: k("Zone"),
} as const;

/** Parse a card-name image ("-dramon", "kok-", "-devi-", "Agumon") into a pattern. Evolution Phase 4.3. */
export function namePattern(image: string): NamePattern {
  const s = image.replace(/^["“]|["”]$/g, "").trim();
  const lead = s.startsWith("-");
  const trail = s.endsWith("-") && s.length > 1;
  const core = s.replace(/^-/, "").replace(/-$/, "");
  if (lead && trail) return { kind: "infix", part: core };
  if (lead) return { kind: "suffix", part: core };
  if (trail) return { kind: "prefix", part: core };
  return { kind: "exact", name: s };
}

/** Does a word start with a capital A–Z? */
function isCapital(w: string): boolean {
  const c = w.charCodeAt(0);
  return c >= 65 && c <= 90;
}

function numValue(image: string): number {
  // "−" (U+2212) can only lead a number (the Num token).
  return image.charCodeAt(0) === 0x2212 ? -Number(image.slice(1)) : Number(image);
}

interface StatPhrase {
  player: PlayerRef | null;
  attack: AttackSlot | "all" | null;
  prop: "power" | "hp" | "attack" | "type" | "level" | "dp" | "hand" | "support" | "name" | "plusP" | "deck" | "trash" | "darkArea" | "attachments" | null;
  primary: boolean;
}

interface ValueItem {
  kind: "attack" | "word" | "level" | "name";
  text: string;
  span: Span;
  attack?: AttackSlot;
}

interface CardPhrase {
  /** "the cards shown": the cards an earlier "Reveal" put aside. */
  shown: boolean;
  /** "same number of": as many as the previous action moved. */
  same: boolean;
  count: number | null;
  all: boolean;
  any: boolean;
  random: boolean;
  top: boolean;
  player: PlayerRef | null;
  zone: "hand" | "deck" | "trash" | "dp" | "attachment" | "darkArea" | null;
  filter: CardFilter;
  topOf: number | null;
}

/** Words that always start a timing atom ("Prep", "Passive", "When", "At" …). */
const TIMING_WORDS = tokenSet(K.Prep, K.Strategy, K.Battle, K.End, K.Passive, K.Activate, K.Effect, K.Data, K.While, K.Active, K.Any, K.Either, K.When, K.After, K.At, K.Access);

/** Words that start a comparison ("less", "more than", "at least", "equal to" …). */
const COMPARATOR_WORDS = tokenSet(K.Less, K.More, K.Lower, K.Higher, K.Below, K.Above, K.At, K.Equal);

/** Words that may come before the stat of the evo-box shorthand ("own", "opponent's", "all", an attack). */
const STAT_SHORTHAND_LEAD = tokenSet(K.Own, K.Opponent, Possessive, OppSymbol, K.Circle, K.Triangle, K.Cross, K.All);

/** What an action returns while chevrotain records the grammar (its value is never used). */
const NOTHING = undefined as never;

/** The value of a frame field outside its rule (never read there). */
const NONE = null as never;

/** Placeholders of frames and nodes not yet filled in; frozen, so a stray write fails loudly. */
const NO_SUBJECT: StatPhrase = Object.freeze({ player: null, attack: null, prop: null, primary: false });
const NO_SPAN: Span = Object.freeze({ start: 0, end: 0 });
const NO_ACTIONS: ActionSyn[] = Object.freeze([]) as unknown as ActionSyn[];
const END_TOKEN = Object.freeze({ image: "", startOffset: -1, tokenType: EOF, tokenTypeIdx: EOF.tokenTypeIdx! }) as IToken;

type PhaseName = "prep" | "evolve" | "strategy" | "support" | "battle" | "end";

/** A property word as read: shared constants, never mutated. */
interface PropWord {
  readonly prop: NonNullable<StatPhrase["prop"]>;
  readonly primary: boolean;
}
const prop = (p: PropWord["prop"], primary = false): PropWord => Object.freeze({ prop: p, primary });
const PROP = {
  power: prop("power"),
  attack: prop("attack"),
  hp: prop("hp"),
  level: prop("level"),
  type: prop("type"),
  primaryType: prop("type", true),
  name: prop("name"),
  hand: prop("hand"),
  dp: prop("dp"),
  plusP: prop("plusP"),
  support: prop("support"),
  deck: prop("deck"),
  trash: prop("trash"),
  darkArea: prop("darkArea"),
  attachments: prop("attachments"),
} as const;

/** A card filter as read, with its count ("1 Evolution", "a valid C"). */
interface FilterPhrase {
  count: number | null;
  filter: CardFilter;
}

/** The first word of a continued discard ("… and 1 Card from Hand", "all", "his"). */
interface DiscardStart {
  readonly count: number | null;
  readonly all: boolean;
  readonly his: boolean;
}
const DISCARD_ALL: DiscardStart = Object.freeze({ count: null, all: true, his: false });
const DISCARD_HIS: DiscardStart = Object.freeze({ count: null, all: false, his: true });

/** What "Delete" deletes. */
interface DeleteWhat {
  readonly what: "this" | "active";
  readonly player: PlayerRef;
}
const DELETE_THIS: DeleteWhat = Object.freeze({ what: "this", player: "own" });

type IgnoreItem = "dp" | "type" | "level" | "costs";

/** What follows "cannot", as read. */
interface ProhibitionPhrase {
  what: Prohibition;
  player: PlayerRef | null;
  exceptByAttack: boolean;
}

/** A downgrade as read. */
interface DowngradePhrase {
  levels: number;
  from: Level | null;
  to: Level | null;
  player: PlayerRef | null;
}

/** The parser's frames, saved around a BACKTRACK. */
interface Frames {
  list: unknown[];
  refs: number;
  seg: SegmentSyn;
  turboNode: Omit<TurboEffect, "text">;
  eventPlayer: PlayerRef;
  condOp: "and" | "or";
  subj: StatPhrase;
  negated: boolean;
  sawSame: boolean;
  zoneObject: boolean;
  sp: StatPhrase;
  cp: CardPhrase;
  cf: FilterPhrase;
  dg: DowngradePhrase;
  pr: ProhibitionPhrase;
  abnormal: boolean;
  anyOf: boolean;
  dnaNode: DnaMaterial;
  actStart: IToken;
  actMark: number;
}

/** Phase names that start a timing only before "Phase" (no other timing starts with them). */
const PHASE_NAMES = tokenSet(K.Prep, K.Strategy, K.Battle, K.End);

/** The attack words and icons ("Circle", "△" …). */
const ATTACK_WORDS = tokenSet(K.Circle, K.Triangle, K.Cross, CircleIcon, TriangleIcon, CrossIcon);
/** What separates values after "is" ("Wind or Fire", "R/U", "A, B"). */
const VALUE_LIST_SEPARATORS = tokenSet(K.Or, Slash, Comma);
/** What continues a list of values after a separator. */
const VALUE_LIST_ITEMS = tokenSet(Word, K.Circle, K.Triangle, K.Cross, Quoted, CircleIcon, TriangleIcon, CrossIcon);
/** What separates the things "Ignore" ignores. */
const IGNORE_SEPARATORS = tokenSet(Comma, K.And, K.Or);
/** What "Ignore" can ignore (or the player before it). */
const IGNORE_ITEMS = tokenSet(K.DP, K.Type, K.Level, K.Cost, K.Own);
/** Words after a subject that are not an action's verb ("Own HP is …", "… cannot …"). */
const SUBJECT_VERBS = tokenSet(K.Is, K.Become, K.Cannot, K.Can);

const actionOf = (x: ActionSyn): Action => x.action;

/** Does a word end in "mon" (any case): a Digimon name rather than a type? */
function endsWithMon(w: string): boolean {
  const n = w.length;
  return n >= 3 && (w.charCodeAt(n - 3) | 32) === 0x6d && (w.charCodeAt(n - 2) | 32) === 0x6f && (w.charCodeAt(n - 1) | 32) === 0x6e;
}

/** The card-text parser. One instance is reused for every card (chevrotain's recommended use). */
export class CardTextParser extends FastParser {
  /** Refs collected while reading; rules slice their own part by a start mark. */
  private refs: Ref[] = [];
  /** The player last named in the sentence, for pronouns ("his Hand"). */
  private lastPlayer: PlayerRef = "opponent";
  /** The player a subject-first sentence names ("Opponent discards 2"): verbs default to it. */
  private subjectPlayer: PlayerRef | null = null;
  /** The attack a subject-first sentence names ("Own Triangle gets Jamming"): a gained ability goes there. */
  private subjectAttack: AttackSlot | null = null;
  /** The previous action of the chain being read ("… discards 2 from deck and 1 from hand"). */
  private prevAction: ActionSyn | null = null;

  // ─── frames ─────────────────────────────────────────────────────────────
  //
  // The alternatives and repetition bodies of the rules are built once (fields next to each
  // rule) and capture nothing but the parser, so what a rule's activation must
  // share with them lives here: a rule sets its frame field on entry, keeping the previous
  // value in a local, and puts it back on exit, so nested and recursive activations each
  // see their own. A parse that fails leaves them set: `reset()` clears them, and the one
  // BACKTRACK (isTimingLabel) saves and restores them around its try.

  /** The segment being read (its node: cost markers and condition are filled in as read). */
  private seg: SegmentSyn = NONE;
  /** The Turbo effect being read. */
  private turboNode: Omit<TurboEffect, "text"> = NONE;
  /** The player of the "When" event being read. */
  private eventPlayer: PlayerRef = "own";
  /** "and"/"or" of the condition being read (the last connective wins). */
  private condOp: "and" | "or" = "and";
  /** The stat phrase the alternatives being read talk about (a condition's or a sentence's subject, the stat of "Lower"/"Change"). */
  private subj: StatPhrase = NO_SUBJECT;
  /** "is not": the predicate being read is negated. */
  private negated = false;
  /** "uses same …": the condition being read said "same". */
  private sawSame = false;
  /**
   * The stat phrase being read is what a quantity is compared with ("less than opponent's
   * trash", "the same as own deck"): there a zone word after the player is the zone counted,
   * never a verb ({@link propAhead}).
   */
  private zoneObject = false;
  /** The stat phrase being read. */
  private sp: StatPhrase = NO_SUBJECT;
  /** The card phrase being read. */
  private cp: CardPhrase = NONE;
  /** The card filter being read. */
  private cf: FilterPhrase = NONE;
  /** The downgrade being read. */
  private dg: DowngradePhrase = NONE;
  /** The prohibition being read. */
  private pr: ProhibitionPhrase = NONE;
  /** "or abnormal" in the use restriction being read. */
  private abnormal = false;
  /** "," or "or" between the DNA materials being read (any of them). */
  private anyOf = false;
  /** The DNA material being read. */
  private dnaNode: DnaMaterial = NONE;
  /** The first token and refs mark of the subject-first action being read (and of a "Draw"). */
  private actStart: IToken = END_TOKEN;
  private actMark = 0;

  constructor() {
    super(ALL_TOKENS);
    this.analyse();
  }

  /**
   * Forget everything a previous parse left behind. Chevrotain calls this whenever
   * `input` is set, so every parse starts from the same state and the same input always
   * gives the same tree, whatever was parsed before (and whether it failed half-way).
   * The type vocabulary ({@link typeWords}) is not parse state: each entry point of
   * `grammar/index.ts` sets it for its own call.
   */
  override reset(): void {
    super.reset();
    this.refs = [];
    this.lastPlayer = "opponent";
    this.subjectPlayer = null;
    this.subjectAttack = null;
    this.prevAction = null;
    this.seg = NONE;
    this.turboNode = NONE;
    this.eventPlayer = "own";
    this.condOp = "and";
    this.subj = NO_SUBJECT;
    this.negated = false;
    this.sawSame = false;
    this.zoneObject = false;
    this.sp = NO_SUBJECT;
    this.cp = NONE;
    this.cf = NONE;
    this.dg = NONE;
    this.pr = NONE;
    this.abnormal = false;
    this.anyOf = false;
    this.dnaNode = NONE;
    this.actStart = END_TOKEN;
    this.actMark = 0;
  }

  /** The frames, for {@link restoreFrames} (allocated only on the rare BACKTRACK path). */
  private saveFrames(): Frames {
    const { seg, turboNode, eventPlayer, condOp, subj, negated, sawSame, zoneObject, sp, cp, cf, dg, pr, abnormal, anyOf, dnaNode, actStart, actMark } = this;
    return { list: this.list, refs: this.refs.length, seg, turboNode, eventPlayer, condOp, subj, negated, sawSame, zoneObject, sp, cp, cf, dg, pr, abnormal, anyOf, dnaNode, actStart, actMark };
  }

  private restoreFrames(f: Frames): void {
    this.list = f.list;
    this.refs.length = f.refs;
    ({
      seg: this.seg,
      turboNode: this.turboNode,
      eventPlayer: this.eventPlayer,
      condOp: this.condOp,
      subj: this.subj,
      negated: this.negated,
      sawSame: this.sawSame,
      zoneObject: this.zoneObject,
      sp: this.sp,
      cp: this.cp,
      cf: this.cf,
      dg: this.dg,
      pr: this.pr,
      abnormal: this.abnormal,
      anyOf: this.anyOf,
      dnaNode: this.dnaNode,
      actStart: this.actStart,
      actMark: this.actMark,
    } = f);
  }

  // ─── helpers (for actions: never called while recording) ───────────────
  private act(start: IToken, mark: number, action: Action): ActionSyn {
    return { action, span: this.from(start), refs: this.refsSince(mark) };
  }
  /** The refs read since `mark` (a shared empty array when none: most actions have none). */
  private refsSince(mark: number): Ref[] {
    return mark === this.refs.length ? NO_REFS : this.refs.slice(mark);
  }
  private ref(r: Ref): void {
    this.refs.push(r);
  }
  private countRef(t: IToken): number {
    const v = numValue(t.image);
    this.ref({ kind: "count", value: v, span: this.tokSpan(t) });
    return v;
  }
  private amountRef(t: IToken): number {
    const v = numValue(t.image);
    this.ref({ kind: "amount", value: v, span: this.tokSpan(t) });
    return v;
  }
  private who(p: PlayerRef | null | undefined): PlayerRef {
    return p ?? this.subjectPlayer ?? "own";
  }

  // ─── shared repetition/option bodies ────────────────────────────────────
  // One token, optional: `this.OPTION(this.period)`. The number is the CONSUME index, which
  // must differ between two uses of a token in one rule.
  private readonly possessive = (): IToken => this.CONSUME(Possessive);
  private readonly possessive2 = (): IToken => this.CONSUME2(Possessive);
  private readonly period = (): IToken => this.CONSUME(Period);
  private readonly comma = (): IToken => this.CONSUME(Comma);
  private readonly comma3 = (): IToken => this.CONSUME3(Comma);
  private readonly a = (): IToken => this.CONSUME(K.A);
  private readonly the = (): IToken => this.CONSUME(K.The);
  private readonly the2 = (): IToken => this.CONSUME2(K.The);
  private readonly card = (): IToken => this.CONSUME(K.Card);
  private readonly card2 = (): IToken => this.CONSUME2(K.Card);
  private readonly same = (): IToken => this.CONSUME(K.Same);
  private readonly not = (): IToken => this.CONSUME(K.Not);
  private readonly to = (): IToken => this.CONSUME(K.To);
  private readonly of = (): IToken => this.CONSUME(K.Of);
  private readonly attack = (): IToken => this.CONSUME(K.Attack);
  private readonly effect = (): IToken => this.CONSUME(K.Effect);
  private readonly left = (): IToken => this.CONSUME(K.Left);
  private readonly zone = (): IToken => this.CONSUME(K.Zone);
  private readonly support = (): IToken => this.CONSUME(K.Support);
  private readonly num = (): IToken => this.CONSUME(Num);
  private readonly player0 = (): PlayerRef => this.SUBRULE(this.player);
  private readonly player2 = (): PlayerRef => this.SUBRULE2(this.player);

  // ─── text structure ─────────────────────────────────────────────────────

  /** One item of text or of a parenthesis, onto the list being read. */
  private readonly pushItem = (): void => {
    this.list.push(this.SUBRULE(this.item));
  };

  /**
   * Card text: a list of items. Like every start rule it runs with stack traces off
   * (`FastParser.onBeforeParse`).
   */
  public text = this.RULE("text", (): TextSyn => {
    const outerList = this.beginList();
    if (!this.RECORDING_PHASE) {
      this.refs = [];
      this.lastPlayer = "opponent";
    }
    this.MANY(this.pushItem);
    return { items: this.endList<ItemSyn>(outerList) };
  });

  private readonly itemAlts: OrMethodOpts<ItemSyn> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      { GATE: () => this.isTimingLabel(), ALT: () => this.SUBRULE(this.timingLabel) },
      { ALT: () => this.SUBRULE(this.paren) },
      { ALT: () => this.SUBRULE(this.turbo) },
      { ALT: () => this.SUBRULE(this.reminder) },
      { ALT: () => this.SUBRULE(this.sentence) },
    ],
  };

  private item = this.RULE("item", (): ItemSyn => {
    if (!this.RECORDING_PHASE) {
      this.lastPlayer = "opponent";
      this.subjectPlayer = null;
      this.subjectAttack = null;
    }
    return this.OR(this.itemAlts);
  });

  private isTimingLabel(): boolean {
    // Cheap first-token test before backtracking: a failed BACKTRACK is expensive in
    // chevrotain (it builds an error message), and most sentences start with a verb.
    const t = this.LA(1);
    if (!(this.isTimingWord(t, 1) || (t.tokenType === LBracket && this.LA(2).tokenType === K.Attach) || (t.tokenType === K.When && this.LA(2).tokenType !== K.Own))) return false;
    // A phase name starts a timing only as "<phase> Phase" ("Battle is still lost." is a sentence).
    if (PHASE_NAMES[t.tokenTypeIdx] === 1 && this.LA(2).tokenType !== K.Phase) return false;
    // A failed try leaves what it pushed and the frames it set: put them back.
    const frames = this.saveFrames();
    const ok = this.tryTimingLabel.call(this);
    this.restoreFrames(frames);
    return ok;
  }

  private readonly moreTimings = this.gated<void>(
    "timingLabel MANY",
    () => this.LA(1).tokenType === Comma && this.isTimingWord(this.LA(2)),
    () => {
      this.CONSUME(Comma);
      this.list.push(this.SUBRULE2(this.timingAtom));
    },
  );

  private readonly timingEndAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME2(Colon) },
    { ALT: () => this.CONSUME2(Comma) },
    { GATE: () => this.LA(0).tokenType === RBracket, ALT: () => undefined },
  ];

  /** "Passive, Support Phase:", "At End,", "[Attached]", "While attached,". */
  public timingLabel = this.RULE("timingLabel", (): TimingSyn => {
    const mark = this.refs.length;
    const outerList = this.beginList();
    const start = this.LA(1);
    this.list.push(this.SUBRULE(this.timingAtom));
    this.MANY(this.moreTimings);
    this.OR2(this.timingEndAlts);
    const timings = this.endList<Timing>(outerList);
    return this.RECORDING_PHASE ? NOTHING : { kind: "timing", timings, span: this.from(start), refs: this.refs.slice(mark) };
  });

  /** {@link timingLabel} tried without consuming (built once). */
  private readonly tryTimingLabel: () => boolean = this.BACKTRACK(this.timingLabel);

  /** Does a timing atom start at LA(i)? Words that are also verbs need a "Phase" or a colon after them. */
  private isTimingWord(t: IToken, i = 2): boolean {
    if (TIMING_WORDS[t.tokenTypeIdx] === 1) return true;
    const next = this.LA(i + 1).tokenType;
    if (t.tokenType === K.Support || t.tokenType === K.Evolve || t.tokenType === K.Draw) return next === K.Phase || next === Colon || next === Comma;
    if (t.tokenType === K.Own || t.tokenType === K.Opponent) return this.LA(i + 2).tokenType === K.Phase || this.LA(i + 3).tokenType === K.Phase;
    return false;
  }

  private readonly phaseWordAlts: IOrAlt<PhaseName>[] = [
    { ALT: () => (this.CONSUME(K.Prep), "prep") },
    { ALT: () => (this.CONSUME(K.Draw), "prep") },
    { ALT: () => (this.CONSUME(K.Evolve), "evolve") },
    { ALT: () => (this.CONSUME(K.Strategy), "strategy") },
    { ALT: () => (this.CONSUME(K.Support), "support") },
    { ALT: () => (this.CONSUME(K.Battle), "battle") },
    { ALT: () => (this.CONSUME(K.End), "end") },
  ];

  private phaseWord = this.RULE("phaseWord", (): PhaseName => this.OR(this.phaseWordAlts));

  private readonly phaseOwnerAlts: IOrAlt<"own" | "opponent">[] = [{ ALT: () => (this.CONSUME(K.Own), "own") }, { ALT: () => (this.CONSUME(K.Opponent), this.OPTION(this.possessive), "opponent") }];
  private readonly supportOrEvolveAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME2(K.Support) }, { ALT: () => this.CONSUME2(K.Evolve) }];
  private readonly zoneOrStackAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Zone) }, { ALT: () => this.CONSUME(K.Stack) }];
  private readonly accessWhatAlts: IOrAlt<IToken>[] = [
    {
      ALT: () => {
        this.CONSUME2(LBracket);
        const x = this.CONSUME(AnyWord);
        this.CONSUME2(RBracket);
        return x;
      },
    },
    { ALT: () => this.CONSUME2(AnyWord) },
  ];
  private readonly phase2 = (): IToken => this.CONSUME2(K.Phase);
  private readonly support3 = (): IToken => this.CONSUME3(K.Support);
  private readonly byDp = (): true => {
    this.CONSUME(K.By);
    this.CONSUME(K.DP);
    return true;
  };

  private readonly timingAtomAlts: OrMethodOpts<Timing> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        // Own Prep Phase / Opponent's Battle Phase
        ALT: () => {
          const p = this.OR2(this.phaseOwnerAlts);
          const ph = this.SUBRULE(this.phaseWord);
          this.CONSUME(K.Phase);
          return this.RECORDING_PHASE ? NOTHING : { kind: "phase", phase: ph, whose: p };
        },
      },
      {
        // SUPPORT / Support / Support Phase; EVOLVE / Evolve Phase / Evolution Phase
        ALT: () => {
          const t = this.OR3(this.supportOrEvolveAlts);
          const ph = this.OPTION5(this.phase2);
          if (this.RECORDING_PHASE) return NOTHING;
          const upper = t.image === t.image.toUpperCase() && !ph;
          const card = t.tokenType === K.Support ? "SUPPORT" : "EVOLVE";
          if (upper) return { kind: "card", timing: card };
          return { kind: "phase", phase: card === "SUPPORT" ? "support" : "evolve", whose: "any" };
        },
      },
      {
        ALT: () => {
          const ph = this.SUBRULE2(this.phaseWord);
          this.CONSUME3(K.Phase);
          return this.RECORDING_PHASE ? NOTHING : { kind: "phase", phase: ph, whose: "any" };
        },
      },
      { ALT: () => (this.CONSUME(K.At), this.CONSUME(K.End), { kind: "phase", phase: "end", whose: "any" }) },
      {
        ALT: () => {
          const t = this.CONSUME(K.Passive);
          return this.RECORDING_PHASE ? NOTHING : t.image === "PASSIVE" ? { kind: "card", timing: "PASSIVE" } : { kind: "passive" };
        },
      },
      { ALT: () => (this.CONSUME(K.Activate), { kind: "card", timing: "ACTIVATE" }) },
      { ALT: () => (this.CONSUME(K.Effect), { kind: "card", timing: "EFFECT" }) },
      { ALT: () => (this.CONSUME(K.Data), this.CONSUME(K.Break), { kind: "dataBreak" }) },
      { ALT: () => (this.CONSUME2(K.Data), { kind: "card", timing: "DATA" }) },
      { ALT: () => (this.CONSUME(K.While), this.CONSUME(K.Attach), { kind: "whileAttached" }) },
      { ALT: () => (this.CONSUME(LBracket), this.CONSUME2(K.Attach), this.CONSUME(RBracket), { kind: "whileAttached" }) },
      { ALT: () => (this.CONSUME(K.Active), this.OR4(this.zoneOrStackAlts), { kind: "activeZone" }) },
      {
        ALT: () => {
          this.CONSUME(K.Any);
          const sup = this.OPTION4(this.support3);
          this.CONSUME4(K.Phase);
          return this.RECORDING_PHASE ? NOTHING : sup ? { kind: "anySupportPhase" } : { kind: "anyPhase" };
        },
      },
      { ALT: () => (this.CONSUME(K.Either), this.CONSUME4(K.Support), this.CONSUME5(K.Phase), { kind: "eitherSupportPhase" }) },
      {
        GATE: () => this.LA(2).tokenType === K.Evolve,
        ALT: () => {
          this.CONSUME(K.When);
          this.CONSUME4(K.Evolve);
          const byDp = this.OPTION3(this.byDp);
          return this.RECORDING_PHASE ? NOTHING : { kind: "whenEvolving", byDp: byDp === true };
        },
      },
      { ALT: () => (this.CONSUME(K.After), this.CONSUME3(K.Evolve), { kind: "afterEvolving" }) },
      {
        ALT: () => {
          this.CONSUME2(K.When);
          const ev = this.SUBRULE(this.gameEvent);
          return this.RECORDING_PHASE ? NOTHING : { kind: "when", event: ev };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Access);
          const w = this.OR5(this.accessWhatAlts);
          if (this.RECORDING_PHASE) return NOTHING;
          this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
          return { kind: "access", what: w.image };
        },
      },
    ],
  };

  private timingAtom = this.RULE("timingAtom", (): Timing => this.OR(this.timingAtomAlts));

  private readonly powerChangeAlts: IOrAlt<"boosted" | "doubled" | "any">[] = [
    { ALT: () => (this.CONSUME(K.Boost), "boosted") },
    { ALT: () => (this.CONSUME(K.Double), "doubled") },
    { ALT: () => (this.CONSUME(K.Change), "any") },
  ];
  private readonly playWhatAlts: IOrAlt<"anyPhase" | "option" | "digimon" | "support">[] = [
    { ALT: () => (this.CONSUME(K.Any), this.CONSUME(K.Phase), "anyPhase") },
    { ALT: () => (this.CONSUME(K.Option), "option") },
    { ALT: () => (this.CONSUME(K.Digimon), this.OPTION3(this.support), "digimon") },
    { ALT: () => (this.CONSUME2(K.Support), "support") },
  ];

  /** The event after "When": its player is {@link eventPlayer}. */
  private readonly gameEventAlts: IOrAlt<GameEvent>[] = [
    { ALT: () => (this.CONSUME(K.Discard), this.RECORDING_PHASE ? NOTHING : { kind: "discards", player: this.eventPlayer }) },
    { ALT: () => (this.CONSUME(K.Draw), this.RECORDING_PHASE ? NOTHING : { kind: "draws", player: this.eventPlayer }) },
    {
      ALT: () => {
        this.CONSUME(K.Power);
        this.CONSUME(K.Is);
        const change = this.OR2(this.powerChangeAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "powerChanged", player: this.eventPlayer, change };
      },
    },
    { ALT: () => (this.CONSUME(K.HP), this.CONSUME2(K.Is), this.CONSUME(K.Lower), this.RECORDING_PHASE ? NOTHING : { kind: "hpLowered", player: this.eventPlayer }) },
    { ALT: () => (this.CONSUME3(K.Is), this.CONSUME(K.KO), this.RECORDING_PHASE ? NOTHING : { kind: "ko", player: this.eventPlayer }) },
    {
      ALT: () => {
        this.CONSUME(K.Use);
        this.OPTION2(this.a);
        const w = this.OR3(this.playWhatAlts);
        this.OPTION4(this.card2);
        return this.RECORDING_PHASE ? NOTHING : { kind: "plays", player: this.eventPlayer, what: w };
      },
    },
  ];

  /** "opponent discards", "opponent's Power is boosted", "own HP is lowered". */
  private gameEvent = this.RULE("gameEvent", (): GameEvent => {
    const outer = this.eventPlayer;
    this.eventPlayer = this.SUBRULE(this.player);
    this.OPTION(this.possessive);
    const e = this.OR(this.gameEventAlts);
    this.eventPlayer = outer;
    return e;
  });

  /** Parenthesised text. */
  private paren = this.RULE("paren", (): ParenSyn => {
    const outerList = this.beginList();
    const start = this.CONSUME(LParen);
    this.MANY(this.pushItem);
    this.CONSUME(RParen);
    this.OPTION(this.period);
    const items = this.endList<ItemSyn>(outerList);
    return this.RECORDING_PHASE ? NOTHING : { kind: "paren", items, span: this.from(start) };
  });

  /** "Battle is still lost." — DMB/PlayStation reminder that a revived Digimon still loses. */
  private reminder = this.RULE("reminder", (): ReminderSyn => {
    const start = this.CONSUME(K.Battle);
    this.CONSUME(K.Is);
    this.CONSUME(K.Still);
    this.CONSUME(K.Lost);
    this.OPTION(this.period);
    return this.RECORDING_PHASE ? NOTHING : { kind: "reminder", span: this.from(start) };
  });

  private readonly turboPhaseAlts: IOrAlt<"support" | "evolve">[] = [{ ALT: () => (this.CONSUME(K.Support), "support") }, { ALT: () => (this.CONSUME(K.Evolve), "evolve") }];
  private readonly turboPhase = (): "support" | "evolve" => this.OR(this.turboPhaseAlts);

  /** The three Turbo forms, filling in {@link turboNode}. */
  private readonly turboFormAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(Colon);
        const a = this.SUBRULE(this.action);
        if (!this.RECORDING_PHASE) this.turboNode.cost = a.action;
      },
    },
    {
      ALT: () => {
        this.CONSUME(Comma);
        this.CONSUME(K.If);
        const c = this.SUBRULE(this.condExpr);
        if (!this.RECORDING_PHASE) this.turboNode.condition = c.cond;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.And);
        const c = this.SUBRULE(this.chain);
        if (!this.RECORDING_PHASE) this.turboNode.risk = c.map(actionOf);
      },
    },
  ];

  /** Turbo forms 1–3 (Glossary "Turbo"). */
  private turbo = this.RULE("turbo", (): TurboSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Turbo);
    const phase = this.OPTION(this.turboPhase);
    const outer = this.turboNode;
    const t: Omit<TurboEffect, "text"> = { kind: "turbo", phase: "any", cost: null, condition: null, risk: [] };
    this.turboNode = t;
    this.OR2(this.turboFormAlts);
    this.turboNode = outer;
    this.SUBRULE(this.fullStop);
    if (this.RECORDING_PHASE) return NOTHING;
    t.phase = phase ?? "any";
    return { kind: "turbo", turbo: t, span: this.from(start), refs: this.refs.slice(mark) };
  });

  private readonly ifNotAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(K.If);
        this.CONSUME(K.Not);
      },
    },
    { ALT: () => void this.CONSUME(K.Otherwise) },
  ];

  /** "If not," / "Otherwise," starting a sentence: its range. */
  private readonly ifNotStart = this.gated<Span>(
    "sentence OPTION",
    () => (this.LA(1).tokenType === K.If && this.LA(2).tokenType === K.Not) || this.LA(1).tokenType === K.Otherwise,
    () => {
      const s = this.LA(1);
      this.OR(this.ifNotAlts);
      this.OPTION2(this.comma);
      return this.RECORDING_PHASE ? NOTHING : this.from(s);
    },
  );
  private readonly moreSegments = (): void => {
    this.CONSUME(Colon);
    this.list.push(this.SUBRULE2(this.segment));
  };
  private readonly trailingParen = (): ParenSyn => this.SUBRULE(this.paren);

  /** An effect sentence: segments separated by colons, optional trailing parenthetical, full stop. */
  private sentence = this.RULE("sentence", (): EffectSyn => {
    const start = this.LA(1);
    const ifNot = this.OPTION(this.ifNotStart);
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.segment));
    this.MANY(this.moreSegments);
    const segments = this.endList<SegmentSyn>(outerList);
    const trailing = this.OPTION3(this.trailingParen);
    const stopMark = this.refs.length;
    this.SUBRULE(this.fullStop);
    return this.RECORDING_PHASE ? NOTHING : { kind: "effect", segments, ifNot: ifNot ?? null, trailing: trailing ?? null, span: this.from(start), refs: this.refs.slice(stopMark) };
  });

  /** A sentence ends at a full stop; only the last sentence (or one closing a parenthesis) may omit it. */
  private fullStop = this.RULE("fullStop", () => {
    const stop = this.OPTION(this.period);
    if (this.RECORDING_PHASE) return;
    const next = this.LA(1);
    if (!stop && next.tokenType !== EOF && next.tokenType !== RParen) {
      const prev = this.LA(0);
      const at = prev.startOffset + prev.image.length;
      this.ref({
        kind: "invalid",
        code: "missing-full-stop",
        message: `a sentence ends with a full stop: put "." before "${next.image}" (Anatomy of Cards item 14: one sentence is one effect)`,
        span: { start: at, end: next.startOffset + next.image.length },
      });
    }
  });

  /** The cost markers "Must" and "[1/Turn]", in either order, onto {@link seg}. */
  private readonly costMarkerAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const t = this.CONSUME(K.Must);
        if (!this.RECORDING_PHASE) this.seg.must = this.tokSpan(t);
      },
    },
    {
      ALT: () => {
        const s = this.CONSUME(LBracket);
        this.CONSUME(Num);
        this.CONSUME(Slash);
        this.CONSUME(K.Turn);
        this.CONSUME(RBracket);
        if (!this.RECORDING_PHASE) this.seg.oncePerTurn = this.from(s);
      },
    },
  ];
  private readonly costMarkers = this.gated<void>(
    "segment MANY9",
    () => this.LA(1).tokenType === K.Must || (this.LA(1).tokenType === LBracket && this.LA(2).tokenType === Num),
    () => this.OR7(this.costMarkerAlts),
  );
  private readonly chainOrNothingAlts: IOrAlt<ActionSyn[]>[] = [{ ALT: () => this.SUBRULE(this.chain) }, { ALT: () => [] }];

  // "If …, <chain>" or a plain chain: an LL(1) choice on "If". A bare condition right
  // before a colon ("If own HP is 10: …") is read so the checker can say a condition
  // cannot stand as a cost.
  private readonly segmentBodyAlts: IOrAlt<ActionSyn[]>[] = [
    {
      ALT: () => {
        const c = this.SUBRULE(this.ifClause);
        this.OPTION4(this.comma);
        if (!this.RECORDING_PHASE) this.seg.cond = c;
        return this.OR9(this.chainOrNothingAlts);
      },
    },
    { ALT: () => this.SUBRULE2(this.chain) },
  ];
  private readonly elseSepAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME2(Comma) }, { ALT: () => this.CONSUME(Semicolon) }];
  private readonly elseWordAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME2(K.If);
        this.CONSUME(K.Not);
      },
    },
    { ALT: () => void this.CONSUME(K.Otherwise) },
  ];
  private readonly otherwiseClause = this.gated<{ span: Span; actions: ActionSyn[] }>(
    "segment OPTION5",
    () => this.isElseAhead(),
    () => {
      const s = this.LA(1);
      this.OR(this.elseSepAlts);
      this.OR2(this.elseWordAlts);
      this.OPTION6(this.comma3);
      const acts = this.SUBRULE3(this.chain);
      return this.RECORDING_PHASE ? NOTHING : { span: this.from(s), actions: acts };
    },
  );

  private segment = this.RULE("segment", (): SegmentSyn => {
    const start = this.LA(1);
    // The node is the frame: the cost markers and the condition are filled in as they are read.
    const outer = this.seg;
    const seg: SegmentSyn = (this.seg = { span: NO_SPAN, must: null, oncePerTurn: null, cond: null, actions: NO_ACTIONS, otherwise: null });
    this.MANY9(this.costMarkers);
    seg.actions = this.OR3(this.segmentBodyAlts);
    seg.otherwise = this.OPTION5(this.otherwiseClause) ?? null;
    this.seg = outer;
    if (this.RECORDING_PHASE) return NOTHING;
    seg.span = this.from(start);
    return seg;
  });

  private isElseAhead(): boolean {
    const t1 = this.LA(1).tokenType;
    if (t1 !== Comma && t1 !== Semicolon) return false;
    const t2 = this.LA(2).tokenType;
    return (t2 === K.If && this.LA(3).tokenType === K.Not) || t2 === K.Otherwise;
  }

  /** "If <condition>": the range includes the "If". */
  private ifClause = this.RULE("ifClause", (): CondSyn => {
    const start = this.CONSUME(K.If);
    const c = this.SUBRULE(this.condExpr);
    return this.RECORDING_PHASE ? NOTHING : { ...c, span: this.from(start) };
  });

  private readonly thenOrAndAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Then) }, { ALT: () => this.CONSUME(K.And) }];
  private readonly thenOrAnd = (): IToken => this.OR2(this.thenOrAndAlts);
  private readonly then2 = (): IToken => this.CONSUME2(K.Then);
  private readonly connectorAlts: IOrAlt<unknown>[] = [
    { ALT: () => (this.CONSUME(Comma), this.OPTION(this.thenOrAnd)) },
    { ALT: () => (this.CONSUME2(K.And), this.OPTION2(this.then2)) },
    { ALT: () => this.CONSUME3(K.Then) },
    { ALT: () => this.CONSUME(Amp) },
  ];
  private readonly moreActions = this.gated<void>(
    "chain MANY",
    () => !this.isElseAhead() && this.isConnectorAhead(),
    () => {
      this.OR(this.connectorAlts);
      const b = this.SUBRULE2(this.action);
      this.list.push(b);
      if (!this.RECORDING_PHASE) this.prevAction = b;
    },
  );

  /** Actions joined by "and", "then", "&" or commas. */
  private chain = this.RULE("chain", (): ActionSyn[] => {
    const outerList = this.beginList();
    if (!this.RECORDING_PHASE) this.prevAction = null;
    const a = this.SUBRULE(this.action);
    this.list.push(a);
    if (!this.RECORDING_PHASE) this.prevAction = a;
    this.MANY(this.moreActions);
    return this.endList<ActionSyn>(outerList);
  });

  private isConnectorAhead(): boolean {
    const t = this.LA(1).tokenType;
    if (t === Comma) {
      // ", if …" after an action is not a connector.
      return this.LA(2).tokenType !== K.If;
    }
    return t === K.And || t === K.Then || t === Amp;
  }

  // ─── conditions ─────────────────────────────────────────────────────────

  private readonly condOpAlts: IOrAlt<"and" | "or">[] = [{ ALT: () => (this.CONSUME(K.And), "and") }, { ALT: () => (this.CONSUME(K.Or), "or") }];
  private readonly moreCondTerms = (): void => {
    const op = this.OR(this.condOpAlts);
    if (!this.RECORDING_PHASE) this.condOp = op;
    this.list.push(this.SUBRULE2(this.condTerm));
  };

  private condExpr = this.RULE("condExpr", (): CondSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const outerList = this.beginList();
    const outer = this.condOp;
    this.condOp = "and";
    this.list.push(this.SUBRULE(this.condTerm));
    this.MANY(this.moreCondTerms);
    const op = this.condOp;
    this.condOp = outer;
    const parts = this.endList<Condition>(outerList);
    if (this.RECORDING_PHASE) return NOTHING;
    const cond: Condition = parts.length === 1 ? parts[0]! : op === "and" ? { kind: "and", all: parts } : { kind: "or", any: parts };
    return { cond, span: this.from(start), refs: this.refsSince(mark) };
  });

  private readonly orMoreLess0 = (): CompareOp => this.SUBRULE(this.orMoreLess);

  private readonly condTermAlts: OrMethodOpts<Condition> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      { ALT: () => (this.CONSUME(K.Able), { kind: "able" }) },
      {
        // "opponent has more than 2 cards in DP"
        GATE: () => this.LA(2).tokenType === K.Has || this.LA(3).tokenType === K.Has,
        ALT: () => {
          const p = this.SUBRULE(this.player);
          this.CONSUME(K.Has);
          const cmp = this.SUBRULE(this.comparator);
          const n = this.CONSUME(Num);
          const tail = this.OPTION(this.orMoreLess0);
          const cp = this.SUBRULE(this.cardPhrase);
          return this.RECORDING_PHASE
            ? NOTHING
            : { kind: "compare", left: { kind: "count", player: p, what: countable(cp.zone), per: 1 }, op: tail ?? cmp ?? "=", right: { kind: "const", value: this.countRef(n) } };
        },
      },
      {
        // "1 or less Cards left in own Hand"
        ALT: () => {
          const n = this.CONSUME2(Num);
          const op = this.SUBRULE2(this.orMoreLess);
          const cp = this.SUBRULE2(this.cardPhrase);
          return this.RECORDING_PHASE
            ? NOTHING
            : { kind: "compare", left: { kind: "count", player: cp.player ?? "own", what: countable(cp.zone), per: 1 }, op, right: { kind: "const", value: this.countRef(n) } };
        },
      },
      {
        ALT: () => {
          const subj = this.SUBRULE(this.statPhrase);
          const outer = this.subj;
          this.subj = subj;
          const c = this.SUBRULE(this.condPredicate);
          this.subj = outer;
          return c;
        },
      },
    ],
  };

  private condTerm = this.RULE("condTerm", (): Condition => this.OR(this.condTermAlts));

  private readonly orMoreLessAlts: IOrAlt<CompareOp>[] = [
    { ALT: () => (this.CONSUME(K.More), ">=") },
    { ALT: () => (this.CONSUME(K.Less), "<=") },
    { ALT: () => (this.CONSUME(K.Higher), ">=") },
    { ALT: () => (this.CONSUME(K.Lower), "<=") },
  ];

  private orMoreLess = this.RULE("orMoreLess", (): CompareOp => {
    this.CONSUME(K.Or);
    return this.OR(this.orMoreLessAlts);
  });

  private readonly comparatorAlts: IOrAlt<CompareOp | null>[] = [
    { ALT: () => (this.CONSUME(K.Less), this.SUBRULE(this.than), "<") },
    { ALT: () => (this.CONSUME(K.Lower), this.SUBRULE2(this.than), "<") },
    { ALT: () => (this.CONSUME(K.More), this.SUBRULE3(this.than), ">") },
    { ALT: () => (this.CONSUME(K.Higher), this.SUBRULE4(this.than), ">") },
    { ALT: () => (this.CONSUME(K.Below), "<") },
    { ALT: () => (this.CONSUME(K.Above), ">") },
    { ALT: () => (this.CONSUME(K.At), this.CONSUME(K.Least), ">=") },
    { ALT: () => (this.CONSUME(K.Equal), this.OPTION(this.to), "=") },
    { ALT: () => (this.RECORDING_PHASE ? NOTHING : null) },
  ];

  /** "less than", "more than", "lower than/then", "at least", "below", "above"; optional. */
  private comparator = this.RULE("comparator", (): CompareOp | null => this.OR(this.comparatorAlts));

  private readonly thanAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Than) }, { ALT: () => this.CONSUME(K.Then) }];

  private than = this.RULE("than", () => {
    this.OR(this.thanAlts);
  });

  /** After "uses same": the same attack; after "uses": the attacks named. The "same" is {@link sawSame}. */
  private readonly usedAttackAlts: IOrAlt<Condition>[] = [
    {
      GATE: () => this.sawSame,
      ALT: () => (this.OPTION2(this.attack), { kind: "same", what: "attack", negate: false }),
    },
    {
      ALT: () => {
        const as = this.SUBRULE(this.attackList);
        return this.RECORDING_PHASE ? NOTHING : { kind: "attackIs", player: this.subj.player ?? "own", attacks: as, negate: false };
      },
    },
  ];
  private readonly plusAlts: IOrAlt<CompareOp>[] = [{ ALT: () => this.SUBRULE(this.orMoreLess) }, { ALT: () => (this.CONSUME(Plus), ">=") }];

  /** What is said of the subject {@link subj} of a condition. */
  private readonly condPredicateAlts: OrMethodOpts<Condition> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      {
        // uses/used [same] Circle
        ALT: () => {
          this.CONSUME(K.Use);
          const same = this.OPTION(this.same);
          const outer = this.sawSame;
          this.sawSame = !!same;
          const c = this.OR2(this.usedAttackAlts);
          this.sawSame = outer;
          return c;
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Is);
          const neg = this.OPTION3(this.not);
          const outer = this.negated;
          this.negated = !!neg;
          const c = this.SUBRULE(this.isPredicate);
          this.negated = outer;
          return c;
        },
      },
      {
        // "opponent's trash has 10 or more cards"
        ALT: () => {
          this.CONSUME(K.Has);
          const cmp = this.SUBRULE(this.comparator);
          const n = this.CONSUME3(Num);
          const tail = this.OPTION4(this.orMoreLess2);
          this.OPTION5(this.card);
          const subj = this.subj;
          return this.RECORDING_PHASE ? NOTHING : { kind: "compare", left: this.quantityOf(subj), op: tail ?? cmp ?? "=", right: { kind: "const", value: this.quantityRef(subj, n) } };
        },
      },
      {
        // "own Cards in Hand 3 or more", "opponent's HP 1000+"
        ALT: () => {
          const n = this.CONSUME(Num);
          const op = this.OR3(this.plusAlts);
          const subj = this.subj;
          return this.RECORDING_PHASE ? NOTHING : { kind: "compare", left: this.quantityOf(subj), op, right: { kind: "const", value: this.quantityRef(subj, n) } };
        },
      },
    ],
  };
  private readonly orMoreLess2 = (): CompareOp => this.SUBRULE2(this.orMoreLess);

  /** What is said of a condition's subject; the subject is {@link subj}. */
  private condPredicate = this.RULE("condPredicate", (): Condition => this.OR(this.condPredicateAlts));

  private quantityOf(s: StatPhrase): Amount {
    const player = s.player ?? "own";
    if (s.prop === "hand" || s.prop === "dp" || s.prop === "deck" || s.prop === "trash" || s.prop === "darkArea" || s.prop === "attachments") {
      return { kind: "count", player, what: s.prop, per: 1 };
    }
    if (s.prop === "plusP") return { kind: "stat", player, stat: "plusP", attack: null, per: 1 };
    if (s.prop === "level") return { kind: "stat", player, stat: "level", attack: null, per: 1 };
    if (s.prop === "power") return { kind: "stat", player, stat: "power", attack: s.attack === "all" ? null : s.attack, per: 1 };
    return { kind: "stat", player, stat: "hp", attack: null, per: 1 };
  }

  private quantityRef(s: StatPhrase, n: IToken): number {
    return s.prop === "hand" || s.prop === "dp" || s.prop === "deck" || s.prop === "trash" || s.prop === "darkArea" || s.prop === "attachments" ? this.countRef(n) : this.amountRef(n);
  }

  private readonly lowerOrHigherAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Lower) }, { ALT: () => this.CONSUME(K.Higher) }];
  private readonly orMoreLessOrPlus = (): CompareOp => this.OR3(this.plusAlts);

  /** After "is"/"are" [not] ({@link negated}): same/different, comparisons, values of {@link subj}. */
  private readonly isPredicateAlts: OrMethodOpts<Condition> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      {
        GATE: () => this.LA(1).tokenType === K.Same || (this.LA(1).tokenType === K.The && this.LA(2).tokenType === K.Same),
        ALT: () => {
          this.OPTION(this.the);
          this.CONSUME(K.Same);
          return this.RECORDING_PHASE ? NOTHING : { kind: "same", what: this.sameWhat(this.subj), negate: this.negated };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Different);
          return this.RECORDING_PHASE ? NOTHING : { kind: "same", what: this.sameWhat(this.subj), negate: !this.negated };
        },
      },
      {
        // "lower", "higher" with no object: compare with the opponent's
        GATE: () => {
          const t2 = this.LA(2).tokenType;
          return t2 !== K.Than && t2 !== K.Then;
        },
        ALT: () => {
          const t = this.OR2(this.lowerOrHigherAlts);
          if (this.RECORDING_PHASE) return NOTHING;
          const subj = this.subj;
          const neg = this.negated;
          const left = this.quantityOf(subj);
          const other = subj.player === "opponent" ? "own" : "opponent";
          const right = { ...this.quantityOf({ ...subj, player: other }) } as Amount;
          return { kind: "compare", left, op: t.tokenType === K.Lower ? (neg ? ">=" : "<") : neg ? "<=" : ">", right };
        },
      },
      {
        GATE: () => COMPARATOR_WORDS[this.LA(1).tokenTypeIdx] === 1,
        ALT: () => {
          const op = this.SUBRULE(this.comparator);
          const rhs = this.SUBRULE(this.quantityValue);
          return this.RECORDING_PHASE ? NOTHING : { kind: "compare", left: this.quantityOf(this.subj), op: negateOp(op ?? "=", this.negated), right: rhs };
        },
      },
      {
        ALT: () => {
          const n = this.CONSUME(Num);
          const op = this.OPTION2(this.orMoreLessOrPlus);
          const subj = this.subj;
          return this.RECORDING_PHASE ? NOTHING : { kind: "compare", left: this.quantityOf(subj), op: negateOp(op ?? "=", this.negated), right: { kind: "const", value: this.quantityRef(subj, n) } };
        },
      },
      {
        ALT: () => {
          const vals = this.SUBRULE(this.valueList);
          return this.RECORDING_PHASE ? NOTHING : this.valueCondition(this.subj, vals, this.negated);
        },
      },
    ],
  };

  /** After "is"/"are" [not]: same/different, comparisons, values. Subject {@link subj}, negation {@link negated}. */
  private isPredicate = this.RULE("isPredicate", (): Condition => this.OR(this.isPredicateAlts));

  private sameWhat(s: StatPhrase): "attack" | "level" | "type" {
    return s.prop === "level" ? "level" : s.prop === "type" ? "type" : "attack";
  }

  private readonly quantityValueAlts: IOrAlt<Amount>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "const", value: this.quantityRef(this.subj, n) };
      },
    },
    {
      ALT: () => {
        const outer = this.zoneObject;
        this.zoneObject = true;
        const s = this.SUBRULE(this.statPhrase);
        this.zoneObject = outer;
        return this.RECORDING_PHASE ? NOTHING : this.quantityOf({ ...s, prop: s.prop ?? this.subj.prop, attack: s.attack ?? null });
      },
    },
  ];

  /** "opponent's HP", "own", "200", "opponent's": compared with {@link subj}. */
  private quantityValue = this.RULE("quantityValue", (): Amount => this.OR(this.quantityValueAlts));

  private readonly valueItemAlts: IOrAlt<ValueItem>[] = [
    {
      ALT: () => {
        const a = this.SUBRULE(this.attackWord);
        return this.RECORDING_PHASE ? NOTHING : { kind: "attack", text: a, span: this.tokSpan(this.LA(0)), attack: a };
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Level);
        const w = this.CONSUME(Word);
        return this.RECORDING_PHASE ? NOTHING : { kind: "level", text: w.image, span: this.tokSpan(w) };
      },
    },
    {
      ALT: () => {
        const w = this.CONSUME2(Word);
        return this.RECORDING_PHASE ? NOTHING : { kind: "word", text: w.image, span: this.tokSpan(w) };
      },
    },
    {
      ALT: () => {
        const w = this.CONSUME(Quoted);
        return this.RECORDING_PHASE ? NOTHING : { kind: "name", text: w.image, span: this.tokSpan(w) };
      },
    },
    {
      ALT: () => {
        const w = this.CONSUME(Partial);
        return this.RECORDING_PHASE ? NOTHING : { kind: "name", text: w.image, span: this.tokSpan(w) };
      },
    },
  ];

  /** Values after "is": "R", "Wind or Fire", "Level A", "Circle", a quoted name. */
  private valueItem = this.RULE("valueItem", (): ValueItem => this.OR(this.valueItemAlts));

  private readonly listSepAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Or) }, { ALT: () => this.CONSUME(Slash) }, { ALT: () => this.CONSUME(Comma) }];
  private readonly moreValues = this.gated<void>(
    "valueList MANY",
    () => VALUE_LIST_SEPARATORS[this.LA(1).tokenTypeIdx] === 1 && VALUE_LIST_ITEMS[this.LA(2).tokenTypeIdx] === 1,
    () => {
      this.OR2(this.listSepAlts);
      this.list.push(this.SUBRULE2(this.valueItem));
    },
  );

  /** Values after "is": "R", "Wind or Fire", "Level A", "Circle", a quoted name. */
  private valueList = this.RULE("valueList", (): ValueItem[] => {
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.valueItem));
    this.MANY(this.moreValues);
    return this.endList<ValueItem>(outerList);
  });

  private valueCondition(subj: StatPhrase, vals: ValueItem[], negate: boolean): Condition {
    const player = subj.player ?? "own";
    let attacks = 0;
    let levels = 0;
    let names = 0;
    for (const v of vals) {
      if (v.kind === "attack") attacks++;
      else if (v.kind === "level") levels++;
      else if (v.kind === "name") names++;
    }
    if (attacks === vals.length) {
      const out: AttackSlot[] = [];
      for (const v of vals) out.push(v.attack!);
      return { kind: "attackIs", player, attacks: out, negate };
    }
    if (subj.prop === "level" || levels === vals.length) {
      const out: Level[] = [];
      for (const v of vals) {
        this.ref({ kind: "level", word: v.text, span: v.span });
        out.push(lvl(v.text));
      }
      return { kind: "levelIs", player, levels: out, negate };
    }
    if (subj.prop === "name" || names > 0) {
      const v = vals[0]!;
      this.ref({ kind: "name", word: v.text, span: v.span });
      return { kind: "nameIs", player, name: namePattern(v.text), negate };
    }
    const types: string[] = [];
    for (const v of vals) {
      this.ref({ kind: "type", word: v.text, span: v.span });
      types.push(v.text);
    }
    return { kind: "typeIs", player, types, primary: subj.primary, negate };
  }

  // ─── noun phrases ───────────────────────────────────────────────────────

  private readonly bothOrEachAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Both) }, { ALT: () => this.CONSUME(K.Each) }];
  private readonly players = (): IToken => this.CONSUME(K.Players);
  private readonly playerAlts: IOrAlt<PlayerRef>[] = [
    { ALT: () => (this.CONSUME(K.Own), "own") },
    { ALT: () => (this.CONSUME(K.Opponent), "opponent") },
    { ALT: () => (this.CONSUME(OppSymbol), "opponent") },
    { ALT: () => (this.CONSUME(K.His), this.RECORDING_PHASE ? NOTHING : this.lastPlayer === "own" ? "opponent" : this.lastPlayer) },
    { ALT: () => (this.OR2(this.bothOrEachAlts), this.OPTION(this.players), "both") },
  ];

  public player = this.RULE("player", (): PlayerRef => {
    const p = this.OR(this.playerAlts);
    if (!this.RECORDING_PHASE && p !== "both") this.lastPlayer = p;
    return p;
  });

  /** A player with an optional possessive: "opponent's", "own". */
  private playerPoss = this.RULE("playerPoss", (): PlayerRef => {
    const p = this.SUBRULE(this.player);
    this.OPTION(this.possessive);
    return p;
  });

  private readonly attackWordAlts: IOrAlt<AttackSlot>[] = [
    { ALT: () => (this.CONSUME(K.Circle), "circle") },
    { ALT: () => (this.CONSUME(CircleIcon), "circle") },
    { ALT: () => (this.CONSUME(K.Triangle), "triangle") },
    { ALT: () => (this.CONSUME(TriangleIcon), "triangle") },
    { ALT: () => (this.CONSUME(K.Cross), "cross") },
    { ALT: () => (this.CONSUME(CrossIcon), "cross") },
  ];

  private attackWord = this.RULE("attackWord", (): AttackSlot => this.OR(this.attackWordAlts));

  private readonly orOrSlashAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Or) }, { ALT: () => this.CONSUME(Slash) }];
  // "used Cross or own HP is 10": only an attack word after "or" continues the list.
  private readonly moreAttacks = this.gated<void>(
    "attackList MANY",
    () => ATTACK_WORDS[this.LA(2).tokenTypeIdx] === 1,
    () => {
      this.OR(this.orOrSlashAlts);
      this.list.push(this.SUBRULE2(this.attackWord));
    },
  );

  private attackList = this.RULE("attackList", (): AttackSlot[] => {
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.attackWord));
    this.MANY(this.moreAttacks);
    return this.endList<AttackSlot>(outerList);
  });

  // The parts of a stat phrase, filling in the phrase being read ({@link sp}).
  private readonly spAll = (): void => {
    this.CONSUME(K.All);
    if (!this.RECORDING_PHASE) this.sp.attack = "all";
  };
  private readonly spAll2 = (): void => {
    this.CONSUME2(K.All);
    if (!this.RECORDING_PHASE) this.sp.attack = "all";
  };
  private readonly spPlayer = (): void => {
    const p = this.SUBRULE(this.player);
    this.OPTION4(this.possessive);
    if (!this.RECORDING_PHASE) this.sp.player = p;
  };
  private readonly spAttack = (): void => {
    const a = this.SUBRULE(this.attackWord);
    if (!this.RECORDING_PHASE) this.sp.attack = a;
  };
  private readonly spAttack2 = (): void => {
    const a = this.SUBRULE2(this.attackWord);
    if (!this.RECORDING_PHASE) this.sp.attack = a;
  };
  private readonly spProp = this.gated<void>(
    "statPhrase OPTION7",
    () => this.propAhead(),
    () => {
      const prop = this.SUBRULE(this.propWord);
      if (!this.RECORDING_PHASE) {
        this.sp.prop = prop.prop;
        this.sp.primary = prop.primary;
      }
    },
  );
  private readonly spProp2 = this.gated<void>(
    "subjectPhrase OPTION7",
    () => this.propAhead(),
    () => {
      const prop = this.SUBRULE2(this.propWord);
      if (!this.RECORDING_PHASE) {
        this.sp.prop = prop.prop;
        this.sp.primary = prop.primary;
      }
    },
  );

  /**
   * A stat or property phrase: "[all] [own|opponent's|both players'] [all] [Circle] Power|HP|
   * Attack|Level|type|DP|hand|Support|name", with at least the player or the property.
   */
  public statPhrase = this.RULE("statPhrase", (): StatPhrase => {
    const outer = this.sp;
    const r: StatPhrase = (this.sp = { player: null, attack: null, prop: null, primary: false });
    this.OPTION(this.spAll);
    this.OPTION2(this.the);
    this.OPTION3(this.spPlayer);
    this.OPTION5(this.spAll2);
    this.OPTION6(this.spAttack);
    this.OPTION7(this.spProp);
    this.sp = outer;
    return r;
  });

  /**
   * May a property word start here? Not "trash"/"deck" used as a verb or object ("Opponent
   * trashes 2"); a zone is a quantity as the subject of "is"/"has" ("own deck is 10 or less",
   * Glossary "Recycle X") and as what one is compared with ({@link zoneObject}: "own trash is
   * less than opponent's trash", FAQ "Conditionals").
   */
  private propAhead(): boolean {
    const t = this.LA(1).tokenType;
    return (t !== K.Trash && t !== K.Deck) || this.zoneObject || this.isZoneSubject();
  }

  /** Is the zone word at LA(1) the subject of "is"/"has" (a quantity), not a verb or object? */
  private isZoneSubject(): boolean {
    const n = this.LA(2).tokenType;
    return n === K.Is || n === K.Has;
  }

  private readonly spPlayerAfterAll = (): void => {
    const p = this.SUBRULE(this.player);
    this.OPTION2(this.possessive);
    if (!this.RECORDING_PHASE) this.sp.player = p;
  };
  private readonly spOfPlayer = (): void => {
    this.CONSUME(K.Of);
    const p = this.SUBRULE3(this.player);
    if (!this.RECORDING_PHASE) this.sp.player = p;
  };
  private readonly subjectStartAlts: OrMethodOpts<void> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        ALT: () => {
          this.CONSUME(K.All);
          if (!this.RECORDING_PHASE) this.sp.attack = "all";
          this.OPTION(this.spPlayerAfterAll);
        },
      },
      {
        ALT: () => {
          this.OPTION3(this.the);
          const p = this.SUBRULE2(this.player);
          this.OPTION4(this.possessive2);
          if (!this.RECORDING_PHASE) this.sp.player = p;
        },
      },
      { ALT: this.spAttack },
      {
        // "HP of both Players"
        ALT: () => {
          const pr = this.SUBRULE(this.statProp);
          if (!this.RECORDING_PHASE) {
            this.sp.prop = pr.prop;
            this.sp.primary = pr.primary;
          }
          this.OPTION8(this.spOfPlayer);
        },
      },
    ],
  };

  /** A statPhrase that is not empty (a sentence subject). */
  private subjectPhrase = this.RULE("subjectPhrase", (): StatPhrase => {
    const outer = this.sp;
    const r: StatPhrase = (this.sp = { player: null, attack: null, prop: null, primary: false });
    this.OR(this.subjectStartAlts);
    this.OPTION5(this.spAll2);
    this.OPTION6(this.spAttack2);
    this.OPTION7(this.spProp2);
    this.sp = outer;
    return r;
  });

  private readonly propWordAlts: IOrAlt<PropWord>[] = [{ ALT: () => this.SUBRULE(this.statProp) }, { ALT: () => this.SUBRULE(this.zoneProp) }];

  /** A property: a stat ({@link statProp}) or a zone counted as a quantity ({@link zoneProp}). */
  private propWord = this.RULE("propWord", (): PropWord => this.OR(this.propWordAlts));

  private readonly zonePropAlts: IOrAlt<PropWord>[] = [
    { ALT: () => (this.CONSUME(K.Deck), PROP.deck) },
    { ALT: () => (this.CONSUME(K.Trash), PROP.trash) },
    { ALT: () => (this.CONSUME(K.Dark), this.CONSUME(K.Area), PROP.darkArea) },
    { ALT: () => (this.CONSUME(K.Attachments), PROP.attachments) },
  ];

  /**
   * A zone as a quantity: "own deck is 10 or less", "opponent's trash has 10 or more cards",
   * "own Dark Area", "own attachments". It never starts a sentence (it needs its player),
   * so "Trash 3" and "Dark Draw 1" stay verbs.
   */
  private zoneProp = this.RULE("zoneProp", (): PropWord => this.OR(this.zonePropAlts));

  private readonly power2 = (): IToken => this.CONSUME2(K.Power);
  private readonly cardsIn = (): void => {
    this.CONSUME(K.Card);
    this.OPTION3(this.left);
    this.CONSUME(K.In);
  };
  private readonly whoseHand = (): void => {
    this.SUBRULE(this.player);
    this.OPTION5(this.possessive);
  };
  private readonly andOption = (): void => {
    this.CONSUME(K.And);
    this.CONSUME(K.Option);
  };
  private readonly statPropAlts: OrMethodOpts<PropWord> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      { ALT: () => (this.CONSUME(K.Power), PROP.power) },
      { ALT: () => (this.CONSUME(K.Attack), this.OPTION(this.power2) ? PROP.power : PROP.attack) },
      { ALT: () => (this.CONSUME(K.HP), PROP.hp) },
      { ALT: () => (this.CONSUME(K.Level), PROP.level) },
      { ALT: () => (this.CONSUME(K.Primary), this.CONSUME(K.Type), PROP.primaryType) },
      { ALT: () => (this.CONSUME2(K.Type), PROP.type) },
      { ALT: () => (this.CONSUME(K.Name), PROP.name) },
      // "Cards in Hand", "hand"
      { ALT: () => (this.OPTION2(this.cardsIn), this.OPTION4(this.whoseHand), this.CONSUME(K.Hand), PROP.hand) },
      { ALT: () => (this.CONSUME(K.DP), PROP.dp) },
      // "+P" (Anatomy of Cards item 7)
      { ALT: () => (this.CONSUME(PlusP), PROP.plusP) },
      // "Support Effect", "Support and Option Effects"
      { ALT: () => (this.CONSUME(K.Support), this.OPTION7(this.andOption), this.OPTION6(this.effect), PROP.support) },
    ],
  };

  /** A stat or card property: Power, Attack [Power], HP, Level, [primary] type, name, hand, DP, Support, +P. */
  private statProp = this.RULE("statProp", (): PropWord => this.OR(this.statPropAlts));

  /** One word of a card phrase, noted in the phrase being read ({@link cp}). */
  private readonly cardPhraseWordAlts: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        if (!this.RECORDING_PHASE) this.cp.count = this.countRef(n);
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Same);
        this.CONSUME(K.Number);
        if (!this.RECORDING_PHASE) this.cp.same = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.All);
        if (!this.RECORDING_PHASE) this.cp.all = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Any);
        if (!this.RECORDING_PHASE) this.cp.any = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Random);
        if (!this.RECORDING_PHASE) this.cp.random = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.At);
        this.CONSUME2(K.Random);
        if (!this.RECORDING_PHASE) this.cp.random = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Top);
        if (!this.RECORDING_PHASE) this.cp.top = true;
      },
    },
    {
      ALT: () => {
        const p = this.SUBRULE(this.player);
        if (!this.RECORDING_PHASE) this.cp.player = p;
      },
    },
    { ALT: this.possessive },
    { ALT: this.card },
    { ALT: this.the },
    { ALT: () => this.CONSUME(K.Of) },
    { ALT: () => this.CONSUME(K.In) },
    { ALT: () => this.CONSUME(K.From) },
    {
      ALT: () => {
        this.CONSUME(K.Shown);
        if (!this.RECORDING_PHASE) this.cp.shown = true;
      },
    },
    { ALT: this.left },
    {
      ALT: () => {
        this.CONSUME(K.Hand);
        if (!this.RECORDING_PHASE) this.cp.zone = "hand";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Deck);
        if (!this.RECORDING_PHASE) this.cp.zone = "deck";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Trash);
        if (!this.RECORDING_PHASE) this.cp.zone = "trash";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.DP);
        this.OPTION(this.zone);
        if (!this.RECORDING_PHASE) this.cp.zone = this.cp.zone ?? "dp";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Attach);
        if (!this.RECORDING_PHASE) this.cp.zone = "attachment";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Attachments);
        if (!this.RECORDING_PHASE) this.cp.zone = "attachment";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Dark);
        this.CONSUME(K.Area);
        if (!this.RECORDING_PHASE) this.cp.zone = "darkArea";
      },
    },
  ];
  private readonly cardPhraseWord = (): void => {
    this.OR(this.cardPhraseWordAlts);
  };

  /**
   * A noun phrase naming cards in a zone, read as a bag of words: "all Cards in own Hand",
   * "1 DP Card from own DP Slot", "opponent's 2 top DP Cards", "any 1 in opponent's DP",
   * "7 Cards from own deck", "1 Card at random".
   */
  private cardPhrase = this.RULE("cardPhrase", (): CardPhrase => {
    const outer = this.cp;
    const r: CardPhrase = (this.cp = { shown: false, same: false, count: null, all: false, any: false, random: false, top: false, player: null, zone: null, filter: anyCard(), topOf: null });
    this.MANY(this.cardPhraseWord);
    this.cp = outer;
    return r;
  });

  private readonly filterCountAlts: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        if (!this.RECORDING_PHASE) this.cf.count = this.countRef(n);
      },
    },
    { ALT: this.a },
    { ALT: this.the },
  ];
  private readonly filterCount = (): void => {
    this.OR(this.filterCountAlts);
  };
  private readonly quotedOrPartialAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Quoted) }, { ALT: () => this.CONSUME(Partial) }];
  /** One word of a card filter, noted in the filter being read ({@link cf}). */
  private readonly filterWordAlts: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Valid);
        if (!this.RECORDING_PHASE) this.cf.filter.valid = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Not);
        this.CONSUME(K.Partner);
        if (!this.RECORDING_PHASE) this.cf.filter.partner = false;
      },
    },
    {
      ALT: () => {
        this.CONSUME2(K.Partner);
        if (!this.RECORDING_PHASE) this.cf.filter.partner = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Digimon);
        if (!this.RECORDING_PHASE) this.cf.filter.kinds.push("Digimon" as CardKind);
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Option);
        if (!this.RECORDING_PHASE) this.cf.filter.kinds.push("Option" as CardKind);
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Evolve);
        if (!this.RECORDING_PHASE) this.cf.filter.kinds.push("Evolution" as CardKind);
      },
    },
    { ALT: this.card },
    {
      ALT: () => {
        this.CONSUME(K.Level);
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return;
        this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
        this.cf.filter.levels.push(lvl(w.image));
      },
    },
    {
      ALT: () => {
        const q = this.OR3(this.quotedOrPartialAlts);
        if (this.RECORDING_PHASE) return;
        this.ref({ kind: "name", word: q.image, span: this.tokSpan(q) });
        this.cf.filter.name = namePattern(q.image);
      },
    },
    {
      // A bare word: a level letter, a type, or a card name (resolved by the checker).
      ALT: () => {
        const w = this.CONSUME2(Word);
        if (this.RECORDING_PHASE) return;
        const f = this.cf.filter;
        const upper = isCapital(w.image);
        const level = upper ? levelOf(w.image) : null;
        if (level) {
          // "a valid C", "1 Champion Digimon" (Glossary "Level": letters or full names)
          this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
          f.levels.push(level);
        } else if (upper && f.name === null && !endsWithMon(w.image) && f.types.length === 0 && this.looksLikeType(w.image)) {
          this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
          f.types.push(w.image);
        } else {
          const prev = f.name && f.name.kind === "exact" ? f.name.name + " " : "";
          f.name = namePattern(prev + w.image);
          this.ref({ kind: "name", word: prev + w.image, span: this.tokSpan(w) });
        }
      },
    },
  ];
  private readonly filterWord = (): void => {
    this.OR2(this.filterWordAlts);
  };

  /** A card filter: "1 Evolution", "a valid C", "Vademon", "\"-devi-\" card", "Partner Card", "Digimon". */
  private cardFilter = this.RULE("cardFilter", (): FilterPhrase => {
    const outer = this.cf;
    const r: FilterPhrase = (this.cf = { count: null, filter: anyCard() });
    this.OPTION(this.filterCount);
    this.AT_LEAST_ONE(this.filterWord);
    this.cf = outer;
    return r;
  });

  /** Type vocabulary known to the grammar (a hint only; the checker validates). */
  public typeWords = new Set<string>();
  private looksLikeType(w: string): boolean {
    return this.typeWords.has(w.toLowerCase());
  }

  // ─── amounts ────────────────────────────────────────────────────────────

  private readonly each = (): IToken => this.CONSUME(K.Each);
  private readonly perEach = (): Amount => {
    this.CONSUME(K.Per);
    this.OPTION2(this.each);
    return this.SUBRULE(this.countSource);
  };
  private readonly byAmountAlts: OrMethodOpts<Amount> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        ALT: () => {
          const n = this.CONSUME2(Num);
          return this.RECORDING_PHASE ? NOTHING : { kind: "const", value: this.amountRef(n) };
        },
      },
      { GATE: () => this.isNumberOf(), ALT: () => this.SUBRULE(this.numberOf) },
      {
        ALT: () => {
          const s = this.SUBRULE(this.statPhrase);
          return this.RECORDING_PHASE ? NOTHING : this.quantityOf(s);
        },
      },
    ],
  };
  private readonly amountAlts: IOrAlt<Amount>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        const per = this.OPTION(this.perEach);
        if (this.RECORDING_PHASE) return NOTHING;
        const v = this.amountRef(n);
        if (!per) return { kind: "const", value: v };
        return times(per, v);
      },
    },
    { ALT: () => (this.CONSUME(K.By), this.OR2(this.byAmountAlts)) },
    { ALT: () => this.SUBRULE2(this.numberOf) },
  ];

  /** "+300", "+100 for each card in own DP", "by own HP", "by number of discards". */
  private amount = this.RULE("amount", (): Amount => this.OR(this.amountAlts));

  private isNumberOf(): boolean {
    return this.LA(1).tokenType === K.Number || (this.LA(1).tokenType === K.The && this.LA(2).tokenType === K.Number);
  }

  private readonly timesN = (): number => {
    this.CONSUME(K.Times);
    const n = this.CONSUME(Num);
    return this.RECORDING_PHASE ? NOTHING : this.amountRef(n);
  };

  /** "[the] number of X [x100]". */
  private numberOf = this.RULE("numberOf", (): Amount => {
    this.OPTION(this.the);
    this.CONSUME(K.Number);
    this.CONSUME(K.Of);
    const src = this.SUBRULE(this.countSource);
    const per = this.OPTION2(this.timesN);
    return this.RECORDING_PHASE ? NOTHING : times(src, per ?? 1);
  });

  private readonly countSourceAlts: OrMethodOpts<Amount> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      { ALT: () => (this.CONSUME(K.Discard), this.OPTION(this.card), { kind: "previous", per: 1 }) },
      {
        GATE: () => this.LA(1).tokenType !== K.Own || this.LA(2).tokenType !== K.HP,
        ALT: () => {
          const cp = this.SUBRULE(this.cardPhrase);
          return this.RECORDING_PHASE ? NOTHING : { kind: "count", player: cp.player ?? "own", what: countable(cp.zone), per: 1 };
        },
      },
      {
        ALT: () => {
          const s = this.SUBRULE(this.statPhrase);
          return this.RECORDING_PHASE ? NOTHING : this.quantityOf(s);
        },
      },
    ],
  };

  /** What is counted: "discards", "discarded Cards", "DP Cards in DP Slot", "Cards in Hand", "own HP". */
  private countSource = this.RULE("countSource", (): Amount => this.OR(this.countSourceAlts));

  // ─── actions ────────────────────────────────────────────────────────────

  private readonly actionAlts: IOrAlt<ActionSyn>[] = [
    { ALT: () => this.SUBRULE(this.boost) },
    { ALT: () => this.SUBRULE(this.lower) },
    { ALT: () => this.SUBRULE(this.recover) },
    { ALT: () => this.SUBRULE(this.scale) },
    { ALT: () => this.SUBRULE(this.draw) },
    { ALT: () => this.SUBRULE(this.darkAction) },
    { ALT: () => this.SUBRULE(this.discard) },
    { ALT: () => this.SUBRULE(this.trash) },
    { ALT: () => this.SUBRULE(this.deckVerb) },
    { ALT: () => this.SUBRULE(this.take) },
    { ALT: () => this.SUBRULE(this.attach) },
    { ALT: () => this.SUBRULE(this.voidAction) },
    { ALT: () => this.SUBRULE(this.revive) },
    { ALT: () => this.SUBRULE(this.flatten) },
    { ALT: () => this.SUBRULE(this.deleteAction) },
    { ALT: () => this.SUBRULE(this.evolve) },
    { ALT: () => this.SUBRULE(this.downgrade) },
    { ALT: () => this.SUBRULE(this.put) },
    { ALT: () => this.SUBRULE(this.pay) },
    { ALT: () => this.SUBRULE(this.ignore) },
    { ALT: () => this.SUBRULE(this.canRule) },
    { ALT: () => this.SUBRULE(this.alias) },
    { ALT: () => this.SUBRULE(this.change) },
    { ALT: () => this.SUBRULE(this.swap) },
    { ALT: () => this.SUBRULE(this.useAttack) },
    { ALT: () => this.SUBRULE(this.gain) },
    { ALT: () => this.SUBRULE(this.returnHand) },
    { ALT: () => this.SUBRULE(this.shuffle) },
    { ALT: () => this.SUBRULE(this.reveal) },
    { ALT: () => this.SUBRULE(this.make) },
    { ALT: () => this.SUBRULE(this.flip) },
    { ALT: () => this.SUBRULE(this.doNotUse) },
    { ALT: () => this.SUBRULE(this.costsZero) },
    { ALT: () => this.SUBRULE(this.dnaMaterialAction) },
    { ALT: () => this.SUBRULE(this.activateEvoBonus) },
    { ALT: () => this.SUBRULE(this.notPossible) },
    { ALT: () => this.SUBRULE(this.subjectFirst) },
  ];

  /**
   * One action, chosen on its first token alone: every verb starts with its own keyword, and
   * everything that starts with a subject, a number or a stat goes to {@link subjectFirst}.
   * No alternative has a GATE: the next token's type picks the alternative from a table.
   */
  private action = this.RULE("action", (): ActionSyn => this.OR(this.actionAlts));

  private readonly canRuleAlts: OrMethodOpts<ActionSyn> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [{ GATE: () => this.LA(2).tokenType === K.Ignore || this.LA(3).tokenType === K.Ignore, ALT: () => this.SUBRULE(this.canIgnore) }, { ALT: () => this.SUBRULE(this.enables) }],
  };

  /** "Enables …" / "Can evolve …" / "Can [evolve] ignore …" (Evolution Phase 4.7, 4.14). */
  private canRule = this.RULE("canRule", (): ActionSyn => this.OR(this.canRuleAlts));

  // Each GATE runs only for the tokens its alternative can start with (DispatchLookahead),
  // so it tests no more than the tokens after the first.
  private readonly subjectFirstAlts: OrMethodOpts<ActionSyn> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.continuesDiscard(), ALT: () => this.SUBRULE(this.discardMore) },
      { GATE: () => this.LA(2).tokenType === K.First || this.LA(2).tokenType === K.Second, ALT: () => this.SUBRULE(this.attackOrder) },
      { GATE: () => this.LA(1).tokenType === K.Counter || this.LA(2).tokenType === K.Counter, ALT: () => this.SUBRULE(this.counterAction) },
      { GATE: () => this.LA(1).tokenType === K.Cannot || this.LA(2).tokenType === K.Cannot, ALT: () => this.SUBRULE(this.prohibitBare) },
      { GATE: () => this.LA(1).tokenType === K.Requires || (this.LA(2).tokenType === K.Is && this.LA(3).tokenType === K.Needed), ALT: () => this.SUBRULE(this.requireDp) },
      { GATE: () => this.isPlusPChange(), ALT: () => this.SUBRULE(this.plusPChange) },
      { GATE: () => this.isStatShorthand(), ALT: () => this.SUBRULE(this.statShorthand) },
      { ALT: () => this.SUBRULE(this.subjectAction) },
    ],
  };

  /**
   * Actions that start with a subject, a number or a stat, where a second token decides:
   * a continued discard ("… and 1 Card from Hand"), "Attack first", "Circle Counterattack",
   * "Supports cannot …", "DP is needed", the stat shorthand "Power +40", and subject-first
   * sentences ("Own HP is 10", "Opponent discards 2").
   */
  private subjectFirst = this.RULE("subjectFirst", (): ActionSyn => this.OR(this.subjectFirstAlts));

  private continuesDiscard(): boolean {
    const prev = this.prevAction?.action.kind;
    if (prev !== "discard" && prev !== "trash") return false;
    const t = this.LA(1).tokenType;
    return t === Num || t === K.All || (t === K.His && this.LA(2).tokenType === K.Hand);
  }

  private readonly discardMoreStartAlts: IOrAlt<DiscardStart>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { count: this.countRef(n), all: false, his: false };
      },
    },
    { ALT: () => (this.CONSUME(K.All), DISCARD_ALL) },
    { ALT: () => (this.CONSUME(K.His), DISCARD_HIS) },
  ];

  /** The object of a discard whose verb was given earlier in the chain. */
  private discardMore = this.RULE("discardMore", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    // One required token first, so the rule never matches empty input.
    const first = this.OR(this.discardMoreStartAlts);
    const rest = this.SUBRULE(this.cardPhrase);
    if (this.RECORDING_PHASE) return NOTHING;
    const cp: CardPhrase = { ...rest, count: first.count ?? rest.count, all: first.all || rest.all, player: rest.player ?? (first.his ? this.lastPlayer : null) };
    const prev = this.prevAction?.action;
    return this.act(start, mark, this.discardAction(cp, false, prev?.kind === "discard" || prev?.kind === "trash" ? prev.player : null));
  });

  private readonly playerPoss0 = (): PlayerRef => this.SUBRULE(this.playerPoss);

  /**
   * "-X0 +P": a player's DP goes down by X0 — "Opponent -20 +P.", "-10 +P." (own by default).
   * Evolution Phase 4.8: "'-X0 +P' can occur in which case the DP a player has is lowered,
   * even to negative numbers" (unlike "DP -X0", which lowers a Future's DP cost). The same
   * change as "Opponent's DP -20" (IR `changeDp`).
   */
  private plusPChange = this.RULE("plusPChange", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const pl = this.OPTION(this.playerPoss0);
    const n = this.CONSUME(Num);
    this.CONSUME(PlusP);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "changeDp", player: this.who(pl), amount: this.amountRef(n) });
  });

  /** Does "[player['s]] ±N +P" ({@link plusPChange}) start here? */
  private isPlusPChange(): boolean {
    let i = 1;
    const t = this.LA(1).tokenType;
    if (t === K.Own || t === K.Opponent || t === OppSymbol) i = this.LA(2).tokenType === Possessive ? 3 : 2;
    return this.LA(i).tokenType === Num && this.LA(i + 1).tokenType === PlusP;
  }

  /**
   * The evo-box stat shorthand used as an action: "Power +40", "HP +100", "opponent's
   * DP -10" (Evolution Phase 4.8; FAQ "Permanents in Evolution Boxes").
   */
  private statShorthand = this.RULE("statShorthand", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const s = this.SUBRULE(this.subjectPhrase);
    const amt = this.SUBRULE(this.amount);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, this.statChange(s, amt));
  });

  private readonly boostAlts: OrMethodOpts<Action> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        GATE: () => this.isNumberOf(),
        ALT: () => {
          const amt = this.SUBRULE(this.numberOf);
          this.CONSUME(K.To);
          const t = this.SUBRULE(this.statPhrase);
          return this.RECORDING_PHASE ? NOTHING : this.statChange(t, amt);
        },
      },
      {
        ALT: () => {
          const t = this.SUBRULE2(this.statPhrase);
          const amt = this.SUBRULE(this.amount);
          return this.RECORDING_PHASE ? NOTHING : this.statChange(t, amt);
        },
      },
    ],
  };

  /** Boost [player] [attack] Power +N | Add number of X x100 to own Power. Glossary "Boost". */
  private boost = this.RULE("boost", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Boost);
    const a = this.OR(this.boostAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  /** The change a stat phrase and an amount make: a boost, a recovery (HP) or a DP change. */
  private statChange(t: StatPhrase, amount: Amount, negate = false): Action {
    const player = this.who(t.player);
    const amt: Amount = negate && amount.kind === "const" ? { kind: "const", value: -Math.abs(amount.value) } : amount;
    if (t.prop === "hp") return { kind: "recover", player, amount: amt };
    if (t.prop === "dp") return { kind: "changeDp", player, amount: amt.kind === "const" ? amt.value : 0 };
    return { kind: "boost", player, attack: t.attack, amount: amt };
  }

  /** "to N" or "-N" after "Lower <stat>" ({@link subj}). */
  private readonly lowerAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.To);
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "setStat", target: this.statTarget(this.subj), value: { kind: "const", value: this.amountRef(n) } };
      },
    },
    {
      ALT: () => {
        const amt = this.SUBRULE(this.amount);
        return this.RECORDING_PHASE ? NOTHING : this.statChange(this.subj, amt, true);
      },
    },
  ];

  /** Lower/Reduce X Power -N | Lower X Power to 0. */
  private lower = this.RULE("lower", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Lower);
    const outer = this.subj;
    this.subj = this.SUBRULE(this.statPhrase);
    const a = this.OR(this.lowerAlts);
    this.subj = outer;
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  /** The HP or Power a set/scale/lower acts on; any other property is an "invalid" ref. */
  private statTarget(t: StatPhrase): StatTarget {
    if (t.prop !== "hp" && t.prop !== "power" && !(t.prop === null && t.attack !== null)) {
      const start = this.LA(0);
      this.ref({
        kind: "invalid",
        message: `only HP and Power can be set, doubled, halved or lowered${t.prop ? `, not ${t.prop === "attack" ? "the attack" : t.prop}` : ""} (Glossary "Boost", "Recover")`,
        span: { start: start.startOffset, end: start.startOffset + start.image.length },
      });
    }
    return { player: this.who(t.player), stat: t.prop === "hp" ? "hp" : "power", attack: t.attack };
  }

  /** Recover [player] [HP] [by] +N. Glossary "Recover". */
  private recover = this.RULE("recover", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Recover);
    const t = this.SUBRULE(this.statPhrase);
    const amt = this.SUBRULE(this.amount);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "recover", player: this.who(t.player), amount: amt });
  });

  private readonly factorAmountAlts: IOrAlt<Amount>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "const", value: this.amountRef(n) };
      },
    },
    { ALT: () => this.SUBRULE(this.numberOf) },
  ];
  private readonly scaleAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        const f = this.SUBRULE(this.factorWord);
        const t = this.SUBRULE(this.statPhrase);
        return this.RECORDING_PHASE ? NOTHING : { kind: "scaleStat", target: this.statTarget(t), factor: { kind: "const", value: f } };
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Multiply);
        const t = this.SUBRULE2(this.statPhrase);
        this.CONSUME(K.By);
        const amt = this.OR2(this.factorAmountAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "scaleStat", target: this.statTarget(t), factor: amt };
      },
    },
  ];

  /** Double/Halve/Triple X | Multiply X by N. */
  private scale = this.RULE("scale", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const a = this.OR(this.scaleAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private readonly factorWordAlts: IOrAlt<number>[] = [{ ALT: () => (this.CONSUME(K.Double), 2) }, { ALT: () => (this.CONSUME(K.Halve), 0.5) }, { ALT: () => (this.CONSUME(K.Triple), 3) }];

  private factorWord = this.RULE("factorWord", (): number => this.OR(this.factorWordAlts));

  private readonly thereIs = (): void => {
    this.CONSUME(K.There);
    this.CONSUME(K.Is);
  };
  /** After "Draw" ({@link actStart}). */
  private readonly drawAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Until);
        this.OPTION(this.thereIs);
        const n = this.CONSUME(Num);
        this.SUBRULE(this.cardPhrase);
        return this.RECORDING_PHASE ? NOTHING : { kind: "drawUntil", player: this.who(null), handSize: this.countRef(n) };
      },
    },
    {
      ALT: () => {
        const cp = this.SUBRULE2(this.cardPhrase);
        if (this.RECORDING_PHASE) return NOTHING;
        if (cp.count === null) this.ref({ kind: "invalid", message: 'Draw needs a number of cards, e.g. "Draw 1." (Prep Phase step 2; Attack Abilities "Draw X")', span: this.from(this.actStart) });
        return { kind: "draw", player: this.who(cp.player === "own" ? null : cp.player), count: { kind: "const", value: cp.count ?? 1 }, dark: false };
      },
    },
  ];

  /** Draw N [cards] [from own deck] | Draw until N cards in own hand. Glossary "Draw". */
  private draw = this.RULE("draw", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Draw);
    const outer = this.actStart;
    this.actStart = start;
    const a = this.OR(this.drawAlts);
    this.actStart = outer;
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private readonly darkAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Draw);
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "draw", player: this.who(null), count: { kind: "const", value: this.countRef(n) }, dark: true };
      },
    },
    {
      ALT: () => {
        const a = this.SUBRULE(this.take);
        return this.RECORDING_PHASE ? NOTHING : { ...(a.action as Extract<Action, { kind: "take" }>), dark: true };
      },
    },
    {
      ALT: () => {
        const a = this.SUBRULE(this.trash);
        return this.RECORDING_PHASE ? NOTHING : { ...(a.action as Extract<Action, { kind: "trash" }>), dark: true };
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Discard);
        const n = this.CONSUME2(Num);
        return this.RECORDING_PHASE
          ? NOTHING
          : { kind: "discard", player: this.who(null), count: { kind: "const", value: this.countRef(n) }, zone: "hand", random: false, ownerChooses: false, dark: true, fromTop: false };
      },
    },
  ];

  /** Dark [action]: Dark Draw N, Dark Discard N, Dark Take …, Dark Trash N. Glossary "Dark [action]". */
  private darkAction = this.RULE("darkAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Dark);
    const a = this.OR(this.darkAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private readonly random = (): IToken => this.CONSUME(K.Random);
  private readonly activeOrCardAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Active) }, { ALT: () => this.CONSUME(K.Card) }];
  private readonly activeOrCard = (): IToken => this.OR2(this.activeOrCardAlts);
  private readonly discardAlts: OrMethodOpts<Action> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        ALT: () => {
          this.CONSUME(K.This);
          const active = this.OPTION2(this.activeOrCard);
          return this.RECORDING_PHASE ? NOTHING : { kind: "discardThis", what: active && active.tokenType === K.Active ? "active" : "card" };
        },
      },
      {
        ALT: () => {
          const cp = this.SUBRULE(this.cardPhrase);
          return this.RECORDING_PHASE ? NOTHING : this.discardAction(cp, false, null);
        },
      },
    ],
  };

  /** Discard … (Glossary "Discard", FAQ "Player discards", "Discard any…"). */
  private discard = this.RULE("discard", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const random = this.OPTION(this.random);
    this.CONSUME(K.Discard);
    const a = this.OR(this.discardAlts);
    if (this.RECORDING_PHASE) return NOTHING;
    // "Random discard …": the discard is at random whatever its card phrase says.
    if (random && a.kind === "discard") a.random = true;
    return this.act(start, mark, a);
  });

  /** A discard of the cards a card phrase names; from the deck it is a Trash (Glossary "Trash X"). */
  private discardAction(cp: CardPhrase, random: boolean, carried: PlayerRef | null): Action {
    const player = cp.player ?? carried ?? this.who(null);
    if (cp.zone === "deck") {
      return { kind: "trash", player, count: { kind: "const", value: cp.count ?? 1 }, dark: false };
    }
    // "Discard own hand" = all of the zone; "top DP card" with no number = one card.
    const all = !cp.same && (cp.all || (cp.count === null && cp.zone !== null && !cp.any && !cp.top));
    return {
      kind: "discard",
      player,
      count: cp.same ? { kind: "previous", per: 1 } : all ? null : { kind: "const", value: cp.count ?? 1 },
      zone: cp.zone === "dp" ? "dp" : cp.zone === "attachment" ? "attachment" : "hand",
      random: cp.random || random,
      ownerChooses: cp.any,
      dark: false,
      fromTop: cp.top,
    };
  }

  private readonly trashWhose = (): PlayerRef => {
    const p = this.SUBRULE(this.player);
    this.OPTION2(this.possessive);
    return p;
  };
  private readonly fromWhoseDeck = (): PlayerRef => {
    this.CONSUME(K.From);
    const p = this.SUBRULE2(this.player);
    this.OPTION5(this.possessive2);
    this.CONSUME(K.Deck);
    return p;
  };

  /** Trash N / Trash N own|opponent's. Glossary "Trash X". */
  private trash = this.RULE("trash", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Trash);
    const p1 = this.OPTION(this.trashWhose);
    const n = this.CONSUME(Num);
    this.OPTION3(this.card);
    const p2 = this.OPTION4(this.fromWhoseDeck);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "trash", player: this.who(p1 ?? p2), count: { kind: "const", value: this.countRef(n) }, dark: false });
  });

  private readonly deckVerbAlts: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(K.Recycle) },
    { ALT: () => this.CONSUME(K.Recode) },
    { ALT: () => this.CONSUME(K.Corrupt) },
    { ALT: () => this.CONSUME(K.Static) },
  ];
  private readonly numOrAnyAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Num) }, { ALT: () => this.CONSUME(K.Any) }];
  private readonly trashOrDeckAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Trash) }, { ALT: () => this.CONSUME(K.Deck) }];
  private readonly trashOrDeck = (): IToken => this.OR3(this.trashOrDeckAlts);
  private readonly deckVerbWhose = (): PlayerRef => {
    const pl = this.SUBRULE(this.player);
    this.OPTION3(this.possessive);
    this.OPTION4(this.trashOrDeck);
    return pl;
  };
  private readonly andShuffle = this.gated<true>(
    "deckVerb OPTION5",
    () => this.LA(1).tokenType === K.And && this.LA(2).tokenType === K.Shuffle,
    () => (this.CONSUME(K.And), this.CONSUME(K.Shuffle), true),
  );

  /** Recycle N|any [and shuffle], Recode N, Corrupt N, Static N [own trash]. Glossary. */
  private deckVerb = this.RULE("deckVerb", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const verb = this.OR(this.deckVerbAlts);
    const n = this.OR2(this.numOrAnyAlts);
    this.OPTION(this.card);
    const p = this.OPTION2(this.deckVerbWhose);
    const shuffle = this.OPTION5(this.andShuffle);
    if (this.RECORDING_PHASE) return NOTHING;
    const any = n.tokenType === K.Any;
    const count = any ? 0 : this.countRef(n);
    const player = this.who(p);
    if (verb.tokenType === K.Recycle) return this.act(start, mark, { kind: "recycle", player, count: any ? "any" : count, shuffle: shuffle === true });
    if (verb.tokenType === K.Recode) return this.act(start, mark, { kind: "recode", player, count });
    if (verb.tokenType === K.Corrupt) return this.act(start, mark, { kind: "corrupt", player: p ?? "opponent", count });
    return this.act(start, mark, { kind: "static", player: p ?? "opponent", count });
  });

  private readonly fromOrInAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.From) }, { ALT: () => this.CONSUME(K.In) }];
  private readonly intoOwnHand = (): void => {
    this.CONSUME(K.And);
    this.CONSUME(K.Put);
    this.CONSUME2(K.In);
    this.OPTION2(this.player0);
    this.CONSUME(K.Hand);
  };

  /** Take/Pick N <filter> from|in <zone> [at random] [and put in own hand]. Glossary "Take". */
  private take = this.RULE("take", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Take);
    const f = this.SUBRULE(this.cardFilter);
    this.OR(this.fromOrInAlts);
    const cp = this.SUBRULE(this.cardPhrase);
    this.OPTION(this.intoOwnHand);
    return this.RECORDING_PHASE
      ? NOTHING
      : this.act(start, mark, {
          kind: "take",
          player: this.who(cp.player),
          count: f.count ?? 1,
          filter: f.filter,
          from: (cp.zone === "trash" || cp.zone === "hand" ? cp.zone : "deck") as SourceZone,
          random: cp.random,
          dark: false,
        });
  });

  private zoneLetter(w: string): SourceZone | null {
    const x = w.toUpperCase();
    return x === "D" ? "deck" : x === "T" ? "trash" : x === "H" ? "hand" : null;
  }

  private readonly attachWhatAlts: IOrAlt<"this" | FilterPhrase>[] = [
    { ALT: () => (this.CONSUME(K.This), this.OPTION2(this.card), "this") },
    { ALT: () => (this.CONSUME(K.It), "this") },
    { ALT: () => this.SUBRULE(this.cardFilter) },
  ];
  private readonly attachWhat = (): "this" | FilterPhrase => this.OR(this.attachWhatAlts);
  private readonly attachFromAlts: IOrAlt<SourceZone>[] = [
    {
      // The D/T/H letters (Attack Abilities "Attach D/T/H").
      GATE: () => this.LA(1).tokenType === Word && this.zoneLetter(this.LA(1).image) !== null,
      ALT: () => {
        const w = this.CONSUME(Word);
        return this.RECORDING_PHASE ? NOTHING : this.zoneLetter(w.image)!;
      },
    },
    {
      ALT: () => {
        const cp = this.SUBRULE(this.cardPhrase);
        return this.RECORDING_PHASE ? NOTHING : cp.zone === "trash" || cp.zone === "hand" ? cp.zone : "deck";
      },
    },
  ];
  private readonly attachFrom = (): SourceZone => {
    this.CONSUME(K.From);
    return this.OR3(this.attachFromAlts);
  };
  private readonly attachToWhose = (): PlayerRef => {
    const x = this.SUBRULE(this.player);
    this.OPTION6(this.possessive);
    return x;
  };
  private readonly attachToWhatAlts: IOrAlt<CardFilter | null>[] = [{ ALT: () => (this.CONSUME(K.Active), null) }, { ALT: () => this.SUBRULE2(this.cardFilter).filter }];
  private readonly attachToWhat = (): CardFilter | null => this.OR2(this.attachToWhatAlts);
  private readonly attachTo = (): { p: PlayerRef | undefined; tf: CardFilter | null } => {
    this.CONSUME(K.To);
    const p = this.OPTION5(this.attachToWhose);
    const tf = this.OPTION7(this.attachToWhat);
    return this.RECORDING_PHASE ? NOTHING : { p, tf: tf ?? null };
  };

  /** Attach this|it|<filter> [from <zone>] [to <player>'s <filter>|active]. Glossary "Attach". */
  private attach = this.RULE("attach", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Attach);
    const what = this.OPTION(this.attachWhat);
    const from = this.OPTION3(this.attachFrom);
    const to = this.OPTION4(this.attachTo);
    return this.RECORDING_PHASE
      ? NOTHING
      : this.act(start, mark, {
          kind: "attach",
          card: what === undefined || what === "this" ? "this" : what.filter,
          from: from ?? null,
          to: to?.p ?? "own",
          toFilter: to?.tf ?? null,
        });
  });

  private readonly aOrTheAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.A) }, { ALT: () => this.CONSUME(K.The) }];
  private readonly aOrThe = (): IToken => this.OR(this.aOrTheAlts);
  private readonly voidWhose = (): PlayerRef => {
    const x = this.SUBRULE(this.player);
    this.OPTION3(this.possessive);
    return x;
  };

  /** Void a Digimon Support | an Option | opponent's Support | Cross ability. Glossary "Void". */
  private voidAction = this.RULE("voidAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Void);
    this.OPTION(this.aOrThe);
    const p = this.OPTION2(this.voidWhose);
    const target = this.SUBRULE(this.voidTarget);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "void", player: p ?? "opponent", target });
  });

  private readonly voidTargetAlts: IOrAlt<VoidTarget>[] = [
    { ALT: () => (this.CONSUME(K.Digimon), this.CONSUME(K.Support), "digimonSupport") },
    { ALT: () => (this.CONSUME(K.Option), "option") },
    { ALT: () => (this.CONSUME2(K.Support), "support") },
    { ALT: () => (this.CONSUME(K.Cross), this.CONSUME(K.Effect), "crossAbility") },
    { ALT: () => (this.CONSUME(K.Attack), this.CONSUME2(K.Effect), "attackAbilities") },
    { ALT: () => (this.CONSUME3(K.Effect), "effect") },
  ];
  private readonly effect4 = (): IToken => this.CONSUME4(K.Effect);

  private voidTarget = this.RULE("voidTarget", (): VoidTarget => {
    const t = this.OR(this.voidTargetAlts);
    this.OPTION(this.effect4);
    this.OPTION2(this.card);
    return t;
  });

  private readonly set = (): IToken => this.CONSUME(K.Set);
  private readonly with = (): IToken => this.CONSUME(K.With);
  private readonly amount0 = (): Amount => this.SUBRULE(this.amount);
  private readonly hp = (): IToken => this.CONSUME(K.HP);

  /** Revive [with] N [HP] | Set Revival [with] N HP. Glossary "Revive". */
  private revive = this.RULE("revive", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    this.OPTION(this.set);
    this.CONSUME(K.Revive);
    this.OPTION2(this.with);
    const hp = this.OPTION3(this.amount0);
    this.OPTION4(this.hp);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "revive", player: this.who(null), hp: hp ?? { kind: "const", value: 10 } });
  });

  /** Flatten/Flat [player] [N]. Glossary "Flatten". */
  private flatten = this.RULE("flatten", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Flatten);
    const p = this.OPTION(this.player0);
    const n = this.OPTION2(this.num);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "flatten", player: p ?? "opponent", count: n ? this.countRef(n) : 1 });
  });

  private readonly deleteWhatAlts: IOrAlt<DeleteWhat>[] = [
    { ALT: () => (this.CONSUME(K.This), this.OPTION(this.card), DELETE_THIS) },
    { ALT: () => (this.CONSUME(K.It), DELETE_THIS) },
    {
      ALT: () => {
        const p = this.SUBRULE(this.player);
        this.OPTION2(this.possessive);
        this.CONSUME(K.Active);
        return this.RECORDING_PHASE ? NOTHING : { what: "active", player: p };
      },
    },
  ];
  private readonly insteadOfDiscardingDp = (): true => {
    this.CONSUME(K.Instead);
    this.CONSUME(K.Of);
    this.CONSUME(K.Discard);
    this.CONSUME(K.All);
    this.OPTION4(this.player2);
    this.CONSUME(K.DP);
    return true;
  };

  /**
   * Delete this [card] | Delete own active, optionally "instead of discarding all own DP"
   * (Glossary "Delete"; Evolution Phase 4.10, Super Tag).
   */
  private deleteAction = this.RULE("deleteAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Delete);
    const w = this.OR(this.deleteWhatAlts);
    const instead = this.OPTION3(this.insteadOfDiscardingDp);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "delete", player: w.player, what: w.what, insteadOfDiscardingDp: instead === true });
  });

  private readonly evolveFrom = (): "revealed" | CardPhrase["zone"] => {
    this.OR(this.fromOrInAlts);
    const cp = this.SUBRULE(this.cardPhrase);
    return this.RECORDING_PHASE ? NOTHING : cp.shown ? "revealed" : cp.zone;
  };
  private readonly asEvolved = (): true => (this.CONSUME(K.As), this.CONSUME2(K.Evolve), true);

  /** Evolve to <filter> [from <zone>] | "as evolved". Glossary; Evolution Phase 4.6, Effect Evolution. */
  private evolve = this.RULE("evolve", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Evolve);
    this.CONSUME(K.To);
    const f = this.SUBRULE(this.cardFilter);
    const from = this.OPTION(this.evolveFrom);
    const asEvolved = this.OPTION2(this.asEvolved);
    return this.RECORDING_PHASE
      ? NOTHING
      : this.act(start, mark, {
          kind: "evolve",
          to: f.filter,
          from: from === "trash" || from === "hand" || from === "revealed" ? from : "deck",
          asEvolved: asEvolved === true,
        });
  });

  /** One word of a downgrade, noted in the downgrade being read ({@link dg}). */
  private readonly downgradeWordAlts: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        const p = this.SUBRULE(this.player);
        if (!this.RECORDING_PHASE) this.dg.player = p;
      },
    },
    { ALT: () => this.CONSUME(K.Evolve) },
    { ALT: this.a },
    { ALT: () => this.CONSUME(K.Digimon) },
    { ALT: this.possessive },
    {
      ALT: () => {
        this.CONSUME(K.By);
        const n = this.CONSUME(Num);
        this.CONSUME(K.Level);
        if (!this.RECORDING_PHASE) this.dg.levels = this.countRef(n);
      },
    },
    {
      ALT: () => {
        const to = this.OPTION(this.to);
        this.CONSUME2(K.Level);
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return;
        this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
        if (to) this.dg.to = lvl(w.image);
        else this.dg.from = lvl(w.image);
      },
    },
  ];
  private readonly downgradeWord = (): void => {
    this.OR(this.downgradeWordAlts);
  };

  /** Downgrade [player] [by N level] | Downgrade a Level X Digimon to Level Y. Evolution Phase 4.13. */
  private downgrade = this.RULE("downgrade", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Downgrade);
    const outer = this.dg;
    const r = (this.dg = { levels: 1, from: null, to: null, player: null });
    this.MANY(this.downgradeWord);
    this.dg = outer;
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "downgrade", player: r.player ?? "own", levels: r.levels, from: r.from, to: r.to });
  });

  private readonly thisOrItAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.This) }, { ALT: () => this.CONSUME(K.It) }];
  private readonly putThisAlts: IOrAlt<Action>[] = [
    { ALT: () => (this.CONSUME(K.In), this.CONSUME(K.DP), this.OPTION2(this.zone), this.RECORDING_PHASE ? NOTHING : { kind: "putIntoDp", player: "own", what: "this" }) },
    { ALT: () => (this.CONSUME(K.Below), this.SUBRULE(this.player), this.CONSUME(K.Active), this.RECORDING_PHASE ? NOTHING : { kind: "putUnder", what: "this" }) },
  ];
  private readonly thenWord = (): IToken => this.CONSUME(K.Then);
  private readonly andOrCommaAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.And) }, { ALT: () => this.CONSUME(Comma) }];
  private readonly thenShuffle = this.gated<true>(
    "put OPTION4",
    () => this.LA(1).tokenType === K.And || this.LA(1).tokenType === Comma,
    () => {
      this.OR4(this.andOrCommaAlts);
      this.OPTION5(this.thenWord);
      this.CONSUME(K.Shuffle);
      return true;
    },
  );
  private readonly top = (): IToken => this.CONSUME(K.Top);
  private readonly fromTheTop = (): number => {
    this.CONSUME(K.From);
    this.OPTION9(this.the2);
    this.CONSUME2(K.Top);
    const n = this.CONSUME(Num);
    return this.RECORDING_PHASE ? NOTHING : this.countRef(n);
  };
  private readonly putAlts: OrMethodOpts<Action> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        ALT: () => {
          this.OR2(this.thisOrItAlts);
          this.OPTION(this.card);
          return this.OR3(this.putThisAlts);
        },
      },
      {
        // "all your DP below this card"
        ALT: () => {
          this.CONSUME(K.All);
          this.SUBRULE2(this.player);
          this.CONSUME2(K.DP);
          this.CONSUME2(K.Below);
          this.CONSUME2(K.This);
          this.OPTION3(this.card2);
          return this.RECORDING_PHASE ? NOTHING : { kind: "putUnder", what: "allDp" };
        },
      },
      {
        // Move [the] top N Cards from trash to deck [and shuffle] — the PlayStation Recycle.
        GATE: () => this.isMoveFromTrash(),
        ALT: () => {
          const cp = this.SUBRULE(this.cardPhrase);
          this.CONSUME(K.To);
          const cp2 = this.SUBRULE2(this.cardPhrase);
          const sh = this.OPTION4(this.thenShuffle);
          return this.RECORDING_PHASE ? NOTHING : { kind: "recycle", player: this.who(cp.player ?? cp2.player), count: cp.count ?? 1, shuffle: sh === true };
        },
      },
      {
        ALT: () => {
          this.OPTION6(this.the);
          const topFirst = this.OPTION7(this.top);
          const f = this.SUBRULE(this.cardFilter);
          const among = this.OPTION8(this.fromTheTop);
          this.CONSUME(K.Of);
          const p = this.SUBRULE(this.playerPoss);
          this.CONSUME(K.Deck);
          this.CONSUME3(K.In);
          this.SUBRULE(this.dpZone);
          return this.RECORDING_PHASE ? NOTHING : { kind: "putIntoDp", player: p, what: { fromTop: topFirst ? (f.count ?? 1) : 1, filter: f.filter, among: among ?? null } };
        },
      },
      {
        // "Put any Digimon from own deck into DP" (003 FAQ "Putting unknown cards from a hidden
        // zone into a visible zone"): one card of the player's choice from the whole deck.
        ALT: () => {
          const any = this.CONSUME(K.Any);
          const f = this.SUBRULE2(this.cardFilter);
          this.CONSUME5(K.From);
          const p = this.SUBRULE2(this.playerPoss);
          this.CONSUME5(K.Deck);
          this.CONSUME5(K.In);
          const dp = this.SUBRULE2(this.dpZone);
          if (this.RECORDING_PHASE) return NOTHING;
          this.ref({ kind: "rulesetOnly", construct: "dmb.putany", span: { start: any.startOffset, end: this.tokSpan(dp).end } });
          return { kind: "putIntoDp", player: p, what: { anyFromDeck: f.filter } };
        },
      },
    ],
  };
  private readonly ownWord = (): IToken => this.CONSUME(K.Own);

  /**
   * The DP zone a card is put into: "DP" or "own DP" (003 FAQ "Putting unknown cards…": "put
   * the top Digimon of own deck into own DP"; 000 names the zone "own DP" too: Evolution
   * Phase 4.10). Returns the "DP" token.
   */
  private dpZone = this.RULE("dpZone", (): IToken => {
    this.OPTION(this.ownWord);
    return this.CONSUME(K.DP);
  });

  /**
   * Put this into DP | Put the top N <filter> of own deck into DP | Put N <filter> from the
   * top M of own deck into DP | Put all own DP below this card | Move top N from trash to deck.
   */
  private put = this.RULE("put", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Put);
    const a = this.OR(this.putAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private isMoveFromTrash(): boolean {
    for (let i = 1; i < 10; i++) {
      const t = this.LA(i).tokenType;
      if (t === K.Trash) return true;
      if (t === K.To || t === Period || t === Comma) return false;
    }
    return false;
  }

  private readonly fromThis = (): true => (this.CONSUME(K.From), this.CONSUME(K.This), true);

  /** Pay N DP from this. FAQ "Paying DP". */
  private pay = this.RULE("pay", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Pay);
    const n = this.CONSUME(Num);
    this.CONSUME(K.DP);
    const fromThis = this.OPTION(this.fromThis);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "payDp", amount: this.amountRef(n), from: fromThis ? "this" : "own" });
  });

  private readonly ignoreSepAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(K.And) }, { ALT: () => this.CONSUME(K.Or) }];
  private readonly andOrOrAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME2(K.And) }, { ALT: () => this.CONSUME2(K.Or) }];
  private readonly andOrOr = (): IToken => this.OR3(this.andOrOrAlts);
  private readonly moreIgnored = this.gated<void>(
    "ignore MANY",
    () => {
      if (IGNORE_SEPARATORS[this.LA(1).tokenTypeIdx] !== 1) return false;
      const n = this.LA(2).tokenType;
      return IGNORE_ITEMS[n.tokenTypeIdx!] === 1 || ((n === K.And || n === K.Or) && IGNORE_ITEMS[this.LA(3).tokenTypeIdx] === 1);
    },
    () => {
      this.OR2(this.ignoreSepAlts);
      this.OPTION3(this.andOrOr);
      this.list.push(this.SUBRULE2(this.ignoreItem));
    },
  );
  private readonly whenEvolving = (): void => {
    this.CONSUME(K.When);
    this.CONSUME(K.Evolve);
  };
  private readonly inEvolving = (): void => {
    this.CONSUME(K.In);
    this.CONSUME2(K.Evolve);
  };

  /** Ignore DP, type, level [when evolving] | Ignore costs. Evolution Phase 4.7. */
  private ignore = this.RULE("ignore", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Ignore);
    this.OPTION(this.of);
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.ignoreItem));
    this.MANY(this.moreIgnored);
    const what = this.endList<IgnoreItem>(outerList);
    this.OPTION4(this.whenEvolving);
    this.OPTION5(this.inEvolving);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "ignore", what });
  });

  private readonly ignoreWhose = (): void => {
    this.SUBRULE(this.player);
    this.OPTION2(this.possessive);
  };
  private readonly ignoreItemAlts: IOrAlt<IgnoreItem>[] = [
    { ALT: () => (this.CONSUME(K.DP), "dp") },
    { ALT: () => (this.CONSUME(K.Type), "type") },
    { ALT: () => (this.CONSUME(K.Level), "level") },
    { ALT: () => (this.CONSUME(K.Cost), "costs") },
  ];

  private ignoreItem = this.RULE("ignoreItem", (): IgnoreItem => {
    this.OPTION(this.ignoreWhose);
    return this.OR(this.ignoreItemAlts);
  });

  private readonly enablesOrCanAlts: IOrAlt<unknown>[] = [{ ALT: () => this.CONSUME(K.Enables) }, { ALT: () => void this.CONSUME(K.Can) }];
  private readonly digimon = (): IToken => this.CONSUME(K.Digimon);
  private readonly toOrAtAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.To) }, { ALT: () => this.CONSUME(K.At) }];
  private readonly enablesAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.OR3(this.toOrAtAlts);
        this.OPTION2(this.the);
        this.CONSUME(K.Same);
        this.CONSUME(K.Level);
        return this.RECORDING_PHASE ? NOTHING : { kind: "enables", what: "sameLevel" };
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.From);
        const a = this.CONSUME(Word);
        this.CONSUME2(K.To);
        const b = this.CONSUME2(Word);
        if (this.RECORDING_PHASE) return NOTHING;
        this.ref({ kind: "level", word: a.image, span: this.tokSpan(a) });
        this.ref({ kind: "level", word: b.image, span: this.tokSpan(b) });
        return { kind: "enables", what: { from: lvl(a.image), to: lvl(b.image) } };
      },
    },
  ];

  /** Enables evolution to the same level | from R to U. Evolution Phase 4.14. */
  private enables = this.RULE("enables", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    this.OR(this.enablesOrCanAlts);
    this.CONSUME(K.Evolve);
    this.OPTION(this.digimon);
    const a = this.OR2(this.enablesAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private readonly evolveWord = (): IToken => this.CONSUME(K.Evolve);
  private readonly andOrOr2Alts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME2(K.And) }, { ALT: () => this.CONSUME2(K.Or) }];
  private readonly andOrOr2 = (): IToken => this.OR2(this.andOrOr2Alts);
  private readonly moreIgnoredItems = (): void => {
    this.OR(this.ignoreSepAlts);
    this.OPTION3(this.andOrOr2);
    this.list.push(this.SUBRULE2(this.ignoreItem));
  };

  /**
   * "Can evolve regardless of own type, Level, or DP." / "Can disregard DP in evolving." —
   * the PlayStation wording of Ignore (Evolution Phase 4.7).
   */
  private canIgnore = this.RULE("canIgnore", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Can);
    this.OPTION(this.evolveWord);
    this.CONSUME(K.Ignore);
    this.OPTION2(this.of);
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.ignoreItem));
    this.MANY(this.moreIgnoredItems);
    const what = this.endList<IgnoreItem>(outerList);
    this.OPTION4(this.inEvolving);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "ignore", what });
  });

  private readonly requireDpAlts: IOrAlt<void>[] = [
    { ALT: () => void (this.CONSUME(K.Requires), this.CONSUME(K.DP)) },
    { ALT: () => void (this.CONSUME2(K.DP), this.CONSUME(K.Is), this.CONSUME(K.Needed)) },
  ];

  /** "Requires DP" / "DP are needed" / "Need DP" (Evolution Phase 4.15). */
  private requireDp = this.RULE("requireDp", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    this.OR(this.requireDpAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "requireDp" });
  });

  private readonly states = (): IToken => this.CONSUME(K.States);

  /** "Not possible in Abnormal states" (PlayStation wording of "Do not use with abnormal"). */
  private notPossible = this.RULE("notPossible", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Not);
    this.CONSUME(K.Possible);
    this.CONSUME(K.In);
    this.CONSUME(K.Abnormal);
    this.OPTION(this.states);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "restrictUse", levels: [], abnormal: true });
  });

  /** "counts as [Name]" (000 Glossary "Also counts as") or "<Type>" (003 Glossary "Also [Type]") after "Also". */
  private readonly alsoAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Counts);
        this.CONSUME(K.As);
        const name = this.SUBRULE(this.bracketName);
        if (this.RECORDING_PHASE) return NOTHING;
        this.ref({ kind: "name", word: name.text, span: name.span });
        return { kind: "alsoCountsAs", name: name.text };
      },
    },
    {
      ALT: () => {
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return NOTHING;
        const span = this.tokSpan(w);
        this.ref({ kind: "type", word: w.image, span });
        // DMB's vocabulary only: the checker refuses it in a DBE set (compiler/check/refs.ts).
        this.ref({ kind: "rulesetOnly", construct: "dmb.alsotype", span: { start: this.actStart.startOffset, end: span.end } });
        return { kind: "alsoType", type: w.image };
      },
    },
  ];
  private readonly aliasAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Also);
        return this.OR2(this.alsoAlts);
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Alias);
        const name = this.SUBRULE2(this.bracketName);
        if (this.RECORDING_PHASE) return NOTHING;
        this.ref({ kind: "name", word: name.text, span: name.span });
        return { kind: "alsoCountsAs", name: name.text };
      },
    },
  ];

  /**
   * Also counts as [Name] | Alias [Name] (000 Glossary "Also counts as") | Also <Type>
   * (003 Glossary "Also [Type]": "This card is permanently considered this type").
   */
  private alias = this.RULE("alias", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const outer = this.actStart;
    this.actStart = start;
    const a = this.OR(this.aliasAlts);
    this.actStart = outer;
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  private readonly pushAnyWord = (): void => {
    this.list.push(this.CONSUME(AnyWord).image);
  };
  private readonly pushWord = (): void => {
    this.list.push(this.CONSUME(Word).image);
  };
  private readonly bracketNameAlts: IOrAlt<{ text: string; span: Span }>[] = [
    {
      ALT: () => {
        const s = this.CONSUME(LBracket);
        const outerList = this.beginList();
        this.AT_LEAST_ONE(this.pushAnyWord);
        const words = this.endList<string>(outerList);
        this.CONSUME(RBracket);
        return this.RECORDING_PHASE ? NOTHING : { text: words.join(" "), span: this.from(s) };
      },
    },
    {
      ALT: () => {
        const q = this.CONSUME(Quoted);
        return this.RECORDING_PHASE ? NOTHING : { text: q.image.slice(1, -1), span: this.tokSpan(q) };
      },
    },
    {
      ALT: () => {
        const s = this.LA(1);
        const outerList = this.beginList();
        this.AT_LEAST_ONE2(this.pushWord);
        const words = this.endList<string>(outerList);
        return this.RECORDING_PHASE ? NOTHING : { text: words.join(" "), span: this.from(s) };
      },
    },
  ];

  /** [Any Words] | "Quoted" | Bare Words. */
  private bracketName = this.RULE("bracketName", (): { text: string; span: Span } => this.OR(this.bracketNameAlts));

  /** After "Change <stat phrase> to" ({@link subj}). */
  private readonly changeToAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        const a = this.SUBRULE2(this.attackWord);
        return this.RECORDING_PHASE ? NOTHING : { kind: "useAttack", player: this.who(this.subj.player), attack: a };
      },
    },
    {
      // "Change own name to [Greymon]" (End Phase 3.1: name changes stay).
      GATE: () => this.subj.prop === "name",
      ALT: () => {
        const name = this.SUBRULE(this.bracketName);
        if (this.RECORDING_PHASE) return NOTHING;
        this.ref({ kind: "name", word: name.text, span: name.span });
        return { kind: "changeName", player: this.who(this.subj.player), name: name.text };
      },
    },
    {
      ALT: () => {
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return NOTHING;
        this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
        return { kind: "changeType", player: this.who(this.subj.player), type: w.image };
      },
    },
  ];
  private readonly changeAlts: IOrAlt<Action>[] = [
    {
      ALT: () => {
        this.CONSUME(K.It);
        this.CONSUME(K.To);
        const a = this.SUBRULE(this.attackWord);
        return this.RECORDING_PHASE ? NOTHING : { kind: "useAttack", player: this.lastPlayer, attack: a };
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.statPhrase);
        this.CONSUME2(K.To);
        const outer = this.subj;
        this.subj = s;
        const a = this.OR2(this.changeToAlts);
        this.subj = outer;
        return a;
      },
    },
  ];

  /** Change [player's] type to X | Change it to Cross. */
  private change = this.RULE("change", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Change);
    const a = this.OR(this.changeAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, a);
  });

  /** Swap own type with opponent's type | Switch HP with opponent. */
  private swap = this.RULE("swap", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Swap);
    const s = this.SUBRULE(this.statPhrase);
    this.CONSUME(K.With);
    this.SUBRULE2(this.statPhrase);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "swapStat", stat: s.prop === "type" ? "type" : "hp" });
  });

  /** Use Circle | Both players use Cross. */
  private useAttack = this.RULE("useAttack", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Use);
    const a = this.SUBRULE(this.attackWord);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "useAttack", player: this.who(null), attack: a });
  });

  /** Get/Gain <ability> [on <attack>]. */
  private gain = this.RULE("gain", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Get);
    const ab = this.SUBRULE(this.ability);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: this.subjectAttack, ability: ab });
  });

  private readonly firstOrSecondAlts: IOrAlt<AttackAbility>[] = [{ ALT: () => (this.CONSUME(K.First), { kind: "firstAttack" }) }, { ALT: () => (this.CONSUME(K.Second), { kind: "secondAttack" }) }];

  /** "Attack first" / "Attack second" (PlayStation wording of 1st/2nd Attack). */
  private attackOrder = this.RULE("attackOrder", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Attack);
    const ab = this.OR(this.firstOrSecondAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: null, ability: ab });
  });

  private readonly attackWord0 = (): AttackSlot => this.SUBRULE(this.attackWord);
  private readonly attackWord2 = (): AttackSlot => this.SUBRULE2(this.attackWord);

  /** "Circle Counterattack" / "Counterattack" as an effect: gain Counter. */
  private counterAction = this.RULE("counterAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const a = this.OPTION(this.attackWord0);
    this.CONSUME(K.Counter);
    const b = this.OPTION2(this.attackWord2);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: null, ability: { kind: "counter", attack: a ?? b ?? null } });
  });

  private readonly andShuffleAfter = (): true => (this.CONSUME(K.And), this.CONSUME(K.Shuffle), true);

  /** Return all cards in own hand to deck [and shuffle]. */
  private returnHand = this.RULE("returnHand", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Return);
    const cp = this.SUBRULE(this.cardPhrase);
    this.CONSUME(K.To);
    this.SUBRULE2(this.cardPhrase);
    const sh = this.OPTION(this.andShuffleAfter);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "returnHandToDeck", player: this.who(cp.player), shuffle: sh === true });
  });

  private readonly whoseDeck = (): PlayerRef => {
    const x = this.SUBRULE(this.player);
    this.OPTION2(this.possessive);
    this.CONSUME(K.Deck);
    return x;
  };

  /** Shuffle [own deck]. */
  private shuffle = this.RULE("shuffle", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Shuffle);
    const p = this.OPTION(this.whoseDeck);
    if (this.RECORDING_PHASE) return NOTHING;
    const a = this.act(start, mark, { kind: "shuffle", player: this.who(p) });
    a.shuffleOnly = p === undefined;
    return a;
  });

  /** Reveal [player's] hand | Reveal the top N of own deck. */
  private reveal = this.RULE("reveal", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Reveal);
    const cp = this.SUBRULE(this.cardPhrase);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "reveal", player: this.who(cp.player), what: cp.zone === "deck" || cp.top ? "topOfDeck" : "hand", count: cp.count });
  });

  /** Make own HP 10. */
  private make = this.RULE("make", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Make);
    const s = this.SUBRULE(this.statPhrase);
    const n = this.CONSUME(Num);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "setStat", target: this.statTarget(s), value: { kind: "const", value: this.amountRef(n) } });
  });

  private readonly flipAlts: IOrAlt<"this" | "active">[] = [
    { ALT: () => (this.CONSUME(K.This), this.OPTION(this.card), "this") },
    { ALT: () => (this.SUBRULE(this.player), this.OPTION2(this.possessive), this.CONSUME(K.Active), "active") },
  ];

  /** Flip this [card]. Glossary "Flip". */
  private flip = this.RULE("flip", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Flip);
    const w = this.OR(this.flipAlts);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "flip", what: w });
  });

  private readonly withOrInAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.With) }, { ALT: () => this.CONSUME(K.In) }];
  /** A level (onto the list being read) or "abnormal" ({@link abnormal}). */
  private readonly restrictionAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Level);
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return;
        this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
        this.list.push(lvl(w.image));
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Abnormal);
        if (!this.RECORDING_PHASE) this.abnormal = true;
      },
    },
  ];
  private readonly restrictions: AtLeastOneSepMethodOpts<void> = { SEP: K.Or, DEF: () => this.OR2(this.restrictionAlts) };

  /** Do not use with Level M [or abnormal]. Evolution Phase POINT "Do not use with <Level>". */
  private doNotUse = this.RULE("doNotUse", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Do);
    this.CONSUME(K.Not);
    this.CONSUME(K.Use);
    this.OR(this.withOrInAlts);
    const outerList = this.beginList();
    const outer = this.abnormal;
    this.abnormal = false;
    this.AT_LEAST_ONE_SEP(this.restrictions);
    const abnormal = this.abnormal;
    this.abnormal = outer;
    const levels = this.endList<Level>(outerList);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "restrictUse", levels, abnormal });
  });

  /** "Counts as a DNA material" (Evolution Phase 5.2.3.1, BIT-058 Jogress). */
  private dnaMaterialAction = this.RULE("dnaMaterialAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Counts);
    this.CONSUME(K.As);
    this.OPTION(this.a);
    this.CONSUME(K.DNA);
    this.CONSUME(K.Material);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "countsAsDnaMaterial" });
  });

  private readonly whichBonusAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.A) }, { ALT: () => this.CONSUME(K.The) }, { ALT: () => this.CONSUME(K.All) }];
  private readonly whichBonus = (): IToken => this.OR(this.whichBonusAlts);
  private readonly own = (): IToken => this.CONSUME(K.Own);

  /**
   * "Activate an evo-bonus" — also "Activate the / all / own evo-bonus(es)" (Evolution Phase
   * POINT "Sometimes effects may 'activate an evo-bonus'").
   */
  private activateEvoBonus = this.RULE("activateEvoBonus", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Activate);
    this.OPTION(this.whichBonus);
    this.OPTION2(this.own);
    this.CONSUME(K.EvoBonus);
    return this.RECORDING_PHASE ? NOTHING : this.act(start, mark, { kind: "activateEvoBonus" });
  });

  /** "costs are 0" (FAQ "Effects that exempt you from costs"): read as Ignore costs. */
  private costsZero = this.RULE("costsZero", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.CONSUME(K.Cost);
    this.CONSUME(K.Is);
    const n = this.CONSUME(Num);
    if (this.RECORDING_PHASE) return NOTHING;
    this.amountRef(n);
    return this.act(start, mark, { kind: "ignore", what: ["costs"] });
  });

  private readonly bySupports = (): true => (this.CONSUME(K.Support), true);

  /** "Supports cannot lower own HP." / "Cannot gain 1st Attack." */
  private prohibitBare = this.RULE("prohibitBare", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const bySupports = this.OPTION(this.bySupports);
    this.CONSUME(K.Cannot);
    const p = this.SUBRULE(this.prohibition);
    if (this.RECORDING_PHASE) return NOTHING;
    // "Supports cannot be voided": supports are what is protected, not the actors.
    const patient = p.what === "beVoided" || p.what === "beCountered";
    return this.act(start, mark, {
      kind: "prohibit",
      player: this.who(p.player),
      what: p.what,
      exceptByAttack: p.exceptByAttack,
      bySupports: bySupports === true && !patient,
      of: bySupports === true && patient ? "supports" : null,
    });
  });

  /** What is prohibited after "cannot be", noted in the prohibition being read ({@link pr}). */
  private readonly passiveProhibitionAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME2(K.Lower);
        if (!this.RECORDING_PHASE) this.pr.what = "lowerHp";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Counter);
        if (!this.RECORDING_PHASE) this.pr.what = "beCountered";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Void);
        if (!this.RECORDING_PHASE) this.pr.what = "beVoided";
      },
    },
  ];
  private readonly prohibitionAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Lower);
        const s = this.SUBRULE(this.statPhrase);
        if (this.RECORDING_PHASE) return;
        this.pr.what = "lowerHp";
        this.pr.player = s.player;
      },
    },
    { ALT: () => (this.CONSUME(K.Is), this.OR2(this.passiveProhibitionAlts)) },
    {
      ALT: () => {
        this.CONSUME(K.Get);
        this.CONSUME(K.First);
        this.CONSUME(K.Attack);
        if (!this.RECORDING_PHASE) this.pr.what = "gainFirstAttack";
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Use);
        this.CONSUME(K.Any);
        this.CONSUME(K.Phase);
        this.OPTION(this.effect);
        if (!this.RECORDING_PHASE) this.pr.what = "useAnyPhase";
      },
    },
    {
      ALT: () => {
        this.CONSUME2(K.Evolve);
        if (!this.RECORDING_PHASE) this.pr.what = "evolve";
      },
    },
  ];
  private readonly exceptByAttack = (): void => {
    this.CONSUME(K.Except);
    this.CONSUME(K.By);
    this.OPTION3(this.a);
    this.CONSUME2(K.Attack);
    if (!this.RECORDING_PHASE) this.pr.exceptByAttack = true;
  };

  /** What follows "cannot": "lower own HP", "be lowered except by an attack", "gain 1st Attack", "use Any Phase effects", "be countered", "be voided". */
  private prohibition = this.RULE("prohibition", (): ProhibitionPhrase => {
    const outer = this.pr;
    const r: ProhibitionPhrase = (this.pr = { what: "lowerHp", player: null, exceptByAttack: false });
    this.OR(this.prohibitionAlts);
    this.OPTION2(this.exceptByAttack);
    this.pr = outer;
    return r;
  });

  /** After a subject ({@link subj}), the sentence read from {@link actStart}. */
  private readonly subjectActionAlts: OrMethodOpts<ActionSyn> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        GATE: () => this.subj.prop === null && SUBJECT_VERBS[this.LA(1).tokenTypeIdx] !== 1,
        ALT: () => this.SUBRULE(this.action),
      },
      {
        ALT: () => {
          this.CONSUME(K.Cannot);
          const p = this.SUBRULE(this.prohibition);
          if (this.RECORDING_PHASE) return NOTHING;
          const s = this.subj;
          return this.act(this.actStart, this.actMark, {
            kind: "prohibit",
            player: s.player ?? "own",
            what: p.what,
            exceptByAttack: p.exceptByAttack,
            bySupports: false,
            of: s.prop === "support" ? "supports" : s.prop === "attack" || s.prop === "power" ? "attacks" : null,
          });
        },
      },
      {
        ALT: () => {
          this.OR2(this.isOrBecomeAlts);
          this.OPTION(this.is2);
          return this.SUBRULE(this.subjectPredicate);
        },
      },
    ],
  };
  private readonly isOrBecomeAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(K.Is) }, { ALT: () => this.CONSUME(K.Become) }];
  private readonly is2 = (): IToken => this.CONSUME2(K.Is);

  /**
   * Subject-first sentences: "Own HP is 10", "Own Power is doubled", "Opponent discards 2",
   * "Both players boost Power +200", "Opponent's Support is voided", "Own attack becomes
   * Triangle", "Your HP cannot be lowered except by an attack".
   */
  private subjectAction = this.RULE("subjectAction", (): ActionSyn => {
    const mark = this.refs.length;
    const start = this.LA(1);
    const s = this.SUBRULE(this.subjectPhrase);
    if (!this.RECORDING_PHASE) {
      this.subjectPlayer = s.player;
      this.subjectAttack = s.attack === "all" ? null : s.attack;
    }
    const outerSubj = this.subj;
    const outerStart = this.actStart;
    const outerMark = this.actMark;
    this.subj = s;
    this.actStart = start;
    this.actMark = mark;
    const r = this.OR(this.subjectActionAlts);
    this.subj = outerSubj;
    this.actStart = outerStart;
    this.actMark = outerMark;
    if (!this.RECORDING_PHASE) {
      this.subjectPlayer = null;
      this.subjectAttack = null;
    }
    return r;
  });

  /** What a subject ({@link subj}) is or becomes; the action spans from {@link actStart}. */
  private readonly subjectPredicateAlts: OrMethodOpts<ActionSyn> = {
    IGNORE_AMBIGUITIES: true,
    MAX_LOOKAHEAD: 1,
    DEF: [
      {
        ALT: () => {
          const f = this.SUBRULE(this.factorWord);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "scaleStat", target: this.statTarget(this.subj), factor: { kind: "const", value: f } });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Void);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "void", player: this.subj.player ?? "opponent", target: "support" });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Boost);
          const amt = this.SUBRULE(this.amount);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, this.statChange(this.subj, amt));
        },
      },
      {
        // "own Power is +200": a signed number adds (PlayStation wording of Boost).
        GATE: () => this.LA(1).image.charCodeAt(0) === 0x2b,
        ALT: () => {
          const n = this.CONSUME2(Num);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, this.statChange(this.subj, { kind: "const", value: this.amountRef(n) }));
        },
      },
      {
        ALT: () => {
          this.OPTION(this.to);
          const n = this.CONSUME(Num);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "setStat", target: this.statTarget(this.subj), value: { kind: "const", value: this.amountRef(n) } });
        },
      },
      {
        GATE: () => this.subj.prop === "attack",
        ALT: () => {
          const a = this.SUBRULE(this.attackWord);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "useAttack", player: this.who(this.subj.player), attack: a });
        },
      },
      {
        GATE: () => this.subj.prop === "attack",
        ALT: () => {
          const ab = this.SUBRULE(this.ability);
          if (this.RECORDING_PHASE) return NOTHING;
          // "Own Triangle gets Jamming": the named attack; "own attack gets …": every attack.
          const s = this.subj;
          return this.act(this.actStart, this.actMark, { kind: "gainAbility", player: this.who(s.player), attack: s.attack === "all" ? null : s.attack, ability: ab });
        },
      },
      {
        // "same as opponent's", "the same as own type", "same as own HP"
        GATE: () => this.LA(1).tokenType === K.Same || this.LA(2).tokenType === K.Same,
        ALT: () => {
          this.OPTION2(this.the);
          this.CONSUME(K.Same);
          this.CONSUME(K.As);
          const outer = this.zoneObject;
          this.zoneObject = true;
          const o = this.SUBRULE(this.statPhrase);
          this.zoneObject = outer;
          if (this.RECORDING_PHASE) return NOTHING;
          const s = this.subj;
          if (s.prop === "type") return this.act(this.actStart, this.actMark, { kind: "changeType", player: this.who(s.player), type: { copyOf: o.player ?? "own" } });
          const prop = o.prop ?? s.prop;
          return this.act(this.actStart, this.actMark, { kind: "setStat", target: this.statTarget(s), value: this.quantityOf({ ...o, prop, attack: null }) });
        },
      },
      {
        // "Opponent's hand is revealed"
        ALT: () => {
          this.CONSUME(K.Reveal);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "reveal", player: this.who(this.subj.player), what: "hand", count: null });
        },
      },
      {
        // "own Attack Power matches own HP"
        ALT: () => {
          const o = this.SUBRULE2(this.subjectPhrase);
          return this.RECORDING_PHASE ? NOTHING : this.act(this.actStart, this.actMark, { kind: "setStat", target: this.statTarget(this.subj), value: this.quantityOf({ ...o, attack: null }) });
        },
      },
    ],
  };

  private subjectPredicate = this.RULE("subjectPredicate", (): ActionSyn => this.OR(this.subjectPredicateAlts));

  // ─── attack abilities ───────────────────────────────────────────────────

  private readonly attackWord3 = (): AttackSlot => this.SUBRULE3(this.attackWord);
  private readonly flattenCondition = (): CardFilter => {
    this.CONSUME(LBracket);
    const x = this.SUBRULE(this.cardFilter);
    this.CONSUME(RBracket);
    return x.filter;
  };
  private readonly typeSlash: ManySepMethodOpts<void> = {
    SEP: Slash,
    DEF: () => {
      this.list.push(this.CONSUME(Word));
    },
  };
  private readonly typeAfterVs = (): void => {
    this.list.push(this.CONSUME2(Word));
  };
  /** "VS" and the types that may follow it, after "x3" (left out in the short form "Dragon x3"). */
  private readonly vsTypes = (): void => {
    this.CONSUME(K.VS);
    this.MANY(this.typeAfterVs);
  };
  private readonly countVerbAlts: IOrAlt<"draw" | "trash" | "recode" | "recycle" | "static" | "corrupt">[] = [
    { ALT: () => (this.CONSUME(K.Draw), "draw") },
    { ALT: () => (this.CONSUME(K.Trash), "trash") },
    { ALT: () => (this.CONSUME(K.Recode), "recode") },
    { ALT: () => (this.CONSUME(K.Recycle), "recycle") },
    { ALT: () => (this.CONSUME(K.Static), "static") },
    { ALT: () => (this.CONSUME(K.Corrupt), "corrupt") },
  ];
  private readonly abilityAlts: OrMethodOpts<AttackAbility> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { ALT: () => (this.CONSUME(K.First), this.CONSUME(K.Attack), { kind: "firstAttack" }) },
      { ALT: () => (this.CONSUME(K.Second), this.CONSUME2(K.Attack), { kind: "secondAttack" }) },
      {
        GATE: () => this.LA(2).tokenType === K.To,
        ALT: () => {
          const a = this.SUBRULE(this.attackWord);
          this.CONSUME(K.To);
          this.CONSUME(Num);
          return this.RECORDING_PHASE ? NOTHING : { kind: "toZero", attack: a };
        },
      },
      {
        ALT: () => {
          const a = this.OPTION(this.attackWord2);
          this.CONSUME(K.Counter);
          const b = this.OPTION2(this.attackWord3);
          return this.RECORDING_PHASE ? NOTHING : { kind: "counter", attack: a ?? b ?? null };
        },
      },
      { ALT: () => (this.CONSUME(K.Crash), { kind: "crash" }) },
      { ALT: () => (this.CONSUME(K.Drain), { kind: "drain" }) },
      { ALT: () => (this.CONSUME(K.Jamming), { kind: "jamming" }) },
      { ALT: () => (this.CONSUME(K.Shatter), { kind: "shatter" }) },
      {
        ALT: () => {
          this.CONSUME(K.Flatten);
          const f = this.OPTION3(this.flattenCondition);
          return this.RECORDING_PHASE ? NOTHING : { kind: "flatten", condition: f ?? null };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Grudge);
          const a = this.SUBRULE4(this.attackWord);
          return this.RECORDING_PHASE ? NOTHING : { kind: "grudge", attack: a };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Killer);
          const a = this.SUBRULE5(this.attackWord);
          return this.RECORDING_PHASE ? NOTHING : { kind: "killer", attack: a };
        },
      },
      {
        ALT: () => {
          const outerList = this.beginList();
          this.MANY_SEP(this.typeSlash);
          this.CONSUME(K.Times);
          this.CONSUME2(Num);
          // "[Type] x3 VS (or x3 for short)" (000 and 003, Attack Abilities).
          this.OPTION4(this.vsTypes);
          const types = this.endList<IToken>(outerList);
          if (this.RECORDING_PHASE) return NOTHING;
          const words: string[] = [];
          for (const t of types) {
            this.ref({ kind: "type", word: t.image, span: this.tokSpan(t) });
            words.push(t.image);
          }
          return { kind: "x3vs", types: words };
        },
      },
      {
        ALT: () => {
          const kind = this.OR2(this.countVerbAlts);
          const n = this.CONSUME3(Num);
          return this.RECORDING_PHASE ? NOTHING : { kind, count: this.countRef(n) };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.Attach);
          const w = this.CONSUME3(Word);
          if (this.RECORDING_PHASE) return NOTHING;
          const z = this.zoneLetter(w.image);
          if (!z) this.ref({ kind: "name", word: `Attach ${w.image}`, span: this.tokSpan(w) });
          return { kind: "attach", from: z ?? "deck" };
        },
      },
    ],
  };

  /** An attack ability (Attack Abilities section). */
  public ability = this.RULE("ability", (): AttackAbility => this.OR(this.abilityAlts));

  /** Start rule for a stats line's attack ability. */
  public abilityEntry = this.RULE("abilityEntry", (): AbilitySyn => {
    const start = this.LA(1);
    if (!this.RECORDING_PHASE) this.refs = [];
    const a = this.SUBRULE(this.ability);
    this.OPTION(this.period);
    return this.RECORDING_PHASE ? NOTHING : { ability: a, span: this.from(start), refs: this.refs.slice() };
  });

  // ─── evo-box ────────────────────────────────────────────────────────────

  private readonly colonQualifiers = (): NameQualifier[] => {
    this.CONSUME2(Colon);
    return this.SUBRULE(this.qualifiers);
  };
  private readonly infinity = (): IToken => this.CONSUME(Infinity_);
  private readonly evoEntryAlts: OrMethodOpts<EvoEntry> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { ALT: () => (this.CONSUME(K.DNA), this.CONSUME(Colon), this.SUBRULE(this.dnaMaterials)) },
      {
        // "DP -10" / "DP -10: Agumon" (000 Evolution Phase 4.8: a discount); "DP +10: Agumon"
        // (003 evolution requirement 1: "DP bonuses (+) are acquired *after* evolution").
        GATE: () => this.LA(2).tokenType === Num,
        ALT: () => {
          const dp = this.CONSUME(K.DP);
          const n = this.CONSUME(Num);
          const from = this.OPTION(this.colonQualifiers);
          return this.RECORDING_PHASE ? NOTHING : this.dpEntry(dp, n, from ?? []);
        },
      },
      {
        GATE: () => this.hasColonAhead(),
        ALT: () => {
          const perm = this.OPTION2(this.infinity);
          const acts = this.SUBRULE(this.bonusChain);
          this.CONSUME3(Colon);
          const from = this.SUBRULE2(this.qualifiers);
          return this.RECORDING_PHASE ? NOTHING : { kind: "bonus", actions: acts, permanent: !!perm, from };
        },
      },
      {
        GATE: () => this.LA(1).tokenType === Infinity_,
        ALT: () => {
          this.CONSUME2(Infinity_);
          const acts = this.SUBRULE2(this.bonusChain);
          return this.RECORDING_PHASE ? NOTHING : { kind: "bonus", actions: acts, permanent: true, from: [] };
        },
      },
      {
        ALT: () => {
          const from = this.SUBRULE3(this.qualifiers);
          return this.RECORDING_PHASE ? NOTHING : { kind: "from", names: from };
        },
      },
    ],
  };

  /**
   * "DP <n>" in an evo-box: a negative or zero n is DBE's discount ("DP -X0" lowers the
   * future's DP cost: 000 Evolution Phase 4.8); a positive n is DMB's DP bonus, the same as
   * "Own DP +n" ("DP bonuses (+) are acquired *after* evolution": 003 evolution requirement
   * 1; "'DP +10' … considered Passives": End Phase 3.4), marked as DMB vocabulary for the
   * checker (a DBE set refuses it: compiler/check/refs.ts).
   */
  private dpEntry(dp: IToken, n: IToken, from: NameQualifier[]): EvoEntry {
    const amount = this.amountRef(n);
    if (amount <= 0) return { kind: "discount", amount, from };
    this.ref({ kind: "rulesetOnly", construct: "dmb.evodp", span: { start: dp.startOffset, end: this.tokSpan(n).end } });
    return { kind: "bonus", actions: [{ kind: "changeDp", player: "own", amount }], permanent: false, from };
  }

  /** Start rule for one evo-box entry (Anatomy item 8, Evolution Phase 4.2–4.4, 5.2.2). */
  public evoEntry = this.RULE("evoEntry", (): EvoSyn => {
    const start = this.LA(1);
    if (!this.RECORDING_PHASE) this.refs = [];
    const entry = this.OR(this.evoEntryAlts);
    this.OPTION3(this.period);
    return this.RECORDING_PHASE ? NOTHING : { entry, span: this.from(start), refs: this.refs.slice() };
  });

  private hasColonAhead(): boolean {
    for (let i = 1; i < 40; i++) {
      const t = this.LA(i).tokenType;
      if (t === Colon) return true;
      if (t === EOF) return false;
    }
    return false;
  }

  private readonly commaOrAndAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(K.And) }];
  private readonly moreBonusItems = (): void => {
    this.OR2(this.commaOrAndAlts);
    this.list.push(this.SUBRULE2(this.bonusItem));
  };

  /** Bonus actions of an evo-box entry: normal actions or the stat shorthand "Power +40", "HP +100", "Opponent's DP -10". */
  private bonusChain = this.RULE("bonusChain", (): Action[] => {
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.bonusItem));
    this.MANY(this.moreBonusItems);
    return this.endList<Action>(outerList);
  });

  private readonly bonusItemAlts: OrMethodOpts<Action> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        GATE: () => this.isPlusPChange(),
        ALT: () => {
          const x = this.SUBRULE(this.plusPChange);
          return this.RECORDING_PHASE ? NOTHING : x.action;
        },
      },
      {
        GATE: () => this.isStatShorthand(),
        ALT: () => {
          const s = this.SUBRULE(this.statPhrase);
          const amt = this.SUBRULE(this.amount);
          return this.RECORDING_PHASE ? NOTHING : this.statChange(s, amt);
        },
      },
      {
        ALT: () => {
          const x = this.SUBRULE(this.action);
          return this.RECORDING_PHASE ? NOTHING : x.action;
        },
      },
    ],
  };

  private bonusItem = this.RULE("bonusItem", (): Action => this.OR(this.bonusItemAlts));

  private isStatShorthand(): boolean {
    for (let i = 1; i < 6; i++) {
      const t = this.LA(i).tokenType;
      if (t === K.Power || t === K.HP || t === K.DP) return this.LA(i + 1).tokenType === Num;
      if (STAT_SHORTHAND_LEAD[t.tokenTypeIdx!] !== 1) return false;
    }
    return false;
  }

  private readonly qualifierSepAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(K.Or) }, { ALT: () => this.CONSUME(Slash) }];
  private readonly moreQualifiers = (): void => {
    this.OR2(this.qualifierSepAlts);
    this.list.push(this.SUBRULE2(this.qualifier));
  };

  /** Names an evo-box entry qualifies on: "-dramon (C)", "kok-", "Agumon, Gabumon". */
  private qualifiers = this.RULE("qualifiers", (): NameQualifier[] => {
    const outerList = this.beginList();
    this.list.push(this.SUBRULE(this.qualifier));
    this.MANY(this.moreQualifiers);
    return this.endList<NameQualifier>(outerList);
  });

  private readonly qualifierNameAlts: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(Quoted) },
    { ALT: () => this.CONSUME(Partial) },
    {
      ALT: () => {
        const s = this.LA(1);
        const outerList = this.beginList();
        this.AT_LEAST_ONE(this.pushWord);
        const words = this.endList<string>(outerList);
        return this.RECORDING_PHASE ? NOTHING : ({ image: words.join(" "), startOffset: s.startOffset } as IToken);
      },
    },
  ];
  private readonly levelInParens = (): IToken => {
    this.CONSUME(LParen);
    const w = this.CONSUME2(Word);
    this.CONSUME(RParen);
    return w;
  };

  private qualifier = this.RULE("qualifier", (): NameQualifier => {
    const n = this.OR(this.qualifierNameAlts);
    const levelTok = this.OPTION(this.levelInParens);
    if (this.RECORDING_PHASE) return NOTHING;
    this.ref({ kind: "name", word: n.image, span: this.tokSpan(n) });
    if (levelTok) this.ref({ kind: "level", word: levelTok.image, span: this.tokSpan(levelTok) });
    return { name: namePattern(n.image), level: levelTok ? lvl(levelTok.image) : null };
  });

  private readonly dnaSepAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(Plus) },
    {
      ALT: () => {
        this.CONSUME(Comma);
        if (!this.RECORDING_PHASE) this.anyOf = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.Or);
        if (!this.RECORDING_PHASE) this.anyOf = true;
      },
    },
  ];
  private readonly moreDnaMaterials = (): void => {
    this.OR2(this.dnaSepAlts);
    this.list.push(this.SUBRULE2(this.dnaMaterial));
  };

  /** DNA materials: "Airdramon + Metal Level C", "A, B, C" (any of). Evolution Phase 5.2.2. */
  private dnaMaterials = this.RULE("dnaMaterials", (): EvoEntry => {
    const outerList = this.beginList();
    const outer = this.anyOf;
    this.anyOf = false;
    this.list.push(this.SUBRULE(this.dnaMaterial));
    this.MANY(this.moreDnaMaterials);
    const anyOf = this.anyOf;
    this.anyOf = outer;
    return { kind: "dna", materials: this.endList<DnaMaterial>(outerList), anyOf };
  });

  /** One word of a DNA material: a level onto {@link dnaNode}, a name word onto the list being read. */
  private readonly dnaWordAlts: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        this.CONSUME(K.Level);
        const w = this.CONSUME(Word);
        if (this.RECORDING_PHASE) return;
        this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
        this.dnaNode.level = lvl(w.image);
      },
    },
    { ALT: () => this.list.push(this.CONSUME(Quoted)) },
    { ALT: () => this.list.push(this.CONSUME(Partial)) },
    { ALT: () => this.list.push(this.CONSUME2(Word)) },
  ];
  private readonly dnaWord = (): void => {
    this.OR(this.dnaWordAlts);
  };

  private dnaMaterial = this.RULE("dnaMaterial", (): DnaMaterial => {
    const outerList = this.beginList();
    const outer = this.dnaNode;
    const m: DnaMaterial = (this.dnaNode = { name: null, type: null, level: null });
    this.AT_LEAST_ONE(this.dnaWord);
    this.dnaNode = outer;
    const words = this.endList<IToken>(outerList);
    if (this.RECORDING_PHASE) return NOTHING;
    // A type word is a type; the other words are the name (the checker re-validates).
    const rest: IToken[] = [];
    for (const w of words) {
      if (m.type === null && this.looksLikeType(w.image)) {
        m.type = w.image;
        this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
      } else rest.push(w);
    }
    if (rest.length > 0) {
      let image = rest[0]!.image;
      for (let i = 1; i < rest.length; i++) image += " " + rest[i]!.image;
      m.name = namePattern(image);
      const last = rest[rest.length - 1]!;
      this.ref({ kind: "name", word: image, span: { start: rest[0]!.startOffset, end: last.startOffset + last.image.length } });
    }
    return m;
  });
}

/** The countable a card phrase's zone names ("cards in own hand" → hand). Default: hand. */
function countable(zone: CardPhrase["zone"]): Countable {
  return zone === "attachment" ? "attachments" : (zone ?? "hand");
}

/** An amount times a multiplier ("x100", "+100 for each"). */
function times(a: Amount, per: number): Amount {
  switch (a.kind) {
    case "const":
      return { kind: "const", value: a.value * per };
    case "count":
    case "stat":
    case "previous":
      return { ...a, per: a.per * per };
  }
}

/** Shared by every node that has no refs; never mutated. */
const NO_REFS: Ref[] = [];
Object.freeze(NO_REFS);

/**
 * A level word as the IR level: letters and full names (Glossary "Level"). An unknown word
 * is kept upper-cased; its "level" ref makes the checker report it.
 */
function lvl(word: string): Level {
  return levelOf(word) ?? (word.toUpperCase() as Level);
}

/** The comparison that holds when `op` does not. */
const NEGATED: Readonly<Record<CompareOp, CompareOp>> = { "<": ">=", "<=": ">", "=": "!=", "!=": "=", ">=": "<", ">": "<=" };

function negateOp(op: CompareOp, neg: boolean): CompareOp {
  return neg ? NEGATED[op] : op;
}
