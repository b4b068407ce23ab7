/**
 * The `.dgs` set-file printer: re-prints a whole file in canonical layout.
 *
 * Layout (docs/set-format.md): the header lines (`set`, `ruleset`, `types`), a blank line,
 * then each `card` block with its fields two spaces in, in the order of the format's
 * field list, a blank line between cards. Comment lines stay attached to the header line,
 * card or field that follows them.
 *
 * The printer owns layout, never words: card text, evo-box entries and attack abilities
 * keep every word, number, quoted name and punctuation mark as the designer wrote them
 * (spelling and case included); only the blanks and line breaks between them change
 * ({@link layoutSentences}). Card text is wrapped into continuation lines at sentence
 * boundaries when it is longer than the line width. Rewriting the wording into the
 * canonical spelling is a separate, explicit action (`compiler/print/canonical.ts`,
 * `digiscript canon`).
 *
 * A file the reader reports problems for (an unknown line, a field outside a card, a bad
 * header …) is returned unchanged: those lines have no place in the canonical layout.
 *
 * A DCG set (`ruleset dcg`) is laid out the same way with its own field order, and its text
 * boxes keep their lines (one effect unit per line): only the blanks inside a line change
 * ({@link layoutLines}).
 *
 * Sources: `docs/set-format.md`; `000_012504f4614e5b24.txt`, "Anatomy of Cards" (the field
 * order follows items 2–15), item 14 (text is sentences, the unit of wrapping).
 */
import { lex } from "../../grammar/index.ts";
import { normalizeSource } from "../../grammar/source.ts";
import { layoutDcgUnits } from "./dcg-layout.ts";
import { cardKeysOf, isTextKey, readSetFile, splitAttackLine, writeName, type Ruleset, type SetFileSyntax } from "../../grammar/setfile.ts";

/** Options of {@link printSetFile}. */
export interface SetFilePrintOptions {
  /** Path or label of the file (diagnostics only). */
  file?: string;
  /** Line width for wrapping card text (default 100). */
  width?: number;
}

const FIELD = "  ";
const CONTINUATION = "    ";

/** A comment line: its text, whether it was indented, and whether a blank line came before it. */
interface Comment {
  text: string;
  indented: boolean;
  blankBefore: boolean;
}

/** The comment lines before an entity, and whether a blank line separated them from it. */
interface Comments {
  lines: Comment[];
  blankAfter: boolean;
}

interface ScannedField {
  comments: Comments;
  key: string;
}

interface ScannedCard {
  comments: Comments;
  fields: ScannedField[];
}

interface Scanned {
  header: Map<"set" | "ruleset" | "types", Comments>;
  headerCount: Map<string, number>;
  cards: ScannedCard[];
  trailing: Comment[];
}

/**
 * Walk the lines the way `readSetFile` does, keeping what it drops: comment lines and which
 * entity (header line, card, field) each one precedes.
 */
function scan(source: string, ruleset: Ruleset): Scanned {
  const lines = source.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  const out: Scanned = { header: new Map(), headerCount: new Map(), cards: [], trailing: [] };
  let pending: Comment[] = [];
  let blank = false;
  let card: ScannedCard | null = null;
  const take = (): Comments => {
    const c = { lines: pending, blankAfter: blank && pending.length > 0 };
    pending = [];
    blank = false;
    return c;
  };
  let i = 0;
  while (i < lines.length) {
    const text = lines[i]!;
    i++;
    const trimmed = text.trim();
    if (trimmed === "") {
      blank = true;
      continue;
    }
    const indent = text.length - text.trimStart().length;
    if (trimmed.startsWith("#")) {
      pending.push({ text: trimmed, indented: indent > 0, blankBefore: blank });
      blank = false;
      continue;
    }
    if (indent === 0) {
      const kw = /^(\S+)/.exec(text)![1]!;
      out.headerCount.set(kw, (out.headerCount.get(kw) ?? 0) + 1);
      if (kw === "card") {
        card = { comments: take(), fields: [] };
        out.cards.push(card);
      } else if (kw === "set" || kw === "ruleset" || kw === "types") {
        card = null;
        out.header.set(kw, take());
      }
      continue;
    }
    const fm = /^([+a-z]+)\s*:/.exec(trimmed);
    if (!card || !fm) continue;
    card.fields.push({ comments: take(), key: fm[1]! });
    if (isTextKey(ruleset, fm[1]!)) {
      while (i < lines.length) {
        const nx = lines[i]!;
        const nIndent = nx.length - nx.trimStart().length;
        if (nx.trim() === "" || nIndent <= indent) break;
        i++;
      }
    }
  }
  out.trailing = pending;
  return out;
}

/**
 * Greedy wrap of card-text sentences into the lines of a `text:` field: at most `width`
 * columns with the field's indent (a longer sentence stays whole on its line).
 * @returns the first line's value and the continuation lines' values
 */
export function wrapText(sentences: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const s of sentences) {
    const prefix = lines.length === 0 ? `${FIELD}text: ` : CONTINUATION;
    if (line === "") line = s;
    else if (prefix.length + line.length + 1 + s.length <= width) line += ` ${s}`;
    else {
      lines.push(line);
      line = s;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * The layout of a piece of card text: its tokens exactly as written — every word, number,
 * quoted name and punctuation mark keeps its spelling and case — with each run of blanks
 * and line breaks between two tokens made one space (none where there was none). Text that
 * does not lex (an unexpected character) is returned as it is, with its lines trimmed.
 * @returns the sentences (split after each full stop outside parentheses), for wrapping
 */
export function layoutSentences(text: string): string[] {
  const l = lex(text);
  if (l.diagnostics.length > 0) return text.split("\n").map((x) => x.trim()).filter((x) => x.length > 0);
  // Tokens and "…" elisions (the lexer sets those apart) in text order, as written.
  const pieces = [
    ...l.tokens.map((t) => ({ start: t.startOffset, end: t.startOffset + t.image.length, name: t.tokenType.name })),
    ...l.elisions.map((e) => ({ start: e.start, end: e.end, name: "Ellipsis" })),
  ].sort((x, y) => x.start - y.start);
  const sentences: string[] = [];
  let cur = "";
  let depth = 0;
  let prevEnd = -1;
  for (const p of pieces) {
    if (cur !== "" && p.start > prevEnd) cur += " ";
    cur += text.slice(p.start, p.end);
    prevEnd = p.end;
    if (p.name === "LParen") depth++;
    else if (p.name === "RParen") depth = Math.max(0, depth - 1);
    else if (p.name === "Period" && depth === 0) {
      sentences.push(cur);
      cur = "";
    }
  }
  if (cur !== "") sentences.push(cur);
  return sentences;
}

/**
 * The layout of a DCG text box (docs/set-format.md, "DCG sets": one effect unit per line):
 * its lines as written, each trimmed with every run of blanks made one space; blank lines
 * cannot occur (a blank line ends the field). The words are never touched — DCG text is not
 * read by the DBE lexer, whose tokens are not DCG's.
 */
export function layoutLines(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim().replace(/[ \t]+/g, " "))
    .filter((l) => l.length > 0);
}

/** A one-line value (an evo-box entry, an attack ability) in the layout of {@link layoutSentences}. */
function layoutLine(value: string): string {
  return layoutSentences(value).join(" ");
}

function layoutAttack(value: string): string {
  const { head, ability } = splitAttackLine(value);
  const name = head.replace(/[ \t]+/g, " ");
  return ability === null ? name : `${name} | ${layoutLine(ability)}`;
}

/**
 * Comment lines before a header line or card, keeping one blank line wherever the source
 * had blank lines between them or after them (paragraphs of comments stay paragraphs).
 */
function commentBlock(c: Comments | undefined, indent = ""): string[] {
  if (!c) return [];
  const out: string[] = [];
  c.lines.forEach((l, i) => {
    if (i > 0 && l.blankBefore) out.push("");
    out.push(`${indent}${l.text}`);
  });
  if (c.blankAfter) out.push("");
  return out;
}

function headerLines(syntax: SetFileSyntax, scanned: Scanned): string[] {
  const out: string[] = [];
  const put = (kind: "set" | "ruleset" | "types", line: string) => {
    const c = commentBlock(scanned.header.get(kind));
    // A blank line between header lines only where comments ask for one.
    if (c.length && out.length && scanned.header.get(kind)!.lines[0]!.blankBefore) out.push("");
    out.push(...c, line);
  };
  if (scanned.header.has("set")) put("set", syntax.name ? `set ${syntax.code} ${writeName(syntax.name)}` : `set ${syntax.code}`);
  if (scanned.header.has("ruleset")) put("ruleset", `ruleset ${syntax.ruleset}`);
  if (scanned.header.has("types") && syntax.types) put("types", `types ${syntax.types.join(", ")}`);
  return out;
}

/** The lines of a DBE/DMB field's value: card text wrapped at sentences, evo-box entries and attacks laid out, the rest trimmed. */
function dbeFieldLines(key: string, raw: string, width: number): string[] {
  switch (key) {
    case "text":
      return wrapText(layoutSentences(raw), width);
    case "evo":
      return [layoutLine(raw)];
    case "circle":
    case "triangle":
    case "cross":
      return [layoutAttack(raw)];
    default:
      return [raw.trim()];
  }
}

/** The lines of a DCG field's value: a text box keeps its lines ({@link layoutLines}); the rest is trimmed. */
function dcgFieldLines(key: string, raw: string): string[] {
  return isTextKey("dcg", key) ? layoutLines(raw) : [raw.trim()];
}

/**
 * Re-print a whole `.dgs` file in canonical layout (see the module comment). Never throws
 * and never drops a line: a file the reader cannot place line by line comes back unchanged.
 * @param input the file's text (any line breaks; the output has LF line breaks and no byte-order mark)
 * @returns the canonical text, ending with one newline
 * Source: `docs/set-format.md`; `000_012504f4614e5b24.txt`, Anatomy of Cards items 2–15.
 */
export function printSetFile(input: string, options: SetFilePrintOptions = {}): string {
  const file = options.file ?? "<input>.dgs";
  const width = options.width ?? 100;
  let syntax = readSetFile(file, input);
  if (syntax.diagnostics.length > 0) return input;
  // A DCG set's text boxes: one effect unit per line first (only blanks and line breaks change).
  if (syntax.ruleset === "dcg") {
    const laid = layoutDcgUnits(normalizeSource(input).text);
    if (laid !== syntax.source) syntax = readSetFile(file, laid);
  }
  if (syntax.diagnostics.length > 0) return input;
  // The reader's view of the file (grammar/source.ts): the printer and the reader agree on lines.
  const source = syntax.source;
  const scanned = scan(source, syntax.ruleset);
  for (const kw of ["set", "ruleset", "types"]) if ((scanned.headerCount.get(kw) ?? 0) > 1) return source;
  if (scanned.cards.length !== syntax.cards.length) return source;
  const keys: readonly string[] = cardKeysOf(syntax.ruleset);
  const order = (k: string) => keys.indexOf(k);
  const dcg = syntax.ruleset === "dcg";

  const blocks: string[][] = [];
  const header = headerLines(syntax, scanned);
  if (header.length) blocks.push(header);
  for (let ci = 0; ci < syntax.cards.length; ci++) {
    const block = syntax.cards[ci]!;
    const sc = scanned.cards[ci]!;
    if (sc.fields.length !== block.fields.length) return source;
    const lines: string[] = [...commentBlock(sc.comments), `card ${block.setNumber} ${writeName(block.name)}`];
    const fields = block.fields.map((f, j) => ({ f, comments: sc.fields[j]!.comments, j }));
    fields.sort((a, b) => order(a.f.key) - order(b.f.key) || a.j - b.j);
    for (const { f, comments } of fields) {
      for (const c of comments.lines) lines.push(`${FIELD}${c.text}`);
      const raw = f.value.value;
      const value = dcg ? dcgFieldLines(f.key, raw) : dbeFieldLines(f.key, raw, width);
      const first = value[0] ?? "";
      lines.push(first === "" ? `${FIELD}${f.key}:` : `${FIELD}${f.key}: ${first}`);
      for (const more of value.slice(1)) lines.push(`${CONTINUATION}${more}`);
    }
    blocks.push(lines);
  }
  let out = blocks.map((b) => b.join("\n")).join("\n\n");
  if (scanned.trailing.length) {
    const inCard = (c: Comment) => c.indented && syntax.cards.length > 0;
    const trailing = scanned.trailing.map((c, i) => `${i > 0 && c.blankBefore ? "\n" : ""}${inCard(c) ? FIELD : ""}${c.text}`);
    const glue = out === "" ? "" : inCard(scanned.trailing[0]!) ? "\n" : "\n\n";
    out += glue + trailing.join("\n");
  }
  return out === "" ? "" : `${out}\n`;
}
