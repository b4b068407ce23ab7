/**
 * The names of the designer's own files: what a name may be, how a free name is found, and
 * the small text changes a copy of a bundled set needs. Pure: no DOM, no storage.
 *
 * An own file's name is a plain file name — it becomes the name of a downloaded file, a key
 * in the browser's storage, a Monaco URI and a deck reference in the duel settings — so it
 * is held to the rule of {@link nameProblem}: ASCII letters, digits, `-`, `_` and `.`, no
 * folder, no `..`, no Windows device name, ending in `.dgs` (a set file) or `.deck` (a
 * deck list), at most {@link MAX_NAME_LENGTH} characters, and unique among the playground's
 * files without regard to case (a download must not overwrite a sibling on a
 * case-insensitive file system). Bundled files are named by their path (`cards/dbe/…`) and
 * so never clash with an own file, which has no `/`.
 */
import { setCodeProblem } from "../../../grammar/identity.ts";

/** The longest own file name, in characters (UTF-16 code units; names are ASCII). */
export const MAX_NAME_LENGTH = 64;

/** The two kinds of file: a set file (`.dgs`) or a deck list (`.deck`). */
export type FileKind = "dgs" | "deck";

const CHARS = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;

/**
 * The kind of a file by its ending.
 * @param name a file name, e.g. "my-set.dgs" or "cards/dbe/decks/dragon-rush.deck"
 * @returns "dgs" for `.dgs`, "deck" for `.deck`, null for anything else (case matters)
 */
export function kindOf(name: string): FileKind | null {
  if (name.endsWith(".dgs")) return "dgs";
  if (name.endsWith(".deck")) return "deck";
  return null;
}

/**
 * Why a name cannot be an own file's name, or null when it can.
 * @param name the proposed name, exactly as it would be used (not trimmed here)
 * @param taken the names of every other file of the playground (bundled and own; leave the
 *   file being renamed out), compared without regard to case
 * @param kind when given, the kind the file must keep (a rename cannot turn a set into a deck)
 * @returns a one-sentence message for the designer, or null
 */
export function nameProblem(name: string, taken: Iterable<string> = [], kind?: FileKind): string | null {
  if (name.trim() === "") return "Give the file a name.";
  if (name.length > MAX_NAME_LENGTH) return `A name has at most ${MAX_NAME_LENGTH} characters (this one has ${name.length}).`;
  const k = kindOf(name);
  if (k === null) return kind === "deck" ? "A deck list's name ends in .deck." : kind === "dgs" ? "A set file's name ends in .dgs." : "A name ends in .dgs (a set file) or .deck (a deck list).";
  if (kind && k !== kind) return kind === "dgs" ? "A set file keeps its .dgs ending." : "A deck list keeps its .deck ending.";
  if (!CHARS.test(name)) return "Use only letters A–Z, digits, - _ and . (no spaces or slashes), starting with a letter or digit.";
  if (name.includes("..")) return "A name cannot contain '..'.";
  const stem = name.slice(0, name.indexOf("."));
  if (DEVICE.test(stem)) return `${stem} is a name Windows reserves for a device; choose another.`;
  const lower = name.toLowerCase();
  for (const t of taken) {
    if (t === name) return `There is already a file named ${name}.`;
    if (t.toLowerCase() === lower) return `There is already a file named ${t} (names that differ only in case would clash when downloaded).`;
  }
  return null;
}

/**
 * The name a designer typed, completed: trimmed, with the kind's ending added when it has
 * neither `.dgs` nor `.deck` ("my-set" → "my-set.dgs"). The result still has to pass
 * {@link nameProblem}.
 * @param typed the text of the name field
 * @param kind the kind of file the form makes
 */
export function completeName(typed: string, kind: FileKind): string {
  const t = typed.trim();
  if (t === "" || kindOf(t) !== null) return t;
  return `${t}.${kind}`;
}

/**
 * A free, valid name as close to `wanted` as possible: `wanted` itself when it passes
 * {@link nameProblem}, else its characters made safe (anything else becomes `-`, a leading
 * non-alphanumeric dropped, cut to fit) with `-2`, `-3`, … before the ending until it is free.
 * @param wanted any text, e.g. a local file's name "My Set (1).dgs" or a bundled path
 * @param kind the kind of the file (its ending is forced to this kind's)
 * @param taken the names already used (bundled and own), compared without regard to case
 * @returns a name that passes `nameProblem(name, taken, kind)`
 */
export function freeName(wanted: string, kind: FileKind, taken: Iterable<string>): string {
  const used = [...taken];
  if (nameProblem(wanted, used, kind) === null) return wanted;
  for (let i = 1; ; i++) {
    const name = numberedName(wanted, kind, i);
    if (nameProblem(name, used, kind) === null) return name;
  }
}

/**
 * The `n`-th name {@link freeName} tries for `wanted` once `wanted` itself is taken or not
 * valid: `wanted`'s characters made safe (anything else becomes `-`, a leading
 * non-alphanumeric dropped), then `-n` before the ending for `n` ≥ 2, cut to fit
 * `MAX_NAME_LENGTH` ("My Set (1).dgs", 2 → "My-Set-1-2.dgs"). The share import uses it to
 * recognise the copy an earlier import made.
 * @param wanted any text, e.g. a local file's name or a shared file's name
 * @param kind the kind of the file (its ending is forced to this kind's)
 * @param n 1 for the name without a number, 2, 3, … after it
 */
export function numberedName(wanted: string, kind: FileKind, n: number): string {
  const ext = `.${kind}`;
  const base = wanted.slice(wanted.lastIndexOf("/") + 1);
  let stem = base.endsWith(".dgs") ? base.slice(0, -4) : base.endsWith(".deck") ? base.slice(0, -5) : base;
  stem = stem
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[^A-Za-z0-9]+/, "")
    .replace(/[-.]+$/, "");
  if (stem === "" || DEVICE.test(stem.split(".")[0]!)) stem = kind === "dgs" ? `my-set${stem ? `-${stem}` : ""}` : `my-deck${stem ? `-${stem}` : ""}`;
  const suffix = n <= 1 ? "" : `-${n}`;
  const cut = stem.slice(0, MAX_NAME_LENGTH - ext.length - suffix.length).replace(/[-.]+$/, "") || "file";
  return `${cut}${suffix}${ext}`;
}

/**
 * Give a copy of a set file its own set code, so its set numbers do not clash with the set
 * it was copied from (the workspace checks files that share a set code as one set): the
 * code of the first `set` line gets `-COPY` (or `-COPY2`, … when `takenCodes` has it), cut
 * so that it stays a valid set code (at most 32 characters, letters, digits, single dashes).
 * Nothing else changes; the set numbers stay as they are.
 * @param text the set file's text
 * @param takenCodes set codes already in use (compared without regard to case)
 * @returns the new text and the codes, or null when the text has no readable `set` line
 */
export function renameSetCode(text: string, takenCodes: Iterable<string> = []): { text: string; from: string; to: string } | null {
  const m = /^([ \t]*set[ \t]+)([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?=[ \t]|$)/m.exec(text);
  if (!m) return null;
  const from = m[2]!;
  const used = new Set([...takenCodes].map((c) => c.toUpperCase()));
  for (let i = 1; i < 1000; i++) {
    const suffix = i === 1 ? "-COPY" : `-COPY${i}`;
    const to = `${from.slice(0, 32 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (used.has(to.toUpperCase()) || setCodeProblem(to) !== null) continue;
    return { text: text.slice(0, m.index) + m[1] + to + text.slice(m.index + m[0].length), from, to };
  }
  return null;
}

/**
 * The set code a set file declares on its first `set` line, or null: the reader's rule
 * (grammar/setfile.ts) — `set` at the start of a line, then the code, valid as
 * {@link setCodeProblem} says — without reading the rest of the file. The page's one reader
 * of set codes: messages, share links, and which bundled sets a designer's own replace
 * (worker/shadowing.ts).
 * @param text a set file's text
 */
export function setCodeOf(text: string): string | null {
  const code = /^set[ \t]+(\S+)/m.exec(text)?.[1];
  return code !== undefined && setCodeProblem(code) === null ? code : null;
}
