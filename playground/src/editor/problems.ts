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

  const render = () => {
    list.replaceChildren();
    const shown = [...byFile].filter(([f]) => !app.entry(f)?.readOnly || f === app.activeFile);
    const all = shown.flatMap(([, ds]) => ds);
    const errors = all.filter((d) => d.severity === "error").length;
    summary.textContent = all.length === 0 ? "No problems." : `${errors} error${errors === 1 ? "" : "s"}, ${all.length - errors} warning${all.length - errors === 1 ? "" : "s"}`;
    const sorted = [...all].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
    for (const d of sorted.slice(0, 500)) {
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
