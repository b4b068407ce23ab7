/**
 * The DCG effect model (issue 14; 002 chapters 10–13): the interpreter of DCG card-text IR
 * (`runtime/lang/dcg/ir.ts`) as the DCG rules' effect host. Modules, bottom up:
 * `frame.ts` (state, things, contexts) ← `units.ts` (the kinds of effect, 002 §10-1-4) ←
 * `select.ts` (noun phrases, filters, values) ↔ `continuous.ts` (continuous and lasting effects,
 * 002 §10-1-5, §13-2) ↔ `immunity.ts` ("unaffected by effects", 002 §13-5) ← `conditions.ts` (002 §10-2) ← `durations.ts` (lasting, granted and delayed
 * effects) ← `triggers.ts` (002 §4-5, §10-4, §13-3) ← `run.ts` (activating an effect, 002 §10-3,
 * §11-7, §11-8) ↔ `steps.ts` (one handler per verb) ↔ `keywords.ts` (002 chapter 12) ←
 * `host.ts` (the `EffectHost`, the `DCG_EFFECTS` ruleset) — and `supported.ts` (what it cannot
 * perform yet: the cards it refuses).
 */
export { DCG_EFFECTS, DCG_EFFECT_HOST, DCG_EFFECT_TASKS } from "./host.ts";
export { checkDcgLoadable, dcgUnsupported, type DcgLoadError } from "./supported.ts";
