/**
 * The set the checker's breakdown (`node bench/grammar-style.ts --check-parts`) checks "without
 * its texts": every `text:` field gone with its continuation lines, every other line kept, so
 * that the part it times is the same cards' reading, stats and set-level checks.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutTexts } from "../bench/grammar-style.ts";
import { checkSources } from "../compiler/check/set.ts";

const SET = `set TST Test set
ruleset dbe

card TST-001 Agumon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 700
  circle: Pepper Breath 300
  triangle: Claw Attack 190
  cross: Sharp Claw 100 | 1st Attack
  timing: SUPPORT
  text: Requires DP.
    After evolving, Boost own Power +300.
    Draw 1.
  partner: yes

card TST-002 Power Up
  kind: Option
  timing: SUPPORT
  text: Boost own Power +100.
`;

describe("withoutTexts", () => {
  it("drops a text field with its continuation lines and keeps the fields after it", () => {
    const out = withoutTexts(SET);
    expect(out).not.toMatch(/text:|After evolving|Draw 1/);
    expect(out).toContain("  partner: yes");
    expect(out.split("\n").length).toBe(SET.split("\n").length - 4);
  });

  it("leaves the same cards, each without its text, and no diagnostic", () => {
    const [set] = checkSources([{ file: "tst.dgs", text: withoutTexts(SET) }]);
    expect(set!.cards.map((c) => [c.stats.setNumber, c.text, c.ok])).toEqual([
      ["TST-001", "", true],
      ["TST-002", "", true],
    ]);
    expect(set!.diagnostics).toEqual([]);
  });

  it("keeps every card of a bundled set", () => {
    const text = readFileSync(new URL("../cards/dbe/rules-cards.dgs", import.meta.url), "utf8");
    const [whole] = checkSources([{ file: "rules-cards.dgs", text }]);
    const [bare] = checkSources([{ file: "rules-cards.dgs", text: withoutTexts(text) }]);
    expect(bare!.cards.map((c) => c.stats.setNumber)).toEqual(whole!.cards.map((c) => c.stats.setNumber));
    expect(bare!.cards.every((c) => c.text === "")).toBe(true);
  });
});
