/**
 * DCG emission (compiler/emit/dcg.ts): a checked DCG set → `cards.ts` (one `DcgCard` constant
 * per card: stats, texts, each box's effects as typed IR with the effect's text above it),
 * `index.ts` and `cards.json`. The generated TypeScript type-checks under `tsc --strict` and,
 * imported, gives back exactly the cards the checker compiled.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkAllSources } from "../../compiler/check/all.ts";
import { dcgCardIdent, dcgCardsModule, emitDcgSet } from "../../compiler/emit/dcg.ts";
import { linkPackage, tscCheck } from "../helpers.ts";
import { DCG_HEADER } from "./helpers.ts";

const SET = `${DCG_HEADER}
card T1-001 Agumon
  kind: Digimon
  color: Red
  level: 3
  playcost: 3
  digivolve: 0 from Lv.2
  dp: 2000
  form: Rookie
  attribute: Vaccine
  traits: Reptile
  effect:
    [On Play] Delete 1 of your opponent's Digimon with 3000 DP or less.
  inherited:
    [Your Turn] While this Digimon has 4 or more digivolution cards, this Digimon gets +1000 DP.

card T1-002 Greymon
  kind: Digimon
  color: Red
  level: 4
  playcost: 5
  digivolve: 2 from Lv.3
  dp: 4000
  form: Champion
  attribute: Vaccine
  traits: Dinosaur
  effect:
    <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead.)
    [When Digivolving] Gain 1 memory. Then, <Draw 1> (Draw 1 card from your deck).

card T1-003 Broken
  kind: Tamer
  color: Red
  playcost: 2
  effect:
    [Your Turn] Frobnicate 1 of your Digimon.
`;

const out = mkdtempSync(join(tmpdir(), "dcg-emit-ts-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("a DCG set emitted as TypeScript", () => {
  const [set] = checkAllSources([{ file: "t1.dgs", text: SET }]).dcg;

  it("cards.ts has one typed constant per compiled card, each effect's text as a comment above its IR", () => {
    expect(set!.cards.map((c) => [c.stats.number, c.ok])).toEqual([
      ["T1-001", true],
      ["T1-002", true],
      ["T1-003", false],
    ]);
    const src = dcgCardsModule(set!);
    expect(src).toContain('import type { DcgCard } from "digiscript/dcg";');
    expect(src).toContain("export const T1_001 = {");
    expect(src).toContain("} satisfies DcgCard;");
    expect(src).not.toContain("T1_003");
    // The designer reads the card's text beside what it compiled to.
    expect(src).toContain("// [On Play] Delete 1 of your opponent's Digimon with 3000 DP or less.");
    expect(src).toContain("// [When Digivolving] Gain 1 memory. Then, <Draw 1> (Draw 1 card from your deck).");
    expect(dcgCardIdent({ stats: { ...set!.cards[0]!.stats, number: "P-001" } })).toBe("P_001");
  });

  it("the emitted modules type-check under tsc --strict and import back to the checked cards", async () => {
    const r = await emitDcgSet(set!, out);
    expect(r.files).toEqual(["T1/cards.ts", "T1/index.ts", "T1/cards.json"]);
    linkPackage(out);
    const tsc = await tscCheck([join(out, "T1", "index.ts")]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);
    const mod = await import(pathToFileURL(join(out, "T1", "index.ts")).href);
    expect(mod.set).toEqual({ code: "T1", name: "Test", ruleset: "dcg" });
    const compiled = set!.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects }));
    expect(JSON.parse(JSON.stringify(mod.cards))).toEqual(JSON.parse(JSON.stringify(compiled)));
    expect(JSON.parse(readFileSync(join(out, "T1", "cards.json"), "utf8")).cards).toEqual(JSON.parse(JSON.stringify(compiled)));
  }, 120_000);
});
