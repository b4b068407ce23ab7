/**
 * The playground end to end, in a real Chromium (Debian's /usr/bin/chromium through
 * playwright-core; skipped, with the reason printed, when it is not installed).
 *
 * Once for the suite (beforeAll): the playground is built from the current sources into a
 * private temporary folder (Vite, the project's config; a few seconds — so the tests never
 * run against a stale `dist/playground`, and never race another build of it), served by a
 * small static server on a free 127.0.0.1 port, and Chromium is launched. Each test opens
 * the page in a fresh browser context (empty storage: a first visit, with the starter file
 * `my-set.dgs`), saves a screenshot into `dist/e2e-screenshots/<test>.png`, and fails on any
 * console error, uncaught page error, failed request or dialog (afterEach).
 *
 * Tests wait for conditions (markers, DOM state, data attributes), not for fixed times (the
 * one pause, 750 ms, checks that a cancelled simulation stays still), with generous
 * timeouts so a busy machine slows them down without failing them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { importDcg } from "../../compiler/import/dcg.ts";
import { GLOSSARY, glossarySource } from "../../compiler/service/glossary.ts";
import { buildSite, CHROMIUM, cli, controlNames, hasChromium, inApp, launchChromium, nameProblems, openFreshPage, openPlayground, ROOT, serveStatic, storedFiles, watchErrors, type Served } from "./harness.ts";

const PRESENT = hasChromium();
/** The DCG card pool (test input beside the project, see ../shared/data/README): the legal-deck DCG parity test needs it. */
const DCG_POOL = join(ROOT, "..", "shared", "data", "dcg", "cards.json");
if (!PRESENT) console.warn(`playground e2e tests skipped: ${CHROMIUM} is not installed (install Debian's chromium package to run them).`);

/** Where each test's screenshot goes. */
const SHOTS = join(ROOT, "dist", "e2e-screenshots");
/** Upper bound of one test (a busy 2-core machine is slow; an idle one needs a few seconds). */
const T = 120_000;
/** How long a condition may take to come true. */
const WAIT = 30_000;

// ─── page helpers ────────────────────────────────────────────────────────────

/**
 * Wait until `f` (run in the page as for {@link inApp}) returns a truthy value, checking once
 * a frame; resolves with it. (Not `waitForFunction` with a string: the page's CSP forbids eval.)
 */
async function waitApp<R, A = null>(page: Page, f: (app: any, arg: A) => R, arg?: A, timeout = WAIT): Promise<NonNullable<R>> {
  const until = Date.now() + timeout;
  for (;;) {
    const v = await inApp(page, f, arg);
    if (v) return v as NonNullable<R>;
    if (Date.now() > until) throw new Error(`waitApp: timed out after ${timeout} ms waiting for ${f.toString().slice(0, 200)}`);
    await page.evaluate(() => new Promise((r) => (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame(() => r(null))));
  }
}

/** A marker as the tests compare it. */
interface Marker {
  severity: number;
  message: string;
  code: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Monaco's MarkerSeverity.Error. */
const ERROR = 8;

/** The markers of the file in the editor. */
function markersOf(page: Page): Promise<Marker[]> {
  return inApp(page, (app) =>
    app.monaco.editor.getModelMarkers({ resource: app.editor.getModel().uri }).map((m: Marker) => ({
      severity: m.severity,
      message: m.message,
      code: String(m.code),
      startLineNumber: m.startLineNumber,
      startColumn: m.startColumn,
      endLineNumber: m.endLineNumber,
      endColumn: m.endColumn,
    })),
  );
}

/** Wait for a marker of the editor's file whose message contains `text`. */
function markerWith(page: Page, text: string): Promise<Marker> {
  return waitApp(
    page,
    (app, t: string) => app.monaco.editor.getModelMarkers({ resource: app.editor.getModel().uri }).find((m: Marker) => m.message.includes(t)) ?? null,
    text,
  );
}

/** The editor's text. */
function editorText(page: Page): Promise<string> {
  return inApp(page, (app) => app.editor.getValue() as string);
}

/** The 1-based number of the first line of the editor's file containing `s`. */
async function lineWith(page: Page, s: string): Promise<number> {
  const i = (await editorText(page)).split("\n").findIndex((l) => l.includes(s));
  expect(i, `a line containing ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(0);
  return i + 1;
}

/** The text of one line of the editor's file. */
function lineText(page: Page, line: number): Promise<string> {
  return inApp(page, (app, n: number) => app.editor.getModel().getLineContent(n) as string, line);
}

/** Put the cursor at a line and column ("end": the end of the line) and focus the editor. */
function cursorTo(page: Page, line: number, col: number | "end" = "end"): Promise<void> {
  return inApp(
    page,
    (app, a: { line: number; col: number | "end" }) => {
      const m = app.editor.getModel();
      const column = a.col === "end" ? m.getLineMaxColumn(a.line) : a.col;
      app.editor.setPosition({ lineNumber: a.line, column });
      app.editor.revealLineInCenter(a.line);
      app.editor.focus();
    },
    { line, col },
  );
}

/**
 * Type lines into the editor as a person does: each line, then Escape (closing the
 * completion list, which would take the Enter) and Enter. Monaco keeps the indentation of
 * the line above, and Enter after a `card` line indents the card's first field, so type the
 * fields of a card without their indentation.
 */
async function typeLines(page: Page, lines: string[]): Promise<void> {
  for (const l of lines) {
    await page.keyboard.type(l);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
  }
}

/** Replace the whole text of the editor's file in one edit, as a paste does. */
function pasteAll(page: Page, text: string): Promise<void> {
  return inApp(
    page,
    (app, t: string) => {
      app.editor.focus();
      app.editor.executeEdits("e2e-paste", [{ range: app.editor.getModel().getFullModelRange(), text: t }]);
      app.editor.pushUndoStop();
    },
    text,
  );
}

/** The page coordinates of a character of the editor (its middle), after revealing it. */
function pointAt(page: Page, line: number, col: number): Promise<{ x: number; y: number }> {
  return inApp(
    page,
    (app, a: { line: number; col: number }) => {
      app.editor.revealLineInCenter(a.line);
      const p = app.editor.getScrolledVisiblePosition({ lineNumber: a.line, column: a.col });
      const r = app.editor.getDomNode().getBoundingClientRect();
      return { x: r.left + p.left + 4, y: r.top + p.top + p.height / 2 };
    },
    { line, col },
  );
}

/** A description of the focused element: its tag, id, role, classes and name. */
function focused(page: Page): Promise<{ tag: string; id: string; role: string; cls: string; name: string; file: string }> {
  return inApp(page, () => {
    const d = (globalThis as unknown as { document: { activeElement: any } }).document;
    const a = d.activeElement;
    return {
      tag: a?.tagName ?? "",
      id: a?.id ?? "",
      role: a?.getAttribute?.("role") ?? "",
      cls: String(a?.className ?? ""),
      name: String(a?.getAttribute?.("aria-label") ?? a?.textContent ?? "").trim().slice(0, 80),
      file: a?.closest?.("li[data-file]")?.dataset?.file ?? "",
    };
  });
}

/**
 * Wait until the page loads nothing more of its own: the icon font, and the page's checker
 * (its chunks load in idle time after the first edit). A reload before then aborts their
 * requests, which the error watch counts as failed requests.
 */
async function nothingLoading(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => true));
  await expect.poll(() => inApp(page, (app) => app.instant.ready), { timeout: WAIT }).toBe(true);
}

/** Open the duel bench and set its seed (typed, then Enter): the panel. */
async function openDuel(page: Page, seed: number): Promise<Locator> {
  await page.click("#tab-duel");
  const panel = page.locator("#panel-duel");
  await panel.getByLabel("Seed", { exact: true }).fill(String(seed));
  await panel.getByLabel("Seed", { exact: true }).press("Enter");
  return panel;
}

/** The words of a text: runs of letters, digits, signs and apostrophes (layout and quotes left out). */
function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}+\-'’]+/gu) ?? [];
}

/** 13 Digimon whose text loops (tests/security/termination.test.ts): 12 × 4 + 2 = 50 cards. */
function loopSet(): string {
  const card = (i: number) => `card LP-${String(i).padStart(3, "0")} Loopmon ${i}
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Loop Bite 300
  triangle: Loop Claw 200
  cross: Loop Tail 100
  timing: SUPPORT
  text: Passive: When own Power is boosted, Discard 1. Draw 1. Boost own Power +100.
`;
  return `set LP Loop test\nruleset dbe\n\n${Array.from({ length: 13 }, (_, i) => card(i + 1)).join("\n")}`;
}

/** A legal 50-card DBE deck of the looping Digimon. */
const LOOP_DECK = `deck Loop\nruleset dbe\nmain:\n${Array.from({ length: 12 }, (_, i) => `4 LP-${String(i + 1).padStart(3, "0")}\n`).join("")}2 LP-013\n`;

// ─── the suite ───────────────────────────────────────────────────────────────

describe.skipIf(!PRESENT)("the playground in Chromium", () => {
  let siteDir = "";
  let tmp = "";
  let served: Served | null = null;
  let browser: Browser | null = null;

  /** The pages opened by the running test. */
  let opened: { ctx: BrowserContext; page: Page; errors: string[]; dialogs: string[] }[] = [];
  let shot = false;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), "digiscript-e2e-"));
    siteDir = join(tmp, "site");
    mkdirSync(SHOTS, { recursive: true });
    await buildSite(siteDir);
    served = await serveStatic(siteDir);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** The running test's name as a file name. */
  const testSlug = () =>
    (expect.getState().currentTestName ?? "test")
      .split(" > ")
      .at(-1)!
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80);

  /** Open the playground (or a link to it) in a fresh context; errors and dialogs are recorded (and checked after the test). */
  async function open(url = served!.url): Promise<Page> {
    const o = await openFreshPage(browser!, url, WAIT);
    opened.push(o);
    return o.page;
  }

  /** Save the test's screenshot (`dist/e2e-screenshots/<test>.png`). */
  async function screenshot(page: Page): Promise<void> {
    await page.screenshot({ path: join(SHOTS, `${testSlug()}.png`) });
    shot = true;
  }

  afterEach(async () => {
    const pages = opened;
    opened = [];
    if (!shot && pages[0]) await pages[0].page.screenshot({ path: join(SHOTS, `${testSlug()}.png`) }).catch(() => {});
    shot = false;
    for (const p of pages) await p.ctx.close().catch(() => {});
    expect(pages.flatMap((p) => p.errors), "console errors, page errors and failed requests").toEqual([]);
    expect(pages.flatMap((p) => p.dialogs), "dialogs").toEqual([]);
  });

  // ─── the editor ────────────────────────────────────────────────────────────

  it("F8 (next problem) walks the problems the panel lists: a warning of a bundled file no one opened is no stop; opened, it is", { timeout: T }, async () => {
    const page = await open();
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    const line = await lineWith(page, "text: Boost own Power +300.");
    await cursorTo(page, line);
    await page.keyboard.type(" Frobnicate the widget.");
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("1 error, 0 warnings");
    await cursorTo(page, 1, 1);
    await page.keyboard.press("F8");
    const peek = page.locator(".peekview-widget").first();
    await expect.poll(async () => (await peek.innerText()).replace(/\s+/g, " "), { timeout: WAIT }).toContain("1 of 1 problem");
    expect(await inApp(page, (app) => app.activeFile)).toBe("my-set.dgs");
    // The bundled rules-cards.dgs has a warning (an elided text): its markers exist while it is open.
    const bundled = "cards/dbe/rules-cards.dgs";
    const count = (f: string) => inApp(page, (app, file: string) => app.monaco.editor.getModelMarkers({ resource: app.uri(file) }).length as number, f);
    expect(await count(bundled)).toBe(0);
    await inApp(page, (app, f: string) => app.open(f), bundled);
    await expect.poll(() => count(bundled), { timeout: WAIT }).toBeGreaterThan(0);
    await inApp(page, (app) => app.open("my-set.dgs"));
    await expect.poll(() => count(bundled), { timeout: WAIT }).toBe(0);
  });

  it("an error typed in the designer's file gets a marker (squiggle) and a problem entry; Enter on the entry reveals its range", { timeout: T }, async () => {
    const page = await open();
    // The starter file compiles: no marker, no squiggle, no problem.
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    expect(await markersOf(page)).toEqual([]);
    expect(await page.locator("#editor .squiggly-error").count()).toBe(0);

    const line = await lineWith(page, "text: Boost own Power +300.");
    await cursorTo(page, line);
    await page.keyboard.type(" Frobnicate the widget.");
    const m = await markerWith(page, "Frobnicate the widget.");
    expect(m).toMatchObject({ severity: ERROR, code: "parse", startLineNumber: line, endLineNumber: line });
    expect((await lineText(page, line)).slice(m.startColumn - 1, m.endColumn - 1)).toBe("Frobnicate the widget.");
    // Monaco draws the marker as a squiggle.
    await page.locator("#editor .squiggly-error").first().waitFor();

    const entry = page.locator("#problems-host button.problem.error", { hasText: "Frobnicate the widget." });
    await entry.waitFor();
    expect(await entry.locator(".where").textContent()).toBe(`my-set.dgs:${line}:${m.startColumn}`);
    expect(await page.locator("#problems-host .problems-summary").textContent()).toBe("1 error, 0 warnings");

    // Move away, then Enter on the entry selects the range in the editor and focuses it.
    await cursorTo(page, 1, 1);
    await entry.focus();
    await page.keyboard.press("Enter");
    const sel = await waitApp(page, (app, want: Marker) => {
      const s = app.editor.getSelection();
      const same = s.startLineNumber === want.startLineNumber && s.startColumn === want.startColumn && s.endLineNumber === want.endLineNumber && s.endColumn === want.endColumn;
      return same && app.editor.hasTextFocus() ? app.editor.getModel().getValueInRange(s) : null;
    }, m);
    expect(sel).toBe("Frobnicate the widget.");
    await screenshot(page);
  });

  it("once the page's own checker is loaded, a keystroke's markers are set in the keystroke's task, and the worker's check of the same text agrees", { timeout: T }, async () => {
    const page = await open();
    const line = await lineWith(page, "text: Boost own Power +300.");
    await cursorTo(page, line);
    // The first edit of a set file loads the page's copy of the set files in idle time; it is checked once, then warmed up.
    await page.keyboard.type(" ");
    expect(await inApp(page, (app) => app.instant.counts.instant)).toBe(0);
    await expect.poll(() => inApp(page, (app) => app.instant.settled), { timeout: WAIT }).toBe(true);
    // Each keystroke: were its markers set before any other task ran (a timeout set at the edit)?
    await inApp(page, (app) => {
      const model = app.editor.getModel();
      const uri = model.uri.toString();
      const st = { taskOver: true, rows: [] as boolean[] };
      (globalThis as unknown as { keyTasks: typeof st }).keyTasks = st;
      model.onDidChangeContent(() => {
        st.taskOver = false;
        setTimeout(() => (st.taskOver = true), 0);
      });
      app.monaco.editor.onDidChangeMarkers((uris: { toString(): string }[]) => {
        if (uris.some((u) => u.toString() === uri)) st.rows.push(!st.taskOver);
      });
    });
    const typed = "Frobnicate.";
    for (const ch of typed) await page.keyboard.type(ch);
    const m = await markerWith(page, "Frobnicate.");
    expect(m).toMatchObject({ severity: ERROR, code: "parse", startLineNumber: line });
    const rows = (await inApp(page, () => (globalThis as unknown as { keyTasks: { rows: boolean[] } }).keyTasks.rows)) as boolean[];
    // Most keystrokes on this machine (a slow check is left to the worker, by design).
    expect(rows.filter((sameTask) => sameTask).length).toBeGreaterThanOrEqual(typed.length / 2);
    // The worker's answers for the same versions came, and none differed from the page's markers.
    await expect.poll(() => inApp(page, (app) => app.instant.counts.confirmed), { timeout: WAIT }).toBeGreaterThanOrEqual(1);
    expect(await inApp(page, (app) => app.instant.counts.mismatched)).toBe(0);
    // The squiggle and the problem entry, as for the worker's markers.
    await page.locator("#editor .squiggly-error").first().waitFor();
    await page.locator("#problems-host button.problem.error", { hasText: "Frobnicate." }).waitFor();
  });

  it("edits reach the checker as deltas: multi-cursor typing, undo, and a copy gone out of step (resync) all end with the editor's text checked", { timeout: T }, async () => {
    const page = await open();
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    const text = await editorText(page);
    const lines = text.split("\n").flatMap((l, i) => (/^\s+text:/.test(l) ? [i + 1] : [])).slice(0, 2);
    expect(lines).toHaveLength(2);
    // Two cursors, one at the end of each of two text lines: one keystroke is one event with two changes.
    await inApp(page, (app, ls: number[]) => {
      const m = app.editor.getModel();
      app.editor.setSelections(ls.map((l) => ({ selectionStartLineNumber: l, selectionStartColumn: m.getLineMaxColumn(l), positionLineNumber: l, positionColumn: m.getLineMaxColumn(l) })));
      app.editor.focus();
    }, lines);
    await page.keyboard.type(" Frobnicate.");
    await page.keyboard.press("Escape");
    // The markers of the last keystroke's check (earlier checks' markers cover part of the word).
    const both = await waitApp(page, (app) => {
      const model = app.editor.getModel();
      const ms = app.monaco.editor.getModelMarkers({ resource: model.uri });
      const covered = (m: Marker) => model.getLineContent(m.startLineNumber).slice(m.startColumn - 1, m.endColumn - 1);
      return ms.length === 2 && ms.every((m: Marker) => covered(m) === "Frobnicate.") ? ms : null;
    });
    for (const [i, m] of (both as Marker[]).sort((a, b) => a.startLineNumber - b.startLineNumber).entries()) {
      expect(m.startLineNumber).toBe(lines[i]);
      expect((await lineText(page, m.startLineNumber)).slice(m.startColumn - 1, m.endColumn - 1)).toBe("Frobnicate.");
    }
    // Undo takes both back in one step: the checker sees the starter text again.
    await inApp(page, (app) => app.editor.trigger("e2e", "undo", null));
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    expect(await editorText(page)).toBe(text);

    // The worker's copy goes out of step with the editor (as a lost message would leave it):
    // the next keystroke's changes do not fit it, the worker asks for the whole text, and the
    // markers are those of the editor's text, not of the stray copy.
    const stray = await inApp(page, (app) => {
      const v = app.editor.getModel().getVersionId();
      return app.client.ask({ kind: "edit", file: "my-set.dgs", text: "set ZZZ Stray\nruleset dbe\ncard ZZZ-001 Gibberish\n  text: Frobnicate the stray copy.\n", version: v + 0.5 });
    });
    expect(stray).toMatchObject({ checked: 1 });
    await markerWith(page, "Frobnicate the stray copy.");
    // A lost delta is refused, never guessed at.
    const refused = await inApp(page, (app) => app.client.ask({ kind: "edit", file: "my-set.dgs", changes: [{ offset: 0, length: 0, text: "x" }], from: -1, length: 1, version: app.editor.getModel().getVersionId() + 0.6 }));
    expect(refused).toMatchObject({ resync: true, checked: 0 });
    await cursorTo(page, lines[0]!);
    await page.keyboard.type(" Frobnicate.");
    await page.keyboard.press("Escape");
    const m = await markerWith(page, "Frobnicate.");
    expect(m.startLineNumber).toBe(lines[0]);
    await expect.poll(async () => (await markersOf(page)).map((x) => x.message.split("\n")[0]), { timeout: WAIT }).toEqual([expect.stringContaining("Frobnicate.")]);
    expect((await markersOf(page)).some((x) => x.message.includes("stray"))).toBe(false);
  });

  it("completion in a text: field offers keywords and verbs, and accepting one inserts it", { timeout: T }, async () => {
    const page = await open();
    const line = await lineWith(page, "text: Boost own Power +300.");
    await cursorTo(page, line);
    // A space is a trigger character: the suggest widget opens on its own.
    await page.keyboard.type(" ");
    const widget = page.locator(".suggest-widget.visible");
    await widget.waitFor();
    const rows = () => widget.locator(".monaco-list-row").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    await expect.poll(rows, { timeout: WAIT }).toContainEqual(expect.stringMatching(/, Keyword$/));
    expect(await rows()).toContainEqual(expect.stringMatching(/, Function$/)); // verbs
    await page.keyboard.type("Dr");
    await expect.poll(rows, { timeout: WAIT }).toContain("Draw, Function");
    await screenshot(page);
    await page.keyboard.press("Enter");
    await expect.poll(() => lineText(page, line), { timeout: WAIT }).toBe("  text: Boost own Power +300. Draw");
    await page.keyboard.type(" 1.");
    // The completed sentence compiles.
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
  });

  it("hovering a glossary word shows its definition and rules section", { timeout: T }, async () => {
    const page = await open();
    const boost = GLOSSARY.find((e) => e.term === "Boost")!;
    const line = await lineWith(page, "text: Boost own Power +300.");
    const col = (await lineText(page, line)).indexOf("Boost") + 2;
    const at = await pointAt(page, line, col);
    await page.mouse.move(at.x - 30, at.y + 40);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    const hover = page.locator(".monaco-hover-content", { hasText: boost.definition.slice(0, 40) });
    await hover.waitFor();
    const text = (await hover.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(boost.definition.replace(/\s+/g, " ").slice(0, 120));
    expect(text).toContain(`Source: ${glossarySource(boost)}`);
    expect(text).toContain('Source: DBE rules, Glossary "Boost" (000_012504f4614e5b24.txt)');
    await screenshot(page);
  });

  it("on a deck line, go to definition (F12) opens the set file at the card's block, and the hover (Ctrl+K Ctrl+I) shows the card", { timeout: T }, async () => {
    const page = await open();
    const deck = "cards/dbe/decks/dragon-rush.deck";
    await inApp(page, (app, f: string) => app.open(f), deck);
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe(deck);
    const line = await lineWith(page, "4 DS1-001");
    await cursorTo(page, line, (await lineText(page, line)).indexOf("DS1-001") + 3);
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    await page.locator(".monaco-hover-content", { hasText: "Agumon" }).first().waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("F12");
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe("cards/dbe/starter.dgs");
    const at = await inApp(page, (app) => (app.editor.getModel().getLineContent(app.editor.getSelection().startLineNumber) as string));
    expect(at).toBe("card DS1-001 Agumon");
    expect(await inApp(page, (app) => app.editor.hasTextFocus() as boolean)).toBe(true);
    await screenshot(page);
  });

  it('a misspelt keyword offers the quick fix Change to "Recover", which fixes the diagnostic', { timeout: T }, async () => {
    const page = await open();
    const line = await lineWith(page, "text: Boost own Power +300.");
    const from = (await lineText(page, line)).indexOf("Boost") + 1;
    await inApp(page, (app, a: { line: number; from: number }) => {
      app.editor.setSelection({ startLineNumber: a.line, startColumn: a.from, endLineNumber: a.line, endColumn: app.editor.getModel().getLineMaxColumn(a.line) });
      app.editor.focus();
    }, { line, from });
    await page.keyboard.type("Recovr own HP +100.");
    const m = await markerWith(page, 'did you mean "Recover"');
    expect(m).toMatchObject({ severity: ERROR, startLineNumber: line, startColumn: from });
    await cursorTo(page, line, from + 2);
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget", { hasText: 'Change to "Recover"' }).first();
    await fix.waitFor();
    await screenshot(page);
    await page.keyboard.press("Enter");
    await expect.poll(() => lineText(page, line), { timeout: WAIT }).toBe("  text: Recover own HP +100.");
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
  });

  it("format (the editor's Format Document key) changes the layout and keeps every word, as digiscript fmt does", { timeout: T }, async () => {
    const page = await open();
    const messy = [
      `set MY "My Set"`,
      `ruleset dbe`,
      `card MY-001 Flamemon`,
      `    kind:    Digimon`,
      `  level: R`,
      `  type:   Dragon`,
      `  dp: 0`,
      `  +p: 20`,
      `  hp:    600`,
      `  circle: Fire Ball 300`,
      `  triangle: Tail Swing 200`,
      `  cross: Guard 100 |   Jamming`,
      `  timing: SUPPORT`,
      `  text: If opponent's type is Nature,   Boost own Power +200.    If not, Draw 1.`,
      ``,
      ``,
      ``,
      `card MY-002 Spark Chip`,
      ` kind: Option`,
      ` timing: SUPPORT`,
      ` text: Boost own Power +300.`,
      ``,
    ].join("\n");
    await pasteAll(page, messy);
    expect(await editorText(page)).toBe(messy);
    // Monaco's Format Document: Shift+Alt+F on Windows and macOS, Ctrl+Shift+I on Linux (this browser).
    await page.keyboard.press("Control+Shift+I");
    await expect.poll(() => editorText(page), { timeout: WAIT }).not.toBe(messy);
    const formatted = await editorText(page);
    expect(words(formatted)).toEqual(words(messy));
    expect(formatted.split("\n").length).toBeLessThan(messy.split("\n").length);
    expect(formatted).toContain("\n  kind: Digimon\n");
    expect(formatted).toContain("  text: If opponent's type is Nature, Boost own Power +200. If not, Draw 1.\n");
    // The same formatter as the CLI's.
    const file = join(tmp, "messy.dgs");
    writeFileSync(file, messy);
    const r = await cli("fmt", file);
    expect(r.code, r.stderr).toBe(0);
    expect(formatted).toBe(r.stdout);
    await screenshot(page);
  });

  // ─── the card preview ──────────────────────────────────────────────────────

  it("the card preview follows typing: a changed Power is drawn on the card", { timeout: T }, async () => {
    const page = await open();
    const line = await lineWith(page, "circle: Fire Ball 300");
    await cursorTo(page, line);
    const card = page.locator("#panel-card article.pv-card");
    await expect.poll(() => card.locator(".pv-name").textContent(), { timeout: WAIT }).toBe("Flamemon");
    await expect.poll(() => card.locator(".pv-power").allTextContents(), { timeout: WAIT }).toEqual(["300", "200", "100"]);
    // Select the Power and type a new one.
    await page.keyboard.press("Control+Shift+ArrowLeft");
    await page.keyboard.type("450");
    expect(await lineText(page, line)).toBe("  circle: Fire Ball 450");
    await expect.poll(() => card.locator(".pv-power").allTextContents(), { timeout: WAIT }).toEqual(["450", "200", "100"]);
    // And the HP, a line further up.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    await page.keyboard.press("Control+Shift+ArrowLeft");
    await page.keyboard.type("750");
    await expect.poll(() => card.locator(".pv-stat-hp dd").textContent(), { timeout: WAIT }).toBe("750");
    await screenshot(page);
  });

  it("the gallery of a set the designer's own file replaces shows the designer's cards only, even after showing the bundled set's", { timeout: T }, async () => {
    const page = await open();
    await page.click('#files li[data-file="cards/dbe/starter.dgs"] .fs-open');
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe("cards/dbe/starter.dgs");
    await page.click("#tab-gallery");
    const title = page.locator("#panel-gallery .pv-gallery-title");
    await expect.poll(() => title.textContent(), { timeout: WAIT }).toBe("DS1 · DigiScript Starter");
    const tiles = page.locator("#panel-gallery .pv-mini");
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(57);
    // A set of the designer's with the starter's code replaces it in the workspace, and in the gallery.
    const mine = ['set DS1 "Mine"', "ruleset dbe", "", "card DS1-001 Agumon Mine", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1.", ""].join("\n");
    await inApp(page, (app, text: string) => app.addFile({ name: "b.dgs", readOnly: false, kind: "dgs" }, text).then(() => app.open("b.dgs")), mine);
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(1);
    expect(await title.textContent()).toBe("DS1 · Mine");
    expect(await tiles.first().textContent()).toContain("Agumon Mine");
    await screenshot(page);
  });

  it("a card named <img src=x onerror=alert(1)> is drawn as text: no img element, no dialog", { timeout: T }, async () => {
    const page = await open();
    const name = "<img src=x onerror=alert(1)>";
    const lines = await inApp(page, (app) => app.editor.getModel().getLineCount() as number);
    await cursorTo(page, lines);
    // The card pasted at the end of the file, its name with its quotes (no auto-closing).
    await inApp(
      page,
      (app, block: string) => {
        const m = app.editor.getModel();
        const end = m.getLineCount();
        app.editor.executeEdits("e2e-paste", [{ range: new app.monaco.Range(end, m.getLineMaxColumn(end), end, m.getLineMaxColumn(end)), text: block }]);
      },
      `\ncard MY-009 "${name}"\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n`,
    );
    expect(await editorText(page)).toContain(`\ncard MY-009 "${name}"\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.`);
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
    const card = page.locator("#panel-card article.pv-card");
    await expect.poll(() => card.locator(".pv-name").textContent(), { timeout: WAIT }).toBe(name);
    expect(await card.getAttribute("aria-label")).toContain(name);
    // The gallery draws it as text too.
    await page.click("#tab-gallery");
    const tile = page.locator("#panel-gallery .pv-mini", { hasText: "MY-009" });
    await expect.poll(() => tile.locator(".pv-mini-name").textContent(), { timeout: WAIT }).toBe(name);
    await screenshot(page);
    const found = await inApp(page, () => {
      const d = (globalThis as unknown as { document: any }).document;
      return { img: d.querySelectorAll("img").length, markup: d.querySelectorAll("#panels [onerror]").length };
    });
    expect(found).toEqual({ img: 0, markup: 0 });
  });

  // ─── the duel bench ────────────────────────────────────────────────────────

  it("a duel played by me from the keyboard runs to the end, and its save replays to the same digest in the CLI", { timeout: T }, async () => {
    const page = await open();
    const panel = await openDuel(page, 5);
    expect(await panel.getByLabel("P1 played by").inputValue()).toBe("me");
    await panel.getByRole("button", { name: "Start", exact: true }).click();
    const list = panel.getByRole("listbox");
    const status = panel.locator("p.status");
    const listHasFocus = () => list.evaluate((e) => e === e.ownerDocument.activeElement);
    const selected = () => list.locator('[role=option][aria-selected="true"]').count();

    /**
     * Answer the decision shown from the keyboard, checking the listbox's behaviour on the
     * way: one option — ↓ selects the next, ↑ the first again, Enter answers with it;
     * several — Space toggles the option under focus, ↓ moves, Ctrl+Enter answers (as many
     * options as needed, at least one when one may be chosen). Then wait for the next
     * decision, or the end.
     */
    const answer = async () => {
      await expect.poll(listHasFocus, { timeout: WAIT }).toBe(true);
      const before = await status.textContent();
      const options = await list.locator("[role=option]").count();
      if ((await list.getAttribute("aria-multiselectable")) === "true") {
        const hint = (await panel.locator(".decision-hint").textContent()) ?? "";
        const [, lo, hi] = /Choose (\d+)(?:–(\d+))?/.exec(hint) ?? [];
        const min = Number(lo ?? 0);
        const want = Math.min(Math.max(min, 1), Number(hi ?? lo ?? 1), options);
        expect(await selected()).toBe(0);
        for (let i = 0; i < want; i++) {
          if (i > 0) await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Space");
        }
        expect(await selected()).toBe(want);
        await page.keyboard.press("Control+Enter");
      } else {
        expect(await list.locator("[role=option]").first().getAttribute("aria-selected")).toBe("true");
        if (options > 1) {
          await page.keyboard.press("ArrowDown");
          expect(await list.locator("[role=option]").nth(1).getAttribute("aria-selected")).toBe("true");
          await page.keyboard.press("ArrowUp");
          expect(await list.locator("[role=option]").first().getAttribute("aria-selected")).toBe("true");
        }
        await page.keyboard.press("Enter");
      }
      await expect.poll(async () => {
        const s = (await status.textContent()) ?? "";
        return s !== before && !s.startsWith("Running");
      }, { timeout: WAIT }).toBe(true);
    };

    // Every decision of "me" is answered from the listbox (the agents' run on between them).
    await list.waitFor();
    let mine = 0;
    while (await list.isVisible()) {
      if (mine === 0) expect(await panel.locator(".decision-prompt").textContent()).toMatch(/^P1 \(Dragon Rush\): /);
      await answer();
      mine++;
      expect(mine, "decisions answered by me").toBeLessThan(500);
    }
    expect(mine).toBeGreaterThanOrEqual(3);
    const result = page.locator("#duel-result[data-digest]");
    await result.waitFor();
    const digest = (await result.getAttribute("data-digest"))!;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await result.textContent()).toMatch(/^Result: /);
    expect(await status.textContent()).toMatch(/is over after \d+ turns and \d+ decisions/);
    await screenshot(page);

    // The save, as digiscript duel --json writes it, replays in the CLI to the same digest.
    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Save game (JSON)" }).click()]);
    const file = join(tmp, "me-duel.json");
    await download.saveAs(file);
    const save = JSON.parse(readFileSync(file, "utf8")) as { seed: number; digest: string; choices: unknown[] };
    expect(save).toMatchObject({ seed: 5, digest });
    expect(String(save.choices.length)).toBe(await result.getAttribute("data-decisions"));
    const r = await cli("replay", file, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ digestMatched: true, digest, over: true });
  });

  it("stepping by hand, the keyboard focus moves on when its control is disabled or hidden: to Step after my answer, to my decision after a Step", { timeout: T }, async () => {
    const page = await open();
    const panel = await openDuel(page, 1);
    await panel.getByLabel("agents play on after my answer").uncheck();
    await panel.getByRole("button", { name: "Start", exact: true }).click();
    const list = panel.getByRole("listbox");
    const step = panel.getByRole("button", { name: "Step", exact: true });
    const focused = () => page.evaluate(() => {
      const a = document.activeElement;
      return a === null || a === document.body ? "body" : a.getAttribute("role") === "listbox" ? "decision" : a.textContent === "Step" ? "Step" : a.tagName;
    });
    await expect.poll(focused, { timeout: WAIT }).toBe("decision");
    const seen = { afterAnswer: 0, afterStep: 0 };
    for (let i = 0; i < 12; i++) {
      if (await list.isVisible()) {
        // My decision: answer it from the keyboard (as many options as it needs, at least one).
        if ((await list.getAttribute("aria-multiselectable")) === "true") {
          const hint = (await panel.locator(".decision-hint").textContent()) ?? "";
          const [, lo] = /Choose (\d+)/.exec(hint) ?? [];
          const want = Math.max(Number(lo ?? 1), 1);
          for (let k = 0; k < want; k++) {
            if (k > 0) await page.keyboard.press("ArrowDown");
            await page.keyboard.press("Space");
          }
          await page.keyboard.press("Control+Enter");
        } else await page.keyboard.press("Enter");
        await expect.poll(focused, { timeout: WAIT }).not.toBe("body");
        if (await step.isEnabled()) {
          expect(await focused()).toBe("Step");
          seen.afterAnswer++;
        }
      } else {
        // An agent decides next: Step, from the keyboard.
        expect(await focused()).toBe("Step");
        await page.keyboard.press("Enter");
        await expect.poll(focused, { timeout: WAIT }).not.toBe("body");
        if (await list.isVisible()) {
          expect(await focused()).toBe("decision");
          seen.afterStep++;
        }
      }
      expect(await focused()).not.toBe("body");
    }
    expect(seen.afterAnswer).toBeGreaterThan(0);
    expect(seen.afterStep).toBeGreaterThan(0);
  });

  it("agents with the same seed and decks reach the same game digest in the browser as digiscript duel --json", { timeout: T }, async () => {
    const page = await open();
    const panel = await openDuel(page, 5);
    await panel.getByLabel("P1 played by").selectOption("random");
    await panel.getByLabel("P2 played by").selectOption("greedy");
    await panel.getByLabel("P2 deck").selectOption("cards/dbe/decks/nature-wall.deck");
    await panel.getByLabel("P1 deck").selectOption("cards/dbe/decks/dragon-rush.deck");
    await panel.getByRole("button", { name: "Start", exact: true }).click();
    await panel.getByRole("button", { name: "Run", exact: true }).click();
    const result = page.locator("#duel-result[data-digest]");
    await result.waitFor();
    const r = await cli("duel", "--deck", "dragon-rush", "--deck", "nature-wall", "--seed", "5", "--agents", "random,greedy", "--json");
    expect(r.code, r.stderr).toBe(0);
    const save = JSON.parse(r.stdout) as { digest: string; choices: unknown[] };
    expect(await result.getAttribute("data-digest")).toBe(save.digest);
    expect(await result.getAttribute("data-decisions")).toBe(String(save.choices.length));
    expect(await result.getAttribute("data-seed")).toBe("5");
    await screenshot(page);
  });

  // ─── simulation ────────────────────────────────────────────────────────────

  it.skipIf(!existsSync(DCG_POOL))("a DCG duel of two legal bundled decks over the real card pool reaches the same game digest in the browser as digiscript duel --ruleset dcg --json", { timeout: 4 * T }, async () => {
    // The pool as a designer would bring it: the card dump imported to set files (what
    // `digiscript import dcg` writes), opened in the page as the designer's own files.
    const sets = importDcg(JSON.parse(readFileSync(DCG_POOL, "utf8"))).files;
    expect(sets.length).toBeGreaterThan(10);
    const page = await open();
    await inApp(page, (app, files: { name: string; text: string }[]) => Promise.all(files.map((f) => app.addFile({ name: f.name, readOnly: false, kind: "dgs" }, f.text))), sets.map((f) => ({ name: `pool/${f.file}`, text: f.dgs })));
    await page.click("#tab-duel");
    const panel = page.locator("#panel-duel");
    await panel.getByLabel("Ruleset").selectOption("dcg");
    await panel.getByLabel("P1 deck").selectOption("cards/dcg/decks/st1-gaia-red.deck");
    await panel.getByLabel("P2 deck").selectOption("cards/dcg/decks/bt1-red-dragons.deck");
    await panel.getByLabel("Seed", { exact: true }).fill("7");
    await panel.getByLabel("Seed", { exact: true }).press("Enter");
    await panel.getByLabel("P1 played by").selectOption("random");
    await panel.getByLabel("P2 played by").selectOption("greedy");
    await panel.getByRole("button", { name: "Start", exact: true }).click();
    // Legal decks: no practice note, no deck problems.
    await panel.getByRole("button", { name: "Run", exact: true }).click();
    const result = page.locator("#duel-result[data-digest]");
    await result.waitFor({ timeout: 3 * T });
    expect(await panel.locator(".practice-note").isHidden()).toBe(true);
    const r = await cli("duel", "--ruleset", "dcg", "--deck", "st1-gaia-red", "--deck", "bt1-red-dragons", "--seed", "7", "--agents", "random,greedy", "--json");
    expect(r.code, r.stderr).toBe(0);
    const save = JSON.parse(r.stdout) as { digest: string; choices: unknown[] };
    expect(await result.getAttribute("data-digest")).toBe(save.digest);
    expect(await result.getAttribute("data-decisions")).toBe(String(save.choices.length));
    expect(await result.getAttribute("data-seed")).toBe("7");
    await screenshot(page);
  });

  it("a simulation cancelled mid-way stops its progress bar and says it was cancelled", { timeout: T }, async () => {
    const page = await open();
    await page.click("#tab-simulate");
    const panel = page.locator("#panel-simulate");
    const games = 20_000;
    await panel.getByLabel("Games", { exact: true }).fill(String(games));
    await panel.getByRole("button", { name: "Simulate", exact: true }).click();
    const bar = panel.getByRole("progressbar");
    const done = async () => Number(await bar.getAttribute("aria-valuenow"));
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: WAIT }).toBe("running");
    await expect.poll(done, { timeout: WAIT }).toBeGreaterThan(0);
    await panel.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: WAIT }).toBe("stopped");
    const status = (await panel.locator("p.status").textContent()) ?? "";
    expect(status).toMatch(/^Cancelled\. (\d+) of 20000 games played in [\d.]+ s\.$/);
    const stoppedAt = await done();
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(games);
    expect(status).toContain(`${stoppedAt} of ${games}`);
    expect(await bar.getAttribute("aria-valuemax")).toBe(String(games));
    // The worker is gone: a few frames later nothing has moved.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 750)));
    expect(await done()).toBe(stoppedAt);
    expect(await panel.locator("p.status").textContent()).toBe(status);
    expect(await panel.getByRole("button", { name: "Simulate", exact: true }).isEnabled()).toBe(true);
    expect(await panel.getByRole("button", { name: "Cancel", exact: true }).isDisabled()).toBe(true);
    // The partial results are shown.
    expect(await panel.locator(".sim-table caption").textContent()).toBe(`${stoppedAt} games`);
    await screenshot(page);
  });

  it("from the keyboard, a simulation keeps the focus: Enter on Simulate moves it to Cancel, back to Simulate when the games end; Escape cancels", { timeout: T }, async () => {
    const page = await open();
    await page.click("#tab-simulate");
    const panel = page.locator("#panel-simulate");
    const simulate = panel.getByRole("button", { name: "Simulate", exact: true });
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? document.activeElement?.tagName ?? "");
    // A run that ends: the focus is on Simulate again, not dropped to the page.
    await panel.getByLabel("Games", { exact: true }).fill("20");
    await simulate.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    expect(await focused()).toBe("Simulate");
    // A long run: the focus goes to Cancel while it runs, and Escape cancels it.
    await panel.getByLabel("Games", { exact: true }).fill("20000");
    await simulate.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: WAIT }).toBe("running");
    expect(await focused()).toBe("Cancel");
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: WAIT }).toBe("stopped");
    expect(await panel.locator("p.status").textContent()).toMatch(/^Cancelled\. \d+ of 20000 games played/);
    expect(await focused()).toBe("Simulate");
  });

  it("a looping deck is stopped with a message naming the looping card, and the tab stays responsive", { timeout: T }, async () => {
    const page = await open();
    // The set and the deck as files of the designer's own, opened with "Open file…".
    await page.locator("#toolbar input[type=file]").setInputFiles([
      { name: "loop.dgs", mimeType: "text/plain", buffer: Buffer.from(loopSet()) },
      { name: "loop.deck", mimeType: "text/plain", buffer: Buffer.from(LOOP_DECK) },
    ]);
    await page.locator('#files li[data-file="loop.dgs"]').waitFor();
    await page.locator('#files li[data-file="loop.deck"]').waitFor();
    await page.click("#tab-duel");
    const panel = page.locator("#panel-duel");
    await panel.getByLabel("P1 deck").selectOption("loop.deck");
    await panel.getByLabel("P2 deck").selectOption("cards/dbe/decks/nature-wall.deck");
    await panel.getByLabel("P1 played by").selectOption("random");
    await panel.getByLabel("P2 played by").selectOption("greedy");
    // The longest gap between two 10 ms timer ticks while the game runs.
    await page.evaluate(() => {
      const w = globalThis as unknown as { e2eGap: { max: number; timer: unknown }; performance: { now(): number }; setInterval(f: () => void, ms: number): unknown };
      let last = w.performance.now();
      w.e2eGap = { max: 0, timer: null };
      w.e2eGap.timer = w.setInterval(() => {
        const t = w.performance.now();
        w.e2eGap.max = Math.max(w.e2eGap.max, t - last);
        last = t;
      }, 10);
    });
    await panel.getByRole("button", { name: "Start", exact: true }).click();
    await panel.getByRole("button", { name: "Run", exact: true }).click();
    const note = panel.locator(".loop-note");
    await note.waitFor({ state: "visible", timeout: 60_000 });
    const message = (await note.textContent()) ?? "";
    expect(message).toMatch(/^The engine ended this game by its loop rule: unbreakable loop: LP-0\d\d Loopmon \d+'s sentence "(Discard 1\.|Draw 1\.|Boost own Power \+100\.)" resolved as a trigger 101 times/);
    const result = page.locator("#duel-result[data-digest]");
    await result.waitFor();
    expect(await result.getAttribute("data-winner")).toBe("draw");
    const gap = await page.evaluate(() => {
      const w = globalThis as unknown as { e2eGap: { max: number; timer: unknown }; clearInterval(t: unknown): void };
      w.clearInterval(w.e2eGap.timer);
      return w.e2eGap.max;
    });
    // Run plays in slices of ~40 ms: the page never froze (a generous bound for a busy machine).
    expect(gap).toBeLessThan(1_500);
    // Still responsive: the panels switch and the editor takes input.
    await page.click("#tab-card");
    expect(await page.locator("#panel-card").isVisible()).toBe(true);
    await page.locator('#files li[data-file="loop.dgs"] .fs-open').click();
    await cursorTo(page, 1, 1);
    await page.keyboard.type("# still here\n");
    expect(await editorText(page)).toMatch(/^# still here\nset LP/);
    await page.click("#tab-duel");
    await screenshot(page);

    // The simulation names the looping card too.
    await page.click("#tab-simulate");
    const sim = page.locator("#panel-simulate");
    await sim.getByLabel("Games", { exact: true }).fill("3");
    await sim.getByRole("button", { name: "Simulate", exact: true }).click();
    await expect.poll(() => sim.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    expect(await sim.locator(".loop-note").textContent()).toMatch(/3 games ended by the engine's loop rule/);
    const loops = await sim.locator(".sim-list li").allTextContents();
    expect(loops.filter((l) => /^seed \d+: unbreakable loop: LP-0\d\d Loopmon \d+'s sentence/.test(l))).toHaveLength(3);
  });

  // ─── share links ───────────────────────────────────────────────────────────

  it("a share link opens the same file and duel settings in a fresh browser context", { timeout: T }, async () => {
    const page = await open();
    await page.getByRole("button", { name: "New set", exact: true }).click();
    const name = page.getByLabel("Name of the new set file");
    await name.fill("shared-set");
    await name.press("Enter");
    await page.locator('#files li[data-file="shared-set.dgs"] .fs-open[aria-current="true"]').waitFor();
    await inApp(page, (app) => app.editor.setPosition({ lineNumber: app.editor.getModel().getLineCount(), column: 1 }));
    await typeLines(page, ["card SHARED-SET-001 Sharemon", "kind: Option", "timing: SUPPORT", "text: Draw 2."]);
    const text = await editorText(page);
    expect(text).toContain("card SHARED-SET-001 Sharemon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 2.\n");
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
    const panel = await openDuel(page, 4242);
    await panel.getByLabel("P2 deck").selectOption("cards/dbe/decks/dragon-core.deck");
    await panel.getByLabel("P2 played by").selectOption("random");
    const settings = await inApp(page, (app) => app.duelSettings);
    expect(settings).toEqual({ decks: ["cards/dbe/decks/dragon-rush.deck", "cards/dbe/decks/dragon-core.deck"], seed: 4242, ruleset: "dbe", players: ["me", "random"] });
    const own = await inApp(page, (app) => app.files().filter((f: { readOnly: boolean }) => !f.readOnly).map((f: { name: string }) => ({ name: f.name, text: app.text(f.name) })));

    await page.getByRole("button", { name: "Share", exact: true }).click();
    const field = page.getByLabel("Share link");
    await field.waitFor();
    const url = await field.inputValue();
    expect(url.startsWith(`${served!.url}#s=`)).toBe(true);

    // A fresh context: empty storage, so everything comes from the link.
    const other = await open(url);
    await other.locator('#files li[data-file="shared-set.dgs"] .fs-open[aria-current="true"]').waitFor();
    expect(await inApp(other, (app) => app.activeFile)).toBe("shared-set.dgs");
    expect(await editorText(other)).toBe(text);
    expect(await inApp(other, (app) => app.duelSettings)).toEqual(settings);
    expect(await inApp(other, (app) => app.files().filter((f: { readOnly: boolean }) => !f.readOnly).map((f: { name: string }) => ({ name: f.name, text: app.text(f.name) })))).toEqual(own);
    // The link's fragment is gone from the address bar; the duel form shows the settings.
    expect(other.url()).toBe(served!.url);
    await other.click("#tab-duel");
    const p2 = other.locator("#panel-duel");
    expect(await p2.getByLabel("Seed", { exact: true }).inputValue()).toBe("4242");
    expect(await p2.getByLabel("P2 played by").inputValue()).toBe("random");
    expect(await p2.getByLabel("P2 deck").inputValue()).toBe("cards/dbe/decks/dragon-core.deck");
    expect(await other.locator(".dgs-notices").textContent()).toContain("shared-set.dgs");
    await screenshot(other);

    // Back in the first page, an edit after the link was made: the notice says the link holds the files as they were.
    const stale = page.locator(".dgs-notices .share-stale");
    expect(await stale.count()).toBe(0);
    await inApp(page, (app) => {
      app.editor.setPosition({ lineNumber: app.editor.getModel().getLineCount(), column: 1 });
      app.editor.focus();
    });
    await page.keyboard.type("# later");
    await stale.waitFor();
    expect(await stale.textContent()).toBe("Your files or the duel settings changed since: this link holds them as they were. Share again for a link with the changes.");
    // Sharing again makes a link of the new state, and the notice has no such line.
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect.poll(() => field.inputValue(), { timeout: WAIT }).not.toBe(url);
    expect(await stale.count()).toBe(0);
  });

  // ─── DCG sets ──────────────────────────────────────────────────────────────

  it("a DCG set: the bundled example, copied, takes a card-text error with its marker and problem, and once fixed its cards are drawn with their boxes", { timeout: T }, async () => {
    const page = await open();
    // Open the bundled DCG example from the file list (Enter on its button) and copy it into a file of my own.
    const item = page.locator('#files li[data-file="cards/dcg/example.dgs"] .fs-open');
    await item.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe("cards/dcg/example.dgs");
    await page.getByRole("button", { name: "Make a copy" }).click();
    const form = page.getByRole("form", { name: "Copy of cards/dcg/example.dgs" });
    await form.getByRole("button", { name: "Copy" }).click();
    const mine = await waitApp(page, (app) => (app.entry(app.activeFile)?.readOnly === false ? (app.activeFile as string) : null));
    expect(mine).toBe("example.dgs");
    expect(await editorText(page)).toContain("set DSX-COPY DigiScript DCG Example\nruleset dcg\n");
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");

    // Cinderhound's effect: "Delete" becomes a word the DCG grammar does not read.
    const line = await lineWith(page, "effect: [When Digivolving] Delete 1 of your opponent's Digimon with 3000 DP or less.");
    const from = (await lineText(page, line)).indexOf("Delete") + 1;
    await inApp(page, (app, a: { line: number; from: number }) => {
      app.editor.setSelection({ startLineNumber: a.line, startColumn: a.from, endLineNumber: a.line, endColumn: a.from + "Delete".length });
      app.editor.focus();
    }, { line, from });
    await page.keyboard.type("Frobnicate");
    const m = await markerWith(page, 'could not read "Frobnicate"');
    expect(m).toMatchObject({ severity: ERROR, code: "syntax", startLineNumber: line, startColumn: from, endLineNumber: line, endColumn: from + "Frobnicate".length });
    await page.locator("#editor .squiggly-error").first().waitFor();
    const entry = page.locator("#problems-host button.problem.error", { hasText: 'could not read "Frobnicate"' });
    await entry.waitFor();
    expect(await entry.locator(".where").textContent()).toBe(`example.dgs:${line}:${from}`);
    // The card under the cursor is drawn with its error: the word marked in its effect box, the problem listed.
    const card = page.locator("#panel-card article.pv-dcg");
    await expect.poll(() => card.locator(".pv-name").textContent(), { timeout: WAIT }).toBe("Cinderhound");
    await expect.poll(() => card.locator('[data-box="effect"] mark.pv-mark-error').textContent(), { timeout: WAIT }).toBe("Frobnicate");
    await page.locator("#panel-card .pv-problem-error[data-code=syntax]").waitFor();

    // Fixed: the word back, no marker, no problem, the card drawn whole.
    await page.keyboard.press("Control+Shift+ArrowLeft");
    await page.keyboard.type("Delete");
    expect(await lineText(page, line)).toBe("  effect: [When Digivolving] Delete 1 of your opponent's Digimon with 3000 DP or less.");
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    await expect.poll(() => card.locator(".pv-badge").count(), { timeout: WAIT }).toBe(0);
    /** The drawn card's kind, cost, level, DP and each box with its lines. */
    const drawn = () =>
      card.evaluate((a) => ({
        kind: a.getAttribute("data-kind"),
        cost: a.querySelector(".pv-dcg-cost-value")?.textContent ?? null,
        level: a.querySelector(".pv-dcg-level")?.firstChild?.textContent ?? null,
        dp: a.querySelector(".pv-stat-dp dd")?.textContent ?? null,
        colors: [...a.querySelectorAll(".pv-dcg-colors .pv-dcg-chip")].map((c) => c.textContent),
        boxes: [...a.querySelectorAll("[data-box]")].map((b) => [b.getAttribute("data-box"), [...b.querySelectorAll(".pv-dcg-line")].map((l) => l.textContent)]),
      }));
    await expect.poll(drawn, { timeout: WAIT }).toEqual({
      kind: "Digimon",
      cost: "5",
      level: "Lv.4",
      dp: "5000",
      colors: ["Red"],
      boxes: [
        ["effect", ["[When Digivolving] Delete 1 of your opponent's Digimon with 3000 DP or less."]],
        ["inherited", ["[Your Turn] This Digimon gets +1000 DP."]],
      ],
    });
    expect(await card.locator('[data-box="effect"] .pv-dcg-timing').textContent()).toBe("[When Digivolving]");
    await screenshot(page);

    // The Tamer draws its effect and security boxes; the two-colour Digimon its two requirements and DNA.
    await cursorTo(page, (await lineWith(page, "card DSX-006 Rin Hoshino")) + 1);
    await expect.poll(drawn, { timeout: WAIT }).toEqual({
      kind: "Tamer",
      cost: "2",
      level: null,
      dp: null,
      colors: ["Red"],
      boxes: [
        ["effect", ["[Start of Your Turn] If you have a Digimon with 6000 DP or more in play, gain 1 memory."]],
        ["security", ["[Security] Play this card without paying its memory cost."]],
      ],
    });
    await cursorTo(page, (await lineWith(page, "card DSX-005 Stormcrest")) + 1);
    await expect.poll(() => card.locator(".pv-name").textContent(), { timeout: WAIT }).toBe("Stormcrest");
    expect((await drawn()).colors).toEqual(["Red", "Blue"]);
    expect(await card.locator(".pv-dcg-req").count()).toBe(2);
    expect(await card.locator(".pv-dcg-dna-entry").textContent()).toBe("0 from [Cinderhound] + [Tidewing]");
    expect((await drawn()).boxes.map(([b, lines]) => [b, (lines as string[]).length])).toEqual([["effect", 2], ["inherited", 1]]);
  });

  it("in a DCG set, [ offers the timing tags, completion inserts one, and hover explains a keyword with its 002 section", { timeout: T }, async () => {
    const page = await open();
    await page.locator('#files li[data-file="cards/dcg/example.dgs"] .fs-open').click();
    await page.getByRole("button", { name: "Make a copy" }).click();
    await page.getByRole("form", { name: "Copy of cards/dcg/example.dgs" }).getByRole("button", { name: "Copy" }).click();
    await waitApp(page, (app) => app.entry(app.activeFile)?.readOnly === false);
    // A new unit on its own line in Emberpup's effect box: "[" opens the list of timing tags.
    const line = await lineWith(page, "effect: [On Play] Reveal the top 3 cards of your deck.");
    await cursorTo(page, line);
    await page.keyboard.press("Enter");
    await page.keyboard.type("  [Wh");
    const widget = page.locator(".suggest-widget.visible");
    await widget.waitFor();
    const rows = () => widget.locator(".monaco-list-row").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    await expect.poll(rows, { timeout: WAIT }).toEqual(expect.arrayContaining([expect.stringMatching(/^\[When Attacking\], Keyword/), expect.stringMatching(/^\[When Digivolving\], Keyword/)]));
    await page.keyboard.type("en At");
    await expect.poll(rows, { timeout: WAIT }).toEqual([expect.stringMatching(/^\[When Attacking\], Keyword/)]);
    await page.keyboard.press("Enter");
    // The tag replaces "[When At" and the "]" the editor closed.
    await expect.poll(() => lineText(page, line + 1), { timeout: WAIT }).toBe("    [When Attacking]");
    await page.keyboard.press("End");
    await page.keyboard.type(" Gain 1 memory.");
    await page.keyboard.press("Escape");
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);

    // Hover on <Blocker> (Tidewing): the glossary entry, its 002 section and 001 glossary entry.
    const bl = await lineWith(page, "effect: <Blocker>");
    const col = (await lineText(page, bl)).indexOf("<Blocker>") + 3;
    const at = await pointAt(page, bl, col);
    await page.mouse.move(at.x - 30, at.y + 40);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    const hover = page.locator(".monaco-hover-content", { hasText: "《阻挡者》" });
    await hover.waitFor();
    const text = (await hover.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("<Blocker>");
    expect(text).toContain("DCG comprehensive rules 12-5 (002_db81695f81018ea7.txt); DCG rule manual, Glossary \"<Blocker>\" (001_9364978fb56838a3.txt)");
    await screenshot(page);
  });

  it("a DCG duel of the example set: practice decks, decisions made from the keyboard, the board follows (memory gauge, security, breeding and battle areas), and a log line shows its card's text", { timeout: T }, async () => {
    const page = await open();
    // Open the bundled DCG example from the file list (Enter on its button).
    const item = page.locator('#files li[data-file="cards/dcg/example.dgs"] .fs-open');
    await item.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe("cards/dcg/example.dgs");

    await page.click("#tab-duel");
    const panel = page.locator("#panel-duel");
    await panel.getByLabel("Ruleset").selectOption("dcg");
    // The DCG decks: the playground's practice decks of the example come first.
    expect(await panel.getByLabel("P1 deck").inputValue()).toBe("playground/decks/dsx-ember-practice.deck");
    expect(await panel.getByLabel("P2 deck").inputValue()).toBe("playground/decks/dsx-tide-practice.deck");
    await panel.getByLabel("Seed", { exact: true }).fill("3");
    await panel.getByLabel("Seed", { exact: true }).press("Enter");
    expect(await panel.getByLabel("P1 played by").inputValue()).toBe("me");

    // Not legal decks: refused, each problem naming the card, the line and the rule; the hint says what to do.
    const start = panel.getByRole("button", { name: "Start", exact: true });
    await start.focus();
    await page.keyboard.press("Enter");
    const problem = panel.locator(".deck-problems li", { hasText: "8 copies of DSX-002 Emberpup" }).first();
    await problem.waitFor();
    expect(await problem.textContent()).toBe("playground/decks/dsx-ember-practice.deck:10 DSX-002 Emberpup — 8 copies of DSX-002 Emberpup; at most 4 cards with the same card number (002 §5-1-1)");
    await panel.locator(".practice-hint").waitFor();
    expect(await panel.getByRole("listbox").isVisible()).toBe(false);

    // Practice decks on (Space on the checkbox), Start (Enter): the duel starts, said to be a practice duel.
    await panel.getByLabel(/^practice decks/).focus();
    await page.keyboard.press("Space");
    expect(await inApp(page, (app) => app.duelSettings.practice)).toBe(true);
    await start.focus();
    await page.keyboard.press("Enter");
    const list = panel.getByRole("listbox");
    await list.waitFor();
    expect(await panel.locator(".practice-note").textContent()).toMatch(/^Practice duel — not legal DCG decks \(002 §5-1-1\): P1's deck \(DSX Ember Practice\) has more than 4 copies of DSX-002 Emberpup \(8\)/);
    expect(await panel.locator(".problems-box").isHidden()).toBe(true);

    const gauge = panel.locator(".dcg-gauge");
    const memory = async () => Number(await gauge.getAttribute("data-memory"));
    const mine = panel.locator('.dcg-seat[data-player="0"]');
    const myBattle = mine.locator('li.dcg-perm[data-area="battle"]');
    expect(await memory()).toBe(0);
    expect(await gauge.getAttribute("aria-valuetext")).toBe("0 (on neither side)");
    const status = panel.locator("p.status");

    /**
     * Answer the decision shown from the keyboard: the focus is on the options; ↓ to the first
     * option that plays a Digimon (else hatches, else the first), Enter. Then wait until the
     * agent has played on and the next decision (or the end) is shown.
     */
    const answer = async (): Promise<string> => {
      await expect.poll(() => list.evaluate((e) => e === e.ownerDocument.activeElement), { timeout: WAIT }).toBe(true);
      const before = await status.textContent();
      const labels = await list.locator("[role=option]").allTextContents();
      let k = labels.findIndex((l) => /^Play DSX-00[2-5] /.test(l));
      if (k < 0) k = labels.findIndex((l) => l === "Hatch a Digi-Egg");
      if (k < 0) k = 0;
      for (let i = 0; i < k; i++) await page.keyboard.press("ArrowDown");
      expect(await list.locator("[role=option]").nth(k).getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("Enter");
      await expect.poll(async () => {
        const s2 = (await status.textContent()) ?? "";
        return s2 !== before && !s2.startsWith("Running");
      }, { timeout: WAIT }).toBe(true);
      return labels[k]!;
    };

    // The first decisions: the opening hand (Keep), then P1's first breeding phase and main phase.
    expect(await panel.locator(".decision-prompt").textContent()).toBe("P1 (DSX Ember Practice): Keep your opening hand, or redraw once? (002 §5-2-1-6)");
    const answered: string[] = [];
    let played = "";
    for (let i = 0; i < 12 && !played; i++) {
      const label = await answer();
      answered.push(label);
      if (/^Play DSX-00[2-5] /.test(label)) played = label;
    }
    expect(answered.slice(0, 2)).toEqual(["Keep", "Hatch a Digi-Egg"]);
    expect(played).toMatch(/^Play DSX-00[2-5] \w+ \(\d\)$/);
    const number = /^Play (DSX-00\d) /.exec(played)![1]!;
    // The board: the Digimon entered P1's battle area, unsuspended; the memory gauge moved; security face down.
    await expect.poll(() => myBattle.evaluateAll((els) => els.map((e) => e.getAttribute("data-card"))), { timeout: WAIT }).toContain(number);
    const entered = mine.locator(`li.dcg-perm[data-area="battle"][data-card="${number}"]`).first();
    expect(await entered.getAttribute("data-suspended")).toBe("false");
    expect(await entered.textContent()).toMatch(/Digimon · Lv\.\d · \d+ DP/);
    expect(await memory()).not.toBe(0);
    expect(await gauge.getAttribute("aria-valuetext")).toMatch(/^\d+ on P[12]'s side$/);
    expect(await mine.locator(".dcg-security").getAttribute("aria-label")).toMatch(/^Security stack: [1-5] cards?, face down$/);
    expect(await mine.locator(".dcg-breeding li.dcg-perm, .dcg-battle li.dcg-perm").count()).toBeGreaterThan(0);
    // The log is in DCG terms, with the phase headers of digiscript duel --ruleset dcg.
    const log = panel.locator(".game-log");
    expect(await log.locator("li.log-turn").first().textContent()).toBe("Setup (002 §5-2)");
    expect(await log.locator("li.log-step", { hasText: "Breeding Phase (002 §6-5)" }).count()).toBeGreaterThan(0);
    await log.locator("li", { hasText: `P1 plays ${number}` }).first().waitFor();
    expect(await log.locator("li", { hasText: "P1 hatches DSX-001 Sparkling into the breeding area" }).count()).toBe(1);
    await screenshot(page);

    // A log line that names a card's effect: Enter selects that effect's text in the editor.
    const linked = log.locator("button.log-link", { hasText: /P[12] DSX-00\d \w+: \[/ }).first();
    const quoted = (await linked.textContent())!;
    const unitStart = /: (\[[^\]]+\][^…]{10,24})/.exec(quoted)![1]!;
    await linked.focus();
    await page.keyboard.press("Enter");
    const selected = await waitApp(page, (app) => (app.activeFile === "cards/dcg/example.dgs" && app.editor.hasTextFocus() ? (app.editor.getModel().getValueInRange(app.editor.getSelection()) as string) : null));
    expect(selected.startsWith(unitStart)).toBe(true);

    // Undo goes back to my previous decision; the listbox has the focus again.
    await panel.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => list.evaluate((e) => e === e.ownerDocument.activeElement), { timeout: WAIT }).toBe(true);
    expect(await status.textContent()).toMatch(/^Your decision \(seed 3, turn \d+, decision \d+\)\./);
  });

  it("the scenario panel's card inputs offer a card typed while the panel was hidden, once the panel is shown", { timeout: T }, async () => {
    const page = await open();
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    // A new card at the end of the designer's file, typed while the card panel is shown.
    const text = await editorText(page);
    // The first card block: its `card` line and the indented field lines under it.
    const lines = text.split("\n");
    const first = lines.findIndex((l) => /^card[ \t]/.test(l));
    let last = first + 1;
    while (last < lines.length && /^[ \t]+\S/.test(lines[last]!)) last++;
    const number = /^card[ \t]+(\S+)/.exec(lines[first]!)![1]!.replace(/\d+$/, "777");
    const block = [lines[first]!.replace(/^card[ \t]+\S+/, `card ${number}`), ...lines.slice(first + 1, last)].join("\n");
    expect(block.split("\n").length).toBeGreaterThan(3);
    await inApp(page, (app, b: string) => {
      const m = app.editor.getModel();
      const end = m.getFullModelRange().getEndPosition();
      app.editor.executeEdits("e2e", [{ range: { startLineNumber: end.lineNumber, startColumn: end.column, endLineNumber: end.lineNumber, endColumn: end.column }, text: `\n\n${b}\n` }]);
    }, block);
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toBe("No problems.");
    await page.click("#tab-scenario");
    const options = page.locator("#panel-scenario datalist option");
    await expect.poll(async () => (await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).includes(number), { timeout: WAIT }).toBe(true);
  });

  it("the scenario panel and the simulation play DCG: the example scenario runs with the DCG board and exports a DCG test; N games report 0 invariant violations; a card the runtime cannot perform is refused", { timeout: T }, async () => {
    const page = await open();
    await page.click("#tab-scenario");
    const sc = page.locator("#panel-scenario");
    await sc.getByLabel("Rules", { exact: true }).selectOption("dcg");
    await sc.getByRole("button", { name: "Example", exact: true }).click();
    expect(await sc.getByLabel(/^Battle area/).first().inputValue()).toBe("DSX-002 DSX-003");
    await sc.getByLabel("P2's decisions answered by").last().selectOption("me");
    await sc.getByRole("button", { name: "Run", exact: true }).click();
    // P2 decides the block from the keyboard: ↓ to "Block with P2 Tidewing", Enter.
    const list = sc.getByRole("listbox");
    await list.waitFor();
    expect(await sc.locator(".decision-prompt").textContent()).toBe("P2: P1 Cinderhound attacks P2: block with a <Blocker>? (002 §9-2-1-5)");
    await expect.poll(() => list.evaluate((e) => e === e.ownerDocument.activeElement), { timeout: WAIT }).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => sc.locator("p.status").textContent(), { timeout: WAIT }).toMatch(/^The steps ran out after 2 decisions/);
    const board = sc.locator(".board");
    expect(await board.getAttribute("data-ruleset")).toBe("dcg");
    // Tidewing lost the battle; Cinderhound is suspended; Emberpup's inherited effect gained 1 memory.
    expect(await board.locator('.dcg-seat[data-player="1"] li.dcg-perm').count()).toBe(0);
    expect(await board.locator('.dcg-seat[data-player="0"] li.dcg-perm[data-card="DSX-003"]').getAttribute("data-suspended")).toBe("true");
    expect(await board.locator(".dcg-gauge").getAttribute("data-memory")).toBe("4");
    await sc.getByRole("button", { name: "Export as a test", exact: true }).click();
    const code = sc.locator("textarea.export-code");
    await expect.poll(() => code.inputValue(), { timeout: WAIT }).toContain("new DcgScenario(db,");
    const text = await code.inputValue();
    expect(text).toContain('      .script(1, ["Block with P2 Tidewing"])');
    expect(text).toContain("card DSX-004 Tidewing");
    expect(await sc.locator(".export-note").textContent()).toMatch(/^Checked: the DCG scenario builder's own run\(\) with these scripted answers reaches the same outcome\. Save as tests\/scenarios\/dcg\//);
    await screenshot(page);

    // The simulation: the example's practice decks, 20 games, every one finished, no violation.
    await page.click("#tab-simulate");
    const sim = page.locator("#panel-simulate");
    await sim.getByLabel("Ruleset").selectOption("dcg");
    await sim.getByLabel(/^practice decks/).check();
    await sim.getByLabel("Games", { exact: true }).fill("20");
    await sim.getByRole("button", { name: "Simulate", exact: true }).click();
    await expect.poll(() => sim.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    expect(await sim.locator(".sim-table caption").textContent()).toBe("20 games");
    expect(await sim.locator(".sim-facts dt", { hasText: "Invariant violations" }).locator("xpath=following-sibling::dd[1]").textContent()).toBe("0");
    expect(await sim.locator(".practice-note").textContent()).toMatch(/^Practice duel — not legal DCG decks/);
    expect(await sim.locator(".sim-table th[scope=row]").allTextContents()).toEqual(["P1 (DSX Ember Practice, greedy) wins", "P2 (DSX Tide Practice, greedy) wins", "Draws"]);

    // A card the DCG runtime cannot perform yet is refused before the duel, with the card and the construct named.
    const uns = "set UNS Unsupported\nruleset dcg\n\ncard UNS-001 Trashmon\n  kind: Digimon\n  color: Red\n  level: 3\n  playcost: 3\n  digivolve: 0 from Lv.2\n  dp: 2000\n  effect: [Trash] [Main] Gain 1 memory.\n";
    const unsDeck = "deck Uns\nruleset dcg\neggs:\n4 DSX-001\nmain:\n4 UNS-001\n46 DSX-002\n";
    await page.locator("#toolbar input[type=file]").setInputFiles([
      { name: "uns.dgs", mimeType: "text/plain", buffer: Buffer.from(uns) },
      { name: "uns.deck", mimeType: "text/plain", buffer: Buffer.from(unsDeck) },
    ]);
    await page.locator('#files li[data-file="uns.deck"]').waitFor();
    await page.click("#tab-duel");
    const duel = page.locator("#panel-duel");
    await duel.getByLabel("P1 deck").selectOption("uns.deck");
    await duel.getByRole("button", { name: "Check decks", exact: true }).click();
    const refused = duel.locator(".deck-problems li").first();
    await expect.poll(() => refused.textContent(), { timeout: WAIT }).toBe("uns.deck:6 UNS-001 Trashmon — the DCG runtime cannot perform [Trash] effect yet, so this card is refused before the duel (docs/runtime.md, Not implemented yet (refused at load time))");
    expect(await duel.locator(".deck-problems li").count()).toBe(1);
  });

  // ─── the keyboard ──────────────────────────────────────────────────────────

  it("the file list and the panels' tab list are reachable and operable from the keyboard", { timeout: T }, async () => {
    const page = await open();
    /** Press `key` until the focused element matches, at most `max` times. */
    const tabTo = async (key: string, ok: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 40) => {
      let f = await focused(page);
      for (let i = 0; i < max && !ok(f); i++) {
        await page.keyboard.press(key);
        f = await focused(page);
      }
      return f;
    };

    // From the top of the page, Tab reaches the file list: rename my own file (Escape cancels).
    const rename = await tabTo("Tab", (f) => f.name === "Rename my-set.dgs");
    expect(rename).toMatchObject({ tag: "BUTTON", file: "my-set.dgs" });
    await page.keyboard.press("Enter");
    const input = page.getByLabel("New name of my-set.dgs");
    await input.waitFor();
    expect(await input.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    expect(await input.inputValue()).toBe("my-set.dgs");
    await page.keyboard.press("Escape");
    await input.waitFor({ state: "detached" });
    expect((await focused(page)).name).toBe("Rename my-set.dgs");
    // On down the list: Enter opens a bundled file in the editor.
    const starter = await tabTo("Tab", (f) => f.file === "cards/dbe/starter.dgs" && f.cls.includes("fs-open"));
    expect(starter).toMatchObject({ tag: "BUTTON", name: "starter.dgs" });
    await page.keyboard.press("Enter");
    await expect.poll(() => inApp(page, (app) => app.activeFile), { timeout: WAIT }).toBe("cards/dbe/starter.dgs");
    expect(await page.locator('#files li[data-file="cards/dbe/starter.dgs"] .fs-open').getAttribute("aria-current")).toBe("true");
    expect(await inApp(page, (app) => app.editor.hasTextFocus())).toBe(true);

    // In the editor Tab indents; Ctrl+M (Monaco's tab focus mode) makes Tab move the focus on, to the tab list.
    await page.keyboard.press("Control+m");
    const tab = await tabTo("Tab", (f) => f.role === "tab", 30);
    expect(tab).toMatchObject({ role: "tab", id: "tab-card" });
    expect(await page.locator("#tab-card").getAttribute("aria-selected")).toBe("true");
    // Arrow keys move along the tabs and show their panels; the tab list is one tab stop.
    await page.keyboard.press("ArrowRight");
    expect((await focused(page)).id).toBe("tab-gallery");
    expect(await page.locator("#tab-gallery").getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("#panel-gallery").isVisible()).toBe(true);
    expect(await page.locator("#panel-card").isHidden()).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft"); // wraps to the last tab
    expect((await focused(page)).id).toBe("tab-simulate");
    expect(await page.locator("#panel-simulate").isVisible()).toBe(true);
    await page.keyboard.press("ArrowRight"); // wraps to the first
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect((await focused(page)).id).toBe("tab-duel");
    expect(await page.locator("#panel-duel").isVisible()).toBe(true);
    expect(await page.locator("#tab-duel").getAttribute("aria-selected")).toBe("true");
    expect(await page.locator('#tabs [role=tab][tabindex="0"]').count()).toBe(1);
    expect(await page.locator("#tab-duel").getAttribute("tabindex")).toBe("0");
    // Home and End go to the first and the last tab.
    await page.keyboard.press("End");
    expect((await focused(page)).id).toBe("tab-simulate");
    await page.keyboard.press("Home");
    expect((await focused(page)).id).toBe("tab-card");
    expect(await page.locator("#panel-card").isVisible()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect((await focused(page)).id).toBe("tab-duel");
    // Tab leaves the tab list for the shown panel; its controls work from the keyboard.
    const check = await tabTo("Tab", (f) => f.name === "Check decks", 20);
    expect(check.name).toBe("Check decks");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#panel-duel p.status").textContent(), { timeout: WAIT }).toBe("Both decks can be played (DBE).");
    await screenshot(page);
  });

  it("an edit made just before a reload is not lost: it is kept while the page unloads and restored in the next", { timeout: T }, async () => {
    const page = await open();
    expect(await inApp(page, (app) => app.activeFile)).toBe("my-set.dgs");
    // IndexedDB writes of this page never finish (as when the page goes before they do).
    await page.evaluate(() => {
      const w = globalThis as unknown as { IDBObjectStore: { prototype: { put: unknown } }; DOMException: new (m: string, n: string) => Error };
      w.IDBObjectStore.prototype.put = () => {
        throw new w.DOMException("the page is being left", "AbortError");
      };
    });
    await cursorTo(page, 1, 1);
    await page.keyboard.type("# typed just before the reload");
    await page.keyboard.press("Enter");
    await nothingLoading(page);
    await page.reload();
    await page.waitForFunction(() => (globalThis as unknown as { document: { body: { dataset: { ready?: string } } } }).document.body.dataset.ready === "true", undefined, { timeout: WAIT });
    await expect.poll(() => editorText(page), { timeout: WAIT }).toContain("# typed just before the reload");
    await expect.poll(() => page.locator(".dgs-notice").allTextContents(), { timeout: WAIT }).toContainEqual(expect.stringContaining("Restored the last changes to my-set.dgs"));
    // Restored once: a second reload shows the text (now saved) and no notice.
    await nothingLoading(page);
    await page.reload();
    await page.waitForFunction(() => (globalThis as unknown as { document: { body: { dataset: { ready?: string } } } }).document.body.dataset.ready === "true", undefined, { timeout: WAIT });
    expect(await editorText(page)).toContain("# typed just before the reload");
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("digiscript-playground:unsaved:")))).toEqual([]);
    await screenshot(page);
  });

  it("Skip to the editor puts the focus in the editor's text, where a visible line says how Tab leaves it", { timeout: T }, async () => {
    const page = await open();
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("Skip to the editor");
    await page.keyboard.press("Enter");
    await expect.poll(() => inApp(page, (app) => app.editor.hasTextFocus()), { timeout: WAIT }).toBe(true);
    expect(await page.locator("#editor-keys").isVisible()).toBe(true);
    expect(await page.locator("#editor-keys").textContent()).toContain("Ctrl+M");
    await page.keyboard.press("Control+m");
    await page.keyboard.press("Tab");
    expect(await inApp(page, (app) => app.editor.hasTextFocus())).toBe(false);
    await screenshot(page);
  });

  // ─── forms for the keyboard and screen readers ─────────────────────────────

  it("every control of the duel, DCG duel, simulation and scenario panels has a name, and no two share one: a player's controls say which player", { timeout: T }, async () => {
    const page = await open();
    /** The control problems of a panel now, with the panel's state for the message. */
    const audit = async (what: string, panel: string) => ({ what, problems: nameProblems(await controlNames(page, panel)) });
    const found: { what: string; problems: string[] }[] = [];

    await page.click("#tab-duel");
    const duel = page.locator("#panel-duel");
    await duel.getByRole("button", { name: "Start", exact: true }).click();
    await duel.getByRole("listbox").waitFor();
    found.push(await audit("duel (DBE, a decision of mine)", "#panel-duel"));
    await duel.getByLabel("Ruleset").selectOption("dcg");
    await duel.getByLabel(/^practice decks/).check();
    await duel.getByRole("button", { name: "Build a deck", exact: true }).waitFor();
    found.push(await audit("duel (DCG setup)", "#panel-duel"));

    // The simulation and scenario panels load when first shown: audited once their controls are there.
    await page.click("#tab-simulate");
    await page.locator("#panel-simulate").getByRole("button", { name: "Simulate", exact: true }).waitFor();
    found.push(await audit("simulation", "#panel-simulate"));
    // The number of games is one field: its name is not shared with the settings' group.
    const gamesNamed = { field: await page.locator("#panel-simulate").getByRole("spinbutton", { name: "Games", exact: true }).count(), group: await page.locator("#panel-simulate").getByRole("group", { name: "Games", exact: true }).count() };

    await page.click("#tab-scenario");
    const sc = page.locator("#panel-scenario");
    await sc.getByRole("button", { name: "Run", exact: true }).waitFor();
    found.push(await audit("scenario (DBE form)", "#panel-scenario"));
    await sc.getByRole("button", { name: "Run", exact: true }).click();
    await expect.poll(() => sc.locator("p.status").textContent(), { timeout: WAIT }).toMatch(/^The steps ran out/);
    await sc.getByRole("button", { name: "Export as a test", exact: true }).click();
    await sc.locator("textarea.export-code").waitFor();
    found.push(await audit("scenario (DBE, run and exported)", "#panel-scenario"));
    await sc.getByLabel("Rules", { exact: true }).selectOption("dcg");
    found.push(await audit("scenario (DCG form)", "#panel-scenario"));
    expect(found.filter((f) => f.problems.length > 0)).toEqual([]);
    expect(gamesNamed).toEqual({ field: 1, group: 0 });

    // Each player's field is found by a name that starts with its player (Chromium's computed name).
    for (const p of ["P1", "P2"]) {
      expect(await sc.getByRole("textbox", { name: `${p} Hand`, exact: true }).count()).toBe(1);
      expect(await sc.getByRole("textbox", { name: `${p} Trash`, exact: true }).count()).toBe(1);
      expect(await sc.getByRole("textbox", { name: new RegExp(`^${p} Battle area`) }).count()).toBe(1);
    }
    await sc.getByLabel("Rules", { exact: true }).selectOption("dbe");
    for (const p of ["P1", "P2"]) {
      expect(await sc.getByRole("combobox", { name: `${p} Active Digimon`, exact: true }).count()).toBe(1);
      expect(await sc.getByRole("checkbox", { name: `${p} Abnormal`, exact: true }).count()).toBe(1);
      expect(await sc.getByRole("spinbutton", { name: `${p} HP`, exact: true }).count()).toBe(1);
    }
    // The label still focuses its field.
    await sc.locator("fieldset.player").nth(1).getByText("Hand", { exact: true }).click();
    expect(await sc.getByRole("textbox", { name: "P2 Hand", exact: true }).evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    await screenshot(page);
  });

  it("the Simulate panel's Games field: an invalid value is marked invalid, points to its message, refuses the run with the focus on it, and a fixed value clears both", { timeout: T }, async () => {
    const page = await open();
    await page.click("#tab-simulate");
    const sim = page.locator("#panel-simulate");
    const games = sim.getByRole("spinbutton", { name: "Games", exact: true });
    const simulate = sim.getByRole("button", { name: "Simulate", exact: true });
    /** The text of the elements the field's aria-describedby names. */
    const description = () => games.evaluate((e) => (e.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean).map((id) => e.ownerDocument.getElementById(id)?.textContent ?? `(no element #${id})`).join(" | "));
    const isFocused = () => games.evaluate((e) => e === e.ownerDocument.activeElement);

    const range = "Games must be a whole number from 1 to 100000";
    for (const [value, message] of [["0", `${range}, not 0.`], ["-3", `${range}, not -3.`], ["2.5", `${range}, not 2.5.`], ["100001", `${range}, not 100001.`], ["", `${range}, the field is empty or not a number.`]] as const) {
      await games.fill(value);
      await simulate.click();
      await expect.poll(() => games.getAttribute("aria-invalid"), { timeout: WAIT }).toBe("true");
      expect(await description(), value).toBe(message);
      expect(await sim.locator("p.status").textContent(), value).toBe(`Cannot simulate: ${message}`);
      expect(await isFocused(), value).toBe(true);
      expect(await sim.getAttribute("data-state"), value).toBeNull();
      expect(await sim.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    // Fixing the value clears the mark and the message as it is typed.
    await games.fill("2");
    await expect.poll(() => games.getAttribute("aria-invalid"), { timeout: WAIT }).toBeNull();
    expect(await games.getAttribute("aria-describedby")).toBeNull();
    expect(await sim.locator(".field-problem:visible").count()).toBe(0);
    expect(await sim.locator("p.status").textContent()).toBe("");
    await simulate.click();
    await expect.poll(() => sim.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    expect(await sim.locator(".sim-table caption").textContent()).toBe("2 games");
    // A value made invalid by leaving the field (change) is marked without a run.
    await games.fill("0");
    await games.press("Tab");
    await expect.poll(() => games.getAttribute("aria-invalid"), { timeout: WAIT }).toBe("true");
    expect(await description()).toBe(`${range}, not 0.`);
    await screenshot(page);
  });

  it("after a scenario run that fails, the export no longer offers the earlier run's test: it is disabled with the reason until a run succeeds", { timeout: T }, async () => {
    const page = await open();
    await page.click("#tab-scenario");
    const sc = page.locator("#panel-scenario");
    const run = sc.getByRole("button", { name: "Run", exact: true });
    const exportBtn = sc.getByRole("button", { name: "Export as a test", exact: true });
    const code = sc.locator("textarea.export-code");
    await run.click();
    await expect.poll(() => sc.locator("p.status").textContent(), { timeout: WAIT }).toMatch(/^The steps ran out/);
    await exportBtn.click();
    await expect.poll(() => code.inputValue(), { timeout: WAIT }).toContain("new DbeScenario(");
    expect(await code.inputValue()).toContain('"DS1-001"');

    // The scenario now names a card the workspace does not have: the run fails.
    await sc.locator("fieldset.player").first().getByLabel("Active Digimon", { exact: true }).fill("DS1-999");
    await run.click();
    await expect.poll(() => sc.locator(".scenario-problems").isVisible(), { timeout: WAIT }).toBe(true);
    expect(await sc.locator(".scenario-problems").textContent()).toContain("DS1-999");
    expect(await sc.locator("p.status").textContent()).toBe("Fix the problems above, then Run.");
    // No stale test: not shown, not exportable; the reason is beside the button and describes it.
    expect(await code.isVisible()).toBe(false);
    expect(await code.inputValue()).toBe("");
    expect(await exportBtn.isDisabled()).toBe(true);
    const reason = sc.locator(".export-reason");
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toMatch(/^No test to export: the last run failed \(.*DS1-999.*\), so it has no outcome to record/);
    expect(await exportBtn.getAttribute("aria-describedby")).toBe(await reason.getAttribute("id"));
    // The earlier run's board is gone too.
    expect(await sc.locator(".board").textContent()).toBe("");

    // Fixed and run again: the export is offered again, for this run.
    await sc.locator("fieldset.player").first().getByLabel("Active Digimon", { exact: true }).fill("DS1-001");
    await run.click();
    await expect.poll(() => sc.locator("p.status").textContent(), { timeout: WAIT }).toMatch(/^The steps ran out/);
    expect(await exportBtn.isEnabled()).toBe(true);
    expect(await reason.isHidden()).toBe(true);
    expect(await exportBtn.getAttribute("aria-describedby")).toBeNull();
    await exportBtn.click();
    await expect.poll(() => code.inputValue(), { timeout: WAIT }).toContain("new DbeScenario(");
    await screenshot(page);
  });

  it("a share link opened in a browser that holds the designer's own file of the same name adds the shared one beside it, never overwriting it", { timeout: T }, async () => {
    // The designer's browser: the starter file, edited and stored.
    const mine = await open();
    const own = `${await editorText(mine)}\n# my own notes\n`;
    await pasteAll(mine, own);
    await expect.poll(() => storedFiles(mine), { timeout: WAIT }).toContainEqual({ name: "my-set.dgs", text: own });

    // A colleague's browser: a different my-set.dgs, shared with a link.
    const colleague = await open();
    const theirs = `${await editorText(colleague)}\n# the colleague's version\n`;
    await pasteAll(colleague, theirs);
    await colleague.getByRole("button", { name: "Share", exact: true }).click();
    const field = colleague.getByLabel("Share link");
    await field.waitFor();
    const url = await field.inputValue();

    // The link opened in the designer's browser (the same storage), in a new tab.
    const ctx = opened[0]!.ctx;
    await mine.close();
    const tab = await ctx.newPage();
    tab.setDefaultTimeout(WAIT);
    const errors = watchErrors(tab);
    opened.push({ ctx, page: tab, errors, dialogs: [] });
    await openPlayground(tab, url);
    await tab.locator('#files li[data-file="my-set-2.dgs"]').waitFor();
    const ownFiles = (): Promise<{ name: string; text: string }[]> => inApp(tab, (app) => app.files().filter((f: { readOnly: boolean }) => !f.readOnly).map((f: { name: string }) => ({ name: f.name, text: app.text(f.name) as string })));
    expect((await ownFiles()).sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([{ name: "my-set-2.dgs", text: theirs }, { name: "my-set.dgs", text: own }]);
    expect(await inApp(tab, (app) => app.activeFile)).toBe("my-set-2.dgs");
    const notice = (await tab.locator('.dgs-notice[data-key="share"]').textContent()) ?? "";
    expect(notice).toContain("my-set.dgs was opened as my-set-2.dgs, since you already have a different my-set.dgs.");
    expect(notice).toContain("Your other files were not changed.");
    // Both are stored: the designer's file as it was, the shared one beside it.
    await expect.poll(() => storedFiles(tab), { timeout: WAIT }).toEqual([{ name: "my-set-2.dgs", text: theirs }, { name: "my-set.dgs", text: own }]);
    await screenshot(tab);
  });

  it("Go to Symbol (Ctrl+Shift+O) lists the file's cards by set number and name, Enter on one moves there, and Enter after a card line indents its first field", { timeout: T }, async () => {
    const page = await open();
    await cursorTo(page, 1, 1);
    await page.keyboard.press("Control+Shift+O");
    const rows = page.locator(".quick-input-widget .monaco-list-row");
    await expect.poll(async () => (await rows.allTextContents()).join(" | "), { timeout: WAIT }).toContain("MY-002 Spark Chip");
    expect((await rows.allTextContents()).join(" | ")).toContain("MY-001 Flamemon");
    // Typing filters the cards; Enter puts the cursor on the chosen card's line.
    await page.keyboard.type("spark");
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(1);
    await page.keyboard.press("Enter");
    const line = await lineWith(page, "card MY-002 Spark Chip");
    await expect.poll(() => inApp(page, (app) => app.editor.getPosition().lineNumber as number), { timeout: WAIT }).toBe(line);
    expect(await inApp(page, (app) => app.editor.hasTextFocus() as boolean)).toBe(true);

    // A new card typed at the end: Enter after its card line indents the first field.
    await cursorTo(page, await inApp(page, (app) => app.editor.getModel().getLineCount() as number));
    await page.keyboard.press("Enter");
    await page.keyboard.type("card MY-010 Indentmon");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    await typeLines(page, ["kind: Option", "timing: SUPPORT", "text: Draw 1."]);
    expect(await editorText(page)).toContain("\ncard MY-010 Indentmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.");
    await expect.poll(() => markersOf(page), { timeout: WAIT }).toEqual([]);
    await screenshot(page);
  });

  it("a deck list of my own gets the CLI's deck diagnostics as markers and problems, and the did-you-mean quick fix fixes an entry", { timeout: T }, async () => {
    const page = await open();
    await page.getByRole("button", { name: "New deck", exact: true }).click();
    const name = page.getByLabel("Name of the new deck list");
    await name.fill("mine.deck");
    await name.press("Enter");
    await page.locator('#files li[data-file="mine.deck"] .fs-open[aria-current="true"]').waitFor();
    // A comment after an entry, a set number mistyped, and far fewer than 50 cards.
    await pasteAll(page, "deck Mine\nruleset dbe\nmain:\n4 MY-001 # my note\n4 DS1-0002\n");
    const unknown = await markerWith(page, 'did you mean "DS1-002"?');
    expect(unknown).toMatchObject({ severity: ERROR, code: "deck-unknown-card", startLineNumber: 5, startColumn: 3, endColumn: 11 });
    await expect.poll(async () => (await markersOf(page)).map((m) => `${m.code}@${m.startLineNumber}:${m.startColumn}`).sort(), { timeout: WAIT }).toEqual(["deck-construction@1:1", "deck-format@4:10", "deck-unknown-card@5:3"]);
    await expect.poll(() => page.locator("#problems-host .problems-summary").textContent(), { timeout: WAIT }).toContain("3 errors");
    // The quick fix replaces the number.
    await cursorTo(page, 5, 5);
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget", { hasText: 'Change to "DS1-002"' }).first();
    await fix.waitFor();
    await page.keyboard.press("Enter");
    await expect.poll(() => lineText(page, 5), { timeout: WAIT }).toBe("4 DS1-002");
    await expect.poll(async () => (await markersOf(page)).map((m) => m.code).sort(), { timeout: WAIT }).toEqual(["deck-construction", "deck-format"]);
    await screenshot(page);
  });
});
