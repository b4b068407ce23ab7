/**
 * The canonical printer: checked IR → card text in canonical spelling.
 *
 * The canonical spelling is the one the examples of `grammar/constructs.ts` use ("Boost own
 * Power +300.", "Opponent discards 2.", "If own Level is R, …", "Counter Circle", "Draw 2:
 * -dramon (C)"). The printer's contract, checked by `tests/print.test.ts` and
 * `tests/roundtrip.test.ts`: for every text T that compiles, P = print(compile(T)) compiles
 * to the same IR as T (apart from the `text` fields), and print(compile(P)) === P.
 *
 * Sources (`000_012504f4614e5b24.txt`):
 * - Anatomy of Cards item 14: one sentence (full stop) is one effect, printed in order.
 * - FAQ "What are lowercase timings for individual effects?": a timing applies to the
 *   sentences after it until a new timing, so a label is printed only when it changes.
 * - FAQ "Conditionals": "If …, …" and the "If not, …" sentence that answers it.
 * - FAQ "Costs vs Effects": costs stand before a colon; "Must" and [1/Turn] mark them.
 * - Glossary "(Parenthesis text)": permanent effects are printed in parentheses.
 * - Glossary "Turbo" forms 1–3; Glossary and Attack Abilities for every verb and ability.
 * - Evolution Phase 4.3, 4.8, 5.2.2 and FAQ "Permanents in Evolution Boxes" for evo-box entries.
 */
import { KEYWORDS } from "../../grammar/tokens.ts";
import { compileCardText, type TextCompile } from "../check/text.ts";
import type { TextRuleset } from "../check/refs.ts";

export type { TextCompile } from "../check/text.ts";
import { DBE_TYPES, type AttackSlot, type PlayerRef } from "../../runtime/vocabulary.ts";
import type {
  Action,
  Amount,
  AttackAbility,
  Body,
  CardEffect,
  CardFilter,
  CompareOp,
  Condition,
  DnaMaterial,
  Effect,
  EvoEntry,
  GameEvent,
  NamePattern,
  NameQualifier,
  Prohibition,
  StatTarget,
  Timing,
  TurboEffect,
  VoidTarget,
} from "../../runtime/ir.ts";

/** Printer options. */
export interface PrintOptions {
  /**
   * The set's type vocabulary (default: the DBE types). A card name that is also a type
   * word is quoted, so the parser cannot read it as a type (Glossary "Type").
   */
  types?: readonly string[];
}

// ─── words ─────────────────────────────────────────────────────────────────

/** A plain word as the lexer reads it (no keyword test). `grammar/tokens.ts` `Word`. */
const WORD_RE = /^[A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F]*(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*$/;
/** A partial name with a leading dash ("-dramon", "-devi-"): `grammar/tokens.ts` `Partial`. */
const PARTIAL_RE = /^-[A-Za-z][A-Za-z]*-?$/;
/** A prefix partial name ("kok-"): a `Word` with a trailing dash. */
const PREFIX_RE = /^[A-Za-z][A-Za-z0-9]*-$/;

function isKeyword(w: string): boolean {
  return KEYWORDS.has(w.toLowerCase());
}

/** True when `w` lexes as exactly one plain (non-keyword) `Word` token. */
function isPlainWord(w: string): boolean {
  if (!WORD_RE.test(w) || isKeyword(w)) return false;
  if (/^x\d+$/i.test(w)) return false; // "x100" is split into × and a number
  const l2 = w.slice(-2).toLowerCase();
  if (l2 === "'s" || l2 === "’s") return false; // possessive split
  return true;
}

/** True when `w` lexes as one word token, keyword or not (`AnyWord`, for "[Name]"). */
function isAnyWord(w: string): boolean {
  if (!WORD_RE.test(w) || /^x\d+$/i.test(w)) return false;
  const l2 = w.slice(-2).toLowerCase();
  return !((l2 === "'s" || l2 === "’s") && !isKeyword(w));
}

function typeSet(opts: PrintOptions | undefined): Set<string> {
  return new Set([...(opts?.types ?? []), ...DBE_TYPES].map((t) => t.toLowerCase()));
}

function cap(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

function quote(s: string): string {
  return s.includes('"') && !s.includes("”") ? `“${s}”` : `"${s}"`;
}

function signed(n: number): string {
  return n < 0 ? String(n) : `+${n}`;
}

function attackWord(a: AttackSlot): string {
  return cap(a);
}

/** "own", "opponent's", "both players'": a player as a possessive. Glossary "Boost". */
function poss(p: PlayerRef): string {
  return p === "own" ? "own" : p === "opponent" ? "opponent's" : "both players'";
}

/** "own", "opponent", "both players": a player as a noun. */
function noun(p: PlayerRef): string {
  return p === "own" ? "own" : p === "opponent" ? "opponent" : "both players";
}

/**
 * A subject-first verb phrase: own → the imperative ("Draw 2"); opponent → third person
 * ("opponent draws 2"); both → plural ("both players draw 2"). FAQ "Player discards".
 */
function subjectVerb(p: PlayerRef, imperative: string, third: string, rest: string): string {
  const tail = rest ? ` ${rest}` : "";
  if (p === "own") return `${imperative}${tail}`;
  if (p === "opponent") return `opponent ${third}${tail}`;
  return `both players ${imperative.toLowerCase()}${tail}`;
}

// ─── names ─────────────────────────────────────────────────────────────────

function partialText(n: NamePattern): string {
  switch (n.kind) {
    case "exact":
      return n.name;
    case "suffix":
      return `-${n.part}`;
    case "prefix":
      return `${n.part}-`;
    case "infix":
      return `-${n.part}-`;
  }
}

/** A name in a card filter: bare when every word reads back as a name, else quoted. Evolution Phase 4.3. */
function filterName(n: NamePattern, opts: PrintOptions | undefined): string {
  if (n.kind !== "exact") return quote(partialText(n));
  const types = typeSet(opts);
  const words = n.name.split(" ");
  const bare = n.name.length > 0 && words.every((w) => isPlainWord(w) && !/^[RCUM]$/.test(w) && !types.has(w.toLowerCase()));
  return bare ? n.name : quote(n.name);
}

/** A name in an evo-box entry: bare partials and plain words, else quoted. Evolution Phase 4.3. */
function evoName(n: NamePattern, opts: PrintOptions | undefined, dna: boolean): string {
  const text = partialText(n);
  if (n.kind === "suffix" || n.kind === "infix") return PARTIAL_RE.test(text) ? text : quote(text);
  if (n.kind === "prefix") return PREFIX_RE.test(text) && !isKeyword(text) ? text : quote(text);
  const types = typeSet(opts);
  const words = n.name.split(" ");
  const bare =
    n.name.length > 0 &&
    words.every((w) => isPlainWord(w) && !/-$/.test(w) && !/^[RCUM]$/.test(w) && !(dna && types.has(w.toLowerCase())));
  return bare ? n.name : quote(n.name);
}

/** "[Agumon]" or a quoted name. Glossary "Also counts as [Name]". */
function bracketName(name: string): string {
  const words = name.split(" ");
  if (name.length > 0 && words.every(isAnyWord)) return `[${name}]`;
  return quote(name);
}

// ─── filters ───────────────────────────────────────────────────────────────

/**
 * A card filter without its count: "valid Level C Dragon Digimon", "Vademon", "\"-devi-\"
 * card". Types come before the name (a type word after a name reads as part of it).
 * Source: FAQ "Attachment conditions" step 3; Glossary "Take"; Evolution Phase 4.3.
 */
function printFilter(f: CardFilter, opts: PrintOptions | undefined): string {
  const w: string[] = [];
  if (f.valid) w.push("valid");
  if (f.partner === true) w.push("Partner");
  else if (f.partner === false) w.push("not Partner");
  for (const l of f.levels) w.push(`Level ${l}`);
  for (const t of f.types) w.push(t);
  for (const k of f.kinds) w.push(k);
  if (f.name) w.push(filterName(f.name, opts));
  // "card" only where the filter would otherwise end on a flag or a partial name: '"-devi-" card'.
  if (f.kinds.length === 0 && f.levels.length === 0 && f.types.length === 0 && (f.name === null || f.name.kind !== "exact")) w.push("card");
  return w.join(" ");
}

/** "a " or "an " before a printed filter: "an Option", "an Evolution", "a Level C Digimon". */
function article(printed: string): string {
  return /^[AEIOU]/i.test(printed) ? "an " : "a ";
}

/** True when the printed filter starts with the card's name (no article before it). */
function startsWithName(f: CardFilter): boolean {
  return f.name !== null && f.name.kind === "exact" && !f.valid && f.partner === null && f.levels.length === 0 && f.types.length === 0 && f.kinds.length === 0;
}

// ─── amounts ───────────────────────────────────────────────────────────────

function statWord(stat: string): string {
  switch (stat) {
    case "hp":
      return "HP";
    case "power":
      return "Power";
    case "level":
      return "Level";
    case "plusP":
      return "+P";
    case "dpTotal":
      return "DP";
    default:
      return stat;
  }
}

/** "own HP", "opponent's Circle Power", "own Level". */
function statPhrase(player: PlayerRef, stat: string, attack: AttackSlot | "all" | null): string {
  const a = attack === "all" ? "all " : attack ? `${attackWord(attack)} ` : "";
  return `${poss(player)} ${a}${statWord(stat)}`;
}

/** What a count counts, after "for each": "card in own DP", "own attached card". */
function countPhrase(player: PlayerRef, what: string): string {
  switch (what) {
    case "hand":
      return `card in ${poss(player)} hand`;
    case "deck":
      return `card in ${poss(player)} deck`;
    case "trash":
      return `card in ${poss(player)} trash`;
    case "dp":
      return `card in ${poss(player)} DP`;
    case "darkArea":
      return `card in ${poss(player)} Dark Area`;
    case "attachment":
    case "attachments":
      return `${poss(player)} attached card`;
    default:
      return `${what} of ${poss(player)}`;
  }
}

/** The object of "the number of …": "cards in own hand", "discarded cards". */
function countSource(a: Amount): string {
  switch (a.kind) {
    case "count":
      return countPhrase(a.player, a.what).replace(/^card /, "cards ").replace(/ card$/, " cards");
    case "previous":
      return "discarded cards";
    case "stat":
      return statPhrase(a.player, a.stat, a.attack);
    case "const":
      return String(a.value);
  }
}

/**
 * A signed amount after a stat ("+300", "+100 for each card in own DP", "by own HP").
 * Source: Glossary "Boost", "Recover".
 */
/**
 * Whether an amount takes Power or HP down: printed cards say "Lower … -300" for that
 * ("Lower opponent's Power -300"), "Boost"/"Recover" for raising.
 */
function lowers(a: Amount): boolean {
  return a.kind === "const" ? a.value < 0 : a.per < 0;
}

function signedAmount(a: Amount): string {
  switch (a.kind) {
    case "const":
      return signed(a.value);
    case "count":
      return `${signed(a.per)} for each ${countPhrase(a.player, a.what)}`;
    case "previous":
      return `${signed(a.per)} for each discarded card`;
    case "stat":
      return a.per === 1 ? `by ${statPhrase(a.player, a.stat, a.attack)}` : `${signed(a.per)} for each ${statPhrase(a.player, a.stat, a.attack)}`;
  }
}

/** A stat as the target of a verb: "own Power", "all own Power", "opponent's Circle Power". */
function targetPhrase(t: StatTarget): string {
  const all = t.attack === "all" ? "all " : "";
  const a = t.attack && t.attack !== "all" ? `${attackWord(t.attack)} ` : "";
  return `${all}${poss(t.player)} ${a}${statWord(t.stat)}`;
}

/** A stat as a sentence subject: "own HP", "own all Power" ("all own …" would read as a continued discard). */
function subjectTarget(t: StatTarget): string {
  const all = t.attack === "all" ? "all " : "";
  const a = t.attack && t.attack !== "all" ? `${attackWord(t.attack)} ` : "";
  return `${poss(t.player)} ${all}${a}${statWord(t.stat)}`;
}

/**
 * A zone counted as a quantity, named as the zone itself: "own hand", "opponent's trash",
 * "own Attachments" (the zone words of Glossary "Recycle X", "Dark Area", "Attachment Slot").
 */
const COUNTED_ZONE: Partial<Record<string, string>> = {
  hand: "hand",
  dp: "DP",
  deck: "deck",
  trash: "trash",
  darkArea: "Dark Area",
  attachment: "Attachments",
  attachments: "Attachments",
};

/**
 * A quantity that can stand before "is" and after "is … than": a stat, or a zone counted
 * ("own HP is less than opponent's HP", "own trash is less than opponent's trash").
 */
function quantityPhrase(a: Amount): string | null {
  switch (a.kind) {
    case "const":
      return String(a.value);
    case "stat":
      return a.per === 1 && a.stat !== "plusP" && a.stat !== "dpTotal" ? statPhrase(a.player, a.stat, a.attack) : null;
    case "count": {
      const zone = a.per === 1 ? COUNTED_ZONE[a.what] : undefined;
      return zone ? `${poss(a.player)} ${zone}` : null;
    }
    case "previous":
      return null;
  }
}

// ─── conditions ────────────────────────────────────────────────────────────

function otherPlayer(p: PlayerRef): PlayerRef {
  return p === "opponent" ? "own" : "opponent";
}

/** Same quantity, with the player the parser's bare "lower"/"higher" compares against. */
function isMirror(l: Amount, r: Amount): boolean {
  // Only Levels: "own Level is lower" (Glossary "Turbo" form 2); HP and counts name both sides.
  return l.kind === "stat" && r.kind === "stat" && l.stat === "level" && r.stat === "level" && l.attack === r.attack && l.per === 1 && r.per === 1 && r.player === otherPlayer(l.player);
}

function zoneNoun(what: string): string {
  switch (what) {
    case "hand":
      return "cards in hand";
    case "deck":
      return "cards in deck";
    case "trash":
      return "cards in trash";
    case "dp":
      return "cards in DP";
    case "darkArea":
      return "cards in Dark Area";
    case "attachment":
    case "attachments":
      return "attached cards";
    default:
      return what;
  }
}

/**
 * Print a comparison. A count of a player's deck, trash, Dark Area or Attachments against a
 * number reads "opponent has 3 or more cards in trash" (Prep Phase step 3: "has 3 or more cards
 * in hand"), but "own deck is 10 or less" (Glossary "Recycle X"); every other quantity is the
 * subject of "is" ("own HP is less than opponent's HP", Glossary "Recover"), a zone named as
 * the zone ("own trash is less than opponent's trash", "own Attachments are 2 or more").
 */
function printCompare(left: Amount, op: CompareOp, right: Amount): string {
  const L = quantityPhrase(left);
  if (left.kind === "count" && right.kind === "const" && op !== "!=" && (L === null || (left.player !== "own" && left.what !== "hand" && left.what !== "dp"))) {
    const has = left.player === "both" ? "have" : "has";
    const n = right.value;
    const cmp = op === "<" ? `less than ${n}` : op === ">" ? `more than ${n}` : op === ">=" ? `${n} or more` : op === "<=" ? `${n} or less` : `${n}`;
    return `${noun(left.player)} ${has} ${cmp} ${zoneNoun(left.what)}`;
  }
  const lhs = L ?? countSource(left);
  // "own Attachments are 2 or more": the zone's name is plural.
  const is = lhs.endsWith(" Attachments") ? "are" : "is";
  if (isMirror(left, right) && (op === "<" || op === ">" || op === ">=" || op === "<=")) {
    const word = op === "<" ? "lower" : op === ">" ? "higher" : op === ">=" ? "not lower" : "not higher";
    return `${lhs} ${is} ${word}`;
  }
  if (right.kind === "const") {
    const n = right.value;
    switch (op) {
      case "=":
        return `${lhs} ${is} ${n}`;
      case "!=":
        return `${lhs} ${is} not ${n}`;
      case "<":
        return `${lhs} ${is} less than ${n}`;
      case ">":
        return `${lhs} ${is} more than ${n}`;
      case ">=":
        return `${lhs} ${is} ${n} or more`;
      case "<=":
        return `${lhs} ${is} ${n} or less`;
    }
  }
  const R = quantityPhrase(right) ?? countSource(right);
  switch (op) {
    case "<":
      return `${lhs} ${is} less than ${R}`;
    case ">":
      return `${lhs} ${is} more than ${R}`;
    case ">=":
      return `${lhs} ${is} at least ${R}`;
    case "<=":
      return `${lhs} ${is} not more than ${R}`;
    case "=":
      return `${lhs} ${is} equal to ${R}`;
    case "!=":
      return `${lhs} ${is} not equal to ${R}`;
  }
}

/**
 * Print an "If …" condition (without the "If"): "own Level is R", "opponent's type is Fire
 * or Ice", "own HP is less than opponent's HP", "both attacks are same", "able".
 * Source: FAQ "Conditionals"; Glossary "Type" ("primary type"), "Level".
 */
export function printCondition(c: Condition, opts?: PrintOptions): string {
  switch (c.kind) {
    case "compare":
      return printCompare(c.left, c.op, c.right);
    case "typeIs":
      return `${poss(c.player)} ${c.primary ? "primary " : ""}type is ${c.negate ? "not " : ""}${c.types.join(" or ")}`;
    case "levelIs":
      return `${poss(c.player)} Level is ${c.negate ? "not " : ""}${c.levels.join(" or ")}`;
    case "attackIs":
      return c.negate
        ? `${poss(c.player)} attack is not ${c.attacks.map(attackWord).join(" or ")}`
        : `${noun(c.player)} used ${c.attacks.map(attackWord).join(" or ")}`;
    case "nameIs":
      return `${poss(c.player)} name is ${c.negate ? "not " : ""}${quote(partialText(c.name))}`;
    case "same": {
      const what = c.what === "attack" ? "attacks" : c.what === "level" ? "Levels" : "types";
      return `both ${what} are ${c.negate ? "different" : "same"}`;
    }
    case "able":
      return "able";
    case "and":
      return c.all.map((x) => printCondition(x, opts)).join(" and ");
    case "or":
      return c.any.map((x) => printCondition(x, opts)).join(" or ");
  }
}

// ─── abilities ─────────────────────────────────────────────────────────────

/**
 * Print an attack ability: "1st Attack", "Counter Circle", "Flatten [Level C]", "Dragon x3
 * VS", "Draw 2", "Attach T". Source: `000_012504f4614e5b24.txt`, "Attack Abilities".
 */
export function printAbility(a: AttackAbility, opts?: PrintOptions): string {
  switch (a.kind) {
    case "firstAttack":
      return "1st Attack";
    case "secondAttack":
      return "2nd Attack";
    case "cannotGainFirstAttack":
      return "Cannot gain 1st Attack";
    case "toZero":
      return `${attackWord(a.attack)} to 0`;
    case "counter":
      return a.attack ? `Counter ${attackWord(a.attack)}` : "Counter";
    case "crash":
      return "Crash";
    case "drain":
      return "Drain";
    case "flatten":
      return a.condition ? `Flatten [${printFilter(a.condition, opts)}]` : "Flatten";
    case "grudge":
      return `Grudge ${attackWord(a.attack)}`;
    case "jamming":
      return "Jamming";
    case "killer":
      return `Killer ${attackWord(a.attack)}`;
    case "shatter":
      return "Shatter";
    case "x3vs":
      return a.types.length ? `${a.types.join("/")} x3 VS` : "x3 VS";
    case "draw":
      return `Draw ${a.count}`;
    case "trash":
      return `Trash ${a.count}`;
    case "recode":
      return `Recode ${a.count}`;
    case "recycle":
      return `Recycle ${a.count}`;
    case "static":
      return `Static ${a.count}`;
    case "corrupt":
      return `Corrupt ${a.count}`;
    case "attach":
      return `Attach ${a.from === "deck" ? "D" : a.from === "trash" ? "T" : "H"}`;
    default:
      return (a as { kind: string }).kind;
  }
}

// ─── actions ───────────────────────────────────────────────────────────────

function constOf(a: Amount): string {
  return a.kind === "const" ? String(a.value) : signedAmount(a);
}

const VOID_TARGETS: Record<VoidTarget, [string, string]> = {
  digimonSupport: ["a", "Digimon Support"],
  option: ["an", "Option"],
  support: ["a", "Support"],
  crossAbility: ["a", "Cross ability"],
  attackAbilities: ["", "attack abilities"],
  effect: ["an", "effect"],
};

function prohibitionPhrase(what: Prohibition, player: PlayerRef): string {
  switch (what) {
    case "lowerHp":
      return `lower ${poss(player)} HP`;
    case "gainFirstAttack":
      return "gain 1st Attack";
    case "beCountered":
      return "be countered";
    case "beVoided":
      return "be voided";
    case "useAnyPhase":
      return "use Any Phase effects";
    case "evolve":
      return "evolve";
    default:
      return what;
  }
}

function discardZone(zone: string, player: PlayerRef): string {
  return zone === "dp" ? `in ${poss(player)} DP` : zone === "attachment" ? `of ${poss(player)} attached cards` : `in ${poss(player)} hand`;
}

function printDiscard(a: Extract<Action, { kind: "discard" }>): string {
  const n = a.count === null ? null : a.count.kind === "const" ? String(a.count.value) : "same number";
  if (a.dark) return subjectVerb(a.player, "Dark Discard", "dark discards", n ?? "1");
  const plainHand = a.zone === "hand" && !a.ownerChooses && !a.fromTop;
  if (plainHand && a.count !== null) return subjectVerb(a.player, "Discard", "discards", `${n}${a.random ? " at random" : ""}`);
  if (a.count === null && !a.ownerChooses && !a.fromTop && !a.random) {
    if (a.zone === "hand") return `Discard ${poss(a.player)} hand`;
    if (a.zone === "dp") return `Discard ${poss(a.player)} DP`;
    return `Discard ${poss(a.player)} attached cards`;
  }
  const w: string[] = ["Discard"];
  if (a.ownerChooses) w.push("any");
  if (a.count === null) w.push("all");
  if (a.fromTop) w.push("the top");
  if (n !== null) w.push(n);
  w.push(discardZone(a.zone, a.player));
  if (a.random) w.push("at random");
  return w.join(" ");
}

function ignoreList(items: readonly string[]): string {
  const w = items.map((x) => (x === "dp" ? "DP" : x));
  if (w.length <= 1) return w.join("");
  return `${w.slice(0, -1).join(", ")} and ${w[w.length - 1]}`;
}

/**
 * Print one action, uncapitalised when it starts with a player ("opponent discards 2"),
 * with verbs capitalised ("Boost own Power +300"). Canonical forms follow
 * `grammar/constructs.ts`; each case cites its Glossary entry or FAQ in the rules
 * (`000_012504f4614e5b24.txt`).
 */
export function printAction(a: Action, opts?: PrintOptions): string {
  switch (a.kind) {
    // Glossary "Boost"
    case "boost": {
      const all = a.attack === "all" ? "all " : "";
      const att = a.attack && a.attack !== "all" ? `${attackWord(a.attack)} ` : "";
      return `${lowers(a.amount) ? "Lower" : "Boost"} ${all}${poss(a.player)} ${att}Power ${signedAmount(a.amount)}`;
    }
    // Glossary "Recover"; a negative amount lowers HP, as printed cards say it
    case "recover":
      return `${lowers(a.amount) ? "Lower" : "Recover"} ${poss(a.player)} HP ${signedAmount(a.amount)}`;
    // FAQ "Leaving a zone" (BR-130 Etemon): "own HP is 10"
    case "setStat": {
      const v = a.value;
      if (v.kind === "const") return `${subjectTarget(a.target)} is ${v.value}`;
      return `${subjectTarget(a.target)} is the same as ${quantityPhrase(v) ?? countSource(v)}`;
    }
    // FAQ "Costs vs Effects": Double / Halve / Triple
    case "scaleStat": {
      const f = a.factor;
      if (f.kind === "const" && f.value === 2) return `Double ${targetPhrase(a.target)}`;
      if (f.kind === "const" && f.value === 0.5) return `Halve ${targetPhrase(a.target)}`;
      if (f.kind === "const" && f.value === 3) return `Triple ${targetPhrase(a.target)}`;
      if (f.kind === "const") return `Multiply ${targetPhrase(a.target)} by ${f.value}`;
      const per = f.per === 1 ? "" : f.per > 0 ? ` x${f.per}` : ` x ${f.per}`;
      return `Multiply ${targetPhrase(a.target)} by the number of ${countSource(f)}${per}`;
    }
    case "swapStat":
      return a.stat === "hp" ? "Swap own HP with opponent's HP" : "Swap own type with opponent's type";
    // Prep Phase step 2 (Draw); Glossary "Dark [action]"
    case "draw":
      return a.dark ? subjectVerb(a.player, "Dark Draw", "dark draws", constOf(a.count)) : subjectVerb(a.player, "Draw", "draws", constOf(a.count));
    case "drawUntil":
      return subjectVerb(a.player, "Draw", "draws", `until ${a.handSize} cards in hand`);
    // Glossary "Discard"; FAQ "Player discards", "Discard any…"
    case "discard":
      return printDiscard(a);
    case "discardThis":
      return a.what === "active" ? "Discard this active" : "Discard this card";
    // Glossary "Trash X"
    case "trash":
      // Glossary "Dark [action]": Dark Trash puts the cards into the Dark Area.
      return a.dark ? subjectVerb(a.player, "Dark Trash", "dark trashes", constOf(a.count)) : subjectVerb(a.player, "Trash", "trashes", constOf(a.count));
    // Glossary "Recycle X", "Recycle any"
    case "recycle":
      return `Recycle ${a.count === "any" ? "any" : a.count}${a.player !== "own" ? ` ${poss(a.player)} trash` : ""}${a.shuffle ? " and shuffle" : ""}`;
    // Glossary "Recode X"
    case "recode":
      return `Recode ${a.count}${a.player !== "own" ? ` ${poss(a.player)} deck` : ""}`;
    // Glossary "Corrupt X" (the opponent's deck by default)
    case "corrupt":
      return `Corrupt ${a.count}${a.player !== "opponent" ? ` ${poss(a.player)} deck` : ""}`;
    // Attack Abilities "Static X" (the opponent's trash by default; "Static 2 own trash")
    case "static":
      return `Static ${a.count}${a.player !== "opponent" ? ` ${poss(a.player)} trash` : ""}`;
    // Glossary "Take"; FAQ "Cherrypicking Rules"
    case "take": {
      const zone = a.player === "own" ? a.from : `${poss(a.player)} ${a.from}`;
      return `${a.dark ? "Dark Take" : "Take"} ${a.count} ${printFilter(a.filter, opts)} from ${zone}${a.random ? " at random" : ""}`;
    }
    // Glossary "Attach"; FAQ "Attachment conditions"
    case "attach": {
      // "Attach an Option from trash", "Attach Vademon from deck": an article unless the filter is a name.
      let s = `Attach ${a.card === "this" ? "this" : `${startsWithName(a.card) ? "" : article(printFilter(a.card, opts))}${printFilter(a.card, opts)}`}`;
      if (a.from) s += ` from ${a.from}`;
      if (a.toFilter) s += ` to ${poss(a.to)} ${printFilter(a.toFilter, opts)}`;
      else if (a.to !== "own") s += ` to ${poss(a.to)} active`;
      return s;
    }
    // Glossary "Void"
    case "void": {
      const [art, what] = VOID_TARGETS[a.target] ?? ["", a.target];
      if (a.player === "opponent") return `Void ${art ? `${art} ` : ""}${what}`;
      return `Void ${poss(a.player)} ${what}`;
    }
    // Glossary "Revive"
    case "revive": {
      const hp = a.hp.kind === "const" ? `${a.hp.value} HP` : signedAmount(a.hp);
      return subjectVerb(a.player, "Revive", "revives", hp);
    }
    // Glossary "Flatten"
    case "flatten":
      return `Flatten ${noun(a.player)}${a.count !== 1 ? ` ${a.count}` : ""}`;
    // Glossary "Delete"
    case "delete": {
      const what = a.what === "this" ? "Delete this card" : a.what === "active" ? `Delete ${poss(a.player)} active` : `Delete the top card of ${poss(a.player)} trash`;
      // Evolution Phase 4.10 (Super Tag)
      return a.insteadOfDiscardingDp ? `${what} instead of discarding all own DP` : what;
    }
    // FAQ "Conditionals" (evolve to); Evolution Phase 4.6 (as evolved)
    case "evolve": {
      const art = startsWithName(a.to) ? "" : "a ";
      const from = a.from === "destinyZone" ? "Destiny Zone" : a.from === "revealed" ? "the cards shown" : a.from;
      return `Evolve to ${art}${printFilter(a.to, opts)} from ${from}${a.asEvolved ? " as evolved" : ""}`;
    }
    // Evolution Phase 4.13
    case "downgrade": {
      let s = `Downgrade ${poss(a.player)}`;
      if (a.from) s += ` Level ${a.from}`;
      s += ` Digimon by ${a.levels} Level`;
      if (a.to) s += ` to Level ${a.to}`;
      return s;
    }
    // FAQ "Putting unknown cards…" examples 1–2; FAQ "Interrupting effects" (Ogremon)
    case "putIntoDp": {
      if (a.what === "this") return "Put this into DP";
      // 003 FAQ "Putting unknown cards…": "putting any Digimon from own deck into DP"
      if ("anyFromDeck" in a.what) return `Put any ${printFilter(a.what.anyFromDeck, opts)} from ${poss(a.player)} deck into DP`;
      const w = a.what;
      const of = `of ${poss(a.player)} deck into DP`;
      const f = printFilter(w.filter, opts);
      if (w.among === null) return `Put the top ${w.fromTop} ${f} ${of}`;
      if (w.fromTop === 1) return `Put 1 ${f} from the top ${w.among} ${of}`;
      return `Put the top ${w.fromTop} ${f} from the top ${w.among} ${of}`;
    }
    // FAQ "Paying DP" (BIT-052 Immortalize)
    case "putUnder":
      return a.what === "this" ? "Put this below own active" : "Put all own DP below this card";
    case "returnHandToDeck":
      return `Return ${poss(a.player)} hand to deck${a.shuffle ? " and shuffle" : ""}`;
    case "shuffle":
      return `Shuffle ${poss(a.player)} deck`;
    case "reveal":
      if (a.what === "hand") return a.count === null ? `Reveal ${poss(a.player)} hand` : `Reveal ${a.count} in ${poss(a.player)} hand`;
      return a.count === null ? `Reveal the top of ${poss(a.player)} deck` : `Reveal the top ${a.count} of ${poss(a.player)} deck`;
    // Evolution Phase 4.7
    case "ignore":
      return `Ignore ${ignoreList(a.what)}`;
    // Evolution Phase 4.14
    case "enables":
      if (a.what === "sameLevel") return "Enables evolution to the same level";
      if (a.what === "anyLevel") return "Enables evolution to any level";
      return `Enables evolution from ${a.what.from} to ${a.what.to}`;
    // Glossary "Also counts as [Name]"
    case "alsoCountsAs":
      return `Also counts as ${bracketName(a.name)}`;
    // 003 Glossary "Also [Type]"
    case "alsoType":
      return `Also ${a.type}`;
    // FAQ "Paying DP"
    case "payDp":
      return `Pay ${a.amount} DP${a.from === "this" ? " from this" : ""}`;
    // FAQ "Costs vs Effects" (EX-094 UlforceVdramon)
    case "prohibit": {
      const except = a.exceptByAttack ? " except by an attack" : "";
      if (a.of === "supports") return `${a.player === "own" ? "Supports" : `${poss(a.player)} Supports`} cannot ${prohibitionPhrase(a.what, a.player)}${except}`;
      if (a.of === "attacks") return `${poss(a.player)} attack cannot ${prohibitionPhrase(a.what, a.player)}${except}`;
      if (a.bySupports) return `Supports cannot ${prohibitionPhrase(a.what, a.player)}${except}`;
      if (a.what === "lowerHp") return `${poss(a.player)} HP cannot be lowered${except}`;
      const vp = `${prohibitionPhrase(a.what, a.player)}${except}`;
      return a.player === "own" ? `Cannot ${vp}` : `${noun(a.player)} cannot ${vp}`;
    }
    case "dpCost":
      return `DP ${signed(a.change)}`;
    case "changeDp":
      // Evolution Phase 4.8: "'-X0 +P' can occur in which case the DP a player has is
      // lowered" — the rules' own words for a lower DP ("DP -X0" lowers a Future's cost).
      if (a.amount < 0 && a.player !== "both") return `${noun(a.player)} ${signed(a.amount)} +P`;
      return `Boost ${poss(a.player)} DP ${signed(a.amount)}`;
    // End Phase step 3.1 (type changes)
    case "changeType":
      if (typeof a.type === "string") return `Change ${poss(a.player)} type to ${a.type}`;
      return `${poss(a.player)} type is the same as ${poss(a.type.copyOf)} type`;
    // End Phase step 3.1 (name changes)
    case "changeName":
      return `Change ${poss(a.player)} name to [${a.name}]`;
    // FAQ "Jamming oddballs"
    case "useAttack":
      return subjectVerb(a.player, "Use", "uses", attackWord(a.attack));
    // Battle Phase step 3.3
    case "gainAbility":
      // "Own Triangle gets Jamming" names the attack; "Get Jamming" gives it to every attack.
      if (a.attack !== null) return `${cap(poss(a.player))} ${attackWord(a.attack)} gets ${printAbility(a.ability, opts)}`;
      return subjectVerb(a.player, "Get", "gets", printAbility(a.ability, opts));
    // Glossary "Flip"
    case "flip":
      return a.what === "this" ? "Flip this card" : "Flip own active";
    // Evolution Phase POINT "Do not use with <Level>"
    case "restrictUse": {
      const w = [...a.levels.map((l) => `Level ${l}`), ...(a.abnormal ? ["abnormal"] : [])];
      return `Do not use with ${w.join(" or ")}`;
    }
    default: {
      const k = (a as { kind: string }).kind;
      // Evolution Phase 4.15 "Requires DP"
      if (k === "requireDp") return "Requires DP";
      // Evolution Phase 5.2.3.1 (BIT-058 Jogress)
      if (k === "countsAsDnaMaterial") return "Counts as a DNA material";
      // Evolution Phase POINT "activate an evo-bonus"
      if (k === "activateEvoBonus") return "Activate an evo-bonus";
      return k;
    }
  }
}

/** Actions of one chain, joined the canonical way ("Discard this active, then own HP is 10"). */
function printChain(actions: readonly Action[], opts: PrintOptions | undefined): string {
  return actions.map((x) => printAction(x, opts)).join(", then ");
}

// ─── timings ───────────────────────────────────────────────────────────────

const PHASES: Record<string, string> = { prep: "Prep", evolve: "Evolve", strategy: "Strategy", support: "Support", battle: "Battle", end: "End" };

function printEvent(e: GameEvent): string {
  const plural = e.player === "both";
  switch (e.kind) {
    case "discards":
      return `${noun(e.player)} ${plural ? "discard" : "discards"}`;
    case "draws":
      return `${noun(e.player)} ${plural ? "draw" : "draws"}`;
    case "powerChanged":
      return `${poss(e.player)} Power is ${e.change === "any" ? "changed" : e.change}`;
    case "hpLowered":
      return `${poss(e.player)} HP is lowered`;
    case "ko":
      return `${noun(e.player)} is KO'd`;
    case "plays": {
      const what = e.what === "anyPhase" ? "an Any Phase card" : e.what === "option" ? "an Option" : e.what === "digimon" ? "a Digimon Support" : "a Support";
      return `${noun(e.player)} ${plural ? "use" : "uses"} ${what}`;
    }
  }
}

function printTimingAtom(t: Timing): string {
  switch (t.kind) {
    case "card":
      return t.timing;
    case "phase": {
      const name = PHASES[t.phase] ?? cap(t.phase);
      if (t.whose === "own") return `Own ${name} Phase`;
      if (t.whose === "opponent") return `Opponent's ${name} Phase`;
      return t.phase === "end" ? "At End" : `${name} Phase`;
    }
    case "passive":
      return "Passive";
    case "whileAttached":
      return "While attached";
    case "activeZone":
      return "Active Zone";
    case "anyPhase":
      return "Any Phase";
    case "anySupportPhase":
      return "Any Support Phase";
    case "eitherSupportPhase":
      return "Either Support Phase";
    case "whenEvolving":
      return t.byDp ? "When evolving by DP" : "When evolving";
    case "afterEvolving":
      return "After evolving";
    case "dataBreak":
      return "Data Break";
    case "access":
      return `Access [${t.what}]`;
    case "when":
      return `When ${printEvent(t.event)}`;
  }
}

/** A timing that reads as a clause ("At End,", "While attached,", "When evolving,"): a comma follows it. */
function isClause(t: Timing): boolean {
  return t.kind === "when" || t.kind === "whileAttached" || t.kind === "whenEvolving" || t.kind === "afterEvolving" || (t.kind === "phase" && t.phase === "end" && t.whose === "any");
}

/**
 * A timing label, nested timings joined by commas: "Passive, Support Phase:", "At End,",
 * "When opponent discards,". Labels that read as a clause end with a comma, the others
 * with a colon; a trigger after a label that is not a clause opens with a colon, as the
 * rules write nested timings ("Passive, Support Phase: When …", "Passive: When opponent
 * discards,"). Source: FAQ "What are lowercase timings for individual effects?".
 */
export function printTimings(timings: readonly Timing[]): string {
  let out = "";
  timings.forEach((t, i) => {
    if (i > 0) out += t.kind === "when" && !isClause(timings[i - 1]!) ? ": " : ", ";
    out += printTimingAtom(t);
  });
  const last = timings[timings.length - 1];
  return `${out}${last && isClause(last) ? "," : ":"}`;
}

// ─── sentences ─────────────────────────────────────────────────────────────

/** The zone scopes that stay in force across later labels (FAQ "lowercase timings": "While attached", "Active Zone"). */
function isScope(t: Timing): boolean {
  return t.kind === "whileAttached" || t.kind === "activeZone";
}

/**
 * The label to print before a sentence whose timings are `next`, when the timings in force
 * are `current`, or null for none. A label after a sentence replaces the timings in force
 * except their zone scopes, which stay ("While attached, … Support Phase: …" is both);
 * so the label names what follows those scopes.
 */
function labelFor(current: readonly Timing[], next: readonly Timing[]): string | null {
  const key = (ts: readonly Timing[]) => JSON.stringify(ts);
  if (key(next) === key(current) || next.length === 0) return null;
  const scopes = current.filter(isScope);
  const kept = key(next.slice(0, scopes.length)) === key(scopes) && next.length > scopes.length ? scopes.length : 0;
  return printTimings(next.slice(kept));
}

function printBody(b: Body, opts: PrintOptions | undefined): string {
  if (b.kind === "seq") return cap(printChain(b.actions, opts));
  const then = b.then.kind === "seq" ? printChain(b.then.actions, opts) : printBody(b.then, opts);
  const otherwise = b.otherwise ? `; Otherwise, ${b.otherwise.kind === "seq" ? printChain(b.otherwise.actions, opts) : printBody(b.otherwise, opts)}` : "";
  return `If ${printCondition(b.cond, opts)}, ${then}${otherwise}`;
}

/** One effect sentence without its timing label: costs, body, full stop. FAQ "Costs vs Effects". */
function printEffectSentence(e: Effect, opts: PrintOptions | undefined): string {
  const segments: string[] = [];
  let once = false;
  for (const c of e.costs) {
    if (c.kind === "oncePerTurn") {
      once = true;
      continue;
    }
    segments.push(`${c.must ? "Must " : ""}${once ? "[1/Turn] " : ""}${cap(printAction(c.action, opts))}`);
    once = false;
  }
  segments.push(printBody(e.body, opts));
  const text = segments.join(": ");
  if (e.otherwiseOf === null) return `${text}.`;
  return `If not, ${text.startsWith("If ") ? `if ${text.slice(3)}` : text}.`;
}

/** A Turbo sentence, forms 1–3 of Glossary "Turbo". */
function printTurbo(t: TurboEffect, opts: PrintOptions | undefined): string {
  const head = `Turbo${t.phase === "support" ? " Support" : t.phase === "evolve" ? " Evolve" : ""}`;
  if (t.cost) return `${head}: ${cap(printAction(t.cost, opts))}.`;
  if (t.condition) return `${head}, if ${printCondition(t.condition, opts)}.`;
  return `${head} and ${printChain(t.risk, opts)}.`;
}

/**
 * The sentences of a card's text in canonical spelling, each with the timing label that
 * starts it (printed only when the timing changes from the previous sentence), permanent
 * effects in parentheses. Joined with spaces they are {@link printEffects}; the set-file
 * printer wraps long text between them.
 * Source: Anatomy of Cards item 14; FAQ "What are lowercase timings…"; Glossary "(Parenthesis text)".
 */
export function printSentences(effects: readonly CardEffect[], opts?: PrintOptions): string[] {
  const out: string[] = [];
  let current: readonly Timing[] = [];
  for (const e of effects) {
    if (e.kind === "reminder") {
      out.push("Battle is still lost.");
      continue;
    }
    if (e.kind === "turbo") {
      out.push(printTurbo(e, opts));
      continue;
    }
    let s = printEffectSentence(e, opts);
    const label = labelFor(current, e.timings);
    if (label !== null) {
      current = e.timings;
      // After a clause label ("At End,") the sentence reads on: "At End, if able, …", "At End, own HP is 10."
      if (label.endsWith(",") && /^(If|Own|Opponent|Both) /.test(s) || label.endsWith(",") && s.startsWith("Opponent's ")) s = s[0]!.toLowerCase() + s.slice(1);
      s = `${label} ${s}`;
    }
    out.push(e.permanent ? `(${s})` : s);
  }
  return out;
}

/**
 * Print a card's text in canonical spelling: one sentence per effect, timing labels only
 * when the timing changes, "If not, …" sentences, parenthesised permanent effects, Turbo
 * forms and reminders.
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14; FAQ "Conditionals",
 * "Costs vs Effects", "What are lowercase timings for individual effects?"; Glossary
 * "(Parenthesis text)", "Turbo".
 */
export function printEffects(effects: readonly CardEffect[], opts?: PrintOptions): string {
  return printSentences(effects, opts).join(" ");
}

// ─── evo-box ───────────────────────────────────────────────────────────────

function qualifier(q: NameQualifier, opts: PrintOptions | undefined): string {
  return `${evoName(q.name, opts, false)}${q.level ? ` (${q.level})` : ""}`;
}

/**
 * A bonus item: the stat shorthand "Power +40", "HP +100", "Opponent's DP -10" when it
 * applies. `first` marks the entry's first item without "∞": a bare "DP -10" there would
 * read as a DP discount (Evolution Phase 4.8), so the printer writes "Own DP -10".
 */
function bonusItem(a: Action, opts: PrintOptions | undefined, first: boolean): string {
  const who = (p: PlayerRef, own: string) => (p === "own" ? own : "Opponent's ");
  if (a.kind === "boost" && a.amount.kind === "const" && a.player !== "both") {
    const all = a.attack === "all" ? "all " : "";
    const att = a.attack && a.attack !== "all" ? `${attackWord(a.attack)} ` : "";
    const p = who(a.player, "");
    return cap(`${p}${all}${att}Power ${signed(a.amount.value)}`);
  }
  if (a.kind === "recover" && a.amount.kind === "const" && a.player !== "both") return `${who(a.player, "")}HP ${signed(a.amount.value)}`;
  if (a.kind === "changeDp" && a.player !== "both") return `${who(a.player, first ? "Own " : "")}DP ${signed(a.amount)}`;
  return cap(printAction(a, opts));
}

function dnaMaterial(m: DnaMaterial, opts: PrintOptions | undefined): string {
  const w: string[] = [];
  if (m.name) w.push(evoName(m.name, opts, true));
  if (m.type) w.push(m.type);
  if (m.level) w.push(`Level ${m.level}`);
  return w.join(" ");
}

/**
 * Print one evo-box entry: "Agumon", "Draw 2: -dramon (C)", "DP -10", "DNA: Airdramon +
 * Metal Level C", "DNA: Agumon, Gabumon", "∞ Power +40: Agumon".
 * Source: Anatomy of Cards item 8; Evolution Phase 4.2–4.4, 4.8, 5.2.2; FAQ "Permanents in
 * Evolution Boxes".
 */
export function printEvo(e: EvoEntry, opts?: PrintOptions): string {
  switch (e.kind) {
    case "from":
      return e.names.map((q) => qualifier(q, opts)).join(", ");
    case "bonus": {
      const acts = e.actions.map((a, i) => bonusItem(a, opts, i === 0 && !e.permanent)).join(", ");
      const from = e.from.length ? `: ${e.from.map((q) => qualifier(q, opts)).join(", ")}` : "";
      return `${e.permanent ? "∞ " : ""}${acts}${from}`;
    }
    case "discount":
      return `DP ${signed(e.amount)}${e.from.length ? `: ${e.from.map((q) => qualifier(q, opts)).join(", ")}` : ""}`;
    case "dna":
      return `DNA: ${e.materials.map((m) => dnaMaterial(m, opts)).join(e.anyOf ? ", " : " + ")}`;
  }
}

// ─── compiling, for round trips ────────────────────────────────────────────


/**
 * Compile one card text (the checker's path, `compileCardText`): the printer's round
 * trip compares the IR before and after printing.
 * @param ruleset the set's ruleset: DMB's own words ("(Also Jungle.)") compile in `dmb` only
 */
export function compileText(text: string, types: readonly string[] = DBE_TYPES, ruleset: TextRuleset = "dbe"): TextCompile {
  return compileCardText(text, types, ruleset);
}

/**
 * A key for comparing IR: the JSON of the effects without their `text` fields. `text` is
 * the sentence as printed (Anatomy of Cards item 14: one sentence is one effect), kept for
 * comments and diagnostics; a re-print changes it by design, the effect stays.
 * Source: `runtime/ir.ts` (`Effect.text`); `000_012504f4614e5b24.txt`, Anatomy of Cards item 14.
 */
export function irKey(effects: readonly CardEffect[]): string {
  return JSON.stringify(effects.map((e) => ({ ...e, text: undefined })));
}

