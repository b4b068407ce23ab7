/**
 * The DCG effect model (issue 14; 002 chapters 10–13): the interpreter of DCG card-text IR
 * (`runtime/lang/dcg/ir.ts`) as the DCG rules' effect host. Modules, bottom up (no module
 * imports one above it):
 * `frame.ts` (state, things, contexts) ← `units.ts` (the kinds of effect, 002 §10-1-4) ←
 * `memo.ts` (caches of reads, re-entrance guards) ← `select.ts` (noun phrases, filters,
 * values) ← `conditions.ts` (002 §10-2) ← `in-force.ts` (the continuous effects in force,
 * 002 §10-1-5) ← `immunity.ts` ("unaffected by effects", 002 §13-5) ← `continuous.ts` (the
 * values continuous and lasting effects give, 002 §10-1-5, §13-2) ← `durations.ts` (lasting,
 * granted and delayed effects) ← `triggers.ts` (002 §4-5, §10-4, §13-3) ← `activation.ts`
 * (starting an effect, 002 §10-3-1), `decisions.ts` (decisions inside a step) ← `targets.ts`
 * (an effect's targets, 002 §10-3-3) ← `keywords.ts` (002 chapter 12) ← `steps.ts` (one
 * handler per verb) ← `run.ts` (carrying out an effect, 002 §10-3, §11-7, §11-8) ← `host.ts`
 * (the `EffectHost`, the `DCG_EFFECTS` ruleset) — and `supported.ts` (what it cannot perform
 * yet: the cards it refuses). Where a lower module needs a value of a higher one (a noun
 * phrase reads the names "also treated as", which continuous effects give, whose "while"
 * conditions are noun phrases), it reads it through the effect host (`events.ts` `hostOf`),
 * as the rules do.
 */
export { DCG_EFFECTS, DCG_EFFECT_HOST, DCG_EFFECT_TASKS } from "./host.ts";
export { checkDcgLoadable, dcgUnsupported, type DcgLoadError } from "./supported.ts";
