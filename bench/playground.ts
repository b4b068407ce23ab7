/**
 * The playground benchmark: the built site (`dist/playground`, built first when missing or
 * older than its sources) served on a free localhost port and measured in Debian's Chromium
 * (/usr/bin/chromium through playwright-core; never a downloaded browser).
 *
 * - **Keystroke → markers** on a 300-card set: the bundled starter set's card blocks
 *   replicated with new set numbers into the designer's file (one card also holds a sentence
 *   the checker cannot read, so the file always has a marker and every check sets them), then,
 *   once the page has settled after that edit (the page's own checker, which the first edit of
 *   a set file loads in idle time, loaded and warmed up: `settleMs`, at most 10 s; see
 *   playground/src/editor/instant-markers.ts), characters typed one at a time at the end of a
 *   card's text; for each keystroke the time
 *   from the key event (a capturing `keydown` listener) to the moment Monaco's markers of
 *   the file are set from the check of the new text (`monaco.editor.onDidChangeMarkers`),
 *   timed with `performance.now()` in the page. p50/p95/max over {@link KEYSTROKES} keystrokes
 *   in both modes (the p95 of 50 samples is their third slowest: one cold start-up of
 *   Monaco's typing and completion code decides it); target **p95 ≤ 30 ms**. Beside
 *   it, the page's speed at the time (a fixed script's median time, `PAGE_SPEED_SCRIPT`), so
 *   that runs in the machine's slow and fast minutes can be told apart.
 * - **Page load**: from navigation start to `body[data-ready=true]`, and to the editor taking
 *   a typed character into its model; median of 3 cold loads, each in a fresh context (empty
 *   storage, nothing cached); target **≤ 2 s** (to the editor taking input).
 * - **Duel step** on the bundled decks (Dragon Rush, random agent, against Nature Wall,
 *   greedy): one agent decision with the board and log update, from the Step button's click
 *   to the style and layout of the panel done (in the page, then a frame is let by before
 *   the next step); median and p95; target **p95 ≤ 16 ms** (one frame). The panel's own
 *   `data-step-ms` (engine and DOM update, before layout) is reported beside it.
 * - **Bundle size**: the bytes of every file of the site, and the gzip size of its JS
 *   (zlib's default level, as a web server sends it). Recorded, no target.
 *
 * `playgroundBench({ quick })` returns the figures with pass/fail per target (bench/run.ts
 * calls it); `node bench/playground.ts [--quick] [--json]` prints them. Without Chromium it
 * returns a result saying so instead of throwing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { buildSite, CHROMIUM, hasChromium, inApp, launchChromium, newContext, openPlayground, ROOT, serveStatic, SITE, siteIsFresh, type Served } from "../tests/e2e/harness.ts";

/** Targets. */
export const TARGETS = { keystrokeP95Ms: 30, pageLoadMs: 2_000, duelStepP95Ms: 16 } as const;

/** How many characters the keystroke measurement types, quick or not. */
export const KEYSTROKES = 150;
/** How many duel games (about 100 steps each) the duel-step measurement plays, quick or not. */
export const DUEL_GAMES = 3;
/** The size of the designer's file for the keystroke measurement. */
export const KEYSTROKE_CARDS = 300;

/** Keystroke → markers latency. */
export interface KeystrokeFigures {
  cards: number;
  keystrokes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanMs: number;
  targetP95Ms: number;
  pass: boolean;
  /**
   * The page's speed when the keystrokes were typed: the median time (ms) of 5 runs of a fixed
   * script in the page ({@link PAGE_SPEED_SCRIPT}). The machine's speed swings up to ×1.9 from
   * minute to minute; this figure says where in that swing a run was, so runs can be compared.
   */
  pageSpeedMs: number;
  /**
   * How long (ms) the page took to settle after the paste's markers (its own checker loaded and
   * warmed up in idle time) before the keystrokes were typed; null for a page without it.
   */
  settleMs: number | null;
}

/**
 * The fixed work behind {@link KeystrokeFigures.pageSpeedMs}: 200,000 numbers from a linear
 * congruential generator, sorted. It uses neither the editor nor the project's modules, so it
 * times the page's CPU alone.
 */
export const PAGE_SPEED_SCRIPT = `(() => {
  const t0 = performance.now();
  const xs = new Float64Array(200000);
  let s = 12345;
  for (let i = 0; i < xs.length; i++) { s = (s * 1103515245 + 12345) % 2147483648; xs[i] = s; }
  xs.sort();
  return performance.now() - t0;
})()`;

/** Page load to an editable editor. */
export interface PageLoadFigures {
  /** Each cold load: navigation start to ready, and to the editor taking input (ms). */
  runs: { readyMs: number; editableMs: number }[];
  medianReadyMs: number;
  medianEditableMs: number;
  targetMs: number;
  pass: boolean;
}

/** One duel step. */
export interface DuelStepFigures {
  games: number;
  steps: number;
  /** Click to layout done, per step. */
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The panel's own `data-step-ms` (engine and DOM update, before layout). */
  panelMedianMs: number;
  panelP95Ms: number;
  targetP95Ms: number;
  pass: boolean;
}

/** The built site's size. */
export interface BundleFigures {
  dir: string;
  totalBytes: number;
  jsBytes: number;
  jsGzipBytes: number;
  files: { file: string; bytes: number; gzipBytes: number | null }[];
}

/** What {@link playgroundBench} returns. */
export interface PlaygroundBench {
  /** Whether the figures were measured (false: Chromium is missing, or a step failed: see `reason`). */
  measured: boolean;
  /** Why nothing (or not everything) was measured; null when all went well. */
  reason: string | null;
  quick: boolean;
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string; loadAverageStart: number[]; loadAverageEnd: number[] };
  chromium: string | null;
  /** Whether this run built the site (it was missing or older than its sources). */
  built: boolean;
  keystroke: KeystrokeFigures | null;
  pageLoad: PageLoadFigures | null;
  duelStep: DuelStepFigures | null;
  bundle: BundleFigures | null;
  /** Every target met (false when anything was not measured). */
  pass: boolean;
}

// ─── statistics ──────────────────────────────────────────────────────────────

/** The q-quantile (0…1) of a sample, nearest rank. */
function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

// ─── the 300-card set ────────────────────────────────────────────────────────

/**
 * A set of `n` cards: the card blocks of the bundled starter set cycled, each replica given
 * new set numbers (`PGB-001`, …; a flip card's sides, which share a number, share the new
 * one), as bench/run.ts `replicate` does. The first card's text gets a sentence the checker
 * cannot read, so the file always has a marker.
 */
export function replicatedSet(n: number): string {
  const source = readFileSync(join(ROOT, "cards", "dbe", "starter.dgs"), "utf8").replace(/\r\n?/g, "\n");
  const starts = [...source.matchAll(/^card[ \t]+(\S+)/gm)];
  const blocks = starts.map((m, i) => {
    // A block runs to the next card, without the comment lines and blank lines before it.
    const end = i + 1 < starts.length ? starts[i + 1]!.index : source.length;
    const text = source.slice(m.index, end).replace(/(?:\n(?:[ \t]*#[^\n]*)?)*\n*$/, "\n");
    return { text, number: m[1]! };
  });
  const out = ["set PGB Playground benchmark", "ruleset dbe", ""];
  let serial = 0;
  let numbers = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const k = i % blocks.length;
    if (k === 0) numbers = new Map();
    const b = blocks[k]!;
    let num = numbers.get(b.number);
    if (!num) {
      num = `PGB-${String(++serial).padStart(3, "0")}`;
      numbers.set(b.number, num);
    }
    let text = b.text.replace(b.number, num);
    if (i === 0) text = text.replace(/^(\s+text:.*)$/m, "$1 Frobnicate the widget.");
    out.push(text);
  }
  return out.join("\n");
}

// ─── the measurements ────────────────────────────────────────────────────────

/** Keystroke → markers on a 300-card file. */
async function measureKeystrokes(browser: Browser, url: string, keystrokes: number): Promise<KeystrokeFigures> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    await openPlayground(page, url);
    const set = replicatedSet(KEYSTROKE_CARDS);
    // The set replaces the starter file's text (one edit, as a paste), and its check arrives.
    await inApp(page, (app, text: string) => {
      app.editor.executeEdits("bench", [{ range: app.editor.getModel().getFullModelRange(), text }]);
    }, set);
    await page.waitForFunction(
      () => {
        const app = (globalThis as unknown as { digiscript: { app: any } }).digiscript.app;
        return app.monaco.editor.getModelMarkers({ resource: app.editor.getModel().uri }).some((m: { message: string }) => m.message.includes("Frobnicate"));
      },
      undefined,
      { timeout: 120_000 },
    );
    // The page settles: the paste (the designer's first edit) loads its own checker in idle time.
    const t0 = Date.now();
    const hasInstant = await inApp(page, (app) => app.instant !== undefined);
    if (hasInstant) await page.waitForFunction(() => (globalThis as unknown as { digiscript: { app: any } }).digiscript.app.instant.settled, undefined, { timeout: 10_000 }).catch(() => {});
    const settleMs = hasInstant ? Date.now() - t0 : null;
    // The cursor at the end of the text of a card in the middle of the file.
    const lines = set.split("\n");
    const cardAt = lines.findIndex((l) => l.startsWith(`card PGB-`) && lines.indexOf(l) > lines.length / 2);
    const textLine = lines.findIndex((l, i) => i > cardAt && /^\s+text:/.test(l)) + 1;
    await inApp(page, (app, line: number) => {
      app.editor.setPosition({ lineNumber: line, column: app.editor.getModel().getLineMaxColumn(line) });
      app.editor.revealLineInCenter(line);
      app.editor.focus();
    }, textLine);
    // The instruments: the key event's time, the version its edit made, the markers set after it.
    await inApp(page, (app) => {
      const w = globalThis as unknown as { benchKeys: { pending: { t0: number; version: number | null } | null; samples: number[] }; performance: { now(): number } };
      const model = app.editor.getModel();
      const uri = model.uri.toString();
      const st = { pending: null as { t0: number; version: number | null } | null, samples: [] as number[] };
      w.benchKeys = st;
      app.editor.getDomNode().addEventListener("keydown", () => (st.pending = { t0: w.performance.now(), version: null }), true);
      // Registered after the app's own listener, which sends the edit to the worker: any
      // diagnostics delivered from now on are for this text or a newer one.
      model.onDidChangeContent(() => {
        if (st.pending && st.pending.version === null) st.pending.version = model.getVersionId();
      });
      app.monaco.editor.onDidChangeMarkers((uris: { toString(): string }[]) => {
        const p = st.pending;
        if (!p || p.version === null || !uris.some((u) => u.toString() === uri)) return;
        st.samples.push(w.performance.now() - p.t0);
        st.pending = null;
      });
    });
    const speeds: number[] = [];
    for (let i = 0; i < 5; i++) speeds.push((await page.evaluate(PAGE_SPEED_SCRIPT)) as number);
    const typed = " Draw 1.";
    for (let i = 0; i < keystrokes; i++) {
      await page.keyboard.type(typed[i % typed.length]!);
      await page.waitForFunction((n) => (globalThis as unknown as { benchKeys: { samples: number[] } }).benchKeys.samples.length >= n, i + 1, { timeout: 60_000, polling: "raf" });
    }
    const samples = (await page.evaluate("globalThis.benchKeys.samples")) as number[];
    const p95 = quantile(samples, 0.95);
    return {
      cards: KEYSTROKE_CARDS,
      keystrokes: samples.length,
      p50Ms: round(quantile(samples, 0.5)),
      p95Ms: round(p95),
      maxMs: round(Math.max(...samples)),
      meanMs: round(samples.reduce((a, b) => a + b, 0) / samples.length),
      targetP95Ms: TARGETS.keystrokeP95Ms,
      pass: p95 <= TARGETS.keystrokeP95Ms,
      pageSpeedMs: round(median(speeds)),
      settleMs,
    };
  } finally {
    await ctx.close();
  }
}

/** Cold page loads, each in a fresh context. */
async function measurePageLoads(browser: Browser, url: string, loads: number): Promise<PageLoadFigures> {
  const runs: { readyMs: number; editableMs: number }[] = [];
  for (let i = 0; i < loads; i++) {
    const ctx = await newContext(browser);
    try {
      // Before any script of the page: note when body[data-ready] turns true.
      await ctx.addInitScript(`(() => {
        const seen = () => { if (document.body && document.body.dataset.ready === "true" && globalThis.benchReadyAt === undefined) globalThis.benchReadyAt = performance.now(); };
        new MutationObserver(seen).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
      })()`);
      const page = await ctx.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(url, { waitUntil: "commit" });
      await page.waitForFunction(
        () => {
          const g = globalThis as unknown as { benchReadyAt?: number; digiscript?: { app?: any } };
          return g.benchReadyAt !== undefined && !!g.digiscript?.app?.editor?.getModel();
        },
        undefined,
        { polling: "raf", timeout: 60_000 },
      );
      // The editor takes input: a typed character reaches its model.
      await inApp(page, (app) => {
        const g = globalThis as unknown as { benchEditableAt?: number; performance: { now(): number } };
        const model = app.editor.getModel();
        const sub = model.onDidChangeContent(() => {
          g.benchEditableAt ??= g.performance.now();
          sub.dispose();
        });
        app.editor.setPosition({ lineNumber: 1, column: 1 });
        app.editor.focus();
      });
      await page.keyboard.type("x");
      await page.waitForFunction(() => (globalThis as unknown as { benchEditableAt?: number }).benchEditableAt !== undefined, undefined, { polling: "raf", timeout: 60_000 });
      const t = (await page.evaluate(`({ ready: globalThis.benchReadyAt, editable: globalThis.benchEditableAt })`)) as { ready: number; editable: number };
      runs.push({ readyMs: round(t.ready, 1), editableMs: round(t.editable, 1) });
    } finally {
      await ctx.close();
    }
  }
  const medianEditableMs = round(median(runs.map((r) => r.editableMs)), 1);
  return { runs, medianReadyMs: round(median(runs.map((r) => r.readyMs)), 1), medianEditableMs, targetMs: TARGETS.pageLoadMs, pass: medianEditableMs <= TARGETS.pageLoadMs };
}

/** Duel steps of agent games on the bundled decks. */
async function measureDuelSteps(browser: Browser, url: string, games: number): Promise<DuelStepFigures> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    await openPlayground(page, url);
    await page.click("#tab-duel");
    const panel = page.locator("#panel-duel");
    await panel.getByLabel("P1 deck").selectOption("cards/dbe/decks/dragon-rush.deck");
    await panel.getByLabel("P2 deck").selectOption("cards/dbe/decks/nature-wall.deck");
    await panel.getByLabel("P1 played by").selectOption("random");
    await panel.getByLabel("P2 played by").selectOption("greedy");
    const samples: number[] = [];
    const panelMs: number[] = [];
    for (let g = 1; g <= games; g++) {
      await panel.getByLabel("Seed", { exact: true }).fill(String(g));
      await panel.getByLabel("Seed", { exact: true }).press("Enter");
      await panel.getByRole("button", { name: "Start", exact: true }).click();
      await panel.getByRole("button", { name: "Step", exact: true }).waitFor();
      await page.waitForFunction(() => {
        const d = (globalThis as unknown as { document: any }).document;
        const b = [...d.querySelectorAll("#panel-duel button")].find((x: { textContent: string }) => x.textContent === "Step");
        return !!b && !b.disabled;
      });
      const r = (await page.evaluate(`(async () => {
        const panel = document.querySelector("#panel-duel");
        const step = [...panel.querySelectorAll("button")].find((b) => b.textContent === "Step");
        const board = panel.querySelector(".board");
        const samples = [], panelMs = [];
        while (!step.disabled && samples.length < 5000) {
          const t0 = performance.now();
          step.click();
          // Style and layout of the updated panel, as the next frame needs them.
          board.getBoundingClientRect();
          void document.body.offsetHeight;
          samples.push(performance.now() - t0);
          panelMs.push(Number(panel.dataset.stepMs));
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        }
        return { samples, panelMs };
      })()`)) as { samples: number[]; panelMs: number[] };
      samples.push(...r.samples);
      panelMs.push(...r.panelMs);
      await page.locator("#duel-result[data-digest]").waitFor();
    }
    const p95 = quantile(samples, 0.95);
    return {
      games,
      steps: samples.length,
      medianMs: round(median(samples)),
      p95Ms: round(p95),
      maxMs: round(Math.max(...samples)),
      panelMedianMs: round(median(panelMs)),
      panelP95Ms: round(quantile(panelMs, 0.95)),
      targetP95Ms: TARGETS.duelStepP95Ms,
      pass: p95 <= TARGETS.duelStepP95Ms,
    };
  } finally {
    await ctx.close();
  }
}

/** The site's files and sizes. */
export function bundleFigures(dir: string = SITE): BundleFigures {
  const files: BundleFigures["files"] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const js = /\.m?js$/.test(e.name);
        files.push({ file: relative(dir, p), bytes: statSync(p).size, gzipBytes: js ? gzipSync(readFileSync(p)).length : null });
      }
    }
  };
  walk(dir);
  files.sort((a, b) => b.bytes - a.bytes);
  const js = files.filter((f) => f.gzipBytes !== null);
  return {
    dir: relative(ROOT, dir),
    totalBytes: files.reduce((a, f) => a + f.bytes, 0),
    jsBytes: js.reduce((a, f) => a + f.bytes, 0),
    jsGzipBytes: js.reduce((a, f) => a + f.gzipBytes!, 0),
    files,
  };
}

// ─── the benchmark ───────────────────────────────────────────────────────────

/**
 * Measure the playground in Chromium (see the module comment).
 * @param opts.quick recorded in the result; the playground's figures are the same in both modes
 *   ({@link KEYSTROKES} keystrokes, {@link DUEL_GAMES} duel games, 3 page loads: fewer
 *   samples made the p95s the third or fifth slowest sample, decided by one cold start-up)
 */
export async function playgroundBench(opts: { quick: boolean }): Promise<PlaygroundBench> {
  const result: PlaygroundBench = {
    measured: false,
    reason: null,
    quick: opts.quick,
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? "unknown",
      cores: os.cpus().length,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      loadAverageStart: os.loadavg().map((x) => round(x)),
      loadAverageEnd: [],
    },
    chromium: null,
    built: false,
    keystroke: null,
    pageLoad: null,
    duelStep: null,
    bundle: null,
    pass: false,
  };
  if (!hasChromium()) {
    result.reason = `Chromium is not installed (${CHROMIUM}): the playground benchmark needs it`;
    result.machine.loadAverageEnd = os.loadavg().map((x) => round(x));
    return result;
  }
  let served: Served | null = null;
  let browser: Browser | null = null;
  try {
    if (!siteIsFresh(SITE)) {
      await buildSite(SITE);
      result.built = true;
    }
    result.bundle = bundleFigures(SITE);
    served = await serveStatic(SITE);
    browser = await launchChromium();
    result.chromium = browser.version();
    result.pageLoad = await measurePageLoads(browser, served.url, 3);
    result.keystroke = await measureKeystrokes(browser, served.url, KEYSTROKES);
    result.duelStep = await measureDuelSteps(browser, served.url, DUEL_GAMES);
    result.measured = true;
    result.pass = result.keystroke.pass && result.pageLoad.pass && result.duelStep.pass;
  } catch (e) {
    result.reason = `the playground benchmark failed: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`;
  } finally {
    await browser?.close().catch(() => {});
    await served?.close().catch(() => {});
    result.machine.loadAverageEnd = os.loadavg().map((x) => round(x));
  }
  return result;
}

/** The figures as lines of text, with pass/fail. */
export function formatPlaygroundBench(r: PlaygroundBench): string[] {
  const ok = (p: boolean) => (p ? "pass" : "FAIL");
  const kib = (n: number) => `${(n / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KiB`;
  const out = [`playground (Chromium ${r.chromium ?? "—"}${r.quick ? ", --quick" : ""}): load average ${r.machine.loadAverageStart.join(" ")} at the start, ${r.machine.loadAverageEnd.join(" ")} at the end${r.built ? "; the site was built first" : ""}`];
  if (r.reason) out.push(`  not measured: ${r.reason}`);
  const k = r.keystroke;
  if (k) out.push(`  keystroke → markers (${k.cards}-card file, ${k.keystrokes} keystrokes): p50 ${k.p50Ms} ms, p95 ${k.p95Ms} ms, max ${k.maxMs} ms — target p95 ≤ ${k.targetP95Ms} ms: ${ok(k.pass)} (page speed: the fixed script in ${k.pageSpeedMs} ms${k.settleMs === null ? "" : `; typed ${k.settleMs} ms after the paste's markers, once the page had settled`})`);
  const l = r.pageLoad;
  if (l) out.push(`  page load (median of ${l.runs.length} cold loads): ready ${l.medianReadyMs} ms, editor taking input ${l.medianEditableMs} ms (runs: ${l.runs.map((x) => x.editableMs).join(", ")}) — target ≤ ${l.targetMs} ms: ${ok(l.pass)}`);
  const d = r.duelStep;
  if (d) out.push(`  duel step (${d.steps} steps, ${d.games} game${d.games === 1 ? "" : "s"}): median ${d.medianMs} ms, p95 ${d.p95Ms} ms, max ${d.maxMs} ms (panel's data-step-ms: median ${d.panelMedianMs}, p95 ${d.panelP95Ms}) — target p95 ≤ ${d.targetP95Ms} ms: ${ok(d.pass)}`);
  const b = r.bundle;
  if (b) out.push(`  bundle (${b.dir}): ${kib(b.totalBytes)} in ${b.files.length} files; JS ${kib(b.jsBytes)}, ${kib(b.jsGzipBytes)} gzipped (largest: ${b.files.slice(0, 3).map((f) => `${f.file} ${kib(f.bytes)}`).join(", ")})`);
  return out;
}

// `node bench/playground.ts [--quick] [--json]`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const r = await playgroundBench({ quick: args.includes("--quick") });
  if (args.includes("--json")) console.log(JSON.stringify(r, null, 2));
  else for (const line of formatPlaygroundBench(r)) console.log(line);
}
