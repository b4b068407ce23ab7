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
 *
 * DCG games (`g.ruleset.id === "dcg"`) read the same way: a DCG card's sentences are the effect
 * units of its three boxes (effect, inherited, security: `runtime/lang/dcg/card.ts`), in that
 * order; a line that names the card (`data.card`) and quotes the start of one of its units
 * ("P1 DSX-004 Tidewing: [On Play] Return 1 of … activates" — the runtime shortens long units
 * with "…") is linked to that unit; headers name the DCG phases as `digiscript duel --ruleset
 * dcg` prints them (`compiler/cli/dcg.ts` `formatDcgLog`; `dcg-board.ts` `dcgPhaseName`).
 */
import type { Game } from "../../../runtime/core/engine.ts";
import type { LogEvent } from "../../../runtime/core/log.ts";
import { phaseStepName } from "../../../runtime/rulesets/dbe/narrate.ts";
import { DCG_SETUP_NAME, dcgPhaseName } from "./dcg-board.ts";

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

/**
 * What the log reads of a card definition, whatever its ruleset: the printed number and name,
 * and its sentences as printed — a DBE/DMB card's effects, a DCG card's effect units of the
 * effect, inherited and security boxes in that order.
 */
export interface CardSentences {
  /** The set number (DBE, DMB) or card number (DCG). */
  setNumber: string;
  name: string;
  sentences: string[];
}

const READ = new WeakMap<object, CardSentences | null>();

/** The number, name and sentences of a card definition of any ruleset (null for something else). Cached per definition. */
export function cardSentences(card: unknown): CardSentences | null {
  if (typeof card !== "object" || card === null) return null;
  if (READ.has(card)) return READ.get(card)!;
  const c = card as { stats?: { setNumber?: unknown; number?: unknown; name?: unknown }; effects?: unknown };
  let out: CardSentences | null = null;
  const st = c.stats;
  const number = typeof st?.setNumber === "string" ? st.setNumber : typeof st?.number === "string" ? st.number : null;
  if (st && number !== null && typeof st.name === "string") {
    const fx = c.effects;
    const units: { text?: unknown }[] = Array.isArray(fx) ? fx : fx && typeof fx === "object" ? ["effect", "inherited", "security"].flatMap((b) => ((fx as Record<string, unknown>)[b] as { text?: unknown }[] | undefined) ?? []) : [];
    out = { setNumber: number, name: st.name, sentences: units.map((u) => (typeof u.text === "string" ? u.text : "")) };
  }
  READ.set(card, out);
  return out;
}

/** A sentence of a card definition in the game. */
interface SentenceOf {
  key: string;
  card: CardSentences;
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
    const card = cardSentences(g.db.get(c.def));
    if (!card) continue;
    card.sentences.forEach((text, index) => {
      if (text.trim()) list.push({ key: c.def, card, index, text });
    });
  }
  list.sort((a, b) => b.text.length - a.text.length);
  SENTENCES.set(g, { cards: g.state.cards.length, list });
  return list;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

function linkTo(key: string, card: CardSentences, index: number | null): LogLink {
  const text = index === null ? undefined : card.sentences[index];
  return { key, setNumber: card.setNumber, name: card.name, sentence: text !== undefined ? index : null, text: text ?? null };
}

/** The shortest start of a sentence that counts as quoting it (a DCG log line shortens long units with "…"). */
const QUOTED_START = 24;

/**
 * The card and sentence a log line names, or null.
 * @param g the game the event belongs to (card ids → definitions via `g.state.cards[id].def`)
 */
export function linkOf(g: Game, e: LogEvent): LogLink | null {
  const data = e.data ?? {};
  const id = num(data.card);
  const inst = id !== null ? g.state.cards[id] : undefined;
  const own = inst ? cardSentences(g.db.get(inst.def)) : null;
  // 1. The data names the sentence.
  const index = num(data.sentence) ?? num(data.effect);
  if (inst && own && index !== null && own.sentences[index] !== undefined) return linkTo(inst.def, own, index);
  const text = e.text ?? "";
  // 1b. The line names the card and quotes the start of one of its sentences, shortened
  // with "…" (DCG: "P1 DSX-004 Tidewing: [On Play] Return 1 of … t… activates").
  if (inst && own) {
    const cut = text.indexOf("…");
    const colon = text.indexOf(`${own.name}: `);
    if (colon >= 0) {
      const from = colon + own.name.length + 2;
      const quoted = (cut > from ? text.slice(from, cut) : text.slice(from)).trimEnd();
      let best = -1;
      own.sentences.forEach((t, i) => {
        if (quoted.length >= Math.min(QUOTED_START, t.length) && (t.startsWith(quoted) || quoted.startsWith(t)) && (best < 0 || t.length > own.sentences[best]!.length)) best = i;
      });
      if (best >= 0) return linkTo(inst.def, own, best);
    }
  }
  // 2. The text quotes a sentence of a card in the game.
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
      const name = s.card.name;
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
    const dcg = g.ruleset.id === "dcg";
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
          out.push({ kind: "turn", text: e.text.replace(/ is the turn player$/, "").replace(/ is the turn player;/, ",") });
          continue;
        }
        out.push({ kind: "turn", text: e.turn === 0 ? (dcg ? DCG_SETUP_NAME : "Pre-Game Setup") : `Turn ${e.turn}` });
      }
      if (e.kind === "turn") continue;
      // A battle event belongs to the Battle Phase step it reports (as `formatLog`).
      const step = e.kind.startsWith("battle.") && typeof e.data?.step === "number" ? String(e.data.step) : e.step;
      const here = e.phase === "setup" || (dcg && e.phase === "") ? "" : dcg ? dcgPhaseName(e.phase, step) : phaseStepName(e.phase, step);
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
