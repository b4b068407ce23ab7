import { mkdtemp, readFile, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAllSources, checkSources } from "../../../compiler/check/set.ts";
import { emitSet } from "../../../compiler/emit/index.ts";
import { dcgCardsJson } from "../../../compiler/emit/dcg.ts";
import { cardViews, dcgCardViews } from "../worker/navigate.ts";
import { cardsJson, CardsJsonError } from "./cards-json.ts";

const starter = readFileSync(new URL("../../../cards/dbe/starter.dgs", import.meta.url), "utf8");
const rules = readFileSync(new URL("../../../cards/dbe/rules-cards.dgs", import.meta.url), "utf8");

const part1 = `set MY "My Set"
ruleset dbe

card MY-001 Flamemon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Fire Ball 300
  triangle: Tail Swing 200
  cross: Guard 100 | Jamming
  timing: SUPPORT
  text: If opponent's type is Nature, Boost own Power +200. If not, Draw 1.

card MY-002 Broken Chip
  kind: Option
  timing: SUPPORT
  text: Frobnicate the widget.
`;
const part2 = `set MY "My Set"
ruleset dbe

card MY-003 Spark Chip
  kind: Option
  timing: SUPPORT
  text: Boost own Power +300.
`;

/** What the worker answers for `cards` with file null, built the way the worker builds it. */
function views(files: Record<string, string>) {
  const sources = Object.entries(files).map(([file, text]) => ({ file, text }));
  const sets = checkSources(sources);
  return { sets, views: cardViews(sets, new Map(Object.entries(files)), null) };
}

/** The cards.json `digiscript compile` writes for a set. */
async function emitted(set: Parameters<typeof emitSet>[0]): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), "playground-cards-json-"));
  try {
    await emitSet(set, out);
    return await readFile(join(out, set.code, "cards.json"), "utf8");
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

describe("cards.json from card views", () => {
  it("is byte for byte what emitSet writes, for a bundled set", async () => {
    const w = views({ "cards/dbe/starter.dgs": starter, "cards/dbe/rules-cards.dgs": rules });
    // Through structured clone, as the views cross from the worker.
    const r = cardsJson(structuredClone(w.views), "cards/dbe/starter.dgs");
    expect(r.code).toBe("DS1");
    expect(r.fileName).toBe("DS1-cards.json");
    expect(r.text).toBe(await emitted(w.sets.find((s) => s.code === "DS1")!));
    expect(JSON.parse(r.text).cards.length).toBe(r.compiled);
  }, 60_000);

  it("holds only compiled cards of every file of the set, in the set's order", async () => {
    const w = views({ "a.dgs": part1, "b.dgs": part2, "cards/dbe/starter.dgs": starter });
    const r = cardsJson(w.views, "b.dgs");
    const doc = JSON.parse(r.text);
    expect(doc.code).toBe("MY");
    expect(doc.name).toBe("My Set");
    expect(doc.ruleset).toBe("dbe");
    expect(doc.cards.map((c: { stats: { setNumber: string } }) => c.stats.setNumber)).toEqual(["MY-001", "MY-003"]);
    expect(Object.keys(doc.cards[0])).toEqual(["stats", "text", "effects"]);
    expect(r.compiled).toBe(2);
    expect(r.leftOut).toBe(1);
    expect(r.text.endsWith("}\n")).toBe(true);
    expect(r.text).toBe(await emitted(w.sets.find((s) => s.code === "MY")!));
  }, 60_000);

  it("is what digiscript compile writes for a DCG set (compiler/emit/dcg.ts), its compiled cards only", () => {
    const example = readFileSync(new URL("../../../cards/dcg/example.dgs", import.meta.url), "utf8");
    const broken = example.replace("Delete 1 of your opponent's Digimon with 3000 DP or less.", "Frobnicate.");
    const files = { "cards/dbe/starter.dgs": starter, "mine.dgs": broken };
    const all = checkAllSources(Object.entries(files).map(([file, text]) => ({ file, text })));
    const texts = new Map(Object.entries(files));
    const vs = [...cardViews(all.dbe, texts, null), ...dcgCardViews(all.dcg, texts, null)];
    const r = cardsJson(structuredClone(vs), "mine.dgs");
    expect(r).toMatchObject({ code: "DSX", fileName: "DSX-cards.json", compiled: 7, leftOut: 1 });
    expect(r.text).toBe(JSON.stringify(dcgCardsJson(all.dcg[0]!), null, 1) + "\n");
    expect(JSON.parse(r.text).ruleset).toBe("dcg");
  });

  it("refuses a deck list and a set file without cards", () => {
    const w = views({ "empty.dgs": 'set EM "Empty"\n' });
    expect(() => cardsJson(w.views, "x.deck")).toThrow(CardsJsonError);
    expect(() => cardsJson(w.views, "x.deck")).toThrow(/Open a set file/);
    expect(() => cardsJson(w.views, "empty.dgs")).toThrow(/has no cards yet/);
  });
});
