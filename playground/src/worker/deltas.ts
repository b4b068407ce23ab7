/**
 * Edits sent as deltas: each keystroke sends the worker the changed ranges of the text (as
 * Monaco's content-change event gives them), not the whole file, so a keystroke in a
 * 300-card file costs the page neither `model.getValue()` nor copying the file into the
 * worker. The worker applies them to its copy when that copy is the text the changes were
 * made to (its version is the change's `from`, and the result has the editor's length);
 * otherwise it asks for the whole text (a resync) and nothing is lost.
 */

/**
 * One change of a text: `length` UTF-16 code units from `offset` (of the text before the
 * change) replaced by `text` — the `rangeOffset`, `rangeLength` and `text` of a Monaco
 * `IModelContentChange`.
 */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

/**
 * The text after a content-change event's changes, or null when they do not fit the text
 * (an offset or length outside it, or a result of another length than `expectedLength`: the
 * worker's copy is not the text the editor changed, and the page must send the whole text).
 *
 * Monaco gives the changes of one event in descending order of offset, each offset in the
 * text before the event, so applying them one after another in the order given is exact
 * (as Monaco's own mirror models do).
 * @param text the text before the event
 * @param changes the event's changes, in the order the event gives them
 * @param expectedLength the editor's text length after the event (`model.getValueLength()`)
 */
export function applyChanges(text: string, changes: readonly TextChange[], expectedLength: number): string | null {
  let out = text;
  for (const c of changes) {
    if (!Number.isInteger(c.offset) || !Number.isInteger(c.length) || c.offset < 0 || c.length < 0 || c.offset + c.length > out.length) return null;
    out = out.slice(0, c.offset) + c.text + out.slice(c.offset + c.length);
  }
  return out.length === expectedLength ? out : null;
}
