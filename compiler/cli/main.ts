/**
 * The `digiscript` CLI entry point (`npm start` runs `build`; `bin/digiscript.mjs` runs this
 * file with Node 22's type stripping). Commands and exit codes: see `program.ts` and README.md.
 */
import { run } from "./program.ts";

// A reader that closes the pipe early (`digiscript duel … | head`) is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

try {
  process.exitCode = await run(process.argv);
} catch (e) {
  // Not a user error: a bug. Show the stack; exit 3 (README "CLI": exit codes).
  process.stderr.write(`internal error (a bug in digiscript; please report it with the command): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 3;
}
