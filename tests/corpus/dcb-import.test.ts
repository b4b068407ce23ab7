/**
 * The dcb importer on the real "Digimon World: Digital Card Battle" data (301 cards).
 * Runs only when ../shared/data/dcb/cards.json (beside the project) exists (it is test input kept outside
 * the repository: ../shared/data/README.md).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importDcb } from "../../compiler/import/dcb.ts";
import { readSetFile } from "../../grammar/setfile.ts";

const path = resolve(fileURLToPath(new URL("../..", import.meta.url)), "../shared/data/dcb/cards.json");

describe.skipIf(!existsSync(path))("dcb corpus import", () => {
  it("imports all 301 cards into a set file that reads back without diagnostics", () => {
    const r = importDcb(JSON.parse(readFileSync(path, "utf8")));
    expect(r.skipped).toEqual([]);
    expect(r.cards).toBe(301);
    const s = readSetFile("dcb.dgs", r.dgs);
    expect(s.diagnostics).toEqual([]);
    expect(s.cards).toHaveLength(301);
    expect(s.cards[0]!.setNumber).toBe("DCB-000");
    expect(s.cards[300]!.setNumber).toBe("DCB-300");
    // No dcb-only word is left in card text or attack abilities.
    const text = s.cards.flatMap((c) => c.fields.filter((f) => ["text", "circle", "triangle", "cross"].includes(f.key)).map((f) => f.value.value)).join("\n");
    expect(text).not.toMatch(/Attack Power|Atk Pwr|Specialt|Online Deck|Offline Pile|DP Slot|Eat-up HP|Foe x3|digivol|\\"/i);
  });
});
