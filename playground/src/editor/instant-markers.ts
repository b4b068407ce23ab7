/**
 * A keystroke's markers in the keystroke's own frame.
 *
 * The language worker checks every edit, but its answer reaches the page only after the frame
 * the keystroke made (Monaco's typing, its render, style and layout: about 20 ms on a slow
 * machine), so a designer would see a typo's squiggle one or two frames after the typo. The
 * page therefore keeps a second copy of the set files ({@link SetFiles}, the worker's own
 * class), loaded in idle time after the designer's first edit of a set file (the page's start
 * never waits for it), and checks a keystroke's edit on the spot when that is cheap:
 *
 * - the edits since the copy's last check are small ({@link SMALL_EDIT_CHARS}), so the
 *   workspace's cache re-checks only the edited card blocks;
 * - such checks of the file take at most {@link KEYSTROKE_BUDGET_MS}: the quickest of the last
 *   {@link KEYSTROKE_SAMPLES}, which is what the file costs to check without the garbage
 *   collections that slow some checks down (a large file is slow on every check);
 * - the first checks run cold code, a few times slower: once the copy is first checked, it
 *   warms that code up in idle time with the edits a designer makes most, one check per idle
 *   period: the end of a line of a card in the designer's file (the last card's longest
 *   field, usually its text) is deleted and typed again one character at a time
 *   ({@link WARM_CHARS} characters, {@link WARM_ROUNDS} times), each check measured as a
 *   keystroke's. Unfinished words are errors, so this runs the parser's and the checker's error
 *   paths too, as typing does. Until {@link WARM_SAMPLES} have been measured a check of up to
 *   {@link COLD_BUDGET_MS} is let through.
 *
 * Any other edit (a paste of a whole set, a file too large to check within the budget) leaves
 * the markers to the worker and brings the copy up to date in idle time.
 *
 * Both copies get the same texts and run the same checker, so the worker's later push for the
 * same version is the same diagnostics; the page compares them ({@link InstantCounts}) and the
 * worker's answer wins if they ever differ. Deck lists are not kept here: their diagnostics
 * always come from the worker.
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import type { SetFiles } from "../worker/set-files.ts";

/** The longest check (ms) a keystroke may run in its own task; a slower file's markers come from the worker. */
export const KEYSTROKE_BUDGET_MS = 10;
/** How many of the last keystroke-sized checks' times the budget is compared with (the quickest). */
export const KEYSTROKE_SAMPLES = 5;
/** How many keystroke-sized checks warm the checker's code up (see {@link COLD_BUDGET_MS}). */
export const WARM_SAMPLES = 3;
/** How many times the warm-up retypes the end of a card's line in the copy, once loaded. */
export const WARM_ROUNDS = 2;
/** How many characters at the end of a card's line the warm-up deletes and types again, one check per character. */
export const WARM_CHARS = 8;
/** The longest check (ms) a keystroke may run in its own task while the checker's code is warming up. */
export const COLD_BUDGET_MS = 4 * KEYSTROKE_BUDGET_MS;
/** The most characters the edits since the copy's last check may insert and remove for a keystroke to be checked in its own task. */
export const SMALL_EDIT_CHARS = 2_000;

/** Called with a file's diagnostics for the text of `version` (the editor model's version id). */
export type InstantDelivery = (file: string, version: number, diagnostics: FileDiagnostic[]) => void;

/** How the keystrokes' markers were made, for the tests and the benchmark. */
export interface InstantCounts {
  /** Edits checked in their own task, their markers set there. */
  instant: number;
  /** Edits left to the worker (the copy not ready or not up to date, a large edit, a slow file). */
  deferred: number;
  /** Checks that brought the copy up to date in idle time. */
  catchUps: number;
  /** The worker's pushes that matched the markers already set for their version. */
  confirmed: number;
  /** The worker's pushes that did not (their diagnostics replaced the page's): always 0 unless the copies drift apart. */
  mismatched: number;
}

/** Run `f` when the page is idle (within `timeout` ms at the latest): `requestIdleCallback`, else a short timeout. */
export function whenIdle(f: () => void, timeout: number): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(f, { timeout });
  else setTimeout(f, 50);
}

/** What {@link InstantMarkers} runs on: the page's clock and idle callbacks, replaced in tests. */
export interface InstantOptions {
  /** The clock checks are timed with (ms); `performance.now` by default. */
  now?: () => number;
  /** Runs a function in idle time (within `timeout` ms); {@link whenIdle} by default. */
  idle?: (f: () => void, timeout: number) => void;
}

/** The page's copy of the set files and the policy that says when a keystroke is checked on the spot. */
export class InstantMarkers {
  readonly counts: InstantCounts = { instant: 0, deferred: 0, catchUps: 0, confirmed: 0, mismatched: 0 };
  /** The copy, once loaded. */
  private sets: SetFiles | null = null;
  /** The set files added so far (name → read-only), for the copy's first texts. */
  private readonly files = new Map<string, boolean>();
  /** How long the last checks of keystroke-sized edits took (ms), the newest last. */
  private readonly keystrokeMs: number[] = [];
  /** The designer's set file edited or added last (the one warm-up checks use), or null. */
  private lastOwn: string | null = null;
  /** The texts the warm-up still checks, the next first (null before it starts; see {@link scheduleWarmUp}). */
  private warmSteps: string[] | null = null;
  /** The designer's text the warm-up steps were made from. */
  private warmBase = "";
  /** How many keystroke-sized checks have been measured in all. */
  private measuredChecks = 0;
  private catchUpScheduled = false;
  /** Characters inserted and removed since the copy's last check (Infinity after a file was added or removed). */
  private pendingChars = Infinity;
  private loading: Promise<void> | null = null;
  private readonly textOf: (file: string) => string;
  private readonly deliver: InstantDelivery;
  private readonly now: () => number;
  private readonly idle: (f: () => void, timeout: number) => void;

  /**
   * @param textOf a set file's current text (the editor model's)
   * @param deliver sets a file's markers (the same path as the worker's pushes)
   */
  constructor(textOf: (file: string) => string, deliver: InstantDelivery, options: InstantOptions = {}) {
    this.textOf = textOf;
    this.deliver = deliver;
    this.now = options.now ?? (() => performance.now());
    this.idle = options.idle ?? whenIdle;
  }

  /** Whether the copy is loaded. */
  get ready(): boolean {
    return this.sets !== null;
  }

  /** Whether the copy is loaded, up to date and warmed up: the page has settled after the designer's first edit (the benchmark types from then). */
  get settled(): boolean {
    return this.sets !== null && !this.sets.stale && (this.warmedUp || this.lastOwn === null);
  }

  /** Whether the warm-up has run all its checks. */
  private get warmedUp(): boolean {
    return this.warmSteps !== null && this.warmSteps.length === 0;
  }

  /**
   * Load the copy in idle time (its chunk holds the checker) and check it once, also in idle
   * time. Resolves once loaded; a failure to load leaves every marker to the worker.
   */
  start(): Promise<void> {
    this.loading ??= new Promise<void>((resolve) => this.idle(resolve, 3_000))
      .then(() => import("../worker/set-files.ts"))
      .then(
        (m) => {
          const sets = new m.SetFiles();
          for (const [name, readOnly] of this.files) sets.set(name, this.textOf(name), readOnly);
          this.sets = sets;
          this.pendingChars = Infinity;
          this.scheduleCatchUp();
        },
        (e: unknown) => console.error(`the page's checker could not be loaded (the worker's markers are used): ${(e as Error).message}`),
      );
    return this.loading;
  }

  /** A set file was added (or its text replaced as a whole). */
  added(name: string, readOnly: boolean): void {
    this.files.set(name, readOnly);
    if (!readOnly) this.lastOwn = name;
    if (this.sets) {
      this.sets.set(name, this.textOf(name), readOnly);
      this.pendingChars = Infinity;
      this.scheduleCatchUp();
    }
  }

  /** One of the designer's set files was removed. */
  removed(name: string): void {
    this.files.delete(name);
    if (this.lastOwn === name) this.lastOwn = null;
    if (this.sets) {
      this.sets.delete(name);
      this.pendingChars = Infinity;
      this.scheduleCatchUp();
    }
  }

  /**
   * A set file was edited: check it now and deliver its markers when the check is cheap
   * (see the module's comment), else leave them to the worker.
   * @param version the editor model's version id after the edit
   * @param changedChars characters the edit inserted and removed
   */
  edited(name: string, version: number, changedChars: number): void {
    const sets = this.sets;
    if (!this.files.has(name)) return;
    // The designer's first edit loads the copy (so the page's start never waits for it).
    if (sets === null) {
      void this.start();
      return;
    }
    this.lastOwn = name;
    sets.set(name, this.textOf(name));
    this.pendingChars += changedChars;
    if (this.pendingChars > SMALL_EDIT_CHARS || !this.cheap()) {
      this.counts.deferred++;
      this.scheduleCatchUp();
      return;
    }
    const t0 = this.now();
    const r = sets.check();
    this.pendingChars = 0;
    this.measured(this.now() - t0);
    this.counts.instant++;
    this.deliver(name, version, r.diagnostics.get(name) ?? []);
  }

  /** Record how long a keystroke-sized check took (ms). */
  private measured(ms: number): void {
    this.measuredChecks++;
    this.keystrokeMs.push(ms);
    if (this.keystrokeMs.length > KEYSTROKE_SAMPLES) this.keystrokeMs.shift();
  }

  /** Whether a keystroke-sized check is cheap enough to run in the keystroke's task (see the module's comment). */
  private cheap(): boolean {
    const ms = this.keystrokeMs;
    if (ms.length === 0) return true;
    if (Math.min(...ms) <= KEYSTROKE_BUDGET_MS) return true;
    return this.measuredChecks < WARM_SAMPLES && ms[ms.length - 1]! <= COLD_BUDGET_MS;
  }

  /** Bring the copy up to date in idle time; a keystroke-sized check there also measures the file's cost. */
  private scheduleCatchUp(): void {
    if (this.catchUpScheduled) return;
    this.catchUpScheduled = true;
    this.idle(() => {
      this.catchUpScheduled = false;
      const sets = this.sets;
      if (sets === null || !sets.stale) return;
      const t0 = this.now();
      const r = sets.check();
      const ms = this.now() - t0;
      this.pendingChars = 0;
      if (r.checked <= 2) this.measured(ms);
      this.counts.catchUps++;
      this.scheduleWarmUp();
    }, 1_000);
  }

  /**
   * Warm the keystroke checks' code up in idle time, one check per idle period: the designer's
   * last file with the end of one of its card lines deleted and typed again (see
   * {@link warmUpTexts}), then as it is. Each check is measured as a keystroke's. An edit by the
   * designer meanwhile leaves the copy stale: the warm-up waits for the catch-up, which starts
   * it again.
   */
  private scheduleWarmUp(): void {
    if (this.warmedUp || this.lastOwn === null) return;
    this.idle(() => {
      const sets = this.sets;
      const name = this.lastOwn;
      if (sets === null || name === null || sets.stale || this.warmedUp) return;
      const text = this.textOf(name);
      if (this.warmSteps === null || this.warmBase !== text) {
        // The steps left, made from the file as it stands now (the designer may have typed since).
        const all = warmUpTexts(text);
        this.warmSteps = all.slice(all.length - (this.warmSteps?.length ?? all.length));
        this.warmBase = text;
      }
      sets.set(name, this.warmSteps.shift() ?? text);
      const t0 = this.now();
      const r = sets.check();
      if (r.checked <= 2) this.measured(this.now() - t0);
      this.scheduleWarmUp();
    }, 1_000);
  }
}

/**
 * The texts the warm-up checks for a designer's file `text`: the longest field line of its
 * last card (`  name: value`, its value at least 2 × {@link WARM_CHARS} characters: usually
 * the card's text) with its last {@link WARM_CHARS} characters deleted, then typed again one
 * at a time, {@link WARM_ROUNDS} times; the last text is `text` itself. A file without such a
 * line gets a line break added at its end and removed. Pure: the result only depends on `text`.
 */
export function warmUpTexts(text: string): string[] {
  const lines = text.split("\n");
  const lastCard = lines.findLastIndex((l) => /^card\s/.test(l));
  let at = -1;
  for (let i = Math.max(lastCard, 0) + 1; lastCard >= 0 && i < lines.length && !/^\S/.test(lines[i]!); i++) {
    const m = /^\s+[\w-]+:\s*(\S.*)$/.exec(lines[i]!.trimEnd());
    if (m && m[1]!.length >= 2 * WARM_CHARS && (at < 0 || lines[i]!.length > lines[at]!.length)) at = i;
  }
  if (at < 0) return Array.from({ length: WARM_ROUNDS }, () => [`${text}\n`, text]).flat();
  const line = lines[at]!.trimEnd();
  const withLine = (l: string) => [...lines.slice(0, at), l, ...lines.slice(at + 1)].join("\n");
  const round: string[] = [];
  for (let k = WARM_CHARS; k >= 1; k--) round.push(withLine(line.slice(0, line.length - k)));
  round.push(text);
  return Array.from({ length: WARM_ROUNDS }, () => round).flat();
}

/** Whether two lists of diagnostics are the same (the worker's push against the page's markers). */
export function sameDiagnostics(a: readonly FileDiagnostic[], b: readonly FileDiagnostic[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}
