/**
 * The simulation panel's Games and Turn limit fields checked as typed: every value that cannot
 * be played (0, negative, not a whole number, not a number, above the maximum, a last seed
 * outside the seed range) has a sentence naming the field; every playable value has none.
 */
import { describe, expect, it } from "vitest";
import { gamesProblem, MAX_GAMES, MAX_TURN_LIMIT, turnLimitProblem } from "./fields.ts";

describe("gamesProblem", () => {
  it("accepts a whole number from 1 to the maximum", () => {
    for (const t of ["1", "200", " 20 ", String(MAX_GAMES), "1e3"]) expect(gamesProblem(t, 1), t).toBeNull();
  });

  it("refuses 0, negatives, fractions, text, an empty field and too many games, naming the field and the range", () => {
    const range = `Games must be a whole number from 1 to ${MAX_GAMES}`;
    expect(gamesProblem("0", 1)).toBe(`${range}, not 0.`);
    expect(gamesProblem("-5", 1)).toBe(`${range}, not -5.`);
    expect(gamesProblem("2.5", 1)).toBe(`${range}, not 2.5.`);
    expect(gamesProblem("abc", 1)).toBe(`${range}, not abc.`);
    expect(gamesProblem("", 1)).toBe(`${range}, the field is empty or not a number.`);
    expect(gamesProblem(String(MAX_GAMES + 1), 1)).toBe(`${range}, not ${MAX_GAMES + 1}.`);
  });

  it("refuses a number of games whose last seed is outside the seed range, only when the first seed is valid", () => {
    const top = 2 ** 31 - 1;
    expect(gamesProblem("1", top)).toBeNull();
    expect(gamesProblem("2", top)).toBe(`Games: 2 games from the first seed ${top} would reach seed ${top + 1}, outside the seed range: play fewer games or choose a lower first seed.`);
    expect(gamesProblem("2", null)).toBeNull();
  });
});

describe("turnLimitProblem", () => {
  it("accepts 1 to the maximum and refuses the rest", () => {
    expect(turnLimitProblem("200")).toBeNull();
    expect(turnLimitProblem(String(MAX_TURN_LIMIT))).toBeNull();
    expect(turnLimitProblem("0")).toBe(`The turn limit must be a whole number from 1 to ${MAX_TURN_LIMIT}, not 0.`);
    expect(turnLimitProblem(String(MAX_TURN_LIMIT + 1))).toMatch(/^The turn limit must be a whole number/);
    expect(turnLimitProblem("")).toMatch(/the field is empty or not a number\.$/);
  });
});
