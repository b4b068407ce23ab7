/**
 * Loading compiled set folders (`digiscript compile --out dist` → `dist/DS1/`) as card
 * sources for `duel`, `simulate` and `replay` (`--cards dist/DS1`).
 *
 * Generated modules import the runtime as `digiscript/handlers` (`compiler/emit/index.ts`).
 * Inside the project that resolves through the package's own export map; a folder compiled
 * elsewhere (`--out /tmp/sets`) has no `digiscript` package above it, so the CLI resolves the
 * package name to itself with a module resolution hook before it imports a compiled set.
 */
import { existsSync, statSync } from "node:fs";
import { registerHooks } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cardsOfSetModule, SetModuleError } from "../../runtime/set-module.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import { UserError } from "./errors.ts";
import { PROJECT_ROOT } from "./files.ts";

/** Whether a path is a compiled set folder: a folder holding the generated `index.ts` and `cards.ts`. */
export function isCompiledSetFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory() && existsSync(join(path, "index.ts")) && existsSync(join(path, "cards.ts"));
  } catch {
    return false;
  }
}

let hooked = false;

/** Resolve `digiscript` and `digiscript/<export>` to this project's files, for modules outside it (once per process). */
function resolveOwnPackage(): void {
  if (hooked) return;
  hooked = true;
  const handlers = pathToFileURL(join(PROJECT_ROOT, "runtime", "handlers.ts")).href;
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier === "digiscript/handlers") return { url: handlers, shortCircuit: true, format: "module-typescript" };
      return next(specifier, context);
    },
  });
}

/** A compiled set as loaded: its header, cards and folder. */
export interface LoadedCompiledSet {
  code: string;
  name: string;
  ruleset: "dbe" | "dmb";
  cards: CompiledCard[];
  origin: string;
}

/**
 * Import a compiled set folder and turn its card modules into cards.
 * @param dir the folder (`dist/DS1`), relative to the working folder or absolute
 * @throws UserError when the folder's modules do not load or are not a compiled set
 */
export async function loadCompiledSet(dir: string): Promise<LoadedCompiledSet> {
  resolveOwnPackage();
  const index = resolve(dir, "index.ts");
  let mod: { set?: unknown; default?: unknown };
  try {
    mod = (await import(pathToFileURL(index).href)) as { set?: unknown; default?: unknown };
  } catch (e) {
    throw new UserError(`cannot load the compiled set in ${dir}: ${(e as Error).message.split("\n")[0]}`, ["recompile it with digiscript compile <files> --out <folder>"]);
  }
  try {
    return { ...cardsOfSetModule(mod.set ?? mod.default, dir), origin: dir };
  } catch (e) {
    if (e instanceof SetModuleError) throw new UserError(e.message);
    throw e;
  }
}
