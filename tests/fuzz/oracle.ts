/**
 * The whole-file fuzz oracle ({@link checkWholeFile}): what must hold for any `.dgs` input
 * (tests/fuzz/wholefile.ts generates them). It throws a {@link Violation} — with a stable
 * `kind` for deduplication and a description — on the first property that fails.
 *
 * Per input (one to three files checked together):
 * 1. It is run through `checkSources` (compiler/check/set.ts); through every function of
 *    the language service (compiler/service/index.ts) on each file: `diagnose`, `complete`
 *    and `hover` at offset 0, the end and the input's random cursors (and, on deep inputs,
 *    just outside the text), and `format` (async, prettier); and through emission:
 *    `cardsModule` and `indexAndRegistry` for every checked set (compiler/emit/index.ts;
 *    string output, no files, no prettier), each module parsed with the TypeScript
 *    compiler API.
 * 2. No exception escapes any of them.
 * 3. Every diagnostic has a non-empty message, a known severity, a file that was given, and
 *    a range within that file's text (0 ≤ start ≤ end ≤ length, line/col/endLine/endCol
 *    whole numbers ≥ 1, start before end). Completions have a label and a known kind;
 *    a hover's range lies in the text and covers the cursor.
 * 4. A card with an error diagnostic inside its block is never compiled (ok = false, no
 *    effects; and no card with ok = false has effects), and never appears in the emitted
 *    cards module: the module declares exactly the compiled cards, in order, and their
 *    set numbers, names, texts and handler counts read back from its string literals.
 * 5. Determinism: `checkSources` on the same input twice in a row gives deep-equal
 *    results (`ms` ignored), and the first of the two follows a check of a different input
 *    (the `other` input), so state leaking from one parse into the next (parser, lexer,
 *    caches) shows as a difference. The other input is checked first, rather than in
 *    between, so that a failure reproduces from the pair alone (a third check then tells
 *    "differs after another input" from "differs from itself").
 * 6. Every call returns within {@link timeBound} of the size of its input
 *    (max({@link FLOOR_MS} ms, {@link US_PER_CHAR} µs × characters)): linear work stays far
 *    below it, quadratic work on a 100 KB line does not.
 * 7. Emitted TypeScript (cards, index, registry) parses without errors; no comment ends
 *    early (every comment token is followed by "\n" or the end: a lone \r, \u2028 or
 *    \u2029 in card text must not end a `//` comment); outside comments and string
 *    literals the code is printable ASCII and contains no sentence of card text; the
 *    top-level declarations are the imports plus the compiled cards' identifiers and `all`,
 *    all distinct (an identifier such as `act` or `all` must not clash); the index reads
 *    back the set's code and name; and the set's output folder (`setDir`) is one safe path
 *    component (not `.`/`..`, no slash, no device name), different for every set of the
 *    input even on a case-insensitive file system (unless the compiler refuses those sets).
 *
 * The slow checks — `format`, `indexAndRegistry`, and prettier over the emitted modules — run only on inputs whose
 * `deep` flag is set (about 1 in 10; the flag is drawn by the generator, so a replay
 * repeats it); everything else runs on every input.
 */
import ts from "typescript";
import { checkSources, NO_SET } from "../../compiler/check/set.ts";
import { complete, diagnose, format, hover } from "../../compiler/service/index.ts";
import { cardIdent, cardsModule, indexAndRegistry, setDir } from "../../compiler/emit/index.ts";
import * as prettier from "prettier";
import { PRETTIER_TS } from "../../compiler/emit/prettier-options.ts";
import type { CheckedSet, FileDiagnostic, SourceFile } from "../../compiler/api.ts";
import type { WholeFileInput } from "./wholefile.ts";
import { exceptionKind, Violation } from "./violation.ts";

export { exceptionKind, failureKind, Violation } from "./violation.ts";

/** The floor of the time bound, in ms (covers warm-up, GC pauses and a busy machine). */
export const FLOOR_MS = 500;
/** The time bound's allowance per input character, in µs (50–100× what linear work needs). */
export const US_PER_CHAR = 25;

/** The time a call on `size` characters may take, in ms. */
export function timeBound(size: number): number {
  return Math.max(FLOOR_MS, (US_PER_CHAR * size) / 1000);
}

/** When false, calls are not timed (for the warm-up). */
let timing = true;

/** Runtime import path the emitted modules are generated with. */
const RUNTIME = "../../runtime";

function sizeNote(size: number): string {
  return `${size.toLocaleString("en-US")} characters`;
}

/** Run `f` as call `what` on `size` characters: exceptions and overtime become violations. */
function timed<T>(what: string, size: number, f: () => T): T {
  const t0 = performance.now();
  let r: T;
  try {
    r = f();
  } catch (e) {
    if (e instanceof Violation) throw e;
    throw new Violation(`throws: ${what}: ${exceptionKind(e)}`, `${what} threw on an input of ${sizeNote(size)}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, { cause: e });
  }
  overtime(what, size, performance.now() - t0);
  return r;
}

/** {@link timed} for an async call. */
async function timedAsync<T>(what: string, size: number, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  let r: T;
  try {
    r = await f();
  } catch (e) {
    throw new Violation(`throws: ${what}: ${exceptionKind(e)}`, `${what} threw on an input of ${sizeNote(size)}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, { cause: e });
  }
  overtime(what, size, performance.now() - t0);
  return r;
}

/** Calls made and time spent per call name (the per-call part of `what`), for the runner's report. */
export const callTimes = new Map<string, { calls: number; ms: number }>();

function overtime(what: string, size: number, ms: number): void {
  const t = callTimes.get(what);
  if (t) {
    t.calls++;
    t.ms += ms;
  } else callTimes.set(what, { calls: 1, ms });
  if (timing && ms > timeBound(size)) {
    throw new Violation(`slow: ${what}`, `${what} took ${Math.round(ms).toLocaleString("en-US")} ms on an input of ${sizeNote(size)} (bound ${Math.round(timeBound(size)).toLocaleString("en-US")} ms)`);
  }
}

function show(x: unknown): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

// ─── diagnostics ───────────────────────────────────────────────────────────

const isCount = (n: unknown, min: number): boolean => Number.isInteger(n) && (n as number) >= min;

/** Property 3 for file diagnostics: message, severity, file, range and line/column. */
function checkDiagnostics(where: string, diags: readonly FileDiagnostic[], texts: ReadonlyMap<string, string>): void {
  if (!Array.isArray(diags)) throw new Violation(`diagnostic: ${where}: not an array`, show(diags));
  for (const d of diags) {
    if (typeof d.message !== "string" || d.message.trim() === "") throw new Violation(`diagnostic: ${where}: empty message`, show(d));
    if (d.severity !== "error" && d.severity !== "warning") throw new Violation(`diagnostic: ${where}: unknown severity`, show(d));
    const text = texts.get(d.file);
    if (text === undefined) throw new Violation(`diagnostic: ${where}: unknown file`, show(d));
    const { start, end } = d.span ?? ({} as { start?: number; end?: number });
    if (!isCount(start, 0) || !isCount(end, 0) || start! > end! || end! > text.length) {
      throw new Violation(`diagnostic: ${where}: range outside the text`, `range must satisfy 0 ≤ start ≤ end ≤ ${text.length}: ${show(d)}`);
    }
    for (const k of ["line", "col", "endLine", "endCol"] as const) {
      if (!isCount(d[k], 1)) throw new Violation(`diagnostic: ${where}: ${k} < 1`, show(d));
    }
    if (d.endLine < d.line || (d.endLine === d.line && d.endCol < d.col)) throw new Violation(`diagnostic: ${where}: end before start`, show(d));
  }
}

// ─── checkSources ──────────────────────────────────────────────────────────

/** Properties 3 and 4 on checked sets. */
function checkSets(sets: readonly CheckedSet[], input: WholeFileInput): void {
  const texts = new Map(input.files.map((f) => [f.file, f.text]));
  for (const set of sets) {
    checkDiagnostics("checkSources", set.diagnostics, texts);
    for (const c of set.cards) {
      if (!texts.has(c.file)) throw new Violation("checkSources: card of an unknown file", show({ file: c.file, setNumber: c.stats.setNumber }));
      if (!c.ok && c.effects.length > 0) throw new Violation("card: ok = false but has effects", `card ${show(c.stats.setNumber)} (${c.file}) has ok = false and ${c.effects.length} effects`);
      const err = set.diagnostics.find((d) => d.severity === "error" && d.file === c.file && d.span.start >= c.span.start && d.span.start <= c.span.end);
      if (err && c.ok) throw new Violation("card: compiled despite an error", `card ${show(c.stats.setNumber)} (${c.file}) has ok = true, but its block has the error ${show(err)}`);
    }
  }
}

/** The sets without their timings, for comparison. */
function untimed(sets: readonly CheckedSet[]): unknown[] {
  return sets.map((s) => ({ ...s, ms: 0 }));
}

/** The path to the first difference between two plain values, or null when deep-equal. */
export function firstDifference(a: unknown, b: unknown, path = "$"): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return `${path}: ${show(a)} ≠ ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return `${path}: keys ${show(ka)} ≠ ${show(kb)}`;
  for (const k of ka) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

// ─── language service ──────────────────────────────────────────────────────

const COMPLETION_KINDS = new Set(["keyword", "verb", "card", "type", "level", "field"]);

/** The cursor offsets tried on a text: 0, the end and the input's cursors; on deep inputs also just outside the text. */
function cursorsFor(text: string, input: WholeFileInput): number[] {
  const outside = input.deep ? [-1, text.length + 1] : [];
  return [...new Set([0, text.length, ...input.cursors.map((c) => c % (text.length + 1)), ...outside])];
}

async function checkService(f: SourceFile, input: WholeFileInput): Promise<void> {
  const { text, file } = f;
  const n = text.length;
  const diags = timed("diagnose", n, () => diagnose(text, file));
  checkDiagnostics("diagnose", diags, new Map([[file, text]]));
  for (const at of cursorsFor(text, input)) {
    const items = timed(`complete`, n, () => complete(text, at));
    if (!Array.isArray(items)) throw new Violation("complete: not an array", show(items));
    for (const c of items) {
      if (typeof c?.label !== "string" || !COMPLETION_KINDS.has(c.kind)) throw new Violation("complete: malformed completion", `at ${at}: ${show(c)}`);
    }
    const h = timed(`hover`, n, () => hover(text, at));
    if (h !== null) {
      const clamped = Math.max(0, Math.min(at, n));
      if (typeof h.term !== "string" || h.term === "" || typeof h.markdown !== "string" || h.markdown === "") throw new Violation("hover: malformed", `at ${at}: ${show(h)}`);
      if (!isCount(h.span?.start, 0) || !isCount(h.span?.end, 0) || h.span.end > n || !(h.span.start <= clamped && clamped < h.span.end)) {
        throw new Violation("hover: range outside the text or not at the cursor", `at ${at} (text length ${n}): span ${show(h.span)}`);
      }
    }
  }
  if (input.deep) {
    const out = await timedAsync("format", n, () => format(text));
    if (typeof out !== "string") throw new Violation("format: not a string", show(out));
  }
}

// ─── emission ──────────────────────────────────────────────────────────────

/** Parse a TypeScript source; its syntax errors (the parser's own diagnostics, as in tests/escaping.test.ts). */
export function parseTs(file: string, source: string): { sf: ts.SourceFile; errors: string[] } {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const diags = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  return { sf, errors: diags.map((d) => `${d.start ?? "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`) };
}

/**
 * The code of a TypeScript source with comments and string literals blanked out, and the
 * comments that end before a "\n" or the end of the text (a line comment the scanner ended
 * at \r, \u2028 or \u2029 lets the rest of its line escape into the code).
 */
export function scanCode(source: string): { code: string; earlyEnds: string[] } {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, source);
  let code = "";
  const earlyEnds: string[] = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    const text = scanner.getTokenText();
    const end = scanner.getTokenEnd();
    if (t === ts.SyntaxKind.SingleLineCommentTrivia || t === ts.SyntaxKind.MultiLineCommentTrivia) {
      if (end < source.length && source[end] !== "\n") earlyEnds.push(`${text.slice(0, 80)} ⟨then ${show(source.slice(end, end + 40))}⟩`);
      code += " ";
    } else if (t === ts.SyntaxKind.StringLiteral || t === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      code += '""';
    } else code += text;
  }
  return { code, earlyEnds };
}

/**
 * Property 7 on one generated module: parse, comments, code outside literals. Parsing and
 * scanning are timed against the size of the `.dgs` input (`size`), so output that grows
 * faster than its input shows as slow.
 */
function checkModuleText(what: string, source: string, sentences: readonly string[], size: number): ts.SourceFile {
  // Comments first: a comment that ends early is the cause of the syntax errors that follow.
  const { code, earlyEnds } = timed(`scan ${what}`, size, () => scanCode(source));
  if (earlyEnds.length > 0) throw new Violation(`emit: ${what}: a comment ends early`, earlyEnds[0]!);
  const { sf, errors } = timed(`parse ${what}`, size, () => parseTs(what, source));
  if (errors.length > 0) throw new Violation(`emit: ${what} does not parse`, `${errors.slice(0, 3).join("; ")}\n--- ${what} ---\n${source.slice(0, 3000)}`);
  const bad = /[^\n\x20-\x7e]/.exec(code);
  if (bad) throw new Violation(`emit: ${what}: non-ASCII or control character in code`, `${show(bad[0])} in ${show(code.slice(Math.max(0, bad.index - 60), bad.index + 60))}`);
  for (const s of sentences) if (code.includes(s)) throw new Violation(`emit: ${what}: card text in code`, `${show(s)} appears outside comments and strings`);
  return sf;
}

function prop(o: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of o.properties) if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  return undefined;
}

function literal(e: ts.Expression | undefined): string | undefined {
  return e && ts.isStringLiteral(e) ? e.text : undefined;
}

/** Top-level declared names of a module: imported bindings and variables, in order. */
function declarations(sf: ts.SourceFile, what: string): { imports: string[]; vars: ts.VariableDeclaration[] } {
  const imports: string[] = [];
  const vars: ts.VariableDeclaration[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const cl = st.importClause;
      if (cl?.name) imports.push(cl.name.text);
      if (cl?.namedBindings && ts.isNamedImports(cl.namedBindings)) for (const el of cl.namedBindings.elements) imports.push(el.name.text);
    } else if (ts.isVariableStatement(st)) {
      vars.push(...st.declarationList.declarations);
    } else if (!ts.isExportAssignment(st)) {
      throw new Violation(`emit: ${what}: unexpected top-level statement`, `${ts.SyntaxKind[st.kind]}: ${show(st.getText(sf).slice(0, 200))}`);
    }
  }
  return { imports, vars };
}

/** Properties 4 and 7 on a set's cards module. */
function checkCardsModule(set: CheckedSet, size: number): void {
  const ok = set.cards.filter((c) => c.ok);
  const src = timed("cardsModule", size, () => cardsModule(set, RUNTIME));
  const sentences = ok.flatMap((c) => c.effects.map((e) => e.text.trim())).filter((s) => s.length >= 10 && /\s/.test(s) && /\p{L}/u.test(s));
  const sf = checkModuleText("cards.ts", src, sentences, size);
  const { imports, vars } = declarations(sf, "cards.ts");
  const names = [...imports, ...vars.map((v) => (ts.isIdentifier(v.name) ? v.name.text : "?"))];
  const dup = names.find((x, i) => names.indexOf(x) !== i);
  if (dup !== undefined) throw new Violation("emit: cards.ts: an identifier is declared twice", `${show(dup)} among ${show(names.slice(0, 40))}`);
  const want = [...ok.map(cardIdent), "all"];
  const got = vars.map((v) => (ts.isIdentifier(v.name) ? v.name.text : "?"));
  const diff = firstDifference(got, want);
  if (diff) throw new Violation("emit: cards.ts: declared cards differ from the compiled cards", `declared ${show(got.slice(0, 30))}, compiled ${show(want.slice(0, 30))} (${diff})`);
  ok.forEach((c, i) => {
    const init = vars[i]!.initializer;
    if (!init || !ts.isObjectLiteralExpression(init)) throw new Violation("emit: cards.ts: card is not an object literal", want[i]!);
    const statsCall = prop(init, "stats");
    const statsObj = statsCall && ts.isCallExpression(statsCall) ? statsCall.arguments[0] : undefined;
    const handlers = prop(init, "handlers");
    const read = {
      setNumber: statsObj && ts.isObjectLiteralExpression(statsObj) ? literal(prop(statsObj, "setNumber")) : undefined,
      name: statsObj && ts.isObjectLiteralExpression(statsObj) ? literal(prop(statsObj, "name")) : undefined,
      text: literal(prop(init, "text")),
      handlers: handlers && ts.isArrayLiteralExpression(handlers) ? handlers.elements.length : undefined,
    };
    const d = firstDifference(read, { setNumber: c.stats.setNumber, name: c.stats.name, text: c.text, handlers: c.effects.length });
    if (d) throw new Violation("emit: cards.ts: a card does not read back", `${want[i]}: ${d}`);
  });
  const all = vars[vars.length - 1]!.initializer;
  const listed = all && ts.isArrayLiteralExpression(all) ? all.elements.map((e) => (ts.isIdentifier(e) ? e.text : "?")) : null;
  const d = firstDifference(listed, want.slice(0, -1));
  if (d) throw new Violation("emit: cards.ts: `all` does not list the compiled cards", d);
}

/**
 * The emitted modules are in their final layout: prettier (the judge) leaves them unchanged
 * (compiler/emit/js.ts). Deep inputs only: prettier is slow.
 */
async function checkLayout(set: CheckedSet, size: number): Promise<void> {
  const files = { "cards.ts": cardsModule(set, RUNTIME), ...indexAndRegistry(set, RUNTIME) };
  for (const [name, text] of Object.entries(files)) {
    // Bounded by what prettier formats (an emitted module: a handler line per sentence, the
    // card text beside it), not by the input, which may be many times smaller.
    const formatted = await timedAsync("prettier", Math.max(size, text.length), () => prettier.format(text, PRETTIER_TS));
    if (formatted !== text) {
      const a = text.split("\n");
      const b = formatted.split("\n");
      const i = a.findIndex((l, k) => l !== b[k]);
      throw new Violation("emit: not in prettier's layout", `${name} line ${i + 1}: emitted ${show(a[i] ?? "")}, prettier ${show(b[i] ?? "")}`);
    }
  }
}

/** Property 7 on a set's index and registry. */
function checkIndexAndRegistry(set: CheckedSet, size: number): void {
  const { index, registry } = timed("indexAndRegistry", size, () => indexAndRegistry(set, RUNTIME));
  const isf = checkModuleText("index.ts", index, [], size);
  const iv = declarations(isf, "index.ts").vars;
  const init = iv.find((v) => ts.isIdentifier(v.name) && v.name.text === "set")?.initializer;
  const read = init && ts.isObjectLiteralExpression(init) ? { code: literal(prop(init, "code")), name: literal(prop(init, "name")), ruleset: literal(prop(init, "ruleset")) } : null;
  const d = firstDifference(read, { code: set.code, name: set.name, ruleset: set.ruleset });
  if (d) throw new Violation("emit: index.ts: the set does not read back", d);
  const rsf = checkModuleText("registry.ts", registry, [], size);
  const rv = declarations(rsf, "registry.ts").vars.map((v) => (ts.isIdentifier(v.name) ? v.name.text : "?"));
  if (rv.join() !== "registry") throw new Violation("emit: registry.ts: unexpected declarations", show(rv));
}

/**
 * Output folders: one safe path component per set (not empty, `.` or `..`, no slash,
 * backslash or NUL, not a Windows device name), and different for every set, even on a
 * case-insensitive file system — unless the compiler refuses the sets that would share one
 * (an error on each, no card compiled).
 */
function checkFolders(sets: readonly CheckedSet[], size: number): void {
  const byFolder = new Map<string, CheckedSet[]>();
  for (const s of sets) {
    if (s.code === NO_SET) continue;
    const dir = timed("setDir", size, () => setDir(s.code));
    if (dir === "" || dir === "." || dir === ".." || /[/\\\0]/.test(dir) || /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i.test(dir)) {
      throw new Violation("emit: unsafe set folder", `set code ${show(s.code)} → folder ${show(dir)}`);
    }
    const key = dir.toLowerCase();
    byFolder.set(key, [...(byFolder.get(key) ?? []), s]);
  }
  for (const group of byFolder.values()) {
    if (group.length < 2) continue;
    const refused = (s: CheckedSet) => s.diagnostics.some((d) => d.severity === "error") && s.cards.every((c) => !c.ok);
    if (!group.every(refused)) {
      throw new Violation("emit: two sets share a folder", `set codes ${group.map((s) => show(s.code)).join(" and ")} → folder ${show(setDir(group[0]!.code))} (case-insensitively), and not both refused`);
    }
  }
}

// ─── the property ──────────────────────────────────────────────────────────

/** Total characters of an input. */
export function inputSize(input: WholeFileInput): number {
  return input.files.reduce((n, f) => n + f.text.length, 0);
}

/**
 * The whole-file fuzz property (see the module comment). Resolves when every property
 * holds; rejects with a {@link Violation} otherwise.
 * @param input the input under test
 * @param other a different input, checked in between two checks of `input` (its own
 *   exceptions are ignored here: it is tested as `input` in other runs)
 */
export async function checkWholeFile(input: WholeFileInput, other: WholeFileInput): Promise<void> {
  const size = inputSize(input);
  // The other input first, so that the first check of `input` follows it: a difference
  // between that check and the next one is reproducible from the pair alone.
  try {
    checkSources(other.files);
  } catch {
    // tested on its own elsewhere; what matters here is the state it leaves behind
  }
  const first = timed("checkSources", size, () => checkSources(input.files));
  checkSets(first, input);
  const again = timed("checkSources", size, () => checkSources(input.files));
  const d1 = firstDifference(untimed(first), untimed(again));
  if (d1) {
    // Which one: does the input differ from itself (a third check), or only after the other input?
    const third = checkSources(input.files);
    const d2 = firstDifference(untimed(again), untimed(third));
    if (d2) throw new Violation("nondeterministic: checkSources twice", `two checks in a row differ: ${d2}`);
    throw new Violation("nondeterministic: checkSources after another input", `the check right after the other input differs from the checks after it: ${d1}`);
  }

  checkFolders(first, size);
  for (const set of first) {
    checkCardsModule(set, size);
    if (input.deep) {
      checkIndexAndRegistry(set, size);
      await checkLayout(set, size);
    }
  }
  for (const f of input.files) await checkService(f, input);
}

/**
 * Run the oracle once on real inputs without timing, so that one-off start-up costs
 * (chevrotain's self-analysis, prettier, the TypeScript parser) do not count
 * against the first fuzz input.
 */
export async function warmUp(samples: readonly WholeFileInput[]): Promise<void> {
  timing = false;
  try {
    for (const s of samples) {
      try {
        await checkWholeFile(s, s);
      } catch {
        // the warm-up only loads code; the fuzz run reports failures
      }
    }
  } finally {
    timing = true;
  }
}
