/**
 * Generates the language documentation (`npm run docs`):
 * - `docs/grammar-diagrams.html`: chevrotain railroad diagrams of the card-text grammar
 *   ({@link diagramsHtml});
 * - `docs/language.md`: the language reference, generated from the construct catalogue
 *   (grammar/constructs.ts) and the keyword table (grammar/tokens.ts) ({@link languageMarkdown}).
 *
 * Importing this module writes nothing; files are written only when it runs as a script.
 * tests/docs.test.ts regenerates the markdown in memory and compares it with the committed
 * file, so the document cannot go stale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createSyntaxDiagramsCode } from "chevrotain";
import { CONSTRUCTS, SPELLINGS, type Construct } from "../grammar/constructs.ts";
import { KEYWORDS } from "../grammar/tokens.ts";
import { lex, parseAbility, parseEvo, parser } from "../grammar/index.ts";
import { compileText, printAbility, printEffects, printEvo } from "../compiler/print/text.ts";
import { checkSources } from "../compiler/check/set.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOCS = join(ROOT, "docs");
const DIAGRAMS_DIR = join(ROOT, "node_modules", "chevrotain", "diagrams");
const DIAGRAM_FILES = ["vendor/railroad-diagrams.js", "src/diagrams_builder.js", "src/diagrams_behavior.js", "src/main.js", "diagrams.css"];

/** The folder of chevrotain's diagram scripts relative to docs/ ("../node_modules/chevrotain/diagrams/"), or null when missing. */
export function localDiagramResources(): string | null {
  if (!DIAGRAM_FILES.every((f) => existsSync(join(DIAGRAMS_DIR, f)))) return null;
  return relative(DOCS, DIAGRAMS_DIR).split(sep).join("/") + "/";
}

/** The railroad-diagram page of the grammar (scripts from node_modules when installed, else chevrotain's CDN default). */
export function diagramsHtml(): string {
  const base = localDiagramResources();
  const grammar = parser().getSerializedGastProductions();
  return base ? createSyntaxDiagramsCode(grammar, { resourceBase: base, css: `${base}diagrams.css` }) : createSyntaxDiagramsCode(grammar);
}

const GROUPS: { group: Construct["group"]; title: string; intro: string }[] = [
  {
    group: "structure",
    title: "Structure of text",
    intro: "How sentences, costs, conditions and permanent effects are put together.",
  },
  {
    group: "timing",
    title: "Timings",
    intro: "When an effect applies: card timings, phase labels, triggers and Turbo.",
  },
  {
    group: "verb",
    title: "Verbs",
    intro: "The actions an effect performs.",
  },
  {
    group: "ability",
    title: "Attack abilities",
    intro: "Written after `|` on an attack line (`cross: Stun Bubble 110 | Jamming`) and parsed by `parseAbility`.",
  },
  {
    group: "operand",
    title: "Operands",
    intro: "What verbs and conditions refer to: players, types, levels, attacks, stats, names.",
  },
  {
    group: "evo",
    title: "Evo-box entries",
    intro: "One per `evo:` line of a card block, parsed by `parseEvo`.",
  },
  {
    group: "dmb",
    title: "DMB vocabulary (`ruleset dmb` sets)",
    intro: [
      "Words the DMB rules (`003_7a740b8ec9103d40.txt`) define and the DBE rules do not. They compile in a set",
      "whose file says `ruleset dmb`; a DBE set (`ruleset dbe`, or no `ruleset` line) gets an `other-ruleset`",
      "error at the words, naming the ruleset that has them and what a DBE card writes instead.",
      "",
      "- `(Also Jungle.)`: the card is permanently also a Jungle Digimon, in every zone: evolution, filters,",
      "  `x3 VS` and DNA materials see the type; `If own primary type is …` does not (it is not the printed type).",
      "- `DP +10: Agumon`: a positive `DP` entry is a DP bonus, the same as `Own DP +10: Agumon`, gained",
      "  after evolving and kept while the card is active (End Phase 3.4); a negative one stays DBE's discount.",
      "- `Put any Digimon from own deck into DP.`: the player picks one Digimon with +P from the deck,",
      "  reveals it (FAQ \"Cherrypicking Rules\"), puts it into DP and shuffles; with none the effect misfires",
      "  and the deck is still shuffled.",
      "- The marking `Partner Option` in a `kind:` line (`kind: Option Partner Option`) is DMB's name for the",
      "  \"P\" marking, `Proxy` (003 Glossary \"Partner Option\"; 000 Glossary \"Proxy\"). `P` and `Proxy` are",
      "  accepted by both rulesets.",
    ].join("\n"),
  },
];

/** A table cell holding code: backticks (doubled when the text has one), `|` escaped. */
function codeCell(s: string): string {
  const t = s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
  return t.includes("`") ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** A plain table cell: `|` escaped, `<` `>` as entities (so `<attack>` is not read as HTML). */
function cell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r?\n/g, " ");
}

const RULES_DOC = "000_012504f4614e5b24.txt";

/** The rules section, without the rules document's name when it is the DBE rules (the default). */
function sourceCell(s: string): string {
  return cell(s.startsWith(`${RULES_DOC}, `) ? s.slice(RULES_DOC.length + 2) : s);
}

/** Keyword spellings grouped by token type, in grammar/tokens.ts order: the `kw("Name", ...spellings)` lines. */
export function keywordSpellings(): { name: string; spellings: string[] }[] {
  const byName = new Map<string, string[]>();
  for (const [spelling, type] of KEYWORDS) {
    const list = byName.get(type.name) ?? [];
    list.push(spelling);
    byName.set(type.name, list);
  }
  return [...byName].map(([name, spellings]) => ({ name, spellings }));
}

/**
 * The canonical spellings of each keyword: the spellings the canonical printer
 * (compiler/print/text.ts) writes when it prints the construct examples' and the bundled
 * cards' IR, most used first ("Lower" for a negative Power or HP change, "gain" in "gain 1st Attack", "x" for
 * Times, "1st" for First). A keyword the printer never writes for an example keeps its
 * name. So the table is the printer's behaviour, not a list kept by hand.
 */
function canonicalSpellings(): Map<string, string[]> {
  const counts = new Map<string, Map<string, { image: string; n: number }>>();
  for (const printed of [...CONSTRUCTS.map(printedExample), ...printedBundledTexts()]) {
    if (printed === null) continue;
    for (const t of lex(printed).tokens) {
      const name = t.tokenType.name;
      const key = t.image.toLowerCase();
      if (!KEYWORDS.has(key) || KEYWORDS.get(key)!.name !== name) continue;
      const m = counts.get(name) ?? new Map<string, { image: string; n: number }>();
      const e = m.get(key) ?? { image: t.image, n: 0 };
      e.n++;
      m.set(key, e);
      counts.set(name, m);
    }
  }
  const out = new Map<string, string[]>();
  for (const { name } of keywordSpellings()) {
    const m = counts.get(name);
    out.set(name, m ? [...m.values()].sort((x, y) => y.n - x.n || (x.image < y.image ? -1 : 1)).map((e) => e.image) : [name]);
  }
  return out;
}

/** The texts of the bundled cards (cards/**\/*.dgs) as the canonical printer prints them. */
function printedBundledTexts(): string[] {
  const dir = join(ROOT, "cards");
  const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
  const sets = checkSources(files.map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") })));
  return sets.flatMap((s) => s.cards.filter((c) => c.ok && c.effects.length > 0).map((c) => printEffects(c.effects)));
}

/** A construct example printed by the canonical printer, or null when it does not compile (in a set of its ruleset). */
function printedExample(c: Construct): string | null {
  if (c.entry === "text") {
    const r = compileText(c.example, undefined, c.ruleset);
    return r.ok ? printEffects(r.effects) : null;
  }
  if (c.entry === "evo") {
    const r = parseEvo(c.example);
    return r.value ? printEvo(r.value.entry) : null;
  }
  const r = parseAbility(c.example);
  return r.value ? printAbility(r.value.ability) : null;
}

/** The text of docs/language.md. */
export function languageMarkdown(): string {
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines);
  push(
    "<!-- Generated by `npm run docs` (scripts/gen-diagrams.ts) from grammar/constructs.ts and grammar/tokens.ts. Do not edit: edit those files and regenerate. -->",
    "",
    "# The DigiScript card-text language",
    "",
    "**Card text is source code.** The text printed on a card, such as",
    "`If opponent's type is Dragon or Metal, Boost own Power +200.`, is what a `.dgs` file holds",
    "in its `text:` field (docs/set-format.md). The compiler parses it with a grammar of the game's own",
    "wording and compiles it into effects; there is no second, hidden program behind the text.",
    "",
    "- **A sentence is an effect.** Text is read left to right, top to bottom, one sentence (up to a",
    "  full stop outside parentheses) at a time, and each sentence is one effect (Anatomy of Cards",
    "  item 14). An error in one sentence is reported on its own, and not again as the errors that only",
    "  follow from it (an `If not, …` right after a sentence that could not be read is not also reported",
    "  as having no `If`); a card with any error is not compiled. A timing label belongs to the sentence it",
    "  opens: `When evolving, Draw 1.` is one sentence, and generated code and the duel log quote it whole.",
    "- **Costs are conditions met, not paid.** The part of a sentence before a colon is a cost: an",
    "  action the player takes to meet a condition at the moment of activation. If it is not met in",
    "  full, the effect after the colon misfires (FAQ \"Costs vs Effects\"). A timing before a colon",
    "  (`Any Phase:`) is a cost with nothing to do.",
    "- **Parenthesised text is permanent.** `(…)` holds permanent effects, which are never voided",
    "  (Glossary \"(Parenthesis text)\").",
    "- **Canonical spelling.** Keywords are case-insensitive and several spellings are accepted for",
    "  one word (see [Accepted alternative spellings](#accepted-alternative-spellings)). The examples",
    "  below are written in canonical spelling, which is the spelling the canonical printer writes,",
    "  except seven that keep the rules' own wording (the shorthands `Support:`, Alias, Ⓞ and the",
    "  letters T and C; two quotations of the rules): `digiscript canon` prints those in canonical",
    "  spelling (tests/docs-canonical.test.ts lists each). `fmt` never changes the spelling a",
    "  designer chose, and `digiscript canon` rewrites it on request.",
    "",
    "Each table lists a construct, one example of it in canonical spelling, and the section of the",
    "DBE rules document (`000_012504f4614e5b24.txt`, unless another source is named) it implements.",
    "A parse error names the nearest of these constructs as a hint.",
    "",
    "The grammar itself is drawn as railroad diagrams in [grammar-diagrams.html](grammar-diagrams.html)",
  );
  const base = localDiagramResources();
  if (base) {
    push(`(its scripts and stylesheet load from \`${base}\`, so open it from a checkout with \`node_modules\` installed).`);
  } else {
    push("(its scripts and stylesheet load from chevrotain's CDN, unpkg.com, because `node_modules/chevrotain/diagrams` was not", "found when it was generated; open it online).");
  }
  push("");
  for (const g of GROUPS) {
    const cs = CONSTRUCTS.filter((c) => c.group === g.group);
    if (cs.length === 0) continue;
    push(`## ${g.title}`, "", g.intro, "", "| Construct | Example | Rules section |", "| --- | --- | --- |");
    for (const c of cs) push(`| ${cell(c.name)} | ${codeCell(c.example)} | ${sourceCell(c.source)} |`);
    push("");
  }
  push(
    "## The rules' shorthand",
    "",
    "Wordings of the rules that read as another spelling of a construct: each compiles to the same",
    "effect as its canonical spelling, which is what the canonical printer writes. Both DBE and DMB",
    "sets accept them.",
    "",
    "| Wording | Reads as | Rules section |",
    "| --- | --- | --- |",
  );
  for (const sp of SPELLINGS) push(`| ${codeCell(sp.example)} | ${codeCell(sp.canonical)} | ${sourceCell(sp.source)} |`);
  push("");
  const others = CONSTRUCTS.filter((c) => !GROUPS.some((g) => g.group === c.group));
  if (others.length > 0) {
    push("## Other constructs", "", "| Construct | Example | Rules section |", "| --- | --- | --- |");
    for (const c of others) push(`| ${cell(c.name)} | ${codeCell(c.example)} | ${sourceCell(c.source)} |`);
    push("");
  }

  push(
    "## Accepted alternative spellings",
    "",
    "Keywords are matched case-insensitively, and each keyword accepts the spellings below",
    "(one `kw(\"Name\", ...spellings)` line of grammar/tokens.ts each). All spellings of a keyword",
    "read as the same word; **the canonical spelling is the one printed**: the spellings the",
    "canonical printer (`digiscript canon`) writes when it prints the construct examples and the",
    "bundled cards, most used first; a verb may be printed in several forms (`Discard`, `discards`).",
    "`fmt` keeps whatever spelling the designer chose.",
    "Keywords with no alternative spelling are left out.",
    "",
    "| Keyword | Canonical | Also accepted |",
    "| --- | --- | --- |",
  );
  const canonical = canonicalSpellings();
  for (const { name, spellings } of keywordSpellings()) {
    const canon = canonical.get(name)!;
    const lower = new Set(canon.map((c) => c.toLowerCase()));
    const alts = spellings.filter((s) => !lower.has(s));
    if (alts.length === 0) continue;
    push(`| ${name} | ${canon.map(codeCell).join(", ")} | ${alts.map(codeCell).join(", ")} |`);
  }
  push(
    "",
    "A possessive `'s` (or `’s`) is split off a word (`opponent's` reads as `opponent` `'s`), and a",
    "multiplier is split into `x` and its number (`x100`, `x3 VS`).",
    "",
    "## Symbols",
    "",
    "| Symbol | Reads as | Rules section |",
    "| --- | --- | --- |",
    "| `Ⓞ` | opponent: `Ⓞ discards 1.` is `Opponent discards 1.` | Glossary \"symbol – Means opponent\" |",
    "| `○` (also `◯`) | the Circle attack | Anatomy of Cards item 10 |",
    "| `△` | the Triangle attack | Anatomy of Cards item 10 |",
    "| `✕` (also `×`) | the Cross attack | Anatomy of Cards item 10 |",
    "| `∞` | a permanent evo-box bonus: `∞ Power +40: Agumon` | FAQ \"Permanents in Evolution Boxes\" |",
    "",
    "Other punctuation card text may use: `. , ; : ( ) [ ] / + &`, quotes `\"…\"` or `“…”` around",
    "a (partial) name, and `'` or `’`. Any other character is a lexing error with its range.",
    "",
  );
  return out.join("\n");
}

function main(): void {
  mkdirSync(DOCS, { recursive: true });
  const html = diagramsHtml();
  writeFileSync(join(DOCS, "grammar-diagrams.html"), html);
  const md = languageMarkdown();
  writeFileSync(join(DOCS, "language.md"), md);
  const base = localDiagramResources();
  console.log(`wrote docs/grammar-diagrams.html (${Math.round(html.length / 1024)} KiB, diagram scripts from ${base ?? "the chevrotain CDN"})`);
  console.log(`wrote docs/language.md (${CONSTRUCTS.length} constructs)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
