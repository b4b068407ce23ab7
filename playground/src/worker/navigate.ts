/**
 * Navigation in a workspace: which card a position is in, and where the card a name or set
 * number refers to is written (go to definition from an evo-box entry, a quoted name in card
 * text, or a deck list entry). Pure functions over checked sets, run in the language worker.
 *
 * Source: `docs/set-format.md` (card blocks, `evo:` entries), `cards/dbe/decks/README.md`
 * (deck entries `<count> <set number>`); `000_012504f4614e5b24.txt`, Evolution Phase 4.3
 * (evo-box names name cards).
 */
import type { CheckedSet, FileDiagnostic } from "../../../compiler/api.ts";
import { LineMap } from "../../../compiler/check/set.ts";
import { normalizeSource } from "../../../grammar/index.ts";
import type { CardView, FileRange } from "./protocol.ts";

/** The range of a span of a file's normalised text, 1-based (`lines`: the file's line map, when the caller has it). */
export function rangeOf(file: string, text: string, span: { start: number; end: number }, lines = new LineMap(normalizeSource(text).text)): FileRange {
  const a = lines.position(span.start);
  const b = lines.position(span.end);
  return { file, line: a.line, col: a.col, endLine: b.line, endCol: b.col };
}

/**
 * Every card of the checked sets as the preview draws it, in file order.
 * @param sets the workspace's checked sets
 * @param texts the text of each file (for ranges)
 * @param only a file to keep, or null for all
 */
export function cardViews(sets: readonly CheckedSet[], texts: ReadonlyMap<string, string>, only: string | null): CardView[] {
  const out: CardView[] = [];
  const maps = new Map<string, LineMap>();
  for (const s of sets) {
    for (const card of s.cards) {
      if (only !== null && card.file !== only) continue;
      const text = texts.get(card.file);
      if (text === undefined) continue;
      let lines = maps.get(card.file);
      if (!lines) maps.set(card.file, (lines = new LineMap(normalizeSource(text).text)));
      const diagnostics: FileDiagnostic[] = s.diagnostics.filter((d) => d.file === card.file && overlaps(d, card.span, text));
      out.push({ file: card.file, set: s.code, setName: s.name, ruleset: s.ruleset, card, range: rangeOf(card.file, text, card.span, lines), diagnostics });
    }
  }
  return out;
}

/** Whether a diagnostic starts inside a card's block. */
function overlaps(d: FileDiagnostic, span: { start: number; end: number }, _text: string): boolean {
  return d.span.start >= span.start && d.span.start <= span.end;
}

/**
 * The card whose block holds an offset of a file (from its `card` line to its last field),
 * or the nearest card block that starts before it.
 */
export function cardAt(views: readonly CardView[], file: string, offset: number): CardView | null {
  let best: CardView | null = null;
  for (const v of views) {
    if (v.file !== file) continue;
    if (v.card.span.start <= offset) best = v;
  }
  return best;
}

/**
 * The word or quoted name at an offset of a line: a set number (`DS1-001`), a card name in an
 * evo-box entry (`evo: Draw 2: Agumon`, the whole name), or a quoted name in card text.
 * @returns what it names: a set number or a card name, or null
 */
export function referenceAt(text: string, offset: number): { kind: "setNumber" | "name"; value: string } | null {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  let lineEnd = text.indexOf("\n", offset);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  const col = offset - lineStart;
  // A deck entry "4 DS1-001" or a set number anywhere.
  const num = /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g;
  for (const m of line.matchAll(num)) if (m.index! <= col && col <= m.index! + m[0].length && /\d/.test(m[0])) return { kind: "setNumber", value: m[0] };
  // A quoted name: "…" or “…”.
  for (const m of line.matchAll(/"([^"]+)"|“([^”]+)”/g)) if (m.index! <= col && col <= m.index! + m[0].length) return { kind: "name", value: (m[1] ?? m[2])! };
  // An evo-box entry: the names after the last colon, separated by commas ("Draw 2: Agumon, Gabumon (C)").
  const evo = /^\s*evo\s*:\s*/.exec(line);
  if (evo) {
    const body = line.slice(evo[0].length);
    const colon = body.lastIndexOf(":");
    const from = evo[0].length + (colon >= 0 ? colon + 1 : 0);
    let at = from;
    for (const part of line.slice(from).split(/,|\+/)) {
      const start = at + (part.length - part.trimStart().length);
      const name = part.trim().replace(/\s*\([RCUM]\)$/, "").replace(/^DNA\s*:\s*/, "");
      if (col >= start && col <= at + part.length && name) return { kind: "name", value: name };
      at += part.length + 1;
    }
  }
  return null;
}

/**
 * Where the card a reference names is written: the first card block with that set number or
 * name (case-insensitive), preferring the user's own files (listed first in `views`).
 */
export function definitionOf(views: readonly CardView[], ref: { kind: "setNumber" | "name"; value: string }): FileRange | null {
  const want = ref.value.toLowerCase();
  const hit = views.find((v) => (ref.kind === "setNumber" ? v.card.stats.setNumber.toLowerCase() === want : v.card.stats.name.toLowerCase() === want));
  return hit ? hit.range : null;
}

/**
 * A card as hover markdown: name, set number, kind, level, type, HP, the three attacks and
 * the text (text shown as code, so no markdown in a card's text is ever interpreted).
 */
export function cardMarkdown(v: CardView): string {
  const s = v.card.stats;
  const head = [s.kind, s.level ? `Level ${s.level}` : "", s.type ?? "", s.hp !== null ? `${s.hp} HP` : ""].filter(Boolean).join(" · ");
  const attacks = (["circle", "triangle", "cross"] as const)
    .map((k) => s[k])
    .filter((a) => a !== null)
    .map((a) => `${a!.name} ${a!.power}`)
    .join(" / ");
  const code = (t: string) => "`` " + t.replace(/`/g, "ʼ").replace(/\n/g, " ") + " ``";
  return [`**${code(s.name)}** ${code(s.setNumber)} (${v.file})`, head, attacks, v.card.text ? code(v.card.text) : ""].filter(Boolean).join("\n\n");
}
