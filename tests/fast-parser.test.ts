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

describe("one-frame SUBRULE", () => {
  it("gives chevrotain's trees and errors, and leaves the rule stack empty", () => {
    const fast = new CardTextParser();
    const chevrotain = new CardTextParser();
    (chevrotain as unknown as { subruleInternal: unknown }).subruleInternal = (EmbeddedActionsParser.prototype as unknown as { subruleInternal: unknown }).subruleInternal;
    const all = texts();
    let failed = 0;
    let deepest = 0;
    for (const text of all) {
      const tokens = lex(text).tokens;
      fast.input = tokens;
      const a = fast.text();
      const errorsA = fast.errors.map((e) => ({ name: e.name, at: e.token.startOffset, message: e.message, rules: e.context.ruleStack }));
      chevrotain.input = tokens;
      const b = chevrotain.text();
      const errorsB = chevrotain.errors.map((e) => ({ name: e.name, at: e.token.startOffset, message: e.message, rules: e.context.ruleStack }));
      expect(a, text).toEqual(b);
      expect(errorsA, text).toEqual(errorsB);
      if (errorsA.length > 0) failed++;
      for (const e of errorsA) deepest = Math.max(deepest, e.rules.length);
      expect((fast as unknown as Engine).RULE_STACK_IDX, text).toBe(-1);
      expect((fast as unknown as Engine).RULE_OCCURRENCE_STACK_IDX, text).toBe(-1);
    }
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
    const fast = new DcgParser();
    const chevrotain = new DcgParser();
    (chevrotain as unknown as { subruleInternal: unknown }).subruleInternal = (EmbeddedActionsParser.prototype as unknown as { subruleInternal: unknown }).subruleInternal;
    const all = dcgBoxes();
    let failed = 0;
    for (const text of all) {
      const tokens = lexDcg(text).tokens;
      fast.setText(text);
      fast.input = tokens;
      const a = fast.box();
      const errorsA = fast.errors.map((e) => ({ name: e.name, at: e.token.startOffset, message: e.message, rules: e.context.ruleStack }));
      chevrotain.setText(text);
      chevrotain.input = tokens;
      const b = chevrotain.box();
      const errorsB = chevrotain.errors.map((e) => ({ name: e.name, at: e.token.startOffset, message: e.message, rules: e.context.ruleStack }));
      expect(a, text).toEqual(b);
      expect(errorsA, text).toEqual(errorsB);
      expect(fast.problems, text).toEqual(chevrotain.problems);
      if (errorsA.length > 0) failed++;
      expect((fast as unknown as Engine).RULE_STACK_IDX, text).toBe(-1);
    }
    expect(all.length).toBeGreaterThan(10);
    expect(failed).toBeGreaterThanOrEqual(3);
  });
});
