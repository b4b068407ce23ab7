/**
 * The canonical DCG printer: the typed IR of DCG card text (`runtime/lang/dcg/ir.ts`) →
 * card text in the official English wording, which the DCG grammar (`grammar/dcg/`) reads
 * back to the same IR.
 *
 * The printer's contract, checked by `tests/dcg/print.test.ts` and `tests/dcg/roundtrip.test.ts`
 * (on the real card pool and on generated IR): for every text T that `compileDcgText`
 * compiles, P = print(compile(T)) compiles to the same IR as T apart from spans and the
 * verbatim `text` fields, and print(compile(P)) === P.
 *
 * What the canonical wording is (`002_db81695f81018ea7.txt`, chapters 10–12; 001 "Card Text
 * Standardization"):
 * - a unit is its timing tags in brackets (`[On Play] [When Digivolving]`, 002 10-4), then
 *   `[Once Per Turn]`/`[Twice Per Turn]` — always in brackets, never the older "(Once Per
 *   Turn)" (002 4-15) — then its sentences; a keyword line is `<Keyword>.` (002 12-1); a
 *   DigiXros line is `[DigiXros -N] [A] x [B]` (002 4-22); units of a box are on lines of
 *   their own;
 * - keyword effects print with their parameters (`<Security Attack +1>`, `<Recovery +1
 *   (Deck)>`, `<Decoy (Black)>`, 002 12-3) and **without reminder text**: a reminder
 *   explains a keyword and never changes it (002 12-2), and the IR does not keep it. Reminder
 *   text that the IR does keep (a parenthesised note read as a clause's argument) prints as
 *   it was read; what the IR drops (a note after the full stop, the DigiXros rule sentence
 *   that restates 002 4-22) is not printed;
 * - a sentence is its leads — "When …, ", "If …, ", "While …, ", "By …, ", "For each …, ",
 *   "Until …, ", "During …, ", "Then, ", "If you do, ", "Instead, ", "The next time …, "
 *   (002 10-2, 10-3-2, 10-6, 10-7) — then its steps joined as the IR records (", and ",
 *   ", then ", " or ", ", ", ", if you do, ", or " to " after a cost, 002 10-6), ended by a
 *   full stop ("If …" and "instead" read after a clause print as leads: the IR keeps them as
 *   leads);
 * - a clause is its subject (none for the card's owner: an imperative), its modal ("may",
 *   "can", "can't"; 002 10-1-3, 10-1-5), its verb, object and arguments; noun phrases are a
 *   count, an owner, pre-modifiers, a noun and post-modifiers ("1 of your opponent's level 4
 *   or lower Digimon with [Greymon] in its name", 002 chapter 11);
 * - granted effects print in straight quotes (002 4-13), effect lists with "・" bullets
 *   (002 10-3-3), durations as "for the turn", "until the end of your opponent's turn"
 *   (002 10-4).
 *
 * The printer never throws on an IR the grammar produces; an IR value no wording of the
 * grammar reads back (the gaps of `tests/fuzz/dcg-ir.ts`) is printed as close as the wording
 * allows, and the round-trip tests report it. Words the grammar reads alike print one way:
 * "the rest" as "the remaining cards", "level 4 or below" as "level 4 or lower", "Trigger
 * <Draw 1>" as "<Draw 1>" where a keyword may open the sentence, "gains the following effect
 * for the turn: "…"" as "gains "…" for the turn".
 */
import type {
  DcgArg,
  DcgBullets,
  DcgClause,
  DcgCmp,
  DcgColor,
  DcgCondition,
  DcgCount,
  DcgDuration,
  DcgEffect,
  DcgEvent,
  DcgFilter,
  DcgKeyword,
  DcgKeywordAction,
  DcgKeywordName,
  DcgLead,
  DcgNoun,
  DcgObject,
  DcgPlayer,
  DcgRef,
  DcgSelection,
  DcgSelector,
  DcgSentence,
  DcgStep,
  DcgTiming,
  DcgValue,
  DcgVerb,
  DcgZone,
} from "../../runtime/lang/dcg/ir.ts";
import { TIMING_WORDS } from "../../grammar/dcg/tokens.ts";

// ─── vocabulary ─────────────────────────────────────────────────────────────

/** The printed name of each timing tag (002 10-4, 4-15 … 4-18, 2-11), without the brackets: the grammar's own table. */
export const DCG_TIMING_WORDS: Readonly<Record<DcgTiming, string>> = TIMING_WORDS;

/** The printed name of each keyword effect of 002 chapter 12 (the official English spelling). */
export const DCG_KEYWORD_WORDS: Readonly<Record<DcgKeywordName, string>> = {
  securityAttack: "Security Attack",
  blocker: "Blocker",
  recovery: "Recovery",
  piercing: "Piercing",
  draw: "Draw",
  jamming: "Jamming",
  digisorption: "Digisorption",
  reboot: "Reboot",
  deDigivolve: "De-Digivolve",
  retaliation: "Retaliation",
  digiBurst: "Digi-Burst",
  rush: "Rush",
  blitz: "Blitz",
  delay: "Delay",
  decoy: "Decoy",
  armorPurge: "Armor Purge",
  save: "Save",
  materialSave: "Material Save",
  evade: "Evade",
  raid: "Raid",
  alliance: "Alliance",
  barrier: "Barrier",
  blastDigivolve: "Blast Digivolve",
  fortitude: "Fortitude",
  mindLink: "Mind Link",
  partition: "Partition",
  collision: "Collision",
  blastDnaDigivolve: "Blast DNA Digivolve",
  scapegoat: "Scapegoat",
};

/** Keywords whose number is printed with its sign (`<Security Attack +1>`, `<Recovery +1 (Deck)>`, `<Digisorption -2>`; 002 12-4, 12-6, 12-9). */
const SIGNED_KEYWORDS: ReadonlySet<DcgKeywordName> = new Set(["securityAttack", "recovery", "digisorption"]);

/**
 * Keywords a card has (002 12-1): a sentence that opens with one of them would be read as a
 * keyword line, so a keyword performed there is printed after "Trigger". The list of
 * `grammar/dcg/parser.ts` (`STATIC_KEYWORDS`).
 */
const STATIC_KEYWORDS: ReadonlySet<DcgKeywordName> = new Set([
  "securityAttack",
  "blocker",
  "piercing",
  "jamming",
  "digisorption",
  "reboot",
  "retaliation",
  "rush",
  "decoy",
  "armorPurge",
  "materialSave",
  "evade",
  "raid",
  "alliance",
  "barrier",
  "fortitude",
  "partition",
  "collision",
  "scapegoat",
  "blastDigivolve",
  "blastDnaDigivolve",
  "save",
]);

/** Report an IR case a switch does not know: unreachable when the switches are exhaustive (the type checker says which). */
function unknown(what: string, x: never): never {
  throw new Error(`printDcg: unknown ${what} ${JSON.stringify(x)}`);
}

function cap(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** A whole number as digits (never in exponent notation: "1e+23" is no number of card text). */
function num(n: number): string {
  return Number.isInteger(n) ? BigInt(n).toString() : String(n);
}

function signed(n: number): string {
  return n < 0 ? num(n) : `+${num(n)}`;
}

/** "a" or "an" before a word. */
function article(next: string): string {
  return /^[aeiou]/i.test(next) ? "an" : "a";
}

/** A name reference: `[Greymon]` (002 2-2). */
function nameRef(n: string): string {
  return `[${n}]`;
}

/** "[A]", "[A] or [B]", "[A], [B] or [C]". */
function nameList(names: readonly string[], conj = "or"): string {
  const refs = names.map(nameRef);
  if (refs.length <= 1) return refs.join("");
  return `${refs.slice(0, -1).join(", ")} ${conj} ${refs[refs.length - 1]}`;
}

function colorWord(c: DcgColor): string {
  return c;
}

/** "or less" (≤), "or more" (≥), "" (=) after a number; null when the comparison has no such form. */
function cmpTail(c: DcgCmp, fewer = "less"): string | null {
  switch (c) {
    case "eq":
      return "";
    case "le":
      return ` or ${fewer}`;
    case "ge":
      return " or more";
    case "lt":
    case "gt":
      return null;
    default:
      return unknown("comparison", c);
  }
}

/** "less than or equal to", "more than", "equal to" before a value. */
function cmpPhrase(c: DcgCmp): string {
  switch (c) {
    case "eq":
      return "equal to";
    case "le":
      return "less than or equal to";
    case "ge":
      return "more than or equal to";
    case "lt":
      return "less than";
    case "gt":
      return "more than";
    default:
      return unknown("comparison", c);
  }
}

// ─── keywords ──────────────────────────────────────────────────────────────

/**
 * A keyword effect with its parameters, without reminder text (002 12-2, 12-3):
 * `<Security Attack +1>`, `<Draw 1>`, `<Recovery +1 (Deck)>`, `<Decoy (Black/Red)>`,
 * `<Partition (blue Lv.4 & green Lv.4)>`, `<Blast DNA Digivolve ([A] + [B])>`.
 */
export function printDcgKeyword(k: DcgKeyword): string {
  const parts: string[] = [DCG_KEYWORD_WORDS[k.name]];
  if (k.value !== null) parts.push(`${k.upTo === true ? "up to " : ""}${SIGNED_KEYWORDS.has(k.name) ? signed(k.value) : num(k.value)}`);
  if (k.place !== null) parts.push(`(${cap(k.place)})`);
  if (k.colors.length > 0) parts.push(`(${k.colors.map((c) => cap(colorWord(c))).join("/")})`);
  if (k.cards.length > 0) parts.push(`(${k.cards.map((c) => `${c.colors.join("/")} Lv.${num(c.level)}`).join(" & ")})`);
  if (k.names.length > 0) parts.push(`(${k.names.map(nameRef).join(" + ")})`);
  return `<${parts.join(" ")}>`;
}

/** A bare keyword reference, as filters name one ("with <Blocker>"): the grammar keeps only the name there. */
function keywordRef(name: DcgKeywordName): string {
  return `<${DCG_KEYWORD_WORDS[name]}>`;
}

/** "<A>", "<A> and <B>", "<A>, <B> and <C>". */
function keywordList(ks: readonly DcgKeyword[]): string {
  const ps = ks.map(printDcgKeyword);
  if (ps.length <= 1) return ps.join("");
  return `${ps.slice(0, -1).join(", ")} and ${ps[ps.length - 1]}`;
}

// ─── nouns and noun phrases ─────────────────────────────────────────────────

/** A noun as {@link DcgNoun} names it, singular or plural (002 chapter 2 card kinds, chapter 3 areas). */
function nounWord(n: DcgNoun, plural: boolean): string {
  const s = (one: string, many: string) => (plural ? many : one);
  switch (n) {
    case "digimon":
      return "Digimon";
    case "tamer":
      return s("Tamer", "Tamers");
    case "option":
    case "optionCard":
      return s("Option card", "Option cards");
    case "digiEgg":
    case "digiEggCard":
      return s("Digi-Egg card", "Digi-Egg cards");
    case "card":
      return s("card", "cards");
    case "digimonCard":
      return s("Digimon card", "Digimon cards");
    case "tamerCard":
      return s("Tamer card", "Tamer cards");
    case "digivolutionCard":
      return s("digivolution card", "digivolution cards");
    case "securityCard":
      return s("security card", "security cards");
    case "securityDigimon":
      return "Security Digimon";
    case "securityStack":
      return s("security stack", "security stacks");
    case "token":
      return s("Token", "Tokens");
    case "memory":
      return "memory";
    case "effect":
      return s("effect", "effects");
    case "player":
      return s("player", "players");
    default:
      return unknown("noun", n);
  }
}

/** Whether a count picks more than one thing (for the plural). */
function pluralCount(c: DcgCount): boolean {
  switch (c.kind) {
    case "n":
      return c.n !== 1;
    case "cmp":
    case "all":
    case "anyNumber":
    case "none":
    case "any":
      return true;
    case "each":
    case "one":
    case "another":
    case "the":
      return false;
    default:
      return unknown("count", c);
  }
}

/** A player as an owner word: "your", "your opponent's", "its owner's", "both players'", "a player's". */
function ownerWord(p: DcgPlayer): string {
  switch (p) {
    case "you":
      return "your";
    case "opponent":
      return "your opponent's";
    case "owner":
      return "its owner's";
    case "both":
      return "both players'";
    case "any":
      return "a player's";
    default:
      return unknown("player", p);
  }
}

/** A player as a subject: "you", "your opponent", "players". */
function playerSubject(p: DcgPlayer): string {
  switch (p) {
    case "you":
      return "you";
    case "opponent":
      return "your opponent";
    case "both":
      return "players";
    case "owner":
      return "its owner";
    case "any":
      return "a player";
    default:
      return unknown("player", p);
  }
}

/** Whether a subject takes the third person singular ("your opponent trashes", "this Digimon gets"; not "you trash"). */
function thirdPerson(who: DcgSelector | DcgPlayer | null): boolean {
  if (who === null || who === "you" || who === "both") return false;
  if (typeof who === "string") return true;
  if (who.kind === "both") return false;
  if (who.kind === "ref") return who.ref !== "them";
  return !pluralCount(who.count) || who.count.kind === "none";
}

/** "this Digimon", "that card", "it", "them", "the revealed cards" … (a {@link DcgRef}). */
function printRef(r: DcgRef): string {
  const plural = r.ref === "them" || r.ref === "remaining" || r.ref === "revealed" || r.ref === "chosen" || r.ref === "trashed" || r.ref === "added";
  switch (r.ref) {
    case "this":
      return r.noun === "option" ? "this Option card" : r.noun === "digiEgg" ? "this Digi-Egg" : `this ${nounWord(r.noun, false)}`;
    case "that":
      return r.noun === "card" ? "that card" : `that ${nounWord(r.noun, false)}`;
    case "it":
      return "it";
    case "them":
      return r.noun === "card" ? "them" : `those ${nounWord(r.noun, true)}`;
    case "chosen":
    case "revealed":
    case "remaining":
    case "trashed":
    case "played":
    case "deleted":
    case "returned":
    case "placed":
    case "added":
      return `the ${r.ref} ${nounWord(r.noun, plural)}`;
    case "attacker":
      return `the attacking ${nounWord(r.noun, false)}`;
    case "digivolving":
      return `the digivolving ${nounWord(r.noun, false)}`;
    case "battling":
      return `the battling ${nounWord(r.noun, false)}`;
    case "attackTarget":
      return `the attacked ${nounWord(r.noun, false)}`;
    default:
      return unknown("reference", r.ref);
  }
}

/** "this Digimon's", "that Tamer's": the owner of digivolution cards or a cost (the grammar's `deicticOwner`). */
function possessive(s: DcgSelector): string {
  if (s.kind === "ref" && s.ref === "it") return "its";
  // "the trashed card's DP": one thing's
  if (s.kind === "ref" && s.ref !== "this" && s.ref !== "that" && s.ref !== "them") return `the ${s.ref === "attacker" ? "attacking" : s.ref} ${nounWord(s.noun, false)}'s`;
  return `${printSelector(s)}'s`;
}

/** The filters a pre-modifier prints (before the noun), or null. */
function premod(f: DcgFilter): string | null {
  switch (f.kind) {
    case "color":
      return f.negate ? null : f.colors.map(colorWord).join(f.all ? " and " : " or ");
    case "level": {
      if (f.value.kind !== "const") return null;
      if (f.cmp === "le") return `level ${num(f.value.n)} or lower`;
      if (f.cmp === "ge") return `level ${num(f.value.n)} or higher`;
      if (f.cmp === "eq") return `level ${num(f.value.n)}`;
      return null;
    }
    case "suspended":
      return f.suspended ? "suspended" : "unsuspended";
    case "other":
      return "other";
    case "nonDigiEgg":
      return "non-Digi-Egg";
    case "nonColor":
      return f.color === "white" ? "non-white" : null;
    case "sameLevel":
      return f.as === undefined ? "same-level" : null;
    case "chosen":
      return "chosen";
    case "colorCount":
      return f.cmp === "eq" ? `${num(f.n)}-color` : null;
    case "timing":
      return f.negate ? null : `[${DCG_TIMING_WORDS[f.timing]}]`;
    case "either": {
      // "level 4 or 5", "level 4 or lower or 5"
      const [a, b] = f.any;
      if (f.any.length === 2 && a!.length === 1 && b!.length === 1 && a![0]!.kind === "level" && b![0]!.kind === "level" && b![0]!.cmp === "eq" && b![0]!.value.kind === "const") {
        const first = premod(a![0]!);
        return first === null ? null : `${first} or ${num(b![0]!.value.n)}`;
      }
      return null;
    }
    case "dp":
    case "cost":
    case "named":
    case "sameColor":
    case "hasInherited":
    case "affected":
    case "otherThanThese":
    case "nameContains":
    case "trait":
    case "otherThan":
    case "including":
    case "digivolutionCards":
    case "keyword":
    case "extreme":
    case "sameName":
    case "totalDp":
    case "cardNumber":
    case "face":
    case "source":
    case "checked":
    case "totalCost":
      return null;
    default:
      return unknown("filter", f);
  }
}

/** Where names are looked for: "name", "traits", "type", "form", "attribute". */
function fieldWord(f: "traits" | "type" | "form" | "attribute"): string {
  return f;
}

/** A value: "3", "this Digimon's DP", "the number of …". */
function printValue(v: DcgValue): string {
  switch (v.kind) {
    case "const":
      return num(v.n);
    case "count":
      return `the number of ${printSelector(v.of)}`;
    case "stat": {
      const stat = v.stat === "dp" ? "DP" : v.stat === "level" ? "level" : v.stat === "playCost" ? "play cost" : v.stat === "memory" ? "memory" : v.stat === "securityCount" ? "security cards" : "cards in hand";
      return typeof v.of === "string" ? `${ownerWord(v.of)} ${stat}` : `${possessive(v.of)} ${stat}`;
    }
    case "thisDp":
      return "this Digimon's DP";
    case "sameStat":
      return v.of.kind === "ref" ? `the ${nounWord(v.of.noun, false)} ${v.of.ref}` : printSelector(v.of);
    default:
      return unknown("value", v);
  }
}

/**
 * The phrase after "with" that reads back to this filter ("4000 DP or less", "[X] in its
 * name", "a play cost of 4 or less", "<Blocker>"), or null when "with" cannot say it.
 */
function withPhrase(f: DcgFilter): string | null {
  switch (f.kind) {
    case "dp": {
      if (f.value.kind === "const") {
        const t = cmpTail(f.cmp);
        if (t !== null) return `${num(f.value.n)} DP${t}`;
      }
      return `DP ${cmpPhrase(f.cmp)} ${printValue(f.value)}`;
    }
    case "cost": {
      if (f.value.kind !== "const") return null;
      const t = cmpTail(f.cmp);
      if (t === null) return null;
      return `${f.which === "any" ? "a" : `a ${f.which}`} cost of ${num(f.value.n)}${t}`;
    }
    case "level": {
      if (f.value.kind !== "const") return null;
      const t = cmpTail(f.cmp);
      return t === null ? null : `a level of ${num(f.value.n)}${t}`;
    }
    case "nameContains":
      return f.negate ? null : `${nameList(f.parts)} in its name`;
    case "trait":
      return f.negate ? null : `${nameList(f.traits)} in its ${fieldWord(f.field)}`;
    case "colorCount": {
      if (f.cmp === "le" || f.cmp === "ge") return `${num(f.n)} or ${f.cmp === "le" ? "less" : "more"} colors`;
      return null;
    }
    case "digivolutionCards": {
      if (f.of.length === 0) {
        if (f.cmp === "eq" && f.n === 0) return "no digivolution cards";
        if (f.cmp === "ge" && f.n === 1) return "digivolution cards";
        if (f.cmp === "le" || f.cmp === "ge") return `${num(f.n)} or ${f.cmp === "le" ? "less" : "more"} digivolution cards`;
        return null;
      }
      const [o] = f.of;
      if (f.of.length === 1 && f.cmp === "ge" && f.n === 1) {
        if (o!.kind === "named") return `${nameList(o!.names)} in its digivolution cards`;
        if (o!.kind === "trait" && o!.field === "type" && o!.traits.length === 1 && o!.traits[0] === "Tamer" && !o!.negate) return "a Tamer card in its digivolution cards";
      }
      return null;
    }
    case "keyword":
      return f.negate ? null : keywordRef(f.keyword);
    case "timing":
      return f.negate ? null : `a [${DCG_TIMING_WORDS[f.timing]}] effect`;
    case "extreme":
      return `the ${f.which} ${f.stat === "dp" ? "DP" : f.stat === "level" ? "level" : "play cost"}`;
    case "sameName":
      return `the same name as ${printSelector(f.as)}`;
    case "hasInherited":
      return "an inherited effect";
    case "cardNumber":
      return `${possessive(f.of)} card number`;
    case "color":
    case "suspended":
    case "other":
    case "named":
    case "otherThan":
    case "including":
    case "nonDigiEgg":
    case "nonColor":
    case "sameLevel":
    case "sameColor":
    case "affected":
    case "chosen":
    case "otherThanThese":
    case "totalDp":
    case "face":
    case "either":
    case "source":
    case "checked":
    case "totalCost":
      return null;
    default:
      return unknown("filter", f);
  }
}

/** The phrase after "without" for a negated filter ("<Blocker>", "[X] in its name", "digivolution cards"), or null. */
function withoutPhrase(f: DcgFilter): string | null {
  if (f.kind === "keyword" && f.negate) return keywordRef(f.keyword);
  if (f.kind === "nameContains" && f.negate) return `${nameList(f.parts)} in its name`;
  if (f.kind === "trait" && f.negate) return `${nameList(f.traits)} in its ${fieldWord(f.field)}`;
  if (f.kind === "digivolutionCards" && f.cmp === "eq" && f.n === 0) {
    if (f.of.length === 0) return "digivolution cards";
    const [o] = f.of;
    if (f.of.length === 1 && o!.kind === "named") return `${nameList(o!.names)} in its digivolution cards`;
  }
  return null;
}

/** The predicate after "that's"/"is" of one filter ("red", "level 6 or higher", "suspended", "a card with …"), or null. */
function isPhrase(f: DcgFilter): string | null {
  switch (f.kind) {
    case "color":
      return f.negate ? null : f.colors.map(colorWord).join(f.all ? " and " : " or ");
    case "level":
      return f.value.kind === "const" && cmpTail(f.cmp) !== null ? `level ${num(f.value.n)}${f.cmp === "le" ? " or lower" : f.cmp === "ge" ? " or higher" : ""}` : null;
    case "suspended":
      return f.suspended ? "suspended" : "unsuspended";
    default: {
      const p = postmod(f);
      return p === null ? null : `a card ${p}`;
    }
  }
}

/** The predicate after "is" of a colour, a level or a suspension ("red", "level 6 or higher", "suspended"), or null. */
function simpleIsPhrase(f: DcgFilter): string | null {
  return f.kind === "color" || f.kind === "level" || f.kind === "suspended" ? isPhrase(f) : null;
}

/** A post-modifier (after the noun) that reads back to this one filter, or null. */
function postmod(f: DcgFilter): string | null {
  switch (f.kind) {
    case "otherThan":
      return `(other than ${nameList(f.names)})`;
    case "including":
      return `(including ${nameList(f.names)})`;
    case "totalDp":
      return f.value.kind === "const" && cmpTail(f.cmp) !== null ? `whose total DP adds up to ${num(f.value.n)}${cmpTail(f.cmp)}` : null;
    case "totalCost":
      return f.value.kind === "const" && cmpTail(f.cmp) !== null ? `whose play costs add up to ${num(f.value.n)}${cmpTail(f.cmp)}` : null;
    case "source":
      return `on ${printSelector(f.what)}`;
    case "checked":
      return "it checks";
    case "sameLevel":
      return f.as === undefined ? null : `of the same level${f.as === null ? "" : ` as ${printSelector(f.as)}`}`;
    case "sameColor":
      return `of the same color${f.as === null ? "" : ` as ${printSelector(f.as)}`}`;
    case "affected":
      return affectedPhrase(f);
    case "otherThanThese":
      // the phrases after the first open with "your", "this" or "that" (the grammar's `andOwned`)
      return `other than ${f.what.map((w, i) => (i > 0 && w.kind === "select" && w.count.kind === "one" ? npRest(w, false) : printSelector(w))).join(" and ")}`;
    case "level": {
      const w = withPhrase(f);
      if (w !== null) return `with ${w}`;
      return `whose level is ${cmpPhrase(f.cmp)} ${printValue(f.value)}`;
    }
    case "cost": {
      const w = withPhrase(f);
      if (w !== null) return `with ${w}`;
      return f.which === "play" ? `whose play cost is ${cmpPhrase(f.cmp)} ${printValue(f.value)}` : null;
    }
    case "either":
      return eitherPostmod(f);
    case "color":
    case "suspended": {
      const p = isPhrase(f);
      return p === null ? null : `that's ${p}`;
    }
    case "named":
      return null;
    default: {
      const w = withPhrase(f);
      if (w !== null) return `with ${w}`;
      const wo = withoutPhrase(f);
      if (wo !== null) return `without ${wo}`;
      return null;
    }
  }
}

/** Participles a noun phrase reads after "you" ("the cards you placed"; the grammar's `youDidAlts`). */
const YOU_DID: ReadonlySet<string> = new Set(["placed", "returned", "trashed", "played", "added", "deleted"]);

/**
 * What an earlier part of the effect did to the things: "deleted by this effect", "trashed
 * from your hand", "placed under 1 of your Digimon", "you placed", "that digivolved".
 */
function affectedPhrase(f: Extract<DcgFilter, { kind: "affected" }>): string {
  const pp = f.how;
  const head = YOU_DID.has(pp) ? `you ${pp}` : pp === "digivolved" ? `that ${pp}` : pp;
  if (f.byThisEffect) return `${head} with this effect`;
  if (f.zone !== null) {
    if (f.zone.kind === "digivolutionCards" && f.zone.end === null) return `${head} under ${printSelector(f.zone.of)}`;
    if (f.zone.kind === "battleArea" && f.zone.player === "any") return `${head} in play`;
    return `${head} from ${printZone(f.zone)}`;
  }
  return head;
}

/** The field phrase of a filter that "or [Y] in its traits" can say ("[Y] in its traits", "[Y] in its form or type"), or null. */
function orFieldPhrase(f: DcgFilter): string | null {
  if (f.kind === "either") return fieldListPhrase(f);
  if (f.kind === "nameContains" && !f.negate) return `${nameList(f.parts)} in its name`;
  if (f.kind === "trait" && !f.negate) return `${nameList(f.traits)} in its ${fieldWord(f.field)}`;
  if (f.kind === "digivolutionCards" && f.cmp === "ge" && f.n === 1 && f.of.length === 1 && f.of[0]!.kind === "named") return `${nameList(f.of[0]!.names)} in its digivolution cards`;
  return null;
}

/**
 * "[Y] in its form or type": the same traits looked for in either of two fields (the grammar
 * reads a list of fields after "in its" as an `either` of one `trait` filter per field), or null.
 */
function fieldListPhrase(f: Extract<DcgFilter, { kind: "either" }>): string | null {
  if (f.any.length !== 2) return null;
  const [a, b] = f.any as [DcgFilter[], DcgFilter[]];
  if (a.length !== 1 || b.length !== 1) return null;
  const x = a[0]!;
  const y = b[0]!;
  if (x.kind !== "trait" || y.kind !== "trait" || x.negate || y.negate || x.field === y.field || !sameIr(x.traits, y.traits)) return null;
  return `${nameList(x.traits)} in its ${fieldWord(x.field)} or ${fieldWord(y.field)}`;
}

/**
 * A name filter with an alternative field ("[Hybrid] Option card or [Ten Warriors] in its
 * form": the grammar's `or [Y] in its …` post-modifier joins the names before the noun), as
 * the names and the "or …" phrase, or null.
 */
function namedOrField(f: DcgFilter): { names: string[]; or: string } | null {
  if (f.kind !== "either" || f.any.length !== 2) return null;
  const [a, b] = f.any as [DcgFilter[], DcgFilter[]];
  if (a.length !== 1 || b.length !== 1 || a[0]!.kind !== "named") return null;
  const field = orFieldPhrase(b[0]!);
  return field === null ? null : { names: a[0]!.names, or: `or ${field}` };
}

/**
 * "either" as a post-modifier: "with A or with B" (`or with …`), "… or [Y] in its traits", or
 * "that's A or B" (one filter each side).
 */
function eitherPostmod(f: Extract<DcgFilter, { kind: "either" }>): string | null {
  const sides = f.any;
  if (sides.length === 2 && sides[0]!.length === 1 && sides[1]!.length >= 1) {
    const a = sides[0]![0]!;
    const first = postmod(a);
    if (first !== null) {
      const second = sides[1]!;
      if (second.length === 1) {
        const field = orFieldPhrase(second[0]!);
        if (field !== null) return `${first} or ${field}`;
        // "with [Hybrid] in its traits or [Susanoomon]": names after a "with" phrase (the grammar's `moreWith`)
        if (second[0]!.kind === "named" && first.startsWith("with ")) return `${first} or ${nameList(second[0]!.names)}`;
      }
      const ws = second.map(withPhrase);
      if (ws.every((w) => w !== null)) return `${first} or with ${ws.join(" and ")}`;
    }
  }
  if (sides.every((s) => s.length === 1)) {
    // "that's red or has [Legend-Arms] in its traits", "that has [X] in its name or is level 6 or higher"
    const is = sides.map((s) => simpleIsPhrase(s[0]!));
    const has = sides.map((s) => hasFilterPhrase(s[0]!));
    if (sides.every((_, i) => is[i] !== null || has[i] !== null)) {
      const first = is[0] !== null ? `that's ${is[0]}` : `that has ${has[0]}`;
      return [first, ...sides.slice(1).map((_, j) => (has[j + 1] !== null ? `or has ${has[j + 1]}` : `or is ${is[j + 1]}`))].join(" ");
    }
    const ps = sides.map((s) => isPhrase(s[0]!));
    if (ps.every((p) => p !== null)) return `that's ${ps.join(" or ")}`;
  }
  return null;
}

/**
 * Whether a filter prints as a participle that would read a place after it as its own: "paid",
 * "trashed" (the grammar's `participleArg`: in "trashed from your hand" the hand is where they
 * were trashed, the `affected` filter's zone, not where they are).
 */
function takesPlace(f: DcgFilter): boolean {
  return f.kind === "affected" && f.zone === null && !f.byThisEffect;
}

/** Whether printing a filter as a post-modifier puts a noun phrase at its end (which would take post-modifiers after it). */
function endsInPhrase(f: DcgFilter): boolean {
  return f.kind === "sameName" || f.kind === "source" || f.kind === "otherThanThese" || ((f.kind === "sameLevel" || f.kind === "sameColor") && f.as !== undefined && f.as !== null) || (f.kind === "affected" && f.zone !== null) || (f.kind === "either" && f.any.some((s) => s.some(endsInPhrase))) || ((f.kind === "dp" || f.kind === "level" || f.kind === "cost") && f.value.kind !== "const");
}

/** A zone after "in", "from", "to", "of": "your hand", "the top of your deck", "this Digimon's digivolution cards", "play". */
function printZone(z: DcgZone): string {
  switch (z.kind) {
    case "battleArea":
      return z.player === "any" ? "play" : `${ownerWord(z.player)} battle area`;
    case "breedingArea":
      return `${ownerWord(z.player)} breeding area`;
    case "hand":
      return `${ownerWord(z.player)} hand`;
    case "trash":
      return `${ownerWord(z.player)} trash`;
    case "eggDeck":
      return `${ownerWord(z.player)} Digi-Egg deck`;
    case "deck": {
      const d = `${ownerWord(z.player)} deck`;
      return z.end === null ? d : `the ${z.end} of ${d}`;
    }
    case "security": {
      const d = `${ownerWord(z.player)} security stack`;
      return z.end === null ? d : `the ${z.end} of ${d}`;
    }
    case "digivolutionCards": {
      // "this digivolution card": a deictic phrase that is itself the digivolution cards
      const d = z.of.kind === "ref" && (z.of.noun === "digivolutionCard" || (z.of.ref === "it" && z.of.noun === "card")) ? printRef(z.of) : z.of.kind === "select" ? `${printSelector(z.of)}'s digivolution cards` : `${possessive(z.of)} digivolution cards`;
      return z.end === null ? d : `the ${z.end} of ${d}`;
    }
    case "revealed":
      return "among them";
    case "play":
      return "play";
    case "either":
      // "your opponent's hand or trash": a second zone of the first's player is its noun alone; one of another player's has its owner ("your opponent's trash or your hand")
      return z.zones.map((x, i) => (i === 0 || !sameZonePlayer(x, z.zones[0]!) ? printZone(x) : zoneNounOnly(x))).join(" or ");
    default:
      return unknown("zone", z);
  }
}

/** Whether zone `b` belongs to the player `a` belongs to (a zone without a player, "among them", belongs to none). */
function sameZonePlayer(b: DcgZone, a: DcgZone): boolean {
  return "player" in b && "player" in a ? b.player === a.player : !("player" in b) && !("player" in a);
}

/** The zone noun without its owner ("trash" of "your hand or trash"). */
function zoneNounOnly(z: DcgZone): string {
  // "your hand or top of your deck": a second zone at one end (the grammar's zone noun "top of …")
  if ((z.kind === "deck" || z.kind === "security" || z.kind === "digivolutionCards") && z.end !== null) return printZone(z).replace(/^the /, "");
  switch (z.kind) {
    case "hand":
      return "hand";
    case "trash":
      return "trash";
    case "deck":
      return "deck";
    case "security":
      return "security stack";
    case "breedingArea":
      return "breeding area";
    case "battleArea":
      return "battle area";
    default:
      return printZone(z);
  }
}

/** A zone as a post-modifier of a noun phrase: "in your hand", "in play", "from your trash", "from your hand or trash". */
function zonePostmod(z: DcgZone, noun: DcgNoun): string {
  if (z.kind === "battleArea" && z.player === "any") return "in play";
  if (z.kind === "revealed") return "from among them";
  // "a digivolution card of an opponent's Digimon"
  if (z.kind === "digivolutionCards" && z.end === null && noun === "digivolutionCard" && (z.of.kind === "select" || (z.of.kind === "ref" && (z.of.ref === "this" || z.of.ref === "that")))) return `of ${printSelector(z.of)}`;
  const inable =
    ((z.kind === "hand" || z.kind === "trash" || z.kind === "breedingArea" || z.kind === "battleArea") && z.player !== "any") ||
    (z.kind === "security" && z.end === null && z.player !== "any") ||
    (z.kind === "digivolutionCards" && z.end === null && z.of.kind === "ref" && (z.of.ref === "this" || z.of.ref === "that"));
  return `${inable ? "in" : "from"} ${printZone(z)}`;
}

/** The owner's word of a noun phrase, in the form the count before it asks for. */
function ownerOf(s: DcgSelection): string | null {
  return s.owner === null ? null : ownerWord(s.owner);
}

/**
 * The phrase without its count (the grammar's `npRest`): owner, pre-modifiers, noun (or
 * names), post-modifiers. `plural` chooses the noun's number.
 */
function npRest(s: DcgSelection, plural: boolean): string {
  const words: string[] = [];
  const owner = ownerOf(s);
  if (owner !== null) words.push(owner);
  const fs = s.filters;
  // Pre-modifiers: the longest prefix of filters that can stand before the noun.
  let i = 0;
  const pre: string[] = [];
  while (i < fs.length) {
    const p = premod(fs[i]!);
    if (p === null) break;
    pre.push(p);
    i++;
  }
  if (s.end !== null) pre.push(s.end);
  words.push(...pre);
  // The head: names ("[Agumon]", "[Diaboromon] Token") or the noun.
  let head: string;
  const orNamed = i < fs.length ? namedOrField(fs[i]!) : null;
  if (i < fs.length && fs[i]!.kind === "named") {
    const named = fs[i] as Extract<DcgFilter, { kind: "named" }>;
    head = s.noun === "card" ? nameList(named.names) : `${nameList(named.names)} ${nounWord(s.noun, plural)}`;
    i++;
  } else if (orNamed !== null) {
    // "[Hybrid] card or [Y] in its traits": the noun keeps "or" from joining the names into a list
    head = `${nameList(orNamed.names)} ${nounWord(s.noun, plural)}`;
    i++;
  } else head = nounWord(s.noun, plural);
  if (s.orNoun !== null) head += ` or ${nounWord(s.orNoun, plural)}`;
  words.push(head);
  // Post-modifiers, in order; the zone before them when one ends in a noun phrase (which would
  // take the zone as its own), and before a participle with no place of its own ("cards in your
  // trash paid": after "paid", "in your trash" would be where they were paid). "or [Y] in its
  // form" right after the names it is the alternative of.
  const post: string[] = [];
  if (orNamed !== null) post.push(orNamed.or);
  const rest = fs.slice(i);
  const zoneFirst =
    rest.some(endsInPhrase) ||
    (s.zone !== null && zonePostmod(s.zone, s.noun).startsWith("in ") && rest.some((f) => f.kind === "either")) ||
    (s.zone !== null && rest.some(takesPlace) && /^(in|from) /.test(zonePostmod(s.zone, s.noun)));
  if (s.zone !== null && zoneFirst) post.push(zonePostmod(s.zone, s.noun));
  let prevWith = false;
  for (const f of rest) {
    const w = withPhrase(f);
    if (w !== null && !(f.kind === "keyword" && f.negate)) {
      // "with [X] in its traits and a play cost of 4 or less"
      post.push(prevWith && (w.startsWith("a ") || w.startsWith("[")) ? `and ${w}` : `with ${w}`);
      prevWith = true;
      continue;
    }
    // "with [X] in its traits and [Y]": names after a "with" phrase (the grammar's `moreWith`)
    if (f.kind === "named" && prevWith) {
      post.push(`and ${nameList(f.names)}`);
      continue;
    }
    prevWith = false;
    // (a filter no post-modifier says: a gap of the IR; printed as its kind, which reads back as an error)
    post.push(postmod(f) ?? `«${f.kind}»`);
  }
  if (s.zone !== null && !zoneFirst) post.push(zonePostmod(s.zone, s.noun));
  if (s.among !== null) post.push("among them");
  words.push(...post);
  return words.join(" ");
}

/** The count before a noun phrase: "1", "up to 2", "all", "a", "any number of" … ("of" is added by the caller). */
function countWord(c: DcgCount): string {
  switch (c.kind) {
    case "n":
      return c.upTo ? `up to ${num(c.n)}` : num(c.n);
    case "cmp":
      return `${num(c.n)}${cmpTail(c.cmp) ?? ""}`;
    case "all":
      return "all";
    case "any":
      return "any";
    case "anyNumber":
      return "any number";
    case "each":
      return "each";
    case "one":
      return "one";
    case "another":
      return "another";
    case "the":
      return "the";
    case "none":
      return "no";
    default:
      return unknown("count", c);
  }
}

/** A {@link DcgSelection}: "1 of your opponent's Digimon with 4000 DP or less", "a Tamer card", "the top 3 cards of your deck". */
function printSelection(s: DcgSelection): string {
  const c = s.count;
  // "1 of them", "2 of the revealed cards": a count among a deictic phrase.
  if (s.among !== null && !(s.among.ref === "revealed" && s.among.noun === "card") && s.owner === null && s.filters.length === 0 && s.zone === null && s.end === null && s.orNoun === null) {
    return `${countWord(c)} of ${printRef(s.among)}`;
  }
  if (s.among !== null && s.among.noun === s.noun && s.owner === null && s.filters.length === 0 && s.zone === null && s.end === null && s.orNoun === null && c.kind !== "one") {
    return `${countWord(c)} of ${printRef(s.among)}`;
  }
  // "all of the digivolution cards of that Digimon", "this Digimon's top digivolution card"
  if (s.noun === "digivolutionCard" && s.zone?.kind === "digivolutionCards" && s.owner === null && s.filters.length === 0 && s.among === null && s.orNoun === null) {
    const z = s.zone;
    if (z.of.kind === "ref" && (z.of.ref === "this" || z.of.ref === "that") && s.end !== null && z.end === s.end && c.kind === "n" && c.n === 1 && !c.upTo) {
      return `${possessive(z.of)} ${s.end} digivolution card`;
    }
    if (z.end === null && s.end === null && c.kind !== "one") {
      return `${countWord(c)} of the digivolution cards of ${printSelector(z.of)}`;
    }
  }
  // "the top 3 cards of your deck": top or bottom cards of a zone.
  if (s.end !== null && s.zone !== null && s.owner === null && s.filters.length === 0 && s.among === null && s.orNoun === null && c.kind !== "one") {
    const n = c.kind === "n" ? c.n : 1;
    // "the bottom digivolution card of this Digimon", "… of 1 of your opponent's Digimon": the zone said by its owner
    const z = s.zone;
    const where = z.kind === "digivolutionCards" && z.end === null && ((z.of.kind === "ref" && z.of.ref !== "it") || (z.of.kind === "select" && z.of.count.kind !== "one")) ? printSelector(z.of) : printZone(z);
    const top = `the ${s.end}${n === 1 ? "" : ` ${num(n)}`} ${nounWord(s.noun, n !== 1)} of ${where}`;
    return c.kind === "n" && !c.upTo ? top : `${countWord(c)} of ${top}`;
  }
  const plural = pluralCount(c) || (s.owner !== null && c.kind !== "one" && c.kind !== "the");
  const rest = npRest(s, plural);
  switch (c.kind) {
    case "one":
      if (s.owner === "you" || (s.owner === null && rest.startsWith("[") && s.filters[0]?.kind !== "timing")) return rest;
      if (s.owner === "opponent") return `an ${rest.replace(/^your opponent's /, "opponent's ")}`;
      if (s.owner !== null) return rest;
      // "The [When Digivolving] effects on …": a phrase opening with a timing tag (which would open a unit)
      if (s.filters[0]?.kind === "timing") return `the ${rest}`;
      return `${article(rest)} ${rest}`;
    case "the":
      return `the ${rest}`;
    case "n":
    case "cmp":
    case "all":
    case "any":
    case "each":
    case "another":
    case "none":
      return s.owner !== null ? `${countWord(c)} of ${rest}` : `${countWord(c)} ${rest}`;
    case "anyNumber":
      return `any number of ${rest}`;
    default:
      return unknown("count", c);
  }
}

/** Any {@link DcgSelector}: a selection, a deictic phrase, or several joined by "and"/"or". */
export function printSelector(s: DcgSelector): string {
  switch (s.kind) {
    case "select":
      return printSelection(s);
    case "ref":
      return printRef(s);
    case "both": {
      const sep = s.mode === "and" ? " and " : s.mode === "or" ? " or " : " and/or ";
      return s.items.map(printSelector).join(sep);
    }
    default:
      return unknown("selector", s);
  }
}

// ─── durations, arguments ───────────────────────────────────────────────────

/** "for the turn", "until the end of your opponent's next turn", "while …" (002 10-4). */
function printDuration(d: DcgDuration): string {
  switch (d.kind) {
    case "turn":
      return "for the turn";
    case "endOfOpponentsTurn":
      return `until the end of your opponent's ${d.next ? "next " : ""}turn`;
    case "endOfYourTurn":
      return `until the end of your ${d.next ? "next " : ""}turn`;
    case "endOfBattle":
      return "until the end of the battle";
    case "endOfAttack":
      return "until the end of the attack";
    case "while":
      return `while ${printCondition(d.condition)}`;
    default:
      return unknown("duration", d);
  }
}

/** Whether a printed noun phrase starts like a zone ("your hand", "the top of …"), which "to" would read as a place. */
function zoneLike(p: string): boolean {
  return /^(your (opponent's )?|their (owner's )?|its (owner's )?|the |an? player's |(this|that) [\w-]+'s )(hand|deck|trash|security|breeding|battle|digivolution|top|bottom)\b/i.test(p);
}

/** One argument of a clause or an event, with its leading word. */
function printArg(a: DcgArg, verb: DcgVerb | null): string {
  switch (a.kind) {
    case "from":
      return a.zone.kind === "battleArea" && a.zone.player === "any" ? "in play" : `from ${printZone(a.zone)}`;
    case "to": {
      if (a.zone.kind === "play") return a.faceDown ? "face down" : a.order === "any" ? "in any order" : "face up";
      const zEnd = "end" in a.zone ? a.zone.end : null;
      if (a.end !== null && zEnd === null) return `at the ${a.end} of ${printZone(a.zone)}`;
      if (a.end === null && zEnd !== null) return `into ${printZone(a.zone)}`;
      return `to ${printZone(a.zone)}`;
    }
    case "under":
      if (a.end === null) return `under ${printSelector(a.of)}`;
      return `at the ${a.end} of ${a.of.kind === "select" ? `${printSelector(a.of)}'s` : possessive(a.of)} digivolution cards`;
    case "into":
      return `into ${printSelector(a.what)}`;
    case "onto":
      return `onto ${printSelector(a.what)}`;
    case "free":
      return a.cost === "memory" ? "without paying its memory cost" : `without paying its ${a.cost} cost`;
    case "forCost": {
      const which = a.cost === "dna" ? "DNA digivolve" : a.cost;
      return a.value === null ? `for its ${which} cost` : `for a ${which} cost of ${printValue(a.value)}`;
    }
    case "ignoring":
      return a.what === "level" ? "ignoring its level" : a.what === "color" ? "ignoring color requirements" : a.what === "digivolutionRequirements" ? "ignoring its digivolution requirements" : "ignoring its requirements";
    case "asIf": {
      const sel: DcgSelection = { kind: "select", count: { kind: "one" }, owner: null, noun: a.noun, orNoun: null, filters: a.filters, zone: null, among: null, end: null, span: { start: 0, end: 0 } };
      return `as if ${printSelector(a.subject)} is ${printSelection(sel)}`;
    }
    case "prevents": {
      if (a.acts.includes("leavePlay")) return "from leaving play";
      if (a.target !== null) return `from deleting ${printSelector(a.target)}${a.acts.includes("reduceDp") ? " or reducing its DP" : ""}`;
      return "from being deleted";
    }
    case "only":
      return "only";
    case "byPlayer":
      return `by ${playerSubject(a.who)}`;
    case "equalTo":
      return `equal to ${printValue(a.value)}`;
    case "method":
      return "by DNA digivolution";
    case "times":
      return a.n === 2 ? "twice" : `${num(a.n)} times`;
    case "untilCondition":
      // "until they have 5 cards left": the grammar reads "until" before "there" or "they" as a condition
      return `until ${printCondition(a.condition).replace(/^your opponent has /, "they have ")}`;
    case "duration":
      return printDuration(a.duration);
    case "by":
      return `by ${printValue(a.value)}`;
    case "byEffect": {
      const owner = a.whose === "opponent" ? "your opponent's " : a.whose === "you" ? "your " : "";
      const sel: DcgSelection = { kind: "select", count: { kind: "one" }, owner: null, noun: "effect", orNoun: null, filters: a.filters, zone: null, among: null, end: null, span: { start: 0, end: 0 } };
      return `by ${owner}${npRest(sel, true)}`;
    }
    case "inBattle":
      return "in battle";
    case "withoutBattling":
      return "without battling";
    case "withKeyword":
      return `with ${printDcgKeyword(a.keyword)}`;
    case "target": {
      const p = printSelector(a.what);
      if (verb === "attack") return `against ${p}`;
      return zoneLike(p) ? `against ${p}` : `to ${p}`;
    }
    case "between":
      return `between ${printSelector(a.what)}`;
    case "asAlso":
      return a.what === "color" ? `as also ${a.values.join(" and ")}` : `as also ${nameList(a.values, "and")}`;
    case "forEach": {
      const w = a.what.kind === "select" && a.what.count.kind === "one" ? npRest(a.what, a.per !== 1) : printSelector(a.what);
      return a.per === 1 ? `for each ${w}` : `for every ${a.per} ${w}`;
    }
    case "limit":
      return `up to ${printValue(a.value)}`;
    case "during": {
      const whose = a.whose === "any" ? "the" : ownerWord(a.whose);
      const phase = a.phase === "unsuspend" ? "unsuspend phase" : a.phase === "main" ? "main phase" : "turn";
      return `during ${whose} ${a.next ? "next " : ""}${phase}`;
    }
    case "as":
      if (a.what === null) return "as";
      if (a.what.kind === "ref" && a.what.ref === "it" && a.what.noun === "digivolutionCard" && a.end !== null) return `as its ${a.end} digivolution card`;
      return `as ${printSelector(a.what)}`;
    case "afterLosingBattle":
      return "after losing a battle";
    case "cause":
      if (a.cause === "keyword" && a.keyword !== null) return `due to activating this Digimon's ${keywordRef(a.keyword)}`;
      if (a.cause === "zeroDp") return "by dropping to 0 DP";
      if (a.whose === null) return a.by === undefined ? "by effects" : `by the effects of ${printSelector(a.by)}`;
      return `using ${a.by === undefined ? "this effect" : printSelector(a.by)}`;
    case "reminder":
      return a.text;
    case "atEndOf":
      return `at the end of the ${a.of}`;
    case "suspended":
      return "suspended";
    case "levels":
      return `from level ${num(a.from)} to level ${num(a.to)}`;
    case "exceptByEffect":
      return `except with ${a.whose === "tamer" ? "Tamer" : a.whose === "digimon" ? "Digimon" : "Option"} effects`;
    case "byCost":
      return `by ${printGerund(a.cost)}`;
    case "maximumOf":
      return a.scope === "dpBasedDeletion" ? "with DP-based deletion effects" : "with this effect";
    default:
      return unknown("argument", a);
  }
}

function args(as: readonly DcgArg[], verb: DcgVerb | null): string {
  return as.map((a) => ` ${printArg(a, verb)}`).join("");
}

// ─── clauses ────────────────────────────────────────────────────────────────

/** The base and third person forms of the verbs that take things ("delete"/"deletes"); the grammar reads both alike. */
const THINGS_VERBS: Partial<Record<DcgVerb, readonly [string, string]>> = {
  delete: ["delete", "deletes"],
  play: ["play", "plays"],
  trash: ["trash", "trashes"],
  place: ["place", "places"],
  add: ["add", "adds"],
  suspend: ["suspend", "suspends"],
  unsuspend: ["unsuspend", "unsuspends"],
  reveal: ["reveal", "reveals"],
  return: ["return", "returns"],
  choose: ["choose", "chooses"],
  use: ["use", "uses"],
  hatch: ["hatch", "hatch"],
  digivolve: ["digivolve", "digivolves"],
  block: ["block", "block"],
  attack: ["attack", "attacks"],
  shuffle: ["shuffle", "shuffle"],
  include: ["include", "include"],
  move: ["move", "moves"],
};

/** Passive participles of the verbs a passive clause has ("can't be deleted", the grammar's `bePhrase`). */
const BE_PARTICIPLES: Partial<Record<DcgVerb, string>> = {
  delete: "deleted",
  block: "blocked",
  attack: "attacked",
  add: "added",
  return: "returned",
  suspend: "suspended",
  play: "played",
  trash: "trashed",
  isAffected: "affected",
};

/** Gerunds of a "By …ing" cost (002 10-6; the grammar's `gerundPhrase`). */
const GERUNDS: Partial<Record<DcgVerb, string>> = {
  trash: "trashing",
  suspend: "suspending",
  place: "placing",
  return: "returning",
  delete: "deleting",
  pay: "paying",
  play: "playing",
  digivolve: "digivolving",
};

/** "trashing 1 card in your hand": a clause as the gerund of "By …" (002 10-6). */
function printGerund(c: DcgClause): string {
  // "by decreasing your memory by 3"
  if (c.verb === "loseMemory" && c.object?.kind === "amount") return `decreasing your memory by ${printValue(c.object.value)}${args(c.args, c.verb)}`;
  const g = GERUNDS[c.verb] ?? `${c.verb}ing`;
  const obj = c.object?.kind === "things" ? ` ${printSelector(c.object.what)}` : c.object === null ? "" : ` ${printObject(c.object)}`;
  return `${g}${obj}${args(c.args, c.verb)}`;
}

/** Pick the base or the third person form. */
function form(third: boolean, base: string, s: string): string {
  return third ? s : base;
}

/** An object other than things, as the verbs that take it print it. */
function printObject(o: DcgObject): string {
  switch (o.kind) {
    case "things":
      return printSelector(o.what);
    case "amount":
      return o.unit === "dp" && o.value.kind === "const" ? `${signed(o.value.n)} DP` : o.unit === "memory" ? `${printValue(o.value)} memory` : printValue(o.value);
    case "keyword":
      return keywordList(o.keywords);
    case "effect":
      return quoted(o.effect);
    case "effectOf":
      return o.timing === null ? "the effect below" : `${possessive(o.of)} [${DCG_TIMING_WORDS[o.timing]}] effect`;
    case "names":
      return nameList(o.names);
    case "followingEffects":
      return o.choose === null ? "the effect below" : `${o.choose} of the following effects`;
    case "cost": {
      const which = o.which === "any" ? "" : `${o.which} `;
      if (o.of === null) return `the ${which}cost`;
      if (o.of === "digivolution") return `the ${which}cost of the digivolution`;
      if (o.of === "play") return `the ${which}cost of the play`;
      return `the ${which}cost of ${printSelector(o.of)}`;
    }
    default:
      return unknown("object", o);
  }
}

/** A granted effect in quotes (002 4-13): `"[On Deletion] Gain 2 memory"`. */
function quoted(e: DcgEffect): string {
  return `"${printUnit(e, true)}"`;
}

/** The modal of a clause ("may", "can", "can't"), or "". */
function modal(c: DcgClause): string {
  if (c.negated) return "can't";
  if (c.optional) return "may";
  if (c.permission) return "can";
  return "";
}

/**
 * The verb phrase of a clause: verb, object and arguments. `third` picks the third person
 * singular ("gets", "trashes"); `modal` whether a modal stands before it (then the base form).
 */
function verbPhrase(c: DcgClause, third: boolean): string {
  const o = c.object;
  const v = c.verb;
  const rest = (as: readonly DcgArg[] = c.args) => args(as, v);
  switch (v) {
    case "delete":
    case "play":
    case "trash":
    case "place":
    case "add":
    case "suspend":
    case "unsuspend":
    case "reveal":
    case "return":
    case "choose":
    case "use":
    case "hatch":
    case "digivolve":
    case "block":
    case "attack":
    case "shuffle":
    case "move":
    case "include": {
      // "can't be deleted": the subject undergoes the act (002 10-1-5-6)
      const pp = BE_PARTICIPLES[v];
      if (c.passive && pp !== undefined) return `be ${pp}${rest()}`;
      if (o === null && v === "suspend" && !c.negated && !c.permission && !c.optional && c.who !== null && c.orVerbs.length === 0) return `${third ? "is" : "are"} suspended${rest()}`;
      if (o === null && v === "unsuspend" && !c.negated && !c.permission && !c.optional && c.who !== null && c.orVerbs.length === 0) return `${third ? "is" : "are"} unsuspended${rest()}`;
      const [base, s] = THINGS_VERBS[v]!;
      const verbs = [form(third, base, s), ...c.orVerbs.map((x) => THINGS_VERBS[x]?.[0] ?? x)].join(" or ");
      return `${verbs}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "dnaDigivolve":
      return `DNA digivolve${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    case "gain": {
      const w = form(third, "gain", "gains");
      return `${w}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "gainMemory": {
      const w = form(third, "gain", "gains");
      if (o === null && c.args[0]?.kind === "exceptByEffect") return `${w} memory ${printArg(c.args[0], v)}${rest(c.args.slice(1))}`;
      return `${w}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "loseMemory":
      return `${form(third, "lose", "loses")}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    case "get": {
      if (o?.kind === "amount" && o.unit === "dp" && o.value.kind !== "const" && c.who !== null && typeof c.who !== "string") return `add ${printValue(o.value)} to ${printSelector(c.who)}${rest()}`;
      // "gets +3000 DP and <Piercing>": keywords right after the DP are the grammar's `getMoreKeywords`.
      let i = 0;
      const ks: DcgKeyword[] = [];
      while (i < c.args.length && c.args[i]!.kind === "withKeyword") ks.push((c.args[i++] as Extract<DcgArg, { kind: "withKeyword" }>).keyword);
      const more = ks.length > 0 ? ` and ${keywordList(ks)}` : "";
      return `${form(third, "get", "gets")}${o === null ? "" : ` ${printObject(o)}`}${more}${rest(c.args.slice(i))}`;
    }
    case "give": {
      const t = c.args[0];
      if (t?.kind === "target") return `give ${printSelector(t.what)}${o === null ? "" : ` ${printObject(o)}`}${rest(c.args.slice(1))}`;
      return `give${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "pay": {
      const l = c.args[0];
      if (l?.kind === "limit" && o?.kind === "amount" && l.cmp === "le" && JSON.stringify(l.value) === JSON.stringify(o.value)) return `pay up to ${printObject(o)}${rest(c.args.slice(1))}`;
      return `pay${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "reduce": {
      const w = form(third, "reduce", "reduces");
      const t = c.args[0];
      // "set this Digimon's play cost to 3"
      if (o?.kind === "amount" && o.unit === "cost" && t?.kind === "target") return `set ${possessive(t.what)} play cost to ${printValue(o.value)}${rest(c.args.slice(1))}`;
      if (o?.kind === "things") return `${w} ${o.what.kind === "ref" && o.what.ref === "this" && o.what.noun === "digimon" ? "its" : possessive(o.what)} DP${rest()}`;
      // "can't have its DP reduced"
      if (o?.kind === "amount" && o.unit === "dp" && o.value.kind === "stat" && o.value.stat === "dp" && typeof o.value.of !== "string" && o.value.of.kind === "ref" && o.value.of.ref === "it") return `have its DP reduced${rest()}`;
      return `${w}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "activate": {
      const w = form(third, "activate", "activates");
      if (o?.kind === "followingEffects" && o.choose !== null) return `${w} ${printObject(o)}${c.args.length === 0 ? ":" : ""}${rest()}`;
      // "doesn't activate [Security] effects on Option cards it checks": a phrase opening with a timing tag
      if (o?.kind === "things" && o.what.kind === "select" && o.what.count.kind === "one" && o.what.filters[0]?.kind === "timing") return `${w} ${npRest(o.what, true)}${rest()}`;
      return `${w}${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "switchTarget":
      return `switch the target of attack${rest()}`;
    case "look": {
      const f = c.args[0];
      if (o === null && f?.kind === "from") return `look at ${printZone(f.zone)}${rest(c.args.slice(1))}`;
      return `look at${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "search": {
      const f = c.args[0];
      if (f?.kind === "from" && o !== null) return `search ${printZone(f.zone)} for ${printObject(o)}${rest(c.args.slice(1))}`;
      return `search${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "change": {
      const t = c.args[0];
      if (t?.kind === "target" && o?.kind === "amount") return `change the original DP of ${printSelector(t.what)} to ${printValue(o.value)}${rest(c.args.slice(1))}`;
      return `change${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "setMemory": {
      if (o?.kind === "amount" && o.unit === "memory") return `set your memory to ${printValue(o.value)}${rest()}`;
      if (o?.kind === "amount") return `${third ? "is" : "are"} equal to ${printValue(o.value)}${rest()}`;
      return `set${rest()}`;
    }
    case "treatAs": {
      const a0 = c.args[0];
      const a1 = c.args[1];
      if (o?.kind === "things" && a0?.kind === "asAlso" && a0.what === "color" && a1?.kind === "target") return `treat ${printSelector(o.what)} as also having the colors of ${printSelector(a1.what)}${rest(c.args.slice(2))}`;
      if (o?.kind === "things" && a0?.kind === "asAlso" && a0.what === "name") return `treat ${printSelector(o.what)} as if it also has ${nameList(a0.values)} in its name${rest(c.args.slice(1))}`;
      if (o === null && a0?.kind === "asAlso") {
        const be = c.negated ? "" : third ? "is " : "are ";
        const what = a0.what === "name" ? nameList(a0.values, "and") : a0.what === "namePart" ? `having ${nameList(a0.values)} in its name` : a0.values.join(" and ");
        return `${be}also treated as ${what}${rest(c.args.slice(1))}`;
      }
      return `treat${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "prevent": {
      const p = c.args[0];
      if (o === null && p?.kind === "prevents" && p.target === null && p.acts.length === 1 && p.acts[0] === "delete") return `prevent that deletion${rest(c.args.slice(1))}`;
      if (o !== null && p?.kind === "prevents") return `prevent ${printObject(o)} ${printArg(p, v)}${rest(c.args.slice(1))}`;
      return `prevent${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "makeUnblockable":
      if (o === null) return `${c.negated || c.permission || c.optional ? "be" : third ? "is" : "are"} unblockable${rest()}`;
      return `make ${printObject(o)} unblockable${rest()}`;
    case "isAffected":
      return c.passive ? `be affected${rest()}` : `is affected${rest()}`;
    case "setCost": {
      const t = c.args[0];
      if (o?.kind === "amount" && t?.kind === "target") return `set ${possessive(t.what)} play cost to ${printValue(o.value)}${rest(c.args.slice(1))}`;
      const e = c.args[0];
      if (o?.kind === "cost" && e?.kind === "equalTo") return `${printObject(o)} is equal to ${printValue(e.value)}${rest(c.args.slice(1))}`;
      return `set${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "requireTotal": {
      const l = c.args[0];
      if (l?.kind === "limit" && l.value.kind === "const") return `play costs must add up to ${num(l.value.n)}${cmpTail(l.cmp) ?? ""}${rest(c.args.slice(1))}`;
      return `play costs must add up to${rest()}`;
    }
    case "increase": {
      const l = c.args[0];
      if (o?.kind === "amount" && l?.kind === "limit" && l.value.kind === "const") return `increase ${printValue(o.value)} to ${num(l.value.n)}${cmpTail(l.cmp) ?? ""}${rest(c.args.slice(1))}`;
      return `increase${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    }
    case "raiseMaximum": {
      const stat = o?.kind === "amount" ? (o.unit === "level" ? "level" : o.unit === "cost" ? "play cost" : "DP") : "DP";
      const n = o?.kind === "amount" ? printValue(o.value) : "0";
      return `${form(third, "add", "adds")} ${n} to the maximum ${stat} you can choose${rest()}`;
    }
    case "allowAttack":
      return `allow you to attack${o === null ? "" : ` ${printObject(o)}`}${rest()}`;
    default:
      return unknown("verb", v);
  }
}

/** A subject: "this Digimon", "your opponent", "1 of your Digimon", or "" for the card's owner. */
function printWho(who: DcgClause["who"]): string {
  if (who === null) return "";
  return typeof who === "string" ? playerSubject(who) : printSelector(who);
}

/** "add the trashed card's DP to this Digimon": a get of a DP read off another card. */
function isAddDp(c: DcgClause): boolean {
  return c.verb === "get" && c.object?.kind === "amount" && c.object.unit === "dp" && c.object.value.kind !== "const" && c.who !== null && typeof c.who !== "string";
}

/** One clause: subject, modal, verb phrase (002 10-1). */
function printClause(c: DcgClause): string {
  // "add the trashed card's DP to this Digimon": the subject is said after "to"
  if (isAddDp(c)) return [modal(c), verbPhrase(c, false)].filter(Boolean).join(" ");
  const subject = printWho(c.who);
  // "This effect allows you to attack unsuspended Digimon": a permission said with "allows"
  if (c.verb === "allowAttack" && c.permission && !c.negated) return [subject, `allows you to attack${c.object === null ? "" : ` ${printObject(c.object)}`}${args(c.args, c.verb)}`].filter(Boolean).join(" ");
  // "The chosen cards' play costs must add up to 6 or less."
  if (c.verb === "requireTotal" && subject !== "") return `${subject}${subject.endsWith("s") ? "'" : "'s"} ${verbPhrase(c, false)}`;
  const m = modal(c);
  // "isn't affected by …": the negation of "is affected"
  if (c.verb === "isAffected" && c.negated && !c.passive && !c.permission && !c.optional) return [subject, `isn't affected${args(c.args, c.verb)}`].filter(Boolean).join(" ");
  if (c.verb === "treatAs" && c.negated && c.object === null) return [subject, `isn't also treated as${verbPhrase(c, true).replace(/^also treated as/, "")}`].filter(Boolean).join(" ");
  // "can only attack …": "only" is read with the modal, before the verb's own arguments.
  if (c.permission && !c.negated && !c.optional && c.args[0]?.kind === "only") {
    const vp = verbPhrase({ ...c, args: c.args.slice(1) }, false);
    return [subject, "can only", vp].filter(Boolean).join(" ");
  }
  const vp = verbPhrase(c, m === "" && thirdPerson(c.who));
  return [subject, m, vp].filter(Boolean).join(" ");
}

/** "<Draw 1>", "<De-Digivolve 1> on 1 of your opponent's Digimon", "Trigger <Blocker>". */
function printKeywordAction(k: DcgKeywordAction, trigger: boolean): string {
  const t = k.target === null ? "" : ` on ${printSelector(k.target)}`;
  return `${k.optional ? "you may " : trigger ? "trigger " : ""}${printDcgKeyword(k.keyword)}${t}${args(k.args, null)}`;
}

/** `<Digi-Burst 2> ・Delete …. ・…` (002 12-14, 12-17): the keyword, then its bullets. */
function printBullets(b: DcgBullets, trigger: boolean): string {
  const head = b.keyword === null ? "activate the effect below." : `${trigger ? "trigger " : ""}${printDcgKeyword(b.keyword)}`;
  return `${head} ${b.bullets.map((s) => `・${printSentence(s, { bullet: true, unitTimed: true, first: false, last: true })}`).join(" ")}`;
}

/** Whether a step prints a full stop of its own at its end (a bullet list ends with its last bullet's). */
function endsWithOwnStop(s: DcgStep): boolean {
  return s.kind === "bullets";
}

// ─── sentences and units ────────────────────────────────────────────────────

/** Leads that print before the clauses ("When …, "); "instead" and what follows it print after the last clause. */
function printLead(l: DcgLead): string {
  switch (l.kind) {
    case "when":
      return `when ${printEvent(l.event)}`;
    case "if":
      return `if ${printCondition(l.condition)}`;
    case "while":
      return `while ${printCondition(l.condition)}`;
    case "forEach":
      if (l.what.kind === "select" && l.what.count.kind === "one") {
        const rest = npRest(l.what, l.per !== 1 || l.what.owner !== null);
        return l.per === 1 ? `for each ${l.what.owner === null ? "" : "of "}${rest}` : `for every ${num(l.per)} ${rest}`;
      }
      // "For each Digimon with [Hybrid] in its traits and each Tamer in your battle area": the first phrase without its count
      if (l.what.kind === "both" && l.per === 1) {
        const [first, ...more] = l.what.items;
        const head = first!.kind === "select" && first!.count.kind === "one" ? npRest(first!, first!.owner !== null) : printSelector(first!);
        return `for each ${head} ${more.map((m) => `${l.what.kind === "both" && l.what.mode === "or" ? "or" : "and"} ${printSelector(m)}`).join(" ")}`;
      }
      return l.per === 1 ? `for each ${printSelector(l.what)}` : `for every ${num(l.per)} ${printSelector(l.what)}`;
    case "by":
      return `by ${printGerund(l.cost)}`;
    case "duration":
      return cap(printDuration(l.duration));
    case "atEndOfBattle":
      return "at the end of the battle";
    case "atEndOfTurn":
      return "at the end of the turn";
    case "during":
      return printArg(l.during, null);
    case "then":
      return "then";
    case "ifYouDo":
      return l.negate ? "if you don't" : "if you do";
    case "otherwise":
      return "otherwise";
    case "instead":
      return "instead";
    case "nextTime":
      return `the next time ${printEvent(l.event)}`;
    default:
      return unknown("lead", l);
  }
}

/** Where a sentence stands, for its printing. */
interface SentenceContext {
  /** A bullet ("・…"): no keyword line can start there. */
  bullet: boolean;
  /** The unit has timings (its first sentence may open with a static keyword). */
  unitTimed: boolean;
  /** The first sentence of its unit. */
  first: boolean;
  /** The last sentence of a quoted effect: no full stop (the closing quote ends it). */
  last: boolean;
  /** Inside quotes, the last sentence prints without its full stop. */
  quotedLast?: boolean;
}

/** One sentence (002 10-2): leads, steps, full stop. */
function printSentence(s: DcgSentence, ctx: SentenceContext): string {
  const before = s.leads;
  const parts: string[] = before.map((l) => `${printLead(l)}, `);
  const steps: string[] = [];
  s.steps.forEach((st, i) => {
    const opening = i === 0 && before.length === 0;
    // A static keyword opening a sentence would start a keyword line: "Trigger" it (except first after a head).
    // After a join, a keyword step opens with "trigger" too: a keyword list before it would take a bare keyword as its own.
    // Opening a unit without timings, any keyword would read as a keyword line; opening a later sentence, a static one would.
    const kwName = st.kind === "keywordAction" ? st.keyword.name : st.kind === "bullets" && st.keyword !== null ? st.keyword.name : null;
    const needsTrigger = i > 0 ? true : opening && !ctx.bullet && kwName !== null && (ctx.first ? !ctx.unitTimed : STATIC_KEYWORDS.has(kwName));
    let text: string;
    switch (st.kind) {
      case "clause":
        text = i > 0 && (s.costs[i - 1] || s.joins[i - 1] === "to") && st.who !== null && typeof st.who !== "string" && modal(st) === "" && !isAddDp(st) && st.verb !== "requireTotal" ? `have ${printWho(st.who)} ${verbPhrase(st, false)}` : printClause(st);
        break;
      case "keywordAction":
        text = printKeywordAction(st, needsTrigger);
        break;
      case "bullets":
        text = printBullets(st, needsTrigger);
        break;
      default:
        text = unknown("step", st);
    }
    steps.push(text);
  });
  let body = steps[0] ?? "";
  for (let i = 1; i < steps.length; i++) body += `${joinWord(s, i)}${steps[i]}`;
  const last = s.steps[s.steps.length - 1];
  const stop = (last !== undefined && endsWithOwnStop(last)) || body.endsWith(":") || ctx.quotedLast ? "" : ".";
  return cap(parts.join("") + body) + stop;
}

/** How step `i` joins the one before it: ", and ", ", then ", " or ", ", ", " to " (after a cost), ", if you do, ". */
function joinWord(s: DcgSentence, i: number): string {
  const j = s.joins[i - 1];
  if (s.costs[i - 1] || j === "to") return " to ";
  switch (j) {
    case "and":
      return ", and ";
    case "then":
    case undefined:
      return ", then ";
    case "or":
      return " or ";
    case ",":
      return ", ";
    case "ifYouDo":
      return ", if you do, ";
    default:
      return unknown("join", j);
  }
}

/** Whether a sentence announces the bullets after it ("activate 1 of the following effects:", "activate the effect below"). */
function announcesBullets(s: DcgSentence): boolean {
  return s.steps.some((st) => st.kind === "clause" && st.verb === "activate" && st.object?.kind === "followingEffects");
}

/** The head of a unit: timings and the use limit (002 4-14, 4-15). */
function printHead(e: DcgEffect): string {
  const tags = e.timings.map((t) => `[${DCG_TIMING_WORDS[t]}]`);
  if (e.perTurn !== null) tags.push(e.perTurn === 1 ? "[Once Per Turn]" : "[Twice Per Turn]");
  return tags.join(" ");
}

/** A unit; `inQuotes` drops the last sentence's full stop (the closing quote ends it). */
function printUnit(e: DcgEffect, inQuotes: boolean): string {
  const out: string[] = [];
  if (e.digixros !== null) {
    const cards = e.digixros.cards.map((c) => (c.kind === "name" ? nameRef(c.name) : printSelector(c.what)));
    out.push(`[DigiXros -${num(e.digixros.reduction)}] ${cards.join(" x ")}`);
  } else if (e.keyword !== null && e.timings.length === 0) {
    out.push(`${printDcgKeyword(e.keyword)}${e.sentences.length === 0 && !inQuotes ? "." : ""}`);
  } else {
    const head = printHead(e);
    if (head !== "") out.push(head);
  }
  let bullets = false;
  e.sentences.forEach((s, i) => {
    const last = i === e.sentences.length - 1;
    const text = printSentence(s, { bullet: bullets, unitTimed: e.timings.length > 0, first: i === 0, last, quotedLast: inQuotes && last });
    out.push(bullets ? `・${text}` : text);
    if (announcesBullets(s)) bullets = true;
  });
  return out.join(" ");
}

// ─── conditions and events ──────────────────────────────────────────────────

/** The third person of an event's verb, with its object when the first argument is the target. */
function eventVerb(e: DcgEvent, mode: "third" | "base"): { verb: string; rest: readonly DcgArg[] } {
  const t = e.args[0]?.kind === "target" ? (e.args[0] as Extract<DcgArg, { kind: "target" }>) : null;
  const third = mode === "third";
  const obj = (base: string, s: string) => {
    if (t !== null) {
      const p = t.what.kind === "select" && t.what.noun === "player" && t.what.count.kind === "one" && t.what.owner === "opponent" && t.what.filters.length === 0 ? "a player" : printSelector(t.what);
      return { verb: `${third ? s : base} ${p}`, rest: e.args.slice(1) };
    }
    return { verb: third ? s : base, rest: e.args };
  };
  const passive = (pp: string) => ({ verb: e.would ? `be ${pp}` : third ? `is ${pp}` : `be ${pp}`, rest: e.args });
  switch (e.event) {
    case "attacked":
      return obj("attack", "attacks");
    case "attackedDigimon":
      return passive("attacked");
    case "attackedPlayer":
      return obj("attack", "attacks");
    case "blocked":
      return passive("blocked");
    case "blocks":
      // (the grammar spells only "block": "blocks" is no word of it)
      return { verb: "block", rest: e.args };
    case "deleted":
    case "deletedInBattle":
      return t !== null ? obj("delete", "deletes") : passive("deleted");
    case "played":
      return t !== null ? obj("play", "plays") : passive("played");
    case "used":
      return t !== null ? obj("use", "uses") : passive("used");
    case "trashed":
      return t !== null ? obj("trash", "trashes") : passive("trashed");
    case "cardsAddedToHand":
      return obj("add", "adds");
    case "placed":
      return t !== null ? obj("place", "places") : passive("placed");
    case "movedFromBreeding":
      return obj("move", "moves");
    case "memoryGained":
      return { verb: third ? "gains memory" : "gain memory", rest: e.args };
    case "leftPlay":
      return { verb: third ? "leaves play" : "leave play", rest: e.args };
    case "endOfBattle":
      return { verb: third ? "ends" : "end", rest: e.args };
    case "checked":
      return obj("check", "checks");
    case "suspended":
      return t !== null ? obj("suspend", "suspends") : { verb: e.would ? "be suspended" : third ? "becomes suspended" : "become suspended", rest: e.args };
    case "unsuspended":
      return { verb: e.would ? "be unsuspended" : third ? "becomes unsuspended" : "become unsuspended", rest: e.args };
    case "securityRemoved":
      return passive("removed");
    case "securityAdded":
      return passive("added");
    case "returnedToHand":
      return t !== null ? obj("return", "returns") : passive("returned");
    case "returnedToDeck":
      return passive("returned");
    case "digivolved":
      return { verb: third ? "digivolves" : "digivolve", rest: e.args };
    case "effectActivated": {
      const k = e.args[0];
      if (k?.kind === "withKeyword") return { verb: `${third ? "activates" : "activate"} ${printDcgKeyword(k.keyword)}`, rest: e.args.slice(1) };
      return { verb: third ? "activates" : "activate", rest: e.args };
    }
    case "enteredPlay":
    case "drew":
    case "battleLost":
    case "battleWon":
    case "hatched":
    case "digivolutionCardsTrashed":
    case "dpReduced":
      return { verb: e.event, rest: e.args };
    default:
      return unknown("event", e.event);
  }
}

/** The subject of an event or a condition. */
function subjectOf(who: DcgSelector | DcgPlayer): string {
  return typeof who === "string" ? playerSubject(who) : printSelector(who);
}

/** An event's verb phrase: verb, object, arguments, "and deletes …", "and survives", "or <another event>". */
function eventPhrase(e: DcgEvent, third: boolean): string {
  const v = eventVerb(e, e.would ? "base" : third ? "third" : "base");
  // "… this turn": an event's duration (the grammar reads "this turn" as "for the turn")
  const rest = v.rest.map((a) => (a.kind === "duration" && a.duration.kind === "turn" ? " this turn" : ` ${printArg(a, null)}`)).join("");
  let out = `${e.would ? "would " : ""}${v.verb}${rest}`;
  if (e.andDeletes !== undefined) out += ` and ${third ? "deletes" : "delete"} ${printSelector(e.andDeletes)}`;
  if (e.andSurvives === true) out += ` and ${third ? "survives" : "survive"}`;
  for (const o of e.orEvents ?? []) out += ` or ${eventPhrase(o, third && !e.would)}`;
  return out;
}

/** A game event after "When" (002 10-3-2): "this Digimon attacks", "an opponent's Digimon would be deleted". */
function printEvent(e: DcgEvent): string {
  // "DNA digivolving into …": how it digivolves, said only by the participle form (its subject is this card)
  const m = e.args.findIndex((a) => a.kind === "method");
  if (m >= 0 && (e.event === "digivolved" || e.event === "played")) {
    const target = e.args.slice(0, m).find((a) => a.kind === "target");
    const rest = e.args.filter((a, i) => i > m || (i < m && a.kind !== "target"));
    return `DNA ${e.event === "digivolved" ? "digivolving" : "playing"}${target?.kind === "target" ? ` ${printSelector(target.what)}` : ""}${args(rest, null)}`;
  }
  const third = typeof e.subject === "string" ? e.subject === "opponent" : thirdPerson(e.subject);
  return `${subjectOf(e.subject)} ${eventPhrase(e, third)}`;
}

/** The "have"/"has" of a condition's subject. */
function has(who: DcgSelector | DcgPlayer): string {
  return who === "you" || who === "both" ? "have" : typeof who === "string" ? "has" : thirdPerson(who) ? "has" : "have";
}

/** A condition's subject, predicate, and whether the predicate is a "has" or an "is" one (for its negation). */
interface CondParts {
  subject: string;
  /** The predicate without its verb ("a Tamer in play", "level 6 or higher"). */
  body: string;
  verb: "has" | "is" | "other";
  /** The whole atom. */
  text: string;
}

/** The filters of an "is" condition as a noun phrase ("a red Digimon card with …"): the grammar's `isPredicate` reads filters from it. */
function isNp(filters: readonly DcgFilter[]): string {
  const last = filters[filters.length - 1];
  let noun: DcgNoun = "card";
  let fs = filters;
  if (last !== undefined && last.kind === "trait" && last.field === "type" && !last.negate && last.traits.length === 1 && NOUNS.has(last.traits[0] as DcgNoun)) {
    noun = last.traits[0] as DcgNoun;
    fs = filters.slice(0, -1);
  }
  const sel: DcgSelection = { kind: "select", count: { kind: "one" }, owner: null, noun, orNoun: null, filters: [...fs], zone: null, among: null, end: null, span: { start: 0, end: 0 } };
  return printSelection(sel);
}

const NOUNS: ReadonlySet<DcgNoun> = new Set<DcgNoun>(["digimon", "tamer", "option", "digiEgg", "card", "digimonCard", "tamerCard", "optionCard", "digiEggCard", "digivolutionCard", "securityCard", "securityDigimon", "securityStack", "token", "memory", "effect", "player"]);

/** What "has" can say of one filter ("<Blocker>", "[X] in its name", "13000 DP or more", "2 or more colors"), or null. */
function hasFilterPhrase(f: DcgFilter): string | null {
  switch (f.kind) {
    case "keyword":
      return f.negate ? null : keywordRef(f.keyword);
    case "nameContains":
    case "trait":
    case "digivolutionCards": {
      const p = orFieldPhrase(f);
      if (p !== null) return p;
      return null;
    }
    case "dp":
      return f.value.kind === "const" && cmpTail(f.cmp) !== null ? `${num(f.value.n)} DP${cmpTail(f.cmp)}` : null;
    case "colorCount":
      return f.cmp === "eq" ? `${num(f.n)} colors` : f.cmp === "le" || f.cmp === "ge" ? `${num(f.n)} or ${f.cmp === "le" ? "less" : "more"} colors` : null;
    case "either": {
      if (f.any.length === 2 && f.any[0]!.length >= 1 && f.any[1]!.length === 1) {
        const a = f.any[0]!.map(hasFilterPhrase);
        const b = orFieldPhrase(f.any[1]![0]!);
        if (a.every((x) => x !== null) && b !== null) return `${a.join(" ")} or ${b}`;
      }
      return null;
    }
    default:
      return null;
  }
}

/** Whether two IR values are the same apart from their spans. */
function sameIr(a: unknown, b: unknown): boolean {
  const key = (x: unknown) => JSON.stringify(x, (k, v: unknown) => (k === "span" ? undefined : v));
  return key(a) === key(b);
}

/** A condition atom's parts (see {@link CondParts}). */
function condParts(c: DcgCondition): CondParts {
  const mk = (subject: string, verb: "has" | "is" | "other", body: string, v: string): CondParts => ({ subject, body, verb, text: `${subject} ${v} ${body}` });
  switch (c.kind) {
    case "has": {
      if (c.who === "any" && c.what.kind === "select") return { subject: "there's", body: printSelector(c.what), verb: "other", text: `there's ${printSelector(c.what)}` };
      // A noun phrase alone as a condition ("If 1 of your Digimon, …"): what the subject before has (read from malformed text)
      if (c.who === "you" && c.what.kind === "select" && c.what.count.kind === "n") return { subject: "", body: "", verb: "other", text: printSelector(c.what) };
      // "[X] is in its digivolution cards": the owner of the zone has what is in it
      if (typeof c.who !== "string" && c.what.kind === "select" && c.what.zone?.kind === "digivolutionCards" && c.what.zone.end === null && sameIr(c.what.zone.of, c.who)) {
        const what = printSelector({ ...c.what, zone: null });
        return mk(what, "is", `in ${printZone(c.what.zone)}`, thirdPerson({ ...c.what, zone: null }) ? "is" : "are");
      }
      return mk(subjectOf(c.who), "has", printSelector(c.what), has(c.who));
    }
    case "count": {
      const t = cmpTail(c.cmp, "fewer") ?? "";
      const n = printValue(c.value);
      if (c.what.kind === "select" && c.what.noun === "memory" && c.what.count.kind === "all" && c.what.filters.length === 0 && c.what.owner === null && c.what.zone === null) {
        return mk(subjectOf(c.who), "has", `${n} memory${cmpTail(c.cmp) ?? ""}`, has(c.who));
      }
      const rest = c.what.kind === "select" ? npRest(c.what, !(c.value.kind === "const" && c.value.n === 1 && c.cmp === "eq")) : printSelector(c.what);
      if (c.who === "any" && c.what.kind === "ref" && c.what.ref === "that" && c.what.noun === "card") return { subject: "there are", body: `${n}${t} left`, verb: "other", text: `there are ${n}${t} left` };
      if (c.who === "any") return { subject: "there are", body: `${n}${t} ${rest}`, verb: "other", text: `there are ${n}${t} ${rest}` };
      return mk(subjectOf(c.who), "has", `${n}${t} ${rest}`, has(c.who));
    }
    case "is": {
      const subject = printSelector(c.subject);
      const be = thirdPerson(c.subject) ? "is" : "are";
      if (c.filters.length === 1) {
        const f = c.filters[0]!;
        const h = hasFilterPhrase(f);
        if (h !== null && f.kind !== "digivolutionCards") return mk(subject, "has", h, has(c.subject));
        if (f.kind === "color" || f.kind === "level" || f.kind === "suspended") {
          const p = isPhrase(f);
          if (p !== null) return mk(subject, "is", p, be);
        }
        if (h !== null) return mk(subject, "has", h, has(c.subject));
      }
      if (c.filters.length === 2 && c.filters[1]!.kind === "otherThan") {
        const h = hasFilterPhrase(c.filters[0]!);
        if (h !== null) return mk(subject, "has", `${h} (other than ${nameList(c.filters[1]!.names)})`, has(c.subject));
      }
      return mk(subject, "is", isNp(c.filters), be);
    }
    case "turn":
      return { subject: "it's", body: `${c.whose === "you" ? "your" : "your opponent's"} turn`, verb: "other", text: `it's ${c.whose === "you" ? "your" : "your opponent's"} turn` };
    case "happened":
      return { subject: "", body: "", verb: "other", text: printHappened(c) };
    case "not": {
      const inner = condParts(c.condition);
      if (inner.verb === "has") return { subject: inner.subject, body: inner.body, verb: "other", text: `${inner.subject} ${inner.subject === "you" || inner.subject === "players" ? "don't" : "doesn't"} have ${inner.body}` };
      if (inner.verb === "is") return { subject: inner.subject, body: inner.body, verb: "other", text: `${inner.subject} isn't ${inner.body}` };
      if (c.condition.kind === "happened" && !c.condition.negate && !c.condition.thisTurn) {
        const h = c.condition;
        const subj = subjectOf(h.event.subject);
        const v = eventVerb(h.event, "third");
        if (v.verb.startsWith("is ")) return { subject: subj, body: "", verb: "other", text: `${subj} isn't ${v.verb.slice(3)}${args(v.rest, null)}` };
      }
      if (c.condition.kind === "has" && typeof c.condition.who !== "string") {
        return { subject: "", body: "", verb: "other", text: `${subjectOf(c.condition.who)} doesn't have ${printSelector(c.condition.what)}` };
      }
      return { subject: "", body: "", verb: "other", text: `not ${inner.text}` };
    }
    case "and":
    case "or":
      return { subject: "", body: "", verb: "other", text: printCondition(c) };
    case "didPrevious":
      return { subject: "", body: "", verb: "other", text: c.negate ? "you don't" : "you do" };
    case "compare": {
      const t = cmpTail(c.cmp);
      const right = t !== null && c.right.kind === "const" ? `${num(c.right.n)}${t}` : `${cmpPhrase(c.cmp)} ${printValue(c.right)}`;
      return { subject: "", body: "", verb: "other", text: `${printValue(c.left)} is ${right}` };
    }
    default:
      return unknown("condition", c);
  }
}

/** Past participles a condition reads after "is" (the grammar's `pastParticipleAlts`). */
const CONDITION_PARTICIPLES: ReadonlySet<DcgEvent["event"]> = new Set(["deleted", "returnedToHand", "trashed", "placed"]);

/** "you've digivolved this turn", "your opponent didn't attack this turn", "no Digimon was deleted by this effect", "you attack …". */
function printHappened(c: Extract<DcgCondition, { kind: "happened" }>): string {
  const e = c.event;
  const subj = subjectOf(e.subject);
  if (c.thisTurn && !c.negate && e.event === "digivolved" && e.subject === "you" && e.args.length === 0) return "you've digivolved this turn";
  if (c.thisTurn && c.negate) return `${subj} didn't ${eventPhrase({ ...e, would: false }, false)}`;
  const noneSubject = typeof e.subject !== "string" && e.subject.kind === "select" && e.subject.count.kind === "none";
  if (CONDITION_PARTICIPLES.has(e.event) && !e.would && (e.args[0]?.kind !== "target") && noneSubject === c.negate) {
    const v = eventVerb(e, "third");
    const pp = v.verb.replace(/^(is|be) /, "");
    return `${subj} ${noneSubject || !thirdPerson(e.subject as DcgSelector) ? "was" : "is"} ${pp}${args(v.rest, null)}`.replace(/ was /, noneSubject ? " was " : thirdPerson(e.subject as DcgSelector) ? " was " : " were ");
  }
  if (c.negate) {
    const v = eventVerb({ ...e, would: false }, "base");
    return `${subj} ${e.subject === "you" ? "don't" : "doesn't"} ${e.would ? "would " : ""}${v.verb}${args(v.rest, null)}`;
  }
  if (e.event === "attacked" && e.args.length === 0 && typeof e.subject !== "string" && e.andDeletes === undefined && e.andSurvives === undefined && e.orEvents === undefined) return `${subj} is attacking`;
  const third = typeof e.subject === "string" ? e.subject === "opponent" : thirdPerson(e.subject);
  return `${subj} ${eventPhrase(e, third)}`;
}

/**
 * "<subject> is battling <X>" (002 9-2-1-6), as the grammar reads it (`battlingCondition`): the
 * attacking Digimon is not other than the subject, and an <X> is among the attack target.
 * @returns the subject and <X>, or null for another condition
 */
function battling(c: DcgCondition): { subject: DcgSelector; what: DcgSelection } | null {
  if (c.kind !== "and" || c.all.length !== 2) return null;
  const [a, b] = c.all;
  if (a!.kind !== "is" || !a!.negate || a!.subject.kind !== "ref" || a!.subject.ref !== "attacker" || a!.subject.filters.length !== 0 || a!.filters.length !== 1) return null;
  const f = a!.filters[0]!;
  if (f.kind !== "otherThanThese" || f.what.length !== 1) return null;
  if (b!.kind !== "has" || b!.who !== "any" || b!.what.kind !== "select" || b!.what.among?.ref !== "attackTarget" || b!.what.among.filters.length !== 0) return null;
  return { subject: f.what[0]!, what: { ...b!.what, among: null } };
}

/** A condition (002 10-2): atoms joined by "and"/"or". */
function printCondition(c: DcgCondition): string {
  const b = battling(c);
  if (b) return `${printSelector(b.subject)} ${thirdPerson(b.subject) ? "is" : "are"} battling ${printSelector(b.what)}`;
  if (c.kind === "and") return c.all.map((x) => condParts(x).text).join(" and ");
  if (c.kind === "or") return c.any.map((x) => condParts(x).text).join(" or ");
  return condParts(c).text;
}

// ─── entry points ───────────────────────────────────────────────────────────

/**
 * One effect unit as canonical DCG card text: its timings in brackets and `[Once Per Turn]`
 * (002 4-14, 4-15), a keyword line (`<Blocker>.`, 002 12-1) or a DigiXros line (002 4-22),
 * then its sentences (002 10-1, 10-2), with bullets after "activate 1 of the following
 * effects:" (002 10-3-3). Keyword reminders are not printed (002 12-2).
 * @param e the unit (`compileDcgText` output, or any well-formed {@link DcgEffect})
 * @returns the unit on one line
 */
export function printDcgEffect(e: DcgEffect): string {
  return printUnit(e, false);
}

/**
 * A text box of a card (its effect, inherited effect or security effect units, 002 4-5 …
 * 4-7) as canonical DCG card text: one unit per line.
 * @param effects the box's units in order
 * @returns the units joined by line breaks ("" for none)
 */
export function printDcgBox(effects: readonly DcgEffect[]): string {
  return effects.map(printDcgEffect).join("\n");
}
