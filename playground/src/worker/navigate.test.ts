import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { allCardViews, cardViewAt } from "./navigate.ts";

const starter = readFileSync(new URL("../../../cards/dbe/starter.dgs", import.meta.url), "utf8");
const dcg = readFileSync(new URL("../../../cards/dcg/example.dgs", import.meta.url), "utf8");

describe("cardViewAt: the card under the cursor, built alone", () => {
  const ws = new Workspace();
  ws.set("starter.dgs", starter);
  ws.set("example.dgs", dcg);
  const check = ws.check();

  it("gives, for every offset of a DBE and a DCG file, the view the whole file's views would give (the last card starting at or before it)", () => {
    for (const [file, text] of [["starter.dgs", starter], ["example.dgs", dcg]] as const) {
      const views = allCardViews(check, new Map([[file, text]]), file);
      expect(views.length).toBeGreaterThan(3);
      const starts = views.map((v) => v.card.span.start);
      for (const offset of [0, starts[0]!, starts[1]! - 1, starts[1]!, starts[2]! + 3, text.length]) {
        const expected = [...views].reverse().find((v) => v.card.span.start <= offset) ?? null;
        const got = cardViewAt(check, file, text, offset);
        expect(got, `${file} @${offset}`).toEqual(expected);
      }
    }
  });

  it("is null before the first card block and for a file with no cards", () => {
    const first = allCardViews(check, new Map([["starter.dgs", starter]]), "starter.dgs")[0]!;
    expect(first.card.span.start).toBeGreaterThan(0);
    expect(cardViewAt(check, "starter.dgs", starter, first.card.span.start - 1)).toBeNull();
    expect(cardViewAt(check, "none.dgs", "", 0)).toBeNull();
  });
});
