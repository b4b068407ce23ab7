/**
 * The checker gives what the reference checker gave: the same diagnostics (codes, messages,
 * hints, ranges, lines, columns, in the same order) and the same cards, on the bundled sets,
 * every construct example, a few hundred mutated card blocks and (when its data is present)
 * the PlayStation corpus. The reference (tests/check-reference/reference.json) was written by
 * tests/check-reference/generate.ts from the checker before its speed work (issue 11), so a
 * faster checker is held to behave exactly as the slower one did; a deliberate change of a
 * diagnostic regenerates it from the commit that makes the change.
 *
 * Each input is also checked a second time through a {@link CheckCache} (the language
 * service's path): reused blocks must give the same result.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CheckCache, checkSources } from "../compiler/check/set.ts";
import { canonical, corpusInputs, hashOf, referenceInputs, ROOT } from "./check-reference/inputs.ts";

const reference = JSON.parse(readFileSync(join(ROOT, "tests/check-reference/reference.json"), "utf8")) as {
  inputs: Record<string, unknown>;
  corpus: Record<string, string>;
};

describe("checker reference", () => {
  const inputs = referenceInputs();

  it("covers every input of the reference", () => {
    expect(inputs.map((i) => i.name).sort()).toEqual(Object.keys(reference.inputs).sort());
  });

  for (const input of inputs) {
    it(`gives the reference result on ${input.name}`, () => {
      const want = reference.inputs[input.name];
      const got = canonical(checkSources(input.sources));
      if (typeof want === "string") expect(hashOf(got)).toBe(want);
      else expect(got).toEqual(want);
      // Again through the language service's cache, checked twice (the second time reuses every block).
      const cache = new CheckCache();
      checkSources(input.sources, { cache });
      const again = canonical(checkSources(input.sources, { cache }));
      expect(again).toEqual(got);
    });
  }

  it("gives the reference result on the PlayStation corpus (when its data is present)", async () => {
    const corpus = await corpusInputs();
    for (const input of corpus) expect(hashOf(canonical(checkSources(input.sources))), input.name).toBe(reference.corpus[input.name]);
  });
});
