/**
 * `digiscript import <format> <json>`: convert card data (dcb, dbe-json) to a `.dgs` file.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { UserError, fsReason, messageOf } from "../errors.ts";
import { plural } from "../diagnostics.ts";

/** The import formats. */
export const IMPORT_FORMATS = ["dcb", "dbe-json"] as const;

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
export async function convert(format: ImportFormat, json: unknown, source: string): Promise<ImportResult> {
  try {
    if (format === "dcb") {
      const { importDcb } = await import("../../import/dcb.ts");
      return importDcb(json);
    }
    const { importDbeJson } = await import("../../import/dbeJson.ts");
    return { ...importDbeJson(json), skipped: [] };
  } catch (e) {
    const [first, ...rest] = messageOf(e).split("\n");
    const details = rest.length > MAX_DETAILS ? [...rest.slice(0, MAX_DETAILS), `…and ${rest.length - MAX_DETAILS} more`] : rest;
    throw new UserError(`${source}: ${first}`, details);
  }
}

/**
 * Import card data and write the `.dgs` file (or print it to stdout when `out` is null).
 * @returns 0
 * @throws UserError for a missing or malformed input file, or an unwritable output
 */
export async function importCommand(format: ImportFormat, jsonFile: string, out: string | null): Promise<number> {
  const json = await readJsonFile(jsonFile);
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
