/**
 * Short descriptions of untrusted values for one-line error messages ("got …"): a save file
 * or a CLI option may hold anything, and a message must stay one short line.
 */

/** The longest string quoted in full; longer ones are cut with "…". */
const MAX_QUOTED = 40;

/**
 * Describe a value for "…, got X" in an error message.
 * @param value any value
 * @returns `nothing` (undefined), `null`, a JSON-quoted string cut to 40 characters, a
 *   number or boolean as written, `an array`, or `an object`
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return String(value);
}
