/**
 * Loading a saved game into the duel bench, without the DOM: a save made by `new Game(…)` and
 * played by random agents loads back to the same digest and board, both seats "me", and Undo
 * steps back through it one decision at a time; every kind of bad file (a changed choice, a
 * wrong digest, an unknown card, the wrong ruleset, not JSON, too large) is refused with its
 * one-line `save: …` message and the bench's current game is left as it was.
 */
import { describe, expect, it } from "vitest";
import { runGame } from "../../../runtime/core/agents.ts";
import { Game } from "../../../runtime/core/engine.ts";
import { cardDb, DBE } from "../../../runtime/rulesets/dbe/index.ts";
import { makeAgent } from "../../../runtime/sim/simulate.ts";
import { MAX_SAVE_BYTES, matchDeckFiles, readSaveFile, replaySave, type SaveWorkspace } from "./load-save.ts";
import { agentSeeds, newDuelGame, prepareDuel, type PreparedDuel } from "./setup.ts";
import { newDcgDuelGame, prepareDcgDuel, type PreparedDcgDuel } from "./dcg-setup.ts";
import { Session } from "./session.ts";
import { bundledDeck, workspaceCards, workspaceDcgCards } from "./test-cards.ts";
import { TSX_DECK, TSX_FILE } from "./dcg-fixtures.ts";

const cards = workspaceCards();
const decks = ["dragon-core", "nature-core", "dragon-rush", "nature-wall"].map(bundledDeck);
const ws: SaveWorkspace = { cards, dcgCards: [], decks };
const prepared = prepareDuel(cards, [bundledDeck("dragon-core"), bundledDeck("nature-core")], "dbe") as PreparedDuel;

/** A DBE game of Dragon Core and Nature Core played to its end by two random agents, as `new Game` makes it. */
function playedGame(seed: number): Game {
  const g = new Game(DBE, cardDb(cards), prepared.setup, seed);
  runGame(g, [makeAgent("random", seed * 2 + 1), makeAgent("random", seed * 2 + 2)]);
  return g;
}

const game = playedGame(7);
const saveText = JSON.stringify(game.save(), null, 1);

/** The save with a change, as text. */
function edited(f: (s: ReturnType<Game["save"]>) => void): string {
  const s = structuredClone(game.save());
  f(s);
  return JSON.stringify(s);
}

/** Load a save's text with a workspace. */
function load(text: string, w: SaveWorkspace = ws) {
  return replaySave(readSaveFile(text), w);
}

/** The message of the error `f` throws. */
function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
  return "(nothing thrown)";
}

describe("loading a saved game", () => {
  it("a save of random agents' game loads back to the same digest and board, played by me on both sides, decks named", () => {
    expect(game.over).toBe(true);
    const l = load(saveText);
    expect(l.digest).toBe(game.digest());
    expect(l.session.game.digest()).toBe(game.save().digest);
    expect(JSON.stringify(l.session.game.state)).toBe(JSON.stringify(game.state));
    expect(l.session.game.log.map((e) => e.text)).toEqual(game.log.map((e) => e.text));
    expect(l.session.status).toBe("over");
    expect(l.session.seats).toEqual(["me", "me"]);
    expect(l.session.canStep).toBe(false);
    expect(l).toMatchObject({ ruleset: "dbe", seed: 7, decisions: game.choices.length, deckNames: ["Dragon Core", "Nature Core"], deckFiles: ["cards/dbe/decks/dragon-core.deck", "cards/dbe/decks/nature-core.deck"], practice: false });
    // Saving it again gives the same file.
    expect(JSON.stringify(l.session.game.save(), null, 1)).toBe(saveText);
  });

  it("Undo steps back through the loaded game one decision at a time, to the same positions as a replay of fewer choices", () => {
    const l = load(saveText);
    const n = game.choices.length;
    const at = (k: number) => {
      const g = new Game(DBE, cardDb(cards), prepared.setup, 7);
      for (const c of game.choices.slice(0, k)) {
        g.advance();
        g.answer(c);
      }
      g.advance();
      return g.digest();
    };
    expect(l.session.canUndo).toBe(true);
    expect(l.session.undo()).toBe(true);
    expect(l.session.status).toBe("me");
    expect(l.session.game.choices.length).toBe(n - 1);
    expect(l.session.game.digest()).toBe(at(n - 1));
    expect(l.session.undo()).toBe(true);
    expect(l.session.game.digest()).toBe(at(n - 2));
    // Answering the saved choice again goes forward to the same position.
    l.session.answer(game.choices[n - 2]!);
    expect(l.session.game.digest()).toBe(at(n - 1));
  });

  it("chosen agents play on from where a loaded game stands", () => {
    const half = structuredClone(game.save());
    const full = half.choices.length;
    // A save made half way: the same game, stopped at a decision.
    const g = new Game(DBE, cardDb(cards), prepared.setup, 7);
    for (const c of half.choices.slice(0, Math.floor(full / 2))) {
      g.advance();
      g.answer(c);
    }
    g.advance();
    const l = load(JSON.stringify(g.save()));
    expect(l.session.status).toBe("me");
    const s = l.session.reseated(["random", "greedy"], agentSeeds(7));
    expect(s.game.digest()).toBe(g.digest());
    expect(s.status).toBe("agent");
    while (s.step());
    expect(s.status).toBe("over");
  });

  it("names a deck no deck file holds as null (decks from the save)", () => {
    expect(load(saveText, { ...ws, decks: [bundledDeck("dragon-core")] }).deckFiles).toEqual(["cards/dbe/decks/dragon-core.deck", null]);
    expect(matchDeckFiles("dbe", game.setup, [])).toEqual([null, null]);
    expect(matchDeckFiles("dmb", game.setup, decks)).toEqual([null, null]);
  });

  it("a designer's own card: the save loads only when the workspace has its set", () => {
    const own = `set ZZ "Mine"\nruleset dbe\n\ncard ZZ-001 Sparkmon\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +300.\n`;
    const withOwn = workspaceCards([{ file: "mine.dgs", text: own }]);
    const deck = { file: "mine.deck", text: bundledDeck("dragon-core").text.replace(/^(\d+) DS1-009$/m, (_, n: string) => `${Number(n) - 1} DS1-009\n1 ZZ-001`) };
    const p = prepareDuel(withOwn, [deck, bundledDeck("nature-core")], "dbe");
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    const s = new Session(() => newDuelGame(p, 3), ["random", "random"], agentSeeds(3));
    while (s.step());
    const text = JSON.stringify(s.game.save());
    expect(messageOf(() => load(text))).toBe('SaveError: save: setup.seats[0]: deck "Dragon Core" uses cards no loaded set has: ZZ-001: open or write the set files of those cards, then load the save again');
    const l = load(text, { cards: withOwn, dcgCards: [], decks: [deck, ...decks] });
    expect(l.digest).toBe(s.game.digest());
    expect(l.deckFiles).toEqual(["mine.deck", "cards/dbe/decks/nature-core.deck"]);
  });

  it("a DCG save loads with the workspace's DCG cards", () => {
    const dcgCards = workspaceDcgCards([TSX_FILE]);
    const p = prepareDcgDuel(dcgCards, [TSX_DECK, TSX_DECK]) as PreparedDcgDuel;
    expect(p.ok).toBe(true);
    const s = new Session(() => newDcgDuelGame(p, 4), ["random", "random"], agentSeeds(4));
    while (s.step());
    const text = JSON.stringify(s.game.save());
    const l = load(text, { cards: [], dcgCards, decks: [TSX_DECK] });
    expect(l).toMatchObject({ ruleset: "dcg", seed: 4, deckFiles: ["tsx.deck", "tsx.deck"], practice: false, digest: s.game.digest() });
    // Practice decks (only 002 §5-1-1's size and copy limits broken) load as a practice game.
    const example = workspaceDcgCards();
    const pp = prepareDcgDuel(example, [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
    const ps = new Session(() => newDcgDuelGame(pp, 2), ["random", "greedy"], agentSeeds(2));
    while (ps.step());
    const practice = load(JSON.stringify(ps.game.save()), { cards: [], dcgCards: example, decks: [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")] });
    expect(practice).toMatchObject({ practice: true, digest: ps.game.digest(), deckFiles: ["playground/decks/dsx-ember-practice.deck", "playground/decks/dsx-tide-practice.deck"] });
    // Without the set's cards it is refused, naming the deck.
    expect(messageOf(() => load(text, { cards: [], dcgCards: workspaceDcgCards(), decks: [] }))).toMatch(/^SaveError: save: setup\.seats\[0\]: deck "TSX Legal" /);
  });
});

describe("a bad save is refused with one line, and the current game is untouched", () => {
  const current = new Session(() => newDuelGame(prepared, 5), ["me", "random"], agentSeeds(5));
  current.answer(Array.from({ length: current.pending!.min }, (_, i) => i));
  const before = { digest: current.game.digest(), history: current.history.length, generation: current.generation };

  const k = Math.floor(game.choices.length / 2);
  /** The first saved choice of one option out of several (changing it keeps the answer legal). */
  const firstOpen = (() => {
    const g = new Game(DBE, cardDb(cards), prepared.setup, 7);
    for (const [i, c] of game.choices.entries()) {
      const d = g.advance()!;
      if (d.min === 1 && d.max === 1 && d.options.length >= 2 && c[0]! < 2) return i;
      g.answer(c);
    }
    throw new Error("no open choice");
  })();
  const cases: [string, string, RegExp | string][] = [
    ["a choice changed to an option that does not exist", edited((s) => (s.choices[k] = [99])), new RegExp(`^SaveError: save: choices\\[${k}\\]: not a legal answer at its point of the replay: `)],
    ["a choice changed to another legal answer", edited((s) => (s.choices[firstOpen] = [(s.choices[firstOpen]![0]! + 1) % 2])), /^SaveError: save: (digest: the replay reaches [0-9a-f]{16}…, not the saved [0-9a-f]{16}…: the cards or rules changed since the save was made, or the save was edited|choices\[\d+\]: .*)$/],
    ["a wrong digest", edited((s) => (s.digest = s.digest.replace(/^./, (c) => (c === "0" ? "1" : "0")))), /^SaveError: save: digest: the replay reaches [0-9a-f]{16}…, not the saved [0-9a-f]{16}…: the cards or rules changed since the save was made, or the save was edited$/],
    ["an unknown card", edited((s) => ((s.setup as { seats: { main: string[] }[] }).seats[1]!.main[0] = "XX-999")), 'SaveError: save: setup.seats[1]: deck "Nature Core" uses cards no loaded set has: XX-999: open or write the set files of those cards, then load the save again'],
    ["a ruleset the bench does not play", edited((s) => (s.ruleset = "toy")), 'SaveError: save: ruleset: the duel bench plays DBE, DMB and DCG games, not "toy"'],
    ["a DBE game saved as DMB", edited((s) => (s.ruleset = "dmb")), /^SaveError: save: (setup\.seats\[0\]: deck "Dragon Core" cannot be played: .*|digest: .*)$/],
    ["a DBE game saved as DCG", edited((s) => (s.ruleset = "dcg")), /^SaveError: save: setup\.seats\[0\]\.eggs: expected a list of card numbers, got nothing$/],
    ["not JSON", "{ this is not json", /^SaveError: save: not JSON \(.+\): a saved game is the JSON file "Save game \(JSON\)" or digiscript duel --json writes$/],
    ["JSON that is not a save", "[1, 2, 3]", "SaveError: save: expected a saved game (a JSON object), got an array"],
    ["another format", edited((s) => ((s as { format: string }).format = "chess/1")), /^SaveError: save: format: not a DigiScript saved game/],
    ["a choice that is not a number", edited((s) => ((s.choices[3] as unknown[])[0] = "x")), /^SaveError: save: choices\[3\]\[0\]: expected a whole number ≥ 0/],
    ["a file above the size limit, even valid JSON", saveText + " ".repeat(MAX_SAVE_BYTES), /^SaveError: save: the file is 4\.0 MB: a saved game is at most 4 MB$/],
  ];
  for (const [what, text, want] of cases)
    it(what, () => {
      const m = messageOf(() => load(text));
      if (typeof want === "string") expect(m).toBe(want);
      else expect(m).toMatch(want);
      expect(m).not.toMatch(/\n/);
      expect(current.game.digest()).toBe(before.digest);
      expect(current.history).toHaveLength(before.history);
      expect(current.generation).toBe(before.generation);
    });

  it("the size is checked before parsing: a huge file's size alone refuses it", () => {
    expect(messageOf(() => readSaveFile("{}", MAX_SAVE_BYTES + 1))).toBe("SaveError: save: the file is 4.0 MB: a saved game is at most 4 MB");
    expect(messageOf(() => readSaveFile("{}", MAX_SAVE_BYTES))).toMatch(/^SaveError: save: format: /);
  });
});
