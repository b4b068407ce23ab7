/**
 * The DCG card-text grammar (chevrotain, embedded actions), in the fast style of
 * docs/grammar-style.md: every OR's alternatives and every OPTION/MANY body is a field built
 * once, actions are plain code guarded by `RECORDING_PHASE`, what a rule's activation shares
 * with its alternatives lives in frame fields (the node being filled in), ORs dispatch on the
 * next token's type ({@link FastParser}).
 *
 * Start rule: {@link DcgParser.box} — one text box of a card (effect, inherited effect or
 * security effect) → its effect units.
 *
 * Structure (002 chapter 10, chapter 12; 001 "Effects"):
 * - a box is units; a unit is a head of timings (`[On Play]`, `[Your Turn] [Once Per Turn]`,
 *   `(Hand) [Main]`) and sentences, a keyword line (`<Blocker> (…).`), or a DigiXros line;
 * - a sentence is leads ("When …,", "If …,", "While …,", "By …,", "For each …,", "Until …,",
 *   "Then,", "If you do,") and clauses joined by "and", ", and", "then", "to" (the purpose of
 *   a "you may" cost), ended by a full stop;
 * - a clause is an optional subject, an optional modal ("may", "can", "can't", "doesn't"),
 *   a verb, its object and its arguments ({@link DcgClause});
 * - noun phrases are a count, an owner, pre-modifiers, a noun and post-modifiers
 *   ({@link DcgSelection}).
 *
 * The parser never recovers: the first syntax error stops the unit (a recovered parse is
 * never compiled).
 */
import type { IOrAlt, IToken, TokenType } from "chevrotain";
import type {
  DcgArg,
  DcgClause,
  DcgCmp,
  DcgColor,
  DcgCondition,
  DcgCount,
  DcgDuration,
  DcgEnd,
  DcgEvent,
  DcgFilter,
  DcgKeyword,
  DcgLead,
  DcgNoun,
  DcgPlayer,
  DcgRef,
  DcgSelection,
  DcgSelector,
  DcgSentence,
  DcgSpan,
  DcgStep,
  DcgTiming,
  DcgValue,
  DcgVerb,
  DcgZone,
} from "../../runtime/lang/dcg/ir.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { FastParser, tokenSet } from "../fast-parser.ts";
import { keywordPartsOf } from "./lexer.ts";
import {
  Bullet,
  ColorWord,
  ColorCount,
  Colon,
  Comma,
  DCG_ALL_TOKENS,
  DCG_KW,
  DigiXros,
  KEYWORD_TOKENS,
  KeywordTok,
  NameRef,
  Num,
  OncePerTurn,
  Apostrophe,
  Period,
  Possessive,
  Quote,
  Reminder,
  RParen,
  LParen,
  Semicolon,
  Slash,
  TIMING_TOKENS,
  TimingTok,
  TwicePerTurn,
  type KeywordName,
} from "./tokens.ts";

/** A keyword token type by name; an unknown name fails when the module loads. */
const w = (name: string): TokenType => {
  const t = DCG_KW[name];
  if (!t) throw new Error(`dcg grammar: unknown word ${name}`);
  return t;
};

/** The word token types the grammar names. */
// prettier-ignore
const W = {
  A: w("A"), The: w("The"), This: w("This"), That: w("That"), Those: w("Those"), It: w("It"), Its: w("Its"), Itself: w("Itself"), ItIs: w("ItIs"),
  ThatIs: w("ThatIs"), ThereIs: w("ThereIs"), Them: w("Them"), Their: w("Their"), They: w("They"), You: w("You"), Your: w("Your"), Opponent: w("Opponent"),
  Owner: w("Owner"), Player: w("Player"), Both: w("Both"), Neither: w("Neither"), Each: w("Each"), Every: w("Every"), All: w("All"), Any: w("Any"),
  Other: w("Other"), Another: w("Another"), One: w("One"), None: w("None"), No: w("No"), Non: w("Non"), Same: w("Same"), SameLevel: w("Same-level"),
  Different: w("Different"), Following: w("Following"), Specified: w("Specified"), Chosen: w("Chosen"), Remaining: w("Remaining"), Rest: w("Rest"),
  Digimon: w("Digimon"), Tamer: w("Tamer"), Option: w("Option"), Card: w("Card"), DigiEgg: w("DigiEgg"), NonDigiEgg: w("NonDigiEgg"), NonWhite: w("NonWhite"),
  Token: w("Token"), Digivolution: w("Digivolution"), Security: w("Security"), Memory: w("Memory"), DP: w("DP"), DpBased: w("DpBased"), Cost: w("Cost"),
  Level: w("Level"), Name: w("Name"), Traits: w("Traits"), Type: w("Type"), Form: w("Form"), Attribute: w("Attribute"), Color: w("Color"), Effect: w("Effect"),
  Hand: w("Hand"), Deck: w("Deck"), Trash: w("Trash"), Trashes: w("Trashes"), Trashed: w("Trashed"), Trashing: w("Trashing"), Stack: w("Stack"), Area: w("Area"),
  Battle: w("Battle"), Battling: w("Battling"), Breeding: w("Breeding"), Phase: w("Phase"), Turn: w("Turn"), Attack: w("Attack"), Attacked: w("Attacked"),
  Attacking: w("Attacking"), Top: w("Top"), Bottom: w("Bottom"), Order: w("Order"), Face: w("Face"), Down: w("Down"), Space: w("Space"), Empty: w("Empty"),
  Requirements: w("Requirements"), Number: w("Number"), Copies: w("Copies"), Time: w("Time"), Way: w("Way"), Target: w("Target"), Total: w("Total"),
  Maximum: w("Maximum"), Highest: w("Highest"), Lowest: w("Lowest"), Original: w("Original"), Inherited: w("Inherited"), Bin: w("Bin"),
  Red: w("Red"), Blue: w("Blue"), Yellow: w("Yellow"), Green: w("Green"), Black: w("Black"), Purple: w("Purple"), White: w("White"),
  Play: w("Play"), Played: w("Played"), Playing: w("Playing"), Delete: w("Delete"), Deleted: w("Deleted"), Deleting: w("Deleting"), Deletion: w("Deletion"),
  Place: w("Place"), Placed: w("Placed"), Placing: w("Placing"), Add: w("Add"), Added: w("Added"), Suspend: w("Suspend"), Suspended: w("Suspended"),
  Suspending: w("Suspending"), Unsuspend: w("Unsuspend"), Unsuspended: w("Unsuspended"), Reveal: w("Reveal"), Revealed: w("Revealed"), Return: w("Return"),
  Returned: w("Returned"), Returning: w("Returning"), Activate: w("Activate"), Activating: w("Activating"), Gain: w("Gain"), Get: w("Get"), Lose: w("Lose"),
  Losing: w("Losing"), Reduce: w("Reduce"), Reduced: w("Reduced"), Reducing: w("Reducing"), Decrease: w("Decrease"), Increase: w("Increase"), Decreasing: w("Decreasing"), Draw: w("Draw"),
  Digivolve: w("Digivolve"), Digivolved: w("Digivolved"), Digivolving: w("Digivolving"), Use: w("Use"), Used: w("Used"), Using: w("Using"), Choose: w("Choose"),
  Prevent: w("Prevent"), Give: w("Give"), Pay: w("Pay"), Paid: w("Paid"), Paying: w("Paying"), Switch: w("Switch"), Look: w("Look"), Shuffle: w("Shuffle"),
  Search: w("Search"), Change: w("Change"), Hatch: w("Hatch"), Treat: w("Treat"), Treated: w("Treated"), Include: w("Include"), Including: w("Including"),
  Set: w("Set"), Make: w("Make"), Allows: w("Allows"), Trigger: w("Trigger"), Block: w("Block"), Blocked: w("Blocked"), Unblockable: w("Unblockable"),
  Survives: w("Survives"), Performs: w("Performs"), Checks: w("Checks"), Force: w("Force"), Move: w("Move"), Moved: w("Moved"), Enters: w("Enters"),
  Comes: w("Comes"), Leaving: w("Leaving"), Removed: w("Removed"), Ignoring: w("Ignoring"), Meeting: w("Meeting"), Share: w("Share"), Matching: w("Matching"),
  Dropping: w("Dropping"), Ends: w("Ends"), Having: w("Having"), Recycle: w("Recycle"), Listed: w("Listed"), Affected: w("Affected"),
  May: w("May"), Can: w("Can"), Cant: w("Cant"), Must: w("Must"), Would: w("Would"), Is: w("Is"), Isnt: w("Isnt"), Are: w("Are"), Was: w("Was"),
  Wasnt: w("Wasnt"), Were: w("Were"), Be: w("Be"), Being: w("Being"), Becomes: w("Becomes"), Has: w("Has"), Had: w("Had"), Does: w("Does"),
  Doesnt: w("Doesnt"), Didnt: w("Didnt"), YouHave: w("YouHave"), Of: w("Of"), In: w("In"), Into: w("Into"), Onto: w("Onto"), On: w("On"), To: w("To"),
  From: w("From"), With: w("With"), Without: w("Without"), For: w("For"), By: w("By"), At: w("At"), As: w("As"), Under: w("Under"), Among: w("Among"),
  Against: w("Against"), During: w("During"), After: w("After"), Until: w("Until"), Up: w("Up"), And: w("And"), Or: w("Or"), Nor: w("Nor"), Than: w("Than"),
  Then: w("Then"), If: w("If"), When: w("When"), While: w("While"), Whose: w("Whose"), Instead: w("Instead"), Otherwise: w("Otherwise"), Except: w("Except"),
  Also: w("Also"), Only: w("Only"), Not: w("Not"), There: w("There"), Due: w("Due"), Well: w("Well"), Additional: w("Additional"), Fewer: w("Fewer"),
  Less: w("Less"), More: w("More"), Lower: w("Lower"), Higher: w("Higher"), Equal: w("Equal"), Next: w("Next"), Once: w("Once"), Twice: w("Twice"),
  Per: w("Per"), Normally: w("Normally"), Main: w("Main"), X: w("X"), DNA: w("DNA"), Below: w("Below"), Left: w("Left"),
} as const;

/** What an action returns while chevrotain records the grammar (never used). */
const NOTHING = undefined as never;
/** The value of a frame field outside its rule (never read there). */
const NONE = null as never;

const COLOR_OF = new Map<TokenType, DcgColor>([
  [W.Red, "red"],
  [W.Blue, "blue"],
  [W.Yellow, "yellow"],
  [W.Green, "green"],
  [W.Black, "black"],
  [W.Purple, "purple"],
  [W.White, "white"],
]);
/** The colour names keyword parameters may use (002 2-3). */
const COLOR_NAMES = new Set(["red", "blue", "yellow", "green", "black", "purple", "white"]);
const COLOR_WORDS = tokenSet(W.Red, W.Blue, W.Yellow, W.Green, W.Black, W.Purple, W.White);
/** Words that open a pre-modifier of a noun phrase other than a colour (see `premodAlts`). */
const PREMOD_START = tokenSet(W.Chosen, W.Non, W.Level, W.Suspended, W.Unsuspended, W.Other, W.NonDigiEgg, W.NonWhite, W.SameLevel, ColorCount, W.Top, W.Bottom);

/** The IR name of each timing token. */
const TIMING_OF = new Map<TokenType, DcgTiming>(Object.entries(TIMING_TOKENS).map(([n, t]) => [t, n as DcgTiming]));
/** The IR name of each keyword token. */
const KEYWORD_OF = new Map<TokenType, KeywordName>(Object.entries(KEYWORD_TOKENS).map(([n, t]) => [t, n as KeywordName]));

/**
 * Nouns of things that have no digivolution cards (002 4-3-1: only a Digimon has cards under it;
 * a digivolution card is one of those cards, with none under it).
 */
const NO_SOURCES: ReadonlySet<DcgNoun> = new Set<DcgNoun>(["player", "memory", "effect", "securityStack", "digivolutionCard"]);

/** Keyword effects followed by the effects they activate as "・" bullets: <Digi-Burst> and <Delay> (002 12-14, 12-17). */
const BULLET_KEYWORDS: ReadonlySet<TokenType> = new Set([KEYWORD_TOKENS.digiBurst, KEYWORD_TOKENS.delay]);

/**
 * Keyword effects that make a keyword line when they open a unit (a static ability the card
 * has, 002 12-1); the others are performed ("<Draw 1>") or follow a timing.
 */
const STATIC_KEYWORDS = tokenSet(
  ...(["securityAttack", "blocker", "piercing", "jamming", "digisorption", "reboot", "retaliation", "rush", "decoy", "armorPurge", "materialSave", "evade", "raid", "alliance", "barrier", "fortitude", "partition", "collision", "scapegoat", "blastDigivolve", "blastDnaDigivolve", "save"] as KeywordName[]).map((k) => KEYWORD_TOKENS[k]),
);

function numValue(image: string): number {
  return image.charCodeAt(0) === 0x2212 ? -Number(image.slice(1)) : Number(image);
}

/** The name inside a name reference token: "[Greymon]" → "Greymon", "[ADR-02 Searcher]s" → "ADR-02 Searcher". */
export function refName(image: string): string {
  const close = image.lastIndexOf("]");
  return image.slice(1, close).trim().replace(/\s+/g, " ");
}

const CONST = (n: number): DcgValue => ({ kind: "const", n });
const NO_SPAN: DcgSpan = Object.freeze({ start: 0, end: 0 });

/** An effect unit as parsed; `compiler/check/dcg/` turns it into a {@link import("../../runtime/lang/dcg/ir.ts").DcgEffect}. */
export interface DcgUnitSyn {
  timings: DcgTiming[];
  perTurn: 1 | 2 | null;
  keyword: DcgKeyword | null;
  digixros: { reduction: number; cards: ({ kind: "name"; name: string } | { kind: "select"; what: DcgSelector })[] } | null;
  sentences: DcgSentence[];
  span: DcgSpan;
}

/** The DCG card-text parser. One instance is shared (chevrotain parsers are reusable); see `grammar/dcg/index.ts`. */
export class DcgParser extends FastParser {
  // ─── frames ───────────────────────────────────────────────────────────
  /** The clause being read (its node). */
  private cl: DcgClause = NONE;
  /** The unit being read. */
  private unitNode: DcgUnitSyn = NONE;
  /** The sentence being read. */
  private sent: DcgSentence = NONE;
  /** The event being read. */
  private ev: DcgEvent = NONE;
  /** Whether the sentence being read has begun (a unit ends at a timing opening a sentence). */
  private text = "";

  constructor() {
    super(DCG_ALL_TOKENS, true);
    this.analyse();
  }

  /** Set the text being parsed (for sentence texts). */
  setText(text: string): void {
    this.text = text;
  }

  override reset(): void {
    super.reset();
    this.np_ = NONE;
    this.cl = NONE;
    this.unitNode = NONE;
    this.quoteDepth = 0;
    this.problems = [];
    this.keywordArgs = null;
    this.listKeyword = null;
    this.firstCondAtom = false;
    this.sent = NONE;
    this.ev = NONE;
  }

  // ─── helpers (never called while recording) ─────────────────────────────
  private spanOf(start: IToken): DcgSpan {
    return this.from(start);
  }
  private num(t: IToken): number {
    return numValue(t.image);
  }
  private keyword(t: IToken): DcgKeyword {
    const name = KEYWORD_OF.get(t.tokenType)!;
    const parts = keywordPartsOf(t);
    const params = parts?.params ?? "";
    const k: DcgKeyword = { name, value: null, place: null, colors: [], cards: [], names: [], span: this.tokSpan(t) };
    const at = parts?.paramsAt ?? t.startOffset;
    const problem = (message: string): void => {
      this.problems.push({ severity: "error", code: "dcg-keyword-params", message: `<${t.image.slice(1, -1)}>: ${message} (002 12-3)`, span: { start: at, end: at + params.length } });
    };
    const n = /^(up to\s+)?([+\-−]?\d+)/i.exec(params);
    if (n) {
      k.value = numValue(n[2]!);
      if (n[1]) k.upTo = true;
    }
    const place = /\((deck|trash|hand)\)/i.exec(params);
    if (place) k.place = place[1]!.toLowerCase() as DcgKeyword["place"];
    if (name === "decoy") {
      for (const c of params.replace(/[()]/g, "").split(/[/,]/)) {
        const w = c.trim().toLowerCase();
        if (!w) continue;
        if (COLOR_NAMES.has(w)) k.colors.push(w as DcgColor);
        else problem(`"${c.trim()}" is not a colour (red, blue, yellow, green, black, purple, white)`);
      }
      if (k.colors.length === 0 && params.trim() !== "") problem("names no colour");
    }
    if (name === "partition") {
      // "(blue Lv.4 & green Lv.4)", "(Yellow Lv.6 & Purple/Black Lv.6)", "([Angewomon] & [LadyDevimon])": the specified cards
      for (const part of params.replace(/^\(|\)$/g, "").split("&")) {
        const p = part.trim();
        const named = /^\[([^\]]+)\]$/.exec(p);
        const cl = /^([A-Za-z]+(?:\s*\/\s*[A-Za-z]+)*)\s+Lv\.?\s*(\d+)$/i.exec(p);
        if (named) k.names.push(named[1]!.trim());
        else if (cl && cl[1]!.split("/").every((c) => COLOR_NAMES.has(c.trim().toLowerCase()))) k.cards.push({ colors: cl[1]!.split("/").map((c) => c.trim().toLowerCase() as DcgColor), level: Number(cl[2]) });
        else problem(`"${p}" is not a specified card: write a colour and level ("blue Lv.4") or a name in brackets ("[Angewomon]")`);
      }
    }
    if (name === "blastDnaDigivolve") for (const m of params.matchAll(/\[([^\]]+)\]/g)) k.names.push(m[1]!.trim());
    return k;
  }
  /**
   * What reads but cannot be (error diagnostics, each with the range of the words at fault):
   * keyword parameters that do not read ({@link keyword}), digivolution cards of something
   * that has none ({@link sourcesOf}). `grammar/dcg/index.ts` reports them.
   */
  problems: Diagnostic[] = [];
  /**
   * The digivolution cards of `of` (002 4-3-1: the cards under a Digimon). A phrase that names
   * a player, memory, an effect or a security stack has none: an error on that phrase (read as
   * digivolution cards only by malformed text, "from the a player's security stack").
   */
  private sourcesOf(of: DcgSelector, end: DcgEnd | null = null): DcgZone {
    if (of.kind === "select" && NO_SOURCES.has(of.noun)) {
      this.problems.push({ severity: "error", code: "dcg-sources-owner", message: `"${this.text.slice(of.span.start, of.span.end)}" is read as the owner of digivolution cards, but only a Digimon has cards under it (002 4-3-1)`, span: { ...of.span } });
    }
    return { kind: "digivolutionCards", of, end };
  }
  private newSelection(start: IToken): DcgSelection {
    return { kind: "select", count: { kind: "one" }, owner: null, noun: "card", orNoun: null, filters: [], zone: null, among: null, end: null, span: { start: start.startOffset, end: start.startOffset } };
  }
  private ref(ref: DcgRef["ref"], noun: DcgNoun, start: IToken): DcgRef {
    return { kind: "ref", ref, noun, filters: [], span: this.spanOf(start) };
  }
  private newClause(verb: DcgVerb, start: IToken): DcgClause {
    return { kind: "clause", verb, orVerbs: [], who: null, optional: false, negated: false, permission: false, passive: false, object: null, args: [], span: { start: start.startOffset, end: start.startOffset } };
  }

  // ─── shared one-token bodies ─────────────────────────────────────────────
  private readonly comma = (): IToken => this.CONSUME(Comma);
  private readonly comma2 = (): IToken => this.CONSUME2(Comma);
  private readonly period = (): IToken => this.CONSUME(Period);
  private readonly the = (): IToken => this.CONSUME(W.The);
  private readonly card = (): IToken => this.CONSUME(W.Card);
  private readonly reminder = (): IToken => this.CONSUME(Reminder);

  // ═══ units ═════════════════════════════════════════════════════════════

  /** A text box: units until the end. */
  public box = this.RULE("box", (): DcgUnitSyn[] => {
    const outer = this.beginList();
    this.AT_LEAST_ONE(this.boxUnit);
    return this.endList<DcgUnitSyn>(outer);
  });
  private readonly boxUnit = (): void => {
    const u = this.SUBRULE(this.unit);
    this.list.push(u);
  };

  private readonly unitAlts: IOrAlt<void>[] = [
    { ALT: () => this.SUBRULE(this.keywordLine) },
    { ALT: () => this.SUBRULE(this.digixrosLine) },
    {
      ALT: () => {
        this.SUBRULE(this.head);
        this.SUBRULE(this.body);
      },
    },
    { ALT: () => this.SUBRULE2(this.body) },
  ];

  /** One effect unit. */
  public unit = this.RULE("unit", (): DcgUnitSyn => {
    const start = this.LA(1);
    const outer = this.unitNode;
    this.unitNode = this.RECORDING_PHASE ? NONE : { timings: [], perTurn: null, keyword: null, digixros: null, sentences: [], span: NO_SPAN };
    this.OR(this.unitAlts);
    const u = this.unitNode;
    if (!this.RECORDING_PHASE) u.span = this.spanOf(start);
    this.unitNode = outer;
    return u;
  });

  /** `<Blocker> (…).`: a keyword the card has (002 12-1). */
  private keywordLine = this.RULE("keywordLine", (): void => {
    const k = this.CONSUME(KeywordTok);
    this.OPTION(this.reminder);
    this.OPTION2(this.period);
    if (!this.RECORDING_PHASE) this.unitNode.keyword = this.keyword(k);
  });

  /** `[DigiXros -2] [Shoutmon] x [Ballistamon] …` then its reminder text (002 4-22). */
  private digixrosLine = this.RULE("digixrosLine", (): void => {
    const t = this.CONSUME(DigiXros);
    const outer = this.beginList();
    this.SUBRULE(this.xrosCard);
    this.MANY(this.moreXros);
    const cards = this.endList<{ kind: "name"; name: string } | { kind: "select"; what: DcgSelector }>(outer);
    this.OPTION(this.xrosRule);
    if (!this.RECORDING_PHASE) {
      const n = /-\s*(\d+)/.exec(t.image);
      this.unitNode.digixros = { reduction: n ? Number(n[1]) : 0, cards };
    }
  });
  private readonly moreXros = (): void => {
    this.CONSUME(W.X);
    this.SUBRULE2(this.xrosCard);
  };
  private readonly xrosCardAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const t = this.CONSUME(NameRef);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "name", name: refName(t.image) });
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "select", what: s });
      },
    },
  ];
  private xrosCard = this.RULE("xrosCard", (): void => {
    this.OR(this.xrosCardAlts);
  });
  /** The DigiXros rule text printed after the requirements, read as a sentence and kept (it restates 002 4-22). */
  private readonly xrosRule = (): void => {
    this.SUBRULE(this.sentence);
    this.MANY2(this.moreXrosRule);
  };
  private readonly moreXrosRule = (): void => {
    this.SUBRULE2(this.sentence);
  };

  /** Timings, then a use limit: `[Your Turn] [Once Per Turn]`, `(Hand) [Main]`. */
  private head = this.RULE("head", (): void => {
    this.AT_LEAST_ONE(this.headTiming);
    this.OPTION(this.perTurn);
  });
  private readonly headTiming = (): void => {
    const t = this.CONSUME(TimingTok);
    if (!this.RECORDING_PHASE) this.unitNode.timings.push(TIMING_OF.get(t.tokenType)!);
  };
  private readonly perTurnAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(OncePerTurn);
        if (!this.RECORDING_PHASE) this.unitNode.perTurn = 1;
      },
    },
    {
      ALT: () => {
        this.CONSUME(TwicePerTurn);
        if (!this.RECORDING_PHASE) this.unitNode.perTurn = 2;
      },
    },
  ];
  private readonly perTurn = (): void => {
    this.OR(this.perTurnAlts);
    // "[Once Per Turn]" may also come before a second timing: "[Your Turn] [Once Per Turn] [When Attacking]" is not printed; accept timings after it.
    this.MANY(this.headTiming2);
  };
  private readonly headTiming2 = (): void => {
    const t = this.CONSUME2(TimingTok);
    if (!this.RECORDING_PHASE) this.unitNode.timings.push(TIMING_OF.get(t.tokenType)!);
  };

  /**
   * Sentences of a unit, until the next unit: a timing, a static keyword or a DigiXros tag
   * at the start of a sentence opens the next one.
   */
  private body = this.RULE("body", (): void => {
    this.AT_LEAST_ONE(this.bodySentence);
  });
  private readonly bodySentence = this.gated(
    () => this.sentenceContinues(),
    (): void => {
      const s = this.SUBRULE(this.sentence);
      if (!this.RECORDING_PHASE) this.unitNode.sentences.push(s);
    },
  );

  /** Does a sentence of the current unit start here (not a new unit)? */
  private sentenceContinues(): boolean {
    const t = this.LA(1).tokenType;
    const idx = t.tokenTypeIdx!;
    if (t === DigiXros) return false;
    // Inside a quoted effect, the closing quote ends it.
    if (t === Quote) return this.quoteDepth === 0;
    if (this.isTiming(idx)) return this.unitNode.sentences.length === 0 && this.unitNode.timings.length === 0 ? false : this.isTimingReference();
    // A static keyword opens a keyword line, except as the first sentence after a head.
    if (STATIC_KEYWORDS[idx] === 1) return this.unitNode.sentences.length === 0 && this.unitNode.timings.length > 0;
    return true;
  }
  private isTiming(idx: number): boolean {
    for (const t of this.LA(1).tokenType.CATEGORIES ?? []) if (t === TimingTok) return true;
    void idx;
    return false;
  }
  /** "[Security] skills", "[Main] effect": a timing named inside a sentence, not a unit head. */
  private isTimingReference(): boolean {
    const next = this.LA(2).tokenType;
    return next === W.Effect;
  }

  // ═══ sentences ═════════════════════════════════════════════════════════

  private readonly sentenceAlts: IOrAlt<void>[] = [
    { ALT: () => this.SUBRULE(this.bulletSentence) },
    { ALT: () => this.SUBRULE(this.plainSentence) },
  ];

  /** A sentence: leads, steps, a full stop (or the end of the unit's text). */
  public sentence = this.RULE("sentence", (): DcgSentence => {
    const start = this.LA(1);
    const outer = this.sent;
    this.sent = this.RECORDING_PHASE ? NONE : { leads: [], steps: [], costs: [], joins: [], text: "", span: NO_SPAN };
    this.OR(this.sentenceAlts);
    const s = this.sent;
    if (!this.RECORDING_PHASE) {
      s.span = this.spanOf(start);
      s.text = this.text.slice(s.span.start, s.span.end);
    }
    this.sent = outer;
    return s;
  });

  /** `・Gain 2 memory.`: one bullet of an effect list. */
  private bulletSentence = this.RULE("bulletSentence", (): void => {
    this.CONSUME(Bullet);
    this.SUBRULE(this.plainSentence);
  });

  private plainSentence = this.RULE("plainSentence", (): void => {
    this.MANY(this.leadAndComma);
    this.SUBRULE(this.steps);
    this.OPTION3(this.sentenceEnd);
    // Old print style: the reminder after the full stop ("Trigger <Draw 2>. (Draw 2 cards from your deck.)"), 002 12-2.
    this.OPTION4(this.reminder);
  });
  private readonly sentenceEndAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(Period) },
    { ALT: () => void this.CONSUME(Semicolon) },
  ];
  private readonly sentenceEnd = (): void => {
    this.OR(this.sentenceEndAlts);
  };

  private readonly leadAndComma = this.gated(
    () => this.leadAhead(),
    (): void => {
      const l = this.SUBRULE(this.lead);
      this.OPTION(this.comma);
      if (!this.RECORDING_PHASE) this.sent.leads.push(l);
    },
  );
  private readonly andWouldEvent = this.gated(
    () => this.LA(1).tokenType === W.And && this.LA(2).tokenType === W.Would,
    (): DcgEvent => {
      this.CONSUME9(W.And);
      return this.SUBRULE4(this.eventVerb);
    },
  );
  /** After "When": a subject and "has"/"have" (a state). */
  private whenHasAhead(): boolean {
    for (let k = 2; k < 8; k++) {
      const t = this.LA(k).tokenType;
      if (t === W.Has) return true;
      if (t === W.You) continue;
      if (t === Comma || t === Period || VERB_STARTS[t.tokenTypeIdx!] === 1 || t === W.Is || t === W.Would) return false;
    }
    return false;
  }
  /** A lead starts here ("the" only as "the next time"). */
  private leadAhead(): boolean {
    const t = this.LA(1).tokenType;
    if (t === W.The) return this.LA(2).tokenType === W.Next && this.LA(3).tokenType === W.Time;
    return LEAD_START[t.tokenTypeIdx!] === 1;
  }

  // ─── leads ──────────────────────────────────────────────────────────────
  private readonly leadAlts: IOrAlt<DcgLead>[] = [
    {
      // "When you do, …": as "If you do, …"
      GATE: () => this.LA(1).tokenType === W.When && this.LA(2).tokenType === W.You && this.LA(3).tokenType === W.Does && this.LA(4).tokenType === Comma,
      ALT: () => {
        this.CONSUME3(W.When);
        this.CONSUME(W.You);
        this.CONSUME(W.Does);
        return this.RECORDING_PHASE ? NOTHING : { kind: "ifYouDo", negate: false };
      },
    },
    {
      // Old print: "When this Digimon has [X] in its name, …", "When you have a green Tamer in play, …" — a state, not an event (read as "While", 002 10-2)
      GATE: () => this.LA(1).tokenType === W.When && this.whenHasAhead(),
      ALT: () => {
        this.CONSUME2(W.When);
        const c = this.SUBRULE3(this.condition);
        const e = this.OPTION6(this.andWouldEvent);
        if (this.RECORDING_PHASE) return NOTHING;
        if (e === undefined) return { kind: "while", condition: c };
        // "When this Digimon has [X] in its name and would be deleted in battle": the event, if the state holds
        e.subject = this.lastCondWho;
        this.sent.leads.push({ kind: "if", condition: c });
        return { kind: "when", event: e };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.When);
        const e = this.SUBRULE(this.event);
        return this.RECORDING_PHASE ? NOTHING : { kind: "when", event: e };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.If);
        return this.SUBRULE(this.ifTail);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.While);
        const c = this.SUBRULE(this.condition);
        return this.RECORDING_PHASE ? NOTHING : { kind: "while", condition: c };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Then);
        return this.RECORDING_PHASE ? NOTHING : { kind: "then" };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Otherwise);
        return this.RECORDING_PHASE ? NOTHING : { kind: "otherwise" };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.By);
        const c = this.SUBRULE(this.gerundClause);
        return this.RECORDING_PHASE ? NOTHING : { kind: "by", cost: c };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Until);
        const d = this.SUBRULE(this.untilTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: d };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.For);
        return this.SUBRULE(this.forLead);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.At);
        const of = this.SUBRULE(this.atEndOf);
        return this.RECORDING_PHASE ? NOTHING : of === "battle" ? { kind: "atEndOfBattle" } : { kind: "atEndOfTurn" };
      },
    },
    {
      // "The next time one of your Digimon would be deleted, …" (a one-shot replacement, 002 10-7)
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Next);
        this.CONSUME(W.Time);
        const e = this.SUBRULE2(this.event);
        return this.RECORDING_PHASE ? NOTHING : { kind: "nextTime", event: e };
      },
    },
    {
      // "During your opponent's next unsuspend phase, …"
      ALT: () => {
        this.CONSUME(W.During);
        const d = this.SUBRULE(this.duringArg);
        return this.RECORDING_PHASE ? NOTHING : { kind: "during", during: d };
      },
    },
    { ALT: () => (this.CONSUME(W.Instead), this.RECORDING_PHASE ? NOTHING : { kind: "instead" }) },
  ];
  /** A lead before a sentence's clauses (002 10-2). */
  private lead = this.RULE("lead", (): DcgLead => this.OR(this.leadAlts));

  /** "At the end of the battle", "At end of turn". */
  private atEndOf = this.RULE("atEndOf", (): "battle" | "turn" => {
    this.OPTION(this.the);
    this.CONSUME(W.Ends);
    this.CONSUME(W.Of);
    this.OPTION2(this.the2);
    return this.OR(this.endOfWhatAlts);
  });
  private readonly the2 = (): IToken => this.CONSUME2(W.The);
  private readonly endOfWhatAlts: IOrAlt<"battle" | "turn">[] = [{ ALT: () => (this.CONSUME(W.Battle), "battle") }, { ALT: () => (this.CONSUME(W.Turn), "turn") }];

  private readonly ifTailAlts: IOrAlt<DcgLead>[] = [
    {
      // "If you do," / "If you don't,"
      GATE: () => (this.LA(1).tokenType === W.You || this.LA(1).tokenType === W.It || this.LA(1).tokenType === W.They) && (this.LA(2).tokenType === W.Does || this.LA(2).tokenType === W.Doesnt) && this.LA(3).tokenType === Comma,
      ALT: () => {
        this.OR3(this.youItAlts);
        const neg = this.OR2(this.doAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "ifYouDo", negate: neg };
      },
    },
    {
      ALT: () => {
        const c = this.SUBRULE(this.condition);
        return this.RECORDING_PHASE ? NOTHING : { kind: "if", condition: c };
      },
    },
  ];
  private readonly youItAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.You) }, { ALT: () => void this.CONSUME(W.It) }, { ALT: () => void this.CONSUME(W.They) }];
  private readonly doAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Does), false) },
    { ALT: () => (this.CONSUME(W.Doesnt), true) },
  ];
  private ifTail = this.RULE("ifTail", (): DcgLead => this.OR(this.ifTailAlts));

  /** "For each …," / "For every 10 cards in your trash," / "For the turn," */
  private readonly forLeadAlts: IOrAlt<DcgLead>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Each);
        this.OPTION(this.ofWord);
        const s0 = this.SUBRULE(this.npRest);
        const outer = this.beginList();
        this.bothMode = "and";
        this.MANY(this.andCounted);
        const more = this.endList<DcgSelector>(outer);
        const s: DcgSelector = this.RECORDING_PHASE || more.length === 0 ? s0 : { kind: "both", mode: this.bothMode, items: [s0, ...more], span: { start: s0.span.start, end: more[more.length - 1]!.span.end } };
        return this.RECORDING_PHASE ? NOTHING : { kind: "forEach", what: s, per: 1 };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Every);
        const n = this.CONSUME(Num);
        const s = this.SUBRULE2(this.npRest);
        return this.RECORDING_PHASE ? NOTHING : { kind: "forEach", what: s, per: this.num(n) };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: { kind: "turn" } };
      },
    },
  ];
  private readonly ofWord = (): IToken => this.CONSUME(W.Of);
  private forLead = this.RULE("forLead", (): DcgLead => this.OR(this.forLeadAlts));

  /** After "until": "the end of your opponent's (next) turn", "the end of the battle". */
  private untilTail = this.RULE("untilTail", (): DcgDuration => {
    this.CONSUME(W.The);
    return this.OR2(this.untilAlts);
  });
  private readonly untilAlts: IOrAlt<DcgDuration>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Ends);
        this.CONSUME(W.Of);
        return this.OR(this.untilWhatAlts);
      },
    },
    {
      // "until the next time your opponent's turn ends": the end of the opponent's next turn
      ALT: () => {
        this.CONSUME(W.Next);
        this.CONSUME(W.Time);
        this.CONSUME3(W.Your);
        const opp = this.OPTION4(this.opponentPossessive6);
        this.CONSUME3(W.Turn);
        this.CONSUME2(W.Ends);
        return this.RECORDING_PHASE ? NOTHING : opp ? { kind: "endOfOpponentsTurn", next: true } : { kind: "endOfYourTurn", next: true };
      },
    },
  ];
  private readonly untilWhatAlts: IOrAlt<DcgDuration>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Your);
        const opp = this.OPTION(this.opponentPossessive);
        const next = this.OPTION2(this.next);
        this.CONSUME(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : opp ? { kind: "endOfOpponentsTurn", next: !!next } : { kind: "endOfYourTurn", next: !!next };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Their);
        const next = this.OPTION3(this.next2);
        this.CONSUME2(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "endOfOpponentsTurn", next: !!next };
      },
    },
    {
      ALT: () => {
        this.CONSUME2(W.The);
        const what = this.OR3(this.endOfWhatAlts2);
        if (this.RECORDING_PHASE) return NOTHING;
        // "until the end of the battle/attack/turn"
        return what === "turn" ? { kind: "turn" } : what === "attack" ? { kind: "endOfAttack" } : { kind: "endOfBattle" };
      },
    },
    { ALT: () => (this.CONSUME4(W.Turn), this.RECORDING_PHASE ? NOTHING : { kind: "turn" }) },
  ];
  private readonly endOfWhatAlts2: IOrAlt<"battle" | "attack" | "turn">[] = [
    { ALT: () => (this.CONSUME(W.Battle), "battle") },
    { ALT: () => (this.CONSUME(W.Attack), "attack") },
    { ALT: () => (this.CONSUME5(W.Turn), "turn") },
  ];
  private readonly opponentPossessive = (): IToken => {
    this.CONSUME(W.Opponent);
    return this.CONSUME(Possessive);
  };
  private readonly next = (): IToken => this.CONSUME1(W.Next);
  private readonly opponentPossessive6 = (): IToken => {
    this.CONSUME3(W.Opponent);
    return this.CONSUME3(Possessive);
  };
  private readonly next2 = (): IToken => this.CONSUME2(W.Next);

  // ─── steps ──────────────────────────────────────────────────────────────

  /** Steps joined by "and", ", and", ", then", "to" (a cost's purpose). */
  private steps = this.RULE("steps", (): void => {
    this.SUBRULE(this.step);
    this.MANY(this.moreSteps);
  });
  private readonly moreSteps = this.gated(
    () => this.stepConnectorAhead(),
    (): void => {
      this.SUBRULE(this.connector);
      this.SUBRULE2(this.step);
    },
  );
  /** "and", ", and", ", then", "then", "to", "," before a verb. */
  private stepConnectorAhead(): boolean {
    const t1 = this.LA(1).tokenType;
    if (t1 === W.Then) return this.LA(2).tokenType !== Comma;
    if (t1 === W.And || t1 === W.To) return true;
    // "can't delete this Digimon or return it to its owner's hand"
    if (t1 === W.Or) return this.isVerbStart(this.LA(2).tokenType) || this.LA(2).tokenType === W.Be;
    if (t1 === Comma) {
      const t2 = this.LA(2).tokenType;
      if (t2 === W.Or) return this.isVerbStart(this.LA(3).tokenType);
      if (t2 === W.If) return this.LA(3).tokenType === W.You && this.LA(4).tokenType === W.Does && this.LA(5).tokenType === Comma;
      return t2 === W.And || t2 === W.Then || this.isVerbStart(t2);
    }
    if (t1 === W.Then && this.LA(2).tokenType === Comma) {
      // "…, Then, you may …" inside a sentence is rare; a new sentence "Then, …" starts after a full stop
      return false;
    }
    return false;
  }
  private isVerbStart(t: TokenType): boolean {
    return VERB_STARTS[t.tokenTypeIdx!] === 1 || KEYWORD_OF.has(t);
  }
  private readonly connectorAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.And), this.join("and")) },
    { ALT: () => (this.CONSUME(W.Then), this.join("then")) },
    { ALT: () => (this.CONSUME(W.Or), this.join("or")) },
    {
      ALT: () => {
        this.CONSUME(W.To);
        this.join("to");
        // The step before "to" is the cost of the step after it (002 10-6).
        if (!this.RECORDING_PHASE) this.sent.costs[this.sent.costs.length - 1] = true;
      },
    },
    {
      GATE: () => this.LA(2).tokenType !== W.If,
      ALT: () => {
        this.CONSUME(Comma);
        const w = this.OPTION(this.andOrThen);
        this.OPTION2(this.commaAfterThen);
        this.join(w ?? ",");
      },
    },
    {
      // "…, if you do, gain 1 memory"
      GATE: () => this.LA(1).tokenType === Comma && this.LA(2).tokenType === W.If,
      ALT: () => {
        this.CONSUME2(Comma);
        this.CONSUME(W.If);
        this.CONSUME(W.You);
        this.CONSUME(W.Does);
        this.CONSUME3(Comma);
        this.join("ifYouDo");
      },
    },
  ];
  /** ", Then, you may …": the comma after "Then". */
  private readonly commaAfterThen = this.gated(
    () => this.LA(0).tokenType === W.Then && this.LA(1).tokenType === Comma,
    (): IToken => this.CONSUME1(Comma),
  );
  /** Record how the next step joins the one before (the sentence's `joins`). */
  private join(j: DcgSentence["joins"][number]): void {
    if (!this.RECORDING_PHASE) this.sent.joins.push(j);
  }
  private readonly andOrThenAlts: IOrAlt<"and" | "then" | "or">[] = [{ ALT: () => (this.CONSUME2(W.And), "and") }, { ALT: () => (this.CONSUME2(W.Then), "then") }, { ALT: () => (this.CONSUME2(W.Or), "or") }];
  private readonly andOrThen = (): "and" | "then" | "or" => this.OR2(this.andOrThenAlts);
  private connector = this.RULE("connector", (): void => {
    this.OR(this.connectorAlts);
  });

  private readonly stepAlts: IOrAlt<DcgStep>[] = [
    {
      // "you may <Recovery +1 (Deck)>": an optional keyword effect
      GATE: () => this.LA(1).tokenType === W.You && this.LA(2).tokenType === W.May && KEYWORD_OF.has(this.LA(3).tokenType),
      ALT: () => {
        this.CONSUME(W.You);
        this.CONSUME(W.May);
        const s = this.SUBRULE2(this.keywordStep);
        if (!this.RECORDING_PHASE && s.kind === "keywordAction") s.optional = true;
        return s;
      },
    },
    { ALT: () => this.SUBRULE(this.keywordStep) },
    { ALT: () => this.SUBRULE(this.clause) },
  ];
  /** One step of a sentence. */
  private step = this.RULE("step", (): void => {
    const s = this.OR(this.stepAlts);
    if (!this.RECORDING_PHASE) {
      this.sent.steps.push(s);
      this.sent.costs.push(false);
    }
  });

  /** "Trigger <Draw 1> (…)", "<De-Digivolve 1> on 1 of your opponent's Digimon (…)", "<Digi-Burst 2> (…) ・…". */
  private keywordStep = this.RULE("keywordStep", (): DcgStep => {
    const start = this.LA(1);
    this.OPTION(this.trigger);
    const k = this.CONSUME(KeywordTok);
    this.OPTION2(this.reminder);
    const target = this.OPTION3(this.keywordTarget);
    this.OPTION4(this.reminder2);
    const outerCl = this.cl;
    const outerKeywordArgs = this.keywordArgs;
    const c = this.RECORDING_PHASE ? NONE : this.newClause("activate", start);
    this.cl = c;
    this.keywordArgs = c;
    this.MANY(this.arg);
    this.cl = outerCl;
    this.keywordArgs = outerKeywordArgs;
    this.listKeyword = k.tokenType;
    const bullets = this.OPTION5(this.bulletList);
    if (this.RECORDING_PHASE) return NOTHING;
    const kw = this.keyword(k);
    if (bullets) return { kind: "bullets", keyword: kw, bullets, span: this.spanOf(start) };
    return { kind: "keywordAction", keyword: kw, target: target ?? null, args: c.args, optional: false, span: this.spanOf(start) };
  });
  private readonly trigger = (): IToken => this.CONSUME(W.Trigger);
  private readonly reminder2 = (): IToken => this.CONSUME2(Reminder);
  private readonly keywordTarget = (): DcgSelector => {
    this.CONSUME(W.On);
    return this.SUBRULE(this.np);
  };
  /** The clause collecting the arguments of the keyword step being read (a reminder is none of them, see `argAlts`). */
  private keywordArgs: DcgClause | null = null;
  /** The keyword of the keyword step being read, for {@link bulletList}'s gate (set just before it). */
  private listKeyword: TokenType | null = null;
  /**
   * A keyword's effect list: an optional full stop, then "・" sentences. Only <Digi-Burst> and
   * <Delay> have one (002 12-14, 12-17: "activate the effect below"); the bullets after any
   * other keyword ("・<Draw 2>. ・Gain 1 memory.") are the bullets of the list it is in.
   */
  private readonly bulletList = this.gated(
    () => this.listKeyword !== null && BULLET_KEYWORDS.has(this.listKeyword) && (this.LA(1).tokenType === Bullet || (this.LA(1).tokenType === Period && this.LA(2).tokenType === Bullet)),
    (): DcgSentence[] => {
      this.OPTION6(this.period);
      const outer = this.beginList();
      this.AT_LEAST_ONE(this.oneBullet);
      return this.endList<DcgSentence>(outer);
    },
  );
  private readonly oneBullet = (): void => {
    this.CONSUME(Bullet);
    const s = this.SUBRULE(this.bulletBody);
    this.list.push(s);
  };
  /** The sentence of one bullet (a sentence of its own, inside the keyword's step). */
  private bulletBody = this.RULE("bulletBody", (): DcgSentence => {
    const start = this.LA(1);
    const outer = this.sent;
    this.sent = this.RECORDING_PHASE ? NONE : { leads: [], steps: [], costs: [], joins: [], text: "", span: NO_SPAN };
    this.MANY(this.leadAndComma2);
    this.SUBRULE(this.steps);
    this.OPTION(this.sentenceEnd2);
    const s = this.sent;
    if (!this.RECORDING_PHASE) {
      s.span = this.spanOf(start);
      s.text = this.text.slice(s.span.start, s.span.end);
    }
    this.sent = outer;
    return s;
  });
  private readonly leadAndComma2 = this.gated(
    () => this.leadAhead(),
    (): void => {
      const l = this.SUBRULE(this.lead);
      this.OPTION2(this.comma2);
      if (!this.RECORDING_PHASE) this.sent.leads.push(l);
    },
  );
  private readonly sentenceEnd2 = (): void => {
    this.OR(this.sentenceEndAlts2);
  };
  private readonly sentenceEndAlts2: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME2(Period) }, { ALT: () => void this.CONSUME2(Semicolon) }];

  // ═══ noun phrases ═════════════════════════════════════════════════════

  private readonly npAlts: IOrAlt<DcgSelector>[] = [
    {
      // "this Digimon's level 6 digivolution cards": a phrase owned by a deictic one
      GATE: () => (this.LA(1).tokenType === W.This || this.LA(1).tokenType === W.That) && POSSESSIVE[this.LA(3).tokenTypeIdx] === 1 && !this.isDigivolutionAhead(4) && !TIMING_OF.has(this.LA(4).tokenType),
      ALT: () => this.SUBRULE2(this.npRest),
    },
    { ALT: () => this.SUBRULE(this.deictic) },
    { ALT: () => this.SUBRULE(this.theNp) },
    { ALT: () => this.SUBRULE(this.countedNp) },
    { ALT: () => this.SUBRULE(this.npRest) },
  ];
  /** A noun phrase: what a clause acts on ({@link DcgSelector}). */
  public np = this.RULE("np", (): DcgSelector => this.OR(this.npAlts));

  // ─── deictic phrases ───
  private readonly deicticAlts: IOrAlt<DcgSelector>[] = [
    {
      ALT: () => {
        const t = this.CONSUME(W.This);
        const noun = this.SUBRULE(this.thisNoun);
        return this.RECORDING_PHASE ? NOTHING : this.ref("this", noun, t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.That);
        const noun = this.OPTION2(this.deicticNoun) ?? "card";
        return this.RECORDING_PHASE ? NOTHING : this.ref("that", noun, t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Those);
        const noun = this.SUBRULE2(this.nounWord);
        return this.RECORDING_PHASE ? NOTHING : this.ref("them", noun, t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.It);
        return this.RECORDING_PHASE ? NOTHING : this.ref("it", "card", t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Itself);
        return this.RECORDING_PHASE ? NOTHING : this.ref("this", "card", t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Them);
        return this.RECORDING_PHASE ? NOTHING : this.ref("them", "card", t);
      },
    },
  ];
  /** "this Digimon", "that card", "those Digimon", "it", "them" — then "'s digivolution cards" makes a zone. */
  private deictic = this.RULE("deictic", (): DcgSelector => {
    const r = this.OR(this.deicticAlts);
    // "this Digimon's digivolution cards": the cards are the deictic phrase's.
    const outer = this.owned;
    if (!this.RECORDING_PHASE) this.owned = r;
    const z = this.OPTION(this.ownedZoneTail);
    this.owned = outer;
    return z ?? r;
  });
  /** After "this Digimon's" (or "its"): "digivolution cards", "top digivolution card", "bottom digivolution card". */
  private readonly ownedZoneTail = this.gated(
    () => POSSESSIVE[this.LA(1).tokenTypeIdx] === 1 && this.isDigivolutionAhead(2),
    (): DcgSelection => {
      this.CONSUME(Possessive);
      return this.SUBRULE(this.digivolutionCardsOf);
    },
  );
  private isDigivolutionAhead(k: number): boolean {
    const t = this.LA(k).tokenType;
    return t === W.Digivolution || ((t === W.Top || t === W.Bottom) && this.LA(k + 1).tokenType === W.Digivolution);
  }
  /** "digivolution cards" of the deictic phrase just read (the frame {@link owned}). */
  private digivolutionCardsOf = this.RULE("digivolutionCardsOf", (): DcgSelection => {
    const start = this.LA(1);
    const end = this.OPTION(this.topOrBottom) ?? null;
    this.CONSUME(W.Digivolution);
    this.CONSUME(W.Card);
    if (this.RECORDING_PHASE) return NOTHING;
    const owner = this.owned;
    const s = this.newSelection(start);
    s.count = end ? { kind: "n", n: 1, upTo: false } : { kind: "all" };
    s.noun = "digivolutionCard";
    s.zone = { kind: "digivolutionCards", of: owner, end };
    s.end = end;
    s.span = this.spanOf(start);
    return s;
  });
  /** The owner of the zone being read ("this Digimon" of "this Digimon's digivolution cards"). */
  private owned: DcgSelector = NONE;
  private readonly topOrBottomAlts: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME(W.Top), "top") },
    { ALT: () => (this.CONSUME(W.Bottom), "bottom") },
  ];
  private readonly topOrBottom = (): "top" | "bottom" => this.OR(this.topOrBottomAlts);

  private readonly thisNounAlts: IOrAlt<DcgNoun>[] = [
    { ALT: () => (this.CONSUME(W.Digimon), "digimon") },
    {
      ALT: () => {
        this.CONSUME(W.Card);
        this.OPTION(this.slashDigimon);
        return "card";
      },
    },
    { ALT: () => (this.CONSUME(W.Tamer), "tamer") },
    {
      ALT: () => {
        this.CONSUME(W.Option);
        this.OPTION2(this.card2);
        return "option";
      },
    },
    { ALT: () => (this.CONSUME(W.Effect), "effect") },
    { ALT: () => (this.CONSUME(W.DigiEgg), "digiEgg") },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME3(W.Card);
        return "digivolutionCard";
      },
    },
  ];
  private readonly slashDigimon = (): void => {
    this.CONSUME(Slash);
    this.CONSUME2(W.Digimon);
  };
  private thisNoun = this.RULE("thisNoun", (): DcgNoun => this.OR(this.thisNounAlts));
  private readonly deicticNoun = (): DcgNoun => this.SUBRULE(this.nounWord);

  // ─── "the …" ───
  private readonly theAlts: IOrAlt<DcgSelector>[] = [
    {
      // "the Digimon that digivolved with this effect", "the Digimon you returned with this effect"
      GATE: () => NOUN_WORDS[this.LA(1).tokenTypeIdx] === 1 && ((this.LA(2).tokenType === W.That && (this.LA(3).tokenType === W.Digivolved || this.LA(3).tokenType === W.Played)) || (this.LA(2).tokenType === W.You && PAST_DONE[this.LA(3).tokenTypeIdx] === 1)),
      ALT: () => {
        const s = this.SUBRULE4(this.npRest);
        if (!this.RECORDING_PHASE) s.count = { kind: "the" };
        return s;
      },
    },
    {
      // "The [When Digivolving] effects on level 7 Digimon"
      GATE: () => TIMING_OF.has(this.LA(1).tokenType),
      ALT: () => this.SUBRULE3(this.npRest),
    },
    {
      // "the top 3 cards of your deck", "the bottom digivolution card of …"
      ALT: () => {
        const start = this.LA(0);
        const end = this.OR2(this.topOrBottomAlts2);
        const n = this.OPTION(this.countNum);
        const noun = this.SUBRULE(this.nounWord);
        this.OR5(this.ofOnAlts);
        const zone = this.SUBRULE(this.zoneOrOwner);
        if (this.RECORDING_PHASE) return NOTHING;
        const s = this.newSelection(start);
        s.count = { kind: "n", n: n ? this.num(n) : 1, upTo: false };
        s.noun = noun;
        s.zone = zone;
        s.end = end;
        s.span = this.spanOf(start);
        return s;
      },
    },
    {
      ALT: () => {
        const t = this.LA(0);
        const r = this.OR3(this.theRefWordAlts);
        const noun = this.OPTION2(this.deicticNoun2) ?? "card";
        this.OPTION3(this.ofTheCards);
        return this.RECORDING_PHASE ? NOTHING : this.ref(r, noun, t);
      },
    },
    {
      // "the digivolution cards of 1 of your Digimon"
      GATE: () => this.LA(3).tokenType === W.Of,
      ALT: () => {
        const start = this.LA(0);
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        this.CONSUME2(W.Of);
        const of = this.SUBRULE(this.np);
        if (this.RECORDING_PHASE) return NOTHING;
        const s = this.newSelection(start);
        s.count = { kind: "all" };
        s.noun = "digivolutionCard";
        s.zone = this.sourcesOf(of);
        s.span = this.spanOf(start);
        return s;
      },
    },
    {
      // "the Tamer", "the Digimon", "the card": the one already named.
      ALT: () => {
        const t = this.LA(0);
        const noun = this.SUBRULE2(this.nounWord);
        return this.RECORDING_PHASE ? NOTHING : this.ref("that", noun, t);
      },
    },
  ];
  /** "the top card of …", "the top digivolution card on 1 of …". */
  private readonly ofOnAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Of) }, { ALT: () => void this.CONSUME(W.On) }];
  private readonly topOrBottomAlts2: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME2(W.Top), "top") },
    { ALT: () => (this.CONSUME2(W.Bottom), "bottom") },
  ];
  private readonly countNum = (): IToken => this.CONSUME(Num);
  private readonly deicticNoun2 = (): DcgNoun => this.SUBRULE3(this.nounWord);
  private readonly ofTheCards = (): void => {
    this.CONSUME3(W.Of);
    this.CONSUME2(W.The);
    this.CONSUME2(W.Card);
  };
  private readonly theRefWordAlts: IOrAlt<DcgRef["ref"]>[] = [
    { ALT: () => (this.CONSUME(W.Remaining), "remaining") },
    { ALT: () => (this.CONSUME(W.Rest), "remaining") },
    { ALT: () => (this.CONSUME(W.Revealed), "revealed") },
    { ALT: () => (this.CONSUME(W.Chosen), "chosen") },
    { ALT: () => (this.CONSUME(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME(W.Played), "played") },
    { ALT: () => (this.CONSUME(W.Deleted), "deleted") },
    { ALT: () => (this.CONSUME(W.Returned), "returned") },
    { ALT: () => (this.CONSUME(W.Placed), "placed") },
    { ALT: () => (this.CONSUME(W.Added), "added") },
    { ALT: () => (this.CONSUME(W.Specified), "that") },
    { ALT: () => (this.CONSUME(W.Attacking), "attacker") },
    { ALT: () => (this.CONSUME(W.Battling), "battling") },
    { ALT: () => (this.CONSUME(W.Suspended), "that") },
    { ALT: () => (this.CONSUME(W.Digivolving), "digivolving") },
  ];
  private readonly theRefWordAlts2: IOrAlt<DcgRef["ref"]>[] = [
    { ALT: () => (this.CONSUME9(W.Remaining), "remaining") },
    { ALT: () => (this.CONSUME9(W.Rest), "remaining") },
    { ALT: () => (this.CONSUME9(W.Revealed), "revealed") },
    { ALT: () => (this.CONSUME9(W.Chosen), "chosen") },
    { ALT: () => (this.CONSUME9(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME9(W.Played), "played") },
    { ALT: () => (this.CONSUME9(W.Deleted), "deleted") },
    { ALT: () => (this.CONSUME9(W.Returned), "returned") },
    { ALT: () => (this.CONSUME9(W.Placed), "placed") },
    { ALT: () => (this.CONSUME9(W.Added), "added") },
    { ALT: () => (this.CONSUME9(W.Specified), "that") },
    { ALT: () => (this.CONSUME9(W.Attacking), "attacker") },
    { ALT: () => (this.CONSUME9(W.Battling), "battling") },
    { ALT: () => (this.CONSUME9(W.Suspended), "that") },
    { ALT: () => (this.CONSUME9(W.Digivolving), "digivolving") },
  ];
  private theNp = this.RULE("theNp", (): DcgSelector => {
    this.CONSUME(W.The);
    return this.OR(this.theAlts);
  });

  // ─── counted phrases ───
  private readonly countAlts: IOrAlt<DcgCount>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        if (this.RECORDING_PHASE) return NOTHING;
        return cmp === "eq" ? { kind: "n", n: this.num(n), upTo: false } : { kind: "cmp", cmp, n: this.num(n) };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Up);
        this.CONSUME(W.To);
        const n = this.CONSUME2(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "n", n: this.num(n), upTo: true };
      },
    },
    { ALT: () => (this.CONSUME(W.A), this.RECORDING_PHASE ? NOTHING : { kind: "one" }) },
    { ALT: () => (this.CONSUME(W.One), this.RECORDING_PHASE ? NOTHING : { kind: "n", n: 1, upTo: false }) },
    { ALT: () => (this.CONSUME(W.All), this.RECORDING_PHASE ? NOTHING : { kind: "all" }) },
    { ALT: () => (this.CONSUME(W.Each), this.RECORDING_PHASE ? NOTHING : { kind: "each" }) },
    { ALT: () => (this.CONSUME(W.Every), this.RECORDING_PHASE ? NOTHING : { kind: "each" }) },
    { ALT: () => (this.CONSUME(W.Another), this.RECORDING_PHASE ? NOTHING : { kind: "another" }) },
    { ALT: () => (this.CONSUME(W.No), this.RECORDING_PHASE ? NOTHING : { kind: "none" }) },
    {
      ALT: () => {
        this.CONSUME(W.Any);
        return this.OR2(this.anyAlts);
      },
    },
    { ALT: () => (this.CONSUME(W.None), this.RECORDING_PHASE ? NOTHING : { kind: "none" }) },
  ];
  private readonly anyAlts: IOrAlt<DcgCount>[] = [
    { ALT: () => this.anyNumberOf() },
    {
      // "any 1 of this Digimon's digivolution cards"
      ALT: () => {
        const n = this.CONSUME3(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "n", n: this.num(n), upTo: false };
      },
    },
    { ALT: () => (this.RECORDING_PHASE ? NOTHING : { kind: "any" }) },
  ];
  private readonly anyNumberOf = (): DcgCount => {
    this.CONSUME(W.Number);
    return this.RECORDING_PHASE ? NOTHING : { kind: "anyNumber" };
  };
  private readonly countedTailAlts: IOrAlt<DcgSelector>[] = [
    {
      // "play one from your hand": one of the card just named
      GATE: () => this.LA(0).tokenType === W.One && (this.LA(1).tokenType === W.From || this.LA(1).tokenType === W.In),
      ALT: () => {
        const t = this.CONSUME2(W.From);
        const z = this.SUBRULE2(this.fromZone);
        if (this.RECORDING_PHASE) return NOTHING;
        const s = this.newSelection(t);
        s.zone = z;
        s.filters.push({ kind: "sameName", as: this.ref("that", "card", t) });
        return s;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Of);
        return this.SUBRULE(this.np);
      },
    },
    { ALT: () => this.SUBRULE(this.npRest) },
  ];
  /** "1 of your opponent's Digimon", "2 red Digimon cards", "all of them", "up to 3 …", "any number of …". */
  private countedNp = this.RULE("countedNp", (): DcgSelector => {
    const start = this.LA(1);
    const count = this.OR(this.countAlts);
    const inner = this.OR1(this.countedTailAlts);
    if (this.RECORDING_PHASE) return NOTHING;
    if (inner.kind === "ref") {
      const s = this.newSelection(start);
      s.count = count;
      s.noun = inner.noun;
      s.among = inner;
      s.span = this.spanOf(start);
      return s;
    }
    if (inner.kind === "both") return inner;
    inner.count = count;
    inner.span = this.spanOf(start);
    return inner;
  });

  // ─── the general phrase: owner, pre-modifiers, noun, post-modifiers ───
  private npRest = this.RULE("npRest", (): DcgSelection => {
    const start = this.LA(1);
    const outer = this.np_;
    const s = this.RECORDING_PHASE ? NONE : this.newSelection(start);
    this.np_ = s;
    this.OPTION(this.ownerSub);
    this.MANY(this.premodSub);
    this.SUBRULE(this.npHead);
    this.MANY2(this.postmod);
    if (!this.RECORDING_PHASE) s.span = this.spanOf(start);
    this.np_ = outer;
    return s;
  });
  private readonly ownerSub = (): void => this.SUBRULE(this.owner);
  /** A pre-modifier comes next: a colour word, "level 4", "suspended", "other" (not "other than") … */
  private readonly premodSub = this.gated(
    () => {
      const t = this.LA(1);
      if (COLOR_WORDS[t.tokenTypeIdx] === 1) return true;
      if (t.tokenType === W.Other) return this.LA(2).tokenType !== W.Than;
      if (t.tokenType === W.Level) return this.LA(2).tokenType === Num;
      return PREMOD_START[t.tokenTypeIdx] === 1 || TIMING_OF.has(t.tokenType);
    },
    (): void => this.SUBRULE(this.premod),
  );
  /** The selection being read by {@link npRest}. */
  private np_: DcgSelection = NONE;

  private readonly ownerAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Your);
        const opp = this.OPTION(this.opponentPossessive2);
        if (!this.RECORDING_PHASE) this.np_.owner = opp ? "opponent" : "you";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Opponent);
        this.CONSUME(Possessive);
        if (!this.RECORDING_PHASE) this.np_.owner = "opponent";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Their);
        const own = this.OPTION2(this.ownerPossessive);
        if (!this.RECORDING_PHASE) this.np_.owner = own ? "owner" : "opponent";
      },
    },
    {
      GATE: () => this.LA(2).tokenType === W.Owner,
      ALT: () => {
        this.CONSUME(W.Its);
        this.CONSUME(W.Owner);
        this.CONSUME2(Possessive);
        if (!this.RECORDING_PHASE) this.np_.owner = "owner";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Both);
        this.CONSUME(W.Player);
        this.CONSUME3(Possessive);
        if (!this.RECORDING_PHASE) this.np_.owner = "both";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Neither);
        this.CONSUME2(W.Player);
        this.CONSUME4(Possessive);
        if (!this.RECORDING_PHASE) {
          this.np_.owner = "both";
          // "Neither player's Digimon can be deleted": the clause says "can't" of both players' (002 14)
          this.neither = true;
        }
      },
    },
    {
      GATE: () => (this.LA(1).tokenType === W.This || this.LA(1).tokenType === W.That) && POSSESSIVE[this.LA(3).tokenTypeIdx] === 1,
      ALT: () => {
        const s = this.SUBRULE(this.deicticOwner);
        if (!this.RECORDING_PHASE) this.np_.zone = { kind: "digivolutionCards", of: s, end: null };
      },
    },
    {
      // "one of its level 6 digivolution cards": its own
      GATE: () => this.LA(1).tokenType === W.Its && this.LA(2).tokenType !== W.Owner,
      ALT: () => {
        const t = this.CONSUME2(W.Its);
        if (!this.RECORDING_PHASE) this.np_.zone = { kind: "digivolutionCards", of: this.ref("it", "digimon", t), end: null };
      },
    },
  ];
  private readonly opponentPossessive2 = (): IToken => {
    this.CONSUME2(W.Opponent);
    return this.CONSUME5(Possessive);
  };
  private readonly ownerPossessive = (): IToken => {
    this.CONSUME2(W.Owner);
    return this.CONSUME6(Possessive);
  };
  private owner = this.RULE("owner", (): void => {
    this.OR(this.ownerAlts);
  });

  private readonly premodAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const f = this.SUBRULE(this.colors);
        if (!this.RECORDING_PHASE) this.np_.filters.push(f);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Level);
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        const m = this.OPTION3(this.orLevel);
        if (this.RECORDING_PHASE) return;
        const f: DcgFilter = { kind: "level", cmp, value: CONST(this.num(n)) };
        this.np_.filters.push(m === undefined ? f : { kind: "either", any: [[f], [{ kind: "level", cmp: "eq", value: CONST(this.num(m)) }]] });
      },
    },
    { ALT: () => (this.CONSUME(W.Suspended), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "suspended", suspended: true })) },
    { ALT: () => (this.CONSUME(W.Unsuspended), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "suspended", suspended: false })) },
    { ALT: () => (this.CONSUME(W.Other), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "other" })) },
    { ALT: () => (this.CONSUME(W.NonDigiEgg), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "nonDigiEgg" })) },
    { ALT: () => (this.CONSUME(W.NonWhite), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "nonColor", color: "white" })) },
    { ALT: () => (this.CONSUME(W.SameLevel), this.RECORDING_PHASE || void this.np_.filters.push({ kind: "sameLevel" })) },
    {
      ALT: () => {
        const t = this.CONSUME(ColorCount);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "colorCount", cmp: "eq", n: parseInt(t.image, 10) });
      },
    },
    {
      ALT: () => {
        const end = this.OR2(this.topOrBottomAlts3);
        if (!this.RECORDING_PHASE) this.np_.end = end;
      },
    },
    { ALT: () => this.timingPremod() },
    {
      ALT: () => {
        this.CONSUME(W.Non);
        this.CONSUME(W.DigiEgg);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "nonDigiEgg" });
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Chosen);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "chosen" });
      },
    },
  ];
  /** "level 4 or 5": another level. */
  private readonly orLevel = this.gated(
    () => this.LA(1).tokenType === W.Or && this.LA(2).tokenType === Num,
    (): IToken => {
      this.CONSUME(W.Or);
      return this.CONSUME2(Num);
    },
  );
  private readonly timingPremod = (): void => {
    const t = this.CONSUME(TimingTok);
    if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "timing", timing: TIMING_OF.get(t.tokenType)!, negate: false });
  };
  private readonly topOrBottomAlts3: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME3(W.Top), "top") },
    { ALT: () => (this.CONSUME3(W.Bottom), "bottom") },
  ];
  private premod = this.RULE("premod", (): void => {
    this.OR(this.premodAlts);
  });

  /** "red", "red or yellow", "purple and yellow", "red/black". */
  private colors = this.RULE("colors", (): DcgFilter => {
    const first = this.CONSUME(ColorWord);
    this.colorsAll = false;
    const outer = this.beginList();
    if (!this.RECORDING_PHASE) this.list.push(COLOR_OF.get(first.tokenType));
    this.MANY(this.moreColors);
    const colors = this.endList<DcgColor>(outer);
    return this.RECORDING_PHASE ? NOTHING : { kind: "color", colors, all: this.colorsAll, negate: false };
  });
  private colorsAll = false;
  private readonly slashOrColor = (): IToken => {
    this.CONSUME2(Slash);
    return this.CONSUME2(W.Or);
  };
  private readonly moreColors = this.gated(
    () => ((this.LA(1).tokenType === W.Or || this.LA(1).tokenType === W.And || this.LA(1).tokenType === Slash) && COLOR_WORDS[this.LA(2).tokenTypeIdx] === 1) || (this.LA(1).tokenType === W.And && this.LA(2).tokenType === Slash && COLOR_WORDS[this.LA(4).tokenTypeIdx] === 1),
    (): void => {
      const sep = this.OR(this.colorSepAlts);
      const c = this.CONSUME2(ColorWord);
      if (!this.RECORDING_PHASE) {
        this.list.push(COLOR_OF.get(c.tokenType));
        this.colorsAll = sep;
      }
    },
  );
  private readonly colorSepAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Or), false) },
    {
      // "red and black" (both colours); "red and/or black" (either)
      ALT: () => {
        this.CONSUME(W.And);
        return this.OPTION(this.slashOrColor) === undefined;
      },
    },
    { ALT: () => (this.CONSUME(Slash), false) },
  ];

  /** After a number: "or less", "or fewer", "or lower" (≤), "or more", "or higher" (≥), nothing (=). */
  private readonly cmpAlts: IOrAlt<DcgCmp>[] = [
    { ALT: () => (this.CONSUME(W.Less), "le") },
    { ALT: () => (this.CONSUME(W.Fewer), "le") },
    { ALT: () => (this.CONSUME(W.Lower), "le") },
    { ALT: () => (this.CONSUME(W.Below), "le") },
    { ALT: () => (this.CONSUME(W.More), "ge") },
    { ALT: () => (this.CONSUME(W.Higher), "ge") },
  ];
  private cmpTail = this.RULE("cmpTail", (): DcgCmp => {
    return this.OPTION(this.orCmp) ?? "eq";
  });
  private readonly orCmp = this.gated(
    () => this.LA(1).tokenType === W.Or && CMP_WORDS[this.LA(2).tokenTypeIdx] === 1,
    (): DcgCmp => {
      this.CONSUME(W.Or);
      return this.OR(this.cmpAlts);
    },
  );

  // ─── the noun ───
  private readonly nounAlts: IOrAlt<DcgNoun>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Digimon);
        return this.OPTION(this.card) ? "digimonCard" : "digimon";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Tamer);
        return this.OPTION2(this.card2) ? "tamerCard" : "tamer";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Option);
        this.OPTION3(this.card3);
        return "optionCard";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.DigiEgg);
        this.OPTION4(this.card4);
        return "digiEggCard";
      },
    },
    { ALT: () => (this.CONSUME5(W.Card), "card") },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME6(W.Card);
        return "digivolutionCard";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Security);
        return this.OR(this.securityNounAlts);
      },
    },
    { ALT: () => (this.CONSUME(W.Token), "token") },
    { ALT: () => (this.CONSUME(W.Effect), "effect") },
    { ALT: () => (this.CONSUME(W.Memory), "memory") },
    { ALT: () => (this.CONSUME(W.Player), "player") },
    {
      // "up to 50 copies of cards with this card's card number"
      ALT: () => {
        this.CONSUME(W.Copies);
        this.CONSUME(W.Of);
        this.CONSUME9(W.Card);
        return "card";
      },
    },
  ];
  private readonly securityNounAlts: IOrAlt<DcgNoun>[] = [
    { ALT: () => (this.CONSUME7(W.Card), "securityCard") },
    { ALT: () => (this.CONSUME2(W.Digimon), "securityDigimon") },
    { ALT: () => (this.CONSUME(W.Stack), "securityStack") },
  ];
  private readonly card2 = (): IToken => this.CONSUME2(W.Card);
  private readonly card3 = (): IToken => this.CONSUME3(W.Card);
  private readonly card4 = (): IToken => this.CONSUME4(W.Card);
  private nounWord = this.RULE("nounWord", (): DcgNoun => {
    const noun = this.OR1(this.nounAlts);
    const source = this.OPTION9(this.kindedSource);
    if (this.RECORDING_PHASE) return noun;
    this.sourceNoun = source === true;
    return source !== true ? noun : noun === "digimon" ? "digimonCard" : noun === "tamer" ? "tamerCard" : noun;
  });
  /**
   * "a Digimon digivolution card", "1 Tamer digivolution card": a card of that kind among
   * digivolution cards (002 §4-3-3: a digivolution card is a card of its own kind), read as
   * "a Digimon card in the digivolution cards of …" — of the Digimon the phrase names after it
   * ("placed under 1 of your Digimon", "of …", "on …"), or of any Digimon in play.
   */
  private readonly kindedSource = this.gated(
    () => KIND_WORDS[this.LA(0).tokenTypeIdx] === 1 && this.LA(1).tokenType === W.Digivolution && this.LA(2).tokenType === W.Card,
    (): boolean => {
      this.CONSUME2(W.Digivolution);
      this.CONSUME8(W.Card);
      return true;
    },
  );
  /** Whether the noun {@link nounWord} read last was a card kind among digivolution cards ({@link kindedSource}). */
  private sourceNoun = false;

  private readonly headAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const noun = this.SUBRULE(this.nounWord);
        if (this.RECORDING_PHASE) return;
        this.np_.noun = noun;
        // "a Digimon digivolution card": among the digivolution cards of any Digimon in play, until a phrase after it says whose
        if (this.sourceNoun) this.np_.zone = { kind: "digivolutionCards", of: { kind: "select", count: { kind: "all" }, owner: null, noun: "digimon", orNoun: null, filters: [], zone: null, among: null, end: null, span: this.np_.span }, end: null };
        this.sourceNoun = false;
      },
    },
    {
      // "[Agumon]", "1 [RagnaLoardmon] Digimon card", "[Diaboromon] Token", "[A] or [B]".
      ALT: () => {
        const names = this.SUBRULE(this.names);
        const noun = this.OPTION(this.nameNoun);
        const f = this.OPTION2(this.headInFields);
        if (!this.RECORDING_PHASE) {
          this.np_.filters.push(f === undefined ? { kind: "named", names } : this.fieldFilter(names, f, false));
          this.np_.noun = noun ?? "card";
        }
      },
    },
    {
      // "1 blue and 1 green Digimon card": the noun comes with the last phrase
      GATE: () => this.LA(1).tokenType === W.And && COUNT_START[this.LA(2).tokenTypeIdx] === 1,
      ALT: () => {
        if (!this.RECORDING_PHASE) this.elided.add(this.np_);
      },
    },
  ];
  private readonly nameNoun = (): DcgNoun => this.SUBRULE2(this.nounWord);
  /** Phrases whose noun comes with the last phrase of a {@link DcgBoth} ("1 blue and 1 green Digimon card"). */
  private elided = new WeakSet<DcgSelection>();
  /** A {@link DcgBoth} of `first` and `more`, with elided nouns taken from the last phrase. */
  private both(first: DcgSelector, more: DcgSelector[]): DcgSelector {
    if (more.length === 0) return first;
    const items = [first, ...more];
    const last = items[items.length - 1]!;
    for (const it of items) if (it.kind === "select" && this.elided.has(it) && last.kind !== "both") {
      it.noun = last.noun;
      if (last.kind === "select") it.orNoun = last.orNoun;
    }
    return { kind: "both", mode: this.bothMode, items, span: { start: first.span.start, end: last.span.end } };
  }
  /** "1 [Angel], [Archangel] or [Fallen Angel] in its traits": the names are traits. */
  private readonly headInFields = this.gated(
    () => this.LA(1).tokenType === W.In && (this.LA(2).tokenType === W.Its || this.LA(2).tokenType === W.Their) && FIELD_WORDS[this.LA(3).tokenTypeIdx] === 1,
    (): DcgField[] => {
      this.CONSUME(W.In);
      this.OR2(this.itsAlts7);
      return this.SUBRULE(this.fields);
    },
  );
  private readonly itsAlts7: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Its) }, { ALT: () => void this.CONSUME(W.Their) }];
  /** "Digimon or Tamers", "Digimon and Security Digimon": a second noun of the same phrase. */
  private readonly orNoun = this.gated(
    () => ((this.LA(1).tokenType === W.Or || this.LA(1).tokenType === W.And) && NOUN_WORDS[this.LA(2).tokenTypeIdx] === 1) || (this.LA(1).tokenType === W.And && this.LA(2).tokenType === Slash && NOUN_WORDS[this.LA(4).tokenTypeIdx] === 1),
    (): void => {
      this.OR3(this.andOrAlts);
      const n = this.SUBRULE3(this.nounWord);
      if (!this.RECORDING_PHASE) this.np_.orNoun = n;
    },
  );
  private readonly andOrAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Or) },
    {
      ALT: () => {
        this.CONSUME(W.And);
        this.OPTION1(this.slashOr2);
      },
    },
  ];
  private readonly slashOr2 = (): void => {
    this.CONSUME(Slash);
    this.CONSUME2(W.Or);
  };
  private npHead = this.RULE("npHead", (): void => {
    this.OR(this.headAlts);
    this.OPTION3(this.orNoun);
  });

  /** "[A]", "[A] or [B]", "[A], [B] and [C]", "[A]/[B]". */
  private names = this.RULE("names", (): string[] => {
    const first = this.CONSUME(NameRef);
    const outer = this.beginList();
    if (!this.RECORDING_PHASE) this.list.push(refName(first.image));
    this.MANY(this.moreNames);
    return this.endList<string>(outer);
  });
  private readonly moreNames = this.gated(
    () => {
      const t = this.LA(1).tokenType;
      if (t === NameRef) return false;
      if (t === W.And && this.LA(2).tokenType === Slash) return this.LA(3).tokenType === W.Or && this.LA(4).tokenType === NameRef;
      if (t === W.Or || t === W.And || t === Comma || t === Slash) return this.LA(2).tokenType === NameRef || (this.LA(2).tokenType === W.Or && this.LA(3).tokenType === NameRef) || (this.LA(2).tokenType === W.And && this.LA(3).tokenType === NameRef);
      return false;
    },
    (): void => {
      this.OR(this.nameSepAlts);
      const t = this.CONSUME2(NameRef);
      if (!this.RECORDING_PHASE) this.list.push(refName(t.image));
    },
  );
  private readonly nameSepAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Or) },
    {
      ALT: () => {
        this.CONSUME(W.And);
        this.OPTION2(this.slashOr3);
      },
    },
    { ALT: () => void this.CONSUME(Slash) },
    {
      ALT: () => {
        this.CONSUME(Comma);
        this.OPTION(this.orAnd);
      },
    },
  ];
  private readonly slashOr3 = (): void => {
    this.CONSUME2(Slash);
    this.CONSUME3(W.Or);
  };
  private readonly orAndAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME2(W.Or) }, { ALT: () => void this.CONSUME2(W.And) }];
  private readonly orAnd = (): void => {
    this.OR2(this.orAndAlts);
  };

  // ─── post-modifiers ───
  private readonly postmod = this.gated(
    () => this.postmodAhead(),
    (): void => {
      this.OR(this.postmodAlts);
    },
  );
  /** Does a post-modifier of the phrase being read start here? */
  private postmodAhead(): boolean {
    const t = this.LA(1).tokenType;
    if (t === W.With) return !(this.LA(2).tokenType === W.This && this.LA(3).tokenType === W.Effect);
    // "… with [X] in its name or with [Y] in its traits"
    if (t === W.Or) return this.LA(2).tokenType === W.With || (this.LA(2).tokenType === NameRef && this.np_.filters.length > 0 && this.nameInFieldAheadAt(3));
    if (t === Comma) return this.LA(2).tokenType === W.Or && this.LA(3).tokenType === W.With;
    if (t === W.Among || t === W.ThatIs || t === W.Whose || t === LParen) return true;
    // "[On Play] effects on Digimon played with this effect": whose effects.
    if (t === W.Of && this.np_.noun === "effect") return true;
    if (t === W.On) return this.np_.noun === "effect" || (this.amongSources() && NP_START[this.LA(2).tokenTypeIdx] === 1);
    // "without <Blocker>", "without [X] in its name", "without digivolution cards" — not "without paying …" (an argument).
    if (t === W.Without) {
      const t2 = this.LA(2);
      return t2.tokenType === NameRef || t2.tokenType === W.Digivolution || KEYWORD_OF.has(t2.tokenType);
    }
    if (t === W.In) return this.inPostmodAhead();
    if (t === W.From) return this.LA(2).tokenType !== W.Level && GERUND_AFTER_FROM[this.LA(2).tokenTypeIdx] !== 1;
    if (t === W.That) return this.LA(2).tokenType === W.Has || this.LA(2).tokenType === W.Is || this.LA(2).tokenType === W.Share || this.LA(2).tokenType === W.Was || this.LA(2).tokenType === W.Digivolved || this.LA(2).tokenType === W.Played;
    if (t === W.Other) return this.LA(2).tokenType === W.Than;
    if (PARTICIPLES[this.LA(1).tokenTypeIdx] === 1) return AFTER_PARTICIPLE[this.LA(2).tokenTypeIdx] === 1;
    if (t === W.You) return this.LA(2).tokenType === W.Has || PAST_DONE[this.LA(2).tokenTypeIdx] === 1;
    if (t === W.This || t === W.That) return this.LA(3).tokenType === W.Has;
    if (t === W.It) return this.LA(2).tokenType === W.Checks;
    if (t === W.Your) return this.LA(2).tokenType === W.Opponent && this.LA(3).tokenType === W.Has;
    if (t === W.Of) return this.ofZoneAhead() || (this.LA(2).tokenType === W.The && this.LA(3).tokenType === W.Same);
    return false;
  }
  /** "in play", "in your hand", "in its digivolution cards" … — not "in its name" (that belongs to "with"). */
  private inPostmodAhead(): boolean {
    const t2 = this.LA(2).tokenType;
    if (t2 === W.Its || t2 === W.Their) {
      const t3 = this.LA(3).tokenType;
      return t3 === W.Digivolution || t3 === W.Owner || ZONE_WORDS[this.LA(3).tokenTypeIdx] === 1;
    }
    if (t2 === W.Hand || t2 === W.Trash) return true;
    if (t2 === W.Battle) return this.LA(3).tokenType === W.Area;
    if (t2 === W.Any) return this.LA(3).tokenType !== W.Order;
    if (t2 === W.You) return this.LA(3).tokenType === W.And;
    if (t2 === W.It) return this.LA(3).tokenType === W.And || this.LA(3).tokenType === Period || this.LA(3).tokenType === Comma;
    return IN_ZONE_START[this.LA(2).tokenTypeIdx] === 1;
  }
  /** Whether the phrase being read is of digivolution cards: "digivolution card", "Digimon digivolution card" ({@link kindedSource}). */
  private amongSources(): boolean {
    return this.np_.noun === "digivolutionCard" || (this.np_.zone?.kind === "digivolutionCards" && this.np_.noun !== "card");
  }
  private ofZoneAhead(): boolean {
    const t2 = this.LA(2).tokenType;
    if (this.amongSources() && (COUNT_START[t2.tokenTypeIdx!] === 1 || t2 === W.This || t2 === W.That)) return true;
    return t2 === W.Your || t2 === W.Their || t2 === W.Its;
  }
  private readonly postmodAlts: IOrAlt<void>[] = [
    {
      // "the [Security] effects of any Option cards it checks": whose effects
      GATE: () => this.LA(1).tokenType === W.Of && this.np_.noun === "effect",
      ALT: () => {
        this.CONSUME6(W.Of);
        const of = this.SUBRULE7(this.np);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "source", what: of });
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.With);
        this.SUBRULE(this.withTail);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Without);
        this.SUBRULE(this.withoutTail);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.In);
        const z = this.SUBRULE(this.inZone);
        if (!this.RECORDING_PHASE) this.np_.zone = z;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.From);
        const z = this.SUBRULE(this.fromZone);
        if (!this.RECORDING_PHASE) this.np_.zone = z;
      },
    },
    {
      GATE: () => !(this.LA(2).tokenType === W.The && this.LA(3).tokenType === W.Same),
      ALT: () => {
        this.CONSUME2(W.Of);
        const z = this.SUBRULE(this.zoneOrOwner);
        if (!this.RECORDING_PHASE) this.np_.zone = z;
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Among);
        this.OR7(this.amongWhatAlts);
        if (!this.RECORDING_PHASE) this.np_.among = this.ref("revealed", "card", t);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.ThatIs);
        const f = this.SUBRULE(this.relativeIs);
        if (!this.RECORDING_PHASE) this.np_.filters.push(f);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.That);
        const f = this.SUBRULE(this.relativeClause);
        if (!this.RECORDING_PHASE) this.np_.filters.push(f);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Whose);
        const f = this.SUBRULE(this.whoseTail);
        if (!this.RECORDING_PHASE) this.np_.filters.push(f);
      },
    },
    {
      ALT: () => {
        this.CONSUME(LParen);
        const f = this.SUBRULE(this.parenFilter);
        this.CONSUME(RParen);
        if (!this.RECORDING_PHASE) this.np_.filters.push(f);
      },
    },
    {
      GATE: () => this.LA(3).tokenType === NameRef,
      ALT: () => {
        this.CONSUME(W.Other);
        this.CONSUME(W.Than);
        const n = this.SUBRULE2(this.names);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "otherThan", names: n });
      },
    },
    {
      // "other than this Digimon and your opponent's chosen Digimon"
      ALT: () => {
        this.CONSUME2(W.Other);
        this.CONSUME2(W.Than);
        const s = this.SUBRULE8(this.np);
        const outer = this.beginList();
        this.bothMode = "and";
        this.MANY6(this.andOwned);
        const more = this.endList<DcgSelector>(outer);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "otherThanThese", what: [s, ...more] });
      },
    },
    {
      // "deleted by this effect", "returned with this effect", "trashed from …"
      ALT: () => {
        this.SUBRULE(this.participle);
      },
    },
    {
      // "you have in play", "your opponent has in play"
      GATE: () => this.LA(2).tokenType === W.Has || (this.LA(2).tokenType === W.Opponent && this.LA(3).tokenType === W.Has),
      ALT: () => {
        this.SUBRULE(this.playerRelative);
        this.CONSUME(W.Has);
        const inPlay = this.OPTION4(this.inPlay);
        if (this.RECORDING_PHASE) return;
        if (inPlay !== undefined) this.np_.zone = { kind: "battleArea", player: this.relPlayer };
        else this.np_.owner = this.relPlayer;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.On);
        const of = this.SUBRULE3(this.np);
        if (this.RECORDING_PHASE) return;
        if (this.amongSources()) this.np_.zone = this.sourcesOf(of, this.np_.end);
        else this.np_.filters.push({ kind: "source", what: of });
      },
    },
    {
      // "(every 2 digivolution cards) this Digimon has": its digivolution cards
      GATE: () => this.LA(1).tokenType === W.This || this.LA(1).tokenType === W.That,
      ALT: () => {
        const of = this.SUBRULE2(this.deictic);
        this.CONSUME2(W.Has);
        if (!this.RECORDING_PHASE) this.np_.zone = { kind: "digivolutionCards", of, end: null };
      },
    },
    {
      // "or with [X] in its digivolution cards", "(other than [Y]) or [Z] in its form": either filter
      ALT: () => {
        this.OPTION5(this.commaBeforeOr);
        this.CONSUME3(W.Or);
        const before = this.RECORDING_PHASE ? 0 : this.np_.filters.length - 1;
        this.OR4(this.orWithAlts);
        if (this.RECORDING_PHASE) return;
        const fs = this.np_.filters;
        const second = fs.splice(before + 1);
        const first = fs.splice(before);
        fs.push({ kind: "either", any: [first, second] });
      },
    },
    {
      // "Option cards it checks": checked in this Digimon's security check
      ALT: () => {
        this.CONSUME(W.It);
        this.CONSUME(W.Checks);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "checked" });
      },
    },
    {
      // "2 cards of the same level", "1 Digimon card of the same color as the digivolved Digimon"
      GATE: () => this.LA(1).tokenType === W.Of && this.LA(2).tokenType === W.The && this.LA(3).tokenType === W.Same,
      ALT: () => {
        this.CONSUME4(W.Of);
        this.CONSUME4(W.The);
        this.CONSUME(W.Same);
        const what = this.OR6(this.sameWhatAlts2);
        const as = this.OPTION6(this.asSomething);
        if (!this.RECORDING_PHASE) this.np_.filters.push(what === "level" ? { kind: "sameLevel", as: as ?? null } : { kind: "sameColor", as: as ?? null });
      },
    },
    {
      // "for each Digimon card you placed", "the Digimon you returned with this effect"
      GATE: () => this.LA(1).tokenType === W.You && PAST_DONE[this.LA(2).tokenTypeIdx] === 1,
      ALT: () => {
        this.CONSUME2(W.You);
        const how = this.OR8(this.youDidAlts);
        const where = this.OPTION7(this.participleArg);
        if (!this.RECORDING_PHASE) this.np_.filters.push({ kind: "affected", how, byThisEffect: where === "effect", zone: where === undefined || where === "effect" ? null : where });
      },
    },
  ];
  private readonly sameWhatAlts2: IOrAlt<"level" | "color">[] = [
    { ALT: () => (this.CONSUME6(W.Level), "level") },
    { ALT: () => (this.CONSUME(W.Color), "color") },
  ];
  private readonly asSomething = (): DcgSelector => {
    this.CONSUME3(W.As);
    return this.SUBRULE6(this.np);
  };
  private readonly amongWhatAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Them) },
    {
      ALT: () => {
        this.CONSUME5(W.The);
        this.CONSUME(W.Revealed);
        this.CONSUME5(W.Card);
      },
    },
  ];
  private readonly youDidAlts: IOrAlt<DcgAffected>[] = [
    { ALT: () => (this.CONSUME2(W.Placed), "placed") },
    { ALT: () => (this.CONSUME2(W.Returned), "returned") },
    { ALT: () => (this.CONSUME2(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME2(W.Played), "played") },
    { ALT: () => (this.CONSUME2(W.Added), "added") },
    { ALT: () => (this.CONSUME2(W.Deleted), "deleted") },
  ];
  private readonly youDidAlts2: IOrAlt<DcgAffected>[] = [
    { ALT: () => (this.CONSUME6(W.Placed), "placed") },
    { ALT: () => (this.CONSUME6(W.Returned), "returned") },
    { ALT: () => (this.CONSUME6(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME6(W.Played), "played") },
    { ALT: () => (this.CONSUME6(W.Added), "added") },
    { ALT: () => (this.CONSUME6(W.Deleted), "deleted") },
  ];
  private readonly commaBeforeOr = (): IToken => this.CONSUME4(Comma);
  private readonly orWithAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME3(W.With);
        this.SUBRULE2(this.withTail);
      },
    },
    {
      ALT: () => {
        const names = this.SUBRULE4(this.names);
        this.CONSUME4(W.In);
        this.OR5(this.itsAlts6);
        const f = this.SUBRULE2(this.fields);
        if (!this.RECORDING_PHASE) this.np_.filters.push(this.fieldFilter(names, f, false));
      },
    },
  ];
  private readonly itsAlts6: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME6(W.Its) }, { ALT: () => void this.CONSUME6(W.Their) }];
  private readonly inPlay = this.gated(
    () => this.LA(1).tokenType === W.In && this.LA(2).tokenType === W.Play,
    (): IToken => {
      this.CONSUME2(W.In);
      return this.CONSUME(W.Play);
    },
  );
  /** "… and your opponent's chosen Digimon": another phrase in a list after "other than". */
  private readonly andOwned = this.gated(
    () => this.LA(1).tokenType === W.And && (this.LA(2).tokenType === W.Your || this.LA(2).tokenType === W.This || this.LA(2).tokenType === W.That),
    (): void => {
      this.CONSUME7(W.And);
      const s = this.SUBRULE9(this.np);
      if (!this.RECORDING_PHASE) this.list.push(s);
    },
  );
  private relPlayer: DcgPlayer = "you";
  private readonly playerRelativeAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.You), this.RECORDING_PHASE || void (this.relPlayer = "you")) },
    {
      ALT: () => {
        this.CONSUME(W.Your);
        this.CONSUME(W.Opponent);
        if (!this.RECORDING_PHASE) this.relPlayer = "opponent";
      },
    },
  ];
  private playerRelative = this.RULE("playerRelative", (): void => {
    this.OR(this.playerRelativeAlts);
  });

  private readonly participleAlts: IOrAlt<DcgAffected>[] = [
    { ALT: () => (this.CONSUME(W.Paid), "paid") },
    { ALT: () => (this.CONSUME(W.Added), "added") },
    { ALT: () => (this.CONSUME(W.Deleted), "deleted") },
    { ALT: () => (this.CONSUME(W.Returned), "returned") },
    { ALT: () => (this.CONSUME(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME(W.Placed), "placed") },
    { ALT: () => (this.CONSUME(W.Played), "played") },
    { ALT: () => (this.CONSUME(W.Removed), "removed") },
    { ALT: () => (this.CONSUME(W.Suspended), "suspended") },
    { ALT: () => (this.CONSUME(W.Listed), "listed") },
  ];
  /** "deleted by this effect" … — the things an earlier part of the effect acted on. */
  private participle = this.RULE("participle", (): void => {
    const how = this.OR(this.participleAlts);
    const where = this.OPTION(this.participleArg);
    if (this.RECORDING_PHASE) return;
    // "a Digimon card placed under 1 of your Digimon": where the card is — a card placed under a Digimon is one of its digivolution cards (002 §4-3-1) — not what this effect did
    if (how === "placed" && where !== undefined && where !== "effect" && where.kind === "digivolutionCards") this.np_.zone = where;
    else this.np_.filters.push({ kind: "affected", how, byThisEffect: where === "effect", zone: where === undefined || where === "effect" ? null : where });
  });
  /** After the participle: "by/with this effect", "in your trash", "from your hand", "under 1 of your Digimon". */
  private readonly participleArg = this.gated(
    () => {
      const t = this.LA(1).tokenType;
      return t === W.By || t === W.With || t === W.In || t === W.From || t === W.Under;
    },
    (): DcgZone | "effect" => this.OR2(this.participleArgAlts),
  );
  private readonly participleArgAlts: IOrAlt<DcgZone | "effect">[] = [
    {
      // "trashed by this card's effect"
      GATE: () => this.LA(1).tokenType === W.By && (this.LA(2).tokenType === W.This || this.LA(2).tokenType === W.That) && POSSESSIVE[this.LA(4).tokenTypeIdx] === 1,
      ALT: () => {
        this.CONSUME2(W.By);
        this.SUBRULE(this.deicticOwner);
        this.CONSUME2(W.Effect);
        return "effect";
      },
    },
    {
      ALT: () => {
        this.OR3(this.byWithAlts);
        this.CONSUME(W.This);
        this.CONSUME(W.Effect);
        return "effect";
      },
    },
    {
      ALT: () => {
        this.CONSUME1(W.In);
        return this.SUBRULE1(this.inZone);
      },
    },
    {
      ALT: () => {
        this.CONSUME1(W.From);
        return this.SUBRULE1(this.fromZone);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Under);
        const of = this.SUBRULE4(this.np);
        return this.RECORDING_PHASE ? NOTHING : this.sourcesOf(of);
      },
    },
  ];
  private readonly byWithAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.By) }, { ALT: () => void this.CONSUME1(W.With) }];

  /** Inside "( … )" after a phrase: "other than [A], [B]", "including [A]". */
  private readonly parenFilterAlts: IOrAlt<DcgFilter>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Other);
        this.CONSUME(W.Than);
        const n = this.SUBRULE(this.names);
        return this.RECORDING_PHASE ? NOTHING : { kind: "otherThan", names: n };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Including);
        const n = this.SUBRULE2(this.names);
        return this.RECORDING_PHASE ? NOTHING : { kind: "including", names: n };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Except);
        const n = this.SUBRULE3(this.names);
        return this.RECORDING_PHASE ? NOTHING : { kind: "otherThan", names: n };
      },
    },
  ];
  private parenFilter = this.RULE("parenFilter", (): DcgFilter => this.OR(this.parenFilterAlts));

  /** After "with": the filter. */
  private readonly withAlts: IOrAlt<DcgFilter>[] = [
    {
      // "with 4000 DP or less", "with 2 or more colors", "with 4 or more digivolution cards"
      ALT: () => {
        const n = this.CONSUME(Num);
        this.SUBRULE(this.numberWithTail);
        return this.RECORDING_PHASE ? NOTHING : this.withNumber(this.num(n));
      },
    },
    {
      // "with [X] in its name", "with [X] or [Y] in its traits", "with [X]"
      ALT: () => {
        const names = this.SUBRULE(this.names);
        const f = this.OPTION(this.inItsField);
        if (this.RECORDING_PHASE) return NOTHING;
        return this.fieldFilter(names, f ?? ["name"], false);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.A);
        return this.SUBRULE(this.withA);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.No);
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", cmp: "eq", n: 0, of: [] };
      },
    },
    {
      ALT: () => {
        const k = this.CONSUME(KeywordTok);
        const k2 = this.OPTION5(this.orKeyword);
        if (this.RECORDING_PHASE) return NOTHING;
        const f: DcgFilter = { kind: "keyword", keyword: KEYWORD_OF.get(k.tokenType)!, negate: false };
        return k2 === undefined ? f : { kind: "either", any: [[f], [{ kind: "keyword", keyword: KEYWORD_OF.get(k2.tokenType)!, negate: false }]] };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.The);
        return this.SUBRULE(this.withThe);
      },
    },
    {
      // "with DP less than or equal to this Digimon's DP"
      ALT: () => {
        this.CONSUME(W.DP);
        const cmp = this.SUBRULE(this.cmpPhrase);
        const v = this.SUBRULE(this.value);
        return this.RECORDING_PHASE ? NOTHING : { kind: "dp", cmp, value: v };
      },
    },
    {
      // "with play costs of 7 or less", "with play costs less than or equal to this Digimon's level"
      ALT: () => {
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        return this.OR7(this.playCostsAlts);
      },
    },
    {
      // "with digivolution cards"
      ALT: () => {
        this.CONSUME2(W.Digivolution);
        this.CONSUME2(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", cmp: "ge", n: 1, of: [] };
      },
    },
    {
      // "with this card's card number"
      GATE: () => POSSESSIVE[this.LA(3).tokenTypeIdx] === 1 && this.LA(4).tokenType === W.Card && this.LA(5).tokenType === W.Number,
      ALT: () => {
        const of = this.SUBRULE2(this.deicticOwner);
        this.CONSUME3(W.Card);
        this.CONSUME(W.Number);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cardNumber", of };
      },
    },
  ];
  private readonly playCostsAlts: IOrAlt<DcgFilter>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Of);
        const n = this.CONSUME2(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cost", which: "play", cmp, value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        const cmp = this.SUBRULE2(this.cmpPhrase);
        const v = this.SUBRULE2(this.value);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cost", which: "play", cmp, value: v };
      },
    },
  ];
  private readonly inItsField = (): DcgField[] => {
    this.CONSUME(W.In);
    this.OR(this.itsAlts);
    return this.SUBRULE(this.fields);
  };
  private readonly itsAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Its) }, { ALT: () => void this.CONSUME(W.Their) }, { ALT: () => void this.CONSUME(W.ItIs) }];
  private readonly orKeyword = this.gated(
    () => this.LA(1).tokenType === W.Or && KEYWORD_OF.has(this.LA(2).tokenType),
    (): IToken => {
      this.CONSUME9(W.Or);
      return this.CONSUME9(KeywordTok);
    },
  );
  private withTail = this.RULE("withTail", (): void => {
    const f = this.OR1(this.withAlts);
    if (!this.RECORDING_PHASE) this.np_.filters.push(f);
    this.MANY(this.moreWith);
  });
  /** "with [X] in its traits and a play cost of 7 or less", "with [X] in its traits or [Y]". */
  private readonly moreWith = this.gated(
    () => (this.LA(1).tokenType === W.And && (this.LA(2).tokenType === W.A || this.LA(2).tokenType === NameRef)) || (this.LA(1).tokenType === W.Or && this.LA(2).tokenType === NameRef) || (this.LA(1).tokenType === Comma && this.LA(2).tokenType === NameRef),
    (): void => {
      const or = this.OR3(this.andOrWithAlts);
      const f = this.OR4(this.withAlts2);
      if (!this.RECORDING_PHASE) {
        if (or) {
          const prev = this.np_.filters.pop()!;
          this.np_.filters.push({ kind: "either", any: [[prev], [f]] });
        } else this.np_.filters.push(f);
      }
    },
  );
  private readonly andOrWithAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.And), false) },
    { ALT: () => (this.CONSUME(W.Or), true) },
    {
      // "with [Hybrid] in its traits, [Susanoomon], or [Takuya Kanbara]": a list of alternatives
      ALT: () => {
        this.CONSUME(Comma);
        this.OPTION9(this.orWord9);
        return true;
      },
    },
  ];
  private readonly orWord9 = (): IToken => this.CONSUME8(W.Or);
  private readonly withAlts2: IOrAlt<DcgFilter>[] = [
    {
      ALT: () => {
        const names = this.SUBRULE2(this.names);
        const f = this.OPTION2(this.inItsField2);
        if (this.RECORDING_PHASE) return NOTHING;
        return f === undefined ? { kind: "named", names } : this.fieldFilter(names, f, false);
      },
    },
    {
      ALT: () => {
        this.CONSUME2(W.A);
        return this.SUBRULE2(this.withA);
      },
    },
  ];
  private readonly inItsField2 = (): DcgField[] => {
    this.CONSUME2(W.In);
    this.OR5(this.itsAlts2);
    return this.SUBRULE1(this.fields);
  };
  private readonly itsAlts2: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME2(W.Its) }, { ALT: () => void this.CONSUME2(W.Their) }];

  /** The number phrase after "with N": what it counts. */
  private numberWithTail = this.RULE("numberWithTail", (): boolean => {
    this.withNumUnit = this.OR(this.numberWithAlts);
    return true;
  });
  private withNumUnit: { unit: "dp" | "colors" | "digivolution"; cmp: DcgCmp } = NONE;
  private readonly numberWithAlts: IOrAlt<{ unit: "dp" | "colors" | "digivolution"; cmp: DcgCmp }>[] = [
    {
      ALT: () => {
        this.CONSUME(W.DP);
        const cmp = this.SUBRULE(this.cmpTail);
        return { unit: "dp", cmp };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Or);
        this.pendingCmp = this.OR2(this.cmpAlts2);
        return this.OR3(this.countedUnitAlts);
      },
    },
  ];
  private readonly cmpAlts2: IOrAlt<DcgCmp>[] = [
    { ALT: () => (this.CONSUME(W.Less), "le") },
    { ALT: () => (this.CONSUME(W.Fewer), "le") },
    { ALT: () => (this.CONSUME(W.More), "ge") },
  ];
  /** The comparison of the "with N or more …" being read. */
  private pendingCmp: DcgCmp = "eq";
  private readonly countedUnitAlts: IOrAlt<{ unit: "dp" | "colors" | "digivolution"; cmp: DcgCmp }>[] = [
    { ALT: () => (this.CONSUME(W.Color), { unit: "colors", cmp: this.pendingCmp }) },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        return { unit: "digivolution", cmp: this.pendingCmp };
      },
    },
    { ALT: () => (this.CONSUME2(W.DP), { unit: "dp", cmp: this.pendingCmp }) },
  ];
  private withNumber(n: number): DcgFilter {
    const u = this.withNumUnit;
    if (u.unit === "dp") return { kind: "dp", cmp: u.cmp, value: CONST(n) };
    if (u.unit === "colors") return { kind: "colorCount", cmp: u.cmp, n };
    return { kind: "digivolutionCards", cmp: u.cmp, n, of: [] };
  }

  /** After "with a": "play cost of 7 or less", "memory cost of 7", "level of 4 or less", "Tamer card in its digivolution cards", "[On Deletion] effect". */
  private readonly withAAlts: IOrAlt<DcgFilter>[] = [
    {
      // "with a level less than or equal to the deleted Digimon's level"
      GATE: () => this.LA(1).tokenType === W.Level && this.LA(2).tokenType !== W.Of,
      ALT: () => {
        this.CONSUME5(W.Level);
        const cmp = this.SUBRULE3(this.cmpPhrase);
        const v = this.SUBRULE3(this.value);
        return this.RECORDING_PHASE ? NOTHING : { kind: "level", cmp, value: v };
      },
    },
    {
      // "with a digivolution card"
      GATE: () => this.LA(1).tokenType === W.Digivolution && this.LA(2).tokenType === W.Card && this.LA(3).tokenType !== W.Of,
      ALT: () => {
        this.CONSUME4(W.Digivolution);
        this.CONSUME4(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", cmp: "ge", n: 1, of: [] };
      },
    },
    {
      ALT: () => {
        const which = this.OPTION(this.costWhich) ?? "any";
        this.CONSUME(W.Cost);
        this.CONSUME(W.Of);
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cost", which, cmp, value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Level);
        this.CONSUME2(W.Of);
        const n = this.CONSUME2(Num);
        const cmp = this.SUBRULE2(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "level", cmp, value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        const noun = this.SUBRULE(this.nounWord);
        this.CONSUME(W.In);
        this.OR2(this.itsAlts3);
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", cmp: "ge", n: 1, of: this.nounFilter(noun) };
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(TimingTok);
        this.CONSUME(W.Effect);
        return this.RECORDING_PHASE ? NOTHING : { kind: "timing", timing: TIMING_OF.get(t.tokenType)!, negate: false };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Inherited);
        this.CONSUME4(W.Effect);
        return this.RECORDING_PHASE ? NOTHING : { kind: "hasInherited" };
      },
    },
  ];
  private readonly itsAlts3: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME3(W.Its) }, { ALT: () => void this.CONSUME3(W.Their) }];
  private readonly costWhichAlts: IOrAlt<"play" | "use" | "memory" | "digivolution">[] = [
    { ALT: () => (this.CONSUME(W.Play), "play") },
    { ALT: () => (this.CONSUME(W.Memory), "memory") },
    { ALT: () => (this.CONSUME(W.Use), "use") },
    { ALT: () => (this.CONSUME1(W.Digivolution), "digivolution") },
  ];
  private readonly costWhich = (): "play" | "use" | "memory" | "digivolution" => this.OR(this.costWhichAlts);
  private withA = this.RULE("withA", (): DcgFilter => this.OR1(this.withAAlts));
  /** A noun as a filter (a Tamer card among the digivolution cards). */
  private nounFilter(noun: DcgNoun): DcgFilter[] {
    return noun === "tamer" || noun === "tamerCard" ? [{ kind: "trait", traits: ["Tamer"], field: "type", negate: false }] : [];
  }

  /** After "with the": "highest DP", "lowest level", "same name as this Digimon". */
  private readonly withTheAlts: IOrAlt<DcgFilter>[] = [
    {
      // "with the [Dark Animal] or [SoC] trait"
      GATE: () => this.LA(1).tokenType === NameRef,
      ALT: () => {
        const names = this.SUBRULE9(this.names);
        this.CONSUME9(W.Traits);
        return this.RECORDING_PHASE ? NOTHING : { kind: "trait", traits: names, field: "traits", negate: false };
      },
    },
    {
      ALT: () => {
        const which = this.OR(this.extremeAlts);
        const stat = this.OR2(this.extremeStatAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "extreme", which, stat };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Same);
        this.OR3(this.sameWhatAlts);
        this.CONSUME(W.As);
        const of = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "sameName", as: of };
      },
    },
  ];
  private readonly extremeAlts: IOrAlt<"highest" | "lowest">[] = [
    { ALT: () => (this.CONSUME(W.Highest), "highest") },
    { ALT: () => (this.CONSUME(W.Lowest), "lowest") },
  ];
  private readonly extremeStatAlts: IOrAlt<"dp" | "level" | "playCost">[] = [
    { ALT: () => (this.CONSUME(W.DP), "dp") },
    { ALT: () => (this.CONSUME(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        return "playCost";
      },
    },
  ];
  private readonly sameWhatAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Name) }, { ALT: () => void this.CONSUME1(W.Level) }];
  private withThe = this.RULE("withThe", (): DcgFilter => this.OR1(this.withTheAlts));

  /** After "without": "<Blocker>", "[X] in its traits", "digivolution cards". */
  private readonly withoutAlts: IOrAlt<DcgFilter>[] = [
    {
      ALT: () => {
        const k = this.CONSUME(KeywordTok);
        return this.RECORDING_PHASE ? NOTHING : { kind: "keyword", keyword: KEYWORD_OF.get(k.tokenType)!, negate: true };
      },
    },
    {
      ALT: () => {
        const names = this.SUBRULE(this.names);
        const f = this.OPTION(this.inItsField3);
        if (this.RECORDING_PHASE) return NOTHING;
        return this.fieldFilter(names, f ?? ["name"], true);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", cmp: "eq", n: 0, of: [] };
      },
    },
  ];
  private readonly inItsField3 = (): DcgField[] => {
    this.CONSUME3(W.In);
    this.OR(this.itsAlts4);
    return this.SUBRULE(this.fields);
  };
  private readonly itsAlts4: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME4(W.Its) }, { ALT: () => void this.CONSUME4(W.Their) }];
  private withoutTail = this.RULE("withoutTail", (): void => {
    const f = this.OR1(this.withoutAlts);
    if (!this.RECORDING_PHASE) this.np_.filters.push(f);
  });

  /** After "that's": "black or has [X] in its traits", "level 6 or higher". */
  private relativeIs = this.RULE("relativeIs", (): DcgFilter => {
    const outer = this.beginList();
    this.SUBRULE(this.isPredicate);
    this.MANY(this.moreRelative);
    const fs = this.endList<DcgFilter>(outer);
    return this.RECORDING_PHASE ? NOTHING : fs.length === 1 ? fs[0]! : { kind: "either", any: fs.map((f) => [f]) };
  });
  private readonly moreRelative = (): void => {
    this.CONSUME(W.Or);
    this.OR(this.relativeMoreAlts);
  };
  private readonly relativeMoreAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Has);
        this.SUBRULE(this.hasPredicate);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Is);
        this.SUBRULE2(this.isPredicate);
      },
    },
    { ALT: () => this.SUBRULE3(this.isPredicate) },
  ];
  /** After "that": "has [X] in its name or is level 6 or higher", "is red". */
  private readonly thatDidAlts: IOrAlt<DcgAffected>[] = [
    { ALT: () => (this.CONSUME(W.Digivolved), "digivolved") },
    { ALT: () => (this.CONSUME3(W.Played), "played") },
  ];
  private relativeClause = this.RULE("relativeClause", (): DcgFilter => {
    const outer = this.beginList();
    this.OR(this.relativeMoreAlts2);
    this.MANY(this.moreRelative2);
    const fs = this.endList<DcgFilter>(outer);
    return this.RECORDING_PHASE ? NOTHING : fs.length === 1 ? fs[0]! : { kind: "either", any: fs.map((f) => [f]) };
  });
  private readonly relativeMoreAlts2: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME2(W.Has);
        this.SUBRULE2(this.hasPredicate);
      },
    },
    {
      ALT: () => {
        this.CONSUME2(W.Is);
        this.SUBRULE4(this.isPredicate);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Share);
        this.CONSUME(W.A);
        this.CONSUME(W.Name);
        this.CONSUME(W.With);
        const of = this.SUBRULE(this.np);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "sameName", as: of });
      },
    },
    {
      // "the Digimon that digivolved with this effect", "the Digimon that played"
      ALT: () => {
        const how = this.OR1(this.thatDidAlts);
        const where = this.OPTION2(this.participleArg);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "affected", how, byThisEffect: where === "effect", zone: where === undefined || where === "effect" ? null : where });
      },
    },
  ];
  private readonly moreRelative2 = (): void => {
    this.CONSUME2(W.Or);
    this.OR4(this.relativeMoreAlts3);
  };
  private readonly relativeMoreAlts3: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME3(W.Has);
        this.SUBRULE3(this.hasPredicate);
      },
    },
    {
      ALT: () => {
        this.CONSUME3(W.Is);
        this.SUBRULE5(this.isPredicate);
      },
    },
  ];

  /** A predicate after "is"/"that's" as filters pushed to the list frame: "red", "level 7", "suspended", "a Digimon card with …". */
  private readonly isPredicateAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const f = this.SUBRULE(this.colors);
        if (!this.RECORDING_PHASE) this.list.push(f);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Level);
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "level", cmp, value: CONST(this.num(n)) });
      },
    },
    { ALT: () => (this.CONSUME(W.Suspended), this.RECORDING_PHASE || void this.list.push({ kind: "suspended", suspended: true })) },
    { ALT: () => (this.CONSUME(W.Unsuspended), this.RECORDING_PHASE || void this.list.push({ kind: "suspended", suspended: false })) },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        if (!this.RECORDING_PHASE && s.kind === "select") for (const f of s.filters) this.list.push(f);
        if (!this.RECORDING_PHASE && s.kind === "select" && s.noun !== "card") this.list.push({ kind: "trait", traits: [s.noun], field: "type", negate: false });
      },
    },
  ];
  private isPredicate = this.RULE("isPredicate", (): void => {
    this.OR(this.isPredicateAlts);
  });
  /** A predicate after "has": "[X] in its traits", "<Blocker>", "4 or more digivolution cards". */
  private readonly hasPredicateAlts: IOrAlt<void>[] = [
    {
      // "an [On Deletion] effect"
      GATE: () => this.LA(1).tokenType === W.A && TIMING_OF.has(this.LA(2).tokenType),
      ALT: () => {
        this.CONSUME(W.A);
        const t = this.CONSUME(TimingTok);
        this.CONSUME(W.Effect);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "timing", timing: TIMING_OF.get(t.tokenType)!, negate: false });
      },
    },
    {
      ALT: () => {
        const names = this.SUBRULE(this.names);
        this.CONSUME(W.In);
        this.OR(this.itsAlts5);
        const f = this.SUBRULE(this.fields);
        if (!this.RECORDING_PHASE) this.list.push(this.fieldFilter(names, f, false));
      },
    },
    {
      ALT: () => {
        const k = this.CONSUME(KeywordTok);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "keyword", keyword: KEYWORD_OF.get(k.tokenType)!, negate: false });
      },
    },
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        this.SUBRULE(this.numberWithTail);
        if (!this.RECORDING_PHASE) this.list.push(this.withNumber(this.num(n)));
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.No);
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        if (!this.RECORDING_PHASE) this.list.push({ kind: "digivolutionCards", cmp: "eq", n: 0, of: [] });
      },
    },
  ];
  private readonly itsAlts5: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME5(W.Its) }, { ALT: () => void this.CONSUME5(W.Their) }, { ALT: () => void this.CONSUME(W.ItIs) }];
  /** "name", "traits", "form or type", "digivolution cards": where a name or trait is looked for. */
  private fields = this.RULE("fields", (): DcgField[] => {
    const outer = this.beginList();
    const f = this.OR2(this.hasFieldAlts);
    if (!this.RECORDING_PHASE) this.list.push(f);
    this.MANY(this.orField);
    return this.endList<DcgField>(outer);
  });
  private readonly orField = this.gated(
    () => this.LA(1).tokenType === W.Or && FIELD_WORDS[this.LA(2).tokenTypeIdx] === 1,
    (): void => {
      this.CONSUME(W.Or);
      const f = this.OR3(this.hasFieldAlts2);
      if (!this.RECORDING_PHASE) this.list.push(f);
    },
  );
  /** The filter of names looked for in fields: "[X] in its name" (contains), "[X] in its traits", "[X] in its digivolution cards"; several fields: either. */
  private fieldFilter(names: string[], fields: readonly DcgField[], negate: boolean): DcgFilter {
    const one = (f: DcgField): DcgFilter =>
      f === "name" ? { kind: "nameContains", parts: names, negate } : f === "digivolution" ? { kind: "digivolutionCards", cmp: negate ? "eq" : "ge", n: negate ? 0 : 1, of: [{ kind: "named", names }] } : { kind: "trait", traits: names, field: f, negate };
    return fields.length === 1 ? one(fields[0]!) : { kind: "either", any: fields.map((f) => [one(f)]) };
  }
  private readonly hasFieldAlts: IOrAlt<DcgField>[] = [
    { ALT: () => (this.CONSUME4(W.Name), "name") },
    { ALT: () => (this.CONSUME4(W.Traits), "traits") },
    { ALT: () => (this.CONSUME4(W.Type), "type") },
    { ALT: () => (this.CONSUME(W.Form), "form") },
    { ALT: () => (this.CONSUME(W.Attribute), "attribute") },
    {
      ALT: () => {
        this.CONSUME2(W.Digivolution);
        this.CONSUME2(W.Card);
        return "digivolution";
      },
    },
  ];
  private readonly hasFieldAlts2: IOrAlt<DcgField>[] = [
    { ALT: () => (this.CONSUME9(W.Name), "name") },
    { ALT: () => (this.CONSUME9(W.Traits), "traits") },
    { ALT: () => (this.CONSUME9(W.Type), "type") },
    { ALT: () => (this.CONSUME9(W.Form), "form") },
    { ALT: () => (this.CONSUME9(W.Attribute), "attribute") },
    {
      ALT: () => {
        this.CONSUME9(W.Digivolution);
        this.CONSUME9(W.Card);
        return "digivolution";
      },
    },
  ];
  private hasPredicate = this.RULE("hasPredicate", (): void => {
    this.SUBRULE(this.hasPredicateOne);
    this.MANY(this.orHasPredicate);
  });
  /** One predicate of {@link hasPredicate}, and "(other than [X])" after it. */
  private hasPredicateOne = this.RULE("hasPredicateOne", (): void => {
    this.OR1(this.hasPredicateAlts);
    this.OPTION(this.parenOtherThan);
  });
  private readonly parenOtherThan = this.gated(
    () => this.LA(1).tokenType === LParen,
    (): void => {
      this.CONSUME(LParen);
      const f = this.SUBRULE(this.parenFilter);
      this.CONSUME(RParen);
      if (!this.RECORDING_PHASE) this.list.push(f);
    },
  );
  /** "[X] in its name or [Y] in its traits": either. */
  private readonly orHasPredicate = this.gated(
    () => this.LA(1).tokenType === W.Or && this.LA(2).tokenType === NameRef && this.nameInFieldAheadAt(3),
    (): void => {
      this.CONSUME(W.Or);
      const before = this.list.length;
      this.SUBRULE2(this.hasPredicateOne);
      if (this.RECORDING_PHASE) return;
      const second = this.list.splice(before);
      const first = this.list.splice(0);
      this.list.push({ kind: "either", any: [first as DcgFilter[], second as DcgFilter[]] });
    },
  );

  /** After "whose": "total DP adds up to 6000 or less", "level is less than or equal to …". */
  private readonly whoseAlts: IOrAlt<DcgFilter>[] = [
    {
      // "whose play costs add up to 15 or less"
      GATE: () => this.LA(3).tokenType === W.Add,
      ALT: () => {
        this.CONSUME2(W.Play);
        this.CONSUME2(W.Cost);
        this.CONSUME2(W.Add);
        this.CONSUME2(W.Up);
        this.CONSUME2(W.To);
        const n = this.CONSUME2(Num);
        const cmp = this.SUBRULE2(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "totalCost", cmp, value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Total);
        this.CONSUME(W.DP);
        this.CONSUME(W.Add);
        this.CONSUME(W.Up);
        this.CONSUME(W.To);
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "totalDp", cmp, value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        const stat = this.OR2(this.whoseStatAlts);
        this.CONSUME(W.Is);
        const cmp = this.SUBRULE(this.cmpPhrase);
        const v = this.SUBRULE(this.value);
        if (this.RECORDING_PHASE) return NOTHING;
        return stat === "level" ? { kind: "level", cmp, value: v } : stat === "playCost" ? { kind: "cost", which: "play", cmp, value: v } : { kind: "dp", cmp, value: v };
      },
    },
  ];
  private readonly whoseStatAlts: IOrAlt<"level" | "dp" | "playCost">[] = [
    { ALT: () => (this.CONSUME(W.Level), "level") },
    { ALT: () => (this.CONSUME2(W.DP), "dp") },
    {
      ALT: () => {
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        return "playCost";
      },
    },
  ];
  private whoseTail = this.RULE("whoseTail", (): DcgFilter => this.OR(this.whoseAlts));

  /** "less than or equal to", "more than", "equal to", "or less". */
  private readonly cmpPhraseAlts: IOrAlt<DcgCmp>[] = [
    {
      ALT: () => {
        const lt = this.OR2(this.lessMoreAlts);
        this.CONSUME(W.Than);
        const eq = this.OPTION(this.orEqualTo);
        return eq ? (lt ? "le" : "ge") : lt ? "lt" : "gt";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Equal);
        this.CONSUME(W.To);
        return "eq";
      },
    },
  ];
  private readonly lessMoreAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Less), true) },
    { ALT: () => (this.CONSUME(W.More), false) },
    { ALT: () => (this.CONSUME(W.Fewer), true) },
  ];
  private readonly orEqualTo = (): boolean => {
    this.CONSUME(W.Or);
    this.CONSUME2(W.Equal);
    this.CONSUME2(W.To);
    return true;
  };
  private cmpPhrase = this.RULE("cmpPhrase", (): DcgCmp => this.OR(this.cmpPhraseAlts));

  /** A value: a number, "this Digimon's DP", "the number of …". */
  private readonly valueAlts: IOrAlt<DcgValue>[] = [
    {
      // "(DP less than or equal to) the Digimon played with this effect": its DP
      GATE: () => this.LA(1).tokenType === W.The && NOUN_WORDS[this.LA(2).tokenTypeIdx] === 1 && PAST_DONE[this.LA(3).tokenTypeIdx] === 1,
      ALT: () => {
        const t = this.CONSUME3(W.The);
        const noun = this.SUBRULE2(this.nounWord);
        const how = this.OR5(this.youDidAlts2);
        this.OPTION(this.participleArg);
        return this.RECORDING_PHASE ? NOTHING : { kind: "sameStat", of: this.ref(how === "placed" ? "placed" : how === "returned" ? "returned" : how === "deleted" ? "deleted" : how === "added" ? "added" : how === "trashed" ? "trashed" : "played", noun, t) };
      },
    },
    {
      // "the chosen Digimon's DP", "the deleted Digimon's level", "the trashed card's DP"
      GATE: () => this.LA(1).tokenType === W.The && POSSESSIVE[this.LA(4).tokenTypeIdx] === 1,
      ALT: () => {
        const t = this.CONSUME2(W.The);
        const r = this.OR(this.theRefWordAlts2);
        const noun = this.SUBRULE(this.nounWord);
        this.CONSUME2(Possessive);
        const stat = this.OR4(this.statAlts2);
        return this.RECORDING_PHASE ? NOTHING : { kind: "stat", stat, of: this.ref(r, noun, t) };
      },
    },
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : CONST(this.num(n));
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.deictic);
        this.CONSUME(Possessive);
        const stat = this.OR1(this.statAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "stat", stat, of: s };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Number);
        this.CONSUME(W.Of);
        const s = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "count", of: s };
      },
    },
  ];
  private readonly statAlts: IOrAlt<"dp" | "level" | "playCost">[] = [
    { ALT: () => (this.CONSUME(W.DP), "dp") },
    { ALT: () => (this.CONSUME(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        return "playCost";
      },
    },
  ];
  private readonly statAlts3: IOrAlt<"dp" | "level" | "playCost">[] = [
    { ALT: () => (this.CONSUME7(W.DP), "dp") },
    { ALT: () => (this.CONSUME7(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME7(W.Play);
        this.CONSUME7(W.Cost);
        return "playCost";
      },
    },
  ];
  private readonly statAlts2: IOrAlt<"dp" | "level" | "playCost">[] = [
    { ALT: () => (this.CONSUME8(W.DP), "dp") },
    { ALT: () => (this.CONSUME8(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME8(W.Play);
        this.CONSUME8(W.Cost);
        return "playCost";
      },
    },
  ];
  private value = this.RULE("value", (): DcgValue => this.OR6(this.valueAlts));

  // ─── zones ───
  /** After "in": "play", "your hand", "your opponent's trash", "this Digimon's digivolution cards", "the breeding area". */
  private inZone = this.RULE("inZone", (): DcgZone => this.OR(this.inZoneAlts));
  private readonly inZoneAlts: IOrAlt<DcgZone>[] = [
    { ALT: () => (this.CONSUME(W.Play), this.RECORDING_PHASE ? NOTHING : { kind: "battleArea", player: "any" }) },
    // "reveal 1 card in it": the cards just looked at
    { ALT: () => (this.CONSUME(W.It), this.RECORDING_PHASE ? NOTHING : { kind: "revealed" }) },
    { ALT: () => this.SUBRULE(this.zoneOrOwner) },
  ];
  /** After "from": a zone, "the top of your deck", "your hand or trash". */
  private readonly fromWord = (): IToken => this.CONSUME9(W.From);
  private readonly secondZoneAlts: IOrAlt<DcgZone>[] = [
    { GATE: () => ZONE_WORDS[this.LA(1).tokenTypeIdx] === 1 && this.LA(1).tokenType !== W.Top && this.LA(1).tokenType !== W.Bottom, ALT: () => this.SUBRULE3(this.zoneNoun) },
    { ALT: () => this.SUBRULE2(this.zoneOrOwner) },
  ];
  private readonly orAndOrAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Or) },
    { ALT: () => void this.CONSUME(Slash) },
    {
      ALT: () => {
        this.CONSUME(W.And);
        this.CONSUME1(Slash);
        this.CONSUME2(W.Or);
      },
    },
  ];
  /** After "from": a zone, or two ("your hand or trash"). */
  private fromZone = this.RULE("fromZone", (): DcgZone => {
    const z = this.SUBRULE(this.zoneOrOwner);
    const other = this.OPTION1(this.orZone);
    if (this.RECORDING_PHASE) return NOTHING;
    return other === undefined ? z : { kind: "either", zones: [z, other] };
  });

  /** A zone with its owner: "your hand", "their trash", "its owner's deck", "this Digimon's digivolution cards", "the battle area". */
  private zoneOrOwner = this.RULE("zoneOrOwner", (): DcgZone => {
    this.zonePlayer = "you";
    // Whose digivolution cards: only a possessive read here says (never one left from an earlier phrase).
    const outer = this.owned;
    this.owned = NONE;
    this.OPTION(this.zoneOwner);
    const z = this.SUBRULE(this.zoneNoun);
    this.owned = outer;
    return z;
  });
  private zonePlayer: DcgPlayer = "you";
  private readonly zoneOwner = this.gated(
    () => {
      const t = this.LA(1).tokenType;
      if (t === W.A || t === W.Both) return this.LA(2).tokenType === W.Player;
      if (t === W.You) return this.LA(2).tokenType === W.And;
      return (t !== W.This && t !== W.That) || POSSESSIVE[this.LA(3).tokenTypeIdx] === 1;
    },
    (): void => {
      this.OR(this.zoneOwnerAlts);
    },
  );
  private readonly zoneOwnerAlts: IOrAlt<void>[] = [
    {
      // "you and your opponent's trash"
      GATE: () => this.LA(1).tokenType === W.You && this.LA(2).tokenType === W.And,
      ALT: () => {
        this.CONSUME(W.You);
        this.CONSUME(W.And);
        this.CONSUME4(W.Your);
        this.CONSUME4(W.Opponent);
        this.CONSUME7(Possessive);
        if (!this.RECORDING_PHASE) this.zonePlayer = "both";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Your);
        const opp = this.OPTION1(this.opponentPossessive3);
        if (!this.RECORDING_PHASE) this.zonePlayer = opp ? "opponent" : "you";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Their);
        const own = this.OPTION2(this.ownerPossessive2);
        if (!this.RECORDING_PHASE) this.zonePlayer = own ? "owner" : "opponent";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Its);
        const own = this.OPTION3(this.ownerPossessive3);
        if (!this.RECORDING_PHASE) this.zonePlayer = own ? "owner" : "owner";
      },
    },
    { ALT: () => (this.CONSUME(W.The), this.RECORDING_PHASE || void (this.zonePlayer = "you")) },
    {
      ALT: () => {
        this.CONSUME(W.Opponent);
        this.CONSUME(Possessive);
        if (!this.RECORDING_PHASE) this.zonePlayer = "opponent";
      },
    },
    {
      GATE: () => POSSESSIVE[this.LA(3).tokenTypeIdx] === 1,
      ALT: () => {
        const s = this.SUBRULE(this.deicticOwner);
        if (!this.RECORDING_PHASE) this.owned = s;
      },
    },
    {
      GATE: () => this.LA(1).tokenType === W.A && this.LA(2).tokenType === W.Player,
      ALT: () => {
        this.CONSUME(W.A);
        this.CONSUME(W.Player);
        this.CONSUME5(Possessive);
        if (!this.RECORDING_PHASE) this.zonePlayer = "any";
      },
    },
    {
      GATE: () => this.LA(1).tokenType === W.Both && this.LA(2).tokenType === W.Player,
      ALT: () => {
        this.CONSUME(W.Both);
        this.CONSUME2(W.Player);
        this.CONSUME6(Possessive);
        if (!this.RECORDING_PHASE) this.zonePlayer = "both";
      },
    },
  ];
  private readonly opponentPossessive3 = (): IToken => {
    this.CONSUME2(W.Opponent);
    return this.CONSUME2(Possessive);
  };
  private readonly ownerPossessive2 = (): IToken => {
    this.CONSUME(W.Owner);
    return this.CONSUME3(Possessive);
  };
  private readonly ownerPossessive3 = (): IToken => {
    this.CONSUME2(W.Owner);
    return this.CONSUME4(Possessive);
  };
  /** "this Digimon's", "that Digimon's": the owner of digivolution cards. */
  private deicticOwner = this.RULE("deicticOwner", (): DcgSelector => {
    const r = this.OR(this.deicticAlts2);
    this.CONSUME(Possessive);
    return r;
  });
  private readonly deicticAlts2: IOrAlt<DcgSelector>[] = [
    {
      ALT: () => {
        const t = this.CONSUME(W.This);
        const noun = this.SUBRULE(this.thisNoun);
        return this.RECORDING_PHASE ? NOTHING : this.ref("this", noun, t);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.That);
        const noun = this.SUBRULE(this.nounWord);
        return this.RECORDING_PHASE ? NOTHING : this.ref("that", noun, t);
      },
    },
  ];
  private readonly zoneNounAlts: IOrAlt<DcgZone>[] = [
    {
      // "from in play or your hand"
      GATE: () => this.LA(1).tokenType === W.In && this.LA(2).tokenType === W.Play,
      ALT: () => {
        this.CONSUME9(W.In);
        this.CONSUME9(W.Play);
        return this.RECORDING_PHASE ? NOTHING : { kind: "battleArea", player: this.zonePlayer };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.DigiEgg);
        this.CONSUME2(W.Deck);
        return this.RECORDING_PHASE ? NOTHING : { kind: "eggDeck", player: this.zonePlayer };
      },
    },
    { ALT: () => (this.CONSUME(W.Hand), this.RECORDING_PHASE ? NOTHING : { kind: "hand", player: this.zonePlayer }) },
    { ALT: () => (this.CONSUME(W.Deck), this.RECORDING_PHASE ? NOTHING : { kind: "deck", player: this.zonePlayer, end: null }) },
    { ALT: () => (this.CONSUME(W.Trash), this.RECORDING_PHASE ? NOTHING : { kind: "trash", player: this.zonePlayer }) },
    {
      ALT: () => {
        this.CONSUME(W.Security);
        this.CONSUME(W.Stack);
        return this.RECORDING_PHASE ? NOTHING : { kind: "security", player: this.zonePlayer, end: null };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Breeding);
        this.CONSUME(W.Area);
        return this.RECORDING_PHASE ? NOTHING : { kind: "breedingArea", player: this.zonePlayer };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Battle);
        this.CONSUME2(W.Area);
        return this.RECORDING_PHASE ? NOTHING : { kind: "battleArea", player: this.zonePlayer };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        const of = this.OPTION3(this.ofCountedDigimon);
        if (this.RECORDING_PHASE) return NOTHING;
        return of === undefined ? { kind: "digivolutionCards", of: this.owned ?? this.ref("it", "digimon", this.LA(0)), end: null } : this.sourcesOf(of);
      },
    },
    {
      // "the top of your deck", "the bottom of its owner's deck"
      ALT: () => {
        const end = this.OR2(this.topOrBottomAlts4);
        this.CONSUME(W.Of);
        const z = this.SUBRULE(this.zoneOrOwner);
        if (this.RECORDING_PHASE) return NOTHING;
        return z.kind === "deck" || z.kind === "security" || z.kind === "digivolutionCards" ? { ...z, end } : z;
      },
    },
    {
      // "the bottom of 1 of your opponent's Digimon('s digivolution cards)": that Digimon's stack.
      ALT: () => {
        const of = this.SUBRULE(this.countedNp);
        this.OPTION(this.possessiveDigivolutionCards);
        return this.RECORDING_PHASE ? NOTHING : this.sourcesOf(of);
      },
    },
    {
      // "from among them": the revealed cards
      ALT: () => {
        this.CONSUME(W.Among);
        this.CONSUME(W.Them);
        return this.RECORDING_PHASE ? NOTHING : { kind: "revealed" };
      },
    },
    {
      // "the top card of this Digimon": its digivolution cards
      ALT: () => {
        const of = this.SUBRULE(this.deictic);
        return this.RECORDING_PHASE ? NOTHING : { kind: "digivolutionCards", of, end: null };
      },
    },
    {
      // "recycle bin": the trash, in the first sets' wording
      ALT: () => {
        this.CONSUME(W.Recycle);
        this.CONSUME(W.Bin);
        return this.RECORDING_PHASE ? NOTHING : { kind: "trash", player: this.zonePlayer };
      },
    },
    { ALT: () => (this.CONSUME(W.Trashes), this.RECORDING_PHASE ? NOTHING : { kind: "trash", player: this.zonePlayer }) },
  ];
  private readonly topOrBottomAlts4: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME4(W.Top), "top") },
    { ALT: () => (this.CONSUME4(W.Bottom), "bottom") },
  ];
  /** "'s digivolution cards", or "'s" alone ("the bottom of 1 of your [Mother D-Reaper]'s"). */
  private readonly possessiveDigivolutionCards = (): void => {
    this.CONSUME(Possessive);
    this.OPTION9(this.digivolutionCardsWords);
  };
  private readonly digivolutionCardsWords = (): void => {
    this.CONSUME3(W.Digivolution);
    this.CONSUME3(W.Card);
  };
  /** "the digivolution cards of one of your Digimon". */
  private readonly ofCountedDigimon = this.gated(
    () => this.LA(1).tokenType === W.Of && COUNT_START[this.LA(2).tokenTypeIdx] === 1,
    (): DcgSelector => {
      this.CONSUME5(W.Of);
      return this.SUBRULE2(this.countedNp);
    },
  );
  private zoneNoun = this.RULE("zoneNoun", (): DcgZone => this.OR(this.zoneNounAlts));

  // ═══ clauses ═══════════════════════════════════════════════════════════

  /** One clause ({@link DcgClause}): an imperative, or a subject with an optional modal and a verb phrase. */
  private clause = this.RULE("clause", (): DcgClause => {
    const start = this.LA(1);
    const outer = this.cl;
    const c = this.RECORDING_PHASE ? NONE : this.newClause("delete", start);
    this.cl = c;
    this.neither = false;
    this.OR(this.clauseAlts);
    if (!this.RECORDING_PHASE && this.neither) {
      c.negated = !c.negated;
      c.permission = false;
      this.neither = false;
    }
    if (!this.RECORDING_PHASE) c.span = this.spanOf(start);
    this.cl = outer;
    return c;
  });
  private readonly maxStatAlts: IOrAlt<"dp" | "level" | "cost">[] = [
    { ALT: () => (this.CONSUME(W.DP), "dp") },
    { ALT: () => (this.CONSUME(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        return "cost";
      },
    },
  ];
  private readonly ofTheDigimon = (): void => {
    this.CONSUME(W.Of);
    this.CONSUME2(W.The);
    this.CONSUME(W.Digimon);
  };
  private readonly maxScopeAlts: IOrAlt<"dpBasedDeletion" | "thisEffect">[] = [
    {
      ALT: () => {
        this.CONSUME(W.DpBased);
        this.OR7(this.deleteWordAlts);
        this.CONSUME(W.Effect);
        return "dpBasedDeletion";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.This);
        this.CONSUME2(W.Effect);
        return "thisEffect";
      },
    },
  ];
  private readonly deleteWordAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Delete) }, { ALT: () => void this.CONSUME(W.Deletion) }];
  /** The subject of the sentence's last clause (for a clause that continues it). */
  private previousWho(): DcgClause["who"] {
    const steps = this.sent.steps;
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.kind === "clause") return s.who;
    }
    return null;
  }
  /** A "neither …" subject was read: the clause is negated. */
  private neither = false;
  private readonly clauseAlts: IOrAlt<void>[] = [
    {
      // "The chosen cards' play costs must add up to 6 or less.": a requirement on the choice (002 10-3-3)
      GATE: () => this.LA(1).tokenType === W.The && this.LA(2).tokenType === W.Chosen,
      ALT: () => {
        const s = this.SUBRULE9(this.np);
        this.CONSUME9(Possessive);
        this.CONSUME9(W.Play);
        this.CONSUME9(W.Cost);
        this.CONSUME9(W.Must);
        this.CONSUME7(W.Add);
        this.CONSUME9(W.Up);
        this.CONSUME9(W.To);
        const n = this.CONSUME9(Num);
        const cmp = this.SUBRULE9(this.cmpTail);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "requireTotal";
          this.cl.who = s;
          this.cl.object = { kind: "amount", value: { kind: "stat", stat: "playCost", of: s }, unit: "cost" };
          this.cl.args.push({ kind: "limit", cmp, value: CONST(this.num(n)) });
        }
      },
    },
    {
      // "add the trashed card's DP to this Digimon": it gets that much DP
      GATE: () => this.LA(1).tokenType === W.Add && this.LA(2).tokenType === W.The && POSSESSIVE[this.LA(5).tokenTypeIdx] === 1 && this.LA(6).tokenType === W.DP && this.LA(7).tokenType === W.To,
      ALT: () => {
        this.CONSUME8(W.Add);
        const v = this.SUBRULE8(this.value);
        this.CONSUME7(W.To);
        const s = this.SUBRULE8(this.np);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "get";
          this.cl.who = s;
          this.cl.object = { kind: "amount", value: v, unit: "dp" };
        }
        this.MANY8(this.arg2);
      },
    },
    {
      // "…, and for each Tamer you have in play, gain 1 memory": a clause with its own "for each"
      GATE: () => this.LA(1).tokenType === W.For && (this.LA(2).tokenType === W.Each || this.LA(2).tokenType === W.Every),
      ALT: () => {
        this.CONSUME(W.For);
        const a = this.SUBRULE(this.forArg);
        this.CONSUME(Comma);
        this.SUBRULE5(this.verbPhrase);
        if (!this.RECORDING_PHASE) this.cl.args.push(a);
      },
    },
    {
      // "Add 1000 to the maximum DP you can choose with DP-based deletion effects." (a rule change, 002 10-8)
      GATE: () => this.LA(1).tokenType === W.Add && this.LA(2).tokenType === Num && this.LA(3).tokenType === W.To && this.LA(4).tokenType === W.The && this.LA(5).tokenType === W.Maximum,
      ALT: () => {
        this.CONSUME(W.Add);
        const n = this.CONSUME(Num);
        this.CONSUME(W.To);
        this.CONSUME(W.The);
        this.CONSUME(W.Maximum);
        const stat = this.OR5(this.maxStatAlts);
        this.OPTION5(this.ofTheDigimon);
        this.CONSUME(W.You);
        this.CONSUME(W.Can);
        this.CONSUME(W.Choose);
        this.CONSUME(W.With);
        const scope = this.OR6(this.maxScopeAlts);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "raiseMaximum";
          this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: stat };
          this.cl.args.push({ kind: "maximumOf", scope });
        }
      },
    },
    {
      // "… gets +2000 DP and can't be deleted": the subject of the clause before
      GATE: () => MODAL_START[this.LA(1).tokenTypeIdx] === 1,
      ALT: () => {
        if (!this.RECORDING_PHASE) this.cl.who = this.previousWho();
        this.SUBRULE2(this.modal);
        this.SUBRULE4(this.verbPhrase);
      },
    },
    {
      // "to have that Digimon get +3000 DP": the thing named does it.
      GATE: () => this.LA(1).tokenType === W.Has && NP_START[this.LA(2).tokenTypeIdx] === 1,
      ALT: () => {
        this.CONSUME(W.Has);
        this.SUBRULE2(this.subject);
        this.SUBRULE3(this.verbPhrase);
      },
    },
    { ALT: () => this.SUBRULE(this.verbPhrase) },
    {
      ALT: () => {
        this.SUBRULE(this.subject);
        this.OPTION(this.modalSub);
        this.SUBRULE2(this.verbPhrase);
      },
    },
    {
      // "… gets +2000 DP and "[When Attacking] …"": the subject before gains the quoted effect
      GATE: () => this.quoteDepth < MAX_QUOTE_DEPTH,
      ALT: () => {
        const e = this.SUBRULE3(this.quotedEffect);
        if (!this.RECORDING_PHASE) {
          this.cl.who = this.previousWho();
          this.cl.verb = "gain";
          this.cl.object = { kind: "effect", effect: e };
        }
        this.MANY(this.arg);
      },
    },
  ];

  /** A "By …ing …," cost: a gerund clause. */
  private gerundClause = this.RULE("gerundClause", (): DcgClause => {
    const start = this.LA(1);
    const outer = this.cl;
    const c = this.RECORDING_PHASE ? NONE : this.newClause("trash", start);
    this.cl = c;
    this.SUBRULE(this.gerundPhrase);
    this.MANY(this.moreGerunds);
    if (!this.RECORDING_PHASE) c.span = this.spanOf(start);
    this.cl = outer;
    return c;
  });
  private readonly moreGerunds = this.gated(
    () => this.LA(1).tokenType === W.And && GERUNDS[this.LA(2).tokenTypeIdx] === 1,
    (): void => {
      this.CONSUME(W.And);
      this.SUBRULE2(this.gerundPhrase);
    },
  );
  private readonly gerundAlts: IOrAlt<void>[] = [
    { ALT: () => this.verbObj(this.CONSUME(W.Trashing), "trash") },
    { ALT: () => this.verbObj(this.CONSUME(W.Suspending), "suspend") },
    { ALT: () => this.verbObj(this.CONSUME(W.Placing), "place") },
    { ALT: () => this.verbObj(this.CONSUME(W.Returning), "return") },
    { ALT: () => this.verbObj(this.CONSUME(W.Deleting), "delete") },
    { ALT: () => this.verbObj(this.CONSUME(W.Paying), "pay") },
    { ALT: () => this.verbObj(this.CONSUME(W.Playing), "play") },
    { ALT: () => this.verbObj(this.CONSUME(W.Digivolving), "digivolve") },
  ];
  private gerundPhrase = this.RULE("gerundPhrase", (): void => {
    this.OR(this.gerundAlts);
    this.SUBRULE(this.objectAndArgs);
  });
  /** Set the clause's verb (an action: never while recording). */
  private verbObj(_t: IToken, verb: DcgVerb): void {
    if (!this.RECORDING_PHASE) this.cl.verb = verb;
  }

  private readonly subjectAlts: IOrAlt<void>[] = [
    {
      // "its memory cost (is equal to …)", "the memory cost of the digivolution (is equal to …)"
      GATE: () => (this.LA(1).tokenType === W.Its || this.LA(1).tokenType === W.The) && (this.LA(2).tokenType === W.Memory || this.LA(2).tokenType === W.Play || this.LA(2).tokenType === W.Use) && this.LA(3).tokenType === W.Cost,
      ALT: () => this.SUBRULE(this.costObject),
    },
    {
      // "The name of this card/Digimon is also treated as [X]": the name is what the clause is about
      GATE: () => this.LA(1).tokenType === W.The && this.LA(2).tokenType === W.Name && this.LA(3).tokenType === W.Of,
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Name);
        this.CONSUME(W.Of);
        const s = this.SUBRULE2(this.np);
        if (!this.RECORDING_PHASE) this.cl.who = s;
      },
    },
    { ALT: () => (this.CONSUME(W.You), this.RECORDING_PHASE || void (this.cl.who = "you")) },
    {
      GATE: () => this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME(W.Your);
        this.CONSUME(W.Opponent);
        if (!this.RECORDING_PHASE) this.cl.who = "opponent";
      },
    },
    { ALT: () => (this.CONSUME(W.They), this.RECORDING_PHASE || void (this.cl.who = "opponent")) },
    {
      GATE: () => POSSESSIVE[this.LA(2).tokenTypeIdx] !== 1,
      ALT: () => (this.CONSUME(W.Player), this.RECORDING_PHASE || void (this.cl.who = "both")),
    },
    {
      GATE: () => this.LA(2).tokenType === W.Player && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME(W.Both);
        this.CONSUME2(W.Player);
        if (!this.RECORDING_PHASE) this.cl.who = "both";
      },
    },
    {
      GATE: () => this.LA(2).tokenType === W.Player && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME(W.All);
        this.CONSUME3(W.Player);
        if (!this.RECORDING_PHASE) this.cl.who = "both";
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        const outer = this.beginList();
        this.bothMode = "and";
        this.MANY(this.andCounted);
        const more = this.endList<DcgSelector>(outer);
        if (!this.RECORDING_PHASE) this.cl.who = more.length === 0 ? s : { kind: "both", mode: this.bothMode, items: [s, ...more], span: { start: s.span.start, end: more[more.length - 1]!.span.end } };
      },
    },
  ];
  private subject = this.RULE("subject", (): void => {
    this.OR(this.subjectAlts);
  });

  private readonly modalAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.May);
        this.OPTION(this.also);
        if (!this.RECORDING_PHASE) {
          if (this.cl.who === "you" || this.cl.who === "opponent") this.cl.optional = true;
          else this.cl.permission = true;
        }
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Can);
        this.OPTION2(this.also2);
        const not = this.OPTION3(this.not);
        const only = this.OPTION5(this.onlyWord);
        if (!this.RECORDING_PHASE) {
          if (not) this.cl.negated = true;
          else this.cl.permission = true;
          if (only) this.cl.args.push({ kind: "only" });
        }
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Cant);
        this.OPTION4(this.also3);
        if (!this.RECORDING_PHASE) this.cl.negated = true;
      },
    },
    { ALT: () => void this.CONSUME(W.Must) },
    { ALT: () => (this.CONSUME(W.Doesnt), this.RECORDING_PHASE || void (this.cl.negated = true)) },
    { ALT: () => (this.CONSUME(W.Didnt), this.RECORDING_PHASE || void (this.cl.negated = true)) },
    { ALT: () => void this.CONSUME(W.Also) },
    {
      ALT: () => {
        this.CONSUME(W.Does);
        this.CONSUME2(W.Not);
        if (!this.RECORDING_PHASE) this.cl.negated = true;
      },
    },
  ];
  private readonly also = (): IToken => this.CONSUME1(W.Also);
  private readonly also2 = (): IToken => this.CONSUME2(W.Also);
  private readonly also3 = (): IToken => this.CONSUME3(W.Also);
  private readonly not = (): IToken => this.CONSUME(W.Not);
  private readonly onlyWord = (): IToken => this.CONSUME(W.Only);
  private readonly modalSub = (): void => this.SUBRULE(this.modal);
  private modal = this.RULE("modal", (): void => {
    this.OR(this.modalAlts);
  });

  // ─── verb phrases ───
  private readonly verbAlts: IOrAlt<void>[] = [
    {
      // "This effect allows you to attack unsuspended Digimon (as well)."
      GATE: () => this.LA(1).tokenType === W.Allows,
      ALT: () => {
        this.CONSUME(W.Allows);
        this.CONSUME9(W.You);
        this.CONSUME5(W.To);
        this.CONSUME9(W.Attack);
        const s = this.SUBRULE7(this.np);
        this.OPTION8(this.asWell);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "allowAttack";
          this.cl.object = { kind: "things", what: s };
          this.cl.permission = true;
        }
      },
    },
    {
      // "can't increase the number of cards in your security stack to 6 or more"
      GATE: () => this.LA(1).tokenType === W.Increase,
      ALT: () => {
        this.CONSUME(W.Increase);
        const v = this.SUBRULE7(this.value);
        this.CONSUME6(W.To);
        const n = this.CONSUME7(Num);
        const cmp = this.SUBRULE7(this.cmpTail);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "increase";
          this.cl.object = { kind: "amount", value: v, unit: "cards" };
          this.cl.args.push({ kind: "limit", cmp, value: CONST(this.num(n)) });
        }
      },
    },
    {
      // "can't have its DP reduced": a restriction on reducing its DP
      GATE: () => this.LA(1).tokenType === W.Has && this.LA(2).tokenType === W.Its && this.LA(3).tokenType === W.DP && this.LA(4).tokenType === W.Reduced,
      ALT: () => {
        const t = this.CONSUME9(W.Has);
        this.CONSUME9(W.Its);
        this.CONSUME9(W.DP);
        this.CONSUME9(W.Reduced);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "reduce";
          this.cl.object = { kind: "amount", value: { kind: "stat", stat: "dp", of: this.ref("it", "digimon", t) }, unit: "dp" };
        }
        this.MANY9(this.arg);
      },
    },
    {
      ALT: () => {
        const verb = this.OR9(this.thingsVerbAlts);
        if (!this.RECORDING_PHASE) this.cl.verb = verb;
        this.MANY(this.orVerb);
        this.SUBRULE(this.objectAndArgs);
      },
    },
    { ALT: () => this.SUBRULE(this.gainPhrase) },
    { ALT: () => this.SUBRULE(this.getPhrase) },
    { ALT: () => this.SUBRULE(this.givePhrase) },
    { ALT: () => this.SUBRULE(this.losePhrase) },
    { ALT: () => this.SUBRULE(this.payPhrase) },
    { ALT: () => this.SUBRULE(this.reducePhrase) },
    { ALT: () => this.SUBRULE(this.activatePhrase) },
    { ALT: () => this.SUBRULE(this.switchPhrase) },
    { ALT: () => this.SUBRULE(this.lookPhrase) },
    { ALT: () => this.SUBRULE(this.searchPhrase) },
    { ALT: () => this.SUBRULE(this.changePhrase) },
    { ALT: () => this.SUBRULE(this.setPhrase) },
    { ALT: () => this.SUBRULE(this.treatPhrase) },
    { ALT: () => this.SUBRULE(this.preventPhrase) },
    { ALT: () => this.SUBRULE(this.makePhrase) },
    { ALT: () => this.SUBRULE(this.bePhrase) },
    { ALT: () => this.SUBRULE(this.isPhrase) },
    { ALT: () => this.SUBRULE(this.dnaPhrase) },
  ];
  /** The verb, its object and its arguments. */
  private verbPhrase = this.RULE("verbPhrase", (): void => {
    this.OR(this.verbAlts);
  });
  /** A verb whose object is things (the common case): "Delete 1 of …", "Play this card without paying its memory cost". */
  /** "can't attack or block": a second verb the clause says the same of. */
  private readonly orVerb = this.gated(
    () => this.LA(1).tokenType === W.Or && THINGS_VERBS[this.LA(2).tokenTypeIdx] === 1,
    (): void => {
      this.CONSUME(W.Or);
      const v = this.OR1(this.thingsVerbAlts2);
      if (!this.RECORDING_PHASE) this.cl.orVerbs.push(v);
    },
  );
  private readonly thingsVerbAlts: IOrAlt<DcgVerb>[] = [
    { ALT: () => (this.CONSUME(W.Delete), "delete") },
    { ALT: () => (this.CONSUME(W.Play), "play") },
    { ALT: () => (this.CONSUME(W.Trash), "trash") },
    { ALT: () => (this.CONSUME(W.Trashes), "trash") },
    { ALT: () => (this.CONSUME(W.Place), "place") },
    { ALT: () => (this.CONSUME(W.Add), "add") },
    { ALT: () => (this.CONSUME(W.Suspend), "suspend") },
    { ALT: () => (this.CONSUME(W.Unsuspend), "unsuspend") },
    { ALT: () => (this.CONSUME(W.Reveal), "reveal") },
    { ALT: () => (this.CONSUME(W.Return), "return") },
    { ALT: () => (this.CONSUME(W.Choose), "choose") },
    { ALT: () => (this.CONSUME(W.Use), "use") },
    { ALT: () => (this.CONSUME(W.Hatch), "hatch") },
    { ALT: () => (this.CONSUME(W.Digivolve), "digivolve") },
    { ALT: () => (this.CONSUME(W.Block), "block") },
    { ALT: () => (this.CONSUME(W.Attack), "attack") },
    { ALT: () => (this.CONSUME(W.Shuffle), "shuffle") },
    { ALT: () => (this.CONSUME(W.Include), "include") },
    { ALT: () => (this.CONSUME(W.Move), "move") },
  ];
  private readonly thingsVerbAlts2: IOrAlt<DcgVerb>[] = [
    { ALT: () => (this.CONSUME2(W.Delete), "delete") },
    { ALT: () => (this.CONSUME2(W.Play), "play") },
    { ALT: () => (this.CONSUME2(W.Trash), "trash") },
    { ALT: () => (this.CONSUME2(W.Trashes), "trash") },
    { ALT: () => (this.CONSUME2(W.Place), "place") },
    { ALT: () => (this.CONSUME2(W.Add), "add") },
    { ALT: () => (this.CONSUME2(W.Suspend), "suspend") },
    { ALT: () => (this.CONSUME2(W.Unsuspend), "unsuspend") },
    { ALT: () => (this.CONSUME2(W.Reveal), "reveal") },
    { ALT: () => (this.CONSUME2(W.Return), "return") },
    { ALT: () => (this.CONSUME2(W.Choose), "choose") },
    { ALT: () => (this.CONSUME2(W.Use), "use") },
    { ALT: () => (this.CONSUME2(W.Hatch), "hatch") },
    { ALT: () => (this.CONSUME2(W.Digivolve), "digivolve") },
    { ALT: () => (this.CONSUME2(W.Block), "block") },
    { ALT: () => (this.CONSUME2(W.Attack), "attack") },
    { ALT: () => (this.CONSUME2(W.Shuffle), "shuffle") },
    { ALT: () => (this.CONSUME2(W.Include), "include") },
    { ALT: () => (this.CONSUME2(W.Move), "move") },
  ];
  /** An optional object (a noun phrase) and arguments. */
  private objectAndArgs = this.RULE("objectAndArgs", (): void => {
    this.OPTION(this.thingsObject);
    this.OPTION2(this.playerObject);
    this.MANY(this.arg);
  });
  private readonly thingsObject = this.gated(
    () => NP_START[this.LA(1).tokenTypeIdx] === 1 && !(this.LA(1).tokenType === W.Your && this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1),
    (): void => {
      const s = this.SUBRULE(this.np);
      const outer = this.beginList();
      this.bothMode = "and";
      this.MANY1(this.andCounted);
      const more = this.endList<DcgSelector>(outer);
      if (this.RECORDING_PHASE) return;
      this.cl.object = { kind: "things", what: this.both(s, more) };
    },
  );
  /** "attack your opponent": a player as the object. */
  private readonly playerObject = this.gated(
    () => this.LA(1).tokenType === W.Your && this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
    (): void => {
      const t = this.CONSUME(W.Your);
      this.CONSUME(W.Opponent);
      if (!this.RECORDING_PHASE) {
        const s = this.newSelection(t);
        s.owner = "opponent";
        s.noun = "player";
        s.span = this.spanOf(t);
        this.cl.object = { kind: "things", what: s };
      }
    },
  );
  /** "1 Digimon card and 1 Tamer card": another counted phrase of the same object. */
  private readonly andCounted = this.gated(
    () => {
      let t = this.LA(1).tokenType;
      let k = 1;
      if (t === Comma) {
        k = 2;
        t = this.LA(2).tokenType;
        if (t !== W.Or) return false;
      }
      if (t !== W.And && t !== W.Or) return false;
      if (t === W.And && this.LA(k + 1).tokenType === Slash) return COUNT_START[this.LA(k + 3).tokenTypeIdx] === 1;
      return COUNT_START[this.LA(k + 1).tokenTypeIdx] === 1;
    },
    (): void => {
      const mode = this.OR1(this.bothModeAlts);
      const s = this.SUBRULE(this.countedNp);
      if (!this.RECORDING_PHASE) {
        this.list.push(s);
        this.bothMode = mode;
      }
    },
  );
  /** How the phrases of a {@link DcgBoth} are joined. */
  private bothMode: "and" | "or" | "andOr" = "and";
  private readonly bothModeAlts: IOrAlt<"and" | "or" | "andOr">[] = [
    {
      ALT: () => {
        this.CONSUME(Comma);
        this.CONSUME2(W.Or);
        return "or";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.And);
        return this.OPTION1(this.slashOr) ? "andOr" : "and";
      },
    },
    { ALT: () => (this.CONSUME(W.Or), "or") },
  ];
  private readonly slashOr = (): IToken => {
    this.CONSUME(Slash);
    return this.CONSUME1(W.Or);
  };

  /** "gain 2 memory", "gains <Blocker> (…)", "gain "[On Deletion] Lose 1 memory."" */
  private readonly effectSourceAlts: IOrAlt<"tamer" | "digimon" | "option">[] = [
    { ALT: () => (this.CONSUME(W.Tamer), "tamer") },
    { ALT: () => (this.CONSUME(W.Digimon), "digimon") },
    { ALT: () => (this.CONSUME(W.Option), "option") },
  ];
  private gainPhrase = this.RULE("gainPhrase", (): void => {
    this.CONSUME(W.Gain);
    this.OR(this.gainAlts);
    this.MANY(this.arg);
  });
  private readonly gainAlts: IOrAlt<void>[] = [
    {
      // "gains +2000 DP" (said as "gets" elsewhere)
      GATE: () => this.LA(1).tokenType === Num && this.LA(2).tokenType === W.DP,
      ALT: () => {
        const n = this.CONSUME2(Num);
        this.CONSUME(W.DP);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "get";
          this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "dp" };
        }
      },
    },
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        this.CONSUME(W.Memory);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gainMemory";
          this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "memory" };
        }
      },
    },
    {
      ALT: () => {
        const ks = this.SUBRULE(this.keywordList);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gain";
          this.cl.object = { kind: "keyword", keywords: ks };
        }
      },
    },
    {
      GATE: () => this.quoteDepth < MAX_QUOTE_DEPTH,
      ALT: () => {
        const e = this.SUBRULE(this.quotedEffect);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gain";
          this.cl.object = { kind: "effect", effect: e };
        }
      },
    },
    {
      // "gains the following effect for the turn: "…""
      GATE: () => this.quoteDepth < MAX_QUOTE_DEPTH,
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Following);
        this.CONSUME(W.Effect);
        this.MANY1(this.arg2);
        this.CONSUME(Colon);
        const e = this.SUBRULE2(this.quotedEffect);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gain";
          this.cl.object = { kind: "effect", effect: e };
        }
      },
    },
    {
      // "can't gain memory except with Tamer effects"
      ALT: () => {
        this.CONSUME2(W.Memory);
        this.CONSUME(W.Except);
        this.CONSUME(W.With);
        const whose = this.OR5(this.effectSourceAlts);
        this.CONSUME2(W.Effect);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gainMemory";
          this.cl.args.push({ kind: "exceptByEffect", whose });
        }
      },
    },
  ];

  /** "gets +1000 DP", "gets -3000 DP for the turn", "gets <Security Attack +1>", "gets +3000 DP, <Security Attack +1> (…), and …". */
  private getPhrase = this.RULE("getPhrase", (): void => {
    this.CONSUME(W.Get);
    this.OR(this.getAlts);
    this.MANY(this.arg);
  });
  private readonly getAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        this.CONSUME(W.DP);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "get";
          this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "dp" };
        }
        this.OPTION(this.getMoreKeywords);
      },
    },
    {
      ALT: () => {
        const ks = this.SUBRULE(this.keywordList);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "gain";
          this.cl.object = { kind: "keyword", keywords: ks };
        }
      },
    },
  ];
  /** ", <Security Attack +1> (…), and <Piercing>" after "gets +3000 DP". */
  private readonly getMoreKeywords = this.gated(
    () => (this.LA(1).tokenType === Comma || this.LA(1).tokenType === W.And) && KEYWORD_OF.has(this.LA(2).tokenType),
    (): void => {
      this.OR2(this.commaOrAndAlts);
      const ks = this.SUBRULE1(this.keywordList);
      if (!this.RECORDING_PHASE) for (const k of ks) this.cl.args.push({ kind: "withKeyword", keyword: k });
    },
  );

  private readonly commaOrAndAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(Comma) }, { ALT: () => void this.CONSUME(W.And) }];
  /** "<Blocker> (…)", "<Blocker> (…), <Reboot> (…), and <Security Attack +1> (…)". */
  private keywordList = this.RULE("keywordList", (): DcgKeyword[] => {
    const outer = this.beginList();
    this.SUBRULE(this.oneKeyword);
    this.MANY(this.moreKeywords);
    return this.endList<DcgKeyword>(outer);
  });
  private oneKeyword = this.RULE("oneKeyword", (): void => {
    const k = this.CONSUME(KeywordTok);
    this.OPTION(this.reminder);
    if (!this.RECORDING_PHASE) this.list.push(this.keyword(k));
  });
  private readonly moreKeywords = this.gated(
    () => {
      const t = this.LA(1).tokenType;
      const isKw = (k: number) => this.LA(k).tokenType.CATEGORIES?.includes(KeywordTok) ?? false;
      if (t === W.And || t === W.Or) return isKw(2);
      if (t === Comma) return isKw(2) || ((this.LA(2).tokenType === W.And || this.LA(2).tokenType === W.Or) && isKw(3));
      return false;
    },
    (): void => {
      this.OR(this.keywordSepAlts);
      this.SUBRULE2(this.oneKeyword);
    },
  );
  private readonly keywordSepAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.And) },
    { ALT: () => void this.CONSUME(W.Or) },
    {
      ALT: () => {
        this.CONSUME(Comma);
        this.OPTION(this.orAnd2);
      },
    },
  ];
  private readonly orAnd2 = (): void => {
    this.OR2(this.orAndAlts2);
  };
  private readonly orAndAlts2: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME2(W.Or) }, { ALT: () => void this.CONSUME2(W.And) }];

  /** A granted effect in quotes: `"[On Deletion] Lose 1 memory."` */
  /** How many quoted effects enclose the text being read. */
  private quoteDepth = 0;
  private quotedEffect = this.RULE("quotedEffect", (): import("../../runtime/lang/dcg/ir.ts").DcgEffect => {
    this.CONSUME(Quote);
    this.quoteDepth++;
    const u = this.SUBRULE(this.unit);
    this.quoteDepth--;
    this.CONSUME2(Quote);
    if (this.RECORDING_PHASE) return NOTHING;
    return { text: this.text.slice(u.span.start, u.span.end), box: "effect", timings: u.timings, perTurn: u.perTurn, keyword: u.keyword, digixros: null, sentences: u.sentences, span: u.span };
  });

  /** "give that Digimon +2000 DP for the turn", "give 1 of your Digimon <Piercing>". */
  private givePhrase = this.RULE("givePhrase", (): void => {
    this.CONSUME(W.Give);
    const s = this.SUBRULE(this.np);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "give";
      this.cl.args.push({ kind: "target", what: s });
    }
    this.OR(this.getAlts2);
    this.MANY(this.arg);
  });
  private readonly getAlts2: IOrAlt<void>[] = [
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        this.CONSUME(W.DP);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "dp" };
      },
    },
    {
      ALT: () => {
        const ks = this.SUBRULE(this.keywordList);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "keyword", keywords: ks };
      },
    },
  ];

  /** "lose 2 memory", "loses 1 memory". */
  private losePhrase = this.RULE("losePhrase", (): void => {
    this.CONSUME(W.Lose);
    const n = this.CONSUME(Num);
    this.CONSUME(W.Memory);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "loseMemory";
      this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "memory" };
    }
    this.MANY(this.arg);
  });

  /** "pay 1 memory", "pay up to 5 memory". */
  private payPhrase = this.RULE("payPhrase", (): void => {
    this.CONSUME(W.Pay);
    const up = this.OPTION(this.upTo);
    const n = this.CONSUME(Num);
    this.CONSUME(W.Memory);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "pay";
      this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "memory" };
      if (up) this.cl.args.push({ kind: "limit", cmp: "le", value: CONST(this.num(n)) });
    }
    this.MANY(this.arg);
  });
  private readonly upTo = (): IToken => {
    this.CONSUME(W.Up);
    return this.CONSUME(W.To);
  };

  /** "reduce the play cost of this card by 2", "reduce its play cost by 1", "reduce the memory cost of the digivolution by 1", "reduce play costs". */
  private reducePhrase = this.RULE("reducePhrase", (): void => {
    this.OR(this.reduceVerbAlts);
    this.SUBRULE(this.costObject);
    this.MANY(this.arg);
  });
  private readonly reduceVerbAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.Reduce), this.RECORDING_PHASE || void (this.cl.verb = "reduce")) },
    { ALT: () => (this.CONSUME(W.Decrease), this.RECORDING_PHASE || void (this.cl.verb = "reduce")) },
    {
      // "Add 1000 to the maximum DP you can choose with DP-based deletion effects" is a rule change; "add" of DP is below.
      ALT: () => (this.CONSUME(W.Lower), this.RECORDING_PHASE || void (this.cl.verb = "reduce")),
    },
  ];
  /** "the play cost of this card", "its play cost", "the memory cost of the digivolution", "play costs", "digivolution costs", "the cost". */
  private costObject = this.RULE("costObject", (): void => {
    this.costOwnerSel = null;
    this.OPTION(this.costOwner);
    const which = this.OPTION3(this.costWhich2) ?? "any";
    this.OR3(this.costOrDpAlts);
    const of = this.OPTION2(this.costOf);
    if (!this.RECORDING_PHASE) this.cl.object = this.costIsDp ? { kind: "things", what: this.costOwnerSel ?? this.ref("this", "digimon", this.LA(0)) } : { kind: "cost", which, of: of ?? this.costOwnerSel };
  });
  private readonly costOwnerAlts: IOrAlt<void>[] = [
    {
      // "this card's play cost"
      GATE: () => POSSESSIVE[this.LA(3).tokenTypeIdx] === 1,
      ALT: () => {
        const s = this.SUBRULE(this.deicticOwner);
        if (!this.RECORDING_PHASE) this.costOwnerSel = s;
      },
    },
    { ALT: () => void this.CONSUME(W.The) },
    { ALT: () => void this.CONSUME(W.Its) },
    { ALT: () => void this.CONSUME(W.Their) },
  ];
  /** "this card's" before a cost in {@link costObject}. */
  private costOwnerSel: DcgSelector | null = null;
  /** Whether {@link costObject} read "DP" (reduce a Digimon's DP) rather than a cost. */
  private costIsDp = false;
  private readonly costOrDpAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.Cost), this.RECORDING_PHASE || void (this.costIsDp = false)) },
    { ALT: () => (this.CONSUME(W.DP), this.RECORDING_PHASE || void (this.costIsDp = true)) },
  ];
  private readonly costOwner = (): void => {
    this.OR1(this.costOwnerAlts);
  };
  private readonly costWhichAlts2: IOrAlt<"play" | "memory" | "use" | "digivolution">[] = [
    { ALT: () => (this.CONSUME(W.Play), "play") },
    { ALT: () => (this.CONSUME(W.Memory), "memory") },
    { ALT: () => (this.CONSUME(W.Use), "use") },
    { ALT: () => (this.CONSUME(W.Digivolution), "digivolution") },
  ];
  private readonly costWhich2 = (): "play" | "use" | "memory" | "digivolution" => this.OR(this.costWhichAlts2);
  /** "of this card", "of the digivolution" (the digivolution being paid for). */
  private readonly costOf = (): DcgSelector | "digivolution" | "play" => {
    this.CONSUME(W.Of);
    return this.OR2(this.costOfAlts);
  };
  private readonly costOfAlts: IOrAlt<DcgSelector | "digivolution" | "play">[] = [
    {
      GATE: () => this.LA(2).tokenType === W.Digivolution && this.LA(3).tokenType !== W.Card,
      ALT: () => {
        this.CONSUME1(W.The);
        this.CONSUME1(W.Digivolution);
        return "digivolution";
      },
    },
    { ALT: () => this.SUBRULE(this.np) },
  ];


  /** "activate this card's [Main] effect", "activate the effect below", "activate <Draw 1>". */
  private activatePhrase = this.RULE("activatePhrase", (): void => {
    this.CONSUME(W.Activate);
    if (!this.RECORDING_PHASE) this.cl.verb = "activate";
    this.OR(this.activateAlts);
    this.MANY(this.arg);
  });
  private readonly activateAlts: IOrAlt<void>[] = [
    {
      // "1 of the following effects:" — one of the bullets after it
      GATE: () => (this.LA(1).tokenType === Num || this.LA(1).tokenType === W.One || this.LA(1).tokenType === W.All) && this.LA(2).tokenType === W.Of && this.LA(3).tokenType === W.The && (this.LA(4).tokenType === W.Following || (this.LA(4).tokenType === W.Effect && this.LA(5).tokenType === W.Below)),
      ALT: () => {
        const n = this.OR4(this.oneOrNumAlts);
        this.CONSUME(W.Of);
        this.CONSUME2(W.The);
        this.OPTION4(this.following2);
        this.CONSUME3(W.Effect);
        this.OPTION5(this.below2);
        this.OPTION3(this.colon);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "followingEffects", choose: n };
      },
    },
    {
      // "the effect below", "the following effect"
      GATE: () => this.LA(1).tokenType === W.The && (this.LA(2).tokenType === W.Effect || this.LA(2).tokenType === W.Following),
      ALT: () => {
        this.CONSUME(W.The);
        this.OPTION(this.following);
        this.CONSUME(W.Effect);
        this.OPTION2(this.below);
        const twice = this.OPTION6(this.twiceWord);
        if (!this.RECORDING_PHASE) {
          this.cl.object = { kind: "followingEffects", choose: null };
          if (twice) this.cl.args.push({ kind: "times", n: 2 });
        }
      },
    },
    {
      ALT: () => {
        const ks = this.SUBRULE(this.keywordList);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "keyword", keywords: ks };
      },
    },
    {
      // "this card's [Main] effect", "all of that card's [On Play] effects"; "[Security] effects on Option cards it checks"
      ALT: () => {
        const s = this.SUBRULE(this.np);
        const t = this.OPTION7(this.possessiveTimingEffect);
        if (!this.RECORDING_PHASE) this.cl.object = t === undefined ? { kind: "things", what: s } : { kind: "effectOf", of: s, timing: TIMING_OF.get(t.tokenType)! };
      },
    },

    // "Any [On Play] effects … don't activate": the subject says what.
    { ALT: () => undefined },
  ];
  private readonly following = (): IToken => this.CONSUME(W.Following);
  private readonly possessiveTimingEffect = (): IToken => {
    this.CONSUME(Possessive);
    const t = this.CONSUME(TimingTok);
    this.CONSUME2(W.Effect);
    return t;
  };
  private readonly asWell = (): void => {
    this.CONSUME8(W.As);
    this.CONSUME(W.Well);
  };
  private readonly twiceWord = (): IToken => this.CONSUME(W.Twice);
  private readonly colon = (): IToken => this.CONSUME(Colon);
  private readonly following2 = (): IToken => this.CONSUME2(W.Following);
  private readonly below2 = (): IToken => this.CONSUME2(W.Below);
  private readonly oneOrNumAlts: IOrAlt<number | null>[] = [
    { ALT: () => this.numberOf(this.CONSUME(Num)) },
    { ALT: () => (this.CONSUME(W.One), 1) },
    { ALT: () => (this.CONSUME(W.All), null) },
  ];
  private readonly below = (): IToken => this.CONSUME(W.Below);
  /** A number token's value (0 while recording). */
  private numberOf(t: IToken): number {
    return this.RECORDING_PHASE ? 0 : this.num(t);
  }

  /** "switch the target of (the) attack to 1 of your opponent's suspended Digimon". */
  private switchPhrase = this.RULE("switchPhrase", (): void => {
    this.CONSUME(W.Switch);
    this.CONSUME1(W.The);
    this.CONSUME(W.Target);
    this.CONSUME(W.Of);
    this.OPTION(this.theOrAn);
    this.CONSUME(W.Attack);
    if (!this.RECORDING_PHASE) this.cl.verb = "switchTarget";
    this.MANY(this.arg);
  });

  private readonly theOrAnAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME2(W.The) }, { ALT: () => void this.CONSUME(W.A) }];
  private readonly theOrAn = (): void => this.OR(this.theOrAnAlts);
  /** "look at the top card of your deck", "look at your security stack". */
  private lookPhrase = this.RULE("lookPhrase", (): void => {
    this.CONSUME(W.Look);
    this.CONSUME(W.At);
    if (!this.RECORDING_PHASE) this.cl.verb = "look";
    this.OR(this.lookAlts);
    this.MANY(this.arg);
  });
  private readonly lookAlts: IOrAlt<void>[] = [
    {
      GATE: () => this.zoneAhead(),
      ALT: () => {
        const z = this.SUBRULE(this.zoneOrOwner);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "from", zone: z });
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "things", what: s };
      },
    },
  ];
  /** Is a zone phrase ahead ("your security stack", "your hand")? */
  /** Does a zone phrase start here: "your hand", "its owner's deck", "this Digimon's digivolution cards", "the top of …"? */
  private zoneAhead(): boolean {
    let k = 1;
    const t = this.LA(1).tokenType;
    if (t === W.Your) k = this.LA(2).tokenType === W.Opponent ? 4 : 2;
    else if (t === W.Their || t === W.Its) k = this.LA(2).tokenType === W.Owner ? 4 : 2;
    else if (t === W.The) {
      const t2 = this.LA(2).tokenType;
      if ((t2 === W.Top || t2 === W.Bottom) && this.LA(3).tokenType !== W.Of) return false;
      k = 2;
    } else if (t === W.Opponent) k = 3;
    else if (t === W.This || t === W.That) {
      // "this Digimon's digivolution cards" (not "to this Digimon. Trash …")
      if (POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1) return false;
      k = 4;
    }
    return ZONE_WORDS[this.LA(k).tokenTypeIdx] === 1;
  }

  /** "search your security stack for 1 card with …". */
  private searchPhrase = this.RULE("searchPhrase", (): void => {
    this.CONSUME(W.Search);
    const z = this.SUBRULE(this.zoneOrOwner);
    this.CONSUME(W.For);
    const s = this.SUBRULE(this.np);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "search";
      this.cl.object = { kind: "things", what: s };
      this.cl.args.push({ kind: "from", zone: z });
    }
    this.MANY(this.arg);
  });

  /** "change the original DP of 1 of your opponent's Digimon to 3000". */
  private changePhrase = this.RULE("changePhrase", (): void => {
    this.CONSUME(W.Change);
    this.CONSUME(W.The);
    this.CONSUME(W.Original);
    this.CONSUME(W.DP);
    this.CONSUME(W.Of);
    const s = this.SUBRULE(this.np);
    this.CONSUME(W.To);
    const n = this.CONSUME(Num);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "change";
      this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: "dp" };
      this.cl.args.push({ kind: "target", what: s });
    }
    this.MANY(this.arg);
  });

  /** "set your memory to 3", "set this Digimon's play cost to 0". */
  private setPhrase = this.RULE("setPhrase", (): void => {
    this.CONSUME(W.Set);
    this.OR(this.setWhatAlts);
    this.CONSUME(W.To);
    const n = this.CONSUME(Num);
    if (!this.RECORDING_PHASE) this.cl.object = { kind: "amount", value: CONST(this.num(n)), unit: this.cl.verb === "setMemory" ? "memory" : "cost" };
    this.MANY(this.arg);
  });
  private readonly setWhatAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.OR2(this.yourTheirAlts);
        this.CONSUME(W.Memory);
        if (!this.RECORDING_PHASE) this.cl.verb = "setMemory";
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.deicticOwner);
        this.CONSUME(W.Play);
        this.CONSUME(W.Cost);
        if (!this.RECORDING_PHASE) {
          this.cl.verb = "setCost";
          this.cl.args.push({ kind: "target", what: s });
        }
      },
    },
  ];
  private readonly yourTheirAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Your) }, { ALT: () => void this.CONSUME(W.Their) }];

  /** "treat this Digimon as also having the colors of the trashed card", "Treat this card/Digimon as if it also has [Leomon] in its name." */
  private treatPhrase = this.RULE("treatPhrase", (): void => {
    this.CONSUME(W.Treat);
    const s = this.SUBRULE(this.np);
    this.CONSUME(W.As);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "treatAs";
      this.cl.object = { kind: "things", what: s };
    }
    this.OR(this.treatAlts);
    this.MANY(this.arg);
  });
  private readonly treatAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Also);
        this.CONSUME(W.Having);
        this.CONSUME(W.The);
        this.CONSUME(W.Color);
        this.CONSUME(W.Of);
        const s = this.SUBRULE1(this.np);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "asAlso", what: "color", values: [] }, { kind: "target", what: s });
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.If);
        this.CONSUME(W.It);
        this.CONSUME2(W.Also);
        this.CONSUME(W.Has);
        const names = this.SUBRULE(this.names);
        this.CONSUME(W.In);
        this.CONSUME(W.Its);
        this.CONSUME(W.Name);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "asAlso", what: "name", values: names });
      },
    },
  ];

  /** "prevent it from leaving play", "prevent that deletion", "prevent effects from deleting it or reducing its DP". */
  private preventPhrase = this.RULE("preventPhrase", (): void => {
    this.CONSUME(W.Prevent);
    if (!this.RECORDING_PHASE) this.cl.verb = "prevent";
    this.OR(this.preventAlts);
    this.MANY(this.arg);
  });
  private readonly preventAlts: IOrAlt<void>[] = [
    {
      // "prevent that deletion": the deletion about to happen (002 10-7)
      ALT: () => {
        this.CONSUME(W.That);
        this.CONSUME(W.Deletion);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "prevents", acts: ["delete"], target: null });
      },
    },
    {
      // "prevent this Digimon from leaving play", "prevent effects from deleting it or reducing its DP"
      ALT: () => {
        const s = this.SUBRULE(this.np);
        this.CONSUME(W.From);
        this.OR2(this.preventWhatAlts);
        if (!this.RECORDING_PHASE) this.cl.object = { kind: "things", what: s };
      },
    },
  ];
  private readonly preventWhatAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Leaving);
        this.CONSUME(W.Play);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "prevents", acts: ["leavePlay"], target: null });
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Deleting);
        const target = this.SUBRULE1(this.np);
        const dp = this.OPTION(this.orReducing);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "prevents", acts: dp ? ["delete", "reduceDp"] : ["delete"], target });
      },
    },
    {
      // "from being deleted"
      ALT: () => {
        this.CONSUME(W.Being);
        this.CONSUME(W.Deleted);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "prevents", acts: ["delete"], target: null });
      },
    },
  ];
  private readonly orReducing = (): boolean => {
    this.CONSUME(W.Or);
    this.CONSUME(W.Reducing);
    this.CONSUME(W.Its);
    this.CONSUME(W.DP);
    return true;
  };

  /** "make this Digimon unblockable by your opponent". */
  private makePhrase = this.RULE("makePhrase", (): void => {
    this.CONSUME(W.Make);
    const s = this.SUBRULE(this.np);
    this.CONSUME(W.Unblockable);
    if (!this.RECORDING_PHASE) {
      this.cl.verb = "makeUnblockable";
      this.cl.object = { kind: "things", what: s };
    }
    this.MANY(this.arg);
  });

  /** After "can't"/"can": "be deleted in battle", "be blocked", "be added to …", "be returned to hand". */
  private bePhrase = this.RULE("bePhrase", (): void => {
    this.CONSUME(W.Be);
    // "can't be attacked/blocked/deleted": the subject undergoes the act (passive voice)
    if (!this.RECORDING_PHASE) this.cl.passive = true;
    this.OR(this.beAlts);
    this.MANY(this.arg);
  });
  private readonly beAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.Deleted), this.RECORDING_PHASE || void (this.cl.verb = "delete")) },
    { ALT: () => (this.CONSUME(W.Blocked), this.RECORDING_PHASE || void (this.cl.verb = "block")) },
    { ALT: () => (this.CONSUME(W.Attacked), this.RECORDING_PHASE || void (this.cl.verb = "attack")) },
    { ALT: () => (this.CONSUME(W.Added), this.RECORDING_PHASE || void (this.cl.verb = "add")) },
    { ALT: () => (this.CONSUME(W.Returned), this.RECORDING_PHASE || void (this.cl.verb = "return")) },
    { ALT: () => (this.CONSUME(W.Suspended), this.RECORDING_PHASE || void (this.cl.verb = "suspend")) },
    { ALT: () => (this.CONSUME(W.Played), this.RECORDING_PHASE || void (this.cl.verb = "play")) },
    { ALT: () => (this.CONSUME(W.Trashed), this.RECORDING_PHASE || void (this.cl.verb = "trash")) },
    { ALT: () => (this.CONSUME(W.Affected), this.RECORDING_PHASE || void (this.cl.verb = "isAffected")) },
  ];

  /** After a subject: "is also treated as [X]", "is unblockable", "isn't affected by …", "are also treated as green". */
  private isPhrase = this.RULE("isPhrase", (): void => {
    const neg = this.OR(this.isVerbAlts);
    if (!this.RECORDING_PHASE && neg) this.cl.negated = true;
    this.OR2(this.isWhatAlts);
    this.MANY(this.arg);
  });
  private readonly isVerbAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Is), false) },
    { ALT: () => (this.CONSUME(W.Are), false) },
    { ALT: () => (this.CONSUME(W.Isnt), true) },
    { ALT: () => (this.CONSUME(W.Becomes), false) },
  ];
  private readonly isWhatAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Also);
        this.CONSUME(W.Treated);
        this.CONSUME(W.As);
        if (!this.RECORDING_PHASE) this.cl.verb = "treatAs";
        this.OR3(this.treatedAsAlts);
      },
    },
    { ALT: () => (this.CONSUME(W.Unblockable), this.RECORDING_PHASE || void (this.cl.verb = "makeUnblockable")) },
    { ALT: () => (this.CONSUME(W.Affected), this.RECORDING_PHASE || void (this.cl.verb = "isAffected")) },
    { ALT: () => (this.CONSUME(W.Suspended), this.RECORDING_PHASE || void (this.cl.verb = "suspend")) },
    { ALT: () => (this.CONSUME(W.Unsuspended), this.RECORDING_PHASE || void (this.cl.verb = "unsuspend")) },
    {
      // "the memory cost of the digivolution is equal to …"
      ALT: () => {
        this.CONSUME(W.Equal);
        this.CONSUME(W.To);
        const v = this.SUBRULE(this.value);
        if (!this.RECORDING_PHASE) {
          // The subject was the cost ("its memory cost is equal to …"): it is set to the value.
          this.cl.verb = "setCost";
          if (this.cl.object?.kind !== "cost") this.cl.object = { kind: "cost", which: "memory", of: null };
          this.cl.args.push({ kind: "equalTo", value: v });
        }
      },
    },
  ];
  private readonly treatedAsAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        const names = this.SUBRULE(this.names);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "asAlso", what: "name", values: names });
      },
    },
    {
      ALT: () => {
        const f = this.SUBRULE(this.colors);
        if (!this.RECORDING_PHASE && f.kind === "color") this.cl.args.push({ kind: "asAlso", what: "color", values: f.colors });
      },
    },
    {
      // "as having [Greymon] in its name"
      ALT: () => {
        this.CONSUME(W.Having);
        const names = this.SUBRULE2(this.names);
        this.CONSUME(W.In);
        this.CONSUME(W.Its);
        this.CONSUME(W.Name);
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "asAlso", what: "namePart", values: names });
      },
    },
  ];

  /** "DNA digivolve this Digimon and one of your other Digimon in play into a Digimon card in your hand". */
  private dnaPhrase = this.RULE("dnaPhrase", (): void => {
    this.CONSUME(W.DNA);
    this.CONSUME(W.Digivolve);
    if (!this.RECORDING_PHASE) this.cl.verb = "dnaDigivolve";
    this.SUBRULE(this.objectAndArgs);
  });

  // ─── arguments ───
  private readonly arg = this.gated(
    () => ARG_START[this.LA(1).tokenTypeIdx] === 1 && this.argAhead(),
    (): void => {
      const a = this.SUBRULE(this.argument);
      if (!this.RECORDING_PHASE && a) this.cl.args.push(a);
    },
  );
  /** {@link arg} for a second list of arguments in one rule. */
  private readonly arg2 = this.gated(
    () => ARG_START[this.LA(1).tokenTypeIdx] === 1 && this.argAhead(),
    (): void => {
      const a = this.SUBRULE2(this.argument);
      if (!this.RECORDING_PHASE && a) this.cl.args.push(a);
    },
  );
  /** "your opponent's next unsuspend phase" at LA(k)? */
  private phaseAhead(k: number): boolean {
    for (let i = k; i < k + 7; i++) if (this.LA(i).tokenType === W.Phase) return true;
    return false;
  }
  /** Refinements of {@link ARG_START}: "and" is not an argument; "in" only before a zone or "any order"/"battle". */
  private argAhead(): boolean {
    const t1 = this.LA(1).tokenType;
    // "to" before a verb is the purpose of a cost ("suspend this Tamer to gain 1 memory"), a step connector.
    if (t1 === W.To) {
      const t2 = this.LA(2).tokenType;
      return !this.isVerbStart(t2) && t2 !== W.Has && !KEYWORD_OF.has(t2);
    }
    // ", ignoring its digivolution requirements"
    if (t1 === Comma) {
      const t2 = this.LA(2).tokenType;
      return t2 === W.Ignoring || ((t2 === W.For || t2 === W.Until) && (this.LA(3).tokenType === W.The || this.LA(3).tokenType === W.Each));
    }
    if (t1 === W.This) return this.LA(2).tokenType === W.Turn;
    if (t1 === W.And) return this.LA(2).tokenType === W.Without;
    if (t1 === W.Suspended) {
      const t2 = this.LA(2).tokenType;
      return t2 === W.Without || t2 === Period || t2 === Comma || t2 === W.And;
    }
    if (t1 === W.In) {
      if (this.phaseAhead(2)) return true;
      const t2 = this.LA(2).tokenType;
      return t2 === W.Any || t2 === W.Battle || t2 === W.Play || ZONE_OWNER[t2.tokenTypeIdx!] === 1;
    }
    if (t1 === W.For) {
      const t2 = this.LA(2).tokenType;
      return t2 === W.The || t2 === W.Its || t2 === W.Each || t2 === W.A || t2 === W.Every || t2 === W.Their;
    }
    // "when battling …" (a "When …" event is a sentence's lead, never an argument)
    if (t1 === W.When) return this.LA(2).tokenType === W.Battling;
    if (t1 === W.If || t1 === W.While) return true;
    return true;
  }
  private readonly whenWhileAlts: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(W.When) }, { ALT: () => this.CONSUME3(W.While) }];
  private readonly argAlts: IOrAlt<DcgArg | null>[] = [
    {
      // "(trashes cards in their hand) equal to the number of cards added to your opponent's hand"
      GATE: () => this.LA(1).tokenType === W.Equal && this.LA(2).tokenType === W.To,
      ALT: () => {
        this.CONSUME9(W.Equal);
        this.CONSUME8(W.To);
        const v = this.SUBRULE9(this.value);
        return this.RECORDING_PHASE ? NOTHING : { kind: "equalTo", value: v };
      },
    },
    {
      // "until there are 3 cards in your security stack": repeat until the condition holds
      GATE: () => this.LA(1).tokenType === W.Until && (this.LA(2).tokenType === W.There || this.LA(2).tokenType === W.They),
      ALT: () => {
        this.CONSUME2(W.Until);
        const c = this.SUBRULE4(this.condition);
        return this.RECORDING_PHASE ? NOTHING : { kind: "untilCondition", condition: c };
      },
    },
    {
      // "…", for the turn."
      GATE: () => this.LA(1).tokenType === Comma && (this.LA(2).tokenType === W.For || this.LA(2).tokenType === W.Until),
      ALT: () => {
        this.CONSUME2(Comma);
        return this.SUBRULE3(this.argument);
      },
    },
    {
      // "in your opponent's next unsuspend phase"
      GATE: () => this.LA(1).tokenType === W.In && this.phaseAhead(2),
      ALT: () => {
        this.CONSUME4(W.In);
        return this.SUBRULE2(this.duringArg);
      },
    },
    {
      // "digivolve from level 5 to level 6"
      GATE: () => this.LA(1).tokenType === W.From && this.LA(2).tokenType === W.Level,
      ALT: () => {
        this.CONSUME3(W.From);
        this.CONSUME(W.Level);
        const a = this.CONSUME(Num);
        this.CONSUME3(W.To);
        this.CONSUME2(W.Level);
        const b = this.CONSUME2(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "levels", from: this.num(a), to: this.num(b) };
      },
    },
    {
      // "without battling and without paying its memory cost"
      GATE: () => this.LA(1).tokenType === W.And && this.LA(2).tokenType === W.Without,
      ALT: () => {
        this.CONSUME2(W.And);
        this.CONSUME2(W.Without);
        return this.SUBRULE2(this.withoutArg);
      },
    },
    {
      // "at the end of the turn", "at the end of the battle"
      GATE: () => this.LA(1).tokenType === W.At && this.LA(2).tokenType === W.The && this.LA(3).tokenType === W.Ends,
      ALT: () => {
        this.CONSUME2(W.At);
        this.CONSUME(W.The);
        this.CONSUME(W.Ends);
        this.CONSUME(W.Of);
        this.OPTION(this.theWord);
        const of = this.OR1(this.endOfAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "atEndOf", of };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.For);
        return this.SUBRULE(this.forArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Until);
        const d = this.SUBRULE(this.untilTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: d };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Without);
        return this.SUBRULE(this.withoutArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.From);
        const z = this.SUBRULE(this.fromZone);
        return this.RECORDING_PHASE ? NOTHING : { kind: "from", zone: z };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.To);
        return this.SUBRULE(this.toArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Into);
        return this.OR3(this.intoAlts);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Onto);
        const s = this.SUBRULE2(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "onto", what: s };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Under);
        const s = this.SUBRULE3(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "under", of: s, end: null };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.At);
        return this.SUBRULE(this.atArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.On);
        return this.SUBRULE(this.onArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.In);
        return this.SUBRULE(this.inArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Face);
        const down = this.OR(this.faceAlts);
        return this.RECORDING_PHASE ? NOTHING : { kind: "to", zone: { kind: "play" }, end: null, order: null, faceDown: down };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Ignoring);
        return this.SUBRULE(this.ignoringArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(Comma);
        this.CONSUME2(W.Ignoring);
        return this.SUBRULE2(this.ignoringArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.As);
        return this.SUBRULE(this.asArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.By);
        return this.SUBRULE(this.byArg);
      },
    },
    {
      // "(…)" after a clause's arguments. A keyword's reminder follows the keyword (or its
      // target) and no wording puts one after a keyword action's arguments: there it is an error
      // ("<De-Digivolve 1> if you have a Tamer (note)"), not an argument printed back as the reminder.
      GATE: () => this.cl !== this.keywordArgs,
      ALT: () => {
        const r = this.CONSUME(Reminder);
        return this.RECORDING_PHASE ? NOTHING : { kind: "reminder", text: r.image };
      },
    },
    {
      // "(This Digimon gets +1000 DP) when battling an opponent's Digimon that has no digivolution cards": while the clause's subject battles one (002 §10-1-5-3)
      GATE: () => (this.LA(1).tokenType === W.When || this.LA(1).tokenType === W.While) && this.LA(2).tokenType === W.Battling,
      ALT: () => {
        const t = this.OR9(this.whenWhileAlts);
        this.CONSUME2(W.Battling);
        const what = this.SUBRULE6(this.np);
        if (this.RECORDING_PHASE) return NOTHING;
        const who = this.cl.who;
        const subject: DcgSelector = who === null || typeof who === "string" ? this.ref("this", "digimon", t) : who;
        this.sent.leads.push({ kind: "while", condition: this.battlingCondition(subject, what, t) });
        return null;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.If);
        const c = this.SUBRULE(this.condition);
        if (!this.RECORDING_PHASE) this.sent.leads.push({ kind: "if", condition: c });
        return null;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.While);
        const c = this.SUBRULE2(this.condition);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: { kind: "while", condition: c } };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Instead);
        if (!this.RECORDING_PHASE) this.sent.leads.push({ kind: "instead" });
        return null;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.During);
        return this.SUBRULE(this.duringArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.After);
        this.CONSUME(W.Losing);
        this.CONSUME(W.A);
        this.CONSUME(W.Battle);
        return this.RECORDING_PHASE ? NOTHING : { kind: "afterLosingBattle" };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Due);
        this.CONSUME2(W.To);
        return this.SUBRULE(this.dueToArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Using);
        const s = this.SUBRULE4(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cause", cause: "effect", keyword: null, whose: "you", by: s };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.With);
        return this.SUBRULE(this.withArg);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Also);
        return null;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Against);
        const s = this.SUBRULE5(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "target", what: s };
      },
    },
    {
      // "this turn"
      ALT: () => {
        this.CONSUME(W.This);
        this.CONSUME(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: { kind: "turn" } };
      },
    },

    {
      // "play … suspended"
      ALT: () => {
        this.CONSUME(W.Suspended);
        return this.RECORDING_PHASE ? NOTHING : { kind: "suspended" };
      },
    },
  ];
  private readonly faceAlts: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Down), true) },
    { ALT: () => (this.CONSUME(W.Up), false) },
  ];
  /** "… or trash" after "your hand": a second zone of the same player. */
  private readonly orZone = this.gated(
    () => (this.LA(1).tokenType === Slash && ZONE_WORDS[this.LA(2).tokenTypeIdx] === 1) || (this.LA(1).tokenType === W.Or && (ZONE_WORDS[this.LA(2).tokenTypeIdx] === 1 || ((this.LA(2).tokenType === W.From || this.LA(2).tokenType === W.Your) && ZONE_WORDS[this.LA(3).tokenTypeIdx] === 1) || (this.LA(2).tokenType === W.From && this.LA(3).tokenType === W.Your))) || (this.LA(1).tokenType === W.And && this.LA(2).tokenType === Slash && ZONE_WORDS[this.LA(4).tokenTypeIdx] === 1),
    (): DcgZone => {
      this.OR(this.orAndOrAlts);
      this.OPTION(this.fromWord);
      // "your opponent's hand or trash": a bare zone word is the same player's
      return this.OR2(this.secondZoneAlts);
    },
  );
  private readonly theWord = (): IToken => this.CONSUME2(W.The);
  private readonly endOfAlts: IOrAlt<"turn" | "battle">[] = [
    { ALT: () => (this.CONSUME1(W.Turn), "turn") },
    { ALT: () => (this.CONSUME1(W.Battle), "battle") },
  ];
  private readonly intoAlts: IOrAlt<DcgArg>[] = [
    {
      GATE: () => this.zoneAhead(),
      ALT: () => {
        const z = this.SUBRULE3(this.zoneOrOwner);
        return this.RECORDING_PHASE ? NOTHING : { kind: "to", zone: z, end: null, order: null, faceDown: false };
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "into", what: s };
      },
    },
  ];
  private argument = this.RULE("argument", (): DcgArg | null => this.OR2(this.argAlts));

  private readonly forArgAlts: IOrAlt<DcgArg>[] = [
    {
      // "for the turn"
      GATE: () => this.LA(2).tokenType === W.Turn,
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "duration", duration: { kind: "turn" } };
      },
    },
    {
      // "for its digivolution cost", "for a memory cost of 4", "for the digivolution cost"
      ALT: () => {
        this.OR2(this.forCostOwnerAlts);
        const which = this.OR3(this.forCostWhichAlts);
        this.CONSUME(W.Cost);
        const v = this.OPTION(this.ofValue);
        return this.RECORDING_PHASE ? NOTHING : { kind: "forCost", cost: which, value: v ?? null };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Each);
        this.OPTION1(this.ofWord2);
        const s = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "forEach", what: s, per: 1 };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Every);
        const n = this.OPTION2(this.everyNum);
        const s = this.SUBRULE2(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "forEach", what: s, per: n === undefined ? 1 : this.num(n) };
      },
    },
  ];
  private readonly ofWord2 = (): IToken => this.CONSUME(W.Of);
  /** "for every 2 …" (not "for every suspended Digimon …"). */
  private readonly everyNum = this.gated(
    () => this.LA(1).tokenType === Num && this.LA(2).tokenType !== W.Or,
    (): IToken => this.CONSUME3(Num),
  );
  private readonly forCostOwnerAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME2(W.The) },
    { ALT: () => void this.CONSUME(W.Its) },
    { ALT: () => void this.CONSUME(W.Their) },
    { ALT: () => void this.CONSUME(W.A) },
  ];
  private readonly forCostWhichAlts: IOrAlt<"digivolution" | "dna" | "memory">[] = [
    { ALT: () => (this.CONSUME(W.Digivolution), "digivolution") },
    { ALT: () => (this.CONSUME(W.Memory), "memory") },
    {
      ALT: () => {
        this.CONSUME(W.DNA);
        this.CONSUME(W.Digivolve);
        return "dna";
      },
    },
  ];
  private readonly ofValue = (): DcgValue => {
    this.CONSUME1(W.Of);
    return this.SUBRULE(this.value);
  };
  private forArg = this.RULE("forArg", (): DcgArg => this.OR(this.forArgAlts));

  private readonly withoutArgAlts: IOrAlt<DcgArg>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Paying);
        this.OPTION3(this.forWord);
        this.OR2(this.forCostOwnerAlts2);
        const which = this.OPTION(this.payWhich) ?? "memory";
        this.CONSUME(W.Cost);
        return this.RECORDING_PHASE ? NOTHING : { kind: "free", cost: which };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Battling);
        return this.RECORDING_PHASE ? NOTHING : { kind: "withoutBattling" };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Meeting);
        this.OR4(this.forCostOwnerAlts3);
        this.OPTION1(this.colorWord);
        this.CONSUME(W.Requirements);
        return this.RECORDING_PHASE ? NOTHING : { kind: "ignoring", what: "color" };
      },
    },
    {
      // "without its memory cost" (without paying it)
      GATE: () => this.LA(1).tokenType === W.Its,
      ALT: () => {
        this.CONSUME(W.Its);
        const which = this.OPTION2(this.payWhich2) ?? "memory";
        this.CONSUME2(W.Cost);
        return this.RECORDING_PHASE ? NOTHING : { kind: "free", cost: which };
      },
    },
  ];
  private readonly forCostOwnerAlts2: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME3(W.The) },
    { ALT: () => void this.CONSUME2(W.Its) },
    { ALT: () => void this.CONSUME2(W.Their) },
  ];
  private readonly forCostOwnerAlts3: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME4(W.The) },
    { ALT: () => void this.CONSUME3(W.Its) },
    { ALT: () => void this.CONSUME3(W.Their) },
  ];
  private readonly colorWord = (): IToken => this.CONSUME(W.Color);
  private readonly payWhichAlts: IOrAlt<"memory" | "digivolution" | "play" | "use" | "dna">[] = [
    { ALT: () => (this.CONSUME2(W.Memory), "memory") },
    { ALT: () => (this.CONSUME2(W.Digivolution), "digivolution") },
    { ALT: () => (this.CONSUME(W.Play), "play") },
    { ALT: () => (this.CONSUME(W.Use), "use") },
    {
      ALT: () => {
        this.CONSUME(W.DNA);
        this.CONSUME(W.Digivolve);
        return "dna";
      },
    },
  ];
  private readonly payWhichAlts2: IOrAlt<"memory" | "digivolution" | "play" | "use" | "dna">[] = [
    { ALT: () => (this.CONSUME7(W.Memory), "memory") },
    { ALT: () => (this.CONSUME7(W.Digivolution), "digivolution") },
    { ALT: () => (this.CONSUME7(W.Play), "play") },
    { ALT: () => (this.CONSUME7(W.Use), "use") },
    {
      ALT: () => {
        this.CONSUME7(W.DNA);
        this.CONSUME7(W.Digivolve);
        return "dna";
      },
    },
  ];
  private readonly payWhich2 = (): "memory" | "digivolution" | "play" | "use" | "dna" => this.OR5(this.payWhichAlts2);
  private readonly payWhich = (): "memory" | "digivolution" | "play" | "use" | "dna" => this.OR3(this.payWhichAlts);
  private readonly forWord = (): IToken => this.CONSUME9(W.For);
  private withoutArg = this.RULE("withoutArg", (): DcgArg => this.OR(this.withoutArgAlts));

  /** After "to": a zone ("your hand", "the bottom of its owner's deck", "an empty space in your breeding area"), or "1 of your opponent's Digimon". */
  private readonly toArgAlts: IOrAlt<DcgArg>[] = [
    {
      GATE: () => this.zoneAhead() || ((this.LA(1).tokenType === W.The) && (this.LA(2).tokenType === W.Top || this.LA(2).tokenType === W.Bottom)),
      ALT: () => {
        const z0 = this.SUBRULE(this.zoneOrOwner);
        const other = this.OPTION2(this.orZone);
        this.OPTION1(this.inAnyOrder);
        if (this.RECORDING_PHASE) return NOTHING;
        const z: DcgZone = other === undefined ? z0 : { kind: "either", zones: [z0, other] };
        return { kind: "to", zone: z, end: "end" in z0 ? (z0.end ?? null) : null, order: null, faceDown: false };
      },
    },
    {
      // "to an empty space in your breeding area"
      GATE: () => this.LA(1).tokenType === W.A && this.LA(2).tokenType === W.Empty,
      ALT: () => {
        this.CONSUME(W.A);
        this.CONSUME(W.Empty);
        this.CONSUME(W.Space);
        this.CONSUME(W.In);
        const z = this.SUBRULE1(this.zoneOrOwner);
        return this.RECORDING_PHASE ? NOTHING : { kind: "to", zone: z, end: null, order: null, faceDown: false };
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "target", what: s };
      },
    },
  ];
  private readonly inAnyOrder = (): void => {
    this.CONSUME1(W.In);
    this.CONSUME(W.Any);
    this.CONSUME(W.Order);
  };
  private toArg = this.RULE("toArg", (): DcgArg => this.OR1(this.toArgAlts));

  /** After "at": "the bottom of your deck", "the top of …". */
  private atArg = this.RULE("atArg", (): DcgArg => {
    this.CONSUME(W.The);
    const end0 = this.OR(this.topOrBottomAlts5);
    const either = this.OPTION5(this.orTopOrBottom5);
    const end = either === undefined ? end0 : "either";
    this.CONSUME(W.Of);
    const z = this.SUBRULE(this.zoneOrOwner);
    this.OPTION(this.inAnyOrder2);
    if (this.RECORDING_PHASE) return NOTHING;
    return z.kind === "digivolutionCards" ? { kind: "under", of: z.of, end } : { kind: "to", zone: z, end, order: null, faceDown: false };
  });
  /** "the top or bottom of your deck": either end, the player chooses. */
  private readonly orTopOrBottom5 = this.gated(
    () => this.LA(1).tokenType === W.Or && (this.LA(2).tokenType === W.Top || this.LA(2).tokenType === W.Bottom),
    (): void => {
      this.CONSUME9(W.Or);
      this.OR9(this.endWordAlts5);
    },
  );
  private readonly endWordAlts5: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME9(W.Top) }, { ALT: () => void this.CONSUME9(W.Bottom) }];
  private readonly topOrBottomAlts5: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME5(W.Top), "top") },
    { ALT: () => (this.CONSUME5(W.Bottom), "bottom") },
  ];
  private readonly inAnyOrder2 = (): void => {
    this.CONSUME2(W.In);
    this.CONSUME2(W.Any);
    this.CONSUME2(W.Order);
  };

  /** After "on": "top of your security stack", "the bottom of your deck", "top of this card's digivolution cards". */
  private onArg = this.RULE("onArg", (): DcgArg => {
    this.OPTION(this.the);
    const end0 = this.OR(this.topOrBottomAlts6);
    const either = this.OPTION5(this.orTopOrBottom6);
    const end = either === undefined ? end0 : "either";
    this.CONSUME(W.Of);
    const z = this.SUBRULE(this.zoneOrOwner);
    this.OPTION2(this.inAnyOrder3);
    if (this.RECORDING_PHASE) return NOTHING;
    return z.kind === "digivolutionCards" ? { kind: "under", of: z.of, end } : { kind: "to", zone: z, end, order: null, faceDown: false };
  });
  /** "the top or bottom of your deck": either end, the player chooses. */
  private readonly orTopOrBottom6 = this.gated(
    () => this.LA(1).tokenType === W.Or && (this.LA(2).tokenType === W.Top || this.LA(2).tokenType === W.Bottom),
    (): void => {
      this.CONSUME9(W.Or);
      this.OR9(this.endWordAlts6);
    },
  );
  private readonly endWordAlts6: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME9(W.Top) }, { ALT: () => void this.CONSUME9(W.Bottom) }];
  private readonly topOrBottomAlts6: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME6(W.Top), "top") },
    { ALT: () => (this.CONSUME6(W.Bottom), "bottom") },
  ];
  private readonly inAnyOrder3 = (): void => {
    this.CONSUME3(W.In);
    this.CONSUME3(W.Any);
    this.CONSUME3(W.Order);
  };

  /** After "in": "any order", "battle", "play", a zone. */
  private readonly inArgAlts: IOrAlt<DcgArg>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Any);
        this.CONSUME(W.Order);
        return this.RECORDING_PHASE ? NOTHING : { kind: "to", zone: { kind: "play" }, end: null, order: "any", faceDown: false };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Battle);
        return this.RECORDING_PHASE ? NOTHING : { kind: "inBattle" };
      },
    },
    {
      ALT: () => {
        const z = this.SUBRULE(this.inZone);
        return this.RECORDING_PHASE ? NOTHING : { kind: "from", zone: z };
      },
    },
  ];
  private inArg = this.RULE("inArg", (): DcgArg => this.OR(this.inArgAlts));

  /** After "ignoring": "its level", "this card's digivolution requirements", "color requirements". */
  private ignoringArg = this.RULE("ignoringArg", (): DcgArg => {
    this.OPTION(this.ignoringOwner);
    const what = this.OR(this.ignoringWhatAlts);
    return this.RECORDING_PHASE ? NOTHING : { kind: "ignoring", what };
  });
  private readonly ignoringOwnerAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Its) },
    { ALT: () => void this.SUBRULE(this.deicticOwner) },
    { ALT: () => void this.CONSUME(W.The) },
  ];
  private readonly ignoringOwner = (): void => {
    this.OR2(this.ignoringOwnerAlts);
  };
  private readonly ignoringWhatAlts: IOrAlt<"level" | "color" | "requirements" | "digivolutionRequirements">[] = [
    { ALT: () => (this.CONSUME(W.Level), "level") },
    {
      ALT: () => {
        this.CONSUME(W.Color);
        this.CONSUME(W.Requirements);
        return "color";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Digivolution);
        this.CONSUME2(W.Requirements);
        return "digivolutionRequirements";
      },
    },
  ];

  /** After "as": "if this card is a level 5 red Digimon", "another Digimon", "its bottom digivolution card". */
  private readonly asArgAlts: IOrAlt<DcgArg>[] = [
    {
      // "as its bottom digivolution card"
      GATE: () => this.LA(1).tokenType === W.Its && (this.LA(2).tokenType === W.Top || this.LA(2).tokenType === W.Bottom),
      ALT: () => {
        const t = this.CONSUME(W.Its);
        const end = this.OR3(this.topOrBottomAlts7);
        this.CONSUME(W.Digivolution);
        this.CONSUME(W.Card);
        return this.RECORDING_PHASE ? NOTHING : { kind: "as", what: this.ref("it", "digivolutionCard", t), end };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.If);
        const s = this.SUBRULE(this.np);
        this.OR2(this.isAreAlts);
        const t = this.SUBRULE2(this.np);
        if (this.RECORDING_PHASE) return NOTHING;
        return { kind: "asIf", subject: s, filters: t.kind === "select" ? t.filters : [], noun: t.kind === "both" ? "card" : t.noun } satisfies DcgArg;
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE3(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "as", what: s, end: s.kind === "select" ? s.end : null };
      },
    },
  ];
  private readonly isAreAlts: IOrAlt<void>[] = [{ ALT: () => void this.CONSUME(W.Is) }, { ALT: () => void this.CONSUME(W.Are) }, { ALT: () => void this.CONSUME(W.Was) }];
  private readonly topOrBottomAlts7: IOrAlt<"top" | "bottom">[] = [
    { ALT: () => (this.CONSUME7(W.Top), "top") },
    { ALT: () => (this.CONSUME7(W.Bottom), "bottom") },
  ];
  private asArg = this.RULE("asArg", (): DcgArg => this.OR(this.asArgAlts));

  /** After "by": "2", "paying its DNA digivolve cost", "an opponent's effect", "your effects", "dropping to 0 DP". */
  private readonly byArgAlts: IOrAlt<DcgArg>[] = [
    {
      // "unblockable by your opponent"
      GATE: () => this.LA(1).tokenType === W.Your && this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME9(W.Your);
        this.CONSUME9(W.Opponent);
        return this.RECORDING_PHASE ? NOTHING : { kind: "byPlayer", who: "opponent" };
      },
    },
    {
      // "by the effects of your opponent's Digimon"
      GATE: () => this.LA(1).tokenType === W.The && this.LA(2).tokenType === W.Effect && this.LA(3).tokenType === W.Of,
      ALT: () => {
        this.CONSUME9(W.The);
        this.CONSUME9(W.Effect);
        this.CONSUME9(W.Of);
        const s = this.SUBRULE9(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "cause", cause: "effect", keyword: null, whose: null, by: s };
      },
    },
    {
      // "by placing 5 cards with [Hybrid] in their traits from your trash as its bottom digivolution cards"
      GATE: () => GERUNDS[this.LA(1).tokenTypeIdx] === 1 && this.LA(1).tokenType !== W.Paying,
      ALT: () => {
        const c = this.SUBRULE2(this.gerundClause);
        return this.RECORDING_PHASE ? NOTHING : { kind: "byCost", cost: c };
      },
    },
    {
      ALT: () => {
        const n = this.CONSUME(Num);
        return this.RECORDING_PHASE ? NOTHING : { kind: "by", value: CONST(this.num(n)) };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Paying);
        this.OR2(this.forCostOwnerAlts4);
        const which = this.OR3(this.forCostWhichAlts2);
        this.CONSUME(W.Cost);
        return this.RECORDING_PHASE ? NOTHING : { kind: "forCost", cost: which, value: null };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Dropping);
        this.CONSUME(W.To);
        this.CONSUME2(Num);
        this.CONSUME(W.DP);
        // "deleted by dropping to 0 DP": by the rules (002 11-2-2), not by an effect
        return this.RECORDING_PHASE ? NOTHING : { kind: "cause", cause: "zeroDp", keyword: null, whose: null };
      },
    },
    {
      // "by an opponent's effect", "by your opponent's effects", "by one of your effects", "by Tamer effects"
      ALT: () => {
        const s = this.SUBRULE(this.np);
        if (this.RECORDING_PHASE) return NOTHING;
        const whose = s.kind === "select" ? (s.owner === "opponent" ? "opponent" : s.owner === "you" ? "you" : "any") : "any";
        return { kind: "byEffect", whose, filters: s.kind === "select" ? s.filters : [] };
      },
    },
    {
      // "by decreasing your memory by 3": losing memory is the cost
      ALT: () => {
        const t = this.CONSUME(W.Decreasing);
        this.CONSUME8(W.Your);
        this.CONSUME(W.Memory);
        this.CONSUME9(W.By);
        const n = this.CONSUME8(Num);
        if (this.RECORDING_PHASE) return NOTHING;
        const c = this.newClause("loseMemory", t);
        c.object = { kind: "amount", value: CONST(this.num(n)), unit: "memory" };
        c.span = this.spanOf(t);
        return { kind: "byCost", cost: c };
      },
    },
  ];
  private readonly forCostOwnerAlts4: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME5(W.The) },
    { ALT: () => void this.CONSUME4(W.Its) },
    { ALT: () => void this.CONSUME4(W.Their) },
  ];
  private readonly forCostWhichAlts2: IOrAlt<"digivolution" | "dna" | "memory">[] = [
    { ALT: () => (this.CONSUME3(W.Digivolution), "digivolution") },
    { ALT: () => (this.CONSUME3(W.Memory), "memory") },
    {
      ALT: () => {
        this.CONSUME2(W.DNA);
        this.CONSUME2(W.Digivolve);
        return "dna";
      },
    },
  ];
  private byArg = this.RULE("byArg", (): DcgArg => this.OR(this.byArgAlts));

  /** After "during": "your opponent's unsuspend phase", "their next unsuspend phase", "your main phase", "your turn". */
  private duringArg = this.RULE("duringArg", (): DcgArg => {
    const whose = this.OR(this.duringWhoseAlts);
    const next = this.OPTION(this.next3);
    const phase = this.OR2(this.duringPhaseAlts);
    return this.RECORDING_PHASE ? NOTHING : { kind: "during", phase, whose, next: !!next };
  });
  private readonly next3 = (): IToken => this.CONSUME(W.Next);
  private readonly duringWhoseAlts: IOrAlt<DcgPlayer>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Your);
        return this.OPTION1(this.opponentPossessive4) ? "opponent" : "you";
      },
    },
    { ALT: () => (this.CONSUME(W.Their), "opponent") },
    { ALT: () => (this.CONSUME(W.The), "any") },
    {
      ALT: () => {
        this.CONSUME(W.Its);
        this.CONSUME(W.Owner);
        this.CONSUME2(Possessive);
        return "owner";
      },
    },
    { ALT: () => (this.CONSUME(W.A), "any") },
  ];
  private readonly opponentPossessive4 = (): IToken => {
    this.CONSUME(W.Opponent);
    return this.CONSUME(Possessive);
  };
  private readonly duringPhaseAlts: IOrAlt<"unsuspend" | "main" | "turn">[] = [
    {
      ALT: () => {
        this.CONSUME(W.Unsuspend);
        this.CONSUME(W.Phase);
        return "unsuspend";
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Main);
        this.CONSUME2(W.Phase);
        return "main";
      },
    },
    { ALT: () => (this.CONSUME(W.Turn), "turn") },
  ];

  /** After "due to": "activating this Digimon's <Digi-Burst>". */
  private readonly effectWord = (): IToken => this.CONSUME(W.Effect);
  private dueToArg = this.RULE("dueToArg", (): DcgArg => {
    this.CONSUME(W.Activating);
    this.SUBRULE(this.deicticOwner);
    const k = this.CONSUME(KeywordTok);
    this.OPTION(this.effectWord);
    return this.RECORDING_PHASE ? NOTHING : { kind: "cause", cause: "keyword", keyword: KEYWORD_OF.get(k.tokenType)!, whose: "you" };
  });

  /** After "with" in a clause: "<Blitz>", "a Digimon …" (attack with). */
  private readonly withArgAlts: IOrAlt<DcgArg>[] = [
    {
      ALT: () => {
        const k = this.CONSUME(KeywordTok);
        return this.RECORDING_PHASE ? NOTHING : { kind: "withKeyword", keyword: this.keyword(k) };
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        return this.RECORDING_PHASE ? NOTHING : { kind: "target", what: s };
      },
    },
  ];
  private withArg = this.RULE("withArg", (): DcgArg => this.OR(this.withArgAlts));

  // ═══ conditions ════════════════════════════════════════════════════════

  /** A condition ("If …", "While …"): atoms joined by "and"/"or". */
  private condition = this.RULE("condition", (): DcgCondition => {
    // "… and a Tamer in play" takes the subject of the atom before it in this condition only.
    this.lastCondWho = "you";
    const outer = this.beginList();
    const outerFirst = this.firstCondAtom;
    this.firstCondAtom = true;
    this.SUBRULE(this.condAtom);
    this.firstCondAtom = false;
    this.MANY(this.moreConds);
    this.firstCondAtom = outerFirst;
    const parts = this.endList<DcgCondition>(outer);
    if (this.RECORDING_PHASE) return NOTHING;
    return parts.length === 1 ? parts[0]! : this.condOr ? { kind: "or", any: parts } : { kind: "and", all: parts };
  });
  private condOr = false;
  private readonly moreConds = this.gated(
    () => (this.LA(1).tokenType === W.And || this.LA(1).tokenType === W.Or) && (COND_START[this.LA(2).tokenTypeIdx] === 1 || this.LA(2).tokenType === W.Has || this.LA(2).tokenType === W.Is),
    (): void => {
      const or = this.OR(this.andOrWithAlts2);
      if (!this.RECORDING_PHASE) this.condOr = or;
      this.OR2(this.moreCondAlts);
    },
  );
  private readonly moreCondAlts: IOrAlt<void>[] = [
    {
      // "… is black and has 13000 DP or more": the same subject
      GATE: () => this.LA(1).tokenType === W.Has || this.LA(1).tokenType === W.Is,
      ALT: () => {
        const outer = this.condWho;
        if (!this.RECORDING_PHASE) this.condWho = this.lastCondWho;
        const c = this.SUBRULE2(this.condPredicate);
        this.condWho = outer;
        if (!this.RECORDING_PHASE) this.list.push(c);
      },
    },
    { ALT: () => this.SUBRULE2(this.condAtom) },
  ];
  private readonly andOrWithAlts2: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.And), false) },
    { ALT: () => (this.CONSUME(W.Or), true) },
  ];

  private readonly condAtomAlts: IOrAlt<DcgCondition>[] = [
    {
      // "that Digimon's play cost is 4 or less", "this Digimon's DP is 10000 or more"
      GATE: () => (this.LA(1).tokenType === W.This || this.LA(1).tokenType === W.That) && POSSESSIVE[this.LA(3).tokenTypeIdx] === 1 && STAT_WORDS[this.LA(4).tokenTypeIdx] === 1,
      ALT: () => {
        const s = this.SUBRULE2(this.deicticOwner);
        const stat = this.OR5(this.statAlts3);
        this.CONSUME2(W.Is);
        const n = this.CONSUME3(Num);
        const cmp = this.SUBRULE3(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "compare", left: { kind: "stat", stat, of: s }, cmp, right: CONST(this.num(n)) };
      },
    },
    {
      // "the number of cards in your security stack is 3 or less"
      GATE: () => this.LA(1).tokenType === W.The && this.LA(2).tokenType === W.Number,
      ALT: () => {
        this.CONSUME(W.The);
        this.CONSUME(W.Number);
        this.CONSUME(W.Of);
        const s = this.SUBRULE2(this.np);
        this.CONSUME(W.Is);
        const n = this.CONSUME2(Num);
        const cmp = this.SUBRULE2(this.cmpTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "count", who: "any", cmp, value: CONST(this.num(n)), what: s };
      },
    },
    {
      // "it's a green Digimon card", "there's a card with [X] in its name …"
      GATE: () => (this.LA(1).tokenType === W.ItIs && this.LA(2).tokenType !== W.Your) || this.LA(1).tokenType === W.ThereIs,
      ALT: () => {
        const t = this.OR3(this.itThereAlts);
        const outer = this.beginList();
        this.SUBRULE2(this.isPredicate);
        const fs = this.endList<DcgFilter>(outer);
        if (this.RECORDING_PHASE) return NOTHING;
        return t ? { kind: "has", who: "any", what: { kind: "select", count: { kind: "one" }, owner: null, noun: "card", orNoun: null, filters: fs, zone: null, among: null, end: null, span: NO_SPAN } } : { kind: "is", subject: this.ref("it", "card", this.LA(0)), filters: fs, negate: false };
      },
    },
    {
      // "it's your turn", "it's your opponent's turn"
      ALT: () => {
        this.CONSUME(W.ItIs);
        this.CONSUME(W.Your);
        const opp = this.OPTION(this.opponentPossessive5);
        this.CONSUME(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "turn", whose: opp ? "opponent" : "you" };
      },
    },
    {
      // "there are 5 or more cards in your opponent's trash"
      ALT: () => {
        this.OR2(this.thereAlts);
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        const s = this.OPTION4(this.thereWhat);
        this.OPTION5(this.leftWord);
        return this.RECORDING_PHASE ? NOTHING : { kind: "count", who: "any", cmp, value: CONST(this.num(n)), what: s ?? this.ref("that", "card", this.LA(0)) };
      },
    },
    {
      // "you've digivolved this turn"
      ALT: () => {
        const t = this.CONSUME(W.YouHave);
        this.CONSUME(W.Digivolved);
        this.CONSUME(W.This);
        this.CONSUME2(W.Turn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "happened", event: { event: "digivolved", subject: "you", args: [], would: false, span: this.tokSpan(t) }, thisTurn: true, negate: false };
      },
    },
    {
      ALT: () => {
        const start = this.LA(1);
        const first = this.firstCondAtom;
        const who = this.SUBRULE(this.condSubject);
        const outer = this.condWho;
        if (!this.RECORDING_PHASE) this.condWho = who;
        const c = this.OPTION1(this.condPredicateSub);
        this.condWho = outer;
        if (this.RECORDING_PHASE) return NOTHING;
        if (c !== undefined) {
          this.lastCondWho = who;
          return c;
        }
        // The first atom says what its subject is or has: "If 3 or fewer security cards, …" is missing its verb.
        if (first) {
          const span = this.spanOf(start);
          this.problems.push({ severity: "error", code: "dcg-condition-verb", message: `"${this.text.slice(span.start, span.end)}" is a condition without a verb: say who has it ("you have …") or what it is (002 10-2)`, span });
        }
        // "If you have 8 or more cards in your hand and a Tamer in play": the subject of the atom before has it.
        return { kind: "has", who: this.lastCondWho, what: typeof who === "string" ? this.ref("it", "card", this.LA(0)) : who };
      },
    },
  ];
  private readonly thereWhat = this.gated(
    () => this.LA(1).tokenType !== W.Left,
    (): DcgSelection => this.SUBRULE(this.npRest),
  );
  /** "until there are 3 left", "until they have 5 cards left". */
  private readonly leftWord = (): IToken => this.CONSUME(W.Left);
  private readonly leftWord2 = (): IToken => this.CONSUME2(W.Left);
  private readonly thereAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.There);
        this.CONSUME(W.Are);
      },
    },
    { ALT: () => void this.CONSUME(W.ThereIs) },
  ];
  private readonly opponentPossessive5 = (): IToken => {
    this.CONSUME(W.Opponent);
    return this.CONSUME(Possessive);
  };
  /** "it's" (false) or "there's" (true). */
  private readonly itThereAlts: IOrAlt<boolean>[] = [{ ALT: () => (this.CONSUME2(W.ItIs), false) }, { ALT: () => (this.CONSUME2(W.ThereIs), true) }];
  /** Whether the condition atom being read is its condition's first (only a later one may leave out its verb: "… and a Tamer in play"). */
  private firstCondAtom = false;
  /** The subject of the condition atom read last (for "… and a Tamer in play"). */
  private lastCondWho: DcgPlayer | DcgSelector = "you";
  private readonly condPredicateSub = this.gated(
    () => !(this.LA(1).tokenType === Comma || this.LA(1).tokenType === W.And || this.LA(1).tokenType === W.Or || this.LA(1).tokenType === Period),
    (): DcgCondition => this.SUBRULE(this.condPredicate),
  );
  private condAtom = this.RULE("condAtom", (): DcgCondition => {
    const c = this.OR(this.condAtomAlts);
    if (!this.RECORDING_PHASE) this.list.push(c);
    return c;
  });

  private readonly condSubjectAlts: IOrAlt<DcgPlayer | DcgSelector>[] = [
    {
      // "When an opponent plays a Tamer"
      GATE: () => this.LA(1).tokenType === W.A && this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME(W.A);
        this.CONSUME2(W.Opponent);
        return "opponent";
      },
    },
    { ALT: () => (this.CONSUME(W.You), "you") },
    {
      GATE: () => this.LA(2).tokenType === W.Opponent && POSSESSIVE[this.LA(3).tokenTypeIdx] !== 1,
      ALT: () => {
        this.CONSUME(W.Your);
        this.CONSUME(W.Opponent);
        return "opponent";
      },
    },
    { ALT: () => (this.CONSUME(W.They), "opponent") },
    { ALT: () => this.SUBRULE(this.np) },
  ];
  private condSubject = this.RULE("condSubject", (): DcgPlayer | DcgSelector => this.OR(this.condSubjectAlts));

  /** What is said of a condition's subject. */
  private condPredicate = this.RULE("condPredicate", (): DcgCondition => this.OR(this.condPredAlts));
  private condWho: DcgPlayer | DcgSelector = "you";
  private readonly condPredAlts: IOrAlt<DcgCondition>[] = [
    {
      // "If this card had digivolution cards" (as it left play)
      ALT: () => {
        this.CONSUME(W.Had);
        return this.SUBRULE3(this.hasTail);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Has);
        return this.SUBRULE(this.hasTail);
      },
    },
    {
      GATE: () => this.LA(2).tokenType === W.Has,
      ALT: () => {
        this.CONSUME(W.Doesnt);
        this.CONSUME2(W.Has);
        const c = this.SUBRULE2(this.hasTail);
        return this.RECORDING_PHASE ? NOTHING : { kind: "not", condition: c };
      },
    },
    {
      // "If you don't delete an opponent's Digimon with this effect"
      ALT: () => {
        this.CONSUME2(W.Doesnt);
        const e = this.SUBRULE3(this.eventVerb);
        return this.RECORDING_PHASE ? NOTHING : { kind: "happened", event: { ...e, subject: this.condWhoOf() }, thisTurn: false, negate: true };
      },
    },
    {
      ALT: () => {
        const neg = this.OR2(this.isVerbAlts2);
        const c = this.SUBRULE(this.isTail);
        return this.RECORDING_PHASE ? NOTHING : neg ? { kind: "not", condition: c } : c;
      },
    },
    {
      // "your opponent didn't attack with a Digimon this turn"
      ALT: () => {
        this.CONSUME(W.Didnt);
        const e = this.SUBRULE(this.eventVerb);
        this.OPTION(this.thisTurn);
        return this.RECORDING_PHASE ? NOTHING : { kind: "happened", event: e, thisTurn: true, negate: true };
      },
    },
    {
      // "If you attack an opponent's Digimon", "If you trash a purple card": the event happened
      ALT: () => {
        const e = this.SUBRULE2(this.eventVerb);
        return this.RECORDING_PHASE ? NOTHING : { kind: "happened", event: { ...e, subject: this.condWhoOf() }, thisTurn: false, negate: false };
      },
    },
    {
      // "this Digimon's digivolution cards include a Digimon card with [Hybrid] in its traits"
      ALT: () => {
        this.CONSUME(W.Include);
        const s = this.SUBRULE3(this.np);
        const outer = this.beginList();
        this.bothMode = "and";
        this.MANY(this.andCounted);
        const more = this.endList<DcgSelector>(outer);
        if (this.RECORDING_PHASE) return NOTHING;
        return { kind: "has", who: this.condWhoOf(), what: more.length === 0 ? s : { kind: "both", mode: this.bothMode, items: [s, ...more], span: { start: s.span.start, end: more[more.length - 1]!.span.end } } };
      },
    },
    {
      // "If you added a card to your hand", "If you placed 2 cards": the earlier part did it
      ALT: () => {
        const t = this.LA(1);
        const ev = this.OR4(this.pastEventAlts);
        const outerCl = this.cl;
        const c = this.RECORDING_PHASE ? NONE : this.newClause("add", t);
        this.cl = c;
        this.SUBRULE2(this.objectAndArgs);
        this.cl = outerCl;
        if (this.RECORDING_PHASE) return NOTHING;
        const args = c.object?.kind === "things" ? [{ kind: "target", what: c.object.what } as DcgArg, ...c.args] : c.args;
        return { kind: "happened", event: { event: ev, subject: this.condWhoOf(), args, would: false, span: this.spanOf(t) }, thisTurn: false, negate: false };
      },
    },
  ];
  private readonly thisTurn = (): void => {
    this.CONSUME(W.This);
    this.CONSUME(W.Turn);
  };
  private readonly isVerbAlts2: IOrAlt<boolean>[] = [
    { ALT: () => (this.CONSUME(W.Were), false) },
    { ALT: () => (this.CONSUME(W.Is), false) },
    { ALT: () => (this.CONSUME(W.Are), false) },
    { ALT: () => (this.CONSUME(W.Isnt), true) },
    { ALT: () => (this.CONSUME(W.Was), false) },
    { ALT: () => (this.CONSUME(W.Wasnt), true) },
  ];

  /** After "has": "a Tamer in play", "3 or fewer security cards", "2 memory or less", "[X] in its name", "<Blitz>", "4 or more digivolution cards". */
  private readonly hasTailAlts: IOrAlt<DcgCondition>[] = [
    {
      // "2 memory or less", "1 or more memory", "3 or fewer security cards", "8 or more cards in their hand"
      ALT: () => {
        const n = this.CONSUME(Num);
        const cmp = this.SUBRULE(this.cmpTail);
        if (!this.RECORDING_PHASE) {
          this.hasN = this.num(n);
          this.hasCmp = cmp;
        }
        return this.SUBRULE(this.countedHas);
      },
    },
    {
      GATE: () => this.LA(1).tokenType === NameRef && this.nameInFieldAhead(),
      ALT: () => {
        const outer = this.beginList();
        this.SUBRULE(this.hasPredicate);
        const fs = this.endList<DcgFilter>(outer);
        return this.RECORDING_PHASE ? NOTHING : this.isCondition(fs);
      },
    },
    {
      ALT: () => {
        const k = this.CONSUME(KeywordTok);
        return this.RECORDING_PHASE ? NOTHING : this.isCondition([{ kind: "keyword", keyword: KEYWORD_OF.get(k.tokenType)!, negate: false }]);
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.np);
        const outer = this.beginList();
        this.bothMode = "and";
        this.MANY(this.andCounted);
        const more = this.endList<DcgSelector>(outer);
        if (this.RECORDING_PHASE) return NOTHING;
        return { kind: "has", who: this.condWhoOf(), what: more.length === 0 ? s : { kind: "both", mode: this.bothMode, items: [s, ...more], span: { start: s.span.start, end: more[more.length - 1]!.span.end } } };
      },
    },
  ];
  /** "[X] (or [Y]) in its name/traits/digivolution cards" ahead (not "[Tai Kamiya] in play"). */
  private nameInFieldAhead(): boolean {
    return this.nameInFieldAheadAt(2);
  }
  /** {@link nameInFieldAhead} with the names going on at LA(`from`). */
  private nameInFieldAheadAt(from: number): boolean {
    for (let k = from; k < from + 10; k++) {
      const t = this.LA(k).tokenType;
      if (t === NameRef || t === W.Or || t === W.And || t === Comma) continue;
      if (t !== W.In) return false;
      const t2 = this.LA(k + 1).tokenType;
      return t2 === W.Its || t2 === W.Their || t2 === W.ItIs;
    }
    return false;
  }
  private condWhoOf(): DcgPlayer | DcgSelector {
    return this.condWho;
  }
  /**
   * "<subject> is battling <X>", "(gets +1000 DP) when battling <X>" (002 §9-2-1-6: the attacking
   * Digimon battles the attack target — the blocker after a block, §9-2-1-5-2): the attacking
   * Digimon is one of the subject's (the negated "other than": no other Digimon attacks) and the
   * current attack target is an <X>. A battle is read from the attack in progress, so the
   * subject battles as the attacker (as a Digimon does on its owner's turn).
   */
  private battlingCondition(subject: DcgSelector, what: DcgSelector, start: IToken): DcgCondition {
    const span = this.spanOf(start);
    const target: DcgRef = { kind: "ref", ref: "attackTarget", noun: "digimon", filters: [], span };
    const against: DcgSelector = what.kind === "select" ? { ...what, among: target } : { kind: "select", count: { kind: "one" }, owner: null, noun: "digimon", orNoun: null, filters: [], zone: null, among: target, end: null, span };
    return {
      kind: "and",
      all: [
        { kind: "is", subject: { kind: "ref", ref: "attacker", noun: "digimon", filters: [], span }, filters: [{ kind: "otherThanThese", what: [subject] }], negate: true },
        { kind: "has", who: "any", what: against },
      ],
    };
  }
  private isCondition(filters: DcgFilter[]): DcgCondition {
    const who = this.condWho;
    const subject: DcgSelector = typeof who === "string" ? { kind: "ref", ref: "this", noun: "card", filters: [], span: NO_SPAN } : who;
    return { kind: "is", subject, filters, negate: false };
  }
  private hasTail = this.RULE("hasTail", (): DcgCondition => this.OR(this.hasTailAlts));

  /** After "has N (or more)": "memory (or less)", "security cards", "cards in their hand", "digivolution cards", "DP or more". */
  private countedHas = this.RULE("countedHas", (): DcgCondition => this.OR(this.countedHasAlts));
  private hasN = 0;
  private hasCmp: DcgCmp = "eq";
  private readonly countedHasAlts: IOrAlt<DcgCondition>[] = [
    {
      // "2 or more colors"
      ALT: () => {
        this.CONSUME(W.Color);
        return this.RECORDING_PHASE ? NOTHING : this.isCondition([{ kind: "colorCount", cmp: this.hasCmp, n: this.hasN }]);
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Memory);
        const cmp2 = this.SUBRULE(this.cmpTail);
        if (this.RECORDING_PHASE) return NOTHING;
        const cmp = this.hasCmp === "eq" ? cmp2 : this.hasCmp;
        return { kind: "count", who: this.condWho, cmp, value: CONST(this.hasN), what: { kind: "select", count: { kind: "all" }, owner: null, noun: "memory", orNoun: null, filters: [], zone: null, among: null, end: null, span: this.tokSpan(t) } };
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.DP);
        const cmp2 = this.SUBRULE2(this.cmpTail);
        if (this.RECORDING_PHASE) return NOTHING;
        void t;
        return this.isCondition([{ kind: "dp", cmp: this.hasCmp === "eq" ? cmp2 : this.hasCmp, value: CONST(this.hasN) }]);
      },
    },
    {
      ALT: () => {
        const s = this.SUBRULE(this.npRest);
        const cmp = this.SUBRULE3(this.cmpTail);
        this.OPTION6(this.leftWord2);
        return this.RECORDING_PHASE ? NOTHING : { kind: "count", who: this.condWho, cmp: this.hasCmp === "eq" ? cmp : this.hasCmp, value: CONST(this.hasN), what: s };
      },
    },
  ];

  /** After "is": "level 7", "suspended", "in this Digimon's digivolution cards", "a Digimon card with …", "attacking", "[RagnaLoardmon]". */
  private readonly isTailAlts: IOrAlt<DcgCondition>[] = [
    {
      // "no Digimon was deleted by this effect": whether the event happened
      ALT: () => {
        const t = this.LA(1);
        const ev = this.OR3(this.pastParticipleAlts);
        const outerCl = this.cl;
        const c = this.RECORDING_PHASE ? NONE : this.newClause("delete", t);
        this.cl = c;
        this.MANY(this.arg);
        this.cl = outerCl;
        if (this.RECORDING_PHASE) return NOTHING;
        const who = this.condWho;
        const none = typeof who !== "string" && who.kind === "select" && who.count.kind === "none";
        return { kind: "happened", event: { event: ev, subject: who, args: c.args, would: false, span: this.tokSpan(t) }, thisTurn: false, negate: none };
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.In);
        const z = this.SUBRULE(this.inZone);
        if (this.RECORDING_PHASE) return NOTHING;
        const who = this.condWho;
        const what: DcgSelector = typeof who === "string" ? { kind: "ref", ref: "this", noun: "card", filters: [], span: NO_SPAN } : who;
        if (what.kind === "select") what.zone = z;
        return { kind: "has", who: z.kind === "digivolutionCards" ? z.of : "you", what };
      },
    },
    {
      ALT: () => {
        const t = this.CONSUME(W.Attacking);
        return this.RECORDING_PHASE ? NOTHING : { kind: "happened", event: { event: "attacked", subject: this.condWho, args: [], would: false, span: this.tokSpan(t) }, thisTurn: false, negate: false };
      },
    },
    {
      // "this Digimon is battling an opponent's Digimon with no digivolution cards"
      ALT: () => {
        const t = this.CONSUME(W.Battling);
        const what = this.SUBRULE(this.np);
        if (this.RECORDING_PHASE) return NOTHING;
        const who = this.condWho;
        return this.battlingCondition(typeof who === "string" ? this.ref("this", "digimon", t) : who, what, t);
      },
    },
    {
      ALT: () => {
        const outer = this.beginList();
        this.SUBRULE(this.isPredicate);
        const fs = this.endList<DcgFilter>(outer);
        return this.RECORDING_PHASE ? NOTHING : this.isCondition(fs);
      },
    },
  ];
  private readonly pastParticipleAlts: IOrAlt<DcgEvent["event"]>[] = [
    { ALT: () => (this.CONSUME(W.Deleted), "deleted") },
    { ALT: () => (this.CONSUME(W.Returned), "returnedToHand") },
    { ALT: () => (this.CONSUME(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME(W.Placed), "placed") },
  ];
  private readonly pastEventAlts: IOrAlt<DcgEvent["event"]>[] = [
    { ALT: () => (this.CONSUME(W.Added), "cardsAddedToHand") },
    { ALT: () => (this.CONSUME(W.Placed), "placed") },
    { ALT: () => (this.CONSUME(W.Trashed), "trashed") },
    { ALT: () => (this.CONSUME(W.Played), "played") },
    { ALT: () => (this.CONSUME(W.Deleted), "deleted") },
    { ALT: () => (this.CONSUME(W.Returned), "returnedToHand") },
  ];
  private isTail = this.RULE("isTail", (): DcgCondition => this.OR(this.isTailAlts));

  // ═══ events ════════════════════════════════════════════════════════════

  /** After "When": "this Digimon attacks", "an opponent's Digimon is deleted", "you play a green Tamer", "playing this card from your hand". */
  private event = this.RULE("event", (): DcgEvent => {
    return this.OR(this.eventAlts);
  });
  private readonly eventAlts: IOrAlt<DcgEvent>[] = [
    {
      // "When digivolving into this card from your hand", "When DNA digivolving", "When playing this card from your hand"
      ALT: () => {
        const start = this.LA(1);
        const dna = this.OPTION(this.dnaWord);
        const verb = this.OR2(this.participleEventAlts);
        const outer = this.cl;
        const c = this.RECORDING_PHASE ? NONE : this.newClause(verb === "played" ? "play" : verb === "attacked" ? "attack" : verb === "suspended" ? "suspend" : "digivolve", start);
        this.cl = c;
        this.SUBRULE(this.objectAndArgs);
        this.cl = outer;
        if (this.RECORDING_PHASE) return NOTHING;
        // "When attacking an opponent's Digimon": what is attacked; "When DNA digivolving": how
        const args: DcgArg[] = [...(c.object?.kind === "things" ? [{ kind: "target", what: c.object.what } as DcgArg] : []), ...(dna ? [{ kind: "method", method: "dna" } as DcgArg] : []), ...c.args];
        return { event: verb, subject: { kind: "ref", ref: "this", noun: "card", filters: [], span: NO_SPAN }, args, would: false, span: this.spanOf(start) };
      },
    },
    {
      ALT: () => {
        const start = this.LA(1);
        const who = this.SUBRULE(this.condSubject);
        const e = this.SUBRULE(this.eventVerb);
        if (this.RECORDING_PHASE) return NOTHING;
        e.subject = who;
        e.span = this.spanOf(start);
        return e;
      },
    },
  ];
  private readonly dnaWord = (): IToken => this.CONSUME(W.DNA);
  private readonly participleEventAlts: IOrAlt<DcgEvent["event"]>[] = [
    { ALT: () => (this.CONSUME(W.Digivolving), "digivolved") },
    { ALT: () => (this.CONSUME(W.Playing), "played") },
    { ALT: () => (this.CONSUME(W.Attacking), "attacked") },
    { ALT: () => (this.CONSUME(W.Played), "played") },
    { ALT: () => (this.CONSUME(W.Suspending), "suspended") },
  ];

  /** The event's verb and its arguments (the subject is set by the caller). */
  private eventVerb = this.RULE("eventVerb", (): DcgEvent => {
    const start = this.LA(1);
    const outer = this.ev;
    const e: DcgEvent = this.RECORDING_PHASE ? NONE : { event: "attacked", subject: "you", args: [], would: false, span: NO_SPAN };
    this.ev = e;
    const outerCl = this.cl;
    const c = this.RECORDING_PHASE ? NONE : this.newClause("attack", start);
    this.cl = c;
    this.OPTION(this.would);
    this.OR(this.eventVerbAlts);
    this.MANY(this.arg);
    this.MANY2(this.andSurvives);
    const or = this.OPTION2(this.orEvent);
    this.cl = outerCl;
    this.ev = outer;
    if (or !== undefined && !this.RECORDING_PHASE) e.orEvents = [or];
    if (!this.RECORDING_PHASE) {
      e.args = c.args;
      if (c.object?.kind === "things") e.args.unshift({ kind: "target", what: c.object.what });
      e.span = this.spanOf(start);
    }
    return e;
  });
  /** "would delete this Digimon or return it to its owner's hand": another event the condition waits for. */
  private readonly orEvent = this.gated(
    () => this.LA(1).tokenType === W.Or && EVENT_VERBS[this.LA(2).tokenTypeIdx] === 1,
    (): DcgEvent => {
      this.CONSUME(W.Or);
      return this.SUBRULE2(this.eventVerb);
    },
  );
  private readonly would = (): void => {
    this.CONSUME(W.Would);
    if (!this.RECORDING_PHASE) this.ev.would = true;
  };
  /** "… and survives (the battle)", "attacks and deletes an opponent's Digimon". */
  private readonly andSurvives = (): void => {
    this.CONSUME(W.And);
    this.OR1(this.andEventAlts);
  };
  private readonly andEventAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Survives);
        this.OPTION1(this.theBattle);
        if (!this.RECORDING_PHASE) this.ev.andSurvives = true;
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Delete);
        const s = this.SUBRULE(this.np);
        if (!this.RECORDING_PHASE) this.ev.andDeletes = s;
      },
    },
  ];
  private readonly theBattle = (): void => {
    this.CONSUME(W.The);
    this.CONSUME(W.Battle);
  };
  /** "When you digivolve a Digimon" (not "digivolves this turn"). */
  private readonly digivolveObjectEv = this.gated(
    () => NP_START[this.LA(1).tokenTypeIdx] === 1 && !(this.LA(1).tokenType === W.This && this.LA(2).tokenType === W.Turn),
    (): void => this.SUBRULE9(this.thingsObjectEv),
  );
  private setEvent(event: DcgEvent["event"]): void {
    if (!this.RECORDING_PHASE) this.ev.event = event;
  }
  private readonly eventVerbAlts: IOrAlt<void>[] = [
    {
      ALT: () => {
        this.CONSUME(W.Attack);
        this.setEvent("attacked");
        this.OPTION3(this.attackObject);
      },
    },
    {
      ALT: () => {
        this.OR2(this.isBeAlts);
        this.SUBRULE(this.passiveEvent);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Becomes);
        this.OR3(this.becomesAlts);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Digivolve);
        this.setEvent("digivolved");
        this.OPTION9(this.digivolveObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME1(W.Delete);
        this.setEvent("deleted");
        this.SUBRULE2(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Play);
        this.setEvent("played");
        this.SUBRULE3(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Use);
        this.setEvent("used");
        this.SUBRULE4(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Trash);
        this.setEvent("trashed");
        this.SUBRULE5(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Add);
        this.setEvent("cardsAddedToHand");
        this.SUBRULE6(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Place);
        this.setEvent("placed");
        this.SUBRULE7(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Move);
        this.setEvent("movedFromBreeding");
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Block);
        // "When this Digimon blocks": it is the blocker (002 9-3); "is blocked" is the passive event
        this.setEvent("blocks");
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Gain);
        this.CONSUME(W.Memory);
        this.setEvent("memoryGained");
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Leaving);
        this.OPTION4(this.battleAreaPlay);
        this.setEvent("leftPlay");
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Ends);
        this.setEvent("endOfBattle");
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Checks);
        this.setEvent("checked");
        this.SUBRULE8(this.thingsObjectEv);
      },
    },
    {
      ALT: () => {
        this.CONSUME(W.Suspend);
        this.setEvent("suspended");
        this.SUBRULE(this.thingsObjectEv);
      },
    },
    {
      // "When one of your Digimon activates <Digi-Burst>"
      ALT: () => {
        this.CONSUME(W.Activate);
        const k = this.CONSUME(KeywordTok);
        this.setEvent("effectActivated");
        if (!this.RECORDING_PHASE) this.cl.args.push({ kind: "withKeyword", keyword: this.keyword(k) });
      },
    },
    {
      // "(would) return it to its owner's hand"
      ALT: () => {
        this.CONSUME(W.Return);
        this.setEvent("returnedToHand");
        this.SUBRULE9(this.objectAndArgs);
      },
    },
  ];
  private readonly battleAreaPlay = (): void => {
    this.CONSUME1(W.Play);
  };
  private readonly attackObject = this.gated(
    () => NP_START[this.LA(1).tokenTypeIdx] === 1,
    (): void => {
      const s = this.SUBRULE(this.attackTarget);
      if (!this.RECORDING_PHASE) this.cl.object = { kind: "things", what: s };
    },
  );
  /**
   * "a player", "an opponent's Digimon", "your opponent's Digimon with the highest DP". The
   * player a Digimon attacks is the opposing player (001 "Main Phase" E "Attacking": "target one
   * of your opponent's suspended Digimon … or the opposing player"), so "attacks a player" and
   * the bare "attacks player" both read as the opponent.
   */
  private attackTarget = this.RULE("attackTarget", (): DcgSelector => this.OR(this.attackTargetAlts));
  private readonly attackTargetAlts: IOrAlt<DcgSelector>[] = [
    {
      GATE: () => this.LA(2).tokenType === W.Player,
      ALT: () => {
        const t = this.CONSUME(W.A);
        this.CONSUME(W.Player);
        return this.RECORDING_PHASE ? NOTHING : this.attackedPlayer(t);
      },
    },
    {
      // "attacks player": a noun phrase of "player" alone (not "player's …", which np reads).
      GATE: () => POSSESSIVE[this.LA(2).tokenTypeIdx] !== 1,
      ALT: () => {
        const t = this.CONSUME2(W.Player);
        return this.RECORDING_PHASE ? NOTHING : this.attackedPlayer(t);
      },
    },
    { ALT: () => this.SUBRULE(this.np) },
  ];
  /** The opposing player as an attack's target (see {@link attackTarget}). */
  private attackedPlayer(t: IToken): DcgSelector {
    return { kind: "select", count: { kind: "one" }, owner: "opponent", noun: "player", orNoun: null, filters: [], zone: null, among: null, end: null, span: this.spanOf(t) };
  }
  /** An event's object (a noun phrase), then arguments. */
  private thingsObjectEv = this.RULE("thingsObjectEv", (): void => {
    this.OPTION(this.thingsObject2);
  });
  private readonly thingsObject2 = this.gated(
    () => NP_START[this.LA(1).tokenTypeIdx] === 1,
    (): void => {
      const s = this.SUBRULE(this.np);
      if (!this.RECORDING_PHASE) this.cl.object = { kind: "things", what: s };
    },
  );
  private readonly isBeAlts: IOrAlt<void>[] = [
    { ALT: () => void this.CONSUME(W.Is) },
    { ALT: () => void this.CONSUME(W.Are) },
    { ALT: () => void this.CONSUME(W.Be) },
    { ALT: () => void this.CONSUME(W.Was) },
  ];
  private readonly becomesAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.Suspended), this.setEvent("suspended")) },
    { ALT: () => (this.CONSUME(W.Unsuspended), this.setEvent("unsuspended")) },
  ];
  private readonly passiveAlts: IOrAlt<void>[] = [
    { ALT: () => (this.CONSUME(W.Deleted), this.setEvent("deleted")) },
    { ALT: () => (this.CONSUME(W.Blocked), this.setEvent("blocked")) },
    { ALT: () => (this.CONSUME(W.Played), this.setEvent("played")) },
    { ALT: () => (this.CONSUME(W.Trashed), this.setEvent("trashed")) },
    { ALT: () => (this.CONSUME(W.Removed), this.setEvent("securityRemoved")) },
    { ALT: () => (this.CONSUME(W.Added), this.setEvent("securityAdded")) },
    { ALT: () => (this.CONSUME(W.Suspended), this.setEvent("suspended")) },
    { ALT: () => (this.CONSUME(W.Unsuspended), this.setEvent("unsuspended")) },
    { ALT: () => (this.CONSUME(W.Returned), this.setEvent("returnedToHand")) },
    { ALT: () => (this.CONSUME(W.Placed), this.setEvent("placed")) },
    { ALT: () => (this.CONSUME(W.Attacked), this.setEvent("attackedDigimon")) },
    { ALT: () => (this.CONSUME(W.Used), this.setEvent("used")) },
    { ALT: () => (this.CONSUME(W.Digivolved), this.setEvent("digivolved")) },
    { ALT: () => (this.CONSUME(W.Moved), this.setEvent("movedFromBreeding")) },
  ];
  private passiveEvent = this.RULE("passiveEvent", (): void => {
    this.OR(this.passiveAlts);
  });
}

/** Tokens that start a noun phrase. */
const NP_START = tokenSet(W.Player, Num, W.A, W.One, W.All, W.Each, W.Every, W.Another, W.No, W.Any, W.Up, W.This, W.That, W.Those, W.It, W.Itself, W.Them, W.The, W.Your, W.Opponent, W.Their, W.Its, W.Both, W.Neither, W.Red, W.Blue, W.Yellow, W.Green, W.Black, W.Purple, W.White, W.Level, W.Suspended, W.Unsuspended, W.Other, W.NonDigiEgg, W.NonWhite, W.SameLevel, ColorCount, W.Top, W.Bottom, W.Digimon, W.Tamer, W.Option, W.DigiEgg, W.Card, W.Digivolution, W.Security, W.Token, W.Effect, W.Memory, NameRef);
/**
 * Words after "in" that start the zone a noun phrase is in: "in play", "in your hand", "in both
 * players' trashes" (the zone the printer writes for cards of both players' trashes, as "from"
 * reads it).
 */
const IN_ZONE_START = tokenSet(W.Play, W.Your, W.Opponent, W.This, W.That, W.The, W.Both);
/** Participles a noun phrase takes after its noun ("the cards trashed by this effect", {@link DcgParser.participle}). */
const PARTICIPLES = tokenSet(W.Paid, W.Added, W.Deleted, W.Returned, W.Trashed, W.Placed, W.Played, W.Removed, W.Suspended, W.Listed);
/**
 * What may follow such a participle: its place or agent ("trashed from your hand", "deleted by
 * this effect"), the end of the phrase, or "among them" ("1 Tamer card suspended among them":
 * the canonical printer puts "among them" after every other post-modifier).
 */
const AFTER_PARTICIPLE = tokenSet(W.By, W.With, W.In, W.From, W.Under, Period, Comma, W.To, W.Among);
/** Tokens that may start an argument of a clause. */
const ARG_START = tokenSet(W.When, W.Equal, W.Suspended, W.And, W.This, Comma, W.For, W.Until, W.Without, W.From, W.To, W.Into, W.Onto, W.Under, W.At, W.On, W.In, W.Face, W.Ignoring, W.As, W.By, Reminder, W.If, W.While, W.Instead, W.During, W.After, W.Due, W.Using, W.With, W.Also, W.Against);
/** Words that name a zone. */
const ZONE_WORDS = tokenSet(W.Recycle, W.DigiEgg, W.Hand, W.Deck, W.Trash, W.Security, W.Breeding, W.Battle, W.Digivolution, W.Top, W.Bottom);
/** Words that may start a zone phrase after "in". */
/** The card kinds that may qualify "digivolution card" ("a Digimon digivolution card"; {@link DcgParser.kindedSource}). */
const KIND_WORDS = tokenSet(W.Digimon, W.Tamer, W.Option, W.DigiEgg);
/** Tokens that start a counted noun phrase ("1 …", "up to 2 …"). */
const COUNT_START = tokenSet(Num, W.Up, W.One, W.All, W.A, W.Each);
/** The verbs of {@link DcgParser.thingsVerbAlts}. */
const THINGS_VERBS = tokenSet(W.Move, W.Delete, W.Play, W.Trash, W.Trashes, W.Place, W.Add, W.Suspend, W.Unsuspend, W.Reveal, W.Return, W.Choose, W.Use, W.Hatch, W.Digivolve, W.Block, W.Attack, W.Shuffle, W.Include);
/** Words that start a noun ({@link DcgParser.nounWord}). */
const NOUN_WORDS = tokenSet(W.Digimon, W.Tamer, W.Option, W.DigiEgg, W.Card, W.Digivolution, W.Security, W.Token, W.Effect, W.Memory, W.Player);
/** Words that open a lead of a sentence ({@link DcgParser.leadAhead}; "the" is checked there). */
const LEAD_START = tokenSet(W.Instead, W.During, W.When, W.If, W.While, W.Then, W.Otherwise, W.By, W.Until, W.For, W.At);
/** Words that open a modal ({@link DcgParser.modal}). */
const MODAL_START = tokenSet(W.Does, W.May, W.Can, W.Cant, W.Must, W.Doesnt, W.Didnt);
/** Words that name a field of a card ({@link DcgParser.fields}). */
const FIELD_WORDS = tokenSet(W.Name, W.Traits, W.Type, W.Form, W.Attribute, W.Digivolution);
/** Where a name or trait is looked for. */
type DcgField = "name" | "traits" | "type" | "form" | "attribute" | "digivolution";
/** How the things a participle names were acted on ("the cards trashed by this effect"). */
type DcgAffected = Extract<DcgFilter, { kind: "affected" }>["how"];
/** Verbs an event can be ("would delete …", "return …"). */
const EVENT_VERBS = tokenSet(W.Delete, W.Return, W.Trash, W.Suspend, W.Play, W.Attack, W.Digivolve, W.Use, W.Add, W.Place);
/** Words that name a stat ({@link DcgParser.statAlts}). */
const STAT_WORDS = tokenSet(W.DP, W.Level, W.Play);
/** Past participles of "… you placed/returned/…" ({@link DcgParser.youDidAlts}). */
const PAST_DONE = tokenSet(W.Placed, W.Returned, W.Trashed, W.Played, W.Added, W.Deleted);
/** "prevent effects from deleting it", "from leaving play", "from being deleted": not a zone after "from". */
const GERUND_AFTER_FROM = tokenSet(W.Deleting, W.Leaving, W.Being, W.Reducing, W.Returning);
/** How deeply granted effects may nest in quotes ("gains "… gains "…" …""): deeper is an error, not a stack overflow. */
const MAX_QUOTE_DEPTH = 4;
/** "'s" and a bare "'" ("players'", "cards'"): both possessive (the lexer's Possessive category). */
const POSSESSIVE = tokenSet(Possessive, Apostrophe);
const ZONE_OWNER = tokenSet(W.Your, W.Their, W.Its, W.The, W.This, W.That, W.Opponent);
/** Tokens that start a condition atom. */
const COND_START = tokenSet(W.ItIs, W.There, W.ThereIs, W.YouHave, W.You, W.Your, W.They, W.This, W.That, W.It, W.Its, W.A, NameRef, Num, W.One, W.All, W.Each, W.The);
/** Words after "or" that make a comparison ("or less"). */
const CMP_WORDS = tokenSet(W.Less, W.Fewer, W.Lower, W.Below, W.More, W.Higher);
/** Gerunds of a "By …ing" cost. */
const GERUNDS = tokenSet(W.Trashing, W.Suspending, W.Placing, W.Returning, W.Deleting, W.Paying, W.Playing, W.Digivolving);

/** Tokens that start a clause's verb (imperative) — for the step connector. */
const VERB_STARTS = tokenSet(W.Move, W.Delete, W.Play, W.Trash, W.Place, W.Add, W.Suspend, W.Unsuspend, W.Reveal, W.Return, W.Activate, W.Gain, W.Lose, W.Reduce, W.Draw, W.Digivolve, W.Use, W.Choose, W.Give, W.Pay, W.Switch, W.Look, W.Shuffle, W.Search, W.Change, W.Hatch, W.Set, W.Trigger, W.Prevent, KeywordTok, W.You, W.Treat);

export { COLOR_OF, COLOR_WORDS, W };
