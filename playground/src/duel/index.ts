/**
 * The duel bench (panel "Duel"): two decks (bundled or the designer's own), the ruleset, the
 * seed and who plays each side — "me", the random or the greedy agent. The game is the
 * project's own engine in the page, set up as `digiscript duel` sets it up (same seed and
 * decks → same digest). "me" answers each decision from the list of its legal options; Step
 * answers one agent decision, Run plays on in slices of a few tens of ms (yielding to the page
 * between slices) until "me" is asked or the game ends; Undo goes back to "me"'s previous
 * decision by replaying the answers; Restart replays the same seed. The board, the growing log
 * (lines that quote a card's sentence select it in the editor) and the result line follow.
 *
 * DCG sets (`ruleset dcg`) play here too, through the ruleset switch of `prepare.ts`: DCG
 * decks checked by the DCG runtime (practice decks when allowed), the DCG board (memory gauge,
 * security, breeding and battle areas: `render-dcg-board.ts`), and "Deck from a set", which
 * writes a deck list of a DCG set's cards as a file of the designer's own
 * (`dcg-deck-builder.ts`) and puts it in both seats.
 *
 * For end-to-end tests: the result element (`#duel-result`) carries `data-digest` (the
 * finished game's full SHA-256 digest), `data-winner`, `data-seed` and `data-decisions`; the
 * panel carries `data-step-ms` (the last step's time, board and log update included).
 */
import "./duel.css";
import type { App } from "../app/app.ts";
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import type { Choice } from "../../../runtime/core/decision.ts";
import { button, el, field, select, yieldToPage } from "./dom.ts";
import type { LogLink } from "./log.ts";
import { DecisionView } from "./render-decision.ts";
import { LogView } from "./render-log.ts";
import { loopMessage, resultLine, SEAT_KIND_LABELS, Session } from "./session.ts";
import { settingsForm } from "./settings-ui.ts";
import { agentSeeds, type DeckProblem } from "./setup.ts";
import { isPractice, PRACTICE_RULE, practiceSummary } from "./dcg-setup.ts";
import { buildDcgDeck } from "./dcg-deck-builder.ts";
import { newGameOf, prepareWorkspaceDuel, type AnyPreparedDuel } from "./prepare.ts";
import { paintBoard } from "./paint-board.ts";
import { dcgCardViews, revealLink } from "./workspace.ts";
import { filesController } from "../files/index.ts";
import { freeName } from "../files/names.ts";

/** Wall time of one slice of "Run" before the page gets the event loop back (ms). */
export const RUN_SLICE_MS = 40;

let currentGame: Game | null = null;

/** The duel bench's current game (for the scenario panel's "copy the duel's position"), or null. */
export function currentDuel(): Game | null {
  return currentGame;
}

/**
 * Draw deck problems as a list naming the file, line, card and rule; a problem with a line is
 * a button that opens the deck file at that line.
 */
export function renderProblems(app: App, host: HTMLElement, problems: readonly DeckProblem[]): void {
  host.replaceChildren();
  host.hidden = problems.length === 0;
  if (!problems.length) return;
  host.append(el("p", { class: "error", text: `${problems.length} problem${problems.length === 1 ? "" : "s"} keep${problems.length === 1 ? "s" : ""} these decks from being played:` }));
  const ul = el("ul", { class: "deck-problems" });
  for (const p of problems) {
    const where = `${p.file}${p.line ? `:${p.line}` : ""}`;
    const parts = [el("span", { class: "where", text: where }), " ", ...(p.card ? [el("strong", { class: "card", text: p.card }), " — "] : []), el("span", { class: "message", text: p.message }), " ", el("span", { class: "rule", text: `(${p.rule})` })];
    const li = el("li");
    const line = p.line;
    if (line && app.entry(p.file)) {
      const b = el("button", { type: "button", class: "problem-link", title: `Open ${where}` }, ...parts);
      const width = (app.text(p.file).split(/\r\n|\r|\n/)[line - 1] ?? "").length;
      b.addEventListener("click", () => app.reveal({ file: p.file, line, col: 1, endLine: line, endCol: width + 1 }));
      li.append(b);
    } else li.append(...parts);
    ul.append(li);
  }
  host.append(ul);
  if (problems.every((p) => p.rule === PRACTICE_RULE))
    host.append(el("p", { class: "practice-hint", text: 'These DCG decks break only the deck-size and copy limits of 002 §5-1-1 (a set too small for a legal deck): tick "practice decks" to play them as practice decks.' }));
}

/** Mount the duel panel. */
export function mountDuel(app: App): void {
  const panel = app.addPanel("duel", "Duel");
  const body = panel.body;
  body.classList.add("duel-panel");
  const form = settingsForm(app, "duel");
  const problems = el("div", { class: "problems-box", hidden: true, role: "region", "aria-label": "Deck problems" });
  const status = el("p", { class: "status", role: "status" });
  const result = el("p", { class: "duel-result", id: "duel-result", hidden: true, "aria-live": "polite" });
  const loop = el("p", { class: "loop-note", role: "alert", hidden: true });
  const decision = new DecisionView();
  const board = el("div", { class: "board", "aria-label": "Board", role: "region" });
  const log = new LogView((link) => void showLink(link));
  const auto = el("input", { type: "checkbox", id: "duel-auto", checked: true });
  const practiceNote = el("p", { class: "practice-note", role: "note", hidden: true });
  const builderSet = select([], "", { id: "duel-builder-set" });
  const builder = el("div", { class: "row dcg-builder", role: "group", "aria-label": "Deck from a set", hidden: true });

  let session: Session | null = null;
  let running = false;
  let generation = -1;
  let dirty = false;
  let digest = "";
  let digestKey = "";

  const start = button("Start", () => void startGame(), { class: "primary", title: "Check the decks and start a game with the seed" });
  const check = button("Check decks", () => void checkDecks());
  const step = button("Step", () => doStep(), { title: "Answer one agent decision" });
  const run = button("Run", () => void runOn(), { title: "Agents play on until your decision or the end" });
  const stop = button("Stop", () => (running = false));
  const undo = button("Undo", () => doUndo(), { title: "Back to your previous decision" });
  const restart = button("Restart", () => doRestart(), { title: "The same game again, from the same seed" });
  const save = button("Save game (JSON)", () => downloadSave(), { title: "The save file, as digiscript duel --json prints it" });
  const build = button("Build a deck", () => void buildDeck(), { title: "A deck list of the set's cards, as a file of your own, for both players" });
  builder.append(field("Deck from a DCG set", builderSet), build);

  body.append(
    form.el,
    el("div", { class: "row" }, start, check),
    builder,
    problems,
    practiceNote,
    el("div", { class: "row controls", role: "group", "aria-label": "Game controls" }, step, run, stop, undo, restart, save, el("span", { class: "check" }, auto, el("label", { for: "duel-auto", text: "agents play on after my answer" }))),
    status,
    result,
    loop,
    decision.el,
    board,
    el("h3", { class: "log-head", text: "Log" }),
    log.el,
  );

  app.on("duelSettings", () => {
    paintBuilder();
    if (session) {
      dirty = true;
      paintStatus();
    }
  });
  app.on("files", () => paintBuilder());

  /** The DCG sets of the workspace for "Deck from a set" (shown with the DCG ruleset only). */
  let builderTimer: ReturnType<typeof setTimeout> | null = null;
  function paintBuilder(): void {
    builder.hidden = app.duelSettings.ruleset !== "dcg";
    if (builder.hidden || builderTimer !== null) return;
    builderTimer = setTimeout(() => {
      builderTimer = null;
      void dcgCardViews(app).then((views) => {
        const sets = new Map<string, string>();
        for (const v of views) if (!sets.has(v.set)) sets.set(v.set, `${v.set} ${v.setName}`);
        const was = builderSet.value;
        builderSet.replaceChildren(...[...sets].map(([code, label]) => el("option", { value: code, text: label })));
        if (sets.has(was)) builderSet.value = was;
        build.disabled = sets.size === 0;
      }, () => {});
    }, 50);
  }

  /** Write a deck list of the chosen DCG set's cards as an own file, and put it in both seats. */
  async function buildDeck(): Promise<void> {
    const code = builderSet.value;
    const views = (await dcgCardViews(app)).filter((v) => v.set === code && v.card.ok);
    if (!views.length) {
      status.textContent = `The set ${code || "(none)"} has no card without errors to build a deck from.`;
      return;
    }
    const setLabel = `${code} ${views[0]!.setName}`;
    const deck = buildDcgDeck(`${code} deck`, setLabel, views.map((v) => ({ number: v.card.stats.number, name: v.card.stats.name, kind: v.card.stats.kind })));
    if (!deck) {
      status.textContent = `The set ${setLabel} has no Digimon, Tamer or Option card for a deck.`;
      return;
    }
    const name = freeName(`${code.toLowerCase()}-deck.deck`, "deck", app.files().map((f) => f.name));
    try {
      await filesController().addOwnFile(name, deck.text);
    } catch (e) {
      status.textContent = `The deck could not be saved: ${(e as Error).message}`;
      return;
    }
    app.setDuelSettings({ decks: [name, name], ruleset: "dcg", ...(deck.legal ? {} : { practice: true }) });
    status.textContent = deck.legal
      ? `Built ${name}: a legal DCG deck of ${setLabel}, in both seats. Edit it in the editor, or Start.`
      : `Built ${name}: a practice deck of ${setLabel} (not legal: the set is too small, so cards repeat), in both seats, with practice decks on. Edit it in the editor, or Start.`;
  }

  const seatNames = (): [string, string] => (session ? [SEAT_KIND_LABELS[session.seats[0]], SEAT_KIND_LABELS[session.seats[1]]] : ["", ""]);

  async function showLink(link: LogLink): Promise<void> {
    if (!(await revealLink(app, link))) status.textContent = `No card block in the workspace defines ${link.setNumber} ${link.name}.`;
  }

  async function prepare(): Promise<AnyPreparedDuel | null> {
    status.textContent = "Checking the decks…";
    const p = await prepareWorkspaceDuel(app, app.duelSettings);
    if (!p.ok) {
      renderProblems(app, problems, p.problems);
      status.textContent = p.error ?? "";
      return null;
    }
    renderProblems(app, problems, []);
    return p;
  }

  async function checkDecks(): Promise<void> {
    const p = await prepare();
    if (!p) return;
    const practice = p.ruleset === "dcg" && isPractice(p);
    status.textContent = `Both decks can be played (${p.ruleset.toUpperCase()})${practice ? " as practice decks" : ""}.`;
    practiceNote.hidden = !practice;
    practiceNote.textContent = practice && p.ruleset === "dcg" ? practiceSummary(p) : "";
  }

  async function startGame(): Promise<void> {
    const seed = form.seed();
    if (seed === null) {
      // The seed's problem is shown beside it: the focus goes there to fix it.
      form.seedInput.focus();
      return;
    }
    running = false;
    const p = await prepare();
    if (!p) return;
    practiceNote.hidden = !(p.ruleset === "dcg" && isPractice(p));
    practiceNote.textContent = p.ruleset === "dcg" ? practiceSummary(p) : "";
    try {
      const seats = form.seats();
      session = new Session(() => newGameOf(p, seed), seats, agentSeeds(seed));
    } catch (e) {
      session = null;
      status.textContent = `The game could not start: ${(e as Error).message}`;
      return;
    }
    dirty = false;
    paint();
    if (auto.checked && session.seats.includes("me")) await runOn();
    decision.focus();
  }

  /** Redraw everything that depends on the game (the log only appends, unless the game was rebuilt). */
  function paint(): void {
    const s = session;
    currentGame = s ? (s.game as Game) : null;
    if (!s) {
      paintStatus();
      return;
    }
    if (s.generation !== generation) {
      log.clear();
      generation = s.generation;
    }
    const g = s.game as Game;
    const me = s.seats.map((k, i) => (k === "me" ? i : -1)).filter((i) => i >= 0);
    paintBoard(board, g, me.length === 1 ? (me[0] as 0 | 1) : null, seatNames());
    log.update(g);
    const d = s.status === "me" ? s.pending : null;
    decision.show(d, d ? seatLabel(g.state, d.player) : "", (c) => answer(c));
    const over = s.status === "over";
    result.hidden = !over && s.status !== "error";
    if (over) {
      // The digest hashes the whole state: once per finished game, computed right after the
      // step's board update is on screen (so the last step stays as quick as the others).
      const key = `${s.generation}/${g.choices.length}`;
      if (digestKey === key) {
        result.textContent = resultLine(g, digest);
        result.dataset.digest = digest;
        result.dataset.winner = String(g.state.winner);
        result.dataset.seed = String(g.seed);
        result.dataset.decisions = String(g.choices.length);
      } else {
        result.textContent = "Result: computing the digest…";
        setTimeout(() => {
          if (session !== s || s.game !== g || s.status !== "over") return;
          digest = g.digest();
          digestKey = key;
          paint();
        }, 0);
      }
    } else {
      result.textContent = s.status === "error" ? `The engine failed: ${s.error}` : "";
      delete result.dataset.digest;
      delete result.dataset.winner;
    }
    const lm = over ? loopMessage(g) : null;
    loop.hidden = lm === null;
    loop.textContent = lm === null ? "" : `The engine ended this game by its loop rule: ${lm}`;
    paintStatus();
  }

  function paintStatus(): void {
    const s = session;
    const st = s?.status;
    step.disabled = running || st !== "agent";
    run.disabled = running || st !== "agent";
    stop.disabled = !running;
    undo.disabled = running || !s?.canUndo;
    restart.disabled = running || !s;
    save.disabled = !s;
    start.disabled = running;
    if (!s) {
      status.textContent ||= "Choose the decks and who plays, then Start.";
      return;
    }
    const g = s.game;
    const where = `seed ${g.seed}, ${g.state.turn === 0 ? (g.ruleset.id === "dcg" ? "setup" : "Pre-Game Setup") : `turn ${g.state.turn}`}`;
    const what =
      running ? `Running… ${where}, ${g.choices.length} decisions.` :
      st === "me" ? `Your decision (${where}, decision ${g.choices.length + 1}).` :
      st === "agent" ? `${where[0]!.toUpperCase()}${where.slice(1)}: P${s.pending!.player + 1}'s agent decides next — Step or Run.` :
      st === "over" ? `The game (seed ${g.seed}) is over after ${g.state.turn} turns and ${g.choices.length} decisions.` :
      st === "error" ? "The engine failed (see below)." : "Stopped.";
    status.textContent = `${what}${dirty ? " The settings changed: Start applies them." : ""}`;
  }

  function timed(f: () => void): void {
    const t0 = performance.now();
    f();
    paint();
    body.dataset.stepMs = (performance.now() - t0).toFixed(2);
  }

  function doStep(): void {
    if (!session || running) return;
    timed(() => session!.step());
  }

  function answer(c: Choice): void {
    if (!session || running) return;
    try {
      timed(() => session!.answer(c));
    } catch (e) {
      status.textContent = (e as Error).message;
      return;
    }
    if (auto.checked && session.status === "agent") void runOn().then(() => decision.focus());
    else decision.focus();
  }

  async function runOn(): Promise<void> {
    const s = session;
    if (!s || running) return;
    running = true;
    paintStatus();
    try {
      while (running && session === s && s.status === "agent") {
        s.run(RUN_SLICE_MS);
        paint();
        await yieldToPage();
      }
    } finally {
      running = false;
      paint();
    }
  }

  function doUndo(): void {
    if (!session || running) return;
    timed(() => session!.undo());
    decision.focus();
  }

  function doRestart(): void {
    if (!session || running) return;
    timed(() => session!.restart());
    if (auto.checked && session.seats.includes("me")) void runOn().then(() => decision.focus());
  }

  function downloadSave(): void {
    if (!session) return;
    const text = JSON.stringify(session.game.save(), null, 1) + "\n";
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `duel-seed-${session.game.seed}.json` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  paintBuilder();
  paint();
}
