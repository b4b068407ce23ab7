/**
 * `compileDcgText` remembers what it compiled and hands the same result to every card with the
 * same text (compiler/check/dcg/text.ts): a shared result must come out of checking, emitting
 * and playing exactly as it was compiled. Outside the tests only its outer lists are frozen
 * (freezing every effect made compiling a box 12 % slower); the test suite freezes it all
 * through (vitest.config.ts), and this test compares what the pipeline leaves with a copy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileDcgText, forgetCompiledDcgTexts } from "../../compiler/check/dcg/text.ts";
import { checkDcgSources } from "../../compiler/check/dcg/set.ts";
import { dcgCardsJson, dcgCardsModule } from "../../compiler/emit/dcg.ts";
import { loadDcgPool } from "../../compiler/cli/dcg.ts";
import { simulateDcgGame } from "../../runtime/rulesets/dcg/sim.ts";
import { DCG_EFFECTS } from "../../runtime/rulesets/dcg/effects/index.ts";
import type { DcgBox } from "../../runtime/lang/dcg/card.ts";
import type { DcgSeat } from "../../runtime/rulesets/dcg/setup.ts";
import { dcgCardDb } from "../../runtime/rulesets/dcg/model.ts";
import { TST_CARDS } from "../scenarios/dcg/helpers.ts";
import { ROOT } from "../helpers.ts";

const BOXES: readonly DcgBox[] = ["effect", "inherited", "security"];

describe("compiled DCG boxes are shared and stay as compiled", () => {
  it("the same text gives the same result object, whose lists cannot be changed", () => {
    const text = "[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.";
    const a = compileDcgText(text, "effect");
    expect(compileDcgText(text, "effect")).toBe(a);
    expect(a.effects.length).toBe(1);
    expect(() => (a.effects as unknown[]).push(a.effects[0])).toThrow(TypeError);
    expect(() => (a.diagnostics as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (a as { effects: unknown[] }).effects = [];
    }).toThrow(TypeError);
    expect(a.effects.length).toBe(1);
  });

  it("after forgetCompiledDcgTexts the text is compiled again: a new, equal result", () => {
    const text = "[Main] 1 of your Digimon gets +3000 DP for the turn.";
    const a = compileDcgText(text, "effect");
    forgetCompiledDcgTexts();
    const b = compileDcgText(text, "effect");
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it("under the test suite a shared result is frozen all through: a write into an effect throws", () => {
    expect(process.env.DIGISCRIPT_DEEP_FREEZE).toBe("1");
    const a = compileDcgText("[Your Turn] This Digimon gets +1000 DP.", "inherited");
    const unit = a.effects[0] as unknown as { sentences: unknown[] };
    expect(() => unit.sentences.push(null)).toThrow(TypeError);
    expect(() => {
      (unit as { sentences: unknown }).sentences = [];
    }).toThrow(TypeError);
  });

  it("checking, emitting and playing the example set leave every shared result as it was compiled", async () => {
    const file = join(ROOT, "cards", "dcg", "example.dgs");
    const pool = await loadDcgPool([], null);
    const cards = pool.db.all.filter((c) => c.stats.number.startsWith("DSX-"));
    expect(cards.length).toBe(8);
    // Each box's shared result as compiled, and a deep copy of it.
    const shared: { number: string; box: DcgBox; text: string; result: ReturnType<typeof compileDcgText>; copy: unknown }[] = [];
    for (const c of cards)
      for (const box of BOXES) {
        const text = c.text[box];
        if (text.trim() === "") continue;
        const result = compileDcgText(text, box);
        expect(result.effects.length, `${c.stats.number} ${box}`).toBeGreaterThan(0);
        // The card plays the shared result itself, not a copy of it.
        expect(c.effects[box], `${c.stats.number} ${box}`).toBe(result.effects);
        shared.push({ number: c.stats.number, box, text, result, copy: structuredClone(result) });
      }
    expect(shared.length).toBeGreaterThanOrEqual(12);

    // Checked again and emitted (module and cards.json) …
    const [set] = checkDcgSources([{ file, text: readFileSync(file, "utf8") }]);
    expect(set!.cards.length).toBe(8);
    expect(dcgCardsModule(set!)).toContain("DSX-002");
    expect(JSON.stringify(dcgCardsJson(set!))).toContain("DSX-002");
    // … and played: four of each of the example set's cards in both decks (the rest red test
    // Digimon of levels 3–5), with their effects.
    const db = dcgCardDb([...TST_CARDS, ...cards]);
    const fill = ["TST-03", "TST-04", "TST-05", "TST-08", "TST-09", "TST-10"];
    const main = [...["DSX-002", "DSX-003", "DSX-004", "DSX-005", "DSX-006", "DSX-007", "DSX-008"].flatMap((n) => [n, n, n, n]), ...fill.flatMap((n) => [n, n, n, n])].slice(0, 50);
    expect(main.length).toBe(50);
    const seat: DcgSeat = { name: "Example", main, eggs: ["DSX-001", "DSX-001", "DSX-001", "DSX-001", "TST-01"] };
    let turns = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const s = simulateDcgGame(db, { seats: [seat, seat] }, seed, { ruleset: DCG_EFFECTS, check: true });
      expect(s.violations, `seed ${seed}`).toEqual([]);
      turns += s.turns;
    }
    expect(turns).toBeGreaterThan(12 * 4);

    for (const s of shared) {
      const now = compileDcgText(s.text, s.box);
      expect(now, `${s.number} ${s.box}: still the shared result`).toBe(s.result);
      expect(now, `${s.number} ${s.box}: unchanged`).toEqual(s.copy);
    }
  }, 60_000);
});
