/**
 * Cards and decks for the DCG scenarios and runtime tests: the real card data of
 * `../shared/data/dcg/cards.json` (test input kept outside the project: `../shared/data/README.md`),
 * read with `runtime/rulesets/dcg/cards-json.ts`, and the bundled deck lists of `cards/dcg/decks/`.
 * Suites that need the data skip cleanly when it is absent (`HAVE_DCG_DATA`), as `tests/corpus` does.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CardDb } from "../../../runtime/core/engine.ts";
import { dcgCardsFromJson } from "../../../runtime/rulesets/dcg/cards-json.ts";
import { dcgCardDb, type DcgBurstDigivolve, type DcgCard, type DcgCardRules } from "../../../runtime/rulesets/dcg/model.ts";
import { checkDcgDeck, dcgSeatOf, readDcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";
import type { DcgEffect, DcgKeywordName } from "../../../runtime/lang/dcg/ir.ts";

/** The project root. */
export const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
/** Where the real DCG card data lives (beside the project). */
export const DCG_JSON = resolve(ROOT, "../shared/data/dcg/cards.json");
/** Whether the real DCG card data is present. */
export const HAVE_DCG_DATA = existsSync(DCG_JSON);

let cached: (CardDb<DcgCard> & { all: DcgCard[] }) | null = null;

/** The real DCG cards as a card database (read once). Call only when {@link HAVE_DCG_DATA}. */
export function realDcgDb(): CardDb<DcgCard> & { all: DcgCard[] } {
  cached ??= dcgCardDb(dcgCardsFromJson(JSON.parse(readFileSync(DCG_JSON, "utf8"))));
  return cached;
}

/**
 * A bundled deck as a seat, checked by the deck rules (throws naming every problem).
 * @param name the file name without `.deck`, e.g. "st1-gaia-red"
 */
export function bundledDcgSeat(name: string, db: CardDb<DcgCard> = realDcgDb()): DcgSeat {
  const file = join(ROOT, "cards/dcg/decks", `${name}.deck`);
  const r = readDcgDeckList(file, readFileSync(file, "utf8"));
  if (!r.deck) throw new Error(r.errors.map((e) => `${file}:${e.line}: ${e.message}`).join("\n"));
  const errors = checkDcgDeck(r.deck, (n) => db.get(n)?.stats);
  if (errors.length) throw new Error(errors.map((e) => `${file}:${e.line}: ${e.message} (${e.rule})`).join("\n"));
  return dcgSeatOf(r.deck);
}

/** A keyword line unit (002 §12-1) for a test card. */
export function keywordLine(name: DcgKeywordName, value: number | null = null, box: DcgEffect["box"] = "effect"): DcgEffect {
  const span = { start: 0, end: 0 };
  return { text: `<${name}>`, box, timings: [], perTurn: null, keyword: { name, value, place: null, colors: [], cards: [], names: [], span }, digixros: null, sentences: [], span };
}

/** Options of {@link testCard}. */
export interface TestCardSpec {
  kind?: DcgCard["stats"]["kind"];
  name?: string;
  colors?: DcgCard["stats"]["colors"];
  level?: DcgCard["stats"]["level"];
  cost?: number | null;
  dp?: number | null;
  /** Digivolution requirements: [cost, level, colours?]. */
  from?: [number, number, DcgCard["stats"]["colors"]?][];
  dna?: DcgCard["stats"]["dna"];
  keywords?: (DcgKeywordName | [DcgKeywordName, number])[];
  inherited?: (DcgKeywordName | [DcgKeywordName, number])[];
  digixros?: { reduction: number; names: string[] };
  /** Burst Digivolve requirements (002 §8-3), carried beside `DcgCard` (`model.ts` `DcgCardRules`). */
  burst?: DcgBurstDigivolve[];
  /** <Overflow (−N)> (002 §11-4), carried beside `DcgCard`. */
  overflow?: number;
}

/**
 * A small test card (set TST) with round numbers, for rules no real card shows cleanly: stats
 * and keyword lines only, like the loaded real cards.
 */
export function testCard(number: string, s: TestCardSpec = {}): DcgCard {
  const kind = s.kind ?? "Digimon";
  const colors = s.colors ?? ["Red"];
  const kw = (xs: TestCardSpec["keywords"], box: DcgEffect["box"]) => (xs ?? []).map((k) => (Array.isArray(k) ? keywordLine(k[0], k[1], box) : keywordLine(k, null, box)));
  const effect = kw(s.keywords, "effect");
  if (s.digixros) {
    const span = { start: 0, end: 0 };
    effect.push({ text: "[DigiXros]", box: "effect", timings: [], perTurn: null, keyword: null, digixros: { reduction: s.digixros.reduction, cards: s.digixros.names.map((name) => ({ kind: "name" as const, name })) }, sentences: [], span });
  }
  const rules: DcgCardRules = {};
  if (s.burst) rules.burst = s.burst;
  if (s.overflow !== undefined) rules.overflow = s.overflow;
  const card: DcgCard & { rules?: DcgCardRules } = {
    stats: {
      number,
      name: s.name ?? number,
      kind,
      colors,
      level: s.level ?? (kind === "Digimon" ? 3 : kind === "Digi-Egg" ? 2 : null),
      cost: s.cost === undefined ? (kind === "Digi-Egg" ? null : 3) : s.cost,
      digivolve: (s.from ?? []).map(([cost, level, cs]) => ({ cost, level: level as 2 | 3 | 4 | 5 | 6 | 7, colors: cs ?? colors })),
      dna: s.dna ?? [],
      dp: s.dp === undefined ? (kind === "Digimon" ? 3000 : null) : s.dp,
      form: null,
      attribute: null,
      traits: [],
      rarity: null,
    },
    text: { effect: "", inherited: "", security: "" },
    effects: { effect, inherited: kw(s.inherited, "inherited"), security: [] },
  };
  if (s.burst || s.overflow !== undefined) card.rules = rules;
  return card;
}

/**
 * The test cards (set TST) the scenarios use, with round numbers. Red unless said otherwise;
 * digivolution requirements one level down in the card's colours.
 */
export const TST_CARDS: readonly DcgCard[] = [
  testCard("TST-01", { kind: "Digi-Egg", name: "Redegg" }),
  testCard("TST-02", { kind: "Digi-Egg", name: "Blueegg", colors: ["Blue"] }),
  testCard("TST-03", { name: "Redrookie", level: 3, cost: 3, dp: 2000, from: [[0, 2]] }),
  testCard("TST-04", { name: "Redchampion", level: 4, cost: 5, dp: 4000, from: [[2, 3]] }),
  testCard("TST-05", { name: "Redultimate", level: 5, cost: 7, dp: 7000, from: [[3, 4]] }),
  testCard("TST-06", { name: "Bluerookie", colors: ["Blue"], level: 3, cost: 3, dp: 3000, from: [[0, 2]] }),
  testCard("TST-07", { name: "Wallmon", colors: ["Blue"], level: 4, cost: 5, dp: 6000, from: [[2, 3]], keywords: ["blocker"] }),
  testCard("TST-08", { name: "Dashmon", level: 3, cost: 4, dp: 3000, keywords: ["rush"] }),
  testCard("TST-09", { name: "Drillmon", level: 5, cost: 7, dp: 7000, from: [[3, 4]], keywords: ["piercing"] }),
  testCard("TST-10", { name: "Sharpmon", level: 3, cost: 3, dp: 2000, from: [[0, 2]], inherited: [["securityAttack", 1]] }),
  testCard("TST-11", { name: "Jammon", level: 4, cost: 5, dp: 4000, from: [[2, 3]], keywords: ["jamming"] }),
  testCard("TST-12", { name: "Bootmon", colors: ["Blue"], level: 4, cost: 5, dp: 5000, keywords: ["reboot"] }),
  testCard("TST-13", { name: "Spitemon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, keywords: ["retaliation"] }),
  testCard("TST-14", { kind: "Tamer", name: "Redtamer", cost: 2 }),
  testCard("TST-15", { kind: "Option", name: "Red Plan", cost: 1 }),
  testCard("TST-16", { kind: "Option", name: "Purple Plan", colors: ["Red", "Blue"], cost: 2 }),
  testCard("TST-17", { name: "Twinmon", level: 6, cost: 12, dp: 12000, dna: [{ cost: 0, from: [{ kind: "level", color: "Red", level: 5 }, { kind: "level", color: "Blue", level: 5 }] }] }),
  testCard("TST-18", { name: "Blueultimate", colors: ["Blue"], level: 5, cost: 7, dp: 7000, from: [[3, 4]] }),
  testCard("TST-19", { name: "Shoutmon X2", level: 4, cost: 6, dp: 6000, digixros: { reduction: 2, names: ["Shoutmon", "Ballistamon"] } }),
  testCard("TST-20", { name: "Shoutmon", level: 3, cost: 3, dp: 3000 }),
  testCard("TST-21", { name: "Ballistamon", level: 3, cost: 3, dp: 3000 }),
  testCard("TST-22", { name: "Nolevelmon", level: "-", cost: 3, dp: 3000 }),
  testCard("TST-23", { name: "Hugemon", level: 6, cost: 11, dp: 13000 }),
  testCard("TST-24", { name: "Shymon", level: 4, cost: 4, dp: 4000, keywords: [["securityAttack", -1]] }),
  testCard("TST-25", { name: "Tenmon", level: 6, cost: 10, dp: 10000 }),
  testCard("TST-26", { kind: "Digi-Egg", name: "Strongegg", dp: 1000 }),
  testCard("TST-27", { name: "Blueultimate2", colors: ["Blue"], level: 5, cost: 7, dp: 7000 }),
  testCard("TST-28", { name: "Purplemon", colors: ["Red", "Blue"], level: 3, cost: 3, dp: 3000 }),
  testCard("TST-29", { kind: "Tamer", name: "Bluetamer", colors: ["Blue"], cost: 2 }),
  testCard("TST-30", { name: "Bigwallmon", colors: ["Blue"], level: 5, cost: 7, dp: 9000, keywords: ["blocker", "retaliation"] }),
];

/** The test cards as a card database. */
export function tstDb(): CardDb<DcgCard> & { all: DcgCard[] } {
  return dcgCardDb(TST_CARDS);
}
