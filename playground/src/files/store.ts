/**
 * The designer's own files in the browser: the storage layout, its validation on loading,
 * and the debounced saving of what is typed. Pure over a small key-value interface
 * ({@link KeyValue}): `idb.ts` gives the IndexedDB one, {@link memoryKeyValue} a Map one for
 * tests and for browsers without storage.
 *
 * Layout (one object store, keys are strings, values structured-cloned):
 * - `file:<name>` → `{ name, text, updated }` — one own file; `name` repeats the key's name,
 *   `updated` is the time of the last save (ms since 1970)
 * - `meta` → `{ layout: 1, active }` — the file shown last (bundled or own; null: none)
 *
 * What is read back is checked like any other input (a record may have been written by an
 * older page or changed by hand in the browser's tools): a record with a bad shape or a name
 * that {@link nameProblem} refuses is skipped and reported, never loaded.
 */
import { z } from "zod";
import { nameProblem } from "./names.ts";

/** The version of the storage layout, kept in `meta.layout`. */
export const STORAGE_LAYOUT = 1;

/** An own file as stored: its name (see `names.ts`) and text. */
export interface StoredFile {
  name: string;
  text: string;
}

/** What {@link FileStore.load} finds. */
export interface Loaded {
  /** The own files, sorted by name. */
  files: StoredFile[];
  /** The file shown last, or null. */
  active: string | null;
  /** Keys whose records were malformed and were left alone (not loaded, not deleted). */
  skipped: string[];
  /** Whether the storage held nothing at all (a first visit: not even `meta`). */
  empty: boolean;
}

/**
 * The storage the files live in: a string-keyed store of structured-clonable values.
 * Both methods reject when the storage fails (unavailable, quota exceeded).
 */
export interface KeyValue {
  /** Every `[key, value]` pair. */
  entries(): Promise<[string, unknown][]>;
  /** Set and delete keys in one atomic step (all of it happens or none). */
  apply(set: [string, unknown][], del: string[]): Promise<void>;
}

/** A Map-backed {@link KeyValue} (values are structured-cloned, as IndexedDB does). */
export function memoryKeyValue(initial: Iterable<[string, unknown]> = []): KeyValue & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>(initial);
  return {
    map,
    async entries() {
      return [...map].map(([k, v]) => [k, structuredClone(v)] as [string, unknown]);
    },
    async apply(set, del) {
      for (const k of del) map.delete(k);
      for (const [k, v] of set) map.set(k, structuredClone(v));
    },
  };
}

const FILE_PREFIX = "file:";
const fileRecord = z.object({ name: z.string(), text: z.string(), updated: z.number().optional() });
const metaRecord = z.object({ layout: z.number(), active: z.string().nullable() });

/** The own files in a {@link KeyValue} store, in the layout described above. */
export class FileStore {
  private readonly kv: KeyValue;

  /** @param kv the storage (IndexedDB in the page) */
  constructor(kv: KeyValue) {
    this.kv = kv;
  }

  /**
   * Read every own file and the active file.
   * @returns the files that pass validation (sorted by name), the active file, skipped keys,
   *   and whether the storage was empty
   * @throws whatever the storage throws when it cannot be read
   */
  async load(): Promise<Loaded> {
    const files: StoredFile[] = [];
    const skipped: string[] = [];
    let active: string | null = null;
    const all = await this.kv.entries();
    for (const [key, value] of all) {
      if (key === "meta") {
        const m = metaRecord.safeParse(value);
        if (m.success) active = m.data.active;
        else skipped.push(key);
        continue;
      }
      if (!key.startsWith(FILE_PREFIX)) {
        skipped.push(key);
        continue;
      }
      const r = fileRecord.safeParse(value);
      const name = key.slice(FILE_PREFIX.length);
      if (!r.success || r.data.name !== name || nameProblem(name, files.map((f) => f.name)) !== null) {
        skipped.push(key);
        continue;
      }
      files.push({ name, text: r.data.text });
    }
    files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { files, active, skipped, empty: all.length === 0 };
  }

  /**
   * Write a file's text (creating the file).
   * @throws whatever the storage throws (e.g. a QuotaExceededError)
   */
  async save(name: string, text: string): Promise<void> {
    await this.kv.apply([[FILE_PREFIX + name, { name, text, updated: Date.now() }]], []);
  }

  /**
   * Delete a file.
   * @throws whatever the storage throws
   */
  async remove(name: string): Promise<void> {
    await this.kv.apply([], [FILE_PREFIX + name]);
  }

  /**
   * Rename a file in one atomic step, writing its newest text under the new name.
   * @throws whatever the storage throws (then neither name changed)
   */
  async rename(from: string, to: string, text: string): Promise<void> {
    await this.kv.apply([[FILE_PREFIX + to, { name: to, text, updated: Date.now() }]], from === to ? [] : [FILE_PREFIX + from]);
  }

  /**
   * Remember the file shown (null: none).
   * @throws whatever the storage throws
   */
  async setActive(active: string | null): Promise<void> {
    await this.kv.apply([["meta", { layout: STORAGE_LAYOUT, active }]], []);
  }
}

/** What a {@link Saver} reports: writing, everything written, or a write failed. */
export type SaveState = { state: "saving" } | { state: "saved" } | { state: "error"; file: string; error: unknown };

/**
 * Debounced saving: a file's text is written `delayMs` after the last change to it, so a
 * burst of keystrokes is one write; {@link Saver.flush} writes everything pending at once
 * (on leaving the page). The text is read when the write happens, so the newest is written.
 */
export class Saver {
  private readonly pending = new Map<string, { read: () => string; timer: ReturnType<typeof setTimeout> }>();
  /** The texts being written now, by file (a write in flight is lost if the page goes). */
  private readonly writing = new Map<string, string>();
  private running = 0;
  private readonly write: (name: string, text: string) => Promise<void>;
  private readonly delayMs: number;
  private readonly report: (s: SaveState) => void;

  /**
   * @param write writes one file (e.g. {@link FileStore.save})
   * @param delayMs the pause after the last change before writing, in milliseconds
   * @param report told when saving starts, when nothing is left to write, and of each failure
   */
  constructor(write: (name: string, text: string) => Promise<void>, delayMs = 400, report: (s: SaveState) => void = () => {}) {
    this.write = write;
    this.delayMs = delayMs;
    this.report = report;
  }

  /** Whether a file has a change not written yet. */
  isPending(name: string): boolean {
    return this.pending.has(name);
  }

  /**
   * A file changed: write it once changes pause.
   * @param name the file
   * @param read gives its newest text when the write happens
   */
  schedule(name: string, read: () => string): void {
    const old = this.pending.get(name);
    if (old) clearTimeout(old.timer);
    const timer = setTimeout(() => void this.run(name), this.delayMs);
    this.pending.set(name, { read, timer });
    this.report({ state: "saving" });
  }

  /** Forget a file's pending change (it was deleted, or renamed and written under its new name). */
  cancel(name: string): void {
    this.writing.delete(name);
    const p = this.pending.get(name);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(name);
    if (this.pending.size === 0 && this.running === 0) this.report({ state: "saved" });
  }

  /**
   * The texts not yet in the storage: each pending file's newest text, each write still in
   * flight and each write that failed, as `[name, text]` (a file in more than one of these:
   * its newest text once).
   */
  unwritten(): [string, string][] {
    const out = new Map(this.writing);
    for (const [name, p] of this.pending) out.set(name, p.read());
    return [...out];
  }

  /** Write every pending change now; resolves when they are written (failures are reported, not thrown). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((n) => this.run(n)));
  }

  private async run(name: string): Promise<void> {
    const p = this.pending.get(name);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(name);
    this.running++;
    let failed = false;
    const text = p.read();
    this.writing.set(name, text);
    try {
      await this.write(name, text);
    } catch (error) {
      failed = true;
      this.report({ state: "error", file: name, error });
    } finally {
      this.running--;
      // A failed write stays unwritten (kept on leaving the page, written again next time).
      if (!failed && this.writing.get(name) === text) this.writing.delete(name);
    }
    if (!failed && this.pending.size === 0 && this.running === 0) this.report({ state: "saved" });
  }
}
