/**
 * Errors the CLI reports as one line without a stack trace: the user's input is at fault
 * (a missing file, JSON that does not parse, an unknown format). Exit code 2.
 */

/** A problem with the user's input; the message is printed as is, and the CLI exits 2. */
export class UserError extends Error {
  /** Lines printed after the message (e.g. one per schema problem). */
  readonly details: string[];
  constructor(message: string, details: string[] = []) {
    super(message);
    this.name = "UserError";
    this.details = details;
  }
}

/** The message of an unknown thrown value. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A short reason for a failed file-system call: "no such file or directory" rather than the full errno text. */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    default:
      return messageOf(e);
  }
}
