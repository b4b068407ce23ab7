/**
 * DCG card text → IR: one text box of a card (effect, inherited effect or security effect)
 * parsed (grammar/dcg) and checked into effect units ({@link DcgEffect}).
 *
 * Checks beyond the grammar (each an error with the unit's or the tag's range):
 * - `[Security]` only in a security effect box or a Digimon's effect box (002 10-1-6; the
 *   dump's Digimon print their `[Security]` effect in the main box), never in an inherited one;
 * - `[Once Per Turn]`/`[Twice Per Turn]` only with a timing (002 4-15);
 * - a keyword line only of a keyword a card can have (002 12-1), not a performed one (`<Draw 1>`);
 * - a unit that says nothing (a head of timings without a sentence) is an error;
 * - a unit with no timing whose sentences do something once ("Delete …", "Gain 1 memory") is an
 *   error: with no timing it would be a constant effect (002 10-1-5), and a timing was left out;
 * - a sentence that ends on a word with no full stop is a warning ({@link missingFullStop});
 * - a reminder that says another number than its keyword is a warning ({@link reminderMismatches}).
 */
import type { Diagnostic } from "../../../grammar/diagnostics.ts";
import { parseDcgBox, type DcgUnitSyn } from "../../../grammar/dcg/index.ts";
import type { DcgBox, DcgEffect } from "../../../runtime/lang/dcg/ir.ts";

/** The result of {@link compileDcgText}: the effects, or diagnostics with ranges relative to `text`. */
export interface DcgTextResult {
  effects: DcgEffect[];
  diagnostics: Diagnostic[];
}

/**
 * A warning for a sentence that ends on a word, a number or a name in brackets with no full stop
 * after it ("… with 4000 DP or less" at the end of a box, or before the next timing): a sentence
 * ends with a full stop, as every printed card's does (docs/language-dcg.md, "A sentence"). A
 * warning, not an error (code `dcg-missing-full-stop`; DBE's `missing-full-stop` is an error):
 * the sentence reads the same either way, and the card pool as dumped holds 6 without one. A
 * sentence that ends in a reminder, a quote or a keyword (")", "\"", ">") is not one this asks of.
 * @param s the sentence's range in `text`
 */
function missingFullStop(text: string, s: { start: number; end: number }): Diagnostic | null {
  let end = s.end;
  while (end > s.start && /\s/.test(text[end - 1]!)) end--;
  if (end === s.start) return null;
  const last = text[end - 1]!;
  if (last !== "]" && !/[\p{L}\p{N}]/u.test(last)) return null;
  let next = s.end;
  while (next < text.length && /\s/.test(text[next]!)) next++;
  if (text[next] === ".") return null;
  // The last word, or the last name in brackets ("[Greymon]").
  let start = end - 1;
  if (last === "]") start = Math.max(s.start, text.lastIndexOf("[", end - 1));
  else while (start > s.start && /[\p{L}\p{N}'’-]/u.test(text[start - 1]!)) start--;
  const word = text.slice(start, end);
  return {
    severity: "warning",
    code: "dcg-missing-full-stop",
    message: `this sentence ends without a full stop: put "." after "${word.length > 40 ? `${word.slice(0, 40)}…` : word}"`,
    span: { start, end },
  };
}

/** Keywords that are performed, never had: a line of one alone is not a keyword line (002 12-8, 12-12, 12-14, 12-17). */
const PERFORMED = new Set(["draw", "deDigivolve", "recovery", "digiBurst", "delay"]);

/**
 * Verbs of actions done once, when an effect activates ("Delete", "Gain 1 memory", "Add … to
 * your hand", "Trash", "Play", "Suspend" …): never what a constant effect keeps in force (002
 * 10-1-5: a continuous effect changes what is true while it applies — DP, names, costs,
 * restrictions, permissions).
 */
const ONE_SHOT_VERBS: ReadonlySet<string> = new Set(["delete", "gainMemory", "loseMemory", "setMemory", "trash", "add", "return", "place", "play", "suspend", "unsuspend", "reveal", "search", "shuffle", "hatch", "dnaDigivolve", "activate"]);

/**
 * The first one-shot action of a unit's sentences ({@link ONE_SHOT_VERBS}, or a performed
 * keyword: "<Draw 1>"), as the range of its sentence; null when there is none. A prohibition
 * ("can't suspend") and a permission ("can unsuspend") are not actions.
 */
function oneShotSentence(u: DcgUnitSyn): { start: number; end: number } | null {
  for (const s of u.sentences)
    for (const st of s.steps) {
      if (st.kind === "clause" && ONE_SHOT_VERBS.has(st.verb) && !st.negated && !st.permission) return s.span;
      if (st.kind === "keywordAction" && PERFORMED.has(st.keyword.name)) return s.span;
    }
  return null;
}

function unitDiagnostics(u: DcgUnitSyn, text: string, box: DcgBox): Diagnostic[] {
  const out: Diagnostic[] = [];
  const span = u.span;
  for (const s of u.sentences) {
    const stop = missingFullStop(text, s.span);
    if (stop !== null) out.push(stop);
  }
  if (box === "inherited" && u.timings.includes("security")) {
    out.push({ severity: "error", code: "dcg-security-inherited", message: "an inherited effect cannot be a [Security] effect: security effects activate from the security stack (002 10-1-6)", span });
  }
  if (u.perTurn !== null && u.timings.length === 0) {
    out.push({ severity: "error", code: "dcg-per-turn-without-timing", message: `[${u.perTurn === 1 ? "Once" : "Twice"} Per Turn] limits an effect with a timing: put it after one, e.g. "[Your Turn] [Once Per Turn] …" (002 4-15)`, span });
  }
  if (u.keyword !== null && u.sentences.length === 0 && u.timings.length === 0 && PERFORMED.has(u.keyword.name)) {
    out.push({
      severity: "error",
      code: "dcg-keyword-not-had",
      message: `<${text.slice(u.keyword.span.start + 1, u.keyword.span.end - 1)}> is performed by an effect, not a keyword a card has: give it a timing, e.g. "[On Play] <…>" (002 12-1)`,
      span: u.keyword.span,
    });
  }
  // An effect with no timing reads as a constant effect (002 10-1-5), and an action done once
  // never is one: a timing was left out ("Delete 1 of …" written without "[On Play]"). The card
  // compiled, and only the runtime refused it, blaming itself.
  const firstLeads = u.sentences[0]?.leads ?? [];
  if (u.timings.length === 0 && u.keyword === null && u.digixros === null && !firstLeads.some((l) => l.kind === "when" || l.kind === "nextTime")) {
    const at = oneShotSentence(u);
    if (at !== null) {
      const said = text.slice(at.start, at.end).trim();
      const example = box === "security" ? "[Security]" : box === "inherited" ? "[When Attacking]" : "[On Play]";
      out.push({
        severity: "error",
        code: "dcg-missing-timing",
        message: `this effect has no timing, so it reads as a constant effect (002 10-1-5), but what it does is done once when an effect activates: start it with its timing (002 10-4-1), e.g. "${example} ${said.length > 60 ? `${said.slice(0, 60)}…` : said}"`,
        span: at,
        hint: box === "security" ? 'a security effect starts with "[Security]" (002 10-4-8)' : "the timing says when it happens: [On Play], [When Digivolving], [When Attacking], [Main], [Your Turn] …",
      });
    }
  }
  if (u.keyword === null && u.digixros === null && u.sentences.length === 0) {
    out.push({ severity: "error", code: "dcg-empty-effect", message: "this effect has timings but says nothing: write what it does after them", span });
  }
  return out;
}

/**
 * Compile one text box of a DCG card. Results are remembered by box and text (the language
 * service checks the whole set on every keystroke; an edit compiles one box again, not the
 * set's hundreds), so a result may be shared by every card with the same text: it must not be
 * changed. The result and its two lists are frozen; the effects in them are not (see
 * {@link shared}).
 * @param text the box's text (units on lines of their own or following one another)
 * @param box which box it is
 * @returns the effect units, or error diagnostics whose spans are offsets into `text`;
 *   a box with any error has no effects (nothing half-read is compiled)
 */
export function compileDcgText(text: string, box: DcgBox): DcgTextResult {
  if (text.trim() === "") return { effects: [], diagnostics: [] };
  // One map per box, keyed by the text itself: no key string made (and hashed) per call.
  const memo = memos[box];
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const r = shared(compileNow(text, box));
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, r);
  return r;
}

/**
 * Forget every compiled box: the next {@link compileDcgText} of any text compiles it again.
 * For a caller that must measure or observe compilation itself (a benchmark's rounds); the
 * results handed out before stay valid.
 */
export function forgetCompiledDcgTexts(): void {
  for (const box of Object.keys(memos) as DcgBox[]) memos[box].clear();
}

/**
 * A result made ready to share: the result and its lists of effects and diagnostics frozen, so
 * adding, removing or replacing an effect of a shared result throws. The effect units inside
 * are left as they are: freezing every object of a result made compiling a box 12 % slower
 * (A/B in one process, 21 alternating rounds over the card pool's 1,680 boxes: ×0.88 and
 * ×0.89 with only the result and its lists frozen), and nothing that reads them writes to
 * them. Under the test suite ({@link DEEP_FREEZE}) every object is frozen, so a write into a
 * shared result throws in any test that checks, emits or plays DCG cards.
 */
function shared(r: DcgTextResult): DcgTextResult {
  if (DEEP_FREEZE) return deepFreeze(r);
  Object.freeze(r.effects);
  Object.freeze(r.diagnostics);
  return Object.freeze(r);
}

/**
 * Whether shared results are frozen all through: set by the test suite
 * (`DIGISCRIPT_DEEP_FREEZE=1`, vitest.config.ts), never in the CLI, the service or the
 * playground (where `process` may not exist).
 */
const DEEP_FREEZE = typeof process !== "undefined" && process.env?.DIGISCRIPT_DEEP_FREEZE === "1";

/** Freeze an object and every object in it (arrays by index, objects by key); a frozen object is not walked again. */
function deepFreeze<T>(o: T): T {
  if (typeof o !== "object" || o === null || Object.isFrozen(o)) return o;
  Object.freeze(o);
  if (Array.isArray(o)) {
    for (let i = 0; i < o.length; i++) deepFreeze(o[i] as unknown);
  } else {
    for (const k in o) deepFreeze(o[k] as unknown);
  }
  return o;
}

/** Results of {@link compileDcgText} by box, then text (each bounded: cleared when full). */
const memos: Record<DcgBox, Map<string, DcgTextResult>> = { effect: new Map(), inherited: new Map(), security: new Map() };
const MEMO_SIZE = 8192;

/**
 * A keyword with a number, then its reminder in parentheses: `<Draw 2> (Draw 2 cards from your
 * deck)`. Only keywords whose reminder's first number is the keyword's (the card pool's every
 * one): a De-Digivolve reminder may name a level too.
 */
const NUMBERED_REMINDER = /<(Draw|Recovery|Security Attack)\s*([+\-−]?)(\d+)[^<>()]*(?:\([^<>()]*\))?[^<>()]*>\s*\(([^()]*)\)/gi;

/**
 * Warnings for a reminder that says another number than its keyword, or the other way for
 * `<Security Attack>` ("additional" for +, "fewer" for −): the reminder explains the keyword and
 * never changes it (002 12-2), so the card does what the keyword says, and one of the two is a
 * slip. A reminder with no number ("Place the top card …") says nothing to compare.
 */
function reminderMismatches(text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of text.matchAll(NUMBERED_REMINDER)) {
    const [whole, name, sign, digits, reminder] = m as unknown as [string, string, string, string, string];
    const n = Number(digits);
    const said = /\d+/.exec(reminder);
    const start = m.index! + whole.length - reminder.length - 2;
    const span = { start, end: m.index! + whole.length };
    const keyword = whole.slice(0, whole.indexOf(">") + 1);
    if (said !== null && Number(said[0]) !== n)
      out.push({ severity: "warning", code: "dcg-reminder-mismatch", message: `the reminder says ${said[0]} where ${keyword} says ${n}: a reminder explains its keyword and never changes it (002 12-2), so the card does what ${keyword} says`, span });
    else if (/^security attack$/i.test(name) && (sign === "-" || sign === "−" ? /\badditional\b/i : /\bfewer\b/i).test(reminder))
      out.push({ severity: "warning", code: "dcg-reminder-mismatch", message: `the reminder says "${sign === "-" || sign === "−" ? "additional" : "fewer"}" where ${keyword} says ${sign === "-" || sign === "−" ? "fewer" : "more"}: a reminder explains its keyword and never changes it (002 12-2)`, span });
  }
  return out;
}

function compileNow(text: string, box: DcgBox): DcgTextResult {
  const parsed = parseDcgBox(text);
  if (parsed.units === null) return { effects: [], diagnostics: parsed.diagnostics };
  const diagnostics: Diagnostic[] = reminderMismatches(text);
  const effects: DcgEffect[] = [];
  for (const u of parsed.units) {
    diagnostics.push(...unitDiagnostics(u, text, box));
    effects.push({ text: text.slice(u.span.start, u.span.end).trim(), box, timings: u.timings, perTurn: u.perTurn, keyword: u.keyword, digixros: u.digixros, sentences: u.sentences, span: u.span });
  }
  if (diagnostics.some((d) => d.severity === "error")) return { effects: [], diagnostics };
  return { effects, diagnostics };
}
