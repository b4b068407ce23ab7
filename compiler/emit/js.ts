/**
 * The expressions generated code is made of, and their layout: a small tree of literals,
 * calls, object and array literals and argument-less arrow functions, printed directly in
 * the layout prettier gives them (printWidth 100, two-space indent, double quotes, trailing
 * commas, bracket spacing), so emission needs no second formatting pass. Prettier stays the
 * judge: a test formats the emitted output of every bundled set and the corpus with prettier
 * and asserts it is unchanged.
 *
 * The rules below mirror prettier 3's printer for exactly these node kinds:
 * - a group (object, array, call arguments, arrow body) stays on one line when it fits
 *   with the text that follows it up to the next line break, else breaks;
 * - an object breaks into one property per line (prettier keeps such an object broken:
 *   objectWrap "preserve"); an array into one element per line, and always when it has
 *   comments or when all its elements are objects (or arrays) with more than one entry;
 * - a call whose last argument is an object or array "hugs" it — `f(a, {` … `})` — when
 *   the line up to the bracket fits, else puts every argument on its own line;
 * - an object property keeps its value on the key's line ("fluid", or "never break" for
 *   short keys and numbers), except a string (or a call with one short argument) that does
 *   not fit, which moves to the next line ("break after operator");
 * - string literals take the quote that needs fewer escapes (double on a tie).
 * Widths count as prettier counts them (East Asian wide characters and emoji as 2).
 */
import * as standalone from "prettier/standalone";

/** Prettier's own width measure (its standalone build exports `util`; its types leave it out). */
const getStringWidth = (standalone as unknown as { util: { getStringWidth(s: string): number } }).util.getStringWidth;

/** The line width of generated code. */
export const PRINT_WIDTH = 100;

/** An expression of generated code. Flat widths and forced breaks are memoised on the node. */
export type Js =
  | { k: "raw"; s: string; w?: number; f?: boolean }
  | { k: "str"; v: string; p?: string; w?: number; f?: boolean }
  | { k: "call"; fn: string; args: Js[]; w?: number; f?: boolean }
  | { k: "obj"; props: [string, Js][]; w?: number; f?: boolean }
  | { k: "arr"; items: Js[]; comments?: (string | null)[]; w?: number; f?: boolean }
  | { k: "arrow"; body: Js; w?: number; f?: boolean };

/**
 * A node with every field of every kind, in one order: all nodes share one hidden class, so
 * the printer's reads of `k`, `w` and `f` stay monomorphic (six shapes, and more as the
 * memoised fields are added, made them megamorphic: a third of the printing time).
 */
function node(k: Js["k"], s: string | undefined, v: string | undefined, fn: string | undefined, args: Js[] | undefined, props: [string, Js][] | undefined, items: Js[] | undefined, comments: (string | null)[] | undefined, body: Js | undefined): Js {
  return { k, s, v, p: undefined, fn, args, props, items, comments, body, w: undefined, f: undefined } as unknown as Js;
}

/** An identifier, number or keyword, printed as is. */
export const raw = (s: string): Js => node("raw", s, undefined, undefined, undefined, undefined, undefined, undefined, undefined);
/** A string value (quoted when printed). */
export const str = (v: string): Js => node("str", undefined, v, undefined, undefined, undefined, undefined, undefined, undefined);
/** A call `fn(args)`. */
export const call = (fn: string, ...args: Js[]): Js => node("call", undefined, undefined, fn, args, undefined, undefined, undefined, undefined);
/** An object literal; keys are printed as given (identifiers, or quoted by the caller). */
export const obj = (props: [string, Js][]): Js => node("obj", undefined, undefined, undefined, undefined, props, undefined, undefined, undefined);
/** An array literal; `comments[i]` is a line comment printed above item i. */
export const arr = (items: Js[], comments?: (string | null)[]): Js => node("arr", undefined, undefined, undefined, undefined, undefined, items, comments, undefined);
/** `() => body`. */
export const arrow = (body: Js): Js => node("arrow", undefined, undefined, undefined, undefined, undefined, undefined, undefined, body);

const NOT_ASCII = /[^\x20-\x7e]/;
/** What makes a string literal more than its text between double quotes (JSON.stringify escapes or a quote). */
const NEEDS_ESCAPE = /["'\\\x00-\x1f\ud800-\udfff]/;

/** Display width of text as prettier measures it. */
export function textWidth(s: string): number {
  // A loop over the code units for the short texts most calls measure (keys, names, numbers).
  if (s.length <= 32) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return getStringWidth(s);
    }
    return s.length;
  }
  return NOT_ASCII.test(s) ? getStringWidth(s) : s.length;
}

/**
 * A string literal as prettier prints it: double quotes unless the text holds more double
 * than single quotes; only the enclosing quote escaped; other escapes as JSON writes them.
 */
export function quote(value: string): string {
  // Most strings need no escape at all: no quote, backslash, control character or surrogate.
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  const rawContent = JSON.stringify(value).slice(1, -1);
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < rawContent.length; i++) {
    const c = rawContent.charCodeAt(i);
    if (c === 34) doubles++;
    else if (c === 39) singles++;
  }
  const q = doubles > singles ? "'" : '"';
  if (doubles === 0 && singles === 0) return `"${rawContent}"`;
  const other = q === '"' ? "'" : '"';
  const body = rawContent.replace(/\\(.)|(["'])/gsu, (_m, escaped: string | undefined, qt: string | undefined) => {
    if (escaped === other) return escaped;
    if (qt === q) return `\\${qt}`;
    if (qt) return qt;
    return /^[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]$/u.test(escaped!) ? escaped! : `\\${escaped}`;
  });
  return `${q}${body}${q}`;
}

function printedStr(n: Extract<Js, { k: "str" }>): string {
  return (n.p ??= quote(n.v));
}

/** Width of a node printed on one line (memoised). */
export function flatWidth(n: Js): number {
  if (n.w !== undefined) return n.w;
  let w: number;
  switch (n.k) {
    case "raw":
      w = textWidth(n.s);
      break;
    case "str":
      w = textWidth(printedStr(n));
      break;
    case "call":
      w = textWidth(n.fn) + 2 + sepWidth(n.args);
      break;
    case "obj": {
      const props = n.props;
      w = props.length === 0 ? 2 : 4 + 2 * (props.length - 1);
      for (let i = 0; i < props.length; i++) w += textWidth(props[i]![0]) + 2 + flatWidth(props[i]![1]);
      break;
    }
    case "arr":
      w = 2 + sepWidth(n.items);
      break;
    case "arrow":
      w = 6 + flatWidth(n.body);
      break;
  }
  n.w = w;
  return w;
}

/** Flat width of nodes joined by ", ". */
function sepWidth(ns: readonly Js[]): number {
  let t = ns.length > 1 ? 2 * (ns.length - 1) : 0;
  for (let i = 0; i < ns.length; i++) t += flatWidth(ns[i]!);
  return t;
}

/**
 * Whether a node can never be printed on one line: an array with comments, an array whose
 * elements are all objects (or all arrays) of more than one entry (prettier's rule), or
 * anything holding one.
 */
export function forced(n: Js): boolean {
  if (n.f !== undefined) return n.f;
  let f = false;
  switch (n.k) {
    case "call":
      f = anyForced(n.args);
      break;
    case "obj":
      for (let i = 0; i < n.props.length && !f; i++) f = forced(n.props[i]![1]);
      break;
    case "arr":
      f = (n.comments?.some((c) => c !== null) ?? false) || arrayAlwaysBreaks(n) || anyForced(n.items);
      break;
    case "arrow":
      f = forced(n.body);
      break;
    default:
      f = false;
  }
  n.f = f;
  return f;
}

/** Whether any of the nodes is {@link forced}. */
function anyForced(ns: readonly Js[]): boolean {
  for (let i = 0; i < ns.length; i++) if (forced(ns[i]!)) return true;
  return false;
}

function arrayAlwaysBreaks(n: Extract<Js, { k: "arr" }>): boolean {
  if (n.items.length < 2) return false;
  const kind = n.items[0]!.k;
  if (kind !== "obj" && kind !== "arr") return false;
  return n.items.every((e) => e.k === kind && (e.k === "obj" ? e.props.length > 1 : e.k === "arr" && e.items.length > 1));
}

/** Print a node flat. */
export function flat(n: Js): string {
  switch (n.k) {
    case "raw":
      return n.s;
    case "str":
      return printedStr(n);
    case "call":
      return `${n.fn}(${flatList(n.args)})`;
    case "obj": {
      const props = n.props;
      if (props.length === 0) return "{}";
      let s = `{ ${props[0]![0]}: ${flat(props[0]![1])}`;
      for (let i = 1; i < props.length; i++) s += `, ${props[i]![0]}: ${flat(props[i]![1])}`;
      return `${s} }`;
    }
    case "arr":
      return `[${flatList(n.items)}]`;
    case "arrow":
      return `() => ${flat(n.body)}`;
  }
}

/** Nodes printed flat, joined by ", ". */
function flatList(ns: readonly Js[]): string {
  if (ns.length === 0) return "";
  let s = flat(ns[0]!);
  for (let i = 1; i < ns.length; i++) s += `, ${flat(ns[i]!)}`;
  return s;
}

/** Indentation strings by width, made once (generated code nests a few levels deep). */
const INDENTS: string[] = [];

/** `n` spaces. */
function spaces(n: number): string {
  return (INDENTS[n] ??= " ".repeat(n));
}

/** Whether a node fits flat at `col` with `suffix` columns of text after it on the line. */
function fits(n: Js, col: number, suffix: number): boolean {
  return !forced(n) && col + flatWidth(n) + suffix <= PRINT_WIDTH;
}

/**
 * Print a node that starts at column `col` of a line indented by `ind`, followed on its
 * line by `suffix` columns of text (a comma, a closing bracket …).
 * @returns the text, without a trailing newline
 */
export function print(n: Js, ind: number, col: number, suffix: number): string {
  if (fits(n, col, suffix)) return flat(n);
  switch (n.k) {
    case "raw":
      return n.s;
    case "str":
      return printedStr(n);
    case "obj":
      return printObject(n, ind);
    case "arr":
      return printArray(n, ind);
    case "call":
      return printCall(n, ind, col);
    case "arrow": {
      // `() =>` then the body on the next line, indented (prettier's arrow chain body group).
      const at = ind + 2;
      return `() =>\n${spaces(at)}${print(n.body, at, at, suffix)}`;
    }
  }
}

function printObject(n: Extract<Js, { k: "obj" }>, ind: number): string {
  if (n.props.length === 0) return "{}";
  const at = ind + 2;
  const lines = n.props.map(([k, v]) => `${spaces(at)}${printProperty(k, v, at)},`);
  return `{\n${lines.join("\n")}\n${spaces(ind)}}`;
}

/** Keys shorter than this keep their value on their line (prettier: tabWidth + 3). */
const SHORT_KEY = 5;

/** `key: value` inside a broken object, followed by its comma (prettier's assignment layouts). */
function printProperty(key: string, v: Js, ind: number): string {
  const keyW = textWidth(key);
  const col = ind + keyW + 2;
  const shortKey = keyW < SHORT_KEY;
  if (!shortKey && (v.k === "str" || isPoorlyBreakableCall(v))) {
    // break-after-operator: the value moves to the next line when the property does not fit.
    if (fits(v, col, 1)) return `${key}: ${flat(v)}`;
    return `${key}:\n${spaces(ind + 2)}${print(v, ind + 2, ind + 2, 1)}`;
  }
  if (shortKey || v.k === "raw") return `${key}: ${print(v, ind, col, 1)}`;
  // fluid: the value stays on the key's line when the line fits up to its first break.
  if (fits(v, col, 1) || col + openingWidth(v) <= PRINT_WIDTH) return `${key}: ${print(v, ind, col, 1)}`;
  return `${key}:\n${spaces(ind + 2)}${print(v, ind + 2, ind + 2, 1)}`;
}

/** A call with no argument or one short literal one (prettier's "poorly breakable" call). */
function isPoorlyBreakableCall(v: Js): boolean {
  if (v.k !== "call") return false;
  if (v.args.length === 0) return true;
  if (v.args.length !== 1) return false;
  const a = v.args[0]!;
  return (a.k === "raw" && /^-?[0-9]/.test(a.s)) || (a.k === "raw" && a.s.length <= PRINT_WIDTH / 4) || (a.k === "str" && textWidth(printedStr(a)) <= PRINT_WIDTH / 4);
}

/** The text of a node up to its first possible line break when broken (`{`, `[`, `f(`, `() =>`). */
function openingWidth(v: Js): number {
  switch (v.k) {
    case "obj":
    case "arr":
      return 1;
    case "call":
      return textWidth(v.fn) + 1;
    case "arrow":
      return 5;
    default:
      return flatWidth(v);
  }
}

function printArray(n: Extract<Js, { k: "arr" }>, ind: number): string {
  if (n.items.length === 0) return "[]";
  const at = ind + 2;
  const lines: string[] = [];
  n.items.forEach((item, i) => {
    const c = n.comments?.[i];
    if (c != null) lines.push(`${spaces(at)}// ${c}`);
    lines.push(`${spaces(at)}${print(item, at, at, 1)},`);
  });
  return `[\n${lines.join("\n")}\n${spaces(ind)}]`;
}

function printCall(n: Extract<Js, { k: "call" }>, ind: number, col: number): string {
  const args = n.args;
  const open = col + textWidth(n.fn) + 1;
  if (args.length === 0) return `${n.fn}()`;
  const last = args[args.length - 1]!;
  const prev = args.length > 1 ? args[args.length - 2]! : null;
  const huggable = (last.k === "obj" && last.props.length > 0) || (last.k === "arr" && last.items.length > 0);
  if (huggable && (!prev || prev.k !== last.k) && !(args.length > 1 && last.k === "arr" && isConcise(last))) {
    const head = args.slice(0, -1);
    if (!head.some(forced)) {
      // The line up to the last argument's bracket must fit: `f(a, b, {`.
      let w = open;
      for (const a of head) w += flatWidth(a) + 2;
      if (w + 1 <= PRINT_WIDTH) {
        const headText = head.map((a) => `${flat(a)}, `).join("");
        const body = last.k === "obj" ? printObject(last, ind) : printArray(last, ind);
        return `${n.fn}(${headText}${body})`;
      }
    }
  }
  // Every argument on its own line, with a trailing comma.
  const at = ind + 2;
  const lines = args.map((a) => `${spaces(at)}${print(a, at, at, 1)},`);
  return `${n.fn}(\n${lines.join("\n")}\n${spaces(ind)})`;
}

/** An array of numbers only (prettier fills those instead of hugging them). */
function isConcise(a: Extract<Js, { k: "arr" }>): boolean {
  return a.items.length > 0 && a.items.every((e) => e.k === "raw" && /^-?[0-9]/.test(e.s));
}
