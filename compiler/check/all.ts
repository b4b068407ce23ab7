/**
 * Checking sources of every ruleset together: each file goes to its ruleset's checker by the
 * `ruleset` line of its header — DBE and DMB files to `checkDbeSources` (compiler/check/set.ts),
 * DCG files to `checkDcgSources` (compiler/check/dcg/set.ts) — and the sets of both are held
 * to one rule they share: two sets never write to one output folder.
 *
 * The routing lives in compiler/check/set.ts (`checkAllSources`), beside `checkSources`, which
 * uses it too (so that neither module imports the other); this module is its home for callers
 * that want both families' sets, such as the CLI.
 *
 * Format: `docs/set-format.md` ("Header", "DCG sets").
 */
export { checkAllSources, type CheckAllOptions, type CheckedSources } from "./set.ts";
