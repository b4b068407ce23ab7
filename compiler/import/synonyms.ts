/**
 * The synonym table for "Digimon World: Digital Card Battle" (PlayStation, the game DBE
 * descends from; importer code `dcb`): that game's card words → DBE card-text words.
 *
 * The table maps *words and fixed phrases*, never one card's sentence, and stays small:
 * anything the DBE grammar already reads (e.g. "Counterattack", "foe", "Circle Counter")
 * is left alone. The rules run in order over card text (Digimon support text, Option text)
 * and over attack-ability text; docs/import.md shows the same table (keep it in sync).
 *
 * Sources: the dcb vocabulary notes in `/work/shared/data/README.md` ("Attack Power" for
 * Power, "Online Deck" for deck, "Specialty" for type, "Eat-up HP" for Drain, "Foe x3" for
 * x3 VS) and the DBE words in `000_012504f4614e5b24.txt`, Glossary and Attack Abilities.
 */

/**
 * One rewrite rule: every match of `from` (whole words; case-insensitive except the
 * level rule, whose "A" must not match the article "a") is replaced by `to` (`$1`… refer
 * to `from`'s groups, as in `String.prototype.replace`).
 * `why` says which DBE word it is and where the dcb word comes from.
 */
export interface SynonymRule {
  from: RegExp;
  to: string;
  why: string;
}

/**
 * The dcb → DBE synonym table, applied in this order by {@link toDbeText}.
 * Order matters: quote escapes go first, the longer phrases ("Dark Foe x3",
 * "Digivolve Pts") before the shorter ones they contain.
 */
export const DCB_SYNONYMS: readonly SynonymRule[] = [
  {
    from: /\\"/g,
    to: '"',
    why: 'The source data escapes quotes as \\"; the escape is not card text.',
  },
  {
    from: /(")?\bEat-up HP\b(\.?)\1/gi,
    to: "Drain$2",
    why: 'dcb "Eat-up HP" (also quoted, as in: own attack becomes "Eat-up HP.") is the DBE attack ability Drain.',
  },
  {
    from: /\bDigimon KO['’]d in battle revives with (\d+) HP\b/gi,
    to: "Revive $1 HP",
    why: 'dcb "Digimon KO\'d in battle revives with N HP" is the DBE ability Revive N HP.',
  },
  {
    from: /\bKO['’]d Digimon revives with (\d+)(?: HP)?\b/gi,
    to: "Revive $1 HP",
    why: 'dcb "KO\'d Digimon revives with N [HP]" is the DBE ability Revive N HP (the HP is implied when missing).',
  },
  {
    from: /\bDark Foe x3\b/gi,
    to: "Darkness x3 VS",
    why: 'dcb "Dark Foe x3" abbreviates the Darkness type; DBE writes <type> x3 VS.',
  },
  {
    from: /\bFoe x3\b/gi,
    to: "x3 VS",
    why: 'dcb "<type> Foe x3" (Power x3 against that type) is DBE "<type> x3 VS".',
  },
  {
    from: /\bAttack Power(s?)\b/gi,
    to: "Power$1",
    why: 'dcb "Attack Power" is DBE Power.',
  },
  {
    from: /\bAtk Pwr\b/gi,
    to: "Power",
    why: 'dcb "Atk Pwr" abbreviates Attack Power, DBE Power.',
  },
  {
    from: /\bSpecialties\b/gi,
    to: "types",
    why: 'dcb "Specialties" are DBE types.',
  },
  {
    from: /\bSpecialty\b/gi,
    to: "type",
    why: 'dcb "Specialty" (Fire, Ice, Nature, Darkness, Rare) is the DBE type.',
  },
  {
    from: /\bOnline Deck(s?)\b/gi,
    to: "deck$1",
    why: 'dcb "Online Deck" is the DBE deck.',
  },
  {
    from: /\bOffline Pile\b/gi,
    to: "trash",
    why: 'dcb "Offline Pile" (the discard pile) is the DBE trash.',
  },
  {
    from: /\bDP Slots?\b/gi,
    to: "DP",
    why: 'dcb "DP Slot" is the DBE DP zone, written DP.',
  },
  {
    from: /\bDigivolve Pts\b/gi,
    to: "DP",
    why: 'dcb "Digivolve Pts" (Digivolve Points) are DBE DP.',
  },
  {
    from: /\bdigivol(ve|ves|ved|ving|ution|utions)\b/gi,
    to: "evol$1",
    why: 'dcb "digivolve/digivolving/digivolution" are DBE evolve/evolving/evolution.',
  },
  {
    from: /\b([Ll]evel (?:is )?)A\b/g,
    to: "$1M",
    why: 'dcb level A is imported as level M (the dcb README: "A is that game\'s highest level, which DBE calls M"), so "Level A" in text must say M too. Case-sensitive: the article "a" is never touched.',
  },
];

/** True when `offset` starts a sentence of `text`: at its start or after ". ", "! ", "? ", "(". */
function startsSentence(text: string, offset: number): boolean {
  return /(^|[.!?]\s+|\(\s*)$/.test(text.slice(0, offset));
}

/**
 * Apply a synonym table to one text, rule by rule. A lower-case replacement that starts a
 * sentence where the original word was capitalised gets a capital ("Digivolve a ..." →
 * "Evolve a ..."); otherwise the table's spelling is used as is.
 * @param text card text or attack-ability text from the source data
 * @param rules the table (default: {@link DCB_SYNONYMS})
 * @returns the rewritten text, trimmed
 */
export function applySynonyms(text: string, rules: readonly SynonymRule[] = DCB_SYNONYMS): string {
  let out = text;
  for (const rule of rules) {
    const single = new RegExp(rule.from.source, rule.from.flags.replace("g", ""));
    const global = new RegExp(rule.from.source, rule.from.flags.includes("g") ? rule.from.flags : rule.from.flags + "g");
    const before = out;
    out = before.replace(global, (match: string, ...args: unknown[]) => {
      const offset = args.find((a) => typeof a === "number") as number;
      let r = match.replace(single, rule.to);
      if (/^[A-Z]/.test(match) && /^[a-z]/.test(r) && startsSentence(before, offset)) r = r[0]!.toUpperCase() + r.slice(1);
      return r;
    });
  }
  return out.trim();
}

/**
 * dcb card text (Digimon support text or Option text) → DBE card-text words, through
 * {@link DCB_SYNONYMS}.
 * @example toDbeText("Boost own Attack Power +300.") === "Boost own Power +300."
 */
export function toDbeText(text: string): string {
  return applySynonyms(text, DCB_SYNONYMS);
}

/**
 * A dcb attack ability → DBE attack-ability text: {@link toDbeText}, then a trailing full
 * stop is dropped (an attack ability is one phrase, not a sentence: "Ice Foe x3." →
 * "Ice x3 VS").
 */
export function toDbeAbility(text: string): string {
  return toDbeText(text).replace(/\.+$/, "").trimEnd();
}
