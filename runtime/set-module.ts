/**
 * Compiled set modules as a card source: the runtime plays the cards a generated
 * `index.ts` exports (a {@link SetModule}) exactly as it plays cards compiled in process —
 * each handler builds its sentence's effect, in printed order (Anatomy of Cards item 14).
 */
import type { CompiledCard } from "./card.ts";
import type { SetModule } from "./handlers.ts";

/** A compiled set module that does not have the shape generated code has. */
export class SetModuleError extends Error {
  override name = "SetModuleError";
}

/**
 * The cards of a compiled set module, as the runtime's card database takes them.
 * @param mod the module's `set` export (or default export)
 * @param origin where it was loaded from, for messages
 * @returns one card per card module: stats, printed text, and the effects its handlers build
 * @throws SetModuleError naming the card and the field when the module is not a set module
 *   (a hand-edited or foreign file), or a handler throws
 */
export function cardsOfSetModule(mod: unknown, origin: string): { code: string; name: string; ruleset: "dbe" | "dmb"; cards: CompiledCard[] } {
  const m = mod as Partial<SetModule> | null;
  if (m === null || typeof m !== "object") throw new SetModuleError(`${origin}: not a compiled set (no "set" export)`);
  if (typeof m.code !== "string" || typeof m.name !== "string") throw new SetModuleError(`${origin}: a compiled set has a string code and name`);
  if (m.ruleset !== "dbe" && m.ruleset !== "dmb") throw new SetModuleError(`${origin}: set ${m.code} has an unknown ruleset ${JSON.stringify(m.ruleset)}`);
  if (!Array.isArray(m.cards)) throw new SetModuleError(`${origin}: set ${m.code} has no card list`);
  const cards = m.cards.map((c, i): CompiledCard => {
    const where = `${origin}: card ${i + 1} of set ${m.code}`;
    if (c === null || typeof c !== "object" || typeof c.stats !== "object" || c.stats === null || typeof c.stats.setNumber !== "string") throw new SetModuleError(`${where}: no stats with a set number`);
    if (typeof c.text !== "string" || !Array.isArray(c.handlers) || !c.handlers.every((h: unknown) => typeof h === "function")) throw new SetModuleError(`${where} (${c.stats.setNumber}): text and handlers are missing`);
    try {
      return { stats: c.stats, text: c.text, effects: c.handlers.map((h: () => CompiledCard["effects"][number]) => h()) };
    } catch (e) {
      throw new SetModuleError(`${where} (${c.stats.setNumber}): a handler failed: ${(e as Error).message}`);
    }
  });
  return { code: m.code, name: m.name, ruleset: m.ruleset, cards };
}
