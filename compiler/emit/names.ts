/**
 * Names in generated output: a set's output folder and a card's identifier. Both are
 * derived from names the grammar has already restricted (`grammar/identity.ts`: letters,
 * digits and single dashes), which is what makes them safe and one-to-one:
 *
 * - a set's folder is its code as written, so it never leaves the output folder; two codes
 *   that differ only in case would share a folder on a case-insensitive file system, which
 *   {@link folderClashes} reports before anything is written;
 * - a card's identifier turns each dash of its set number into `_` (`DBE-R31` → `DBE_R31`);
 *   a flip side adds `__` and the side (`DS1-040__Star`); an identifier that would start with
 *   a digit, or would be a reserved word or a name the generated module itself declares or
 *   imports (`all`, `act`, `CardModule` …), gets a leading `_`. Set numbers hold no `_`,
 *   never start with one and never hold two dashes in a row, so distinct cards get distinct
 *   identifiers.
 */
import type { CheckedCard } from "../api.ts";

/**
 * Words an identifier of generated code must not be: ECMAScript reserved words (ES2023
 * §13.1.1, strict mode and module code), names that are not assignable or would shadow a
 * global the code relies on, and the names a generated set module declares or imports.
 */
const RESERVED = new Set(
  [
    // Reserved words and strict-mode / module reserved words.
    "await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield",
    "implements interface let package private protected public static",
    // Not assignable, or globals generated code relies on.
    "arguments eval undefined NaN Infinity globalThis Object Array JSON",
    // What a generated cards.ts, index.ts or registry.ts declares or imports.
    "all set registry CardModule SetModule registryOf act cond timing ability n seq when cost oncePerTurn effect stats atk filter",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The TypeScript identifier of a card in its set's `cards.ts` (see the module comment).
 * @param c a checked card whose set number passed `setNumberProblem` (grammar/identity.ts)
 * @returns e.g. "EX_035", "DS1_040__Star", "_001", "_all"
 */
export function cardIdent(c: Pick<CheckedCard, "stats">): string {
  const base = c.stats.setNumber.replaceAll("-", "_");
  const name = c.stats.flip ? `${base}__${c.stats.flip.side}` : base;
  const first = name.charCodeAt(0);
  return (first >= 48 && first <= 57) || RESERVED.has(name) ? `_${name}` : name;
}

/**
 * The folder of a set under the output folder: its code, which the grammar allows only as
 * letters, digits and single dashes (grammar/identity.ts).
 * @throws Error when the code is not such a name (a set that was never checked): a bug, not input
 */
export function setDir(code: string): string {
  if (!/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(code)) throw new Error(`emit: set code ${JSON.stringify(code)} is not a folder name; the checker should have refused it`);
  return code;
}

/**
 * Set codes that would share an output folder on a case-insensitive file system (Windows,
 * macOS by default): each group of two or more codes equal but for case.
 * @param codes the codes of the sets to be written
 */
export function folderClashes(codes: readonly string[]): string[][] {
  const byFolder = new Map<string, string[]>();
  for (const c of codes) {
    const k = c.toLowerCase();
    const list = byFolder.get(k);
    if (list) list.push(c);
    else byFolder.set(k, [c]);
  }
  return [...byFolder.values()].filter((l) => l.length > 1);
}
