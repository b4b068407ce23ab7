/**
 * The defect table of the DCG importer (`digiscript import dcg`): every change the importer
 * makes to the card dump before writing set files, each with what it fixes and why.
 *
 * The dump (`../shared/data/dcg/cards.json`, a digimoncard.io dump normalised once; see
 * `../shared/data/README.md`, section `dcg/`) has defects of its own: HTML escapes, a column
 * rename leaked into card text ("card_name" for "name"), typos ("or less. less."), glued
 * words, a copy of one box in another, a DP missing a zero, a missing card type… They are
 * defects of the *dump*, not of the language: the DCG grammar is never bent to read them.
 * Each is normalised here, and only here, by one entry of {@link DCG_FIXES}:
 * - an entry that applies to every card fixes a pattern of the dump (an escape, a spelling of
 *   the dump's own style) and can never touch correct text;
 * - an entry that names its cards fixes those cards only (a typo, a garbled sentence), so a
 *   later dump with the same words elsewhere is never rewritten blindly. When a named card is
 *   present and the entry changes nothing on it, the importer reports it as stale (the dump
 *   changed: the entry should be checked or removed).
 *
 * Source of the defects: `../shared/data/README.md` ("Known defects"), and a survey of the
 * whole dump (each entry's `fixes` quotes what the dump holds). Each entry
 * stands on its own: it quotes the defect and says why the fix is right, and
 * `tests/dcg/fixes.test.ts` holds an example of each.
 * Rules cited: `001_9364978fb56838a3.txt` (rule manual) and `002_db81695f81018ea7.txt`
 * (comprehensive rules).
 *
 * Not fixed, on purpose (the value is unknowable from the dump, and inventing it would be
 * worse than a diagnostic): the colours of multicolour cards (the dump keeps one), every
 * digivolution requirement after the first, the missing DP / play cost / level of 50 Digimon
 * (their set file lacks the field: `missing-field`), the probable DPs 1100 and 11100 of
 * P-051…P-054 and EX2-028 (the checker warns `dp-not-thousands`), and DNA requirement lines
 * (absent from the dump).
 */

/** The text boxes of a dump card. */
export type DcgDumpBox = "effect" | "inherited_effect" | "security_effect";

/** The boxes, in the order a card prints them. */
export const DCG_DUMP_BOXES: readonly DcgDumpBox[] = ["effect", "inherited_effect", "security_effect"];

/** One requirement of the dump's `digivolve` list (the dump keeps the first one's cost only). */
export interface DcgDumpDigivolve {
  color: string | null;
  level: number | null;
  cost: number;
}

/**
 * A card of the dump as the importer works on it (the fields of `cards.json` it reads; see
 * `../shared/data/README.md`). `level` may become "-" (a card printed "Lv.–", 002 2-12-1).
 */
export interface DcgDumpCard {
  id: string;
  name: string;
  set: string | null;
  card_type: string | null;
  colors: string[];
  level: number | "-" | null;
  form: string | null;
  attribute: string | null;
  traits: string[];
  play_cost: number | null;
  digivolve: DcgDumpDigivolve[];
  dp: number | null;
  rarity: string | null;
  effect: string;
  inherited_effect: string;
  security_effect: string;
}

/**
 * One entry of the defect table.
 * - `id`: a short stable name (the importer lists the ids it applied to each card);
 * - `cards`: the card numbers it is for, or "all" for a pattern of the whole dump;
 * - `fixes`: the defect, as seen in the dump (with the README line it comes from, if any);
 * - `why`: why the fix is the right value (the rule, or the evidence in the dump);
 * - `apply`: make the change on a card (in place); true when it changed something.
 */
export interface DcgFix {
  id: string;
  cards: readonly string[] | "all";
  fixes: string;
  why: string;
  apply(card: DcgDumpCard): boolean;
}

/** Replace in every box (or the given ones) of a card; true when some box changed. */
function replaceIn(card: DcgDumpCard, from: RegExp | string, to: string, boxes: readonly DcgDumpBox[] = DCG_DUMP_BOXES): boolean {
  let changed = false;
  for (const box of boxes) {
    const before = card[box];
    const after = typeof from === "string" ? before.split(from).join(to) : before.replace(from, to);
    if (after !== before) {
      card[box] = after;
      changed = true;
    }
  }
  return changed;
}

/** A text fix: `from` → `to` in the card's boxes. */
function textFix(id: string, cards: readonly string[] | "all", from: RegExp | string, to: string, fixes: string, why: string, boxes?: readonly DcgDumpBox[]): DcgFix {
  return { id, cards, fixes, why, apply: (card) => replaceIn(card, from, to, boxes) };
}

/** HTML entities of the dump's text, in the order they are undone (`&amp;` last). */
const HTML_ENTITIES: readonly (readonly [RegExp, string])[] = [
  [/&lt;/g, "<"],
  [/&gt;/g, ">"],
  [/&#91;/g, "["],
  [/&#93;/g, "]"],
  [/&quot;/g, '"'],
  [/&#0?39;/g, "'"],
  [/&amp;/g, "&"],
];

/** Undo the dump's HTML escapes in a string, once. */
export function htmlUnescape(s: string): string {
  let out = s;
  for (const [re, ch] of HTML_ENTITIES) out = out.replace(re, ch);
  return out;
}

/** Whether a card is of one of the kinds (the dump's `card_type`). */
function isKind(card: DcgDumpCard, ...kinds: string[]): boolean {
  return card.card_type !== null && kinds.includes(card.card_type);
}

/**
 * The defect table, applied in this order to every card by the importer (`compiler/import/dcg.ts`):
 * escapes and spellings of the whole dump first, then one card's typos (quoting the dump's
 * text as it is), then blanks, the dump's own style and the final full stop, then stats, then
 * the boxes. Order matters: "(Once Per Turn)" is rewritten after the typo fixes that quote the
 * text around it, and the final full stop is added after every other text fix.
 */
export const DCG_FIXES: readonly DcgFix[] = [
  // ── Text: patterns of the whole dump ──────────────────────────────────────────────────────
  {
    id: "html-escapes",
    cards: "all",
    fixes: "HTML escapes in text and names: &lt; &gt; (keyword brackets), &#91; (the [ of a name reference), &amp; (README: \"Its text is HTML-escaped\")",
    why: "The escapes are the web page's, not the card's: the printed card has <Blocker>, [Greymon], [Ai & Mako].",
    apply(card) {
      let changed = false;
      for (const box of DCG_DUMP_BOXES) {
        const after = htmlUnescape(card[box]);
        if (after !== card[box]) {
          card[box] = after;
          changed = true;
        }
      }
      const name = htmlUnescape(card.name);
      if (name !== card.name) {
        card.name = name;
        changed = true;
      }
      return changed;
    },
  },
  textFix(
    "card-name-rename",
    "all",
    /\bcard_name(s?)\b/g,
    "name$1",
    'The word "name" became "card_name" inside card text ("in its card_name"; README: "a rename turned \\"name\\" into \\"card_name\\" inside card text")',
    'A column rename of the dump leaked into the text; the cards print "[Greymon] in its name" (002 2-2-2).',
  ),
  textFix("curly-apostrophe", "all", /[\u2018\u2019]/g, "'", "Curly apostrophes (’) in 5 cards among straight ones (seen in the dump)", "The dump spells the apostrophe ' everywhere else; one spelling of each word keeps the text one language."),
  textFix(
    "curly-quotes",
    "all",
    /[\u201C\u201D]/g,
    '"',
    "Curly quotes around granted effects, two of them closed with the opening glyph “ (BT1-104, BT1-112, BT7-055; seen in the dump)",
    'The dump quotes granted effects with " elsewhere; a closing “ would leave the quotation open.',
  ),
  // ── Text: one card's typos ────────────────────────────────────────────────────────────────
  textFix("stray-security-label", ["BT10-087"], /^Security Effect (?=\[Security\])/, "", 'A stray label "Security Effect " before "[Security]"', "The label names the box the effect is printed in (see security-in-effect-box); it is not card text."),
  textFix(
    "garbled-fragment",
    ["BT5-031"],
    "return 1 of your opponent's Digimon with an , return 1 of your opponent's Digimon with an [On Deletion] effect",
    "return 1 of your opponent's Digimon with an [On Deletion] effect",
    'A duplicated, cut fragment: "return 1 of your opponent\'s Digimon with an , return 1 of your opponent\'s Digimon with an [On Deletion] effect"',
    "The second copy is the whole clause; the first is a copy cut at the escaped [On Deletion].",
  ),
  textFix("doubled-less", ["EX2-067"], "or less. less.", "or less.", 'A doubled word: "with 3000 DP or less. less."', 'Fire Ball deletes a Digimon "with 3000 DP or less"; the lone "less." would be an empty sentence.'),
  textFix("doubled-has", ["BT1-076"], "has has", "has", 'A doubled word: "If your opponent has has 2 or more suspended Digimon"', 'A word typed twice; the condition printed on other cards is "If your opponent has 2 or more suspended Digimon".'),
  textFix("doubled-may", ["BT9-098"], "You may may", "You may", 'A doubled word: "You may may digivolve"', 'A word typed twice; an optional effect is printed "You may …" (002 4-19).'),
  textFix("doubled-in-its-name", ["BT2-086"], "in its name in its name", "in its name", 'A doubled phrase: "with [Vee] in its name in its name"', 'A phrase typed twice; a name filter is printed "with [X] in its name" once (002 2-2-2).'),
  textFix(
    "missing-stop-before-keyword",
    ["BT6-050"],
    "green Digimon <Piercing>",
    "green Digimon. <Piercing>",
    'No full stop between a rule sentence and the keyword line after it: "…as if the Tamer is a level 3 green Digimon <Piercing> (…)"',
    'The Tamer-digivolution sentence ends there (the 18 other cards that print it end it with "Digimon."); <Piercing> is the card\'s own keyword (002 12-5).',
  ),
  textFix("glued-digivolvedthis", ["BT1-007"], "digivolvedthis", "digivolved this", 'Glued words: "If you\'ve digivolvedthis turn"', 'A missing blank between two words: "If you\'ve digivolved this turn".'),
  textFix("glued-traitsfrom", ["BT9-104"], "traitsfrom", "traits from", 'Glued words: "in its traitsfrom your trash"', 'A missing blank between two words: "with [X Antibody] in its traits from your trash".'),
  textFix("misspelt-2-colur", ["BT9-090"], "2-colur", "2-color", 'A misspelling: "1 2-colur black card"', 'The card means a card with two colours (002 2-4-1-2); the dump spells it "color" elsewhere.'),
  textFix("misspelt-colurs", ["BT9-076"], "colurs", "colors", 'A misspelling: "If this Digimon has 2 or more colurs"', 'The dump spells it "colors" elsewhere.'),
  textFix("misspelt-this-cards", ["BT5-095", "BT5-096", "BT5-098"], "this cards [Main]", "this card's [Main]", 'A missing apostrophe: "Activate this cards [Main] effect."', 'Every other Option prints "Activate this card\'s [Main] effect." (the security effect of an Option: 001 "Security Effect").'),
  textFix("misspelt-opponents", ["BT5-025", "ST9-14", "BT5-099"], /\bopponents Digimon\b/g, "opponent's Digimon", 'A missing apostrophe: "1 of your opponents Digimon"', 'The possessive is printed "your opponent\'s Digimon" on every other card.'),
  textFix(
    "misordered-until",
    ["BT10-034"],
    "until of the end your opponent's next turn",
    "until the end of your opponent's next turn",
    'Words out of order: "until of the end your opponent\'s next turn"',
    'The duration printed everywhere else is "until the end of your opponent\'s next turn" (002 4-16).',
  ),
  textFix("misspelt-by-trash", ["BT9-077"], "By trash 1 card", "By trashing 1 card", 'A wrong verb form: "By trash 1 card with [Undead] …"', 'A cost is printed "By trashing …, …" (002 4-17).'),
  textFix("missing-is", ["BT9-017"], "or [X Antibody] in this Digimon's", "or [X Antibody] is in this Digimon's", 'A missing verb: "if [Gallantmon] or [X Antibody] in this Digimon\'s digivolution cards"', 'The condition printed everywhere else is "if [X] is in this Digimon\'s digivolution cards".'),
  textFix("missing-to", ["BT9-103"], "can't be added security stacks", "can't be added to security stacks", 'A missing word: "cards can\'t be added security stacks"', 'A word left out: cards are "added to" a security stack, as other cards print it.'),
  textFix("trigger-comma", ["EX1-032"], "trigger, <Recovery", "trigger <Recovery", 'A stray comma: "trigger, <Recovery +1 (Deck)>"', 'A keyword effect is triggered "trigger <Recovery +1 (Deck)>" everywhere else (002 12-1).'),
  // ── Text: blanks (after the typos, which quote the dump's text as it is) ──────────────────
  textFix(
    "space-before-punctuation",
    "all",
    / +([.,])/g,
    "$1",
    'A blank before "." or "," — mostly after a keyword: "<Blocker> .", "<Blitz> ," (46 times in 45 cards)',
    "Printed English text has no blank before a full stop or comma; the blank is an artefact of the dump's HTML (a tag closed before the stop).",
  ),
  textFix(
    "glued-unit",
    "all",
    /([.)])(?=[[<])/g,
    "$1 ",
    'No blank between the end of one effect and the next: "delete this Digimon.[DigiXros -2]", "Tamers).[DigiXros -2]" (BT10-009, BT10-077)',
    "Every other effect of the dump starts after a blank; the printed card starts it on a new line.",
  ),
  textFix(
    "blank-in-name",
    "all",
    /\[ *([^\]\n]*?) *\]/g,
    "[$1]",
    'A blank inside a name reference: "[LoaderLiomon ]" (EX2-069)',
    "A name in brackets names the cards of that name (002 2-2-2); no card name starts or ends with a blank.",
  ),
  textFix("its-not-it-is", ["BT9-031", "BT9-041", "P-021"], /\bit's (digivolution|memory|owner)/g, "its $1", 'The contraction "it\'s" for the possessive "its": "is in it\'s digivolution cards", "without paying it\'s memory cost", "to it\'s owner\'s hand" (corpus gate failure list)', 'Every other card prints the possessive "its" before a card\'s part (002 14: wording rules).'),
  textFix("his-this", ["EX1-042"], /^\[Your Turn\] his Digimon/, "[Your Turn] This Digimon", 'A lost letter: "[Your Turn] his Digimon gets +1000 DP" (corpus gate failure list)', 'An effect of a Digimon names itself "This Digimon" (002 14); "his" names nothing in DCG text.'),
  textFix("you-hand", ["BT9-034"], "add it to you hand", "add it to your hand", 'A lost letter: "add it to you hand" (corpus gate failure list)', 'The zone is "your hand" on every other card (002 3-4).'),
  textFix("your-have-of-fewer", ["BT9-080", "BT9-081"], /If your have (\d+) (of|or) (fewer|more)/g, "If you have $1 or $3", 'Two typos: "If your have 1 of fewer security cards", "If your have 5 or more cards" (corpus gate failure list)', 'A player\'s count is "If you have N or fewer/more …" on every other card.'),
  textFix("among-to", ["BT9-092"], "among to your hand", "among them to your hand", 'A lost word: "… in its traits among to your hand" (corpus gate failure list)', 'Cards revealed are added "among them to your hand" on every other card.'),
  textFix("owners-deck", ["EX1-021"], "its owners deck", "its owner's deck", 'A missing apostrophe: "to the bottom of its owners deck" (corpus gate failure list)', 'The possessive is printed "its owner\'s deck" on every other card.'),
  textFix("traits-twice", ["EX1-040"], "in its traits in its traits", "in its traits", 'Doubled words: "in its traits in its traits" (like)', "The phrase is said once on every other card."),
  textFix("opponents-level", ["BT7-108"], "your opponents Level", "your opponent's level", 'A missing apostrophe and a capital: "delete 1 of your opponents Level 5 or lower Digimon" (corpus gate failure list)', 'The possessive is printed "your opponent\'s level 5 or lower Digimon" on every other card.'),
  textFix("cost-of", ["EX2-003", "BT9-062", "BT9-064"], /with a (play )?cost (\d+) or/g, "with a $1cost of $2 or", 'A lost word: "with a cost 2 or more", "with a play cost 5 or less" (corpus gate failure list)', 'A cost filter reads "with a (play) cost of N or less/more" on every other card (001 "Card Information").'),
  textFix("add-to-hand", ["BT1-108"], "add this card its owner's hand", "add this card to its owner's hand", 'A lost word: "Then add this card its owner\'s hand." (corpus gate failure list)', 'Cards are added "to its owner\'s hand" on every other card.'),
  textFix("trash-the-top", ["ST10-13"], "Trash top 3 cards of your deck", "Trash the top 3 cards of your deck", 'A lost word: "Trash top 3 cards of your deck" (corpus gate failure list)', 'The top of a deck is "the top N cards of your deck" on every other card.'),
  // ── Text: the dump's own style ────────────────────────────────────────────────────────────
  textFix(
    "once-per-turn",
    "all",
    /\((Once|Twice) Per Turn\)/g,
    "[$1 Per Turn]",
    '"(Once Per Turn)" and "(Twice Per Turn)" in parentheses, 195 times (issue 13)',
    'The use limit is an icon of the effect (002 4-15 "[每回合 x 次]"), printed "[Once Per Turn]" in the current English style, and never reminder text; one spelling keeps parentheses for reminders.',
  ),
  {
    id: "final-stop",
    cards: "all",
    fixes: 'A box that ends without its full stop ("…with 4000 DP or less", P-050, BT9-018, ST2-11, P-057, BT1-079, ST10-15) or with a comma (BT9-099)',
    why: "Every sentence of a box ends with a full stop; a box that ends in a word or a comma was cut by the dump. A box ending in \")\" (a reminder) or a quote is the print style and is left alone.",
    apply(card) {
      let changed = false;
      for (const box of DCG_DUMP_BOXES) {
        const t = card[box].trimEnd();
        if (t === "") continue;
        const fixed = /,$/.test(t) ? `${t.slice(0, -1)}.` : /[A-Za-z0-9]$/.test(t) ? `${t}.` : t;
        if (fixed !== card[box]) {
          card[box] = fixed;
          changed = true;
        }
      }
      return changed;
    },
  },
  // ── Stats ─────────────────────────────────────────────────────────────────────────────────
  {
    id: "missing-card-type",
    cards: ["ST12-10", "ST13-07"],
    fixes: "No card type (README: \"Two cards have no type\")",
    why: 'Both print DP and an attribute, which only Digimon cards (and some Digi-Eggs) have (002 2-6-2); Jesmon is a level 6 Mega: "Digimon".',
    apply(card) {
      if (card.card_type !== null) return false;
      card.card_type = "Digimon";
      return true;
    },
  },
  {
    id: "mother-d-reaper",
    cards: ["EX2-007"],
    fixes: 'Mother D-Reaper typed "Digi-Egg", with 15000 DP, no level and the effects of a Digimon ("This Digimon can\'t attack")',
    why: 'A Digi-Egg has no effect box and is never in play as "this Digimon" before it hatches (002 2-3-3); this is a Digimon printed "Lv.–" (002 2-12-1, 13-7).',
    apply(card) {
      if (card.card_type !== "Digi-Egg") return false;
      card.card_type = "Digimon";
      card.level = "-";
      return true;
    },
  },
  {
    id: "d-reaper-no-level",
    cards: ["EX2-046", "EX2-047", "EX2-048", "EX2-049", "EX2-050", "EX2-051", "EX2-052", "EX2-053", "EX2-054"],
    fixes: "The ADR D-Reaper Digimon have level null (seen in the dump)",
    why: 'These cards are printed "Lv.–": a Digimon with no level (002 2-12-1 "标记为 \'Lv.-\' 的卡牌视为没有 Lv.的卡牌", 13-7); null would read as a missing level.',
    apply(card) {
      if (card.level !== null || card.card_type !== "Digimon") return false;
      card.level = "-";
      return true;
    },
  },
  {
    id: "jesmon-dp",
    cards: ["ST12-10"],
    fixes: "Jesmon's DP reads 1200 (README: \"ST12-10 Jesmon's DP reads 1200 and should be 12000\")",
    why: "DP is printed in thousands, and a level 6 Mega has five-digit DP.",
    apply(card) {
      if (card.dp !== 1200) return false;
      card.dp = 12000;
      return true;
    },
  },
  {
    id: "sakuttomon",
    cards: ["ST13-01"],
    fixes: 'Digi-Egg Sakuttomon with form "Ultimate" and no level',
    why: "Digi-Egg cards are level 2 (002 2-12-1), the In-Training stage (001 Glossary \"In-Training: Corresponds to Level 2\").",
    apply(card) {
      if (card.card_type !== "Digi-Egg" || card.level !== null) return false;
      card.level = 2;
      card.form = "In-Training";
      return true;
    },
  },
  {
    id: "egg-baby-form",
    cards: "all",
    fixes: 'Five Digi-Eggs with form "Baby" (BT1-002, BT2-002, BT3-002, ST8-01, EX2-005)',
    why: '"Baby" is the literal English of the Japanese stage name 幼年期 (004); the English cards print "In-Training" (001 Glossary), as the 72 other Digi-Eggs of the dump do.',
    apply(card) {
      if (!isKind(card, "Digi-Egg") || card.form !== "Baby") return false;
      card.form = "In-Training";
      return true;
    },
  },
  {
    id: "form-on-tamer",
    cards: "all",
    fixes: 'Ten Tamers with a form ("Ultimate", "Mega": EX2-056, BT5-090 …)',
    why: "A form is a Digimon's stage and only Digi-Egg and Digimon cards have a level (002 2-12-2); Tamer and Option cards print none.",
    apply(card) {
      if (!isKind(card, "Tamer", "Option") || card.form === null) return false;
      card.form = null;
      return true;
    },
  },
  {
    id: "egg-play-cost",
    cards: "all",
    fixes: "A Digi-Egg with play cost 0 (BT4-004 Budmon) (seen in the dump)",
    why: "A Digi-Egg is hatched, not played: only Digimon and Tamer cards have a play cost (002 2-7-2).",
    apply(card) {
      if (!isKind(card, "Digi-Egg") || card.play_cost === null) return false;
      card.play_cost = null;
      return true;
    },
  },
  {
    id: "digivolve-not-digimon",
    cards: "all",
    fixes: "Options with a digivolve cost (BT4-104 Blinding Ray, BT4-111 Jack Raid) (seen in the dump)",
    why: 'Digivolution requirements are "found on Digimon cards" (001 Glossary "Digivolution Requirements"; 002 2-13).',
    apply(card) {
      if (isKind(card, "Digimon") || card.card_type === null || card.digivolve.length === 0) return false;
      card.digivolve = [];
      return true;
    },
  },
  {
    id: "attribute-typo",
    cards: ["BT5-041"],
    fixes: 'Taomon\'s attribute reads "s  Data"',
    why: "The stray letter and blanks are the dump's; the attributes are Vaccine, Data, Virus, Free, Variable, Unknown (001 \"Traits\").",
    apply(card) {
      if (card.attribute !== "s  Data") return false;
      card.attribute = "Data";
      return true;
    },
  },
  {
    id: "trait-typos",
    cards: ["EX2-047", "BT9-109"],
    fixes: 'Trait misspellings "Aerial Assualt" (EX2-047) and "X-Antibody" (BT9-109)',
    why: 'Card text names traits in brackets ("[X Antibody] in its traits"), and a trait matches by its exact words (002 2-5).',
    apply(card) {
      const fixed = card.traits.map((t) => (t === "Aerial Assualt" ? "Aerial Assault" : t === "X-Antibody" ? "X Antibody" : t));
      if (fixed.every((t, i) => t === card.traits[i])) return false;
      card.traits = fixed;
      return true;
    },
  },
  {
    id: "placeholder-rarity",
    cards: "all",
    fixes: 'Rarity "Unknown" on 70 cards ()',
    why: "It is the dump's placeholder for a rarity it does not know, not a rarity printed on a card (002 2-20); the field is left out.",
    apply(card) {
      if (card.rarity !== "Unknown") return false;
      card.rarity = null;
      return true;
    },
  },
  {
    id: "digivolve-level",
    cards: "all",
    fixes: 'Digivolution requirements without a level or colour: "digivolve keeps only the first cost, with no colour or level" (README)',
    why: 'Digivolution is "transforming a Digimon into a Digimon one level higher than its own" (001 Glossary "Digivolution"), so the level is the card\'s level − 1; the colour is left to the card\'s own (the set format\'s default). A requirement of a card with no level cannot be written and is dropped.',
    apply(card) {
      if (card.digivolve.every((d) => d.level !== null)) return false;
      card.digivolve = card.digivolve.flatMap((d) => (d.level !== null ? [d] : typeof card.level === "number" && card.level > 2 ? [{ ...d, level: card.level - 1 }] : []));
      return true;
    },
  },
  // ── Boxes ─────────────────────────────────────────────────────────────────────────────────
  {
    id: "copied-inherited",
    cards: "all",
    fixes: "An inherited effect that is a copy of the card's effect (BT6-084, ST12-13, BT2-074) (seen in the dump)",
    why: "The dump filled the inherited box from the effect box; the card's real inherited effect is not in the dump, and a copy would give the card an effect it does not have. The box is left empty.",
    apply(card) {
      if (card.inherited_effect === "" || card.inherited_effect !== card.effect) return false;
      card.inherited_effect = "";
      return true;
    },
  },
  {
    id: "foreign-inherited",
    cards: ["BT7-083"],
    fixes: "Sistermon Ciel (Awakened)'s inherited effect is Sistermon Noir (Awakened)'s effect (seen in the dump)",
    why: "It names [Sistermon Noir] and [Sistermon Noir (Awakened)] where the card's own effect names Ciel: another card's text. The box is left empty.",
    apply(card) {
      if (!card.inherited_effect.includes("[Sistermon Noir (Awakened)]")) return false;
      card.inherited_effect = "";
      return true;
    },
  },
  {
    id: "security-in-effect-box",
    cards: ["BT10-087"],
    fixes: 'A Tamer\'s security effect in its effect box, after the label "Security Effect"',
    why: 'A Tamer prints its security effect in its lower box (001 "Card Information"); the label says which box this is. (The BT7 Tamers that print "[Security]" in their effect box keep it there: their lower box holds an inherited effect.)',
    apply(card) {
      if (card.security_effect !== "" || !card.effect.startsWith("[Security]") || card.effect.indexOf("[", 1) >= 0) return false;
      card.security_effect = card.effect;
      card.effect = "";
      return true;
    },
  },
];

/** The entries of {@link DCG_FIXES} by id. */
export const DCG_FIXES_BY_ID: ReadonlyMap<string, DcgFix> = new Map(DCG_FIXES.map((f) => [f.id, f]));

/** What {@link applyDcgFixes} did to one card: the ids of the entries that changed it. */
export interface DcgFixResult {
  card: DcgDumpCard;
  applied: string[];
  /** Entries that name this card but changed nothing on it (the dump changed: check them). */
  stale: string[];
}

/**
 * Apply the defect table to a copy of a card: every entry for all cards, and every entry that
 * names the card's number, in table order.
 * @param card a card of the dump (not changed)
 * @param fixes the table (default {@link DCG_FIXES})
 * @returns the fixed copy, the ids applied and the stale entries
 */
export function applyDcgFixes(card: DcgDumpCard, fixes: readonly DcgFix[] = DCG_FIXES): DcgFixResult {
  const c: DcgDumpCard = { ...card, colors: [...card.colors], traits: [...card.traits], digivolve: card.digivolve.map((d) => ({ ...d })) };
  const applied: string[] = [];
  const stale: string[] = [];
  for (const f of fixes) {
    const named = f.cards !== "all" && f.cards.includes(card.id);
    if (f.cards !== "all" && !named) continue;
    if (f.apply(c)) applied.push(f.id);
    else if (named) stale.push(f.id);
  }
  return { card: c, applied, stale };
}
