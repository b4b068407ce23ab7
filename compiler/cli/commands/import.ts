/**
 * `digiscript import <format> <json>`: convert card data to `.dgs` set files — dcb and
 * dbe-json to one `.dgs` file, the DCG card dump (`dcg`) to one `.dgs` file per set in a folder.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UserError, fsReason, messageOf } from "../errors.ts";
import { plural } from "../diagnostics.ts";
import { displayPath, PROJECT_ROOT } from "../files.ts";
import type { DcgImportResult } from "../../import/dcg.ts";

/** The import formats. */
export const IMPORT_FORMATS = ["dcb", "dbe-json", "dcg"] as const;

/** One import format. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A card the importer could not write, and why. */
export interface SkippedCard {
  number: string;
  why: string;
}

/** The result of an import: the `.dgs` text, cards written, cards skipped. */
export interface ImportResult {
  dgs: string;
  cards: number;
  skipped: SkippedCard[];
}

/**
 * Read and parse a JSON file.
 * @throws UserError naming the file and the problem (missing, unreadable, not JSON)
 */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${fsReason(e)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UserError(`${file} is not valid JSON: ${messageOf(e)}`);
  }
}

/** Problem lines shown for malformed input. */
const MAX_DETAILS = 10;

/**
 * Convert parsed JSON with the importer for `format`.
 * @param source the file it came from, for messages
 * @throws UserError when the data does not have the format's shape (the importer's problem
 *   lines, at most ten, follow the message)
 */
export async function convert(format: Exclude<ImportFormat, "dcg">, json: unknown, source: string): Promise<ImportResult> {
  try {
    if (format === "dcb") {
      const { importDcb } = await import("../../import/dcb.ts");
      return importDcb(json);
    }
    const { importDbeJson } = await import("../../import/dbeJson.ts");
    return { ...importDbeJson(json), skipped: [] };
  } catch (e) {
    throw importError(source, e);
  }
}

/** The problem lines of an importer's Error as a UserError (at most {@link MAX_DETAILS} of them). */
function importError(source: string, e: unknown): UserError {
  const [first, ...rest] = messageOf(e).split("\n");
  const details = rest.length > MAX_DETAILS ? [...rest.slice(0, MAX_DETAILS), `…and ${rest.length - MAX_DETAILS} more`] : rest;
  return new UserError(`${source}: ${first}`, details);
}

/**
 * Convert the DCG card dump with `importDcg` (compiler/import/dcg.ts).
 * @param source the file it came from, for messages
 * @throws UserError when the data does not have the dump's shape (its problem lines follow)
 */
export async function convertDcg(json: unknown, source: string): Promise<DcgImportResult> {
  const { importDcg } = await import("../../import/dcg.ts");
  try {
    return importDcg(json);
  } catch (e) {
    throw importError(source, e);
  }
}

/** Folders of the project that are never committed (.gitignore): imported card texts may be written there. */
const UNCOMMITTED = new Set(["dist", ".cache", ".scratch", "node_modules"]);

/**
 * Why imported DCG sets may not be written to `dir`, or null when they may: the DCG card texts
 * are Bandai's, test input kept outside the repository (`../shared/data/README.md`), so they go
 * outside the project or under a folder it never commits (dist/ …; .gitignore).
 */
export function commitsProblem(dir: string): string | null {
  const rel = relative(PROJECT_ROOT, resolve(dir));
  if (rel === "") return `${displayPath(dir)} is the project folder: write imported DCG sets outside it, or under dist/ (card texts are test input, never committed)`;
  if (rel.startsWith("..") || isAbsolute(rel)) return null;
  const top = rel.split(sep)[0]!;
  return UNCOMMITTED.has(top) ? null : `${displayPath(dir)} is inside the project's committed files: write imported DCG sets outside the project, or under dist/ (card texts are test input, never committed)`;
}

/**
 * Refuse an output folder inside the project's committed files ({@link commitsProblem}).
 * @throws UserError naming the folder
 */
export function outsideCommits(dir: string): void {
  const p = commitsProblem(dir);
  if (p !== null) throw new UserError(p);
}

/**
 * Import the DCG dump into `outDir`: one `<SET>.dgs` per set (the folder is created).
 * @returns the import result and the files written (paths)
 * @throws UserError for a malformed dump, an output folder inside the project's committed
 *   files ({@link outsideCommits}), or a folder that cannot be written
 */
export async function writeDcgImport(json: unknown, source: string, outDir: string): Promise<{ result: DcgImportResult; written: string[] }> {
  outsideCommits(outDir);
  const result = await convertDcg(json, source);
  const written: string[] = [];
  try {
    await mkdir(outDir, { recursive: true });
    for (const f of result.files) {
      const path = join(outDir, f.file);
      await writeFile(path, f.dgs);
      written.push(path);
    }
  } catch (e) {
    throw new UserError(`cannot write to ${displayPath(outDir)}: ${fsReason(e)}`);
  }
  return { result, written };
}

/**
 * Import card data and write the `.dgs` file (or print it to stdout when `out` is null); for
 * `dcg`, write one `.dgs` file per set into the folder `out` (required).
 * @returns 0
 * @throws UserError for a missing or malformed input file, a missing or unwritable output
 */
export async function importCommand(format: ImportFormat, jsonFile: string, out: string | null): Promise<number> {
  if (format === "dcg" && out === null) throw new UserError("import dcg writes one .dgs file per set: give the folder with --out <dir>");
  const json = await readJsonFile(jsonFile);
  if (format === "dcg") {
    const { result, written } = await writeDcgImport(json, jsonFile, out!);
    const fixed = [...result.fixes.values()].length;
    process.stdout.write(
      `${plural(result.cards, "card")} written to ${plural(written.length, "set file")} in ${displayPath(out!)} (${result.files.map((f) => f.code).join(", ")}), ${result.skipped.length} skipped; ` +
        `${plural(fixed, "card")} changed by the defect table (compiler/import/dcg-fixes.ts)\n`,
    );
    for (const s of result.skipped) process.stdout.write(`  skipped ${s.number}: ${s.why}\n`);
    for (const s of result.stale) process.stdout.write(`  stale fix: ${s} changed nothing (check the entry in compiler/import/dcg-fixes.ts)\n`);
    return 0;
  }
  const r = await convert(format, json, jsonFile);
  const report = out === null ? process.stderr : process.stdout;
  if (out === null) process.stdout.write(r.dgs);
  else {
    try {
      await mkdir(dirname(resolve(out)), { recursive: true });
      await writeFile(out, r.dgs);
    } catch (e) {
      throw new UserError(`cannot write ${out}: ${fsReason(e)}`);
    }
  }
  report.write(`${plural(r.cards, "card")} written${out === null ? "" : ` to ${out}`}, ${r.skipped.length} skipped\n`);
  for (const s of r.skipped) report.write(`  skipped ${s.number}: ${s.why}\n`);
  return 0;
}
