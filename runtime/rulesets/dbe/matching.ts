/**
 * What a card counts as, and whether it matches a card filter: its names (printed or changed,
 * and every "(Also counts as [Name].)"), its types (primary, subtypes, "(Also [Type].)", or
 * what an effect changed them to) and the IR `CardFilter` an effect or an evo-box names
 * ("a Dragon Digimon", "[Agumon]", "a Partner card"). Source: `000_012504f4614e5b24.txt`,
 * Glossary "Type", "Also counts as [Name]"; End Phase 3.1; 003 Glossary "Also [Type]".
 *
 * Read by conditions (conditions.ts), the turn's evolution checks (turn.ts), evolution,
 * attachments and the effect interpreter; it reads only the game state model and the cards'
 * facts (facts.ts), so it sits below all of them.
 */
import type { Game } from "../../core/engine.ts";
import type { CardFilter } from "../../ir.ts";
import { nameMatches } from "../../names.ts";
import { def, P } from "./model.ts";
import { factsOf } from "./facts.ts";

/**
 * The names a card counts as: its name — printed, or changed by an effect (End Phase 3.1; a
 * lingering change until End Phase 3 by 003) —
 * and every "(Also counts as [Name].)" (Glossary "Also counts as [Name]": "permanently
 * considered this name in addition").
 */
export function namesOf(g: Game, id: number): readonly string[] {
  const names = factsOf(def(g, id)).names;
  // End Phase 3.1: a name change replaces the printed name (kept on the card: effects.ts
  // changeName); null once a lingering one has ended (003, End Phase 3: end.ts).
  const changed = g.card(id).vars.name as string | null | undefined;
  return changed == null ? names : [changed, ...names.slice(1)];
}

/**
 * All types of a card: primary and subtypes (Glossary "Type") and its "(Also [Type].)" types
 * (003 Glossary "Also [Type]"), or what an effect changed them to (kept on the card until it
 * leaves: FAQ "Leaving a zone") followed by its "Also" types, which stay: the card is
 * "permanently considered this type" and they "cannot be voided" (003). Read-only: the
 * printed types are one list per card definition.
 */
export function typesOf(g: Game, id: number): readonly string[] {
  const vars = g.card(id).vars;
  const swapped = vars.types as string[] | undefined;
  const changed = vars.type as string | undefined;
  if (!swapped && !changed) return factsOf(def(g, id)).types;
  const base = swapped ?? [changed!];
  const also = factsOf(def(g, id)).alsoTypes;
  return also.length === 0 ? base : [...base, ...also.filter((t) => !base.includes(t))];
}

/**
 * Whether card `id` matches a filter (IR `CardFilter`): its kind, its level, one of its types
 * ({@link typesOf}; Glossary "Type" — subtypes count), one of its names ({@link namesOf};
 * `names.ts` `nameMatches`), and whether it is its owner's Partner. An empty part of the
 * filter matches every card. Never throws for a card of the game.
 */
export function matches(g: Game, id: number, f: CardFilter): boolean {
  const st = def(g, id).stats;
  if (f.kinds.length && !f.kinds.includes(st.kind)) return false;
  if (f.levels.length && (st.level === null || !f.levels.includes(st.level))) return false;
  if (f.types.length && !typesOf(g, id).some((t) => f.types.includes(t))) return false;
  if (f.name && !namesOf(g, id).some((n) => nameMatches(n, f.name!))) return false;
  if (f.partner !== null && (P(g, g.card(id).owner).partner === st.setNumber) !== f.partner) return false;
  return true;
}
