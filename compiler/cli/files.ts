/**
 * Finding and reading `.dgs` files: directories are searched recursively, the result is
 * sorted so that output never depends on the file system's listing order.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileDiagnostic, SourceFile } from "../api.ts";
import { UserError, fsReason } from "./errors.ts";
import { readSetFile } from "../../grammar/index.ts";
import { levelOf } from "../../runtime/vocabulary.ts";
import type { KnownCard } from "../check/set.ts";

/** The project root (the folder holding package.json), from this module's location. */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url)).replace(/[\\/]$/, "");

/** Folders never searched: dependencies, output and version control. */
const SKIP_DIRS = new Set(["node_modules", ".git", "dist"]);

/** Byte-wise string comparison (locale-independent, so sorting is deterministic). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A path for display: relative to `cwd` with forward slashes when inside it, else absolute.
 * @param file an absolute or cwd-relative path
 */
export function displayPath(file: string, cwd = process.cwd()): string {
  const abs = resolve(cwd, file);
  const rel = relative(cwd, abs);
  // Inside cwd, or a sibling folder ("../shared/…"): relative; anything further away: absolute.
  const far = rel === "" || rel.startsWith(`..${sep}..`) || rel === ".." || /^[a-zA-Z]:/.test(rel);
  const shown = far ? abs : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) await walk(p, out);
    } else if (e.isFile() && e.name.endsWith(".dgs")) out.push(p);
  }
}

/**
 * Expand the paths given on the command line: files are taken as they are, directories are
 * searched recursively for `.dgs` files (skipping node_modules, .git and dist). A `.json` file is
 * refused: it is card data to import, not a set file.
 * @param inputs files and folders, relative to `cwd` or absolute
 * @returns display paths (see {@link displayPath}), sorted and without duplicates
 * @throws UserError when a path does not exist, names a `.json` file, or when nothing was found
 */
export async function findDgsFiles(inputs: readonly string[], cwd = process.cwd()): Promise<string[]> {
  const found: string[] = [];
  for (const input of inputs) {
    const abs = resolve(cwd, input);
    let st;
    try {
      st = await stat(abs);
    } catch (e) {
      throw new UserError(`cannot read ${input}: ${fsReason(e)}`);
    }
    if (st.isDirectory()) await walk(abs, found);
    else if (abs.toLowerCase().endsWith(".json"))
      // Read as a set file, a card dump is thousands of errors about lines it never had.
      throw new UserError(`${input} is a JSON file, not a set file (.dgs)`, [
        "card data in JSON is converted to .dgs sets by `digiscript import <format> <json>`; the DCG card dump and a compiled DCG set's cards.json are read as they are by `duel` and `simulate` with `--ruleset dcg --cards`",
      ]);
    else found.push(abs);
  }
  const files = [...new Set(found.map((f) => displayPath(f, cwd)))].sort(compareStrings);
  if (files.length === 0) throw new UserError(`no .dgs files found in ${inputs.join(", ")}`);
  return files;
}

/**
 * All `.dgs` files under a folder, recursively; an empty list when the folder does not exist.
 * @returns display paths, sorted
 */
export async function dgsFilesUnder(dir: string, cwd = process.cwd()): Promise<string[]> {
  const found: string[] = [];
  const abs = resolve(cwd, dir);
  try {
    if (!(await stat(abs)).isDirectory()) return [];
  } catch {
    return [];
  }
  await walk(abs, found);
  return found.map((f) => displayPath(f, cwd)).sort(compareStrings);
}

/**
 * Why a file's bytes are not text, or null when they are: a NUL byte (a binary file) or bytes
 * that are not valid UTF-8. The playground refuses the same files (`decodeLocalText`).
 * @param bytes the file's content
 * @returns "it holds NUL bytes", "it is not valid UTF-8", or null
 */
export function notTextReason(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return "it holds NUL bytes";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "it is not valid UTF-8";
  }
  return null;
}

/** The message for a file that is not text: `"x.dgs" is not a text file (it holds NUL bytes)`. */
export function notTextMessage(file: string, reason: string): string {
  return `"${file}" is not a text file (${reason})`;
}

/** The diagnostic code of a `.dgs` or `.deck` file that is not text ({@link readTextSources}). */
export const NOT_TEXT = "not-text";

/** Read one file's bytes, as a UserError naming it when it cannot be read. */
async function readBytes(file: string, cwd: string): Promise<Buffer> {
  try {
    return await readFile(resolve(cwd, file));
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${fsReason(e)}`);
  }
}

/**
 * Read files as UTF-8 source files, refusing a file that is not text.
 * @param files paths as returned by {@link findDgsFiles}; kept as the `file` of each source
 * @throws UserError when a file cannot be read, or is not text (it holds NUL bytes or is not
 *   valid UTF-8: {@link notTextReason}), naming the file and why
 */
export async function readSources(files: readonly string[], cwd = process.cwd()): Promise<SourceFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const bytes = await readBytes(file, cwd);
      const reason = notTextReason(bytes);
      if (reason !== null) throw new UserError(notTextMessage(file, reason));
      return { file, text: bytes.toString("utf8") };
    }),
  );
}

/**
 * Read files as UTF-8 source files for checking: a file that is not text (it holds NUL bytes
 * or is not valid UTF-8: {@link notTextReason}) is not read as source; it comes back as an
 * empty source (so it still counts as a file of the check) and one error diagnostic
 * (code {@link NOT_TEXT}) at 1:1 naming the file and why, instead of a flood of parse errors.
 * @param files paths as returned by {@link findDgsFiles}; kept as the `file` of each source
 * @returns `sources` in the order of `files`, and `diagnostics`, one per file that is not text
 * @throws UserError when a file cannot be read
 */
export async function readTextSources(files: readonly string[], cwd = process.cwd()): Promise<{ sources: SourceFile[]; diagnostics: FileDiagnostic[] }> {
  const diagnostics: FileDiagnostic[] = [];
  const sources = await Promise.all(
    files.map(async (file) => {
      const bytes = await readBytes(file, cwd);
      const reason = notTextReason(bytes);
      if (reason === null) return { file, text: bytes.toString("utf8") };
      diagnostics.push(fileDiagnostic(file, "error", NOT_TEXT, `${notTextMessage(file, reason)}: it is not read`, "a .dgs set file or .deck list is UTF-8 text"));
      return { file, text: "" };
    }),
  );
  diagnostics.sort((a, b) => compareStrings(a.file, b.file));
  return { sources, diagnostics };
}

/**
 * A diagnostic about a file as a whole, at its line 1, column 1 (an empty range).
 * @param file the file's path, as shown
 */
export function fileDiagnostic(file: string, severity: "error" | "warning", code: string, message: string, hint?: string): FileDiagnostic {
  return { severity, code, message, span: { start: 0, end: 0 }, file, line: 1, col: 1, endLine: 1, endCol: 1, ...(hint ? { hint } : {}) };
}

/** Count `card` lines in a `.dgs` text: a cheap estimate of its cards, before checking. */
export function countCardLines(text: string): number {
  return text.match(/^card[ \t]/gm)?.length ?? 0;
}

/**
 * The cards of the bundled sets (`<project>/cards/**\/*.dgs`), read without checking: the
 * context a designer's own sets are checked in, so an evo-box may name a bundled card, and a
 * level it qualifies the name with is compared with the card's Level (check/set.ts).
 * @returns per card its name and Level (null for an Option or Evolution card), or only its
 *   name when its kind or Level does not read; in file order; empty when the folder is missing
 */
export async function bundledCardNames(): Promise<(string | KnownCard)[]> {
  const files = await dgsFilesUnder(join(PROJECT_ROOT, "cards"));
  const sources = await readSources(files);
  return sources.flatMap((s) =>
    readSetFile(s.file, s.text).cards.map((c) => {
      const field = (key: string) => c.fields.find((f) => f.key === key)?.value.value.trim() ?? "";
      const kind = field("kind").split(/\s+/)[0]!.toLowerCase();
      if (kind === "option" || kind === "evolution") return { name: c.name, level: null };
      const level = kind === "digimon" ? levelOf(field("level")) : null;
      return level ? { name: c.name, level } : c.name;
    }),
  );
}
