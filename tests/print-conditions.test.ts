/**
 * Every condition the card-text grammar can produce, printed by the canonical printer
 * (`printCondition`, compiler/print/text.ts) and read back: the print must compile to the
 * very same condition.
 *
 * The table is built from the IR's types (`Condition`, `Amount` in runtime/ir.ts), restricted to
 * what the grammar produces in a condition: a compared quantity is a stat of the active (HP,
 * Power — of one attack or none —, +P, Level) or a zone counted (hand, DP, deck, trash, Dark
 * Area, Attachments), of own, the opponent or both players, compared with a number or another
 * such quantity. The IR has a few more amounts (`previous`, `flats`, `koPoints`, `dpTotal`,
 * an attack on a stat other than Power) that no condition text produces, so they have no
 * printed form to check.
 *
 * Sources: FAQ "Conditionals" (if/when), Glossary "Recover" (HP comparisons), "Recycle X"
 * ("own deck"), "Static X", "Dark Area", "Attachment Slot" (counts), "Type", "Level", Anatomy
 * of Cards item 10 (attacks), Evolution Phase 4.3 (partial names), Glossary "Turbo" form 2
 * ("own level is lower").
 */
import { describe, expect, it } from "vitest";
import { compileText, printCondition } from "../compiler/print/text.ts";
import type { Amount, CompareOp, Condition } from "../runtime/ir.ts";

const PLAYERS = ["own", "opponent", "both"] as const;
const ZONES = ["hand", "dp", "deck", "trash", "darkArea", "attachments"] as const;
const OPS: CompareOp[] = ["<", "<=", "=", "!=", ">=", ">"];

/** Every quantity a condition can compare. */
const QUANTITIES: Amount[] = [];
for (const player of PLAYERS) {
  for (const what of ZONES) QUANTITIES.push({ kind: "count", player, what, per: 1 });
  for (const stat of ["hp", "plusP", "level"] as const) QUANTITIES.push({ kind: "stat", player, stat, attack: null, per: 1 });
  for (const attack of [null, "circle", "triangle", "cross"] as const) QUANTITIES.push({ kind: "stat", player, stat: "power", attack, per: 1 });
}
/** What a quantity is compared with: a number (in the range of a count of cards for a count: 0–50), or another quantity. */
function operands(left: Amount): Amount[] {
  const big: Amount[] = left.kind === "count" ? [] : [{ kind: "const", value: 200 }];
  return [{ kind: "const", value: 0 }, { kind: "const", value: 3 }, ...big, ...QUANTITIES];
}

function label(a: Amount): string {
  switch (a.kind) {
    case "const":
      return String(a.value);
    case "count":
      return `${a.player} ${a.what}`;
    case "stat":
      return `${a.player} ${a.attack ? `${a.attack} ` : ""}${a.stat}`;
    case "previous":
      return "previous";
  }
}

/** Print `c`, read "If <print>, Draw 1." back, and return the condition read (or the errors). */
function readBack(c: Condition): { printed: string; cond: unknown; errors: string[] } {
  const printed = printCondition(c);
  const r = compileText(`If ${printed}, Draw 1.`);
  const errors = r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
  const e = r.effects[0];
  const body = e && e.kind === "effect" ? e.body : null;
  return { printed, cond: body && body.kind === "if" ? body.cond : null, errors };
}

function expectRoundTrip(c: Condition): void {
  const { printed, cond, errors } = readBack(c);
  expect(errors, `"${printed}" compiles`).toEqual([]);
  expect(cond, `"${printed}" reads as the condition printed`).toEqual(c);
}

describe("every comparison prints as text that reads back as the same comparison", () => {
  for (const left of QUANTITIES) {
    it(`${label(left)} against every operand and operator`, () => {
      const failures: string[] = [];
      for (const right of operands(left)) {
        for (const op of OPS) {
          const c: Condition = { kind: "compare", left, op, right };
          const { printed, cond, errors } = readBack(c);
          if (errors.length) failures.push(`${label(left)} ${op} ${label(right)}: "${printed}" does not compile: ${errors[0]}`);
          else if (JSON.stringify(cond) !== JSON.stringify(c)) failures.push(`${label(left)} ${op} ${label(right)}: "${printed}" reads as ${JSON.stringify(cond)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("a count compared with a count names both zones, in the words of the rules", () => {
    const c: Condition = { kind: "compare", left: { kind: "count", player: "own", what: "attachments", per: 1 }, op: "<", right: { kind: "count", player: "opponent", what: "attachments", per: 1 } };
    expect(printCondition(c)).toBe("own Attachments are less than opponent's Attachments");
    expectRoundTrip(c);
  });
});

describe("every other condition form prints as text that reads back as the same condition", () => {
  const conditions: Condition[] = [{ kind: "able" }];
  for (const player of PLAYERS) {
    for (const negate of [false, true]) {
      for (const primary of [false, true]) {
        conditions.push({ kind: "typeIs", player, types: ["Dragon"], primary, negate });
        conditions.push({ kind: "typeIs", player, types: ["Dragon", "Metal"], primary, negate });
      }
      conditions.push({ kind: "levelIs", player, levels: ["M"], negate });
      conditions.push({ kind: "levelIs", player, levels: ["R", "C"], negate });
      conditions.push({ kind: "attackIs", player, attacks: ["cross"], negate });
      conditions.push({ kind: "attackIs", player, attacks: ["circle", "triangle"], negate });
      conditions.push({ kind: "nameIs", player, name: { kind: "exact", name: "Agumon" }, negate });
      conditions.push({ kind: "nameIs", player, name: { kind: "suffix", part: "dramon" }, negate });
      conditions.push({ kind: "nameIs", player, name: { kind: "prefix", part: "kok" }, negate });
      conditions.push({ kind: "nameIs", player, name: { kind: "infix", part: "devi" }, negate });
    }
  }
  for (const what of ["attack", "level", "type"] as const) {
    for (const negate of [false, true]) conditions.push({ kind: "same", what, negate });
  }
  const trash: Condition = { kind: "compare", left: { kind: "count", player: "own", what: "trash", per: 1 }, op: "<", right: { kind: "count", player: "opponent", what: "trash", per: 1 } };
  const level: Condition = { kind: "levelIs", player: "opponent", levels: ["U"], negate: false };
  conditions.push({ kind: "and", all: [trash, level] }, { kind: "or", any: [level, trash] });

  for (const c of conditions) {
    it(JSON.stringify(c), () => {
      expectRoundTrip(c);
    });
  }
});
