/**
 * The scenario panel: set up a DBE position with the project's scenario builder
 * (`runtime/rulesets/dbe/scenario.ts`) — for each player the active Digimon and the Digimon
 * below it, chosen attack, HP, Abnormal, flats, KO points, DP, and the cards of the hand,
 * deck, DP zone, supports, attachments, trash and Destiny Zone, by set number from the
 * workspace — choose the rules steps to run and who answers the decisions (me or an agent),
 * run it, see the log and the board where it stops, and export it as a vitest scenario in the
 * form of `tests/scenarios/*.test.ts` (copy or download), with expectations on the outcome
 * observed. "Copy the duel's position" starts from the duel bench's current game.
 *
 * "Rules" switches the form to DCG (`dcg-form.ts`, `dcg-spec.ts`): a DCG position — memory,
 * battle areas with stacks and suspended state, breeding areas, hands, decks, Digi-Egg decks,
 * security stacks, trash — run by the DCG scenario builder with the effect model, the DCG board
 * and log, and exported as a test for `tests/scenarios/dcg/` (`dcg-codegen.ts`). Running, the
 * decisions, undo and the export work the same for both. After a run that fails the export
 * is disabled with the reason beside it and the earlier run's test is dropped
 * (`export-offer.ts`). Each player's controls are named by the player too ("P1 Hand").
 */
import "./scenario.css";
import type { App, Panel } from "../app/app.ts";
import { onShown } from "../app/shown.ts";
import type { CompiledCard } from "../../../runtime/card.ts";
import type { Choice } from "../../../runtime/core/decision.ts";
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { dcgCardDb, type DcgCard } from "../../../runtime/rulesets/dcg/model.ts";
import type { CardDb } from "../../../runtime/core/engine.ts";
import { button, el, field, nameByPlayer, newId, playerField, select, yieldToPage } from "../duel/dom.ts";
import { currentDuel } from "../duel/index.ts";
import { paintBoard } from "../duel/paint-board.ts";
import { DecisionView } from "../duel/render-decision.ts";
import { LogView } from "../duel/render-log.ts";
import { SEAT_KIND_LABELS, Session, type SeatKind } from "../duel/session.ts";
import { agentSeeds, seedError } from "../duel/setup.ts";
import { anyCardViews, cardSource, dcgPlayableCards, playableCards, revealLink } from "../duel/workspace.ts";
import { isDcgView } from "../worker/protocol.ts";
import { scenarioTestCode, testFileName } from "./codegen.ts";
import { dcgScenarioTestCode } from "./dcg-codegen.ts";
import { dcgForm } from "./dcg-form.ts";
import { exportOffer, type LastRun } from "./export-offer.ts";
import { checkDcgExport, dcgOutcomeOf, dcgPlanOf, dcgScenarioGame, dcgSpecProblems, emptyDcgPlayer, exampleDcgSpec, positionFromDcgGame, type DcgScenarioSpec } from "./dcg-spec.ts";
import { ATTACK_SLOTS, checkExport, emptyPlayer, exampleSpec, formatKeys, outcomeOf, parseKeys, planOf, positionFromGame, scenarioGame, specProblems, SPEC_ZONES, STEPS, type Outcome, type PlayerSpec, type ScenarioSpec, type SpecZone, type StepId } from "./spec.ts";

/** Wall time of one slice of agent answers before the page gets the event loop back (ms). */
const SLICE_MS = 40;

/** The form controls of one player. */
interface PlayerControls {
  active: HTMLInputElement;
  under: HTMLInputElement;
  attack: HTMLSelectElement;
  hp: HTMLInputElement;
  abnormal: HTMLInputElement;
  flats: HTMLInputElement;
  ko: HTMLInputElement;
  dpExtra: HTMLInputElement;
  zones: Record<SpecZone, HTMLTextAreaElement>;
}

const num = (i: HTMLInputElement, dflt: number): number => (i.value.trim() === "" ? dflt : Number(i.value));

/** Mount the scenario panel. */
export function mountScenario(app: App, panel: Panel = app.addPanel("scenario", "Scenario")): void {
  const body = panel.body;
  body.classList.add("scenario-panel");
  const listId = newId("scenario-cards");
  const datalist = el("datalist", { id: listId });

  // ─── the form ──────────────────────────────────────────────────────────
  const name = el("input", { type: "text", class: "wide" });
  const seed = el("input", { type: "number", step: 1, class: "seed" });
  const turn = el("input", { type: "number", min: 1, step: 1, class: "small" });
  const turnPlayer = select([["0", "P1"], ["1", "P2"]], "0");
  const kinds: SeatKind[] = ["greedy", "random", "first", "me"];
  const answers = [0, 1].map(() => select(kinds.map((k) => [k, SEAT_KIND_LABELS[k]] as const), "greedy"));
  const stepBoxes = STEPS.map((s) => {
    const box = el("input", { type: "checkbox", id: newId("step"), value: s.id });
    return { id: s.id as StepId, box, label: el("label", { class: "check" }, box, s.label) };
  });
  const playerControls: PlayerControls[] = [];
  const playerSets = [0, 1].map((i) => {
    const cardInput = () => el("input", { type: "text", list: listId, spellcheck: "false", autocomplete: "off", placeholder: "set number" });
    const c: PlayerControls = {
      active: cardInput(),
      under: el("input", { type: "text", list: listId, spellcheck: "false", autocomplete: "off", placeholder: "none" }),
      attack: select([["", "none"], ...ATTACK_SLOTS.map((a) => [a, a[0]!.toUpperCase() + a.slice(1)] as const)], ""),
      hp: el("input", { type: "number", min: 0, step: 10, placeholder: "printed" }),
      abnormal: el("input", { type: "checkbox" }),
      flats: el("input", { type: "number", min: 0, max: 4, step: 1 }),
      ko: el("input", { type: "number", min: 0, max: 4, step: 1 }),
      dpExtra: el("input", { type: "number", step: 10 }),
      zones: Object.fromEntries(SPEC_ZONES.map((z) => [z.zone, el("textarea", { rows: 1, spellcheck: "false", placeholder: "e.g. DS1-001, 2x DS1-032" })])) as Record<SpecZone, HTMLTextAreaElement>,
    };
    playerControls.push(c);
    c.abnormal.id = newId("abn");
    // Each control is named by its player too ("P1 Hand"): the two fieldsets have the same labels.
    const legend = el("legend", { text: `P${i + 1}` });
    const abnormalLabel = el("label", { for: c.abnormal.id, text: "Abnormal" });
    nameByPlayer(legend, abnormalLabel, c.abnormal);
    return el(
      "fieldset",
      { class: "player" },
      legend,
      el(
        "div",
        { class: "grid" },
        playerField(legend, "Active Digimon", c.active),
        playerField(legend, "Below the active (evolved from)", c.under),
        playerField(legend, "Chosen attack", c.attack),
        playerField(legend, "HP", c.hp),
        playerField(legend, "Flats", c.flats),
        playerField(legend, "KO points", c.ko),
        playerField(legend, "DP from effects", c.dpExtra),
        el("div", { class: "field check-field" }, el("span", { class: "check" }, c.abnormal, abnormalLabel)),
      ),
      el("div", { class: "zones-grid" }, ...SPEC_ZONES.map((z) => playerField(legend, z.label, c.zones[z.zone]))),
    );
  });

  const problems = el("ul", { class: "scenario-problems error", hidden: true, "aria-label": "Scenario problems" });
  const status = el("p", { class: "status", role: "status" });
  const decision = new DecisionView();
  const board = el("div", { class: "board", role: "region", "aria-label": "Scenario board" });
  const log = new LogView((link) => void revealLink(app, link).then((ok) => { if (!ok) status.textContent = `No card block defines ${link.setNumber}.`; }), "Scenario log");
  const exportBox = el("textarea", { class: "export-code", readonly: true, rows: 14, spellcheck: "false", id: newId("export") });
  const exportNote = el("p", { class: "muted export-note", role: "status" });
  const exportArea = el("section", { class: "export", hidden: true, "aria-label": "Exported test" });

  const runBtn = button("Run", () => void runScenario(), { class: "primary" });
  const stepBtn = button("Step", () => stepOnce(), { title: "Answer one agent decision" });
  const onBtn = button("Run on", () => void runOn(), { title: "Agents answer until your decision or the end of the steps" });
  const undoBtn = button("Undo", () => doUndo(), { title: "Back to your previous decision" });
  const exportBtn = button("Export as a test", () => void doExport(), { title: "A vitest scenario of this position and its outcome" });
  // Why the export is not offered (shown beside the disabled button, and its description).
  const exportReason = el("span", { class: "muted export-reason", id: newId("export-reason"), hidden: true });
  const copyBtn = button("Copy", () => void copyCode());
  const downloadBtn = button("Download .test.ts", () => download());

  const exportLabel = el("label", { for: exportBox.id, text: "Exported test (tests/scenarios/…)" });
  exportArea.append(exportLabel, exportBox, el("div", { class: "row" }, copyBtn, downloadBtn), exportNote);
  const dcg = dcgForm();
  const rules = select([["dbe", "DBE (Battle Evolution)"], ["dcg", "DCG (Digimon Card Game)"]], "dbe", { id: newId("scenario-rules") });
  const intro = el("p", { class: "muted intro" });
  const dbeForm = el("div", { class: "dbe-scenario-form" });
  dcg.el.hidden = true;
  /** The form shown: "dbe" or "dcg". */
  const mode = (): "dbe" | "dcg" => (rules.value === "dcg" ? "dcg" : "dbe");
  const INTROS = {
    dbe: "Set up a DBE position, run rules steps on it, and export it as a regression test. Cards by set number (any compiled card of the workspace); lists bottom first.",
    dcg: "Set up a DCG position (memory, battle and breeding areas, hands, decks, security), run rules steps on it with the DCG effect model, and export it as a regression test. Cards by card number (any DCG card of the workspace); lists bottom first.",
  };
  function showMode(): void {
    const m = mode();
    dbeForm.hidden = m !== "dbe";
    dcg.el.hidden = m !== "dcg";
    intro.textContent = INTROS[m];
    exportLabel.textContent = m === "dcg" ? "Exported test (tests/scenarios/dcg/…)" : "Exported test (tests/scenarios/…)";
  }
  rules.addEventListener("change", () => showMode());
  dbeForm.append(
    el(
      "fieldset",
      { class: "general" },
      el("legend", { text: "Scenario" }),
      el("div", { class: "grid" }, field("Name (what it checks, with the rules section)", name, "field span2"), field("Seed", seed), field("Turn", turn), field("Turn player", turnPlayer), field("P1's decisions answered by", answers[0]!), field("P2's decisions answered by", answers[1]!)),
      el("div", { class: "steps", role: "group", "aria-label": "Rules steps to run" }, el("span", { class: "muted", text: "Steps to run:" }), ...stepBoxes.map((s) => s.label)),
    ),
    ...playerSets,
  );
  body.append(
    datalist,
    el("div", { class: "row" }, field("Rules", rules)),
    intro,
    dbeForm,
    dcg.el,
    el(
      "div",
      { class: "row" },
      runBtn,
      button("Copy the duel's position", () => copyDuel(), { title: "The duel bench's current position (cards and counters)" }),
      button("Example", () => (mode() === "dcg" ? dcg.write(exampleDcgSpec()) : writeSpec(exampleSpec()))),
      button("Clear", () => (mode() === "dcg" ? dcg.write({ ...exampleDcgSpec(), name: "New DCG scenario", memory: 0, players: [emptyDcgPlayer(), emptyDcgPlayer()] }) : writeSpec({ ...exampleSpec(), name: "New scenario", players: [emptyPlayer(), emptyPlayer()] }))),
    ),
    problems,
    el("div", { class: "row controls", role: "group", "aria-label": "Scenario controls" }, stepBtn, onBtn, undoBtn, exportBtn, exportReason),
    status,
    decision.el,
    board,
    el("h3", { class: "log-head", text: "Log" }),
    log.el,
    exportArea,
  );

  // ─── spec ↔ form ───────────────────────────────────────────────────────
  function writeSpec(s: ScenarioSpec): void {
    name.value = s.name;
    seed.value = String(s.seed);
    turn.value = String(s.turn);
    turnPlayer.value = String(s.turnPlayer);
    answers.forEach((a, i) => (a.value = s.answers[i]!));
    for (const b of stepBoxes) b.box.checked = s.steps.includes(b.id);
    s.players.forEach((p, i) => {
      const c = playerControls[i]!;
      c.active.value = p.active;
      c.under.value = formatKeys(p.under);
      c.attack.value = p.attack ?? "";
      c.hp.value = p.hp === null ? "" : String(p.hp);
      c.abnormal.checked = p.abnormal;
      c.flats.value = p.flats ? String(p.flats) : "";
      c.ko.value = p.ko ? String(p.ko) : "";
      c.dpExtra.value = p.dpExtra ? String(p.dpExtra) : "";
      for (const { zone } of SPEC_ZONES) {
        c.zones[zone].value = formatKeys(p.zones[zone]);
        c.zones[zone].rows = Math.min(4, Math.max(1, Math.ceil(c.zones[zone].value.length / 48)));
      }
    });
  }

  function readSpec(): ScenarioSpec {
    const players = playerControls.map((c): PlayerSpec => {
      const p = emptyPlayer();
      p.active = c.active.value.trim().split(/\s+/)[0] ?? "";
      p.under = parseKeys(c.under.value);
      p.attack = (c.attack.value || null) as PlayerSpec["attack"];
      p.hp = c.hp.value.trim() === "" ? null : Number(c.hp.value);
      p.abnormal = c.abnormal.checked;
      p.flats = num(c.flats, 0);
      p.ko = num(c.ko, 0);
      p.dpExtra = num(c.dpExtra, 0);
      for (const { zone } of SPEC_ZONES) p.zones[zone] = parseKeys(c.zones[zone].value);
      return p;
    }) as [PlayerSpec, PlayerSpec];
    return {
      name: name.value.trim() || "Unnamed scenario",
      seed: num(seed, 1),
      turn: num(turn, 1),
      turnPlayer: turnPlayer.value === "1" ? 1 : 0,
      players,
      steps: stepBoxes.filter((b) => b.box.checked).map((b) => b.id),
      answers: [answers[0]!.value as SeatKind, answers[1]!.value as SeatKind],
    };
  }

  // ─── the card list of the inputs ───────────────────────────────────────
  let listTimer: ReturnType<typeof setTimeout> | null = null;
  /** The list is out of date and the panel was hidden: fill it when shown. */
  let listStale = false;
  const refreshList = () => {
    if (listTimer !== null) clearTimeout(listTimer);
    // Every compiled card of the workspace is a large answer: asked for only while the panel
    // is shown, never on each pause in typing elsewhere.
    if (body.hidden) {
      listTimer = null;
      listStale = true;
      return;
    }
    listStale = false;
    listTimer = setTimeout(() => {
      listTimer = null;
      void playableCards(app).then((cards) => {
        datalist.replaceChildren(...cards.map((c) => el("option", { value: c.stats.setNumber, label: `${c.stats.name} (${c.stats.kind})` })));
      }, () => {});
      void dcgPlayableCards(app).then((cards) => {
        dcg.cards.replaceChildren(...cards.map((c) => el("option", { value: c.stats.number, label: `${c.stats.name} (${c.stats.kind})` })));
      }, () => {});
    }, 600);
  };
  app.on("text", refreshList);
  app.on("files", refreshList);
  onShown(body, () => {
    if (listStale) refreshList();
  });
  refreshList();

  // ─── running ───────────────────────────────────────────────────────────
  let session: Session | null = null;
  let spec: ScenarioSpec | null = null;
  let db: ReturnType<typeof cardDb> | null = null;
  /** The DCG scenario run last (null: the last run was DBE's), and its cards. */
  let dcgSpec: DcgScenarioSpec | null = null;
  let dcgDb: CardDb<DcgCard> | null = null;
  let running = false;
  let generation = -1;
  /** Why the last Run failed before a session started (null: it did not fail, or nothing was run). */
  let failure: string | null = null;

  /** What the last Run came to, for the export ({@link exportOffer}). */
  function lastRun(): LastRun {
    if (session) return { kind: "ran", status: session.status, error: session.error };
    return failure === null ? { kind: "none" } : { kind: "failed", reason: failure };
  }

  /** A Run is starting: the test exported from an earlier run is no longer offered. */
  function dropExport(): void {
    exportBox.value = "";
    delete exportBox.dataset.file;
    exportNote.textContent = "";
    exportArea.hidden = true;
  }

  /**
   * The Run failed before its session started: the earlier run's board, log and session go (so
   * neither they nor its test pass for this scenario's), and the export says why it is off.
   */
  function failRun(reason: string): void {
    session = null;
    spec = null;
    db = null;
    dcgSpec = null;
    dcgDb = null;
    failure = reason;
    generation = -1;
    log.clear();
    board.replaceChildren();
    decision.show(null, "", () => {});
    paint();
  }

  /** A short reason from a list of problems. */
  const problemsReason = (list: readonly string[]) => (list.length === 1 ? list[0]! : `${list.length} problems, listed above`);

  function showProblems(list: readonly string[]): void {
    problems.replaceChildren(...list.map((p) => el("li", { text: p })));
    problems.hidden = list.length === 0;
  }

  async function runScenario(): Promise<void> {
    if (running) return;
    dropExport();
    if (mode() === "dcg") return runDcgScenario();
    const s = readSpec();
    const seedProblem = seedError(s.seed);
    let cards: CompiledCard[];
    try {
      cards = await playableCards(app);
    } catch (e) {
      status.textContent = `The cards could not be compiled: ${(e as Error).message}`;
      failRun(`the cards could not be compiled: ${(e as Error).message}`);
      return;
    }
    const d = cardDb(cards);
    const list = [...(seedProblem ? [`seed: ${seedProblem}`] : []), ...specProblems(s, d)];
    showProblems(list);
    if (list.length) {
      status.textContent = "Fix the problems above, then Run.";
      failRun(problemsReason(list));
      return;
    }
    try {
      session = new Session(() => scenarioGame(d, s), s.answers, agentSeeds(s.seed));
    } catch (e) {
      showProblems([(e as Error).message]);
      status.textContent = "Fix the problems above, then Run.";
      failRun((e as Error).message);
      return;
    }
    failure = null;
    spec = s;
    db = d;
    dcgSpec = null;
    dcgDb = null;
    paint();
    await runOn();
    decision.focus();
  }

  async function runDcgScenario(): Promise<void> {
    const s = dcg.read();
    const seedProblem = seedError(s.seed);
    let cards: DcgCard[];
    try {
      cards = await dcgPlayableCards(app);
    } catch (e) {
      status.textContent = `The cards could not be compiled: ${(e as Error).message}`;
      failRun(`the cards could not be compiled: ${(e as Error).message}`);
      return;
    }
    const d = dcgCardDb(cards);
    const list = [...(seedProblem ? [`seed: ${seedProblem}`] : []), ...dcgSpecProblems(s, d)];
    showProblems(list);
    if (list.length) {
      status.textContent = "Fix the problems above, then Run.";
      failRun(problemsReason(list));
      return;
    }
    try {
      session = new Session(() => dcgScenarioGame(d, s), s.answers, agentSeeds(s.seed));
    } catch (e) {
      showProblems([(e as Error).message]);
      status.textContent = "Fix the problems above, then Run.";
      failRun((e as Error).message);
      return;
    }
    failure = null;
    dcgSpec = s;
    dcgDb = d;
    spec = null;
    db = null;
    paint();
    await runOn();
    decision.focus();
  }

  /** Offer the export, or disable it with the reason beside it. */
  function paintExport(): void {
    const offer = exportOffer(lastRun(), running);
    exportBtn.disabled = !offer.ok;
    exportReason.textContent = offer.ok ? "" : offer.reason;
    exportReason.hidden = offer.ok;
    if (offer.ok) exportBtn.removeAttribute("aria-describedby");
    else exportBtn.setAttribute("aria-describedby", exportReason.id);
  }

  function paint(): void {
    const s = session;
    paintExport();
    if (!s) {
      stepBtn.disabled = onBtn.disabled = undoBtn.disabled = true;
      runBtn.disabled = running;
      return;
    }
    if (s.generation !== generation) {
      log.clear();
      generation = s.generation;
    }
    const g = s.game as Game;
    const me = s.seats.map((k, i) => (k === "me" ? i : -1)).filter((i) => i >= 0);
    paintBoard(board, g, me.length === 1 ? (me[0] as 0 | 1) : null, [SEAT_KIND_LABELS[s.seats[0]], SEAT_KIND_LABELS[s.seats[1]]]);
    log.update(g);
    const d = s.status === "me" ? s.pending : null;
    decision.show(d, d ? seatLabel(g.state, d.player) : "", (c) => answer(c));
    const st = s.status;
    stepBtn.disabled = onBtn.disabled = running || st !== "agent";
    undoBtn.disabled = running || !s.canUndo;
    runBtn.disabled = running;
    status.textContent =
      running ? `Running… ${g.choices.length} decisions.` :
      st === "halted" ? `The steps ran out after ${g.choices.length} decision${g.choices.length === 1 ? "" : "s"}: the board shows where the scenario stops. Export it as a test below.` :
      st === "over" ? `The game ended: ${g.state.winner === "draw" ? "a draw" : `${seatLabel(g.state, g.state.winner as 0 | 1)} wins`} — ${g.state.endReason ?? ""}` :
      st === "me" ? "Your decision." :
      st === "agent" ? "An agent decides next: Step or Run on." :
      `The engine failed: ${s.error}`;
  }

  function answer(c: Choice): void {
    if (!session || running) return;
    try {
      session.answer(c);
    } catch (e) {
      status.textContent = (e as Error).message;
      return;
    }
    paint();
    void runOn().then(() => decision.focus());
  }

  function stepOnce(): void {
    if (!session || running) return;
    session.step();
    paint();
  }

  async function runOn(): Promise<void> {
    const s = session;
    if (!s || running) return;
    running = true;
    try {
      while (session === s && s.status === "agent") {
        s.run(SLICE_MS);
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
    session.undo();
    exportArea.hidden = true;
    paint();
    decision.focus();
  }

  function copyDuel(): void {
    const g = currentDuel();
    if (!g) {
      status.textContent = "Start a duel in the Duel panel first.";
      return;
    }
    if (g.ruleset.id === "dcg") {
      rules.value = "dcg";
      showMode();
      dcg.write(positionFromDcgGame(g, `Position of the DCG duel (seed ${g.seed}, turn ${g.state.turn})`));
      status.textContent = "The duel's position is in the form (cards, stacks, suspended state and memory; lasting effects are not carried over). Choose the steps and Run.";
      return;
    }
    if (g.ruleset.id !== "dbe") {
      status.textContent = "The scenario builder is DBE's: the duel is a DMB game.";
      return;
    }
    rules.value = "dbe";
    showMode();
    writeSpec(positionFromGame(g, `Position of the duel (seed ${g.seed}, turn ${g.state.turn})`));
    status.textContent = "The duel's position is in the form (cards and counters; lingering effects are not carried over). Choose the steps and Run.";
  }

  // ─── export ────────────────────────────────────────────────────────────
  async function doExport(): Promise<void> {
    if (!exportOffer(lastRun(), running).ok) return;
    if (dcgSpec) return doDcgExport();
    const s = session;
    if (!s || !spec || !db || (s.status !== "halted" && s.status !== "over")) return;
    const outcome: Outcome = outcomeOf(s.game as Game, spec);
    const keys = new Set<string>();
    for (const p of spec.players) for (const k of [p.active, ...p.under, ...Object.values(p.zones).flat()]) if (k) keys.add(k);
    const blocks: string[] = [];
    for (const k of keys) {
      const c = db.get(k);
      if (!c) continue;
      const src = await cardSource(app, c.stats.setNumber, c.stats.name);
      if (src && !src.readOnly) blocks.push(src.text.trim());
    }
    const code = scenarioTestCode({ spec, plan: planOf(spec, s.history), outcome, ownCards: blocks.length ? `${blocks.join("\n\n")}\n` : "" });
    exportBox.value = code;
    exportBox.dataset.file = testFileName(spec.name);
    exportArea.hidden = false;
    const problem = checkExport(db, spec, s.history, outcome);
    exportNote.textContent = problem === null ? `Checked: the scenario builder's own run() with these scripted answers reaches the same outcome. Save as tests/scenarios/${testFileName(spec.name)}.` : `Warning: ${problem}.`;
    exportBox.focus();
  }

  /** Export a DCG scenario: the sets' text of every card it uses, the plan, the outcome. */
  async function doDcgExport(): Promise<void> {
    const s = session;
    const sp = dcgSpec;
    const d = dcgDb;
    if (!s || !sp || !d || (s.status !== "halted" && s.status !== "over")) return;
    const outcome = dcgOutcomeOf(s.game as Game, sp);
    const used = new Set<string>();
    for (const p of sp.players) for (const k of [...p.battle.flatMap((b) => b.cards), ...p.breeding, ...Object.values(p.zones).flat()]) used.add(k);
    // One text per set: its header lines, then the card blocks of the cards used.
    const views = (await anyCardViews(app)).filter(isDcgView);
    const bySet = new Map<string, { header: string; blocks: string[] }>();
    for (const k of [...used].sort()) {
      const c = d.get(k);
      if (!c) continue;
      const v = views.find((x) => x.card.stats.number === k && !app.entry(x.file)?.readOnly) ?? views.find((x) => x.card.stats.number === k);
      const src = await cardSource(app, k, c.stats.name);
      if (!v || !src) continue;
      const header = `set ${v.set} ${v.setName}\nruleset dcg\n`;
      const entry = bySet.get(v.set) ?? { header, blocks: [] };
      entry.blocks.push(src.text.trim());
      bySet.set(v.set, entry);
    }
    const sets = [...bySet.values()].map((e) => `${e.header}\n${e.blocks.join("\n\n")}\n`);
    const code = dcgScenarioTestCode({ spec: sp, plan: dcgPlanOf(sp, s.history), outcome, sets });
    exportBox.value = code;
    exportBox.dataset.file = testFileName(sp.name);
    exportArea.hidden = false;
    const problem = checkDcgExport(d, sp, s.history, outcome);
    exportNote.textContent = problem === null ? `Checked: the DCG scenario builder's own run() with these scripted answers reaches the same outcome. Save as tests/scenarios/dcg/${testFileName(sp.name)}.` : `Warning: ${problem}.`;
    exportBox.focus();
  }

  async function copyCode(): Promise<void> {
    try {
      await navigator.clipboard.writeText(exportBox.value);
      exportNote.textContent = "Copied to the clipboard.";
    } catch {
      exportBox.select();
      exportNote.textContent = "Select-all done: copy with Ctrl+C.";
    }
  }

  function download(): void {
    const a = el("a", { href: URL.createObjectURL(new Blob([exportBox.value], { type: "text/typescript" })), download: exportBox.dataset.file ?? "scenario.test.ts" });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  writeSpec(exampleSpec());
  dcg.write(exampleDcgSpec());
  showMode();
  paint();
}
