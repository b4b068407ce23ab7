/**
 * The language worker: the project's compiler and language service (`compiler/service`),
 * unchanged, in a Web Worker, so typing never waits for the checker.
 *
 * It holds the workspace (bundled sets read-only, the designer's files) in a `SetFiles`
 * (`set-files.ts`), whose `Workspace` re-checks only the card blocks an edit changed (and DCG
 * sets only when a DCG file changed: editing a DBE set never parses DCG text); the page keeps
 * another for a keystroke's markers (`editor/instant-markers.ts`). Edits are coalesced: a check runs
 * on the newest text of every file once the queue of messages is empty, and its diagnostics
 * are pushed with the version of the text they belong to (the page drops older ones).
 *
 * The designer's deck lists (`.deck` files) are kept apart from the set files, in a
 * `WorkspaceDecks` (`compiler/service/decks.ts`), and checked against the workspace's sets
 * with the diagnostics of `digiscript check my.deck`, pushed as the sets' are. A deck's edit
 * re-checks that deck only, against the last check of the sets (the set checker does not
 * run); after a set file's edit the decks are checked again in a later task, once the set
 * file's own diagnostics are pushed, so a keystroke's markers never wait for the decks. The
 * deck checks are loaded with the designer's first deck (they bring the rules runtimes' lists
 * of what each can play, which the worker's start does not need). The
 * bundled decks are not checked (they are checked in the project's tests; the DCG ones name
 * cards of the official pool, which the page does not have).
 * Protocol: `protocol.ts`.
 */
import { complete, format, hover } from "../../../compiler/service/index.ts";
import type { WorkspaceCheck } from "../../../compiler/service/workspace.ts";
import type { WorkspaceDecks } from "../../../compiler/service/decks.ts";
import type { FileDiagnostic } from "../../../compiler/api.ts";
import type { CompiledCard } from "../../../runtime/card.ts";
import type { DcgCard } from "../../../runtime/lang/dcg/card.ts";
import { applyChanges } from "./deltas.ts";
import { SetFiles } from "./set-files.ts";
import { allCardViews, cardMarkdown, cardViewAt, definitionOf, referenceAt } from "./navigate.ts";
import type { Answers, DiagnosticsPush, Reply, Request, WorkerMessage } from "./protocol.ts";

const sets = new SetFiles();
const ws = sets.ws;
/** Whether a workspace file is a deck list (`.deck`, as the page names them). */
const isDeckFile = (file: string): boolean => file.endsWith(".deck");
/** The designer's deck lists' texts (`.deck`), by name. */
const deckTexts = new Map<string, string>();
/** The designer's decks checked against `ws`'s sets: null until the deck checks are loaded ({@link loadDecks}). */
let decks: WorkspaceDecks | null = null;
/** The loading of the deck checks, once started. */
let decksLoading: Promise<void> | null = null;

/**
 * Load the deck checks (`compiler/service/decks.ts`) in a chunk of their own, on the designer's
 * first deck: they bring the rules runtimes' lists of what each can play, about 400 KB the
 * worker's start (and so the page's) does not need. Once loaded they take every deck's text
 * and a check is scheduled.
 */
function loadDecks(): void {
  decksLoading ??= import("../../../compiler/service/decks.ts").then(
    (m) => {
      decks = new m.WorkspaceDecks();
      for (const [file, text] of deckTexts) decks.set(file, text);
      decksDue = true;
      schedule();
    },
    (e: unknown) => console.error(`the deck checks could not be loaded: ${(e as Error).message}`),
  );
}
/** The bundled deck lists' texts (read-only, never checked here: go to definition reads them). */
const bundledDecks = new Map<string, string>();
/** Whether a check of the decks is scheduled in a task of its own ({@link checkDecksLater}). */
let decksScheduled = false;
/** Whether a deck was added or edited since the last check: the next check checks the decks then and there. */
let decksDue = false;
const versions = new Map<string, number>();
let scheduled = false;
/** The diagnostics last pushed for each file, as JSON (a file is pushed again only when they change). */
const sentDiagnostics = new Map<string, string>();
/** Edit requests waiting for the check of their text. */
const waiting: { id: number; file: string; version: number }[] = [];

const post = (m: WorkerMessage) => (self as unknown as { postMessage(m: WorkerMessage): void }).postMessage(m);

/** The latest check, running it now when an edit came in since. */
function current(): WorkspaceCheck {
  return sets.check();
}

/** Check after the messages already queued have been read (several keystrokes → one check). */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(flush, 0);
}

/**
 * Run the scheduled check now and push its diagnostics (a no-op when none is scheduled). A
 * request that arrives while a check is scheduled (the completion Monaco asks for on the
 * keystroke that was just sent) is answered after it, so the keystroke's markers never wait
 * for another answer.
 */
function flush(): void {
  if (!scheduled) return;
  scheduled = false;
  const t0 = performance.now();
  // Whether the sets are checked now (a deck's edit alone reuses the last check: nothing of it is counted).
  const fresh = sets.stale;
  const r = current();
  const edited = new Set(waiting.map((w) => w.file));
  // A deck added or edited is checked now (its markers are this keystroke's), against this
  // check of the sets; after a set file's edit the decks wait for a task of their own.
  const decksNow = decksDue && decks !== null;
  if (decksNow) decksDue = false;
  const all: Map<string, FileDiagnostic[]> = decksNow ? new Map([...r.diagnostics, ...decks!.check(r)]) : r.diagnostics;
  const ms = performance.now() - t0;
  // The edited files first, always; any other file only when its diagnostics changed
  // (a keystroke in one file seldom changes another's, and each file pushed costs the page
  // a marker update).
  const push: DiagnosticsPush = { kind: "diagnostics", files: [] };
  for (const file of edited) {
    const diagnostics = all.get(file);
    if (diagnostics) push.files.push({ file, version: versions.get(file) ?? 0, diagnostics });
  }
  for (const [file, diagnostics] of all) {
    const key = JSON.stringify(diagnostics);
    if (edited.has(file) || sentDiagnostics.get(file) !== key) {
      sentDiagnostics.set(file, key);
      if (!edited.has(file)) push.files.push({ file, version: versions.get(file) ?? 0, diagnostics });
    }
  }
  // A file gone from the workspace is forgotten (a deck's diagnostics are not in `all` after a set file's edit).
  for (const f of sentDiagnostics.keys()) if (!all.has(f) && !deckTexts.has(f)) sentDiagnostics.delete(f);
  post(push);
  for (const w of waiting.splice(0)) reply(w.id, { version: versions.get(w.file) ?? w.version, ms, reused: fresh ? r.reused : 0, checked: fresh ? r.checked : 0 });
  if (fresh && !decksNow && decks !== null && deckTexts.size > 0 && !decksScheduled) {
    decksScheduled = true;
    setTimeout(checkDecksLater, 0);
  }
}

/**
 * Check the designer's decks against the latest check of the sets, in a task after the one
 * that pushed a set file's diagnostics, and push the decks whose diagnostics changed (a card
 * renamed or fixed in a set changes a deck's problems). When an edit came in meanwhile, its
 * check runs first and checks the decks (a deck's edit) or schedules this again (a set's).
 */
function checkDecksLater(): void {
  decksScheduled = false;
  // An edit came in meanwhile: its check comes first, and checks the decks after it.
  if (scheduled || decks === null) return;
  const push: DiagnosticsPush = { kind: "diagnostics", files: [] };
  for (const [file, diagnostics] of decks.check(current())) {
    const key = JSON.stringify(diagnostics);
    if (sentDiagnostics.get(file) === key) continue;
    sentDiagnostics.set(file, key);
    push.files.push({ file, version: versions.get(file) ?? 0, diagnostics });
  }
  if (push.files.length > 0) post(push);
}

function reply<K extends keyof Answers>(id: number, value: Answers[K]): void {
  post({ id, ok: true, value } satisfies Reply);
}

/** The text of a file of the workspace: a set file's or a deck's. */
function textOf(file: string): string | undefined {
  return ws.get(file) ?? deckTexts.get(file) ?? bundledDecks.get(file);
}

function texts(): Map<string, string> {
  return new Map(ws.names().map((n) => [n, ws.get(n)!]));
}

async function handle(req: Request): Promise<void> {
  if (req.kind !== "edit" && req.kind !== "init" && req.kind !== "remove") flush();
  switch (req.kind) {
    case "init":
      for (const f of req.files) {
        versions.set(f.name, f.version ?? 0);
        if (isDeckFile(f.name)) {
          if (f.readOnly) bundledDecks.set(f.name, f.text);
          else {
            deckTexts.set(f.name, f.text);
            decks?.set(f.name, f.text);
            decksDue = true;
            loadDecks();
          }
          continue;
        }
        sets.set(f.name, f.text, f.readOnly);
      }
      schedule();
      return reply<"init">(req.id, { ok: true });
    case "edit": {
      // A text older than one already seen is dropped.
      if ((versions.get(req.file) ?? -1) > req.version) return reply<"edit">(req.id, { version: versions.get(req.file)!, ms: 0, reused: 0, checked: 0 });
      let text: string | null;
      const deck = isDeckFile(req.file);
      if ("text" in req) text = req.text;
      else {
        const old = deck ? (deckTexts.get(req.file) ?? bundledDecks.get(req.file)) : ws.get(req.file);
        text = old !== undefined && versions.get(req.file) === req.from ? applyChanges(old, req.changes, req.length) : null;
        // Not the text the editor changed (a delta lost or out of order): ask for the whole text.
        if (text === null) return reply<"edit">(req.id, { version: versions.get(req.file) ?? 0, ms: 0, reused: 0, checked: 0, resync: true });
      }
      versions.set(req.file, req.version);
      // A deck's edit leaves the sets' check as it is: only the deck is checked again.
      if (deck) {
        if (bundledDecks.has(req.file)) bundledDecks.set(req.file, text);
        else {
          deckTexts.set(req.file, text);
          decks?.set(req.file, text);
          decksDue = true;
          loadDecks();
        }
      }
      else sets.set(req.file, text);
      waiting.push({ id: req.id, file: req.file, version: req.version });
      return schedule();
    }
    case "remove":
      versions.delete(req.file);
      if (isDeckFile(req.file)) {
        deckTexts.delete(req.file);
        decks?.delete(req.file);
        bundledDecks.delete(req.file);
      }
      else sets.delete(req.file);
      schedule();
      return reply<"remove">(req.id, { ok: true });
    case "complete":
      return reply<"complete">(req.id, complete(ws.get(req.file) ?? "", req.offset));
    case "hover": {
      // A set file's text, or a deck list's (a card number on a deck line shows its card).
      const text = textOf(req.file) ?? "";
      const h = ws.get(req.file) === undefined ? null : hover(text, req.offset);
      if (h) return reply<"hover">(req.id, h);
      // A card name or set number: show that card.
      const ref = referenceAt(text, req.offset);
      const at = ref ? definitionOf(allCardViews(current(), texts(), null), ref) : null;
      const view = at ? allCardViews(current(), texts(), at.file).find((v) => v.range.line === at.line) : undefined;
      if (!ref || !view) return reply<"hover">(req.id, null);
      const start = text.lastIndexOf(ref.value, req.offset);
      const span = start >= 0 ? { start, end: start + ref.value.length } : { start: req.offset, end: req.offset };
      return reply<"hover">(req.id, { term: view.card.stats.name, markdown: cardMarkdown(view), source: view.file, span });
    }
    case "format":
      try {
        return reply<"format">(req.id, { text: await format(ws.get(req.file) ?? "") });
      } catch (e) {
        return reply<"format">(req.id, { error: (e as Error).message.split("\n")[0]! });
      }
    case "definition": {
      // A set number in a set file or on a deck's line goes to its card block.
      const ref = referenceAt(textOf(req.file) ?? "", req.offset);
      const views = allCardViews(current(), texts(), null);
      return reply<"definition">(req.id, ref ? definitionOf(views, ref) : null);
    }
    case "cardAt": {
      const text = ws.get(req.file);
      return reply<"cardAt">(req.id, text === undefined ? null : cardViewAt(current(), req.file, text, req.offset));
    }
    case "cards":
      return reply<"cards">(req.id, allCardViews(current(), texts(), req.file));
    case "playable": {
      const cards: CompiledCard[] = current().sets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
      return reply<"playable">(req.id, cards);
    }
    case "dcgPlayable": {
      const cards: DcgCard[] = current().dcgSets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
      return reply<"dcgPlayable">(req.id, cards);
    }
  }
}

self.onmessage = (ev: MessageEvent<Request>) => {
  const req = ev.data;
  handle(req).catch((e: unknown) => post({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) }));
};
