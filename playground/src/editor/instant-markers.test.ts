/**
 * A keystroke's markers in its own task (`instant-markers.ts`): once the page's copy of the set
 * files is loaded and checked, a small edit's diagnostics are delivered before `edited`
 * returns, and they are those of a workspace checked from scratch with the same texts; a paste
 * or a file too slow to check within the budget is left to the worker, and the copy catches
 * up in idle time. The page's clock and idle callbacks are stood in for.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { FileDiagnostic } from "../../../compiler/api.ts";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { digimonBlock } from "../../../tests/helpers.ts";
import { InstantMarkers, KEYSTROKE_BUDGET_MS, SMALL_EDIT_CHARS, WARM_CHARS, WARM_ROUNDS, sameDiagnostics, warmUpTexts } from "./instant-markers.ts";

const STARTER = "cards/dbe/starter.dgs";
const starter = readFileSync(new URL(`../../../${STARTER}`, import.meta.url), "utf8");
const MINE = "mine.dgs";
const mine = ["set MY My Set", "ruleset dbe", "", ...digimonBlock("MY-001", "Sparkmon", "Boost own Power +200."), "", ...digimonBlock("MY-002", "Flarmon", "Draw 1.")].join("\n");

/** The page around an {@link InstantMarkers}: the editor's texts, the markers delivered, a manual idle queue and clock. */
class Page {
  readonly texts = new Map<string, string>();
  readonly delivered: { file: string; version: number; diagnostics: FileDiagnostic[] }[] = [];
  private readonly idleQueue: (() => void)[] = [];
  /** What each timed check costs on the stand-in clock (ms). */
  checkMs = 1;
  private clock = 0;
  private ticks = 0;
  version = 1;
  readonly instant = new InstantMarkers(
    (f) => this.texts.get(f) ?? "",
    (file, version, diagnostics) => this.delivered.push({ file, version, diagnostics }),
    {
      // A check is timed by two readings of the clock: the second is `checkMs` after the first.
      now: () => (this.ticks++ % 2 === 0 ? this.clock : (this.clock += this.checkMs)),
      idle: (f) => this.idleQueue.push(f),
    },
  );

  add(name: string, text: string, readOnly: boolean): void {
    this.texts.set(name, text);
    this.instant.added(name, readOnly);
  }

  /** Type `insert` at `offset` of a file, as the editor does; returns what was delivered for it. */
  type(name: string, offset: number, insert: string): { file: string; version: number; diagnostics: FileDiagnostic[] } | undefined {
    const t = this.texts.get(name)!;
    this.texts.set(name, t.slice(0, offset) + insert + t.slice(offset));
    const before = this.delivered.length;
    this.instant.edited(name, ++this.version, insert.length);
    return this.delivered.length > before ? this.delivered.at(-1) : undefined;
  }

  /** Run the idle callbacks (and the ones they schedule) until none is left. */
  idle(): void {
    for (let f = this.idleQueue.shift(); f !== undefined; f = this.idleQueue.shift()) f();
  }

  /** Run the oldest idle callback only. */
  idleOnce(): void {
    this.idleQueue.shift()?.();
  }

  /** Load the page's copy (its first idle callback), and run what it schedules unless `drain` is false. */
  async load(drain = true): Promise<void> {
    const loaded = this.instant.start();
    this.idleOnce();
    await loaded;
    if (drain) this.idle();
  }

  /** The diagnostics of a file in a workspace checked from scratch with the page's texts. */
  fresh(name: string): FileDiagnostic[] {
    const ws = new Workspace();
    for (const [n, t] of this.texts) ws.set(n, t);
    return ws.check().diagnostics.get(name) ?? [];
  }
}

/** The offset just after "Draw 1." in the designer's file: the end of MY-002's text. */
const endOfText = (t: string) => t.indexOf("Draw 1.") + "Draw 1.".length;

let page: Page;
beforeEach(async () => {
  page = new Page();
  page.add(STARTER, starter, true);
  page.add(MINE, mine, false);
});

describe("InstantMarkers", () => {
  it("starts loading its copy at the designer's first edit, and leaves every edit to the worker until it is loaded", async () => {
    expect(page.type(MINE, endOfText(mine), " Frobnicate.")).toBeUndefined();
    expect(page.instant.ready).toBe(false);
    // The load waits for idle time: the edit queued it.
    page.idleOnce();
    await page.instant.start();
    expect(page.instant.ready).toBe(true);
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "!")).toBeUndefined();
    page.idle();
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "?")?.diagnostics).toEqual(page.fresh(MINE));
  });

  it("delivers a keystroke's diagnostics before the edit returns, the same as a workspace checked from scratch", async () => {
    await page.load();
    expect(page.instant.ready).toBe(true);

    const at = endOfText(page.texts.get(MINE)!);
    const d = page.type(MINE, at, " F");
    expect(d).toBeDefined();
    expect(d!.file).toBe(MINE);
    expect(d!.version).toBe(page.version);
    expect(d!.diagnostics).toEqual(page.fresh(MINE));

    // Typing on: an unknown word is an error at its place, as the checker from scratch says.
    let last = d;
    let cursor = at + 2;
    for (const ch of "robnicate.") last = page.type(MINE, cursor++, ch);
    expect(page.texts.get(MINE)).toContain("Draw 1. Frobnicate.");
    const error = last!.diagnostics.find((x) => x.severity === "error");
    expect(page.texts.get(MINE)!.split("\n")[error!.line - 1]).toContain("Frobnicate.");
    expect(last!.diagnostics).toEqual(page.fresh(MINE));
    expect(sameDiagnostics(last!.diagnostics, page.fresh(MINE))).toBe(true);
    expect(page.instant.counts.deferred).toBe(0);
    expect(page.instant.counts.instant).toBe(11);
  });

  it("leaves a paste to the worker, catches up in idle time, and checks the next keystroke itself", async () => {
    await page.load();

    const paste = `\n${"# a long comment line\n".repeat(Math.ceil(SMALL_EDIT_CHARS / 20))}`;
    expect(page.type(MINE, page.texts.get(MINE)!.length, paste)).toBeUndefined();
    expect(page.instant.counts.deferred).toBe(1);
    page.idle();
    expect(page.instant.counts.catchUps).toBe(2);

    const d = page.type(MINE, endOfText(page.texts.get(MINE)!), "!");
    expect(d?.diagnostics).toEqual(page.fresh(MINE));
  });

  it("leaves the keystrokes of a file too slow to check to the worker, and takes them back once its checks are quick", async () => {
    page.checkMs = 5 * KEYSTROKE_BUDGET_MS;
    await page.load();
    // The warm-up rounds measured the slow file: every keystroke now goes to the worker.
    expect(page.instant.counts.catchUps).toBe(1);
    const text = () => page.texts.get(MINE)!;
    expect(page.type(MINE, endOfText(text()), "a")).toBeUndefined();
    expect(page.instant.counts.deferred).toBe(1);

    // The file's checks become quick (the machine is less busy): the next catch-up measures it.
    page.checkMs = 1;
    page.idle();
    const d = page.type(MINE, endOfText(text()), "b");
    expect(d?.diagnostics).toEqual(page.fresh(MINE));
    expect(WARM_ROUNDS).toBeGreaterThan(0);
  });

  it("lets the first keystrokes through while the checker's code is cold, unless they are far beyond the budget", async () => {
    await page.load(false);
    // Loaded and caught up, but not yet warmed up: the first keystrokes are timed cold.
    page.idleOnce();
    expect(page.instant.counts.catchUps).toBe(1);
    page.checkMs = 2 * KEYSTROKE_BUDGET_MS;
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "a")).toBeDefined();
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "b")).toBeDefined();
    page.checkMs = 10 * KEYSTROKE_BUDGET_MS;
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "c")).toBeDefined();
    expect(page.type(MINE, endOfText(page.texts.get(MINE)!), "d")).toBeUndefined();
  });

  it("forgets a removed file: its edits are not checked", async () => {
    await page.load();
    page.instant.removed(MINE);
    expect(page.type(MINE, 0, "#")).toBeUndefined();
    expect(page.instant.counts.instant).toBe(0);
  });

  it("warms up by retyping the end of the last card's text, one check per idle period, and has settled only after the last", async () => {
    const checked: string[] = [];
    await page.load(false);
    page.idleOnce(); // the catch-up
    const sets = (page.instant as unknown as { sets: { check(): unknown; set(n: string, t: string): void } }).sets;
    const set = sets.set.bind(sets);
    sets.set = (n, t) => {
      if (n === MINE) checked.push(t);
      set(n, t);
    };
    const steps = WARM_ROUNDS * (WARM_CHARS + 1);
    for (let i = 0; i < steps; i++) {
      expect(page.instant.settled).toBe(false);
      page.idleOnce();
    }
    expect(page.instant.settled).toBe(true);
    expect(checked).toEqual(warmUpTexts(mine));
    // The copy ends as the designer's text: the next keystroke is checked as usual.
    expect(checked.at(-1)).toBe(mine);
    expect(page.type(MINE, endOfText(mine), "!")?.diagnostics).toEqual(page.fresh(MINE));
  });
});

describe("warmUpTexts", () => {
  it("deletes the last characters of the last card's longest field and types them again, once per round", () => {
    const text = ["set MY My Set", "ruleset dbe", "", ...digimonBlock("MY-001", "Sparkmon", "Boost own Power +200. Draw 1.")].join("\n");
    const texts = warmUpTexts(text);
    expect(texts).toHaveLength(WARM_ROUNDS * (WARM_CHARS + 1));
    const line = "  text: Boost own Power +200. Draw 1.";
    const lineOf = (t: string) => t.split("\n").find((l) => l.startsWith("  text:"));
    expect(texts.slice(0, WARM_CHARS + 1).map(lineOf)).toEqual([...Array.from({ length: WARM_CHARS }, (_, i) => line.slice(0, line.length - WARM_CHARS + i)), line]);
    expect(texts[WARM_CHARS]).toBe(text);
    expect(texts.at(-1)).toBe(text);
    // Only that line changes.
    for (const t of texts) expect(t.split("\n").filter((l, i) => l !== text.split("\n")[i])).toHaveLength(t === text ? 0 : 1);
  });

  it("adds and removes a line break at the end of a file without a card line long enough", () => {
    const text = "set MY My Set\nruleset dbe\n\ncard MY-001 Tiny\n  kind: Digimon\n";
    expect(warmUpTexts(text)).toEqual(Array.from({ length: WARM_ROUNDS }, () => [`${text}\n`, text]).flat());
  });
});
