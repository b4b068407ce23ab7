/**
 * The DCG part of the scenario panel: the form of a DCG position (`dcg-spec.ts`
 * `DcgScenarioSpec`) — name, seed, turn, turn player, first player, memory, who answers, the
 * steps to run and the number of main-phase actions; for each player the battle area (one
 * Digimon or Tamer per line, its stack bottom first, "suspended" / "played" on the line), the
 * breeding area and the zones — with reading and writing the spec. Every control is labelled;
 * card inputs complete from the DCG cards of the workspace (a datalist).
 */
import { el, field, newId, playerField, select } from "../duel/dom.ts";
import { SEAT_KIND_LABELS, type SeatKind } from "../duel/session.ts";
import { DCG_SPEC_ZONES, DCG_STEPS, emptyDcgPlayer, formatStacks, MAX_MAIN_ACTIONS, parseStacks, type DcgPlayerSpec, type DcgScenarioSpec, type DcgSpecZone, type DcgStepId } from "./dcg-spec.ts";
import { formatKeys, parseKeys } from "./spec.ts";

/** The DCG form: its element, and the spec it shows. */
export interface DcgForm {
  el: HTMLElement;
  /** The datalist of the workspace's DCG card numbers (the panel fills it). */
  cards: HTMLDataListElement;
  read(): DcgScenarioSpec;
  write(spec: DcgScenarioSpec): void;
}

const num = (i: HTMLInputElement, dflt: number): number => (i.value.trim() === "" ? dflt : Number(i.value));

/** Build the DCG scenario form. */
export function dcgForm(): DcgForm {
  const listId = newId("dcg-scenario-cards");
  const cards = el("datalist", { id: listId });
  const name = el("input", { type: "text", class: "wide" });
  const seed = el("input", { type: "number", step: 1, class: "seed" });
  const turn = el("input", { type: "number", min: 1, step: 1, class: "small" });
  const turnPlayer = select([["0", "P1"], ["1", "P2"]], "0");
  const first = select([["0", "P1"], ["1", "P2"]], "0");
  const memory = el("input", { type: "number", min: -10, max: 10, step: 1, class: "small" });
  const mainActions = el("input", { type: "number", min: 1, max: MAX_MAIN_ACTIONS, step: 1, class: "small" });
  const kinds: SeatKind[] = ["greedy", "random", "first", "me"];
  const answers = [0, 1].map(() => select(kinds.map((k) => [k, SEAT_KIND_LABELS[k]] as const), "greedy"));
  const stepBoxes = DCG_STEPS.map((s) => {
    const box = el("input", { type: "checkbox", id: newId("dcg-step"), value: s.id });
    return { id: s.id as DcgStepId, box, label: el("label", { class: "check" }, box, s.label) };
  });
  const players = [0, 1].map((i) => {
    const battle = el("textarea", { rows: 3, spellcheck: "false", placeholder: "e.g. DSX-002 DSX-003 suspended" });
    const breeding = el("input", { type: "text", list: listId, spellcheck: "false", autocomplete: "off", placeholder: "empty" });
    const zones = Object.fromEntries(DCG_SPEC_ZONES.map((z) => [z.zone, el("textarea", { rows: 1, spellcheck: "false", placeholder: "e.g. DSX-002, 2x DSX-007" })])) as Record<DcgSpecZone, HTMLTextAreaElement>;
    // Each control is named by its player too ("P1 Hand"): the two fieldsets have the same labels.
    const legend = el("legend", { text: `P${i + 1}` });
    const box = el(
      "fieldset",
      { class: "player" },
      legend,
      el("div", { class: "zones-grid" }, playerField(legend, "Battle area: one Digimon or Tamer per line, its stack bottom first (the Digimon last); add “suspended” or “played”", battle, "field span2"), playerField(legend, "Breeding area (its stack, bottom first)", breeding), ...DCG_SPEC_ZONES.map((z) => playerField(legend, z.label, zones[z.zone]))),
    );
    return { box, battle, breeding, zones };
  });

  const formEl = el(
    "div",
    { class: "dcg-scenario-form" },
    cards,
    el(
      "fieldset",
      { class: "general" },
      el("legend", { text: "Scenario (DCG)" }),
      el(
        "div",
        { class: "grid" },
        field("Name (what it checks, with the rules section)", name, "field span2"),
        field("Seed", seed),
        field("Turn", turn),
        field("Turn player", turnPlayer),
        field("Went first", first),
        field("Memory on the turn player's side (−10…10)", memory),
        field("P1's decisions answered by", answers[0]!),
        field("P2's decisions answered by", answers[1]!),
      ),
      el("div", { class: "steps", role: "group", "aria-label": "Rules steps to run" }, el("span", { class: "muted", text: "Steps to run:" }), ...stepBoxes.map((s) => s.label), field("Number of main-phase actions", mainActions, "field inline")),
    ),
    ...players.map((p) => p.box),
  );

  function write(s: DcgScenarioSpec): void {
    name.value = s.name;
    seed.value = String(s.seed);
    turn.value = String(s.turn);
    turnPlayer.value = String(s.turnPlayer);
    first.value = String(s.first);
    memory.value = String(s.memory);
    mainActions.value = String(s.mainActions);
    answers.forEach((a, i) => (a.value = s.answers[i]!));
    for (const b of stepBoxes) b.box.checked = s.steps.includes(b.id);
    s.players.forEach((p, i) => {
      const c = players[i]!;
      c.battle.value = formatStacks(p.battle);
      c.battle.rows = Math.min(6, Math.max(2, p.battle.length + 1));
      c.breeding.value = formatKeys(p.breeding);
      for (const { zone } of DCG_SPEC_ZONES) {
        c.zones[zone].value = formatKeys(p.zones[zone]);
        c.zones[zone].rows = Math.min(4, Math.max(1, Math.ceil(c.zones[zone].value.length / 48)));
      }
    });
  }

  function read(): DcgScenarioSpec {
    const ps = players.map((c): DcgPlayerSpec => {
      const p = emptyDcgPlayer();
      p.battle = parseStacks(c.battle.value);
      p.breeding = parseKeys(c.breeding.value);
      for (const { zone } of DCG_SPEC_ZONES) p.zones[zone] = parseKeys(c.zones[zone].value);
      return p;
    }) as [DcgPlayerSpec, DcgPlayerSpec];
    return {
      ruleset: "dcg",
      name: name.value.trim() || "Unnamed DCG scenario",
      seed: num(seed, 1),
      turn: num(turn, 1),
      turnPlayer: turnPlayer.value === "1" ? 1 : 0,
      first: first.value === "1" ? 1 : 0,
      memory: num(memory, 0),
      players: ps,
      steps: stepBoxes.filter((b) => b.box.checked).map((b) => b.id),
      mainActions: num(mainActions, 1),
      answers: [answers[0]!.value as SeatKind, answers[1]!.value as SeatKind],
    };
  }

  return { el: formEl, cards, read, write };
}
