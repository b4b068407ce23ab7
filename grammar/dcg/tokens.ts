/**
 * The token vocabulary of DCG card text (the official Digimon Card Game).
 *
 * As in the DBE grammar, words are lexed by one `Word` pattern and classified by a
 * case-insensitive keyword table ({@link DCG_KEYWORDS}); the inflections of a word that
 * mean the same to the grammar share a token type ("deletes" is `Delete`), while forms that
 * read differently ("deleted", "deleting") have their own. Three bracketed forms are lexed
 * whole and classified by `lexer.ts`: `[…]` (a timing such as `[On Play]`, or a name/trait
 * reference such as `[Greymon]`), `<…>` (a keyword effect such as `<Security Attack +1>`)
 * and `(…)` (a reminder text, or one of the few parenthesised forms of the grammar).
 *
 * Sources: `002_db81695f81018ea7.txt` chapter 4 (card text), 10 (effects and timings), 12
 * (keyword effects); `001_9364978fb56838a3.txt` "Effects"; the card text of
 * `../shared/data/dcg/cards.json` for the words (317 distinct).
 */
import { createToken, Lexer, type TokenType } from "chevrotain";

/** Category of every word, keyword or not (a word that names something accepts any word). */
export const AnyWord = createToken({ name: "AnyWord", pattern: Lexer.NA });
/** Any colour word ("red", "blue" …): the category the colour words belong to. */
export const ColorWord = createToken({ name: "ColorWord", pattern: Lexer.NA });
/** A plain (non-keyword) word. Keywords are retyped by the lexer. */
export const Word = createToken({ name: "Word", categories: [AnyWord], pattern: /[A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F]*(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*/ });
/** An integer, optionally signed: "3", "+1000", "-3000". */
export const Num = createToken({ name: "Num", pattern: /[+\-−]?\d+/ });
/** "2-color", "3-colour": a number of colours (002 4-3). */
export const ColorCount = createToken({ name: "ColorCount", pattern: /\d+-colou?r(?:ed)?(?![A-Za-z])/i });
/** `[…]` as lexed; the lexer retypes it as a timing ({@link TIMING_TOKENS}) or a {@link NameRef}. */
export const Bracketed = createToken({ name: "Bracketed", pattern: /\[[^[\]\n]*\]/ });
/** `<…>` as lexed; the lexer retypes it as a keyword effect ({@link KEYWORD_TOKENS}) or {@link UnknownKeyword}. */
export const Angled = createToken({ name: "Angled", pattern: /<[^<>\n]*>/ });
/** A quotation mark (straight or curly): a granted effect in quotes. */
export const Quote = createToken({ name: "Quote", pattern: /["“”]/ });
export const Period = createToken({ name: "Period", pattern: /\./ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Amp = createToken({ name: "Amp", pattern: /&/ });
/** "・": a bullet of an effect list ("activate the effect below. ・…"). */
export const Bullet = createToken({ name: "Bullet", pattern: /・/ });
/** Possessive "'s" (split off a word by the lexer) or a bare "'" after a plural ("owners'"). */
export const Possessive = createToken({ name: "Possessive", pattern: Lexer.NA });
export const Apostrophe = createToken({ name: "Apostrophe", pattern: /['’]/, categories: [Possessive] });
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n\u00A0]+/, group: Lexer.SKIPPED });

// ─── retyped by the lexer ──────────────────────────────────────────────────

/** A name or trait reference in brackets: `[Greymon]`, `[X Antibody]`, `[Agumon - Bond of Bravery]`. */
export const NameRef = createToken({ name: "NameRef", pattern: Lexer.NA });
/** A parenthesised reminder text (002 12-2: it explains a keyword and never changes it). */
export const Reminder = createToken({ name: "Reminder", pattern: Lexer.NA });
/** `(Once Per Turn)` / `[Once Per Turn]` (002 4-15). */
export const OncePerTurn = createToken({ name: "OncePerTurn", pattern: Lexer.NA });
/** `(Twice Per Turn)` / `[Twice Per Turn]` (002 4-15). */
export const TwicePerTurn = createToken({ name: "TwicePerTurn", pattern: Lexer.NA });
/** `[DigiXros -2]`: a DigiXros requirement follows (002 4-22). */
export const DigiXros = createToken({ name: "DigiXros", pattern: Lexer.NA });
/** A keyword effect in angle brackets that is not one of 002 chapter 12's. */
export const UnknownKeyword = createToken({ name: "UnknownKeyword", pattern: Lexer.NA });

/** Category of every timing token. */
export const TimingTok = createToken({ name: "TimingTok", pattern: Lexer.NA });
/** Category of every keyword-effect token. */
export const KeywordTok = createToken({ name: "KeywordTok", pattern: Lexer.NA });

/**
 * Timing tags (002 10-3 and 4-14; 001 "Effects"), by their lower-case bracket text. The
 * value is the IR name of the timing.
 */
export const TIMINGS = {
  "on play": "onPlay",
  "when digivolving": "whenDigivolving",
  "when attacking": "whenAttacking",
  "end of attack": "endOfAttack",
  "on deletion": "onDeletion",
  "your turn": "yourTurn",
  "opponent's turn": "opponentsTurn",
  "all turns": "allTurns",
  main: "main",
  security: "security",
  counter: "counter",
  "start of your turn": "startOfYourTurn",
  "start of opponent's turn": "startOfOpponentsTurn",
  "start of your main phase": "startOfYourMainPhase",
  "start of opponent's main phase": "startOfOpponentsMainPhase",
  "end of your turn": "endOfYourTurn",
  "end of opponent's turn": "endOfOpponentsTurn",
  "end of all turns": "endOfAllTurns",
  hand: "hand",
  breeding: "breeding",
  trash: "trash",
  rule: "rule",
} as const;

/** A timing's IR name. */
export type TimingName = (typeof TIMINGS)[keyof typeof TIMINGS];

/**
 * The printed name of each timing tag (002 10-4, 4-15 … 4-18, 2-11), without the brackets: what
 * the printer writes, and what a misspelt tag is told it may have meant (lexer.ts).
 */
export const TIMING_WORDS: Readonly<Record<TimingName, string>> = {
  onPlay: "On Play",
  whenDigivolving: "When Digivolving",
  whenAttacking: "When Attacking",
  endOfAttack: "End of Attack",
  onDeletion: "On Deletion",
  yourTurn: "Your Turn",
  opponentsTurn: "Opponent's Turn",
  allTurns: "All Turns",
  main: "Main",
  security: "Security",
  counter: "Counter",
  startOfYourTurn: "Start of Your Turn",
  startOfOpponentsTurn: "Start of Opponent's Turn",
  startOfYourMainPhase: "Start of Your Main Phase",
  startOfOpponentsMainPhase: "Start of Opponent's Main Phase",
  endOfYourTurn: "End of Your Turn",
  endOfOpponentsTurn: "End of Opponent's Turn",
  endOfAllTurns: "End of All Turns",
  hand: "Hand",
  breeding: "Breeding",
  trash: "Trash",
  rule: "Rule",
};

/** Timing token type by IR name. */
export const TIMING_TOKENS = {} as Record<TimingName, TokenType>;
for (const name of Object.values(TIMINGS)) TIMING_TOKENS[name] = createToken({ name: `T_${name}`, pattern: Lexer.NA, categories: [TimingTok] });

/**
 * The keyword effects of 002 chapter 12 (12-4 … 12-32), by the lower-case name printed
 * inside the angle brackets (parameters removed). The value is the IR name.
 */
export const KEYWORD_NAMES = {
  "security attack": "securityAttack",
  "security a.": "securityAttack",
  blocker: "blocker",
  recovery: "recovery",
  piercing: "piercing",
  draw: "draw",
  jamming: "jamming",
  digisorption: "digisorption",
  reboot: "reboot",
  "de-digivolve": "deDigivolve",
  retaliation: "retaliation",
  "digi-burst": "digiBurst",
  rush: "rush",
  blitz: "blitz",
  delay: "delay",
  decoy: "decoy",
  "armor purge": "armorPurge",
  save: "save",
  "material save": "materialSave",
  evade: "evade",
  raid: "raid",
  alliance: "alliance",
  barrier: "barrier",
  "blast digivolve": "blastDigivolve",
  fortitude: "fortitude",
  "mind link": "mindLink",
  partition: "partition",
  collision: "collision",
  "blast dna digivolve": "blastDnaDigivolve",
  scapegoat: "scapegoat",
} as const;

/** A keyword effect's IR name. */
export type KeywordName = (typeof KEYWORD_NAMES)[keyof typeof KEYWORD_NAMES];

/** Keyword-effect token type by IR name. */
export const KEYWORD_TOKENS = {} as Record<KeywordName, TokenType>;
for (const name of new Set(Object.values(KEYWORD_NAMES))) KEYWORD_TOKENS[name] = createToken({ name: `K_${name}`, pattern: Lexer.NA, categories: [KeywordTok] });

// ─── words ─────────────────────────────────────────────────────────────────

/** Keyword token types, created below, indexed by name. */
export const DCG_KW: Record<string, TokenType> = {};

/** Lower-case spelling → keyword token type. */
export const DCG_KEYWORDS = new Map<string, TokenType>();

function kw(name: string, ...spellings: string[]): TokenType {
  return kwIn([], name, ...spellings);
}

/** A keyword that also belongs to `categories`. */
function kwIn(categories: TokenType[], name: string, ...spellings: string[]): TokenType {
  const t = createToken({ name: `W_${name}`, pattern: Lexer.NA, categories: [AnyWord, ...categories] });
  DCG_KW[name] = t;
  for (const s of [name, ...spellings]) {
    const l = s.toLowerCase();
    if (DCG_KEYWORDS.has(l)) throw new Error(`dcg tokens: "${l}" is spelled by two keywords`);
    DCG_KEYWORDS.set(l, t);
  }
  return t;
}

// Determiners, pronouns, players.
kw("A", "an");
kw("The");
kw("This");
kw("That", "these");
kw("Those");
kw("It");
kw("Its");
kw("Itself");
kw("ItIs", "it's");
kw("ThatIs", "that's");
kw("ThereIs", "there's");
kw("Them");
kw("Their");
kw("They");
kw("His", "her");
kw("You");
kw("Your");
kw("Opponent", "opponents");
kw("Owner", "owners");
kw("Player", "players");
kw("Both");
kw("Neither");
kw("Each");
kw("Every");
kw("All");
kw("Any");
kw("Other");
kw("Another");
kw("One");
kw("None");
kw("No");
kw("Non");
kw("Same");
kw("Same-level");
kw("Different");
kw("Following");
kw("Specified");
kw("Chosen");
kw("Remaining");
kw("Rest");
// Things.
kw("Digimon");
kw("Tamer", "tamers");
kw("Option", "options");
kw("Card", "cards");
kw("DigiEgg", "digi-egg", "digi-eggs");
kw("NonDigiEgg", "non-digi-egg");
kw("NonWhite", "non-white");
kw("Token", "tokens");
kw("Digivolution");
kw("Security");
kw("Memory");
kw("DP");
kw("DpBased", "dp-based");
kw("Cost", "costs");
kw("Level");
kw("Name", "names");
kw("Traits", "trait");
kw("Type", "types");
kw("Form");
kw("Attribute");
kw("Color", "colors", "colour", "colours", "colored");
kw("Effect", "effects", "skills");
kw("Hand", "hands");
kw("Deck", "decks");
kw("Trash");
kw("Trashes");
kw("Trashed");
kw("Trashing");
kw("Stack", "stacks");
kw("Area");
kw("Battle", "battles");
kw("Battling");
kw("Breeding");
kw("Phase");
kw("Turn");
kw("Attack", "attacks");
kw("Attacked");
kw("Attacking");
kw("Top");
kw("Bottom");
kw("Order");
kw("Face");
kw("Down");
kw("Space");
kw("Empty");
kw("Requirements");
kw("Number", "numbers");
kw("Copies");
kw("Time");
kw("Way");
kw("Target");
kw("Total");
kw("Maximum");
kw("Highest");
kw("Lowest");
kw("Original");
kw("Inherited");
kw("Bin");
// Colours: also of the category ColorWord (a colour list starts with one).
for (const c of ["Red", "Blue", "Yellow", "Green", "Black", "Purple", "White"]) kwIn([ColorWord], c);
// Verbs.
kw("Play", "plays");
kw("Played");
kw("Playing");
kw("Delete", "deletes");
kw("Deleted");
kw("Deleting");
kw("Deletion");
kw("Place", "places");
kw("Placed");
kw("Placing");
kw("Add", "adds");
kw("Added");
kw("Suspend", "suspends");
kw("Suspended");
kw("Suspending");
kw("Unsuspend", "unsuspends");
kw("Unsuspended");
kw("Reveal", "reveals");
kw("Revealed");
kw("Return", "returns");
kw("Returned");
kw("Returning");
kw("Activate", "activates");
kw("Activating");
kw("Gain", "gains");
kw("Get", "gets");
kw("Lose", "loses");
kw("Losing");
kw("Reduce", "reduces");
kw("Reduced");
kw("Reducing");
kw("Decrease");
kw("Increase", "increases");
kw("Decreasing");
kw("Draw", "draws");
kw("Digivolve", "digivolves");
kw("Digivolved");
kw("Digivolving");
kw("Use", "uses");
kw("Used");
kw("Using");
kw("Choose", "chooses");
kw("Prevent");
kw("Give");
kw("Pay");
kw("Paid");
kw("Paying");
kw("Switch");
kw("Look");
kw("Shuffle");
kw("Search");
kw("Change");
kw("Hatch");
kw("Treat");
kw("Treated");
kw("Include");
kw("Including");
kw("Set");
kw("Make");
kw("Allows", "allow");
kw("Trigger");
kw("Block");
kw("Blocked");
kw("Unblockable");
kw("Survives", "survive");
kw("Performs", "perform");
kw("Checks", "check");
kw("Force");
kw("Move", "moves");
kw("Moved");
kw("Enters", "enter");
kw("Comes", "come");
kw("Leaving", "leave", "leaves");
kw("Removed");
kw("Ignoring", "ignore");
kw("Meeting", "meet");
kw("Share");
kw("Matching");
kw("Dropping");
kw("Ends", "end");
kw("Having");
kw("Recycle");
kw("Listed");
kw("Affected");
// Modal and auxiliary verbs.
kw("May");
kw("Can");
kw("Cant", "can't", "cannot");
kw("Must");
kw("Would");
kw("Is");
kw("Isnt", "isn't");
kw("Are");
kw("Was");
kw("Wasnt", "wasn't");
kw("Were");
kw("Be");
kw("Being");
kw("Becomes", "become");
kw("Has", "have");
kw("Had");
kw("Does", "do");
kw("Doesnt", "doesn't", "don't");
kw("Didnt", "didn't");
kw("YouHave", "you've");
// Prepositions, conjunctions, adverbs.
kw("Of");
kw("In");
kw("Into");
kw("Onto");
kw("On");
kw("To");
kw("From");
kw("With");
kw("Without");
kw("For");
kw("By");
kw("At");
kw("As");
kw("Under");
kw("Among");
kw("Against");
kw("During");
kw("After");
kw("Until");
kw("Up");
kw("And");
kw("Or");
kw("Nor");
kw("Than");
kw("Then");
kw("If");
kw("When");
kw("While");
kw("Whose");
kw("Instead");
kw("Otherwise");
kw("Except");
kw("Also");
kw("Only");
kw("Not");
kw("There");
kw("Due");
kw("Well");
kw("Additional");
kw("Fewer");
kw("Less");
kw("More");
kw("Lower");
kw("Higher");
kw("Equal");
kw("Next");
kw("Once");
kw("Twice");
kw("Per");
kw("Normally");
kw("Main");
kw("X");
kw("DNA");
kw("Below");
kw("Left");

/**
 * The tokens the lexer matches, in priority order (the longer or more specific first): the
 * definition `scanDcg` (lexer.ts) scans by, tested against a chevrotain `Lexer` over these
 * patterns (`tests/dcg/lexer-reference.test.ts`).
 */
export const DCG_LEXER_TOKENS: TokenType[] = [
  WhiteSpace,
  Bracketed,
  Angled,
  ColorCount,
  Num,
  Word,
  Quote,
  Period,
  Comma,
  Colon,
  Semicolon,
  LParen,
  RParen,
  Slash,
  Plus,
  Amp,
  Bullet,
  Apostrophe,
];

/** Every token type of the grammar. */
export const DCG_ALL_TOKENS: TokenType[] = [
  ...DCG_LEXER_TOKENS,
  AnyWord,
  ColorWord,
  Possessive,
  NameRef,
  Reminder,
  OncePerTurn,
  TwicePerTurn,
  DigiXros,
  UnknownKeyword,
  TimingTok,
  KeywordTok,
  ...Object.values(TIMING_TOKENS),
  ...Object.values(KEYWORD_TOKENS),
  ...Object.values(DCG_KW),
];
