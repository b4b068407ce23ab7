/**
 * The set files of the language workspace (`set-files.ts`), kept by the worker and by the
 * page alike: a designer's set with a bundled set's code replaces the bundled set while it
 * declares that code, and an edit re-checks only the card block it changed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { digimonBlock } from "../../../tests/helpers.ts";
import { SetFiles } from "./set-files.ts";
import { setCodeOf } from "../files/names.ts";
import { shadowedBundled } from "./shadowing.ts";

const STARTER = "cards/dbe/starter.dgs";
const starter = readFileSync(new URL(`../../../${STARTER}`, import.meta.url), "utf8");

/** A set file of the designer's with the given code and one card. */
const own = (code: string, text = "Boost own Power +200.") => [`set ${code} My Set`, "ruleset dbe", "", ...digimonBlock(`${code}-001`, "Sparkmon", text)].join("\n");

describe("SetFiles", () => {
  it("takes a bundled set out of the workspace while a file of the designer's declares its code, and puts it back after", () => {
    const sets = new SetFiles();
    sets.set(STARTER, starter, true);
    sets.set("mine.dgs", own("MY"), false);
    expect(sets.check().sets.map((s) => s.code).sort()).toEqual(["DS1", "MY"]);

    // The designer's file now says DS1: the bundled DS1 leaves, theirs is the DS1 set.
    sets.set("mine.dgs", own("DS1"));
    const shadowed = sets.check();
    expect(sets.ws.get(STARTER)).toBeUndefined();
    expect(shadowed.sets.map((s) => s.code)).toEqual(["DS1"]);
    expect(shadowed.sets[0]!.cards.map((c) => c.stats.setNumber)).toEqual(["DS1-001"]);

    // Back to its own code: the bundled set returns.
    sets.set("mine.dgs", own("MY"));
    expect(sets.check().sets.map((s) => s.code).sort()).toEqual(["DS1", "MY"]);

    // Removed while shadowing: the bundled set returns too.
    sets.set("mine.dgs", own("DS1"));
    sets.check();
    sets.delete("mine.dgs");
    expect(sets.check().sets.map((s) => s.code)).toEqual(["DS1"]);
    expect(sets.ws.get(STARTER)).toBe(starter);
  });

  it("checks again only after an edit, and then only the card block the edit changed", () => {
    const sets = new SetFiles();
    sets.set(STARTER, starter, true);
    sets.set("mine.dgs", own("MY"), false);
    const first = sets.check();
    expect(sets.stale).toBe(false);
    expect(sets.check()).toBe(first);

    sets.set("mine.dgs", own("MY", "Boost own Power +300."));
    expect(sets.stale).toBe(true);
    const again = sets.check();
    expect(again.checked).toBe(1);
    expect(again.reused).toBeGreaterThan(50);
  });
});

describe("shadowedBundled", () => {
  it("names the bundled files whose code a file of the designer's declares, and no other", () => {
    const files = [
      { name: STARTER, text: starter, readOnly: true },
      { name: "cards/dbe/rules-cards.dgs", text: "set RC Rules\n", readOnly: true },
      { name: "mine.dgs", text: own("DS1"), readOnly: false },
      { name: "other.dgs", text: own("RCX"), readOnly: false },
    ];
    expect([...shadowedBundled(files)]).toEqual([STARTER]);
    // A bundled file never shadows another, and a file without a `set` line shadows nothing.
    expect([...shadowedBundled([{ name: STARTER, text: starter, readOnly: true }, { name: "copy.dgs", text: starter, readOnly: true }, { name: "x.dgs", text: "# nothing yet\n", readOnly: false }])]).toEqual([]);
    expect(setCodeOf(own("MY"))).toBe("MY");
    expect(setCodeOf("card MY-001 X\n")).toBeNull();
  });
});
