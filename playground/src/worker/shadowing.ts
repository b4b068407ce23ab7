/**
 * Which bundled sets a designer's own sets replace: a set file of the designer's with a
 * bundled set's code replaces that bundled set, as `digiscript duel --cards` does. The
 * language workspace applies it (`set-files.ts`), and so does what the page draws of a set
 * (the gallery), from this one rule. No checker here: the page's start imports it.
 */
import { setCodeOf } from "../files/names.ts";

/** A set file as the shadowing rule sees it. */
export interface SetFileText {
  name: string;
  text: string;
  /** A bundled set (read-only). */
  readOnly: boolean;
}

/**
 * Whether a bundled set that declares `code` is replaced by one of the designer's own sets.
 * The rule itself, for callers that keep the codes already read (`set-files.ts` reads each
 * text's code once, not at every check).
 * @param code the bundled set's declared code ({@link setCodeOf}), or null
 * @param own the codes the designer's own set files declare
 */
export function isShadowed(code: string | null, own: ReadonlySet<string>): boolean {
  return code !== null && own.has(code);
}

/**
 * The names of the bundled set files that a designer's own file replaces (same declared code).
 * @param files every set file of the workspace, bundled and own
 */
export function shadowedBundled(files: Iterable<SetFileText>): Set<string> {
  const all = [...files];
  const own = new Set<string>();
  for (const f of all) {
    if (f.readOnly) continue;
    const c = setCodeOf(f.text);
    if (c !== null) own.add(c);
  }
  const out = new Set<string>();
  for (const f of all) if (f.readOnly && isShadowed(setCodeOf(f.text), own)) out.add(f.name);
  return out;
}
