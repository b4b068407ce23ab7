/**
 * Golden tests: one per construct of `grammar/constructs.ts`. Every expectation below is
 * written by hand from the DBE rules (`000_012504f4614e5b24.txt`), cited per entry, as a
 * partial IR checked with `toMatchObject`. A construct with no expectation fails.
 *
 * Conventions used by the expectations (from the rules, not from the compiler):
 * - "Reminder that all cards target Own/Self unless otherwise specified" (Glossary
 *   "Boost", "Recover"): an unnamed player is `own`.
 * - "By default, all discards refer to the hand" (FAQ "Discard any…").
 * - One sentence is one effect (Anatomy of Cards item 14); no timing label = the card
 *   timing (`timings: []`); nothing parenthesised = not permanent.
 */
import { describe, expect, it } from "vitest";
import { CONSTRUCTS, type Construct } from "../grammar/constructs.ts";
import { compileAbility, compileCard, compileEvo } from "./helpers.ts";

// ─── Builders for partial IR ───────────────────────────────────────────────

type Obj = Record<string, unknown>;

const c = (value: number) => ({ kind: "const", value });
const seq = (...actions: Obj[]) => ({ kind: "seq", actions });
const iff = (cond: Obj, then: Obj, otherwise: Obj | null = null) => ({ kind: "if", cond, then, otherwise });

/** A plain effect sentence: card timing, no costs, not an "If not", not permanent. */
const eff = (body: Obj, extra: Obj = {}): Obj => ({
  kind: "effect",
  timings: [],
  costs: [],
  body,
  otherwiseOf: null,
  permanent: false,
  ...extra,
});
const cost = (action: Obj, must = false) => ({ kind: "action", action, must });

/** A card filter with every field "any" unless given. */
const filter = (f: Obj = {}): Obj => ({ kinds: [], levels: [], types: [], name: null, partner: null, valid: false, ...f });
const exact = (name: string) => ({ kind: "exact", name });

// Actions
const boost = (player: string, amount: Obj, extra: Obj = {}) => ({ kind: "boost", player, amount, ...extra });
const recover = (player: string, value: number) => ({ kind: "recover", player, amount: c(value) });
const draw = (count: number, extra: Obj = {}) => ({ kind: "draw", player: "own", count: c(count), dark: false, ...extra });
const discard = (player: string, count: Obj | null, extra: Obj = {}) => ({
  kind: "discard",
  player,
  count,
  zone: "hand",
  random: false,
  ownerChooses: false,
  dark: false,
  fromTop: false,
  ...extra,
});
const ownHpIs = (value: number) => ({ kind: "setStat", target: { player: "own", stat: "hp", attack: null }, value: c(value) });
const stat = (player: string, s: string) => ({ kind: "stat", player, stat: s, attack: null });

// ─── Expectations ──────────────────────────────────────────────────────────

interface Golden {
  /** Rules reference the expectation is derived from. */
  why: string;
  /** Card text: the full list of effects (partial objects, exact length). */
  effects?: Obj[];
  /** Evo-box entry. */
  evo?: Obj;
  /** Attack ability. */
  ability?: Obj;
  /** Extra assertions for facts a partial object cannot state. */
  check?: (got: unknown) => void;
}

const GOLDEN: Record<string, Golden> = {
  // Structure
  "structure.sentence": {
    why: "Anatomy 14: one sentence (full stop) = one effect, in order",
    effects: [eff(seq(draw(1)), { text: "Draw 1." }), eff(seq(boost("own", c(100))), { text: "Boost own Power +100." })],
  },
  "structure.cost": {
    why: 'FAQ "Costs vs Effects": "Trash 3" before the colon is a cost (own deck by default); the effect has the opponent discard 2 from hand',
    effects: [eff(seq(discard("opponent", c(2))), { costs: [cost({ kind: "trash", player: "own", count: c(3) })] })],
  },
  "structure.must": {
    why: 'FAQ "Must in a cost" (BR-171 Mega Disk): the cost is forced: trash 6, then recover own HP +1000',
    effects: [eff(seq(recover("own", 1000)), { costs: [cost({ kind: "trash", player: "own", count: c(6) }, true)] })],
  },
  "structure.onceperturn": {
    why: 'Glossary "[1/Turn]": the once-per-turn is paid as a cost, with the discard of 1 (own hand)',
    effects: [eff(seq(draw(2)), { costs: [{ kind: "oncePerTurn" }, cost(discard("own", c(1)))] })],
  },
  "structure.if": {
    why: 'FAQ "Conditionals": the effect happens only if the own active is Level R',
    effects: [eff(iff({ kind: "levelIs", player: "own", levels: ["R"], negate: false }, seq(boost("own", c(300)))))],
  },
  "structure.ifnot": {
    why: 'FAQ "Conditionals" (EX-035 Palmon): two sentences; the second ("If not") answers the "If" of the first; recycle 3 then shuffle',
    effects: [
      eff(iff({ kind: "same", what: "attack", negate: false }, seq(boost("own", c(400))), null)),
      eff(seq({ kind: "recycle", player: "own", count: 3, shuffle: true }), { otherwiseOf: 0 }),
    ],
  },
  "structure.otherwise": {
    why: 'FAQ "Conditionals": "; Otherwise," is the else-branch of the same sentence',
    effects: [eff(iff({ kind: "compare", left: stat("own", "hp"), op: "<", right: c(200) }, seq(boost("own", c(300))), seq(draw(1))))],
  },
  "structure.chain": {
    why: 'FAQ "Leaving a zone" (BR-130 Etemon): discard this active, then set own HP to 10, in order, one effect',
    effects: [eff(seq({ kind: "discardThis", what: "active" }, ownHpIs(10)))],
  },
  "structure.permanent": {
    why: 'Glossary "(Parenthesis text)": parenthesised text is permanent; "Ignore costs" exempts from costs (FAQ "Costs vs Effects")',
    effects: [eff(seq({ kind: "ignore", what: ["costs"] }), { permanent: true })],
  },

  // Timings
  "timing.card": {
    why: "Anatomy 13: the SUPPORT card timing governs the sentence",
    effects: [eff(seq(boost("own", c(300))), { timings: [{ kind: "card", timing: "SUPPORT" }] })],
  },
  "timing.support": {
    why: 'FAQ "lowercase timings": "Support:" = any support phase; FAQ "Paying DP" (BIT-052 Immortalize): pay 10 DP from this card is the cost',
    effects: [
      eff(seq({ kind: "void", target: "digimonSupport" }), {
        timings: [{ kind: "phase", phase: "support", whose: "any" }],
        costs: [cost({ kind: "payDp", amount: 10, from: "this" })],
      }),
    ],
  },
  "timing.ownprep": {
    why: 'FAQ "lowercase timings": "Own Prep Phase" = prep phase, own turns only',
    effects: [eff(seq(draw(1)), { timings: [{ kind: "phase", phase: "prep", whose: "own" }] })],
  },
  "timing.evolvephase": {
    why: 'Evolution Phase step 1; FAQ "lowercase timings": they trigger every such phase, the opponent\'s included',
    effects: [eff(seq(recover("own", 100)), { timings: [{ kind: "phase", phase: "evolve", whose: "any" }] })],
  },
  "timing.passive": {
    why: 'FAQ "Interrupting effects" (Ebemon): passive, triggered when the opponent discards',
    effects: [eff(seq(draw(1)), { timings: [{ kind: "passive" }, { kind: "when", event: { kind: "discards", player: "opponent" } }] })],
  },
  "timing.atend": {
    why: 'FAQ "Leaving a zone" (BR-130 Etemon): at the End Phase (any turn: lowercase timings trigger every such phase), if able, discard this active then own HP is 10',
    effects: [
      eff(iff({ kind: "able" }, seq({ kind: "discardThis", what: "active" }, ownHpIs(10))), {
        timings: [{ kind: "phase", phase: "end", whose: "any" }],
      }),
    ],
  },
  "timing.whileattached": {
    why: 'FAQ "lowercase timings": "While attached" applies while in the attachment zone; boosts own Circle',
    effects: [eff(seq(boost("own", c(100), { attack: "circle" })), { timings: [{ kind: "whileAttached" }] })],
  },
  "timing.activezone": {
    why: 'FAQ "lowercase timings": "Active Zone:" works anywhere in the active zone',
    effects: [eff(seq(boost("own", c(100))), { timings: [{ kind: "activeZone" }] })],
  },
  "timing.anyphase": {
    why: 'Glossary "Any Phase"',
    effects: [eff(seq(draw(1)), { timings: [{ kind: "anyPhase" }] })],
  },
  "timing.anysupport": {
    why: 'FAQ "lowercase timings": "Any Support Phase"; Glossary "Void": void an Option',
    effects: [eff(seq({ kind: "void", target: "option" }), { timings: [{ kind: "anySupportPhase" }] })],
  },
  "timing.eithersupport": {
    why: 'FAQ "ACTIVATE timing": "Either Support Phase"',
    effects: [eff(seq(recover("own", 200)), { timings: [{ kind: "eitherSupportPhase" }] })],
  },
  "timing.nested": {
    why: 'FAQ "lowercase timings": nested timings must all coincide: passive, during a support phase, when the opponent discards',
    effects: [
      eff(seq(draw(1)), {
        timings: [{ kind: "passive" }, { kind: "phase", phase: "support", whose: "any" }, { kind: "when", event: { kind: "discards", player: "opponent" } }],
      }),
    ],
  },
  "timing.whenevolving": {
    why: "Evolution Phase 4.9: only when there is a valid future (not restricted to DP)",
    effects: [eff(seq(draw(1)), { timings: [{ kind: "whenEvolving", byDp: false }] })],
  },
  "timing.whenevolvingbydp": {
    why: 'Evolution Phase 4.10 (Super Tag): only when evolving by DP; Glossary "Delete" this card',
    effects: [eff(seq({ kind: "delete", what: "this" }), { timings: [{ kind: "whenEvolving", byDp: true }] })],
  },
  "timing.afterevolving": {
    why: "Evolution Phase 4.11",
    effects: [eff(seq(recover("own", 200)), { timings: [{ kind: "afterEvolving" }] })],
  },
  "timing.turbo.cost": {
    why: 'Glossary "Turbo" form 1: play as Any Phase by discarding 1 (own hand) as a cost',
    effects: [{ kind: "turbo", phase: "any", cost: discard("own", c(1)), condition: null, risk: [] }],
  },
  "timing.turbo.condition": {
    why: 'Glossary "Turbo" form 2: Any Evolve Phase if own level is lower (than the opponent\'s)',
    effects: [
      {
        kind: "turbo",
        phase: "evolve",
        cost: null,
        condition: { kind: "compare", left: stat("own", "level"), op: "<", right: stat("opponent", "level") },
        risk: [],
      },
    ],
  },
  "timing.turbo.risk": {
    why: 'Glossary "Turbo" form 3: Any Support Phase with the risk of boosting the opponent\'s Power +200',
    effects: [{ kind: "turbo", phase: "support", cost: null, condition: null, risk: [boost("opponent", c(200))] }],
  },
  "timing.databreak": {
    why: 'Glossary "Data Break"',
    effects: [eff(seq(draw(2)), { timings: [{ kind: "dataBreak" }] })],
  },
  "timing.access": {
    why: 'Glossary "Access": "Reveal in own hand" for a [Dragon]',
    effects: [eff(seq(boost("own", c(200))), { timings: [{ kind: "access", what: "Dragon" }] })],
  },

  // Verbs
  "verb.boost": { why: 'Glossary "Boost"', effects: [eff(seq(boost("own", c(300))))] },
  "verb.boost.attack": {
    why: 'FAQ "Leaving a zone" (EX-018 Courage Crest): boost own Circle only',
    effects: [eff(seq(boost("own", c(100), { attack: "circle" })))],
  },
  "verb.boost.per": {
    why: 'Glossary "Boost": +100 for each card in own DP zone',
    effects: [eff(seq(boost("own", { kind: "count", player: "own", what: "dp", per: 100 })))],
  },
  "verb.recover": { why: 'Glossary "Recover"', effects: [eff(seq(recover("own", 200)))] },
  "verb.lower": { why: 'Glossary "Boost": lowering the opponent\'s current Power by 300 is a Boost of -300 on them', effects: [eff(seq(boost("opponent", c(-300))))] },
  "verb.set": { why: 'FAQ "Leaving a zone" (BR-130 Etemon): own HP becomes 10', effects: [eff(seq(ownHpIs(10)))] },
  "verb.scale": {
    why: 'FAQ "Costs vs Effects" (UlforceVdramon): halving own HP is a cost; the effect boosts own Power +400',
    effects: [
      eff(seq(boost("own", c(400))), { costs: [cost({ kind: "scaleStat", target: { player: "own", stat: "hp", attack: null }, factor: c(0.5) })] }),
    ],
  },
  "verb.recode": { why: 'Glossary "Recode X": top 3 of own deck', effects: [eff(seq({ kind: "recode", player: "own", count: 3 }))] },
  "verb.corrupt": {
    why: 'Glossary "Corrupt X": look at the top X cards of the OPPONENT\'s deck',
    effects: [eff(seq({ kind: "corrupt", player: "opponent", count: 2 }))],
  },
  "verb.recycle": {
    why: 'Glossary "Recycle X" (no shuffle by default), here "and shuffle"',
    effects: [eff(seq({ kind: "recycle", player: "own", count: 3, shuffle: true }))],
  },
  "verb.recycleany": {
    why: 'Glossary "Recycle any": any card, do not shuffle unless specified',
    effects: [eff(seq({ kind: "recycle", player: "own", count: "any", shuffle: false }))],
  },
  "verb.trash": { why: 'Glossary "Trash X": the opponent trashes 2', effects: [eff(seq({ kind: "trash", player: "opponent", count: c(2) }))] },
  "verb.static": {
    why: 'Attack Abilities "Static X": "may have the target player changed; example: Static 2 own trash"',
    effects: [eff(seq({ kind: "static", player: "own", count: 2 }))],
  },
  "verb.take": {
    why: 'Glossary "Take"; FAQ "Cherrypicking Rules": 1 Evolution card from own deck',
    effects: [eff(seq({ kind: "take", player: "own", count: 1, filter: filter({ kinds: ["Evolution"] }), from: "deck", random: false }))],
  },
  "verb.take.partial": {
    why: 'Evolution Phase 4.3: "-devi-" = any card containing "devi"',
    effects: [eff(seq({ kind: "take", player: "own", count: 1, filter: filter({ name: { kind: "infix", part: "devi" } }), from: "deck", random: false }))],
  },
  "verb.attach": {
    why: 'FAQ "Attachment conditions" (Tyrannomon): attach Vademon from deck to own Dragon-type',
    effects: [eff(seq({ kind: "attach", card: filter({ name: exact("Vademon") }), from: "deck", to: "own", toFilter: filter({ types: ["Dragon"] }) }))],
  },
  "verb.void": { why: 'Glossary "Void"; Support Phase 5.1', effects: [eff(seq({ kind: "void", target: "digimonSupport" }))] },
  "verb.revive": { why: 'Glossary "Revive": Set Revival with 500 HP', effects: [eff(seq({ kind: "revive", player: "own", hp: c(500) }))] },
  "verb.flatten": {
    why: 'Glossary "Flatten": add a token representing 1 instance of Flat in front of the opponent\'s active',
    effects: [eff(seq({ kind: "flatten", player: "opponent", count: 1 }))],
  },
  "verb.delete": { why: 'Glossary "Delete"', effects: [eff(seq({ kind: "delete", what: "this" }))] },
  "verb.discard": {
    why: 'Glossary "Discard"; FAQ "Player discards": from hand, the opponent\'s choice',
    effects: [eff(seq(discard("opponent", c(2))))],
  },
  "verb.discardhand": {
    why: 'FAQ "Interrupting effects" (Ogremon); FAQ "Amount not specified – removes all"',
    effects: [eff(seq(discard("own", null)))],
  },
  "verb.discardany": {
    why: 'FAQ "Discard any…": you (the owner) choose 1 in the opponent\'s DP',
    effects: [eff(seq(discard("opponent", c(1), { zone: "dp", ownerChooses: true })))],
  },
  "verb.discardrandom": { why: 'FAQ "Player discards": "discard randomly"', effects: [eff(seq(discard("opponent", c(1), { random: true })))] },
  "verb.draw": { why: "Prep Phase step 2", effects: [eff(seq(draw(2)))] },
  "verb.darkdraw": { why: 'Glossary "Dark [action]": draw 1 to own Dark Area', effects: [eff(seq(draw(1, { dark: true })))] },
  "verb.darkdiscard": {
    why: 'Glossary "Dark [action]": discard 1 to own Dark Area',
    effects: [eff(seq(discard("own", c(1), { dark: true })))],
  },
  "verb.darktake": {
    why: 'Glossary "Dark [action]" + "Take": take 1 Option card from own deck into own Dark Area',
    effects: [eff(seq({ kind: "take", player: "own", count: 1, filter: filter({ kinds: ["Option"] }), from: "deck", random: false, dark: true }))],
  },
  "verb.darktrash": {
    why: 'Glossary "Dark [action]" + "Trash X": the top 2 of own deck go to own Dark Area instead of the trash',
    effects: [eff(seq({ kind: "trash", player: "own", count: c(2), dark: true }))],
  },
  "verb.attachletter": {
    why: 'Attack Abilities "Attach D/T/H": T is the trash; attach 1 Option from own trash to own active',
    effects: [eff(seq({ kind: "attach", card: filter({ kinds: ["Option"] }), from: "trash", to: "own", toFilter: null }))],
  },
  "verb.evolveto": {
    why: 'FAQ "Conditionals" (DB-013 Biyomon); Effect Evolution: a "valid" Level C from deck, not "as evolved"',
    effects: [eff(seq({ kind: "evolve", to: filter({ levels: ["C"], valid: true }), from: "deck", asEvolved: false }))],
  },
  "verb.asevolved": {
    why: "Evolution Phase 4.6: change the active to Greymon from hand as evolved",
    effects: [eff(seq({ kind: "evolve", to: filter({ name: exact("Greymon") }), from: "hand", asEvolved: true }))],
  },
  "verb.downgrade": {
    why: "Evolution Phase 4.13: own Digimon down 1 level",
    effects: [eff(seq({ kind: "downgrade", player: "own", levels: 1, from: null, to: null }))],
  },
  "verb.putdp": {
    why: 'FAQ "Putting unknown cards…" example 1: the first Digimon from the top of own deck, 1 card',
    effects: [eff(seq({ kind: "putIntoDp", player: "own", what: { fromTop: 1, filter: filter({ kinds: ["Digimon"] }), among: null } }))],
  },
  "verb.putdpamong": {
    why: 'FAQ "Putting unknown cards…" example 2: 1 Digimon among the top 5 of own deck',
    effects: [eff(seq({ kind: "putIntoDp", player: "own", what: { fromTop: 1, filter: filter({ kinds: ["Digimon"] }), among: 5 } }))],
  },
  "verb.putthis": { why: 'FAQ "Interrupting effects" (Ogremon)', effects: [eff(seq({ kind: "putIntoDp", player: "own", what: "this" }))] },
  "verb.pay": {
    why: 'FAQ "Paying DP" (BIT-052 Immortalize): paying 30 DP from this card is the cost of voiding an Option',
    effects: [eff(seq({ kind: "void", target: "option" }), { costs: [cost({ kind: "payDp", amount: 30, from: "this" })] })],
  },
  "verb.lowerdp": {
    why: 'Evolution Phase 4.8: "-X0 +P" lowers the DP the opponent has by 20 (a player\'s DP, not a Future\'s cost, which is "DP -X0")',
    effects: [eff(seq({ kind: "changeDp", player: "opponent", amount: -20 }), { text: "Opponent -20 +P." })],
  },
  "verb.ignore": {
    why: "Evolution Phase 4.7: ignore type, level and DP",
    effects: [eff(seq({ kind: "ignore", what: expect.arrayContaining(["type", "level", "dp"]) }))],
    check: (got) => expect((got as { body: { actions: { what: unknown[] }[] } }[])[0]!.body.actions[0]!.what).toHaveLength(3),
  },
  "verb.enables": { why: "Evolution Phase 4.14", effects: [eff(seq({ kind: "enables", what: "sameLevel" }))] },
  "verb.alsocounts": { why: 'Glossary "Also counts as [Name]"', effects: [eff(seq({ kind: "alsoCountsAs", name: "Agumon" }))] },
  "verb.alias": { why: 'Glossary "Also counts as": same as "Alias [Name]"', effects: [eff(seq({ kind: "alsoCountsAs", name: "Agumon" }))] },
  "verb.changetype": { why: "End Phase step 3.1: type change", effects: [eff(seq({ kind: "changeType", player: "own", type: "Dragon" }))] },
  "verb.changename": { why: "End Phase step 3.1: name change (\"Type-changes/gains as well as name changes are somewhat permanent\")", effects: [eff(seq({ kind: "changeName", player: "own", name: "Greymon" }))] },
  "verb.useattack": { why: 'FAQ "Jamming oddballs": the opponent\'s attack is changed to Circle', effects: [eff(seq({ kind: "useAttack", player: "opponent", attack: "circle" }))] },
  "verb.gain": {
    why: "Battle Phase step 3.3; Attack Abilities \"1st Attack\": own (all attacks) gets 1st Attack",
    effects: [eff(seq({ kind: "gainAbility", player: "own", attack: null, ability: { kind: "firstAttack" } }))],
  },
  "verb.gainon": {
    why: 'FAQ "Which attack abilities can Jamming void?" ("something gave your \u201cTriangle\u201d Jamming"): the ability goes to the named attack only',
    effects: [eff(seq({ kind: "gainAbility", player: "own", attack: "triangle", ability: { kind: "jamming" } }))],
  },
  "verb.prohibit": {
    why: 'FAQ "Costs vs Effects" (EX-094 UlforceVdramon): own HP cannot be lowered except by an attack',
    check: (got) => {
      const effects = got as Obj[];
      expect(effects.length).toBeGreaterThanOrEqual(1);
      expect(effects[0]).toMatchObject(eff(seq({ kind: "prohibit", player: "own", what: "lowerHp", exceptByAttack: true, bySupports: false })));
    },
  },
  "verb.donotuse": {
    why: 'Evolution Phase POINT "Do not use with <Level>"',
    effects: [eff(seq({ kind: "restrictUse", levels: ["M"], abnormal: false }))],
  },
  "verb.activateEvoBonus": {
    why: 'Evolution Phase POINT "Sometimes effects may \u201cactivate an evo-bonus\u201d": one action, no player (own active\'s box)',
    effects: [eff(seq({ kind: "activateEvoBonus" }))],
  },

  // Attack abilities
  "ability.first": { why: 'Attack Abilities "1st Attack"', ability: { kind: "firstAttack" } },
  "ability.second": { why: "Battle Phase 3.3.2", ability: { kind: "secondAttack" } },
  "ability.tozero": { why: 'Attack Abilities "to 0": the opponent\'s Circle becomes 0', ability: { kind: "toZero", attack: "circle" } },
  "ability.counter": { why: 'Attack Abilities "Counter"', ability: { kind: "counter", attack: "circle" } },
  "ability.crash": { why: 'Attack Abilities "Crash"', ability: { kind: "crash" } },
  "ability.drain": { why: 'Attack Abilities "Drain"', ability: { kind: "drain" } },
  "ability.flatten": { why: 'Attack Abilities "Flatten [Level C]"', ability: { kind: "flatten", condition: filter({ levels: ["C"] }) } },
  "ability.grudge": { why: 'Attack Abilities "Grudge"', ability: { kind: "grudge", attack: "cross" } },
  "ability.jamming": { why: 'Attack Abilities "Jamming"', ability: { kind: "jamming" } },
  "ability.killer": { why: 'Attack Abilities "Killer"', ability: { kind: "killer", attack: "triangle" } },
  "ability.shatter": { why: 'Attack Abilities "Shatter"', ability: { kind: "shatter" } },
  "ability.x3vs": { why: 'Attack Abilities "[Type] x3 VS"', ability: { kind: "x3vs", types: ["Dragon"] } },
  "ability.draw": { why: 'Attack Abilities "Draw X"', ability: { kind: "draw", count: 2 } },
  "ability.trash": { why: 'Attack Abilities "Trash X"', ability: { kind: "trash", count: 3 } },
  "ability.recode": { why: 'Attack Abilities "Recode X"', ability: { kind: "recode", count: 3 } },
  "ability.recycle": { why: 'Attack Abilities "Recycle X"', ability: { kind: "recycle", count: 2 } },
  "ability.attach": { why: 'Attack Abilities "Attach D/T/H": T = Trash', ability: { kind: "attach", from: "trash" } },
  "ability.static": { why: 'Attack Abilities "Static X"', ability: { kind: "static", count: 2 } },
  "ability.corrupt": { why: 'Attack Abilities "Corrupt X"', ability: { kind: "corrupt", count: 2 } },

  // Operands
  "operand.players": { why: 'Glossary "Boost": both players', effects: [eff(seq(boost("both", c(200))))] },
  "operand.oppsymbol": { why: 'Glossary "symbol – Means opponent"', effects: [eff(seq(discard("opponent", c(1))))] },
  "operand.types": {
    why: 'Glossary "Type": the opponent has Dragon or Metal among its types (subtypes count: not "primary")',
    effects: [eff(iff({ kind: "typeIs", player: "opponent", types: ["Dragon", "Metal"], primary: false, negate: false }, seq(boost("own", c(200)))))],
  },
  "operand.levels": {
    why: 'Glossary "Level"',
    effects: [eff(iff({ kind: "levelIs", player: "opponent", levels: ["M"], negate: false }, seq(recover("own", 500))))],
  },
  "operand.attacks": {
    why: "Anatomy 10: the opponent used Cross",
    effects: [eff(iff({ kind: "attackIs", player: "opponent", attacks: ["cross"], negate: false }, seq(boost("own", c(300)))))],
  },
  "operand.hp": {
    why: 'Glossary "Recover": own HP < opponent\'s HP',
    effects: [eff(iff({ kind: "compare", left: stat("own", "hp"), op: "<", right: stat("opponent", "hp") }, seq(recover("own", 300))))],
  },
  "operand.hand": {
    why: "Prep Phase step 2: own hand size ≥ 3",
    effects: [eff(iff({ kind: "compare", left: { kind: "count", player: "own", what: "hand", per: 1 }, op: ">=", right: c(3) }, seq(boost("own", c(100)))))],
  },
  "operand.zones": {
    why: 'Glossary "Static X": the opponent\'s trash holds 10 or more cards, then delete its bottom 3',
    effects: [eff(iff({ kind: "compare", left: { kind: "count", player: "opponent", what: "trash", per: 1 }, op: ">=", right: c(10) }, seq({ kind: "static", player: "opponent", count: 3 })))],
  },
  "operand.deck": {
    why: 'Glossary "Recycle X": own deck holds 10 cards or fewer, then recycle 3 (no shuffle)',
    effects: [eff(iff({ kind: "compare", left: { kind: "count", player: "own", what: "deck", per: 1 }, op: "<=", right: c(10) }, seq({ kind: "recycle", player: "own", count: 3, shuffle: false })))],
  },
  "operand.plusp": {
    why: "Anatomy of Cards item 7: own active's +P is at least 20",
    effects: [eff(iff({ kind: "compare", left: { kind: "stat", player: "own", stat: "plusP", attack: null, per: 1 }, op: ">=", right: c(20) }, seq(draw(1))))],
  },
  "operand.partial": {
    why: 'Evolution Phase 4.3: "-dramon" = names ending with "dramon"',
    effects: [eff(iff({ kind: "nameIs", player: "own", name: { kind: "suffix", part: "dramon" }, negate: false }, seq(boost("own", c(100)))))],
  },

  // Evo-box
  "evo.bonus": {
    why: "Evolution Phase 4.3: draw 2 when evolving from a Level C whose name ends in dramon; not permanent",
    evo: { kind: "bonus", actions: [draw(2)], permanent: false, from: [{ name: { kind: "suffix", part: "dramon" }, level: "C" }] },
  },
  "evo.discount": {
    why: "Evolution Phase 4.8: DP -10 lowers the future's DP cost by 10; no names = applies whatever the active",
    evo: { kind: "discount", from: [] },
    check: (got) => expect(Math.abs((got as { amount: number }).amount)).toBe(10),
  },
  "evo.dna": {
    why: "Evolution Phase 5.2.2.2: an Airdramon + any Level C Metal",
    evo: {
      kind: "dna",
      materials: [
        { name: exact("Airdramon"), type: null, level: null },
        { name: null, type: "Metal", level: "C" },
      ],
      anyOf: false,
    },
  },
  "evo.dnaany": {
    why: "Evolution Phase 5.2.2: commas = any of those names",
    evo: {
      kind: "dna",
      materials: [
        { name: exact("Agumon"), type: null, level: null },
        { name: exact("Gabumon"), type: null, level: null },
        { name: exact("Patamon"), type: null, level: null },
      ],
      anyOf: true,
    },
  },
  "evo.negative": {
    why: 'FAQ "Negative Effects in Evo-boxes": "\u2018Discard 1\u2019 is a compactified phrasing of \u2018opponent discards 1\u2019" (the opponent chooses which)',
    evo: { kind: "bonus", actions: [{ kind: "discard", player: "opponent", count: c(1), zone: "hand", ownerChooses: false }], permanent: false, from: [{ name: exact("Agumon"), level: null }] },
  },
  "evo.permanent": {
    why: 'FAQ "Permanents in Evolution Boxes"; End Phase 3.4 ("Power +40" permanent bonus) from Agumon',
    evo: { kind: "bonus", actions: [boost("own", c(40))], permanent: true, from: [{ name: exact("Agumon"), level: null }] },
  },
  "evo.from": {
    why: "Evolution Phase 5.1.2.4: the future names the previous Digimon",
    evo: { kind: "from", names: [{ name: exact("Agumon"), level: null }] },
  },
  // DMB vocabulary (003_7a740b8ec9103d40.txt), compiled in a `ruleset dmb` set
  "dmb.alsotype": {
    why: '003 Glossary "Also [Type]": "This card is permanently considered this type … It cannot be voided, like all parenthetical effects" — a parenthesised (permanent) sentence',
    effects: [eff(seq({ kind: "alsoType", type: "Jungle" }), { permanent: true, text: "Also Jungle." })],
  },
  "dmb.evodp": {
    why: '003 evolution requirement 1 ("DP bonuses (+) are acquired *after* evolution") and End Phase 3.4 ("DP +10" a continuous evo-box bonus): a bonus that gains its owner 10 DP, when evolving from Agumon — not a discount',
    evo: { kind: "bonus", actions: [{ kind: "changeDp", player: "own", amount: 10 }], permanent: false, from: [{ name: exact("Agumon"), level: null }] },
  },
  "dmb.putany": {
    why: '003 FAQ "Putting unknown cards from a hidden zone into a visible zone": "putting any Digimon from own deck into DP" — a Digimon of the player\'s choice from the whole deck',
    effects: [eff(seq({ kind: "putIntoDp", player: "own", what: { anyFromDeck: filter({ kinds: ["Digimon"] }) } }))],
  },
};

/**
 * Constructs whose compiled IR disagrees with the rules-based expectation and where the
 * compiler is wrong (each listed in the report). Empty unless a case is certain.
 */
const KNOWN_WRONG = new Set<string>([]);

function run(con: Construct): void {
  const g = GOLDEN[con.id];
  if (!g) throw new Error(`construct ${con.id} ("${con.example}") has no golden expectation in tests/golden.test.ts`);
  if (con.entry === "text") {
    const r = compileCard(con.example, {}, con.ruleset);
    expect(r.errors, `errors for "${con.example}"`).toEqual([]);
    expect(r.card.ok).toBe(true);
    if (g.effects) {
      expect(r.effects).toHaveLength(g.effects.length);
      expect(r.effects).toMatchObject(g.effects);
    }
    g.check?.(r.effects);
  } else if (con.entry === "evo") {
    const r = compileEvo(con.example, {}, con.ruleset);
    expect(r.errors, `errors for "${con.example}"`).toEqual([]);
    expect(r.card.stats.evo).toHaveLength(1);
    if (g.evo) expect(r.evo).toMatchObject(g.evo);
    g.check?.(r.evo);
  } else {
    const r = compileAbility(con.example, {}, con.ruleset);
    expect(r.errors, `errors for "${con.example}"`).toEqual([]);
    if (g.ability) expect(r.ability).toMatchObject(g.ability);
    g.check?.(r.ability);
  }
}

describe("golden IR per construct", () => {
  for (const con of CONSTRUCTS) {
    const name = `${con.id}: ${con.example}`;
    if (KNOWN_WRONG.has(con.id)) it.fails(name, () => run(con));
    else it(name, () => run(con));
  }

  it("has an expectation for every construct and none for constructs that are gone", () => {
    const ids = new Set(CONSTRUCTS.map((x) => x.id));
    expect(CONSTRUCTS.filter((x) => !GOLDEN[x.id]).map((x) => x.id)).toEqual([]);
    expect(Object.keys(GOLDEN).filter((k) => !ids.has(k))).toEqual([]);
  });

  it("every expectation cites the rules", () => {
    for (const [id, g] of Object.entries(GOLDEN)) expect(g.why.length, id).toBeGreaterThan(0);
  });
});

describe("level words: letters or full names (Glossary \"Level\")", () => {
  it("reads Rookie, Champion, Mega as R, C, M in conditions, filters and Downgrade", () => {
    const r = compileCard("If own Level is Rookie, Draw 1. Take 1 Champion Digimon from deck. Downgrade a Level Mega Digimon to Level R.");
    expect(r.errors).toEqual([]);
    expect(r.effects).toMatchObject([
      { body: { kind: "if", cond: { kind: "levelIs", levels: ["R"] } } },
      { body: { actions: [{ kind: "take", filter: { levels: ["C"] } }] } },
      { body: { actions: [{ kind: "downgrade", from: "M", to: "R" }] } },
    ]);
  });
  it("an unknown level word is still an error", () => {
    const r = compileCard("If own Level is Mighty, Draw 1.");
    expect(r.errors.map((d) => d.code)).toContain("unknown-level");
  });
});
