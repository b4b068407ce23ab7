import { describe, expect, it } from "vitest";
import { applyChanges, type TextChange } from "./deltas.ts";

describe("applyChanges: a keystroke's changes applied to the worker's copy of the file", () => {
  const text = "card DS1-001\n  text: Draw 1.\n";

  it("inserts a typed character at its offset", () => {
    const at = text.indexOf(".");
    expect(applyChanges(text, [{ offset: at, length: 0, text: " more" }], text.length + 5)).toBe("card DS1-001\n  text: Draw 1 more.\n");
  });

  it("replaces a selection and deletes with an empty text", () => {
    const at = text.indexOf("Draw");
    expect(applyChanges(text, [{ offset: at, length: 4, text: "Discard" }], text.length + 3)).toBe("card DS1-001\n  text: Discard 1.\n");
    expect(applyChanges(text, [{ offset: at, length: 5, text: "" }], text.length - 5)).toBe("card DS1-001\n  text: 1.\n");
  });

  it("applies a multi-cursor event's changes in the order given (descending offsets, each in the text before the event)", () => {
    // Typing "x" with cursors after "card" and after "text:" gives two changes, the later offset first.
    const a = text.indexOf(" DS1");
    const b = text.indexOf(" Draw");
    const changes: TextChange[] = [
      { offset: b, length: 0, text: "x" },
      { offset: a, length: 0, text: "x" },
    ];
    expect(applyChanges(text, changes, text.length + 2)).toBe("cardx DS1-001\n  text:x Draw 1.\n");
  });

  it("refuses changes that do not fit the text (a resync), never guessing", () => {
    expect(applyChanges(text, [{ offset: text.length + 1, length: 0, text: "x" }], text.length + 1)).toBeNull();
    expect(applyChanges(text, [{ offset: 2, length: text.length, text: "" }], 2)).toBeNull();
    expect(applyChanges(text, [{ offset: -1, length: 0, text: "x" }], text.length + 1)).toBeNull();
    expect(applyChanges(text, [{ offset: 1.5, length: 0, text: "x" }], text.length + 1)).toBeNull();
    // The copy is not the editor's text: the lengths disagree after the change.
    expect(applyChanges(text, [{ offset: 0, length: 0, text: "x" }], text.length + 2)).toBeNull();
  });

  it("replaces the whole text (a flush: setValue) as one change", () => {
    expect(applyChanges(text, [{ offset: 0, length: text.length, text: "set X\n" }], 6)).toBe("set X\n");
  });
});
