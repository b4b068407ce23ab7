/**
 * The DCG grammar's entry point: one text box of a DCG card (effect, inherited effect or
 * security effect) → its effect units as parsed, with diagnostics whose ranges are offsets
 * into the text given.
 *
 * As for DBE (`grammar/index.ts`), a box with any lexing or syntax error returns no units:
 * the parser never recovers, so nothing half-read is compiled. Source of the shapes:
 * `002_db81695f81018ea7.txt` chapters 10–12.
 */
import type { IRecognitionException, IToken } from "chevrotain";
import type { Diagnostic } from "../diagnostics.ts";
import { nearestDcgConstruct } from "./constructs.ts";
import { lexDcg } from "./lexer.ts";
import { TIMING_WORDS } from "./tokens.ts";
import { DcgParser, type DcgUnitSyn } from "./parser.ts";

export type { DcgUnitSyn } from "./parser.ts";
export { lexDcg } from "./lexer.ts";

let shared: DcgParser | null = null;

/** The shared DCG parser (built once: chevrotain's self-analysis takes ~200 ms). */
export function dcgParser(): DcgParser {
  shared ??= new DcgParser();
  return shared;
}

/** The result of {@link parseDcgBox}: the units, or null with at least one error. */
export interface DcgParseResult {
  units: DcgUnitSyn[] | null;
  diagnostics: Diagnostic[];
  tokens: IToken[];
}

/** What a designer would call the grammar rule an error happened in ("while reading …"). */
const RULE_WORDS: Record<string, string> = {
  unit: "an effect",
  head: "the timings of an effect",
  keywordLine: "a keyword effect",
  digixrosLine: "a DigiXros requirement",
  sentence: "a sentence",
  plainSentence: "a sentence",
  steps: "a sentence",
  clause: "a clause",
  verbPhrase: "a clause",
  objectAndArgs: "what the clause acts on",
  np: "which cards",
  npRest: "which cards",
  countedNp: "which cards",
  theNp: "which cards",
  condition: "a condition",
  event: "a trigger condition (\"When …\")",
  ifTail: "a condition (\"If …\")",
  untilTail: "a duration (\"until …\")",
  withTail: "a \"with …\" filter",
  argument: "a clause's details",
};

/** A token type as a designer would name it in "expected …". */
function tokenWords(t: IToken): string {
  if (t.tokenType.name === "EOF") return "the end of the text";
  return JSON.stringify(t.image);
}

function syntaxDiagnostic(text: string, e: IRecognitionException): Diagnostic {
  const t = e.token;
  const eof = t.tokenType.name === "EOF";
  const start = eof ? text.trimEnd().length : t.startOffset;
  const end = eof ? start : t.startOffset + t.image.length;
  const stack = e.context?.ruleStack ?? [];
  let where = "";
  for (let i = stack.length - 1; i >= 0; i--) {
    const w = RULE_WORDS[stack[i]!];
    if (w) {
      where = ` while reading ${w}`;
      break;
    }
  }
  // The sentence around the error, for the nearest construct a designer may have meant.
  const from = Math.max(text.lastIndexOf(".", start - 1), text.lastIndexOf("\n", start - 1)) + 1;
  const stop = text.indexOf(".", start);
  const sentence = text.slice(from, stop < 0 ? text.length : stop + 1).trim();
  const near = nearestDcgConstruct(sentence);
  const d: Diagnostic = {
    severity: "error",
    code: "syntax",
    message: `could not read ${eof ? "the text: it ends too early" : `${tokenWords(t)} here`}${where}`,
    span: { start, end: Math.max(end, start) },
  };
  // In the hint, as the DBE grammar gives its own (grammar/index.ts).
  if (near) d.hint = `nearest known construct: ${near.name}, e.g. "${near.example}" (${near.source})`;
  if (!eof) {
    // Two slips the nearest construct does not name: a timing written without its brackets at
    // the start of a sentence ("On Play Delete …"), and a thousands separator ("4,000 DP").
    // The sentence's first word, and a timing spelt from it: the error is in it or right after it.
    let s0 = from;
    while (s0 < start && /\s/.test(text[s0]!)) s0++;
    const timing = bareTimingAt(text, s0);
    if (timing !== null && start <= s0 + timing.length + 1) {
      const rest = text.slice(s0 + timing.length, stop < 0 ? text.length : stop + 1).trim();
      d.message = `could not read "${text.slice(s0, s0 + timing.length)}" here: "${timing}" is a timing, written in brackets (002 10-4-1)`;
      d.span = { start: s0, end: s0 + timing.length };
      // Not a "did you mean": an editor's quick fix replaces the range's first word with it.
      d.hint = `write it in brackets: "[${timing}] ${rest.length > 80 ? `${rest.slice(0, 80)}…` : rest}"`;
    } else if (t.image === "," && /\d$/.test(text.slice(0, start)) && /^\d{3}(?!\d)/.test(text.slice(end))) {
      const digits = /\d+$/.exec(text.slice(0, start))![0] + text.slice(end, end + 3);
      d.message += ": numbers in card text have no thousands separator";
      d.hint = `write it without the comma: "${digits}"`;
    }
  }
  return d;
}

/**
 * The timing tags of more than one word ({@link TIMING_WORDS}), longest first: a sentence that
 * starts with one, without brackets, is a timing whose brackets were left out. One-word tags
 * ("Main", "Trash", "Counter" …) are words a sentence may start with.
 */
const BARE_TIMINGS: readonly string[] = Object.values(TIMING_WORDS)
  .filter((w) => w.includes(" "))
  .sort((a, b) => b.length - a.length);

/** The timing tag `text` spells at `at` without brackets (any case, ’ for '), or null. */
function bareTimingAt(text: string, at: number): string | null {
  for (const w of BARE_TIMINGS) {
    const got = text.slice(at, at + w.length).replace(/’/g, "'");
    if (got.toLowerCase() === w.toLowerCase() && !/[A-Za-z]/.test(text[at + w.length] ?? "")) return w;
  }
  return null;
}

/**
 * Parse one text box of a DCG card.
 * @param text the box's text (units separated by line breaks or following one another)
 * @returns the units (null when any diagnostic is an error) and diagnostics with ranges into `text`
 */
export function parseDcgBox(text: string): DcgParseResult {
  const lexed = lexDcg(text);
  if (lexed.diagnostics.length > 0) return { units: null, diagnostics: lexed.diagnostics, tokens: lexed.tokens };
  if (lexed.tokens.length === 0) return { units: [], diagnostics: [], tokens: lexed.tokens };
  const p = dcgParser();
  p.setText(text);
  p.input = lexed.tokens;
  const units = p.box();
  if (p.errors.length > 0) return { units: null, diagnostics: [syntaxDiagnostic(text, p.errors[0]!)], tokens: lexed.tokens };
  // Keyword parameters that do not read (a colour that is not one, a specified card without a level).
  if (p.problems.length > 0) return { units: null, diagnostics: [...p.problems], tokens: lexed.tokens };
  return { units, diagnostics: [], tokens: lexed.tokens };
}
