/**
 * Navigation in a workspace: which card a position is in, and where the card a name or set
 * number refers to is written (go to definition from an evo-box entry, a quoted name in card
 * text, or a deck list entry). Pure functions over checked sets, run in the language worker.
 *
 * Source: `docs/set-format.md` (card blocks, `evo:` entries, DCG `dna:` requirements),
 * `cards/dbe/decks/README.md` (deck entries `<count> <set number>`); `000_012504f4614e5b24.txt`,
 * Evolution Phase 4.3 (evo-box names name cards); `002_db81695f81018ea7.txt` 2-2-2 (a name in
 * brackets in DCG text names the cards of that name).
 */
import type { CheckedSet, DcgCheckedSet, FileDiagnostic } from "../../../compiler/api.ts";
import { LineMap } from "../../../compiler/check/set.ts";
import { normalizeSource } from "../../../grammar/index.ts";
import { isDcgView, type AnyCardView, type CardView, type DcgCardView, type FileRange } from "./protocol.ts";

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

/**
 * Every card of the checked DCG sets as the preview draws it, in file order.
 * @param sets the workspace's checked DCG sets
 * @param texts the text of each file (for ranges)
 * @param only a file to keep, or null for all
 */
export function dcgCardViews(sets: readonly DcgCheckedSet[], texts: ReadonlyMap<string, string>, only: string | null): DcgCardView[] {
  const out: DcgCardView[] = [];
  const maps = new Map<string, LineMap>();
  for (const s of sets) {
    for (const card of s.cards) {
      if (only !== null && card.file !== only) continue;
      const text = texts.get(card.file);
      if (text === undefined) continue;
      let lines = maps.get(card.file);
      if (!lines) maps.set(card.file, (lines = new LineMap(normalizeSource(text).text)));
      const diagnostics = s.diagnostics.filter((d) => d.file === card.file && overlaps(d, card.span, text));
      out.push({ file: card.file, set: s.code, setName: s.name, ruleset: "dcg", card, range: rangeOf(card.file, text, card.span, lines), diagnostics });
    }
  }
  return out;
}

/**
 * The cards of every ruleset, DBE/DMB sets first then DCG sets (each in file order).
 * @param check the workspace's check (`sets` and `dcgSets`)
 */
export function allCardViews(check: { sets: readonly CheckedSet[]; dcgSets: readonly DcgCheckedSet[] }, texts: ReadonlyMap<string, string>, only: string | null): AnyCardView[] {
  return [...cardViews(check.sets, texts, only), ...dcgCardViews(check.dcgSets, texts, only)];
}

/** A view's card number ("set number" for DBE, "card number" for DCG) and name. */
export function viewIdentity(v: AnyCardView): { number: string; name: string } {
  return isDcgView(v) ? { number: v.card.stats.number, name: v.card.stats.name } : { number: v.card.stats.setNumber, name: v.card.stats.name };
}

/**
 * The card whose block holds an offset of a file (from its `card` line to its last field),
 * or the nearest card block that starts before it, as the preview draws it — built for that
 * card alone: what the preview
 * asks for after each pause in typing, so it must not cost a view of every card of a large
 * file (the file's line map and its diagnostics are read once, for the one card).
 * @param check the workspace's latest check
 * @param file the file the offset is in
 * @param text that file's text
 * @param offset a UTF-16 offset in the text
 * @returns the card's view (DBE/DMB or DCG), or null when no card block starts at or before the offset
 */
export function cardViewAt(check: { sets: readonly CheckedSet[]; dcgSets: readonly DcgCheckedSet[] }, file: string, text: string, offset: number): AnyCardView | null {
  let dbe: { set: CheckedSet; card: CheckedSet["cards"][number] } | null = null;
  let dcg: { set: DcgCheckedSet; card: DcgCheckedSet["cards"][number] } | null = null;
  let best = -1;
  for (const set of check.sets)
    for (const card of set.cards)
      if (card.file === file && card.span.start <= offset && card.span.start >= best) {
        best = card.span.start;
        dbe = { set, card };
      }
  for (const set of check.dcgSets)
    for (const card of set.cards)
      if (card.file === file && card.span.start <= offset && card.span.start >= best) {
        best = card.span.start;
        dcg = { set, card };
        dbe = null;
      }
  if (dbe) return cardViews([{ ...dbe.set, cards: [dbe.card] }], new Map([[file, text]]), file)[0] ?? null;
  if (dcg) return dcgCardViews([{ ...dcg.set, cards: [dcg.card] }], new Map([[file, text]]), file)[0] ?? null;
  return null;
}

/** Whether a diagnostic starts inside a card's block. */
function overlaps(d: FileDiagnostic, span: { start: number; end: number }, _text: string): boolean {
  return d.span.start >= span.start && d.span.start <= span.end;
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
  // A DCG name reference in brackets ("[Agumon]" in card text or a `dna:` requirement), not a timing tag.
  for (const m of line.matchAll(/\[([^[\]\n]+)\]/g)) if (m.index! < col && col < m.index! + m[0].length) return { kind: "name", value: m[1]!.trim() };
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
export function definitionOf(views: readonly AnyCardView[], ref: { kind: "setNumber" | "name"; value: string }): FileRange | null {
  const want = ref.value.toLowerCase();
  const hit = views.find((v) => {
    const id = viewIdentity(v);
    return (ref.kind === "setNumber" ? id.number : id.name).toLowerCase() === want;
  });
  return hit ? hit.range : null;
}

/**
 * A card as hover markdown: name, set number, kind, level, type, HP, the three attacks and
 * the text (text shown as code, so no markdown in a card's text is ever interpreted); for a
 * DCG card, its kind, colours, level, cost, DP, traits and the text of its boxes.
 */
export function cardMarkdown(v: AnyCardView): string {
  if (isDcgView(v)) return dcgCardMarkdown(v);
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

/** A DCG card as hover markdown (see {@link cardMarkdown}): card data only ever in code spans. */
function dcgCardMarkdown(v: DcgCardView): string {
  const s = v.card.stats;
  const code = (t: string) => "`` " + t.replace(/`/g, "ʼ").replace(/\n/g, " ") + " ``";
  const cost = s.cost === null ? "" : `${s.kind === "Option" ? "use cost" : "play cost"} ${s.cost}`;
  const head = [s.kind, s.colors.join("/"), s.level === null ? "" : s.level === "-" ? "Lv.–" : `Lv.${s.level}`, cost, s.dp === null ? "" : `${s.dp} DP`].filter(Boolean).join(" · ");
  const traits = [s.form ?? "", s.attribute ?? "", ...s.traits].filter(Boolean).join(" · ");
  const boxes = (["effect", "inherited", "security"] as const).filter((b) => v.card.text[b] !== "").map((b) => `${b}: ${code(v.card.text[b])}`);
  return [`**${code(s.name)}** ${code(s.number)} (${v.file})`, head, traits ? code(traits) : "", ...boxes].filter(Boolean).join("\n\n");
}
