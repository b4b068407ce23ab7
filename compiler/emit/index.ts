/**
 * Checked set → generated TypeScript: one module per set with a typed handler per
 * sentence (its card text beside it as a comment), the set's index and registry, each
 * written in its final layout by `js.ts` (the layout prettier gives it, which a test checks
 * with prettier itself); plus `cards.json` (stats + IR) for other tools.
 *
 * Output layout for set code X in `outDir`:
 * - `X/cards.ts` — the card modules
 * - `X/index.ts` — the {@link SetModule}
 * - `X/registry.ts` — cards by set number
 * - `X/cards.json` — stats and IR
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { CheckedCard, CheckedSet, EmitResult } from "../api.ts";
import { unprintedStats } from "../../runtime/card.ts";
import { commentText, docBlock, effectExpr, value, ability, sameJson } from "./expr.ts";
import { arr, arrow, call, obj, print, PRINT_WIDTH, quote, raw, str, textWidth, type Js } from "./js.ts";
import { cardIdent, setDir } from "./names.ts";

export { cardIdent, setDir, folderClashes } from "./names.ts";

/**
 * The module generated code imports the runtime's types and constructors from: the
 * package's own export (package.json "exports": "./handlers"), so a compiled set works
 * wherever `--out` puts it — inside the project (a package may import itself by name), in a
 * project that installed digiscript, or loaded by the CLI (`compiler/cli/compiled.ts`).
 */
export const HANDLERS_MODULE = "digiscript/handlers";

/** What `stats()` fills in: fields equal to it are left out of the generated call. */
const STAT_DEFAULTS: Record<string, unknown> = unprintedStats("", "") as unknown as Record<string, unknown>;

/** The card's stats as a `stats({...})` call, leaving out fields at their default. */
function statsExpr(c: CheckedCard): Js {
  const s = c.stats;
  const props: [string, Js][] = [
    ["setNumber", str(s.setNumber)],
    ["name", str(s.name)],
    ["kind", str(s.kind)],
  ];
  const keys = Object.keys(s);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === "setNumber" || k === "name" || k === "kind" || k === "circle" || k === "triangle" || k === "cross") continue;
    const v = (s as unknown as Record<string, unknown>)[k];
    if (sameJson(v, STAT_DEFAULTS[k])) continue;
    props.push([k, value(v, k)]);
  }
  for (const k of ["circle", "triangle", "cross"] as const) {
    const a = s[k];
    if (a) props.push([k, a.ability ? call("atk", str(a.name), raw(String(a.power)), ability(a.ability)) : call("atk", str(a.name), raw(String(a.power)))]);
  }
  return call("stats", obj(props));
}

/**
 * `<prefix><expression>;` as one statement in its final layout (a declaration whose
 * initializer starts on the `=` line, as prettier lays out object, array and call
 * initializers).
 */
function statement(prefix: string, e: Js): string {
  return `${prefix}${print(e, 0, textWidth(prefix), 1)};`;
}

/** `import { a, b } from "m";` in its final layout: one line when it fits, else one name per line. */
function importNames(names: readonly string[], from: string, typeOnly = false): string {
  const head = typeOnly ? "import type " : "import ";
  const tail = ` from ${quote(from)};`;
  const one = `${head}{ ${names.join(", ")} }${tail}`;
  if (textWidth(one) <= PRINT_WIDTH) return one;
  return `${head}{\n${names.map((n) => `  ${n},`).join("\n")}\n}${tail}`;
}

/**
 * The source of a set's `cards.ts`: one exported {@link CardModule} per compiled card, in
 * its final layout (no formatter runs over it).
 * @param set the checked set (cards with errors are left out)
 * @param handlers the module specifier of `runtime/handlers.ts` (default {@link HANDLERS_MODULE})
 */
export function cardsModule(set: CheckedSet, handlers: string = HANDLERS_MODULE): string {
  const { head, cards } = cardsModuleParts(set, handlers);
  return [head, ...cards].join("\n\n") + "\n";
}

/**
 * The parts of a set's `cards.ts`: the head (module comment and imports) and one statement
 * per compiled card, then the `all` list — each in its final layout.
 */
export function cardsModuleParts(set: CheckedSet, handlers: string = HANDLERS_MODULE): { head: string; cards: string[] } {
  const cards: string[] = [];
  const used = new Set<string>();
  for (const c of set.cards) {
    if (!c.ok) continue;
    const s = c.stats;
    const head = [`${s.setNumber} ${s.name}`, [s.kind, ...s.markings, s.level ? `Level ${s.level}` : "", s.type ?? "", s.timings.join(" ")].filter(Boolean).join(", ")];
    const card = obj([
      ["stats", statsExpr(c)],
      ["text", str(c.text)],
      ["handlers", arr(c.effects.map((e) => arrow(effectExpr(e))), c.effects.map((e) => commentText(e.text)))],
    ]);
    collectCalls(card, used);
    cards.push(`${docBlock([...head, "", ...(c.text ? c.text.split(/\r?\n/) : ["(no text)"])])}\n${statement(`export const ${cardIdent(c)}: CardModule = `, card)}`);
  }
  const ids = set.cards.filter((c) => c.ok).map((c) => raw(cardIdent(c)));
  cards.push(`/** Every card of set ${commentText(set.code)}, in file order. */\n${statement("export const all: readonly CardModule[] = ", arr(ids))}`);
  const headParts = [
    docBlock([`${set.code} — ${set.name} (ruleset ${set.ruleset})`, `Generated by DigiScript from ${set.files.join(", ")}. Do not edit: edit the .dgs file and recompile.`]),
    importNames(["CardModule"], handlers, true),
  ];
  // Import only the constructors the cards use (an unused import would fail noUnusedLocals).
  const names = CONSTRUCTORS.filter((f) => used.has(f));
  if (names.length > 0) headParts.push(importNames(names, handlers));
  return { head: headParts.join("\n\n"), cards };
}

/** The constructors of `runtime/handlers.ts` generated code may call, in import order. */
const CONSTRUCTORS = ["act", "cond", "timing", "ability", "n", "seq", "when", "cost", "oncePerTurn", "effect", "turbo", "reminder", "stats", "atk", "filter"];

/** The names a tree calls (and the `oncePerTurn` constant it names). */
function collectCalls(e: Js, into: Set<string>): void {
  switch (e.k) {
    case "call":
      into.add(e.fn);
      for (const a of e.args) collectCalls(a, into);
      break;
    case "raw":
      if (e.s === "oncePerTurn") into.add(e.s);
      break;
    case "obj":
      for (const [, v] of e.props) collectCalls(v, into);
      break;
    case "arr":
      for (const v of e.items) collectCalls(v, into);
      break;
    case "arrow":
      collectCalls(e.body, into);
      break;
  }
}

/**
 * The set's index and registry, in their final layout. Both take the card list that
 * `cards.ts` exports (`all`, in file order), so their size does not grow with the set.
 * (Templates: two fixed five-line modules read more plainly as text than as builder calls.)
 */
export function indexAndRegistry(set: CheckedSet, handlers: string = HANDLERS_MODULE): { index: string; registry: string } {
  const setObject = obj([
    ["code", str(set.code)],
    ["name", str(set.name)],
    ["ruleset", str(set.ruleset)],
    ["cards", raw("all")],
  ]);
  const index = [
    importNames(["SetModule"], handlers, true),
    `import { all } from "./cards.ts";`,
    "",
    `/** ${commentText(`Set ${set.code}: ${set.name}`)} */`,
    statement("export const set: SetModule = ", setObject),
    "",
    "export default set;",
    "",
  ].join("\n");
  const registry = [
    importNames(["type CardModule", "registryOf"], handlers),
    `import { all } from "./cards.ts";`,
    "",
    `/** Cards of set ${commentText(set.code)} by set number (flip sides as "<number>/<side>"). */`,
    "export const registry: Readonly<Record<string, CardModule>> = registryOf(all);",
    "",
  ].join("\n");
  return { index, registry };
}

/** The output folder of a set could not be made or written (the cause is the file-system error). */
export class EmitPathError extends Error {
  override name = "EmitPathError";
  /** The folder that could not be written. */
  readonly dir: string;
  constructor(dir: string, cause: unknown) {
    super(`cannot write ${dir}`, { cause });
    this.dir = dir;
  }
}

/** Options of {@link emitSet}. */
export interface EmitOptions {
  /** Called as cards are printed, with how many more are done (for a progress bar). */
  onProgress?: (cards: number) => void;
}

/**
 * Write a set's generated files.
 * @param set a checked set
 * @param outDir the output folder (created if missing)
 * @param options progress reporting
 * @returns the files written (relative to outDir) and the time taken
 * @throws EmitPathError when the set's folder cannot be made or written (its `cause` is the
 *   file-system error); Error for a set code the checker should have refused
 */
export async function emitSet(set: CheckedSet, outDir: string, options: EmitOptions = {}): Promise<EmitResult> {
  const t0 = performance.now();
  const root = resolve(outDir);
  const dir = join(root, setDir(set.code));
  // setDir allows only letters, digits and dashes; this is the invariant that relies on it.
  if (dirname(dir) !== root) throw new Error(`emit: ${dir} is not directly inside ${root}`);
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new EmitPathError(dir, e);
  }
  const { index, registry } = indexAndRegistry(set);
  const parts = cardsModuleParts(set);
  const cards = [parts.head, ...parts.cards].join("\n\n") + "\n";
  options.onProgress?.(parts.cards.length - 1);
  const json = JSON.stringify(
    { code: set.code, name: set.name, ruleset: set.ruleset, cards: set.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })) },
    null,
    1,
  );
  const files: [string, string][] = [
    ["cards.ts", cards],
    ["index.ts", index],
    ["registry.ts", registry],
    ["cards.json", json + "\n"],
  ];
  try {
    await Promise.all(files.map(([f, text]) => writeFile(join(dir, f), text)));
  } catch (e) {
    throw new EmitPathError(dir, e);
  }
  return { files: files.map(([f]) => `${setDir(set.code)}/${f}`), ms: performance.now() - t0 };
}
