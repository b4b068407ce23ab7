/**
 * The `.dgs` set-file printer: re-prints a whole file in canonical layout.
 *
 * Layout (docs/set-format.md): the header lines (`set`, `ruleset`, `types`), a blank line,
 * then each `card` block with its fields two spaces in, in the order of the format's
 * field list, a blank line between cards. Comment lines stay attached to the header line,
 * card or field that follows them. Card text is re-printed in canonical spelling only when
 * it compiles without errors (or warnings, such as an elided "…") and the canonical print
 * reads back to the same IR, and no `# fmt: verbatim` comment stands above the card; otherwise
 * it is kept verbatim, so formatting never loses anything. Attack abilities and evo-box
 * entries are re-printed canonically when they parse and read back the same. Canonical text
 * longer than the line width is wrapped into continuation lines at sentence boundaries.
 *
 * A file the reader reports problems for (an unknown line, a field outside a card, a bad
 * header …) is returned unchanged: those lines have no place in the canonical layout.
 *
 * Sources: `docs/set-format.md`; `000_012504f4614e5b24.txt`, "Anatomy of Cards" (the field
 * order follows items 2–15), item 14 (text is sentences, the unit of wrapping).
 */
import { CARD_KEYS, parseAbility, parseEvo, readSetFile, splitAttackLine, writeName, type SetFileSyntax } from "../../grammar/index.ts";
import { typesOf } from "../check/set.ts";
import { compileText, irKey, printAbility, printEvo, printSentences, type PrintOptions } from "./text.ts";

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
function scan(source: string): Scanned {
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
    if (fm[1] === "text") {
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

/** Greedy wrap of sentences into lines of at most `width` columns (a longer sentence stays whole). */
function wrap(sentences: readonly string[], width: number): string[] {
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

/** The directive that keeps a card's text verbatim under `digiscript fmt`. */
const VERBATIM = /^#\s*fmt:\s*verbatim\b/i;

/** The canonical sentences of a card's text, or null when it must stay verbatim. */
function canonicalText(text: string, types: readonly string[]): string[] | null {
  if (text.trim() === "") return null;
  const first = compileText(text, types);
  // Errors: it does not compile. Warnings too (an elided "…"): the text says something the IR
  // does not hold, and a re-print would drop it.
  if (!first.ok || first.diagnostics.length > 0) return null;
  const opts: PrintOptions = { types };
  const sentences = printSentences(first.effects, opts);
  const printed = sentences.join(" ");
  const again = compileText(printed, types);
  if (!again.ok || irKey(again.effects) !== irKey(first.effects)) return null;
  if (printSentences(again.effects, opts).join(" ") !== printed) return null;
  return sentences;
}

function canonicalEvo(value: string, types: readonly string[]): string {
  const v = value.trim();
  const r = parseEvo(v, types);
  if (!r.value) return v;
  const printed = printEvo(r.value.entry, { types });
  const back = parseEvo(printed, types);
  if (!back.value || JSON.stringify(back.value.entry) !== JSON.stringify(r.value.entry)) return v;
  return printed;
}

function canonicalAttack(value: string, types: readonly string[]): string {
  const { head, ability: abilityText } = splitAttackLine(value);
  if (abilityText === null) return head;
  const r = parseAbility(abilityText);
  let ability = abilityText;
  if (r.value) {
    const printed = printAbility(r.value.ability, { types });
    const back = parseAbility(printed);
    if (back.value && JSON.stringify(back.value.ability) === JSON.stringify(r.value.ability)) ability = printed;
  }
  return `${head} | ${ability}`;
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
  const syntax = readSetFile(file, input);
  if (syntax.diagnostics.length > 0) return input;
  // The reader's view of the file (grammar/source.ts): the printer and the reader agree on lines.
  const source = syntax.source;
  const scanned = scan(source);
  for (const kw of ["set", "ruleset", "types"]) if ((scanned.headerCount.get(kw) ?? 0) > 1) return source;
  if (scanned.cards.length !== syntax.cards.length) return source;
  const types = typesOf(syntax);
  const order = (k: string) => (CARD_KEYS as readonly string[]).indexOf(k);

  const blocks: string[][] = [];
  const header = headerLines(syntax, scanned);
  if (header.length) blocks.push(header);
  for (let ci = 0; ci < syntax.cards.length; ci++) {
    const block = syntax.cards[ci]!;
    const sc = scanned.cards[ci]!;
    if (sc.fields.length !== block.fields.length) return source;
    const lines: string[] = [...commentBlock(sc.comments), `card ${block.setNumber} ${writeName(block.name)}`];
    const fields = block.fields.map((f, j) => ({ f, comments: sc.fields[j]!.comments, j }));
    // "# fmt: verbatim" above a card keeps its text exactly as written (e.g. a quotation).
    const verbatim = sc.comments.lines.some((c) => VERBATIM.test(c.text));
    fields.sort((a, b) => order(a.f.key) - order(b.f.key) || a.j - b.j);
    for (const { f, comments } of fields) {
      for (const c of comments.lines) lines.push(`${FIELD}${c.text}`);
      const raw = f.value.value;
      let value: string[];
      switch (f.key) {
        case "text": {
          const sentences = verbatim ? null : canonicalText(raw, types);
          value = sentences ? wrap(sentences, width) : raw.split("\n").map((l) => l.trim());
          break;
        }
        case "evo":
          value = [canonicalEvo(raw, types)];
          break;
        case "circle":
        case "triangle":
        case "cross":
          value = [canonicalAttack(raw, types)];
          break;
        default:
          value = [raw.trim()];
      }
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
