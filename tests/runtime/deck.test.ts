/**
 * Deck lists: the `.deck` reader (cards/dbe/decks/README.md) and the deck-construction
 * checkers for DBE (000_012504f4614e5b24.txt, "Deck Construction") and DMB
 * (003_7a740b8ec9103d40.txt, "Deck Construction").
 *
 * Card stats come from the compiler (the bundled sets starter.dgs and rules-cards.dgs),
 * plus a few test-only cards built with `unprintedStats` where the bundled sets have no card
 * for a rule. Each illegal deck starts from a bundled legal deck and breaks one rule.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSources } from "../../compiler/check/set.ts";
import { unprintedStats, type CardStats } from "../../runtime/card.ts";
import type { EvoEntry } from "../../runtime/ir.ts";
import {
  checkDbeDeck,
  DECK_CARDS_RULE,
  DECK_FORMAT_RULE,
  readDeckList,
  type CardLookup,
  type DeckEntry,
  type DeckError,
  type DeckList,
} from "../../runtime/rulesets/dbe/deck.ts";
import { checkDmbDeck } from "../../runtime/rulesets/dmb/deck.ts";
import { ROOT } from "../helpers.ts";

const DBE = "000_012504f4614e5b24.txt, Deck Construction";
const DBE_DATA = "000_012504f4614e5b24.txt, Deck Construction, DATA card Legality";
const DBE_PARTNER = "000_012504f4614e5b24.txt, Deck Construction; Pre-Game Setup step 2";
const DBE_PROXY = '000_012504f4614e5b24.txt, Deck Construction; Glossary "Proxy"';
const DMB = "003_7a740b8ec9103d40.txt, Deck Construction";
const DMB_PROXY = '003_7a740b8ec9103d40.txt, Deck Construction; Glossary "Partner Option"';

/** Every side of every bundled card, by set number (a flip card has two). */
const sides = new Map<string, CardStats[]>();
/** Test-only cards. */
const extra = new Map<string, CardStats>();

/** The lookup the tests use: the initial side of a flip card, else the first side; then test cards. */
const cards: CardLookup = (n) => {
  const s = sides.get(n);
  if (s) return s.find((c) => c.flip?.initial) ?? s[0];
  return extra.get(n);
};

function fromName(name: string): EvoEntry {
  return { kind: "from", names: [{ name: { kind: "exact", name }, level: null }] };
}

function testCard(setNumber: string, name: string, kind: CardStats["kind"], fields: Partial<CardStats>): CardStats {
  const c = { ...unprintedStats(setNumber, name, kind), ...fields };
  extra.set(setNumber, c);
  return c;
}

beforeAll(() => {
  const files = ["cards/dbe/starter.dgs", "cards/dbe/rules-cards.dgs"].map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }));
  const sets = checkSources(files);
  for (const set of sets) {
    expect(set.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const c of set.cards) {
      const list = sides.get(c.stats.setNumber) ?? [];
      list.push(c.stats);
      sides.set(c.stats.setNumber, list);
    }
  }
  // A third Level C that names Agumon (for the "up to 2 partner C's" limit).
  testCard("T-001", "Agumon X", "Digimon", { level: "C", type: "Dragon", evo: [fromName("Agumon")] });
  // An Ace that is also a Proxy: it may sit in the Destiny Zone, where it still counts as the deck's Ace.
  testCard("T-002", "Ace Tag", "Option", { markings: ["Ace", "Proxy"] });
  // A Firewall Digimon: 4 copies break only the Firewall copy limit, not the Digimon one.
  testCard("T-003", "Wallmon", "Digimon", { markings: ["Firewall"], level: "R", type: "Metal" });
  // Two more legal DATA cards for the Dragon Rush Destiny Zone (Greymon; Agumon is in Greymon's evo-box).
  testCard("T-004", "Greymon DATA", "Option", { markings: ["DATA"] });
  testCard("T-005", "Agumon DATA", "Option", { markings: ["DATA"] });
  // A Level C named Agumon with the partner marker (a partner of the wrong level).
  testCard("T-006", "Agumon", "Digimon", { level: "C", type: "Dragon", partner: true });
  // A Level R named Agumon without the partner marker.
  testCard("T-007", "Agumon", "Digimon", { level: "R", type: "Dragon", partner: false });
  // A Proxy Evolution (a DMB Partner Option must be an Option or DATA card).
  testCard("T-008", "Tag Evolution", "Evolution", { markings: ["Proxy"] });
  // A DATA Evolution with the Proxy marking (allowed as DMB Partner Option).
  testCard("T-009", "Agumon DATA", "Evolution", { markings: ["DATA", "Proxy"] });
  // A Level C whose evo-box names Agumon only as a partial name.
  testCard("T-010", "Agumon Partial", "Digimon", {
    level: "C",
    type: "Dragon",
    evo: [{ kind: "from", names: [{ name: { kind: "prefix", part: "Agu" }, level: null }] }],
  });
});

// ─── Helpers ───────────────────────────────────────────────────────────────

function readBundled(name: string): DeckList {
  const file = `cards/dbe/decks/${name}`;
  const r = readDeckList(file, readFileSync(join(ROOT, file), "utf8"));
  expect(r.errors).toEqual([]);
  expect(r.deck).not.toBeNull();
  return r.deck!;
}

const dragonRush = (): DeckList => readBundled("dragon-rush.deck");
const natureWall = (): DeckList => readBundled("nature-wall.deck");

let nextLine = 1000;

/** Set the count of a card in a section: 0 removes it, a missing card is appended. */
function setCount(list: DeckEntry[], setNumber: string, count: number): void {
  const i = list.findIndex((e) => e.setNumber === setNumber);
  if (count === 0) {
    if (i >= 0) list.splice(i, 1);
  } else if (i >= 0) list[i]!.count = count;
  else list.push({ count, setNumber, line: nextLine++ });
}

function lineOf(list: DeckEntry[], setNumber: string): number {
  const e = list.find((x) => x.setNumber === setNumber);
  expect(e).toBeDefined();
  return e!.line;
}

function total(deck: DeckList): number {
  return [...deck.main, ...deck.destiny].reduce((n, e) => n + e.count, 0);
}

/** The only error, after asserting there is exactly one. */
function only(errors: DeckError[]): DeckError {
  expect(errors).toHaveLength(1);
  return errors[0]!;
}

// ─── The bundled decks ─────────────────────────────────────────────────────

describe("bundled decks", () => {
  it("Dragon Rush reads as written and is legal", () => {
    const d = dragonRush();
    expect(d.name).toBe("Dragon Rush");
    expect(d.ruleset).toBe("dbe");
    expect(d.partner).toBe("DS1-001");
    expect(d.partnerLine).toBe(7);
    expect(d.main[0]).toEqual({ count: 4, setNumber: "DS1-001", line: 10 });
    expect(d.main.reduce((n, e) => n + e.count, 0)).toBe(45);
    expect(d.destiny.map((e) => e.setNumber)).toEqual(["DS1-007", "DS1-008", "DS1-015", "DS1-038", "DS1-039"]);
    expect(d.destiny[0]!.line).toBe(37);
    expect(checkDbeDeck(d, cards)).toEqual([]);
  });

  it("Nature Wall is legal (cards from two sets, a flip card, two Firewalls + Immortalize)", () => {
    const d = natureWall();
    expect(d.partner).toBe("DS1-016");
    expect(total(d)).toBe(50);
    expect(checkDbeDeck(d, cards)).toEqual([]);
  });

  it("the flip card is legal whichever side the lookup returns", () => {
    const moonFirst: CardLookup = (n) => (n === "DS1-043" ? sides.get(n)!.find((s) => s.flip?.side === "Moon") : cards(n));
    expect(checkDbeDeck(natureWall(), moonFirst)).toEqual([]);
  });
});

// ─── DBE: one rule broken at a time ────────────────────────────────────────

describe("DBE deck construction", () => {
  it("size: Main Deck + Destiny Zone must be exactly 50", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: null, line: null });
    expect(e.message).toMatch(/exactly 50/);
    expect(e.message).toContain("44 in the Main Deck + 5 in the Destiny Zone = 49");
  });

  it("size: Destiny Zone cards count towards the 50", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-039", 0); // drop the Mastery card: 45 + 4
    expect(only(checkDbeDeck(d, cards)).message).toContain("= 49");
  });

  it("main deck: at most 4 copies of a Digimon", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-003", 4);
    setCount(d.main, "DS1-005", 1); // 4 copies is the limit: still legal
    expect(checkDbeDeck(d, cards)).toEqual([]);
    setCount(d.main, "DS1-001", 5);
    setCount(d.main, "DS1-002", 3);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-001 Agumon", line: 10 });
    expect(e.message).toMatch(/5 copies .* up to 4 copies of any Digimon/);
  });

  it("main deck: at most 3 copies of an Option", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-033", 4);
    setCount(d.main, "DS1-032", 1);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-033 Burst Drive", line: lineOf(d.main, "DS1-033") });
    expect(e.message).toMatch(/up to 3 copies of any Option/);
  });

  it("main deck: at most 2 copies of an Evolution", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-054", 3);
    setCount(d.main, "DS1-032", 1);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-054 Warp Evolution" });
    expect(e.message).toMatch(/up to 2 copies of any Evolution/);
  });

  it("flip cards count by their shared set number", () => {
    const d = natureWall();
    setCount(d.main, "DS1-043", 4);
    setCount(d.main, "DS1-040", 0);
    const e = only(checkDbeDeck(d, cards));
    expect(e.card).toBe("DS1-043 Sun Charm");
    expect(e.rule).toBe(`${DBE}; 000_012504f4614e5b24.txt, Deck Construction, Flip Cards`);
    expect(e.message).toMatch(/4 copies .* up to 3 .*flip card/);
  });

  it("main deck: no Level M", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-015", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-015 WarGreymon", line: lineOf(d.main, "DS1-015") });
    expect(e.message).toMatch(/Level M/);
  });

  it("destiny zone: at most 1 Mega", () => {
    const d = dragonRush();
    setCount(d.destiny, "DBE-R16", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DBE-R16 Mugendramon", line: lineOf(d.destiny, "DBE-R16") });
    expect(e.message).toMatch(/at most 1 Mega/);
  });

  it("destiny zone: the 2 partner C's must be different", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-007", 2);
    setCount(d.destiny, "DS1-008", 0);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-007 Greymon", line: 37 });
    expect(e.message).toMatch(/different/);
  });

  it("destiny zone: at most 2 partner C's", () => {
    const d = dragonRush();
    setCount(d.destiny, "T-001", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "T-001 Agumon X" });
    expect(e.message).toMatch(/at most 2 different Partner C's/);
  });

  it("destiny zone: a partner C must name the partner in its evo-box", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-008", 0);
    setCount(d.destiny, "DS1-009", 1); // Growlmon names Guilmon
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-009 Growlmon", line: lineOf(d.destiny, "DS1-009") });
    expect(e.message).toMatch(/does not name the partner Agumon/);
  });

  it("destiny zone: a partial name in the evo-box does not name the partner", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-008", 0);
    setCount(d.destiny, "T-010", 1);
    expect(only(checkDbeDeck(d, cards))).toMatchObject({ rule: DBE, card: "T-010 Agumon Partial" });
  });

  it("destiny zone: partner C's need a declared partner", () => {
    const d = dragonRush();
    d.partner = null;
    d.partnerLine = null;
    const errors = checkDbeDeck(d, cards);
    expect(errors.map((e) => e.card)).toEqual(["DS1-007 Greymon", "DS1-008 GeoGreymon"]);
    for (const e of errors) {
      expect(e.rule).toBe(DBE_PARTNER);
      expect(e.message).toMatch(/declares no partner/);
    }
  });

  it("destiny zone: at most 1 Proxy card", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-044", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_PROXY, card: "DS1-044 Sincerity Tag" });
    expect(e.message).toMatch(/2 Proxy cards .* at most 1/);
  });

  it("destiny zone: an Option without the Proxy marking cannot be there", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "DS1-035", 1); // Iron Scale: a plain Option
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-035 Iron Scale", line: lineOf(d.destiny, "DS1-035") });
    expect(e.message).toMatch(/without the Proxy \("P"\) or Mastery marking and cannot be in the Destiny Zone/);
  });

  it("destiny zone: a Level R or U Digimon cannot be there", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "DS1-012", 1); // MetalGreymon, Level U
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-012 MetalGreymon" });
    expect(e.message).toMatch(/Level U Digimon and cannot be in the Destiny Zone/);
  });

  it("destiny zone: an Evolution cannot be there", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "DS1-053", 1);
    expect(only(checkDbeDeck(d, cards))).toMatchObject({ rule: DBE, card: "DS1-053 Dragon Spirit" });
  });

  it("destiny zone: at most 1 Mastery card", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-045", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-045 Nature Mastery" });
    expect(e.message).toMatch(/2 Mastery cards .* at most 1/);
  });

  it("ace: at most 1 copy", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-036", 2);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-036 Dragon Soul", line: lineOf(d.main, "DS1-036") });
    expect(e.message).toMatch(/2 copies of Ace/);
  });

  it("ace: only 1 Ace per deck", () => {
    const d = dragonRush();
    setCount(d.main, "DBE-R18", 1);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DBE-R18 Gold Banana" });
    expect(e.message).toMatch(/second Ace.*DS1-036 Dragon Soul/);
  });

  it("ace: an Ace in the Destiny Zone still counts per deck", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "T-002", 1);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "T-002 Ace Tag", line: lineOf(d.destiny, "T-002") });
    expect(e.message).toMatch(/second Ace/);
  });

  it("firewall: at most 3 copies of one Firewall", () => {
    const d = dragonRush();
    setCount(d.main, "T-003", 4);
    setCount(d.main, "DS1-032", 0);
    setCount(d.main, "DS1-033", 1);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "T-003 Wallmon" });
    expect(e.message).toMatch(/4 copies of Firewall/);
  });

  it("firewall: only 3 Firewalls total per deck", () => {
    const d = natureWall();
    setCount(d.main, "DS1-041", 3); // + BIT-052 Immortalize = 4
    setCount(d.main, "DS1-040", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "BIT-052 Immortalize", line: lineOf(d.main, "BIT-052") });
    expect(e.message).toMatch(/4 Firewalls; only 3 Firewalls total/);
  });

  it("DATA: at most 1 copy", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-037", 2);
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "DS1-037 WarGreymon DATA" });
    expect(e.message).toMatch(/2 copies of DATA/);
  });

  it("DATA: no more than 2 different DATA cards", () => {
    const d = dragonRush();
    setCount(d.main, "T-004", 1);
    expect(checkDbeDeck(d, cards).map((e) => e.message)).toEqual([expect.stringMatching(/exactly 50/)]);
    setCount(d.main, "T-005", 1);
    setCount(d.main, "DS1-032", 1);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE, card: "T-005 Agumon DATA" });
    expect(e.message).toMatch(/no more than 2 different DATA/);
  });

  it("DATA legality: the name must match a name in the Destiny Zone", () => {
    const d = dragonRush();
    setCount(d.main, "DBE-R26", 1); // Mugendramon DATA, no Mugendramon in the Destiny Zone
    setCount(d.main, "DS1-032", 2);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_DATA, card: "DBE-R26 Mugendramon DATA", line: lineOf(d.main, "DBE-R26") });
  });

  it("DATA legality: a name in a Destiny Zone card's evo-box counts (Millenniummon names Mugendramon)", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-015", 0);
    setCount(d.destiny, "DBE-R17", 1);
    setCount(d.main, "DS1-037", 0);
    setCount(d.main, "DBE-R26", 1);
    expect(checkDbeDeck(d, cards)).toEqual([]);
  });

  it("DATA legality: a name inside another word does not match (Greymon is not WarGreymon)", () => {
    const d = dragonRush();
    setCount(d.destiny, "DS1-015", 0); // Greymon and GeoGreymon stay in the Destiny Zone
    setCount(d.main, "DS1-034", 3); // keep 50 cards
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_DATA, card: "DS1-037 WarGreymon DATA" });
  });

  it("partner: must be a Level R Digimon", () => {
    const d = dragonRush();
    setCount(d.main, "T-006", 1); // a Level C "Agumon" with the partner marker
    setCount(d.main, "DS1-032", 2);
    d.partner = "T-006";
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_PARTNER, card: "T-006 Agumon", line: 7 });
    expect(e.message).toMatch(/Level C Digimon; the partner must be a Level R Digimon/);
  });

  it("partner: must carry the partner marker", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-001", 0);
    setCount(d.main, "T-007", 4);
    d.partner = "T-007";
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_PARTNER, card: "T-007 Agumon", line: 7 });
    expect(e.message).toMatch(/no partner marker/);
  });

  it("partner: must be in the Main Deck", () => {
    const d = natureWall();
    setCount(d.main, "DS1-016", 0);
    setCount(d.main, "DS1-030", 4);
    const e = only(checkDbeDeck(d, cards));
    expect(e).toMatchObject({ rule: DBE_PARTNER, card: "DS1-016 Lalamon", line: d.partnerLine });
    expect(e.message).toMatch(/must be in the Main Deck/);
  });

  it("unknown set numbers are errors naming the line", () => {
    const d = dragonRush();
    const line = lineOf(d.main, "DS1-050");
    d.main.find((e) => e.setNumber === "DS1-050")!.setNumber = "XX-999";
    expect(only(checkDbeDeck(d, cards))).toMatchObject({ rule: DECK_CARDS_RULE, card: "XX-999", line });
    const p = dragonRush();
    p.partner = "XX-001";
    expect(only(checkDbeDeck(p, cards))).toMatchObject({ rule: DECK_CARDS_RULE, card: "XX-001", line: 7 });
  });

  it("reports every broken limit, not just the first", () => {
    const d = dragonRush();
    setCount(d.main, "DS1-001", 6); // Digimon copies, and 52 cards
    setCount(d.main, "DS1-036", 2); // Ace copies, and 53 cards
    const errors = checkDbeDeck(d, cards);
    expect(errors.map((e) => e.card).sort()).toEqual([null, "DS1-001 Agumon", "DS1-036 Dragon Soul"].sort());
  });
});

// ─── DMB ───────────────────────────────────────────────────────────────────

/** Dragon Rush cut to a legal DMB deck: a 40-card Main Deck, no Mastery. */
function dmbDragonRush(): DeckList {
  const d = dragonRush();
  d.ruleset = "dmb";
  setCount(d.main, "DS1-032", 1);
  setCount(d.main, "DS1-033", 0);
  setCount(d.main, "DS1-034", 1);
  setCount(d.destiny, "DS1-039", 0);
  return d;
}

describe("DMB deck construction", () => {
  it("Dragon Rush cut to 40 without Mastery is legal", () => {
    const d = dmbDragonRush();
    expect(d.main.reduce((n, e) => n + e.count, 0)).toBe(40);
    expect(checkDmbDeck(d, cards)).toEqual([]);
  });

  it("size: the Main Deck is exactly 40 (the Destiny Zone is not counted)", () => {
    const e = only(checkDmbDeck({ ...dragonRush(), destiny: dragonRush().destiny.filter((x) => x.setNumber !== "DS1-039") }, cards));
    expect(e).toMatchObject({ rule: DMB, card: null, line: null });
    expect(e.message).toMatch(/exactly 40 .* Main Deck has 45/);
  });

  it("no Mastery card in the Destiny Zone", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-039", 1);
    const e = only(checkDmbDeck(d, cards));
    expect(e).toMatchObject({ rule: DMB, card: "DS1-039 Dragon Mastery" });
    expect(e.message).toMatch(/no Mastery/);
  });

  it("two copies of one partner C are allowed (DBE requires different ones)", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-008", 0);
    setCount(d.destiny, "DS1-007", 2);
    expect(checkDmbDeck(d, cards)).toEqual([]);
  });

  it("at most 2 partner C's", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-007", 2);
    const e = only(checkDmbDeck(d, cards));
    expect(e).toMatchObject({ rule: DMB, card: "DS1-008 GeoGreymon" });
    expect(e.message).toMatch(/3 Partner C's .* at most 2/);
  });

  it("the Partner Option must be an Option or DATA card", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "T-008", 1);
    const e = only(checkDmbDeck(d, cards));
    expect(e).toMatchObject({ rule: DMB_PROXY, card: "T-008 Tag Evolution" });
    expect(e.message).toMatch(/Option or DATA/);
    // The same card is a legal Proxy in DBE.
    const b = dragonRush();
    setCount(b.destiny, "DS1-038", 0);
    setCount(b.destiny, "T-008", 1);
    expect(checkDbeDeck(b, cards)).toEqual([]);
  });

  it("a DATA card may be the Partner Option", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-038", 0);
    setCount(d.destiny, "T-009", 1);
    expect(checkDmbDeck(d, cards)).toEqual([]);
  });

  it("at most 1 Partner Option", () => {
    const d = dmbDragonRush();
    setCount(d.destiny, "DS1-044", 1);
    expect(only(checkDmbDeck(d, cards))).toMatchObject({ rule: DMB_PROXY, card: "DS1-044 Sincerity Tag" });
  });

  it("no limit on different DATA cards (DBE allows 2)", () => {
    const d = dmbDragonRush();
    setCount(d.main, "T-004", 1);
    setCount(d.main, "T-005", 1);
    setCount(d.main, "DS1-032", 0);
    setCount(d.main, "DS1-034", 0);
    expect(checkDmbDeck(d, cards)).toEqual([]);
  });

  it("shared limits cite the DMB rules: Option copies, Level M, DATA legality", () => {
    const d = dmbDragonRush();
    setCount(d.main, "DS1-035", 4);
    setCount(d.main, "DS1-034", 0);
    setCount(d.main, "DS1-032", 0);
    setCount(d.main, "DS1-050", 0);
    const e = only(checkDmbDeck(d, cards));
    expect(e).toMatchObject({ rule: DMB, card: "DS1-035 Iron Scale" });
    const m = dmbDragonRush();
    setCount(m.destiny, "DS1-015", 0);
    expect(only(checkDmbDeck(m, cards))).toMatchObject({ rule: "003_7a740b8ec9103d40.txt, Deck Construction, DATA card Legality", card: "DS1-037 WarGreymon DATA" });
  });
});

// ─── The reader ────────────────────────────────────────────────────────────

function syntaxErrors(text: string): { line: number | null; message: string }[] {
  const r = readDeckList("t.deck", text);
  expect(r.deck).toBeNull();
  for (const e of r.errors) expect(e.rule).toBe(DECK_FORMAT_RULE);
  return r.errors.map((e) => ({ line: e.line, message: e.message }));
}

describe("readDeckList", () => {
  it("reads directives, sections, comments and blank lines with their lines", () => {
    const r = readDeckList("t.deck", "# c\n\ndeck  My Deck  \nruleset dmb\npartner A-1\nmain:\n  4 A-1\n\n# x\ndestiny:\n1 B-2\n3 A-1\n");
    expect(r.errors).toEqual([]);
    expect(r.deck).toEqual({
      name: "My Deck",
      ruleset: "dmb",
      partner: "A-1",
      partnerLine: 5,
      main: [{ count: 4, setNumber: "A-1", line: 7 }],
      destiny: [
        { count: 1, setNumber: "B-2", line: 11 },
        { count: 3, setNumber: "A-1", line: 12 },
      ],
    });
  });

  it("defaults: ruleset dbe, no partner; CRLF line ends", () => {
    const r = readDeckList("t.deck", "deck X\r\nmain:\r\n2 A-1\r\n");
    expect(r.deck).toEqual({ name: "X", ruleset: "dbe", partner: null, partnerLine: null, main: [{ count: 2, setNumber: "A-1", line: 3 }], destiny: [] });
  });

  it("deck must come first", () => {
    expect(syntaxErrors("# c\nruleset dbe\ndeck X\n")).toEqual([{ line: 2, message: expect.stringMatching(/must come first/) }]);
  });

  it("a file without a deck line", () => {
    expect(syntaxErrors("")).toEqual([{ line: null, message: expect.stringMatching(/t\.deck has no "deck <name>" line/) }]);
  });

  it("deck needs a name and appears once", () => {
    expect(syntaxErrors("deck\n")).toEqual([{ line: 1, message: expect.stringMatching(/needs a name/) }]);
    expect(syntaxErrors("deck A\ndeck B\n")).toEqual([{ line: 2, message: expect.stringMatching(/repeated "deck"/) }]);
  });

  it("bad and repeated ruleset", () => {
    expect(syntaxErrors("deck A\nruleset dcg\n")).toEqual([{ line: 2, message: expect.stringMatching(/dbe or dmb, not "dcg"/) }]);
    expect(syntaxErrors("deck A\nruleset dbe\nruleset dmb\n")).toEqual([{ line: 3, message: expect.stringMatching(/repeated "ruleset"/) }]);
  });

  it("bad and repeated partner", () => {
    expect(syntaxErrors("deck A\npartner\n")).toEqual([{ line: 2, message: expect.stringMatching(/one set number/) }]);
    expect(syntaxErrors("deck A\npartner A-1 A-2\n")).toEqual([{ line: 2, message: expect.stringMatching(/one set number/) }]);
    expect(syntaxErrors("deck A\npartner A-1\npartner A-2\n")).toEqual([{ line: 3, message: expect.stringMatching(/on line 2/) }]);
  });

  it("a comment after an entry", () => {
    expect(syntaxErrors("deck A\nmain:\n4 A-1 # four\n")).toEqual([{ line: 3, message: expect.stringMatching(/comment must take a whole line/) }]);
  });

  it("counts must be at least 1", () => {
    expect(syntaxErrors("deck A\nmain:\n0 A-1\n-2 A-2\n")).toEqual([
      { line: 3, message: expect.stringMatching(/at least 1, not 0/) },
      { line: 4, message: expect.stringMatching(/at least 1, not -2/) },
    ]);
  });

  it("malformed entries", () => {
    expect(syntaxErrors("deck A\nmain:\n4\n4xA-1\n")).toEqual([
      { line: 3, message: expect.stringMatching(/<count> <set number>/) },
      { line: 4, message: expect.stringMatching(/<count> <set number>/) },
    ]);
  });

  it("entries outside a section", () => {
    expect(syntaxErrors("deck A\n4 A-1\nmain:\n4 A-2\n")).toEqual([{ line: 2, message: expect.stringMatching(/outside a section/) }]);
  });

  it("a set number appears once per section (but may be in both)", () => {
    expect(syntaxErrors("deck A\nmain:\n4 A-1\n\n2 A-1\ndestiny:\n1 A-1\n")).toEqual([{ line: 5, message: expect.stringMatching(/already listed in the Main Deck on line 3/) }]);
  });

  it("sections appear once", () => {
    expect(syntaxErrors("deck A\nmain:\ndestiny:\nmain:\n")).toEqual([{ line: 4, message: expect.stringMatching(/repeated "main:".*line 2/) }]);
  });

  it("unknown lines and headers without a colon", () => {
    expect(syntaxErrors("deck A\nsideboard:\nmain\n")).toEqual([
      { line: 2, message: expect.stringMatching(/unknown line/) },
      { line: 3, message: expect.stringMatching(/"main:" alone/) },
    ]);
  });

  it("every error is reported, each with its line", () => {
    const errs = syntaxErrors("ruleset x\ndeck A\nmain:\n4 A-1 #\n0 A-2\nfoo\n");
    expect(errs.map((e) => e.line)).toEqual([1, 1, 4, 5, 6]);
  });

  it("never throws on odd input", () => {
    expect(() => readDeckList("t.deck", "\u0000\n\t\n#\n deck \u00e9\n99999999999999999999 A\n")).not.toThrow();
    expect(readDeckList("t.deck", "deck A\nmain:\n99999999999999999999 A-1\n").errors[0]!.line).toBe(3);
  });
});
