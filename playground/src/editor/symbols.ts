/**
 * The outline of a set file: one symbol per card block, for the editor's Go to Symbol
 * (Ctrl+Shift+O, or F1 → "Go to Symbol in Editor…"), so a designer jumps to a card of a
 * 300-card set by typing part of its set number or name.
 *
 * The blocks are read by the set-file reader itself (`grammar/setfile.ts` `scanSetFile`): a
 * `card <set number> <name>` line in column 1 starts a block, as the checker reads it
 * (docs/set-format.md), so the outline never lists a line the checker does not take for a
 * card, whatever the ruleset. A header that cannot be read (no name, a bad set number) is not
 * a card and is not listed; its error is in the Problems panel.
 */
import { scanSetFile } from "../../../grammar/setfile.ts";
import { normalizeSource } from "../../../grammar/source.ts";
import { LineMap } from "../../../compiler/check/common.ts";

/** A position in the editor's text: 1-based line and column, as Monaco counts them. */
export interface LinePosition {
  line: number;
  col: number;
}

/** One card block of the outline. */
export interface CardSymbol {
  /** "ST1-01 Agumon": the set number and the name, as the `card` line gives them. */
  name: string;
  /** The card's `kind:` value ("Digimon", "Option" …), or "" when the block has none. */
  detail: string;
  /** The whole block: from `card` to the end of its last field (end exclusive). */
  start: LinePosition;
  end: LinePosition;
  /** The name on the `card` line: where Go to Symbol puts the cursor (end exclusive). */
  nameStart: LinePosition;
  nameEnd: LinePosition;
}

/**
 * The card blocks of a set file's text, in file order.
 * @param text the editor's text (any line breaks; a leading byte-order mark is allowed)
 * @returns one symbol per readable `card` line; empty for a file with none
 * @throws never: a file the reader cannot make sense of has no symbols
 */
export function cardSymbols(text: string): CardSymbol[] {
  const { text: normalized, bom } = normalizeSource(text);
  const lines = new LineMap(normalized);
  // Offsets are into the normalised text; lines are the same as the editor's (each CR LF or
  // lone CR became one LF), and only line 1 moves by a dropped byte-order mark.
  const at = (offset: number): LinePosition => {
    const p = lines.position(offset);
    return p.line === 1 && bom ? { line: 1, col: p.col + 1 } : p;
  };
  const out: CardSymbol[] = [];
  scanSetFile("outline.dgs", normalized, (block) => {
    let detail = "";
    // The block's fields are lent for this call only (scanSetFile): the kind is read now.
    for (const f of block.fields) {
      if (f.key === "kind") {
        detail = f.value.value.trim();
        break;
      }
    }
    out.push({
      name: `${block.setNumber} ${block.name}`,
      detail,
      start: at(block.span.start),
      end: at(block.span.end),
      nameStart: at(block.nameSpan.start),
      nameEnd: at(block.nameSpan.end),
    });
  });
  return out;
}
