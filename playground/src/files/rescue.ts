/**
 * Changes not yet written when the page is left. The designer's files are saved to IndexedDB
 * a pause after typing (`store.ts` {@link Saver}); a reload or a closed tab in that pause would
 * lose the last edits, because IndexedDB writes are asynchronous and the page may be gone
 * before they finish. On leaving (`pagehide`, `beforeunload`), the texts not yet written are
 * put into the synchronous `localStorage` under {@link RESCUE_PREFIX}; the next page load puts
 * each back into its file, saves it and removes the copy.
 *
 * What is read back is checked like any stored record: a key whose name {@link nameProblem}
 * refuses, or a value that is not a string, is ignored and removed.
 */
import { nameProblem } from "./names.ts";

/** The `localStorage` key prefix of a rescued text; the file name follows it. */
export const RESCUE_PREFIX = "digiscript-playground:unsaved:";

/** The part of the Web Storage API used here (`localStorage`, or a fake in tests). */
export interface SyncStorage {
  readonly length: number;
  key(i: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Keep the unwritten texts, synchronously. A text that does not fit (the storage is full) is
 * skipped: the others are still kept.
 * @param texts `[file name, text]` pairs
 * @returns the names kept
 */
export function keepUnwritten(storage: SyncStorage, texts: Iterable<readonly [string, string]>): string[] {
  const kept: string[] = [];
  for (const [name, text] of texts) {
    try {
      storage.setItem(RESCUE_PREFIX + name, text);
      kept.push(name);
    } catch {
      // QuotaExceededError: nothing more can be done while the page unloads.
    }
  }
  return kept;
}

/**
 * The texts kept by {@link keepUnwritten} on leaving an earlier page, sorted by name. Keys
 * with a name {@link nameProblem} refuses are removed and not returned.
 */
export function rescuedTexts(storage: SyncStorage): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const bad: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null || !key.startsWith(RESCUE_PREFIX)) continue;
    const name = key.slice(RESCUE_PREFIX.length);
    const text = storage.getItem(key);
    if (text === null || nameProblem(name) !== null) bad.push(key);
    else out.push({ name, text });
  }
  for (const k of bad) storage.removeItem(k);
  return out.sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** Remove the kept text of a file (it has been saved). */
export function forgetRescued(storage: SyncStorage, name: string): void {
  storage.removeItem(RESCUE_PREFIX + name);
}
