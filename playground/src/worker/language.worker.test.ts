/**
 * The language worker's deck diagnostics, driven through its message protocol (`protocol.ts`)
 * with `self` stood in for: a `.deck` file added or edited gets the diagnostics of
 * `digiscript check my.deck` against the workspace's sets, pushed as a set file's are (same
 * message, the deck's version); a set file's edit refreshes the decks' diagnostics; a deck's
 * edit never runs the set checker again, and without a deck no deck is checked.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FileDiagnostic } from "../../../compiler/api.ts";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { WorkspaceDecks } from "../../../compiler/service/decks.ts";
import type { DiagnosticsPush, Reply, WorkerMessage } from "./protocol.ts";
import { digimonBlock } from "../../../tests/helpers.ts";

const starter = readFileSync(new URL("../../../cards/dbe/starter.dgs", import.meta.url), "utf8");
const dcgExample = readFileSync(new URL("../../../cards/dcg/example.dgs", import.meta.url), "utf8");
const dcgPractice = readFileSync(new URL("../../decks/dsx-ember-practice.deck", import.meta.url), "utf8");

/** An own set with one card, MY-001. */
const OWN = ["set MY My Set", "ruleset dbe", "", ...digimonBlock("MY-001", "Sparkmon", "Boost own Power +200.")].join("\n");
/** A deck of the own set and the starter: a comment after an entry, and too few cards. */
const DECK = "deck Mine\nruleset dbe\nmain:\n4 MY-001 # the new one\n4 DS1-002\n";

const messages: WorkerMessage[] = [];
let onmessage: (ev: { data: unknown }) => void;
let nextId = 1;
const setsChecked = vi.spyOn(Workspace.prototype, "check");
const decksChecked = vi.spyOn(WorkspaceDecks.prototype, "check");

beforeAll(async () => {
  const self = {
    postMessage: (m: WorkerMessage) => messages.push(m),
    onmessage: null as unknown as (ev: { data: unknown }) => void,
  };
  (globalThis as { self?: unknown }).self = self;
  await import("./language.worker.ts");
  onmessage = self.onmessage;
});
afterAll(() => {
  delete (globalThis as { self?: unknown }).self;
});

/** Send a request and wait for its reply; the pushes posted meanwhile are returned too. */
async function ask(req: Record<string, unknown>): Promise<{ value: unknown; pushes: DiagnosticsPush["files"] }> {
  const id = nextId++;
  const from = messages.length;
  onmessage({ data: { ...req, id } });
  for (let i = 0; i < 500; i++) {
    const reply = messages.slice(from).find((m): m is Reply => "id" in m && m.id === id);
    if (reply) {
      if (!reply.ok) throw new Error(reply.error);
      // An init's diagnostics come on the next turn: a request that is not an edit pushes them first.
      return { value: reply.value, pushes: messages.slice(from).flatMap((m) => ("kind" in m ? m.files : [])) };
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no reply to ${JSON.stringify(req)}`);
}
/** Pushes up to now, after the scheduled check ran (a `playable` request flushes it). */
async function settle(): Promise<DiagnosticsPush["files"]> {
  const from = messages.length;
  await ask({ kind: "playable" });
  return messages.slice(from).flatMap((m) => ("kind" in m ? m.files : []));
}
/** The pushes posted since message `from`, once the tasks queued now have run (the decks' check after a set file's edit is one). */
async function pushesAfterTasks(from: number): Promise<DiagnosticsPush["files"]> {
  await new Promise((r) => setTimeout(r, 30));
  return messages.slice(from).flatMap((m) => ("kind" in m ? m.files : []));
}
/**
 * The pushes since message `from`, once one of them holds `file` (the deck checks are loaded
 * with the first deck, in a chunk of their own: its first diagnostics come once they are).
 */
async function pushesWith(file: string, from: number): Promise<DiagnosticsPush["files"]> {
  for (let i = 0; i < 400; i++) {
    const pushes = messages.slice(from).flatMap((m) => ("kind" in m ? m.files : []));
    if (pushes.some((p) => p.file === file)) return pushes;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no diagnostics pushed for ${file}`);
}
const forFile = (pushes: DiagnosticsPush["files"], file: string) => pushes.filter((p) => p.file === file).at(-1);
const codes = (ds: FileDiagnostic[]) => ds.map((d) => d.code);

describe("the language worker's deck diagnostics", () => {
  it("a deck added gets the CLI's diagnostics, with its version (none checked before there is one); go to definition from its lines", async () => {
    await ask({ kind: "init", files: [{ name: "cards/dbe/starter.dgs", text: starter, readOnly: true, version: 0 }, { name: "my.dgs", text: OWN, readOnly: false, version: 1 }] });
    await settle();
    await ask({ kind: "edit", file: "my.dgs", text: `${OWN}\n`, version: 2 });
    expect(setsChecked.mock.calls.length).toBeGreaterThan(0);
    // No deck yet: no deck is checked on a set's keystroke.
    expect(decksChecked).not.toHaveBeenCalled();
    const from = messages.length;
    await ask({ kind: "init", files: [{ name: "mine.deck", text: DECK, readOnly: false, version: 7 }] });
    const pushes = await pushesWith("mine.deck", from);
    const p = forFile(pushes, "mine.deck");
    expect(p?.version).toBe(7);
    // In position order: the deck's size on its `deck` line, then the comment at its columns.
    expect(codes(p!.diagnostics)).toEqual(["deck-construction", "deck-format"]);
    expect(p!.diagnostics[0]!).toMatchObject({ line: 1 });
    expect(p!.diagnostics[0]!.message).toMatch(/exactly 50 cards/);
    expect(p!.diagnostics[1]).toMatchObject({ file: "mine.deck", line: 4, col: 10, endCol: 23 });
    // The deck is not read as a set file: no set diagnostics for it.
    expect(pushes.filter((x) => x.file === "mine.deck").flatMap((x) => x.diagnostics).every((d) => d.code.startsWith("deck-"))).toBe(true);
    const def = await ask({ kind: "definition", file: "mine.deck", offset: DECK.indexOf("DS1-002") + 2 });
    expect(def.value).toMatchObject({ file: "cards/dbe/starter.dgs" });
  });

  it("a deck's edit (whole text or changes) is checked against the sets' last check: the set checker does not run", async () => {
    const sets = setsChecked.mock.calls.length;
    const typo = DECK.replace("4 DS1-002", "4 DS1-0002");
    const r1 = await ask({ kind: "edit", file: "mine.deck", text: typo, version: 8 });
    const p1 = forFile(r1.pushes, "mine.deck")!;
    expect(p1.version).toBe(8);
    const unknown = p1.diagnostics.find((d) => d.code === "deck-unknown-card");
    // Over the number itself (the quick fix replaces it), with the hint the quick fix reads.
    expect(unknown).toMatchObject({ line: 5, col: 3, endCol: 11, hint: 'did you mean "DS1-002"?' });
    // The quick fix's edit, sent as changes: the typo gone.
    const at = typo.indexOf("DS1-0002");
    const r2 = await ask({ kind: "edit", file: "mine.deck", changes: [{ offset: at, length: "DS1-0002".length, text: "DS1-002" }], from: 8, length: DECK.length, version: 9 });
    // Nothing of the sets was checked for it.
    expect(r2.value).toMatchObject({ version: 9, reused: 0, checked: 0 });
    expect((r2.value as { resync?: true }).resync).toBeUndefined();
    const p2 = forFile(r2.pushes, "mine.deck")!;
    expect(p2.version).toBe(9);
    expect(codes(p2.diagnostics)).toEqual(["deck-construction", "deck-format"]);
    expect(setsChecked.mock.calls.length).toBe(sets);
  });

  it("a set file's edit refreshes the deck after the set file's own diagnostics: a card renamed makes its entry unknown, then fixed again", async () => {
    const renamed = OWN.replace("card MY-001 Sparkmon", "card MY-0001 Sparkmon");
    const from = messages.length;
    await ask({ kind: "edit", file: "my.dgs", text: renamed, version: 3 });
    const p = forFile(await pushesAfterTasks(from), "mine.deck");
    // The keystroke's own push holds the set file; the deck comes in a later push: the set
    // file's markers never wait for the decks.
    const pushed = messages.slice(from).filter((m): m is DiagnosticsPush => "kind" in m).map((m) => m.files.map((f) => f.file));
    const setAt = pushed.findIndex((files) => files.includes("my.dgs"));
    const deckAt = pushed.findIndex((files) => files.includes("mine.deck"));
    expect(setAt).toBeGreaterThanOrEqual(0);
    expect(deckAt).toBeGreaterThan(setAt);
    // The deck's own version, not the set's.
    expect(p?.version).toBe(9);
    expect(p!.diagnostics.find((d) => d.code === "deck-unknown-card")).toMatchObject({ line: 4, hint: 'did you mean "MY-0001"?' });
    const from2 = messages.length;
    await ask({ kind: "edit", file: "my.dgs", text: OWN, version: 4 });
    expect(codes(forFile(await pushesAfterTasks(from2), "mine.deck")!.diagnostics)).toEqual(["deck-construction", "deck-format"]);
  });

  it("a bundled (read-only) deck is not checked, and go to definition still reads it", async () => {
    const bundledDeck = "deck Bundled\nruleset dbe\nmain:\n4 DS1-002\n";
    await ask({ kind: "init", files: [{ name: "cards/dbe/decks/bundled.deck", text: bundledDeck, readOnly: true, version: 0 }] });
    const pushes = await settle();
    expect(forFile(pushes, "cards/dbe/decks/bundled.deck")).toBeUndefined();
    const def = await ask({ kind: "definition", file: "cards/dbe/decks/bundled.deck", offset: bundledDeck.indexOf("DS1-002") + 2 });
    expect(def.value).toMatchObject({ file: "cards/dbe/starter.dgs" });
  });

  it("a DCG deck is checked against the DCG sets; a removed deck is no longer checked", async () => {
    const from = messages.length;
    await ask({ kind: "init", files: [{ name: "cards/dcg/example.dgs", text: dcgExample, readOnly: true, version: 0 }, { name: "practice.deck", text: dcgPractice, readOnly: false, version: 1 }] });
    const p = forFile(await pushesWith("practice.deck", from), "practice.deck")!;
    expect(p.diagnostics.length).toBeGreaterThan(0);
    // Every DSX card is known and compiles: only the practice deck's limits (002 §5-1-1).
    expect(new Set(codes(p.diagnostics))).toEqual(new Set(["deck-construction"]));
    await ask({ kind: "remove", file: "practice.deck" });
    await ask({ kind: "remove", file: "mine.deck" });
    await settle();
    decksChecked.mockClear();
    await ask({ kind: "edit", file: "my.dgs", text: `${OWN}\n\n`, version: 5 });
    expect(decksChecked).not.toHaveBeenCalled();
  });
});
