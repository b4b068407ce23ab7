/**
 * Write tests/check-reference/reference.json: what `checkSources` gives on the reference
 * inputs (tests/check-reference/inputs.ts). Run it from the commit whose checker is the
 * reference, never from the code under test:
 *
 *   node tests/check-reference/generate.ts
 *
 * The PlayStation corpus is recorded as a hash only (its card texts stay out of the repository).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkSources } from "../../compiler/check/set.ts";
import { canonical, corpusInputs, hashOf, referenceInputs, ROOT } from "./inputs.ts";

const out: { inputs: Record<string, unknown>; corpus: Record<string, string> } = { inputs: {}, corpus: {} };
for (const i of referenceInputs()) {
  const r = canonical(checkSources(i.sources));
  // Inputs made of other inputs are recorded as a hash: their diagnostics are those inputs'.
  out.inputs[i.name] = i.sources.length > 1 ? hashOf(r) : r;
}
for (const i of await corpusInputs()) out.corpus[i.name] = hashOf(canonical(checkSources(i.sources)));
// One diagnostic a line: a change shows as a readable diff.
const pretty = (x: unknown, indent: string): string => {
  if (x === null || typeof x !== "object" || "severity" in x) return JSON.stringify(x);
  const inner = indent + " ";
  if (Array.isArray(x)) return x.length === 0 ? "[]" : `[\n${x.map((v) => inner + pretty(v, inner)).join(",\n")}\n${indent}]`;
  const e = Object.entries(x);
  return e.length === 0 ? "{}" : `{\n${e.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`).join(",\n")}\n${indent}}`;
};
const json = pretty(out, "");
writeFileSync(join(ROOT, "tests/check-reference/reference.json"), json + "\n");
console.log(`${Object.keys(out.inputs).length} inputs, ${Object.keys(out.corpus).length} corpus inputs`);
