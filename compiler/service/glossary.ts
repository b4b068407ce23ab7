/**
 * The rules glossary the language service shows on hover: each term with the rules'
 * definition quoted verbatim (the whole entry, numbered items included), the section it
 * comes from, and the patterns that name it in a `.dgs` file.
 *
 * Source: `000_012504f4614e5b24.txt` — sections "Glossary" (the entries between "End
 * Phase" and "Attack Abilities"), "Attack Abilities", "Evolution Phase" step 4
 * (terminology) and its POINT on "Do not use with", "Prep Phase" step 3, and the "Rules
 * FAQ" entries cited per term. Definitions keep the rules' characters exactly (typographic
 * quotes, non-breaking spaces, and the gaps where the rules print an icon).
 */

/** The rules file the entries quote unless they name another ({@link GlossaryEntry.rules}): the DBE rules. */
export const RULES_FILE = "000_012504f4614e5b24.txt";

/** The DMB rules (Digimon Battles), quoted by the entries of the words only they define. */
export const DMB_RULES_FILE = "003_7a740b8ec9103d40.txt";

/** One glossary term. */
export interface GlossaryEntry {
  /** The term as the rules name it, e.g. "Recode X". */
  term: string;
  /** The rules section, e.g. `Glossary "Recode X"`, `Attack Abilities "Jamming"`. */
  section: string;
  /** The rules' text for the term, verbatim. */
  definition: string;
  /** Patterns that name the term in a `.dgs` file (the longest match under the cursor wins). */
  match: RegExp[];
  /**
   * Where the entry applies when a word has two meanings: "ability" inside an attack
   * ability (after `|` on a circle/triangle/cross line), "text" elsewhere. Absent: anywhere.
   * (The rules define e.g. "Recycle X" differently as a card effect and as an attack ability.)
   */
  context?: "text" | "ability";
  /**
   * The rules file the definition quotes, when not {@link RULES_FILE}: DMB's words
   * ({@link DMB_RULES_FILE}: "Also [Type]", "Partner Option"), which compile in `ruleset dmb`
   * sets only (grammar/constructs.ts, group "dmb").
   */
  rules?: string;
}

/**
 * Every glossary term, in the rules' order (Glossary, Attack Abilities, Evolution Phase
 * terminology, Prep Phase, Rules FAQ), then the DMB rules' own words (003).
 */
export const GLOSSARY: readonly GlossaryEntry[] = [
  { term: "(Parenthesis text)", section: "Glossary \"(Parenthesis text)\"", match: [/∞/],
    definition: "(Parenthesis text) or\u00a0 symbol– Text in parenthesis are passively applied at all times and unvoidable in any way. They are referred to as\u00a0permanent effects or sometimes arguments. Consider them permanent parts of the card. Some reminder text is in parenthesis as well. These effects only ever apply when the card is a permanent on the field in some way (Attachment, Active Zone, or Support).The (permanent) symbol is a special case used for evo-box bonuses." },
  { term: "[1/Turn]", section: "Glossary \"[1/Turn]\"", match: [/\[1\/turn\]/i],
    definition: "[1/Turn] – Some effects may have [1/Turn] written in them, which are almost always Passives. These effects are only able to be used 1 time per turn (each player’s) and a player may choose whether or not to activate them as long as they contain a colon ( : ), indicating that the “once per turn” is paid as a cost. As many different once per turn costs may be paid as possible." },
  { term: "Abnormal", section: "Glossary \"Abnormal\"", match: [/\babnormal\b/i],
    definition: "Abnormal – A state of the active Digimon where the abnormal stat block is used for its starting HP and its Power. Abnormal Digimon can’t evolve by DP, can only play Evolution (yellow border) cards instead of any Evolve timing card, and may have other restrictions as defined by cards. Abnormal states are checked when the active is played as abnormal and again when evolving (but not effects that are “as evolved”). If a card enters the active zone except on top (example: Kamemon), check if the zone now has enough cards under the active to remove abnormal status. The following are the required number of cards: R (0), C (1), U (2), M (3). If any card leaves the active zone except on top, check again for abnormal status. If an active becomes abnormal through an effect or loss/addition of a card under the active stack, it is treated as abnormal for all effects and evolutions from that point onward. Abnormal is NOT continuously checked by the game!" },
  { term: "ACTIVATE", section: "Glossary \"ACTIVATE\"", match: [/\bactivate\b/i],
    definition: "ACTIVATE – Play timing. See FAQ – ACTIVATE timing." },
  { term: "Access", section: "Glossary \"Access\"", match: [/\baccess\b/i],
    definition: "Access – Follows the form “Access [type]:”. Access is a keyword meaning “Reveal in own hand:” where can be any type or property." },
  { term: "Active Digimon/Zone/Stack", section: "Glossary \"Active Digimon/Zone/Stack\"", match: [/\bactive(?:\s+(?:zone|stack|digimon))?\b/i],
    definition: "Active Digimon/Zone/Stack – Active Zone is a game zone that includes a set of Digimon, the topmost of which being the “Active Digimon”, an attachment slot (possibly more, possibly with cards filled), and a possible stack of Digimon under the active. Active Stack or Pile refers to all Digimon stacked on top of each other, but not the attachment slots or cards. Active Digimon or “active” only refers to the topmost Digimon. A non-Digimon cannot be the active (trash any that would appear in the active spot)." },
  { term: "Also counts as [Name]", section: "Glossary \"Also counts as [Name]\"", match: [/\balso\s+counts?\s+as\b/i],
    definition: "Also counts as [Name] Same as “Alias [Name]”. This card is permanently considered this name in addition to its printed name." },
  { term: "Alias [Name]", section: "Glossary \"Also counts as [Name]\"", match: [/\balias\b/i],
    definition: "Also counts as [Name] Same as “Alias [Name]”. This card is permanently considered this name in addition to its printed name." },
  { term: "Any Phase", section: "Glossary \"Any Phase\"", match: [/\bany\s+phase\b/i],
    definition: "Any Phase – May use this card during any of the Phase’s Step 1, when “[Timing] Effects Activate”. In some cases, it’s not possible to use an effect at the correct time, in which case simply use it at the correct time." },
  { term: "Attach", section: "Glossary \"Attach\"", match: [/\battach(?:es|ed)?\b/i], context: "text",
    definition: "Attach – Place this card next to your active Digimon as “attached”, sometimes with conditions. Some cards may have a magenta hexagon and/or magenta text which further clarifies that the card is an attachment and the colored text determines what effects are gained when attached (if this is not present, the card may not be new enough to have this feature but it can still be an attachment). If “D/T/H” is specified, it is taken from the respective zone (Deck / Trash / Hand). Cards CAN NOT be attached without this word indicating it and only with its specified conditions if any. Attachments stay out permanently and usually have effects that change the game. Digimon can only have one attachment unless otherwise specified. Attachments can only target your own Digimon unless otherwise specified. If a player has an attachment, and another card would be attached, discard (one of) the current one(s) and replace it." },
  { term: "Attachment Slot", section: "Glossary \"Attachment Slot\"", match: [/\battachment(?:\s+slot)?\b/i],
    definition: "Attachment Slot – By default, players receive only one attachment slot. This is a place when Attachments can be placed next to the active zone. Discard ALL attachments for a Digimon that is KO’d." },
  { term: "Boost", section: "Glossary \"Boost\"", match: [/\bboost(?:s|ed)?\b/i],
    definition: "Boost – Usually with text that specifies a player (sometimes an attack) and the word “Power”, this means to increase your *current* Power (as a lingering effect) by the indicated amount. Boost never needs to specify Power since it is a Power-only term, though it usually does for clarity sake. Reminder that all cards target “Own/Self” unless otherwise specified." },
  { term: "Corrupt X", section: "Glossary \"Corrupt X\"", match: [/\bcorrupts?\b/i], context: "text",
    definition: "Corrupt X – Look at the top X cards of your opponent’s deck, put any of them on the top or bottom in any order." },
  { term: "Dark [action]", section: "Glossary \"Dark [action]\"", match: [/\bdark\b(?!\s+area)/i],
    definition: "Dark [action] – Perform the [action] but the destination location is that player’s Dark Area. Example: Dark Draw 1 means “draw 1 to own Dark Area”. Dark Discard 1 means “discard 1 to own Dark Area”." },
  { term: "DATA", section: "Glossary \"DATA\"", match: [/\bDATA\b/],
    definition: "DATA – A special timing plus deck construction legality rule card. DATA timing counts as three other use cases, making it essentially the same as “EFFECT” timing: DNA (for use during Evolve when DNA evolving), Any Phase for use any time you like, and Data Break which has the same timing as ACTIVATE (see Glossary – “Data Break”)." },
  { term: "Data Break", section: "Glossary \"Data Break\"", match: [/\bdata\s+break\b/i],
    definition: "Data Break Another term for “ACTIVATE” and has that timing, but with the included cost of deleting your Level M from your Destiny Zone. If the Level M is not present, or the cost isn’t paid, the Data Break cannot be activated." },
  { term: "Delete", section: "Glossary \"Delete\"", match: [/\bdelete[sd]?\b/i],
    definition: "Delete – Remove the specified card from the game permanently, terminate all lingering effects, void all other effects of the card. It no longer affects any possible game state. Any card that leaves its new zone if it came from the Destiny Zone is *always* deleted after leaving that zone (e.g. Mega is KO’d, it is deleted. Partner C levels are deleted upon KO. Proxy card is deleted after use)" },
  { term: "Discard", section: "Glossary \"Discard\"", match: [/\bdiscard(?:s|ed|ing)?\b/i],
    definition: "Discard – Move the specified number of cards from the indicated player’s hand to their trash zone." },
  { term: "EFFECT", section: "Glossary \"EFFECT\"", match: [/\bEFFECT\b/],
    definition: "EFFECT – Timing on a card that will be specified in the card’s effect box. Usually indicates multiple timings or “Any Phase”." },
  { term: "Turbo", section: "Glossary \"Turbo\"", match: [/\bturbo\b/i],
    definition: "Turbo – Has the same form as an effect like: “Any Phase(Optional Timing): [Cost/Condition/Risk specified after Turbo] Change another Support timing on this card to Any (Optional Timing) Phase“. The word Turbo on a card is an optional way to make one of the other card’s Support effect an “Any Phase” timing. Not all Turbo are exactly “Any Phase”. Turbo may specify a timing after, such as “Turbo Support” in which case, treat that as “Any Support Phase” (play when you could play a card during that phase on any player’s turn, i.e. during the 2 moments of the support phase). Turbo may take any of the following forms, depending on if it changes the main effect by a cost, condition, or extra (risky) effect.\n1. Turbo: Discard 1. — To play this card as “Any Phase” instead of its other timing, discard 1 as a cost.\n2. Turbo Evolve, if own level is lower. — To play this card as “Any Evolve Phase” instead of its other timing, meet the condition after the comma and have a lower level.\n3. Turbo Support and Boost opponent’s Power +200. — Play as Any Support Phase without the restrictions from #1 and #2, but with the added risk from the “and” effect." },
  { term: "Flatten / Flat", section: "Glossary \"Flatten / Flat\"", match: [/\bflat(?:ten|tens|tened|s)?\b/i], context: "text",
    definition: "Flatten / Flat [Type, Level, Attack, other condition] – May be attack ability or card effect. In general, if any required condition is met, (unless otherwise specified) add a token representing 1 instance of Flat in front of their active. Here are some points to keep in mind:\n1. After your Digimon deals damage with an active “Flat” attack ability during the Battle Phase, add a flat token to the opponent’s Digimon.\n2. If an active Digimon would ever have 4 flat tokens, KO it immediately.\n3. While the opponent has 3 flats and if you attacked first, KO that Digimon once you deal damage. This condition for KO is checked after damage is already dealt and any other on-damage effects trigger.\n4. Flat tokens do not go away on their own when that Digimon evolves. The only time they are removed by default is when it is KO’d.\n5. When Digimon with flat tokens evolves by DP, that player can reduce their DP total by -10 to remove 1 flat token. The DP reduction can be from anywhere they control card that provide DP such as “Immortalize”." },
  { term: "Flip", section: "Glossary \"Flip / Flip Cards / Star / Moon / Initial side\"", match: [/\bflip(?:s|ped)?\b/i],
    definition: "Flip / Flip Cards / Star / Moon / Initial side – Flip cards have unique icons designating which side is currently active. The flip action causes the card to turn over to other side (which may be specified by an icon). The initial side is designated by an up arrow and should be the first side of the card. Cards without an initial side begin in the deck on any side of the player’s choice, but only before the game begins. Only flip cards when instructed. See Intro to Flip Cards for detailed rules." },
  { term: "Level", section: "Glossary \"Level\"", match: [/\blevels?\b/i],
    definition: "Level – Possible levels are R, C, U, and M. Rookie, Champion, Ultimate, and Mega respectively. “Level _” may be subtistuted by its full name instead, such as “Ultimate” instead of “Level U”." },
  { term: "Proxy", section: "Glossary \"Proxy\"", match: [/\bproxy\b/i],
    definition: "Proxy – The “P” symbol on a card indicates it can be placed into the Destiny Zone as a Proxy card. Players may choose to discard a Partner in the appropriate circumstance (usually Support for Option cards) and add this card to the appropriate zone from the Destiny Zone. Remember to delete it after resolution if it leaves the Destiny Zone." },
  { term: "Recode X", section: "Glossary \"Recode X\"", match: [/\brecodes?\b/i], context: "text",
    definition: "Recode X – Look at the top X cards of your deck, put any of them on the top or bottom in any order." },
  { term: "Recover", section: "Glossary \"Recover\"", match: [/\brecover(?:s|ed)?\b/i],
    definition: "Recover – Usually with text that specifies a player and the word “HP”, this means to increase your *current* HP semi-permanently by the indicated amount. Recover never needs to specify HP since it is an HP-only term, though it usually does for clarity sake. Reminder that all cards target “Own/Self” unless otherwise specified." },
  { term: "Recycle X", section: "Glossary \"Recycle X\"", match: [/\brecycles?\b/i], context: "text",
    definition: "Recycle X – Move the top X cards (one at a time) from the indicated player’s trash to the top of their deck. DO NOT shuffle. Not the same as the Attack Ability “Recycle X”, which requires shuffling." },
  { term: "Recycle any", section: "Glossary \"Recycle any\"", match: [/\brecycles?\s+any\b/i],
    definition: "Recycle any – Move any card of your choice from your Trash to the top of your deck. DO NOT shuffle unless specified." },
  { term: "Revive", section: "Glossary \"Revive\"", match: [/\b(?:revive[sd]?|revival)\b/i],
    definition: "Revive – Always means to “Set Revival”. Set Revival is a lingering effect that is carried out after and if a Digimon is KO’d that turn. It always specifies an amount of HP, but if for some reason it doesn’t: Revive with 10 HP as default. Resolve Revive by leaving the active zone intact (including any cards that *would* have been deleted) instead of discarding or deleting them. KO points are still awarded as usual. Reset the current active as though it had just evolved, including removing Abnormal status. Revival does not stop from being considered a “KO”. “Set Revival” also changes the\u00a0future KO points (after the current) the Digimon is worth to exactly 1, regardless of all Passives, other lingering effects, or permanent effects. This becomes a new permanent effect and overrides rules such as Megas providing 2 KOs, or a Digimon that changes the number of KOs it is worth. Any conflicts that add or remove KO points are ignored as long as the current Digimon has been revived." },
  { term: "Static X", section: "Glossary \"Static X\"", match: [/\bstatic\b/i], context: "text",
    definition: "Static X – Delete the bottom X cards in opponent’s Trash." },
  { term: "Take", section: "Glossary \"Take\"", match: [/\b(?:take|takes|pick|picks)\b/i],
    definition: "Take – Same as “pick”: simply choose a card of whatever conditions are provided from the specified zone and place it into your hand. Be sure to follow the Cherrypicking Rule (FAQ) and shuffle if the card is taken from a hidden zone." },
  { term: "Type", section: "Glossary \"Type (Primary and Subtype)\"", match: [/\b(?:primary\s+)?types?\b/i],
    definition: "Type (Primary and Subtype) A Digimon’s primary type is the one printed largest on the card frame. The subtype(s) may be printed on a small area under the primary type. All the card’s types count for matching any given type. When a card tries to validate a type such as “If own type is….”, subtypes count unless it says “If own primary type is…” or similar. The possible types are: Dragon, Enigma, Marine, Metal, Jungle, Nature, Nightmare, Wind. Note: “Ruler” is not a type. Digimon with the Ruler property have no type at all until they gain types with “Dominion”." },
  { term: "Trash X", section: "Glossary \"Trash X\"", match: [/\btrash(?:es|ed)?\b/i], context: "text",
    definition: "Trash X – Move the top X cards (one at a time) from the top of the specified player’s deck into their Trash Zone." },
  { term: "Void", section: "Glossary \"Void\"", match: [/\bvoid(?:s|ed)?\b/i],
    definition: "Void – Means to nullify, cancel, and make blank the specified effects/card/value as though it didn’t happen and doesn’t exist." },
  { term: "Ⓞ (opponent symbol)", section: "Glossary \"symbol\"", match: [/Ⓞ/],
    definition: "symbol – Means “opponent”. Substitute symbol to shorten the word." },
  { term: "1st Attack", section: "Attack Abilities \"1st Attack\"", match: [/\b(?:1st|first)\s+attack\b/i],
    definition: "1st Attack: Attack first. This can “stack” with other instances of getting 1st Attack and can be removed by instances of getting “2nd Attack”. See Battle Phase for more details on conflicts." },
  { term: "to 0", section: "Attack Abilities \"to 0\"", match: [/\b(?:circle|triangle|cross)\s+to\s+0\b/i, /[○◯△✕×]\s*to\s+0\b/],
    definition: "/ / \u00a0to 0: Means this attack of the opponent’s type becomes 0 Power (even if it was not used)." },
  { term: "Corrupt X", section: "Attack Abilities \"Corrupt X\"", match: [/\bcorrupts?\b/i], context: "ability",
    definition: "Corrupt X: Corrupt X cards. Check the top X of the opponent’s deck secretly, put any of them on top or bottom of the deck in any order. See Glossary." },
  { term: "Counter", section: "Attack Abilities \"Counter\"", match: [/\bcounter(?:attack|ed|s)?\b/i],
    definition: "Counter / / : Your own current attack (the one with this ability) has its Power set to 0. You lose 1st Attack and can never gain it. You get 2nd Attack (meaning, start by attacking second). If, during damage calculation, your opponent is using the specified attack, it is voided and you use that attack including all modifiers and effects instead of your opponent, and you use that attack against your opponent. You will recover HP if they have Drain. You will draw any cards on their attack ability that is countered. Etc. See FAQ for details." },
  { term: "Crash", section: "Attack Abilities \"Crash\"", match: [/\bcrash\b/i],
    definition: "Crash: Your own Power is ignored. You will deal damage equal to your own HP to your opponent at the time of your damage calculation priority. Thus, Crash can become less useful if you are hit first. Once you deal your Crash damage, your HP is reduced to 10. This takes priority over Drain, so you can gain both and recover." },
  { term: "Drain", section: "Attack Abilities \"Drain\"", match: [/\bdrain\b/i],
    definition: "Drain: Recover HP equal to the damage that this attack dealt, immediately after dealing the damage. Do not recover numbers that would send an opponent below zero, only until they reach zero HP." },
  { term: "Flatten", section: "Attack Abilities \"Flatten\"", match: [/\bflat(?:ten|tens|tened|s)?\b/i], context: "ability",
    definition: "Flatten [Type, Level, Attack, other condition]: May be attack ability or card effect. If any required condition is met, (unless otherwise specified) add a “flat” token in front of the opponent’s active. If an active Digimon would ever have 4 flat or if HP is reduced any time while at 3 flat and you don’t have 2nd Attack, KO the active and remove its flats. When a flattened active evolves by DP, there is a process that allows them to remove 1 flat if they increase their DP cost by 10." },
  { term: "Grudge", section: "Attack Abilities \"Grudge\"", match: [/\bgrudge\b/i],
    definition: "Grudge / / : An attack ability or effect (granted similarly to Counter), which makes you attack second, double your Power against the specified attack, and revive with your Power as HP if you’re KO’d by that attack. The steps are as follows:\n1. If used the attack targeted by own Grudge, double own Power and get 2nd attack.\n2. Note: 2nd Attack This is the same as -1 point of 1st Attack. It doesn’t make you guaranteed to attack last like Counter.\n3. Set Revival equal to own power (on the attack you used, which has Grudge). This means, If KO’d when an opponent used the attack targeted by own Grudge, revive with HP equal to your Grudge attack’s Power. Do not revive if that Power is 0. Note, you would not still get to attack after revival since that timing has passed. Revival happens after attacks." },
  { term: "Jamming", section: "Attack Abilities \"Jamming\"", match: [/\bjamming\b/i],
    definition: "Jamming: Void opponent’s Support if the card type is a Digimon (void opponent’s Digimon support) and their Cross ability, even if they did not choose that attack. This *does not* Jam/Void non-Cross attack abilities, such as rare Triangle abilities! (See FAQ for conflicts.) Opponent’s Digimon support must be voided before it is resolved and the Support Phase has a procedure to perform this if revealing your chosen attack is required to prove you can use Jamming." },
  { term: "Killer", section: "Attack Abilities \"Killer\"", match: [/\bkiller\b/i],
    definition: "Killer / / : If opponent used the specified attack, Boost own Power +300 and get 1st Attack. (This resembles Garnet Gem, Peridot Gem, Aquamarine Gem)" },
  { term: "Shatter", section: "Attack Abilities \"Shatter\"", match: [/\bshatter\b/i],
    definition: "Shatter: May discard 1 “attached” card from anywhere at the Shatter-user’s choice when the attack *hits* (it must deal more than 0 damage). After a Shatter attack hits a Digimon, that Digimon reduces all its Power by the original *printed* amount of Shatter (this cannot be increased or lowered, even if the Power is reduced below the printed amount)." },
  { term: "[Type] x3 VS", section: "Attack Abilities \"[Type] x3 VS\"", match: [/\bx3\s+VS\b/i, /\bx3\b/i, /\bVS\b/],
    definition: "[Type] x3 VS (or x3 for short): This attacks Power is tripled during the attack abilities step, if your opponent has a type that matches one of the specified types (only do this once). Occasionally may have other conditions such as attack or level; treat these as conditions for the opponents status—whether they used the specified attack or are the specified level, for instance." },
  { term: "Draw X", section: "Attack Abilities \"Draw X\"", match: [/\bdraw(?:s|n|ing)?\b/i],
    definition: "Draw X: Draw X cards." },
  { term: "Trash X", section: "Attack Abilities \"Trash X\"", match: [/\btrash(?:es|ed)?\b/i], context: "ability",
    definition: "Trash X: *Opponent* Trashes X cards. See Glossary." },
  { term: "Recode X", section: "Attack Abilities \"Recode X\"", match: [/\brecodes?\b/i], context: "ability",
    definition: "Recode X: Recode X cards.\u00a0Check the top X of own deck secretly, put any of them on top or bottom of the deck in any order. See Glossary." },
  { term: "Recycle X", section: "Attack Abilities \"Recycle X\"", match: [/\brecycles?\b/i], context: "ability",
    definition: "Recycle X: Recycle X cards and shuffle. See Glossary." },
  { term: "Attach D/T/H", section: "Attack Abilities \"Attach D/T/H\"", match: [/\battach(?:es|ed)?\b/i], context: "ability",
    definition: "Attach D/T/H: Attach a card of your choice from the specified zone (Deck/Trash/Hand). The card must be attachable and you must meet all requirements for the attachment as though it were played normally (but you don’t get any extra play effects, only attach the card). When choosing an attachment, ACEs, Firewalls, and DATA cards are prohibited targets. See Glossary." },
  { term: "Static X", section: "Attack Abilities \"Static X\"", match: [/\bstatic\b/i], context: "ability",
    definition: "Static X: Delete the bottom X cards in opponent’s Trash. When used as a card effect, means the same as the attack ability by default, but may have the target player changed; example: Static 2 own trash." },
  { term: "Partial names", section: "Evolution Phase step 4.3 \"Partial names in evo-box\"", match: [/(?<![\w-])-[A-Za-z]+-?(?![\w])/, /\b[A-Za-z]+-(?![\w])/],
    definition: "3. Partial names in evo-box: As with all effects, partial card names may be referenced, such as “-dramon” or “kok-” or “-devi-” which any names that fill in the dash. Example: Draw 2: -“dramon” (C). This means any Level C Digimon\u00a0ending in dramon such as Seadramon, Strikedramon, any Level C with its name changed to “-dramon” all count for drawing 2. Example: Take 1 “-devi-” card in deck: “kok-“. This means any Digimon starting with Kok including Kokabuterimon and Kokuwamon are valid to take any 1 card containing a fragment “devi” in its name from the deck. They could take Devimon, Ladydevimon, Devidramon, or even Devil Chip!" },
  { term: "DNA", section: "Evolution Phase step 4.4 \"DNA\"", match: [/\bDNA\b/i],
    definition: "4. DNA: This is in evo-boxes but not considered a “bonus” and cannot be “activated” like a bonus by card effects. (DNA represents Jogress, Gattai, Fusion, Xros, Digimental, or any other material synthesis for evolution.)" },
  { term: "Evolve / as evolved / evolve to", section: "Evolution Phase step 4.6 \"“Evolution”, “EVOLVE”, “Evolve:”, “as evolved”, “evolve to”\"", match: [/\bas\s+evolved\b/i, /\bevolve\s+to\b/i, /\bevol(?:ve|ves|ution)\b/i],
    definition: "6. “Evolution”, “EVOLVE”, “Evolve:”, “as evolved”, “evolve to” – Each of these terms is slightly different. Evolution cards are yellow bordered. EVOLVE is a card timing to note it is played during this Phase, usually from hand. Evolve: means a card in play triggers during Step 0 of this phase or when appropriate. “As evolved” is a term that means change the active and reset its stats to the printed amounts without being considered the act of evolving itself. “Evolve to” means attempt to use the 1 normal act of evolution per turn to change the active Digimon." },
  { term: "Ignore", section: "Evolution Phase step 4.7 \"Ignore\"", match: [/\bignor(?:e|es|ing)\b/i],
    definition: "7. Ignore: Means completely disregard this aspect of evolution if it would normally be applied, do not touch it, do not modify it. “Ignore DP” is common and means DP is not required or touched. “Ignore type” is common and means type requirements are not used." },
  { term: "DP -X0", section: "Evolution Phase step 4.8 \"DP -X0 or -X0 DP?\"", match: [/\bDP\s*[-−]\d+\b/],
    definition: "8. DP -X0 or -X0 DP? Each referrs to a different thing. “DP -X0” is a shorthand way to lower the DP cost requirements of a future, including in its evo-bonuses. “-X0 DP” is likely not used, but “-X0 +P” can occur in which case the DP a player has is lowered, even to negative numbers." },
  { term: "When evolving", section: "Evolution Phase step 4.9 \"When evolving\"", match: [/\bwhen\s+evolving\b/i],
    definition: "9. “When evolving”: This card effect only occurs if there is a valid future in the evolution zone." },
  { term: "When evolving by DP", section: "Evolution Phase step 4.10 \"When evolving by DP\"", match: [/\bwhen\s+evolving\s+by\s+DP\b/i],
    definition: "10. “When evolving by DP: This card effect enforces evolution by DP to receive its effects. Example: Super Tag says “When evolving by DP, … delete this card instead of discarding all own DP.” which means this effect is not enabling abnormals to evolve because abnormals cannot evolve by DP. Simply playing this card will not evolve by “Evolution card”. Think of these Evolution cards as ways to bolster the method of evolving by DP, rather than typical evolutions!" },
  { term: "After evolving", section: "Evolution Phase step 4.11 \"After evolving\"", match: [/\bafter\s+evolving\b/i],
    definition: "11. “After evolving,”: Once the future is on the active zone and the stats have been changed for the active Digimon, this effect activates." },
  { term: "Downgrade", section: "Evolution Phase step 4.13 \"Downgrade\"", match: [/\bdowngrade[sd]?\b/i],
    definition: "13. Downgrade: Evolution in reverse Level order (M, U, C, R). This card effect ignores DP by default." },
  { term: "Enables…", section: "Evolution Phase step 4.14 \"Enables…\"", match: [/\benables?\b/i],
    definition: "14. Enables…: Indicates some change to the normal procedure. Example: Enables evolution to the same level. This means the normal level procedure is skipped if a player wants and the new one is used." },
  { term: "Requires DP", section: "Evolution Phase step 4.15 \"Requires DP\"", match: [/\brequires\s+DP\b/i],
    definition: "15. Requires DP: Means you would not evolve “by DP” as usual on an evolution card, but this one still requires that you could meet the future’s DP cost, then still discards all DP in the slot. This is similar, but for the purposes of effects and abnormal evolution, is separate from evolving “by DP”." },
  { term: "Do not use with", section: "Evolution Phase POINT \"Do not use with <Level>\"", match: [/\bdo\s+not\s+use\s+with\b/i],
    definition: "POINT! Some Evolve cards have “Do not use with <Level>”. These cards cannot be used when the active or future is the specified level. (e.g. “Download” ignores type, level, and DP but not with Level M. This means if the active or future is Level M, Download cannot be played." },
  { term: "Mulligan", section: "Prep Phase step 3 \"Full mulligans\"", match: [/\bmulligan(?:s|ed)?\b/i],
    definition: "3. Full mulligans: If the turn player has 3 or more cards in hand at this point, they may perform a “full mulligan” as many times as they wish. This is discarding the ENTIRE hand and adding that many cards to their hand from the top of the deck (same as drawing but does not trigger effects)." },
  { term: "Dark Area", section: "Rules FAQ \"Dark Area\"", match: [/\bdark\s+area\b/i],
    definition: "Dark Area – Dark Area is a hidden zone for each player that may contain cards put there by effects. Nothing may affect this zone unless specified. A player may look at their own Dark Area and rearrange it at any time, exactly like their hand. Players cannot play cards from the Dark Area. If a card activates from the Dark Area, it overrides this rule. Cards in a player’s Dark Area are added to their hands during their own Draw Step. Conceptually, this represents a future hand that merges with a player’s hand at that future time. Or it can be thought of as predicting the future. This zone is inoften used and can be thought of as “setting cards aside” in other games." },
  { term: "If not / Otherwise", section: "Rules FAQ \"Conditionals\"", match: [/\bif\s+not\b/i, /\botherwise\b/i],
    definition: "Conditionals – Effects might have if/when statements. These are simple: carry them out under the conditions/timing specified. If anything misfires, skip it and move to the next effect (after a period .) However some effects have a comma (,) or semicolon (;) with “If not, ” or “Otherwise, “. In which case, if the effect *would* misfire, instead skip the “If…” and do the “If not…”." },
  { term: "Costs vs Effects", section: "Rules FAQ \"Costs vs Effects\"", match: [/\bcosts?\b/i],
    definition: "Costs vs Effects – Some effects have a sentence before a colon ( : ), which usually indicates a cost. Costs are essentially conditions but indicate to a player that they are allowed to do something to fulfill that condition at the moment of activation." },
  { term: "Must", section: "Rules FAQ \"“Must” in a cost\"", match: [/\bmust\b/i],
    definition: "“Must” in a cost – When a cost has “must” in it, treat this as a regular effect where it is forced to attempt to fully activate but without player choice. As usual, if this cost is not completed, the effect misfires and fails. Example: BR-171 Mega Disk says “Must Trash 6: Recover own HP +1000.” therefore the player who has this effect will trash 6 even if they don’t want to. If their deck can’t finish trashing 6, it trashes as many as possible and then misfires. As a reminder, costs cannot normally be forbidden." },
  { term: "Cherrypicking", section: "Rules FAQ \"Cherrypicking Rules\"", match: [/\bcherrypick(?:ing)?\b/i],
    definition: "Cherrypicking Rules – When looking into hidden zones for specific cards (instead of any card) a player must reveal the picked card to the opponent for inspection of legality. Such as an effect saying “Take 1 Evolution from deck”, which requires the taking player to show that the card has a yellow border with the words “EVOLUTION” at the top (“EVOLVE” timing cards are not the same)." },
  { term: "SUPPORT", section: "Rules FAQ \"Card timing and effect timing\" (SUPPORT)", match: [/\bSUPPORT\b/],
    definition: "• SUPPORT: Played during\u00a0any Support Phase during the Support step. Players must naturally play these from hand to the Support Zone but they will resolve no matter how they enter the zone (including supporting from the top of the deck facedown)." },
  { term: "EVOLVE", section: "Rules FAQ \"Card timing and effect timing\" (EVOLVE)", match: [/\bEVOLVE\b/],
    definition: "• EVOLVE: During the player’s own Evolution Phase during the step which allows an EVOLVE timing card to be played. This usually means from hand but may be played into the evolve zone from other places for some cards." },
  { term: "PASSIVE", section: "Rules FAQ \"Card timing and effect timing\" (PASSIVE)", match: [/\bPASSIVE\b/],
    definition: "• PASSIVE: Similar to ACTIVATE, this can only be used while it is on the active Digimon naturally. This does not indicate when to play the card from hand, as that is naturally done during evolution or prep." },
  { term: "Timings", section: "Rules FAQ \"What are lowercase timings for individual effects?\"", match: [/\btimings?\b/i],
    definition: "What are lowercase timings for individual effects? – By default, lowercase timings apply only to the effect text that follows them until a new timing is specified. This means many effects may be part of the same timing. As such, they typically are listed last on a card unless another timing is listed after. These naturally trigger during the start of every specified phase (or when possible during that phase) including the opponent’s. These may be nested—meaning multiple timings in a row—so all must coincide to activate (such as “Passive, Support Phase: When…” is a condition that can trigger only during either player’s support phase, at any legal time). Here’s a list of some examples:" },
  { term: "Prep Phase", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Prep Phase)", match: [/\b(?:prep|draw)\s+phase\b/i],
    definition: "• Prep Phase: (same as “Draw Phase:”, outdated) Triggers at the start of every prep phase or when appropriate during." },
  { term: "Own Prep Phase", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Own Prep Phase)", match: [/\bown\s+prep\s+phase\b/i],
    definition: "• Own Prep Phase: Triggers at the same times as “Prep Phase” but only during own turns." },
  { term: "Support", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Support)", match: [/\bsupport(?:s)?(?:\s+phase)?\b/i],
    definition: "• Support: or Support Phase: both mean trigger or usable on any support phase during the “any/support phase” step or support step. This does NOT require a player to use up their 1 support per turn. SUPPORT timing cards do require this naturally." },
  { term: "Any Support Phase", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Any Support Phase)", match: [/\bany\s+support\s+phase\b/i],
    definition: "• Any Support Phase: Treated as both “Support” and “Any Phase”, which essentially allows ACTIVATE to be usable during the Any Phase timing of either player’s Support or the Support step of either player’s Support phase." },
  { term: "Passive", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Passive)", match: [/\bpassive\b/i],
    definition: "• Passive: Always continually applied while its conditions are met and stays in its zone. Similar to PASSIVE, but usually not the first effect timing of a card." },
  { term: "While attached", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (While attached)", match: [/\bwhile\s+attached\b/i, /\[attached\]/i],
    definition: "• \u00a0or “While attached, ” means it applies similarly to PASSIVE but only when occupying a player’s attachment zone." },
  { term: "Active Zone", section: "Rules FAQ \"What are lowercase timings for individual effects?\" (Active Zone)", match: [/\bactive\s+(?:zone|stack)\b/i],
    definition: "• Active Zone: or Active Stack: means it is a location specified for a Passive timing effect that is still valid anywhere in the active zone, not just the top card." },
  // The DMB rules' own words (003_7a740b8ec9103d40.txt), which `ruleset dmb` sets compile.
  { term: "Also [Type]", section: "Glossary \"Also [Type]\"", rules: DMB_RULES_FILE, match: [/\balso\s+(?!counts?\b)[A-Za-z][A-Za-z-]*/i],
    definition: "__Also [Type]__ This card is permanently considered this type. However, it is not the card’s primary (printed) type. It cannot be voided, like all parenthetical effects." },
  { term: "Partner Option", section: "Glossary \"Partner Option\"", rules: DMB_RULES_FILE, match: [/\bpartner\s+option\b/i],
    definition: "__Partner Option__ – The “P” symbol on a card indicates it can be placed into the Destiny Zone as a Partner Option. Players may choose to discard a Partner in the appropriate circumstance (usually Support for Option cards) and add this card to the appropriate zone from the Destiny Zone. Remember to delete it after resolution if it leaves the Destiny Zone." },
  { term: "DP +X0", section: "Evolution requirement 1 and End Phase step 3.4", rules: DMB_RULES_FILE, match: [/\bDP\s*\+\s*\d+\b/],
    definition: "1. Must discard the required DP, or DNA (Step 3) if required. DP discounts apply before evolution. DP bonuses (+) are acquired *after* evolution.\n4. Continuous evolution-box bonuses such as “Power +40” or “Opponent’s DP -10” or “DP +10” are considered Passives as in 2.3." },
  { term: "Putting unknown cards from a hidden zone into a visible zone", section: "Rules FAQ \"Putting unknown cards from a hidden zone into a visible zone\"", rules: DMB_RULES_FILE, match: [/\bput\s+any\b/i, /\binto\s+own\s+DP\b/i],
    definition: "__Putting unknown cards from a hidden zone into a visible zone__ – This can often occur when resolving some Jungle abilities such as “put the top Digimon of own deck into own DP”. When checking for its conditions [Digimon], if the specified card(s) do not meet that condition, they are returned to their hidden zone in the exact same location. If anywhere but the top X of the deck would be checked, the deck must be shuffled (example: if putting any Digimon from own deck into DP, then no Digimon are present, follow the Cherrypicking rule and then shuffle the deck). In the original example, you would iteratively check every card in the deck until a Digimon appears or the deck is empty, then resolve the effect, then shuffle." },
];

/**
 * The citation of an entry as a designer reads it in a hover: which rules, the section, and the
 * rules file it is in, e.g. `DBE rules, Glossary "Recode X" (000_012504f4614e5b24.txt)` or, for
 * DMB's words, `DMB rules, Glossary "Also [Type]" (003_7a740b8ec9103d40.txt)`.
 * Source: the section headings of `000_012504f4614e5b24.txt` (Glossary, Attack Abilities,
 * Evolution Phase, Prep Phase, Rules FAQ) and of `003_7a740b8ec9103d40.txt`.
 */
export function glossarySource(e: GlossaryEntry): string {
  const file = e.rules ?? RULES_FILE;
  return `${file === DMB_RULES_FILE ? "DMB" : "DBE"} rules, ${e.section} (${file})`;
}
