/**
 * The glossary the language service shows on hover in a DCG set (`ruleset dcg`), and the
 * vocabulary its completion offers: every timing tag, every keyword effect of
 * `002_db81695f81018ea7.txt` chapter 12, and the terms of DCG card text and card information.
 *
 * Each entry gives what the rules call the term — its Chinese name in 002 (the precise model,
 * Comprehensive Rules 1.2), its Japanese name where the beginner guide 004 pairs one with the
 * English — one sentence saying what it does, and the sections that define it: 002's always,
 * 001's (the English Official Rule Manual 2.3) where 001 has one. The sentence is a close
 * rendering of 002's definition (the first rule of the section, "12-5-1. 《阻挡者》是 …"),
 * read with the term pairs of 004 (002 Chinese → 001 English → 004): 休息状态 "suspended", 消灭 "delete", 丢弃 "trash", 进化源 "digivolution cards" …
 *
 * Sources: `002_db81695f81018ea7.txt` chapters 2–4 (card information, areas, basic terms),
 * 9 (attack and battle), 10-4 (timings), 11 (rules processing), 12 (keyword effects), 13;
 * `001_9364978fb56838a3.txt` glossary (cited `Glossary "<Blocker>"`), its sections ("DigiXros",
 * "Tokens") and Detailed Rules (cited `Detailed Rules Effects Divided With "Then"`);
 * `004_6d44103f1e37b423.txt` (Japanese terms).
 */
import type { KeywordName } from "../../grammar/dcg/tokens.ts";
import type { DcgTiming } from "../../runtime/lang/dcg/ir.ts";

/** The comprehensive rules (Chinese), the source of every DCG entry's section. */
export const DCG_RULES_FILE = "002_db81695f81018ea7.txt";

/** The English rule manual, cited where it has a glossary entry or section for the term. */
export const DCG_MANUAL_FILE = "001_9364978fb56838a3.txt";

/** The beginner guide with the Japanese/English term pairs. */
export const DCG_GUIDE_FILE = "004_6d44103f1e37b423.txt";

/** One DCG glossary entry. */
export interface DcgGlossaryEntry {
  /** The term as printed: `[On Play]`, `<Blocker>`, `Memory`. */
  term: string;
  /** A timing tag (002 10-4, 4-15 … 4-18, 2-11), a keyword effect (002 chapter 12), or another term. */
  kind: "timing" | "keyword" | "term";
  /** The timing's IR name (`runtime/lang/dcg/ir.ts` DCG_TIMINGS), for a timing tag. */
  timing?: DcgTiming;
  /**
   * The keyword's name as the DCG lexer knows it (`grammar/dcg/tokens.ts` KEYWORD_NAMES: every
   * keyword of 002 chapter 12, the IR's `DCG_KEYWORDS` among them), for a keyword effect.
   */
  keyword?: KeywordName;
  /** 002's name for it, in Chinese: `《阻挡者》`, `【登场时】`, `内存值`. */
  cn: string;
  /** 004's Japanese name, where 004 pairs one with the English: `ブロッカー`. */
  ja?: string;
  /** What it does, in one sentence (a rendering of 002's definition). */
  definition: string;
  /** The 002 section(s) that define it: `12-5`, `10-4-7, 10-1-5`. */
  rule002: string;
  /**
   * The 001 section where 001 has one: a glossary entry (`Glossary "<Blocker>"`, several
   * quoted), a section of the manual (`"DigiXros"`), or a Detailed Rules heading as printed
   * after its ■ (`Detailed Rules Effects Divided With "Then"`).
   */
  rule001?: string;
  /**
   * What completion inserts for it: the printed form with typical parameters
   * (`<Security Attack +1>`, `<Recovery +1 (Deck)>`, `[On Play]`); absent for terms that are
   * not offered as a whole.
   */
  insert?: string;
  /** Patterns that name the term in a DCG set file (the longest match under the cursor wins). */
  match: RegExp[];
}

/** Escape a string for a regular expression, blanks matching any run of blanks. */
function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+").replace(/'/g, "['’]");
}

/** A timing tag in brackets (`[On Play]`), and in parentheses where the older print has them (`(Hand)`). */
function bracket(name: string, paren = false): RegExp[] {
  const out = [new RegExp(`\\[\\s*${esc(name)}\\s*\\]`, "i")];
  if (paren) out.push(new RegExp(`\\(\\s*${esc(name)}\\s*\\)`, "i"));
  return out;
}

/** A keyword effect in angle brackets with any parameters (`<Security Attack +1>`), never a longer keyword's name. */
function angle(...names: string[]): RegExp[] {
  return names.map((n) => new RegExp(`<\\s*${esc(n)}(?![A-Za-z])[^<>\\n]*>`, "i"));
}

function timing(timing: DcgTiming, name: string, cn: string, rule002: string, definition: string, more: { ja?: string; rule001?: string; paren?: boolean } = {}): DcgGlossaryEntry {
  const e: DcgGlossaryEntry = { term: `[${name}]`, kind: "timing", timing, cn, definition, rule002, insert: `[${name}]`, match: bracket(name, more.paren) };
  if (more.ja) e.ja = more.ja;
  if (more.rule001) e.rule001 = more.rule001;
  return e;
}

function keyword(keyword: KeywordName, name: string, insert: string, cn: string, rule002: string, definition: string, more: { ja?: string; rule001?: string; also?: string[] } = {}): DcgGlossaryEntry {
  const e: DcgGlossaryEntry = { term: `<${name}>`, kind: "keyword", keyword, cn, definition, rule002, insert, match: angle(name, ...(more.also ?? [])) };
  if (more.ja) e.ja = more.ja;
  if (more.rule001) e.rule001 = more.rule001;
  return e;
}

function term(term: string, cn: string, rule002: string, definition: string, match: RegExp[], more: { ja?: string; rule001?: string } = {}): DcgGlossaryEntry {
  const e: DcgGlossaryEntry = { term, kind: "term", cn, definition, rule002, match };
  if (more.ja) e.ja = more.ja;
  if (more.rule001) e.rule001 = more.rule001;
  return e;
}

/**
 * Every DCG glossary entry: the timing tags in 002 10-4's order (then [Hand], [Trash],
 * [Breeding], [Rule], the use limits and DigiXros), the keyword effects in chapter 12's order
 * (12-4 … 12-32), then the terms in the order of 002 chapters 2–4, 9, 11 and 13.
 */
export const DCG_GLOSSARY: readonly DcgGlossaryEntry[] = [
  // ─── timings (002 10-4; 4-14 … 4-18; 2-11) ─────────────────────────────────
  timing("onPlay", "On Play", "【登场时】", "10-4-2", "Triggers when the Digimon or Tamer card that has it is played, once its play cost is paid (also outside the main phase); digivolving or moving out of the breeding area is not playing.", { ja: "登場時", rule001: 'Glossary "On Play"' }),
  timing("whenDigivolving", "When Digivolving", "【进化时】", "10-4-3", "Triggers when a Digimon digivolves into the card that has it, once the digivolution cost is paid and the digivolution bonus card is drawn; not in the breeding area.", { ja: "進化時", rule001: 'Glossary "When Digivolving"' }),
  timing("whenAttacking", "When Attacking", "【攻击时】", "10-4-5, 9-2-1-1", "Triggers when the Digimon that has it declares an attack, together with \"when one of your Digimon attacks\" effects.", { ja: "アタック時", rule001: 'Glossary "When Attacking"' }),
  timing("endOfAttack", "End of Attack", "【攻击结束时】", "10-4-13", "Triggers when the attack of the Digimon that has it has been fully processed, unless that Digimon or the card with the effect was lost during the attack.", { ja: "アタック終了時", rule001: 'Glossary "End of Attack"' }),
  timing("onDeletion", "On Deletion", "【消灭时】", "10-4-4", "Triggers when the Digimon or Tamer that has it is deleted, once it has been placed in the trash.", { ja: "消滅時", rule001: 'Glossary "On Deletion"' }),
  timing("yourTurn", "Your Turn", "【我方的回合】", "10-4-7, 10-1-5", "In force during your turn while the card is in the battle area: always (or \"while …\") when no trigger is written, else each time the written trigger happens.", { ja: "自分のターン", rule001: 'Glossary "Your Turn"' }),
  timing("opponentsTurn", "Opponent's Turn", "【对方的回合】", "10-4-7, 10-1-5", "In force during your opponent's turn while the card is in the battle area: always (or \"while …\") when no trigger is written, else each time the written trigger happens.", { ja: "相手のターン", rule001: 'Glossary "Opponent\'s Turn"' }),
  timing("allTurns", "All Turns", "【双方的回合】", "10-4-7, 10-1-5", "In force during both players' turns while the card is in the battle area: always (or \"while …\") when no trigger is written, else each time the written trigger happens.", { ja: "お互いのターン", rule001: 'Glossary "All Turns"' }),
  timing("main", "Main", "【主要】", "10-4-6, 10-1-7", "Activated by declaring it during your main phase, when no other effect is waiting to activate; an Option card's [Main] effect is what using it does.", { ja: "メイン", rule001: 'Glossary "Main"' }),
  timing("security", "Security", "【安防】", "10-4-8", "Activates at once, without paying a cost or meeting colour requirements, when the card that has it is flipped face up from the security stack by your opponent's check.", { ja: "セキュリティ", rule001: 'Glossary "Security"' }),
  timing("counter", "Counter", "【反击】", "10-4-12, 9-2-1-4", "Triggers in the counter timing of your opponent's turn, after their \"when attacking\" effects, at most once per attack."),
  timing("startOfYourTurn", "Start of Your Turn", "【我方的回合开始时】", "10-4-9", "Triggers at the start of your turn, before the unsuspend phase.", { ja: "自分のターン開始時", rule001: 'Glossary "Start of Your Turn"' }),
  timing("startOfOpponentsTurn", "Start of Opponent's Turn", "【对方的回合开始时】", "10-4-9", "Triggers at the start of your opponent's turn, before the unsuspend phase."),
  timing("startOfYourMainPhase", "Start of Your Main Phase", "【我方的主要阶段开始时】", "10-4-11", "Triggers when the main phase of your turn starts (never in a turn that ends before it)."),
  timing("startOfOpponentsMainPhase", "Start of Opponent's Main Phase", "【对方的主要阶段开始时】", "10-4-11", "Triggers when the main phase of your opponent's turn starts (never in a turn that ends before it)."),
  timing("endOfYourTurn", "End of Your Turn", "【我方的回合结束时】", "10-4-10", "Triggers at the end of your turn; the turn goes on until it and the effects it triggers have finished.", { rule001: 'Glossary "End of Your Turn"' }),
  timing("endOfOpponentsTurn", "End of Opponent's Turn", "【对方的回合结束时】", "10-4-10", "Triggers at the end of your opponent's turn; the turn goes on until it and the effects it triggers have finished."),
  timing("endOfAllTurns", "End of All Turns", "【双方的回合结束时】", "10-4-10", "Triggers at the end of every turn, yours and your opponent's; the turn goes on until it and the effects it triggers have finished."),
  timing("hand", "Hand", "[手牌]", "4-16", "The effect can be activated only while the card is in your hand, by revealing it.", { paren: true }),
  timing("breeding", "Breeding", "[养成]", "4-18", "The effect can be activated only while the card is in the breeding area."),
  timing("trash", "Trash", "[废弃区]", "4-17", "The effect can be activated only while the card is in the trash; activating an Option card's [Trash] effect is not using it, so it needs no colour requirement."),
  timing("rule", "Rule", "〈规则〉", "2-11", "Not an effect but a rule of the card, in force wherever the card is, deck construction included.", { paren: true }),
  { term: "[Once Per Turn]", kind: "term", cn: "[每回合 x 次]（x = 1）", ja: "ターンに1回", definition: "The effect activates at most once per turn for each card that has it; an optional effect not taken, or one whose condition fails, does not use up the turn's activation.", rule002: "4-15", rule001: 'Glossary "Once Per Turn"', insert: "[Once Per Turn]", match: [...bracket("Once Per Turn", true)] },
  { term: "[Twice Per Turn]", kind: "term", cn: "[每回合 x 次]（x = 2）", definition: "The effect activates at most twice per turn for each card that has it.", rule002: "4-15", rule001: 'Glossary "Twice Per Turn"', insert: "[Twice Per Turn]", match: [...bracket("Twice Per Turn", true)] },
  { term: "[DigiXros -N]", kind: "term", cn: "数码合体条件", definition: "When this card is played you may place cards its DigiXros requirements name from your hand or battle area under it as digivolution cards, the leftmost on top, reducing its play cost by N for each card placed.", rule002: "2-15, 4-22, 7-2-6", rule001: '"DigiXros"', insert: "[DigiXros -2]", match: [/\[\s*DigiXros\s*[-−]\s*\d*\s*\]/i, /\bDigiXros\b/i] },

  // ─── keyword effects (002 chapter 12) ─────────────────────────────────────
  keyword("securityAttack", "Security Attack", "<Security Attack +1>", "《S 攻击》（旧《安防攻击》）", "12-4", "The Digimon that has it checks N more security cards when it attacks (N fewer with a minus, never fewer than 0); several instances add up.", { ja: "セキュリティアタック", rule001: 'Glossary "<Security Attack +x>", "<Security Attack -x>"', also: ["Security A."] }),
  keyword("blocker", "Blocker", "<Blocker>", "《阻挡者》", "12-5", "In the block timing of your opponent's turn, the Digimon that has it may block, suspending to become the attack's target in place of the original one; blocking is not an effect.", { ja: "ブロッカー", rule001: 'Glossary "<Blocker>"' }),
  keyword("recovery", "Recovery", "<Recovery +1 (Deck)>", "《恢复》", "12-6", "Places the given number of cards from the given place (the deck) face down on top of your security stack, as many as there are.", { ja: "リカバリー", rule001: 'Glossary "<Recovery +x (Deck)>"' }),
  keyword("piercing", "Piercing", "<Piercing>", "《贯通》", "12-7", "When the Digimon that has it attacks and only the opponent's Digimon is deleted in the battle, it checks your opponent's security cards once the battle is over (not after a battle with a Security Digimon).", { ja: "貫通", rule001: 'Glossary "<Piercing>"' }),
  keyword("draw", "Draw", "<Draw 1>", "《抽卡》", "12-8", "Draws the given number of cards from your deck into your hand, as many as there are; it is mandatory.", { ja: "ドロー", rule001: 'Glossary "<Draw x>"' }),
  keyword("jamming", "Jamming", "<Jamming>", "《干扰》", "12-9", "The Digimon that has it is not deleted by the result of a battle against a Security Digimon (a [Security] effect can still delete it).", { ja: "ジャミング", rule001: 'Glossary "<Jamming>"' }),
  keyword("digisorption", "Digisorption", "<Digisorption -1>", "《吸收进化》", "12-10", "When one of your Digimon in the battle area would digivolve into this card in your hand, you may suspend 1 of your Digimon to reduce the digivolution cost by N (not below 0).", { rule001: 'Glossary "<Digisorption -x>"' }),
  keyword("reboot", "Reboot", "<Reboot>", "《重启》", "12-11", "The Digimon that has it also unsuspends during your opponent's unsuspend phase.", { rule001: 'Glossary "<Reboot>"' }),
  keyword("deDigivolve", "De-Digivolve", "<De-Digivolve 1>", "《退化》", "12-12", "Trashes the declared number (1 to N) of cards from the top of the target Digimon, one at a time; a level 3 or lower Digimon card is never trashed by it.", { rule001: 'Glossary "<De-Digivolve x>"' }),
  keyword("retaliation", "Retaliation", "<Retaliation>", "《同归于尽》", "12-13", "When the Digimon that has it is deleted as the result of a battle, it deletes the Digimon it battled (not when both are deleted for equal DP).", { rule001: 'Glossary "<Retaliation>"' }),
  keyword("digiBurst", "Digi-Burst", "<Digi-Burst 1>", "《数码爆裂》", "12-14", "At the timing the effect gives, you may trash N of this Digimon's own digivolution cards to activate the effect that follows.", { rule001: 'Glossary "<Digi-Burst X>"' }),
  keyword("rush", "Rush", "<Rush>", "《速攻》", "12-15", "The Digimon that has it may attack in the turn it was played.", { rule001: 'Glossary "<Rush>"' }),
  keyword("blitz", "Blitz", "<Blitz>", "《进击》", "12-16", "When it activates and your opponent has 1 or more memory, this Digimon may attack (it usually follows [On Play] or [When Digivolving]).", { rule001: 'Glossary "<Blitz>"' }),
  keyword("delay", "Delay", "<Delay>", "《延迟》", "12-17", "An Option card with it that an effect placed in the battle area may be trashed, from the next turn on, to activate its <Delay> effect; that is not using the card, so it has no cost and no colour requirement.", { rule001: 'Glossary "<Delay>"' }),
  keyword("decoy", "Decoy", "<Decoy (Black)>", "《诱饵》", "12-18", "When another of your Digimon of the given colour would be deleted by an opponent's effect, you may delete the Digimon that has it to prevent that deletion.", { rule001: 'Glossary "<Decoy (X)>"' }),
  keyword("armorPurge", "Armor Purge", "<Armor Purge>", "《装甲解除》", "12-19", "When the Digimon that has it would be deleted, you may trash its top card to prevent that deletion.", { rule001: 'Glossary "<Armor Purge>"' }),
  keyword("save", "Save", "<Save>", "《保存》", "12-20", "When the Digimon that has it is deleted, you may place this card from the trash under 1 of your Tamers."),
  keyword("materialSave", "Material Save", "<Material Save 1>", "《素材保存》", "12-21", "When the Digimon that has it would be deleted, you may place N of its digivolution cards that its DigiXros requirements name under 1 of your Tamers."),
  keyword("evade", "Evade", "<Evade>", "《回避》", "12-22", "When the Digimon that has it would be deleted, you may suspend it to prevent that deletion."),
  keyword("raid", "Raid", "<Raid>", "《突进》", "12-23", "When the Digimon that has it attacks, you may switch the target of the attack to your opponent's unsuspended Digimon with the highest DP."),
  keyword("alliance", "Alliance", "<Alliance>", "《联协》", "12-24", "When the Digimon that has it attacks, you may suspend 1 of your other Digimon: for that attack it adds the suspended Digimon's DP and gains <Security Attack +1>."),
  keyword("barrier", "Barrier", "<Barrier>", "《屏障》", "12-25", "When the Digimon that has it would be deleted as the result of a battle, you may trash the top card of your security stack to prevent that deletion."),
  keyword("blastDigivolve", "Blast Digivolve", "<Blast Digivolve>", "《突风进化》", "12-26", "One of your Digimon may digivolve into this card in your hand without paying the cost (printed after [Hand] [Counter] on Digimon ACE cards)."),
  keyword("fortitude", "Fortitude", "<Fortitude>", "《不屈》", "12-27", "When the Digimon that has it is deleted, if it had digivolution cards, this card is played without paying its cost."),
  keyword("mindLink", "Mind Link", "<Mind Link>", "《意识链接》", "12-28", "A Tamer's keyword: this Tamer is placed among the digivolution cards of one of your Digimon that has no Tamer card among them."),
  keyword("partition", "Partition", "<Partition (blue Lv.4 & green Lv.4)>", "《分裂》", "12-29", "When the Digimon that has it, with 1 of each specified card among its digivolution cards, would leave the battle area other than by your effects or in battle, you may play 1 of each of those cards without paying their costs."),
  keyword("collision", "Collision", "<Collision>", "《冲突》", "12-30", "During the attack of the Digimon that has it, all of your opponent's Digimon gain <Blocker>, and your opponent blocks if possible."),
  keyword("blastDnaDigivolve", "Blast DNA Digivolve", "<Blast DNA Digivolve ([Name] + [Name])>", "《突风合步》", "12-31", "Your specified Digimon and the specified card in your hand may DNA digivolve into this card in your hand, paying the cost."),
  keyword("scapegoat", "Scapegoat", "<Scapegoat>", "《替罪羊》", "12-32", "When the Digimon that has it would be deleted other than by your own effects, you may delete 1 of your other Digimon to prevent that deletion."),

  // ─── card information (002 chapter 2) ─────────────────────────────────────
  term("Card number", "卡牌编号", "2-1", "The number printed on a card; in a game, cards with the same card number are the same card.", [/^card\b/]),
  term("Digimon card", "数码宝贝卡牌", "2-3-4, 3-5-2", "A card of the deck that is played or digivolved into the battle or breeding area, where it is a Digimon (the top card of a stack is the Digimon).", [/\bDigimon\b/], { ja: "デジモンカード", rule001: 'Glossary "Digimon Card", "Digimon"' }),
  term("Digi-Egg card", "数码蛋卡牌", "2-3-3", "A card of the Digi-Egg deck, hatched face up into the breeding area.", [/\bDigi-?Eggs?\b/i], { ja: "デジタマカード", rule001: 'Glossary "Digi-Egg Card"' }),
  term("Tamer card", "驯兽师卡牌", "2-3-5, 3-5-3", "A card of the deck that is played into the battle area, where it is a Tamer; it cannot attack or be attacked.", [/\bTamers?\b/i], { ja: "テイマーカード", rule001: 'Glossary "Tamer Cards", "Tamers"' }),
  term("Option card", "选项卡牌", "2-3-6", "A one-use card of the deck, used from the hand to activate its effect and then placed in the trash unless an effect puts it elsewhere.", [/\bOptions?\b/i], { ja: "オプションカード", rule001: 'Glossary "Option Card"' }),
  term("Colour", "颜色", "2-4", "One of red, blue, yellow, green, black, purple and white; a card with several colours has all of them at once.", [/\bcolou?rs?\b/i, /\b(?:red|blue|yellow|green|black|purple|white)\b/i], { ja: "色", rule001: 'Glossary "Color"' }),
  term("Traits (form, attribute, type)", "特征（形态·属性·类型）", "2-5", "A card's form, attribute and types; text naming a trait refers to the cards that have it, or have it in a trait (\"with [Dragonkin] in its traits\").", [/\btraits?\b/i, /\bform\b/i, /\battributes?\b/i, /\b(?:Vaccine|Virus|Free)\b/], { ja: "形態・属性・タイプ", rule001: 'Glossary "Type", "Attribute"' }),
  term("Stage (form)", "形态", "2-5-1, 2-12", "The stage a form names corresponds to a level: In-Training Lv.2, Rookie Lv.3, Champion Lv.4, Ultimate Lv.5, Mega Lv.6 and above.", [/\b(?:In-Training|Rookie|Champion|Ultimate|Mega)\b/], { ja: "幼年期 · 成長期 · 成熟期 · 完全体 · 究極体", rule001: 'Glossary "Rookie", "Champion", "Ultimate", "Mega", "In-Training"' }),
  term("DP (Digimon Power)", "DP（数码宝贝力量）", "2-6, 9-2-1-8", "A Digimon's strength in battle: the Digimon with less DP is deleted, both when they are equal; a Digimon whose DP becomes 0 is deleted.", [/\bDP\b/, /(?<=^\s*)dp(?=\s*:)/], { ja: "デジモンパワー", rule001: 'Glossary "DP (Digimon Power)"' }),
  term("Play cost", "登场费用", "2-7, 7-2", "The memory paid to play a Digimon or Tamer card from the hand; only Digimon and Tamer cards have one.", [/\bplay\s+costs?\b/i, /\bplaycost\b/, /\bmemory\s+costs?\b/i], { ja: "登場コスト", rule001: 'Glossary "Play Cost"' }),
  term("Use cost", "使用费用", "2-8", "The memory paid to use an Option card from the hand; only Option cards have one.", [/\buse\s+costs?\b/i, /\busecost\b/], { ja: "使用コスト", rule001: 'Glossary "Cost" (Option Card Properties)' }),
  term("Effect", "效果", "2-10-1, 4-2, 10-1", "The text of a card that makes things happen: a card's effects act only while it is in the battle area unless an icon or the text says otherwise; \"you may\" makes one optional.", [/\beffects?\b/i], { ja: "効果", rule001: 'Glossary "Effects"' }),
  term("Inherited effect", "进化源效果", "2-10-2, 4-4", "An effect a card gives the Digimon it is a digivolution card of: it works only while the card is under that Digimon.", [/\binherited(?:\s+effects?)?\b/i], { ja: "進化元効果", rule001: 'Glossary "Inherited Effect"' }),
  term("Security effect", "【安防】效果", "10-4-8, 9-2-1-7", "A [Security] effect: it activates when the card is flipped face up from the security stack by a check, without cost or colour requirement.", [/\bsecurity\s+effects?\b/i, /(?<=^\s*)security(?=\s*:)/], { ja: "セキュリティ効果", rule001: 'Glossary "Security Effects"' }),
  term("Lv. (level)", "Lv.（等级）", "2-12, 13-7", "A Digimon card's level, usually 3 to 7, a Digi-Egg's usually 2; a card printed \"Lv.–\" has no level.", [/\bLv\.?\s*\d?/, /\blevels?\b/i], { rule001: 'Glossary "Lv. (Level)"' }),
  term("Digivolution requirements", "进化条件", "2-13, 8-1", "The level, colour and digivolve cost of the Digimon that may digivolve into the card; a Digimon must meet one requirement of the card's.", [/\bdigivolution\s+requirements?\b/i, /(?<=^\s*)digivolve(?=\s*:)/, /\bdigivolve\s+costs?\b/i, /\bdigivolution\s+costs?\b/i], { ja: "進化条件", rule001: 'Glossary "Digivolution Requirements", "Digivolve Cost"' }),
  term("DNA digivolution", "合步进化", "2-14, 4-21, 8-2", "Two Digimon that meet a card's DNA requirements are stacked, the first listed on top, and digivolve together into that card from the hand for its DNA digivolution cost.", [/\bDNA(?:\s+digivolv\w*)?\b/i, /(?<=^\s*)dna(?=\s*:)/], { rule001: 'Glossary "DNA Digivolution"' }),
  term("Rarity", "稀有度", "2-20", "How rare a card is, as printed on it.", [/\brarity\b/i], { ja: "レアリティ", rule001: 'Glossary "Rarity"' }),

  // ─── areas (002 chapter 3) ───────────────────────────────────────────────
  term("Deck", "卡组（卡组区）", "3-2", "Your 50-card deck, face down: no one may look at it or change its order unless an effect says so.", [/\bdecks?\b/i], { ja: "デッキ", rule001: 'Glossary "Deck Zone"' }),
  term("Breeding area", "养成区", "3-4", "Where Digi-Eggs hatch and grow, one Digimon at a time; effects there cannot activate or be affected unless they say so.", [/\bbreeding(?:\s+area)?\b/i], { ja: "育成エリア", rule001: 'Glossary "Breeding Area"' }),
  term("Battle area", "战斗区", "3-5", "Where Digimon and Tamers are played (\"in play\"), with Options an effect places there; any number of them, face up.", [/\bbattle\s+area\b/i, /\bin\s+play\b/i], { ja: "バトルエリア", rule001: 'Glossary "Battle Area"' }),
  term("Hand", "手牌", "3-6", "The cards a player has drawn; hidden from the opponent.", [/\bhands?\b/i]),
  term("Trash", "废弃区 · 丢弃", "3-7, 4-12-2", "The face-up pile of deleted and used cards; to trash a card is to place it there, which is not a deletion.", [/\btrash(?:es|ed|ing)?\b/i], { ja: "トラッシュ", rule001: 'Glossary "Trash (Recycle Bin)", "Trash"' }),
  term("Security stack", "安防区", "3-8", "A player's face-down security cards, checked one at a time from the top when that player is attacked; a player attacked with none left loses.", [/\bsecurity\s+(?:stack|cards?)\b/i], { ja: "セキュリティ", rule001: 'Glossary "Security Stack"' }),

  // ─── basic terms (002 chapter 4) ─────────────────────────────────────────
  term("Memory", "内存值 · 内存条", "4-1", "What costs are paid with, counted on the shared memory gauge (0 to 10 each side); when it reaches 1 or more on the opponent's side, the turn passes to them.", [/\bmemory\b/i], { ja: "メモリーゲージ", rule001: 'Glossary "Memory Gauge (Memory)"' }),
  term("Digivolution cards", "进化源", "4-3", "The cards under a Digimon in the breeding or battle area: only their inherited effects count, and the Digimon has them.", [/\bdigivolution\s+cards?\b/i], { ja: "進化元", rule001: 'Glossary "Digivolution Card"' }),
  term("Trigger, activate, pending", "诱发 · 发动 · 待发动", "4-5, 4-6", "An effect triggers when its timing and condition are met, waits pending, then activates; effects that trigger together activate one at a time in an order the player chooses.", [/\btrigger(?:s|ed)?\b/i, /\bactivat(?:e|es|ed|ing)\b/i]),
  term("Suspend / unsuspend", "休息状态 · 活跃状态", "4-9", "A suspended card is turned sideways (it has acted: attacked, blocked or used an effect); an unsuspended one stands upright and may act.", [/\b(?:un)?suspend(?:s|ed|ing)?\b/i], { ja: "レスト · アクティブ", rule001: 'Glossary "Suspend", "Unsuspend"' }),
  term("Check", "判定", "4-10, 9-2-1-7", "Flipping the top card of the opponent's security stack face up when an attack on them succeeds.", [/\bchecks?\b/i], { ja: "チェック", rule001: 'Glossary "Check"' }),
  term("Security Digimon", "安防数码宝贝", "4-11", "A Digimon card flipped by a check: it battles the attacker but is in no area, is not a Digimon for effects, and activates only its [Security] effects.", [/\bSecurity\s+Digimon\b/], { ja: "セキュリティデジモン", rule001: 'Glossary "Security Digimon"' }),
  term("Delete", "消灭", "4-12-1", "A Digimon or Tamer is deleted when it loses a battle, its DP becomes 0, or an effect deletes it; it is placed in the trash (a Token leaves the game).", [/\bdelet(?:e|es|ed|ing|ion)\b/i], { ja: "消滅", rule001: 'Glossary "Deleted"' }),
  term("Token", "替代卡", "4-19", "A card from outside the game that is played as a Digimon or Tamer; it cannot digivolve or have cards under it, and leaves the game instead of moving to another area.", [/\btokens?\b/i], { rule001: '"Tokens"' }),
  term("Colour requirements", "颜色条件", "4-20", "To use an Option card you need a Digimon or Tamer of each of its colours in your battle or breeding area; [Security] and <Delay> effects need none.", [/\bcolou?r\s+requirements?\b/i], { rule001: 'Glossary "Color Requirements"' }),

  // ─── actions (002 chapters 7–9) ──────────────────────────────────────────
  term("Play", "登场", "7-1, 7-2", "Putting a Digimon or Tamer card into the battle area from the hand or elsewhere as a new Digimon or Tamer, paying its play cost unless an effect says otherwise.", [/\bplay(?:s|ed|ing)?\b/i], { ja: "登場", rule001: 'Glossary "Playing"' }),
  term("Hatch", "孵化", "6-5, 2-3-3", "Flipping the top card of your Digi-Egg deck face up into your empty breeding area.", [/\bhatch(?:es|ed|ing)?\b/i], { ja: "孵化", rule001: 'Glossary "Hatching"' }),
  term("Digivolve", "进化", "8-1", "Placing a Digimon card on a Digimon that meets its digivolution requirements and paying the digivolve cost; then you draw 1 card as the digivolution bonus.", [/\bdigivolv(?:e|es|ed|ing)\b/i, /\bdigivolution\b/i], { ja: "進化", rule001: 'Glossary "Digivolution"' }),
  term("Attack", "攻击", "9-1, 9-2", "Suspending one of your unsuspended Digimon to attack your opponent or one of their suspended Digimon.", [/\battack(?:s|ed|ing)?\b/i], { ja: "アタック", rule001: 'Glossary "Attack"' }),
  term("Block", "阻挡", "9-2-1-5, 12-5", "In the block timing, a Digimon with <Blocker> suspends to become the target of the attack.", [/\bblock(?:s|ed|ing)?\b/i, /\bunblockable\b/i], { ja: "ブロック", rule001: 'Glossary "Block"' }),
  term("Battle", "战斗", "9-2-1-8", "The comparison of DP between an attacking Digimon and its target (or a Security Digimon): the one with less DP is deleted, both when equal.", [/\bbattl(?:e|es|ing)\b/i], { ja: "バトル", rule001: 'Glossary "Battle"' }),

  // ─── how effects are written (002 chapters 11, 13, 12-2) ─────────────────
  term("By …, / … to …: a cost", "可○○，□□", "11-7", "\"By X, Y\" and \"you may X to Y\": to activate Y you must first do X; doing X is optional, and not doing it does not activate the effect.", [/\bby\s+\w+ing\b/i], { rule001: 'Detailed Rules “By <X>, <Y>” Effects' }),
  term("Then", "此后", "11-8", "The parts of an effect divided by \"Then\" are done in order, the part before it first; the effect activates even when one of them cannot be done.", [/\bthen\b/i], { rule001: 'Detailed Rules Effects Divided With "Then"' }),
  term("When … would …", "将要○○时", "13-3, 10-1-8", "A \"when … would …\" effect triggers just before the event and interrupts it, and may prevent it; a \"when …\" effect triggers after the event happened.", [/\bwould\b/i], { rule001: 'Detailed Rules "When" and "Would" in Card Text' }),
  term("Reminder text", "注释", "12-2", "The text in parentheses after a keyword explains it; some cards leave it out, and it never changes the keyword.", [/\((?!\s*(?:other|including|except)\b)[^()\n]{12,}\)/i]),
];

/**
 * The citation of a DCG entry as a designer reads it in a hover: the comprehensive rules' section
 * and, where it has one, the rule manual's, each with its rules file, e.g.
 * `DCG comprehensive rules 12-5 (002_db81695f81018ea7.txt); DCG rule manual, Glossary "<Blocker>" (001_9364978fb56838a3.txt)`.
 */
export function dcgGlossarySource(e: DcgGlossaryEntry): string {
  const rules = `DCG comprehensive rules ${e.rule002} (${DCG_RULES_FILE})`;
  return e.rule001 ? `${rules}; DCG rule manual, ${e.rule001} (${DCG_MANUAL_FILE})` : rules;
}

/**
 * A DCG entry as hover markdown: the term, its names in the rules (002's Chinese, 004's
 * Japanese), the sentence, and the sections it comes from. Characters markdown would read
 * as markup are escaped: `<Blocker>` is shown as written, never taken for an HTML tag, and
 * `[On Play]` never for a link.
 */
export function dcgGlossaryMarkdown(e: DcgGlossaryEntry): string {
  const md = (t: string) => t.replace(/[\\`*_<>[\]]/g, "\\$&");
  const names = [`002: ${e.cn}`, ...(e.ja ? [`004: ${e.ja}`] : [])].join(" · ");
  return `**${md(e.term)}** (${md(names)})\n\n${md(e.definition)}\n\n*Source: ${md(dcgGlossarySource(e))}*`;
}
