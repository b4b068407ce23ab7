/**
 * State digests: SHA-256 of the canonical JSON of a game's state.
 *
 * Keys are sorted (`safe-stable-stringify`), so two states that are equal as data have the
 * same digest whatever order their objects were built in. Used by replays ("digest for
 * digest", issue 3 §1 "Replay") and the simulator's invariant checks.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { configure } from "safe-stable-stringify";

const stringify = configure({ deterministic: true, bigint: false, circularValue: Error });

/**
 * The canonical JSON text of a value (sorted keys, no whitespace).
 * @throws TypeError on circular structures
 */
export function canonicalJson(value: unknown): string {
  return stringify(value) ?? "null";
}

/** Hex SHA-256 of {@link canonicalJson}(value): 64 lower-case hex digits. */
export function digestOf(value: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(value))));
}
