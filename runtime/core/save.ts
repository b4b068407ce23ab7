/**
 * Saved games: the file format and its validation.
 *
 * A save is `{ format, ruleset, seed, setup, choices, digest }` (JSON). Loading replays the
 * choices from the seed (`engine.ts` `replayGame`), so a save is only as trustworthy as its
 * check: every field is validated here before a game is built, and the ruleset checks the
 * setup (`Ruleset.checkSetup`: a DBE save with a deck `duel` would refuse does not load).
 * Every problem is one line naming the field, e.g.
 * `save: choices[3][0]: expected a whole number ≥ 0, got "x"`.
 */
import { z } from "zod";
import type { Choice } from "./decision.ts";
import { describeValue } from "./describe.ts";
import { seedProblem } from "./rng.ts";

/** The format tag of a save file. */
export const SAVE_FORMAT = "digiscript-game/1";

/** A saved game (JSON). Loading replays the choices from the seed. */
export interface SavedGame<S = unknown> {
  format: "digiscript-game/1";
  /** The ruleset id, e.g. "dbe". */
  ruleset: string;
  /** The game's seed (`rng.ts` {@link SEED_MIN} … {@link SEED_MAX}). */
  seed: number;
  /** The ruleset's setup data (decks, options), checked by `Ruleset.checkSetup` on loading. */
  setup: S;
  /** Every answer given, in order: option indices (whole numbers ≥ 0). */
  choices: Choice[];
  /** SHA-256 of the game at save time (64 lowercase hex characters); loading checks it. */
  digest: string;
}

/**
 * A malformed or unusable save. The message is one line, `save: <field>: <problem>`
 * (`save: <problem>` for the save as a whole); `field` is a path such as `choices[3][0]` or
 * `setup.seats[1]`.
 */
export class SaveError extends Error {
  override name = "SaveError";
  /** The field at fault, as a path ("" for the save as a whole). */
  readonly field: string;
  /** What is wrong, without the field. */
  readonly problem: string;

  /**
   * @param field the path of the field at fault ("" for the whole save)
   * @param problem what is wrong, one line
   */
  constructor(field: string, problem: string) {
    super(field ? `save: ${field}: ${problem}` : `save: ${problem}`);
    this.field = field;
    this.problem = problem;
  }
}

/**
 * A zod issue path as a field path: `["choices", 3, 0]` → `choices[3][0]`, with an optional
 * prefix (`setup` → `setup.seats[0].main`).
 */
export function fieldPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const k of path) out += typeof k === "number" ? `[${k}]` : out === "" ? String(k) : `.${String(k)}`;
  return out;
}

/**
 * Parse a value with a zod schema, turning the first problem into a {@link SaveError}.
 * Messages that do not say what they got are completed with ", got <value>".
 * @param schema the schema; `prefix` is the path of the value in the save (e.g. "setup")
 * @returns the parsed value
 * @throws SaveError naming the field of the first issue
 */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, prefix = ""): T {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const input = (issue as { input?: unknown }).input;
  const message = issue.message.includes(", got ") ? issue.message : `${issue.message}, got ${describeValue(input)}`;
  throw new SaveError(fieldPath(issue.path, prefix), message);
}

const WHOLE = "expected a whole number ≥ 0";

/** The fields of a save other than `format` and `ruleset` (checked first, with their own messages). */
const SAVE_BODY = z.object({
  seed: z.unknown().superRefine((v, ctx) => {
    const p = seedProblem(v);
    if (p !== null) ctx.addIssue({ code: "custom", message: p });
  }),
  setup: z.unknown().superRefine((v, ctx) => {
    if (v === undefined) ctx.addIssue({ code: "custom", message: "missing (the decks and options of the game), got nothing" });
  }),
  choices: z.array(z.array(z.int({ error: WHOLE }).min(0, { error: WHOLE }), { error: "expected a list of option indices" }), { error: "expected a list of answers (lists of option indices)" }),
  digest: z.string({ error: "expected 64 lowercase hex characters (the SHA-256 of the saved game)" }).regex(/^[0-9a-f]{64}$/, { error: "expected 64 lowercase hex characters (the SHA-256 of the saved game)" }),
});

/**
 * Check the envelope of a save: a JSON object of format {@link SAVE_FORMAT} for ruleset
 * `rulesetId`, with a valid seed (`rng.ts` `seedProblem`), a setup, a list of choices (lists
 * of whole numbers ≥ 0) and a digest (64 lowercase hex characters). The setup itself is the
 * ruleset's to check (`Ruleset.checkSetup`).
 * @param raw the parsed JSON of a save file (anything)
 * @param rulesetId the ruleset the save must be for
 * @returns the save, typed
 * @throws SaveError naming the field: `save: format: not a DigiScript saved game (format …)`,
 *   `save: ruleset: saved game is for ruleset dbe, not toy`, `save: seed: …`, `save: choices[3][0]: …`
 */
export function parseSave(raw: unknown, rulesetId: string): SavedGame {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new SaveError("", `expected a saved game (a JSON object), got ${describeValue(raw)}`);
  const o = raw as Record<string, unknown>;
  if (o.format !== SAVE_FORMAT) throw new SaveError("format", `not a DigiScript saved game (format ${describeValue(o.format)}, expected "${SAVE_FORMAT}")`);
  if (typeof o.ruleset !== "string") throw new SaveError("ruleset", `expected a ruleset id such as "dbe", got ${describeValue(o.ruleset)}`);
  if (o.ruleset !== rulesetId) throw new SaveError("ruleset", `saved game is for ruleset ${/^[\w.-]{1,40}$/.test(o.ruleset) ? o.ruleset : describeValue(o.ruleset)}, not ${rulesetId}`);
  const body = parseOrThrow(SAVE_BODY, raw);
  return { format: SAVE_FORMAT, ruleset: o.ruleset, seed: body.seed as number, setup: body.setup, choices: body.choices, digest: body.digest };
}
