/**
 * IR → TypeScript expressions over the typed constructors of `runtime/handlers.ts`.
 * Strings reach the output only through {@link str} (a JSON string literal, which is a
 * valid TypeScript literal for any content: quotes, backticks, `${`, newlines); comment
 * text only through {@link commentText}.
 */
import type { Action, Amount, AttackAbility, Body, CardEffect, Condition, Cost, Timing } from "../../runtime/ir.ts";
import { ACTION_DEFAULTS, CONDITION_DEFAULTS } from "../../runtime/handlers.ts";
import { anyCard } from "../../runtime/card.ts";

/** What `filter()` fills in: fields equal to it are left out of the generated call. */
const FILTER_DEFAULTS: Record<string, unknown> = anyCard() as unknown as Record<string, unknown>;

function isFilter(o: Record<string, unknown>): boolean {
  return "kinds" in o && "levels" in o && "types" in o && "valid" in o && "partner" in o;
}

/** A string as a TypeScript literal. */
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
  return s.replace(UNSAFE_IN_COMMENT, " ").replace(/\*\//g, "*\\/");
}

/** A JSDoc block with one comment line per line of the given text lines (split at every line terminator). */
export function docBlock(lines: string[]): string {
  const body = lines.flatMap((l) => l.split(/\r\n|[\n\r\u2028\u2029]/)).map((l) => ` * ${commentText(l)}`.trimEnd());
  return ["/**", ...body, " */"].join("\n");
}

const AMOUNT_KEYS = new Set(["amount", "count", "hp", "factor", "value", "left", "right"]);

/** A plain value (numbers, strings, arrays, objects), with IR nodes inside it emitted through constructors. */
export function value(v: unknown, key = ""): string {
  if (v === null) return "null";
  if (typeof v === "string") return str(v);
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "0";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (Array.isArray(v)) {
    if (key === "all" || key === "any") return `[${v.map((c) => condition(c as Condition)).join(", ")}]`;
    if (key === "actions") return `[${v.map((a) => action(a as Action)).join(", ")}]`;
    return `[${v.map((x) => value(x)).join(", ")}]`;
  }
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.kind === "string") {
      if (AMOUNT_KEYS.has(key)) return amount(o as unknown as Amount);
      if (key === "ability") return ability(o as unknown as AttackAbility);
      if (key === "cond") return condition(o as unknown as Condition);
    }
    if (isFilter(o)) return `filter(${fields(o, "", FILTER_DEFAULTS)})`;
    return fields(o);
  }
  throw new Error(`emit: cannot write ${typeof v}`);
}

/** An object literal; fields equal to `defaults` (the constructor fills them) are left out. */
function fields(o: Record<string, unknown>, skip = "", defaults?: Record<string, unknown>): string {
  const parts = Object.entries(o)
    .filter(([k]) => k !== skip)
    .filter(([k, x]) => !defaults || !(k in defaults) || JSON.stringify(defaults[k]) !== JSON.stringify(x))
    .map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)}: ${value(x, k)}`);
  return `{ ${parts.join(", ")} }`;
}

/** An {@link Amount}. */
export function amount(a: Amount): string {
  return a.kind === "const" ? `n(${value(a.value)})` : fields(a as unknown as Record<string, unknown>);
}

/** An {@link Action}. */
export function action(a: Action): string {
  const d = (ACTION_DEFAULTS as Record<string, Record<string, unknown>>)[a.kind];
  return `act(${str(a.kind)}, ${fields(a as unknown as Record<string, unknown>, "kind", d)})`;
}

/** A {@link Condition}. */
export function condition(c: Condition): string {
  const d = (CONDITION_DEFAULTS as Record<string, Record<string, unknown>>)[c.kind];
  return `cond(${str(c.kind)}, ${fields(c as unknown as Record<string, unknown>, "kind", d)})`;
}

/** A {@link Timing}. */
export function timingExpr(t: Timing): string {
  return `timing(${str(t.kind)}, ${fields(t as unknown as Record<string, unknown>, "kind")})`;
}

/** An {@link AttackAbility}. */
export function ability(a: AttackAbility): string {
  return `ability(${str(a.kind)}, ${fields(a as unknown as Record<string, unknown>, "kind")})`;
}

/** A {@link Body}. */
export function body(b: Body): string {
  if (b.kind === "seq") return `seq(${b.actions.map(action).join(", ")})`;
  return `when(${condition(b.cond)}, ${body(b.then)}${b.otherwise ? `, ${body(b.otherwise)}` : ""})`;
}

/** A {@link Cost}. */
export function costExpr(c: Cost): string {
  return c.kind === "oncePerTurn" ? "oncePerTurn" : `cost(${action(c.action)}${c.must ? ", true" : ""})`;
}

/** A whole effect: the handler's returned expression. */
export function effectExpr(e: CardEffect): string {
  switch (e.kind) {
    case "effect": {
      // Defaults (no timings/costs, not an "If not", not permanent) are left to effect().
      const parts: string[] = [];
      if (e.timings.length > 0) parts.push(`timings: [${e.timings.map(timingExpr).join(", ")}]`);
      if (e.costs.length > 0) parts.push(`costs: [${e.costs.map(costExpr).join(", ")}]`);
      parts.push(`body: ${body(e.body)}`);
      if (e.otherwiseOf !== null) parts.push(`otherwiseOf: ${e.otherwiseOf}`);
      if (e.permanent) parts.push("permanent: true");
      parts.push(`text: ${str(e.text)}`);
      return `effect({ ${parts.join(", ")} })`;
    }
    case "turbo":
      return `({ kind: "turbo", phase: ${str(e.phase)}, cost: ${e.cost ? action(e.cost) : "null"}, condition: ${e.condition ? condition(e.condition) : "null"}, risk: [${e.risk.map(action).join(", ")}], text: ${str(e.text)} })`;
    case "reminder":
      return `({ kind: "reminder", text: ${str(e.text)} })`;
  }
}
