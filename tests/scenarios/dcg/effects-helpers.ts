/**
 * Cards compiled from DCG card text for the effect-model scenarios (`effects-*.test.ts`): a test
 * card's stats as `helpers.ts` `testCard` gives them, and its boxes' text compiled by the DCG
 * compiler (`compileDcgText`), so a scenario reads the card as printed. The runtime never
 * imports the compiler; only these tests do.
 */
import { compileDcgText } from "../../../compiler/check/dcg/text.ts";
import { dcgCardDb, type DcgCard } from "../../../runtime/rulesets/dcg/model.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/host.ts";
import { TST_CARDS, testCard, type TestCardSpec } from "./helpers.ts";
import type { CardDb } from "../../../runtime/core/engine.ts";

/** A test card with text: stats as {@link testCard}, and the text of its boxes. */
export interface TextCardSpec extends Omit<TestCardSpec, "inherited" | "keywords"> {
  effect?: string;
  inherited?: string;
  security?: string;
  traits?: string[];
}

/**
 * A test card whose boxes are compiled from text (`compileDcgText`); its keyword lines come from
 * the text too.
 * @throws Error naming the card and the first diagnostic when the text does not compile
 */
export function textCard(number: string, s: TextCardSpec): DcgCard {
  const base = testCard(number, { ...s, keywords: [], inherited: [] });
  const text = { effect: s.effect ?? "", inherited: s.inherited ?? "", security: s.security ?? "" };
  const effects = { effect: base.effects.effect, inherited: [] as DcgCard["effects"]["inherited"], security: [] as DcgCard["effects"]["security"] };
  for (const box of ["effect", "inherited", "security"] as const) {
    if (!text[box]) continue;
    const r = compileDcgText(text[box], box);
    const err = r.diagnostics.find((d) => d.severity === "error");
    if (err) throw new Error(`${number} ${box}: ${err.message} at "${text[box].slice(err.span.start, err.span.end)}"`);
    effects[box] = box === "effect" ? [...base.effects.effect, ...r.effects] : r.effects;
  }
  const rules = (base as DcgCard & { rules?: unknown }).rules;
  return { stats: { ...base.stats, traits: s.traits ?? [] }, text, effects, ...(rules ? { rules } : {}) };
}

/** A card database of the TST cards and the given text cards. */
export function fxDb(...cards: DcgCard[]): CardDb<DcgCard> & { all: DcgCard[] } {
  return dcgCardDb([...TST_CARDS, ...cards]);
}

/** A scenario played with the effect model ({@link DCG_EFFECTS}), in P1's main phase of turn 3 with `memory` memory. */
export function fx(db: CardDb<DcgCard>, name: string, memory = 5): DcgScenario {
  return new DcgScenario(db, name, 1, DCG_EFFECTS).turn(3, 0).memory(0, memory);
}

/** One main-phase action, then stop after what it triggered. */
export const MAIN = { t: "dcg.main", only: true };

import { existsSync, readFileSync } from "node:fs";
import { compileDcgDump } from "../../../bench/dcg-playable.ts";
import { dcgCardsFromJson, type DcgJsonCard } from "../../../runtime/rulesets/dcg/cards-json.ts";
import { DCG_JSON, HAVE_DCG_DATA } from "./helpers.ts";

let realCache: (CardDb<DcgCard> & { all: DcgCard[] }) | null = null;

/**
 * The real DCG cards of `../shared/data/dcg/cards.json` with their text compiled (cards whose
 * text does not compile keep only their keyword lines), as a card database with the TST cards.
 * Call only when {@link HAVE_DCG_DATA}.
 */
export function realFxDb(): CardDb<DcgCard> & { all: DcgCard[] } {
  if (realCache) return realCache;
  const data = JSON.parse(readFileSync(DCG_JSON, "utf8")) as DcgJsonCard[];
  const compiled = new Map(compileDcgDump(data).flatMap((c) => (c.card ? [[c.id, c.card] as const] : [])));
  const cards = dcgCardsFromJson(data).map((c) => compiled.get(c.stats.number) ?? c);
  realCache = dcgCardDb([...TST_CARDS, ...cards]);
  return realCache;
}

export { HAVE_DCG_DATA, existsSync };
