/**
 * The duel settings form shared by the duel bench and the simulation: the two decks (bundled
 * and the designer's `.deck` files), the ruleset, the seed and who plays each side. Decks,
 * ruleset and seed are the app's shared duel settings (`app.duelSettings`, event
 * "duelSettings"), so both panels and share links agree; a deck says its ruleset, and
 * choosing a deck of the other ruleset switches the ruleset (and the other deck if needed).
 * With the DCG ruleset, "practice decks" (shared as `practice`) lets decks that break the
 * deck-size and copy limits of 002 §5-1-1 be played (`dcg-setup.ts`); choosing DCG picks the
 * designer's own DCG decks first, then the playground's (`playground/decks/`), then the others.
 */
import type { App, DuelSettings } from "../app/app.ts";
import { el, field, markInvalid, newId, select } from "./dom.ts";
import { deckLabel, deckRuleset, seedError, type RulesetId } from "./setup.ts";
import { SEAT_KIND_LABELS, type SeatKind } from "./session.ts";
import { deckFiles } from "./workspace.ts";

/** Who plays a seat in the form: "me" and the agents (duel) or only agents (simulation). */
export type SeatChoice = DuelSettings["players"][number];

/** The form and its current values. */
export interface SettingsForm {
  el: HTMLElement;
  /** Who plays each seat: the duel's shared players, or the simulation's own agents. */
  seats(): [SeatKind, SeatKind];
  /** The seed as typed, or null with the problem shown when it is not a valid seed. */
  seed(): number | null;
  /** The seed field (to focus it when the seed is refused). */
  seedInput: HTMLInputElement;
  /** The element showing the seed's problem (empty and hidden when there is none). */
  seedMessage: HTMLElement;
}

/**
 * Build the settings form.
 * @param mode "duel": players are me/random/greedy and shared; "sim": random/greedy, kept by
 *   the form (starting from the shared players, "me" read as greedy)
 * @param seedLabel the seed field's label ("Seed", "First seed")
 */
export function settingsForm(app: App, mode: "duel" | "sim", seedLabel = "Seed"): SettingsForm {
  const prefix = newId(mode);
  const deckSel = [0, 1].map((i) => el("select", { id: `${prefix}-deck${i}` }));
  const kinds: readonly SeatKind[] = mode === "duel" ? ["me", "random", "greedy"] : ["random", "greedy"];
  const initial = app.duelSettings.players.map((k) => (mode === "sim" && k === "me" ? "greedy" : k)) as [SeatKind, SeatKind];
  const seatSel = [0, 1].map((i) => select(kinds.map((k) => [k, SEAT_KIND_LABELS[k]] as const), initial[i]!, { id: `${prefix}-seat${i}` }));
  const ruleset = select([["dbe", "DBE (Battle Evolution)"], ["dmb", "DMB (Digimon Battles)"], ["dcg", "DCG (Digimon Card Game)"]], app.duelSettings.ruleset, { id: `${prefix}-ruleset` });
  const practice = el("input", { type: "checkbox", id: `${prefix}-practice`, checked: app.duelSettings.practice === true });
  const practiceField = el(
    "div",
    { class: "check practice-field", hidden: app.duelSettings.ruleset !== "dcg", title: "Play DCG decks that break the deck-size and copy limits (002 §5-1-1): for a set too small for a legal deck" },
    practice,
    el("label", { for: practice.id, text: "practice decks: play DCG decks that break the deck-size and copy limits (not legal: 002 §5-1-1 waived)" }),
  );
  const seed = el("input", { type: "number", step: 1, inputmode: "numeric", id: `${prefix}-seed`, class: "seed", value: app.duelSettings.seed });
  const seedProblem = el("span", { class: "error", role: "alert", hidden: true });
  const newSeed = el("button", { type: "button", text: "New seed", title: "A random seed" });

  /** The deck files of a ruleset; for DCG the designer's own first, then the playground's, then the project's. */
  const decksOf = (r: RulesetId) => {
    const files = deckFiles(app).filter((d) => (deckRuleset(d) ?? "dbe") === r).map((d) => d.file);
    if (r !== "dcg") return files;
    const rank = (f: string) => (app.entry(f)?.readOnly === false ? 0 : f.startsWith("playground/") ? 1 : 2);
    return files.map((f, i) => [f, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([f]) => f);
  };
  const rulesetOf = (file: string): RulesetId => {
    const d = deckFiles(app).find((x) => x.file === file);
    return (d && deckRuleset(d)) ?? "dbe";
  };

  const fill = () => {
    const s = app.duelSettings;
    const files = deckFiles(app);
    deckSel.forEach((sel, i) => {
      sel.replaceChildren();
      for (const d of files) sel.append(el("option", { value: d.file, text: `${deckLabel(d.file)} (${(deckRuleset(d) ?? "?").toUpperCase()})` }));
      if (!files.some((d) => d.file === s.decks[i])) sel.append(el("option", { value: s.decks[i]!, text: `${s.decks[i]} (missing)` }));
      sel.value = s.decks[i]!;
    });
    ruleset.value = s.ruleset;
    practice.checked = s.practice === true;
    practiceField.hidden = s.ruleset !== "dcg";
    if (document.activeElement !== seed) seed.value = String(s.seed);
    if (mode === "duel") seatSel.forEach((sel, i) => (sel.value = s.players[i]!));
  };

  deckSel.forEach((sel, i) =>
    sel.addEventListener("change", () => {
      const decks = [...app.duelSettings.decks] as [string, string];
      decks[i] = sel.value;
      const r = rulesetOf(sel.value);
      if (rulesetOf(decks[1 - i]!) !== r) decks[1 - i] = decksOf(r).find((f) => f !== sel.value) ?? sel.value;
      app.setDuelSettings({ decks, ruleset: r });
    }),
  );
  ruleset.addEventListener("change", () => {
    const r = ruleset.value as RulesetId;
    const decks = [...app.duelSettings.decks] as [string, string];
    const pool = decksOf(r);
    decks.forEach((d, i) => {
      if (rulesetOf(d) !== r) decks[i] = pool.find((f) => !decks.includes(f)) ?? pool[0] ?? d;
    });
    app.setDuelSettings({ ruleset: r, decks });
  });
  practice.addEventListener("change", () => app.setDuelSettings({ practice: practice.checked }));
  const readSeed = (): number | null => {
    const v = seed.value.trim() === "" ? NaN : Number(seed.value);
    const p = seedError(v);
    // The field points to its problem (aria-describedby) while it is invalid.
    markInvalid(seed, seedProblem, p ? `${seedLabel}: ${p}` : null);
    return p ? null : v;
  };
  seed.addEventListener("change", () => {
    const v = readSeed();
    if (v !== null && v !== app.duelSettings.seed) app.setDuelSettings({ seed: v });
  });
  newSeed.addEventListener("click", () => {
    const v = Math.floor(Math.random() * 1_000_000);
    seed.value = String(v);
    readSeed();
    app.setDuelSettings({ seed: v });
  });
  if (mode === "duel")
    seatSel.forEach((sel, i) =>
      sel.addEventListener("change", () => {
        const players = [...app.duelSettings.players] as DuelSettings["players"];
        players[i] = sel.value as SeatChoice;
        app.setDuelSettings({ players });
      }),
    );
  app.on("duelSettings", fill);
  app.on("files", fill);
  fill();

  const seatLabel = mode === "duel" ? "played by" : "agent";
  const form = el(
    "fieldset",
    { class: "duel-settings" },
    // The simulation's legend is not "Games": that is the name of its number-of-games field.
    el("legend", { text: mode === "duel" ? "Duel" : "Decks and agents" }),
    el("div", { class: "grid" }, field("P1 deck", deckSel[0]!), field(`P1 ${seatLabel}`, seatSel[0]!), field("P2 deck", deckSel[1]!), field(`P2 ${seatLabel}`, seatSel[1]!), field("Ruleset", ruleset), el("div", { class: "field" }, el("label", { for: seed.id, text: seedLabel }), el("span", { class: "row" }, seed, newSeed)), practiceField),
    seedProblem,
  );
  return {
    el: form,
    seats: () => [seatSel[0]!.value as SeatKind, seatSel[1]!.value as SeatKind],
    seed: readSeed,
    seedInput: seed,
    seedMessage: seedProblem,
  };
}
