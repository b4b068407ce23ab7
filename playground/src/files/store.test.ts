import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileStore, memoryKeyValue, Saver, type SaveState } from "./store.ts";

describe("FileStore", () => {
  it("saves, loads (sorted), renames atomically and deletes files", async () => {
    const kv = memoryKeyValue();
    const store = new FileStore(kv);
    expect(await store.load()).toEqual({ files: [], active: null, skipped: [], empty: true });
    await store.save("b.dgs", "set B\n");
    await store.save("a.deck", "deck A\n");
    await store.setActive("b.dgs");
    expect(await store.load()).toEqual({ files: [{ name: "a.deck", text: "deck A\n" }, { name: "b.dgs", text: "set B\n" }], active: "b.dgs", skipped: [], empty: false });
    await store.rename("b.dgs", "c.dgs", "set C\n");
    expect([...kv.map.keys()].sort()).toEqual(["file:a.deck", "file:c.dgs", "meta"]);
    await store.remove("a.deck");
    expect((await store.load()).files).toEqual([{ name: "c.dgs", text: "set C\n" }]);
  });

  it("skips records that are malformed or carry unsafe names, without deleting them", async () => {
    const kv = memoryKeyValue([
      ["file:ok.dgs", { name: "ok.dgs", text: "x", updated: 1 }],
      ["file:../evil.dgs", { name: "../evil.dgs", text: "x" }],
      ["file:mismatch.dgs", { name: "other.dgs", text: "x" }],
      ["file:notext.dgs", { name: "notext.dgs", text: 42 }],
      ["file:OK.dgs", { name: "OK.dgs", text: "case clash" }],
      ["meta", { layout: 1, active: 7 }],
      ["stray", "x"],
    ]);
    const r = await new FileStore(kv).load();
    expect(r.files).toEqual([{ name: "ok.dgs", text: "x" }]);
    expect(r.active).toBeNull();
    expect(r.skipped.sort()).toEqual(["file:../evil.dgs", "file:OK.dgs", "file:mismatch.dgs", "file:notext.dgs", "meta", "stray"]);
    expect(kv.map.size).toBe(7);
  });

  it("passes storage failures on", async () => {
    const store = new FileStore({ entries: async () => Promise.reject(new Error("no IndexedDB")), apply: async () => Promise.reject(new Error("QuotaExceededError")) });
    await expect(store.load()).rejects.toThrow(/no IndexedDB/);
    await expect(store.save("a.dgs", "x")).rejects.toThrow(/Quota/);
  });
});

describe("Saver", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("writes a file once changes pause, with its newest text", async () => {
    const writes: [string, string][] = [];
    const states: string[] = [];
    let text = "a";
    const saver = new Saver(async (n, t) => void writes.push([n, t]), 400, (s) => states.push(s.state));
    saver.schedule("x.dgs", () => text);
    await vi.advanceTimersByTimeAsync(300);
    text = "ab";
    saver.schedule("x.dgs", () => text);
    await vi.advanceTimersByTimeAsync(300);
    expect(writes).toEqual([]);
    expect(saver.isPending("x.dgs")).toBe(true);
    text = "abc";
    await vi.advanceTimersByTimeAsync(200);
    expect(writes).toEqual([["x.dgs", "abc"]]);
    expect(states.at(-1)).toBe("saved");
    expect(saver.isPending("x.dgs")).toBe(false);
  });

  it("flush writes everything pending at once; cancel forgets a file", async () => {
    const writes: string[] = [];
    const saver = new Saver(async (n) => void writes.push(n), 400);
    saver.schedule("a.dgs", () => "1");
    saver.schedule("b.dgs", () => "2");
    saver.schedule("c.dgs", () => "3");
    saver.cancel("b.dgs");
    await saver.flush();
    expect(writes.sort()).toEqual(["a.dgs", "c.dgs"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes.length).toBe(2);
  });

  it("reports a failed write and keeps going", async () => {
    const states: SaveState[] = [];
    const saver = new Saver(async (n) => {
      if (n === "bad.dgs") throw new Error("QuotaExceededError");
    }, 10, (s) => states.push(s));
    saver.schedule("bad.dgs", () => "x");
    saver.schedule("good.dgs", () => "y");
    await vi.advanceTimersByTimeAsync(20);
    expect(states.find((s) => s.state === "error")).toMatchObject({ state: "error", file: "bad.dgs" });
    expect(states.at(-1)!.state).toBe("saved");
  });
});
