/**
 * The playground's application shell: the files (one Monaco model each), the editor, the
 * language worker, and the panels beside the editor. Features (preview, duel bench,
 * scenarios, simulation, files, sharing) are mounted onto it by `main.ts` and talk to each
 * other only through this object and its events.
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import { monaco } from "../editor/monaco.ts";
import { CARD_LINE, DGS, registerDgs } from "../editor/dgs-language.ts";
import { DECK, registerDeck } from "../editor/deck-language.ts";
import { LanguageClient } from "../worker/client.ts";
import { InstantMarkers, sameDiagnostics } from "../editor/instant-markers.ts";
import type { AnyCardView, FileRange } from "../worker/protocol.ts";
import { onShown } from "./shown.ts";
import LanguageWorker from "../worker/language.worker.ts?worker";

/** A file the playground holds. */
export interface FileEntry {
  /** Its name, e.g. "cards/dbe/starter.dgs" (bundled) or "my-set.dgs". */
  name: string;
  /** Bundled sets and decks are read-only. */
  readOnly: boolean;
  kind: "dgs" | "deck";
}

/** Events the app raises (listen with {@link App.on}). */
export interface AppEvents {
  /** The file shown in the editor changed. */
  activeFile: { file: string };
  /** A file was added, removed or renamed. */
  files: Record<string, never>;
  /** The card under the cursor (null: none), after the cursor moved or the text changed. */
  cursorCard: { view: AnyCardView | null };
  /** A file's diagnostics for its newest text. */
  diagnostics: { file: string; diagnostics: FileDiagnostic[] };
  /** A file's text changed (by typing or by a feature). */
  text: { file: string };
  /** The duel settings changed (decks, seed, who plays each side). */
  duelSettings: DuelSettings;
  /** A panel was shown (the others are hidden). */
  panel: { id: string };
}

/**
 * What a duel is set up with, shared by the duel bench, the simulation and share links:
 * two deck files (by file name, bundled or the designer's), the seed, the ruleset and who
 * plays each side.
 */
export interface DuelSettings {
  decks: [string, string];
  seed: number;
  ruleset: "dbe" | "dmb" | "dcg";
  players: ["me" | "random" | "greedy", "me" | "random" | "greedy"];
  /**
   * DCG only: play decks that break the deck-size and copy limits (002 §5-1-1) as practice
   * decks — for a set still too small for a legal deck. Absent or false: legal decks only.
   */
  practice?: boolean;
}

/** A panel beside the editor. */
export interface Panel {
  id: string;
  title: string;
  /** The panel's body, filled by its feature. */
  body: HTMLElement;
}

/** The playground. */
export class App {
  readonly monaco = monaco;
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  readonly client: LanguageClient;
  /** The page's own check of a keystroke, whose markers are set in the keystroke's frame (editor/instant-markers.ts). */
  readonly instant: InstantMarkers;
  /** The markers the page's check set, per file, until the worker's push for the same version confirms them. */
  private readonly instantShown = new Map<string, { version: number; diagnostics: FileDiagnostic[] }>();
  private readonly entries = new Map<string, FileEntry>();
  private readonly models = new Map<string, monaco.editor.ITextModel>();
  private readonly diagnostics = new Map<string, FileDiagnostic[]>();
  private readonly bus = new EventTarget();
  private active = "";
  private readonly panels: Panel[] = [];
  private readonly tabList: HTMLElement;
  private readonly panelHost: HTMLElement;
  private duel: DuelSettings = {
    decks: ["cards/dbe/decks/dragon-rush.deck", "cards/dbe/decks/nature-wall.deck"],
    seed: 1,
    ruleset: "dbe",
    players: ["me", "greedy"],
  };

  /**
   * @param host the page's layout: `editor` (the Monaco container), `tabs` and `panels`
   *   (the panel tab list and bodies beside the editor)
   */
  constructor(host: { editor: HTMLElement; tabs: HTMLElement; panels: HTMLElement }) {
    registerDgs(monaco);
    registerDeck(monaco);
    this.tabList = host.tabs;
    this.panelHost = host.panels;
    this.editor = monaco.editor.create(host.editor, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      wordWrap: "on",
      tabSize: 2,
      insertSpaces: true,
      renderWhitespace: "boundary",
      unusualLineTerminators: "auto",
      ariaLabel: "DigiScript set file editor",
      accessibilitySupport: "auto",
      // Enter after a typed word starts a new line; Tab (or Enter after moving in the list) accepts.
      acceptSuggestionOnEnter: "smart",
      // Completion offers only what the language service says is valid at the cursor, never
      // words picked up from the file (rules-file names, fragments of card names).
      wordBasedSuggestions: "off",
    });
    const worker = new LanguageWorker();
    this.client = new LanguageClient(worker);
    this.client.onDiagnostics((file, version, ds) => {
      // The worker's answer to an edit whose markers the page has already set: the same
      // diagnostics (the same checker on the same text) are not set twice.
      const shown = this.instantShown.get(file);
      if (shown !== undefined) {
        if (shown.version > version) return;
        this.instantShown.delete(file);
        if (shown.version === version) {
          if (sameDiagnostics(shown.diagnostics, ds)) {
            this.instant.counts.confirmed++;
            return;
          }
          this.instant.counts.mismatched++;
        }
      }
      this.showDiagnostics(file, ds);
    });
    this.instant = new InstantMarkers(
      (file) => this.text(file),
      (file, version, ds) => {
        this.instantShown.set(file, { version, diagnostics: ds });
        this.showDiagnostics(file, ds);
      },
    );
    this.editor.addCommand(monaco.KeyCode.Enter, () => this.enter(), "editorTextFocus && !editorReadonly && !suggestWidgetVisible");
    this.editor.onDidChangeCursorPosition(() => this.scheduleCursorCard());
  }

  /**
   * Enter: the editor's own line break (the language's Enter rules, which indent a card's first
   * field after its `card` line), then that indent made sure of from the line's text. Monaco
   * reads the Enter rules against the line's tokens, and a line typed just after the focus came
   * back from a widget (Go to Symbol) was at times not tokenized yet: the field was then left
   * unindented. The suggestion list and read-only files keep their Enter.
   */
  private enter(): void {
    const model = this.editor.getModel();
    const at = this.editor.getPosition();
    const single = (this.editor.getSelections()?.length ?? 0) === 1;
    const cardLine = model !== null && at !== null && single && CARD_LINE.test(model.getLineContent(at.lineNumber).slice(0, at.column - 1));
    this.editor.trigger("keyboard", "type", { text: "\n" });
    const now = this.editor.getPosition();
    if (!cardLine || model === null || now === null || /^[ \t]/.test(model.getLineContent(now.lineNumber))) return;
    const { insertSpaces, indentSize } = model.getOptions();
    this.editor.executeEdits("enter", [{ range: new monaco.Range(now.lineNumber, 1, now.lineNumber, 1), text: insertSpaces ? " ".repeat(indentSize) : "\t" }]);
  }

  /** Show a file's newest diagnostics (markers, problems, preview). */
  private showDiagnostics(file: string, diagnostics: FileDiagnostic[]): void {
    this.diagnostics.set(file, diagnostics);
    this.emit("diagnostics", { file, diagnostics });
  }

  // ─── events ─────────────────────────────────────────────────────────────

  /** Listen to an app event. */
  on<K extends keyof AppEvents>(kind: K, f: (e: AppEvents[K]) => void): void {
    this.bus.addEventListener(kind, (ev) => f((ev as CustomEvent<AppEvents[K]>).detail));
  }

  /** Raise an app event. */
  emit<K extends keyof AppEvents>(kind: K, detail: AppEvents[K]): void {
    this.bus.dispatchEvent(new CustomEvent(kind, { detail }));
  }

  // ─── files ──────────────────────────────────────────────────────────────

  /** The Monaco URI of a file. */
  uri(file: string): monaco.Uri {
    return monaco.Uri.from({ scheme: "dgs", path: `/${file}` });
  }

  /** The file a Monaco model holds. */
  fileOf(model: monaco.editor.ITextModel): string {
    return model.uri.path.slice(1);
  }

  /** Every file, bundled ones first. */
  files(): FileEntry[] {
    return [...this.entries.values()];
  }

  /** A file's entry, or undefined. */
  entry(file: string): FileEntry | undefined {
    return this.entries.get(file);
  }

  /** A file's text ("" for an unknown file). */
  text(file: string): string {
    return this.models.get(file)?.getValue() ?? "";
  }

  /** A file's newest diagnostics. */
  diagnosticsOf(file: string): FileDiagnostic[] {
    return this.diagnostics.get(file) ?? [];
  }

  /**
   * Whether a file's diagnostics are shown — in the Problems panel and as the editor's markers
   * (which F8 walks): the designer's own files, and a bundled file while it is open.
   */
  showsProblemsOf(file: string): boolean {
    return !this.entries.get(file)?.readOnly || file === this.active;
  }

  /** The file in the editor. */
  get activeFile(): string {
    return this.active;
  }

  /**
   * Add a file (or replace the text of a file of that name) and tell the worker.
   * @throws Error for a read-only file
   */
  async addFile(entry: FileEntry, text: string): Promise<void> {
    const old = this.models.get(entry.name);
    if (old) {
      if (this.entries.get(entry.name)?.readOnly) throw new Error(`${entry.name} is read-only`);
      old.setValue(text);
      return;
    }
    this.entries.set(entry.name, entry);
    const model = monaco.editor.createModel(text, entry.kind === "deck" ? DECK : DGS, this.uri(entry.name));
    this.models.set(entry.name, model);
    // Each edit goes to the worker as its changes (deltas.ts); the worker asks for the whole
    // text when its copy is not the one changed. Set files and deck lists alike: the worker
    // checks a deck against the workspace's sets.
    let synced = model.getVersionId();
    const sendAll = () => {
      synced = model.getVersionId();
      return this.client.ask({ kind: "edit", file: entry.name, text: model.getValue(), version: synced });
    };
    model.onDidChangeContent((e) => {
      const changes = e.changes.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text }));
      const from = synced;
      synced = e.versionId;
      void this.client.ask({ kind: "edit", file: entry.name, changes, from, length: model.getValueLength(), version: e.versionId }).then((r) => {
        if (r.resync && !model.isDisposed() && model.getVersionId() === e.versionId) return sendAll();
      });
      if (entry.kind === "dgs") {
        // An edit in another file may change this one's diagnostics: the worker's next push for them is not a confirmation.
        for (const f of this.instantShown.keys()) if (f !== entry.name) this.instantShown.delete(f);
        this.instant.edited(entry.name, e.versionId, changes.reduce((n, c) => n + c.length + c.text.length, 0));
      }
      this.emit("text", { file: entry.name });
      if (entry.kind === "dgs") this.scheduleCursorCard();
    });
    const sent = this.client.ask({ kind: "init", files: [{ name: entry.name, text, readOnly: entry.readOnly, version: model.getVersionId() }] });
    if (entry.kind === "dgs") this.instant.added(entry.name, entry.readOnly);
    // The worker reads its messages in the order they were sent, so every later request (a
    // check, the cards of a file) finds the file there: nothing waits for its reply. Waiting
    // for it made the page's start wait for the worker's own start (loading and compiling
    // the checker): the editor took input 1.5-2.0 s after navigation instead of 1.1-1.4 s.
    sent.catch((e: unknown) => console.error(`the language worker did not take ${entry.name}: ${(e as Error).message}`));
    this.emit("files", {});
  }

  /** Remove one of the designer's files. */
  async removeFile(file: string): Promise<void> {
    const e = this.entries.get(file);
    if (!e || e.readOnly) return;
    this.entries.delete(file);
    this.models.get(file)?.dispose();
    this.models.delete(file);
    this.diagnostics.delete(file);
    this.instantShown.delete(file);
    if (e.kind === "dgs") this.instant.removed(file);
    await this.client.ask({ kind: "remove", file });
    // Open another file of the designer's when there is one, else the first bundled file.
    if (this.active === file) this.open((this.files().find((f) => !f.readOnly) ?? this.files()[0])?.name ?? "");
    this.emit("files", {});
  }

  /** Show a file in the editor. */
  open(file: string): void {
    const model = this.models.get(file);
    if (!model) return;
    this.active = file;
    this.editor.setModel(model);
    this.editor.updateOptions({ readOnly: this.entries.get(file)?.readOnly ?? false, readOnlyMessage: { value: "Bundled sets are read-only: copy one into a file of your own to change it." } });
    this.emit("activeFile", { file });
    this.scheduleCursorCard();
  }

  /** Open a file and select a range (a problem, a log line's sentence, a definition). */
  reveal(r: FileRange): void {
    this.open(r.file);
    const range = new monaco.Range(r.line, r.col, r.endLine, r.endCol);
    this.editor.setSelection(range);
    this.editor.revealRangeInCenter(range);
    this.editor.focus();
  }

  // ─── duel settings ──────────────────────────────────────────────────────

  /** The duel settings (a copy). */
  get duelSettings(): DuelSettings {
    return { ...this.duel, decks: [...this.duel.decks], players: [...this.duel.players] };
  }

  /** Change the duel settings (any part) and tell the features. */
  setDuelSettings(s: Partial<DuelSettings>): void {
    this.duel = { ...this.duel, ...s };
    this.emit("duelSettings", this.duelSettings);
  }

  // ─── the card under the cursor ──────────────────────────────────────────

  private cursorTimer: ReturnType<typeof setTimeout> | null = null;

  /** Ask the worker for the card under the cursor once typing pauses for a frame. */
  private scheduleCursorCard(): void {
    if (this.cursorTimer !== null) clearTimeout(this.cursorTimer);
    this.cursorTimer = setTimeout(() => {
      this.cursorTimer = null;
      const model = this.editor.getModel();
      const pos = this.editor.getPosition();
      if (!model || !pos || this.entries.get(this.active)?.kind !== "dgs") return this.emit("cursorCard", { view: null });
      void this.client.ask({ kind: "cardAt", file: this.active, offset: model.getOffsetAt(pos) }).then((view) => this.emit("cursorCard", { view }));
    }, 16);
  }

  // ─── panels ─────────────────────────────────────────────────────────────

  /**
   * Add a panel whose feature is loaded the first time the panel is shown: its module, and what
   * it imports (the rules runtimes, for the duel, scenario and simulation panels), stay out of
   * the page's start. Meanwhile the panel says it is loading and is marked busy; a module that
   * cannot be loaded says so in the panel.
   * @param load resolves with the function that fills the panel (the feature's `mount…`)
   */
  addLazyPanel(id: string, title: string, load: () => Promise<(app: App, panel: Panel) => void>): Panel {
    const panel = this.addPanel(id, title);
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      panel.body.setAttribute("aria-busy", "true");
      const note = document.createElement("p");
      note.className = "status";
      note.setAttribute("role", "status");
      note.textContent = `Loading the ${title} panel…`;
      panel.body.append(note);
      load()
        .then(
          (fill) => {
            note.remove();
            fill(this, panel);
          },
          (e: unknown) => {
            panel.body.textContent = `The ${title} panel could not be loaded: ${(e as Error).message}. Reload the page to try again.`;
            console.error(`the ${title} panel could not be loaded: ${(e as Error).message}`);
          },
        )
        .finally(() => panel.body.removeAttribute("aria-busy"));
    };
    if (!panel.body.hidden) start();
    else onShown(panel.body, start);
    return panel;
  }

  /**
   * Add a panel beside the editor, with a tab (keyboard: arrow keys move between tabs).
   * @returns the panel; its `body` is the feature's to fill
   */
  addPanel(id: string, title: string): Panel {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.id = `tab-${id}`;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", `panel-${id}`);
    tab.textContent = title;
    // One tab stop for the tab list: the selected tab (arrow keys move between tabs).
    tab.tabIndex = this.panels.length === 0 ? 0 : -1;
    const body = document.createElement("section");
    body.id = `panel-${id}`;
    body.className = "panel";
    body.setAttribute("role", "tabpanel");
    body.setAttribute("aria-labelledby", tab.id);
    body.tabIndex = 0;
    tab.addEventListener("click", () => this.showPanel(id));
    tab.addEventListener("keydown", (ev) => {
      const i = this.panels.findIndex((p) => p.id === id);
      // The tabs pattern of WAI-ARIA: the arrows move to the next or previous tab (wrapping), Home and End to the first and last.
      const last = this.panels.length - 1;
      const to = ev.key === "ArrowRight" ? i + 1 : ev.key === "ArrowLeft" ? i - 1 : ev.key === "Home" ? 0 : ev.key === "End" ? last : -2;
      if (to === -2) return;
      const p = this.panels[(to + this.panels.length) % this.panels.length]!;
      this.showPanel(p.id);
      document.getElementById(`tab-${p.id}`)?.focus();
      ev.preventDefault();
    });
    this.tabList.append(tab);
    this.panelHost.append(body);
    const panel = { id, title, body };
    this.panels.push(panel);
    if (this.panels.length === 1) this.showPanel(id);
    else body.hidden = true;
    return panel;
  }

  /** Show one panel and hide the others. */
  showPanel(id: string): void {
    for (const p of this.panels) {
      const on = p.id === id;
      p.body.hidden = !on;
      const tab = document.getElementById(`tab-${p.id}`)!;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    this.emit("panel", { id });
  }

  /** Whether a panel is the one shown. */
  isShown(id: string): boolean {
    return this.panels.some((p) => p.id === id && !p.body.hidden);
  }
}
