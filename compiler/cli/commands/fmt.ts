/**
 * `digiscript fmt`: format `.dgs` files with the language service's formatter.
 */
import { writeFile } from "node:fs/promises";
import { UserError, fsReason, messageOf } from "../errors.ts";
import { findDgsFiles, readSources } from "../files.ts";
import { plural } from "../diagnostics.ts";
import { normalizeSource, readSetFile } from "../../../grammar/index.ts";
import { LineMap } from "../../check/set.ts";

/** Options of fmt: `--check` lists files that would change; `--write` rewrites them. */
export interface FmtOptions {
  check: boolean;
  write: boolean;
}

/**
 * Format files. Without options the formatted text is printed to stdout.
 * @returns 1 when `--check` finds files that would change or a file cannot be formatted, else 0
 * @throws UserError for missing files, or when both --check and --write are given
 */
export async function fmtCommand(inputs: readonly string[], opts: FmtOptions): Promise<number> {
  if (opts.check && opts.write) throw new UserError("use either --check or --write, not both");
  const files = await findDgsFiles(inputs);
  const sources = await readSources(files);
  const { format } = await import("../../service/index.ts");
  let failed = 0;
  const changed: string[] = [];
  for (const src of sources) {
    // A file the reader rejects lines of cannot be laid out: say where, change nothing.
    const unreadable = readSetFile(src.file, src.text).diagnostics.find((d) => d.severity === "error");
    if (unreadable) {
      const { line, col } = new LineMap(normalizeSource(src.text).text).position(unreadable.span.start);
      process.stderr.write(`${src.file}:${line}:${col}: cannot format: ${unreadable.message}\n`);
      failed++;
      continue;
    }
    let out: string;
    try {
      out = await format(src.text);
    } catch (e) {
      process.stderr.write(`${src.file}: cannot format: ${messageOf(e).split("\n")[0]}\n`);
      failed++;
      continue;
    }
    if (out !== src.text) changed.push(src.file);
    if (opts.write) {
      if (out !== src.text) {
        try {
          await writeFile(src.file, out);
        } catch (e) {
          throw new UserError(`cannot write ${src.file}: ${fsReason(e)}`);
        }
        process.stdout.write(`formatted ${src.file}\n`);
      }
    } else if (!opts.check) {
      process.stdout.write(out);
    }
  }
  if (opts.check) {
    for (const f of changed) process.stdout.write(`${f}\n`);
    if (changed.length > 0) process.stderr.write(`${plural(changed.length, "file")} would be reformatted (run digiscript fmt --write)\n`);
  } else if (opts.write) {
    process.stderr.write(`${plural(changed.length, "file")} formatted, ${sources.length - changed.length - failed} unchanged\n`);
  }
  return failed > 0 || (opts.check && changed.length > 0) ? 1 : 0;
}
