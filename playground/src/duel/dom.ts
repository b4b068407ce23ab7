/**
 * A small DOM helper for the duel, scenario and simulation panels: elements are built with
 * `createElement` and text with text nodes (`textContent`, `append(string)`), never from
 * HTML, so card names, card text and log lines can hold any characters.
 */

/** Attributes of {@link el}: `class`, `text` (the text content), and any attribute by name. */
export type Attrs = { class?: string; text?: string } & Record<string, string | number | boolean | undefined>;

/**
 * An element with attributes and children (strings become text nodes).
 * @param attrs `class` → className, `text` → textContent, `false`/`undefined` values are
 *   left out, `true` sets an empty attribute
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "class") e.className = String(v);
    else if (k === "text") e.textContent = String(v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  e.append(...children);
  return e;
}

let uid = 0;

/** A page-unique element id with a prefix ("duel-3"). */
export function newId(prefix: string): string {
  return `${prefix}-${++uid}`;
}

/**
 * A labelled control: `<label for=id>text</label>` followed by the control (which gets the id).
 * @returns a wrapper `<div class="field">`
 */
export function field(text: string, control: HTMLElement, cls = "field"): HTMLDivElement {
  if (!control.id) control.id = newId("f");
  return el("div", { class: cls }, el("label", { for: control.id, text }), control);
}

/** A `<select>` with options (value, text), one selected. */
export function select(options: readonly (readonly [string, string])[], value: string, attrs: Attrs = {}): HTMLSelectElement {
  const s = el("select", attrs);
  for (const [v, t] of options) s.append(el("option", { value: v, text: t }));
  s.value = value;
  return s;
}

/** A `<button type=button>` calling `onClick`. */
export function button(text: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const b = el("button", { type: "button", text, ...attrs });
  b.addEventListener("click", onClick);
  return b;
}

/** Yield to the event loop (a timer task), so the page can paint and take input. */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Name a control of one player by its player as well as by its own label, so the two players'
 * controls never share an accessible name: the control is labelled by the player's legend and
 * then its label (`aria-labelledby`), e.g. "P1" + "Hand" → "P1 Hand". The visible label is
 * unchanged (the legend already shows the player) and a click on it still focuses the control.
 * @param legend the `<legend>` of the player's fieldset (given an id when it has none)
 * @param label the control's `<label>` (given an id when it has none)
 */
export function nameByPlayer(legend: HTMLElement, label: HTMLElement, control: HTMLElement): void {
  if (!legend.id) legend.id = newId("player");
  if (!label.id) label.id = newId("label");
  control.setAttribute("aria-labelledby", `${legend.id} ${label.id}`);
}

/**
 * A labelled control of one player's fieldset ({@link field}), named by the player first
 * ({@link nameByPlayer}: "P1 Hand").
 * @param legend the `<legend>` naming the player
 */
export function playerField(legend: HTMLElement, text: string, control: HTMLElement, cls = "field"): HTMLDivElement {
  const f = field(text, control, cls);
  nameByPlayer(legend, f.querySelector("label")!, control);
  return f;
}

/**
 * Mark a field invalid or valid, for assistive technology as well as the eye: `aria-invalid`
 * and `aria-describedby` pointing to the message element (which shows `problem`), or both
 * cleared and the message emptied when `problem` is null. Other ids in `aria-describedby`
 * are kept.
 * @param message the element that shows the field's problem (given an id when it has none)
 */
export function markInvalid(control: HTMLElement, message: HTMLElement, problem: string | null): void {
  if (!message.id) message.id = newId("problem");
  message.textContent = problem ?? "";
  message.hidden = problem === null;
  const others = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== message.id);
  const ids = problem === null ? others : [...others, message.id];
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
  if (problem === null) control.removeAttribute("aria-invalid");
  else control.setAttribute("aria-invalid", "true");
}
