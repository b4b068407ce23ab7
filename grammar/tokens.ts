/**
 * The token vocabulary of DBE card text.
 *
 * Words are lexed by one `Word` pattern and then classified by a case-insensitive keyword
 * table ({@link KEYWORDS}); every word token type (keyword or plain `Word`) has `AnyWord` as its category, so a
 * grammar rule that accepts a name accepts keywords too. Spelling variants map to one
 * token type (e.g. "Counterattack" → `Counter` is handled in the parser; "foe" →
 * `Opponent`), and the canonical printer writes the canonical spelling.
 *
 * Source: `000_012504f4614e5b24.txt`, Glossary and Attack Abilities (the words), Anatomy
 * of Cards item 14 (sentences end at a full stop).
 */
import { createToken, Lexer, type TokenType } from "chevrotain";

/** Category of every word, keyword or not: names in quotes/brackets accept any word. */
export const AnyWord = createToken({ name: "AnyWord", pattern: Lexer.NA });
/** A plain (non-keyword) word: a name, a type, a level letter. Keywords are retyped by the lexer. */
export const Word = createToken({ name: "Word", categories: [AnyWord], pattern: /[0-9]*[A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F]*(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*-?/ });
/** A partial name with a leading dash: "-dramon", "-devi-". Evolution Phase 4.3. */
export const Partial = createToken({ name: "Partial", pattern: /-[A-Za-z][A-Za-z]*-?/ });
/** An integer, optionally signed: "300", "+300", "-10". */
export const Num = createToken({ name: "Num", pattern: /[+\-−]?\d+/ });
/** "+P": the DP a card provides in the DP zone (Anatomy of Cards item 7). */
export const PlusP = createToken({ name: "PlusP", pattern: /\+P(?![A-Za-z0-9])/ });
/**
 * A quoted name: "Vademon", “-devi-” — from an opening quote to the next closing quote on
 * the same line. Matched by {@link matchQuoted} rather than a regular expression, so that
 * a line of many unclosed quotes lexes in linear time.
 */
export const Quoted = createToken({ name: "Quoted", pattern: { exec: (text, offset) => matchQuoted(text, offset) }, start_chars_hint: ['"', "“"], line_breaks: false });

export const Period = createToken({ name: "Period", pattern: /\./ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Amp = createToken({ name: "Amp", pattern: /&/ });
/** Possessive "'s" (split off a word by the lexer) or a bare "'" after a plural ("players'"). */
export const Possessive = createToken({ name: "Possessive", pattern: Lexer.NA });
export const Apostrophe = createToken({ name: "Apostrophe", pattern: /['’]/, categories: [Possessive] });
/** ∞: a permanent evo-box bonus. Glossary "(Parenthesis text) or ∞ symbol". */
export const Infinity_ = createToken({ name: "Infinity", pattern: /∞/ });
/** The opponent symbol (Glossary: "symbol – Means opponent"), written Ⓞ. */
export const OppSymbol = createToken({ name: "OppSymbol", pattern: /Ⓞ/ });
/** Attack icons ○ △ ✕ (also ◯ and ×). */
export const CircleIcon = createToken({ name: "CircleIcon", pattern: /[○◯]/ });
export const TriangleIcon = createToken({ name: "TriangleIcon", pattern: /△/ });
export const CrossIcon = createToken({ name: "CrossIcon", pattern: /[✕×]/ });
/** "…": an elision in quoted card text. The parser skips it and the checker warns. */
export const Ellipsis = createToken({ name: "Ellipsis", pattern: /…|\.\.\./ });
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n\u00A0]+/, group: Lexer.SKIPPED });

/** Keyword token types, created below, indexed by name. */
export const KW: Record<string, TokenType> = {};

function kw(name: string, ...spellings: string[]): TokenType {
  const t = createToken({ name, pattern: Lexer.NA, categories: [AnyWord] });
  KW[name] = t;
  for (const s of [name, ...spellings]) KEYWORDS.set(s.toLowerCase(), t);
  return t;
}

/** Lower-case spelling → keyword token type. */
export const KEYWORDS = new Map<string, TokenType>();

// Players (Glossary "Boost": "all cards target Own/Self unless otherwise specified").
kw("Own", "self", "your", "yours", "you", "itself");
kw("Opponent", "opponents", "foe", "foes", "enemy");
/** A pronoun ("his Hand"): resolved by the checker to the player last named. */
kw("His", "her", "their", "them");
kw("Both");
kw("Each");
kw("Players", "player");
// Verbs (Glossary).
kw("Boost", "boosts", "boosted", "add", "adds", "raise", "raises", "increase", "increases");
kw("Lower", "lowers", "reduce", "reduces", "decrease", "decreases", "lowered", "lowest");
kw("Recover", "recovers", "recovered", "heal", "heals");
kw("Recode", "recodes");
kw("Corrupt", "corrupts");
kw("Recycle", "recycles");
kw("Trash", "trashes", "trashed");
kw("Static");
kw("Take", "takes", "pick", "picks");
kw("Attach", "attaches", "attached");
kw("Void", "voids", "voided", "nullify");
kw("Revive", "revives", "revived", "revival");
kw("Set");
kw("Flatten", "flattens", "flat", "flats");
kw("Delete", "deletes", "deleted");
kw("Discard", "discards", "discarded", "discarding");
kw("Draw", "draws", "drawn", "drawing");
kw("Dark");
kw("Evolve", "evolves", "evolving", "evolved", "evolution", "evolutions", "digivolve", "digivolving", "digivolution");
/** An evo-box bonus (Anatomy item 2: "Evo-box or Evo-bonus"). */
kw("EvoBonus", "evo-bonus", "evo-bonuses", "evobonus", "evobonuses");
kw("Downgrade", "downgrades");
kw("Put", "puts", "place", "places", "move", "moves");
kw("Pay", "pays");
kw("Ignore", "ignores", "ignoring", "disregard", "regardless");
kw("Enables", "enable");
kw("Also");
kw("Counts", "count");
kw("Alias");
kw("Double", "doubles", "doubled");
kw("Halve", "halves", "halved");
kw("Triple", "triples", "tripled");
kw("Multiply", "multiplies", "multiplied");
kw("Change", "changes", "changed");
kw("Swap", "swaps", "switch", "switches", "exchange");
kw("Use", "uses", "used", "using");
kw("Get", "gets", "gain", "gains", "gained", "receive");
kw("Shuffle", "shuffles", "shuffled");
kw("Return", "returns");
kw("Reveal", "reveals", "revealed");
kw("Make", "makes");
kw("Flip", "flips");
kw("Become", "becomes", "goes", "match", "matches");
kw("Lose", "loses");
// Grammar words.
kw("If");
kw("Not", "non");
kw("Otherwise");
kw("When", "whenever");
kw("After");
kw("While");
kw("At");
kw("And");
kw("Then");
kw("Or");
kw("Is", "are", "was", "were", "be");
kw("Has", "have");
kw("To");
kw("By");
kw("From");
kw("In", "into", "inside");
kw("Of");
kw("With");
kw("The");
kw("A", "an");
kw("All");
kw("Any");
kw("Per", "for");
kw("Same");
kw("Different");
kw("Than");
kw("Less", "fewer");
kw("More", "greater");
kw("Higher", "highest");
kw("Below", "under", "beneath");
kw("Above", "over");
kw("Least");
kw("Until");
kw("There");
kw("Can");
kw("Cannot", "can't", "cant");
kw("Must");
kw("Except");
kw("This");
kw("It", "its", "it's");
kw("Active");
kw("Valid");
kw("Top");
kw("Bottom");
kw("Random", "randomly");
kw("Instead");
kw("Number");
kw("Able");
kw("Only");
kw("Do");
kw("Up");
kw("As");
kw("Equal", "equals");
kw("Left");
kw("On");
// Properties and zones.
kw("Power", "pow", "powers");
kw("HP");
kw("DP");
kw("Level", "levels");
kw("Type", "types", "specialty", "specialties");
kw("Primary");
kw("Attack", "attacks");
kw("Hand", "hands");
kw("Deck", "decks");
kw("Area");
kw("Zone", "slot");
kw("Stack");
kw("Card", "cards");
kw("Digimon");
kw("Option", "options");
kw("Name", "names");
kw("Cost", "costs");
kw("Effect", "effects", "ability", "abilities");
kw("Partner", "partners");
kw("Turn");
// Timings.
kw("Support", "supports", "supporting");
kw("Phase", "phases");
kw("Prep");
kw("Strategy");
kw("Battle");
kw("End");
kw("Passive");
kw("Activate");
kw("Data");
kw("Either");
kw("Turbo");
kw("Break");
kw("Access");
kw("DNA");
// Attack abilities (Attack Abilities section).
kw("First", "1st");
kw("Second", "2nd");
kw("Counter", "counterattack", "countered", "counters");
kw("Crash");
kw("Drain");
kw("Grudge");
kw("Jamming");
kw("Killer");
kw("Shatter");
kw("VS");
kw("Circle");
kw("Triangle");
kw("Cross");
/** "x" in "x100" and "x3 VS": multiplication. */
export const Times = kw("Times", "x");
kw("Abnormal");
kw("Damage");
kw("KO", "ko'd", "kod", "knocked");
kw("Shown");
kw("Still");
kw("Lost");
kw("Done");
kw("Unvoidable");
kw("Uncounterable");
kw("Instances");
kw("Requires", "require", "requiring", "need", "needs");
kw("Needed");
kw("Material", "materials");
kw("Attachments", "attachment");
kw("Possible");
kw("States", "state");

/**
 * The token types the lexer matches, in priority order (at each offset the first whose pattern
 * matches wins): the definition `grammar/lexer.ts` scans by, tested against a chevrotain `Lexer`
 * over these patterns (`tests/lexer-reference.test.ts`).
 */
export const LEXER_TOKENS: TokenType[] = [
  WhiteSpace,
  Ellipsis,
  PlusP,
  Quoted,
  Word,
  Num,
  Partial,
  Period,
  Comma,
  Semicolon,
  Colon,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Slash,
  Plus,
  Amp,
  Apostrophe,
  Infinity_,
  OppSymbol,
  CircleIcon,
  TriangleIcon,
  CrossIcon,
];

/** Every token type the parser knows. */
export const ALL_TOKENS: TokenType[] = [...LEXER_TOKENS, AnyWord, Possessive, ...Object.values(KW)];

/** An answer of {@link nextOf}: in `text`, the first searched character at or after `from` is at `at` (−1: none). */
interface NextAnswer {
  text: string;
  from: number;
  at: number;
}

/**
 * The last answer of {@link nextOf} for each character it is asked about ('"', '”', line
 * feed). The lexer asks with increasing offsets, so an answer is reused until the offset
 * passes it, and each stretch of text is scanned once.
 */
const nextStraight: NextAnswer = { text: "", from: 0, at: -1 };
const nextCurly: NextAnswer = { text: "", from: 0, at: -1 };
const nextLine: NextAnswer = { text: "", from: 0, at: -1 };

/** Forget the answers of {@link nextOf}: called before each text is lexed. */
export function resetQuotedCache(): void {
  nextStraight.text = nextCurly.text = nextLine.text = "";
}

/** The first index ≥ `from` of `ch` in `text`, or −1; amortised O(1) for increasing `from`. */
function nextOf(text: string, ch: '"' | "”" | "\n", from: number): number {
  const c = ch === '"' ? nextStraight : ch === "”" ? nextCurly : nextLine;
  if (c.text === text && from >= c.from && (c.at < 0 || from <= c.at)) return c.at;
  const at = text.indexOf(ch, from);
  c.text = text;
  c.from = from;
  c.at = at;
  return at;
}

/**
 * Match a quoted name at `offset`: `"` … `"` or `“` … `”` with no line break inside.
 * @returns the matched text as chevrotain's custom-pattern result, or null
 */
export function matchQuoted(text: string, offset: number): [string] | null {
  const open = text.charCodeAt(offset);
  const close = open === 0x22 ? '"' : open === 0x201c ? "”" : null;
  if (close === null) return null;
  const end = nextOf(text, close, offset + 1);
  if (end < 0) return null;
  const nl = nextOf(text, "\n", offset + 1);
  if (nl >= 0 && nl < end) return null;
  return [text.slice(offset, end + 1)];
}
