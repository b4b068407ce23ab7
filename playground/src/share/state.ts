/**
 * The shared state of the playground — the designer's own files and the duel settings — as
 * a link fragment and as a state file, with the limits and the validation that make
 * decoding safe for any input. Pure: no DOM (Web streams, TextEncoder and atob/btoa only),
 * so it runs in node tests as in the page.
 *
 * Format. The state is the JSON object
 * `{ format: "digiscript-playground/1", files: [{ name, text }], active, duel }`
 * (see {@link ShareState}). A link carries it in its fragment as
 * `#s=` + base64url (RFC 4648 §5, no padding) of the raw DEFLATE (RFC 1951, the browser's
 * `CompressionStream("deflate-raw")`) of its UTF-8 JSON. A state file is the same JSON,
 * indented, in a `.json` file.
 *
 * Limits. A link's payload (after `#s=`) is at most {@link MAX_LINK_PAYLOAD} characters;
 * a larger state is offered as a state file instead. The unpacked JSON — of a link or a
 * state file — is at most {@link MAX_STATE_BYTES} bytes, counted while unpacking so that a
 * small link that unpacks to gigabytes (a "zip bomb") stops at the cap. At most
 * {@link MAX_SHARED_FILES} files.
 *
 * Safety. Decoding either returns a state that passed the zod schema — every file name
 * passes `nameProblem` (`files/names.ts`), names are unique without regard to case, the seed
 * is a valid game seed, the ruleset and players are known words, no unknown keys — or
 * throws a {@link ShareError} with one sentence for the designer. Nothing decoded is ever run
 * as code: texts go into the editor as text.
 */
import { z } from "zod";
import type { DuelSettings } from "../app/app.ts";
import { describeValue } from "../../../runtime/core/describe.ts";
import { seedProblem } from "../../../runtime/core/rng.ts";
import { nameProblem } from "../files/names.ts";

/** The format tag of a shared state (link or state file). */
export const STATE_FORMAT = "digiscript-playground/1";

/** What starts a share link's fragment; the payload follows. */
export const LINK_PREFIX = "#s=";

/**
 * The longest link payload, in characters (32 KiB of base64url, about 24 KiB of compressed
 * data). Chromium opens links of up to 2 MiB (its URL limit; measured: a 2,000,000-character
 * fragment opens, one over 2 MiB does not), but links travel through chat programs, mail and
 * other browsers that cut or refuse long URLs much sooner, so the playground stays far below.
 */
export const MAX_LINK_PAYLOAD = 32 * 1024;

/** The largest unpacked state (the JSON's UTF-8 bytes), in bytes: 2 MiB. */
export const MAX_STATE_BYTES = 2 * 1024 * 1024;

/** The most files a shared state may hold. */
export const MAX_SHARED_FILES = 100;

/** The longest name a state may give as the active file or a deck (bundled paths included). */
const MAX_REF_LENGTH = 256;

/** One of the designer's own files in a shared state. */
export interface SharedFile {
  /** A name that passes `nameProblem` (`files/names.ts`), e.g. "my-set.dgs". */
  name: string;
  /** Its text, as typed. */
  text: string;
}

/** The playground's shared state: what a link or a state file restores. */
export interface ShareState {
  format: typeof STATE_FORMAT;
  /** The designer's own files (bundled files are part of the page, never shared). */
  files: SharedFile[];
  /** The file that was open (own or bundled), or null. */
  active: string | null;
  /** The duel settings: decks (file names, own or bundled), seed, ruleset, players. */
  duel: DuelSettings;
}

/** Where shared data came from, for messages: a link or a state file. */
export type Source = "link" | "file";

/** Shared data that cannot be used; `message` is one or two sentences for the designer. */
export class ShareError extends Error {
  override name = "ShareError";
}

/** A state too large for a link: offer a state file instead. */
export class LinkTooLongError extends ShareError {
  override name = "LinkTooLongError";
  /** The link payload it would need, and the limit, in characters. */
  readonly size: number;
  readonly limit: number;

  /**
   * @param size the payload length it would need (characters), or the unpacked size in
   *   bytes when it is over {@link MAX_STATE_BYTES}
   * @param limit the limit it is over
   */
  constructor(size: number, limit: number, message: string) {
    super(message);
    this.size = size;
    this.limit = limit;
  }
}

// ─── the schema ─────────────────────────────────────────────────────────────

const player = z.enum(["me", "random", "greedy"]);
const ref = z.string().max(MAX_REF_LENGTH);

const fileSchema = z.strictObject({
  name: z.string().check((ctx) => {
    const p = nameProblem(ctx.value);
    if (p) ctx.issues.push({ code: "custom", message: p, input: ctx.value });
  }),
  text: z.string().max(MAX_STATE_BYTES),
});

const stateSchema = z.strictObject({
  format: z.literal(STATE_FORMAT),
  files: z
    .array(fileSchema)
    .max(MAX_SHARED_FILES)
    .check((ctx) => {
      const seen = new Map<string, number>();
      ctx.value.forEach((f, i) => {
        const k = f.name.toLowerCase();
        if (seen.has(k)) ctx.issues.push({ code: "custom", path: [i, "name"], message: `the name ${f.name} is used twice (names are compared without regard to case)`, input: f.name });
        seen.set(k, i);
      });
    }),
  active: ref.nullable(),
  duel: z.strictObject({
    decks: z.tuple([ref, ref]),
    seed: z.number().check((ctx) => {
      const p = seedProblem(ctx.value);
      if (p) ctx.issues.push({ code: "custom", message: p, input: ctx.value });
    }),
    ruleset: z.enum(["dbe", "dmb", "dcg"]),
    players: z.tuple([player, player]),
    practice: z.boolean().optional(),
  }),
});

/** A zod path as a field path: `["files", 2, "name"]` → `files[2].name`. */
function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const k of path) out += typeof k === "number" ? `[${k}]` : out === "" ? String(k) : `.${String(k)}`;
  return out;
}

const the = (source: Source) => (source === "link" ? "The link" : "The file");

/**
 * Validate parsed JSON as a shared state.
 * @param value the parsed JSON (anything)
 * @param source where it came from, for the message
 * @returns the state (a new object: nothing of `value` is kept but its strings and numbers)
 * @throws ShareError naming the first field at fault, e.g. `The link's data is not valid:
 *   files[0].name: Use only letters…`; a `format` other than this one is "not a playground
 *   state" (or "made by a newer playground" for `digiscript-playground/<n>`)
 */
export function parseState(value: unknown, source: Source): ShareState {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ShareError(`${the(source)} does not hold a DigiScript playground state.`);
  const format = (value as { format?: unknown }).format;
  if (format !== STATE_FORMAT) {
    if (typeof format === "string" && /^digiscript-playground\/\d+$/.test(format)) throw new ShareError(`${the(source)} was made by another version of the playground (${describeValue(format)}), which this page cannot read.`);
    throw new ShareError(`${the(source)} does not hold a DigiScript playground state${source === "file" ? " (a .json file opened here must be a state file saved by the Share button)" : ""}.`);
  }
  const r = stateSchema.safeParse(value, { reportInput: true });
  if (r.success) return r.data as ShareState;
  const issue = r.error.issues[0]!;
  const input = (issue as { input?: unknown }).input;
  const field = fieldPath(issue.path);
  let message = issue.message.replace(/^Invalid input: /, "");
  const says = issue.code === "custom" || issue.code === "unrecognized_keys" || /received|, got /.test(message);
  if (!says && (typeof input === "string" || typeof input === "number")) message += `, got ${describeValue(input)}`;
  throw new ShareError(`${the(source)}'s data is not valid: ${field ? `${field}: ` : ""}${message}.`.replace(/\.\.$/, "."));
}

// ─── bytes ──────────────────────────────────────────────────────────────────

/**
 * Bytes as base64url (RFC 4648 §5) without padding.
 * @param bytes any bytes
 * @returns text of `A–Z a–z 0–9 - _`
 */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * base64url without padding as bytes, strictly.
 * @param text the encoded text
 * @returns the bytes
 * @throws ShareError for a character outside the base64url alphabet (padding included) or a
 *   length no encoder makes (4n + 1)
 */
export function fromBase64Url(text: string, source: Source = "link"): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareError(`${the(source)} is damaged: it holds characters a share link never has.`);
  if (text.length % 4 === 1) throw new ShareError(`${the(source)} is damaged or cut short.`);
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Compress bytes with raw DEFLATE (`CompressionStream("deflate-raw")`).
 * @returns the compressed bytes
 */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** How much compressed input is given to the decompressor at a time, in bytes. */
const INFLATE_SLICE = 1024;

/**
 * Decompress raw DEFLATE, stopping as soon as the output passes `maxBytes`: the input is fed
 * in small slices and the output counted as it comes, so a tiny input that would unpack to
 * gigabytes uses no more than about `maxBytes` of memory.
 * @param bytes compressed bytes
 * @param maxBytes the most output accepted, in bytes
 * @returns the decompressed bytes
 * @throws ShareError when the output would pass `maxBytes`, or the input is not a complete
 *   raw DEFLATE stream (damaged, cut short, or with bytes after its end)
 */
export async function inflateRawCapped(bytes: Uint8Array, maxBytes: number, source: Source = "link"): Promise<Uint8Array> {
  const ds = new DecompressionStream("deflate-raw");
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const readAll = (async () => {
    for (;;) {
      const r = await reader.read();
      if (r.done) return;
      total += r.value.byteLength;
      if (total > maxBytes) {
        over = true;
        await reader.cancel().catch(() => {});
        return;
      }
      chunks.push(r.value);
    }
  })();
  const writeAll = (async () => {
    for (let i = 0; i < bytes.length; i += INFLATE_SLICE) {
      if (over) return;
      await writer.ready;
      await writer.write(bytes.slice(i, i + INFLATE_SLICE));
    }
    await writer.close();
  })();
  const [w, r] = await Promise.allSettled([writeAll, readAll]);
  if (over) throw new ShareError(`${the(source)} unpacks to more than ${MAX_STATE_BYTES / 1024 / 1024} MiB, more than the playground opens.`);
  if (w.status === "rejected" || r.status === "rejected") throw new ShareError(`${the(source)} is damaged or cut short (its data does not unpack).`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * UTF-8 bytes of shared JSON as a state.
 * @throws ShareError when the bytes are not UTF-8, not JSON, or not a valid state
 */
function stateFromBytes(bytes: Uint8Array, source: Source): ShareState {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ShareError(`${the(source)} is damaged (its data is not text).`);
  }
  return stateFromText(text, source);
}

function stateFromText(text: string, source: Source): ShareState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ShareError(source === "link" ? "The link is damaged (its data is not JSON)." : "The file is not valid JSON.");
  }
  return parseState(value, source);
}

// ─── links ──────────────────────────────────────────────────────────────────

/**
 * A state as a link payload (the text after `#s=`).
 * @param state the state to share (validated first: an invalid state is never encoded)
 * @returns the payload: base64url of the raw DEFLATE of the state's JSON
 * @throws LinkTooLongError when the payload would be longer than {@link MAX_LINK_PAYLOAD}
 *   characters or the JSON larger than {@link MAX_STATE_BYTES} bytes; ShareError for an
 *   invalid state
 */
export async function encodeLink(state: ShareState): Promise<string> {
  const clean = parseState(JSON.parse(JSON.stringify(state)), "link");
  const json = new TextEncoder().encode(JSON.stringify(clean));
  if (json.length > MAX_STATE_BYTES) throw new LinkTooLongError(json.length, MAX_STATE_BYTES, `Your files are too large to share (${Math.ceil(json.length / 1024)} KiB; at most ${MAX_STATE_BYTES / 1024} KiB).`);
  const payload = toBase64Url(await deflateRaw(json));
  if (payload.length > MAX_LINK_PAYLOAD) throw new LinkTooLongError(payload.length, MAX_LINK_PAYLOAD, `Your files are too large for a link (the link would need ${Math.ceil(payload.length / 1024)} KiB; a link holds at most ${MAX_LINK_PAYLOAD / 1024} KiB).`);
  return payload;
}

/**
 * A link payload as a state.
 * @param payload the text after `#s=` (untrusted: anything)
 * @returns the validated state
 * @throws ShareError with a message for the designer when the payload is longer than
 *   {@link MAX_LINK_PAYLOAD}, not base64url, not raw DEFLATE, unpacks to more than
 *   {@link MAX_STATE_BYTES}, is not UTF-8 JSON, or is not a valid {@link ShareState}
 */
export async function decodeLink(payload: string): Promise<ShareState> {
  if (payload.length > MAX_LINK_PAYLOAD) throw new ShareError(`The link is longer than any link the playground makes (${payload.length} characters; at most ${MAX_LINK_PAYLOAD}).`);
  if (payload === "") throw new ShareError("The link is empty: it holds no state.");
  const bytes = fromBase64Url(payload, "link");
  return stateFromBytes(await inflateRawCapped(bytes, MAX_STATE_BYTES, "link"), "link");
}

/**
 * The payload of a share link's fragment.
 * @param hash `location.hash`, e.g. "#s=…" (or "" or another fragment)
 * @returns the text after `#s=`, or null when the fragment is not a share link's
 */
export function linkPayload(hash: string): string | null {
  return hash.startsWith(LINK_PREFIX) ? hash.slice(LINK_PREFIX.length) : null;
}

/**
 * A share link.
 * @param pageUrl the page's address (its fragment, if any, is dropped)
 * @param payload from {@link encodeLink}
 */
export function shareUrl(pageUrl: string, payload: string): string {
  return pageUrl.split("#")[0] + LINK_PREFIX + payload;
}

// ─── state files ────────────────────────────────────────────────────────────

/**
 * A state as the text of a state file (indented JSON and a final newline).
 * @throws LinkTooLongError when the text is larger than {@link MAX_STATE_BYTES} bytes (it
 *   could not be opened again); ShareError for an invalid state
 */
export function stateFileText(state: ShareState): string {
  const clean = parseState(JSON.parse(JSON.stringify(state)), "file");
  const text = JSON.stringify(clean, null, 1) + "\n";
  const size = new TextEncoder().encode(text).length;
  if (size > MAX_STATE_BYTES) throw new LinkTooLongError(size, MAX_STATE_BYTES, `Your files are too large even for a state file (${Math.ceil(size / 1024)} KiB; at most ${MAX_STATE_BYTES / 1024} KiB): download them one by one.`);
  return text;
}

/**
 * The text of a state file as a state.
 * @param text the file's text (untrusted)
 * @throws ShareError when it is larger than {@link MAX_STATE_BYTES} bytes, not JSON, or not
 *   a valid {@link ShareState}
 */
export function parseStateFile(text: string): ShareState {
  if (text.length > MAX_STATE_BYTES || new TextEncoder().encode(text).length > MAX_STATE_BYTES) throw new ShareError(`The file is larger than ${MAX_STATE_BYTES / 1024 / 1024} MiB, more than the playground opens.`);
  return stateFromText(text, "file");
}
