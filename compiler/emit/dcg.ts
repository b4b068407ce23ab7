/**
 * Checked DCG set → `<outDir>/<SET>/cards.json`: the set's code and name, and for every card
 * that compiled its stats, the text of its three boxes and their effects (the shapes of
 * `runtime/lang/dcg/card.ts`). A card with errors is left out, as the DBE emitter leaves it
 * out of its output.
 *
 * TypeScript emission (the DBE emitter's `cards.ts`, `index.ts`, `registry.ts`) comes for DCG
 * sets when the DCG effect IR and rules runtime do: until then `cards.json` is the output.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { DcgCheckedSet, EmitResult } from "../api.ts";
import { EmitPathError } from "./index.ts";
import { setDir } from "./names.ts";

/** The document written to `<SET>/cards.json` for a DCG set. */
export interface DcgCardsJson {
  code: string;
  name: string;
  ruleset: "dcg";
  cards: Pick<DcgCheckedSet["cards"][number], "stats" | "text" | "effects">[];
}

/** The `cards.json` document of a DCG set: its compiled cards only. */
export function dcgCardsJson(set: DcgCheckedSet): DcgCardsJson {
  return { code: set.code, name: set.name, ruleset: "dcg", cards: set.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })) };
}

/**
 * Write a DCG set's output: `<outDir>/<SET>/cards.json`.
 * @param set a checked DCG set
 * @param outDir the output folder (created if missing)
 * @returns the files written (relative to outDir) and the time taken
 * @throws EmitPathError when the set's folder cannot be made or written; Error for a set code
 *   the checker should have refused
 */
export async function emitDcgSet(set: DcgCheckedSet, outDir: string): Promise<EmitResult> {
  const t0 = performance.now();
  const root = resolve(outDir);
  const dir = join(root, setDir(set.code));
  if (dirname(dir) !== root) throw new Error(`emit: ${dir} is not directly inside ${root}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "cards.json"), JSON.stringify(dcgCardsJson(set), null, 1) + "\n");
  } catch (e) {
    throw new EmitPathError(dir, e);
  }
  return { files: [`${setDir(set.code)}/cards.json`], ms: performance.now() - t0 };
}
