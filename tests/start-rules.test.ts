/**
 * Both grammars' start rules run with V8's stack-trace capture off (`FastParser.onBeforeParse`
 * and `onAfterParse`, docs/grammar-style.md): chevrotain reports syntax errors by throwing, the
 * traces are never read, and capturing them made a failed parse several times a good one.
 * That covers the error for tokens left over after a text (made after the rule's own body), and
 * the caller's limit is put back afterwards.
 */
import { afterEach, describe, expect, it } from "vitest";
import { dcgParser } from "../grammar/dcg/index.ts";
import { lexDcg } from "../grammar/dcg/lexer.ts";
import { lex, parser } from "../grammar/index.ts";

const limit = Error.stackTraceLimit;
afterEach(() => {
  Error.stackTraceLimit = limit;
});

/** The number of stack frames an error captured (its stack's lines after the message's). */
const frames = (e: Error) => (e.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)).length;

/** Run a parse that fails with the caller's limit at `callerLimit`: its errors (at least one, none with frames), and the limit is back. */
function failingParse(callerLimit: number, run: () => Error[]): Error[] {
  Error.stackTraceLimit = callerLimit;
  const errors = run();
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.map(frames)).toEqual(errors.map(() => 0));
  expect(Error.stackTraceLimit).toBe(callerLimit);
  return errors;
}

describe("start rules", () => {
  it("a card text with tokens left over: its error has no stack frames, and the caller's limit is back", () => {
    const errors = failingParse(25, () => {
      const p = parser();
      p.input = lex("Draw 1. Frobnicate the widget.").tokens;
      p.text();
      return p.errors;
    });
    expect(errors.map((e) => e.name)).toContain("NotAllInputParsedException");
    // Outside a parse, errors have their frames as usual.
    expect(frames(new Error("outside"))).toBeGreaterThan(0);
  });

  it("an evo-box entry and an attack ability that do not read: no frames either", () => {
    failingParse(limit, () => {
      const p = parser();
      p.input = lex("Frobnicate 3").tokens;
      p.evoEntry();
      const evoErrors = [...p.errors];
      p.input = lex("Jamming Frobnicate").tokens;
      p.abilityEntry();
      return [...evoErrors, ...p.errors];
    });
  });

  it("a DCG box that does not read: no frames, and the limit is back", () => {
    failingParse(7, () => {
      const p = dcgParser();
      p.input = lexDcg("[On Play] Frobnicate the widget.").tokens;
      p.box();
      return p.errors;
    });
  });
});
