/**
 * FastParser's one-frame SUBRULE (grammar/fast-parser.ts `subruleInternal`) parses exactly
 * as chevrotain's own two wrappers do, in both grammars: the same trees, the same syntax errors with the same
 * rule stacks, and the rule stack empty again after a text that fails deep inside a rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EmbeddedActionsParser } from "chevrotain";
import { describe, expect, it } from "vitest";
import { lex, readSetFile } from "../grammar/index.ts";
import { CardTextParser } from "../grammar/parser.ts";
import { lexDcg } from "../grammar/dcg/lexer.ts";
import { DcgParser } from "../grammar/dcg/parser.ts";
import { ROOT } from "./helpers.ts";

/** Every card text of the bundled DBE sets, and texts that fail at different depths. */
function texts(): string[] {
  const dir = join(ROOT, "cards", "dbe");
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".dgs")))
    for (const c of readSetFile(f, readFileSync(join(dir, f), "utf8")).cards) for (const fl of c.fields) if (fl.key === "text") out.push(fl.value.value);
  out.push(
    "Boost own Power +300 if.",
    "If own Level is R, Boost own Power +300. If not, Draw.",
    "Support Phase: Discard 1 (of your",
    "Delete 1 of your opponent's Digimon with 4000 DP or",
    "Opponent uses O.",
    "[On Play] Draw 1. Boost own Power +",
  );
  return out;
}

type Engine = { RULE_STACK_IDX: number; RULE_OCCURRENCE_STACK_IDX: number };

/** The parser with chevrotain's own `subruleInternal` instead of FastParser's. */
function withChevrotainSubrule<P>(p: P): P {
  (p as unknown as { subruleInternal: unknown }).subruleInternal = (EmbeddedActionsParser.prototype as unknown as { subruleInternal: unknown }).subruleInternal;
  return p;
}

/** A parser's errors after a parse: what, where, the message and the rule stack. */
function errorsOf(p: { errors: { name: string; token: { startOffset: number }; message: string; context: { ruleStack: string[] } }[] }) {
  return p.errors.map((e) => ({ name: e.name, at: e.token.startOffset, message: e.message, rules: e.context.ruleStack }));
}

/**
 * Parse every text with a parser using FastParser's SUBRULE and one using chevrotain's, and
 * compare the trees, the errors (with their rule stacks) and what `alsoSame` compares; after
 * each text the fast parser's rule stack must be empty again.
 * @returns how many texts failed, and the deepest rule stack of an error
 */
function parseBothWays<P extends { errors: Parameters<typeof errorsOf>[0]["errors"] }>(make: () => P, texts: readonly string[], parse: (p: P, text: string) => unknown, alsoSame?: (p: P) => unknown): { failed: number; deepest: number } {
  const fast = make();
  const chevrotain = withChevrotainSubrule(make());
  let failed = 0;
  let deepest = 0;
  for (const text of texts) {
    const a = parse(fast, text);
    const errorsA = errorsOf(fast);
    const b = parse(chevrotain, text);
    expect(a, text).toEqual(b);
    expect(errorsA, text).toEqual(errorsOf(chevrotain));
    if (alsoSame) expect(alsoSame(fast), text).toEqual(alsoSame(chevrotain));
    if (errorsA.length > 0) failed++;
    for (const e of errorsA) deepest = Math.max(deepest, e.rules.length);
    expect((fast as unknown as Engine).RULE_STACK_IDX, text).toBe(-1);
    expect((fast as unknown as Engine).RULE_OCCURRENCE_STACK_IDX, text).toBe(-1);
  }
  return { failed, deepest };
}

describe("one-frame SUBRULE", () => {
  it("gives chevrotain's trees and errors, and leaves the rule stack empty", () => {
    const all = texts();
    const { failed, deepest } = parseBothWays(
      () => new CardTextParser(),
      all,
      (p, text) => {
        p.input = lex(text).tokens;
        return p.text();
      },
    );
    expect(all.length).toBeGreaterThan(50);
    // The failing texts failed inside rules, below the start rule.
    expect(failed).toBeGreaterThanOrEqual(5);
    expect(deepest).toBeGreaterThanOrEqual(3);
  });
});

/** The DCG example set's effect boxes, and boxes that fail at different depths. */
function dcgBoxes(): string[] {
  const file = join(ROOT, "cards", "dcg", "example.dgs");
  const out: string[] = [];
  for (const c of readSetFile("example.dgs", readFileSync(file, "utf8")).cards)
    for (const f of c.fields) if (f.key === "effect" || f.key === "inherited" || f.key === "security") out.push(f.value.value);
  out.push(
    "[On Play] Delete 1 of your opponent's Digimon with 4000 DP or.",
    "[When Digivolving] Gain 1 memory. [Your Turn] This Digimon gets +",
    "[Main] Suspend 1 of your opponent's",
    "<Blocker> <Piercing",
  );
  return out;
}

describe("one-frame SUBRULE, DCG grammar", () => {
  it("gives chevrotain's trees and errors, and leaves the rule stack empty", () => {
    const all = dcgBoxes();
    const { failed } = parseBothWays(
      () => new DcgParser(),
      all,
      (p, text) => {
        p.setText(text);
        p.input = lexDcg(text).tokens;
        return p.box();
      },
      (p) => p.problems,
    );
    expect(all.length).toBeGreaterThan(10);
    expect(failed).toBeGreaterThanOrEqual(3);
  });
});
