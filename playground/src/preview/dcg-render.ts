/**
 * The DOM renderer of a DCG card (`ruleset dcg`): elements built from a {@link DcgCardModel}
 * (`dcg-model.ts`), in the manner of `render.ts` for DBE cards.
 *
 * Card data only ever reaches the page through `textContent` and `setAttribute` (no
 * `innerHTML`, no inline style): a card named `<img src=x onerror=alert(1)>` is drawn as those
 * characters. Every function takes the `Document` to build with, so the tests can pass a fake
 * one that refuses markup.
 *
 * The drawing follows `001_9364978fb56838a3.txt` "Card Information" for each kind: a head with
 * the play cost (or use cost, for an Option), the name and card number and the level; the
 * colour band; the kind and rarity; DP and the digivolution requirements (colour, level and
 * cost each) with the DNA requirements; the effect box and the kind's lower box (inherited
 * effect for a Digimon or Digi-Egg, security effect for a Tamer or Option), each effect unit
 * on a line of its own with its timing tags and keyword effects set apart and its reminder
 * text smaller; the traits bar (form, attribute, types).
 */
import type { FileRange } from "../worker/protocol.ts";
import type { DcgCardModel, DcgColorModel, DcgSegment } from "./dcg-model.ts";
import { addClass, countLabel, el, flagPart, renderDiagnostics, shown, srOnly } from "./render.ts";

/** The colour chips of a card or requirement: a chip per colour, named in words for screen readers. */
function colorChips(doc: Document, colors: readonly DcgColorModel[], className: string): HTMLElement {
  const box = el(doc, "span", className);
  for (const c of colors) box.append(el(doc, "span", `pv-dcg-chip pv-dcg-c-${c.tone}`, c.name));
  return box;
}

/** A segment of a box line: plain text as a text node, a timing tag, keyword or reminder in its own span. */
function segment(doc: Document, s: DcgSegment): Node {
  const cls = [s.style ? `pv-dcg-${s.style}` : "", s.flag ? `pv-mark-${s.flag}` : ""].filter(Boolean).join(" ");
  if (!cls) return doc.createTextNode(s.text);
  return el(doc, s.flag ? "mark" : "span", cls, s.text);
}

/**
 * Draw one DCG card: an `article` named by the model's label ("Card DSX-002 Emberpup"),
 * framed by kind and coloured by its colours, its error parts outlined and an error badge with
 * the count. `data-kind` and each box's `data-box` name what is drawn.
 */
export function renderDcgCard(doc: Document, m: DcgCardModel): HTMLElement {
  const card = el(doc, "article", `pv-card pv-dcg pv-dcg-frame-${m.frame} pv-dcg-tone-${m.tone}`);
  card.setAttribute("aria-label", m.label);
  card.setAttribute("data-key", m.key);
  card.setAttribute("data-kind", m.kind);
  if (m.errors > 0) addClass(card, "pv-has-errors");
  const f = m.flags;

  // Head: cost, name and number, level.
  const head = el(doc, "header", "pv-dcg-head");
  if (m.cost) {
    const cost = el(doc, "span", `pv-dcg-cost pv-dcg-cost-${m.cost.part}`);
    cost.setAttribute("title", m.cost.label);
    cost.append(shown(doc, "pv-dcg-cost-value", m.cost.value), srOnly(doc, m.cost.alt));
    head.append(flagPart(doc, cost, m.cost.flag));
  } else head.append(el(doc, "span", "pv-dcg-cost pv-dcg-cost-none"));
  const title = el(doc, "div", "pv-title");
  title.append(flagPart(doc, el(doc, "h3", "pv-name", m.name), f.name), flagPart(doc, el(doc, "span", "pv-number", m.number), f.number));
  head.append(title);
  if (m.level) {
    const lv = el(doc, "span", "pv-dcg-level");
    lv.append(shown(doc, "", m.level.text), srOnly(doc, m.level.alt));
    head.append(flagPart(doc, lv, m.level.flag));
  }
  card.append(head);
  if (m.errors > 0 || m.warnings > 0) {
    const badge = el(doc, "span", m.errors > 0 ? "pv-badge pv-badge-error" : "pv-badge pv-badge-warning");
    badge.append(shown(doc, "pv-badge-icon", m.errors > 0 ? "✖" : "⚠"), doc.createTextNode(` ${countLabel(m.errors, m.warnings)}`));
    card.append(badge);
  }

  // The colour band and the kind row (002 2-3, 2-4, 2-20).
  const band = el(doc, "div", "pv-dcg-band");
  band.append(srOnly(doc, "Colour: "), colorChips(doc, m.colors, "pv-dcg-colors"));
  if (m.colors.length === 0) band.append(el(doc, "span", "pv-missing", "no colour"));
  card.append(flagPart(doc, band, f.color));
  const kindRow = el(doc, "div", "pv-kindrow");
  kindRow.append(flagPart(doc, el(doc, "span", "pv-kind", m.kind), f.kind));
  if (m.rarity) kindRow.append(flagPart(doc, el(doc, "span", "pv-dcg-rarity", m.rarity), f.rarity));
  card.append(kindRow);

  // DP and the digivolution and DNA requirements (002 2-6, 2-13, 2-14).
  if (m.dp || m.digivolve.length > 0 || m.dna.length > 0) {
    const art = el(doc, "div", "pv-dcg-art");
    if (m.digivolve.length > 0) {
      const list = el(doc, "ul", "pv-dcg-digivolve");
      list.setAttribute("aria-label", "Digivolution requirements");
      for (const r of m.digivolve) {
        const li = el(doc, "li", "pv-dcg-req");
        li.setAttribute("title", r.text);
        if (r.level !== "") {
          li.append(colorChips(doc, r.colors, "pv-dcg-req-colors"), shown(doc, "pv-dcg-req-level", r.level), shown(doc, "pv-dcg-req-cost", r.cost), srOnly(doc, r.alt));
        } else li.append(el(doc, "span", "pv-dcg-req-text", r.text));
        list.append(flagPart(doc, li, r.flag));
      }
      art.append(flagPart(doc, list, f.digivolve));
    }
    if (m.dp) {
      const dp = el(doc, "dl", "pv-stats");
      const box = el(doc, "div", "pv-stat pv-stat-dp");
      const dd = el(doc, "dd", "", m.dp.value);
      box.append(el(doc, "dt", "", "DP"), dd);
      if (m.dp.value === "—") {
        dd.setAttribute("aria-hidden", "true");
        dd.append(srOnly(doc, m.dp.alt));
      }
      dp.append(flagPart(doc, box, m.dp.flag));
      art.append(dp);
    }
    card.append(art);
    if (m.dna.length > 0) {
      const dna = el(doc, "section", "pv-dcg-dna");
      dna.setAttribute("aria-label", "DNA digivolution");
      const ul = el(doc, "ul", "");
      for (const d of m.dna) ul.append(flagPart(doc, el(doc, "li", "pv-dcg-dna-entry", d.text), d.flag));
      dna.append(shown(doc, "pv-dcg-dna-title", "DNA"), ul);
      card.append(flagPart(doc, dna, f.dna));
    }
  }

  // The text boxes (002 2-10; 001 "Card Information"), one line per effect unit.
  for (const b of m.boxes) {
    const box = el(doc, "section", `pv-dcg-box pv-dcg-box-${b.box}`);
    box.setAttribute("aria-label", b.title);
    box.setAttribute("data-box", b.box);
    box.append(shown(doc, "pv-dcg-box-title", b.title));
    if (b.lines.length === 0) box.append(el(doc, "p", "pv-dcg-line pv-missing", `no ${b.title.toLowerCase()}`));
    for (const line of b.lines) {
      const p = el(doc, "p", "pv-dcg-line");
      for (const s of line) p.append(segment(doc, s));
      box.append(p);
    }
    card.append(flagPart(doc, box, b.flag));
  }

  // Traits: form, attribute, type traits (002 2-5).
  if (m.form || m.attribute || m.traits.length > 0 || f.form || f.attribute || f.traits) {
    const bar = el(doc, "footer", "pv-types");
    bar.append(srOnly(doc, "Traits: "));
    if (m.form) bar.append(flagPart(doc, el(doc, "span", "pv-type-chip pv-dcg-form", m.form), f.form));
    if (m.attribute) bar.append(flagPart(doc, el(doc, "span", "pv-type-chip pv-dcg-attribute", m.attribute), f.attribute));
    const types = el(doc, "span", "pv-subtypes");
    for (const t of m.traits) types.append(el(doc, "span", "pv-type-chip pv-dcg-trait", t));
    bar.append(flagPart(doc, types, f.traits));
    card.append(bar);
  }

  if (f.card) addClass(card, "pv-flag-card");
  return card;
}

/** The Card panel's content for a DCG card: the card, drawn, and its problems (Enter or a click reveals each). */
export function renderDcgPreview(doc: Document, m: DcgCardModel, reveal: (r: FileRange) => void): HTMLElement {
  const root = el(doc, "div", "pv-preview");
  root.append(renderDcgCard(doc, m));
  const problems = renderDiagnostics(doc, m, reveal);
  if (problems) root.append(problems);
  return root;
}

/**
 * A gallery tile of a DCG card: a button named "Card DSX-002 Emberpup" (and its error count),
 * showing level (or the cost of a card without one), number, name, kind, colours and DP.
 * @param open called on click or Enter (a button's own keyboard behaviour)
 */
export function renderDcgMini(doc: Document, m: DcgCardModel, open: () => void): HTMLElement {
  const li = el(doc, "li", "pv-tile");
  const b = el(doc, "button", `pv-mini pv-dcg pv-dcg-frame-${m.frame} pv-dcg-tone-${m.tone}`);
  b.setAttribute("type", "button");
  b.setAttribute("aria-label", `${m.label}${m.errors || m.warnings ? `, ${countLabel(m.errors, m.warnings)}` : ""}`);
  b.setAttribute("data-focus", `card-${m.key}`);
  b.setAttribute("data-key", m.key);
  if (m.errors > 0) addClass(b, "pv-has-errors");
  const top = el(doc, "span", "pv-mini-top");
  top.append(el(doc, "span", "pv-mini-level", m.level ? m.level.text.replace("Lv.", "") : m.kind.slice(0, 1)), el(doc, "span", "pv-mini-number", m.number));
  b.append(top, el(doc, "span", "pv-mini-name", m.name));
  b.append(el(doc, "span", "pv-mini-line", [m.kind, m.colors.map((c) => c.name).join("/"), m.dp && m.dp.value !== "—" ? `${m.dp.value} DP` : ""].filter(Boolean).join(" · ")));
  if (m.errors > 0 || m.warnings > 0) b.append(el(doc, "span", m.errors > 0 ? "pv-badge pv-badge-error" : "pv-badge pv-badge-warning", m.errors > 0 ? `✖ ${m.errors}` : `⚠ ${m.warnings}`));
  b.addEventListener("click", open);
  li.append(b);
  return li;
}
