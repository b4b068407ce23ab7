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
 */
import { EmbeddedActionsParser, NoViableAltException, type IToken, type TokenType } from "chevrotain";
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
import type {
  AbilitySyn,
  ActionSyn,
  CondSyn,
  EffectSyn,
  EvoSyn,
  ItemSyn,
  ParenSyn,
  Ref,
  ReminderSyn,
  SegmentSyn,
  TextSyn,
  TimingSyn,
  TurboSyn,
} from "./ast.ts";
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

const K = KW as Record<string, TokenType>;
const k = (name: string): TokenType => {
  const t = K[name];
  if (!t) throw new Error(`grammar: unknown keyword ${name}`);
  return t;
};


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

function numValue(image: string): number {
  return Number(image.replace("−", "-"));
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

/** The card-text parser. One instance is reused for every card (chevrotain's recommended use). */
export class CardTextParser extends EmbeddedActionsParser {
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

  constructor() {
    super(ALL_TOKENS, { recoveryEnabled: false, maxLookahead: 1 });
    this.performSelfAnalysis();
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
  }

  /**
   * Chevrotain's default builds a message listing every lookahead path of the failing
   * alternation (milliseconds for the large `action` rule). Our diagnostics write their
   * own message (the unreadable span and the nearest construct), so fail cheaply.
   */
  raiseNoAltException(_occurrence: number, _errMsgTypes: string): never {
    const self = this as unknown as { SAVE_ERROR(e: Error): Error };
    throw self.SAVE_ERROR(new NoViableAltException("no viable alternative", this.LA(1), this.LA(0)));
  }

  // ─── helpers (only called inside ACTION) ────────────────────────────────
  private from(start: IToken): Span {
    const last = this.LA(0);
    return { start: start.startOffset, end: Math.max(start.startOffset, last.startOffset + last.image.length) };
  }
  private tokSpan(t: IToken): Span {
    return { start: t.startOffset, end: t.startOffset + t.image.length };
  }
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

  // ─── text structure ─────────────────────────────────────────────────────

  /** Card text: a list of items. */
  public text = this.RULE("text", (): TextSyn => {
    const items: ItemSyn[] = [];
    this.ACTION(() => {
      this.refs = [];
      this.lastPlayer = "opponent";
    });
    this.MANY(() => {
      const it = this.SUBRULE(this.item);
      this.ACTION(() => items.push(it));
    });
    return { items };
  });

  private item = this.RULE("item", (): ItemSyn => {
    this.ACTION(() => {
      this.lastPlayer = "opponent";
      this.subjectPlayer = null;
      this.subjectAttack = null;
    });
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        { GATE: () => this.isTimingLabel(), ALT: () => this.SUBRULE(this.timingLabel) },
        { ALT: () => this.SUBRULE(this.paren) },
        { ALT: () => this.SUBRULE(this.turbo) },
        { GATE: () => this.LA(1).tokenType === k("Battle"), ALT: () => this.SUBRULE(this.reminder) },
        { ALT: () => this.SUBRULE(this.sentence) },
      ],
    });
  });

  private isTimingLabel(): boolean {
    // Cheap first-token test before backtracking: a failed BACKTRACK is expensive in
    // chevrotain (it builds an error message), and most sentences start with a verb.
    const t = this.LA(1);
    if (!(this.isTimingWord(t, 1) || (t.tokenType === LBracket && this.LA(2).tokenType === k("Attach")) || (t.tokenType === k("When") && this.LA(2).tokenType !== k("Own")))) return false;
    const mark = this.refs.length;
    const ok = this.BACKTRACK(this.timingLabel).call(this);
    this.refs.length = mark;
    return ok;
  }

  /** "Passive, Support Phase:", "At End,", "[Attached]", "While attached,". */
  public timingLabel = this.RULE("timingLabel", (): TimingSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const timings: Timing[] = [];
    const first = this.SUBRULE(this.timingAtom);
    this.ACTION(() => timings.push(first));
    this.MANY({
      GATE: () => this.LA(1).tokenType === Comma && this.isTimingWord(this.LA(2)),
      DEF: () => {
        this.CONSUME(Comma);
        const t = this.SUBRULE2(this.timingAtom);
        this.ACTION(() => timings.push(t));
      },
    });
    this.OR2([
      { ALT: () => this.CONSUME2(Colon) },
      { ALT: () => this.CONSUME2(Comma) },
      { GATE: () => this.LA(0).tokenType === RBracket, ALT: () => this.ACTION(() => undefined) },
    ]);
    return this.ACTION(() => ({ kind: "timing", timings, span: this.from(start), refs: this.refs.slice(mark) }));
  });

  /** Does a timing atom start at LA(i)? Words that are also verbs need a "Phase" or a colon after them. */
  private isTimingWord(t: IToken, i = 2): boolean {
    const plain = ["Prep", "Strategy", "Battle", "End", "Passive", "Activate", "Effect", "Data", "While", "Active", "Any", "Either", "When", "After", "At", "Access"];
    if (plain.some((n) => t.tokenType === K[n])) return true;
    const next = this.LA(i + 1).tokenType;
    if (t.tokenType === k("Support") || t.tokenType === k("Evolve") || t.tokenType === k("Draw")) return next === k("Phase") || next === Colon || next === Comma;
    if (t.tokenType === k("Own") || t.tokenType === k("Opponent")) return this.LA(i + 2).tokenType === k("Phase") || this.LA(i + 3).tokenType === k("Phase");
    return false;
  }

  private phaseWord = this.RULE("phaseWord", (): "prep" | "evolve" | "strategy" | "support" | "battle" | "end" => {
    return this.OR([
      { ALT: () => { this.CONSUME(k("Prep")); return "prep" as const; } },
      { ALT: () => { this.CONSUME(k("Draw")); return "prep" as const; } },
      { ALT: () => { this.CONSUME(k("Evolve")); return "evolve" as const; } },
      { ALT: () => { this.CONSUME(k("Strategy")); return "strategy" as const; } },
      { ALT: () => { this.CONSUME(k("Support")); return "support" as const; } },
      { ALT: () => { this.CONSUME(k("Battle")); return "battle" as const; } },
      { ALT: () => { this.CONSUME(k("End")); return "end" as const; } },
    ]);
  });

  private timingAtom = this.RULE("timingAtom", (): Timing => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          // Own Prep Phase / Opponent's Battle Phase
          ALT: () => {
            const p = this.OR2([
              { ALT: () => { this.CONSUME(k("Own")); return "own" as const; } },
              { ALT: () => { this.CONSUME(k("Opponent")); this.OPTION(() => this.CONSUME(Possessive)); return "opponent" as const; } },
            ]);
            const ph = this.SUBRULE(this.phaseWord);
            this.CONSUME(k("Phase"));
            return this.ACTION(() => ({ kind: "phase", phase: ph, whose: p }) as Timing);
          },
        },
        {
          // SUPPORT / Support / Support Phase; EVOLVE / Evolve Phase / Evolution Phase
          GATE: () => this.LA(1).tokenType === k("Support") || this.LA(1).tokenType === k("Evolve"),
          ALT: () => {
            const t = this.OR3([{ ALT: () => this.CONSUME2(k("Support")) }, { ALT: () => this.CONSUME2(k("Evolve")) }]);
            const ph = this.OPTION5(() => this.CONSUME2(k("Phase")));
            return this.ACTION((): Timing => {
              const upper = t.image === t.image.toUpperCase() && !ph;
              const card = t.tokenType === k("Support") ? "SUPPORT" : "EVOLVE";
              if (upper) return { kind: "card", timing: card };
              return { kind: "phase", phase: card === "SUPPORT" ? "support" : "evolve", whose: "any" };
            });
          },
        },
        {
          ALT: () => {
            const ph = this.SUBRULE2(this.phaseWord);
            this.CONSUME3(k("Phase"));
            return this.ACTION((): Timing => ({ kind: "phase", phase: ph, whose: "any" }));
          },
        },
        { ALT: () => { this.CONSUME(k("At")); this.CONSUME(k("End")); return { kind: "phase", phase: "end", whose: "any" } as Timing; } },
        {
          ALT: () => {
            const t = this.CONSUME(k("Passive"));
            return this.ACTION((): Timing => (t.image === "PASSIVE" ? { kind: "card", timing: "PASSIVE" } : { kind: "passive" }));
          },
        },
        { ALT: () => { this.CONSUME(k("Activate")); return { kind: "card", timing: "ACTIVATE" } as Timing; } },
        { ALT: () => { this.CONSUME(k("Effect")); return { kind: "card", timing: "EFFECT" } as Timing; } },
        { ALT: () => { this.CONSUME(k("Data")); this.CONSUME(k("Break")); return { kind: "dataBreak" } as Timing; } },
        { ALT: () => { this.CONSUME2(k("Data")); return { kind: "card", timing: "DATA" } as Timing; } },
        { ALT: () => { this.CONSUME(k("While")); this.CONSUME(k("Attach")); return { kind: "whileAttached" } as Timing; } },
        { ALT: () => { this.CONSUME(LBracket); this.CONSUME2(k("Attach")); this.CONSUME(RBracket); return { kind: "whileAttached" } as Timing; } },
        {
          ALT: () => {
            this.CONSUME(k("Active"));
            this.OR4([{ ALT: () => this.CONSUME(k("Zone")) }, { ALT: () => this.CONSUME(k("Stack")) }]);
            return { kind: "activeZone" } as Timing;
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Any"));
            const sup = this.OPTION4(() => this.CONSUME3(k("Support")));
            this.CONSUME4(k("Phase"));
            return this.ACTION((): Timing => (sup ? { kind: "anySupportPhase" } : { kind: "anyPhase" }));
          },
        },
        { ALT: () => { this.CONSUME(k("Either")); this.CONSUME4(k("Support")); this.CONSUME5(k("Phase")); return { kind: "eitherSupportPhase" } as Timing; } },
        {
          GATE: () => this.LA(2).tokenType === k("Evolve"),
          ALT: () => {
            this.CONSUME(k("When"));
            this.CONSUME4(k("Evolve"));
            const byDp = this.OPTION3(() => { this.CONSUME(k("By")); this.CONSUME(k("DP")); return true; });
            return this.ACTION((): Timing => ({ kind: "whenEvolving", byDp: byDp === true }));
          },
        },
        { ALT: () => { this.CONSUME(k("After")); this.CONSUME3(k("Evolve")); return { kind: "afterEvolving" } as Timing; } },
        {
          ALT: () => {
            this.CONSUME2(k("When"));
            const ev = this.SUBRULE(this.gameEvent);
            return this.ACTION((): Timing => ({ kind: "when", event: ev }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Access"));
            const w = this.OR5([
              { ALT: () => { this.CONSUME2(LBracket); const x = this.CONSUME(AnyWord); this.CONSUME2(RBracket); return x; } },
              { ALT: () => this.CONSUME2(AnyWord) },
            ]);
            return this.ACTION((): Timing => {
              this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
              return { kind: "access", what: w.image };
            });
          },
        },
      ],
    });
  });

  /** "opponent discards", "opponent's Power is boosted", "own HP is lowered". */
  private gameEvent = this.RULE("gameEvent", (): GameEvent => {
    const p = this.SUBRULE(this.player);
    this.OPTION(() => this.CONSUME(Possessive));
    return this.OR([
      { ALT: () => { this.CONSUME(k("Discard")); return this.ACTION(() => ({ kind: "discards", player: p }) as GameEvent); } },
      { ALT: () => { this.CONSUME(k("Draw")); return this.ACTION(() => ({ kind: "draws", player: p }) as GameEvent); } },
      {
        ALT: () => {
          this.CONSUME(k("Power"));
          this.CONSUME(k("Is"));
          const change = this.OR2([
            { ALT: () => { this.CONSUME(k("Boost")); return "boosted" as const; } },
            { ALT: () => { this.CONSUME(k("Double")); return "doubled" as const; } },
            { ALT: () => { this.CONSUME(k("Change")); return "any" as const; } },
          ]);
          return this.ACTION(() => ({ kind: "powerChanged", player: p, change }) as GameEvent);
        },
      },
      { ALT: () => { this.CONSUME(k("HP")); this.CONSUME2(k("Is")); this.CONSUME(k("Lower")); return this.ACTION(() => ({ kind: "hpLowered", player: p }) as GameEvent); } },
      { ALT: () => { this.CONSUME3(k("Is")); this.CONSUME(k("KO")); return this.ACTION(() => ({ kind: "ko", player: p }) as GameEvent); } },
      {
        ALT: () => {
          this.CONSUME(k("Use"));
          this.OPTION2(() => this.CONSUME(k("A")));
          const w = this.OR3([
            { ALT: () => { this.CONSUME(k("Any")); this.CONSUME(k("Phase")); return "anyPhase" as const; } },
            { ALT: () => { this.CONSUME(k("Option")); return "option" as const; } },
            { ALT: () => { this.CONSUME(k("Digimon")); this.OPTION3(() => this.CONSUME(k("Support"))); return "digimon" as const; } },
            { ALT: () => { this.CONSUME2(k("Support")); return "support" as const; } },
          ]);
          this.OPTION4(() => this.CONSUME2(k("Card")));
          return this.ACTION(() => ({ kind: "plays", player: p, what: w }) as GameEvent);
        },
      },
    ]);
  });

  /** Parenthesised text. */
  private paren = this.RULE("paren", (): ParenSyn => {
    const start = this.CONSUME(LParen);
    const items: ItemSyn[] = [];
    this.MANY(() => {
      const it = this.SUBRULE(this.item);
      this.ACTION(() => items.push(it));
    });
    this.CONSUME(RParen);
    this.OPTION(() => this.CONSUME(Period));
    return this.ACTION(() => ({ kind: "paren", items, span: this.from(start) }));
  });

  /** "Battle is still lost." — DMB/PlayStation reminder that a revived Digimon still loses. */
  private reminder = this.RULE("reminder", (): ReminderSyn => {
    const start = this.CONSUME(k("Battle"));
    this.CONSUME(k("Is"));
    this.CONSUME(k("Still"));
    this.CONSUME(k("Lost"));
    this.OPTION(() => this.CONSUME(Period));
    return this.ACTION(() => ({ kind: "reminder", span: this.from(start) }));
  });

  /** Turbo forms 1–3 (Glossary "Turbo"). */
  private turbo = this.RULE("turbo", (): TurboSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Turbo"));
    const phase = this.OPTION(() =>
      this.OR([
        { ALT: () => { this.CONSUME(k("Support")); return "support" as const; } },
        { ALT: () => { this.CONSUME(k("Evolve")); return "evolve" as const; } },
      ]),
    );
    const t: Omit<TurboEffect, "text"> = { kind: "turbo", phase: "any", cost: null, condition: null, risk: [] };
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(Colon);
          const a = this.SUBRULE(this.action);
          this.ACTION(() => (t.cost = a.action));
        },
      },
      {
        ALT: () => {
          this.CONSUME(Comma);
          this.CONSUME(k("If"));
          const c = this.SUBRULE(this.condExpr);
          this.ACTION(() => (t.condition = c.cond));
        },
      },
      {
        ALT: () => {
          this.CONSUME(k("And"));
          const c = this.SUBRULE(this.chain);
          this.ACTION(() => (t.risk = c.map((x) => x.action)));
        },
      },
    ]);
    this.SUBRULE(this.fullStop);
    return this.ACTION(() => {
      t.phase = phase ?? "any";
      return { kind: "turbo", turbo: t, span: this.from(start), refs: this.refs.slice(mark) };
    });
  });

  /** An effect sentence: segments separated by colons, optional trailing parenthetical, full stop. */
  private sentence = this.RULE("sentence", (): EffectSyn => {
    const start = this.LA(1);
    const ifNot = this.OPTION({
      GATE: () => (this.LA(1).tokenType === k("If") && this.LA(2).tokenType === k("Not")) || this.LA(1).tokenType === k("Otherwise"),
      DEF: () => {
        const s = this.LA(1);
        this.OR([
          { ALT: () => { this.CONSUME(k("If")); this.CONSUME(k("Not")); } },
          { ALT: () => { this.CONSUME(k("Otherwise")); } },
        ]);
        this.OPTION2(() => this.CONSUME(Comma));
        return this.ACTION(() => this.from(s));
      },
    });
    const segments: SegmentSyn[] = [];
    const first = this.SUBRULE(this.segment);
    this.ACTION(() => segments.push(first));
    this.MANY(() => {
      this.CONSUME(Colon);
      const s = this.SUBRULE2(this.segment);
      this.ACTION(() => segments.push(s));
    });
    const trailing = this.OPTION3(() => this.SUBRULE(this.paren));
    const stopMark = this.ACTION(() => this.refs.length);
    this.SUBRULE(this.fullStop);
    return this.ACTION(() => ({ kind: "effect", segments, ifNot: ifNot ?? null, trailing: trailing ?? null, span: this.from(start), refs: this.refs.slice(stopMark) }));
  });

  /** A sentence ends at a full stop; only the last sentence (or one closing a parenthesis) may omit it. */
  private fullStop = this.RULE("fullStop", () => {
    const stop = this.OPTION(() => this.CONSUME(Period));
    this.ACTION(() => {
      const next = this.LA(1);
      if (!stop && next.tokenType.name !== "EOF" && next.tokenType !== RParen) {
        const prev = this.LA(0);
        const at = prev.startOffset + prev.image.length;
        this.ref({ kind: "invalid", code: "missing-full-stop", message: `a sentence ends with a full stop: put "." before "${next.image}" (Anatomy of Cards item 14: one sentence is one effect)`, span: { start: at, end: next.startOffset + next.image.length } });
      }
    });
  });

  private segment = this.RULE("segment", (): SegmentSyn => {
    const start = this.LA(1);
    // The cost markers "Must" and "[1/Turn]", in either order.
    let must: Span | null = null;
    let once: Span | null = null;
    this.MANY9({
      GATE: () => this.LA(1).tokenType === k("Must") || (this.LA(1).tokenType === LBracket && this.LA(2).tokenType === Num),
      DEF: () => {
        this.OR7([
          { ALT: () => { const t = this.CONSUME(k("Must")); this.ACTION(() => (must = this.tokSpan(t))); } },
          {
            ALT: () => {
              const s = this.CONSUME(LBracket);
              this.CONSUME(Num);
              this.CONSUME(Slash);
              this.CONSUME(k("Turn"));
              this.CONSUME(RBracket);
              this.ACTION(() => (once = this.from(s)));
            },
          },
        ]);
      },
    });
    let cond: CondSyn | null = null;
    // "If …, <chain>" or a plain chain: an LL(1) choice on "If". A bare condition right
    // before a colon ("If own HP is 10: …") is read so the checker can say a condition
    // cannot stand as a cost.
    const actions = this.OR3([
      {
        ALT: () => {
          const c = this.SUBRULE(this.ifClause);
          this.OPTION4(() => this.CONSUME(Comma));
          this.ACTION(() => (cond = c));
          return this.OR9([
            { GATE: () => this.LA(1).tokenType !== Colon, ALT: () => this.SUBRULE(this.chain) },
            { ALT: () => [] as ActionSyn[] },
          ]);
        },
      },
      { ALT: () => this.SUBRULE2(this.chain) },
    ]);
    const otherwise = this.OPTION5({
      GATE: () => this.isElseAhead(),
      DEF: () => {
        const s = this.LA(1);
        this.OR([{ ALT: () => this.CONSUME2(Comma) }, { ALT: () => this.CONSUME(Semicolon) }]);
        this.OR2([
          { ALT: () => { this.CONSUME2(k("If")); this.CONSUME(k("Not")); } },
          { ALT: () => this.CONSUME(k("Otherwise")) },
        ]);
        this.OPTION6(() => this.CONSUME3(Comma));
        const acts = this.SUBRULE3(this.chain);
        return this.ACTION(() => ({ span: this.from(s), actions: acts }));
      },
    });
    return this.ACTION(() => ({
      span: this.from(start),
      must: must ?? null,
      oncePerTurn: once ?? null,
      cond,
      actions,
      otherwise: otherwise ?? null,
    }));
  });

  private isElseAhead(): boolean {
    const t1 = this.LA(1).tokenType;
    if (t1 !== Comma && t1 !== Semicolon) return false;
    const t2 = this.LA(2).tokenType;
    return (t2 === k("If") && this.LA(3).tokenType === k("Not")) || t2 === k("Otherwise");
  }

  /** "If <condition>": the range includes the "If". */
  private ifClause = this.RULE("ifClause", (): CondSyn => {
    const start = this.CONSUME(k("If"));
    const c = this.SUBRULE(this.condExpr);
    return this.ACTION(() => ({ ...c, span: this.from(start) }));
  });

  /** Actions joined by "and", "then", "&" or commas. */
  private chain = this.RULE("chain", (): ActionSyn[] => {
    const out: ActionSyn[] = [];
    this.ACTION(() => (this.prevAction = null));
    const a = this.SUBRULE(this.action);
    this.ACTION(() => {
      out.push(a);
      this.prevAction = a;
    });
    this.MANY({
      GATE: () => !this.isElseAhead() && this.isConnectorAhead(),
      DEF: () => {
        this.OR([
          { ALT: () => { this.CONSUME(Comma); this.OPTION(() => this.OR2([{ ALT: () => this.CONSUME(k("Then")) }, { ALT: () => this.CONSUME(k("And")) }])); } },
          { ALT: () => { this.CONSUME2(k("And")); this.OPTION2(() => this.CONSUME2(k("Then"))); } },
          { ALT: () => this.CONSUME3(k("Then")) },
          { ALT: () => this.CONSUME(Amp) },
        ]);
        const b = this.SUBRULE2(this.action);
        this.ACTION(() => {
          out.push(b);
          this.prevAction = b;
        });
      },
    });
    return out;
  });

  private isConnectorAhead(): boolean {
    const t = this.LA(1).tokenType;
    if (t === Comma) {
      // ", if …" after an action is not a connector.
      return this.LA(2).tokenType !== k("If");
    }
    return t === k("And") || t === k("Then") || t === Amp;
  }

  // ─── conditions ─────────────────────────────────────────────────────────

  private condExpr = this.RULE("condExpr", (): CondSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const parts: Condition[] = [];
    let op: "and" | "or" = "and";
    const first = this.SUBRULE(this.condTerm);
    this.ACTION(() => parts.push(first));
    this.MANY(() => {
      this.OR([
        { ALT: () => { this.CONSUME(k("And")); this.ACTION(() => (op = "and")); } },
        { ALT: () => { this.CONSUME(k("Or")); this.ACTION(() => (op = "or")); } },
      ]);
      const c = this.SUBRULE2(this.condTerm);
      this.ACTION(() => parts.push(c));
    });
    return this.ACTION(() => {
      const cond: Condition = parts.length === 1 ? parts[0]! : op === "and" ? { kind: "and", all: parts } : { kind: "or", any: parts };
      return { cond, span: this.from(start), refs: this.refsSince(mark) };
    });
  });

  private condTerm = this.RULE("condTerm", (): Condition => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        { ALT: () => { this.CONSUME(k("Able")); return { kind: "able" } as Condition; } },
        {
          // "opponent has more than 2 cards in DP"
          GATE: () => this.LA(2).tokenType === k("Has") || this.LA(3).tokenType === k("Has"),
          ALT: () => {
            const p = this.SUBRULE(this.player);
            this.CONSUME(k("Has"));
            const cmp = this.SUBRULE(this.comparator);
            const n = this.CONSUME(Num);
            const tail = this.OPTION(() => this.SUBRULE(this.orMoreLess));
            const cp = this.SUBRULE(this.cardPhrase);
            return this.ACTION((): Condition => ({
              kind: "compare",
              left: { kind: "count", player: p, what: countable(cp.zone), per: 1 },
              op: tail ?? cmp ?? "=",
              right: { kind: "const", value: this.countRef(n) },
            }));
          },
        },
        {
          // "1 or less Cards left in own Hand"
          GATE: () => this.LA(1).tokenType === Num,
          ALT: () => {
            const n = this.CONSUME2(Num);
            const op = this.SUBRULE2(this.orMoreLess);
            const cp = this.SUBRULE2(this.cardPhrase);
            return this.ACTION((): Condition => ({
              kind: "compare",
              left: { kind: "count", player: cp.player ?? "own", what: countable(cp.zone), per: 1 },
              op,
              right: { kind: "const", value: this.countRef(n) },
            }));
          },
        },
        {
          ALT: () => {
            const subj = this.SUBRULE(this.statPhrase);
            return this.SUBRULE(this.condPredicate, { ARGS: [subj] });
          },
        },
      ],
    });
  });

  private orMoreLess = this.RULE("orMoreLess", (): CompareOp => {
    this.CONSUME(k("Or"));
    return this.OR([
      { ALT: () => { this.CONSUME(k("More")); return ">=" as const; } },
      { ALT: () => { this.CONSUME(k("Less")); return "<=" as const; } },
      { ALT: () => { this.CONSUME(k("Higher")); return ">=" as const; } },
      { ALT: () => { this.CONSUME(k("Lower")); return "<=" as const; } },
    ]);
  });

  /** "less than", "more than", "lower than/then", "at least", "below", "above"; optional. */
  private comparator = this.RULE("comparator", (): CompareOp | null => {
    return this.OR([
      { ALT: () => { this.CONSUME(k("Less")); this.SUBRULE(this.than); return "<" as const; } },
      { ALT: () => { this.CONSUME(k("Lower")); this.SUBRULE2(this.than); return "<" as const; } },
      { ALT: () => { this.CONSUME(k("More")); this.SUBRULE3(this.than); return ">" as const; } },
      { ALT: () => { this.CONSUME(k("Higher")); this.SUBRULE4(this.than); return ">" as const; } },
      { ALT: () => { this.CONSUME(k("Below")); return "<" as const; } },
      { ALT: () => { this.CONSUME(k("Above")); return ">" as const; } },
      { ALT: () => { this.CONSUME(k("At")); this.CONSUME(k("Least")); return ">=" as const; } },
      { ALT: () => { this.CONSUME(k("Equal")); this.OPTION(() => this.CONSUME(k("To"))); return "=" as const; } },
      { ALT: () => this.ACTION(() => null) },
    ]);
  });

  private than = this.RULE("than", () => {
    this.OR([{ ALT: () => this.CONSUME(k("Than")) }, { ALT: () => this.CONSUME(k("Then")) }]);
  });

  private condPredicate = this.RULE("condPredicate", (subj: StatPhrase): Condition => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        {
          // uses/used [same] Circle
          ALT: () => {
            this.CONSUME(k("Use"));
            const same = this.OPTION(() => this.CONSUME(k("Same")));
            return this.OR2([
              {
                GATE: () => !!same,
                ALT: () => { this.OPTION2(() => this.CONSUME(k("Attack"))); return { kind: "same", what: "attack", negate: false } as Condition; },
              },
              {
                ALT: () => {
                  const as = this.SUBRULE(this.attackList);
                  return this.ACTION((): Condition => ({ kind: "attackIs", player: subj.player ?? "own", attacks: as, negate: false }));
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Is"));
            const neg = this.OPTION3(() => this.CONSUME(k("Not")));
            return this.SUBRULE(this.isPredicate, { ARGS: [subj, !!neg] });
          },
        },
        {
          // "opponent's trash has 10 or more cards"
          ALT: () => {
            this.CONSUME(k("Has"));
            const cmp = this.SUBRULE(this.comparator);
            const n = this.CONSUME3(Num);
            const tail = this.OPTION4(() => this.SUBRULE2(this.orMoreLess));
            this.OPTION5(() => this.CONSUME(k("Card")));
            return this.ACTION((): Condition => ({ kind: "compare", left: this.quantityOf(subj), op: tail ?? cmp ?? "=", right: { kind: "const", value: this.quantityRef(subj, n) } }));
          },
        },
        {
          // "own Cards in Hand 3 or more", "opponent's HP 1000+"
          ALT: () => {
            const n = this.CONSUME(Num);
            const op = this.OR3([
              { ALT: () => this.SUBRULE(this.orMoreLess) },
              { ALT: () => { this.CONSUME(Plus); return ">=" as CompareOp; } },
            ]);
            return this.ACTION((): Condition => ({ kind: "compare", left: this.quantityOf(subj), op, right: { kind: "const", value: this.quantityRef(subj, n) } }));
          },
        },
      ],
    });
  });

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

  /** After "is"/"are" [not]: same/different, comparisons, values. */
  private isPredicate = this.RULE("isPredicate", (subj: StatPhrase, neg: boolean): Condition => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        {
          GATE: () => this.LA(1).tokenType === k("Same") || (this.LA(1).tokenType === k("The") && this.LA(2).tokenType === k("Same")),
          ALT: () => {
            this.OPTION(() => this.CONSUME(k("The")));
            this.CONSUME(k("Same"));
            return this.ACTION((): Condition => ({ kind: "same", what: this.sameWhat(subj), negate: neg }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Different"));
            return this.ACTION((): Condition => ({ kind: "same", what: this.sameWhat(subj), negate: !neg }));
          },
        },
        {
          // "lower", "higher" with no object: compare with the opponent's
          GATE: () => {
            const t = this.LA(1).tokenType;
            const t2 = this.LA(2).tokenType;
            return (t === k("Lower") || t === k("Higher")) && t2 !== k("Than") && t2 !== k("Then");
          },
          ALT: () => {
            const t = this.OR2([{ ALT: () => this.CONSUME(k("Lower")) }, { ALT: () => this.CONSUME(k("Higher")) }]);
            return this.ACTION((): Condition => {
              const left = this.quantityOf(subj);
              const other = subj.player === "opponent" ? "own" : "opponent";
              const right = { ...this.quantityOf({ ...subj, player: other }) } as Amount;
              return { kind: "compare", left, op: t.tokenType === k("Lower") ? (neg ? ">=" : "<") : neg ? "<=" : ">", right };
            });
          },
        },
        {
          GATE: () => {
            const t = this.LA(1).tokenType;
            return t === k("Less") || t === k("More") || t === k("Lower") || t === k("Higher") || t === k("Below") || t === k("Above") || t === k("At") || t === k("Equal");
          },
          ALT: () => {
            const op = this.SUBRULE(this.comparator);
            const rhs = this.SUBRULE(this.quantityValue, { ARGS: [subj] });
            return this.ACTION((): Condition => ({ kind: "compare", left: this.quantityOf(subj), op: negateOp(op ?? "=", neg), right: rhs }));
          },
        },
        {
          GATE: () => this.LA(1).tokenType === Num,
          ALT: () => {
            const n = this.CONSUME(Num);
            const op = this.OPTION2(() =>
              this.OR3([{ ALT: () => this.SUBRULE(this.orMoreLess) }, { ALT: () => { this.CONSUME(Plus); return ">=" as CompareOp; } }]),
            );
            return this.ACTION((): Condition => ({ kind: "compare", left: this.quantityOf(subj), op: negateOp(op ?? "=", neg), right: { kind: "const", value: this.quantityRef(subj, n) } }));
          },
        },
        {
          ALT: () => {
            const vals = this.SUBRULE(this.valueList);
            return this.ACTION((): Condition => this.valueCondition(subj, vals, neg));
          },
        },
      ],
    });
  });

  private sameWhat(s: StatPhrase): "attack" | "level" | "type" {
    return s.prop === "level" ? "level" : s.prop === "type" ? "type" : "attack";
  }

  /** "opponent's HP", "own", "200", "opponent's". */
  private quantityValue = this.RULE("quantityValue", (subj: StatPhrase): Amount => {
    return this.OR([
      {
        ALT: () => {
          const n = this.CONSUME(Num);
          return this.ACTION((): Amount => ({ kind: "const", value: this.quantityRef(subj, n) }));
        },
      },
      {
        ALT: () => {
          const s = this.SUBRULE(this.statPhrase);
          return this.ACTION((): Amount => this.quantityOf({ ...s, prop: s.prop ?? subj.prop, attack: s.attack ?? null }));
        },
      },
    ]);
  });

  /** Values after "is": "R", "Wind or Fire", "Level A", "Circle", a quoted name. */
  private valueItem = this.RULE("valueItem", (): ValueItem => {
    return this.OR([
      { ALT: () => { const a = this.SUBRULE(this.attackWord); return this.ACTION(() => ({ kind: "attack" as const, text: a, span: this.tokSpan(this.LA(0)), attack: a })); } },
      {
        ALT: () => {
          this.CONSUME(k("Level"));
          const w = this.CONSUME(Word);
          return this.ACTION(() => ({ kind: "level" as const, text: w.image, span: this.tokSpan(w) }));
        },
      },
      { ALT: () => { const w = this.CONSUME2(Word); return this.ACTION(() => ({ kind: "word" as const, text: w.image, span: this.tokSpan(w) })); } },
      { ALT: () => { const w = this.CONSUME(Quoted); return this.ACTION(() => ({ kind: "name" as const, text: w.image, span: this.tokSpan(w) })); } },
      { ALT: () => { const w = this.CONSUME(Partial); return this.ACTION(() => ({ kind: "name" as const, text: w.image, span: this.tokSpan(w) })); } },
    ]);
  });

  /** Values after "is": "R", "Wind or Fire", "Level A", "Circle", a quoted name. */
  private valueList = this.RULE("valueList", (): ValueItem[] => {
    const out: ValueItem[] = [];
    const v = this.SUBRULE(this.valueItem);
    this.ACTION(() => out.push(v));
    this.MANY({
      GATE: () => {
        const t = this.LA(1).tokenType;
        if (t !== k("Or") && t !== Slash && t !== Comma) return false;
        const n = this.LA(2).tokenType;
        return n === Word || n === k("Circle") || n === k("Triangle") || n === k("Cross") || n === Quoted || n === CircleIcon || n === TriangleIcon || n === CrossIcon;
      },
      DEF: () => {
        this.OR2([{ ALT: () => this.CONSUME(k("Or")) }, { ALT: () => this.CONSUME(Slash) }, { ALT: () => this.CONSUME(Comma) }]);
        const w = this.SUBRULE2(this.valueItem);
        this.ACTION(() => out.push(w));
      },
    });
    return out;
  });

  private valueCondition(subj: StatPhrase, vals: ValueItem[], negate: boolean): Condition {
    const player = subj.player ?? "own";
    if (vals.every((v) => v.kind === "attack")) return { kind: "attackIs", player, attacks: vals.map((v) => v.attack!), negate };
    const levelish = subj.prop === "level" || vals.every((v) => v.kind === "level");
    if (levelish) {
      for (const v of vals) this.ref({ kind: "level", word: v.text, span: v.span });
      return { kind: "levelIs", player, levels: vals.map((v) => lvl(v.text)), negate };
    }
    if (subj.prop === "name" || vals.some((v) => v.kind === "name")) {
      const v = vals[0]!;
      this.ref({ kind: "name", word: v.text, span: v.span });
      return { kind: "nameIs", player, name: namePattern(v.text), negate };
    }
    for (const v of vals) this.ref({ kind: "type", word: v.text, span: v.span });
    return { kind: "typeIs", player, types: vals.map((v) => v.text), primary: subj.primary, negate };
  }

  // ─── noun phrases ───────────────────────────────────────────────────────

  public player = this.RULE("player", (): PlayerRef => {
    const p = this.OR([
      { ALT: () => { this.CONSUME(k("Own")); return "own" as PlayerRef; } },
      { ALT: () => { this.CONSUME(k("Opponent")); return "opponent" as PlayerRef; } },
      { ALT: () => { this.CONSUME(OppSymbol); return "opponent" as PlayerRef; } },
      { ALT: () => { this.CONSUME(k("His")); return this.ACTION(() => (this.lastPlayer === "own" ? "opponent" : this.lastPlayer)); } },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(k("Both")) }, { ALT: () => this.CONSUME(k("Each")) }]);
          this.OPTION(() => this.CONSUME(k("Players")));
          return "both" as PlayerRef;
        },
      },
    ]);
    this.ACTION(() => {
      if (p !== "both") this.lastPlayer = p;
    });
    return p;
  });

  /** A player with an optional possessive: "opponent's", "own". */
  private playerPoss = this.RULE("playerPoss", (): PlayerRef => {
    const p = this.SUBRULE(this.player);
    this.OPTION(() => this.CONSUME(Possessive));
    return p;
  });

  private attackWord = this.RULE("attackWord", (): AttackSlot => {
    return this.OR([
      { ALT: () => { this.CONSUME(k("Circle")); return "circle" as const; } },
      { ALT: () => { this.CONSUME(CircleIcon); return "circle" as const; } },
      { ALT: () => { this.CONSUME(k("Triangle")); return "triangle" as const; } },
      { ALT: () => { this.CONSUME(TriangleIcon); return "triangle" as const; } },
      { ALT: () => { this.CONSUME(k("Cross")); return "cross" as const; } },
      { ALT: () => { this.CONSUME(CrossIcon); return "cross" as const; } },
    ]);
  });

  private attackList = this.RULE("attackList", (): AttackSlot[] => {
    const out: AttackSlot[] = [];
    const a = this.SUBRULE(this.attackWord);
    this.ACTION(() => out.push(a));
    this.MANY({
      // "used Cross or own HP is 10": only an attack word after "or" continues the list.
      GATE: () => {
        const n = this.LA(2).tokenType;
        return n === k("Circle") || n === k("Triangle") || n === k("Cross") || n === CircleIcon || n === TriangleIcon || n === CrossIcon;
      },
      DEF: () => {
      this.OR([{ ALT: () => this.CONSUME(k("Or")) }, { ALT: () => this.CONSUME(Slash) }]);
      const b = this.SUBRULE2(this.attackWord);
      this.ACTION(() => out.push(b));
      },
    });
    return out;
  });

  /**
   * A stat or property phrase: "[all] [own|opponent's|both players'] [all] [Circle] Power|HP|
   * Attack|Level|type|DP|hand|Support|name", with at least the player or the property.
   */
  public statPhrase = this.RULE("statPhrase", (): StatPhrase => {
    const r: StatPhrase = { player: null, attack: null, prop: null, primary: false };
    this.OPTION(() => { this.CONSUME(k("All")); this.ACTION(() => (r.attack = "all")); });
    this.OPTION2(() => this.CONSUME(k("The")));
    this.OPTION3(() => {
      const p = this.SUBRULE(this.player);
      this.OPTION4(() => this.CONSUME(Possessive));
      this.ACTION(() => (r.player = p));
    });
    this.OPTION5(() => { this.CONSUME2(k("All")); this.ACTION(() => (r.attack = "all")); });
    this.OPTION6(() => {
      const a = this.SUBRULE(this.attackWord);
      this.ACTION(() => (r.attack = a));
    });
    this.OPTION7({
      GATE: () => this.propAhead(),
      DEF: () => {
      const prop = this.SUBRULE(this.propWord);
      this.ACTION(() => {
        r.prop = prop.prop;
        r.primary = prop.primary;
      });
      },
    });
    return r;
  });

  /** May a property word start here? Not "trash"/"deck" used as a verb or object ("Opponent trashes 2"). */
  private propAhead(): boolean {
    const t = this.LA(1).tokenType;
    return (t !== k("Trash") && t !== k("Deck")) || this.isZoneSubject();
  }

  /** Is the zone word at LA(1) the subject of "is"/"has" (a quantity), not a verb or object? */
  private isZoneSubject(): boolean {
    const n = this.LA(2).tokenType;
    return n === k("Is") || n === k("Has");
  }

  /** A statPhrase that is not empty (a sentence subject). */
  private subjectPhrase = this.RULE("subjectPhrase", (): StatPhrase => {
    const r: StatPhrase = { player: null, attack: null, prop: null, primary: false };
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
      {
        ALT: () => {
          this.CONSUME(k("All"));
          this.ACTION(() => (r.attack = "all"));
          this.OPTION(() => { const p = this.SUBRULE(this.player); this.OPTION2(() => this.CONSUME(Possessive)); this.ACTION(() => (r.player = p)); });
        },
      },
      {
        ALT: () => {
          this.OPTION3(() => this.CONSUME(k("The")));
          const p = this.SUBRULE2(this.player);
          this.OPTION4(() => this.CONSUME2(Possessive));
          this.ACTION(() => (r.player = p));
        },
      },
      { ALT: () => { const a = this.SUBRULE(this.attackWord); this.ACTION(() => (r.attack = a)); } },
      {
        // "HP of both Players"
        ALT: () => {
          const pr = this.SUBRULE(this.statProp);
          this.ACTION(() => { r.prop = pr.prop; r.primary = pr.primary; });
          this.OPTION8({
            GATE: () => this.LA(1).tokenType === k("Of"),
            DEF: () => { this.CONSUME(k("Of")); const p = this.SUBRULE3(this.player); this.ACTION(() => (r.player = p)); },
          });
        },
      },
    ],
    });
    this.OPTION5(() => { this.CONSUME2(k("All")); this.ACTION(() => (r.attack = "all")); });
    this.OPTION6(() => { const a = this.SUBRULE2(this.attackWord); this.ACTION(() => (r.attack = a)); });
    this.OPTION7({ GATE: () => this.propAhead(), DEF: () => { const pr = this.SUBRULE2(this.propWord); this.ACTION(() => { r.prop = pr.prop; r.primary = pr.primary; }); } });
    return r;
  });

  /** A property: a stat ({@link statProp}) or a zone counted as a quantity ({@link zoneProp}). */
  private propWord = this.RULE("propWord", (): { prop: NonNullable<StatPhrase["prop"]>; primary: boolean } => {
    return this.OR([{ ALT: () => this.SUBRULE(this.statProp) }, { ALT: () => this.SUBRULE(this.zoneProp) }]);
  });

  /**
   * A zone as a quantity: "own deck is 10 or less", "opponent's trash has 10 or more cards",
   * "own Dark Area", "own attachments". It never starts a sentence (it needs its player),
   * so "Trash 3" and "Dark Draw 1" stay verbs.
   */
  private zoneProp = this.RULE("zoneProp", (): { prop: NonNullable<StatPhrase["prop"]>; primary: boolean } => {
    return this.OR([
      { ALT: () => { this.CONSUME(k("Deck")); return { prop: "deck" as const, primary: false }; } },
      { ALT: () => { this.CONSUME(k("Trash")); return { prop: "trash" as const, primary: false }; } },
      { ALT: () => { this.CONSUME(k("Dark")); this.CONSUME(k("Area")); return { prop: "darkArea" as const, primary: false }; } },
      { ALT: () => { this.CONSUME(k("Attachments")); return { prop: "attachments" as const, primary: false }; } },
    ]);
  });

  /** A stat or card property: Power, Attack [Power], HP, Level, [primary] type, name, hand, DP, Support, +P. */
  private statProp = this.RULE("statProp", (): { prop: NonNullable<StatPhrase["prop"]>; primary: boolean } => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        { ALT: () => { this.CONSUME(k("Power")); return { prop: "power" as const, primary: false }; } },
        {
          ALT: () => {
            this.CONSUME(k("Attack"));
            const pw = this.OPTION(() => this.CONSUME2(k("Power")));
            return this.ACTION(() => ({ prop: pw ? ("power" as const) : ("attack" as const), primary: false }));
          },
        },
        { ALT: () => { this.CONSUME(k("HP")); return { prop: "hp" as const, primary: false }; } },
        { ALT: () => { this.CONSUME(k("Level")); return { prop: "level" as const, primary: false }; } },
        { ALT: () => { this.CONSUME(k("Primary")); this.CONSUME(k("Type")); return { prop: "type" as const, primary: true }; } },
        { ALT: () => { this.CONSUME2(k("Type")); return { prop: "type" as const, primary: false }; } },
        { ALT: () => { this.CONSUME(k("Name")); return { prop: "name" as const, primary: false }; } },
        {
          // "Cards in Hand", "hand"
          ALT: () => {
            this.OPTION2(() => { this.CONSUME(k("Card")); this.OPTION3(() => this.CONSUME(k("Left"))); this.CONSUME(k("In")); });
            this.OPTION4(() => { this.SUBRULE(this.player); this.OPTION5(() => this.CONSUME(Possessive)); });
            this.CONSUME(k("Hand"));
            return { prop: "hand" as const, primary: false };
          },
        },
        { ALT: () => { this.CONSUME(k("DP")); return { prop: "dp" as const, primary: false }; } },
        // "+P" (Anatomy of Cards item 7)
        { ALT: () => { this.CONSUME(PlusP); return { prop: "plusP" as const, primary: false }; } },

        {
          // "Support Effect", "Support and Option Effects"
          ALT: () => {
            this.CONSUME(k("Support"));
            this.OPTION7(() => { this.CONSUME(k("And")); this.CONSUME(k("Option")); });
            this.OPTION6(() => this.CONSUME(k("Effect")));
            return { prop: "support" as const, primary: false };
          },
        },
      ],
    });
  });

  /**
   * A noun phrase naming cards in a zone, read as a bag of words: "all Cards in own Hand",
   * "1 DP Card from own DP Slot", "opponent's 2 top DP Cards", "any 1 in opponent's DP",
   * "7 Cards from own deck", "1 Card at random".
   */
  private cardPhrase = this.RULE("cardPhrase", (): CardPhrase => {
    const r: CardPhrase = { shown: false, same: false, count: null, all: false, any: false, random: false, top: false, player: null, zone: null, filter: anyCard(), topOf: null };
    this.MANY(() => {
      this.OR([
        { ALT: () => { const n = this.CONSUME(Num); this.ACTION(() => (r.count = this.countRef(n))); } },
        { ALT: () => { this.CONSUME(k("Same")); this.CONSUME(k("Number")); this.ACTION(() => (r.same = true)); } },
        { ALT: () => { this.CONSUME(k("All")); this.ACTION(() => (r.all = true)); } },
        { ALT: () => { this.CONSUME(k("Any")); this.ACTION(() => (r.any = true)); } },
        { ALT: () => { this.CONSUME(k("Random")); this.ACTION(() => (r.random = true)); } },
        { ALT: () => { this.CONSUME(k("At")); this.CONSUME2(k("Random")); this.ACTION(() => (r.random = true)); } },
        { ALT: () => { this.CONSUME(k("Top")); this.ACTION(() => (r.top = true)); } },
        { ALT: () => { const p = this.SUBRULE(this.player); this.ACTION(() => (r.player = p)); } },
        { ALT: () => this.CONSUME(Possessive) },
        { ALT: () => this.CONSUME(k("Card")) },
        { ALT: () => this.CONSUME(k("The")) },
        { ALT: () => this.CONSUME(k("Of")) },
        { ALT: () => this.CONSUME(k("In")) },
        { ALT: () => this.CONSUME(k("From")) },
        { ALT: () => { this.CONSUME(k("Shown")); this.ACTION(() => (r.shown = true)); } },
        { ALT: () => this.CONSUME(k("Left")) },
        { ALT: () => { this.CONSUME(k("Hand")); this.ACTION(() => (r.zone = "hand")); } },
        { ALT: () => { this.CONSUME(k("Deck")); this.ACTION(() => (r.zone = "deck")); } },
        { ALT: () => { this.CONSUME(k("Trash")); this.ACTION(() => (r.zone = "trash")); } },
        { ALT: () => { this.CONSUME(k("DP")); this.OPTION(() => this.CONSUME(k("Zone"))); this.ACTION(() => (r.zone = r.zone ?? "dp")); } },
        { ALT: () => { this.CONSUME(k("Attach")); this.ACTION(() => (r.zone = "attachment")); } },
        { ALT: () => { this.CONSUME(k("Attachments")); this.ACTION(() => (r.zone = "attachment")); } },
        { ALT: () => { this.CONSUME(k("Dark")); this.CONSUME(k("Area")); this.ACTION(() => (r.zone = "darkArea")); } },
      ]);
    });
    return r;
  });

  /** A card filter: "1 Evolution", "a valid C", "Vademon", "\"-devi-\" card", "Partner Card", "Digimon". */
  private cardFilter = this.RULE("cardFilter", (): { count: number | null; filter: CardFilter } => {
    const f = anyCard();
    let count: number | null = null;
    this.OPTION(() => {
      this.OR([
        { ALT: () => { const n = this.CONSUME(Num); this.ACTION(() => (count = this.countRef(n))); } },
        { ALT: () => this.CONSUME(k("A")) },
        { ALT: () => this.CONSUME(k("The")) },
      ]);
    });
    this.AT_LEAST_ONE(() => {
      this.OR2([
        { ALT: () => { this.CONSUME(k("Valid")); this.ACTION(() => (f.valid = true)); } },
        { ALT: () => { this.CONSUME(k("Not")); this.CONSUME(k("Partner")); this.ACTION(() => (f.partner = false)); } },
        { ALT: () => { this.CONSUME2(k("Partner")); this.ACTION(() => (f.partner = true)); } },
        { ALT: () => { this.CONSUME(k("Digimon")); this.ACTION(() => f.kinds.push("Digimon" as CardKind)); } },
        { ALT: () => { this.CONSUME(k("Option")); this.ACTION(() => f.kinds.push("Option" as CardKind)); } },
        { ALT: () => { this.CONSUME(k("Evolve")); this.ACTION(() => f.kinds.push("Evolution" as CardKind)); } },
        { ALT: () => this.CONSUME(k("Card")) },
        {
          ALT: () => {
            this.CONSUME(k("Level"));
            const w = this.CONSUME(Word);
            this.ACTION(() => {
              this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
              f.levels.push(lvl(w.image));
            });
          },
        },
        {
          ALT: () => {
            const q = this.OR3([{ ALT: () => this.CONSUME(Quoted) }, { ALT: () => this.CONSUME(Partial) }]);
            this.ACTION(() => {
              this.ref({ kind: "name", word: q.image, span: this.tokSpan(q) });
              f.name = namePattern(q.image);
            });
          },
        },
        {
          // A bare word: a level letter, a type, or a card name (resolved by the checker).
          ALT: () => {
            const w = this.CONSUME2(Word);
            this.ACTION(() => {
              const level = /^[A-Z]/.test(w.image) ? levelOf(w.image) : null;
              if (level) {
                // "a valid C", "1 Champion Digimon" (Glossary "Level": letters or full names)
                this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
                f.levels.push(level);
              } else if (/^[A-Z]/.test(w.image) && f.name === null && !/(mon|dramon)$/i.test(w.image) && f.types.length === 0 && this.looksLikeType(w.image)) {
                this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
                f.types.push(w.image);
              } else {
                const prev = f.name && f.name.kind === "exact" ? f.name.name + " " : "";
                f.name = namePattern(prev + w.image);
                this.ref({ kind: "name", word: prev + w.image, span: this.tokSpan(w) });
              }
            });
          },
        },
      ]);
    });
    return { count, filter: f };
  });

  /** Type vocabulary known to the grammar (a hint only; the checker validates). */
  public typeWords = new Set<string>();
  private looksLikeType(w: string): boolean {
    return this.typeWords.has(w.toLowerCase());
  }

  // ─── amounts ────────────────────────────────────────────────────────────

  /** "+300", "+100 for each card in own DP", "by own HP", "by number of discards". */
  private amount = this.RULE("amount", (): Amount => {
    return this.OR([
      {
        ALT: () => {
          const n = this.CONSUME(Num);
          const per = this.OPTION(() => {
            this.CONSUME(k("Per"));
            this.OPTION2(() => this.CONSUME(k("Each")));
            return this.SUBRULE(this.countSource);
          });
          return this.ACTION((): Amount => {
            const v = this.amountRef(n);
            if (!per) return { kind: "const", value: v };
            return times(per, v);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(k("By"));
          return this.OR2({
            IGNORE_AMBIGUITIES: true,
            DEF: [
            { ALT: () => { const n = this.CONSUME2(Num); return this.ACTION((): Amount => ({ kind: "const", value: this.amountRef(n) })); } },
            { GATE: () => this.isNumberOf(), ALT: () => this.SUBRULE(this.numberOf) },
            {
              ALT: () => {
                const s = this.SUBRULE(this.statPhrase);
                return this.ACTION((): Amount => this.quantityOf(s));
              },
            },
          ],
          });
        },
      },
      { ALT: () => this.SUBRULE2(this.numberOf) },
    ]);
  });

  private isNumberOf(): boolean {
    return this.LA(1).tokenType === k("Number") || (this.LA(1).tokenType === k("The") && this.LA(2).tokenType === k("Number"));
  }

  /** "[the] number of X [x100]". */
  private numberOf = this.RULE("numberOf", (): Amount => {
    this.OPTION(() => this.CONSUME(k("The")));
    this.CONSUME(k("Number"));
    this.CONSUME(k("Of"));
    const src = this.SUBRULE(this.countSource);
    const per = this.OPTION2(() => {
      this.CONSUME(k("Times"));
      const n = this.CONSUME(Num);
      return this.ACTION(() => this.amountRef(n));
    });
    return this.ACTION((): Amount => times(src, per ?? 1));
  });

  /** What is counted: "discards", "discarded Cards", "DP Cards in DP Slot", "Cards in Hand", "own HP". */
  private countSource = this.RULE("countSource", (): Amount => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(k("Discard"));
            this.OPTION(() => this.CONSUME(k("Card")));
            return { kind: "previous", per: 1 } as Amount;
          },
        },
        {
          GATE: () => this.LA(1).tokenType !== k("Own") || this.LA(2).tokenType !== k("HP"),
          ALT: () => {
            const cp = this.SUBRULE(this.cardPhrase);
            return this.ACTION((): Amount => ({ kind: "count", player: cp.player ?? "own", what: countable(cp.zone), per: 1 }));
          },
        },
        {
          ALT: () => {
            const s = this.SUBRULE(this.statPhrase);
            return this.ACTION((): Amount => this.quantityOf(s));
          },
        },
      ],
    });
  });

  // ─── actions ────────────────────────────────────────────────────────────

  /**
   * One action, chosen on its first token alone: every verb starts with its own keyword, and
   * everything that starts with a subject, a number or a stat goes to {@link subjectFirst}.
   * No alternative has a GATE, so chevrotain dispatches through a token → alternative map
   * instead of trying the alternatives one by one (the slow path cost more than the rest
   * of a sentence's parse).
   */
  private action = this.RULE("action", (): ActionSyn => {
    return this.OR([
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
    ]);
  });

  /** "Enables …" / "Can evolve …" / "Can [evolve] ignore …" (Evolution Phase 4.7, 4.14). */
  private canRule = this.RULE("canRule", (): ActionSyn => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.LA(2).tokenType === k("Ignore") || this.LA(3).tokenType === k("Ignore"), ALT: () => this.SUBRULE(this.canIgnore) },
        { ALT: () => this.SUBRULE(this.enables) },
      ],
    });
  });

  /**
   * Actions that start with a subject, a number or a stat, where a second token decides:
   * a continued discard ("… and 1 Card from Hand"), "Attack first", "Circle Counterattack",
   * "Supports cannot …", "DP is needed", the stat shorthand "Power +40", and subject-first
   * sentences ("Own HP is 10", "Opponent discards 2").
   */
  private subjectFirst = this.RULE("subjectFirst", (): ActionSyn => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.continuesDiscard(), ALT: () => this.SUBRULE(this.discardMore) },
        { GATE: () => this.LA(1).tokenType === k("Attack") && (this.LA(2).tokenType === k("First") || this.LA(2).tokenType === k("Second")), ALT: () => this.SUBRULE(this.attackOrder) },
        { GATE: () => this.LA(1).tokenType === k("Counter") || this.LA(2).tokenType === k("Counter"), ALT: () => this.SUBRULE(this.counterAction) },
        { GATE: () => this.LA(1).tokenType === k("Cannot") || this.LA(2).tokenType === k("Cannot"), ALT: () => this.SUBRULE(this.prohibitBare) },
        { GATE: () => this.LA(1).tokenType === k("Requires") || (this.LA(2).tokenType === k("Is") && this.LA(3).tokenType === k("Needed")), ALT: () => this.SUBRULE(this.requireDp) },
        { GATE: () => this.isPlusPChange(), ALT: () => this.SUBRULE(this.plusPChange) },
        { GATE: () => this.isStatShorthand(), ALT: () => this.SUBRULE(this.statShorthand) },
        { ALT: () => this.SUBRULE(this.subjectAction) },
      ],
    });
  });

  private continuesDiscard(): boolean {
    const prev = this.prevAction?.action.kind;
    if (prev !== "discard" && prev !== "trash") return false;
    const t = this.LA(1).tokenType;
    return t === Num || t === k("All") || (t === k("His") && this.LA(2).tokenType === k("Hand"));
  }

  /** The object of a discard whose verb was given earlier in the chain. */
  private discardMore = this.RULE("discardMore", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    // One required token first, so the rule never matches empty input.
    const first = this.OR([
      { ALT: () => { const n = this.CONSUME(Num); return this.ACTION(() => ({ count: this.countRef(n), all: false, his: false })); } },
      { ALT: () => { this.CONSUME(k("All")); return { count: null, all: true, his: false }; } },
      { ALT: () => { this.CONSUME(k("His")); return { count: null, all: false, his: true }; } },
    ]);
    const rest = this.SUBRULE(this.cardPhrase);
    return this.ACTION(() => {
      const cp: CardPhrase = { ...rest, count: first.count ?? rest.count, all: first.all || rest.all, player: rest.player ?? (first.his ? this.lastPlayer : null) };
      return this.discardOf(start, mark, cp, false, this.prevAction?.action.kind === "discard" || this.prevAction?.action.kind === "trash" ? (this.prevAction.action as { player: PlayerRef }).player : null);
    });
  });

  /**
   * "-X0 +P": a player's DP goes down by X0 — "Opponent -20 +P.", "-10 +P." (own by default).
   * Evolution Phase 4.8: "'-X0 +P' can occur in which case the DP a player has is lowered,
   * even to negative numbers" (unlike "DP -X0", which lowers a Future's DP cost). The same
   * change as "Opponent's DP -20" (IR `changeDp`).
   */
  private plusPChange = this.RULE("plusPChange", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const pl = this.OPTION(() => this.SUBRULE(this.playerPoss));
    const n = this.CONSUME(Num);
    this.CONSUME(PlusP);
    return this.ACTION(() => this.act(start, mark, { kind: "changeDp", player: this.who(pl), amount: this.amountRef(n) }));
  });

  /** Does "[player['s]] ±N +P" ({@link plusPChange}) start here? */
  private isPlusPChange(): boolean {
    let i = 1;
    const t = this.LA(1).tokenType;
    if (t === k("Own") || t === k("Opponent") || t === OppSymbol) i = this.LA(2).tokenType === Possessive ? 3 : 2;
    return this.LA(i).tokenType === Num && this.LA(i + 1).tokenType === PlusP;
  }

  /**
   * The evo-box stat shorthand used as an action: "Power +40", "HP +100", "opponent's
   * DP -10" (Evolution Phase 4.8; FAQ "Permanents in Evolution Boxes").
   */
  private statShorthand = this.RULE("statShorthand", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const s = this.SUBRULE(this.subjectPhrase);
    const amt = this.SUBRULE(this.amount);
    return this.ACTION(() => this.statChange(start, mark, s, amt));
  });

  /** Boost [player] [attack] Power +N | Add number of X x100 to own Power. Glossary "Boost". */
  private boost = this.RULE("boost", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Boost"));
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.LA(1).tokenType === k("Number") || (this.LA(1).tokenType === k("The") && this.LA(2).tokenType === k("Number")),
          ALT: () => {
            const amt = this.SUBRULE(this.numberOf);
            this.CONSUME(k("To"));
            const t = this.SUBRULE(this.statPhrase);
            return this.ACTION(() => this.statChange(start, mark, t, amt));
          },
        },
        {
          ALT: () => {
            const t = this.SUBRULE2(this.statPhrase);
            const amt = this.SUBRULE(this.amount);
            return this.ACTION(() => this.statChange(start, mark, t, amt));
          },
        },
      ],
    });
  });

  private statChange(start: IToken, mark: number, t: StatPhrase, amount: Amount, negate = false): ActionSyn {
    const player = this.who(t.player);
    const amt: Amount = negate && amount.kind === "const" ? { kind: "const", value: -Math.abs(amount.value) } : amount;
    if (t.prop === "hp") return this.act(start, mark, { kind: "recover", player, amount: amt });
    if (t.prop === "dp") return this.act(start, mark, { kind: "changeDp", player, amount: amt.kind === "const" ? amt.value : 0 });
    return this.act(start, mark, { kind: "boost", player, attack: t.attack, amount: amt });
  }

  /** Lower/Reduce X Power -N | Lower X Power to 0. */
  private lower = this.RULE("lower", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Lower"));
    const t = this.SUBRULE(this.statPhrase);
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(k("To"));
          const n = this.CONSUME(Num);
          return this.ACTION(() => this.act(start, mark, { kind: "setStat", target: this.statTarget(t), value: { kind: "const", value: this.amountRef(n) } }));
        },
      },
      {
        ALT: () => {
          const amt = this.SUBRULE(this.amount);
          return this.ACTION(() => this.statChange(start, mark, t, amt, true));
        },
      },
    ]);
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
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Recover"));
    const t = this.SUBRULE(this.statPhrase);
    const amt = this.SUBRULE(this.amount);
    return this.ACTION(() => this.act(start, mark, { kind: "recover", player: this.who(t.player), amount: amt }));
  });

  /** Double/Halve/Triple X | Multiply X by N. */
  private scale = this.RULE("scale", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    return this.OR([
      {
        ALT: () => {
          const f = this.SUBRULE(this.factorWord);
          const t = this.SUBRULE(this.statPhrase);
          return this.ACTION(() => this.act(start, mark, { kind: "scaleStat", target: this.statTarget(t), factor: { kind: "const", value: f } }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(k("Multiply"));
          const t = this.SUBRULE2(this.statPhrase);
          this.CONSUME(k("By"));
          const amt = this.OR2([
            { ALT: () => { const n = this.CONSUME(Num); return this.ACTION((): Amount => ({ kind: "const", value: this.amountRef(n) })); } },
            { ALT: () => this.SUBRULE(this.numberOf) },
          ]);
          return this.ACTION(() => this.act(start, mark, { kind: "scaleStat", target: this.statTarget(t), factor: amt }));
        },
      },
    ]);
  });

  private factorWord = this.RULE("factorWord", (): number => {
    return this.OR([
      { ALT: () => { this.CONSUME(k("Double")); return 2; } },
      { ALT: () => { this.CONSUME(k("Halve")); return 0.5; } },
      { ALT: () => { this.CONSUME(k("Triple")); return 3; } },
    ]);
  });

  /** Draw N [cards] [from own deck] | Draw until N cards in own hand. Glossary "Draw". */
  private draw = this.RULE("draw", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Draw"));
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(k("Until"));
          this.OPTION(() => { this.CONSUME(k("There")); this.CONSUME(k("Is")); });
          const n = this.CONSUME(Num);
          this.SUBRULE(this.cardPhrase);
          return this.ACTION(() => this.act(start, mark, { kind: "drawUntil", player: this.who(null), handSize: this.countRef(n) }));
        },
      },
      {
        ALT: () => {
          const cp = this.SUBRULE2(this.cardPhrase);
          return this.ACTION(() => {
            if (cp.count === null) this.ref({ kind: "invalid", message: 'Draw needs a number of cards, e.g. "Draw 1." (Prep Phase step 2; Attack Abilities "Draw X")', span: this.from(start) });
            return this.act(start, mark, { kind: "draw", player: this.who(cp.player === "own" ? null : cp.player), count: { kind: "const", value: cp.count ?? 1 }, dark: false });
          });
        },
      },
    ]);
  });

  /** Dark [action]: Dark Draw N, Dark Discard N, Dark Take …, Dark Trash N. Glossary "Dark [action]". */
  private darkAction = this.RULE("darkAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Dark"));
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(k("Draw"));
          const n = this.CONSUME(Num);
          return this.ACTION(() => this.act(start, mark, { kind: "draw", player: this.who(null), count: { kind: "const", value: this.countRef(n) }, dark: true }));
        },
      },
      {
        ALT: () => {
          const a = this.SUBRULE(this.take);
          return this.ACTION(() => ({ ...a, span: this.from(start), action: { ...(a.action as Extract<Action, { kind: "take" }>), dark: true } }));
        },
      },
      {
        ALT: () => {
          const a = this.SUBRULE(this.trash);
          return this.ACTION(() => ({ ...a, span: this.from(start), action: { ...(a.action as Extract<Action, { kind: "trash" }>), dark: true } }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(k("Discard"));
          const n = this.CONSUME2(Num);
          return this.ACTION(() =>
            this.act(start, mark, { kind: "discard", player: this.who(null), count: { kind: "const", value: this.countRef(n) }, zone: "hand", random: false, ownerChooses: false, dark: true, fromTop: false }),
          );
        },
      },
    ]);
  });

  /** Discard … (Glossary "Discard", FAQ "Player discards", "Discard any…"). */
  private discard = this.RULE("discard", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const random = this.OPTION(() => this.CONSUME(k("Random")));
    this.CONSUME(k("Discard"));
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(k("This"));
            const active = this.OPTION2(() => this.OR2([{ ALT: () => this.CONSUME(k("Active")) }, { ALT: () => this.CONSUME(k("Card")) }]));
            return this.ACTION(() => this.act(start, mark, { kind: "discardThis", what: active && active.tokenType === k("Active") ? "active" : "card" }));
          },
        },
        {
          ALT: () => {
            const cp = this.SUBRULE(this.cardPhrase);
            return this.ACTION((): ActionSyn => this.discardOf(start, mark, cp, !!random, null));
          },
        },
      ],
    });
  });

  /** A discard of the cards a card phrase names; from the deck it is a Trash (Glossary "Trash X"). */
  private discardOf(start: IToken, mark: number, cp: CardPhrase, random: boolean, carried: PlayerRef | null): ActionSyn {
    const player = cp.player ?? carried ?? this.who(null);
    if (cp.zone === "deck") {
      return this.act(start, mark, { kind: "trash", player, count: { kind: "const", value: cp.count ?? 1 }, dark: false });
    }
    // "Discard own hand" = all of the zone; "top DP card" with no number = one card.
    const all = !cp.same && (cp.all || (cp.count === null && cp.zone !== null && !cp.any && !cp.top));
    return this.act(start, mark, {
      kind: "discard",
      player,
      count: cp.same ? { kind: "previous", per: 1 } : all ? null : { kind: "const", value: cp.count ?? 1 },
      zone: cp.zone === "dp" ? "dp" : cp.zone === "attachment" ? "attachment" : "hand",
      random: cp.random || random,
      ownerChooses: cp.any,
      dark: false,
      fromTop: cp.top,
    });
  }

  /** Trash N / Trash N own|opponent's. Glossary "Trash X". */
  private trash = this.RULE("trash", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Trash"));
    const p1 = this.OPTION(() => { const p = this.SUBRULE(this.player); this.OPTION2(() => this.CONSUME(Possessive)); return p; });
    const n = this.CONSUME(Num);
    this.OPTION3(() => this.CONSUME(k("Card")));
    const p2 = this.OPTION4(() => { this.CONSUME(k("From")); const p = this.SUBRULE2(this.player); this.OPTION5(() => this.CONSUME2(Possessive)); this.CONSUME(k("Deck")); return p; });
    return this.ACTION(() => this.act(start, mark, { kind: "trash", player: this.who(p1 ?? p2), count: { kind: "const", value: this.countRef(n) }, dark: false }));
  });

  /** Recycle N|any [and shuffle], Recode N, Corrupt N, Static N [own trash]. Glossary. */
  private deckVerb = this.RULE("deckVerb", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const verb = this.OR([
      { ALT: () => this.CONSUME(k("Recycle")) },
      { ALT: () => this.CONSUME(k("Recode")) },
      { ALT: () => this.CONSUME(k("Corrupt")) },
      { ALT: () => this.CONSUME(k("Static")) },
    ]);
    const n = this.OR2([{ ALT: () => this.CONSUME(Num) }, { ALT: () => this.CONSUME(k("Any")) }]);
    this.OPTION(() => this.CONSUME(k("Card")));
    const p = this.OPTION2(() => {
      const pl = this.SUBRULE(this.player);
      this.OPTION3(() => this.CONSUME(Possessive));
      this.OPTION4(() => this.OR3([{ ALT: () => this.CONSUME(k("Trash")) }, { ALT: () => this.CONSUME(k("Deck")) }]));
      return pl;
    });
    const shuffle = this.OPTION5({
      GATE: () => this.LA(1).tokenType === k("And") && this.LA(2).tokenType === k("Shuffle"),
      DEF: () => { this.CONSUME(k("And")); this.CONSUME(k("Shuffle")); return true; },
    });
    return this.ACTION((): ActionSyn => {
      const any = n.tokenType === k("Any");
      const count = any ? 0 : this.countRef(n);
      const player = this.who(p);
      if (verb.tokenType === k("Recycle")) return this.act(start, mark, { kind: "recycle", player, count: any ? "any" : count, shuffle: shuffle === true });
      if (verb.tokenType === k("Recode")) return this.act(start, mark, { kind: "recode", player, count });
      if (verb.tokenType === k("Corrupt")) return this.act(start, mark, { kind: "corrupt", player: p ?? "opponent", count });
      return this.act(start, mark, { kind: "static", player: p ?? "opponent", count });
    });
  });

  /** Take/Pick N <filter> from|in <zone> [at random] [and put in own hand]. Glossary "Take". */
  private take = this.RULE("take", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Take"));
    const f = this.SUBRULE(this.cardFilter);
    this.OR([{ ALT: () => this.CONSUME(k("From")) }, { ALT: () => this.CONSUME(k("In")) }]);
    const cp = this.SUBRULE(this.cardPhrase);
    this.OPTION(() => {
      this.CONSUME(k("And"));
      this.CONSUME(k("Put"));
      this.CONSUME2(k("In"));
      this.OPTION2(() => { this.SUBRULE(this.player); });
      this.CONSUME(k("Hand"));
    });
    return this.ACTION(() =>
      this.act(start, mark, {
        kind: "take",
        player: this.who(cp.player),
        count: f.count ?? 1,
        filter: f.filter,
        from: (cp.zone === "trash" || cp.zone === "hand" ? cp.zone : "deck") as SourceZone,
        random: cp.random,
        dark: false,
      }),
    );
  });

  private zoneLetter(w: string): SourceZone | null {
    const x = w.toUpperCase();
    return x === "D" ? "deck" : x === "T" ? "trash" : x === "H" ? "hand" : null;
  }

  /** Attach this|it|<filter> [from <zone>] [to <player>'s <filter>|active]. Glossary "Attach". */
  private attach = this.RULE("attach", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Attach"));
    const what = this.OPTION(() =>
      this.OR([
        { ALT: () => { this.CONSUME(k("This")); this.OPTION2(() => this.CONSUME(k("Card"))); return "this" as const; } },
        { ALT: () => { this.CONSUME(k("It")); return "this" as const; } },
        { GATE: () => this.LA(1).tokenType !== k("To"), ALT: () => this.SUBRULE(this.cardFilter) },
      ]),
    );
    const from = this.OPTION3(() => {
      this.CONSUME(k("From"));
      return this.OR3([
        {
          // The D/T/H letters (Attack Abilities "Attach D/T/H").
          GATE: () => this.LA(1).tokenType === Word && this.zoneLetter(this.LA(1).image) !== null,
          ALT: () => {
            const w = this.CONSUME(Word);
            return this.ACTION(() => this.zoneLetter(w.image)!);
          },
        },
        {
          ALT: () => {
            const cp = this.SUBRULE(this.cardPhrase);
            return this.ACTION(() => (cp.zone === "trash" || cp.zone === "hand" ? cp.zone : "deck") as SourceZone);
          },
        },
      ]);
    });
    const to = this.OPTION4(() => {
      this.CONSUME(k("To"));
      const p = this.OPTION5(() => { const x = this.SUBRULE(this.player); this.OPTION6(() => this.CONSUME(Possessive)); return x; });
      const tf = this.OPTION7(() =>
        this.OR2([
          { ALT: () => { this.CONSUME(k("Active")); return null; } },
          { ALT: () => this.SUBRULE2(this.cardFilter).filter },
        ]),
      );
      return this.ACTION(() => ({ p, tf: tf ?? null }));
    });
    return this.ACTION(() =>
      this.act(start, mark, {
        kind: "attach",
        card: what === undefined || what === "this" ? "this" : what.filter,
        from: from ?? null,
        to: to?.p ?? "own",
        toFilter: to?.tf ?? null,
      }),
    );
  });

  /** Void a Digimon Support | an Option | opponent's Support | Cross ability. Glossary "Void". */
  private voidAction = this.RULE("voidAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Void"));
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(k("A")) }, { ALT: () => this.CONSUME(k("The")) }]));
    const p = this.OPTION2(() => { const x = this.SUBRULE(this.player); this.OPTION3(() => this.CONSUME(Possessive)); return x; });
    const target = this.SUBRULE(this.voidTarget);
    return this.ACTION(() => this.act(start, mark, { kind: "void", player: p ?? "opponent", target }));
  });

  private voidTarget = this.RULE("voidTarget", (): VoidTarget => {
    const t = this.OR([
      { ALT: () => { this.CONSUME(k("Digimon")); this.CONSUME(k("Support")); return "digimonSupport" as VoidTarget; } },
      { ALT: () => { this.CONSUME(k("Option")); return "option" as VoidTarget; } },
      { ALT: () => { this.CONSUME2(k("Support")); return "support" as VoidTarget; } },
      { ALT: () => { this.CONSUME(k("Cross")); this.CONSUME(k("Effect")); return "crossAbility" as VoidTarget; } },
      { ALT: () => { this.CONSUME(k("Attack")); this.CONSUME2(k("Effect")); return "attackAbilities" as VoidTarget; } },
      { ALT: () => { this.CONSUME3(k("Effect")); return "effect" as VoidTarget; } },
    ]);
    this.OPTION(() => this.CONSUME4(k("Effect")));
    this.OPTION2(() => this.CONSUME(k("Card")));
    return t;
  });

  /** Revive [with] N [HP] | Set Revival [with] N HP. Glossary "Revive". */
  private revive = this.RULE("revive", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    this.OPTION(() => this.CONSUME(k("Set")));
    this.CONSUME(k("Revive"));
    this.OPTION2(() => this.CONSUME(k("With")));
    const hp = this.OPTION3(() => this.SUBRULE(this.amount));
    this.OPTION4(() => this.CONSUME(k("HP")));
    return this.ACTION(() => this.act(start, mark, { kind: "revive", player: this.who(null), hp: hp ?? { kind: "const", value: 10 } }));
  });

  /** Flatten/Flat [player] [N]. Glossary "Flatten". */
  private flatten = this.RULE("flatten", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Flatten"));
    const p = this.OPTION(() => this.SUBRULE(this.player));
    const n = this.OPTION2(() => this.CONSUME(Num));
    return this.ACTION(() => this.act(start, mark, { kind: "flatten", player: p ?? "opponent", count: n ? this.countRef(n) : 1 }));
  });

  /**
   * Delete this [card] | Delete own active, optionally "instead of discarding all own DP"
   * (Glossary "Delete"; Evolution Phase 4.10, Super Tag).
   */
  private deleteAction = this.RULE("deleteAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Delete"));
    const w = this.OR([
      { ALT: () => { this.CONSUME(k("This")); this.OPTION(() => this.CONSUME(k("Card"))); return { what: "this" as const, player: "own" as PlayerRef }; } },
      { ALT: () => { this.CONSUME(k("It")); return { what: "this" as const, player: "own" as PlayerRef }; } },
      {
        ALT: () => {
          const p = this.SUBRULE(this.player);
          this.OPTION2(() => this.CONSUME(Possessive));
          this.CONSUME(k("Active"));
          return this.ACTION(() => ({ what: "active" as const, player: p }));
        },
      },
    ]);
    const instead = this.OPTION3(() => {
      this.CONSUME(k("Instead"));
      this.CONSUME(k("Of"));
      this.CONSUME(k("Discard"));
      this.CONSUME(k("All"));
      this.OPTION4(() => this.SUBRULE2(this.player));
      this.CONSUME(k("DP"));
      return true;
    });
    return this.ACTION(() => this.act(start, mark, { kind: "delete", player: w.player, what: w.what, insteadOfDiscardingDp: instead === true }));
  });

  /** Evolve to <filter> [from <zone>] | "as evolved". Glossary; Evolution Phase 4.6, Effect Evolution. */
  private evolve = this.RULE("evolve", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Evolve"));
    this.CONSUME(k("To"));
    const f = this.SUBRULE(this.cardFilter);
    const from = this.OPTION(() => {
      this.OR([{ ALT: () => this.CONSUME(k("From")) }, { ALT: () => this.CONSUME(k("In")) }]);
      const cp = this.SUBRULE(this.cardPhrase);
      return this.ACTION(() => (cp.shown ? "revealed" : cp.zone));
    });
    const asEvolved = this.OPTION2(() => { this.CONSUME(k("As")); this.CONSUME2(k("Evolve")); return true; });
    return this.ACTION(() =>
      this.act(start, mark, {
        kind: "evolve",
        to: f.filter,
        from: from === "trash" || from === "hand" || from === "revealed" ? from : "deck",
        asEvolved: asEvolved === true,
      }),
    );
  });

  /** Downgrade [player] [by N level] | Downgrade a Level X Digimon to Level Y. Evolution Phase 4.13. */
  private downgrade = this.RULE("downgrade", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Downgrade"));
    const r = { levels: 1, from: null as Level | null, to: null as Level | null, player: null as PlayerRef | null };
    this.MANY(() => {
      this.OR([
        { ALT: () => { const p = this.SUBRULE(this.player); this.ACTION(() => (r.player = p)); } },
        { ALT: () => this.CONSUME(k("Evolve")) },
        { ALT: () => this.CONSUME(k("A")) },
        { ALT: () => this.CONSUME(k("Digimon")) },
        { ALT: () => this.CONSUME(Possessive) },
        {
          ALT: () => {
            this.CONSUME(k("By"));
            const n = this.CONSUME(Num);
            this.CONSUME(k("Level"));
            this.ACTION(() => (r.levels = this.countRef(n)));
          },
        },
        {
          ALT: () => {
            const to = this.OPTION(() => this.CONSUME(k("To")));
            this.CONSUME2(k("Level"));
            const w = this.CONSUME(Word);
            this.ACTION(() => {
              this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
              if (to) r.to = lvl(w.image);
              else r.from = lvl(w.image);
            });
          },
        },
      ]);
    });
    return this.ACTION(() => this.act(start, mark, { kind: "downgrade", player: r.player ?? "own", levels: r.levels, from: r.from, to: r.to }));
  });

  /**
   * Put this into DP | Put the top N <filter> of own deck into DP | Put N <filter> from the
   * top M of own deck into DP | Put all own DP below this card | Move top N from trash to deck.
   */
  private put = this.RULE("put", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Put"));
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.OR2([{ ALT: () => this.CONSUME(k("This")) }, { ALT: () => this.CONSUME(k("It")) }]);
            this.OPTION(() => this.CONSUME(k("Card")));
            return this.OR3([
              { ALT: () => { this.CONSUME(k("In")); this.CONSUME(k("DP")); this.OPTION2(() => this.CONSUME(k("Zone"))); return this.ACTION(() => this.act(start, mark, { kind: "putIntoDp", player: "own", what: "this" })); } },
              { ALT: () => { this.CONSUME(k("Below")); this.SUBRULE(this.player); this.CONSUME(k("Active")); return this.ACTION(() => this.act(start, mark, { kind: "putUnder", what: "this" })); } },
            ]);
          },
        },
        {
          // "all your DP below this card"
          GATE: () => this.LA(1).tokenType === k("All"),
          ALT: () => {
            this.CONSUME(k("All"));
            this.SUBRULE2(this.player);
            this.CONSUME2(k("DP"));
            this.CONSUME2(k("Below"));
            this.CONSUME2(k("This"));
            this.OPTION3(() => this.CONSUME2(k("Card")));
            return this.ACTION(() => this.act(start, mark, { kind: "putUnder", what: "allDp" }));
          },
        },
        {
          // Move [the] top N Cards from trash to deck [and shuffle] — the PlayStation Recycle.
          GATE: () => this.isMoveFromTrash(),
          ALT: () => {
            const cp = this.SUBRULE(this.cardPhrase);
            this.CONSUME(k("To"));
            const cp2 = this.SUBRULE2(this.cardPhrase);
            const sh = this.OPTION4({
              GATE: () => this.LA(1).tokenType === k("And") || this.LA(1).tokenType === Comma,
              DEF: () => {
                this.OR4([{ ALT: () => this.CONSUME(k("And")) }, { ALT: () => this.CONSUME(Comma) }]);
                this.OPTION5(() => this.CONSUME(k("Then")));
                this.CONSUME(k("Shuffle"));
                return true;
              },
            });
            return this.ACTION(() => this.act(start, mark, { kind: "recycle", player: this.who(cp.player ?? cp2.player), count: cp.count ?? 1, shuffle: sh === true }));
          },
        },
        {
          ALT: () => {
            this.OPTION6(() => this.CONSUME(k("The")));
            const topFirst = this.OPTION7(() => this.CONSUME(k("Top")));
            const f = this.SUBRULE(this.cardFilter);
            const among = this.OPTION8(() => {
              this.CONSUME(k("From"));
              this.OPTION9(() => this.CONSUME2(k("The")));
              this.CONSUME2(k("Top"));
              const n = this.CONSUME(Num);
              return this.ACTION(() => this.countRef(n));
            });
            this.CONSUME(k("Of"));
            const p = this.SUBRULE(this.playerPoss);
            this.CONSUME(k("Deck"));
            this.CONSUME3(k("In"));
            this.CONSUME3(k("DP"));
            return this.ACTION(() =>
              this.act(start, mark, {
                kind: "putIntoDp",
                player: p,
                what: { fromTop: topFirst ? (f.count ?? 1) : 1, filter: f.filter, among: among ?? null },
              }),
            );
          },
        },
      ],
    });
  });

  private isMoveFromTrash(): boolean {
    for (let i = 1; i < 10; i++) {
      const t = this.LA(i).tokenType;
      if (t === k("Trash")) return true;
      if (t === k("To") || t === Period || t === Comma) return false;
    }
    return false;
  }

  /** Pay N DP from this. FAQ "Paying DP". */
  private pay = this.RULE("pay", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Pay"));
    const n = this.CONSUME(Num);
    this.CONSUME(k("DP"));
    const fromThis = this.OPTION(() => { this.CONSUME(k("From")); this.CONSUME(k("This")); return true; });
    return this.ACTION(() => this.act(start, mark, { kind: "payDp", amount: this.amountRef(n), from: fromThis ? "this" : "own" }));
  });

  /** Ignore DP, type, level [when evolving] | Ignore costs. Evolution Phase 4.7. */
  private ignore = this.RULE("ignore", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Ignore"));
    this.OPTION(() => this.CONSUME(k("Of")));
    const what: ("dp" | "type" | "level" | "costs")[] = [];
    const first = this.SUBRULE(this.ignoreItem);
    this.ACTION(() => what.push(first));
    this.MANY({
      GATE: () => {
        const t = this.LA(1).tokenType;
        const n = this.LA(2).tokenType;
        const isItem = (x: TokenType) => x === k("DP") || x === k("Type") || x === k("Level") || x === k("Cost") || x === k("Own");
        return (t === Comma || t === k("And") || t === k("Or")) && (isItem(n) || ((n === k("And") || n === k("Or")) && isItem(this.LA(3).tokenType)));
      },
      DEF: () => {
        this.OR2([{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(k("And")) }, { ALT: () => this.CONSUME(k("Or")) }]);
        this.OPTION3(() => this.OR3([{ ALT: () => this.CONSUME2(k("And")) }, { ALT: () => this.CONSUME2(k("Or")) }]));
        const w = this.SUBRULE2(this.ignoreItem);
        this.ACTION(() => what.push(w));
      },
    });
    this.OPTION4(() => { this.CONSUME(k("When")); this.CONSUME(k("Evolve")); });
    this.OPTION5(() => { this.CONSUME(k("In")); this.CONSUME2(k("Evolve")); });
    return this.ACTION(() => this.act(start, mark, { kind: "ignore", what }));
  });

  private ignoreItem = this.RULE("ignoreItem", (): "dp" | "type" | "level" | "costs" => {
    this.OPTION(() => { this.SUBRULE(this.player); this.OPTION2(() => this.CONSUME(Possessive)); });
    return this.OR([
      { ALT: () => { this.CONSUME(k("DP")); return "dp" as const; } },
      { ALT: () => { this.CONSUME(k("Type")); return "type" as const; } },
      { ALT: () => { this.CONSUME(k("Level")); return "level" as const; } },
      { ALT: () => { this.CONSUME(k("Cost")); return "costs" as const; } },
    ]);
  });

  /** Enables evolution to the same level | from R to U. Evolution Phase 4.14. */
  private enables = this.RULE("enables", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    this.OR([
      { ALT: () => this.CONSUME(k("Enables")) },
      { ALT: () => { this.CONSUME(k("Can")); } },
    ]);
    this.CONSUME(k("Evolve"));
    this.OPTION(() => this.CONSUME(k("Digimon")));
    return this.OR2([
      {
        ALT: () => {
          this.OR3([{ ALT: () => this.CONSUME(k("To")) }, { ALT: () => this.CONSUME(k("At")) }]);
          this.OPTION2(() => this.CONSUME(k("The")));
          this.CONSUME(k("Same"));
          this.CONSUME(k("Level"));
          return this.ACTION(() => this.act(start, mark, { kind: "enables", what: "sameLevel" }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(k("From"));
          const a = this.CONSUME(Word);
          this.CONSUME2(k("To"));
          const b = this.CONSUME2(Word);
          return this.ACTION(() => {
            this.ref({ kind: "level", word: a.image, span: this.tokSpan(a) });
            this.ref({ kind: "level", word: b.image, span: this.tokSpan(b) });
            return this.act(start, mark, { kind: "enables", what: { from: lvl(a.image), to: lvl(b.image) } });
          });
        },
      },
    ]);
  });

  /**
   * "Can evolve regardless of own type, Level, or DP." / "Can disregard DP in evolving." —
   * the PlayStation wording of Ignore (Evolution Phase 4.7).
   */
  private canIgnore = this.RULE("canIgnore", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Can"));
    this.OPTION(() => this.CONSUME(k("Evolve")));
    this.CONSUME(k("Ignore"));
    this.OPTION2(() => this.CONSUME(k("Of")));
    const what: ("dp" | "type" | "level" | "costs")[] = [];
    const a = this.SUBRULE(this.ignoreItem);
    this.ACTION(() => what.push(a));
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(k("And")) }, { ALT: () => this.CONSUME(k("Or")) }]);
      this.OPTION3(() => this.OR2([{ ALT: () => this.CONSUME2(k("And")) }, { ALT: () => this.CONSUME2(k("Or")) }]));
      const b = this.SUBRULE2(this.ignoreItem);
      this.ACTION(() => what.push(b));
    });
    this.OPTION4(() => { this.CONSUME(k("In")); this.CONSUME2(k("Evolve")); });
    return this.ACTION(() => this.act(start, mark, { kind: "ignore", what }));
  });

  /** "Requires DP" / "DP are needed" / "Need DP" (Evolution Phase 4.15). */
  private requireDp = this.RULE("requireDp", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    this.OR([
      { ALT: () => { this.CONSUME(k("Requires")); this.CONSUME(k("DP")); } },
      { ALT: () => { this.CONSUME2(k("DP")); this.CONSUME(k("Is")); this.CONSUME(k("Needed")); } },
    ]);
    return this.ACTION(() => this.act(start, mark, { kind: "requireDp" }));
  });

  /** "Not possible in Abnormal states" (PlayStation wording of "Do not use with abnormal"). */
  private notPossible = this.RULE("notPossible", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Not"));
    this.CONSUME(k("Possible"));
    this.CONSUME(k("In"));
    this.CONSUME(k("Abnormal"));
    this.OPTION(() => this.CONSUME(k("States")));
    return this.ACTION(() => this.act(start, mark, { kind: "restrictUse", levels: [], abnormal: true }));
  });

  /** Also counts as [Name] | Alias [Name]. Glossary "Also counts as". */
  private alias = this.RULE("alias", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    this.OR([
      { ALT: () => { this.CONSUME(k("Also")); this.CONSUME(k("Counts")); this.CONSUME(k("As")); } },
      { ALT: () => this.CONSUME(k("Alias")) },
    ]);
    const name = this.SUBRULE(this.bracketName);
    return this.ACTION(() => {
      this.ref({ kind: "name", word: name.text, span: name.span });
      return this.act(start, mark, { kind: "alsoCountsAs", name: name.text });
    });
  });

  /** [Any Words] | "Quoted" | Bare Words. */
  private bracketName = this.RULE("bracketName", (): { text: string; span: Span } => {
    return this.OR([
      {
        ALT: () => {
          const s = this.CONSUME(LBracket);
          const words: string[] = [];
          this.AT_LEAST_ONE(() => { const w = this.CONSUME(AnyWord); this.ACTION(() => words.push(w.image)); });
          this.CONSUME(RBracket);
          return this.ACTION(() => ({ text: words.join(" "), span: this.from(s) }));
        },
      },
      { ALT: () => { const q = this.CONSUME(Quoted); return this.ACTION(() => ({ text: q.image.slice(1, -1), span: this.tokSpan(q) })); } },
      {
        ALT: () => {
          const s = this.LA(1);
          const words: string[] = [];
          this.AT_LEAST_ONE2(() => { const w = this.CONSUME(Word); this.ACTION(() => words.push(w.image)); });
          return this.ACTION(() => ({ text: words.join(" "), span: this.from(s) }));
        },
      },
    ]);
  });

  /** Change [player's] type to X | Change it to Cross. */
  private change = this.RULE("change", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Change"));
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(k("It"));
          this.CONSUME(k("To"));
          const a = this.SUBRULE(this.attackWord);
          return this.ACTION(() => this.act(start, mark, { kind: "useAttack", player: this.lastPlayer, attack: a }));
        },
      },
      {
        ALT: () => {
          const s = this.SUBRULE(this.statPhrase);
          this.CONSUME2(k("To"));
          return this.OR2([
            {
              ALT: () => {
                const a = this.SUBRULE2(this.attackWord);
                return this.ACTION(() => this.act(start, mark, { kind: "useAttack", player: this.who(s.player), attack: a }));
              },
            },
            {
              // "Change own name to [Greymon]" (End Phase 3.1: name changes stay).
              GATE: () => s.prop === "name",
              ALT: () => {
                const name = this.SUBRULE(this.bracketName);
                return this.ACTION(() => {
                  this.ref({ kind: "name", word: name.text, span: name.span });
                  return this.act(start, mark, { kind: "changeName", player: this.who(s.player), name: name.text });
                });
              },
            },
            {
              ALT: () => {
                const w = this.CONSUME(Word);
                return this.ACTION(() => {
                  this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
                  return this.act(start, mark, { kind: "changeType", player: this.who(s.player), type: w.image });
                });
              },
            },
          ]);
        },
      },
    ]);
  });

  /** Swap own type with opponent's type | Switch HP with opponent. */
  private swap = this.RULE("swap", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Swap"));
    const s = this.SUBRULE(this.statPhrase);
    this.CONSUME(k("With"));
    this.SUBRULE2(this.statPhrase);
    return this.ACTION(() => this.act(start, mark, { kind: "swapStat", stat: s.prop === "type" ? "type" : "hp" }));
  });

  /** Use Circle | Both players use Cross. */
  private useAttack = this.RULE("useAttack", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Use"));
    const a = this.SUBRULE(this.attackWord);
    return this.ACTION(() => this.act(start, mark, { kind: "useAttack", player: this.who(null), attack: a }));
  });

  /** Get/Gain <ability> [on <attack>]. */
  private gain = this.RULE("gain", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Get"));
    const ab = this.SUBRULE(this.ability);
    return this.ACTION(() => this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: this.subjectAttack, ability: ab }));
  });

  /** "Attack first" / "Attack second" (PlayStation wording of 1st/2nd Attack). */
  private attackOrder = this.RULE("attackOrder", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Attack"));
    const ab = this.OR([
      { ALT: () => { this.CONSUME(k("First")); return { kind: "firstAttack" } as AttackAbility; } },
      { ALT: () => { this.CONSUME(k("Second")); return { kind: "secondAttack" } as AttackAbility; } },
    ]);
    return this.ACTION(() => this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: null, ability: ab }));
  });

  /** "Circle Counterattack" / "Counterattack" as an effect: gain Counter. */
  private counterAction = this.RULE("counterAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const a = this.OPTION(() => this.SUBRULE(this.attackWord));
    this.CONSUME(k("Counter"));
    const b = this.OPTION2(() => this.SUBRULE2(this.attackWord));
    return this.ACTION(() => this.act(start, mark, { kind: "gainAbility", player: this.who(null), attack: null, ability: { kind: "counter", attack: a ?? b ?? null } }));
  });

  /** Return all cards in own hand to deck [and shuffle]. */
  private returnHand = this.RULE("returnHand", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Return"));
    const cp = this.SUBRULE(this.cardPhrase);
    this.CONSUME(k("To"));
    this.SUBRULE2(this.cardPhrase);
    const sh = this.OPTION(() => { this.CONSUME(k("And")); this.CONSUME(k("Shuffle")); return true; });
    return this.ACTION(() => this.act(start, mark, { kind: "returnHandToDeck", player: this.who(cp.player), shuffle: sh === true }));
  });

  /** Shuffle [own deck]. */
  private shuffle = this.RULE("shuffle", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Shuffle"));
    const p = this.OPTION(() => { const x = this.SUBRULE(this.player); this.OPTION2(() => this.CONSUME(Possessive)); this.CONSUME(k("Deck")); return x; });
    return this.ACTION(() => ({ ...this.act(start, mark, { kind: "shuffle", player: this.who(p) }), shuffleOnly: p === undefined }));
  });

  /** Reveal [player's] hand | Reveal the top N of own deck. */
  private reveal = this.RULE("reveal", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Reveal"));
    const cp = this.SUBRULE(this.cardPhrase);
    return this.ACTION(() =>
      this.act(start, mark, { kind: "reveal", player: this.who(cp.player), what: cp.zone === "deck" || cp.top ? "topOfDeck" : "hand", count: cp.count }),
    );
  });

  /** Make own HP 10. */
  private make = this.RULE("make", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Make"));
    const s = this.SUBRULE(this.statPhrase);
    const n = this.CONSUME(Num);
    return this.ACTION(() => this.act(start, mark, { kind: "setStat", target: this.statTarget(s), value: { kind: "const", value: this.amountRef(n) } }));
  });

  /** Flip this [card]. Glossary "Flip". */
  private flip = this.RULE("flip", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Flip"));
    const w = this.OR([
      { ALT: () => { this.CONSUME(k("This")); this.OPTION(() => this.CONSUME(k("Card"))); return "this" as const; } },
      { ALT: () => { this.SUBRULE(this.player); this.OPTION2(() => this.CONSUME(Possessive)); this.CONSUME(k("Active")); return "active" as const; } },
    ]);
    return this.ACTION(() => this.act(start, mark, { kind: "flip", what: w }));
  });

  /** Do not use with Level M [or abnormal]. Evolution Phase POINT "Do not use with <Level>". */
  private doNotUse = this.RULE("doNotUse", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Do"));
    this.CONSUME(k("Not"));
    this.CONSUME(k("Use"));
    this.OR([{ ALT: () => this.CONSUME(k("With")) }, { ALT: () => this.CONSUME(k("In")) }]);
    const levels: Level[] = [];
    let abnormal = false;
    this.AT_LEAST_ONE_SEP({
      SEP: k("Or"),
      DEF: () => {
        this.OR2([
          { ALT: () => { this.CONSUME(k("Level")); const w = this.CONSUME(Word); this.ACTION(() => { this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) }); levels.push(lvl(w.image)); }); } },
          { ALT: () => { this.CONSUME(k("Abnormal")); this.ACTION(() => (abnormal = true)); } },
        ]);
      },
    });
    return this.ACTION(() => this.act(start, mark, { kind: "restrictUse", levels, abnormal }));
  });

  /** "Counts as a DNA material" (Evolution Phase 5.2.3.1, BIT-058 Jogress). */
  private dnaMaterialAction = this.RULE("dnaMaterialAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Counts"));
    this.CONSUME(k("As"));
    this.OPTION(() => this.CONSUME(k("A")));
    this.CONSUME(k("DNA"));
    this.CONSUME(k("Material"));
    return this.ACTION(() => this.act(start, mark, { kind: "countsAsDnaMaterial" }));
  });

  /**
   * "Activate an evo-bonus" — also "Activate the / all / own evo-bonus(es)" (Evolution Phase
   * POINT "Sometimes effects may 'activate an evo-bonus'").
   */
  private activateEvoBonus = this.RULE("activateEvoBonus", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Activate"));
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(k("A")) }, { ALT: () => this.CONSUME(k("The")) }, { ALT: () => this.CONSUME(k("All")) }]));
    this.OPTION2(() => this.CONSUME(k("Own")));
    this.CONSUME(k("EvoBonus"));
    return this.ACTION(() => this.act(start, mark, { kind: "activateEvoBonus" }));
  });

  /** "costs are 0" (FAQ "Effects that exempt you from costs"): read as Ignore costs. */
  private costsZero = this.RULE("costsZero", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.CONSUME(k("Cost"));
    this.CONSUME(k("Is"));
    const n = this.CONSUME(Num);
    return this.ACTION(() => {
      this.amountRef(n);
      return this.act(start, mark, { kind: "ignore", what: ["costs"] });
    });
  });

  /** "Supports cannot lower own HP." / "Cannot gain 1st Attack." */
  private prohibitBare = this.RULE("prohibitBare", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const bySupports = this.OPTION(() => { this.CONSUME(k("Support")); return true; });
    this.CONSUME(k("Cannot"));
    const p = this.SUBRULE(this.prohibition);
    return this.ACTION(() => {
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
  });

  /** What follows "cannot": "lower own HP", "be lowered except by an attack", "gain 1st Attack", "use Any Phase effects", "be countered", "be voided". */
  private prohibition = this.RULE("prohibition", (): { what: Prohibition; player: PlayerRef | null; exceptByAttack: boolean } => {
    const r = { what: "lowerHp" as Prohibition, player: null as PlayerRef | null, exceptByAttack: false };
    this.OR([
      { ALT: () => { this.CONSUME(k("Lower")); const s = this.SUBRULE(this.statPhrase); this.ACTION(() => { r.what = "lowerHp"; r.player = s.player; }); } },
      {
        ALT: () => {
          this.CONSUME(k("Is"));
          this.OR2([
            { ALT: () => { this.CONSUME2(k("Lower")); this.ACTION(() => (r.what = "lowerHp")); } },
            { ALT: () => { this.CONSUME(k("Counter")); this.ACTION(() => (r.what = "beCountered")); } },
            { ALT: () => { this.CONSUME(k("Void")); this.ACTION(() => (r.what = "beVoided")); } },
          ]);
        },
      },
      { ALT: () => { this.CONSUME(k("Get")); this.CONSUME(k("First")); this.CONSUME(k("Attack")); this.ACTION(() => (r.what = "gainFirstAttack")); } },
      { ALT: () => { this.CONSUME(k("Use")); this.CONSUME(k("Any")); this.CONSUME(k("Phase")); this.OPTION(() => this.CONSUME(k("Effect"))); this.ACTION(() => (r.what = "useAnyPhase")); } },
      { ALT: () => { this.CONSUME2(k("Evolve")); this.ACTION(() => (r.what = "evolve")); } },
    ]);
    this.OPTION2(() => {
      this.CONSUME(k("Except"));
      this.CONSUME(k("By"));
      this.OPTION3(() => this.CONSUME(k("A")));
      this.CONSUME2(k("Attack"));
      this.ACTION(() => (r.exceptByAttack = true));
    });
    return r;
  });

  /**
   * Subject-first sentences: "Own HP is 10", "Own Power is doubled", "Opponent discards 2",
   * "Both players boost Power +200", "Opponent's Support is voided", "Own attack becomes
   * Triangle", "Your HP cannot be lowered except by an attack".
   */
  private subjectAction = this.RULE("subjectAction", (): ActionSyn => {
    const mark = this.ACTION(() => this.refs.length);
    const start = this.LA(1);
    const s = this.SUBRULE(this.subjectPhrase);
    this.ACTION(() => {
      this.subjectPlayer = s.player;
      this.subjectAttack = s.attack === "all" ? null : s.attack;
    });
    const r = this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => s.prop === null && this.LA(1).tokenType !== k("Is") && this.LA(1).tokenType !== k("Become") && this.LA(1).tokenType !== k("Cannot") && this.LA(1).tokenType !== k("Can"),
          ALT: () => this.SUBRULE(this.action),
        },
        {
          ALT: () => {
            this.CONSUME(k("Cannot"));
            const p = this.SUBRULE(this.prohibition);
            return this.ACTION(() =>
              this.act(start, mark, {
                kind: "prohibit",
                player: s.player ?? "own",
                what: p.what,
                exceptByAttack: p.exceptByAttack,
                bySupports: false,
                of: s.prop === "support" ? "supports" : s.prop === "attack" || s.prop === "power" ? "attacks" : null,
              }),
            );
          },
        },
        {
          ALT: () => {
            this.OR2([{ ALT: () => this.CONSUME(k("Is")) }, { ALT: () => this.CONSUME(k("Become")) }]);
            this.OPTION(() => this.CONSUME2(k("Is")));
            return this.SUBRULE(this.subjectPredicate, { ARGS: [s, start, mark] });
          },
        },
      ],
    });
    this.ACTION(() => {
      this.subjectPlayer = null;
      this.subjectAttack = null;
    });
    return r;
  });

  private subjectPredicate = this.RULE("subjectPredicate", (s: StatPhrase, start: IToken, mark: number): ActionSyn => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        {
          ALT: () => {
            const f = this.SUBRULE(this.factorWord);
            return this.ACTION(() => this.act(start, mark, { kind: "scaleStat", target: this.statTarget(s), factor: { kind: "const", value: f } }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Void"));
            return this.ACTION(() => this.act(start, mark, { kind: "void", player: s.player ?? "opponent", target: "support" }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Boost"));
            const amt = this.SUBRULE(this.amount);
            return this.ACTION(() => this.statChange(start, mark, s, amt));
          },
        },
        {
          // "own Power is +200": a signed number adds (PlayStation wording of Boost).
          GATE: () => this.LA(1).tokenType === Num && /^[+]/.test(this.LA(1).image),
          ALT: () => {
            const n = this.CONSUME2(Num);
            return this.ACTION(() => this.statChange(start, mark, s, { kind: "const", value: this.amountRef(n) }));
          },
        },
        {
          ALT: () => {
            this.OPTION(() => this.CONSUME(k("To")));
            const n = this.CONSUME(Num);
            return this.ACTION(() => this.act(start, mark, { kind: "setStat", target: this.statTarget(s), value: { kind: "const", value: this.amountRef(n) } }));
          },
        },
        {
          GATE: () => s.prop === "attack",
          ALT: () => {
            const a = this.SUBRULE(this.attackWord);
            return this.ACTION(() => this.act(start, mark, { kind: "useAttack", player: this.who(s.player), attack: a }));
          },
        },
        {
          GATE: () => s.prop === "attack",
          ALT: () => {
            const ab = this.SUBRULE(this.ability);
            // "Own Triangle gets Jamming": the named attack; "own attack gets …": every attack.
            return this.ACTION(() => this.act(start, mark, { kind: "gainAbility", player: this.who(s.player), attack: s.attack === "all" ? null : s.attack, ability: ab }));
          },
        },
        {
          // "same as opponent's", "the same as own type", "same as own HP"
          GATE: () => this.LA(1).tokenType === k("Same") || (this.LA(1).tokenType === k("The") && this.LA(2).tokenType === k("Same")),
          ALT: () => {
            this.OPTION2(() => this.CONSUME(k("The")));
            this.CONSUME(k("Same"));
            this.CONSUME(k("As"));
            const o = this.SUBRULE(this.statPhrase);
            return this.ACTION((): ActionSyn => {
              if (s.prop === "type") return this.act(start, mark, { kind: "changeType", player: this.who(s.player), type: { copyOf: o.player ?? "own" } });
              const prop = o.prop ?? s.prop;
              return this.act(start, mark, { kind: "setStat", target: this.statTarget(s), value: this.quantityOf({ ...o, prop, attack: null }) });
            });
          },
        },
        {
          // "Opponent's hand is revealed"
          ALT: () => {
            this.CONSUME(k("Reveal"));
            return this.ACTION(() => this.act(start, mark, { kind: "reveal", player: this.who(s.player), what: "hand", count: null }));
          },
        },
        {
          // "own Attack Power matches own HP"
          ALT: () => {
            const o = this.SUBRULE2(this.subjectPhrase);
            return this.ACTION(() => this.act(start, mark, { kind: "setStat", target: this.statTarget(s), value: this.quantityOf({ ...o, attack: null }) }));
          },
        },
      ],
    });
  });

  // ─── attack abilities ───────────────────────────────────────────────────

  /** An attack ability (Attack Abilities section). */
  public ability = this.RULE("ability", (): AttackAbility => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => { this.CONSUME(k("First")); this.CONSUME(k("Attack")); return { kind: "firstAttack" } as AttackAbility; } },
        { ALT: () => { this.CONSUME(k("Second")); this.CONSUME2(k("Attack")); return { kind: "secondAttack" } as AttackAbility; } },
        {
          GATE: () => this.LA(2).tokenType === k("To"),
          ALT: () => {
            const a = this.SUBRULE(this.attackWord);
            this.CONSUME(k("To"));
            this.CONSUME(Num);
            return this.ACTION((): AttackAbility => ({ kind: "toZero", attack: a }));
          },
        },
        {
          ALT: () => {
            const a = this.OPTION(() => this.SUBRULE2(this.attackWord));
            this.CONSUME(k("Counter"));
            const b = this.OPTION2(() => this.SUBRULE3(this.attackWord));
            return this.ACTION((): AttackAbility => ({ kind: "counter", attack: a ?? b ?? null }));
          },
        },
        { ALT: () => { this.CONSUME(k("Crash")); return { kind: "crash" } as AttackAbility; } },
        { ALT: () => { this.CONSUME(k("Drain")); return { kind: "drain" } as AttackAbility; } },
        { ALT: () => { this.CONSUME(k("Jamming")); return { kind: "jamming" } as AttackAbility; } },
        { ALT: () => { this.CONSUME(k("Shatter")); return { kind: "shatter" } as AttackAbility; } },
        {
          ALT: () => {
            this.CONSUME(k("Flatten"));
            const f = this.OPTION3(() => {
              this.CONSUME(LBracket);
              const x = this.SUBRULE(this.cardFilter);
              this.CONSUME(RBracket);
              return x.filter;
            });
            return this.ACTION((): AttackAbility => ({ kind: "flatten", condition: f ?? null }));
          },
        },
        { ALT: () => { this.CONSUME(k("Grudge")); const a = this.SUBRULE4(this.attackWord); return this.ACTION((): AttackAbility => ({ kind: "grudge", attack: a })); } },
        { ALT: () => { this.CONSUME(k("Killer")); const a = this.SUBRULE5(this.attackWord); return this.ACTION((): AttackAbility => ({ kind: "killer", attack: a })); } },
        {
          ALT: () => {
            const types: IToken[] = [];
            this.MANY_SEP({
              SEP: Slash,
              DEF: () => { const w = this.CONSUME(Word); this.ACTION(() => types.push(w)); },
            });
            this.CONSUME(k("Times"));
            this.CONSUME2(Num);
            this.CONSUME(k("VS"));
            this.MANY(() => { const w = this.CONSUME2(Word); this.ACTION(() => types.push(w)); });
            return this.ACTION((): AttackAbility => {
              for (const t of types) this.ref({ kind: "type", word: t.image, span: this.tokSpan(t) });
              return { kind: "x3vs", types: types.map((t) => t.image) };
            });
          },
        },
        {
          ALT: () => {
            const v = this.OR2([
              { ALT: () => this.CONSUME(k("Draw")) },
              { ALT: () => this.CONSUME(k("Trash")) },
              { ALT: () => this.CONSUME(k("Recode")) },
              { ALT: () => this.CONSUME(k("Recycle")) },
              { ALT: () => this.CONSUME(k("Static")) },
              { ALT: () => this.CONSUME(k("Corrupt")) },
            ]);
            const n = this.CONSUME3(Num);
            return this.ACTION((): AttackAbility => ({ kind: v.tokenType.name.toLowerCase() as "draw", count: this.countRef(n) }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(k("Attach"));
            const w = this.CONSUME3(Word);
            return this.ACTION((): AttackAbility => {
              const z = this.zoneLetter(w.image);
              if (!z) this.ref({ kind: "name", word: `Attach ${w.image}`, span: this.tokSpan(w) });
              return { kind: "attach", from: z ?? "deck" };
            });
          },
        },
      ],
    });
  });

  /** Start rule for a stats line's attack ability. */
  public abilityEntry = this.RULE("abilityEntry", (): AbilitySyn => {
    const start = this.LA(1);
    this.ACTION(() => (this.refs = []));
    const a = this.SUBRULE(this.ability);
    this.OPTION(() => this.CONSUME(Period));
    return this.ACTION(() => ({ ability: a, span: this.from(start), refs: this.refs.slice() }));
  });

  // ─── evo-box ────────────────────────────────────────────────────────────

  /** Start rule for one evo-box entry (Anatomy item 8, Evolution Phase 4.2–4.4, 5.2.2). */
  public evoEntry = this.RULE("evoEntry", (): EvoSyn => {
    const start = this.LA(1);
    this.ACTION(() => (this.refs = []));
    const entry = this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(k("DNA"));
            this.CONSUME(Colon);
            return this.SUBRULE(this.dnaMaterials);
          },
        },
        {
          // "DP -10" / "DP -10: Agumon"
          GATE: () => this.LA(1).tokenType === k("DP") && this.LA(2).tokenType === Num,
          ALT: () => {
            this.CONSUME(k("DP"));
            const n = this.CONSUME(Num);
            const from = this.OPTION(() => { this.CONSUME2(Colon); return this.SUBRULE(this.qualifiers); });
            return this.ACTION(() => ({ kind: "discount" as const, amount: this.amountRef(n), from: from ?? [] }));
          },
        },
        {
          GATE: () => this.hasColonAhead(),
          ALT: () => {
            const perm = this.OPTION2(() => this.CONSUME(Infinity_));
            const acts = this.SUBRULE(this.bonusChain);
            this.CONSUME3(Colon);
            const from = this.SUBRULE2(this.qualifiers);
            return this.ACTION(() => ({ kind: "bonus" as const, actions: acts, permanent: !!perm, from }));
          },
        },
        {
          GATE: () => this.LA(1).tokenType === Infinity_,
          ALT: () => {
            this.CONSUME2(Infinity_);
            const acts = this.SUBRULE2(this.bonusChain);
            return this.ACTION(() => ({ kind: "bonus" as const, actions: acts, permanent: true, from: [] }));
          },
        },
        {
          ALT: () => {
            const from = this.SUBRULE3(this.qualifiers);
            return this.ACTION(() => ({ kind: "from" as const, names: from }));
          },
        },
      ],
    });
    this.OPTION3(() => this.CONSUME(Period));
    return this.ACTION(() => ({ entry, span: this.from(start), refs: this.refs.slice() }));
  });

  private hasColonAhead(): boolean {
    for (let i = 1; i < 40; i++) {
      const t = this.LA(i).tokenType;
      if (t === Colon) return true;
      if (t.name === "EOF") return false;
    }
    return false;
  }

  /** Bonus actions of an evo-box entry: normal actions or the stat shorthand "Power +40", "HP +100", "Opponent's DP -10". */
  private bonusChain = this.RULE("bonusChain", (): Action[] => {
    const out: Action[] = [];
    const a = this.SUBRULE(this.bonusItem);
    this.ACTION(() => out.push(a));
    this.MANY(() => {
      this.OR2([{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(k("And")) }]);
      const b = this.SUBRULE2(this.bonusItem);
      this.ACTION(() => out.push(b));
    });
    return out;
  });

  private bonusItem = this.RULE("bonusItem", (): Action => {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isPlusPChange(), ALT: () => { const x = this.SUBRULE(this.plusPChange); return this.ACTION(() => x.action); } },
        {
          GATE: () => this.isStatShorthand(),
          ALT: () => {
            const mark = this.ACTION(() => this.refs.length);
            const start = this.LA(1);
            const s = this.SUBRULE(this.statPhrase);
            const amt = this.SUBRULE(this.amount);
            return this.ACTION(() => this.statChange(start, mark, s, amt).action);
          },
        },
        { ALT: () => { const x = this.SUBRULE(this.action); return this.ACTION(() => x.action); } },
      ],
    });
  });

  private isStatShorthand(): boolean {
    for (let i = 1; i < 6; i++) {
      const t = this.LA(i).tokenType;
      if (t === k("Power") || t === k("HP") || t === k("DP")) return this.LA(i + 1).tokenType === Num;
      if (t !== k("Own") && t !== k("Opponent") && t !== Possessive && t !== OppSymbol && t !== k("Circle") && t !== k("Triangle") && t !== k("Cross") && t !== k("All")) return false;
    }
    return false;
  }

  /** Names an evo-box entry qualifies on: "-dramon (C)", "kok-", "Agumon, Gabumon". */
  private qualifiers = this.RULE("qualifiers", (): NameQualifier[] => {
    const out: NameQualifier[] = [];
    const a = this.SUBRULE(this.qualifier);
    this.ACTION(() => out.push(a));
    this.MANY(() => {
      this.OR2([{ ALT: () => this.CONSUME(Comma) }, { ALT: () => this.CONSUME(k("Or")) }, { ALT: () => this.CONSUME(Slash) }]);
      const b = this.SUBRULE2(this.qualifier);
      this.ACTION(() => out.push(b));
    });
    return out;
  });

  private qualifier = this.RULE("qualifier", (): NameQualifier => {
    const n = this.OR([
      { ALT: () => this.CONSUME(Quoted) },
      { ALT: () => this.CONSUME(Partial) },
      {
        ALT: () => {
          const s = this.LA(1);
          const words: string[] = [];
          this.AT_LEAST_ONE(() => { const w = this.CONSUME(Word); this.ACTION(() => words.push(w.image)); });
          return this.ACTION(() => ({ image: words.join(" "), startOffset: s.startOffset }) as IToken);
        },
      },
    ]);
    const levelTok = this.OPTION(() => {
      this.CONSUME(LParen);
      const w = this.CONSUME2(Word);
      this.CONSUME(RParen);
      return w;
    });
    return this.ACTION(() => {
      this.ref({ kind: "name", word: n.image, span: this.tokSpan(n) });
      if (levelTok) this.ref({ kind: "level", word: levelTok.image, span: this.tokSpan(levelTok) });
      return { name: namePattern(n.image), level: levelTok ? lvl(levelTok.image) : null };
    });
  });

  /** DNA materials: "Airdramon + Metal Level C", "A, B, C" (any of). Evolution Phase 5.2.2. */
  private dnaMaterials = this.RULE("dnaMaterials", (): EvoEntry => {
    const mats: DnaMaterial[] = [];
    let anyOf = false;
    const a = this.SUBRULE(this.dnaMaterial);
    this.ACTION(() => mats.push(a));
    this.MANY(() => {
      this.OR2([
        { ALT: () => this.CONSUME(Plus) },
        { ALT: () => { this.CONSUME(Comma); this.ACTION(() => (anyOf = true)); } },
        { ALT: () => { this.CONSUME(k("Or")); this.ACTION(() => (anyOf = true)); } },
      ]);
      const b = this.SUBRULE2(this.dnaMaterial);
      this.ACTION(() => mats.push(b));
    });
    return { kind: "dna", materials: mats, anyOf };
  });

  private dnaMaterial = this.RULE("dnaMaterial", (): DnaMaterial => {
    const m: DnaMaterial = { name: null, type: null, level: null };
    const words: IToken[] = [];
    this.AT_LEAST_ONE(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(k("Level"));
            const w = this.CONSUME(Word);
            this.ACTION(() => {
              this.ref({ kind: "level", word: w.image, span: this.tokSpan(w) });
              m.level = lvl(w.image);
            });
          },
        },
        { ALT: () => { const q = this.CONSUME(Quoted); this.ACTION(() => words.push(q)); } },
        { ALT: () => { const q = this.CONSUME(Partial); this.ACTION(() => words.push(q)); } },
        { ALT: () => { const w = this.CONSUME2(Word); this.ACTION(() => words.push(w)); } },
      ]);
    });
    return this.ACTION(() => {
      // A type word is a type; the other words are the name (the checker re-validates).
      const rest: IToken[] = [];
      for (const w of words) {
        if (m.type === null && this.looksLikeType(w.image)) {
          m.type = w.image;
          this.ref({ kind: "type", word: w.image, span: this.tokSpan(w) });
        } else rest.push(w);
      }
      if (rest.length > 0) {
        const image = rest.map((w) => w.image).join(" ");
        m.name = namePattern(image);
        const last = rest[rest.length - 1]!;
        this.ref({ kind: "name", word: image, span: { start: rest[0]!.startOffset, end: last.startOffset + last.image.length } });
      }
      return m;
    });
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

function negateOp(op: CompareOp, neg: boolean): CompareOp {
  if (!neg) return op;
  const m: Record<CompareOp, CompareOp> = { "<": ">=", "<=": ">", "=": "!=", "!=": "=", ">=": "<", ">": "<=" };
  return m[op];
}

