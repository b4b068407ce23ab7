/**
 * The language service for DCG sets (`ruleset dcg`, docs/set-format.md "DCG sets"): what
 * completion offers in a DCG file, and the layout `format` gives its text boxes.
 *
 * - Completion ({@link completeDcg}): the DCG card keys (`DCG_CARD_KEYS` of the reader) with
 *   what each holds; card kinds, colours, levels, forms, attributes, traits and rarities after
 *   their keys; the parts of a `digivolve:` or `dna:` requirement; and in a text box
 *   (`effect:`, `inherited:`, `security:` and their continuation lines) timing tags
 *   (`[On Play]` …), keyword effects (`<Blocker>` …) and the words the DCG grammar accepts next
 *   — the clause starts at the start of a sentence ("Delete", "You", "When" …), computed from
 *   the grammar's productions as for DBE text.
 * - Layout ({@link layoutDcgUnits}): one effect unit per line in every text box whose text the
 *   DCG grammar reads, the words untouched.
 *
 * Sources: `docs/set-format.md` "DCG sets"; `002_db81695f81018ea7.txt` chapter 2 (card
 * information), 10-4 (timings), chapter 12 (keyword effects); `grammar/dcg/` (the grammar).
 */
import type { IToken, TokenType } from "chevrotain";
import { DCG_CARD_KEYS, isTextKey, type SetFileSyntax } from "../../grammar/setfile.ts";
import type { Span } from "../../grammar/diagnostics.ts";
import { dcgParser, lexDcg } from "../../grammar/dcg/index.ts";
import { DCG_KEYWORDS } from "../../grammar/dcg/tokens.ts";
import { DCG_COLORS, DCG_KINDS, DCG_LEVELS, DCG_STAGES } from "../../runtime/lang/dcg/vocabulary.ts";
import { filterPrefix, nextTokenTypes, partialWord, textFieldOf, textValueBefore } from "./assist.ts";
import { DCG_GLOSSARY, type DcgGlossaryEntry } from "./glossary-dcg.ts";
import type { Completion } from "./types.ts";

/** The text keys of a DCG card block, in the reader's order. */
const DCG_TEXT_KEYS: readonly string[] = DCG_CARD_KEYS.filter((k) => isTextKey("dcg", k));

/** What each DCG card key holds (docs/set-format.md, "DCG sets"), shown beside the key. */
export const DCG_FIELD_DETAILS: Readonly<Record<(typeof DCG_CARD_KEYS)[number], string>> = {
  kind: "Digimon | Digi-Egg | Tamer | Option (002 2-3)",
  color: "one or more colours, with , or / (002 2-4)",
  level: "2 … 7, or - for Lv.– (002 2-12)",
  playcost: "play cost of a Digimon or Tamer (002 2-7)",
  usecost: "use cost of an Option (002 2-8)",
  digivolve: "<cost> from Lv.<level> [colours] (002 2-13)",
  dna: "<cost> from <Digimon> + <Digimon> (002 2-14, 8-2)",
  dp: "DP (002 2-6)",
  form: "the form trait: In-Training, Rookie … (002 2-5-1)",
  attribute: "the attribute trait: Vaccine, Data, Virus, Free (002 2-5-1)",
  traits: "the type traits, comma-separated (002 2-5-1)",
  rarity: "the rarity as printed (002 2-20)",
  effect: "the effect box (002 2-10-1)",
  inherited: "the inherited effect box (002 2-10-2, 4-4)",
  security: "the security effect box of a Tamer or Option (001 Card Information)",
};

/** The attributes 001's glossary names ("Usually one of the following: Vaccine, Data, Virus, Free"). */
const ATTRIBUTES = ["Vaccine", "Data", "Virus", "Free"];

/** The usual rarities, as the English cards print them (002 2-20 names none). */
const RARITIES = ["Common", "Uncommon", "Rare", "Super Rare", "Secret Rare", "Promo"];

/** The lines of the file, where the cursor is, and the file read by the set-file reader. */
export interface DcgCursor {
  /** The normalised text (LF line breaks, no byte-order mark). */
  text: string;
  lines: readonly string[];
  /** The offset each line starts at. */
  starts: readonly number[];
  /** The cursor's line. */
  index: number;
  /** The cursor's line up to the cursor. */
  before: string;
  /** The cursor, an offset of `text`. */
  at: number;
  syntax: SetFileSyntax;
}

const kw = (label: string, detail?: string): Completion => (detail === undefined ? { label, kind: "keyword" } : { label, kind: "keyword", detail });

/** The DCG card keys, each with what it holds. */
function fieldCompletions(): Completion[] {
  return DCG_CARD_KEYS.map((k) => ({ label: k, kind: "field" as const, detail: DCG_FIELD_DETAILS[k] }));
}

/**
 * The distinct values of a field over the file's cards (comma-separated lists split), in
 * first-seen order, leaving out the field being written (the line holding the cursor).
 * @param at the cursor (an offset of the file): a field whose value holds it is left out
 */
function valuesOf(syntax: SetFileSyntax, key: string, at: number, list = false): string[] {
  const out = new Set<string>();
  for (const c of syntax.cards)
    for (const f of c.fields) {
      if (f.key !== key || (f.value.span.start <= at && at <= f.value.span.end)) continue;
      for (const v of list ? f.value.value.split(",") : [f.value.value]) if (v.trim() !== "") out.add(v.trim());
    }
  return [...out];
}

/** The colours, lower-case in text ("red Digimon") and capitalised as a field value. */
function colorCompletions(lower: boolean): Completion[] {
  return DCG_COLORS.map((c) => kw(lower ? c.toLowerCase() : c, "colour (002 2-4)"));
}

/** The glossary entry of a timing tag or keyword, as a completion inserting its printed form. */
function entryCompletion(e: DcgGlossaryEntry): Completion {
  return { label: e.insert!, kind: "keyword", detail: `${e.kind === "keyword" ? "keyword effect" : e.kind === "timing" ? "timing" : "use limit"} (002 ${e.rule002})` };
}

const TIMING_ENTRIES = DCG_GLOSSARY.filter((e) => e.kind === "timing");
const KEYWORD_ENTRIES = DCG_GLOSSARY.filter((e) => e.kind === "keyword");
const LIMIT_ENTRIES = DCG_GLOSSARY.filter((e) => e.term === "[Once Per Turn]" || e.term === "[Twice Per Turn]");
const DIGIXROS_ENTRY = DCG_GLOSSARY.find((e) => e.term === "[DigiXros -N]")!;

/**
 * Completions at the cursor of a DCG set file:
 * - in a text box (`effect:`, `inherited:`, `security:` and their continuation lines):
 *   {@link completeDcgText};
 * - at the start of an indented line: the DCG card keys;
 * - after `kind:` the card kinds, after `color:` the colours (again after `,` or `/`), after
 *   `level:` the levels, after `form:`, `attribute:`, `traits:` and `rarity:` the usual values
 *   and those of the file's cards, in a `digivolve:` or `dna:` requirement its next part;
 * - at the start of a top-level line: `set`, `ruleset`, `card`.
 * Source: docs/set-format.md "DCG sets"; 002 chapter 2.
 */
export function completeDcg(c: DcgCursor): Completion[] {
  const { lines, index, before, syntax } = c;
  const field = textFieldOf(lines, index, DCG_TEXT_KEYS);
  if (field !== null) {
    const value = textValueBefore(lines, field, index, before);
    if (value === null) return filterPrefix(fieldCompletions(), partialWord(before));
    const r = completeDcgText(value, syntax);
    // A bracket or angle item replaces what was typed from "[" or "<" (and a "]" Monaco closed).
    if (r.from === null) return r.items;
    const start = c.at - (value.length - r.from);
    const closer = r.closer !== null && c.text[c.at] === r.closer ? 1 : 0;
    const span: Span = { start, end: c.at + closer };
    return r.items.map((i) => ({ ...i, span }));
  }
  if (!/^\s/.test(before)) {
    if (/^[a-z]*$/.test(before))
      return filterPrefix([kw("set", "set <code> <name>"), kw("ruleset", "dbe | dmb | dcg"), kw("card", "card <card number> <name>")], before);
    if (/^ruleset\s+\w*$/.test(before)) return filterPrefix([kw("dbe"), kw("dmb"), kw("dcg")], partialWord(before));
    return [];
  }
  if (/^\s+[a-z]*$/.test(before)) return filterPrefix(fieldCompletions(), before.trim());
  const fm = /^\s+([a-z]+)\s*:\s?(.*)$/.exec(before);
  if (!fm) return [];
  const key = fm[1]!;
  const value = fm[2]!;
  const word = partialWord(value);
  switch (key) {
    case "kind":
      return filterPrefix(DCG_KINDS.map((k) => kw(k, "card kind (002 2-3)")), word);
    case "color": {
      const have = new Set(value.split(/[,/]/).map((x) => x.trim().toLowerCase()));
      return filterPrefix(colorCompletions(false).filter((i) => !have.has(i.label.toLowerCase())), word);
    }
    case "level":
      return filterPrefix(
        [...DCG_LEVELS.map((l) => ({ label: String(l), kind: "level" as const, detail: `Lv.${l}${stageOf(l)}` })), { label: "-", kind: "level" as const, detail: "no level: printed Lv.– (002 13-7)" }],
        word,
      );
    case "form":
      return filterPrefix(distinct([...DCG_STAGES.map((s) => s.name), ...valuesOf(syntax, "form", c.at)]).map((f) => ({ label: f, kind: "type" as const, detail: "form (002 2-5-1)" })), value.trimStart());
    case "attribute":
      return filterPrefix(distinct([...ATTRIBUTES, ...valuesOf(syntax, "attribute", c.at)]).map((a) => ({ label: a, kind: "type" as const, detail: "attribute (002 2-5-1)" })), value.trimStart());
    case "traits": {
      const last = value.slice(value.lastIndexOf(",") + 1).trimStart();
      return filterPrefix(valuesOf(syntax, "traits", c.at, true).map((t) => ({ label: t, kind: "type" as const, detail: "type trait (002 2-5-1)" })), last);
    }
    case "rarity":
      return filterPrefix(distinct([...RARITIES, ...valuesOf(syntax, "rarity", c.at)]).map((r) => kw(r, "rarity (002 2-20)")), value.trimStart());
    case "digivolve":
      return requirementCompletions(value, word, syntax, false);
    case "dna": {
      // "[Pa": a card name in brackets, replacing from the "[" (and a "]" Monaco closed).
      const open = /\[([^[\]]*)$/.exec(value);
      if (open) {
        const span: Span = { start: c.at - (value.length - open.index), end: c.at + (c.text[c.at] === "]" ? 1 : 0) };
        return filterPrefix(nameReferences(syntax, "a Digimon by name (002 2-2-2)"), open[1]!.trimStart(), (i) => i.label.slice(1)).map((i) => ({ ...i, span }));
      }
      return requirementCompletions(value, word, syntax, true);
    }
    default:
      return [];
  }
}

/** " (Rookie)" for level 3: the stage a level's form names (001 Glossary "Rookie" …). */
function stageOf(level: number): string {
  const s = DCG_STAGES.find((x) => (x.levels as readonly number[]).includes(level));
  return s ? ` (${s.name})` : "";
}

function distinct(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/** The file's card names as name references (`[Agumon]`: a name in brackets names the cards of that name, 002 2-2-2). */
function nameReferences(syntax: SetFileSyntax, detail: string): Completion[] {
  return distinct(syntax.cards.map((c) => c.name)).map((n) => ({ label: `[${n}]`, kind: "card" as const, detail }));
}

/**
 * The next part of a digivolution requirement (`3 from Lv.4 Red, Blue`) or a DNA requirement
 * (`0 from [Paildramon] + Blue Lv.4`): "from" after the cost, the levels after "from", colours
 * after a level (digivolve) or a card name or colour after "from"/"+" (DNA), then its level.
 * Source: docs/set-format.md "DCG sets" (`digivolve:`, `dna:`); 002 2-13, 2-14.
 */
function requirementCompletions(value: string, word: string, syntax: SetFileSyntax, dna: boolean): Completion[] {
  const head = value.slice(0, value.length - word.length);
  if (/^\s*\d+\s+$/.test(head)) return filterPrefix([kw("from")], word);
  const levels = () => [2, 3, 4, 5, 6].map((l) => ({ label: `Lv.${l}`, kind: "level" as const, detail: stageOf(l).trim() }));
  if (!dna) {
    if (/\bfrom\s+$/.test(head)) return filterPrefix(levels(), word);
    if (/\bLv\.\s*\d\s*(?:[A-Za-z]+\s*[,/]\s*)*$/.test(head)) {
      const have = new Set(head.split(/[\s,/]+/).map((x) => x.toLowerCase()));
      return filterPrefix(colorCompletions(false).filter((i) => !have.has(i.label.toLowerCase())), word);
    }
    return [];
  }
  if (/(?:\bfrom|\+)\s*$/.test(head)) return filterPrefix([...colorCompletions(false), ...nameReferences(syntax, "a Digimon by name (002 2-2-2)")], word, (i) => i.label.replace(/^\[/, ""));
  if (/\b(?:red|blue|yellow|green|black|purple|white)\s+$/i.test(head)) return filterPrefix(levels(), word);
  return [];
}

// ─── text boxes ─────────────────────────────────────────────────────────────

/** Token names whose spelling is not their name (the lexer's keyword table, grammar/dcg/tokens.ts). */
const SPELLING: Readonly<Record<string, string>> = {
  ItIs: "it's",
  ThatIs: "that's",
  ThereIs: "there's",
  Cant: "can't",
  Isnt: "isn't",
  Wasnt: "wasn't",
  Doesnt: "doesn't",
  Didnt: "didn't",
  YouHave: "you've",
  DigiEgg: "Digi-Egg",
  NonDigiEgg: "non-Digi-Egg",
  NonWhite: "non-white",
  DpBased: "DP-based",
  "Same-level": "same-level",
};

/** Words card text capitalises wherever they stand (card kinds and abbreviations). */
const PROPER = new Set(["Digimon", "Tamer", "Option", "DP", "DNA", "X", "Digi-Egg", "non-Digi-Egg", "DP-based"]);

/**
 * The verbs of DCG card text (grammar/dcg/tokens.ts, "Verbs", base forms): a clause starts
 * with one ("Delete 1 of your opponent's Digimon", "Gain 1 memory").
 */
const VERBS = new Set(
  "Play Delete Place Add Suspend Unsuspend Reveal Return Activate Gain Get Lose Reduce Decrease Draw Digivolve Use Choose Prevent Give Pay Switch Look Shuffle Search Change Hatch Treat Include Set Make Allows Trigger Block Survives Performs Checks Force Move Enters Comes Leaving Ignoring Meeting Share Recycle Trash".split(" "),
);

/** The DCG keyword token types by name ("W_Delete" → "Delete"): the words the grammar names. */
const WORD_OF_TOKEN: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const t of new Set(DCG_KEYWORDS.values())) {
    const name = t.name.slice(2);
    m.set(t.name, SPELLING[name] ?? name);
  }
  return m;
})();

/** Longest run of tokens, since the start of a sentence, whose next words are read from the grammar. */
const MAX_ASSIST_TOKENS = 120;

/** Tokens after which a sentence starts (a clause start is capitalised). */
const SENTENCE_OPENERS = new Set(["Period", "Bullet", "Colon", "Reminder", "OncePerTurn", "TwicePerTurn", "DigiXros", "Quote"]);

/** What {@link completeDcgText} gives: the items, and where bracket items start (null: at the word being typed). */
export interface DcgTextCompletions {
  items: Completion[];
  /** The index of the value where an item's replacement starts ("[" or "<"), or null. */
  from: number | null;
  /** The closing character after the cursor an item's replacement also takes, if there ("]"). */
  closer: string | null;
}

/**
 * Completions in a DCG text box, the value up to the cursor given:
 * - after an open `[`: the timing tags, `[Once Per Turn]`, `[Twice Per Turn]`, `[DigiXros -2]`
 *   and the file's card names (`[Agumon]`, a name reference: 002 2-2-2), filtered by what was
 *   typed after the `[`;
 * - after an open `<`: the keyword effects of 002 chapter 12 with typical parameters;
 * - inside an unclosed parenthesis (reminder text, 002 12-2): nothing;
 * - elsewhere: what the DCG grammar accepts next in the unit being written (the tokens since
 *   the last line break or full stop), spelled as card text spells it — timing tags and
 *   keyword effects where a unit or clause may have them, card names where a `[Name]` may
 *   stand, and words, capitalised at the start of a sentence, verbs marked as verbs.
 */
export function completeDcgText(value: string, syntax: SetFileSyntax): DcgTextCompletions {
  const bracket = /\[([^[\]\n]*)$/.exec(value);
  if (bracket) {
    const typed = bracket[1]!;
    const names = nameReferences(syntax, "name reference (002 2-2-2)");
    const items = [...TIMING_ENTRIES, ...LIMIT_ENTRIES, DIGIXROS_ENTRY].map(entryCompletion);
    const key = (i: Completion) => i.label.slice(1).replace(/^\s+/, "");
    return { items: filterPrefix([...items, ...names], typed.trimStart(), key), from: bracket.index, closer: "]" };
  }
  const angle = /<([^<>\n]*)$/.exec(value);
  if (angle) return { items: filterPrefix(KEYWORD_ENTRIES.map(entryCompletion), angle[1]!.trimStart(), (i) => i.label.slice(1)), from: angle.index, closer: ">" };
  const prefix = partialWord(value);
  const head = value.slice(0, value.length - prefix.length);
  const { tokens } = lexDcg(head);
  // Inside reminder text that is not closed yet: free text, nothing to offer.
  let depth = 0;
  for (const t of tokens) {
    if (t.tokenType.name === "LParen") depth++;
    else if (t.tokenType.name === "RParen") depth = Math.max(0, depth - 1);
  }
  if (depth > 0) return { items: [], from: null, closer: null };
  // The unit being written: after the last line break or top-level full stop.
  const cut = Math.max(head.lastIndexOf("\n"), lastTopPeriod(tokens));
  const mine = tokens.filter((t) => t.startOffset > cut);
  const start = mine.length === 0 || SENTENCE_OPENERS.has(mine[mine.length - 1]!.tokenType.name) || mine[mine.length - 1]!.tokenType.name.startsWith("T_") || mine[mine.length - 1]!.tokenType.name.startsWith("K_");
  const items: Completion[] = [];
  const add = (t: TokenType) => {
    const n = t.name;
    if (n === "TimingTok") for (const e of TIMING_ENTRIES) items.push(entryCompletion(e));
    else if (n.startsWith("T_")) {
      const e = TIMING_ENTRIES.find((x) => x.timing === n.slice(2));
      if (e) items.push(entryCompletion(e));
    } else if (n === "KeywordTok") for (const e of KEYWORD_ENTRIES) items.push(entryCompletion(e));
    else if (n.startsWith("K_")) {
      const e = KEYWORD_ENTRIES.find((x) => x.keyword === n.slice(2));
      if (e) items.push(entryCompletion(e));
    } else if (n === "OncePerTurn" || n === "TwicePerTurn") items.push(entryCompletion(LIMIT_ENTRIES[n === "OncePerTurn" ? 0 : 1]!));
    else if (n === "DigiXros") items.push(entryCompletion(DIGIXROS_ENTRY));
    else if (n === "NameRef") for (const c of nameReferences(syntax, "name reference (002 2-2-2)")) items.push(c);
    else if (n === "ColorWord") for (const c of colorCompletions(!start)) items.push(c);
    else {
      const w = WORD_OF_TOKEN.get(n);
      if (w !== undefined) items.push({ label: spell(w, start), kind: VERBS.has(w) ? "verb" : "keyword" });
    }
  };
  if (mine.length > MAX_ASSIST_TOKENS) {
    for (const t of new Set(DCG_KEYWORDS.values())) add(t);
  } else {
    for (const t of nextTokenTypes(dcgParser().getGAstProductions(), "box", mine)) add(t);
  }
  // A word being typed matches an item by its letters ("On" matches "[On Play]").
  return { items: filterPrefix(items, prefix, (i) => i.label.replace(/^[[<]/, "")), from: null, closer: null };
}

/** A word as card text writes it: capitalised at the start of a sentence, else lower case but for names of things. */
function spell(w: string, sentenceStart: boolean): string {
  if (PROPER.has(w)) return w;
  if (sentenceStart) return w[0]!.toUpperCase() + w.slice(1);
  return w.toLowerCase();
}

/** The offset of the last full stop outside parentheses, or -1. */
function lastTopPeriod(tokens: readonly IToken[]): number {
  let depth = 0;
  let at = -1;
  for (const t of tokens) {
    const n = t.tokenType.name;
    if (n === "LParen") depth++;
    else if (n === "RParen") depth = Math.max(0, depth - 1);
    else if (n === "Period" && depth === 0) at = t.startOffset;
  }
  return at;
}

// ─── layout ──────────────────────────────────────────────────────────────────
// One effect unit per line: compiler/print/dcg-layout.ts (the set-file printer applies it too).
export { layoutDcgUnits } from "../print/dcg-layout.ts";
