/**
 * Transactions over the game state: an undo journal.
 *
 * Trying a cost opens a transaction; a cost that is not completed rolls back, a misfire
 * leaves no trace (`000_012504f4614e5b24.txt`, FAQ "Costs vs Effects"). Every write to the
 * state goes through {@link Journal.set} / {@link Journal.splice}, which record the old
 * value only while a transaction is open, so a rollback costs O(changes) — never a copy of
 * the whole state.
 */

/** One undo record: put `old` back at `obj[key]`, or undo an array splice. */
type Undo =
  | { kind: "set"; obj: Record<string | number, unknown>; key: string | number; old: unknown; had: boolean }
  | { kind: "splice"; arr: unknown[]; start: number; removed: unknown[]; inserted: number };

/** A transaction mark returned by {@link Journal.begin}: the journal length when it opened. */
export type Mark = number;

/** The undo journal of one game. */
export class Journal {
  private undo: Undo[] = [];
  private depth = 0;
  private count = 0;

  /**
   * The number of writes and rollbacks so far, plus {@link touch}es: it only grows, and it is
   * not game state (never hashed, saved or rolled back), so two reads that see the same count
   * saw the same state — a key for a ruleset's caches of values derived from the state.
   */
  get writes(): number {
    return this.count;
  }

  /** Note a change of the state made without the journal (a scenario builder placing cards by hand). */
  touch(): void {
    this.count++;
  }

  /** Whether a transaction is open (writes are being recorded). */
  get open(): boolean {
    return this.depth > 0;
  }

  /** Open a (possibly nested) transaction and return its mark. */
  begin(): Mark {
    this.depth++;
    return this.undo.length;
  }

  /**
   * Keep every change since `mark` and close the transaction. The records stay while an
   * outer transaction is open (it may still roll back), and are dropped otherwise.
   * @throws Error when no transaction is open
   */
  commit(mark: Mark): void {
    if (this.depth === 0) throw new Error("Journal.commit: no open transaction");
    this.depth--;
    if (this.depth === 0) this.undo.length = 0;
    void mark; // an inner commit keeps its records for the enclosing transaction
  }

  /**
   * Undo every change since `mark`, newest first, and close the transaction.
   * @throws Error when no transaction is open
   */
  rollback(mark: Mark): void {
    if (this.depth === 0) throw new Error("Journal.rollback: no open transaction");
    this.count++;
    for (let i = this.undo.length - 1; i >= mark; i--) {
      const u = this.undo[i]!;
      if (u.kind === "set") {
        if (u.had) u.obj[u.key] = u.old;
        else delete u.obj[u.key];
      } else u.arr.splice(u.start, u.inserted, ...u.removed);
    }
    this.undo.length = mark;
    this.depth--;
    if (this.depth === 0) this.undo.length = 0;
  }

  /** `obj[key] = value`, recorded for rollback. */
  set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
    this.count++;
    if (this.depth > 0) {
      const o = obj as unknown as Record<string | number, unknown>;
      this.undo.push({ kind: "set", obj: o, key: key as string, old: o[key as string], had: Object.hasOwn(o, key as string) });
    }
    obj[key] = value;
  }

  /** `arr.splice(start, deleteCount, ...items)`, recorded for rollback. Returns the removed items. */
  splice<T>(arr: T[], start: number, deleteCount: number, ...items: T[]): T[] {
    this.count++;
    // Normalise as Array.prototype.splice does, so the undo record names the real position.
    start = start < 0 ? Math.max(0, arr.length + start) : Math.min(start, arr.length);
    const removed = arr.splice(start, deleteCount, ...items);
    if (this.depth > 0) this.undo.push({ kind: "splice", arr: arr as unknown[], start, removed, inserted: items.length });
    return removed;
  }

  /**
   * Remove the item at index `i` of `arr` (`0 ≤ i < arr.length`), recorded for rollback: the
   * one-card case of {@link splice} without its argument arrays (every card move).
   */
  removeAt<T>(arr: T[], i: number): void {
    this.count++;
    const x = i === arr.length - 1 ? arr.pop()! : arr.splice(i, 1)[0]!;
    if (this.depth > 0) this.undo.push({ kind: "splice", arr: arr as unknown[], start: i, removed: [x], inserted: 0 });
  }

  /** Insert `item` at index `at` of `arr` (`0 ≤ at ≤ arr.length`), recorded for rollback. */
  insertAt<T>(arr: T[], at: number, item: T): void {
    this.count++;
    if (at === arr.length) arr.push(item);
    else arr.splice(at, 0, item);
    if (this.depth > 0) this.undo.push({ kind: "splice", arr: arr as unknown[], start: at, removed: [], inserted: 1 });
  }

  /** Replace every item of `arr` by `items` in place (a shuffle), recorded for rollback. */
  replaceAll<T>(arr: T[], items: readonly T[]): void {
    this.count++;
    if (this.depth > 0) this.undo.push({ kind: "splice", arr: arr as unknown[], start: 0, removed: arr.slice(), inserted: items.length });
    arr.length = items.length;
    for (let i = 0; i < items.length; i++) arr[i] = items[i]!;
  }

  /** Number of undo records held (for tests: rollback is O(changes)). */
  get size(): number {
    return this.undo.length;
  }
}
