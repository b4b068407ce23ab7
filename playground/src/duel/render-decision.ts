/**
 * The decision "me" answers: the Decision's prompt and its legal options as a listbox.
 *
 * Keyboard: ↑/↓ (Home/End) move between options; with one option to choose, Enter answers
 * with the option under focus; with several (between `min` and `max`), Enter or Space
 * toggles the option (in the order chosen, shown as 1., 2., … when the order matters) and
 * Ctrl+Enter, or the Answer button, answers. Mouse: click selects (double-click answers a
 * one-option decision). Source of the limits: `runtime/core/decision.ts`.
 */
import type { Choice, Decision } from "../../../runtime/core/decision.ts";
import { button, el, newId } from "./dom.ts";

/** A decision's listbox and Answer button; {@link DecisionView.show} fills it. */
export class DecisionView {
  /** The view's element (hidden while no decision is shown). */
  readonly el: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly list: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly answerButton: HTMLButtonElement;
  private readonly error: HTMLElement;
  private d: Decision | null = null;
  private chosen: number[] = [];
  private active = 0;
  private onAnswer: (c: Choice) => void = () => {};
  private readonly ids: string[] = [];

  constructor() {
    const promptId = newId("decision-prompt");
    this.prompt = el("p", { class: "decision-prompt", id: promptId });
    this.list = el("div", { class: "options", role: "listbox", tabindex: 0, "aria-labelledby": promptId });
    this.hint = el("p", { class: "muted decision-hint" });
    this.error = el("p", { class: "error", role: "alert" });
    this.answerButton = button("Answer", () => this.submit(), { class: "primary" });
    this.el = el("section", { class: "decision", "aria-label": "Your decision", hidden: true }, this.prompt, this.list, el("div", { class: "row" }, this.answerButton, this.hint), this.error);
    this.list.addEventListener("keydown", (ev) => this.key(ev));
  }

  /** Whether one option answers the decision (a listbox with a single selection). */
  private get single(): boolean {
    return this.d !== null && this.d.min === 1 && this.d.max === 1;
  }

  /**
   * Show a decision (null hides the view).
   * @param who the player's name for the heading ("P1 (Dragon Rush)")
   * @param onAnswer called with a legal answer (option indices)
   */
  show(d: Decision | null, who: string, onAnswer: (c: Choice) => void): void {
    this.d = d;
    this.onAnswer = onAnswer;
    this.chosen = [];
    this.active = 0;
    this.error.textContent = "";
    this.el.hidden = d === null;
    if (!d) return;
    this.prompt.replaceChildren(el("strong", { text: `${who}: ` }), d.prompt);
    this.list.setAttribute("aria-multiselectable", String(!this.single));
    this.list.replaceChildren();
    this.ids.length = 0;
    d.options.forEach((o, i) => {
      const id = newId("opt");
      this.ids.push(id);
      const opt = el("div", { class: "option", role: "option", id, "aria-selected": "false" }, el("span", { class: "order" }), el("span", { class: "label", text: o.label }));
      opt.addEventListener("click", () => {
        this.active = i;
        this.toggle(i);
        this.list.focus();
      });
      opt.addEventListener("dblclick", () => {
        if (this.single) this.submit();
      });
      this.list.append(opt);
    });
    if (this.single) this.chosen = [0];
    const range = d.min === d.max ? `${d.min}` : `${d.min}–${d.max}`;
    this.hint.textContent = this.single ? "↑/↓ to move, Enter to answer." : `Choose ${range}${d.ordered ? ", in order" : ""}: Enter or Space toggles, Ctrl+Enter answers.`;
    this.paint();
  }

  /** Put the keyboard focus on the options. */
  focus(): void {
    if (!this.el.hidden) this.list.focus();
  }

  private toggle(i: number): void {
    const d = this.d;
    if (!d) return;
    if (this.single) this.chosen = [i];
    else {
      const k = this.chosen.indexOf(i);
      if (k >= 0) this.chosen.splice(k, 1);
      else if (this.chosen.length < d.max) this.chosen.push(i);
    }
    this.paint();
  }

  private paint(): void {
    const d = this.d;
    if (!d) return;
    const opts = [...this.list.children] as HTMLElement[];
    opts.forEach((o, i) => {
      const k = this.chosen.indexOf(i);
      o.setAttribute("aria-selected", String(k >= 0));
      o.classList.toggle("is-active", i === this.active);
      o.firstElementChild!.textContent = k >= 0 && !this.single ? (d.ordered ? `${k + 1}.` : "✓") : "";
    });
    if (this.ids[this.active]) this.list.setAttribute("aria-activedescendant", this.ids[this.active]!);
    opts[this.active]?.scrollIntoView({ block: "nearest" });
    const n = this.chosen.length;
    const ok = n >= d.min && n <= d.max;
    this.answerButton.disabled = !ok;
    this.answerButton.textContent = this.single ? "Answer" : n === 0 ? "Answer (none)" : `Answer (${n})`;
  }

  private key(ev: KeyboardEvent): void {
    const d = this.d;
    if (!d) return;
    const n = d.options.length;
    const move = (to: number) => {
      this.active = Math.max(0, Math.min(n - 1, to));
      if (this.single) this.chosen = [this.active];
      this.paint();
      ev.preventDefault();
    };
    if (ev.key === "ArrowDown") return move(this.active + 1);
    if (ev.key === "ArrowUp") return move(this.active - 1);
    if (ev.key === "Home") return move(0);
    if (ev.key === "End") return move(n - 1);
    if (ev.key === "Enter" && (this.single || ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      if (this.single) this.chosen = [this.active];
      return this.submit();
    }
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      this.toggle(this.active);
    }
  }

  private submit(): void {
    const d = this.d;
    if (!d) return;
    const c = d.ordered ? [...this.chosen] : [...this.chosen].sort((a, b) => a - b);
    if (c.length < d.min || c.length > d.max) {
      this.error.textContent = `Choose ${d.min === d.max ? d.min : `${d.min} to ${d.max}`} option${d.max === 1 ? "" : "s"}.`;
      return;
    }
    this.onAnswer(c);
  }
}
