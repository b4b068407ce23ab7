/**
 * The DigiScript language service: pure functions over the text of one `.dgs` file, for
 * the playground and the CLI. No DOM, no file system. Every function serves the file's
 * ruleset: DBE and DMB sets, and DCG sets (`ruleset dcg`, `dcg.ts` and `glossary-dcg.ts`).
 *
 * - {@link diagnose}: every diagnostic of the file (reader, stats, card text, set-level),
 *   from the DBE checker or the DCG checker (`compiler/check/set.ts` routes the file).
 * - {@link complete}: what may come next at an offset — card-text keywords and verbs
 *   (computed from the ruleset's grammar), field keys, card names, types and levels; in a
 *   DCG set the DCG card keys, kinds, colours, forms, timing tags and keyword effects.
 * - {@link hover}: the rules' definition of the term under the cursor (`glossary.ts`; in a
 *   DCG set `glossary-dcg.ts`, citing 002 and 001).
 * - {@link format}: the canonical layout, through prettier and the `.dgs` plugin (a DCG set's
 *   text boxes one effect unit per line first: `layoutDcgUnits`).
 *
 * Sources: `docs/set-format.md` (fields and layout); `000_012504f4614e5b24.txt` (Glossary,
 * Attack Abilities and Anatomy of Cards for the words offered and explained);
 * `002_db81695f81018ea7.txt` and `001_9364978fb56838a3.txt` for DCG sets.
 */
import type { TokenType } from "chevrotain";
import { format as prettierFormat } from "prettier/standalone";
import { CARD_KEYS, lex, normalizeSource, normalizedOffset, originalOffset, parser, readSetFile, splitAttackLine } from "../../grammar/index.ts";
import { rulesetOfSource } from "../../grammar/setfile.ts";
import { KEYWORDS, KW } from "../../grammar/tokens.ts";
import type { FileDiagnostic } from "../api.ts";
import { checkSources, typesOf } from "../check/set.ts";
import { CARD_TIMINGS, MARKINGS } from "../../runtime/vocabulary.ts";
import plugin from "../prettier/plugin.ts";
import { bestMatch, filterPrefix, indentOf, lineInfo, nextTokenTypes, partialWord, textFieldOf, textValueBefore } from "./assist.ts";
import { completeDcg, layoutDcgUnits } from "./dcg.ts";
import { GLOSSARY, glossarySource } from "./glossary.ts";
import type { Completion, Hover } from "./types.ts";
import { DCG_GLOSSARY, dcgGlossaryMarkdown, dcgGlossarySource } from "./glossary-dcg.ts";

export { DMB_RULES_FILE, GLOSSARY, glossarySource, RULES_FILE, type GlossaryEntry } from "./glossary.ts";
export { DCG_GLOSSARY, DCG_GUIDE_FILE, DCG_MANUAL_FILE, DCG_RULES_FILE, dcgGlossaryMarkdown, dcgGlossarySource, type DcgGlossaryEntry } from "./glossary-dcg.ts";
export { completeDcgText, layoutDcgUnits, type DcgTextCompletions } from "./dcg.ts";
export type { Completion, Hover } from "./types.ts";

// ─── diagnose ──────────────────────────────────────────────────────────────

/**
 * All diagnostics of one `.dgs` text: the reader's, each card's stats and text, and the
 * set-level checks (duplicate set numbers, evo-box names the set lacks), sorted by position.
 * Source: `compiler/check/set.ts` (`checkSources` on a single source); `docs/set-format.md`.
 * @param text the file's text
 * @param file the path or label diagnostics carry
 * @param knownNames names of cards loaded beside the file (e.g. the bundled sets): evo-box names may name them
 */
export function diagnose(text: string, file = "<input>.dgs", knownNames: Iterable<string> = []): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  for (const set of checkSources([{ file, text }], { knownNames })) for (const d of set.diagnostics) out.push(d);
  return out.sort((a, b) => a.line - b.line || a.col - b.col || a.endLine - b.endLine || a.endCol - b.endCol);
}

// ─── DBE and DMB completion ────────────────────────────────────────────────

/** Keywords the canonical text writes in lower case. */
const LOWER = new Set(
  "Own Opponent His Both Each Players Is Has To By From In Of With The A All Any Per Same Different Than Less More Higher Below Above Least Until There Can Cannot Except This It Active Valid Top Bottom Random Instead Number Able Only Do Up As Equal Left On And Then Or Not Counts Card Hand Deck Area Zone Stack Name Cost Partner Shown Still Lost Done Instances Possible States Needed".split(" "),
);
/** Keywords that are verbs (Glossary; FAQ "Costs vs Effects"). */
const VERBS = new Set(
  "Boost Lower Recover Recode Corrupt Recycle Trash Static Take Attach Void Revive Set Flatten Delete Discard Draw Dark Evolve Downgrade Put Pay Ignore Enables Also Alias Double Halve Triple Multiply Change Swap Use Get Shuffle Return Reveal Make Flip Become Lose Requires".split(" "),
);
/** Canonical spellings that differ from the keyword's name. */
const SPELLING: Record<string, string> = { First: "1st", Second: "2nd", Per: "for", Times: "x", KO: "KO'd", Possessive: "'s" };

function keywordCompletion(t: TokenType): Completion | null {
  const name = t.name;
  if (!(name in KW) && name !== "Possessive") return null;
  const label = SPELLING[name] ?? (LOWER.has(name) ? name.toLowerCase() : name);
  return { label, kind: VERBS.has(name) ? "verb" : "keyword" };
}

const LEVEL_NAMES: Record<string, string> = { R: "Rookie", C: "Champion", U: "Ultimate", M: "Mega" };

function levelCompletions(): Completion[] {
  return Object.entries(LEVEL_NAMES).map(([l, name]) => ({ label: l, kind: "level" as const, detail: name }));
}

function typeCompletions(types: readonly string[]): Completion[] {
  return types.map((t) => ({ label: t, kind: "type" as const }));
}

/** Card names of the file, bare when they read back as one name, else quoted. */
function cardCompletions(text: string, quoteIfNeeded: boolean): Completion[] {
  const syntax = readSetFile("<input>.dgs", text);
  const seen = new Set<string>();
  const out: Completion[] = [];
  for (const c of syntax.cards) {
    if (seen.has(c.name)) continue;
    seen.add(c.name);
    // Bare only when every word reads as a plain name word (no keyword, no level letter).
    const bare = /^[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*)*$/.test(c.name) && c.name.split(" ").every((w) => !KEYWORDS.has(w.toLowerCase()) && !/^[RCUM]$/.test(w));
    out.push({ label: quoteIfNeeded && !bare ? JSON.stringify(c.name) : c.name, kind: "card", detail: c.setNumber });
  }
  return out;
}

/** Longest sentence, in tokens, whose next words completion reads from the grammar (printed sentences have under 40). */
const MAX_ASSIST_TOKENS = 120;

/** Completions inside card text (or an evo-box entry / attack ability, by `rule`). */
function completeCardText(before: string, rule: "text" | "evoEntry" | "abilityEntry", file: string, types: readonly string[]): Completion[] {
  const prefix = partialWord(before);
  const head = before.slice(0, before.length - prefix.length);
  // Typed-value contexts first: "type is …", "Change own type to …", "Access [", "level is …".
  if (/\b(?:type\s+is(?:\s+not)?|type\s+to|types?\s+are(?:\s+not)?|access\s*\[?)\s*$/i.test(head) || /\btype\s+is(?:\s+not)?\s+\w+\s+or\s+$/i.test(head)) {
    return filterPrefix(typeCompletions(types), prefix);
  }
  if (/\blevel\s+(?:is(?:\s+not)?\s+)?$/i.test(head) || /\blevel\s+is(?:\s+not)?\s+\w\s+or\s+$/i.test(head)) {
    return filterPrefix(levelCompletions(), prefix);
  }
  const lexed = lex(head).tokens;
  // Only the sentence being written: after the last full stop outside parentheses.
  let from = 0;
  let depth = 0;
  lexed.forEach((t, i) => {
    const n = t.tokenType.name;
    if (n === "LParen") depth++;
    else if (n === "RParen") depth = Math.max(0, depth - 1);
    else if (n === "Period" && depth === 0 && rule === "text") from = i + 1;
  });
  // A sentence far longer than any printed one: offer every keyword rather than walk the grammar.
  if (lexed.length - from > MAX_ASSIST_TOKENS) return filterPrefix([...new Set(Object.values(KW))].map(keywordCompletion).filter((c): c is Completion => c !== null), prefix);
  const next = nextTokenTypes(parser().getGAstProductions(), rule, lexed.slice(from));
  const out: Completion[] = [];
  let names = false;
  for (const t of next) {
    const c = keywordCompletion(t);
    if (c) out.push(c);
    else if (t.name === "Word" || t.name === "AnyWord" || t.name === "Quoted" || t.name === "Partial") names = true;
  }
  if (names) for (const c of cardCompletions(file, rule === "text")) out.push(c);
  return filterPrefix(out, prefix);
}

/**
 * Completions at an offset of a `.dgs` text:
 * - inside a `text:` field (and its continuation lines): the keywords and verbs the grammar
 *   accepts next in the current sentence, card names where a name may stand, type names
 *   after "type is", levels after "Level";
 * - at the start of an indented line: the field keys;
 * - after `type:`/`subtypes:` the set's types, after `level:` the levels, after `kind:`,
 *   `timing:`, `partner:`, `flip:` their values, after `evo:` card names and evo-box words,
 *   after `|` on an attack line the attack abilities;
 * - at the start of a top-level line: `set`, `ruleset`, `types`, `card`.
 * In a DCG set (`ruleset dcg`) the DCG card keys and values, timing tags, keyword effects and
 * the words of the DCG grammar instead (`dcg.ts`, `completeDcg`); an item that replaces more
 * than the word before the cursor (a `[On Pl` typed) carries its {@link Completion.span}.
 * Source: `docs/set-format.md`; `grammar/parser.ts` (the card-text grammar); for DCG sets
 * `grammar/dcg/parser.ts` and docs/set-format.md "DCG sets".
 * @param input the file's text (any line breaks; the offset is into it)
 * @param offset the cursor, 0…input.length
 */
export function complete(input: string, offset: number): Completion[] {
  // One view of the file for every reader (grammar/source.ts): LF line breaks, no BOM.
  const text = normalizeSource(input).text;
  const at = normalizedOffset(input, offset);
  const { lines, starts, index } = lineInfo(text, at);
  const line = lines[index]!.replace(/\r$/, "");
  const before = line.slice(0, at - starts[index]!);
  const syntax = readSetFile("<input>.dgs", text);
  if (syntax.ruleset === "dcg") {
    const items = completeDcg({ text, lines, starts, index, before, at, syntax });
    // Replacement ranges are offsets of the text as given (CR LF or a byte-order mark kept).
    return items.map((c) => (c.span ? { ...c, span: { start: originalOffset(input, c.span.start), end: originalOffset(input, c.span.end) } } : c));
  }
  const types = typesOf(syntax);

  const field = textFieldOf(lines, index, ["text"]);
  if (field !== null) {
    const value = textValueBefore(lines, field, index, before);
    if (value === null) return filterPrefix(fieldCompletions(), partialWord(before));
    return completeCardText(value, "text", text, types);
  }

  const indent = indentOf(before);
  if (indent === 0) {
    if (/^[a-z]*$/.test(before)) {
      return filterPrefix(
        [
          { label: "set", kind: "keyword", detail: "set <code> <name>" },
          { label: "ruleset", kind: "keyword", detail: "dbe | dmb | dcg" },
          { label: "types", kind: "keyword", detail: "the set's type vocabulary" },
          { label: "card", kind: "keyword", detail: "card <set number> <name>" },
        ],
        before,
      );
    }
    if (/^types\s/.test(before)) return filterPrefix(typeCompletions(types), partialWord(before));
    if (/^ruleset\s+\w*$/.test(before)) return filterPrefix([{ label: "dbe", kind: "keyword" }, { label: "dmb", kind: "keyword" }, { label: "dcg", kind: "keyword" }], partialWord(before));
    return [];
  }
  if (/^\s+[+a-z]*$/.test(before)) return filterPrefix(fieldCompletions(), before.trim());
  const fm = /^\s+([+a-z]+)\s*:\s?(.*)$/.exec(before);
  if (!fm) return [];
  const key = fm[1]!;
  const value = fm[2]!;
  const word = partialWord(value);
  switch (key) {
    case "type":
    case "subtypes":
      return filterPrefix(typeCompletions(types), word);
    case "level":
      return filterPrefix(levelCompletions(), word);
    case "kind": {
      const kinds: Completion[] = /^\s*\S+\s/.test(value)
        ? MARKINGS.map((m) => ({ label: m, kind: "keyword" as const, detail: "marking (Deck Construction)" }))
        : ["Digimon", "Option", "Evolution"].map((k) => ({ label: k, kind: "keyword" as const }));
      return filterPrefix(kinds, word);
    }
    case "timing":
      return filterPrefix(CARD_TIMINGS.map((t) => ({ label: t, kind: "keyword" as const, detail: "card timing (Anatomy of Cards item 13)" })), word);
    case "partner":
      return filterPrefix([{ label: "yes", kind: "keyword" }, { label: "no", kind: "keyword" }], word);
    case "flip":
      return filterPrefix(
        (/^\s*(Star|Moon)\s/i.test(value) ? ["initial"] : ["Star", "Moon"]).map((w) => ({ label: w, kind: "keyword" as const })),
        word,
      );
    case "evo":
      return completeCardText(value, "evoEntry", text, types);
    case "circle":
    case "triangle":
    case "cross": {
      const line = splitAttackLine(value);
      if (line.ability === null) return [];
      // Untrimmed at the end: a trailing blank decides what comes next.
      return completeCardText(value.slice(line.abilityAt), "abilityEntry", text, types);
    }
    default:
      return [];
  }
}

const FIELD_DETAILS: Record<string, string> = {
  kind: "Digimon | Option | Evolution, then markings",
  level: "R | C | U | M (Anatomy of Cards item 3)",
  type: "primary type (item 5)",
  subtypes: "subtypes bar (item 15)",
  dp: "DP cost (item 6)",
  "+p": "+P (item 7)",
  hp: "HP (item 9)",
  circle: "<attack name> <Power> [| <ability>] (items 10–11)",
  triangle: "<attack name> <Power> [| <ability>] (items 10–11)",
  cross: "<attack name> <Power> [| <ability>] (items 10–11)",
  evo: "one evo-box entry (item 8)",
  timing: "card timings (item 13)",
  partner: "yes | no",
  flip: "Star | Moon [initial]",
  text: "card text (item 14)",
};

function fieldCompletions(): Completion[] {
  return CARD_KEYS.map((k) => ({ label: k, kind: "field" as const, detail: FIELD_DETAILS[k] }));
}

// ─── hover ─────────────────────────────────────────────────────────────────

/**
 * The rules' definition of the glossary term under the cursor (the longest term that
 * covers it; an attack ability's meaning on the ability part of an attack line, the card
 * effect's meaning elsewhere), or null. Comment lines have no hover. In a DCG set the terms
 * are DCG's (`glossary-dcg.ts`): timing tags, keyword effects and the terms of card text and
 * card information, each with its 002 section and its 001 section where one exists.
 * Source: `000_012504f4614e5b24.txt`, Glossary, Attack Abilities and the sections each
 * entry of `glossary.ts` cites; for DCG sets `002_db81695f81018ea7.txt` and
 * `001_9364978fb56838a3.txt` as each entry of `glossary-dcg.ts` cites.
 * @param input the file's text (any line breaks; offsets and the returned span are into it)
 * @param offset the cursor, 0…input.length
 */
export function hover(input: string, offset: number): Hover | null {
  const text = normalizeSource(input).text;
  const at = normalizedOffset(input, offset);
  const { lines, starts, index } = lineInfo(text, at);
  const whole = lines[index]!;
  if (whole.trim().startsWith("#")) return null;
  // Glossary terms are short: look at a window around the cursor, not at a whole long line.
  const from = Math.max(0, at - starts[index]! - HOVER_WINDOW);
  const line = whole.slice(from, at - starts[index]! + HOVER_WINDOW);
  const lineStart = starts[index]! + from;
  const col = at - lineStart;
  const spanOf = (start: number, end: number) => ({ start: originalOffset(input, lineStart + start), end: originalOffset(input, lineStart + end) });
  if (rulesetOfSource(text) === "dcg") {
    const hit = bestMatch(DCG_GLOSSARY, line, col);
    if (!hit) return null;
    const span = spanOf(hit.start, hit.end);
    if (offset < span.start || offset > span.end) return null;
    return { term: hit.e.term, markdown: dcgGlossaryMarkdown(hit.e), source: dcgGlossarySource(hit.e), span };
  }
  const attack = /^\s+(?:circle|triangle|cross)\s*:/.exec(whole);
  const bar = whole.indexOf("|") - from;
  const context: "text" | "ability" = attack && bar >= -from && col > bar ? "ability" : "text";
  // Longer match, then context-specific entry, then case-sensitive pattern, then rules order.
  const hit = bestMatch(
    GLOSSARY.filter((e) => !e.context || e.context === context),
    line,
    col,
    (e) => (e.context ? 1 : 0),
  );
  if (!hit) return null;
  const { e, start, end } = hit;
  const source = glossarySource(e);
  const span = spanOf(start, end);
  // The cursor on a character the reader drops (a byte-order mark) hovers nothing.
  if (offset < span.start || offset > span.end) return null;
  return { term: e.term, markdown: `**${e.term}**\n\n${e.definition}\n\n*Source: ${source}*`, source, span };
}

/** Characters on each side of the cursor that {@link hover} looks at. */
const HOVER_WINDOW = 200;

// ─── format ────────────────────────────────────────────────────────────────

/**
 * Format a `.dgs` text in canonical layout with prettier and the `.dgs` plugin
 * (`compiler/prettier/plugin.ts`, which prints `printSetFile`'s output). Uses prettier's
 * standalone build: no file system, no configuration lookup. A DCG set's text boxes are
 * first laid out one effect unit per line ({@link layoutDcgUnits}); the words of every card
 * stay as written.
 * Source: `docs/set-format.md` (the layout, "DCG sets"); `compiler/print/setfile.ts`.
 * @throws Error when prettier fails (it does not on a `.dgs` text: the printer never throws)
 */
export async function format(text: string): Promise<string> {
  // Prettier keeps a byte-order mark it finds; the reader's normalisation drops it (and CRs).
  const normal = normalizeSource(text).text;
  const laid = rulesetOfSource(normal) === "dcg" ? layoutDcgUnits(normal) : normal;
  return prettierFormat(laid, { parser: "dgs", plugins: [plugin] });
}
