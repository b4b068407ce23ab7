/**
 * The layout of DCG text boxes in a set file: one effect unit per line (docs/set-format.md,
 * "DCG sets"). Used by the set-file printer (`fmt`, compiler/print/setfile.ts) and the
 * language service's format, so both lay a DCG set out the same way.
 */
import { isTextKey, readSetFile } from "../../grammar/setfile.ts";
import { parseDcgBox } from "../../grammar/dcg/index.ts";

/**
 * One effect unit per line in every text box of a DCG set (docs/set-format.md, "DCG sets":
 * "each `[Timing] …` effect, each keyword line, each rule sentence and the DigiXros
 * requirement starts a line of its own"): a box the DCG grammar reads is rewritten with each
 * unit on a line of its own — units written on one line are split, a unit written over
 * several lines is joined — and only blanks and line breaks change, never a word or a
 * character of one. A box the grammar cannot read (it has an error) keeps its lines; so does
 * any file that is not a DCG set or that the reader reports problems for (the printer then
 * returns it unchanged).
 * @param text a set file's text, normalised (`grammar/source.ts`: LF line breaks, no byte-order mark)
 * @returns the text with the boxes' lines changed, to be printed by the set-file printer
 */
export function layoutDcgUnits(text: string): string {
  const syntax = readSetFile("<input>.dgs", text);
  if (syntax.ruleset !== "dcg" || syntax.diagnostics.length > 0) return text;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const card of syntax.cards) {
    for (const f of card.fields) {
      if (!isTextKey("dcg", f.key)) continue;
      const value = f.value.value;
      const lines = unitLines(value);
      if (lines === null) continue;
      const now = value.split("\n").map((l) => l.trim().replace(/[ \t]+/g, " ")).filter((l) => l.length > 0);
      if (lines.length === now.length && lines.every((l, i) => l === now[i])) continue;
      // The field's value, from its first character to its last: the key line's indent + 2 for the continuation lines.
      const indent = " ".repeat(f.keySpan.start - text.lastIndexOf("\n", f.keySpan.start - 1) - 1 + 2);
      edits.push({ start: f.value.span.start, end: f.value.span.end, text: lines.join(`\n${indent}`) });
    }
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * The units of a text box, one per line with its blanks and line breaks made single spaces,
 * or null when the grammar cannot read the box or its units leave text between them.
 */
function unitLines(value: string): string[] | null {
  if (value.trim() === "") return null;
  const r = parseDcgBox(value);
  if (r.units === null || r.units.length === 0) return null;
  let prev = 0;
  const out: string[] = [];
  for (const u of r.units) {
    if (u.span.start < prev || value.slice(prev, u.span.start).trim() !== "") return null;
    out.push(value.slice(u.span.start, u.span.end).trim().replace(/[ \t\n]+/g, " "));
    prev = u.span.end;
  }
  if (value.slice(prev).trim() !== "") return null;
  return out;
}
