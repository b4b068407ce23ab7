/**
 * The workspace as the duel bench, the scenarios and the simulation see it: the compiled
 * cards (the language worker's `{kind: "playable"}`: bundled and the designer's own, as soon
 * as they compile), the card blocks with their ranges (`{kind: "cards"}`), the deck files,
 * and the jump from a log line to its card sentence in the editor. Answers are cached until
 * a file changes.
 */
import type { App } from "../app/app.ts";
import type { CompiledCard } from "../../../runtime/card.ts";
import type { DcgCard } from "../../../runtime/lang/dcg/card.ts";
import { isDcgView, type AnyCardView, type CardView, type DcgCardView, type FileRange } from "../worker/protocol.ts";
import { blockText, locateSentence, type LogLink } from "./log.ts";
import type { DeckFile } from "./setup.ts";

/** Cached workspace answers of one app (one per page). */
interface Cached {
  playable: Promise<CompiledCard[]> | null;
  dcgPlayable: Promise<DcgCard[]> | null;
  views: Promise<AnyCardView[]> | null;
}
const CACHE = new WeakMap<App, Cached>();

function cache(app: App): Cached {
  let c = CACHE.get(app);
  if (!c) {
    const made: Cached = { playable: null, dcgPlayable: null, views: null };
    CACHE.set(app, made);
    const drop = () => {
      made.playable = null;
      made.dcgPlayable = null;
      made.views = null;
    };
    app.on("text", drop);
    app.on("files", drop);
    c = made;
  }
  return c;
}

/** Every compiled card of the workspace (cached until a file changes). */
export function playableCards(app: App): Promise<CompiledCard[]> {
  const c = cache(app);
  c.playable ??= app.client.ask({ kind: "playable" }).catch((e: unknown) => {
    c.playable = null;
    throw e;
  });
  return c.playable;
}

/** Every compiled DCG card of the workspace (`ruleset dcg` sets, cards without errors; cached until a file changes). */
export function dcgPlayableCards(app: App): Promise<DcgCard[]> {
  const c = cache(app);
  c.dcgPlayable ??= app.client.ask({ kind: "dcgPlayable" }).catch((e: unknown) => {
    c.dcgPlayable = null;
    throw e;
  });
  return c.dcgPlayable;
}

/** Every card block of the workspace, DBE/DMB and DCG, with its range (cached until a file changes). */
export function anyCardViews(app: App): Promise<AnyCardView[]> {
  const c = cache(app);
  c.views ??= app.client.ask({ kind: "cards", file: null }).catch((e: unknown) => {
    c.views = null;
    throw e;
  });
  return c.views;
}

/** Every DBE/DMB card block of the workspace with its range (cached until a file changes). */
export async function cardViews(app: App): Promise<CardView[]> {
  return (await anyCardViews(app)).filter((v): v is CardView => !isDcgView(v));
}

/** Every DCG card block of the workspace with its range (cached until a file changes). */
export async function dcgCardViews(app: App): Promise<DcgCardView[]> {
  return (await anyCardViews(app)).filter(isDcgView);
}

/** A card view's printed number: the set number (DBE, DMB) or the card number (DCG). */
export function numberOf(v: AnyCardView): string {
  return isDcgView(v) ? v.card.stats.number : v.card.stats.setNumber;
}

/** The deck files of the workspace (bundled first, then the designer's), with their text. */
export function deckFiles(app: App): DeckFile[] {
  return app.files().filter((f) => f.kind === "deck").map((f) => ({ file: f.name, text: app.text(f.name) }));
}

/** The deck file of a name, or null when the workspace has no such deck. */
export function deckFile(app: App, file: string): DeckFile | null {
  const e = app.entry(file);
  return e && e.kind === "deck" ? { file, text: app.text(file) } : null;
}

/** The card block defining a card (by set or card number and name; a designer's file before a bundled one). */
export function viewOf<V extends AnyCardView>(app: App, views: readonly V[], setNumber: string, name: string): V | null {
  const hits = views.filter((v) => numberOf(v) === setNumber);
  const named = hits.filter((v) => v.card.stats.name === name);
  const pick = named.length ? named : hits;
  return pick.find((v) => !app.entry(v.file)?.readOnly) ?? pick[0] ?? null;
}

/**
 * Where a log line's card sentence is written: the sentence inside its card block, or the
 * block's first line when the sentence is not found (or the line names only the card).
 * @returns the range, or null when no card block defines the card
 */
export async function rangeOfLink(app: App, link: LogLink): Promise<FileRange | null> {
  const v = viewOf(app, await anyCardViews(app), link.setNumber, link.name);
  if (!v) return null;
  if (link.text) {
    const r = locateSentence(app.text(v.file), v.range, link.text);
    if (r) return { file: v.file, ...r };
  }
  const first = app.text(v.file).split(/\r\n|\r|\n/)[v.range.line - 1] ?? "";
  return { file: v.file, line: v.range.line, col: 1, endLine: v.range.line, endCol: first.length + 1 };
}

/**
 * Select a log line's card sentence in the editor (`app.reveal`).
 * @returns false when no card block defines the card
 */
export async function revealLink(app: App, link: LogLink): Promise<boolean> {
  const r = await rangeOfLink(app, link);
  if (!r) return false;
  app.reveal(r);
  return true;
}

/** The source text of a card's block, for an exported test (null when no block defines it). */
export async function cardSource(app: App, setNumber: string, name: string): Promise<{ file: string; text: string; readOnly: boolean } | null> {
  const v = viewOf(app, await anyCardViews(app), setNumber, name);
  if (!v) return null;
  return { file: v.file, text: blockText(app.text(v.file), v.range), readOnly: app.entry(v.file)?.readOnly ?? true };
}
