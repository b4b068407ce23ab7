/**
 * The DCG playable-corpus measure (issue 14: "≥ 90% of the DCG corpus cards that compile are
 * playable"): every card of `../shared/data/dcg/cards.json` (test input outside the project,
 * read at run time, never copied) is compiled box by box with `compileDcgText` after the same
 * light normalisation as the corpus scripts (HTML escapes, `card_name` → `name`, curly quotes
 * and a few typos of the dump), and the cards whose every box compiles are checked with the
 * runtime's `dcgUnsupported`. Prints the rate and the constructs that keep most cards out.
 *
 * Run: `node_modules/.bin/node bench/dcg-playable.ts [--list]` (`--list` prints every refused card).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileDcgText } from "../compiler/check/dcg/text.ts";
import { dcgCardFromJson, type DcgJsonCard } from "../runtime/rulesets/dcg/cards-json.ts";
import type { DcgCard } from "../runtime/rulesets/dcg/model.ts";
import { dcgUnsupported } from "../runtime/rulesets/dcg/effects/supported.ts";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
/** Where the DCG dump lives (beside the project). */
export const DCG_JSON = resolve(ROOT, "../shared/data/dcg/cards.json");

/** Typos of the dump fixed before compiling . */
const FIXES: [RegExp, string][] = [
  [/has has/g, "has"],
  [/You may may/g, "You may"],
  [/in its name in its name/g, "in its name"],
  [/or less\. less\./g, "or less."],
  [/digivolvedthis/g, "digivolved this"],
  [/traitsfrom/g, "traits from"],
  [/2-colur/g, "2-color"],
  [/colurs/g, "colors"],
  [/this cards \[/g, "this card's ["],
  [/until of the end your/g, "until the end of your"],
  [/By trash 1/g, "By trashing 1"],
  [/\[LoaderLiomon \]/g, "[LoaderLiomon]"],
  [/trigger, </g, "trigger <"],
  [/Security Effect \[Security\]/g, "[Security]"],
  [/Digimon <Piercing>/g, "Digimon. <Piercing>"],
  [/added security stacks/g, "added to security stacks"],
  [/\[X Antibody\] in this Digimon/g, "[X Antibody] is in this Digimon"],
];

/** The light normalisation of a text box of the dump. */
export function normaliseDcgText(t: string): string {
  t = t
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#91;/g, "[")
    .replace(/&amp;/g, "&")
    .replace(/card_name/g, "name")
    .replace(/opponents Digimon/g, "opponent's Digimon")
    .replace(/[’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/ ([.,])/g, "$1")
    .replace(/\.\[/g, ". [")
    .replace(/\)\.\[/g, "). [");
  for (const [a, b] of FIXES) t = t.replace(a, b);
  return t;
}

/** One card of the dump compiled: the card (its boxes' effects compiled), or why it did not compile. */
export interface CompiledDcg {
  id: string;
  card: DcgCard | null;
  error: string | null;
}

/**
 * Compile every card of the dump with text (stats from `cards-json.ts`, effects from the text).
 * @param data the parsed `cards.json`
 */
export function compileDcgDump(data: DcgJsonCard[]): CompiledDcg[] {
  const out: CompiledDcg[] = [];
  for (const j of data) {
    const base = dcgCardFromJson(j);
    const boxes = { effect: j.effect ?? "", inherited: j.inherited_effect ?? "", security: j.security_effect ?? "" };
    if (!boxes.effect.trim() && !boxes.inherited.trim() && !boxes.security.trim()) continue;
    if (!base) {
      out.push({ id: j.id, card: null, error: "no card type" });
      continue;
    }
    const text = { effect: normaliseDcgText(boxes.effect), inherited: normaliseDcgText(boxes.inherited), security: normaliseDcgText(boxes.security) };
    const effects: DcgCard["effects"] = { effect: [], inherited: [], security: [] };
    let error: string | null = null;
    for (const box of ["effect", "inherited", "security"] as const) {
      const r = compileDcgText(text[box], box);
      const e = r.diagnostics.find((d) => d.severity === "error");
      if (e) {
        error = `${box}: ${e.message}`;
        break;
      }
      effects[box] = r.effects;
    }
    out.push({ id: j.id, card: error ? null : { stats: base.stats, text, effects }, error });
  }
  return out;
}

/** The measure: cards that compile, those playable, and the constructs refused with their card counts. */
export function dcgPlayable(data: DcgJsonCard[]): { compiled: number; playable: number; total: number; constructs: [string, string[]][]; refused: [string, string[]][] } {
  const all = compileDcgDump(data);
  const ok = all.filter((c) => c.card !== null);
  const constructs = new Map<string, string[]>();
  const refused: [string, string[]][] = [];
  let playable = 0;
  for (const c of ok) {
    const u = dcgUnsupported(c.card!);
    if (u.length === 0) playable++;
    else refused.push([c.id, u]);
    for (const x of u) (constructs.get(x) ?? constructs.set(x, []).get(x)!).push(c.id);
  }
  return { compiled: ok.length, playable, total: all.length, constructs: [...constructs].sort((a, b) => b[1].length - a[1].length), refused };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(DCG_JSON)) {
    console.log(`DCG playable corpus: not measured (${DCG_JSON} is absent)`);
    process.exit(0);
  }
  const r = dcgPlayable(JSON.parse(readFileSync(DCG_JSON, "utf8")) as DcgJsonCard[]);
  console.log(`DCG cards with text: ${r.total}; compile: ${r.compiled}; playable (dcgUnsupported empty): ${r.playable} = ${((100 * r.playable) / Math.max(1, r.compiled)).toFixed(1)}% of those that compile`);
  console.log("Top unsupported constructs (cards):");
  for (const [k, v] of r.constructs.slice(0, 30)) console.log(`  ${String(v.length).padStart(4)}  ${k}  (${v.slice(0, 4).join(", ")}${v.length > 4 ? ", …" : ""})`);
  if (process.argv.includes("--list")) for (const [id, u] of r.refused) console.log(`${id}: ${u.join("; ")}`);
}
