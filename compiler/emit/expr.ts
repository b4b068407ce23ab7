/**
 * IR → TypeScript expression trees (`js.ts`) over the typed constructors of
 * `runtime/handlers.ts`. Strings reach the output only as string literals quoted by
 * `js.ts` `quote` (JSON escapes, valid TypeScript for any content: quotes, backticks, `${`,
 * line terminators); comment text only through {@link commentText}.
 */
import type { Action, Amount, AttackAbility, Body, CardEffect, Condition, Cost, Timing } from "../../runtime/ir.ts";
import { ACTION_DEFAULTS, CONDITION_DEFAULTS } from "../../runtime/handlers.ts";
import { anyCard } from "../../runtime/card.ts";
import { arr, call, obj, raw, str as jsStr, type Js } from "./js.ts";

/** What `filter()` fills in: fields equal to it are left out of the generated call. */
const FILTER_DEFAULTS: Record<string, unknown> = anyCard() as unknown as Record<string, unknown>;

function isFilter(o: Record<string, unknown>): boolean {
  return "kinds" in o && "levels" in o && "types" in o && "valid" in o && "partner" in o;
}

/** A string as a TypeScript literal (JSON's quoting: a valid literal for any content). */
export function str(s: string): string {
  return JSON.stringify(s);
}

/**
 * Every JavaScript line terminator (LF, CR, U+2028, U+2029; ECMA-262 §12.3), other control
 * characters, and a lone UTF-16 surrogate: what must never reach a comment raw.
 */
const UNSAFE_IN_COMMENT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text made safe as the body of a one-line comment, `// …` or one line of a `/** … *\/`
 * block: every line terminator and control character becomes a space, and `*\/` is broken
 * up, so the comment ends exactly where the generated code ends it. The one function all
 * comment text of generated code goes through.
 */
export function commentText(s: string): string {
  // Most text has nothing to change (one test instead of two replacements).
  if (!COMMENT_CHANGES.test(s)) return s;
  return s.replace(UNSAFE_IN_COMMENT, " ").replace(/\*\//g, "*\\/");
}

/** What {@link commentText} may change: a character {@link UNSAFE_IN_COMMENT} may match (any surrogate), or `*\/`. */
const COMMENT_CHANGES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]|\*\//;

/** A JSDoc block with one comment line per line of the given text lines (split at every line terminator). */
export function docBlock(lines: string[]): string {
  const out = ["/**"];
  for (const text of lines) {
    // A line with no line terminator (the usual case) needs no split.
    if (!LINE_TERMINATOR.test(text)) out.push(` * ${commentText(text)}`.trimEnd());
    else for (const l of text.split(/\r\n|[\n\r\u2028\u2029]/)) out.push(` * ${commentText(l)}`.trimEnd());
  }
  out.push(" */");
  return out.join("\n");
}

/** A line terminator of JavaScript (ECMA-262 §12.3). */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

const AMOUNT_KEYS = new Set(["amount", "count", "hp", "factor", "value", "left", "right"]);

/** A plain value (numbers, strings, arrays, objects), with IR nodes inside it built through constructors. */
export function value(v: unknown, key = ""): Js {
  if (v === null) return raw("null");
  if (typeof v === "string") return jsStr(v);
  if (typeof v === "number") return raw(Number.isFinite(v) ? String(v).replace("e+", "e") : "0");
  if (typeof v === "boolean") return raw(v ? "true" : "false");
  if (Array.isArray(v)) {
    if (key === "all" || key === "any") return arr(v.map((c) => condition(c as Condition)));
    if (key === "actions") return arr(v.map((a) => action(a as Action)));
    return arr(v.map((x) => value(x)));
  }
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.kind === "string") {
      if (AMOUNT_KEYS.has(key)) return amount(o as unknown as Amount);
      if (key === "ability") return ability(o as unknown as AttackAbility);
      if (key === "cond") return condition(o as unknown as Condition);
    }
    if (isFilter(o)) return call("filter", fields(o, "", FILTER_DEFAULTS));
    return fields(o);
  }
  throw new Error(`emit: cannot write ${typeof v}`);
}

/**
 * Whether two IR values write the same JSON — `JSON.stringify(a) === JSON.stringify(b)`, the
 * test of "this field is at its default" — without writing it in the common cases: the same
 * value, two different strings, booleans or finite numbers, two empty arrays.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const t = typeof a;
  if (t === typeof b && (t === "string" || t === "boolean" || (t === "number" && Number.isFinite(a) && Number.isFinite(b)))) return false;
  // null against an IR object or array (plain data: no toJSON) writes "null" against "{…}" or "[…]".
  if (t === "object" && typeof b === "object" && (a === null) !== (b === null)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    // Arrays of different lengths write different JSON (one element each, `null` for a hole).
    if (a.length !== b.length) return false;
    if (a.length === 0) return true;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An object literal; fields equal to `defaults` (the constructor fills them) are left out. */
function fields(o: Record<string, unknown>, skip = "", defaults?: Record<string, unknown>): Js {
  const props: [string, Js][] = [];
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === skip) continue;
    const x = o[k];
    if (defaults && k in defaults && sameJson(defaults[k], x)) continue;
    props.push([propertyKey(k), value(x, k)]);
  }
  return obj(props);
}

/** Property keys as written: an identifier as is, anything else quoted; memoised (IR objects share a few dozen keys). */
const KEYS = new Map<string, string>();

/** A key of an IR object as an object-literal key ({@link KEYS}). */
function propertyKey(k: string): string {
  let w = KEYS.get(k);
  if (w === undefined) {
    w = /^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k);
    if (KEYS.size < 10_000) KEYS.set(k, w);
  }
  return w;
}

/** An {@link Amount}. */
export function amount(a: Amount): Js {
  return a.kind === "const" ? call("n", value(a.value)) : fields(a as unknown as Record<string, unknown>);
}

/** An {@link Action}. */
export function action(a: Action): Js {
  const d = (ACTION_DEFAULTS as Record<string, Record<string, unknown>>)[a.kind];
  return call("act", jsStr(a.kind), fields(a as unknown as Record<string, unknown>, "kind", d));
}

/** A {@link Condition}. */
export function condition(c: Condition): Js {
  const d = (CONDITION_DEFAULTS as Record<string, Record<string, unknown>>)[c.kind];
  return call("cond", jsStr(c.kind), fields(c as unknown as Record<string, unknown>, "kind", d));
}

/** A {@link Timing}. */
export function timingExpr(t: Timing): Js {
  return call("timing", jsStr(t.kind), fields(t as unknown as Record<string, unknown>, "kind"));
}

/** An {@link AttackAbility}. */
export function ability(a: AttackAbility): Js {
  return call("ability", jsStr(a.kind), fields(a as unknown as Record<string, unknown>, "kind"));
}

/** A {@link Body}. */
export function body(b: Body): Js {
  if (b.kind === "seq") return call("seq", ...b.actions.map(action));
  return b.otherwise ? call("when", condition(b.cond), body(b.then), body(b.otherwise)) : call("when", condition(b.cond), body(b.then));
}

/** A {@link Cost}. */
export function costExpr(c: Cost): Js {
  return c.kind === "oncePerTurn" ? raw("oncePerTurn") : c.must ? call("cost", action(c.action), raw("true")) : call("cost", action(c.action));
}

/** A whole effect: the handler's returned expression. */
export function effectExpr(e: CardEffect): Js {
  switch (e.kind) {
    case "effect": {
      // Defaults (no timings/costs, not an "If not", not permanent) are left to effect().
      const props: [string, Js][] = [];
      if (e.timings.length > 0) props.push(["timings", arr(e.timings.map(timingExpr))]);
      if (e.costs.length > 0) props.push(["costs", arr(e.costs.map(costExpr))]);
      props.push(["body", body(e.body)]);
      if (e.otherwiseOf !== null) props.push(["otherwiseOf", raw(String(e.otherwiseOf))]);
      if (e.permanent) props.push(["permanent", raw("true")]);
      props.push(["text", jsStr(e.text)]);
      return call("effect", obj(props));
    }
    case "turbo":
      return call(
        "turbo",
        obj([
          ["phase", jsStr(e.phase)],
          ["cost", e.cost ? action(e.cost) : raw("null")],
          ["condition", e.condition ? condition(e.condition) : raw("null")],
          ["risk", arr(e.risk.map(action))],
          ["text", jsStr(e.text)],
        ]),
      );
    case "reminder":
      return call("reminder", jsStr(e.text));
  }
}
