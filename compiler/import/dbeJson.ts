/**
 * "dbe-json": a JSON form of a `.dgs` set file, for card data kept in spreadsheets or
 * databases. Its fields mirror `docs/set-format.md` one to one (names as in
 * `runtime/card.ts` `CardStats`); card text, evo-box entries and attack abilities are
 * copied verbatim (no synonym table). docs/import.md documents it with an example.
 *
 * ```json
 * { "set": { "code": "DS1", "name": "DigiScript Starter", "ruleset": "dbe" },
 *   "cards": [{ "setNumber": "EX-035", "name": "Palmon", "kind": "Digimon", "level": "R",
 *               "type": "Nature", "hp": 600, "circle": { "name": "Poison Ivy", "power": 290 },
 *               "text": "Boost own Power +100." }] }
 * ```
 *
 * Source of the fields: `docs/set-format.md`; `000_012504f4614e5b24.txt`, "Anatomy of Cards".
 */
import { z } from "zod";
import { CARD_TIMINGS, MARKINGS, type CardKind, type CardTiming, type Level, type Marking } from "../../runtime/vocabulary.ts";
import { lineProblem, textProblem, writeSet, type CardRecord } from "./writeSet.ts";
import { setCodeProblem, setNumberProblem } from "../../grammar/identity.ts";
import { hasBadCharacter } from "../../grammar/source.ts";

const KIND_NAMES = ["Digimon", "Option", "Evolution"] as const satisfies readonly CardKind[];
const LEVEL_NAMES = ["R", "C", "U", "M"] as const satisfies readonly Level[];
const MARKING_NAMES = ["Ace", "Firewall", "DATA", "Mastery", "Proxy"] as const satisfies readonly Marking[];
const TIMING_NAMES = ["SUPPORT", "EVOLVE", "ACTIVATE", "EFFECT", "DATA", "PASSIVE"] as const satisfies readonly CardTiming[];
// The other direction: every vocabulary value is listed above (a compile error otherwise).
const _markingsListed: readonly (typeof MARKING_NAMES)[number][] = MARKINGS;
const _timingsListed: readonly (typeof TIMING_NAMES)[number][] = CARD_TIMINGS;
void _markingsListed;
void _timingsListed;

/** A one-line value: non-empty, no line break, no leading/trailing blanks. */
const Line = z.string().superRefine((s, ctx) => {
  const p = lineProblem(s);
  if (p) ctx.addIssue({ code: "custom", message: `${p}; a .dgs field value is one trimmed line` });
});

/** A set code, set number or type name: one word. */
const Word = (what: string, noCommas: boolean) =>
  z
    .string()
    .min(1)
    .regex(noCommas ? /^[^\s,/]+$/ : /^\S+$/, `${what} must be one word without blanks${noCommas ? ", commas or slashes" : ""}`);

/** A set code or set number: the grammar's own rule (grammar/identity.ts). */
const Identity = (what: string, problem: (s: string) => string | null) =>
  z.string().superRefine((s, ctx) => {
    const p = problem(s);
    if (p) ctx.addIssue({ code: "custom", message: p });
  });

/** A card or set name: any string a .dgs file can hold (grammar/source.ts). */
const Name = z.string().refine((s) => !hasBadCharacter(s), "contains a character a .dgs file refuses (a control character other than LF, U+2028/U+2029, a bidirectional control or a lone surrogate)");

const TypeName = Word("a type name", true).describe("A type name: one word (e.g. Nature, Fire).");

/** One attack (Anatomy of Cards items 10–11). */
const AttackSchema = z
  .strictObject({
    name: Line.refine((s) => !s.includes("|"), 'an attack name cannot contain "|" (it starts the attack ability)').describe("Attack name, one line."),
    power: z.int().min(0).describe("Printed Power."),
    ability: Line.nullish().describe("The attack ability in card-text syntax (Jamming, Counter Circle, Fire x3 VS), or null."),
  })
  .describe("`<attack name> <Power> [| <ability>]`");

/**
 * One card block of dbe-json (one side of a flip card). Only `setNumber` and `name` are
 * required; omitted/null fields are not written. Unknown keys are errors.
 */
export const DbeJsonCardSchema = z
  .strictObject({
    setNumber: Identity("set number", setNumberProblem).describe("Set number, e.g. EX-035 (Anatomy item 2): letters, digits and single dashes."),
    name: Name.describe("Card name: any string without control characters other than LF."),
    kind: z.enum(KIND_NAMES).nullish().describe("Card kind; the compiler assumes Digimon when omitted."),
    markings: z.array(z.enum(MARKING_NAMES)).optional().describe("Deck-construction markings (need a kind)."),
    level: z.enum(LEVEL_NAMES).nullish().describe("Level R|C|U|M (Anatomy item 3)."),
    type: TypeName.nullish().describe("Primary type (Anatomy item 5)."),
    subtypes: z.array(TypeName).optional().describe("Subtypes bar (Anatomy item 15)."),
    dp: z.int().nullish().describe("DP cost; omit when none is printed (Anatomy item 6)."),
    plusP: z.int().nullish().describe("+P, may be negative (Anatomy item 7); written `+p:`."),
    hp: z.int().nullish().describe("HP (Anatomy item 9)."),
    circle: AttackSchema.nullish(),
    triangle: AttackSchema.nullish(),
    cross: AttackSchema.nullish(),
    evo: z.array(Line).optional().describe("Evo-box entries, one per line (Anatomy item 8)."),
    timings: z.array(z.enum(TIMING_NAMES)).optional().describe("Card timings (Anatomy item 13)."),
    partner: z.boolean().optional().describe("Partner marker; true writes `partner: yes`."),
    flip: z
      .strictObject({ side: z.enum(["Star", "Moon"]), initial: z.boolean() })
      .nullish()
      .describe("Flip side; two cards with the same setNumber and different sides form one flip card."),
    text: z
      .string()
      .superRefine((s, ctx) => {
        const p = textProblem(s);
        if (p) ctx.addIssue({ code: "custom", message: `${p}; lines are joined with "\\n"` });
      })
      .nullish()
      .describe('Card text verbatim; lines separated by "\\n", none blank or with blanks at either end.'),
  })
  .superRefine((c, ctx) => {
    if ((c.markings?.length ?? 0) > 0 && c.kind == null) ctx.addIssue({ code: "custom", path: ["markings"], message: "markings need a kind" });
  });

/**
 * The dbe-json document: `{ set: { code, name, ruleset?, types? }, cards: [...] }`, plus an
 * optional `$schema` (for editors) and `format: "dbe-json"`. `ruleset` defaults to "dbe";
 * `types` replaces the ruleset's type vocabulary (`types` line of docs/set-format.md).
 */
export const DbeJsonSchema = z
  .strictObject({
    $schema: z.string().optional(),
    format: z.literal("dbe-json").optional(),
    set: z.strictObject({
      code: Identity("set code", setCodeProblem).describe("Set code, e.g. DS1: letters, digits and single dashes."),
      name: Name.describe("Set name: any string without control characters other than LF."),
      ruleset: z.enum(["dbe", "dmb"]).optional().describe("Ruleset; default dbe."),
      types: z.array(TypeName).min(1).nullish().describe("The set's own type vocabulary."),
    }),
    cards: z.array(DbeJsonCardSchema),
  })
  .describe("dbe-json: a DigiScript set file (.dgs) as JSON. See docs/import.md.");

/** A validated dbe-json document. */
export type DbeJson = z.infer<typeof DbeJsonSchema>;
/** A validated dbe-json card. */
export type DbeJsonCard = z.infer<typeof DbeJsonCardSchema>;

/**
 * The dbe-json schema as a JSON Schema (draft 2020-12) object, made by zod's
 * `z.toJSONSchema` from {@link DbeJsonSchema} (input shapes: optional fields stay optional).
 * Refinements (one-line values, text lines) are not expressible there and only checked by
 * {@link importDbeJson}.
 */
export function dbeJsonJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(DbeJsonSchema, { io: "input", target: "draft-2020-12" }) as Record<string, unknown>;
}

function issuePath(path: readonly PropertyKey[]): string {
  let s = "";
  for (const p of path) s += typeof p === "number" ? `[${p}]` : s === "" ? String(p) : `.${String(p)}`;
  return s || "(root)";
}

/**
 * Convert a dbe-json document to `.dgs` text.
 * @param json the parsed JSON document
 * @returns the file text and the number of card blocks
 * @throws Error when the document does not match {@link DbeJsonSchema}: the message has one
 *   line per zod issue, `<path>: <message>`, e.g. `cards[3].level: Invalid option: ...`
 */
export function importDbeJson(json: unknown): { dgs: string; cards: number } {
  const r = DbeJsonSchema.safeParse(json);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `${issuePath(i.path)}: ${i.message}`);
    throw new Error(`invalid dbe-json (${lines.length} problem${lines.length === 1 ? "" : "s"}):\n${lines.join("\n")}`);
  }
  const { set, cards } = r.data;
  const records: CardRecord[] = cards.map((c) => ({ ...c }));
  const dgs = writeSet({ code: set.code, name: set.name, ruleset: set.ruleset ?? "dbe", types: set.types ?? null }, records);
  return { dgs, cards: records.length };
}
