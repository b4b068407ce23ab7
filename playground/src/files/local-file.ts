/**
 * Files the designer opens from their computer (`<input type="file">`): which ones are
 * accepted and how their bytes become text. Pure: the page reads the bytes, this decides.
 *
 * Accepted: a set file (`.dgs`), a deck list (`.deck`) or a playground state file (`.json`,
 * what the Share button offers when a link would be too long), at most
 * {@link MAX_LOCAL_FILE_BYTES} bytes of UTF-8 text without NUL bytes. The text is only ever
 * put into the editor or validated as JSON data; it is never run.
 */

/** The largest file that can be opened, in bytes (2 MiB). */
export const MAX_LOCAL_FILE_BYTES = 2 * 1024 * 1024;

/** What an opened file is: a source for the editor, or a playground state. */
export type LocalKind = "dgs" | "deck" | "state";

/** A local file that cannot be opened (the message names the file and says why). */
export class LocalFileError extends Error {
  override name = "LocalFileError";
}

/**
 * The kind of a local file by its ending (case-insensitive: "SET.DGS" is a set file).
 * @param name the file's name as the browser gives it
 * @returns the kind, or null for any other ending
 */
export function localKind(name: string): LocalKind | null {
  const n = name.toLowerCase();
  if (n.endsWith(".dgs")) return "dgs";
  if (n.endsWith(".deck")) return "deck";
  if (n.endsWith(".json")) return "state";
  return null;
}

/**
 * Check a local file before reading it: its ending and size.
 * @param name the file's name
 * @param size its size in bytes
 * @returns its kind
 * @throws LocalFileError for another ending, or more than {@link MAX_LOCAL_FILE_BYTES} bytes
 */
export function checkLocalFile(name: string, size: number): LocalKind {
  const kind = localKind(name);
  if (!kind) throw new LocalFileError(`${shortName(name)} cannot be opened: open a set file (.dgs), a deck list (.deck) or a playground state file (.json).`);
  if (!(size <= MAX_LOCAL_FILE_BYTES)) throw new LocalFileError(`${shortName(name)} is too large to open (${kib(size)}; at most ${kib(MAX_LOCAL_FILE_BYTES)}).`);
  return kind;
}

/**
 * A local file's bytes as text: UTF-8 (a leading byte-order mark is dropped), refusing
 * anything else.
 * @param name the file's name (for messages)
 * @param bytes its content
 * @returns the text
 * @throws LocalFileError when it is larger than {@link MAX_LOCAL_FILE_BYTES}, holds a NUL
 *   byte (a binary file) or is not valid UTF-8
 */
export function decodeLocalText(name: string, bytes: Uint8Array): string {
  if (bytes.length > MAX_LOCAL_FILE_BYTES) throw new LocalFileError(`${shortName(name)} is too large to open (${kib(bytes.length)}; at most ${kib(MAX_LOCAL_FILE_BYTES)}).`);
  if (bytes.includes(0)) throw new LocalFileError(`${shortName(name)} is not a text file (it holds NUL bytes).`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LocalFileError(`${shortName(name)} is not a text file (it is not valid UTF-8).`);
  }
}

/** A size in KiB for messages ("2048 KiB"), one decimal under 10 KiB. */
export function kib(bytes: number): string {
  const k = bytes / 1024;
  return `${k < 10 ? Math.ceil(k * 10) / 10 : Math.ceil(k)} KiB`;
}

/** A file name cut for a message (names from the computer may be anything). */
function shortName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "?");
  return JSON.stringify(clean.length > 60 ? `${clean.slice(0, 60)}…` : clean);
}
