/**
 * Fuzz failures: {@link Violation} (a violated property, with a stable `kind`) and the kind
 * of any thrown value, by which `npm run fuzz -- --keep-going` deduplicates failures.
 * Kept apart from the oracle so that the runner can load it without TypeScript
 * and prettier.
 */

/** A violated property: `kind` names the property (and call) for deduplication. */
export class Violation extends Error {
  override name = "Violation";
  readonly kind: string;
  constructor(kind: string, message: string, options?: { cause?: unknown }) {
    super(`[${kind}] ${message}`, options);
    this.kind = kind;
  }
}

/** A short, stable description of an exception: its class, message (numbers and quotes elided) and innermost project frame. */
export function exceptionKind(e: unknown): string {
  if (!(e instanceof Error)) return `non-Error ${typeof e}`;
  const msg = e.message
    .split("\n")[0]!
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "…")
    .replace(/\d+/g, "N")
    .slice(0, 80);
  const frame = (e.stack ?? "")
    .split("\n")
    .map((l) => /at (?:(\S+) \()?(?:file:\/\/)?\S*?\/((?:grammar|compiler|runtime)\/[^:)]+)/.exec(l))
    .find((m) => m !== null);
  return `${e.name}: ${msg}${frame ? ` @ ${frame[1] ?? "<anonymous>"} (${frame[2]})` : ""}`;
}

/** The kind of any thrown value: a Violation's own kind, else the exception's. */
export function failureKind(e: unknown): string {
  return e instanceof Violation ? e.kind : `exception: ${exceptionKind(e)}`;
}

