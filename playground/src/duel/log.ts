/**
 * The duel log for the page, without the DOM: the game's structured log (`g.log`) as rows
 * with the headers `digiscript duel` prints (`compiler/cli/commands/duel.ts` `formatLog`: a
 * header per turn, a line per phase step), and each log line that names a card's sentence
 * linked to that sentence, so the page can select it in the editor.
 *
 * Log entries are read generically — their wording and data may change: a line is linked
 * to a sentence when its `data` names the card and sentence index (`{card, sentence}`, as the
 * loop event does), or when its text quotes, in double quotes, a sentence of a card of the
 * game (`Dragon Claw: "Boost own Power +300."`); a line whose `data.card` is a card id and
 * that quotes no sentence is linked to the card.
 */
import type { CompiledCard } from "../../../runtime/card.ts";
import type { Game } from "../../../runtime/core/engine.ts";
import type { LogEvent } from "../../../runtime/core/log.ts";
import { phaseStepName } from "../../../runtime/rulesets/dbe/narrate.ts";

/** What a log line points at: a card definition, and one of its sentences when known. */
export interface LogLink {
  /** The card's definition key (set number, or `number/Side`). */
  key: string;
  /** Its printed set number and name. */
  setNumber: string;
  name: string;
  /** The sentence's index in the card's effects, or null for the card as a whole. */
  sentence: number | null;
  /** The sentence as printed (the effect's `text`), or null. */
  text: string | null;
}

/** One row of the log view: a header or an event. */
export type LogRow =
  | { kind: "turn"; text: string }
  | { kind: "step"; text: string }
  | { kind: "event"; event: LogEvent; link: LogLink | null };

/** A sentence of a card definition in the game. */
interface SentenceOf {
  key: string;
  card: CompiledCard;
  index: number;
  text: string;
}

/** Per game: every sentence of every card definition in it, longest first. */
const SENTENCES = new WeakMap<Game, { cards: number; list: SentenceOf[] }>();

function sentencesOf(g: Game): SentenceOf[] {
  const held = SENTENCES.get(g);
  if (held && held.cards === g.state.cards.length) return held.list;
  const seen = new Set<string>();
  const list: SentenceOf[] = [];
  for (const c of g.state.cards) {
    if (seen.has(c.def)) continue;
    seen.add(c.def);
    const card = g.db.get(c.def) as CompiledCard | undefined;
    if (!card) continue;
    card.effects.forEach((e, index) => {
      if (e.text.trim()) list.push({ key: c.def, card, index, text: e.text });
    });
  }
  list.sort((a, b) => b.text.length - a.text.length);
  SENTENCES.set(g, { cards: g.state.cards.length, list });
  return list;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

function linkTo(key: string, card: CompiledCard, index: number | null): LogLink {
  const e = index === null ? undefined : card.effects[index];
  return { key, setNumber: card.stats.setNumber, name: card.stats.name, sentence: e ? index : null, text: e ? e.text : null };
}

/**
 * The card and sentence a log line names, or null.
 * @param g the game the event belongs to (card ids → definitions via `g.state.cards[id].def`)
 */
export function linkOf(g: Game, e: LogEvent): LogLink | null {
  const data = e.data ?? {};
  const id = num(data.card);
  const inst = id !== null ? g.state.cards[id] : undefined;
  const own = inst ? (g.db.get(inst.def) as CompiledCard | undefined) : undefined;
  // 1. The data names the sentence.
  const index = num(data.sentence) ?? num(data.effect);
  if (inst && own && index !== null && own.effects[index]) return linkTo(inst.def, own, index);
  // 2. The text quotes a sentence of a card in the game.
  const text = e.text ?? "";
  if (text.includes('"')) {
    let best: SentenceOf | null = null;
    let bestScore = -1;
    for (const s of sentencesOf(g)) {
      if (best && s.text.length < best.text.length) break; // longest quoted sentence wins
      const at = text.indexOf(`"${s.text}"`);
      if (at < 0) continue;
      // Several cards may share a sentence: prefer the card the data names, then the card
      // named right before the quote ("Dragon Claw: "…""), then one named anywhere.
      const before = text.slice(0, at);
      const name = s.card.stats.name;
      const score = inst && s.key === inst.def ? 3 : new RegExp(`${escapeRegExp(name)}(?::|'s sentence|\\s+triggers:)?\\s*$`).test(before) ? 2 : text.includes(name) ? 1 : 0;
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    if (best) return linkTo(best.key, best.card, best.index);
  }
  // 3. The data names a card.
  if (inst && own) return linkTo(inst.def, own, null);
  return null;
}

/** A string as a literal part of a regular expression. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Turns the log into rows as it grows: call {@link LogFormatter.rows} with the log; it
 * returns only the rows of events not seen yet (headers included), in order.
 */
export class LogFormatter {
  private seen = 0;
  private turn = -1;
  private section = "";

  /**
   * The rows of the events after those already formatted.
   * @param g the game (for links); `log` its log (default `g.log`)
   */
  rows(g: Game, log: readonly LogEvent[] = g.log): LogRow[] {
    const out: LogRow[] = [];
    for (; this.seen < log.length; this.seen++) {
      const e = log[this.seen]!;
      if (e.kind === "gameEnd") {
        out.push({ kind: "turn", text: "The game ends" });
        out.push({ kind: "event", event: e, link: null });
        continue;
      }
      if (e.turn !== this.turn) {
        this.turn = e.turn;
        this.section = "";
        if (e.kind === "turn") {
          out.push({ kind: "turn", text: e.text.replace(/ is the turn player$/, "") });
          continue;
        }
        out.push({ kind: "turn", text: e.turn === 0 ? "Pre-Game Setup" : `Turn ${e.turn}` });
      }
      if (e.kind === "turn") continue;
      // A battle event belongs to the Battle Phase step it reports (as `formatLog`).
      const step = e.kind.startsWith("battle.") && typeof e.data?.step === "number" ? String(e.data.step) : e.step;
      const here = e.phase === "setup" ? "" : phaseStepName(e.phase, step);
      if (here && here !== this.section) out.push({ kind: "step", text: here });
      this.section = here || this.section;
      out.push({ kind: "event", event: e, link: linkOf(g, e) });
    }
    return out;
  }
}

/** A range in a file, 1-based lines and columns, end exclusive (as `worker/protocol.ts` `FileRange`). */
export interface TextRange {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/**
 * Where a sentence is written inside a card block of a `.dgs` file: searched from the
 * block's `text:` field (then in the whole block), with any run of white space in the
 * sentence matching any run in the file (text wrapped into continuation lines).
 * @param fileText the file's text
 * @param block the card block's range (from the worker's `CardView.range`)
 * @param sentence the sentence as printed (an effect's `text`)
 * @returns the sentence's range, or null when it is not in the block
 */
export function locateSentence(fileText: string, block: TextRange, sentence: string): TextRange | null {
  const words = sentence.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const lines = fileText.split(/\r\n|\r|\n/);
  const first = Math.max(1, block.line);
  const last = Math.min(lines.length, Math.max(first, block.endLine));
  const starts: number[] = [];
  let joined = "";
  for (let l = first; l <= last; l++) {
    starts.push(joined.length);
    joined += lines[l - 1]! + "\n";
  }
  const re = new RegExp(words.map(escapeRegExp).join("\\s+"), "g");
  const textField = /^[ \t]*text:/m.exec(joined);
  re.lastIndex = textField ? textField.index : 0;
  let m = re.exec(joined);
  if (!m && textField) {
    re.lastIndex = 0;
    m = re.exec(joined);
  }
  if (!m) return null;
  const at = (offset: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1]! <= offset) k++;
    return { line: first + k, col: offset - starts[k]! + 1 };
  };
  const a = at(m.index);
  const b = at(m.index + m[0].length);
  return { line: a.line, col: a.col, endLine: b.line, endCol: b.col };
}

/**
 * The source text of a card block (its lines, joined with "\n"), e.g. to copy a designer's
 * card into an exported test.
 */
export function blockText(fileText: string, block: TextRange): string {
  const lines = fileText.split(/\r\n|\r|\n/);
  return lines.slice(Math.max(0, block.line - 1), Math.min(lines.length, block.endLine)).join("\n");
}
