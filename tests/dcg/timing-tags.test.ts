/**
 * The brackets that open a DCG effect are timings (002 10-4-1: "[On Play]", "[Your Turn]" …) or
 * "[Once Per Turn]" (002 4-15); a card name in brackets is part of a sentence ("1 of your
 * [Greymon]"). A bracket text where an effect or a sentence starts that is neither is an error at
 * the bracket — most often a misspelt timing, which was read as the name of a card ("a card named
 * On Paly deletes …") and compiled without a word.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { checkSources } from "../../compiler/check/set.ts";
import { lexDcg } from "../../grammar/dcg/lexer.ts";

/** The errors of compiling an effect box: code, the text at the span, and the hint. */
function errors(text: string): { code: string; at: string; hint: string | undefined }[] {
  const r = compileDcgText(text, "effect");
  expect(r.effects).toEqual([]);
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => ({ code: d.code, at: text.slice(d.span.start, d.span.end), hint: d.hint }));
}

describe("002 10-4-1: a misspelt timing is an error with the timing it is closest to", () => {
  it("[On Paly] at the start of the text: did you mean [On Play]? — and nothing else is reported", () => {
    expect(errors("[On Paly] Delete 1 of your opponent's Digimon with 2000 DP or less.")).toEqual([{ code: "unknown-timing", at: "[On Paly]", hint: 'did you mean "[On Play]"?' }]);
  });

  it("[Your Trun] before a sentence that reads: the error is at the bracket, not at the next word", () => {
    expect(errors("[Your Trun] This Digimon gets +1000 DP.")).toEqual([{ code: "unknown-timing", at: "[Your Trun]", hint: 'did you mean "[Your Turn]"?' }]);
  });

  it("a second effect's timing, after a full stop: [Start of Opponent's Trun]", () => {
    expect(errors("[On Play] Gain 1 memory. [Start of Opponent's Trun] Gain 1 memory.")).toEqual([
      { code: "unknown-timing", at: "[Start of Opponent's Trun]", hint: `did you mean "[Start of Opponent's Turn]"?` },
    ]);
  });

  it("[Once Per Trun] after a timing: did you mean [Once Per Turn]?", () => {
    expect(errors("[Your Turn] [Once Per Trun] When this Digimon attacks, gain 1 memory.")).toEqual([
      { code: "unknown-timing", at: "[Once Per Trun]", hint: 'did you mean "[Once Per Turn]"?' },
    ]);
  });

  it("a misspelt timing is typed as the timing it is closest to (what completion and hover read of the box)", () => {
    const types = lexDcg("[Wehn Attacking] Gain 1 memory.").tokens.map((t) => t.tokenType.name);
    expect(types[0]).toBe("T_whenAttacking");
  });
});

describe("where an effect or a sentence starts: after a keyword line, its reminder, a semicolon", () => {
  const blocker = "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)";

  it("[On Paly] on the line after a keyword line and its reminder (which end without a full stop)", () => {
    expect(errors(`${blocker}\n[On Paly] Delete 1 of your opponent's Digimon with 2000 DP or less.`)).toEqual([{ code: "unknown-timing", at: "[On Paly]", hint: 'did you mean "[On Play]"?' }]);
    expect(errors("<Blocker>\n[On Paly] Gain 1 memory.")).toEqual([{ code: "unknown-timing", at: "[On Paly]", hint: 'did you mean "[On Play]"?' }]);
  });

  it("[Foo] after a semicolon cannot open a sentence", () => {
    const r = compileDcgText("[Main] Gain 1 memory; [Foo] gain 1 memory.", "effect");
    expect(r.diagnostics.find((d) => d.code === "unknown-timing")?.message).toMatch(/^\[Foo\] cannot open a sentence/);
  });
});

describe("a keyword effect in square brackets", () => {
  it("[Blocker] and [Security Attack +1] are told to go in angle brackets, the fix written out", () => {
    expect(errors("[Blocker]")).toEqual([{ code: "unknown-timing", at: "[Blocker]", hint: 'did you mean "<Blocker>"?' }]);
    const r = compileDcgText("[Security Attack +1] (This Digimon checks 1 additional security card.)", "effect");
    expect(r.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([["unknown-timing", "[Security Attack +1] is a keyword effect: a keyword effect is written in angle brackets, e.g. <Blocker>", 'did you mean "<Security Attack +1>"?']]);
  });
});

describe("a guess only when it is one slip from one timing", () => {
  it("[Mamon] and [Rumble] (two edits from [Main] and [Rule]) get no guess and are not typed as a timing", () => {
    for (const name of ["Mamon", "Rumble"]) {
      const text = `[${name}] Gain 1 memory.`;
      expect(errors(text)).toEqual([{ code: "unknown-timing", at: `[${name}]`, hint: undefined }]);
      expect(lexDcg(text).tokens[0]!.tokenType.name).toBe("NameRef");
    }
  });
});

describe("a timing whose bracket runs on past its name", () => {
  it('"[On Play Delete … less.]" (an editor closed the "[" at the end of the line): the "]" belongs after [On Play], and no fix replaces the sentence', () => {
    const text = "[On Play Delete 1 of your opponent's Digimon with 2000 DP or less.]";
    const [d, ...rest] = compileDcgText(text, "effect").diagnostics;
    expect(rest).toEqual([]);
    expect([d!.code, text.slice(d!.span.start, d!.span.end), d!.hint]).toEqual(["unknown-timing", text, undefined]);
    expect(d!.message).toBe(`"[On Play" is not closed after the timing: its "]" comes only after "DP or less."; a timing's bracket closes after its name: [On Play] Delete 1 of …`);
  });
});

describe("a card name cannot open an effect or a sentence", () => {
  it("[Greymon] after [On Play]: an error (it was read as a subject the runtime ignored)", () => {
    expect(errors("[On Play] [Greymon] gains 1 memory.")).toEqual([{ code: "unknown-timing", at: "[Greymon]", hint: undefined }]);
  });

  it("[Foo Bar] after a full stop: an error that says a sentence cannot open with it", () => {
    const r = compileDcgText("[On Play] Delete 1 of your opponent's Digimon with 2000 DP or less. [Foo Bar] Gain 1 memory.", "effect");
    const e = r.diagnostics.find((d) => d.code === "unknown-timing");
    expect(e?.message).toMatch(/^\[Foo Bar\] cannot open a sentence/);
  });

  it("names inside a sentence stay names: 1 of your [Greymon], a card with [Royal Knight] in its traits", () => {
    expect(compileDcgText("[On Play] Delete 1 of your opponent's Digimon with [Greymon] in its name.", "effect").diagnostics).toEqual([]);
    expect(compileDcgText("[Main] Reveal the top 3 cards of your deck. Add 1 card with [Royal Knight] in its traits among them to your hand. Trash the rest.", "effect").diagnostics).toEqual([]);
  });
});

describe("in a set file", () => {
  it("the card with a misspelt timing does not compile, and check says where", () => {
    const text = [
      "set TT Test",
      "ruleset dcg",
      "",
      "card TT-01 Testmon",
      "  kind: Digimon",
      "  color: Red",
      "  level: 3",
      "  playcost: 3",
      "  dp: 3000",
      "  digivolve: 2 from Lv.2",
      "  effect: [On Paly] Delete 1 of your opponent's Digimon with 2000 DP or less.",
      "",
    ].join("\n");
    const [set] = checkSources([{ file: "tt.dgs", text }]);
    const e = set!.diagnostics.find((d) => d.code === "unknown-timing");
    expect(e).toMatchObject({ severity: "error", line: 11, col: 11, endCol: 20 });
    expect(set!.diagnostics.filter((d) => d.severity === "error")).toHaveLength(1);
  });
});

describe("a bracket or angle bracket left open, or closing nothing, says so", () => {
  /** The lexing errors of a text: the text at the span and the message's start. */
  const lexErrors = (text: string) => lexDcg(text).diagnostics.map((d) => [text.slice(d.span.start, d.span.end), d.message.split(":")[0]]);

  it('"[On Play Delete …": the "[" is never closed', () => {
    expect(lexErrors("[On Play Delete 1 of your opponent's Digimon.")).toEqual([["[", '"[" is never closed']]);
  });

  it('"<Blocker (…)": the "<" is never closed', () => {
    expect(lexErrors("<Blocker (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)")).toEqual([["<", '"<" is never closed']]);
  });

  it('"… or less.]" and "Blocker>": a "]" or ">" that closes nothing', () => {
    expect(lexErrors("[On Play] Delete 1 of your opponent's Digimon with 2000 DP or less.]")).toEqual([["]", '"]" closes no "["']]);
    expect(lexErrors("Blocker>")).toEqual([[">", '">" closes no "<"']]);
  });

  it("a bracket opened again before it closes: the first one is never closed", () => {
    expect(lexErrors("[On [Play] Gain 1 memory.")[0]).toEqual(["[", '"[" is never closed']);
  });

  it("other characters card text does not use keep the plain message", () => {
    expect(lexErrors("Gain 1 memory ~.")).toEqual([["~", 'unexpected character "~"']]);
  });
});

describe("numbers in card text stay in the game's range", () => {
  it("a number of 7 digits or more is a number-range error at it, written as the card writes it", () => {
    const r = compileDcgText("[On Play] Gain 99999999999999999999 memory.", "effect");
    expect(r.effects).toEqual([]);
    expect(r.diagnostics.map((d) => [d.code, "[On Play] Gain 99999999999999999999 memory.".slice(d.span.start, d.span.end)])).toEqual([["number-range", "99999999999999999999"]]);
    expect(r.diagnostics[0]!.message).toMatch(/^99999999999999999999 is out of range/);
    expect(compileDcgText("[Your Turn] This Digimon gets +1000000 DP.", "effect").diagnostics.map((d) => d.code)).toEqual(["number-range"]);
  });

  it("in a keyword's parameter and a DigiXros tag too, the error at the digits", () => {
    const at = (text: string) => compileDcgText(text, "effect").diagnostics.map((d) => [d.code, text.slice(d.span.start, d.span.end)]);
    expect(at("[On Play] <Draw 99999999999999999999>.")).toEqual([["number-range", "99999999999999999999"]]);
    expect(at("[Main] <Recovery +9999999 (Deck)>.")).toEqual([["number-range", "9999999"]]);
    expect(at("[DigiXros -9999999] [Shoutmon] x [Ballistamon]")).toEqual([["number-range", "9999999"]]);
  });

  it("the largest printed numbers read, and so do 6 digits and leading zeros", () => {
    expect(compileDcgText("[On Play] Delete 1 of your opponent's Digimon with 16000 DP or less.", "effect").diagnostics).toEqual([]);
    expect(compileDcgText("[Your Turn] This Digimon gets +999999 DP.", "effect").diagnostics).toEqual([]);
    expect(compileDcgText("[On Play] Gain 0000001 memory.", "effect").diagnostics).toEqual([]);
  });
});

describe("a sentence ends with a full stop", () => {
  /** The dcg-missing-full-stop warnings of an effect box: the word each is at. */
  const stops = (text: string) =>
    compileDcgText(text, "effect")
      .diagnostics.filter((d) => d.code === "dcg-missing-full-stop")
      .map((d) => [d.severity, text.slice(d.span.start, d.span.end)]);

  it("a box's last sentence, and a sentence before the next timing, ending on a word: a warning at that word; the card compiles", () => {
    expect(stops("[On Play] Gain 1 memory")).toEqual([["warning", "memory"]]);
    expect(stops("[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less [Your Turn] This Digimon gets +1000 DP.")).toEqual([["warning", "less"]]);
    expect(compileDcgText("[On Play] Gain 1 memory", "effect").effects).toHaveLength(1);
  });

  it("a sentence ending on a name in brackets: the warning is at the name", () => {
    expect(stops("[On Play] Add 1 card with [Greymon] in its name from your trash to your hand. [Main] Trash 1 [Greymon]")).toEqual([["warning", "[Greymon]"]]);
  });

  it("no warning after a full stop, a reminder or a keyword", () => {
    expect(stops("[On Play] Gain 1 memory.")).toEqual([]);
    expect(stops("[When Digivolving] <De-Digivolve 1> 1 of your opponent's Digimon. (Trash up to 1 card from the top of one of your opponent's Digimon.)")).toEqual([]);
    expect(stops("<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)")).toEqual([]);
  });
});

describe("002 10-1-5: an effect with no timing is a constant effect, so one that does something once lacks its timing", () => {
  /** The errors of compiling a box, with the text at each error's range and its message. */
  const missing = (text: string, box: "effect" | "inherited" | "security") =>
    compileDcgText(text, box)
      .diagnostics.filter((d) => d.code === "dcg-missing-timing")
      .map((d) => ({ at: text.slice(d.span.start, d.span.end), message: d.message, hint: d.hint }));

  it('"Delete 1 of your opponent\'s Digimon …" with no [On Play]: an error at the sentence, the fix written out', () => {
    const text = "Delete 1 of your opponent's Digimon with 4000 DP or less.";
    const [e, ...rest] = missing(text, "effect");
    expect(rest).toEqual([]);
    expect(e!.at).toBe(text);
    expect(e!.message).toContain("has no timing, so it reads as a constant effect (002 10-1-5)");
    expect(e!.message).toContain(`e.g. "[On Play] ${text}"`);
    expect(compileDcgText(text, "effect").effects).toEqual([]);
  });

  it("a Tamer's \"Gain 1 memory.\" and an inherited \"Trash 1 card in your hand.\" are actions too", () => {
    expect(missing("Gain 1 memory.", "effect").map((e) => e.at)).toEqual(["Gain 1 memory."]);
    expect(missing("Trash 1 card in your hand.", "inherited")[0]!.message).toContain('e.g. "[When Attacking] Trash 1 card in your hand."');
  });

  it('a security box without "[Security]": the hint names it (002 10-4-8)', () => {
    const [e] = missing("Add this card to your hand.", "security");
    expect(e!.message).toContain('e.g. "[Security] Add this card to your hand."');
    expect(e!.hint).toBe('a security effect starts with "[Security]" (002 10-4-8)');
  });

  it("the second sentence of an effect is the one that acts: the range is that sentence", () => {
    const text = "This Digimon gets +1000 DP. Gain 1 memory.";
    expect(missing(text, "effect").map((e) => e.at)).toEqual(["Gain 1 memory."]);
  });

  it("constant effects with no timing still compile: DP, prohibitions, permissions, a cost change on \"When … would\"", () => {
    for (const text of [
      "This Digimon gets +1000 DP.",
      "This Digimon can't be deleted in battle.",
      "Your opponent's Digimon can't unsuspend.",
      "This Digimon can unsuspend.",
      "When this Digimon would digivolve into [Greymon], reduce the digivolution cost by 1.",
    ])
      expect(compileDcgText(text, "effect").diagnostics, text).toEqual([]);
  });

  it("with its timing the same sentence compiles", () => {
    expect(compileDcgText("[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.", "effect").diagnostics).toEqual([]);
  });
});

describe("two slips the nearest construct does not name", () => {
  it('a timing written without its brackets at the start of a sentence: "On Play Delete …", "Your Turn This Digimon …"', () => {
    const onPlay = "On Play Delete 1 of your opponent's Digimon with 4000 DP or less.";
    expect(errors(onPlay)).toEqual([{ code: "syntax", at: "On Play", hint: `write it in brackets: "[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less."` }]);
    expect(compileDcgText(onPlay, "effect").diagnostics[0]!.message).toBe('could not read "On Play" here: "On Play" is a timing, written in brackets (002 10-4-1)');
    expect(errors("Your Turn This Digimon gets +1000 DP.")).toEqual([{ code: "syntax", at: "Your Turn", hint: 'write it in brackets: "[Your Turn] This Digimon gets +1000 DP."' }]);
  });

  it('a thousands separator: "4,000 DP" — write it without the comma (no "did you mean": a quick fix would replace the comma alone)', () => {
    const [e] = errors("[On Play] Delete 1 of your opponent's Digimon with 4,000 DP or less.");
    expect(e).toEqual({ code: "syntax", at: ",", hint: 'write it without the comma: "4000"' });
  });
});
