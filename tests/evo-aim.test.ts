/**
 * FAQ "Negative Effects in Evo-boxes" (`000_012504f4614e5b24.txt`): a bonus that would hurt
 * its owner is aimed at the opponent by the checker (compiler/check/evo.ts); protections and
 * gains stay the owner's.
 */
import { describe, expect, it } from "vitest";
import { compileEvo } from "./helpers.ts";

const actionsOf = (entry: string) => {
  const r = compileEvo(entry);
  expect(r.evo?.kind).toBe("bonus");
  return (r.evo as { actions: { kind: string; player?: string; what?: string }[] }).actions;
};

describe("evo-box bonuses aimed by the checker", () => {
  it("takes away from the owner → the opponent: discard, trash, lowered Power, \"cannot get 1st Attack\"", () => {
    expect(actionsOf("Discard 1: Agumon").map((a) => [a.kind, a.player])).toEqual([["discard", "opponent"]]);
    expect(actionsOf("Trash 2: Agumon").map((a) => [a.kind, a.player])).toEqual([["trash", "opponent"]]);
    expect(actionsOf("Power -50: Agumon").map((a) => [a.kind, a.player])).toEqual([["boost", "opponent"]]);
    expect(actionsOf("Cannot get 1st Attack: Agumon").map((a) => [a.kind, a.what, a.player])).toEqual([["prohibit", "gainFirstAttack", "opponent"]]);
  });

  it("gains and protections stay the owner's: Draw, Power +, \"Attacks cannot be countered\", \"Supports cannot be voided\"", () => {
    expect(actionsOf("Draw 2: Agumon").map((a) => [a.kind, a.player])).toEqual([["draw", "own"]]);
    expect(actionsOf("Power +40: Agumon").map((a) => [a.kind, a.player])).toEqual([["boost", "own"]]);
    expect(actionsOf("∞ Attacks cannot be countered: Agumon").map((a) => [a.kind, a.what, a.player])).toEqual([["prohibit", "beCountered", "own"]]);
    expect(actionsOf("∞ Supports cannot be voided: Agumon").map((a) => [a.kind, a.what, a.player])).toEqual([["prohibit", "beVoided", "own"]]);
  });

  it("an explicit opponent stays the opponent; \"Opponent's DP -10\" is not turned around", () => {
    expect(actionsOf("Opponent's DP -10: Agumon").map((a) => [a.kind, a.player])).toEqual([["changeDp", "opponent"]]);
  });
});
