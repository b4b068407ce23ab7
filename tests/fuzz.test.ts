/**
 * The fuzz property of tests/fuzz/run.ts on 2,000 mutated card texts with a fixed seed:
 * checkSources and the grammar's entry points never throw, every diagnostic has a valid
 * range and a message, and a card with an error is not compiled. `npm run fuzz` runs the
 * same property on 100,000 inputs with a random seed.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { checkCardText } from "./fuzz/run.ts";
import { mutatedText } from "./fuzz/mutate.ts";

describe("fuzz: mutated card text", () => {
  it("never crashes and reports well-formed diagnostics (2,000 inputs, seed 20251122)", { timeout: 60_000 }, () => {
    fc.assert(fc.property(mutatedText(), checkCardText), { numRuns: 2_000, seed: 20251122 });
  });
});
