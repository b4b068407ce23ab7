/**
 * The grammar benchmark (part of `npm run bench`): speed as ratios measured in one process,
 * in alternating rounds, median of the per-round ratios — the machine's minute-to-minute
 * swings (up to ×1.9) hit both sides of a ratio alike and cancel out.
 *
 * - (f) **card-text lex + parse against a chevrotain JSON grammar** (`bench/json-grammar.ts`)
 *   on the same number of characters: time(card texts) / time(JSON document of as many
 *   characters). Target ≤ ×3. Per token too, for reference.
 * - (g) **full check against bare lex + parse**: `checkSources` on the set against `lex()` +
 *   the parser's start rule on every card text, evo-box entry and attack ability of the same
 *   set. Target ≤ ×1.4.
 * Times are CPU times of this process (`process.cpuUsage`), garbage collection included.
 */
import { checkSources } from "../compiler/check/set.ts";
import { lex, parser, readSetFile, splitAttackLine } from "../grammar/index.ts";
import type { CardTextParser } from "../grammar/parser.ts";
import { JsonParser, jsonDocument, jsonLexer } from "./json-grammar.ts";

/** The results of {@link grammarBench}. */
export interface GrammarBench {
  rounds: number;
  /** Characters of card text (and of the JSON document) per round. */
  chars: number;
  cardTokens: number;
  jsonTokens: number;
  /** (f) time(card text) / time(JSON) at equal characters: median, and every round's. */
  cardVsJson: number;
  cardVsJsonRounds: number[];
  /** (f) the same per token: µs per card-text token / µs per JSON token. */
  cardVsJsonPerToken: number;
  usPerCardToken: number;
  usPerJsonToken: number;
  /** (g) time(checkSources) / time(bare lex + parse of the same texts): median and rounds. */
  checkVsParse: number;
  checkVsParseRounds: number[];
  targets: { cardVsJson: number; checkVsParse: number };
  pass: { cardVsJson: boolean; checkVsParse: boolean };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** CPU milliseconds `f` takes. */
function cpuMs(f: () => void): number {
  const a = process.cpuUsage();
  f();
  const d = process.cpuUsage(a);
  return (d.user + d.system) / 1000;
}

/** What a set file holds for the grammar: its card texts, evo-box entries and attack abilities. */
export interface SetPieces {
  texts: string[];
  evos: string[];
  abilities: string[];
}

/** The card texts, evo-box entries and attack abilities of a set file's text (what the checker parses). */
export function pieces(setText: string): SetPieces {
  const syn = readSetFile("bench.dgs", setText);
  const texts: string[] = [];
  const evos: string[] = [];
  const abilities: string[] = [];
  for (const c of syn.cards)
    for (const f of c.fields) {
      if (f.key === "text") texts.push(f.value.value);
      else if (f.key === "evo") evos.push(f.value.value);
      else if (f.key === "circle" || f.key === "triangle" || f.key === "cross") {
        const a = splitAttackLine(f.value.value).ability;
        if (a !== null) abilities.push(a);
      }
    }
  return { texts, evos, abilities };
}

/**
 * Bare lex + parse of everything the checker parses, the denominator of (g): `lex()` and the
 * parser's entry rule for each card text, evo-box entry and attack ability.
 */
export function bareParse(p: CardTextParser, { texts, evos, abilities }: SetPieces): void {
  for (const t of texts) {
    p.input = lex(t).tokens;
    p.text();
  }
  for (const e of evos) {
    p.input = lex(e).tokens;
    p.evoEntry();
  }
  for (const a of abilities) {
    p.input = lex(a).tokens;
    p.abilityEntry();
  }
}

/**
 * Measure (f) and (g) on a set file's text.
 * @param setText a `.dgs` set (the benchmark's replicated corpus)
 * @param rounds alternating rounds (≥ 15 for the report)
 */
export function grammarBench(setText: string, rounds: number): GrammarBench {
  const set = pieces(setText);
  const { texts } = set;
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const doc = jsonDocument(chars);
  const p = parser();
  const json = new JsonParser();
  let cardTokens = 0;
  let jsonTokens = 0;

  const parseCards = () => {
    let n = 0;
    for (const t of texts) {
      const l = lex(t);
      n += l.tokens.length;
      p.input = l.tokens;
      p.text();
    }
    cardTokens = n;
  };
  const parseJson = () => {
    const l = jsonLexer.tokenize(doc);
    jsonTokens = l.tokens.length;
    json.input = l.tokens;
    json.json();
  };
  // Bare lex + parse of everything the checker parses (abilities through the same entry).
  const bare = () => bareParse(p, set);
  const check = () => void checkSources([{ file: "bench.dgs", text: setText }]);

  // Warm-up: the JIT's steady state on both sides.
  for (let i = 0; i < 3; i++) {
    parseCards();
    parseJson();
    bare();
    check();
  }
  const f: number[] = [];
  const g: number[] = [];
  let cardMs = 0;
  let jsonMs = 0;
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first, so neither always runs right after a GC of the other.
    if (r % 2 === 0) {
      const a = cpuMs(parseCards);
      const b = cpuMs(parseJson);
      f.push(a / b);
      cardMs += a;
      jsonMs += b;
      const c = cpuMs(check);
      const d = cpuMs(bare);
      g.push(c / d);
    } else {
      const b = cpuMs(parseJson);
      const a = cpuMs(parseCards);
      f.push(a / b);
      cardMs += a;
      jsonMs += b;
      const d = cpuMs(bare);
      const c = cpuMs(check);
      g.push(c / d);
    }
  }
  const usPerCardToken = (cardMs * 1000) / rounds / cardTokens;
  const usPerJsonToken = (jsonMs * 1000) / rounds / jsonTokens;
  const targets = { cardVsJson: 3, checkVsParse: 1.4 };
  const cardVsJson = median(f);
  const checkVsParse = median(g);
  return {
    rounds,
    chars,
    cardTokens,
    jsonTokens,
    cardVsJson,
    cardVsJsonRounds: f,
    cardVsJsonPerToken: usPerCardToken / usPerJsonToken,
    usPerCardToken,
    usPerJsonToken,
    checkVsParse,
    checkVsParseRounds: g,
    targets,
    pass: { cardVsJson: cardVsJson <= targets.cardVsJson, checkVsParse: checkVsParse <= targets.checkVsParse },
  };
}
