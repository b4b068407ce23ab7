/**
 * Property tests of the canonical printer (`compiler/print/text.ts`) with fast-check.
 *
 * A small generator writes random card texts out of canonical sentences (and a few other
 * accepted spellings): timing labels, costs with "Must" and [1/Turn], "If …" conditions,
 * chains of actions over players, numbers, types, levels, names and attacks, "; Otherwise,"
 * and "If not," sentences, parenthesised permanents, Turbo forms and reminders. For each
 * text T: P = print(compile(T)) compiles to the same IR (apart from `text` fields) and
 * print(compile(P)) === P.
 *
 * Sources of the sentence shapes: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14,
 * FAQ "Conditionals", "Costs vs Effects", "What are lowercase timings…", Glossary, and the
 * examples of `grammar/constructs.ts`.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DBE_TYPES } from "../runtime/vocabulary.ts";
import { compileText, irKey, printEffects } from "../compiler/print/text.ts";

const player = fc.constantFrom("own", "opponent", "both");
const poss = (p: string) => (p === "own" ? "own" : p === "opponent" ? "opponent's" : "both players'");
const count = fc.integer({ min: 1, max: 9 });
const amount = fc.integer({ min: 1, max: 50 }).map((n) => n * 10);
const signed = fc.integer({ min: -30, max: 30 }).map((n) => (n < 0 ? `${n * 10}` : `+${n * 10}`));
const type = fc.constantFrom(...DBE_TYPES);
const level = fc.constantFrom("R", "C", "U", "M");
const attack = fc.constantFrom("Circle", "Triangle", "Cross");
const name = fc.constantFrom("Agumon", "Greymon", "War Greymon", '"Angel Of Light"', '"Metal"');
const partial = fc.constantFrom('"-dramon"', '"kok-"', '"-devi-"');
const zone = fc.constantFrom("hand", "deck", "trash", "DP", "Dark Area");
const source = fc.constantFrom("deck", "trash", "hand");
/** A zone counted as a quantity: "own trash", "opponent's Attachments" (Glossary "Attachment Slot"). */
const counted = fc.tuple(player, fc.constantFrom("hand", "DP", "deck", "trash", "Dark Area", "Attachments")).map(([p, z]) => `${poss(p)} ${z}`);

const filter = fc.oneof(
  fc.tuple(fc.option(level, { nil: undefined }), fc.option(type, { nil: undefined }), fc.constantFrom("Digimon", "Option", "Evolution")).map(([l, t, k]) =>
    [l ? `Level ${l}` : "", t ?? "", k].filter(Boolean).join(" "),
  ),
  name,
  partial.map((p) => `${p} card`),
  fc.constant("Partner card"),
);

const ability = fc.oneof(
  fc.constantFrom("1st Attack", "2nd Attack", "Crash", "Drain", "Jamming", "Shatter", "Counter", "Flatten"),
  attack.map((a) => `Counter ${a}`),
  attack.map((a) => `Killer ${a}`),
  attack.map((a) => `Grudge ${a}`),
  attack.map((a) => `${a} to 0`),
  type.map((t) => `${t} x3 VS`),
  type.map((t) => `${t} x3`),
  fc.tuple(fc.constantFrom("Draw", "Trash", "Recode", "Recycle", "Static", "Corrupt"), count).map(([v, n]) => `${v} ${n}`),
  fc.constantFrom("Attach D", "Attach T", "Attach H"),
  level.map((l) => `Flatten [Level ${l}]`),
);

/** One action, as the first word of a chain link (verbs capitalised, subjects not). */
const action: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(player, fc.option(attack, { nil: undefined }), signed).map(([p, a, n]) => `Boost ${poss(p)} ${a ? `${a} ` : ""}Power ${n}`),
  fc.tuple(player, amount).map(([p, n]) => `Lower ${poss(p)} Power ${n}`),
  fc.tuple(player, signed).map(([p, n]) => `Recover ${poss(p)} HP ${n}`),
  fc.tuple(amount, player, zone).map(([n, p, z]) => `Boost own Power +${n} for each card in ${poss(p)} ${z}`),
  fc.tuple(player, fc.constantFrom("HP", "Power", "Level")).map(([p, s]) => `Boost own Power by ${poss(p)} ${s}`),
  fc.tuple(player, fc.constantFrom("HP", "Power"), amount).map(([p, s, n]) => `${poss(p)} ${s} is ${n}`),
  fc.tuple(fc.constantFrom("Double", "Halve", "Triple"), player, fc.constantFrom("HP", "Power")).map(([v, p, s]) => `${v} ${poss(p)} ${s}`),
  count.map((n) => `Draw ${n}`),
  count.map((n) => `Opponent draws ${n}`),
  count.map((n) => `Dark Draw ${n}`),
  count.map((n) => `Discard ${n}`),
  count.map((n) => `opponent discards ${n} at random`),
  player.map((p) => `Discard ${poss(p)} hand`),
  count.map((n) => `Discard any ${n} in opponent's DP`),
  count.map((n) => `Trash ${n}`),
  count.map((n) => `Opponent trashes ${n}`),
  fc.tuple(count, fc.boolean()).map(([n, s]) => `Recycle ${n}${s ? " and shuffle" : ""}`),
  fc.constantFrom("Recycle any", "Recode 3", "Corrupt 2", "Static 2 own trash", "Static 1"),
  fc.tuple(count, filter, source, fc.boolean()).map(([n, f, z, r]) => `Take ${n} ${f} from ${z}${r ? " at random" : ""}`),
  fc.constant("Attach this"),
  fc.tuple(name, type).map(([n, t]) => `Attach ${n} from deck to own ${t}`),
  fc.constantFrom("Void a Digimon Support", "Void an Option", "Void own Support", "Void a Cross ability"),
  amount.map((n) => `Revive ${n} HP`),
  fc.constantFrom("Flatten opponent", "Delete this card", "Delete own active", "Put this into DP", "Reveal own hand", "Shuffle own deck"),
  level.map((l) => `Evolve to a valid Level ${l} from deck`),
  name.map((n) => `Evolve to ${n} from hand as evolved`),
  fc.tuple(player, fc.constantFrom(1, 2)).map(([p, n]) => `Downgrade ${poss(p)} Digimon by ${n} Level`),
  count.map((n) => `Put the top ${n} Digimon of own deck into DP`),
  fc.constant("Put the top Digimon of own deck into own DP"),
  fc.constantFrom("Ignore DP", "Ignore type, level and DP", "Ignore costs"),
  fc.constantFrom("Enables evolution to the same level", "Enables evolution from R to U"),
  name.map((n) => `Also counts as [${n.replace(/"/g, "")}]`),
  type.map((t) => `Change own type to ${t}`),
  attack.map((a) => `Opponent uses ${a}`),
  ability.map((a) => `Get ${a}`),
  fc.constantFrom("Cannot gain 1st Attack", "Opponent cannot evolve", "Own HP cannot be lowered except by an attack"),
  fc.constantFrom("Return own hand to deck and shuffle", "Reveal the top 3 of own deck"),
);

const chain = fc.array(action, { minLength: 1, maxLength: 3 }).map((as) => as.join(", then "));

const condTermBase: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(player, level).map(([p, l]) => `${poss(p)} Level is ${l}`),
  fc.tuple(level, level).map(([a, b]) => `own Level is not ${a} or ${b}`),
  fc.tuple(player, type, fc.boolean()).map(([p, t, n]) => `${poss(p)} type is ${n ? "not " : ""}${t}`),
  fc.tuple(fc.constantFrom("less than", "more than", "at least"), amount).map(([c, n]) => `own HP is ${c === "at least" ? `${n} or more` : `${c} ${n}`}`),
  fc.constantFrom("own HP is less than opponent's HP", "own Level is lower", "own Level is higher", "both attacks are same", "both Levels are different", "able"),
  count.map((n) => `own hand is ${n} or more`),
  fc.tuple(count, zone).map(([n, z]) => `opponent has ${n} or more cards in ${z}`),
  // counts compared with counts and stats: "own Attachments are lower", "own trash is less than opponent's deck"
  fc
    .tuple(counted, fc.constantFrom("less than", "more than", "at least", "not more than", "equal to", "not equal to"), fc.oneof(counted, fc.constantFrom("opponent's HP", "own Power", "own +P")))
    .map(([l, c, r]) => `${l} ${l.endsWith("Attachments") ? "are" : "is"} ${c} ${r}`),
  fc.tuple(counted, fc.constantFrom("lower", "higher", "not lower", "not higher")).map(([l, w]) => `${l} ${l.endsWith("Attachments") ? "are" : "is"} ${w}`),
  fc.tuple(player, attack).map(([p, a]) => `${poss(p)} attack is ${a}`),
  fc.tuple(fc.constantFrom("own", "opponent's"), fc.constantFrom('"Agumon"', '"-dramon"')).map(([p, n]) => `${p} name is ${n}`),
);
/** "opponent used Cross" only last: the grammar reads "used Cross or …" as a list of attacks. */
const usedTerm = fc.tuple(player, attack).map(([p, a]) => `${p === "both" ? "both players" : p} used ${a}`);
const condTerm = fc.oneof(condTermBase, usedTerm);
const condition = fc.oneof(
  condTerm,
  fc.tuple(condTermBase, fc.constantFrom("and", "or"), condTerm).map(([a, op, b]) => `${a} ${op} ${b}`),
);

const cost = fc.tuple(
  fc.boolean(),
  fc.boolean(),
  fc.oneof(count.map((n) => `Discard ${n}`), count.map((n) => `Trash ${n}`), amount.map((n) => `Pay ${n} DP from this`), fc.constant("Halve own HP")),
).map(([must, once, a]) => `${must ? "Must " : ""}${once ? "[1/Turn] " : ""}${a}`);

const label = fc.constantFrom(
  "",
  "Passive: ",
  "Own Prep Phase: ",
  "SUPPORT: ",
  "At End, ",
  "When opponent discards, ",
  "Any Phase: ",
  "Passive, Support Phase: ",
  "While attached, ",
  "Data Break: ",
  "Access [Dragon]: ",
  "When evolving, ",
  "Opponent's Battle Phase: ",
);

/** One effect sentence (and, after an "If" without "Otherwise", sometimes its "If not" sentence). */
const effect = fc
  .tuple(
    label,
    fc.array(cost, { maxLength: 2 }),
    fc.option(condition, { nil: undefined }),
    chain,
    fc.option(chain, { nil: undefined }),
    fc.option(chain, { nil: undefined }),
  )
  .map(([l, costs, cond, body, otherwise, ifNot]) => {
    const last = cond ? `If ${cond}, ${body}${otherwise ? `; Otherwise, ${otherwise}` : ""}` : body;
    const s = `${l}${[...costs, last].join(": ")}.`;
    return cond && !otherwise && ifNot ? `${s} If not, ${ifNot}.` : s;
  });

const sentence = fc.oneof(
  { weight: 8, arbitrary: effect },
  { weight: 1, arbitrary: chain.map((c) => `(${c}.)`) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      count.map((n) => `Turbo: Discard ${n}.`),
      condition.map((c) => `Turbo Support, if ${c}.`),
      chain.map((c) => `Turbo Evolve and ${c}.`),
    ),
  },
  { weight: 1, arbitrary: fc.constant("Battle is still lost.") },
);

const cardText = fc.array(sentence, { minLength: 1, maxLength: 4 }).map((s) => s.join(" "));

/** Inputs per property: 400 (200 for idempotence) by default; `ROUNDTRIP_RUNS=N` runs N of each (a longer search), `ROUNDTRIP_SEED=S` replays a seed. */
const RUNS = Number(process.env.ROUNDTRIP_RUNS ?? 0) || null;
const SEED = process.env.ROUNDTRIP_SEED === undefined ? {} : { seed: Number(process.env.ROUNDTRIP_SEED) };

describe("print ∘ compile is a canonical form", () => {
  it("generated texts compile, and their print round-trips to the same IR and text", () => {
    fc.assert(
      fc.property(cardText, (t) => {
        const a = compileText(t);
        expect(a.diagnostics.filter((d) => d.severity === "error"), `compiles: ${t}`).toEqual([]);
        const p = printEffects(a.effects);
        const b = compileText(p);
        expect(b.diagnostics.filter((d) => d.severity === "error"), `print compiles: ${p}`).toEqual([]);
        expect(irKey(b.effects), `same IR: ${t}\n→ ${p}`).toBe(irKey(a.effects));
        expect(printEffects(b.effects)).toBe(p);
      }),
      { numRuns: RUNS ?? 400, ...SEED },
    );
  });

  it("printing is idempotent on its own output", () => {
    fc.assert(
      fc.property(cardText, (t) => {
        const p = printEffects(compileText(t).effects);
        const q = printEffects(compileText(p).effects);
        expect(printEffects(compileText(q).effects)).toBe(q);
        expect(q).toBe(p);
      }),
      { numRuns: RUNS ?? 200, ...SEED },
    );
  });
});
