import { describe, expect, it } from "vitest";
import {
  decodeLink,
  deflateRaw,
  encodeLink,
  fromBase64Url,
  inflateRawCapped,
  LINK_PREFIX,
  LinkTooLongError,
  linkPayload,
  MAX_LINK_PAYLOAD,
  MAX_SHARED_FILES,
  MAX_STATE_BYTES,
  parseState,
  parseStateFile,
  ShareError,
  shareUrl,
  STATE_FORMAT,
  stateFileText,
  toBase64Url,
  type ShareState,
} from "./state.ts";

const state: ShareState = {
  format: STATE_FORMAT,
  files: [
    { name: "my-set.dgs", text: 'set MY "My Set"\nruleset dbe\n\ncard MY-001 Flamemon\n  kind: Digimon\n  text: Boost own Power +200. — “ü” 🐉\n' },
    { name: "test.deck", text: "deck Test\nmain:\n4 MY-001\n" },
  ],
  active: "my-set.dgs",
  duel: { decks: ["test.deck", "cards/dbe/decks/nature-wall.deck"], seed: -2147483648, ruleset: "dbe", players: ["me", "greedy"] },
};

/** A payload made from any JSON value (bypassing the encoder's validation). */
async function payloadOf(value: unknown): Promise<string> {
  return toBase64Url(await deflateRaw(new TextEncoder().encode(JSON.stringify(value))));
}

/** The message decodeLink throws for a payload. */
async function decodeError(payload: string): Promise<string> {
  try {
    await decodeLink(payload);
  } catch (e) {
    expect(e).toBeInstanceOf(ShareError);
    return (e as Error).message;
  }
  throw new Error("decoded");
}

describe("share links: round trip", () => {
  it("decodes what it encodes, exactly", async () => {
    const payload = await encodeLink(state);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeLink(payload)).toEqual(state);
    const url = shareUrl("https://example.test/play/?x=1#old", payload);
    expect(url).toBe(`https://example.test/play/?x=1${LINK_PREFIX}${payload}`);
    expect(linkPayload(new URL(url).hash)).toBe(payload);
  });

  it("round-trips an empty workspace and every ruleset and player", async () => {
    const s: ShareState = { format: STATE_FORMAT, files: [], active: null, duel: { decks: ["a.deck", "b.deck"], seed: 2147483647, ruleset: "dmb", players: ["random", "me"] } };
    expect(await decodeLink(await encodeLink(s))).toEqual(s);
    const dcg: ShareState = { ...s, duel: { decks: ["playground/decks/dsx-ember-practice.deck", "mine.deck"], seed: 3, ruleset: "dcg", players: ["me", "greedy"], practice: true } };
    expect(await decodeLink(await encodeLink(dcg))).toEqual(dcg);
  });

  it("round-trips through a state file", () => {
    const text = stateFileText(state);
    expect(text.endsWith("\n")).toBe(true);
    expect(parseStateFile(text)).toEqual(state);
  });

  it("keeps unknown keys out of what it encodes", async () => {
    const extra = { ...state, secret: 1 } as unknown as ShareState;
    await expect(encodeLink(extra)).rejects.toThrow(/secret|Unrecognized/i);
  });

  it("linkPayload reads only share fragments", () => {
    expect(linkPayload("")).toBeNull();
    expect(linkPayload("#editor")).toBeNull();
    expect(linkPayload("#s=abc")).toBe("abc");
  });
});

describe("share links: the size limit", () => {
  it("refuses to make a link longer than the limit, and says how long it would be", async () => {
    // Text that does not compress: random letters.
    let x = 2463534242;
    const rnd = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), x >>> 0);
    const noise = Array.from({ length: 40_000 }, () => String.fromCharCode(33 + (rnd() % 90))).join("");
    const big: ShareState = { ...state, files: [{ name: "big.dgs", text: noise }] };
    const err = await encodeLink(big).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LinkTooLongError);
    expect((err as LinkTooLongError).limit).toBe(MAX_LINK_PAYLOAD);
    expect((err as LinkTooLongError).size).toBeGreaterThan(MAX_LINK_PAYLOAD);
    expect((err as Error).message).toMatch(/too large for a link/);
    // The same state fits a state file, which opens again.
    expect(parseStateFile(stateFileText(big))).toEqual(big);
  });

  it("a large but compressible state still fits a link", async () => {
    const text = "card X-1 Y\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +300.\n".repeat(2000);
    const s: ShareState = { ...state, files: [{ name: "many.dgs", text }] };
    const payload = await encodeLink(s);
    expect(payload.length).toBeLessThanOrEqual(MAX_LINK_PAYLOAD);
    expect(await decodeLink(payload)).toEqual(s);
  });

  it("refuses a state larger than the unpacked limit, for a link and for a state file", async () => {
    const huge: ShareState = { ...state, files: [{ name: "huge.dgs", text: "a".repeat(MAX_STATE_BYTES) }] };
    await expect(encodeLink(huge)).rejects.toBeInstanceOf(LinkTooLongError);
    expect(() => stateFileText(huge)).toThrow(/too large even for a state file/);
  });

  it("refuses a link payload longer than any link it makes", async () => {
    expect(await decodeError("A".repeat(MAX_LINK_PAYLOAD + 1))).toMatch(/longer than any link/);
  });
});

describe("share links: hostile input changes nothing and says why", () => {
  it("refuses characters outside base64url and impossible lengths", async () => {
    expect(await decodeError("abc+def/")).toMatch(/characters a share link never has/);
    expect(await decodeError("abc=")).toMatch(/characters a share link never has/);
    expect(await decodeError("abc%20")).toMatch(/characters/);
    expect(await decodeError("<script>alert(1)</script>")).toMatch(/characters/);
    expect(await decodeError("abcde")).toMatch(/damaged or cut short/);
    expect(await decodeError("")).toMatch(/empty/);
    expect(() => fromBase64Url("a")).toThrow(ShareError);
  });

  it("refuses a truncated link", async () => {
    const payload = await encodeLink(state);
    for (const cut of [payload.length - 3, Math.floor(payload.length / 2), 8]) {
      const p = payload.slice(0, cut);
      expect(await decodeError(p.length % 4 === 1 ? p.slice(0, -1) : p)).toMatch(/damaged|cut short|not JSON|not text/);
    }
  });

  it("refuses a tampered link (bytes changed, bytes appended)", async () => {
    const payload = await encodeLink(state);
    const bytes = fromBase64Url(payload);
    for (const at of [0, 5, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const b = bytes.slice();
      b[at] = b[at]! ^ 0x5a;
      const msg = await decodeError(toBase64Url(b)).catch(() => "decoded");
      expect(msg, `byte ${at}`).toMatch(/damaged|cut short|not JSON|not text|not valid|does not hold/);
    }
    // Bytes after the end of the DEFLATE stream: Chromium's DecompressionStream refuses them
    // ("damaged"); node's ignores them. Either way the state is never a different one.
    const junk = toBase64Url(new Uint8Array([...bytes, 1, 2, 3, 4]));
    const r = await decodeLink(junk).then(
      (s) => s,
      (e: unknown) => e,
    );
    if (r instanceof ShareError) expect(r.message).toMatch(/damaged/);
    else expect(r).toEqual(state);
  });

  it("refuses data that is not deflate at all", async () => {
    expect(await decodeError(toBase64Url(new TextEncoder().encode(JSON.stringify(state))))).toMatch(/damaged/);
    expect(await decodeError("AAAAAAAA")).toMatch(/damaged|not JSON|not text/);
  });

  it("stops unpacking a zip bomb at the cap", async () => {
    const bomb = await deflateRaw(new Uint8Array(20 * 1024 * 1024).fill(0x20));
    const payload = toBase64Url(bomb);
    expect(payload.length).toBeLessThan(MAX_LINK_PAYLOAD);
    const t0 = performance.now();
    expect(await decodeError(payload)).toMatch(/unpacks to more than 2 MiB/);
    expect(performance.now() - t0).toBeLessThan(5000);
    await expect(inflateRawCapped(bomb, 1000)).rejects.toThrow(/unpacks to more than/);
  });

  it("accepts exactly the cap and refuses one byte more", async () => {
    const at = await deflateRaw(new Uint8Array(5000).fill(65));
    expect((await inflateRawCapped(at, 5000)).length).toBe(5000);
    await expect(inflateRawCapped(at, 4999)).rejects.toThrow(ShareError);
  });

  it("refuses bytes that are not UTF-8 and text that is not JSON", async () => {
    expect(await decodeError(toBase64Url(await deflateRaw(new Uint8Array([0xff, 0xfe, 0x7b]))))).toMatch(/not text/);
    expect(await decodeError(toBase64Url(await deflateRaw(new TextEncoder().encode("{not json"))))).toMatch(/not JSON/);
    expect(() => parseStateFile("{not json")).toThrow(/not valid JSON/);
  });

  it("refuses JSON of the wrong shape, naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [null, /does not hold a DigiScript playground state/],
      [[state], /does not hold/],
      ["text", /does not hold/],
      [{ ...state, format: "something-else" }, /does not hold/],
      [{ ...state, format: "digiscript-playground/2" }, /another version/],
      [{ ...state, files: "x" }, /files: /],
      [{ ...state, files: [{ name: "a.dgs" }] }, /files\[0\]\.text/],
      [{ ...state, files: [{ name: "a.dgs", text: 1 }] }, /files\[0\]\.text/],
      [{ ...state, files: [{ name: "a.dgs", text: "", run: "alert(1)" }] }, /files\[0\]/],
      [{ ...state, active: 3 }, /active/],
      [{ ...state, duel: { ...state.duel, decks: ["a.deck"] } }, /duel\.decks/],
      [{ ...state, duel: { ...state.duel, ruleset: "mtg" } }, /duel\.ruleset/],
      [{ ...state, duel: { ...state.duel, ruleset: "dcg", practice: "yes" } }, /duel\.practice/],
      [{ ...state, duel: { ...state.duel, players: ["me", "root"] } }, /duel\.players\[1\]/],
      [{ ...state, duel: undefined }, /duel/],
      [{ ...state, extra: true }, /extra|Unrecognized/i],
      [JSON.parse(`{"format":"${STATE_FORMAT}","files":[],"active":null,"duel":${JSON.stringify(state.duel)},"__proto__":{"polluted":1}}`), /__proto__|Unrecognized/i],
    ];
    for (const [value, re] of cases) {
      expect(await decodeError(await payloadOf(value)), JSON.stringify(value)?.slice(0, 80)).toMatch(re);
      expect(() => parseState(value, "file")).toThrow(ShareError);
    }
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it("refuses names that are not safe file names, and duplicate names", async () => {
    for (const name of ["../x.dgs", "a/b.dgs", "x.js", "CON.dgs", "", "a b.dgs", "x".repeat(300) + ".dgs", "a\u2028.dgs"]) {
      const msg = await decodeError(await payloadOf({ ...state, files: [{ name, text: "" }] }));
      expect(msg, name).toMatch(/files\[0\]\.name/);
    }
    const dup = await decodeError(await payloadOf({ ...state, files: [{ name: "a.dgs", text: "" }, { name: "A.dgs", text: "" }] }));
    expect(dup).toMatch(/files\[1\]\.name: the name A.dgs is used twice/);
  });

  it("refuses huge and non-whole numbers", async () => {
    for (const seed of [2 ** 31, -(2 ** 31) - 1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await decodeError(await payloadOf({ ...state, duel: { ...state.duel, seed } })), String(seed)).toMatch(/duel\.seed: expected a whole number from -2147483648 to 2147483647/);
    }
    // 1e999 is Infinity once parsed; a hand-made payload, since JSON.stringify writes null.
    const inf = `{"format":"${STATE_FORMAT}","files":[],"active":null,"duel":{"decks":["a.deck","b.deck"],"seed":1e999,"ruleset":"dbe","players":["me","me"]}}`;
    expect(await decodeError(toBase64Url(await deflateRaw(new TextEncoder().encode(inf))))).toMatch(/duel\.seed.*Infinity/);
    expect(await decodeError(await payloadOf({ ...state, duel: { ...state.duel, seed: "7" } }))).toMatch(/duel\.seed/);
  });

  it("refuses too many files and over-long references", async () => {
    const files = Array.from({ length: MAX_SHARED_FILES + 1 }, (_, i) => ({ name: `f${i}.dgs`, text: "" }));
    expect(await decodeError(await payloadOf({ ...state, files }))).toMatch(/files/);
    expect(await decodeError(await payloadOf({ ...state, active: "a".repeat(1000) }))).toMatch(/active/);
  });

  it("survives deeply nested JSON", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const msg = await decodeError(toBase64Url(await deflateRaw(new TextEncoder().encode(`{"format":"${STATE_FORMAT}","files":${deep}}`))));
    expect(msg).toMatch(/not valid|not JSON/);
  });

  it("refuses a state file larger than the cap", () => {
    expect(() => parseStateFile(" ".repeat(MAX_STATE_BYTES + 1))).toThrow(/larger than 2 MiB/);
  });
});
