/**
 * `digiscript canon`: canonicalise the wording of `.dgs` files — the explicit, separate
 * action that rewrites card text, evo-box entries and attack abilities into the printer's
 * canonical spelling (`compiler/print/canonical.ts`). It lists every change; `--write`
 * makes them. `fmt` never changes words. A DCG set (`ruleset dcg`) has no canonical wording
 * yet: it is named and left as written.
 */
import { writeFile } from "node:fs/promises";
import { canonicaliseWording } from "../../print/canonical.ts";
import { LineMap } from "../../check/set.ts";
import { normalizeSource } from "../../../grammar/index.ts";
import { rulesetOfSource } from "../../../grammar/setfile.ts";
import { UserError, fsReason } from "../errors.ts";
import { findDgsFiles, readSources } from "../files.ts";
import { plural } from "../diagnostics.ts";

/** Options of canon: `--write` rewrites the files. */
export interface CanonOptions {
  write: boolean;
}

/**
 * List (and with `write`, make) the wording changes of each file, one line per change:
 * `file:line:col: <field> of <card>: "<before>" → "<after>"`.
 * @returns 0
 * @throws UserError for missing or unwritable files
 */
export async function canonCommand(inputs: readonly string[], opts: CanonOptions): Promise<number> {
  const sources = await readSources(await findDgsFiles(inputs));
  let total = 0;
  let files = 0;
  let dcg = 0;
  for (const src of sources) {
    // DCG card text has no canonical wording yet (compiler/print/canonical.ts): said, not passed
    // over as "already canonical".
    if (rulesetOfSource(src.text) === "dcg") {
      process.stderr.write(`${src.file}: a DCG set: canon rewrites DBE and DMB wording only, so its text is left as written (\`fmt\` lays it out; \`check\` reads any letter case of a timing or keyword)\n`);
      dcg++;
      continue;
    }
    const { text, changes } = canonicaliseWording(src.text, src.file);
    if (changes.length === 0) continue;
    const lines = new LineMap(normalizeSource(src.text).text);
    for (const c of changes) {
      const { line, col } = lines.position(c.span.start);
      const what = c.field === "text" ? "text" : c.field === "evo" ? "evo-box entry" : `${c.field} ability`;
      process.stdout.write(`${src.file}:${line}:${col}: ${what} of ${c.card}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}\n`);
    }
    total += changes.length;
    files++;
    if (opts.write) {
      try {
        await writeFile(src.file, text);
      } catch (e) {
        throw new UserError(`cannot write ${src.file}: ${fsReason(e)}`);
      }
    }
  }
  const verb = opts.write ? "made" : "would be made (run digiscript canon --write to make them)";
  if (dcg === sources.length) return 0;
  process.stderr.write(total === 0 ? `the wording is already canonical${dcg > 0 ? " in the DBE and DMB sets" : ""}\n` : `${plural(total, "change")} in ${plural(files, "file")} ${verb}\n`);
  return 0;
}
