import { describe, expect, it } from "vitest";
import type { DuelSettings } from "../app/app.ts";
import { planImport, type ExistingFile } from "./plan.ts";
import { STATE_FORMAT, type ShareState } from "./state.ts";

const bundled: ExistingFile[] = [
  { name: "cards/dbe/starter.dgs", text: "set DS1 DigiScript Starter\n", readOnly: true },
  { name: "cards/dbe/decks/dragon-rush.deck", text: "deck Dragon Rush\n", readOnly: true },
  { name: "cards/dbe/decks/nature-wall.deck", text: "deck Nature Wall\n", readOnly: true },
];
const duel: DuelSettings = { decks: ["cards/dbe/decks/dragon-rush.deck", "cards/dbe/decks/nature-wall.deck"], seed: 1, ruleset: "dbe", players: ["me", "greedy"] };

const shared: ShareState = {
  format: STATE_FORMAT,
  files: [
    { name: "my-set.dgs", text: "set MY Mine\ncard MY-001 A\n" },
    { name: "mine.deck", text: "deck Mine\n" },
  ],
  active: "my-set.dgs",
  duel: { decks: ["mine.deck", "cards/dbe/decks/nature-wall.deck"], seed: 42, ruleset: "dbe", players: ["random", "me"] },
};

describe("importing a shared state", () => {
  it("into an empty playground: every file new, the same names and settings", () => {
    const p = planImport(shared, bundled, duel);
    expect(p.files.map((f) => [f.name, f.action])).toEqual([
      ["my-set.dgs", "new"],
      ["mine.deck", "new"],
    ]);
    expect(p.active).toBe("my-set.dgs");
    expect(p.duel).toEqual(shared.duel);
    expect(p.notes).toEqual([]);
  });

  it("never overwrites a stored file: a taken name gets a free one, and decks follow", () => {
    const own: ExistingFile[] = [
      { name: "my-set.dgs", text: "set OTHER Other\n", readOnly: false },
      { name: "mine.deck", text: "deck Different\n", readOnly: false },
      { name: "mine-2.deck", text: "x", readOnly: false },
    ];
    const p = planImport(shared, [...bundled, ...own], duel);
    expect(p.files.map((f) => [f.from, f.name, f.action])).toEqual([
      ["my-set.dgs", "my-set-2.dgs", "renamed"],
      ["mine.deck", "mine-3.deck", "renamed"],
    ]);
    expect(p.active).toBe("my-set-2.dgs");
    expect(p.duel.decks).toEqual(["mine-3.deck", "cards/dbe/decks/nature-wall.deck"]);
    expect(p.duel.seed).toBe(42);
    expect(p.notes).toContain("my-set.dgs was opened as my-set-2.dgs, since you already have a different my-set.dgs.");
  });

  it("opening the same link twice adds nothing the second time", () => {
    const own = shared.files.map((f) => ({ ...f, readOnly: false }));
    const p = planImport(shared, [...bundled, ...own], duel);
    expect(p.files.every((f) => f.action === "same")).toBe(true);
    expect(p.active).toBe("my-set.dgs");
    expect(p.duel.decks[0]).toBe("mine.deck");
  });

  it("opening a link twice whose files were renamed the first time adds no third copy", () => {
    const own: ExistingFile[] = [
      { name: "my-set.dgs", text: "set OTHER Other\n", readOnly: false },
      { name: "mine.deck", text: "deck Different\n", readOnly: false },
    ];
    const first = planImport(shared, [...bundled, ...own], duel);
    expect(first.files.map((f) => [f.name, f.action])).toEqual([
      ["my-set-2.dgs", "renamed"],
      ["mine-2.deck", "renamed"],
    ]);
    const afterFirst = [...bundled, ...own, ...first.files.map((f) => ({ name: f.name, text: f.text, readOnly: false }))];
    const second = planImport(shared, afterFirst, duel);
    expect(second.files.map((f) => [f.from, f.name, f.action])).toEqual([
      ["my-set.dgs", "my-set-2.dgs", "same"],
      ["mine.deck", "mine-2.deck", "same"],
    ]);
    expect(second.active).toBe("my-set-2.dgs");
    expect(second.duel.decks[0]).toBe("mine-2.deck");
    expect(second.notes).toEqual([]);
    // A copy whose text changed since is not the shared file: the link adds it again.
    const edited = afterFirst.map((f) => (f.name === "my-set-2.dgs" ? { ...f, text: "set MY Mine\ncard MY-001 B\n" } : f));
    expect(planImport(shared, edited, duel).files[0]).toMatchObject({ name: "my-set-3.dgs", action: "renamed" });
    // Copies whose names the import made safe or cut to fit are recognised too.
    for (const [wanted, copy] of [
      [`${"a".repeat(60)}.dgs`, `${"a".repeat(58)}-2.dgs`],
      ["x-.dgs", "x.dgs"],
      ["set-2024 v2.dgs", "set-2024-v2.dgs"],
    ] as const) {
      const state: ShareState = { ...shared, files: [{ name: wanted, text: "set Q Q\n" }], active: wanted };
      const taken = [...bundled, { name: wanted, text: "set OTHER Other\n", readOnly: false }];
      const once = planImport(state, taken, duel);
      expect(once.files[0]!.name, wanted).toBe(copy);
      const twice = planImport(state, [...taken, { name: copy, text: "set Q Q\n", readOnly: false }], duel);
      expect(twice.files[0], wanted).toMatchObject({ name: copy, action: "same" });
    }
    // A file that merely has the same text under another name is not taken for the shared one.
    const other = [...bundled, ...own, { name: "copy-of-mine.dgs", text: shared.files[0]!.text, readOnly: false }];
    expect(planImport(shared, other, duel).files[0]).toMatchObject({ name: "my-set-2.dgs", action: "renamed" });
  });

  it("keeps a side's deck when the shared deck is not here, and says so", () => {
    const s: ShareState = { ...shared, duel: { ...shared.duel, decks: ["cards/dbe/decks/gone.deck", "my-set.dgs"] } };
    const p = planImport(s, bundled, duel);
    expect(p.duel.decks).toEqual(duel.decks);
    expect(p.notes.join(" ")).toMatch(/"cards\/dbe\/decks\/gone.deck" of side 1 is not in this playground; that side keeps cards\/dbe\/decks\/dragon-rush.deck/);
    expect(p.notes.join(" ")).toMatch(/"my-set.dgs" of side 2/);
  });

  it("opens a bundled active file, or the first shared file for an unknown one", () => {
    expect(planImport({ ...shared, active: "cards/dbe/starter.dgs" }, bundled, duel).active).toBe("cards/dbe/starter.dgs");
    expect(planImport({ ...shared, active: "nope.dgs" }, bundled, duel).active).toBe("my-set.dgs");
    expect(planImport({ ...shared, files: [], active: null }, bundled, duel).active).toBeNull();
  });

  it("warns when a new file shares its set code with a file already here", () => {
    const own: ExistingFile[] = [{ name: "starter.dgs", text: "# mine\nset my Starter\n", readOnly: false }];
    const p = planImport(shared, [...bundled, ...own], duel);
    expect(p.notes.join(" ")).toMatch(/my-set.dgs declares set MY, as starter.dgs does/);
    // Shared files of one set code are one set on purpose: no note.
    const two: ShareState = { ...shared, files: [...shared.files, { name: "my-set-part2.dgs", text: "set MY Mine\n" }] };
    expect(planImport(two, bundled, duel).notes).toEqual([]);
  });
});
