/**
 * The set files (`.dgs`) of the playground's language workspace: the bundled sets (read-only)
 * and the designer's own, in a `Workspace` (`compiler/service/workspace.ts`) that re-checks
 * only the card blocks an edit changed.
 *
 * A set of the designer's own with a bundled set's code replaces the bundled set, as
 * `digiscript duel --cards` does: the bundled files of that code leave the workspace while an
 * own file declares it, and come back when none does.
 *
 * The language worker keeps one (`language.worker.ts`), and the page keeps another for the
 * markers of a keystroke (`editor/instant-markers.ts`): both are fed the same files and edits,
 * so both check the same texts the same way.
 */
import { Workspace, type WorkspaceCheck } from "../../../compiler/service/workspace.ts";
import { setCodeOf as codeOf } from "../files/names.ts";
import { isShadowed } from "./shadowing.ts";

/** The set files of the workspace and their check. */
export class SetFiles {
  /** The workspace the checks run on: the designer's files and the bundled ones not shadowed. */
  readonly ws = new Workspace();
  /** The bundled (read-only) files and the set code each declares, by name, whether in the workspace or shadowed. */
  private readonly bundled = new Map<string, { text: string; code: string | null }>();
  /** The set code each of the designer's files declares (read once per text, not once per check of another file's edit). */
  private readonly own = new Map<string, string | null>();
  private last: WorkspaceCheck | null = null;
  private dirty = true;

  /** Add a file, or give it a new text (an edit): `readOnly` files are bundled sets. */
  set(name: string, text: string, readOnly = this.bundled.has(name)): void {
    if (readOnly) this.bundled.set(name, { text, code: codeOf(text) });
    else this.own.set(name, codeOf(text));
    this.ws.set(name, text);
    this.shadowBundled();
    this.dirty = true;
  }

  /** Remove one of the designer's files (a bundled file stays). */
  delete(name: string): void {
    this.ws.delete(name);
    this.own.delete(name);
    this.shadowBundled();
    this.dirty = true;
  }

  /** Whether an edit came in since the last check. */
  get stale(): boolean {
    return this.dirty || this.last === null;
  }

  /** The latest check, running it now when an edit came in since. */
  check(): WorkspaceCheck {
    if (this.dirty || !this.last) {
      this.last = this.ws.check();
      this.dirty = false;
    }
    return this.last;
  }

  /** Take the bundled sets a designer's set replaces out of the workspace, and put back the others (the rule: `shadowing.ts`). */
  private shadowBundled(): void {
    const codes = new Set<string>();
    for (const c of this.own.values()) if (c !== null) codes.add(c);
    for (const [name, { text, code }] of this.bundled) {
      const shadowed = isShadowed(code, codes);
      if (shadowed && this.ws.get(name) !== undefined) this.ws.delete(name);
      else if (!shadowed && this.ws.get(name) === undefined) this.ws.set(name, text);
    }
  }
}
