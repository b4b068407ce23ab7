/**
 * The card preview's DOM renderer: elements built from a {@link CardModel} (`model.ts`).
 *
 * Card data (names, text, evo-box entries, attacks, messages) only ever reaches the page
 * through `textContent` and `setAttribute` (attribute values are never parsed as markup):
 * no `innerHTML`, `insertAdjacentHTML` or `outerHTML`, so a card named
 * `<img src=x onerror=alert(1)>` is drawn as those characters. Every function takes the
 * `Document` to build with, so the tests can pass a fake one that refuses markup.
 *
 * The drawing follows "Anatomy of Cards" (`000_012504f4614e5b24.txt`, items 2–15): name bar
 * with level and set number, kind and markings, DP cost, +P, HP, the three attacks with
 * their Power and attack abilities, abnormal stats, the evo-box, the card timings, the
 * text, and the subtypes bar; Partner marker ("Deck Construction") and flip side (Glossary
 * "Flip").
 */
import type { FileRange } from "../worker/protocol.ts";
import type { CardModel, DiagnosticModel, Flag, PartId } from "./model.ts";

/** What the problems list of a card shows of each diagnostic (a DBE or a DCG card's). */
export type ProblemModel = Pick<DiagnosticModel, "severity" | "code" | "message" | "hint" | "where" | "range">;

/** What the problems list needs of a card: its name, counts and diagnostics. */
export interface ProblemsOf {
  label: string;
  errors: number;
  warnings: number;
  diagnostics: readonly ProblemModel[];
}

/** What the rendered elements do when used. */
export interface PreviewActions {
  /** Show a range in the editor (a diagnostic, a card block). */
  reveal(range: FileRange): void;
  /** Show side `index` of a flip card. */
  showSide(index: number): void;
}

/** An element of `doc` with a class and, optionally, text (always as a text node). */
export function el(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Text for screen readers only. */
export function srOnly(doc: Document, text: string): HTMLElement {
  return el(doc, "span", "pv-sr", text);
}

/** Visible text that screen readers skip (its meaning is given by {@link srOnly} text). */
export function shown(doc: Document, className: string, text: string): HTMLElement {
  const e = el(doc, "span", className, text);
  e.setAttribute("aria-hidden", "true");
  return e;
}

/** Add a class to an element. */
export function addClass(e: HTMLElement, c: string): void {
  e.className = e.className ? `${e.className} ${c}` : c;
}

/**
 * Mark a part of the card (after its content is in) with its diagnostics' severity:
 * outlined, and said in words at its end.
 */
export function flagPart(doc: Document, e: HTMLElement, flag: Flag | null | undefined): HTMLElement {
  if (!flag) return e;
  addClass(e, `pv-flag-${flag}`);
  e.append(srOnly(doc, flag === "error" ? " (has an error)" : " (has a warning)"));
  return e;
}

/** "2 errors", "1 warning", "2 errors, 1 warning". */
export function countLabel(errors: number, warnings: number): string {
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? "" : "s"}`;
  return [errors ? n(errors, "error") : "", warnings ? n(warnings, "warning") : ""].filter(Boolean).join(", ");
}

/**
 * Draw one card (one side of a flip card): an `article` named by the model's label ("Card
 * DS1-001 Agumon"), framed by kind and coloured by type, its error parts outlined and an
 * error badge with the count.
 */
export function renderCard(doc: Document, m: CardModel): HTMLElement {
  const card = el(doc, "article", `pv-card pv-frame-${m.frame} pv-tone-${m.tone}`);
  card.setAttribute("aria-label", m.label);
  card.setAttribute("data-key", m.key);
  if (m.errors > 0) addClass(card, "pv-has-errors");
  const f = (p: PartId) => m.flags[p];

  // Name bar (items 2–4): level, name, set number; the flip side icon.
  const head = el(doc, "header", "pv-head");
  const level = el(doc, "span", "pv-level");
  if (m.level) level.append(shown(doc, "pv-level-letter", m.level.letter), srOnly(doc, `Level ${m.level.letter} (${m.level.name})`));
  else if (m.frame === "digimon") level.append(shown(doc, "pv-level-letter", "?"), srOnly(doc, "no level"));
  else addClass(level, "pv-level-none");
  flagPart(doc, level, f("level"));
  const title = el(doc, "div", "pv-title");
  title.append(flagPart(doc, el(doc, "h3", "pv-name", m.name), f("name")), flagPart(doc, el(doc, "span", "pv-number", m.setNumber), f("setNumber")));
  head.append(level, title);
  if (m.flip) {
    const flip = el(doc, "span", "pv-flip-icon");
    flip.append(shown(doc, "", m.flip.icon), srOnly(doc, m.flip.alt));
    flip.setAttribute("title", m.flip.alt);
    head.append(flagPart(doc, flip, f("flip")));
  }
  card.append(head);
  // The error badge: the count, in words.
  if (m.errors > 0 || m.warnings > 0) {
    const badge = el(doc, "span", m.errors > 0 ? "pv-badge pv-badge-error" : "pv-badge pv-badge-warning");
    badge.append(shown(doc, "pv-badge-icon", m.errors > 0 ? "✖" : "⚠"), doc.createTextNode(` ${countLabel(m.errors, m.warnings)}`));
    card.append(badge);
  }

  // Kind and markings (items 1, 4; Deck Construction), the Partner marker.
  const kindRow = el(doc, "div", "pv-kindrow");
  kindRow.append(flagPart(doc, el(doc, "span", "pv-kind", m.kind), f("kind")));
  for (const mk of m.markings) kindRow.append(el(doc, "span", `pv-marking pv-marking-${mk.toLowerCase()}`, mk));
  if (m.partner) {
    const p = el(doc, "span", "pv-partner");
    p.append(shown(doc, "pv-partner-icon", "♦"), doc.createTextNode(" Partner"));
    kindRow.append(flagPart(doc, p, f("partner")));
  }
  card.append(kindRow);

  // The art band: the type and level in words, the DP cost, +P and HP (items 5–7, 9).
  const art = el(doc, "div", "pv-art");
  const emblem = shown(doc, "pv-emblem", m.frame === "digimon" ? (m.type?.name ?? "No type") : m.kind);
  art.append(emblem);
  if (m.level) art.append(shown(doc, "pv-emblem-level", m.level.name));
  if (m.stats.length > 0) {
    const stats = el(doc, "dl", "pv-stats");
    for (const s of m.stats) {
      const box = el(doc, "div", `pv-stat pv-stat-${s.part}`);
      const dd = el(doc, "dd", "", s.value);
      box.append(el(doc, "dt", "", s.label), dd);
      if (s.value === "—") {
        dd.setAttribute("aria-hidden", "true");
        dd.append(srOnly(doc, s.alt));
      }
      stats.append(flagPart(doc, box, s.flag));
    }
    art.append(stats);
  }
  card.append(art);

  // Attacks (items 10–11).
  if (m.attacks.length > 0) {
    const list = el(doc, "ol", "pv-attacks");
    list.setAttribute("aria-label", "Attacks");
    for (const a of m.attacks) {
      const li = el(doc, "li", `pv-attack pv-slot-${a.slot}`);
      const icon = el(doc, "span", "pv-icon", a.icon);
      icon.setAttribute("role", "img");
      icon.setAttribute("aria-label", a.iconAlt);
      icon.setAttribute("title", a.iconAlt);
      const body = el(doc, "span", "pv-attack-body");
      body.append(el(doc, "span", "pv-attack-name", a.name || "(no name)"));
      if (a.ability !== null) body.append(el(doc, "span", "pv-ability", a.ability));
      const power = el(doc, "span", "pv-power", a.power);
      li.append(icon, body, power);
      list.append(flagPart(doc, li, a.flag));
    }
    card.append(list);
  }

  // Abnormal stats (item 12).
  if (m.abnormal) {
    const ab = el(doc, "p", "pv-abnormal");
    ab.append(shown(doc, "", `Abnormal ${m.abnormal.factor}: HP ${m.abnormal.hp} · ${m.abnormal.powers.map((p, i) => `${m.attacks[i]?.icon ?? ""}${p}`).join(" ")}`), srOnly(doc, m.abnormal.alt));
    card.append(ab);
  }

  // Evo-box (item 8).
  if (m.evo.length > 0 || f("evo")) {
    const box = el(doc, "section", "pv-evo");
    box.setAttribute("aria-label", "Evo-box");
    const ul = el(doc, "ul", "");
    for (const e of m.evo) ul.append(flagPart(doc, el(doc, "li", "pv-evo-entry", e.text), e.flag));
    if (m.evo.length === 0) ul.append(el(doc, "li", "pv-evo-entry pv-missing", "no entry"));
    box.append(shown(doc, "pv-evo-title", "EVO"), ul);
    card.append(flagPart(doc, box, f("evo")));
  }

  // Timing (item 13) and text (item 14).
  if (m.timings.length > 0 || f("timing")) {
    const t = el(doc, "div", "pv-timing");
    t.append(srOnly(doc, "Timing: "));
    for (const x of m.timings) t.append(el(doc, "span", "pv-timing-chip", x));
    if (m.timings.length === 0) t.append(el(doc, "span", "pv-timing-chip pv-missing", "no timing"));
    card.append(flagPart(doc, t, f("timing")));
  }
  if (m.text.length > 0 || f("text")) {
    const p = el(doc, "p", "pv-text");
    for (const r of m.text) p.append(r.flag ? el(doc, "mark", `pv-mark-${r.flag}`, r.text) : doc.createTextNode(r.text));
    if (m.text.length === 0) p.append(el(doc, "span", "pv-missing", "no text"));
    card.append(flagPart(doc, p, f("text")));
  }

  // Type and subtypes bar (items 5, 15).
  if (m.type || m.subtypes.length > 0 || f("type") || f("subtypes")) {
    const bar = el(doc, "footer", "pv-types");
    if (m.type) bar.append(flagPart(doc, el(doc, "span", `pv-type-chip pv-primary pv-tone-${m.type.tone}`, m.type.name), f("type")));
    else if (f("type")) bar.append(flagPart(doc, el(doc, "span", "pv-type-chip pv-missing", "no type"), f("type")));
    if (m.subtypes.length > 0 || f("subtypes")) {
      const sub = el(doc, "span", "pv-subtypes");
      sub.append(srOnly(doc, "Subtypes: "));
      for (const t of m.subtypes) sub.append(el(doc, "span", `pv-type-chip pv-tone-${t.tone}`, t.name));
      bar.append(flagPart(doc, sub, f("subtypes")));
    }
    card.append(bar);
  }

  if (f("card")) addClass(card, "pv-flag-card");
  return card;
}

/**
 * The card's diagnostics as a list of buttons (Enter or a click reveals the range in the
 * editor), errors first; null when it has none.
 */
export function renderDiagnostics(doc: Document, m: ProblemsOf, reveal: (r: FileRange) => void): HTMLElement | null {
  if (m.diagnostics.length === 0) return null;
  const box = el(doc, "section", "pv-problems");
  box.setAttribute("aria-label", `Problems of ${m.label}`);
  box.append(el(doc, "p", "pv-problems-summary", countLabel(m.errors, m.warnings)));
  const ul = el(doc, "ul", "");
  const sorted = [...m.diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  sorted.forEach((d, i) => ul.append(renderDiagnostic(doc, d, i, reveal)));
  box.append(ul);
  return box;
}

function renderDiagnostic(doc: Document, d: ProblemModel, i: number, reveal: (r: FileRange) => void): HTMLElement {
  const li = el(doc, "li", "");
  const b = el(doc, "button", `pv-problem pv-problem-${d.severity}`);
  b.setAttribute("type", "button");
  b.setAttribute("data-focus", `diag-${i}`);
  b.setAttribute("data-code", d.code);
  b.append(el(doc, "span", "pv-where", d.where), el(doc, "span", "pv-severity", d.severity), el(doc, "span", "pv-message", d.message));
  if (d.hint) b.append(el(doc, "span", "pv-hint", d.hint));
  b.addEventListener("click", () => reveal(d.range));
  li.append(b);
  return li;
}

/**
 * The Card panel's content: for a flip card, a toggle between its sides (two buttons,
 * `aria-pressed`); the side shown, drawn; its diagnostics.
 * @param sides one card, or a flip card's two sides (Star first)
 * @param shownSide the index of the side to draw
 */
export function renderPreview(doc: Document, sides: readonly CardModel[], shownSide: number, actions: PreviewActions): HTMLElement {
  const root = el(doc, "div", "pv-preview");
  const m = sides[shownSide] ?? sides[0]!;
  if (sides.length > 1) {
    const group = el(doc, "div", "pv-sides");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `Sides of flip card ${m.setNumber}`);
    sides.forEach((s, i) => {
      const b = el(doc, "button", "pv-side");
      b.setAttribute("type", "button");
      b.setAttribute("aria-pressed", String(i === shownSide));
      b.setAttribute("data-focus", `side-${i}`);
      b.append(shown(doc, "pv-side-icon", s.flip?.icon ?? ""), doc.createTextNode(` ${s.flip ? `${s.flip.side} side` : `Side ${i + 1}`}: ${s.name}${s.flip?.initial ? " (initial)" : ""}`));
      if (s.errors > 0) b.append(el(doc, "span", "pv-side-errors", ` ✖ ${s.errors}`));
      b.addEventListener("click", () => actions.showSide(i));
      group.append(b);
    });
    root.append(group);
  }
  root.append(renderCard(doc, m));
  const problems = renderDiagnostics(doc, m, actions.reveal);
  if (problems) root.append(problems);
  return root;
}

/**
 * A gallery tile: a small card as a button named "Card DS1-001 Agumon" (and its error
 * count), showing level, name, set number, type or kind, HP, markings and an error badge.
 * @param open called on click or Enter (a button's own keyboard behaviour)
 */
export function renderMini(doc: Document, m: CardModel, open: () => void): HTMLElement {
  const li = el(doc, "li", "pv-tile");
  const b = el(doc, "button", `pv-mini pv-frame-${m.frame} pv-tone-${m.tone}`);
  b.setAttribute("type", "button");
  b.setAttribute("aria-label", `${m.label}${m.errors || m.warnings ? `, ${countLabel(m.errors, m.warnings)}` : ""}`);
  b.setAttribute("data-focus", `card-${m.key}`);
  b.setAttribute("data-key", m.key);
  if (m.errors > 0) addClass(b, "pv-has-errors");
  const top = el(doc, "span", "pv-mini-top");
  top.append(el(doc, "span", "pv-mini-level", m.level?.letter ?? (m.frame === "evolution" ? "E" : m.frame === "option" ? "O" : "?")), el(doc, "span", "pv-mini-number", m.setNumber));
  if (m.flip) top.append(el(doc, "span", "pv-mini-flip", m.flip.icon));
  b.append(top, el(doc, "span", "pv-mini-name", m.name));
  const hp = m.stats.find((s) => s.part === "hp");
  const line = m.frame === "digimon" ? [m.type?.name ?? "No type", hp ? `${hp.value} HP` : ""] : [m.kind, m.timings.join(" ")];
  b.append(el(doc, "span", "pv-mini-line", line.filter(Boolean).join(" · ")));
  const marks = [...m.markings, ...(m.partner ? ["Partner"] : [])];
  if (marks.length > 0) b.append(el(doc, "span", "pv-mini-marks", marks.join(" · ")));
  if (m.errors > 0 || m.warnings > 0) b.append(el(doc, "span", m.errors > 0 ? "pv-badge pv-badge-error" : "pv-badge pv-badge-warning", m.errors > 0 ? `✖ ${m.errors}` : `⚠ ${m.warnings}`));
  b.addEventListener("click", open);
  li.append(b);
  return li;
}

/** A short note in a panel (no card under the cursor, no set open). */
export function renderNote(doc: Document, text: string): HTMLElement {
  return el(doc, "p", "pv-note", text);
}
