/**
 * The language features of the editor, each answered by the language worker: diagnostics
 * as markers, completion, hover (a glossary entry with its rules section, or the card a name
 * names), go to definition, quick fixes for every "did you mean" diagnostic, formatting
 * with the project's prettier plugin (which never changes a word), and the file's outline
 * (Go to Symbol: one entry per card block).
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import type { App } from "../app/app.ts";
import { DGS } from "./dgs-language.ts";
import { cardSymbols } from "./symbols.ts";


/** Monaco's marker severity for a diagnostic. */
function severity(app: App, d: FileDiagnostic): number {
  return d.severity === "error" ? app.monaco.MarkerSeverity.Error : app.monaco.MarkerSeverity.Warning;
}

/**
 * The replacement a "did you mean" hint offers, or null: `did you mean "Recover"?`,
 * `did you mean Dragon?`, `did you mean "Agumon" or "Gabumon"?` (each name is a fix).
 */
export function suggestions(hint: string | undefined): string[] {
  if (!hint) return [];
  const m = /did you mean ([^?;]+)\?/.exec(hint);
  if (!m) return [];
  return m[1]!.split(/\s+or\s+/).map((s) => s.trim().replace(/^"|"$/g, "")).filter((s) => s.length > 0);
}

/**
 * The part of a diagnostic's range a suggestion replaces: the first word of the range (a
 * misspelt keyword starts the unreadable part of a sentence), or the whole range when it is
 * one word or a name.
 * @param text the text the range covers
 * @returns the length to replace from the range's start
 */
export function replacedLength(text: string): number {
  const w = /^[A-Za-z0-9\u00C0-\u024F'’-]+/.exec(text);
  return w ? w[0].length : text.length;
}

/** Register the providers and keep markers in step with the worker's diagnostics. */
export function registerProviders(app: App): void {
  const { monaco } = app;
  const diagByMarker = new Map<string, FileDiagnostic>();
  const key = (file: string, d: { line: number; col: number; endLine: number; endCol: number; code: string }) => `${file}:${d.line}:${d.col}:${d.endLine}:${d.endCol}:${d.code}`;

  // Markers are the Problems panel's diagnostics (App.showsProblemsOf). The editor's next-problem
  // key (F8) walks the markers of every model, and the warnings of bundled files no one opened
  // were stops in it that the panel did not list.
  const markersOf = (file: string): readonly FileDiagnostic[] => (app.showsProblemsOf(file) ? app.diagnosticsOf(file) : []);
  const setMarkers = (file: string) => {
    const model = monaco.editor.getModel(app.uri(file));
    if (!model) return;
    for (const k of [...diagByMarker.keys()]) if (k.startsWith(`${file}:`)) diagByMarker.delete(k);
    monaco.editor.setModelMarkers(
      model,
      "dgs",
      markersOf(file).map((d) => {
        diagByMarker.set(key(file, d), d);
        return {
          severity: severity(app, d),
          message: d.hint ? `${d.message}\n${d.hint}` : d.message,
          code: d.code,
          startLineNumber: d.line,
          startColumn: d.col,
          endLineNumber: d.endLine,
          endColumn: Math.max(d.endCol, d.line === d.endLine ? d.col + 1 : d.endCol),
          source: "DigiScript",
        };
      }),
    );
  };
  app.on("diagnostics", ({ file }) => setMarkers(file));
  let shownFile = app.activeFile;
  app.on("activeFile", ({ file }) => {
    // A bundled file's markers go when another file is opened, and come back when it is again.
    if (shownFile !== file) setMarkers(shownFile);
    shownFile = file;
    setMarkers(file);
  });

  monaco.languages.registerCompletionItemProvider(DGS, {
    // "[" and "<" open a DCG timing tag or name reference and a keyword effect.
    triggerCharacters: [" ", ":", "|", "[", "<", '"'],
    async provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const items = await app.client.ask({ kind: "complete", file: app.fileOf(model), offset: model.getOffsetAt(position) });
      const kinds = monaco.languages.CompletionItemKind;
      const kindOf: Record<string, number> = { keyword: kinds.Keyword, verb: kinds.Function, card: kinds.Class, type: kinds.Enum, level: kinds.EnumMember, field: kinds.Field };
      // An item with its own span replaces that text (a DCG "[On Pl" with the "]" Monaco closed), else the word before the cursor.
      const rangeOf = (span: { start: number; end: number } | undefined) => {
        if (!span) return range;
        const a = model.getPositionAt(span.start);
        const b = model.getPositionAt(span.end);
        return new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
      };
      return { suggestions: items.map((c) => ({ label: c.label, kind: kindOf[c.kind] ?? kinds.Text, detail: c.detail, insertText: c.label, range: rangeOf(c.span) })) };
    },
  });

  monaco.languages.registerHoverProvider([DGS, "dgs-deck"], {
    async provideHover(model, position) {
      const offset = model.getOffsetAt(position);
      const h = await app.client.ask({ kind: "hover", file: app.fileOf(model), offset });
      if (!h) return null;
      const a = model.getPositionAt(h.span.start);
      const b = model.getPositionAt(h.span.end);
      return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), contents: [{ value: h.markdown, isTrusted: false, supportHtml: false }] };
    },
  });

  // Go to definition across files (a deck line to its card's block in a set file): the
  // standalone editor opens only its own model, so another file is opened here, as the
  // Problems panel opens one.
  monaco.editor.registerEditorOpener({
    openCodeEditor(_source, resource, selection) {
      if (resource.scheme !== "dgs") return false;
      const file = resource.path.slice(1);
      if (app.entry(file) === undefined) return false;
      const r = selection === undefined ? null : "startLineNumber" in selection ? selection : { startLineNumber: selection.lineNumber, startColumn: selection.column, endLineNumber: selection.lineNumber, endColumn: selection.column };
      if (r === null) app.open(file);
      else app.reveal({ file, line: r.startLineNumber, col: r.startColumn, endLine: r.endLineNumber, endCol: r.endColumn });
      return true;
    },
  });

  monaco.languages.registerDefinitionProvider([DGS, "dgs-deck"], {
    async provideDefinition(model, position) {
      const r = await app.client.ask({ kind: "definition", file: app.fileOf(model), offset: model.getOffsetAt(position) });
      if (!r) return null;
      return { uri: app.uri(r.file), range: new monaco.Range(r.line, r.col, r.endLine, r.endCol) };
    },
  });

  monaco.languages.registerCodeActionProvider([DGS, "dgs-deck"], {
    provideCodeActions(model, _range, context) {
      const actions: import("monaco-editor/editor").languages.CodeAction[] = [];
      for (const m of context.markers) {
        const d = diagByMarker.get(key(app.fileOf(model), { line: m.startLineNumber, col: m.startColumn, endLine: m.endLineNumber, endCol: m.endColumn, code: String(m.code ?? "") }));
        if (!d) continue;
        const covered = model.getValueInRange(new monaco.Range(m.startLineNumber, m.startColumn, m.endLineNumber, m.endColumn));
        const len = replacedLength(covered);
        const start = model.getOffsetAt({ lineNumber: m.startLineNumber, column: m.startColumn });
        const a = model.getPositionAt(start);
        const b = model.getPositionAt(start + len);
        for (const s of suggestions(d.hint)) {
          actions.push({
            title: `Change to "${s}"`,
            kind: "quickfix",
            diagnostics: [m],
            isPreferred: true,
            edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: s } }] },
          });
        }
      }
      return { actions, dispose() {} };
    },
  });

  // Go to Symbol (Ctrl+Shift+O): the card blocks, read here from the editor's own text (no
  // round trip to the worker, so the ranges are always the current text's).
  monaco.languages.registerDocumentSymbolProvider(DGS, {
    displayName: "Cards",
    provideDocumentSymbols(model) {
      return cardSymbols(model.getValue()).map((c) => ({
        name: c.name,
        detail: c.detail,
        kind: monaco.languages.SymbolKind.Struct,
        tags: [],
        range: new monaco.Range(c.start.line, c.start.col, c.end.line, c.end.col),
        selectionRange: new monaco.Range(c.nameStart.line, c.nameStart.col, c.nameEnd.line, c.nameEnd.col),
      }));
    },
  });

  monaco.languages.registerDocumentFormattingEditProvider(DGS, {
    async provideDocumentFormattingEdits(model) {
      const r = await app.client.ask({ kind: "format", file: app.fileOf(model) });
      if ("error" in r) return [];
      return [{ range: model.getFullModelRange(), text: r.text }];
    },
  });
}
