/**
 * The catalogue of DigiScript constructs: one example each, with the rules section it
 * comes from. It drives `docs/language.md`, the golden tests, the "nearest known
 * construct" hint on parse errors, and completion.
 *
 * Sources: `000_012504f4614e5b24.txt` (DBE) unless stated.
 */

/** A construct of the card-text language. */
export interface Construct {
  /** Stable id, e.g. `verb.boost`. */
  id: string;
  /** Section of the language it belongs to. */
  group: "structure" | "timing" | "verb" | "ability" | "operand" | "evo" | "dmb";
  /** Short name. */
  name: string;
  /** One example of card text using it, in canonical spelling. */
  example: string;
  /** Where the example is parsed: card text, an evo-box entry or an attack ability. */
  entry: "text" | "evo" | "ability";
  /** The rules section it implements (file name and section). */
  source: string;
  /**
   * The one ruleset whose sets accept it, when only that ruleset's rules define it (group
   * "dmb": DMB's `003_7a740b8ec9103d40.txt` has it and DBE's `000_012504f4614e5b24.txt` does
   * not). Absent: every DBE-family set (`ruleset dbe` and `ruleset dmb`). The grammar reads
   * it everywhere and marks it with a `rulesetOnly` ref; the checker refuses it in a set of
   * another ruleset, with {@link otherwise} as the hint (compiler/check/refs.ts).
   */
  ruleset?: "dmb";
  /** For a construct of one ruleset: what a set of another ruleset writes instead (the error's hint). */
  otherwise?: string;
}

/**
 * A wording the rules use that the grammar reads as another spelling of a construct: it
 * compiles to the same IR as `canonical`, which is what the canonical printer writes. Listed
 * in docs/language.md; tests/golden.test.ts checks the IR and tests/print.test.ts the print.
 */
export interface Spelling {
  /** The rules' wording, as a designer may write it. */
  example: string;
  /** The canonical spelling it reads as (same IR). */
  canonical: string;
  /** Where it is parsed. */
  entry: "text" | "evo" | "ability";
  /** The rules section that uses the wording. */
  source: string;
}

const D = "000_012504f4614e5b24.txt";
/** The DMB rules (Digimon Battles), for the constructs and spellings only they define. */
const M = "003_7a740b8ec9103d40.txt";

/** Every construct, grouped as in `docs/language.md`. */
export const CONSTRUCTS: readonly Construct[] = [
  // Structure of text
  { id: "structure.sentence", group: "structure", name: "Sentence = effect", example: "Draw 1. Boost own Power +100.", entry: "text", source: `${D}, Anatomy of Cards item 14` },
  { id: "structure.cost", group: "structure", name: "Cost before a colon", example: "Trash 3: Opponent discards 2.", entry: "text", source: `${D}, FAQ "Costs vs Effects"` },
  { id: "structure.must", group: "structure", name: '"Must" cost', example: "Must Trash 6: Recover own HP +1000.", entry: "text", source: `${D}, FAQ "Must in a cost" (BR-171 Mega Disk)` },
  { id: "structure.onceperturn", group: "structure", name: "[1/Turn] cost", example: "[1/Turn] Discard 1: Draw 2.", entry: "text", source: `${D}, Glossary "[1/Turn]"` },
  { id: "structure.if", group: "structure", name: "If … condition", example: "If own Level is R, Boost own Power +300.", entry: "text", source: `${D}, FAQ "Conditionals"` },
  { id: "structure.ifnot", group: "structure", name: "If not (new sentence)", example: "If both attacks are same, Boost own Power +400. If not, Recycle 3 and shuffle.", entry: "text", source: `${D}, FAQ "Conditionals" (EX-035 Palmon)` },
  { id: "structure.otherwise", group: "structure", name: "; Otherwise,", example: "If own HP is less than 200, Boost own Power +300; Otherwise, Draw 1.", entry: "text", source: `${D}, FAQ "Conditionals"` },
  { id: "structure.chain", group: "structure", name: "Chains with and / then / commas", example: "Discard this active, then own HP is 10.", entry: "text", source: `${D}, FAQ "Leaving a zone" (BR-130 Etemon)` },
  { id: "structure.permanent", group: "structure", name: "(Parenthesised) permanent effect", example: "(Ignore costs.)", entry: "text", source: `${D}, Glossary "(Parenthesis text)"` },
  // Timings
  { id: "timing.card", group: "timing", name: "Card timing", example: "SUPPORT: Boost own Power +300.", entry: "text", source: `${D}, Anatomy of Cards item 13` },
  { id: "timing.support", group: "timing", name: "Support:", example: "Support: Pay 10 DP from this: Void a Digimon Support.", entry: "text", source: `${D}, FAQ "lowercase timings" (BIT-052 Immortalize)` },
  { id: "timing.ownprep", group: "timing", name: "Own Prep Phase:", example: "Own Prep Phase: Draw 1.", entry: "text", source: `${D}, FAQ "lowercase timings"` },
  { id: "timing.evolvephase", group: "timing", name: "Evolve Phase:", example: "Evolve Phase: Recover own HP +100.", entry: "text", source: `${D}, Evolution Phase step 1` },
  { id: "timing.passive", group: "timing", name: "Passive:", example: "Passive: When opponent discards, Draw 1.", entry: "text", source: `${D}, FAQ "Interrupting effects/triggers" (Ebemon)` },
  { id: "timing.atend", group: "timing", name: "At End,", example: "At End, if able, Discard this active, then own HP is 10.", entry: "text", source: `${D}, FAQ "Leaving a zone" (BR-130 Etemon)` },
  { id: "timing.whileattached", group: "timing", name: "While attached,", example: "While attached, Boost own Circle Power +100.", entry: "text", source: `${D}, FAQ "lowercase timings"` },
  { id: "timing.activezone", group: "timing", name: "Active Zone:", example: "Active Zone: Boost own Power +100.", entry: "text", source: `${D}, FAQ "lowercase timings"` },
  { id: "timing.anyphase", group: "timing", name: "Any Phase:", example: "Any Phase: Draw 1.", entry: "text", source: `${D}, Glossary "Any Phase"` },
  { id: "timing.anysupport", group: "timing", name: "Any Support Phase:", example: "Any Support Phase: Void an Option.", entry: "text", source: `${D}, FAQ "lowercase timings"` },
  { id: "timing.eithersupport", group: "timing", name: "Either Support Phase:", example: "Either Support Phase: Recover own HP +200.", entry: "text", source: `${D}, FAQ "ACTIVATE timing"` },
  { id: "timing.nested", group: "timing", name: "Nested timings", example: "Passive, Support Phase: When opponent discards, Draw 1.", entry: "text", source: `${D}, FAQ "lowercase timings"` },
  { id: "timing.whenevolving", group: "timing", name: "When evolving", example: "When evolving, Draw 1.", entry: "text", source: `${D}, Evolution Phase 4.9` },
  { id: "timing.whenevolvingbydp", group: "timing", name: "When evolving by DP", example: "When evolving by DP, Delete this card.", entry: "text", source: `${D}, Evolution Phase 4.10 (Super Tag)` },
  { id: "timing.afterevolving", group: "timing", name: "After evolving", example: "After evolving, Recover own HP +200.", entry: "text", source: `${D}, Evolution Phase 4.11` },
  { id: "timing.turbo.cost", group: "timing", name: "Turbo: <cost>", example: "Turbo: Discard 1.", entry: "text", source: `${D}, Glossary "Turbo" form 1` },
  { id: "timing.turbo.condition", group: "timing", name: "Turbo Evolve, if <condition>", example: "Turbo Evolve, if own Level is lower.", entry: "text", source: `${D}, Glossary "Turbo" form 2` },
  { id: "timing.turbo.risk", group: "timing", name: "Turbo Support and <risk>", example: "Turbo Support and Boost opponent's Power +200.", entry: "text", source: `${D}, Glossary "Turbo" form 3` },
  { id: "timing.databreak", group: "timing", name: "Data Break:", example: "Data Break: Draw 2.", entry: "text", source: `${D}, Glossary "Data Break"` },
  { id: "timing.access", group: "timing", name: "Access [type]:", example: "Access [Dragon]: Boost own Power +200.", entry: "text", source: `${D}, Glossary "Access"` },
  // Verbs
  { id: "verb.boost", group: "verb", name: "Boost", example: "Boost own Power +300.", entry: "text", source: `${D}, Glossary "Boost"` },
  { id: "verb.boost.attack", group: "verb", name: "Boost an attack", example: "Boost own Circle Power +100.", entry: "text", source: `${D}, FAQ "Leaving a zone" (EX-018 Courage Crest)` },
  { id: "verb.boost.per", group: "verb", name: "Boost per count", example: "Boost own Power +100 for each card in own DP.", entry: "text", source: `${D}, Glossary "Boost"` },
  { id: "verb.recover", group: "verb", name: "Recover", example: "Recover own HP +200.", entry: "text", source: `${D}, Glossary "Recover"` },
  { id: "verb.lower", group: "verb", name: "Lower (Power or HP down)", example: "Lower opponent's Power -300.", entry: "text", source: `${D}, Glossary "Boost" (lowering is a negative Boost; "Effects that exempt you from costs": "Supports cannot lower own HP")` },
  { id: "verb.set", group: "verb", name: "Set a stat", example: "Own HP is 10.", entry: "text", source: `${D}, FAQ "Leaving a zone" (BR-130 Etemon)` },
  { id: "verb.scale", group: "verb", name: "Double / Halve / Triple", example: "Halve own HP: Boost own Power +400.", entry: "text", source: `${D}, FAQ "Costs vs Effects"` },
  { id: "verb.recode", group: "verb", name: "Recode X", example: "Recode 3.", entry: "text", source: `${D}, Glossary "Recode X"` },
  { id: "verb.corrupt", group: "verb", name: "Corrupt X", example: "Corrupt 2.", entry: "text", source: `${D}, Glossary "Corrupt X"` },
  { id: "verb.recycle", group: "verb", name: "Recycle X", example: "Recycle 3 and shuffle.", entry: "text", source: `${D}, Glossary "Recycle X"` },
  { id: "verb.recycleany", group: "verb", name: "Recycle any", example: "Recycle any.", entry: "text", source: `${D}, Glossary "Recycle any"` },
  { id: "verb.trash", group: "verb", name: "Trash X", example: "Opponent trashes 2.", entry: "text", source: `${D}, Glossary "Trash X"` },
  { id: "verb.static", group: "verb", name: "Static X", example: "Static 2 own trash.", entry: "text", source: `${D}, Attack Abilities "Static X"` },
  { id: "verb.take", group: "verb", name: "Take (cherrypicking)", example: "Take 1 Evolution from deck.", entry: "text", source: `${D}, Glossary "Take"; FAQ "Cherrypicking Rules"` },
  { id: "verb.take.partial", group: "verb", name: "Take a partial name", example: 'Take 1 "-devi-" card from deck.', entry: "text", source: `${D}, Evolution Phase 4.3` },
  { id: "verb.attach", group: "verb", name: "Attach", example: "Attach Vademon from deck to own Dragon.", entry: "text", source: `${D}, FAQ "Attachment conditions" (Tyrannomon)` },
  { id: "verb.void", group: "verb", name: "Void", example: "Void a Digimon Support.", entry: "text", source: `${D}, Glossary "Void"` },
  { id: "verb.revive", group: "verb", name: "Revive / Set Revival", example: "Revive 500 HP.", entry: "text", source: `${D}, Glossary "Revive"` },
  { id: "verb.flatten", group: "verb", name: "Flatten", example: "Flatten opponent.", entry: "text", source: `${D}, Glossary "Flatten"` },
  { id: "verb.delete", group: "verb", name: "Delete", example: "Delete this card.", entry: "text", source: `${D}, Glossary "Delete"` },
  { id: "verb.discard", group: "verb", name: "Discard", example: "Opponent discards 2.", entry: "text", source: `${D}, Glossary "Discard"` },
  { id: "verb.discardhand", group: "verb", name: "Discard a whole zone", example: "Discard own hand.", entry: "text", source: `${D}, FAQ "Interrupting effects" (Ogremon)` },
  { id: "verb.discardany", group: "verb", name: "Discard any", example: "Discard any 1 in opponent's DP.", entry: "text", source: `${D}, FAQ "Discard any…"` },
  { id: "verb.discardrandom", group: "verb", name: "Discard randomly", example: "Opponent discards 1 at random.", entry: "text", source: `${D}, FAQ "Player discards"` },
  { id: "verb.draw", group: "verb", name: "Draw", example: "Draw 2.", entry: "text", source: `${D}, Prep Phase step 2` },
  { id: "verb.darkdraw", group: "verb", name: "Dark Draw", example: "Dark Draw 1.", entry: "text", source: `${D}, Glossary "Dark [action]"` },
  { id: "verb.darkdiscard", group: "verb", name: "Dark Discard", example: "Dark Discard 1.", entry: "text", source: `${D}, Glossary "Dark [action]"` },
  { id: "verb.darktake", group: "verb", name: "Dark Take", example: "Dark Take 1 Option from deck.", entry: "text", source: `${D}, Glossary "Dark [action]", "Take"` },
  { id: "verb.darktrash", group: "verb", name: "Dark Trash", example: "Dark Trash 2.", entry: "text", source: `${D}, Glossary "Dark [action]", "Trash X"` },
  { id: "verb.attachletter", group: "verb", name: "Attach from D/T/H", example: "Attach 1 Option from T.", entry: "text", source: `${D}, Attack Abilities "Attach D/T/H"; Glossary "Attach"` },
  { id: "verb.evolveto", group: "verb", name: "evolve to", example: "Evolve to a valid C from deck.", entry: "text", source: `${D}, FAQ "Conditionals" (DB-013 Biyomon)` },
  { id: "verb.asevolved", group: "verb", name: "as evolved", example: "Evolve to Greymon from hand as evolved.", entry: "text", source: `${D}, Evolution Phase 4.6` },
  { id: "verb.downgrade", group: "verb", name: "Downgrade", example: "Downgrade own Digimon by 1 Level.", entry: "text", source: `${D}, Evolution Phase 4.13` },
  { id: "verb.putdp", group: "verb", name: "Put the top N … into DP", example: "Put the top 1 Digimon of own deck into DP.", entry: "text", source: `${D}, FAQ "Putting unknown cards…" example 1` },
  { id: "verb.putdpamong", group: "verb", name: "Put N … from the top M into DP", example: "Put 1 Digimon from the top 5 of own deck into DP.", entry: "text", source: `${D}, FAQ "Putting unknown cards…" example 2` },
  { id: "verb.putthis", group: "verb", name: "Put this into DP", example: "Put this into DP.", entry: "text", source: `${D}, FAQ "Interrupting effects" (Ogremon)` },
  { id: "verb.pay", group: "verb", name: "Pay X DP from this", example: "Pay 30 DP from this: Void an Option.", entry: "text", source: `${D}, FAQ "Paying DP" (BIT-052 Immortalize)` },
  { id: "verb.lowerdp", group: "verb", name: "-X0 +P (a player's DP lowered)", example: "Opponent -20 +P.", entry: "text", source: `${D}, Evolution Phase 4.8 ("-X0 +P" lowers the DP a player has, even to negative numbers)` },
  { id: "verb.ignore", group: "verb", name: "Ignore DP/type/level", example: "Ignore type, level and DP.", entry: "text", source: `${D}, Evolution Phase 4.7` },
  { id: "verb.enables", group: "verb", name: "Enables …", example: "Enables evolution to the same level.", entry: "text", source: `${D}, Evolution Phase 4.14` },
  { id: "verb.alsocounts", group: "verb", name: "Also counts as [Name]", example: "Also counts as [Agumon].", entry: "text", source: `${D}, Glossary "Also counts as"` },
  { id: "verb.alias", group: "verb", name: "Alias", example: "Alias [Agumon].", entry: "text", source: `${D}, Glossary "Also counts as"` },
  { id: "verb.changetype", group: "verb", name: "Change type", example: "Change own type to Dragon.", entry: "text", source: `${D}, End Phase step 3.1` },
  { id: "verb.changename", group: "verb", name: "Change name", example: "Change own name to [Greymon].", entry: "text", source: `${D}, End Phase step 3.1` },
  { id: "verb.useattack", group: "verb", name: "Change attack", example: "Opponent uses Circle.", entry: "text", source: `${D}, FAQ "Jamming oddballs"` },
  { id: "verb.gain", group: "verb", name: "Gain an attack ability", example: "Get 1st Attack.", entry: "text", source: `${D}, Battle Phase step 3.3` },
  { id: "verb.gainon", group: "verb", name: "Gain an ability on one attack", example: "Own Triangle gets Jamming.", entry: "text", source: `${D}, FAQ "Which attack abilities can Jamming void?"` },
  { id: "verb.prohibit", group: "verb", name: "cannot …", example: "Own HP cannot be lowered except by an attack (costs are 0).", entry: "text", source: `${D}, FAQ "Costs vs Effects" (EX-094 UlforceVdramon)` },
  { id: "verb.donotuse", group: "verb", name: "Do not use with <Level>", example: "Do not use with Level M.", entry: "text", source: `${D}, Evolution Phase POINT "Do not use with"` },
  { id: "verb.activateEvoBonus", group: "verb", name: "Activate an evo-bonus", example: "Activate an evo-bonus.", entry: "text", source: `${D}, Evolution Phase POINT "activate an evo-bonus"` },
  // Attack abilities
  { id: "ability.first", group: "ability", name: "1st Attack", example: "1st Attack", entry: "ability", source: `${D}, Attack Abilities "1st Attack"` },
  { id: "ability.second", group: "ability", name: "2nd Attack", example: "2nd Attack", entry: "ability", source: `${D}, Battle Phase step 3.3.2` },
  { id: "ability.tozero", group: "ability", name: "<attack> to 0", example: "Circle to 0", entry: "ability", source: `${D}, Attack Abilities "to 0"` },
  { id: "ability.counter", group: "ability", name: "Counter <attack>", example: "Counter Circle", entry: "ability", source: `${D}, Attack Abilities "Counter"` },
  { id: "ability.crash", group: "ability", name: "Crash", example: "Crash", entry: "ability", source: `${D}, Attack Abilities "Crash"` },
  { id: "ability.drain", group: "ability", name: "Drain", example: "Drain", entry: "ability", source: `${D}, Attack Abilities "Drain"` },
  { id: "ability.flatten", group: "ability", name: "Flatten [...]", example: "Flatten [Level C]", entry: "ability", source: `${D}, Attack Abilities "Flatten"` },
  { id: "ability.grudge", group: "ability", name: "Grudge <attack>", example: "Grudge Cross", entry: "ability", source: `${D}, Attack Abilities "Grudge"` },
  { id: "ability.jamming", group: "ability", name: "Jamming", example: "Jamming", entry: "ability", source: `${D}, Attack Abilities "Jamming"` },
  { id: "ability.killer", group: "ability", name: "Killer <attack>", example: "Killer Triangle", entry: "ability", source: `${D}, Attack Abilities "Killer"` },
  { id: "ability.shatter", group: "ability", name: "Shatter", example: "Shatter", entry: "ability", source: `${D}, Attack Abilities "Shatter"` },
  { id: "ability.x3vs", group: "ability", name: "<Type> x3 VS", example: "Dragon x3 VS", entry: "ability", source: `${D}, Attack Abilities "[Type] x3 VS"` },
  { id: "ability.draw", group: "ability", name: "Draw X", example: "Draw 2", entry: "ability", source: `${D}, Attack Abilities "Draw X"` },
  { id: "ability.trash", group: "ability", name: "Trash X", example: "Trash 3", entry: "ability", source: `${D}, Attack Abilities "Trash X"` },
  { id: "ability.recode", group: "ability", name: "Recode X", example: "Recode 3", entry: "ability", source: `${D}, Attack Abilities "Recode X"` },
  { id: "ability.recycle", group: "ability", name: "Recycle X", example: "Recycle 2", entry: "ability", source: `${D}, Attack Abilities "Recycle X"` },
  { id: "ability.attach", group: "ability", name: "Attach D/T/H", example: "Attach T", entry: "ability", source: `${D}, Attack Abilities "Attach D/T/H"` },
  { id: "ability.static", group: "ability", name: "Static X", example: "Static 2", entry: "ability", source: `${D}, Attack Abilities "Static X"` },
  { id: "ability.corrupt", group: "ability", name: "Corrupt X", example: "Corrupt 2", entry: "ability", source: `${D}, Attack Abilities "Corrupt X"` },
  // Operands
  { id: "operand.players", group: "operand", name: "Players: own, opponent, Ⓞ, both", example: "Boost both players' Power +200.", entry: "text", source: `${D}, Glossary "Boost", "symbol"` },
  { id: "operand.oppsymbol", group: "operand", name: "The opponent symbol Ⓞ", example: "Ⓞ discards 1.", entry: "text", source: `${D}, Glossary "symbol – Means opponent"` },
  { id: "operand.types", group: "operand", name: "Types", example: "If opponent's type is Dragon or Metal, Boost own Power +200.", entry: "text", source: `${D}, Glossary "Type"` },
  { id: "operand.levels", group: "operand", name: "Levels", example: "If opponent's Level is M, Recover own HP +500.", entry: "text", source: `${D}, Glossary "Level"` },
  { id: "operand.attacks", group: "operand", name: "Attacks", example: "If opponent used Cross, Boost own Power +300.", entry: "text", source: `${D}, Anatomy of Cards item 10` },
  { id: "operand.hp", group: "operand", name: "HP comparisons", example: "If own HP is less than opponent's HP, Recover own HP +300.", entry: "text", source: `${D}, Glossary "Recover"` },
  { id: "operand.hand", group: "operand", name: "Hand size", example: "If own hand is 3 or more, Boost own Power +100.", entry: "text", source: `${D}, Prep Phase step 2` },
  { id: "operand.zones", group: "operand", name: "Deck, trash, Dark Area, attachment counts", example: "If opponent's trash has 10 or more cards, Static 3.", entry: "text", source: `${D}, Glossary "Static X", "Dark Area", "Attachment Slot"` },
  { id: "operand.deck", group: "operand", name: "Deck size", example: "If own deck is 10 or less, Recycle 3.", entry: "text", source: `${D}, Glossary "Recycle X"` },
  { id: "operand.plusp", group: "operand", name: "+P", example: "If own +P is 20 or more, Draw 1.", entry: "text", source: `${D}, Anatomy of Cards item 7` },
  { id: "operand.partial", group: "operand", name: "Partial names", example: 'If own name is "-dramon", Boost own Power +100.', entry: "text", source: `${D}, Evolution Phase 4.3` },
  // Evo-box
  { id: "evo.bonus", group: "evo", name: "Bonus with qualifying names", example: "Draw 2: -dramon (C)", entry: "evo", source: `${D}, Evolution Phase 4.3` },
  { id: "evo.discount", group: "evo", name: "DP discount", example: "DP -10", entry: "evo", source: `${D}, Evolution Phase 4.8` },
  { id: "evo.dna", group: "evo", name: "DNA requirement", example: "DNA: Airdramon + Metal Level C", entry: "evo", source: `${D}, Evolution Phase 5.2.2.2` },
  { id: "evo.dnaany", group: "evo", name: "DNA, comma form", example: "DNA: Agumon, Gabumon, Patamon", entry: "evo", source: `${D}, Evolution Phase 5.2.2` },
  { id: "evo.negative", group: "evo", name: "Negative bonus (applies to the opponent)", example: "Discard 1: Agumon", entry: "evo", source: `${D}, FAQ "Negative Effects in Evo-boxes"` },
  { id: "evo.permanent", group: "evo", name: "Permanent (∞) bonus", example: "∞ Power +40: Agumon", entry: "evo", source: `${D}, FAQ "Permanents in Evolution Boxes"` },
  { id: "evo.from", group: "evo", name: "Evolves-from name", example: "Agumon", entry: "evo", source: `${D}, Evolution Phase 5.1.2.4` },
  // DMB vocabulary (`ruleset dmb` sets only)
  {
    id: "dmb.alsotype",
    group: "dmb",
    name: "Also [Type]",
    example: "(Also Jungle.)",
    entry: "text",
    source: `${M}, Glossary "Also [Type]"`,
    ruleset: "dmb",
    otherwise: "a DBE card prints the types beyond its primary type in its subtypes bar, `subtypes: Jungle` (000 Anatomy of Cards item 15)",
  },
  {
    id: "dmb.evodp",
    group: "dmb",
    name: "DP +X0 bonus",
    example: "DP +10: Agumon",
    entry: "evo",
    source: `${M}, Evolution requirement 1 ("DP bonuses (+) are acquired *after* evolution") and End Phase 3.4`,
    ruleset: "dmb",
    otherwise: 'in a DBE set "DP -X0" lowers the DP cost (000 Evolution Phase 4.8) and "Own DP +10: …" is a bonus that gains DP',
  },
  {
    id: "dmb.putany",
    group: "dmb",
    name: "Put any … from own deck into DP",
    example: "Put any Digimon from own deck into DP.",
    entry: "text",
    source: `${M}, FAQ "Putting unknown cards from a hidden zone into a visible zone"`,
    ruleset: "dmb",
    otherwise: 'a DBE set puts cards from the deck into DP with "Put the top 1 Digimon of own deck into DP." or "Put 1 Digimon from the top 5 of own deck into DP." (000 FAQ "Putting unknown cards…" examples 1–2)',
  },
];

/**
 * The rules' own wordings that read as another spelling of a construct (see {@link Spelling}).
 * Both DBE and DMB sets accept them.
 */
export const SPELLINGS: readonly Spelling[] = [
  { example: "Dragon x3", canonical: "Dragon x3 VS", entry: "ability", source: `${D} and ${M}, Attack Abilities "[Type] x3 VS (or x3 for short)"` },
  {
    example: "Put the top Digimon of own deck into own DP.",
    canonical: "Put the top 1 Digimon of own deck into DP.",
    entry: "text",
    source: `${M}, FAQ "Putting unknown cards from a hidden zone into a visible zone" (000 example 1 writes "the top 1 Digimon of own deck into DP"; "own DP" is 000's too: Evolution Phase 4.10)`,
  },
];

/** The construct with this id, or undefined. */
export function constructById(id: string): Construct | undefined {
  return CONSTRUCTS.find((c) => c.id === id);
}

const WORD = /[a-z0-9]+/g;

let examples: { c: Construct; ex: Set<string>; first: string | undefined }[] | null = null;
function exampleWords() {
  examples ??= CONSTRUCTS.map((c) => {
    const ws = c.example.toLowerCase().match(WORD) ?? [];
    return { c, ex: new Set(ws), first: ws[0] };
  });
  return examples;
}

/**
 * The construct whose example shares the most words with `sentence` (first word counts
 * double). Used for the "nearest known construct" hint on errors.
 * @returns the construct, or null for empty input
 */
export function nearestConstruct(sentence: string): Construct | null {
  let hit = nearestMemo.get(sentence);
  if (hit === undefined) {
    hit = nearestNow(sentence);
    if (nearestMemo.size >= 4096) nearestMemo.clear();
    nearestMemo.set(sentence, hit);
  }
  return hit;
}

/** Answers of {@link nearestConstruct} by sentence: a set repeats its unreadable sentences (and the language service asks on every keystroke). */
const nearestMemo = new Map<string, Construct | null>();

function nearestNow(sentence: string): Construct | null {
  const words = sentence.toLowerCase().match(WORD) ?? [];
  if (words.length === 0) return null;
  let best: Construct | null = null;
  let bestScore = 0;
  const uniq = new Set(words);
  for (const { c, ex, first } of exampleWords()) {
    let score = 0;
    for (const w of uniq) if (ex.has(w)) score += 1;
    if (first === words[0]) score += 2;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}
