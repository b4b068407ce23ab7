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
 * "Load game (JSON)…" (or a save file dropped on the panel) opens a saved game — from "Save
 * game (JSON)", `digiscript duel --json`, a simulation or a bug report — through `load-save.ts`:
 * checked by the runtime's `parseSave`, its cards looked up in the workspace, replayed from its
 * seed and its digest compared; a bad file is refused with one line `save: <field>: <problem>`
 * in the status and the current game stays. A loaded game is shown at its end (board, log,
 * result), the settings take its seed, ruleset and decks (when deck files hold them), both
 * players are "me" so nothing plays on by itself, and Undo steps back one decision at a time;
 * choosing agents then lets them play on from where the game stands.
 *
 * For end-to-end tests: the result element (`#duel-result`) carries `data-digest` (the
 * finished game's full SHA-256 digest), `data-winner`, `data-seed` and `data-decisions`; the
 * panel carries `data-step-ms` (the last step's time, board and log update included).
 */
import "./duel.css";
import type { App, Panel } from "../app/app.ts";
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import type { Choice } from "../../../runtime/core/decision.ts";
import { button, el, field, select, yieldToPage } from "./dom.ts";
import type { LogLink } from "./log.ts";
import { DecisionView } from "./render-decision.ts";
import { LogView } from "./render-log.ts";
import { loopMessage, resultLine, SEAT_KIND_LABELS, Session } from "./session.ts";
import { settingsForm } from "./settings-ui.ts";
import { agentSeeds, deckLabel, type DeckProblem } from "./setup.ts";
import { isPractice, PRACTICE_RULE, practiceSummary } from "./dcg-setup.ts";
import { buildDcgDeck } from "./dcg-deck-builder.ts";
import { newGameOf, prepareWorkspaceDuel, type AnyPreparedDuel } from "./prepare.ts";
import { paintBoard } from "./paint-board.ts";
import { dcgCardViews, dcgPlayableCards, deckFiles, playableCards, revealLink } from "./workspace.ts";
import { checkSaveSize, readSaveFile, replaySave, type LoadedSave } from "./load-save.ts";
import { SaveError } from "../../../runtime/core/save.ts";
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
export function mountDuel(app: App, panel: Panel = app.addPanel("duel", "Duel")): void {
  const body = panel.body;
  /** The element inside the panel that had the keyboard focus last ({@link keepFocus}). */
  let lastFocus: HTMLElement | null = null;
  body.addEventListener("focusin", (e) => (lastFocus = e.target as HTMLElement));
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
  const loadInput = el("input", { type: "file", accept: ".json,application/json", id: "duel-load-file", class: "load-file", hidden: true, tabindex: -1, "aria-label": "Saved game file" });
  const loadedNote = el("p", { class: "loaded-note", role: "note", hidden: true });

  let session: Session | null = null;
  let running = false;
  let generation = -1;
  let dirty = false;
  let digest = "";
  let digestKey = "";
  /** The loaded save while its game is the bench's (null once Start plays another). */
  let loaded: (LoadedSave & { file: string }) | null = null;
  /** Set while the load applies the save's settings (they are the game's, not a change). */
  let applying = false;

  const start = button("Start", () => void startGame(), { class: "primary", title: "Check the decks and start a game with the seed" });
  const check = button("Check decks", () => void checkDecks());
  const step = button("Step", () => doStep(), { title: "Answer one agent decision" });
  const run = button("Run", () => void runOn(), { title: "Agents play on until your decision or the end" });
  const stop = button("Stop", () => (running = false));
  const undo = button("Undo", () => doUndo(), { title: "Back to your previous decision" });
  const restart = button("Restart", () => doRestart(), { title: "The same game again, from the same seed" });
  const save = button("Save game (JSON)", () => downloadSave(), { title: "The save file, as digiscript duel --json prints it" });
  const load = button("Load game (JSON)…", () => loadInput.click(), { title: "Open a saved game (from Save game, digiscript duel --json or a bug report) to step through it; or drop the file on this panel" });
  const build = button("Build a deck", () => void buildDeck(), { title: "A deck list of the set's cards, as a file of your own, for both players" });
  builder.append(field("Deck from a DCG set", builderSet), build);

  body.append(
    form.el,
    el("div", { class: "row" }, start, check, load, loadInput),
    builder,
    problems,
    practiceNote,
    loadedNote,
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
    if (applying) return;
    const players = app.duelSettings.players;
    if (loaded && session && !running && (players[0] !== session.seats[0] || players[1] !== session.seats[1])) {
      // A loaded game: the players chosen now answer from where it stands (agents play on).
      session = session.reseated([players[0], players[1]], agentSeeds(session.game.seed));
      generation = -1;
      paint();
      return;
    }
    if (session) {
      dirty = true;
      paintStatus();
    }
  });
  loadInput.addEventListener("change", () => {
    const f = loadInput.files?.[0];
    loadInput.value = "";
    if (f) void loadFile(f);
  });
  body.addEventListener("dragover", (ev) => {
    if (!ev.dataTransfer?.types.includes("Files")) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = "copy";
    body.classList.add("drop-target");
  });
  body.addEventListener("dragleave", (ev) => {
    if (ev.target === body) body.classList.remove("drop-target");
  });
  body.addEventListener("drop", (ev) => {
    body.classList.remove("drop-target");
    const f = ev.dataTransfer?.files[0];
    if (!f) return;
    ev.preventDefault();
    void loadFile(f);
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
    loaded = null;
    loadedNote.hidden = true;
    // A new game: its log starts empty (its generation may equal the previous game's).
    generation = -1;
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

  /**
   * Keep a keyboard user's place: when the control that last had the focus in the panel was
   * disabled or hidden by an update (Step once "me" decides, the decision list once an agent
   * decides next) and the focus has gone nowhere else, it moves to what comes next: the
   * decision list when "me" decides, else Step, else Stop, else Start.
   */
  function keepFocus(): void {
    const last = lastFocus;
    if (last === null) return;
    const active = document.activeElement;
    if (active !== last && active !== null && active !== document.body) return;
    const gone = !last.isConnected || (last as HTMLButtonElement).disabled === true || last.closest("[hidden]") !== null;
    if (!gone) return;
    if (session?.status === "me") decision.focus();
    else for (const b of [step, stop, start]) if (!b.disabled) return b.focus();
  }

  function paintStatus(): void {
    paintControls();
    keepFocus();
  }

  function paintControls(): void {
    const s = session;
    const st = s?.status;
    step.disabled = running || st !== "agent";
    run.disabled = running || st !== "agent";
    stop.disabled = !running;
    undo.disabled = running || !s?.canUndo;
    restart.disabled = running || !s;
    save.disabled = !s;
    start.disabled = running;
    load.disabled = running;
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

  /**
   * Load a save file: its size first, then JSON, the envelope, the cards and the replay
   * (`load-save.ts`). A bad file leaves the game as it was and says why in the status.
   */
  async function loadFile(file: File): Promise<void> {
    if (running) return;
    status.textContent = `Loading ${file.name}…`;
    let l: LoadedSave;
    try {
      checkSaveSize(file.size);
      const read = readSaveFile(await file.text(), file.size);
      const dcg = read.ruleset === "dcg";
      l = replaySave(read, { cards: dcg ? [] : await playableCards(app), dcgCards: dcg ? await dcgPlayableCards(app) : [], decks: deckFiles(app) });
    } catch (e) {
      status.textContent = e instanceof SaveError ? e.message : `save: ${(e as Error).message.replace(/\s+/g, " ")}`;
      return;
    }
    if (running) return;
    loaded = { ...l, file: file.name };
    session = l.session;
    generation = -1;
    digest = l.digest;
    digestKey = `${session.generation}/${session.game.choices.length}`;
    applying = true;
    try {
      const mapped = l.deckFiles[0] !== null && l.deckFiles[1] !== null;
      app.setDuelSettings({ seed: l.seed, ruleset: l.ruleset, players: ["me", "me"], ...(mapped ? { decks: [l.deckFiles[0]!, l.deckFiles[1]!] } : {}), ...(l.practice ? { practice: true } : {}) });
    } finally {
      applying = false;
    }
    dirty = false;
    renderProblems(app, problems, []);
    practiceNote.hidden = true;
    const deck = (i: 0 | 1) => (l.deckFiles[i] ? `${deckLabel(l.deckFiles[i]!)} (${l.deckNames[i]})` : `${l.deckNames[i]} (deck from the save)`);
    const fromSave = l.deckFiles.some((f) => f === null);
    loadedNote.textContent =
      `Loaded ${file.name}: a ${l.ruleset.toUpperCase()}${l.practice ? " practice" : ""} duel, seed ${l.seed}, ${l.decisions} decisions — P1 ${deck(0)}, P2 ${deck(1)}. ` +
      (fromSave ? "Decks from the save: no deck file of the workspace holds them (Start plays the decks chosen above). " : "") +
      "Both players are played by me: Undo steps back one decision at a time; choose agents above to let them play on from here.";
    loadedNote.hidden = false;
    paint();
    status.textContent = `Loaded ${file.name}. ${status.textContent}`;
    decision.focus();
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
