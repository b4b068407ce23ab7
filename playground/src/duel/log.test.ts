/**
 * The log for the page: headers as `digiscript duel` prints them, log lines linked to the
 * card sentence they quote (or that their data names), and a sentence found inside its card
 * block of the `.dgs` file, wrapped lines included.
 */
import { describe, expect, it } from "vitest";
import type { LogEvent } from "../../../runtime/core/log.ts";
import { DbeScenario } from "../../../runtime/rulesets/dbe/scenario.ts";
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { bundledSets } from "../files/bundled.ts";
import { blockText, linkOf, locateSentence, LogFormatter } from "./log.ts";
import { agentSeeds, newDuelGame, prepareDuel, type PreparedDuel } from "./setup.ts";
import { Session } from "./session.ts";
import { bundledDeck, workspaceCards } from "./test-cards.ts";

const cards = workspaceCards();
const prepared = prepareDuel(cards, [bundledDeck("dragon-rush"), bundledDeck("nature-wall")], "dbe") as PreparedDuel;

function finished(seed: number) {
  const s = new Session(() => newDuelGame(prepared, seed), ["random", "greedy"], agentSeeds(seed));
  while (s.step());
  return s.game;
}

const ev = (text: string, data: LogEvent["data"] = {}): LogEvent => ({ i: 0, turn: 1, phase: "support", step: "5", kind: "x", player: 0, text, data });

describe("linkOf", () => {
  it("links lines that quote a card's sentence to that card and sentence", () => {
    const g = finished(5);
    const rows = new LogFormatter().rows(g);
    const linked = rows.filter((r) => r.kind === "event" && r.link?.text);
    expect(linked.length).toBeGreaterThan(5);
    for (const r of linked) {
      if (r.kind !== "event") continue;
      expect(r.event.text).toContain(`"${r.link!.text}"`);
      const card = cards.find((c) => c.stats.setNumber === r.link!.setNumber)!;
      expect(card.effects[r.link!.sentence!]!.text).toBe(r.link!.text);
    }
  });

  it("prefers the card the text names before the quote when cards share a sentence", () => {
    const s = new DbeScenario(cardDb(cards), "shared sentence").active(0, "DS1-032").put(0, "hand", "DS1-033");
    const g = s.g;
    const burst = linkOf(g, ev('P1 Greymon: Circle Power 260 → 560 (Burst Drive: "Boost own Circle Power +300.")'));
    expect(burst).toMatchObject({ setNumber: "DS1-033", name: "Burst Drive", text: "Boost own Circle Power +300." });
    expect(linkOf(g, ev('P1 Dragon Claw: "If own type is Dragon, Boost own Power +400."'))).toMatchObject({ setNumber: "DS1-032", sentence: 0 });
    expect(linkOf(g, ev("P1 draws 1 (Prep Phase 2)"))).toBeNull();
    expect(linkOf(g, ev('FAQ "Conditionals"'))).toBeNull();
  });

  it("uses data {card, sentence} when given, and data.card alone links the card", () => {
    const s = new DbeScenario(cardDb(cards), "data").active(0, "DS1-033");
    const id = s.top(0, "active");
    expect(linkOf(s.g, ev("a loop", { card: id, sentence: 1 }))).toMatchObject({ setNumber: "DS1-033", sentence: 1, text: "Boost own Circle Power +300." });
    expect(linkOf(s.g, ev("P1 plays it", { card: id }))).toMatchObject({ setNumber: "DS1-033", sentence: null, text: null });
    expect(linkOf(s.g, ev("nothing", { card: 999 }))).toBeNull();
  });
});

describe("LogFormatter", () => {
  it("returns only new rows, with turn and step headers as the CLI prints them", () => {
    const g = finished(7);
    const f = new LogFormatter();
    const half = f.rows(g, g.log.slice(0, 40));
    const rest = f.rows(g);
    const events = [...half, ...rest].filter((r) => r.kind === "event");
    expect(events).toHaveLength(g.log.length - g.log.filter((e) => e.kind === "turn").length);
    expect(half[0]).toEqual({ kind: "turn", text: "Pre-Game Setup" });
    expect([...half, ...rest].some((r) => r.kind === "turn" && /^Turn 2: P[12] \(/.test(r.text))).toBe(true);
    expect([...half, ...rest].some((r) => r.kind === "step" && /^Battle Phase, step \d/.test(r.text))).toBe(true);
    expect(rest.at(-2)).toEqual({ kind: "turn", text: "The game ends" });
    expect(f.rows(g)).toEqual([]);
  });
});

describe("locateSentence", () => {
  const starter = bundledSets().find((f) => f.name.endsWith("starter.dgs"))!.text;
  const lines = starter.split("\n");
  const blockOf = (n: string) => {
    const line = lines.findIndex((l) => l.startsWith(`card ${n} `)) + 1;
    let end = line;
    while (lines[end] && lines[end]!.trim() !== "") end++;
    return { line, col: 1, endLine: end, endCol: lines[end - 1]!.length + 1 };
  };

  it("finds a sentence in the card's text field", () => {
    const b = blockOf("DS1-033");
    const r = locateSentence(starter, b, "Boost own Circle Power +300.")!;
    expect(r.line).toBe(r.endLine);
    expect(lines[r.line - 1]!.slice(r.col - 1, r.endCol - 1)).toBe("Boost own Circle Power +300.");
    expect(locateSentence(starter, b, "Not in this card.")).toBeNull();
    expect(blockText(starter, b)).toMatch(/^card DS1-033 Burst Drive\n[\s\S]*Turbo: Discard 1\./);
  });

  it("finds a sentence wrapped over continuation lines, searching from the text field", () => {
    const text = "set X x\n\ncard X-001 Wrapmon\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power\n    +100. Draw 1.\n";
    const r = locateSentence(text, { line: 3, col: 1, endLine: 7, endCol: 18 }, "Boost own Power +100.")!;
    expect(r).toEqual({ line: 6, col: 9, endLine: 7, endCol: 10 });
    // The card's name is not mistaken for a sentence before the text field.
    const t2 = "card X-002 Draw 1.\n  kind: Option\n  text: Draw 1.\n";
    expect(locateSentence(t2, { line: 1, col: 1, endLine: 3, endCol: 17 }, "Draw 1.")).toEqual({ line: 3, col: 9, endLine: 3, endCol: 16 });
  });
});
