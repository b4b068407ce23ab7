/**
 * What the playground's end-to-end tests (`playground.e2e.test.ts`) and its benchmark
 * (`bench/playground.ts`) share: building the site, serving it on a free localhost port,
 * launching Debian's Chromium through playwright-core (never a downloaded browser), running
 * the CLI, and watching a page for errors.
 *
 * The project type-checks `tests/` and `bench/` without the DOM library, so code that runs
 * in the page (`page.evaluate`, `waitForFunction`) reaches the page's globals through
 * {@link Win}, a loose description of them.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * Debian's Chromium: the only browser the tests and the benchmark use (DIGISCRIPT_CHROMIUM
 * names another executable, e.g. a missing one to see the suite skip).
 */
export const CHROMIUM = process.env.DIGISCRIPT_CHROMIUM || "/usr/bin/chromium";
/** Flags that keep Chromium from talking to the network or doing background work. */
export const CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"];
/** Where `npm run build:playground` writes the site. */
export const SITE = join(ROOT, "dist", "playground");
/** What the site is built from (folders and files): a newer file in any of them makes a built site stale. */
export const SOURCES = ["playground", "grammar", "compiler", "runtime", "cards", "package-lock.json"].map((d) => join(ROOT, d));

const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
/** The project's Node 22 (the `node` devDependency), else the one running. */
export const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

/**
 * The page's globals as the tests use them. The project's tsconfig for tests has no DOM
 * library, so the DOM and the app are typed loosely here; this runs in the browser.
 */
export interface Win {
  document: any;
  digiscript: { app: any };
  performance: { now(): number };
  [k: string]: any;
}

/** Whether Chromium is installed (the suite and the benchmark need it). */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

// ─── building ────────────────────────────────────────────────────────────────

/** The newest modification time (ms) of the files and of any file under the folders (node_modules left out). */
export function newestSource(dirs: readonly string[] = SOURCES): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    if (statSync(d).isDirectory()) walk(d);
    else newest = Math.max(newest, statSync(d).mtimeMs);
  }
  return newest;
}

/** Whether a built site exists and is newer than every source file it is built from. */
export function siteIsFresh(dir: string = SITE): boolean {
  const index = join(dir, "index.html");
  if (!existsSync(index)) return false;
  return statSync(index).mtimeMs > newestSource();
}

/**
 * Build the playground into `outDir` (Vite, the project's config), as `npm run
 * build:playground` does but into any folder.
 * @throws Error with Vite's output when the build fails
 */
export function buildSite(outDir: string = SITE): Promise<void> {
  return new Promise((done, fail) => {
    const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
    execFile(NODE, [vite, "build", "--config", "playground/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`vite build failed: ${err.message}\n${stdout}\n${stderr}`));
      else done();
    });
  });
}

// ─── serving ─────────────────────────────────────────────────────────────────

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".wasm": "application/wasm",
};

/** A static server of a folder on 127.0.0.1. */
export interface Served {
  /** The site's address, ending in "/". */
  url: string;
  port: number;
  /** Stop serving (open connections are closed). */
  close(): Promise<void>;
}

/**
 * Serve a folder over HTTP on a free port of 127.0.0.1 (GET and HEAD; paths outside the
 * folder are refused; no caching, so a fresh context loads everything again).
 */
export async function serveStatic(dir: string): Promise<Served> {
  const root = resolve(dir);
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405).end();
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const file = resolve(root, `.${path.endsWith("/") ? `${path}index.html` : path}`);
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-length": body.length, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      } catch {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      }
    })();
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

// ─── the browser ─────────────────────────────────────────────────────────────

/** Launch Debian's Chromium, headless (as root, Playwright adds --no-sandbox itself). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** The page size every test and measurement uses. */
export const VIEWPORT = { width: 1400, height: 900 };

/** A fresh browser context (empty storage) of the usual size. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
}

/**
 * Collect what a page reports as going wrong: `console.error` messages, uncaught errors
 * and failed requests (a network failure or an HTTP status of 400 or more; not a request the
 * browser cancelled because the page that made it was left, as a reload does).
 * @returns the list, which grows as the page runs
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console.error: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e.name}: ${e.message}`));
  // Which page (the count of main-frame navigations so far) each request was made by.
  let navigations = 0;
  const madeBy = new WeakMap<object, number>();
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations++;
    else madeBy.set(r, navigations);
  });
  page.on("requestfailed", (r) => {
    // A download the test saved (a blob: URL, revoked after use) is not a failure of the page.
    const why = r.failure()?.errorText ?? "";
    if (why === "net::ERR_ABORTED" && r.url().startsWith("blob:")) return;
    // Nor is a request the browser cancelled because the page that made it was left (a reload).
    if (why === "net::ERR_ABORTED" && (madeBy.get(r) ?? navigations) < navigations) return;
    errors.push(`request failed: ${r.method()} ${r.url()} (${why})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}

/**
 * Run `f` in the page with the playground's App (`window.digiscript.app`) and a JSON
 * argument, through the DevTools protocol (the page's CSP forbids eval, which this is not).
 * `f` is sent as source text, so it must not use anything from the module that defines it.
 */
export function inApp<R, A = null>(page: Page, f: (app: any, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
  return page.evaluate(`(${f.toString()})(globalThis.digiscript.app, ${JSON.stringify(arg ?? null)})`) as Promise<R>;
}

/**
 * Open the playground and wait until it is ready: `body[data-ready=true]` and an editor
 * with a model.
 */
export async function openPlayground(page: Page, url: string, timeout = 60_000): Promise<void> {
  await page.goto(url, { timeout });
  await page.waitForFunction(() => {
    const w = globalThis as unknown as Win;
    return w.document.body.dataset.ready === "true" && !!w.digiscript?.app?.editor?.getModel();
  }, undefined, { timeout });
}

// ─── a suite's site and pages ────────────────────────────────────────────────

/** What an end-to-end suite starts once (in `beforeAll`): the site built into a private temporary folder, served, and Chromium. */
export interface SuiteSite {
  /** The private temporary folder (the site is in its `site/` folder; a test may write files here). */
  tmp: string;
  served: Served;
  browser: Browser;
  /** Close the browser, stop serving and remove the temporary folder. */
  close(): Promise<void>;
}

/**
 * Build the playground from the current sources into a new temporary folder ({@link buildSite}),
 * serve it ({@link serveStatic}) and launch Chromium ({@link launchChromium}), so a suite never
 * runs against a stale `dist/playground` nor races another build of it.
 * @throws Error when the build fails or Chromium does not start (what was started is closed)
 */
export async function startSuiteSite(): Promise<SuiteSite> {
  const tmp = mkdtempSync(join(tmpdir(), "digiscript-e2e-"));
  let served: Served | null = null;
  try {
    await buildSite(join(tmp, "site"));
    served = await serveStatic(join(tmp, "site"));
    const browser = await launchChromium();
    const s = served;
    return {
      tmp,
      served: s,
      browser,
      close: async () => {
        await browser.close().catch(() => {});
        await s.close();
        rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await served?.close();
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** A page of a test in its own browser context, with what went wrong in it recorded. */
export interface OpenedPage {
  ctx: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests ({@link watchErrors}). */
  errors: string[];
  /** Dialogs the page opened ("confirm: …"), each dismissed. */
  dialogs: string[];
}

/**
 * Open the playground (or a link to it) in a fresh browser context ({@link newContext}) and
 * wait until it is ready ({@link openPlayground}); errors and dialogs are recorded, dialogs dismissed.
 * @param wait the page's default timeout for its waits (ms)
 */
export async function openFreshPage(browser: Browser, url: string, wait = 30_000): Promise<OpenedPage> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  page.setDefaultTimeout(wait);
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  try {
    await openPlayground(page, url);
  } catch (e) {
    await ctx.close().catch(() => {});
    throw new Error(`${(e as Error).message}${errors.length ? `\n${errors.join("\n")}` : ""}`);
  }
  return { ctx, page, errors, dialogs };
}

// ─── the CLI ─────────────────────────────────────────────────────────────────

/** The result of a CLI run. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `digiscript …` (bin/digiscript.mjs) with the project's Node. */
export function cli(...args: string[]): Promise<CliRun> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(NODE, [join(ROOT, "bin", "digiscript.mjs"), ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

// ─── accessibility and storage ───────────────────────────────────────────────

/** A control as Chromium's accessibility tree has it: its role and accessible name ("" when unnamed). */
export interface NamedControl {
  role: string;
  name: string;
}

/** The roles {@link controlNames} lists: form fields and buttons (options of a list are left out). */
export const CONTROL_ROLES = ["textbox", "searchbox", "combobox", "spinbutton", "checkbox", "radio", "switch", "slider", "listbox", "button"] as const;

/**
 * The controls under `selector` that are in the accessibility tree (shown ones), each with the
 * accessible name Chromium computes, in document order: read from Playwright's ARIA snapshot
 * of the element, so names come from labels, `aria-labelledby` and `aria-label` as a screen
 * reader gets them.
 */
export async function controlNames(page: Page, selector: string): Promise<NamedControl[]> {
  const snapshot = await page.locator(selector).ariaSnapshot();
  const out: NamedControl[] = [];
  const head = new RegExp(`^(${CONTROL_ROLES.join("|")})(?: "((?:[^"\\\\]|\\\\.)*)")?(?=$|[ :\\[])`);
  for (const raw of snapshot.split("\n")) {
    let line = raw.trim();
    if (!line.startsWith("- ")) continue;
    line = line.slice(2);
    // YAML quotes a line with special characters: '…' with '' for a quote.
    if (line.startsWith("'")) line = line.slice(1, line.lastIndexOf("'")).replace(/''/g, "'");
    const m = head.exec(line);
    if (m) out.push({ role: m[1]!, name: m[2] === undefined ? "" : (JSON.parse(`"${m[2]}"`) as string) });
  }
  return out;
}

/**
 * The problems of a list of controls: every control without a name, and every role and name
 * two controls or more share ("2× textbox \"Hand\"").
 */
export function nameProblems(controls: readonly NamedControl[]): string[] {
  const counts = new Map<string, number>();
  for (const c of controls) counts.set(`${c.role} ${JSON.stringify(c.name)}`, (counts.get(`${c.role} ${JSON.stringify(c.name)}`) ?? 0) + 1);
  const problems = controls.filter((c) => c.name.trim() === "").map((c) => `unnamed ${c.role}`);
  for (const [k, n] of counts) if (n > 1 && !k.endsWith(' ""')) problems.push(`${n}× ${k}`);
  return problems;
}

/**
 * The designer's files as the page's browser storage holds them (IndexedDB
 * `digiscript-playground`, store `files`, records `file:<name>`), sorted by name.
 */
export function storedFiles(page: Page): Promise<{ name: string; text: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ name: string; text: string }[]>((done, fail) => {
        const w = globalThis as unknown as Win;
        const req = w.indexedDB.open("digiscript-playground");
        req.onerror = () => fail(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction("files", "readonly").objectStore("files").getAll();
          all.onerror = () => fail(all.error);
          all.onsuccess = () => {
            db.close();
            const files = (all.result as { name?: unknown; text?: unknown }[]).filter((r) => typeof r?.name === "string" && typeof r?.text === "string") as { name: string; text: string }[];
            done(files.map((f) => ({ name: f.name, text: f.text })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
          };
        };
      }),
  );
}
