/**
 * The problems panel under the editor: every diagnostic of the designer's files and the open
 * file, errors first, as a keyboard-navigable list; Enter or a click jumps to the range.
 * Messages are set as text, never as HTML.
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import type { App } from "../app/app.ts";

/** Mount the problems list into `host` (an element under the editor). */
export function mountProblems(app: App, host: HTMLElement): void {
  const summary = document.createElement("p");
  summary.className = "problems-summary";
  summary.setAttribute("aria-live", "polite");
  const list = document.createElement("ul");
  list.className = "problems";
  list.setAttribute("aria-label", "Problems");
  host.append(summary, list);
  const byFile = new Map<string, FileDiagnostic[]>();

  /** What the list shows now (the rows' files, positions and texts), to skip a render that would change nothing. */
  let shownKey = "";
  const render = () => {
    const shown = [...byFile].filter(([f]) => app.showsProblemsOf(f));
    const all = shown.flatMap(([, ds]) => ds);
    const errors = all.filter((d) => d.severity === "error").length;
    const text = all.length === 0 ? "No problems." : `${errors} error${errors === 1 ? "" : "s"}, ${all.length - errors} warning${all.length - errors === 1 ? "" : "s"}`;
    const sorted = [...all].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col).slice(0, 500);
    // A keystroke that moves no diagnostic (the usual case) leaves the panel as it is: no DOM
    // work in the frame, no repeated announcement of the live summary.
    const key = JSON.stringify([text, sorted.map((d) => [d.file, d.line, d.col, d.endLine, d.endCol, d.severity, d.code, d.message, d.hint])]);
    if (key === shownKey) return;
    shownKey = key;
    summary.textContent = text;
    list.replaceChildren();
    for (const d of sorted) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = `problem ${d.severity}`;
      b.dataset.code = d.code;
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = `${d.file}:${d.line}:${d.col}`;
      const msg = document.createElement("span");
      msg.className = "message";
      msg.textContent = `${d.severity} ${d.code}: ${d.message}${d.hint ? ` — ${d.hint}` : ""}`;
      b.append(where, " ", msg);
      b.addEventListener("click", () => app.reveal({ file: d.file, line: d.line, col: d.col, endLine: d.endLine, endCol: d.endCol }));
      li.append(b);
      list.append(li);
    }
  };
  // One push carries several files: render once after all of them.
  let queued = false;
  const renderSoon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      render();
    });
  };
  app.on("diagnostics", ({ file, diagnostics }) => {
    byFile.set(file, diagnostics);
    renderSoon();
  });
  app.on("activeFile", render);
  app.on("files", () => {
    for (const f of [...byFile.keys()]) if (!app.entry(f)) byFile.delete(f);
    render();
  });
}
