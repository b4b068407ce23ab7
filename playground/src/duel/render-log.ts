/**
 * The game log view: rows from a {@link LogFormatter} appended as the log grows (never
 * rebuilt while a game goes on, so a step costs only its new lines). A line that names a
 * card's sentence is a button: click or Enter selects that sentence in the editor. The log
 * is one stop of the Tab key; ↑/↓ (Home/End) move between its linked lines.
 */
import type { Game } from "../../../runtime/core/engine.ts";
import { el } from "./dom.ts";
import { LogFormatter, type LogLink } from "./log.ts";

/** The growing log of one game. */
export class LogView {
  /** The view's element: a list. */
  readonly el: HTMLOListElement;
  private formatter = new LogFormatter();
  private readonly onLink: (link: LogLink) => void;
  private current: HTMLButtonElement | null = null;
  private lines = 0;
  /** Whether the list is scrolled to its end (kept by the scroll listener: no layout read per update). */
  private stick = true;
  private scrollQueued = false;

  /** @param onLink called when a linked line is chosen (click or Enter) */
  constructor(onLink: (link: LogLink) => void, label = "Game log") {
    this.onLink = onLink;
    this.el = el("ol", { class: "game-log", "aria-label": label });
    this.el.addEventListener("keydown", (ev) => this.key(ev));
    this.el.addEventListener("scroll", () => {
      if (!this.scrollQueued) this.stick = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
    }, { passive: true });
  }

  /** Forget every line (a new game, an undo, a restart). */
  clear(): void {
    this.formatter = new LogFormatter();
    this.el.replaceChildren();
    this.current = null;
    this.lines = 0;
    this.stick = true;
  }

  /** The number of event lines shown. */
  get size(): number {
    return this.lines;
  }

  /**
   * Append the lines of the events not shown yet and keep the newest in view when the list
   * was scrolled to its end (scrolled in the next frame: no layout is forced here).
   */
  update(g: Game): void {
    const rows = this.formatter.rows(g);
    if (!rows.length) return;
    const frag = document.createDocumentFragment();
    for (const r of rows) {
      if (r.kind !== "event") {
        frag.append(el("li", { class: `log-${r.kind}`, text: r.text }));
        continue;
      }
      this.lines++;
      const e = r.event;
      const li = el("li", { class: `log-event kind-${e.kind.replace(/[^\w-]/g, "_")}`, "data-i": e.i });
      if (r.link) {
        const link = r.link;
        const where = link.text ? `${link.setNumber} ${link.name}, sentence ${link.sentence! + 1}` : `${link.setNumber} ${link.name}`;
        const b = el("button", { type: "button", class: "log-link", tabindex: this.current ? -1 : 0, title: `Show ${where} in the editor` }, e.text);
        b.addEventListener("click", () => {
          this.focusLine(b);
          this.onLink(link);
        });
        if (!this.current) this.current = b;
        li.append(b);
      } else li.textContent = e.text;
      frag.append(li);
    }
    this.el.append(frag);
    if (this.stick && !this.scrollQueued) {
      this.scrollQueued = true;
      requestAnimationFrame(() => {
        this.el.scrollTop = this.el.scrollHeight;
        this.scrollQueued = false;
      });
    }
  }

  private focusLine(b: HTMLButtonElement): void {
    if (this.current && this.current !== b) this.current.tabIndex = -1;
    b.tabIndex = 0;
    this.current = b;
    b.focus();
  }

  private key(ev: KeyboardEvent): void {
    const links = [...this.el.querySelectorAll<HTMLButtonElement>("button.log-link")];
    if (!links.length) return;
    const i = links.indexOf(document.activeElement as HTMLButtonElement);
    const to = ev.key === "ArrowDown" ? i + 1 : ev.key === "ArrowUp" ? i - 1 : ev.key === "Home" ? 0 : ev.key === "End" ? links.length - 1 : null;
    if (to === null) return;
    ev.preventDefault();
    this.focusLine(links[Math.max(0, Math.min(links.length - 1, to))]!);
  }
}
