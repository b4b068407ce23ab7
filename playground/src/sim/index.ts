/**
 * The simulation panel: N games (default 200) of the chosen decks with the random or greedy
 * agent on each side, played by the project's runtime (`simulateGame`) in a Web Worker so
 * the page never waits. Progress streams in (a progress bar), Cancel terminates the worker,
 * and the results — win rates with Wilson 95% intervals, draws (by reason: a game the engine
 * ends by its loop rule shows the looping card's message), mean turns, KO sources, invariant
 * violations — are shown as a table and as an SVG chart with the intervals as error bars.
 * The decks, ruleset and first seed are the duel settings shared with the duel bench; DCG
 * decks are played by the DCG runtime's `simulateDcgGame` with the effect model (practice decks
 * when allowed), with the same report. A Games or Turn limit value that cannot be played
 * (`fields.ts`) marks its field invalid (`aria-invalid`, `aria-describedby` to the message shown
 * under the row) and refuses the run with the focus on the first invalid field. From the
 * keyboard: Enter on Simulate moves the focus to Cancel while the games run and back to Simulate
 * when they end; Escape in the panel cancels.
 */
import "./sim.css";
import type { App, Panel } from "../app/app.ts";
import type { GameSummary } from "../../../runtime/sim/simulate.ts";
import { renderProblems } from "../duel/index.ts";
import { button, el, field, markInvalid } from "../duel/dom.ts";
import { settingsForm } from "../duel/settings-ui.ts";
import { isPractice, practiceSummary } from "../duel/dcg-setup.ts";
import { prepareWorkspaceDuel } from "../duel/prepare.ts";
import { barChart } from "./chart.ts";
import type { FromWorker, SimJob, ToWorker } from "./protocol.ts";
import { barsOf, pct, SimTally, type SimView } from "./tally.ts";
import { DEFAULT_GAMES, gamesProblem, MAX_GAMES, MAX_TURN_LIMIT, turnLimitProblem } from "./fields.ts";

export { DEFAULT_GAMES, MAX_GAMES } from "./fields.ts";

/** Mount the simulation panel. */
export function mountSimulate(app: App, panel: Panel = app.addPanel("simulate", "Simulate")): void {
  const body = panel.body;
  body.classList.add("sim-panel");
  const form = settingsForm(app, "sim", "First seed");
  const games = el("input", { type: "number", min: 1, max: MAX_GAMES, step: 1, value: DEFAULT_GAMES, class: "small" });
  const turnLimit = el("input", { type: "number", min: 1, max: MAX_TURN_LIMIT, step: 1, value: 200, class: "small" });
  // Each field's problem, shown under the row and pointed to by the field (aria-describedby).
  const gamesMessage = el("p", { class: "error field-problem", hidden: true });
  const turnLimitMessage = el("p", { class: "error field-problem", hidden: true });
  const start = button("Simulate", () => void run(), { class: "primary" });
  const cancel = button("Cancel", () => stop("Cancelled."), { disabled: true });
  const problems = el("div", { class: "problems-box", hidden: true, role: "region", "aria-label": "Deck problems" });
  const bar = el("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": DEFAULT_GAMES, "aria-valuenow": 0, "aria-label": "Games played" }, el("div", { class: "fill" }));
  const status = el("p", { class: "status", role: "status" });
  const results = el("div", { class: "sim-results", "aria-live": "polite" });
  const practiceNote = el("p", { class: "practice-note", role: "note", hidden: true });

  body.append(
    form.el,
    el("div", { class: "row" }, field("Games", games), field("Turn limit", turnLimit), start, cancel),
    gamesMessage,
    turnLimitMessage,
    problems,
    practiceNote,
    bar,
    status,
    results,
  );

  /** Check the Games field (against the first seed, when valid) and show its problem; true when it can be played. */
  const checkGames = (): boolean => {
    const seedText = form.seedInput.value.trim();
    const first = seedText === "" ? null : Number(seedText);
    const p = gamesProblem(games.value, first);
    markInvalid(games, gamesMessage, p);
    return p === null;
  };
  const checkTurnLimit = (): boolean => {
    const p = turnLimitProblem(turnLimit.value);
    markInvalid(turnLimit, turnLimitMessage, p);
    return p === null;
  };
  /** Once no field is invalid, a refusal in the status is out of date. */
  const dropRefusal = () => {
    if (![form.seedInput, games, turnLimit].some((f) => f.getAttribute("aria-invalid") === "true") && status.textContent?.startsWith("Cannot simulate:")) status.textContent = "";
  };
  // Checked when a value is committed; while a field is marked invalid, each keystroke checks
  // it again, so the mark goes as soon as the value is fixed.
  const recheck = (input: HTMLInputElement, check: () => boolean, always: boolean) => () => {
    if (always || input.getAttribute("aria-invalid") === "true") check();
    dropRefusal();
  };
  games.addEventListener("change", recheck(games, checkGames, true));
  turnLimit.addEventListener("change", recheck(turnLimit, checkTurnLimit, true));
  games.addEventListener("input", recheck(games, checkGames, false));
  turnLimit.addEventListener("input", recheck(turnLimit, checkTurnLimit, false));
  // The first seed decides whether the number of games reaches past the seed range.
  form.seedInput.addEventListener("change", recheck(games, checkGames, false));

  let worker: Worker | null = null;
  // Escape in the panel cancels a run, as Cancel does.
  body.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || worker === null) return;
    e.preventDefault();
    stop("Cancelled.");
  });
  let tally = new SimTally();
  let names: [string, string] = ["P1", "P2"];
  let total = 0;
  let t0 = 0;
  let paintQueued = false;

  function setProgress(done: number): void {
    bar.setAttribute("aria-valuemax", String(total));
    bar.setAttribute("aria-valuenow", String(done));
    bar.setAttribute("aria-valuetext", `${done} of ${total} games`);
    (bar.firstElementChild as HTMLElement).style.width = `${total ? (100 * done) / total : 0}%`;
  }

  /**
   * End a run (done, cancelled or failed): the worker goes, Simulate is enabled again and Cancel
   * disabled. The focus Cancel had (or a focus already dropped to the page) goes back to
   * Simulate, beside the results.
   */
  function finish(state: "done" | "stopped", message: string): void {
    worker?.terminate();
    worker = null;
    start.disabled = false;
    const backToStart = document.activeElement === cancel || document.activeElement === document.body;
    cancel.disabled = true;
    if (backToStart) start.focus();
    body.dataset.state = state;
    status.textContent = message;
    paint();
  }

  function stop(message: string): void {
    finish("stopped", `${message} ${tally.size} of ${total} games played in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  }

  async function run(): Promise<void> {
    if (worker) return;
    const first = form.seed();
    const n = Number(games.value);
    const limit = Number(turnLimit.value);
    // Every field is checked (each shows its own problem); the focus goes to the first invalid
    // one, whose problem the status repeats.
    const fields: [HTMLInputElement, HTMLElement, boolean][] = [
      [form.seedInput, form.seedMessage, first !== null],
      [games, gamesMessage, checkGames()],
      [turnLimit, turnLimitMessage, checkTurnLimit()],
    ];
    const bad = fields.filter(([, , ok]) => !ok);
    if (bad.length) {
      const [input, message] = bad[0]!;
      status.textContent = `Cannot simulate: ${message.textContent ?? ""}`;
      input.focus();
      return;
    }
    status.textContent = "Checking the decks…";
    const p = await prepareWorkspaceDuel(app, app.duelSettings);
    if (!p.ok) {
      renderProblems(app, problems, p.problems);
      status.textContent = p.error ?? "";
      return;
    }
    renderProblems(app, problems, []);
    const agents = form.seats() as ["random" | "greedy", "random" | "greedy"];
    const base = { agents, first: first!, games: n, turnLimit: limit, replayEvery: 100 };
    const job: SimJob = p.ruleset === "dcg" ? { ...base, cards: p.db.all, setup: p.setup, ruleset: "dcg", practice: isPractice(p) } : { ...base, cards: p.db.all, setup: p.setup, ruleset: p.ruleset };
    names = [`P1 (${p.setup.seats[0].name}, ${agents[0]})`, `P2 (${p.setup.seats[1].name}, ${agents[1]})`];
    practiceNote.hidden = !(p.ruleset === "dcg" && isPractice(p));
    practiceNote.textContent = p.ruleset === "dcg" ? practiceSummary(p) : "";
    tally = new SimTally();
    total = n;
    t0 = performance.now();
    setProgress(0);
    results.replaceChildren();
    // Simulate is disabled while the games run: the focus it had goes to Cancel, the one button
    // that acts now (a disabled button drops the focus to the page).
    const startHadFocus = document.activeElement === start;
    start.disabled = true;
    cancel.disabled = false;
    if (startHadFocus) cancel.focus();
    body.dataset.state = "running";
    status.textContent = `Playing ${n} games…`;
    const w = new Worker(new URL("./sim.worker.ts", import.meta.url), { type: "module" });
    worker = w;
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (worker !== w) return;
      const m = ev.data;
      if (m.kind === "games") {
        for (const r of m.results as GameSummary[]) tally.add(r);
        setProgress(tally.size);
        status.textContent = `Playing… ${tally.size} of ${total} games (${((performance.now() - t0) / 1000).toFixed(1)} s).`;
        queuePaint();
      } else if (m.kind === "done") finish("done", `Done: ${m.games} games in ${(m.ms / 1000).toFixed(1)} s.`);
      else stop(`The simulation failed: ${m.message}.`);
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (worker === w) stop(`The simulation worker failed: ${e.message || "unknown error"}.`);
    };
    w.postMessage({ kind: "start", job } satisfies ToWorker);
  }

  /** Repaint the results at most once a frame. */
  function queuePaint(): void {
    if (paintQueued) return;
    paintQueued = true;
    requestAnimationFrame(() => {
      paintQueued = false;
      paint();
    });
  }

  function paint(): void {
    if (tally.size === 0) {
      results.replaceChildren();
      return;
    }
    results.replaceChildren(...renderResults(tally.report(), names));
  }
}

/** The results as a table, the chart, and lists of draws, loops and violations. */
function renderResults(v: SimView, names: readonly [string, string]): HTMLElement[] {
  const out: HTMLElement[] = [];
  const table = el("table", { class: "sim-table" }, el("caption", { text: `${v.games} games` }));
  table.append(el("tr", {}, el("th", { scope: "col", text: "" }), el("th", { scope: "col", text: "games" }), el("th", { scope: "col", text: "rate" }), el("th", { scope: "col", text: "95% interval (Wilson)" })));
  const bars = barsOf(v, names);
  for (const b of bars) table.append(el("tr", {}, el("th", { scope: "row", text: b.label }), el("td", { class: "num", text: String(b.count) }), el("td", { class: "num", text: pct(b.rate) }), el("td", { class: "num", text: `${pct(b.low)} – ${pct(b.high)}` })));
  out.push(table);
  const chartBox = el("figure", { class: "sim-figure" });
  chartBox.append(barChart(bars, "Win and draw rates with 95% intervals"), el("figcaption", { class: "muted", text: "Bars: share of games; whiskers: Wilson 95% interval." }));
  out.push(chartBox);
  const facts = el("dl", { class: "zones sim-facts" });
  const ko = Object.entries(v.koSources);
  facts.append(
    el("dt", { text: "Mean turns" }), el("dd", { text: v.meanTurns.toFixed(1) }),
    el("dt", { text: "KO sources" }), el("dd", { text: ko.length ? ko.map(([k, n]) => `${k}: ${n}`).join(", ") : "none" }),
    el("dt", { text: "Replays" }), el("dd", { text: `${v.replays} replayed to the same digest` }),
    el("dt", { text: "Invariant violations" }), el("dd", { class: v.violationCount ? "error" : "", text: String(v.violationCount) }),
  );
  out.push(facts);
  if (v.loopCount) {
    out.push(el("p", { class: "loop-note", role: "alert", text: `${v.loopCount} game${v.loopCount === 1 ? "" : "s"} ended by the engine's loop rule (a draw naming the looping card):` }));
    out.push(el("ul", { class: "sim-list" }, ...v.loops.map((l) => el("li", {}, el("span", { class: "where", text: `seed ${l.seed}: ` }), l.message))));
  }
  if (v.drawReasons.length) out.push(el("h4", { text: "Draws by reason" }), el("ul", { class: "sim-list" }, ...v.drawReasons.map((d) => el("li", { class: d.loop ? "is-loop" : "" }, `${d.count} × `, d.reason))));
  if (v.violations.length) out.push(el("h4", { class: "error", text: "Invariant violations" }), el("ul", { class: "sim-list error" }, ...v.violations.map((x) => el("li", {}, el("span", { class: "where", text: `seed ${x.seed}: ` }), x.message))));
  return out;
}
