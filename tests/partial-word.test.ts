/**
 * The word being typed at the cursor (`partialWord`, compiler/service/assist.ts), read backwards
 * from the cursor: the same as the regular expression it replaces, `/[A-Za-z0-9\u00C0-\u024F'’-]*$/`,
 * which was quadratic in the length of a run of word characters (the whole-file fuzzer found
 * completion taking 2 s in a 65,000-character attack line).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partialWord } from "../compiler/service/assist.ts";

const REFERENCE = /[A-Za-z0-9\u00C0-\u024F'’-]*$/;
/** Characters around the class's edges: each end of each range, and its neighbours. */
const EDGES = "@AZ[`az{/09:\u00BF\u00C0\u00D7\u024F\u0250'’‘\"-_ .,\u3000é\uD83D\uDE00";

describe("partialWord", () => {
  it("is the reference expression's match on text made of the class's edge characters", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EDGES), { maxLength: 40 }), (cs) => {
        const s = cs.join("");
        expect(partialWord(s)).toBe(REFERENCE.exec(s)![0]);
      }),
      { numRuns: 5_000 },
    );
  });

  it("on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (s) => {
        expect(partialWord(s)).toBe(REFERENCE.exec(s)![0]);
      }),
      { numRuns: 5_000 },
    );
  });

  it("a long run of word characters at the end is the word; one ended by a blank gives none", () => {
    const run = "x".repeat(65_000);
    expect(partialWord(`circle: ${run}`)).toBe(run);
    expect(partialWord(`circle: ${run} `)).toBe("");
    expect(partialWord("Boost own Pow")).toBe("Pow");
    expect(partialWord("")).toBe("");
  });
});
