/**
 * Share links: the "Share" button puts the designer's own files and the duel settings into
 * a link (`state.ts`: `#s=` + base64url of raw DEFLATE) and copies it to the clipboard,
 * showing it in a field as well (to copy by hand when the clipboard is not available). A
 * state too large for a link is offered as a state file (`.json`) to download, which "Open
 * file…" restores.
 *
 * Opening the page with a share link (or pasting one into the address bar) restores its
 * state: its files open as new files of the designer's own, beside the stored ones — a name
 * already taken by a different file gets a free name, so no stored file is ever overwritten
 * (`plan.ts`) — then the duel settings are set and the shared open file is shown. A notice
 * says what happened. The fragment is then removed from the address bar. A link that cannot
 * be decoded changes nothing and says why. Nothing from a link is ever run as code.
 */
import type { App } from "../app/app.ts";
import { downloadText } from "../files/download.ts";
import { filesController } from "../files/index.ts";
import { kib } from "../files/local-file.ts";
import { notify } from "../files/notice.ts";
import { planImport } from "./plan.ts";
import { decodeLink, encodeLink, LinkTooLongError, linkPayload, parseStateFile, shareUrl, STATE_FORMAT, stateFileText, type ShareState } from "./state.ts";
import "./share.css";

/** The name a downloaded state file gets. */
export const STATE_FILE_NAME = "digiscript-playground.json";

/** Mount the Share button into `toolbar`, restore the state of a share link the page was opened with, and handle state files. */
export async function mountShare(app: App, toolbar: HTMLElement): Promise<void> {
  const files = filesController();
  const shareBtn = document.createElement("button");
  shareBtn.type = "button";
  shareBtn.className = "share-button";
  shareBtn.textContent = "Share";
  shareBtn.title = "Copy a link that holds your files and the duel settings";
  toolbar.append(shareBtn);

  const current = (): ShareState => ({ format: STATE_FORMAT, files: files.ownFiles(), active: app.activeFile || null, duel: app.duelSettings });

  /** What a state holds, for messages: "2 files and the duel settings". */
  const holds = (s: ShareState) => `${s.files.length === 0 ? "no files of your own" : s.files.length === 1 ? "your file" : `your ${s.files.length} files`} and the duel settings`;

  /** The notice with the last link made, while it is shown; once the state it holds changes, it says so ({@link markStale}). */
  let shown: { element: HTMLElement; close(): void } | null = null;
  let staleNote: HTMLElement | null = null;
  /**
   * The designer's files or the duel settings changed since the link was made: the notice says
   * the link holds them as they were (once), so an old link is not taken for the new state.
   */
  const markStale = () => {
    if (shown === null || !shown.element.isConnected || staleNote?.isConnected) return;
    staleNote = document.createElement("p");
    staleNote.className = "share-stale";
    staleNote.textContent = "Your files or the duel settings changed since: this link holds them as they were. Share again for a link with the changes.";
    const row = shown.element.querySelector(".share-link");
    if (row) row.before(staleNote);
    else shown.element.append(staleNote);
  };
  app.on("text", ({ file }) => {
    if (!app.entry(file)?.readOnly) markStale();
  });
  app.on("files", markStale);
  app.on("duelSettings", markStale);

  async function share(): Promise<void> {
    staleNote = null;
    const state = current();
    let payload: string;
    try {
      payload = await encodeLink(state);
    } catch (e) {
      if (e instanceof LinkTooLongError) return offerStateFile(state, e.message);
      return void notify({ kind: "error", key: "share", message: ["No link could be made.", e instanceof Error ? e.message : String(e)] });
    }
    const url = shareUrl(location.href, payload);
    const field = linkField(url);
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard (insecure context, permission refused): the field is there to copy by hand.
    }
    const size = kib(new TextEncoder().encode(url).length);
    shown = notify({
      key: "share",
      message: [
        copied ? "The link is copied to the clipboard." : "Copy this link (select it, then Ctrl+C or ⌘C):",
        `It holds ${holds(state)} (${size}). Whoever opens it gets copies as files of their own.`,
      ],
      body: [field.row],
      returnFocus: shareBtn,
    });
    if (!copied) {
      field.input.focus();
      field.input.select();
    } else field.input.focus();
  }

  function offerStateFile(state: ShareState, why: string): void {
    const dl = document.createElement("button");
    dl.type = "button";
    dl.className = "share-primary";
    dl.textContent = "Download state file";
    dl.addEventListener("click", () => {
      try {
        downloadText(STATE_FILE_NAME, stateFileText(state), "application/json");
      } catch (e) {
        notify({ kind: "error", key: "share", message: e instanceof Error ? e.message : String(e) });
      }
    });
    notify({
      kind: "warning",
      key: "share",
      message: [why, `Download a state file instead: it holds ${holds(state)}, and "Open file…" restores it.`],
      body: [dl],
      returnFocus: shareBtn,
    });
    dl.focus();
  }

  /** Add a decoded state's files as own files and set its duel settings; say what happened. */
  async function restore(state: ShareState, from: string): Promise<void> {
    const hadOwn = files.ownFiles().length > 0;
    const existing = app.files().map((f) => ({ name: f.name, text: app.text(f.name), readOnly: f.readOnly }));
    const plan = planImport(state, existing, app.duelSettings);
    const added = plan.files.filter((f) => f.action !== "same");
    for (const f of added) await files.addOwnFile(f.name, f.text);
    app.setDuelSettings(plan.duel);
    if (plan.active && app.entry(plan.active)) app.open(plan.active);
    const d = plan.duel;
    const base = (n: string) => n.slice(n.lastIndexOf("/") + 1);
    const message = [
      added.length > 0
        ? `Opened ${added.length === 1 ? "1 file" : `${added.length} files`} from ${from} as ${added.length === 1 ? "a new file" : "new files"} of your own: ${added.map((f) => f.name).join(", ")}.`
        : plan.files.length > 0
          ? `The files of ${from} are already among your files, unchanged.`
          : `${from[0]!.toUpperCase()}${from.slice(1)} holds no files.`,
      ...(hadOwn ? ["Your other files were not changed."] : []),
      `Duel: ${base(d.decks[0])} (${d.players[0]}) against ${base(d.decks[1])} (${d.players[1]}), ruleset ${d.ruleset}, seed ${d.seed}.`,
      ...plan.notes,
    ];
    notify({ kind: plan.notes.length > 0 ? "warning" : "info", key: "share", message, sticky: true });
  }

  async function openLink(payload: string): Promise<void> {
    // The fragment goes from the address bar first: a reload does not open the link again.
    history.replaceState(history.state, "", location.href.split("#")[0]);
    let state: ShareState;
    try {
      state = await decodeLink(payload);
    } catch (e) {
      notify({ kind: "error", key: "share", message: ["This share link could not be opened.", e instanceof Error ? e.message : String(e), "Nothing was changed."] });
      return files.firstVisitStarter();
    }
    try {
      await restore(state, "the link");
    } catch (e) {
      notify({ kind: "error", key: "share", message: ["The link's files could not all be opened.", e instanceof Error ? e.message : String(e)] });
    }
  }

  files.setStateFileHandler(async (text, fileName) => {
    let state: ShareState;
    try {
      state = parseStateFile(text);
    } catch (e) {
      return void notify({ kind: "error", key: "share", message: [`${JSON.stringify(fileName.slice(0, 80))} could not be opened.`, e instanceof Error ? e.message : String(e), "Nothing was changed."] });
    }
    await restore(state, "the state file");
  });

  shareBtn.addEventListener("click", () => void share());
  addEventListener("hashchange", () => {
    const p = linkPayload(location.hash);
    if (p !== null) void openLink(p);
  });
  const p = linkPayload(location.hash);
  if (p !== null) await openLink(p);
}

/** A read-only field showing a link, with a Copy button (the clipboard, or the old copy command). */
function linkField(url: string): { row: HTMLElement; input: HTMLInputElement } {
  const row = document.createElement("div");
  row.className = "share-link";
  const id = `share-link-${Date.now()}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = "Share link";
  const input = document.createElement("input");
  input.id = id;
  input.type = "text";
  input.readOnly = true;
  input.value = url;
  input.spellcheck = false;
  input.addEventListener("focus", () => input.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = "Copy";
  copy.addEventListener("click", async () => {
    input.focus();
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = document.execCommand("copy") ? "Copied" : "Press Ctrl+C";
    }
  });
  const line = document.createElement("div");
  line.className = "share-link-line";
  line.append(input, copy);
  row.append(label, line);
  return { row, input };
}
