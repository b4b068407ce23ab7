/**
 * Checked DCG set → generated TypeScript and JSON, as the DBE emitter writes DBE sets:
 *
 * - `<SET>/cards.ts` — one exported constant per compiled card, typed `DcgCard`
 *   (`digiscript/dcg`, runtime/lang/dcg/card.ts): its stats, the text of its three boxes, and
 *   each box's effects as typed IR (runtime/lang/dcg/ir.ts) with the effect's printed text
 *   above it as a comment, so a designer reads the card beside what it compiled to. The IR is
 *   what the DCG rules runtime (runtime/rulesets/dcg) performs: a DCG card's handler is its
 *   typed effect list (002 chapter 10: an effect is its timing, conditions and steps).
 * - `<SET>/index.ts` — the set: code, name and its cards in print order.
 * - `<SET>/cards.json` — the same data for other tools.
 *
 * A card with errors is left out, as the DBE emitter leaves it out. The output type-checks
 * under `tsc --strict` (tests/dcg/emit.test.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { DcgCheckedCard, DcgCheckedSet, EmitResult } from "../api.ts";
import type { DcgEffect } from "../../runtime/lang/dcg/ir.ts";
import { commentText, docBlock } from "./expr.ts";
import { EmitPathError } from "./index.ts";
import { arr, obj, print, raw, str, textWidth, type Js } from "./js.ts";
import { setDir } from "./names.ts";

/**
 * The module generated DCG code imports `DcgCard` from: the package's own export
 * (package.json "exports": "./dcg"), so a compiled set works wherever `--out` puts it.
 */
export const DCG_MODULE = "digiscript/dcg";

/** The document written to `<SET>/cards.json` for a DCG set. */
export interface DcgCardsJson {
  code: string;
  name: string;
  ruleset: "dcg";
  cards: Pick<DcgCheckedSet["cards"][number], "stats" | "text" | "effects">[];
}

/** The `cards.json` document of a DCG set: its compiled cards only. */
export function dcgCardsJson(set: DcgCheckedSet): DcgCardsJson {
  return { code: set.code, name: set.name, ruleset: "dcg", cards: set.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })) };
}

/** Words TypeScript reserves, which a card's constant may not be named. */
const RESERVED = new Set(["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "as", "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await", "cards", "set", "DcgCard"]);

/**
 * The constant a DCG card is exported as: its card number with every character that is not a
 * letter or digit as `_` ("BT1-084" → `BT1_084`), `_`-prefixed when it would start with a digit
 * or be a reserved word. Unique per set: the checker refuses two cards of one number.
 */
export function dcgCardIdent(c: Pick<DcgCheckedCard, "stats">): string {
  const base = c.stats.number.replace(/[^A-Za-z0-9]/g, "_");
  return /^[0-9]/.test(base) || RESERVED.has(base) ? `_${base}` : base;
}

/** A JSON value as a TypeScript expression (keys quoted only when they must be). */
function plain(v: unknown): Js {
  if (v === null || v === undefined) return raw("null");
  if (typeof v === "string") return str(v);
  if (typeof v === "number") return raw(Number.isFinite(v) ? String(v) : "0");
  if (typeof v === "boolean") return raw(v ? "true" : "false");
  if (Array.isArray(v)) return arr(v.map(plain));
  const props: [string, Js][] = [];
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (x === undefined) continue;
    props.push([/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k), plain(x)]);
  }
  return obj(props);
}

/** One box's effects: each effect's IR with its printed text as the comment above it. */
function effectsOf(effects: readonly DcgEffect[]): Js {
  return arr(
    effects.map(plain),
    effects.map((e) => commentText(e.text)),
  );
}

/** The `export const X = {…} satisfies DcgCard;` of one card. */
function cardConst(c: DcgCheckedCard): string {
  const e: Js = obj([
    ["stats", plain(c.stats)],
    ["text", plain(c.text)],
    [
      "effects",
      obj([
        ["effect", effectsOf(c.effects.effect)],
        ["inherited", effectsOf(c.effects.inherited)],
        ["security", effectsOf(c.effects.security)],
      ]),
    ],
  ]);
  const prefix = `export const ${dcgCardIdent(c)} = `;
  const doc = docBlock([`${c.stats.number} ${c.stats.name} (${c.file})`]);
  return `${doc}\n${prefix}${print(e, 0, textWidth(prefix), 1)} satisfies DcgCard;`;
}

/**
 * The source of a DCG set's `cards.ts`.
 * @param set the checked set (cards with errors are left out)
 * @param module the module `DcgCard` is imported from (default {@link DCG_MODULE})
 */
export function dcgCardsModule(set: DcgCheckedSet, module: string = DCG_MODULE): string {
  const head = [
    docBlock([
      `Set ${set.code} "${set.name}" (ruleset dcg), compiled by digiscript from ${set.files.join(", ")}.`,
      "Each card: its stats, the text of its boxes, and each box's effects as typed IR (runtime/lang/dcg/ir.ts),",
      "with the printed text of each effect above it. Generated: edit the set file and compile again.",
    ]),
    `import type { DcgCard } from ${JSON.stringify(module)};`,
  ].join("\n");
  const cards = set.cards.filter((c) => c.ok).map(cardConst);
  return [head, ...cards].join("\n\n") + "\n";
}

/**
 * The source of a DCG set's `index.ts`: `set` (code, name) and `cards` in print order.
 * @param module the module `DcgCard` is imported from (default {@link DCG_MODULE})
 */
export function dcgIndexModule(set: DcgCheckedSet, module: string = DCG_MODULE): string {
  const ids = set.cards.filter((c) => c.ok).map(dcgCardIdent);
  const lines = [
    docBlock([`Set ${set.code} "${set.name}" (ruleset dcg): its compiled cards in print order. Generated by digiscript.`]),
    `import type { DcgCard } from ${JSON.stringify(module)};`,
  ];
  if (ids.length > 0) lines.push(`import { ${ids.join(", ")} } from "./cards.ts";`);
  lines.push("", `/** The set's code and name. */`, `export const set = { code: ${JSON.stringify(set.code)}, name: ${JSON.stringify(set.name)}, ruleset: "dcg" } as const;`);
  lines.push("", `/** The set's cards, in print order. */`, `export const cards: readonly DcgCard[] = [${ids.join(", ")}];`);
  return lines.join("\n") + "\n";
}

/**
 * Write a DCG set's output: `<outDir>/<SET>/cards.ts`, `index.ts` and `cards.json`.
 * @param set a checked DCG set
 * @param outDir the output folder (created if missing)
 * @param module the module generated code imports `DcgCard` from (default {@link DCG_MODULE})
 * @returns the files written (relative to outDir) and the time taken
 * @throws EmitPathError when the set's folder cannot be made or written; Error for a set code
 *   the checker should have refused
 */
export async function emitDcgSet(set: DcgCheckedSet, outDir: string, module: string = DCG_MODULE): Promise<EmitResult> {
  const t0 = performance.now();
  const root = resolve(outDir);
  const dir = join(root, setDir(set.code));
  if (dirname(dir) !== root) throw new Error(`emit: ${dir} is not directly inside ${root}`);
  const rel = setDir(set.code);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "cards.ts"), dcgCardsModule(set, module));
    await writeFile(join(dir, "index.ts"), dcgIndexModule(set, module));
    await writeFile(join(dir, "cards.json"), JSON.stringify(dcgCardsJson(set), null, 1) + "\n");
  } catch (e) {
    throw new EmitPathError(dir, e);
  }
  return { files: [`${rel}/cards.ts`, `${rel}/index.ts`, `${rel}/cards.json`], ms: performance.now() - t0 };
}
