/**
 * How a shared state (a link or a state file) joins the playground: its files open as new
 * files of the designer's own, beside the stored ones, and never overwrite one. Pure: the
 * page carries the plan out (`share/index.ts`).
 *
 * For each shared file:
 * - an own file of the same name with the same text → nothing to add ("same"); so is an own
 *   copy made by an earlier import of it (same text, the name with `-2`, `-3` … before the
 *   ending), so opening a link twice never adds a third copy;
 * - the name is free → added under it ("new");
 * - the name is taken (by a different own file) → added under a free name made from it,
 *   `my-set.dgs` → `my-set-2.dgs` ("renamed").
 * The duel settings' decks and the active file are renamed along; a deck the playground does
 * not have (a bundled deck of another version, a name that is not a deck list) leaves that
 * side's deck as it is, and the plan says so.
 */
import type { DuelSettings } from "../app/app.ts";
import { freeName, kindOf, numberedName, setCodeOf } from "../files/names.ts";
import type { ShareState } from "./state.ts";

/** A file of the playground as the plan sees it. */
export interface ExistingFile {
  name: string;
  text: string;
  readOnly: boolean;
}

/** One shared file and what happens to it. */
export interface PlannedFile {
  /** Its name in the shared state. */
  from: string;
  /** The name it has in the playground after the import. */
  name: string;
  text: string;
  /** "new": added; "renamed": added under another name; "same": already here, unchanged. */
  action: "new" | "renamed" | "same";
}

/** What importing a shared state does. */
export interface ImportPlan {
  /** Every shared file, in the state's order. */
  files: PlannedFile[];
  /** The file to open afterwards, or null (keep the one open). */
  active: string | null;
  /** The duel settings to set (decks renamed along). */
  duel: DuelSettings;
  /** Sentences for the designer about renames, missing decks and set codes that clash. */
  notes: string[];
}

/**
 * Is `name` a name an import gives a copy of `wanted` when `wanted` is taken — one of the
 * names `freeName` tries (`my-set.dgs` → `my-set-2.dgs`, `my-set-3.dgs` …, made safe and cut
 * to fit as it makes them: `numberedName`)? Letter case is not compared, as names are not.
 */
function isCopyName(name: string, wanted: string): boolean {
  const kind = kindOf(wanted);
  if (kind === null || kindOf(name) !== kind) return false;
  const lower = name.toLowerCase();
  if (numberedName(wanted, kind, 1).toLowerCase() === lower) return true;
  const m = /-([1-9][0-9]{0,5})\.(dgs|deck)$/i.exec(name);
  return m !== null && Number(m[1]) >= 2 && numberedName(wanted, kind, Number(m[1])).toLowerCase() === lower;
}

/**
 * Plan the import of a validated shared state.
 * @param state from `decodeLink` or `parseStateFile`
 * @param existing every file of the playground now (bundled and own)
 * @param currentDuel the duel settings now (a side whose shared deck is unknown keeps its deck)
 * @returns the plan; nothing is changed
 */
export function planImport(state: ShareState, existing: readonly ExistingFile[], currentDuel: DuelSettings): ImportPlan {
  const byName = new Map(existing.map((f) => [f.name, f]));
  const taken = existing.map((f) => f.name);
  const files: PlannedFile[] = [];
  const notes: string[] = [];
  const rename = new Map<string, string>();
  for (const f of state.files) {
    const here = byName.get(f.name);
    const same = here && !here.readOnly && here.text === f.text ? here : existing.find((e) => !e.readOnly && e.text === f.text && isCopyName(e.name, f.name));
    if (same) {
      files.push({ from: f.name, name: same.name, text: f.text, action: "same" });
      rename.set(f.name, same.name);
      continue;
    }
    const name = freeName(f.name, kindOf(f.name) ?? "dgs", taken);
    taken.push(name);
    rename.set(f.name, name);
    files.push({ from: f.name, name, text: f.text, action: name === f.name ? "new" : "renamed" });
    if (name !== f.name) notes.push(`${f.name} was opened as ${name}, since you already have a different ${f.name}.`);
  }

  // The active file and the decks, renamed along; unknown names are left out.
  const known = new Set([...existing.map((f) => f.name), ...files.map((f) => f.name)]);
  const map = (n: string) => rename.get(n) ?? (known.has(n) ? n : null);
  const active = state.active === null ? (files[0]?.name ?? null) : (map(state.active) ?? files[0]?.name ?? null);
  const decks: [string, string] = [...currentDuel.decks];
  state.duel.decks.forEach((d, i) => {
    const to = map(d);
    if (to !== null && kindOf(to) === "deck") decks[i] = to;
    else notes.push(`The deck ${JSON.stringify(d.length > 80 ? `${d.slice(0, 80)}…` : d)} of side ${i + 1} is not in this playground; that side keeps ${currentDuel.decks[i]}.`);
  });

  // Set codes the new files share with files that were here and are not part of the shared
  // state (checked as one set). Shared files of one code are one set on purpose.
  const shared = new Set(files.map((f) => f.name));
  const before = existing.filter((e) => kindOf(e.name) === "dgs" && !shared.has(e.name));
  for (const f of files) {
    if (f.action === "same" || kindOf(f.name) !== "dgs") continue;
    const code = setCodeOf(f.text);
    if (!code) continue;
    const others = before.filter((e) => setCodeOf(e.text)?.toUpperCase() === code.toUpperCase()).map((e) => e.name);
    if (others.length > 0) notes.push(`${f.name} declares set ${code}, as ${others.join(", ")} ${others.length === 1 ? "does" : "do"}: files of one set code are checked as one set, so set numbers they both use are errors. Change one set code, or delete one of the files.`);
  }
  return { files, active, duel: { ...state.duel, decks }, notes };
}
