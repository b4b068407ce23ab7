/**
 * Generates `docs/language-dcg.md`, the reference of DCG (official Digimon Card Game) card
 * text, from the construct catalogue (grammar/dcg/constructs.ts), the timing tags and keyword
 * names the lexer knows (grammar/dcg/tokens.ts). Run by `npm run docs` after
 * scripts/gen-diagrams.ts.
 *
 * Importing this module writes nothing; the file is written only when it runs as a script.
 * tests/dcg/docs.test.ts regenerates the markdown in memory and compares it with the
 * committed file, so the document cannot go stale.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DCG_CONSTRUCTS, DCG_CONSTRUCT_GROUPS, type DcgConstruct, type DcgConstructGroup } from "../grammar/dcg/constructs.ts";
import { KEYWORD_NAMES, TIMINGS } from "../grammar/dcg/tokens.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOC = join(ROOT, "docs", "language-dcg.md");

/** Each section of the document: its title and what it says before its table. */
const GROUPS: Record<DcgConstructGroup, { title: string; intro: string }> = {
  structure: {
    title: "Structure of a text box",
    intro: "Units, keyword lines, use limits, optional and forbidden actions, bullets, granted effects in quotes, DigiXros and rule text.",
  },
  timing: {
    title: "Timings",
    intro: [
      "The bracketed tags that open a unit and say when its effect triggers, applies or may be activated (002 10-4).",
      "`[Hand]`, `[Trash]` and `[Breeding]` say where the card must be for the effect to work (002 4-16 … 4-18);",
      "`[Rule]` marks text that is a rule of the card, not an effect (002 2-11). `(Hand)` and `(Rule)` in parentheses",
      "read as `[Hand]` and `[Rule]`.",
    ].join("\n"),
  },
  keyword: {
    title: "Keyword effects",
    intro: [
      "Every keyword of 002 chapter 12, as a keyword line with its printed reminder and with its parameters (a signed",
      "value, a place, colours, card conditions or names), and the ways text uses keywords: gained, performed",
      "(\"Trigger <Draw 1>\"), referred to (\"with <Blocker>\").",
    ].join("\n"),
  },
  lead: {
    title: "Sentence leads",
    intro: "What comes before a sentence's clauses: its trigger condition, condition, cost, count, sequencing or duration.",
  },
  event: {
    title: "Trigger conditions (\"When …\")",
    intro: "The game events a \"When …\" lead waits for; \"would\" makes it an interrupt, before the event happens (002 13-3).",
  },
  condition: {
    title: "Conditions (\"If …\", \"While …\")",
    intro: "What an \"If …\" or \"While …\" lead tests when the effect resolves or while it applies (002 10-2).",
  },
  verb: {
    title: "Clause verbs",
    intro: "The actions of clauses: an imperative (\"Delete …\"), or a subject with a verb (\"your opponent trashes …\", \"this Digimon gets …\").",
  },
  noun: {
    title: "Noun phrases",
    intro: "What a clause acts on: a count, an owner, colours, level, DP and cost filters, names and traits, and phrases that point back.",
  },
  zone: {
    title: "Zones",
    intro: "Where cards come from and go to (002 chapter 3).",
  },
  duration: {
    title: "Durations",
    intro: "How long a change lasts (002 13-2-2); without one, it applies while its unit applies (002 13-2-3).",
  },
  cost: {
    title: "Costs and payment",
    intro: "Costs paid for an effect (\"By X, Y\", \"you may X to Y\": 002 11-7) and how a card is paid for.",
  },
  value: {
    title: "Amounts",
    intro: "Numbers read when the effect resolves: \"for each\", \"for every N\", \"equal to the number of\".",
  },
};

/** A table cell holding code: backticks (doubled when the text has one), `|` escaped. */
function codeCell(s: string): string {
  const t = s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
  return t.includes("`") ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** A plain table cell: `|` escaped, `<` `>` as entities (so `<Blocker>` is not read as HTML). */
function cell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r?\n/g, " ");
}

/** A lower-case tag or keyword name as printed: "start of your turn" → "Start of Your Turn", "blast dna digivolve" → "Blast DNA Digivolve", "de-digivolve" → "De-Digivolve". */
function titleCase(s: string): string {
  return s
    .split(" ")
    .map((w) => (w === "of" ? w : w === "dna" ? "DNA" : w.replace(/(^|-)([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase())))
    .join(" ");
}

/** The rules section of the construct with this id ("" when there is none). */
function sourceOf(id: string): string {
  return DCG_CONSTRUCTS.find((c) => c.id === id)?.source ?? "";
}

/** One table row of a construct. */
function row(c: DcgConstruct): string {
  return `| ${cell(c.name)} | ${codeCell(c.example)} | \`${c.box ?? "effect"}\` | ${cell(c.source)} |`;
}

/**
 * The example card of the introduction: a complete card (tests/docs-examples.test.ts checks
 * the set; tests/dcg/docs.test.ts compiles each box); the stats are described in
 * docs/set-format.md "DCG sets".
 */
export const EXAMPLE_CARD = [
  "```dgs",
  "set MY \"My DCG Set\"",
  "ruleset dcg",
  "",
  "card MY-001 Greymon",
  "  # kind, colour, level, costs, DP, form, attribute, traits: see set-format.md \"DCG sets\"",
  "  kind: Digimon",
  "  color: Red",
  "  level: 4",
  "  playcost: 5",
  "  digivolve: 2 from Lv.3",
  "  dp: 5000",
  "  form: Champion",
  "  attribute: Vaccine",
  "  traits: Dinosaur",
  "  effect: <Security Attack +1> (This Digimon checks 1 additional security card).",
  "    [When Digivolving] Delete 1 of your opponent's Digimon with 4000 DP or less.",
  "  inherited: [Your Turn] While this Digimon has [Greymon] in its name, it gets +1000 DP.",
  "```",
];

/** The text of docs/language-dcg.md. */
export function languageDcgMarkdown(): string {
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines);
  push(
    "<!-- Generated by `npm run docs` (scripts/gen-dcg-docs.ts) from grammar/dcg/constructs.ts and grammar/dcg/tokens.ts. Do not edit: edit those files and regenerate. -->",
    "",
    "# DCG card text",
    "",
    "**Card text is source code**, for the official Digimon Card Game (DCG) as for the PlayStation games",
    "([language.md](language.md)): the text printed on a card is what its set file holds, and the compiler",
    "reads it with a grammar of the game's own wording into typed effects. There is no second, hidden",
    "program behind the text.",
    "",
    "## Where the text lives",
    "",
    "A DCG set is a `.dgs` file whose header says `ruleset dcg` (see [set-format.md](set-format.md),",
    "\"DCG sets\", for the card's stats: kind, colours, level, costs, digivolution requirements, DP, traits).",
    "A card has up to three text boxes, as printed (002 2-10, 4-4, 10-4-8; 001 \"Card Information\"):",
    "",
    "- `effect:` the card's effect text: what a Digimon, Tamer or Option does, and a Digimon's own",
    "  `[Security]` effect when it prints one in this box;",
    "- `inherited:` the inherited effect: what the Digimon this card is a digivolution card of gains",
    "  (002 4-4); a `[Security]` effect is not allowed here;",
    "- `security:` the security effect, activated when the card is flipped by a security check (002 10-4-8).",
    "",
    ...EXAMPLE_CARD,
    "",
    "## How a text box is read",
    "",
    "- **A box is units.** One effect unit per line is the canonical layout; a line continues on the next",
    "  line indented deeper. Units may also follow one another on a line, as the card pool prints them: a",
    "  new unit starts at a timing tag that opens a sentence, at a keyword line or at `[DigiXros -N]`.",
    "- **A unit** is one of: timings (`[On Play]`, `[Your Turn] [Once Per Turn]`, `(Hand) [Main]`) and",
    "  the sentences they govern; a keyword line (`<Blocker> (…).`, 002 12-1: a keyword the card has);",
    "  a DigiXros line (002 4-22); or rule text with no timing (\"You can include up to 50 copies …\").",
    "  `[Once Per Turn]` and `[Twice Per Turn]` (also printed in parentheses) follow a timing (002 4-15).",
    "  A unit with no timing (and no \"When …\") is a constant effect (002 10-1-5): it may change DP, names,",
    "  costs, or say what can't or can be done, but one that does something once (\"Delete …\", \"Gain 1",
    "  memory.\", \"Add this card to your hand.\") has lost its timing: a `dcg-missing-timing` error at that",
    "  sentence, with the sentence written out behind `[On Play]` (`[Security]` in a security box).",
    "- **A sentence** ends with a full stop (one that ends on a word or a name without it is a `dcg-missing-full-stop` warning). It is leads (\"When …,\", \"If …,\", \"While …,\", \"By …,\",",
    "  \"For each …,\", \"Until …,\", \"Then,\", \"If you do,\", \"The next time …,\") and then clauses joined by",
    "  \"and\", \", then\" or \"to\" (\"you may suspend this Tamer to delete …\": the first clause is the cost of",
    "  the second, 002 11-7). A clause is a verb with its subject, object and details: who, what, from where,",
    "  to where, for how long. Bullets (`・`) list the effects of \"activate the effect below\", `<Digi-Burst N>`",
    "  and `<Delay>`; a granted effect is a unit in quotes.",
    "- **Reminder text is not read.** The parenthesised text after a keyword explains it and never changes",
    "  it (002 12-2); it may be left out. Parentheses the grammar does read: `(Once Per Turn)`, `(Hand)`,",
    "  `(Rule)`, `(other than [X])`, `(including [X])`, and the parameters inside a keyword (`(Deck)`, `(Black)`).",
    "  A reminder that says another number than its keyword (`<Draw 2> (Draw 3 cards …)`), or \"fewer\" for",
    "  `<Security Attack +1>`, is a `dcg-reminder-mismatch` warning: the card does what the keyword says.",
    "- **Names in brackets.** `[Greymon]` is a card name (002 2-2-2); \"with [Greymon] in its name\" matches",
    "  any name containing it (002 2-2-3); \"[Dinosaur] in its traits\" tests a trait (002 2-5-3). A bracket",
    "  that is a timing's name is a timing. A name cannot open an effect or a sentence (no printed card",
    "  starts one with a name): a bracket there that is no timing is an `unknown-timing` error at the",
    "  bracket, with the timing it is one slip from as a hint (`[On Paly]` → `[On Play]`; the box's one",
    "  error, not a \"could not read\" at the next word), a keyword in square brackets (`[Blocker]`) is told",
    "  to go in angle brackets, and a timing whose `]` comes only at the end of the sentence is told where",
    "  it belongs. A `[` or `<` left open on its line, or a `]` or `>` that closes nothing, is an error",
    "  that says so.",
    "- **No half-read text is compiled.** A box with a lexing or syntax error has no effects; the error has",
    "  the range of the word that could not be read, says what was being read, and names the nearest",
    "  construct below as a hint.",
    "- **What the runtime cannot perform yet is a warning.** A card that compiles but holds a construct the",
    "  DCG runtime does not perform (`runtime/rulesets/dcg/effects/supported.ts`) gets a `runtime-unsupported`",
    "  warning at its card number, naming the constructs; `duel` and `simulate` refuse a deck with it.",
    "",
    "Each table lists a construct, one example of it in the game's wording (a sentence of a printed card",
    "wherever the card pool has one), the box it is written in, and the rules section it implements:",
    "`002` is the Comprehensive Rules 1.2 (`002_db81695f81018ea7.txt`, cited by rule number), `001` the",
    "Official Rule Manual 2.3 (`001_9364978fb56838a3.txt`; `Gl.` its glossary, `DR` its Detailed Rules).",
    "",
  );
  for (const g of DCG_CONSTRUCT_GROUPS) {
    const cs = DCG_CONSTRUCTS.filter((c) => c.group === g);
    if (cs.length === 0) continue;
    const { title, intro } = GROUPS[g];
    push(`## ${title}`, "", intro, "", "| Construct | Example | Box | Rules section |", "| --- | --- | --- | --- |");
    for (const c of cs) push(row(c));
    push("");
  }
  push(
    "## Timing tags and keyword names",
    "",
    "The lexer reads a bracket as a timing when its text (any case, blanks collapsed, `’` as `'`) is one of",
    "these; any other bracket is a name or trait, and an error where an effect or a sentence starts:",
    "",
    "| Tag | IR name | Rules section |",
    "| --- | --- | --- |",
  );
  for (const [tag, name] of Object.entries(TIMINGS)) push(`| ${codeCell(`[${titleCase(tag)}]`)} | \`${name}\` | ${cell(sourceOf(`timing.${name}`))} |`);
  push(
    "",
    "A `<…>` is a keyword effect when it starts with one of these names (any case), followed by its",
    "parameters; any other `<…>` is a syntax error:",
    "",
    "| Printed name | IR name | Rules section |",
    "| --- | --- | --- |",
  );
  for (const [printed, name] of Object.entries(KEYWORD_NAMES)) push(`| ${codeCell(`<${titleCase(printed)}>`)} | \`${name}\` | ${cell(sourceOf(`keyword.${name}`))} |`);
  push("");
  return out.join("\n");
}

function main(): void {
  const md = languageDcgMarkdown();
  writeFileSync(DOC, md);
  console.log(`wrote docs/language-dcg.md (${DCG_CONSTRUCTS.length} constructs)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
