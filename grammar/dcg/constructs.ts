/**
 * The catalogue of DCG (official Digimon Card Game) card-text constructs: each with its
 * group, name, one example in the game's own wording and the rules section it implements.
 * It drives `docs/language-dcg.md` (scripts/gen-dcg-docs.ts), the golden tests of
 * tests/dcg/constructs.test.ts (every example compiles) and the "nearest construct" hint of
 * DCG syntax errors ({@link nearestDcgConstruct}, grammar/dcg/index.ts).
 *
 * Sources: `002_db81695f81018ea7.txt` (Comprehensive Rules 1.2, cited "002 10-4-2"),
 * `001_9364978fb56838a3.txt` (Official Rule Manual 2.3 with its Q&A, Detailed Rules and
 * glossary, cited "001 Gl. "On Play"", "001 DR "By <X>, <Y>"", "001 "Tokens""). Examples are
 * sentences of the card pool (`../shared/data/dcg/cards.json`, card number in the comment)
 * or, for what the pool does not print (the keywords of 002 12-22 … 12-32 and some timings),
 * the printed wording of later cards or the rules' own definition.
 */
import type { DcgBox } from "../../runtime/lang/dcg/ir.ts";

/** The sections of docs/language-dcg.md, in order. */
export const DCG_CONSTRUCT_GROUPS = ["structure", "timing", "keyword", "lead", "event", "condition", "verb", "noun", "zone", "duration", "cost", "value"] as const;

/** A section of docs/language-dcg.md. */
export type DcgConstructGroup = (typeof DCG_CONSTRUCT_GROUPS)[number];

/** One construct of DCG card text. */
export interface DcgConstruct {
  /** Stable id, e.g. `timing.onPlay`, `keyword.blocker`, `verb.delete`. */
  id: string;
  /** The section of the language it belongs to. */
  group: DcgConstructGroup;
  /** Short name. */
  name: string;
  /** One example of card text using it: one or more whole effect units of a text box. */
  example: string;
  /** The text box the example is written in (default "effect"). */
  box?: DcgBox;
  /** The rules section it implements ("002 10-4-2", "001 DR \"By <X>, <Y>\""). */
  source: string;
}

/** Reminder texts as printed (002 12-2: they explain a keyword and never change it). */
const BLOCKER = "(When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead)";
const SA1 = "(This Digimon checks 1 additional security card)";
const DRAW1 = "(Draw 1 card from your deck)";
const RECOVERY1 = "(Place the top card of your deck on top of your security stack)";
const DEDIGI1 = "(Trash up to 1 card from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards)";
const BLITZ = "(If your opponent has 1 or more memory, this Digimon can attack)";
const JAMMING = "(This Digimon can't be deleted in battles against Security Digimon)";
const REBOOT = "(Unsuspend this Digimon during your opponent's unsuspend phase)";
const PIERCING = "(When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it performs any security checks it normally would)";

/** Every construct, grouped as in `docs/language-dcg.md`. */
export const DCG_CONSTRUCTS: readonly DcgConstruct[] = [
  // ─── Structure of a text box ───────────────────────────────────────────
  { id: "structure.unit", group: "structure", name: "Effect unit: timing, then sentences", example: "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.", source: "002 4-14-1, 10-1" }, // BT2-091
  { id: "structure.units", group: "structure", name: "Several units in one box", example: `<Blocker> ${BLOCKER}. [When Attacking] Lose 2 memory.`, source: "002 2-10-1, 4-2" }, // BT5-026
  { id: "structure.keywordLine", group: "structure", name: "Keyword line (a keyword the card has)", example: `<Jamming> ${JAMMING}.`, source: "002 12-1" }, // BT1-016
  { id: "structure.reminder", group: "structure", name: "Reminder text after a keyword", example: `<Reboot> ${REBOOT}.`, source: "002 12-2" }, // BT2-065
  { id: "structure.noReminder", group: "structure", name: "Keyword line without its reminder", example: "<Piercing>", source: "002 12-2" },
  { id: "structure.keywordLines", group: "structure", name: "Keyword lines one after another", example: `<Security Attack +1> ${SA1}. <Reboot> ${REBOOT}.`, source: "002 12-1" }, // BT3-019
  { id: "structure.stackedTimings", group: "structure", name: "Several timings sharing one effect", example: "[On Play] [When Digivolving] Reveal the top 3 cards of your deck.", source: "002 4-14-1, 10-4-1" }, // BT9-020
  { id: "structure.oncePerTurn", group: "structure", name: "[Once Per Turn]", example: "[Your Turn] [Once Per Turn] When an opponent's Digimon is deleted, gain 1 memory.", source: "002 4-15; 001 Gl. \"Once Per Turn\"" },
  { id: "structure.oncePerTurnParen", group: "structure", name: "(Once Per Turn), the older print", example: "[End of Attack] (Once Per Turn) You may trash 2 cards in your hand to unsuspend this Digimon.", source: "002 4-15-1" }, // BT9-025
  { id: "structure.twicePerTurn", group: "structure", name: "[Twice Per Turn]", example: "[When Attacking] (Twice Per Turn) You may trash 3 cards in your hand to unsuspend this Digimon.", source: "002 4-15; 001 Gl. \"Twice Per Turn\"" }, // BT1-039
  { id: "structure.sentences", group: "structure", name: "Sentences of one effect, in order", example: "[On Play] Reveal the top 3 cards of your deck. Trash the remaining cards.", source: "002 10-1-1, 10-3-1-4" },
  { id: "structure.optional", group: "structure", name: "\"you may\": an optional action", example: "[When Digivolving] You may return 1 level 7 Digimon with [Virus] in its attribute from your trash to your hand.", source: "002 10-1-3" }, // BT3-015
  { id: "structure.mandatory", group: "structure", name: "An action without \"may\": done as far as possible", example: "[Security] Delete 1 of your opponent's Digimon.", box: "security", source: "002 10-1-3, 10-3-4" }, // BT9-095
  { id: "structure.restriction", group: "structure", name: "\"can't\": a prohibition", example: "[All Turns] Players can't reduce play costs.", source: "002 10-1-5-6, 10-2-2" }, // ST12-03
  { id: "structure.doesnt", group: "structure", name: "\"doesn't\": an action that does not happen", example: "[When Digivolving] That Digimon doesn't unsuspend during your opponent's next unsuspend phase.", source: "002 10-1-5-6" }, // BT7-103
  { id: "structure.permission", group: "structure", name: "\"can also\": a permission", example: "[Your Turn] This Digimon can also attack your opponent's unsuspended Digimon.", source: "002 9-1, 10-1-5-6" }, // BT8-018
  { id: "structure.bullets", group: "structure", name: "Bullets: \"activate 1 of the following effects\"", example: "[When Digivolving] Activate 1 of the following effects: ・This Digimon gets +2000 DP for the turn. ・Unsuspend this Digimon. ・Delete 1 of your opponent's Digimon with a play cost of 5 or less.", source: "002 10-3-3" }, // EX2-038
  { id: "structure.bulletsTwice", group: "structure", name: "Bullets: \"activate the following effect twice\"", example: "[When Digivolving] Activate the following effect twice. ・1 of your opponent's Digimon gets -7000 DP for the turn.", source: "002 10-3-1" }, // BT4-091
  { id: "structure.bulletsForEach", group: "structure", name: "Bullets: \"for each …, activate the effect below\"", example: "[When Digivolving] For each Tamer you have in play, activate the effect below. ・1 of your opponent's Digimon gets -2000 DP for the turn.", source: "002 10-3-1" }, // BT8-043
  { id: "structure.quoted", group: "structure", name: "Granted effect in quotes", example: "[Main] 1 of your Digimon gains \"[On Deletion] Gain 2 memory\" until the end of your opponent's next turn.", source: "002 4-13, 10-4-4-7" }, // BT6-104
  { id: "structure.quotedUntagged", group: "structure", name: "Granted effect in quotes, without a timing", example: "[Main] 1 of your Digimon gains \"This Digimon doesn't activate the [Security] effects of any Option cards it checks\" for the turn.", source: "002 4-13, 13-2-4" }, // BT3-097
  { id: "structure.followingEffect", group: "structure", name: "\"gains the following effect\"", example: "[Main] 1 of your Digimon gains the following effect for the turn: \"When this Digimon deletes an opponent's Digimon in battle and survives, unsuspend it.\"", source: "002 4-13" }, // BT1-112
  { id: "structure.alsoQuoted", group: "structure", name: "DP and a granted effect together", example: "[Main] 1 of your Digimon gets +2000 DP and \"[When Attacking] Return 1 of your opponent's level 3 Digimon to its owner's hand. Trash all of the digivolution cards of that Digimon\" for the turn.", source: "002 4-13, 13-2-2" }, // BT6-096
  { id: "structure.digixros", group: "structure", name: "DigiXros requirements", example: "[DigiXros -2] [Shoutmon] x [Ballistamon] x [Dorulumon] x [Starmons] When you would play this card, you may place any of the specified Digimon from your hand/battle area at the bottom of this card as digivolution cards. Reduce the play cost of this card by 2 for each card placed.", source: "002 2-15, 4-22, 7-2-6; 001 \"DigiXros\"" }, // BT10-009
  { id: "structure.digixrosTraits", group: "structure", name: "DigiXros requirement by trait", example: "[DigiXros -2] 1 Digimon with [Bagra Army] in its traits When you would play this card, you may place any of the specified Digimon from your hand/battle area at the bottom of this card as digivolution cards. Reduce the play cost of this card by 2 for each card placed.", source: "002 2-15, 7-2-6-2" }, // BT10-077
  { id: "structure.ruleText", group: "structure", name: "Rule text without a timing", example: "When this card is trashed from your deck, delete 1 of your opponent's level 4 or lower Digimon.", source: "002 10-1-2, 2-11" }, // EX2-074
  { id: "structure.inherited", group: "structure", name: "Inherited effect box", example: `[Your Turn] While this Digimon is level 7, it gains <Security Attack +1> ${SA1}.`, box: "inherited", source: "002 2-10-2, 4-4" }, // BT3-010
  { id: "structure.inheritedUntagged", group: "structure", name: "Inherited effect without a timing", example: "When a card is removed from your security stack, gain 1 memory.", box: "inherited", source: "002 4-4-1, 10-1-6-1" }, // BT6-034
  { id: "structure.securityBox", group: "structure", name: "Security effect box", example: "[Security] Gain 2 memory.", box: "security", source: "002 10-4-8; 001 \"Check the security effect\"" }, // ST2-13
  { id: "structure.securityInEffectBox", group: "structure", name: "A Digimon's [Security] effect in its effect box", example: "[Security] At the end of the battle, play this card without paying its memory cost.", source: "002 4-11-4, 10-4-8" },
  { id: "structure.twoColorRequirement", group: "structure", name: "Option rule: colour requirements waived", example: "While you have a Tamer in play, you may use this card without meeting its color requirements.", source: "002 4-20" }, // EX2-068
  { id: "structure.tamerDigivolve", group: "structure", name: "Rule: digivolve onto a Tamer", example: "You may digivolve this card from your hand onto one of your blue Tamers as if the Tamer is a level 3 blue Digimon.", source: "002 13-4" }, // BT4-025
  { id: "structure.specialDigivolve", group: "structure", name: "Rule: special digivolution", example: "Your [Keramon] can digivolve into this card in your hand for a memory cost of 4, ignoring this card's digivolution requirements.", source: "002 2-13-3; 001 Gl. \"Special Digivolution\"" }, // BT5-067
  { id: "structure.nameAlso", group: "structure", name: "Rule: the name is also treated as another", example: "The name of this card/Digimon is also treated as [SkullKnightmon] and [DeadlyAxemon].", source: "002 13-2-4, 2-2" }, // BT8-062
  { id: "structure.token", group: "structure", name: "Token with its stats in parentheses", example: "[On Play] Play 1 [Diaboromon] Token without paying its memory cost. (Diaboromon Tokens are level 6 white Digimon with a memory cost of 14, 3000 DP, and are Mega form, Unidentified type, and Unknown attribute.)", source: "002 4-19; 001 \"Tokens\"" }, // BT5-067
  { id: "structure.trashReminder", group: "structure", name: "Restated rule in parentheses", example: "[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand. (Trash all of the digivolution cards of that Digimon.)", source: "002 11-5-1; 001 \"Card Text Standardization\"" }, // BT4-032

  // ─── Timings ───────────────────────────────────────────────────────────
  { id: "timing.onPlay", group: "timing", name: "[On Play]", example: "[On Play] Reveal the top 5 cards of your deck.", source: "002 10-4-2; 001 Gl. \"On Play\"" }, // BT3-008
  { id: "timing.whenDigivolving", group: "timing", name: "[When Digivolving]", example: "[When Digivolving] Suspend 1 of your opponent's Digimon.", source: "002 10-4-3; 001 Gl. \"When Digivolving\"" },
  { id: "timing.whenAttacking", group: "timing", name: "[When Attacking]", example: "[When Attacking] Lose 2 memory.", source: "002 10-4-5; 001 Gl. \"When Attacking\"" }, // BT5-012
  { id: "timing.endOfAttack", group: "timing", name: "[End of Attack]", example: "[End of Attack] You may place this Digimon under 1 of your Digimon as its bottom digivolution card.", source: "002 10-4-13; 001 Gl. \"End of Attack\"" }, // EX2-028
  { id: "timing.onDeletion", group: "timing", name: "[On Deletion]", example: "[On Deletion] Suspend up to 2 of your opponent's Digimon.", source: "002 10-4-4; 001 Gl. \"On Deletion\"" }, // BT4-061
  { id: "timing.yourTurn", group: "timing", name: "[Your Turn]", example: "[Your Turn] This Digimon is unblockable.", source: "002 10-4-7; 001 Gl. \"Your Turn\"" }, // ST8-09
  { id: "timing.opponentsTurn", group: "timing", name: "[Opponent's Turn]", example: "[Opponent's Turn] All of your Security Digimon get +2000 DP.", source: "002 10-4-7; 001 Gl. \"Opponent's Turn\"" }, // ST3-12
  { id: "timing.allTurns", group: "timing", name: "[All Turns]", example: "[All Turns] When a card is removed from your opponent's security stack, gain 1 memory.", source: "002 10-4-7; 001 Gl. \"All Turns\"" }, // BT9-016
  { id: "timing.main", group: "timing", name: "[Main]", example: "[Main] Choose any number of your opponent's Digimon whose total DP adds up to 8000 or less and delete them.", source: "002 10-4-6; 001 Gl. \"Main\"" }, // ST7-12
  { id: "timing.security", group: "timing", name: "[Security]", example: "[Security] Add this card to your hand.", box: "security", source: "002 10-4-8; 001 Gl. \"Security\"" }, // BT3-097
  { id: "timing.counter", group: "timing", name: "[Counter]", example: "[Hand] [Counter] When one of your Digimon is attacked, you may play this card without paying its memory cost.", source: "002 10-4-12, 9-2-1-4" },
  { id: "timing.startOfYourTurn", group: "timing", name: "[Start of Your Turn]", example: "[Start of Your Turn] Trash the top card of this Digimon.", source: "002 10-4-9; 001 Gl. \"Start of Your Turn\"" }, // BT9-083
  { id: "timing.startOfOpponentsTurn", group: "timing", name: "[Start of Opponent's Turn]", example: "[Start of Opponent's Turn] Gain 1 memory.", source: "002 10-4-9" },
  { id: "timing.startOfYourMainPhase", group: "timing", name: "[Start of Your Main Phase]", example: "[Start of Your Main Phase] If you have a red Digimon in play, gain 1 memory.", source: "002 10-4-11, 6-6-1" }, // BT8-085
  { id: "timing.startOfOpponentsMainPhase", group: "timing", name: "[Start of Opponent's Main Phase]", example: "[Start of Opponent's Main Phase] Suspend 1 of your opponent's Digimon.", source: "002 10-4-11" },
  { id: "timing.endOfYourTurn", group: "timing", name: "[End of Your Turn]", example: "[End of Your Turn] Trash the top card of your security stack.", source: "002 10-4-10; 001 Gl. \"End of Your Turn\"" }, // BT8-081
  { id: "timing.endOfOpponentsTurn", group: "timing", name: "[End of Opponent's Turn]", example: "[End of Opponent's Turn] Trash the top card of your security stack.", source: "002 10-4-10" }, // BT4-047
  { id: "timing.endOfAllTurns", group: "timing", name: "[End of All Turns]", example: "[End of All Turns] Unsuspend this Digimon.", source: "002 10-4-10" },
  { id: "timing.hand", group: "timing", name: "[Hand] (printed \"(Hand)\")", example: "(Hand) [Main] If you have a Digimon with [Justimon] or [Raidenmon] in its name in play, you may pay 1 memory to place this card under that Digimon as its bottom digivolution card.", source: "002 4-16" }, // BT9-029
  { id: "timing.breeding", group: "timing", name: "[Breeding]", example: "[Breeding] [Your Turn] [Once Per Turn] When one of your Digimon digivolves, gain 1 memory.", source: "002 4-18, 3-4-5" },
  { id: "timing.trash", group: "timing", name: "[Trash]", example: "[Trash] [Main] You may play this card without paying its memory cost.", source: "002 4-17" },
  { id: "timing.rule", group: "timing", name: "[Rule]", example: "[Rule] You can include up to 50 copies of cards with this card's card number in your deck.", source: "002 2-11" },

  // ─── Keyword effects (002 chapter 12) ───────────────────────────────────
  { id: "keyword.securityAttack", group: "keyword", name: "<Security Attack +N>", example: `<Security Attack +1> ${SA1}.`, source: "002 12-4; 001 Gl. \"<Security Attack +x>\"" }, // BT4-015
  { id: "keyword.securityAttackMinus", group: "keyword", name: "<Security Attack -N>", example: "[Your Turn] All of your opponent's Digimon gain <Security Attack -1> (This Digimon checks 1 fewer security card).", source: "002 12-4-1, 12-4-3; 001 Gl. \"<Security Attack -x>\"" },
  { id: "keyword.securityA", group: "keyword", name: "<Security A. +N>, the newer print", example: `<Security A. +1> ${SA1}.`, source: "002 12-4-5" },
  { id: "keyword.blocker", group: "keyword", name: "<Blocker>", example: `<Blocker> ${BLOCKER}.`, source: "002 12-5; 001 Gl. \"<Blocker>\"" }, // ST12-09
  { id: "keyword.recovery", group: "keyword", name: "<Recovery +N (Deck)>", example: `[On Play] <Recovery +1 (Deck)> ${RECOVERY1}.`, source: "002 12-6; 001 Gl. \"<Recovery +x (Deck)>\"" },
  { id: "keyword.piercing", group: "keyword", name: "<Piercing>", example: `<Piercing> ${PIERCING}.`, source: "002 12-7; 001 Gl. \"<Piercing>\"" }, // ST7-10
  { id: "keyword.draw", group: "keyword", name: "<Draw N>", example: "[On Play] <Draw 2> (Draw 2 cards from your deck).", source: "002 12-8; 001 Gl. \"<Draw x>\"" }, // BT10-009
  { id: "keyword.jamming", group: "keyword", name: "<Jamming>", example: `[Your Turn] This Digimon gains <Jamming> ${JAMMING}.`, source: "002 12-9; 001 Gl. \"<Jamming>\"" },
  { id: "keyword.digisorption", group: "keyword", name: "<Digisorption -N>", example: "<Digisorption -2> (When one of your Digimon digivolves into this card from your hand, you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 2).", source: "002 12-10; 001 Gl. \"<Digisorption -x>\"" }, // BT8-054
  { id: "keyword.reboot", group: "keyword", name: "<Reboot>", example: `[All Turns] While you have a Tamer in play, this Digimon gains <Reboot> ${REBOOT}.`, source: "002 12-11, 6-3-1-1; 001 Gl. \"<Reboot>\"" },
  { id: "keyword.deDigivolve", group: "keyword", name: "<De-Digivolve N> on a Digimon", example: `[When Digivolving] <De-Digivolve 1> on 1 of your opponent's Digimon ${DEDIGI1}.`, source: "002 12-12; 001 Gl. \"<De-Digivolve x>\"" }, // BT8-067
  { id: "keyword.retaliation", group: "keyword", name: "<Retaliation>", example: "<Retaliation> (When this Digimon is deleted after losing a battle, delete the Digimon it was battling).", source: "002 12-13; 001 Gl. \"<Retaliation>\"" }, // BT5-080
  { id: "keyword.digiBurst", group: "keyword", name: "<Digi-Burst N> with its bullet", example: "[When Digivolving] <Digi-Burst 2> (You may trash 2 of this Digimon's digivolution cards to activate the effect below). ・Delete 1 of your opponent's Digimon with 8000 DP or less.", source: "002 12-14; 001 Gl. \"<Digi-Burst X>\"" }, // BT4-019
  { id: "keyword.rush", group: "keyword", name: "<Rush>", example: "<Rush> (This Digimon can attack the turn it comes into play).", source: "002 12-15; 001 Gl. \"<Rush>\"" }, // BT9-026
  { id: "keyword.blitz", group: "keyword", name: "<Blitz>", example: `[When Digivolving] <Blitz> ${BLITZ}.`, source: "002 12-16; 001 Gl. \"<Blitz>\"" }, // BT5-017
  { id: "keyword.delay", group: "keyword", name: "<Delay> with its bullet", example: "[Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Gain 2 memory.", source: "002 12-17; 001 Gl. \"<Delay>\"" }, // P-035
  { id: "keyword.decoy", group: "keyword", name: "<Decoy (Colour)>", example: "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion).", source: "002 12-18; 001 Gl. \"<Decoy (X)>\"" }, // BT6-064
  { id: "keyword.armorPurge", group: "keyword", name: "<Armor Purge>", example: "<Armor Purge> (When this Digimon would be deleted, you may trash the top card of this Digimon to prevent that deletion).", source: "002 12-19; 001 Gl. \"<Armor Purge>\"" }, // BT8-012
  { id: "keyword.save", group: "keyword", name: "<Save>", example: "[On Deletion] <Save> (You can place this card under one of your Tamers).", source: "002 12-20" }, // BT10-008
  { id: "keyword.materialSave", group: "keyword", name: "<Material Save N>", example: "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers).", source: "002 12-21" }, // BT10-009
  { id: "keyword.evade", group: "keyword", name: "<Evade>", example: "<Evade> (When this Digimon would be deleted, you may suspend it to prevent that deletion.)", source: "002 12-22" },
  { id: "keyword.raid", group: "keyword", name: "<Raid>", example: "<Raid> (When this Digimon attacks, you may switch the target of attack to 1 of your opponent's unsuspended Digimon with the highest DP.)", source: "002 12-23" },
  { id: "keyword.alliance", group: "keyword", name: "<Alliance>", example: "<Alliance> (When this Digimon attacks, by suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains <Security Attack +1> for the attack.)", source: "002 12-24, 4-25-6" },
  { id: "keyword.barrier", group: "keyword", name: "<Barrier>", example: "<Barrier> (When this Digimon would be deleted in battle, by trashing the top card of your security stack, prevent that deletion.)", source: "002 12-25" },
  { id: "keyword.blastDigivolve", group: "keyword", name: "<Blast Digivolve>", example: "[Hand] [Counter] <Blast Digivolve> (Your Digimon may digivolve into this card without paying the cost.)", source: "002 12-26, 4-24" },
  { id: "keyword.fortitude", group: "keyword", name: "<Fortitude>", example: "<Fortitude> (When this Digimon with digivolution cards is deleted, play this card without paying the cost.)", source: "002 12-27" },
  { id: "keyword.mindLink", group: "keyword", name: "<Mind Link> with a Digimon", example: "[Main] <Mind Link> with 1 of your Digimon with the [Dark Animal] or [SoC] trait. (Place this Tamer as that Digimon's bottom digivolution card if there are no Tamer cards in its digivolution cards.)", source: "002 12-28" },
  { id: "keyword.partition", group: "keyword", name: "<Partition (Colour Lv.N & Colour Lv.N)>", example: "<Partition (blue Lv.4 & green Lv.4)> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)", source: "002 12-29" },
  { id: "keyword.collision", group: "keyword", name: "<Collision>", example: "<Collision> (During this Digimon's attack, all of your opponent's Digimon gain <Blocker>, and your opponent blocks if possible.)", source: "002 12-30" },
  { id: "keyword.blastDnaDigivolve", group: "keyword", name: "<Blast DNA Digivolve ([Name] + [Name])>", example: "[Hand] [Counter] <Blast DNA Digivolve ([Durandamon] + [BryweLudramon])> (1 of your specified Digimon and 1 specified card in hand may DNA digivolve into this card.)", source: "002 12-31" },
  { id: "keyword.scapegoat", group: "keyword", name: "<Scapegoat>", example: "<Scapegoat> (When this Digimon would be deleted other than by your effects, by deleting 1 of your other Digimon, prevent that deletion.)", source: "002 12-32" },
  { id: "keyword.granted", group: "keyword", name: "Keyword gained for a time", example: `[When Digivolving] This Digimon gains <Piercing> ${PIERCING} for the turn.`, source: "002 4-13-2, 13-2-2" },
  { id: "keyword.grantedList", group: "keyword", name: "Several keywords gained together", example: `[Main] 1 of your Digimon gains <Blocker> ${BLOCKER}, <Reboot> ${REBOOT}, and <Security Attack +1> ${SA1} until the end of your opponent's next turn.`, source: "002 4-13" }, // BT4-109
  { id: "keyword.gets", group: "keyword", name: "DP and a keyword together", example: `[Your Turn] For each [Diaboromon] you have in play, this Digimon gets <Security Attack +1> ${SA1}.`, source: "002 4-13, 12-4-2" }, // P-016
  { id: "keyword.trigger", group: "keyword", name: "\"Trigger <Keyword>\": a keyword performed", example: `[On Play] Trigger <Draw 1> ${DRAW1}.`, source: "002 12-8, 13-6" }, // BT1-029
  { id: "keyword.triggerRecovery", group: "keyword", name: "\"Trigger <Recovery +N (Deck)>\"", example: `[Security] Trigger <Recovery +1 (Deck)> ${RECOVERY1}.`, box: "security", source: "002 12-6" }, // BT4-105
  { id: "keyword.triggerDeDigivolve", group: "keyword", name: "\"Trigger <De-Digivolve N> on …\"", example: "[Main] Trigger <De-Digivolve 4> on 1 of your opponent's Digimon (Trash up to 4 cards from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards).", source: "002 12-12-1" }, // BT2-106
  { id: "keyword.action", group: "keyword", name: "A keyword as an action inside a sentence", example: `[All Turns] When your opponent plays a level 5 or higher Digimon, gain 1 memory and <Draw 1> ${DRAW1}.`, source: "002 12-8, 13-6-1" }, // BT8-028
  { id: "keyword.conditional", group: "keyword", name: "A keyword behind a timing and a condition", example: `[When Digivolving] If this Digimon has a red digivolution card, <Blitz> ${BLITZ}.`, source: "002 4-13-4; 001 DR \"With <effect>\"" }, // BT9-068
  { id: "keyword.with", group: "keyword", name: "\"with <Keyword>\": cards that have it", example: "[When Attacking] Delete 1 of your opponent's Digimon with <Blocker>.", source: "002 4-13, 4-25-5" },
  { id: "keyword.without", group: "keyword", name: "\"without <Keyword>\"", example: "[Security] Suspend all of your opponent's Digimon without <Blocker>.", box: "security", source: "002 4-13, 14-2" }, // BT1-110
  { id: "keyword.has", group: "keyword", name: "\"while this Digimon has <Keyword>\"", example: "[Your Turn] While this Digimon has <Blitz>, it gets +1000 DP.", source: "002 4-13-1, 4-13-3" },
  { id: "keyword.dueTo", group: "keyword", name: "\"due to activating <Keyword>\"", example: "When this card is trashed due to activating this Digimon's <Digi-Burst>, gain 1 memory.", box: "inherited", source: "002 12-14-7" },

  // ─── Sentence leads ────────────────────────────────────────────────────
  { id: "lead.when", group: "lead", name: "When …, (a trigger condition)", example: "[Your Turn] When this Digimon is blocked, gain 3 memory.", source: "002 10-1-6-1, 13-3-1-1" }, // ST1-09
  { id: "lead.whenWould", group: "lead", name: "When … would …, (an interrupt)", example: "[Your Turn] When this Digimon would digivolve, if you have a green Tamer in play, reduce the digivolution cost by 1.", source: "002 10-1-8, 13-3-1-2; 001 DR \"When and Would\"" }, // EX2-026
  { id: "lead.if", group: "lead", name: "If …,", example: "[On Deletion] If it's your turn, gain 1 memory.", source: "002 10-2, 10-1-6-3" }, // BT2-010
  { id: "lead.ifTrailing", group: "lead", name: "… if … (a trailing condition)", example: "When playing this card from your hand, reduce its play cost by 1 if you have a blue Digimon in play.", source: "002 10-2" }, // BT8-036
  { id: "lead.while", group: "lead", name: "While …, (a continuous condition)", example: "[Your Turn] While there are 5 or more cards in your trash, this Digimon gets +2000 DP.", source: "002 10-1-5-3, 10-4-7-2" }, // ST6-11
  { id: "lead.by", group: "lead", name: "By …ing …, (a cost first)", example: "[Main] By trashing 1 card in your hand, 1 of your opponent's Digimon gets -2000 DP for the turn.", source: "002 11-7; 001 DR \"By <X>, <Y>\"" },
  { id: "lead.forEach", group: "lead", name: "For each …,", example: "[On Play] For each of your opponent's Digimon with no digivolution cards, <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).", source: "002 10-3-1" }, // EX2-018
  { id: "lead.then", group: "lead", name: "Then, …", example: "[Main] Suspend 1 of your opponent's Digimon. Then, gain 1 memory for each of your opponent's suspended Digimon.", source: "002 11-8; 001 DR \"Effects Divided With Then\"" },
  { id: "lead.thenInline", group: "lead", name: "…, then …", example: "[On Play] Look at your security stack, then reveal 1 card in it and add it to your hand.", source: "002 11-8" }, // BT1-087
  { id: "lead.ifYouDo", group: "lead", name: "If you do, …", example: "[Main] You may suspend 1 of your Digimon. If you do, delete this Digimon.", source: "002 11-7-1" },
  { id: "lead.ifTheyDont", group: "lead", name: "If they don't, … (the opponent's choice)", example: "[Main] Your opponent may trash their top security card. If they don't, trigger <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack).", source: "002 11-7-2" }, // BT3-102
  { id: "lead.whenYouDo", group: "lead", name: "When you do, …", example: "[When Attacking] Trash the bottom digivolution card of 1 of your opponent's Digimon. When you do, trigger <Draw 1> (Draw 1 card from your deck) and gain 1 memory.", source: "002 11-7-1" },
  { id: "lead.otherwise", group: "lead", name: "Otherwise, …", example: "[On Play] Reveal the top card of your deck. Add it to your hand if it's a green Digimon card. Otherwise, place it at the bottom of your deck.", source: "002 10-2" }, // BT5-046
  { id: "lead.instead", group: "lead", name: "… instead (a replacement)", example: "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less. If you have a red Tamer in play, delete 1 of your opponent's Digimon with 8000 DP or less instead.", source: "002 13-2-5" }, // BT2-093
  { id: "lead.nextTime", group: "lead", name: "The next time …,", example: "[Main] The next time one of your Digimon would digivolve this turn, reduce the digivolution cost by 1.", source: "002 13-3-1-2, 13-2-2" }, // ST12-15
  { id: "lead.atEndOfBattle", group: "lead", name: "At the end of the battle, …", example: "[Security] At the end of the battle, add this card to your hand.", box: "security", source: "001 Gl. \"At the end of the battle\"; 002 9-2-1-8" }, // BT6-111
  { id: "lead.atEndOfTurn", group: "lead", name: "At the end of the turn, … (a delayed effect)", example: "[When Attacking] At the end of the turn, lose 3 memory.", source: "002 6-7-2, 13-2-2" }, // BT1-058
  { id: "lead.forTheTurn", group: "lead", name: "For the turn, … (a fronted duration)", example: "[Main] For the turn, 1 of your Digimon gets +3000 DP and can also attack your opponent's unsuspended Digimon with no digivolution cards.", source: "002 13-2-2" }, // BT7-095
  { id: "lead.until", group: "lead", name: "Until the end of …, (a fronted duration)", example: "[When Digivolving] Until the end of your opponent's turn, 2 of their Digimon gain \"[On Deletion] Lose 1 memory.\"", source: "002 13-2-2, 6-7-5" }, // BT9-014
  { id: "lead.whenDna", group: "lead", name: "When DNA digivolving, …", example: "[When Digivolving] When DNA digivolving, return 1 of your opponent's Digimon with 6000 DP or less to the bottom of its owner's deck.", source: "002 8-2, 10-4-3-5" }, // ST9-05

  // ─── Events ("When …") ─────────────────────────────────────────────────
  { id: "event.attacks", group: "event", name: "When one of your Digimon attacks", example: "[Your Turn] When one of your Digimon with 2 or more colors attacks, you may suspend this Tamer to delete 1 of your opponent's Digimon with 3000 DP or less.", source: "002 9-2-1-1, 10-4-5" }, // BT8-085
  { id: "event.attacksPlayer", group: "event", name: "When … attacks a player", example: "[Your Turn] When one of your red Digimon attacks a player, you may suspend this Tamer to give that Digimon +2000 DP for the turn.", source: "002 9-2-1-6" }, // BT2-084
  { id: "event.opponentAttacks", group: "event", name: "When an opponent's Digimon attacks (reaction timing)", example: "[Opponent's Turn] When an opponent's Digimon attacks, suspend up to 2 of their Digimon without <Blocker>.", source: "002 9-2-1-4; 001 DR \"Reaction Timing\"" }, // BT6-054
  { id: "event.youAttack", group: "event", name: "When you attack …", example: "[When Attacking] When you attack your opponent's Digimon with the highest DP, unsuspend this Digimon.", source: "002 9-2-1-1" }, // BT2-112
  { id: "event.blocked", group: "event", name: "When this Digimon is blocked", example: "[Your Turn] When this Digimon is blocked, it gets +2000 DP.", box: "inherited", source: "002 9-2-1-5" }, // BT1-012
  { id: "event.deleted", group: "event", name: "When … is deleted", example: "[Your Turn] When one of your other Digimon is deleted, trigger <De-Digivolve 1> on 1 of your opponent's Digimon (Trash up to 1 card from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards).", source: "002 4-12-1" }, // BT6-066
  { id: "event.wouldBeDeleted", group: "event", name: "When … would be deleted", example: "[All Turns] When this Digimon has [Garurumon] or [Omnimon] in its name and would be deleted in battle, you may trash 2 cards of the same level in this Digimon's digivolution cards to prevent that deletion.", box: "inherited", source: "002 13-3-1-2; 001 DR \"When <something> would\"" }, // BT9-024
  { id: "event.deletesInBattle", group: "event", name: "When this Digimon deletes … in battle and survives", example: "When this Digimon deletes an opponent's Digimon in battle and survives, gain 1 memory.", box: "inherited", source: "002 9-2-1-8-4" }, // BT3-050
  { id: "event.played", group: "event", name: "When you play …", example: "When you play a Tamer, gain 1 memory.", box: "inherited", source: "002 7-2-2-3, 7-3-2-3" }, // BT7-068
  { id: "event.opponentPlays", group: "event", name: "When your opponent plays …", example: "[All Turns] When your opponent plays a level 5 or higher Digimon, gain 1 memory.", source: "002 7-1" },
  { id: "event.wouldPlay", group: "event", name: "When you would play …", example: "[Your Turn] When you would play [MarineAngemon] from your hand, reduce its play cost by 1.", source: "002 7-2-6-8, 13-3-1-2" }, // EX2-057
  { id: "event.digivolves", group: "event", name: "When one of your Digimon digivolves", example: "[Your Turn] When one of your Digimon digivolves, you may suspend this Tamer to trigger <Draw 1> (Draw 1 card from your deck).", source: "002 8-1-2-3" }, // BT5-091
  { id: "event.wouldDigivolve", group: "event", name: "When … would digivolve into …", example: "[Your Turn] When this Digimon would digivolve into a Digimon with [Insectoid] in its traits, reduce the digivolution cost by 1.", source: "002 8-3-8, 13-3-1-2" }, // BT9-052
  { id: "event.suspended", group: "event", name: "When … becomes suspended", example: "[Opponent's Turn] When an opponent's Tamer becomes suspended, gain 1 memory.", box: "inherited", source: "002 4-9" }, // BT4-084
  { id: "event.unsuspended", group: "event", name: "When … becomes unsuspended", example: "When this Digimon becomes unsuspended during your main phase, gain 1 memory.", box: "inherited", source: "002 4-9, 6-6" }, // BT7-026
  { id: "event.securityRemoved", group: "event", name: "When a card is removed from a security stack", example: "[All Turns] When a card is removed from a player's security stack, unsuspend this Digimon.", source: "002 3-8" }, // ST13-06
  { id: "event.trashedFromDeck", group: "event", name: "When a card is trashed from your deck", example: "When a card is trashed from your deck, gain 1 memory.", box: "inherited", source: "002 4-12-2, 11-9-3" }, // BT8-074
  { id: "event.used", group: "event", name: "When you use an Option card", example: "When you use an Option card, gain 2 memory.", source: "002 6-6-2-4" }, // BT3-091
  { id: "event.cardsAdded", group: "event", name: "When an effect adds a card to your hand", example: "When an effect adds a card to your hand, gain 1 memory.", box: "inherited", source: "002 3-6" }, // BT7-087
  { id: "event.moved", group: "event", name: "When … moves from the breeding area", example: "[Opponent's Turn] When an opponent's Digimon moves from the breeding area to the battle area, it gains <Security Attack -3> (This Digimon checks 3 fewer security cards) for the turn.", source: "002 4-12-3, 6-5-1-2" }, // BT5-044
  { id: "event.addedBy", group: "event", name: "When cards are added … by an effect", example: "When cards are added to your opponent's hand by an effect, by trashing any 1 of this Digimon's digivolution cards, your opponent trashes cards in their hand equal to the number of cards added to your opponent's hand.", source: "002 3-6; 001 DR \"By <X>, <Y>\"" }, // BT10-077
  { id: "event.trashedByKeyword", group: "event", name: "When this card is trashed from your hand by an effect", example: "When you trash this card in your hand using one of your effects, gain 1 memory.", source: "002 4-12-2, 4-17" },

  // ─── Conditions ("If …", "While …") ─────────────────────────────────────
  { id: "condition.haveCount", group: "condition", name: "you have N or fewer security cards", example: "[Start of Your Turn] If you have 3 or fewer security cards, gain 1 memory.", source: "002 10-2, 3-8" }, // BT9-084
  { id: "condition.haveInPlay", group: "condition", name: "you have a Tamer in play", example: "[On Play] If you have a Tamer in play, gain 1 memory.", source: "002 10-2, 3-5" },
  { id: "condition.dontHave", group: "condition", name: "you don't have … in play", example: "[On Play] If you don't have a [Christopher Aonuma] in play, you may play one from your hand without paying its memory cost.", source: "002 10-2, 2-2-2" }, // BT10-021
  { id: "condition.opponentHas", group: "condition", name: "your opponent has N or more cards in hand", example: "[Start of Your Main Phase] If your opponent has 8 or more cards in hand, gain 1 memory.", source: "002 10-2, 3-6" }, // BT9-085
  { id: "condition.opponentHasDigimon", group: "condition", name: "your opponent has a Digimon with …", example: "[When Attacking] If your opponent has a Digimon with no digivolution cards in play, gain 1 memory.", box: "inherited", source: "002 10-2, 4-3" }, // BT1-041
  { id: "condition.memory", group: "condition", name: "you have N memory or less", example: "[Start of Your Turn] If you have 2 memory or less, set your memory to 3.", source: "002 4-1" }, // BT8-086
  { id: "condition.thereAre", group: "condition", name: "there are N or more cards in …", example: "[Your Turn] While there are 5 or more cards in your opponent's trash, this Digimon gets +1000 DP.", box: "inherited", source: "002 3-7" }, // BT2-017
  { id: "condition.hasInName", group: "condition", name: "this Digimon has [X] in its name", example: "[Your Turn] While this Digimon has [Tyrannomon] in its name, it gets +2000 DP.", source: "002 2-2-3" },
  { id: "condition.hasInTraits", group: "condition", name: "this Digimon has [X] in its traits", example: "[When Digivolving] If this Digimon has [Royal Knight] in its traits, gain 1 memory.", source: "002 2-5-3" },
  { id: "condition.inDigivolutionCards", group: "condition", name: "[X] is in this Digimon's digivolution cards", example: "[End of Attack] (Once Per Turn) If [WarGreymon] or [X Antibody] is in this Digimon's digivolution cards, delete 1 of your opponent's Digimon with DP less than or equal to this Digimon's DP.", source: "002 4-3" }, // BT9-016
  { id: "condition.isLevel", group: "condition", name: "this Digimon is level N", example: "[All Turns] While this Digimon is level 4, it gets +1000 DP.", box: "inherited", source: "002 2-12" }, // EX2-002
  { id: "condition.isName", group: "condition", name: "this Digimon is [Name]", example: "[Opponent's Turn] While this Digimon is [RagnaLoardmon], it isn't affected by the effects of your opponent's Digimon.", box: "inherited", source: "002 2-2-2" }, // ST13-14
  { id: "condition.isSuspended", group: "condition", name: "this Digimon is suspended", example: "[When Digivolving] If this Digimon is suspended, return 1 of your opponent's suspended Digimon with DP less than or equal to this Digimon's DP to its owner's hand.", source: "002 4-9" }, // BT8-055
  { id: "condition.isAttacking", group: "condition", name: "this Digimon is attacking", example: "[When Digivolving] If this Digimon is attacking, you may switch the target of the attack to 1 of your opponent's suspended Digimon.", source: "002 9-2" }, // BT9-052
  { id: "condition.isBattling", group: "condition", name: "this Digimon is battling …", example: "[Your Turn] While this Digimon is battling an opponent's Digimon with 6000 DP or more, it gets +2000 DP.", source: "002 9-2-1-6, 10-1-5-3" },
  { id: "condition.whenBattling", group: "condition", name: "… when battling …", example: "[Your Turn] This Digimon gets +1000 DP when battling an opponent's Digimon that has no digivolution cards.", box: "inherited", source: "002 9-2-1-6, 10-1-5-3" }, // ST2-01
  { id: "condition.thatCardIs", group: "condition", name: "that card is a … card", example: "[On Play] Reveal the top card of your deck. If that card is a black Digimon card with a play cost of 4 or less, you may play it without paying its memory cost.", source: "002 11-9" }, // P-070
  { id: "condition.itsYourTurn", group: "condition", name: "it's your turn", example: "[On Deletion] If it's your turn, trigger <Draw 1> (Draw 1 card from your deck).", source: "002 4-8" },
  { id: "condition.didntAttack", group: "condition", name: "your opponent didn't attack this turn", example: `[End of Opponent's Turn] If your opponent didn't attack with a Digimon this turn, trigger <Draw 1> ${DRAW1}.`, box: "inherited", source: "002 9-2" }, // ST5-04
  { id: "condition.hasKeyword", group: "condition", name: "this Digimon has <Keyword>", example: "[Your Turn] While this Digimon has <Reboot>, it gets +1000 DP.", source: "002 4-13" },
  { id: "condition.or", group: "condition", name: "that's … or has …", example: "[When Attacking] If you have a Digimon that's black or has [Legend-Arms] in its traits in play, delete 1 of your opponent's Digimon with 3000 DP or less.", box: "inherited", source: "002 10-2, 14-3" }, // ST13-02
  { id: "condition.formOrType", group: "condition", name: "[X] in its form or type", example: "[When Attacking] (Once Per Turn) If this Digimon has [Hybrid] or [Ten Warriors] in its form or type, gain 1 memory.", box: "inherited", source: "002 2-5" }, // BT6-022
  { id: "condition.cardInTrash", group: "condition", name: "a card with … is in your trash", example: "[Start of Your Turn] If a Digimon card with [Unidentified] in its type is in your trash, gain 1 memory.", source: "002 3-7, 2-5-3" }, // BT5-090

  // ─── Clause verbs ──────────────────────────────────────────────────────
  { id: "verb.delete", group: "verb", name: "Delete", example: "[On Deletion] Delete 1 of your opponent's Digimon with a play cost of 7 or less.", source: "002 4-12-1" }, // BT6-064
  { id: "verb.play", group: "verb", name: "Play", example: "[Security] Play this card without paying its memory cost.", box: "security", source: "002 7-1, 7-2" }, // BT1-089
  { id: "verb.playFrom", group: "verb", name: "Play from a zone", example: "[When Digivolving] You may play 1 level 3 Digimon card from your trash without paying its memory cost.", source: "002 7-2-5" },
  { id: "verb.use", group: "verb", name: "Use an Option card", example: "[When Digivolving] You may use 1 Option card with a memory cost of 7 in your hand without paying its memory cost.", source: "002 6-6-2-4, 13-6" }, // BT6-017
  { id: "verb.trash", group: "verb", name: "Trash", example: "[On Deletion] Your opponent trashes 2 cards in their hand.", source: "002 4-12-2" }, // BT4-088
  { id: "verb.trashTop", group: "verb", name: "Trash the top cards of a deck", example: "[When Digivolving] Both players trash the top 5 cards of their decks.", source: "002 4-12-2, 3-2" }, // BT5-083
  { id: "verb.trashSecurity", group: "verb", name: "Trash a security card", example: "When this Digimon is blocked, trash the top card of your opponent's security stack.", source: "002 4-12-2, 3-8" }, // P-049
  { id: "verb.trashDigivolution", group: "verb", name: "Trash digivolution cards", example: "[When Attacking] Trash the bottom digivolution card of 1 of your opponent's level 4 or lower Digimon.", box: "inherited", source: "002 4-3, 4-12-2" }, // BT4-002
  { id: "verb.place", group: "verb", name: "Place", example: "[On Play] Place the remaining cards on the bottom of your deck in any order.", source: "002 3-1-5-1" }, // BT3-008
  { id: "verb.placeUnder", group: "verb", name: "Place under a card (as a digivolution card)", example: "[Main] Place this card under 1 of your Digimon without [X Antibody] in its digivolution cards as its bottom digivolution card.", source: "002 4-3-1, 11-6-1-5" }, // BT9-109
  { id: "verb.placeSecurity", group: "verb", name: "Place in a security stack", example: "[On Deletion] Place this card on top of your security stack face down.", source: "002 3-8-3" }, // BT2-040
  { id: "verb.placeBattleArea", group: "verb", name: "Place in the battle area", example: "[Security] Place this card in its owner's battle area.", box: "security", source: "002 3-5-4, 12-17-1" }, // P-035
  { id: "verb.add", group: "verb", name: "Add to the hand", example: "[On Play] Reveal the top 5 cards of your deck. Add 1 [RagnaLoardmon] Digimon card and 1 Digimon card with [Legend-Arms] in its type among them to your hand.", source: "002 3-6, 11-9" }, // BT3-008
  { id: "verb.suspend", group: "verb", name: "Suspend", example: "[Security] Suspend 1 of your opponent's Digimon or Tamers.", box: "security", source: "002 4-9" }, // BT8-102
  { id: "verb.unsuspend", group: "verb", name: "Unsuspend", example: "[When Attacking] If a blue card is in this Digimon's digivolution cards, unsuspend 1 of your Digimon.", source: "002 4-9" }, // BT8-032
  { id: "verb.reveal", group: "verb", name: "Reveal", example: "[When Attacking] Reveal the top 3 cards of your deck.", source: "002 11-9; 001 DR \"Effects that reveal cards\"" }, // BT7-049
  { id: "verb.return", group: "verb", name: "Return to the hand", example: "[Main] Return 1 of your opponent's level 4 or lower Digimon to its owner's hand.", source: "002 11-5" },
  { id: "verb.returnDeck", group: "verb", name: "Return to the bottom of a deck", example: "[When Digivolving] Return 1 of your opponent's Digimon with 6000 DP or less to the bottom of its owner's deck.", source: "002 11-5" },
  { id: "verb.activate", group: "verb", name: "Activate an effect", example: "[Security] Activate this card's [Main] effect.", box: "security", source: "002 13-6" }, // BT4-100
  { id: "verb.gainMemory", group: "verb", name: "Gain memory", example: "[On Play] Gain 1 memory.", source: "002 4-1-2-3" },
  { id: "verb.loseMemory", group: "verb", name: "Lose memory", example: "[When Attacking] Lose 5 memory.", source: "002 4-1-2-3" }, // BT1-114
  { id: "verb.setMemory", group: "verb", name: "Set memory to N", example: "[Start of Your Turn] If you have 2 or less memory, set your memory to 3.", source: "002 4-1" }, // BT1-085
  { id: "verb.getDp", group: "verb", name: "gets +N DP", example: "[When Attacking] This Digimon gets +1000 DP for the turn.", source: "002 2-6, 13-2-2" },
  { id: "verb.getDpMinus", group: "verb", name: "gets -N DP", example: "[Main] 1 of your opponent's Digimon gets -3000 DP for the turn.", source: "002 2-6, 4-12-1-1-2" },
  { id: "verb.gainKeyword", group: "verb", name: "gains <Keyword>", example: `[Your Turn] All of your Digimon gain <Security Attack +1> ${SA1}.`, source: "002 4-13" },
  { id: "verb.give", group: "verb", name: "Give … +N DP", example: "[When Attacking] You may trash 1 card from your hand to give this Digimon +1000 DP for the turn.", box: "inherited", source: "002 2-6, 11-7" }, // BT9-006
  { id: "verb.addDp", group: "verb", name: "Add a card's DP to a Digimon", example: "[When Attacking] You may trash 1 red Digimon card in your hand to add the trashed card's DP to this Digimon for the turn.", source: "002 2-6" }, // BT5-018
  { id: "verb.addMaximum", group: "verb", name: "Add to the maximum of DP-based deletion", example: "[Your Turn] Add 1000 to the maximum DP you can choose with DP-based deletion effects.", box: "inherited", source: "002 4-12-1" }, // EX2-010
  { id: "verb.reduce", group: "verb", name: "Reduce a cost", example: "[Your Turn] When one of your Digimon would digivolve into a Digimon card in your hand with [Tyrannomon] in its name, you may suspend this Tamer to reduce the memory cost of the digivolution by 1.", source: "002 2-13, 13-2-5-4" }, // BT2-088
  { id: "verb.decrease", group: "verb", name: "Decrease a cost", example: "[Main] For the turn, the next time you would digivolve one of your green Digimon from level 5 to level 6, decrease the digivolution cost by 4.", source: "002 2-13, 13-2-5-4" }, // BT1-109
  { id: "verb.increase", group: "verb", name: "Increase (a limit on an effect)", example: "[On Play] For each of your opponent's Digimon with no digivolution cards, <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack). This effect can't increase the number of cards in your security stack to 6 or more.", source: "002 12-6, 10-1-5-6" }, // EX2-018
  { id: "verb.change", group: "verb", name: "Change the original DP", example: "[Main] Change the original DP of 1 of your opponent's Digimon to 3000 until the end of your opponent's next turn.", source: "002 13-2-5" }, // BT1-105
  { id: "verb.choose", group: "verb", name: "Choose", example: "[When Digivolving] Your opponent chooses 1 of their Digimon.", source: "002 10-3-3" }, // BT8-019
  { id: "verb.digivolve", group: "verb", name: "Digivolve", example: "[Main] You may digivolve 1 of your Digimon into a Digimon card with [Shoutmon] in its name in your hand for its digivolution cost.", source: "002 8-1" }, // BT9-093
  { id: "verb.dnaDigivolve", group: "verb", name: "DNA digivolve", example: "[End of Your Turn] You may DNA digivolve this Digimon and one of your other Digimon in play into a Digimon card in your hand by paying its DNA digivolve cost.", source: "002 8-2, 4-21" }, // BT8-020
  { id: "verb.hatch", group: "verb", name: "Hatch a Digi-Egg", example: "[On Play] You may hatch 1 Digi-Egg card to an empty space in your breeding area.", source: "002 6-5-1-1, 3-4" }, // BT8-091
  { id: "verb.move", group: "verb", name: "Move from the breeding area", example: "[Main] If you have a level 5 or higher green Digimon in play, you can suspend this Tamer to hatch 1 Digi-Egg card to an empty space in your breeding area, or move 1 level 3 or higher Digimon from your breeding area to your battle area.", source: "002 4-12-3" },
  { id: "verb.include", group: "verb", name: "Include copies in a deck", example: "You can include up to 50 copies of cards with this card's card number in your deck.", source: "002 5-1-1-3, 2-11-2" }, // EX2-046
  { id: "verb.look", group: "verb", name: "Look at", example: "[On Play] Look at the top card of your security stack.", source: "002 11-10" }, // BT3-034
  { id: "verb.search", group: "verb", name: "Search a stack", example: "[On Play] You may search your security stack for 1 Digimon card with [Warrior] or [Holy Warrior] in its type, reveal it, and add it to your hand.", source: "002 10-3-7, 11-9" }, // BT5-037
  { id: "verb.shuffle", group: "verb", name: "Shuffle", example: "[On Play] You may search your security stack for 1 card with [Hybrid] or [Ten Warriors] in its traits, reveal it, and add it to your hand. Then, shuffle your security stack.", source: "002 3-2-4" }, // BT1-087
  { id: "verb.pay", group: "verb", name: "Pay memory", example: "[When Attacking] You may pay up to 5 memory.", source: "002 4-1-2-2" }, // BT6-111
  { id: "verb.prevent", group: "verb", name: "Prevent", example: "[When Digivolving] You may place 1 black card with [X Antibody] in its traits from your hand at the bottom of this Digimon's digivolution cards to prevent effects from deleting it or reducing its DP until the end of your opponent's next turn.", source: "002 13-2-5, 13-3-1-2-1" }, // BT7-064
  { id: "verb.switchTarget", group: "verb", name: "Switch the attack target", example: "[When Attacking] Your opponent may choose 1 of their unsuspended Digimon. If they do, switch the target of attack to that Digimon.", source: "002 9-2-1-2" }, // BT4-075
  { id: "verb.treatAs", group: "verb", name: "Treat as", example: "Treat this card/Digimon as if it also has [Leomon] in its name.", source: "002 13-2-4" }, // BT9-051
  { id: "verb.alsoTreated", group: "verb", name: "is also treated as (a colour)", example: "[Your Turn] This Digimon is also treated as green.", source: "002 13-2-4" }, // EX1-005
  { id: "verb.isAffected", group: "verb", name: "isn't affected by effects", example: "[All Turns] This Digimon can't attack and isn't affected by your opponent's effects.", source: "002 13-5" }, // EX2-007
  { id: "verb.unblockable", group: "verb", name: "is unblockable", example: "[When Attacking] You may make this Digimon unblockable by your opponent for the turn by returning one of its level 6 digivolution cards to your hand.", source: "002 12-5-5" }, // BT3-112
  { id: "verb.cantBeBlocked", group: "verb", name: "can't be blocked", example: "[Your Turn] This Digimon can't be blocked.", source: "002 12-5-5" }, // BT9-023
  { id: "verb.attackBlock", group: "verb", name: "can't attack or block", example: "[When Digivolving] 1 of your opponent's Digimon can't attack or block until the end of their next turn.", source: "002 10-1-5-6, 9-2-1-5" }, // ST4-12
  { id: "verb.allowAttack", group: "verb", name: "allows … to attack", example: "[When Digivolving] Unsuspend this Digimon. This effect allows you to attack unsuspended Digimon as well.", source: "002 9-1" }, // BT4-090
  { id: "verb.doesntActivate", group: "verb", name: "doesn't activate [Security] effects", example: "[Your Turn] This Digimon doesn't activate [Security] skills on Option cards it checks.", source: "002 9-3-4, 10-4-8" }, // BT1-025
  { id: "verb.dontActivate", group: "verb", name: "effects don't activate", example: "[Main] Play 1 level 3 Digimon card from your trash without paying its memory cost. Any [On Play] effects on the Digimon played with this effect don't activate.", source: "002 10-4-2" }, // BT2-108
  { id: "verb.must", group: "verb", name: "must (a requirement on a choice)", example: "[When Digivolving] If this Digimon has a black digivolution card, choose any number of your opponent's Tamers. The chosen cards' play costs must add up to 6 or less. Delete the chosen cards.", source: "002 10-3-3" }, // BT8-070
  { id: "verb.costIsEqual", group: "verb", name: "the cost is equal to …", example: "When this card would be used from your hand, its memory cost is equal to the number of cards in your security stack.", source: "002 2-8, 13-2-5-4" }, // BT7-100
  { id: "verb.opponentActs", group: "verb", name: "Your opponent … (the opponent acts)", example: "[When Attacking] Your opponent may choose 1 of their unsuspended Digimon.", source: "002 4-7" }, // BT4-075
  { id: "verb.allPlayers", group: "verb", name: "All players … until …", example: "[When Digivolving] All players trash cards in their hand until they have 5 cards left.", source: "002 4-7" }, // EX2-043

  // ─── Noun phrases ──────────────────────────────────────────────────────
  { id: "noun.thisDigimon", group: "noun", name: "this Digimon / this card / this Tamer", example: "[Main] You may suspend this Tamer to unsuspend this Digimon.", source: "002 10-3-6" },
  { id: "noun.thatDigimon", group: "noun", name: "that Digimon / it (what the effect picked)", example: "[When Digivolving] Suspend 1 of your opponent's Digimon. When DNA digivolving, that Digimon doesn't unsuspend during its owner's next unsuspend phase.", source: "002 10-3-3" },
  { id: "noun.count", group: "noun", name: "N of your opponent's Digimon", example: "[Main] Suspend 2 of your opponent's Digimon.", source: "002 10-3-4; 001 DR \"Multi-Target Effects\"" },
  { id: "noun.upTo", group: "noun", name: "up to N", example: "[Main] Delete up to 2 of your opponent's Digimon with 8000 DP or less.", source: "002 14-1, 10-3-4" }, // BT7-094
  { id: "noun.all", group: "noun", name: "all of …", example: "[Main] Delete all of your opponent's Digimon with 4000 DP or less.", source: "002 10-3-3" },
  { id: "noun.each", group: "noun", name: "each …", example: "[Main] Unsuspend each of your Tamers.", source: "002 10-3-3" },
  { id: "noun.anyNumber", group: "noun", name: "any number of", example: "[Main] Choose any number of your opponent's Digimon whose play costs add up to 15 or less and delete them.", source: "002 10-3-3" }, // BT8-105
  { id: "noun.oneOf", group: "noun", name: "one of your …", example: "[When Digivolving] Unsuspend one of your Digimon.", source: "002 10-3-3" },
  { id: "noun.another", group: "noun", name: "another / other", example: "[When Attacking] Unsuspend 1 of your other Digimon.", source: "002 14-2" },
  { id: "noun.owner", group: "noun", name: "its owner's", example: "[Security] Return 1 of your opponent's Digimon to its owner's hand.", box: "security", source: "002 4-7-2, 3-1-6" },
  { id: "noun.color", group: "noun", name: "a colour", example: "[On Play] If you have a red Digimon in play, gain 1 memory.", source: "002 2-4" },
  { id: "noun.colors", group: "noun", name: "colours joined by \"or\"", example: "[Your Turn] When one of your red or yellow Digimon attacks, gain 1 memory.", source: "002 2-4-1-3" },
  { id: "noun.multicolor", group: "noun", name: "with N or more colours", example: "[Main] 1 of your Digimon with 2 or more colors gains <Security Attack +1> (This Digimon checks 1 additional security card) for the turn.", source: "002 2-4-1-2" }, // BT8-095
  { id: "noun.colorCount", group: "noun", name: "N-color card", example: "[On Play] Reveal the top 3 cards of your deck. Add 1 2-color red card among them to your hand.", source: "002 2-4-1-2" }, // BT8-009
  { id: "noun.level", group: "noun", name: "level N", example: "[Main] Delete 2 of your opponent's level 3 Digimon.", source: "002 2-12" },
  { id: "noun.levelOrLower", group: "noun", name: "level N or lower / higher", example: "[Main] Return 1 of your opponent's level 5 or lower Digimon to its owner's hand.", source: "002 2-12, 13-7-4" },
  { id: "noun.dp", group: "noun", name: "with N DP or less", example: "[Main] Delete 1 of your opponent's Digimon with 5000 DP or less.", source: "002 2-6" },
  { id: "noun.dpCompare", group: "noun", name: "with DP less than or equal to …", example: "[When Attacking] Delete 1 of your opponent's Digimon with DP less than or equal to this Digimon's DP.", source: "002 2-6" },
  { id: "noun.playCost", group: "noun", name: "with a play cost of N or less", example: "[Main] Delete 1 of your opponent's Digimon with a play cost of 7 or less.", source: "002 2-7" },
  { id: "noun.memoryCost", group: "noun", name: "with a memory cost of N", example: "[Main] You may use 1 Option card with a memory cost of 7 in your hand without paying its memory cost.", source: "002 2-8" },
  { id: "noun.name", group: "noun", name: "[Name]: a card name", example: "[Security] You may play 1 [Gammamon] from your hand or trash without paying its memory cost.", box: "security", source: "002 2-2-2" }, // BT10-094
  { id: "noun.nameContains", group: "noun", name: "with [X] in its name", example: "[Main] Unsuspend 1 of your Digimon with [Greymon] in its name.", source: "002 2-2-3" },
  { id: "noun.otherThan", group: "noun", name: "(other than [X])", example: "[Your Turn] When this Digimon has [Omnimon] or [Garurumon] in its name (other than [KendoGarurumon]), it gets +1000 DP.", box: "inherited", source: "002 14-2, 2-2-3" }, // BT5-029
  { id: "noun.including", group: "noun", name: "(including [X])", example: "[Main] Unsuspend 1 of your Digimon with [Leomon] or [Beelzemon] in its name (including [LoaderLiomon]).", source: "002 2-2-3" }, // EX2-069
  { id: "noun.traits", group: "noun", name: "with [X] in its traits", example: "[Main] Unsuspend 1 of your Digimon with [Insectoid] in its traits.", source: "002 2-5-3" },
  { id: "noun.type", group: "noun", name: "[X] in its type / form / attribute (older prints)", example: "[When Digivolving] Return 1 level 7 Digimon card with [Virus] in its attribute from your trash to your hand.", source: "002 2-5-1" }, // BT3-071
  { id: "noun.noDigivolutionCards", group: "noun", name: "with no digivolution cards", example: "[Main] Delete 1 of your opponent's Digimon with no digivolution cards.", source: "002 4-3, 14-4" },
  { id: "noun.suspended", group: "noun", name: "suspended / unsuspended", example: "[Main] Delete 1 of your opponent's suspended Digimon.", source: "002 4-9" },
  { id: "noun.securityDigimon", group: "noun", name: "Security Digimon", example: "[Opponent's Turn] All of your Security Digimon get +3000 DP.", box: "inherited", source: "002 4-11" }, // BT7-088
  { id: "noun.cardKinds", group: "noun", name: "Digimon card / Tamer card / Option card / Digi-Egg card", example: "[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card and 1 Option card among them to your hand.", source: "002 2-3" },
  { id: "noun.kindDigivolutionCard", group: "noun", name: "a Digimon digivolution card placed under …", example: "[Main] Choose a Digimon digivolution card placed under 1 of your Digimon and play it as another Digimon without paying its memory cost.", source: "002 4-3-1, 4-3-3" }, // ST2-15
  { id: "noun.orNoun", group: "noun", name: "Digimon or Tamers", example: "[Main] Delete 1 of your opponent's Digimon or Tamers.", source: "002 2-3, 14-3" },
  { id: "noun.highest", group: "noun", name: "with the highest DP", example: "[Main] Delete 1 of your opponent's Digimon with the highest DP.", source: "002 2-6" }, // ST13-15
  { id: "noun.shareName", group: "noun", name: "that share a name with …", example: "[When Digivolving] Delete 1 of your opponent's Digimon. Delete all of your opponent's Digimon that share a name with it.", source: "002 2-2" }, // BT1-084
  { id: "noun.totalDp", group: "noun", name: "whose total DP adds up to N or less", example: "[When Attacking] Choose any number of your opponent's Digimon whose total DP adds up to 6000 or less and delete them.", source: "002 2-6" }, // EX2-011
  { id: "noun.nonDigiEgg", group: "noun", name: "non-Digi-Egg cards", example: "[When Attacking] You may place 3 non-Digi-Egg cards from your trash at the bottom of your deck in any order to activate <Draw 1> (Draw 1 card from your deck).", box: "inherited", source: "002 2-3-3, 14-2" }, // P-011
  { id: "noun.sameLevel", group: "noun", name: "cards of the same level", example: "[All Turns] When this Digimon has [Greymon] or [Omnimon] in its name and an effect would delete it or return it to your hand or deck, you may trash 2 cards of the same level in this Digimon's digivolution cards to prevent it from leaving play.", box: "inherited", source: "002 2-12" },
  { id: "noun.withEffect", group: "noun", name: "with an [On Deletion] effect", example: "[On Deletion] You may return 1 level 3 Digimon card with an [On Deletion] effect from your trash to your hand.", source: "002 4-25" },
  { id: "noun.revealed", group: "noun", name: "among them (the revealed cards)", example: "[On Play] Reveal the top 5 cards of your deck. Add 1 card with [Gargomon] or [Rapidmon] in their name among them to your hand. Trash the remaining cards.", source: "002 11-9" }, // BT8-046
  { id: "noun.chosen", group: "noun", name: "the chosen …", example: "[When Digivolving] Your opponent chooses 1 of their Digimon. Delete all Digimon other than this Digimon and your opponent's chosen Digimon.", source: "002 10-3-3" }, // BT8-019
  { id: "noun.token", group: "noun", name: "[Name] Token", example: "[On Play] Play 1 [Diaboromon] Token without paying its memory cost.", source: "002 4-19" },
  { id: "noun.and", group: "noun", name: "several things together", example: "[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card with [Hybrid] in its form and 1 red Tamer card among them to your hand.", source: "002 14-3" }, // BT4-009

  // ─── Zones ─────────────────────────────────────────────────────────────
  { id: "zone.hand", group: "zone", name: "from your hand", example: "[Main] You may play 1 red Tamer card from your hand without paying its memory cost.", source: "002 3-6" },
  { id: "zone.trash", group: "zone", name: "from your trash", example: "[On Play] Return 1 Tamer card from your trash to your hand.", source: "002 3-7" },
  { id: "zone.handOrTrash", group: "zone", name: "from your hand or trash", example: "[Security] You may play 1 [Koji Minamoto] from your hand or trash without paying its memory cost.", box: "security", source: "002 3-6, 3-7" }, // BT7-096
  { id: "zone.deckTop", group: "zone", name: "the top N cards of your deck", example: "[Main] Trash the top 3 cards of your deck.", source: "002 3-2" },
  { id: "zone.deckBottom", group: "zone", name: "at the bottom of its owner's deck", example: "[Main] Place 1 of your opponent's Digimon at the bottom of its owner's deck.", source: "002 3-2, 11-5" },
  { id: "zone.security", group: "zone", name: "the top card of your security stack", example: "[Main] Add the top card of your security stack to your hand.", source: "002 3-8" },
  { id: "zone.battleArea", group: "zone", name: "in play / in the battle area", example: "[Start of Your Turn] If you have a Digimon with [Armor Form] in its traits in play, gain 1 memory.", source: "002 3-5" },
  { id: "zone.breeding", group: "zone", name: "your breeding area", example: "[On Play] Hatch 1 Digi-Egg card to an empty space in your breeding area.", source: "002 3-4" },
  { id: "zone.digivolutionCards", group: "zone", name: "from digivolution cards", example: "[Main] Choose up to 2 Digimon cards in the digivolution cards of one of your Digimon and play them as other Digimon without paying their memory costs.", source: "002 4-3; 001 \"Card Text Standardization\"" }, // BT7-097
  { id: "zone.under", group: "zone", name: "under a Tamer", example: "[End of Attack] By placing all of this Digimon's digivolution cards under 1 of your Tamers, unsuspend 1 of your Tamers, and delete this Digimon.", source: "002 4-3-2, 11-6-1-5" }, // BT10-009
  { id: "zone.anyOrder", group: "zone", name: "in any order", example: "[On Play] Reveal the top 3 cards of your deck. Place the remaining cards at the bottom of your deck in any order.", source: "002 3-1-5-1" },
  { id: "zone.faceDown", group: "zone", name: "face down in a security stack", example: "[Main] Place 1 of your Digimon at the bottom of your security stack face down.", source: "002 3-8-3" },

  // ─── Durations ─────────────────────────────────────────────────────────
  { id: "duration.turn", group: "duration", name: "for the turn", example: "[Main] 1 of your Digimon gets +3000 DP for the turn.", source: "002 13-2-2; 001 DR \"Global Effects\"" },
  { id: "duration.opponentsTurn", group: "duration", name: "until the end of your opponent's turn", example: "[Main] All of your opponent's Digimon gain \"[All Turns] When this Digimon becomes suspended, lose 1 memory.\" until the end of your opponent's turn.", source: "002 13-2-2, 6-7-2-2" }, // P-075
  { id: "duration.opponentsNextTurn", group: "duration", name: "until the end of your opponent's next turn", example: "[Security] All of your Security Digimon get +7000 DP until the end of your opponent's next turn.", box: "security", source: "002 13-2-2, 6-7-5" }, // ST1-14
  { id: "duration.theirNextTurn", group: "duration", name: "until the end of their next turn", example: "[Main] Your opponent can't use Option cards until the end of their next turn.", source: "002 13-2-2, 6-7-5" }, // EX1-072
  { id: "duration.yourNextTurn", group: "duration", name: "until the end of your next turn", example: "[Security] That Digimon can't attack or block until the end of your next turn.", box: "security", source: "002 13-2-2" },
  { id: "duration.endOfTurn", group: "duration", name: "until the end of the turn", example: "[Security] Up to 2 of your opponent's Digimon can't attack until the end of the turn.", box: "security", source: "002 13-2-2" }, // BT5-102
  { id: "duration.thisTurn", group: "duration", name: "this turn", example: "[Security] Your opponent can't use Option cards this turn.", box: "security", source: "002 13-2-2" }, // EX1-072
  { id: "duration.nextTimeTurnEnds", group: "duration", name: "until the next time your opponent's turn ends", example: "[On Play] 1 of your Digimon gets +3000 DP until the next time your opponent's turn ends.", source: "002 13-2-2, 6-7-5" }, // EX2-031
  { id: "duration.unsuspendPhase", group: "duration", name: "during your opponent's next unsuspend phase", example: "[Main] 1 of your opponent's suspended Digimon doesn't unsuspend during your opponent's next unsuspend phase.", source: "002 6-3" }, // BT4-054
  { id: "duration.continuous", group: "duration", name: "no duration: while the effect applies", example: "[All Turns] While you have 3 or fewer security cards, this Digimon gets +2000 DP.", source: "002 13-2-3, 10-1-5-2" }, // BT6-043

  // ─── Costs ─────────────────────────────────────────────────────────────
  { id: "cost.mayTo", group: "cost", name: "you may X to Y", example: "[All Turns] When an opponent's Digimon is deleted, you may suspend this Tamer to gain 1 memory.", source: "002 11-7; 001 DR \"By <X>, <Y>\"" }, // EX2-056
  { id: "cost.byTrailing", group: "cost", name: "Y by X", example: "[When Attacking] You can unsuspend this Digimon by returning 1 of this Digimon's level 6 digivolution cards to your hand.", source: "002 11-7; 001 DR \"By <X>, <Y>\"" }, // BT1-084
  { id: "cost.byDecreasing", group: "cost", name: "by decreasing your memory", example: "[End of Attack] (Twice Per Turn) You can unsuspend this Digimon by decreasing your memory by 3.", source: "002 11-7, 4-1" }, // BT1-081
  { id: "cost.payMemory", group: "cost", name: "you may pay N memory to …", example: "[When Attacking] You may pay 3 memory to play 1 [MaloMyotismon] from your hand without paying its memory cost.", source: "002 11-7, 4-1-2-2" }, // BT3-087
  { id: "cost.must", group: "cost", name: "You must X to Y", example: "[Opponent's Turn] All of your opponent's Digimon gain \"[Your Turn] You must trash 1 card in your hand to unsuspend this Digimon.\"", source: "002 11-7" }, // BT7-055
  { id: "cost.withoutPaying", group: "cost", name: "without paying its memory cost", example: "[Main] You may play 1 purple Digimon card with a play cost of 4 or less from your trash without paying its memory cost.", source: "002 7-2-1, 7-2-6-14" },
  { id: "cost.forCost", group: "cost", name: "for a memory cost of N", example: "[Main] You may digivolve 1 of your Digimon into a Digimon card in your hand for a memory cost of 3.", source: "002 8-1, 2-13-2" },
  { id: "cost.forItsCost", group: "cost", name: "for its digivolution cost, ignoring its level", example: "[Main] You can digivolve your [Agumon] into 1 [Agumon - Bond of Bravery] in your hand for its digivolution cost, ignoring its level.", source: "002 8-1, 2-13" }, // BT6-087
  { id: "cost.ignoring", group: "cost", name: "ignoring its digivolution requirements", example: "Your [Lucemon] can digivolve into this card in your hand for a memory cost of 7, ignoring this card's digivolution requirements.", source: "002 2-13-3, 8-1-2-1" }, // BT7-111
  { id: "cost.asIf", group: "cost", name: "as if this card is …", example: "[Main] (Once Per Turn) You may digivolve this card into an [EmperorGreymon] in your hand for its digivolution cost as if this card is a level 5 red Digimon by placing 5 cards with [Hybrid] in their traits from your trash under this Tamer in any order.", source: "002 13-4, 13-7-2" }, // BT7-085
  { id: "cost.withoutMeeting", group: "cost", name: "without meeting its color requirements", example: "While you have a Digimon with [Huckmon] or [Sistermon] in its name or [Royal Knight] in its traits in play, you may use this card without meeting its color requirements.", source: "002 4-20" }, // ST12-16
  { id: "cost.reducePlayCost", group: "cost", name: "reduce its play cost by N", example: "When playing this card from your hand, reduce its play cost by 1 if you have a yellow Digimon in play.", source: "002 2-7, 13-2-5-4" }, // BT8-010
  { id: "cost.setPlayCost", group: "cost", name: "set the play cost to N", example: "When you would play this Digimon, you may trash 7 or more digivolution cards from the bottom of 1 of your [Mother D-Reaper]'s to set this Digimon's play cost to 0.", source: "002 13-2-5-4" }, // EX2-055
  { id: "cost.cantReduce", group: "cost", name: "can't reduce costs", example: "[Opponent's Turn] Your opponent can't reduce digivolution costs.", source: "002 10-1-5-6, 13-2-5-4" }, // BT5-008

  // ─── Amounts ───────────────────────────────────────────────────────────
  { id: "value.forEachTrailing", group: "value", name: "… for each …", example: "[Main] Gain 1 memory for each of your opponent's suspended Digimon.", source: "002 10-3-1" },
  { id: "value.forEvery", group: "value", name: "… for every N …", example: "[Main] Gain 1 memory for every 10 cards in your trash.", source: "002 10-3-1" }, // BT4-111
  { id: "value.forEveryLead", group: "value", name: "For every N …, (fronted)", example: "[Your Turn] For every 2 digivolution cards this Digimon has, it gets +1000 DP.", source: "002 10-3-1" },
  { id: "value.equalTo", group: "value", name: "equal to the number of …", example: "When digivolving into this card from your hand, the memory cost of the digivolution is equal to the number of cards in your security stack.", source: "002 2-13, 13-2-5-4" }, // BT7-040
  { id: "value.forEachReturned", group: "value", name: "for each card returned (what the effect did)", example: "[End of Your Turn] You may return up to 7 non-Digi-Egg cards with [X Antibody] in their traits from this Digimon's digivolution cards to the bottom of your deck in any order, if you do, gain 1 memory for each card returned.", source: "002 11-7-1, 10-3-1" }, // BT9-111
  { id: "value.deletedByThis", group: "value", name: "for each Digimon deleted by this effect", example: "[When Digivolving] Delete all of your opponent's Digimon with 3000 DP or less. For each Digimon deleted by this effect, gain 1 memory.", source: "002 10-3-1" },
];

/** Words too common in card text to tell constructs apart (articles, pronouns, prepositions). */
const STOP_WORDS = new Set(["a", "an", "the", "of", "to", "in", "on", "and", "or", "your", "you", "its", "it", "this", "that", "for", "with", "from", "by", "is", "are", "be", "digimon", "card", "cards", "opponent's", "opponent"]);

/** The words nearest-construct matching compares: lower-case words, without {@link STOP_WORDS}. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().replace(/[’]/g, "'").match(/[a-z][a-z'-]*/g) ?? []).filter((w) => !STOP_WORDS.has(w));
}

/** A construct's example as weighted words, for {@link nearestDcgConstruct}. */
interface IndexedExample {
  c: DcgConstruct;
  /** Distinct words of the example. */
  words: Set<string>;
  /** 1 / the norm of the example's word weights. */
  norm: number;
}

/** The catalogue's examples as word sets, and each word's weight (rarer words weigh more); built once. */
let indexed: { examples: IndexedExample[]; weight: Map<string, number> } | null = null;

function index(): { examples: IndexedExample[]; weight: Map<string, number> } {
  if (indexed !== null) return indexed;
  const sets = DCG_CONSTRUCTS.map((c) => new Set(wordsOf(c.example)));
  const df = new Map<string, number>();
  for (const ws of sets) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1);
  const weight = new Map<string, number>();
  for (const [w, n] of df) weight.set(w, Math.log(1 + sets.length / n));
  const examples = DCG_CONSTRUCTS.map((c, i) => {
    let sq = 0;
    for (const w of sets[i]!) sq += weight.get(w)! ** 2;
    return { c, words: sets[i]!, norm: 1 / Math.sqrt(sq + 1) };
  });
  indexed = { examples, weight };
  return indexed;
}

/**
 * The construct whose example is nearest to `sentence`: the most shared words, rarer words
 * weighing more (a cosine of word weights, so a short precise example wins over a long one
 * sharing the same words), or null when no example shares a word. The word sets and weights
 * are built once, on the first call; each call is one pass over the catalogue (it runs on
 * every syntax error).
 * @param sentence the sentence a syntax error happened in
 */
export function nearestDcgConstruct(sentence: string): DcgConstruct | null {
  const words = new Set(wordsOf(sentence));
  if (words.size === 0) return null;
  const { examples, weight } = index();
  let best: DcgConstruct | null = null;
  let bestScore = 0;
  for (const e of examples) {
    let shared = 0;
    for (const w of words) if (e.words.has(w)) shared += weight.get(w)!;
    const score = shared * e.norm;
    if (score > bestScore) {
      bestScore = score;
      best = e.c;
    }
  }
  return best;
}
