/**
 * The file list (the left sidebar) and the file actions (the toolbar).
 *
 * The bundled sets and decks are listed read-only under "Bundled", grouped by folder. The
 * designer's own files ("My files") live in the browser's IndexedDB (`store.ts`, `idb.ts`)
 * and come back after a reload, with the file that was open: each is saved a moment after
 * typing pauses, and at once when the page is left. Own files can be created (set file or
 * deck list), renamed and deleted (after a confirmation) through inline forms; any file can
 * be copied into a new own file ("Make a copy"), downloaded, and a set's compiled
 * `cards.json` downloaded; local files are opened with "Open file…". On a first visit
 * (empty storage, no share link) the starter set is created.
 *
 * Everything is a button or a form field, in reading order; the open file is marked with
 * `aria-current`. Text from files is only ever set as text or given to the editor.
 *
 * Other features (share links) reach the files through {@link filesController}.
 */
import type { App } from "../app/app.ts";
import { linkPayload } from "../share/state.ts";
import { cardsJson } from "./cards-json.ts";
import { downloadText } from "./download.ts";
import { idbKeyValue } from "./idb.ts";
import { checkLocalFile, decodeLocalText, LocalFileError } from "./local-file.ts";
import { completeName, freeName, kindOf, nameProblem, renameSetCode, setCodeOf, type FileKind } from "./names.ts";
import { notify } from "./notice.ts";
import { STARTER } from "./starter.ts";
import { forgetRescued, keepUnwritten, rescuedTexts, type SyncStorage } from "./rescue.ts";
import { FileStore, memoryKeyValue, Saver, type SaveState } from "./store.ts";
import "./files.css";

/** The name of the starter file a first visit gets. */
export const STARTER_NAME = "my-set.dgs";

/** What the files feature offers the other features (share links). */
export interface FilesController {
  /** The designer's own files with their newest text, sorted by name. */
  ownFiles(): { name: string; text: string }[];
  /**
   * Add an own file and store it.
   * @throws Error with the designer's message when the name is not allowed or taken
   */
  addOwnFile(name: string, text: string): Promise<void>;
  /**
   * Create the starter file if this is a first visit (the storage was empty when the page
   * loaded) and there is still no own file: for a first visit whose share link failed.
   */
  firstVisitStarter(): Promise<void>;
  /** Write every pending change to the storage now. */
  flush(): Promise<void>;
  /**
   * Handle state files (`.json`) opened with "Open file…" (the share feature restores them).
   * @param handler given the file's text and name; it reports its own errors
   */
  setStateFileHandler(handler: (text: string, fileName: string) => Promise<void>): void;
}

let controller: FilesController | null = null;

/**
 * The files feature, once mounted.
 * @throws Error before {@link mountFiles} has run
 */
export function filesController(): FilesController {
  if (!controller) throw new Error("files: mountFiles has not run");
  return controller;
}

/** The parts of a file name for display: its folder ("" for own files) and base name. */
function splitName(name: string): { folder: string; base: string } {
  const i = name.lastIndexOf("/");
  return { folder: i < 0 ? "" : name.slice(0, i), base: name.slice(i + 1) };
}

let ids = 0;
const uid = (p: string) => `${p}-${++ids}`;

function button(label: string, opts: { className?: string; aria?: string; title?: string; icon?: string } = {}): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  if (opts.className) b.className = opts.className;
  if (opts.aria) b.setAttribute("aria-label", opts.aria);
  if (opts.title) b.title = opts.title;
  if (opts.icon) b.append(icon(opts.icon));
  if (label) b.append(label);
  return b;
}

/** A small inline SVG icon (decorative: the button carries the name). */
function icon(kind: string): SVGSVGElement {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "14");
  svg.setAttribute("height", "14");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(NS, "path");
  const d: Record<string, string> = {
    rename: "M11.5 1.5l3 3L5 14H2v-3zM10 3l3 3",
    delete: "M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v5M9.5 6.5v5",
    copy: "M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3",
  };
  path.setAttribute("d", d[kind] ?? "");
  path.setAttribute("fill", "none");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", "1.4");
  path.setAttribute("stroke-linejoin", "round");
  svg.append(path);
  return svg;
}

/** What an inline name form asks for. */
interface NameFormOptions {
  /** The form's accessible name, e.g. "New set file". */
  title: string;
  /** The field's label. */
  label: string;
  value: string;
  kind: FileKind;
  submit: string;
  /** The names the new name must not take (the file's own name left out). */
  taken: () => string[];
  /** More fields under the name (a checkbox). */
  extra?: HTMLElement;
  onSubmit(name: string): Promise<void>;
  onCancel(): void;
}

/** An inline form asking for a file name, validated with `nameProblem`. */
function nameForm(o: NameFormOptions): HTMLFormElement {
  const form = document.createElement("form");
  form.className = "fs-form";
  form.noValidate = true;
  form.setAttribute("aria-label", o.title);
  const inputId = uid("fs-name");
  const hintId = uid("fs-hint");
  const errId = uid("fs-err");
  const label = document.createElement("label");
  label.htmlFor = inputId;
  label.textContent = o.label;
  const input = document.createElement("input");
  input.id = inputId;
  input.type = "text";
  input.value = o.value;
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("aria-describedby", `${hintId} ${errId}`);
  input.maxLength = 200;
  const hint = document.createElement("p");
  hint.id = hintId;
  hint.className = "fs-hint";
  hint.textContent = `".${o.kind}" is added if you leave it out.`;
  const err = document.createElement("p");
  err.id = errId;
  err.className = "fs-error";
  err.setAttribute("aria-live", "assertive");
  const ok = button(o.submit, { className: "fs-primary" });
  ok.type = "submit";
  const cancel = button("Cancel");
  const actions = document.createElement("div");
  actions.className = "fs-form-actions";
  actions.append(ok, cancel);
  form.append(label, input, hint);
  if (o.extra) form.append(o.extra);
  form.append(err, actions);
  const problem = () => {
    const name = completeName(input.value, o.kind);
    return { name, problem: nameProblem(name, o.taken(), o.kind) };
  };
  const show = (p: string | null) => {
    err.textContent = p ?? "";
    if (p) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  input.addEventListener("input", () => {
    if (err.textContent) show(problem().problem);
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const r = problem();
    show(r.problem);
    if (r.problem) return input.focus();
    ok.disabled = true;
    o.onSubmit(r.name).then(
      () => (ok.disabled = false),
      (e: unknown) => {
        ok.disabled = false;
        show(e instanceof Error ? e.message : String(e));
        input.focus();
      },
    );
  });
  cancel.addEventListener("click", () => o.onCancel());
  form.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      o.onCancel();
    }
  });
  // Focus the field with the part before the ending selected, once it is in the page.
  queueMicrotask(() => {
    input.focus();
    const dot = input.value.lastIndexOf(".");
    input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
  });
  return form;
}

/** An inline edit in progress: a name form or a delete confirmation. */
type Edit =
  | { mode: "new"; kind: FileKind; el: HTMLElement; back: () => HTMLElement | null }
  | { mode: "copy"; from: string; el: HTMLElement; back: () => HTMLElement | null }
  | { mode: "rename"; file: string; el: HTMLElement; back: () => HTMLElement | null }
  | { mode: "delete"; file: string; el: HTMLElement; back: () => HTMLElement | null };

/** The page's `localStorage`, or null when the browser refuses it (some private modes, file: pages). */
function localStorageOrNull(): SyncStorage | null {
  try {
    const s = globalThis.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/**
 * Mount the file list into `host` (the sidebar) and the file actions into `toolbar`, after
 * loading the designer's files from the browser's storage (or creating the starter file on
 * a first visit). Call after the bundled files are added.
 */
export async function mountFiles(app: App, host: HTMLElement, toolbar: HTMLElement): Promise<void> {
  // ─── storage ──────────────────────────────────────────────────────────────
  let store = new FileStore(idbKeyValue());
  /** Where unwritten edits are kept on leaving the page (null: this browser refuses localStorage). */
  const rescueStorage = localStorageOrNull();
  let stored = true;
  let loaded;
  try {
    loaded = await store.load();
  } catch (e) {
    stored = false;
    store = new FileStore(memoryKeyValue());
    loaded = await store.load();
    notify({
      kind: "warning",
      key: "storage",
      message: [`Your files cannot be kept in this browser (${e instanceof Error ? e.message : String(e)}).`, "They last until this page is closed: download them to keep them."],
    });
  }
  if (loaded.skipped.length > 0) notify({ kind: "warning", key: "skipped", message: `${loaded.skipped.length} stored record${loaded.skipped.length === 1 ? " was" : "s were"} not readable and ${loaded.skipped.length === 1 ? "was" : "were"} left alone (not opened, not deleted).` });

  /** The own files this feature knows of (what is in the storage). */
  const own = new Set<string>();
  const status = document.createElement("p");
  // Not a live region: it changes at every pause in typing; failures are announced as notices.
  status.className = "fs-status";
  const idle = () => (stored ? "All changes are saved in this browser." : "Not stored: this browser keeps no files for this page.");
  status.textContent = idle();
  let lastError = "";

  const storageFailed = (what: string, e: unknown) => {
    const reason = e instanceof Error ? `${e.name === "QuotaExceededError" ? "the browser's storage is full" : e.message}` : String(e);
    const msg = `Could not save ${what}: ${reason}. Download your files to keep them.`;
    status.textContent = msg;
    status.classList.add("fs-status-error");
    if (msg !== lastError) notify({ kind: "error", key: "storage", message: msg });
    lastError = msg;
  };
  /** Run a storage step; a failure is reported, never thrown (the file stays in the page). */
  const persist = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (e) {
      storageFailed(what, e);
    }
  };
  const onSave = (s: SaveState) => {
    if (s.state === "error") return storageFailed(s.file, s.error);
    status.classList.toggle("fs-status-error", false);
    lastError = "";
    status.textContent = s.state === "saving" ? "Saving…" : idle();
  };
  const saver = new Saver(
    async (name, text) => {
      if (own.has(name) && app.entry(name)) await store.save(name, text);
    },
    400,
    onSave,
  );

  for (const f of loaded.files) {
    own.add(f.name);
    await app.addFile({ name: f.name, readOnly: false, kind: kindOf(f.name)! }, f.text);
  }

  // Edits made just before an earlier page was left, which IndexedDB had not written yet
  // (rescue.ts): back into their files, saved, then forgotten.
  // (Not when the files cannot be stored at all: they would be written nowhere lasting.)
  const rescued = rescueStorage === null || !stored ? [] : rescuedTexts(rescueStorage);
  const restored: string[] = [];
  for (const r of rescued) {
    if (!kindOf(r.name)) {
      forgetRescued(rescueStorage!, r.name);
      continue;
    }
    if (own.has(r.name)) {
      if (app.text(r.name) !== r.text) {
        await app.addFile({ name: r.name, readOnly: false, kind: kindOf(r.name)! }, r.text);
        restored.push(r.name);
      }
    } else if (!app.entry(r.name)) {
      own.add(r.name);
      await app.addFile({ name: r.name, readOnly: false, kind: kindOf(r.name)! }, r.text);
      restored.push(r.name);
    }
    let saved = true;
    await persist(r.name, async () => {
      try {
        await store.save(r.name, app.text(r.name));
      } catch (e) {
        saved = false;
        throw e;
      }
    });
    if (saved) forgetRescued(rescueStorage!, r.name);
  }
  if (restored.length > 0) notify({ key: "files", message: `Restored the last changes to ${restored.join(", ")}: the page was left before they were saved.` });

  const taken = () => app.files().map((f) => f.name);

  async function addOwnFile(name: string, text: string): Promise<void> {
    const problem = nameProblem(name, taken());
    if (problem) throw new Error(problem);
    own.add(name);
    await app.addFile({ name, readOnly: false, kind: kindOf(name)! }, text);
    await persist(name, () => store.save(name, text));
  }

  async function ensureStarter(): Promise<void> {
    if (own.size > 0) return;
    const name = freeName(STARTER_NAME, "dgs", taken());
    await addOwnFile(name, STARTER);
    app.open(name);
  }

  // A first visit gets the starter file, unless it opens a share link (whose files it gets).
  if (loaded.empty && linkPayload(location.hash) === null) await ensureStarter();

  // ─── the sidebar ──────────────────────────────────────────────────────────
  const root = document.createElement("div");
  root.className = "fs";
  const ownHead = document.createElement("div");
  ownHead.className = "fs-head";
  const ownH = document.createElement("h2");
  ownH.id = uid("fs-own");
  ownH.textContent = "My files";
  const newSet = button("New set", { title: "Create a new set file (.dgs)" });
  const newDeck = button("New deck", { title: "Create a new deck list (.deck)" });
  const newBox = document.createElement("div");
  newBox.className = "fs-new";
  newBox.append(newSet, newDeck);
  ownHead.append(ownH, newBox);
  const formSlot = document.createElement("div");
  const ownList = document.createElement("ul");
  ownList.className = "fs-list";
  ownList.setAttribute("aria-labelledby", ownH.id);
  const emptyNote = document.createElement("p");
  emptyNote.className = "fs-empty";
  emptyNote.textContent = "No files of your own yet: create one, open one from your computer, or copy a bundled one.";
  const bundledH = document.createElement("h2");
  bundledH.id = uid("fs-bundled");
  bundledH.append("Bundled ");
  const ro = document.createElement("span");
  ro.className = "fs-muted";
  ro.textContent = "read-only";
  bundledH.append(ro);
  const bundledBox = document.createElement("div");
  bundledBox.setAttribute("role", "group");
  bundledBox.setAttribute("aria-labelledby", bundledH.id);
  root.append(ownHead, formSlot, ownList, emptyNote, bundledH, bundledBox, status);
  host.append(root);

  let edit: Edit | null = null;

  const openButton = (name: string) => root.querySelector<HTMLElement>(`li[data-file="${CSS.escape(name)}"] .fs-open`);
  const actionButton = (name: string, action: string) => root.querySelector<HTMLElement>(`li[data-file="${CSS.escape(name)}"] [data-action="${action}"]`) ?? openButton(name);

  /** Close the inline form or confirmation and give the focus back to the control that opened it. */
  function endEdit(): void {
    const back = edit?.back;
    edit = null;
    render();
    back?.()?.focus();
  }

  function item(name: string, readOnly: boolean): HTMLLIElement {
    const li = document.createElement("li");
    li.className = "fs-item";
    li.dataset.file = name;
    if (edit && (edit.mode === "rename" || edit.mode === "delete") && edit.file === name) {
      li.classList.add("fs-editing");
      li.append(edit.el);
      return li;
    }
    const open = button(readOnly ? splitName(name).base : name, { className: "fs-open", title: readOnly ? name : undefined });
    open.dataset.action = "open";
    if (app.activeFile === name) open.setAttribute("aria-current", "true");
    open.addEventListener("click", () => {
      app.open(name);
      app.editor.focus();
    });
    li.append(open);
    if (readOnly) {
      const copy = button("", { className: "fs-icon", aria: `Copy ${name} to my files`, title: "Copy to my files", icon: "copy" });
      copy.dataset.action = "copy";
      copy.addEventListener("click", () => startCopy(name, () => actionButton(name, "copy")));
      li.append(copy);
    } else {
      const rename = button("", { className: "fs-icon", aria: `Rename ${name}`, title: "Rename", icon: "rename" });
      rename.dataset.action = "rename";
      rename.addEventListener("click", () => startRename(name));
      const del = button("", { className: "fs-icon", aria: `Delete ${name}`, title: "Delete", icon: "delete" });
      del.dataset.action = "delete";
      del.addEventListener("click", () => startDelete(name));
      li.append(rename, del);
    }
    return li;
  }

  function render(): void {
    // Keep the focus on the same control across the re-render.
    const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused?.closest("li")?.dataset.file;
    const focusAction = focused?.dataset.action;
    const files = app.files();
    const mine = files.filter((f) => !f.readOnly).sort((a, b) => a.name.localeCompare(b.name, "en"));
    ownList.replaceChildren(...mine.map((f) => item(f.name, false)));
    emptyNote.hidden = mine.length > 0;
    formSlot.replaceChildren(...(edit && (edit.mode === "new" || edit.mode === "copy") ? [edit.el] : []));
    const groups = new Map<string, string[]>();
    for (const f of files.filter((f) => f.readOnly)) {
      const { folder } = splitName(f.name);
      groups.set(folder, [...(groups.get(folder) ?? []), f.name]);
    }
    bundledBox.replaceChildren();
    for (const [folder, names] of [...groups].sort(([a], [b]) => a.localeCompare(b, "en"))) {
      const h = document.createElement("h3");
      h.className = "fs-folder";
      h.id = uid("fs-folder");
      h.textContent = folder || "(top)";
      const ul = document.createElement("ul");
      ul.className = "fs-list";
      ul.setAttribute("aria-labelledby", h.id);
      ul.append(...names.sort().map((n) => item(n, true)));
      bundledBox.append(h, ul);
    }
    if (focused && focused.isConnected) {
      // An element moved by the re-render (an open form) loses focus: give it back.
      if (document.activeElement !== focused) focused.focus();
    } else if (focused && focusKey) {
      const li = root.querySelector<HTMLElement>(`li[data-file="${CSS.escape(focusKey)}"]`);
      (li?.querySelector<HTMLElement>(`[data-action="${focusAction}"]`) ?? li?.querySelector<HTMLElement>(".fs-open"))?.focus();
    }
    updateToolbar();
  }

  // ─── creating, copying, renaming, deleting ────────────────────────────────
  function startNew(kind: FileKind, from: HTMLElement): void {
    const el = nameForm({
      title: kind === "dgs" ? "New set file" : "New deck list",
      label: kind === "dgs" ? "Name of the new set file" : "Name of the new deck list",
      value: freeName(kind === "dgs" ? "my-set.dgs" : "my-deck.deck", kind, taken()),
      kind,
      submit: "Create",
      taken,
      onSubmit: async (name) => {
        const codes = app.files().filter((f) => f.kind === "dgs").map((f) => setCodeOf(app.text(f.name)) ?? "");
        await addOwnFile(name, kind === "dgs" ? newSetText(name, codes) : newDeckText(name));
        edit = null;
        render();
        app.open(name);
        app.editor.focus();
        notify({ message: `Created ${name}.` , key: "files" });
      },
      onCancel: () => endEdit(),
    });
    edit = { mode: "new", kind, el, back: () => from };
    render();
  }

  function startCopy(from: string, back: () => HTMLElement | null): void {
    const kind = kindOf(from) ?? "dgs";
    const text = app.text(from);
    const code = kind === "dgs" ? setCodeOf(text) : null;
    let extra: HTMLElement | undefined;
    let check: HTMLInputElement | null = null;
    if (code) {
      const codes = app.files().filter((f) => f.kind === "dgs").map((f) => setCodeOf(app.text(f.name)) ?? "");
      const renamed = renameSetCode(text, codes);
      if (renamed) {
        const label = document.createElement("label");
        label.className = "fs-check";
        check = document.createElement("input");
        check.type = "checkbox";
        check.checked = true;
        label.append(check, ` Give the copy its own set code, ${renamed.to}, so its set numbers do not clash with set ${code}`);
        extra = label;
      }
    }
    const el = nameForm({
      title: `Copy of ${from}`,
      label: `Name of the copy of ${splitName(from).base}`,
      value: freeName(splitName(from).base, kind, taken()),
      kind,
      submit: "Copy",
      taken,
      extra,
      onSubmit: async (name) => {
        const codes = app.files().filter((f) => f.kind === "dgs").map((f) => setCodeOf(app.text(f.name)) ?? "");
        const renamed = check?.checked ? renameSetCode(text, codes) : null;
        await addOwnFile(name, renamed ? renamed.text : text);
        edit = null;
        render();
        app.open(name);
        app.editor.focus();
        notify({ key: "files", message: `Copied ${from} to ${name}${renamed ? ` with set code ${renamed.to}` : ""}.` });
      },
      onCancel: () => endEdit(),
    });
    edit = { mode: "copy", from, el, back };
    render();
  }

  function startRename(file: string): void {
    const kind = kindOf(file)!;
    const el = nameForm({
      title: `Rename ${file}`,
      label: `New name of ${file}`,
      value: file,
      kind,
      submit: "Rename",
      taken: () => taken().filter((n) => n !== file),
      onSubmit: async (name) => {
        if (name !== file) await renameFile(file, name);
        edit = null;
        render();
        openButton(name)?.focus();
        if (name !== file) notify({ message: `Renamed ${file} to ${name}.` , key: "files" });
      },
      onCancel: () => endEdit(),
    });
    edit = { mode: "rename", file, el, back: () => actionButton(file, "rename") };
    render();
  }

  async function renameFile(from: string, to: string): Promise<void> {
    const text = app.text(from);
    const wasActive = app.activeFile === from;
    const view = wasActive ? app.editor.saveViewState() : null;
    saver.cancel(from);
    own.add(to);
    await app.addFile({ name: to, readOnly: false, kind: kindOf(to)! }, text);
    own.delete(from);
    if (wasActive) {
      app.open(to);
      if (view) app.editor.restoreViewState(view);
    }
    await app.removeFile(from);
    await persist(to, () => store.rename(from, to, text));
    // The duel settings name decks by file name.
    const d = app.duelSettings;
    if (d.decks.includes(from)) app.setDuelSettings({ decks: d.decks.map((n) => (n === from ? to : n)) as [string, string] });
  }

  function startDelete(file: string): void {
    const box = document.createElement("div");
    box.className = "fs-confirm";
    box.setAttribute("role", "group");
    const q = document.createElement("p");
    q.id = uid("fs-q");
    q.textContent = `Delete ${file}? This cannot be undone.`;
    box.setAttribute("aria-labelledby", q.id);
    const yes = button("Delete", { className: "fs-danger" });
    const no = button("Cancel");
    const actions = document.createElement("div");
    actions.className = "fs-form-actions";
    actions.append(yes, no);
    box.append(q, actions);
    box.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") {
        ev.preventDefault();
        ev.stopPropagation();
        endEdit();
      }
    });
    no.addEventListener("click", () => endEdit());
    yes.addEventListener("click", () => {
      const mine = app.files().filter((f) => !f.readOnly).map((f) => f.name).sort((a, b) => a.localeCompare(b, "en"));
      const i = mine.indexOf(file);
      const next = mine[i + 1] ?? mine[i - 1] ?? null;
      void deleteFile(file, next).then(() => {
        edit = null;
        render();
        (next ? openButton(next) : newSet)?.focus();
        notify({ message: `Deleted ${file}.` , key: "files" });
      });
    });
    edit = { mode: "delete", file, el: box, back: () => actionButton(file, "delete") };
    render();
    no.focus();
  }

  async function deleteFile(file: string, next: string | null): Promise<void> {
    saver.cancel(file);
    own.delete(file);
    if (app.activeFile === file && next) app.open(next);
    await app.removeFile(file);
    await persist(file, () => store.remove(file));
  }

  newSet.addEventListener("click", () => startNew("dgs", newSet));
  newDeck.addEventListener("click", () => startNew("deck", newDeck));

  // ─── the toolbar ──────────────────────────────────────────────────────────
  const bar = document.createElement("div");
  bar.className = "fs-toolbar";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "File");
  const openLocal = button("Open file…", { title: "Open a .dgs set file, a .deck deck list or a .json state file from your computer" });
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".dgs,.deck,.json";
  input.multiple = true;
  input.hidden = true;
  input.tabIndex = -1;
  input.setAttribute("aria-hidden", "true");
  const copyBtn = button("Make a copy", { title: "Copy the open file into a new file of your own" });
  const download = button("Download", { title: "Download the open file" });
  const cardsBtn = button("cards.json", { aria: "Download cards.json", title: "Download the compiled cards.json of the open set" });
  bar.append(openLocal, input, copyBtn, download, cardsBtn);
  toolbar.append(bar);

  function updateToolbar(): void {
    const active = app.activeFile;
    const has = !!app.entry(active);
    copyBtn.disabled = !has;
    download.disabled = !has;
    cardsBtn.disabled = !has || kindOf(active) !== "dgs";
  }

  openLocal.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const files = [...(input.files ?? [])];
    input.value = "";
    void (async () => {
      for (const f of files) await openLocalFile(f);
    })();
  });

  let stateHandler: ((text: string, fileName: string) => Promise<void>) | null = null;

  async function openLocalFile(file: File): Promise<void> {
    try {
      const kind = checkLocalFile(file.name, file.size);
      const text = decodeLocalText(file.name, new Uint8Array(await file.arrayBuffer()));
      if (kind === "state") {
        if (!stateHandler) throw new LocalFileError("State files cannot be opened here.");
        return await stateHandler(text, file.name);
      }
      const wanted = file.name.replace(/\.(dgs|deck)$/i, (m) => m.toLowerCase());
      if (own.has(wanted) && app.text(wanted) === text) {
        app.open(wanted);
        return void notify({ key: "files", message: `${wanted} is already one of your files, with the same text.` });
      }
      const name = freeName(wanted, kind, taken());
      await addOwnFile(name, text);
      app.open(name);
      notify({ key: "files", message: name === file.name ? `Opened ${name}.` : `Opened ${JSON.stringify(file.name.slice(0, 80))} as ${name}.` });
    } catch (e) {
      notify({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    }
  }

  copyBtn.addEventListener("click", () => {
    const active = app.activeFile;
    if (app.entry(active)) startCopy(active, () => copyBtn);
  });
  download.addEventListener("click", () => {
    const active = app.activeFile;
    if (app.entry(active)) downloadText(active, app.text(active));
  });
  cardsBtn.addEventListener("click", () => {
    const active = app.activeFile;
    void (async () => {
      try {
        const views = await app.client.ask({ kind: "cards", file: null });
        const r = cardsJson(views, active);
        downloadText(r.fileName, r.text, "application/json");
        notify({ message: `Downloaded ${r.fileName}: ${r.compiled} compiled card${r.compiled === 1 ? "" : "s"} of set ${r.code}${r.leftOut ? ` (${r.leftOut} left out for errors)` : ""}.` });
      } catch (e) {
        notify({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      }
    })();
  });

  // ─── keeping the storage in step ──────────────────────────────────────────
  app.on("text", ({ file }) => {
    if (own.has(file)) saver.schedule(file, () => app.text(file));
  });
  app.on("activeFile", ({ file }) => {
    void persist("the open file", () => store.setActive(file));
    render();
  });
  app.on("files", () => {
    // Files another feature added or removed are stored or deleted too.
    for (const f of app.files()) {
      if (f.readOnly || own.has(f.name)) continue;
      own.add(f.name);
      void persist(f.name, () => store.save(f.name, app.text(f.name)));
    }
    for (const n of [...own]) {
      if (app.entry(n)) continue;
      own.delete(n);
      saver.cancel(n);
      void persist(n, () => store.remove(n));
    }
    render();
  });
  const flush = () => void saver.flush();
  // Leaving the page: what is not written yet is kept synchronously (rescue.ts), then written.
  const leave = () => {
    if (rescueStorage !== null) keepUnwritten(rescueStorage, saver.unwritten());
    flush();
  };
  addEventListener("beforeunload", leave);
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });

  // ─── the file to show ─────────────────────────────────────────────────────
  const first = [...own].sort((a, b) => a.localeCompare(b, "en"))[0];
  const show = loaded.active && app.entry(loaded.active) ? loaded.active : (first ?? (app.activeFile || app.files()[0]?.name));
  if (show && show !== app.activeFile) app.open(show);
  render();

  controller = {
    ownFiles: () =>
      app
        .files()
        .filter((f) => !f.readOnly)
        .map((f) => ({ name: f.name, text: app.text(f.name) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    addOwnFile,
    firstVisitStarter: async () => {
      if (loaded.empty) await ensureStarter();
    },
    flush: () => saver.flush(),
    setStateFileHandler: (h) => void (stateHandler = h),
  };
}

/**
 * The text of a new set file: a header with a set code made from its name ("my-set.dgs" →
 * MY-SET), made unique among `codes` with -2, -3, … and kept a valid code.
 */
function newSetText(name: string, codes: readonly string[]): string {
  const stem = name.slice(0, -4);
  let base =
    stem
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 24)
      .replace(/-+$/, "") || "MY";
  if (/^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/.test(base)) base = `MY-${base}`;
  const used = new Set(codes.map((c) => c.toUpperCase()));
  let code = base;
  for (let i = 2; used.has(code); i++) code = `${base}-${i}`;
  return `# ${name}: one card block per card (docs/set-format.md).\nset ${code} ${stem}\nruleset dbe\n\n`;
}

/** The text of a new deck list: the header and empty sections. */
function newDeckText(name: string): string {
  return `# ${name}: one "<count> <set number>" entry per line (cards/dbe/decks/README.md).\ndeck ${name.slice(0, -5)}\nruleset dbe\nmain:\n\ndestiny:\n`;
}
