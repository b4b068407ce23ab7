/**
 * The characters of a `.dgs` file, before any line is read: one normalisation of line
 * breaks and the byte-order mark, and the characters a set file may not hold. The set-file
 * reader, the checker, the formatter and the language service all see a file through
 * {@link normalizeSource}, so they agree on what a line is.
 *
 * - A UTF-8 byte-order mark (U+FEFF) at the start is dropped.
 * - Line breaks are CR LF, a lone CR and LF; each becomes LF.
 * - Every other JavaScript or Unicode line terminator (U+2028 LINE SEPARATOR, U+2029
 *   PARAGRAPH SEPARATOR, U+0085 NEXT LINE, VT, FF), every other control character (C0
 *   but TAB and the line breaks, DEL, C1), a U+FEFF after the start, the bidirectional
 *   embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069, which make
 *   text display in an order other than the one it is read in), lone UTF-16 surrogates and
 *   the noncharacters U+FFFE/U+FFFF are refused with a `bad-character` diagnostic. None of
 *   them has a meaning in card text or stats, and each has been used to make a file read
 *   one way by a person and another way by a program.
 *
 * Format: `docs/set-format.md`, "Characters and line breaks"; threat model: `docs/security.md`.
 */
import type { Diagnostic } from "./diagnostics.ts";

/** A source after {@link normalizeSource}: LF line breaks only, no leading byte-order mark. */
export interface NormalizedSource {
  /** The normalised text: every offset a reader or checker reports is an offset into it. */
  text: string;
  /** Whether a leading U+FEFF was dropped. */
  bom: boolean;
}

/**
 * Normalise a `.dgs` file's text: drop a leading byte-order mark, and turn CR LF and lone
 * CR into LF. Linear in the length of the text; returns the same string when nothing changes.
 * @param source the file's text as read (UTF-8 decoded)
 */
export function normalizeSource(source: string): NormalizedSource {
  const bom = source.charCodeAt(0) === 0xfeff;
  let text = bom ? source.slice(1) : source;
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  return { text, bom };
}

/**
 * Map an offset of the original text to the normalised one (the language service gets
 * offsets of the editor's text, which may hold CR LF).
 * @param source the original text
 * @param offset an offset into it (0 ≤ offset ≤ source.length; clamped otherwise)
 * @returns the offset of the same character in `normalizeSource(source).text`
 */
export function normalizedOffset(source: string, offset: number): number {
  const end = Math.max(0, Math.min(offset, source.length));
  let removed = source.charCodeAt(0) === 0xfeff && end > 0 ? 1 : 0;
  for (let i = source.indexOf("\r"); i >= 0 && i < end; i = source.indexOf("\r", i + 1)) {
    if (source.charCodeAt(i + 1) === 10 && i + 1 < end) removed++;
  }
  return end - removed;
}

/**
 * Map an offset of the normalised text back to the original (the inverse of
 * {@link normalizedOffset}: a range the language service reports, for the editor's text).
 * @param source the original text
 * @param offset an offset into `normalizeSource(source).text`
 */
export function originalOffset(source: string, offset: number): number {
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  let n = 0;
  while (n < offset && i < source.length) {
    i += source.charCodeAt(i) === 13 && source.charCodeAt(i + 1) === 10 ? 2 : 1;
    n++;
  }
  return i;
}

/** Names of the refused characters that have one, for messages. */
const NAMES: Record<number, string> = {
  0x00: "NUL",
  0x0b: "VERTICAL TAB",
  0x0c: "FORM FEED",
  0x7f: "DELETE",
  0x85: "NEXT LINE",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0xfeff: "BYTE ORDER MARK",
  0xfffe: "NONCHARACTER",
  0xffff: "NONCHARACTER",
};

/**
 * Whether a UTF-16 code unit (a lone surrogate is judged by its neighbours, see
 * {@link badCharacters}) is refused in a `.dgs` file. TAB and LF are allowed.
 */
export function isRefusedCodeUnit(c: number): boolean {
  if (c < 0x20) return c !== 0x09 && c !== 0x0a;
  if (c < 0x7f) return false;
  if (c <= 0x9f) return true;
  if (c < 0x2028) return false;
  return c === 0x2028 || c === 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0xfeff || c === 0xfffe || c === 0xffff;
}

/** "U+2028 (LINE SEPARATOR)" */
function describe(c: number): string {
  const hex = c.toString(16).toUpperCase().padStart(4, "0");
  const name = NAMES[c] ?? (c >= 0xd800 && c <= 0xdfff ? "lone surrogate" : "control character");
  return `U+${hex} (${name})`;
}

/** Every code unit that {@link isRefusedCodeUnit} refuses, and every surrogate (judged by {@link isRefusedAt}). */
const MAYBE_REFUSED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff\ud800-\udfff]/;

/** At most this many `bad-character` diagnostics per file; the last one counts the rest. */
const MAX_REPORTED = 20;

/**
 * The refused characters of a normalised text, as `bad-character` error diagnostics: one
 * per run of adjacent refused characters, at most {@link MAX_REPORTED} per file (the last
 * says how many more runs there are). Linear in the length of the text.
 * @param text a text returned by {@link normalizeSource}
 * @param what how the text is named in messages (default "a .dgs file")
 */
export function badCharacters(text: string, what = "a .dgs file"): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Almost every file has none: one regular-expression scan decides (surrogates, which are
  // fine in pairs, send the text to the exact loop below).
  if (!MAYBE_REFUSED.test(text)) return out;
  let runs = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isRefusedAt(text, i)) continue;
    const start = i;
    const first = text.charCodeAt(i);
    while (i + 1 < text.length && isRefusedAt(text, i + 1)) i++;
    runs++;
    if (runs <= MAX_REPORTED) {
      const hint =
        first === 0x2028 || first === 0x2029 || first === 0x85 || first === 0x0b || first === 0x0c
          ? "a .dgs file breaks lines with LF, CR LF or CR only"
          : first >= 0x202a && first <= 0x2069
            ? "bidirectional controls make text display in another order than it is read"
            : undefined;
      out.push({
        severity: "error",
        code: "bad-character",
        message: `character ${describe(first)}${i > start ? ` and ${i - start} more after it` : ""} is not allowed in ${what}`,
        span: { start, end: i + 1 },
        ...(hint ? { hint } : {}),
      });
    }
  }
  if (runs > MAX_REPORTED) out[out.length - 1]!.message += ` (and ${runs - MAX_REPORTED} more places with refused characters)`;
  return out;
}

/** Whether the code unit at `i` is refused: {@link isRefusedCodeUnit}, or half of a broken surrogate pair. */
function isRefusedAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const n = text.charCodeAt(i + 1);
    return !(n >= 0xdc00 && n <= 0xdfff);
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const p = text.charCodeAt(i - 1);
    return !(p >= 0xd800 && p <= 0xdbff);
  }
  return isRefusedCodeUnit(c);
}

/**
 * Whether a string holds a refused character (see the module comment); names and set names
 * decoded from JSON escapes are held to the same rule as the file itself. LF is allowed.
 */
export function hasBadCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isRefusedAt(s, i) || s.charCodeAt(i) === 0x0d) return true;
  return false;
}
