/**
 * Importer for "Digimon World: Digital Card Battle" (PlayStation) card data: the normalised
 * JSON array of `/work/shared/data/dcb/cards.json` → one `.dgs` set file (ruleset dbe, with
 * the game's own type vocabulary Fire, Ice, Nature, Darkness, Rare).
 *
 * Mapping (docs/import.md):
 * - `number` "000" → set number `DCB-000`; `name` verbatim.
 * - Digimon: `level` R/C/U as is, A → M (the README: "A is that game's highest level, which
 *   DBE calls M"), "R(P)" → level R plus `partner: yes`; `specialty` → `type`; `hp`,
 *   `dp_cost` → `dp`, `plus_p` → `+p`; circle/triangle/cross → attacks, the `effect` (an
 *   attack ability, "None" = no ability) through {@link toDbeAbility}; `support` → card
 *   text through {@link toDbeText} with `timing: SUPPORT` (absent or "None" = no text).
 * - Option: `kind: Option`, `timing: SUPPORT`, `option_effect` → card text ("None" = no text).
 * - `name_jp`, `fusion_material_points`, `fusion_material_cost` have no DBE field and are
 *   not written.
 *
 * Source of the input format: `/work/shared/data/README.md`, section `dcb/`.
 */
import { z } from "zod";
import type { CardRecord, AttackRecord } from "./writeSet.ts";
import { writeCard, writeSet } from "./writeSet.ts";
import { toDbeAbility, toDbeText } from "./synonyms.ts";
import type { Level } from "../../runtime/vocabulary.ts";

/** The dcb specialties, which the set declares as its type vocabulary. */
export const DCB_TYPES = ["Fire", "Ice", "Nature", "Darkness", "Rare"] as const;

const Attack = z.looseObject({
  name: z.string().min(1),
  power: z.int().min(0),
  effect: z.string().nullish(),
});

/**
 * One card of the dcb `cards.json` array (unknown extra fields are allowed and ignored).
 * Digimon need level, specialty, hp, dp_cost, plus_p and the three attacks; Options need
 * option_effect. Source: `/work/shared/data/README.md`, `dcb/`.
 */
export const DcbCardSchema = z
  .looseObject({
    number: z.string().regex(/^\d{3}$/, 'expected three digits, e.g. "007"'),
    name: z.string().min(1),
    kind: z.enum(["Digimon", "Option"]),
    level: z.enum(["R", "C", "U", "A", "R(P)"]).nullish(),
    specialty: z.enum(DCB_TYPES).nullish(),
    hp: z.int().min(0).nullish(),
    dp_cost: z.int().min(0).nullish(),
    plus_p: z.int().nullish(),
    circle: Attack.nullish(),
    triangle: Attack.nullish(),
    cross: Attack.nullish(),
    support: z.string().nullish(),
    option_effect: z.string().nullish(),
  })
  .superRefine((c, ctx) => {
    const need = c.kind === "Digimon" ? (["level", "specialty", "hp", "dp_cost", "plus_p", "circle", "triangle", "cross"] as const) : (["option_effect"] as const);
    for (const key of need) {
      if (c[key] == null) ctx.addIssue({ code: "custom", path: [key], message: `a ${c.kind} card needs ${key}` });
    }
  });

/** A validated dcb card. */
export type DcbCard = z.infer<typeof DcbCardSchema>;

/** The whole dcb `cards.json`: an array of {@link DcbCard}. */
export const DcbJsonSchema = z.array(DcbCardSchema);

/** Options of {@link importDcb}. */
export interface DcbImportOptions {
  /** Set code (default "DCB"); set numbers are `<code>-<number>`. */
  code?: string;
  /** Set name (default "Digimon World: Digital Card Battle"). */
  name?: string;
}

/** What {@link importDcb} produced. */
export interface DcbImportResult {
  /** The `.dgs` file text. */
  dgs: string;
  /** Number of card blocks written. */
  cards: number;
  /** Cards not written: the dcb `number` and why (a repeated number, a value .dgs cannot carry). */
  skipped: { number: string; why: string }[];
}

/** "None" (any case, blanks around) and empty strings mean "nothing printed" in the dcb data. */
function present(s: string | null | undefined): s is string {
  return s != null && s.trim() !== "" && s.trim().toLowerCase() !== "none";
}

function zodPath(path: readonly PropertyKey[]): string {
  let s = "";
  for (const p of path) s += typeof p === "number" ? `[${p}]` : s === "" ? String(p) : `.${String(p)}`;
  return s;
}

function attack(a: z.infer<typeof Attack>): AttackRecord {
  return { name: a.name.trim(), power: a.power, ability: present(a.effect) ? toDbeAbility(a.effect) : null };
}

/**
 * Map one validated dcb card to a card record (see the module comment for the mapping).
 * @param code the set code for the set number
 */
export function dcbCardRecord(c: DcbCard, code = "DCB"): CardRecord {
  const base = { setNumber: `${code}-${c.number}`, name: c.name.trim() };
  if (c.kind === "Option") {
    return { ...base, kind: "Option", timings: ["SUPPORT"], text: present(c.option_effect) ? toDbeText(c.option_effect) : null };
  }
  const level: Level = c.level === "A" ? "M" : c.level === "R(P)" ? "R" : (c.level as Level);
  const text = present(c.support) ? toDbeText(c.support) : null;
  return {
    ...base,
    kind: "Digimon",
    level,
    type: c.specialty ?? null,
    dp: c.dp_cost ?? null,
    plusP: c.plus_p ?? null,
    hp: c.hp ?? null,
    circle: c.circle ? attack(c.circle) : null,
    triangle: c.triangle ? attack(c.triangle) : null,
    cross: c.cross ? attack(c.cross) : null,
    timings: text !== null ? ["SUPPORT"] : [],
    partner: c.level === "R(P)",
    text,
  };
}

/**
 * Convert dcb card data to a `.dgs` set file: `set DCB "Digimon World: Digital Card Battle"`,
 * `ruleset dbe`, `types Fire, Ice, Nature, Darkness, Rare`, one card block per card.
 * @param json the parsed `cards.json` (an array of dcb cards)
 * @param opts set code and name overrides
 * @returns the file text, the number of cards written and the cards skipped with reasons
 * @throws Error when the input is malformed: one line per problem, naming the card's
 *   number (or array index) and the field, e.g. `card 012 (cards[12]).level: Invalid option: ...`
 */
export function importDcb(json: unknown, opts: DcbImportOptions = {}): DcbImportResult {
  const code = opts.code ?? "DCB";
  const name = opts.name ?? "Digimon World: Digital Card Battle";
  const parsed = DcbJsonSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [idx, ...rest] = issue.path;
      if (typeof idx !== "number") return `dcb card data: ${zodPath(issue.path) || "(root)"}: ${issue.message}`;
      const raw = Array.isArray(json) ? (json[idx] as { number?: unknown } | undefined) : undefined;
      const num = raw && typeof raw.number === "string" ? `card ${raw.number} ` : "card ";
      const field = rest.length > 0 ? `.${zodPath(rest)}` : "";
      return `${num}(cards[${idx}])${field}: ${issue.message}`;
    });
    throw new Error(`malformed dcb card data (${lines.length} problem${lines.length === 1 ? "" : "s"}):\n${lines.join("\n")}`);
  }
  const records: CardRecord[] = [];
  const skipped: { number: string; why: string }[] = [];
  const seen = new Set<string>();
  for (const c of parsed.data) {
    if (seen.has(c.number)) {
      skipped.push({ number: c.number, why: `number ${c.number} appears more than once; the first card with it was written` });
      continue;
    }
    seen.add(c.number);
    const rec = dcbCardRecord(c, code);
    try {
      writeCard(rec);
    } catch (e) {
      skipped.push({ number: c.number, why: (e as Error).message });
      continue;
    }
    records.push(rec);
  }
  const dgs = writeSet(
    {
      code,
      name,
      ruleset: "dbe",
      types: DCB_TYPES,
      comment:
        "Imported by `digiscript import dcb` from Digimon World: Digital Card Battle card data.\n" +
        "Card names and texts are (c) Bandai. Text words were mapped to DBE words (docs/import.md).",
    },
    records,
  );
  return { dgs, cards: records.length, skipped };
}
