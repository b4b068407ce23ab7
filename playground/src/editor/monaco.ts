/**
 * Monaco, as the playground uses it: the editor API plus only the features it offers
 * (hover, completion, quick fixes, formatting, go to definition, find, folding, comments,
 * bracket matching, markers navigation, keyboard help, Go to Symbol), not every language
 * Monaco ships.
 * The editor's own worker is bundled by Vite (`?worker`), so the page works offline.
 */
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/anchorSelect/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/codeAction/register";
import "monaco-editor/features/codeEditor/register";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/gotoLine/register";
import "monaco-editor/features/gotoSymbol/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/quickCommand/register";
import "monaco-editor/features/quickHelp/register";
import "monaco-editor/features/quickOutline/register";
import "monaco-editor/features/readOnlyMessage/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
// The suggest widget itself: monaco 0.57's `features/suggest/register` only wires inline
// completions, and the controller (Ctrl+Space, trigger characters, quick suggestions) is
// imported by `editor.main` alone. Without it no completion list ever opens.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/features/toggleTabFocusMode/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

(self as unknown as { MonacoEnvironment: { getWorker(id: string, label: string): Worker } }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export { monaco };
