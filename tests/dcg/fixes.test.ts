/**
 * The DCG importer's defect table (compiler/import/dcg-fixes.ts): every entry is documented
 * (what it fixes, why), has an example here of the dump's defect and the fixed value, fixes only
 * the cards it names, never changes correct text, and is idempotent; an entry that names a card
 * but changes nothing on it is reported stale.
 */
import { describe, expect, it } from "vitest";
import { applyDcgFixes, DCG_FIXES, DCG_FIXES_BY_ID, htmlUnescape, type DcgDumpCard } from "../../compiler/import/dcg-fixes.ts";

/** A correct Digimon of the dump: no entry changes it. */
function card(over: Partial<DcgDumpCard> = {}): DcgDumpCard {
  return {
    id: "BT1-010",
    name: "Agumon",
    set: "BT1",
    card_type: "Digimon",
    colors: ["Red"],
    level: 3,
    form: "Rookie",
    attribute: "Vaccine",
    traits: ["Reptile"],
    play_cost: 3,
    digivolve: [{ color: null, level: 2, cost: 0 }],
    dp: 2000,
    rarity: "Common",
    effect: "[On Play] Delete 1 of your opponent's Digimon with 3000 DP or less.",
    inherited_effect: "",
    security_effect: "",
    ...over,
  };
}

const OPTION: Partial<DcgDumpCard> = { card_type: "Option", level: null, form: null, attribute: null, traits: [], digivolve: [], dp: null };
const TAMER: Partial<DcgDumpCard> = { ...OPTION, card_type: "Tamer" };
const EGG: Partial<DcgDumpCard> = { card_type: "Digi-Egg", level: 2, form: "In-Training", attribute: null, play_cost: null, digivolve: [], dp: null, effect: "" };

/**
 * One example per entry: a card with the dump's defect, and the fields it has once fixed. A
 * new entry of the table needs one here.
 */
const EXAMPLES: Record<string, { before: Partial<DcgDumpCard>; after: Partial<DcgDumpCard> }> = {
  "html-escapes": { before: { name: "Ai &amp; Mako", effect: "Gains &lt;Blocker&gt; while &#91;Greymon] is in play." }, after: { name: "Ai & Mako", effect: "Gains <Blocker> while [Greymon] is in play." } },
  "card-name-rename": { before: { effect: "1 Digimon with [Greymon] in its card_name. Other card_names." }, after: { effect: "1 Digimon with [Greymon] in its name. Other names." } },
  "curly-apostrophe": { before: { effect: "Delete 1 of your opponent’s Digimon." }, after: { effect: "Delete 1 of your opponent's Digimon." } },
  "curly-quotes": { before: { effect: "It gains “[Main] Gain 1 memory.“ for the turn." }, after: { effect: 'It gains "[Main] Gain 1 memory." for the turn.' } },
  "stray-security-label": { before: { ...TAMER, id: "BT10-087", effect: "Security Effect [Security] Play this card without paying its memory cost." }, after: { security_effect: "[Security] Play this card without paying its memory cost.", effect: "" } },
  "garbled-fragment": {
    before: { id: "BT5-031", effect: "If so, return 1 of your opponent's Digimon with an , return 1 of your opponent's Digimon with an [On Deletion] effect to the bottom of its owner's deck." },
    after: { effect: "If so, return 1 of your opponent's Digimon with an [On Deletion] effect to the bottom of its owner's deck." },
  },
  "doubled-less": { before: { id: "EX2-067", effect: "[Main] Delete 1 of your opponent's Digimon with 3000 DP or less. less. Then gain 1 memory." }, after: { effect: "[Main] Delete 1 of your opponent's Digimon with 3000 DP or less. Then gain 1 memory." } },
  "doubled-has": { before: { id: "BT1-076", inherited_effect: "[When Attacking] If your opponent has has 2 or more suspended Digimon, gain 1 memory." }, after: { inherited_effect: "[When Attacking] If your opponent has 2 or more suspended Digimon, gain 1 memory." } },
  "doubled-may": { before: { id: "BT9-098", effect: "[Main] You may may digivolve 1 of your Digimon." }, after: { effect: "[Main] You may digivolve 1 of your Digimon." } },
  "doubled-in-its-name": { before: { id: "BT2-086", effect: "Add 1 Digimon Card with [Vee] in its name in its name among them to your hand." }, after: { effect: "Add 1 Digimon Card with [Vee] in its name among them to your hand." } },
  "missing-stop-before-keyword": {
    before: { id: "BT6-050", effect: "You may digivolve this card as if the Tamer is a level 3 green Digimon <Piercing> (Reminder)." },
    after: { effect: "You may digivolve this card as if the Tamer is a level 3 green Digimon. <Piercing> (Reminder)." },
  },
  "glued-digivolvedthis": { before: { id: "BT1-007", inherited_effect: "[When Attacking] If you've digivolvedthis turn, this Digimon gets +1000 DP." }, after: { inherited_effect: "[When Attacking] If you've digivolved this turn, this Digimon gets +1000 DP." } },
  "its-not-it-is": { before: { id: "P-021", effect: "Return 1 of your cards to it's owner's hand." }, after: { effect: "Return 1 of your cards to its owner's hand." } },
  "his-this": { before: { id: "EX1-042", effect: "[Your Turn] his Digimon gets +1000 DP." }, after: { effect: "[Your Turn] This Digimon gets +1000 DP." } },
  "you-hand": { before: { id: "BT9-034", effect: "You may add it to you hand." }, after: { effect: "You may add it to your hand." } },
  "your-have-of-fewer": { before: { id: "BT9-080", effect: "If your have 1 of fewer security cards, gain 1 memory." }, after: { effect: "If you have 1 or fewer security cards, gain 1 memory." } },
  "among-to": { before: { id: "BT9-092", effect: "Add 1 card among to your hand." }, after: { effect: "Add 1 card among them to your hand." } },
  "owners-deck": { before: { id: "EX1-021", effect: "Return it to the bottom of its owners deck." }, after: { effect: "Return it to the bottom of its owner's deck." } },
  "traits-twice": { before: { id: "EX1-040", effect: "1 card with [Insectoid] in its traits in its traits in your hand." }, after: { effect: "1 card with [Insectoid] in its traits in your hand." } },
  "opponents-level": { before: { id: "BT7-108", effect: "Delete 1 of your opponents Level 5 or lower Digimon." }, after: { effect: "Delete 1 of your opponent's level 5 or lower Digimon." } },
  "cost-of": { before: { id: "BT9-062", inherited_effect: "Delete 1 of your opponent's Digimon with a play cost 5 or less." }, after: { inherited_effect: "Delete 1 of your opponent's Digimon with a play cost of 5 or less." } },
  "add-to-hand": { before: { ...OPTION, id: "BT1-108", security_effect: "Then add this card its owner's hand." }, after: { security_effect: "Then add this card to its owner's hand." } },
  "trash-the-top": { before: { id: "ST10-13", effect: "[When Digivolving] Trash top 3 cards of your deck." }, after: { effect: "[When Digivolving] Trash the top 3 cards of your deck." } },
  "glued-traitsfrom": { before: { id: "BT9-104", effect: "Place 1 card with [X Antibody] in its traitsfrom your trash under it." }, after: { effect: "Place 1 card with [X Antibody] in its traits from your trash under it." } },
  "misspelt-2-colur": { before: { id: "BT9-090", effect: "Add 1 2-colur black card among them to your hand." }, after: { effect: "Add 1 2-color black card among them to your hand." } },
  "misspelt-colurs": { before: { id: "BT9-076", inherited_effect: "[On Deletion] If this Digimon has 2 or more colurs, gain 2 memory." }, after: { inherited_effect: "[On Deletion] If this Digimon has 2 or more colors, gain 2 memory." } },
  "misspelt-this-cards": { before: { ...OPTION, id: "BT5-096", effect: "", security_effect: "[Security] Activate this cards [Main] effect." }, after: { security_effect: "[Security] Activate this card's [Main] effect." } },
  "misspelt-opponents": { before: { id: "ST9-14", effect: "[Main] Suspend 1 of your opponents Digimon." }, after: { effect: "[Main] Suspend 1 of your opponent's Digimon." } },
  "misordered-until": { before: { id: "BT10-034", effect: "It gets -3000 DP until of the end your opponent's next turn." }, after: { effect: "It gets -3000 DP until the end of your opponent's next turn." } },
  "misspelt-by-trash": { before: { id: "BT9-077", effect: "[When Attacking] By trash 1 card in your hand, gain 1 memory." }, after: { effect: "[When Attacking] By trashing 1 card in your hand, gain 1 memory." } },
  "missing-is": { before: { id: "BT9-017", effect: "If [Gallantmon] or [X Antibody] in this Digimon's digivolution cards, gain 1 memory." }, after: { effect: "If [Gallantmon] or [X Antibody] is in this Digimon's digivolution cards, gain 1 memory." } },
  "missing-to": { before: { id: "BT9-103", effect: "Cards can't be added security stacks by your opponent's effects." }, after: { effect: "Cards can't be added to security stacks by your opponent's effects." } },
  "trigger-comma": { before: { id: "EX1-032", effect: "[When Attacking] trigger, <Recovery +1 (Deck)> (Reminder)." }, after: { effect: "[When Attacking] trigger <Recovery +1 (Deck)> (Reminder)." } },
  "space-before-punctuation": { before: { effect: "Delete 1 Digimon with <Blocker> . It gets <Blitz> , and more." }, after: { effect: "Delete 1 Digimon with <Blocker>. It gets <Blitz>, and more." } },
  "glued-unit": { before: { effect: "Delete this Digimon.[DigiXros -2] [A] x [B] R. (X).<Blocker> (R)." }, after: { effect: "Delete this Digimon. [DigiXros -2] [A] x [B] R. (X). <Blocker> (R)." } },
  "blank-in-name": { before: { effect: "Other than [ LoaderLiomon ] and [Greymon]." }, after: { effect: "Other than [LoaderLiomon] and [Greymon]." } },
  "once-per-turn": { before: { effect: "[Your Turn] (Once Per Turn) Gain 1 memory. [End of Attack] (Twice Per Turn) Gain 1 memory." }, after: { effect: "[Your Turn] [Once Per Turn] Gain 1 memory. [End of Attack] [Twice Per Turn] Gain 1 memory." } },
  "final-stop": { before: { effect: "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less", inherited_effect: "[Your Turn] It gets +1000 DP for each Tamer," }, after: { effect: "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.", inherited_effect: "[Your Turn] It gets +1000 DP for each Tamer." } },
  "missing-card-type": { before: { id: "ST12-10", card_type: null }, after: { card_type: "Digimon" } },
  "mother-d-reaper": { before: { ...EGG, id: "EX2-007", level: null, form: null, dp: 15000 }, after: { card_type: "Digimon", level: "-" } },
  "d-reaper-no-level": { before: { id: "EX2-046", level: null, form: null, digivolve: [] }, after: { level: "-" } },
  "jesmon-dp": { before: { id: "ST12-10", level: 6, form: "Mega", digivolve: [{ color: null, level: 5, cost: 4 }], dp: 1200 }, after: { dp: 12000 } },
  sakuttomon: { before: { ...EGG, id: "ST13-01", level: null, form: "Ultimate" }, after: { level: 2, form: "In-Training" } },
  "egg-baby-form": { before: { ...EGG, form: "Baby" }, after: { form: "In-Training" } },
  "form-on-tamer": { before: { ...TAMER, form: "Ultimate" }, after: { form: null } },
  "egg-play-cost": { before: { ...EGG, play_cost: 0 }, after: { play_cost: null } },
  "digivolve-not-digimon": { before: { ...OPTION, digivolve: [{ color: null, level: null, cost: 2 }] }, after: { digivolve: [] } },
  "attribute-typo": { before: { id: "BT5-041", attribute: "s  Data" }, after: { attribute: "Data" } },
  "trait-typos": { before: { id: "BT9-109", traits: ["X-Antibody"] }, after: { traits: ["X Antibody"] } },
  "placeholder-rarity": { before: { rarity: "Unknown" }, after: { rarity: null } },
  "digivolve-level": { before: { level: 5, digivolve: [{ color: null, level: null, cost: 3 }] }, after: { digivolve: [{ color: null, level: 4, cost: 3 }] } },
  "copied-inherited": { before: { effect: "[On Play] Gain 1 memory.", inherited_effect: "[On Play] Gain 1 memory." }, after: { inherited_effect: "" } },
  "foreign-inherited": { before: { id: "BT7-083", inherited_effect: "Return 1 card other than [Sistermon Noir (Awakened)] to your hand." }, after: { inherited_effect: "" } },
  "security-in-effect-box": { before: { ...TAMER, id: "BT10-087", effect: "[Security] Play this card without paying its memory cost." }, after: { effect: "", security_effect: "[Security] Play this card without paying its memory cost." } },
};

describe("the defect table", () => {
  it("every entry has a unique id, says what it fixes and why, and names its cards or applies to all", () => {
    expect(new Set(DCG_FIXES.map((f) => f.id)).size).toBe(DCG_FIXES.length);
    for (const f of DCG_FIXES) {
      expect(f.id, f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.fixes.length, f.id).toBeGreaterThan(20);
      expect(f.why.length, f.id).toBeGreaterThan(20);
      // Each defect is traced: the data README, the corpus gate, or the dump itself (quoted, or said to be seen there).
      expect(f.fixes, f.id).toMatch(/README|corpus gate|seen in the dump|"/);
      if (f.cards !== "all") expect(f.cards.length, f.id).toBeGreaterThan(0);
    }
    expect(DCG_FIXES_BY_ID.get("jesmon-dp")?.cards).toEqual(["ST12-10"]);
  });

  it("every entry has an example here, and no example is of a removed entry", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(DCG_FIXES.map((f) => f.id).sort());
  });

  it.each(DCG_FIXES.map((f) => [f.id] as const))("%s: fixes its example, changes nothing else, and is idempotent", (id) => {
    const { before, after } = EXAMPLES[id]!;
    const input = card(before);
    const frozen = structuredClone(input);
    const r = applyDcgFixes(input);
    expect(input, "the input card is not changed").toEqual(frozen);
    expect(r.applied, "the entry applies").toContain(id);
    expect(r.card).toEqual({ ...input, ...after });
    const again = applyDcgFixes(r.card);
    expect(again.card, "a second pass changes nothing").toEqual(r.card);
    expect(again.applied).toEqual([]);
  });

  it("no entry changes a correct card of any kind", () => {
    for (const c of [card(), card({ ...OPTION, effect: "[Main] Gain 2 memory.", security_effect: "[Security] Activate this card's [Main] effect." }), card({ ...TAMER, effect: "[Your Turn] [Once Per Turn] Gain 1 memory." }), card(EGG)]) {
      expect(applyDcgFixes(c)).toEqual({ card: c, applied: [], stale: [] });
    }
  });

  it("an entry that names cards fixes those cards only; on a named card it cannot fix, it is stale", () => {
    const other = card({ id: "BT1-011", effect: "[Main] Delete it with 3000 DP or less. less." });
    expect(applyDcgFixes(other).card.effect).toBe(other.effect);
    const named = applyDcgFixes(card({ id: "EX2-067" }));
    expect(named.stale).toEqual(["doubled-less"]);
  });

  it("htmlUnescape undoes each escape once (&amp;lt; stays &lt;)", () => {
    expect(htmlUnescape("&lt;Blocker&gt; &#91;A&#93; &quot;q&quot; it&#39;s &amp;lt;")).toBe("<Blocker> [A] \"q\" it's &lt;");
  });

  it("a table given to the importer replaces the default one", () => {
    const only = [DCG_FIXES_BY_ID.get("once-per-turn")!];
    const r = applyDcgFixes(card({ effect: "[Your Turn] (Once Per Turn) Gain 1 memory", rarity: "Unknown" }), only);
    expect(r.card.effect).toBe("[Your Turn] [Once Per Turn] Gain 1 memory");
    expect(r.card.rarity).toBe("Unknown");
  });
});
