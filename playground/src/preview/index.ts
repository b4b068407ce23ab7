/**
 * The card preview and the set gallery, two panels beside the editor.
 *
 * - **Card**: the card under the cursor (`cursorCard`, raised after each cursor move and
 *   edit), drawn as a card (`render.ts` from `model.ts`), a flip card with a toggle between
 *   its sides, its problems listed under it (Enter or a click reveals each in the editor).
 * - **Gallery**: every card of the active file's set as small cards, filterable by kind,
 *   level and type; Enter or a click reveals a card's block. It asks the worker for the
 *   cards ~150 ms after the active file's diagnostics arrive (not per keystroke), and only
 *   while the panel is shown.
 *
 * A DCG card (`ruleset dcg`) is drawn with its own frame (`dcg-model.ts`, `dcg-render.ts`), and
 * the gallery of a DCG set filters by kind, level and colour or trait.
 *
 * Card data is drawn as text only (see `render.ts`). Source: `000_012504f4614e5b24.txt`,
 * "Anatomy of Cards"; `001_9364978fb56838a3.txt` "Card Information" for DCG cards.
 */
import "./preview.css";
import { normalizeSource } from "../../../grammar/source.ts";
import type { App } from "../app/app.ts";
import { onShown } from "../app/shown.ts";
import { setCodeOf } from "../files/names.ts";
import { shadowedBundled } from "../worker/shadowing.ts";
import { isDcgView, type AnyCardView, type CardView, type DcgCardView } from "../worker/protocol.ts";
import { dcgCardKey, dcgCardModel, dcgFilterCards, dcgFilterChoices, type DcgCardModel } from "./dcg-model.ts";
import { renderDcgMini, renderDcgPreview } from "./dcg-render.ts";
import { cardKey, cardModel, filterCards, filterChoices, flipSides, NO_FILTER, readBlockIn, type CardModel, type GalleryFilter } from "./model.ts";
import { renderMini, renderNote, renderPreview } from "./render.ts";

/** How long the gallery and the flip-side lookup wait for typing to pause. */
const DEBOUNCE_MS = 150;

/** Mount the Card and Gallery panels. */
export function mountPreview(app: App): void {
  const store = new CardStore(app);
  const card = app.addPanel("card", "Card");
  const gallery = app.addPanel("gallery", "Gallery");
  mountCard(app, card.body, store);
  mountGallery(app, gallery.body, store);
}

// ─── the cards of a file, from the worker ─────────────────────────────────

/**
 * The cards of each file as the worker last gave them ({kind: "cards", file}), with whether
 * the file has changed since (then they are stale but still usable for a frame).
 */
class CardStore {
  private readonly app: App;
  private readonly views = new Map<string, { views: AnyCardView[]; gen: number }>();
  /** Each file's edit generation: raised by every change of its text. */
  private readonly gens = new Map<string, number>();
  private readonly inflight = new Map<string, { gen: number; answer: Promise<AnyCardView[]> }>();

  constructor(app: App) {
    this.app = app;
    app.on("text", ({ file }) => this.gens.set(file, this.gen(file) + 1));
    app.on("files", () => {
      for (const f of [...this.views.keys()]) if (!app.entry(f)) this.views.delete(f);
    });
  }

  private gen(file: string): number {
    return this.gens.get(file) ?? 0;
  }

  /** The file's cards as last received (maybe stale), or undefined. */
  peek(file: string): AnyCardView[] | undefined {
    return this.views.get(file)?.views;
  }

  /** Whether the file's cards were received for its current text. */
  fresh(file: string): boolean {
    return this.views.get(file)?.gen === this.gen(file);
  }

  /** The file's cards for its current text: kept ones, or asked for (one request at a time per text). */
  load(file: string): Promise<AnyCardView[]> {
    const gen = this.gen(file);
    const kept = this.views.get(file);
    if (kept && kept.gen === gen) return Promise.resolve(kept.views);
    const running = this.inflight.get(file);
    if (running && running.gen === gen) return running.answer;
    const answer = this.app.client.ask({ kind: "cards", file }).then((views) => {
      if (this.inflight.get(file)?.answer === answer) this.inflight.delete(file);
      const now = this.views.get(file);
      if (!now || now.gen <= gen) this.views.set(file, { views, gen });
      return views;
    });
    this.inflight.set(file, { gen, answer });
    return answer;
  }
}

// ─── helpers ──────────────────────────────────────────────────────────────

/** The `data-focus` key of the focused element inside `root`, to focus it again after a redraw. */
function focusKey(root: HTMLElement): string | null {
  const a = document.activeElement;
  return a instanceof HTMLElement && root.contains(a) ? (a.dataset.focus ?? null) : null;
}

/** Focus the element of `root` with that `data-focus` key (compared as a value, never put in a selector). */
function restoreFocus(root: HTMLElement, key: string | null): void {
  if (key === null) return;
  for (const e of root.querySelectorAll<HTMLElement>("[data-focus]")) {
    if (e.dataset.focus === key) {
      e.focus();
      return;
    }
  }
}

/** The models of some cards, each block read from its file's current text (normalised once per file). */
function modelsOf(app: App, views: readonly CardView[]): CardModel[] {
  const text = normalizedTexts(app);
  return views.map((v) => cardModel(v, readBlockIn(text(v.file), v)));
}

/** The models of some DCG cards, each block read from its file's current text. */
function dcgModelsOf(app: App, views: readonly DcgCardView[]): DcgCardModel[] {
  const text = normalizedTexts(app);
  return views.map((v) => dcgCardModel(v, readBlockIn(text(v.file), v)));
}

/** A file's current text, normalised (`grammar/source.ts`), each file normalised once. */
function normalizedTexts(app: App): (file: string) => string {
  const texts = new Map<string, string>();
  return (file) => {
    let t = texts.get(file);
    if (t === undefined) {
      t = normalizeSource(app.text(file)).text;
      texts.set(file, t);
    }
    return t;
  };
}

/** The key of any card view: its file, number and (for a DBE flip card) side. */
function anyKey(v: AnyCardView): string {
  return isDcgView(v) ? dcgCardKey(v) : cardKey(v);
}


// ─── the Card panel ───────────────────────────────────────────────────────

function mountCard(app: App, body: HTMLElement, store: CardStore): void {
  body.classList.add("pv-card-panel");
  let view: AnyCardView | null = null;
  /** The side the designer chose for a flip card ("file#set number"), kept while the cursor stays in the same block. */
  let choice: { card: string; side: number } | null = null;
  let cursorKey = "";
  let stale = true;
  let flipTimer: ReturnType<typeof setTimeout> | null = null;

  /** Ask for the other side of a flip card once typing pauses. */
  const loadSides = (file: string) => {
    if (flipTimer !== null) clearTimeout(flipTimer);
    flipTimer = setTimeout(() => {
      flipTimer = null;
      void store.load(file).then(() => {
        if (view?.file === file && !isDcgView(view) && view.card.stats.flip) draw();
      });
    }, DEBOUNCE_MS);
  };

  const draw = () => {
    if (body.hidden) {
      stale = true;
      return;
    }
    stale = false;
    const t0 = performance.now();
    const focus = focusKey(body);
    if (!view) {
      body.replaceChildren(renderNote(document, "Put the cursor in a card block of a set file (.dgs) to see that card drawn here."));
      return;
    }
    if (isDcgView(view)) {
      const m = dcgModelsOf(app, [view])[0]!;
      const where = document.createElement("p");
      where.className = "pv-where-line";
      where.textContent = `${view.set} · ${view.setName} — ${view.file}`;
      body.replaceChildren(where, renderDcgPreview(document, m, (r) => app.reveal(r)));
      restoreFocus(body, focus);
      body.dataset.drawMs = (performance.now() - t0).toFixed(2);
      return;
    }
    const v = view;
    let sides: CardView[] = [v];
    if (v.card.stats.flip) {
      sides = flipSides(v, (store.peek(v.file) ?? []).filter((x): x is CardView => !isDcgView(x)));
      if (!store.fresh(v.file)) loadSides(v.file);
    }
    const models = modelsOf(app, sides);
    const card = `${v.file}#${v.card.stats.setNumber}`;
    const shown = choice?.card === card ? Math.min(choice.side, models.length - 1) : Math.max(0, sides.indexOf(v));
    const where = document.createElement("p");
    where.className = "pv-where-line";
    where.textContent = `${v.set} · ${v.setName} — ${v.file}`;
    body.replaceChildren(
      where,
      renderPreview(document, models, shown, {
        reveal: (r) => app.reveal(r),
        showSide: (i) => {
          choice = { card, side: i };
          draw();
        },
      }),
    );
    restoreFocus(body, focus);
    body.dataset.drawMs = (performance.now() - t0).toFixed(2);
  };

  app.on("cursorCard", ({ view: v }) => {
    view = v;
    const key = v ? anyKey(v) : "";
    // Another block under the cursor: show the side the cursor is in.
    if (key !== cursorKey) choice = null;
    cursorKey = key;
    draw();
  });
  onShown(body, () => {
    if (stale) draw();
  });
  draw();
}

// ─── the Gallery panel ────────────────────────────────────────────────────

function mountGallery(app: App, body: HTMLElement, store: CardStore): void {
  body.classList.add("pv-gallery-panel");
  const filter: GalleryFilter = { ...NO_FILTER };
  const title = document.createElement("p");
  title.className = "pv-gallery-title";
  const form = document.createElement("form");
  form.className = "pv-filters";
  form.setAttribute("aria-label", "Filter the cards");
  form.addEventListener("submit", (e) => e.preventDefault());
  const labels = new Map<string, HTMLLabelElement>();
  const select = (label: string, key: "kind" | "level" | "type") => {
    const l = document.createElement("label");
    labels.set(key, l);
    const s = document.createElement("select");
    s.id = `pv-filter-${key}`;
    l.htmlFor = s.id;
    l.textContent = label;
    s.addEventListener("change", () => {
      filter[key] = s.value;
      renderList();
    });
    form.append(l, s);
    return s;
  };
  const kindSel = select("Kind", "kind");
  const levelSel = select("Level", "level");
  const typeSel = select("Type", "type");
  const errLabel = document.createElement("label");
  errLabel.className = "pv-check";
  const errBox = document.createElement("input");
  errBox.type = "checkbox";
  errBox.addEventListener("change", () => {
    filter.errorsOnly = errBox.checked;
    renderList();
  });
  errLabel.append(errBox, document.createTextNode(" Only cards with errors"));
  form.append(errLabel);
  const count = document.createElement("p");
  count.className = "pv-gallery-count";
  count.setAttribute("aria-live", "polite");
  const list = document.createElement("ul");
  list.className = "pv-grid";
  list.setAttribute("aria-label", "Cards of the set");
  body.append(title, form, count, list);

  /** The cards of the set shown: DBE/DMB models, or DCG models for a DCG set. */
  let models: CardModel[] = [];
  let dcgModels: DcgCardModel[] | null = null;
  let files: string[] = [];
  let dirty = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current = "";
  let run = 0;

  /** Fill a filter's options (an "Any" first), keeping its value when still offered. */
  const fill = (s: HTMLSelectElement, values: readonly string[], key: "kind" | "level" | "type", any: string) => {
    const want = [any, ...values].join("\u0000");
    const have = [...s.options].map((o) => o.textContent).join("\u0000");
    if (want !== have) {
      s.replaceChildren();
      s.append(new Option(any, ""), ...values.map((v) => new Option(v, v)));
    }
    if (!values.includes(filter[key])) filter[key] = "";
    s.value = filter[key];
  };

  const renderList = () => {
    const focus = focusKey(list);
    if (dcgModels !== null) {
      const shown = dcgFilterCards(dcgModels, filter);
      list.replaceChildren(...shown.map((m) => renderDcgMini(document, m, () => app.reveal(m.range))));
    } else {
      const shown = filterCards(models, filter);
      list.replaceChildren(...shown.map((m) => renderMini(document, m, () => app.reveal(m.range))));
    }
    markCurrent();
    const all = dcgModels ?? models;
    const shownCount = list.childElementCount;
    const errors = all.filter((m) => m.errors > 0).length;
    count.textContent = `${shownCount} of ${all.length} card${all.length === 1 ? "" : "s"} shown${errors ? ` · ${errors} with errors` : ""}`;
    restoreFocus(list, focus);
  };

  const markCurrent = () => {
    for (const b of list.querySelectorAll<HTMLElement>(".pv-mini")) {
      if (b.dataset.key === current) b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
    }
  };

  const refresh = async () => {
    timer = null;
    dirty = false;
    const me = ++run;
    const active = app.activeFile;
    if (app.entry(active)?.kind !== "dgs") {
      models = [];
      dcgModels = null;
      files = [];
      title.textContent = "The gallery shows the cards of a set: open a set file (.dgs).";
      fill(kindSel, [], "kind", "Any kind");
      fill(levelSel, [], "level", "Any level");
      fill(typeSel, [], "type", "Any type");
      renderList();
      return;
    }
    // The set's files: the active one and those declaring its code, without the bundled ones a
    // designer's set of that code replaces (their cards are not in the workspace).
    const code = setCodeOf(app.text(active));
    const sets = app.files().filter((f) => f.kind === "dgs");
    const shadowed = shadowedBundled(sets.map((f) => ({ name: f.name, text: app.text(f.name), readOnly: f.readOnly })));
    files = sets.filter((f) => (f.name === active || (code !== null && setCodeOf(app.text(f.name)) === code)) && !shadowed.has(f.name)).map((f) => f.name);
    const lists = await Promise.all(files.map((f) => store.load(f)));
    if (me !== run) return; // a newer refresh started
    const t0 = performance.now();
    const views = lists.flat();
    const dcgViews = views.filter(isDcgView);
    // A set is of one ruleset; a DCG set's gallery draws DCG cards (and filters by colour or trait).
    const dcg = dcgViews.length > 0 && dcgViews.length >= views.length - dcgViews.length;
    dcgModels = dcg ? dcgModelsOf(app, dcgViews) : null;
    models = dcg ? [] : modelsOf(app, views.filter((v): v is CardView => !isDcgView(v)));
    const first = dcgModels?.[0] ?? models[0];
    title.textContent = first ? `${first.set} · ${first.setName}${files.length > 1 ? ` (${files.length} files)` : ""}` : `No cards in ${active} yet.`;
    const choices = dcgModels ? dcgFilterChoices(dcgModels) : filterChoices(models);
    labels.get("type")!.textContent = dcgModels ? "Colour or trait" : "Type";
    fill(kindSel, choices.kinds, "kind", "Any kind");
    fill(levelSel, choices.levels, "level", "Any level");
    fill(typeSel, choices.types, "type", dcgModels ? "Any colour or trait" : "Any type");
    renderList();
    body.dataset.drawMs = (performance.now() - t0).toFixed(2);
  };

  /** Refresh after a pause, and only while shown (else when next shown). */
  const schedule = (delay = DEBOUNCE_MS) => {
    if (body.hidden) {
      dirty = true;
      return;
    }
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void refresh(), delay);
  };

  app.on("activeFile", () => schedule(0));
  app.on("files", () => schedule());
  app.on("diagnostics", ({ file }) => {
    if (file === app.activeFile || files.includes(file)) schedule();
  });
  app.on("cursorCard", ({ view }) => {
    current = view ? anyKey(view) : "";
    if (!body.hidden) markCurrent();
  });
  onShown(body, () => {
    if (dirty) schedule(0);
    else markCurrent();
  });
}
