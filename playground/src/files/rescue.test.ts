import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetRescued, keepUnwritten, RESCUE_PREFIX, rescuedTexts, type SyncStorage } from "./rescue.ts";
import { Saver } from "./store.ts";

/** A Map as Web Storage, optionally full. */
function fakeStorage(limit = Infinity): SyncStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException("full", "QuotaExceededError");
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

describe("rescue of unwritten edits", () => {
  it("keeps texts under the prefix and reads them back sorted; forget removes one", () => {
    const s = fakeStorage();
    expect(keepUnwritten(s, [["b.dgs", "B"], ["a.deck", "A"]])).toEqual(["b.dgs", "a.deck"]);
    expect(s.map.get(`${RESCUE_PREFIX}b.dgs`)).toBe("B");
    expect(rescuedTexts(s)).toEqual([{ name: "a.deck", text: "A" }, { name: "b.dgs", text: "B" }]);
    forgetRescued(s, "a.deck");
    expect(rescuedTexts(s)).toEqual([{ name: "b.dgs", text: "B" }]);
  });

  it("skips a text that does not fit and keeps the others", () => {
    const s = fakeStorage(3);
    expect(keepUnwritten(s, [["big.dgs", "too long"], ["ok.dgs", "ok"]])).toEqual(["ok.dgs"]);
    expect(rescuedTexts(s).map((r) => r.name)).toEqual(["ok.dgs"]);
  });

  it("ignores and removes keys whose names are not safe file names; leaves other keys alone", () => {
    const s = fakeStorage();
    s.setItem(`${RESCUE_PREFIX}../evil.dgs`, "x");
    s.setItem(`${RESCUE_PREFIX}<img src=x>.dgs`, "x");
    s.setItem("someone-else", "y");
    s.setItem(`${RESCUE_PREFIX}fine.dgs`, "z");
    expect(rescuedTexts(s)).toEqual([{ name: "fine.dgs", text: "z" }]);
    expect([...s.map.keys()].sort()).toEqual([`${RESCUE_PREFIX}fine.dgs`, "someone-else"]);
  });
});

describe("Saver.unwritten", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("lists pending texts (newest), writes in flight and failed writes; not written ones only", async () => {
    let release: () => void = () => {};
    const saver = new Saver(
      (n) =>
        n === "slow.dgs"
          ? new Promise<void>((r) => (release = r))
          : n === "bad.dgs"
            ? Promise.reject(new Error("storage full"))
            : Promise.resolve(),
      400,
    );
    let text = "v1";
    saver.schedule("typed.dgs", () => text);
    text = "v2";
    expect(saver.unwritten()).toEqual([["typed.dgs", "v2"]]);
    saver.schedule("slow.dgs", () => "S");
    saver.schedule("bad.dgs", () => "B");
    saver.schedule("done.dgs", () => "D");
    await vi.advanceTimersByTimeAsync(500);
    // typed and done are written; slow is in flight; bad failed.
    expect(saver.unwritten().sort()).toEqual([["bad.dgs", "B"], ["slow.dgs", "S"]]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.unwritten()).toEqual([["bad.dgs", "B"]]);
  });
});
