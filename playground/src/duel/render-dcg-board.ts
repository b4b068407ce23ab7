/**
 * The DCG board view: the memory gauge between the two players' sides, each side with its
 * security stack, breeding area, battle area (every Digimon and Tamer with its stack, DP,
 * keywords and suspended state), hand, decks and trash — drawn from a {@link DcgBoardView}
 * (`dcg-board.ts`), as text and simple shapes. Drawn whole on every update (a few dozen
 * elements) into a detached element, which `paint-board.ts` morphs the page's board into.
 * Card names are text nodes only.
 *
 * For end-to-end tests: the gauge carries `data-memory` (the counter, positive on P1's side)
 * and `data-side` ("0", "1" or ""); each side `data-player`; each object in play is an `li`
 * with `data-area` ("battle" or "breeding"), `data-card` (its top card's number) and
 * `data-suspended`.
 */
import type { CardFace } from "./board.ts";
import type { DcgBoardView, DcgPermView, DcgPlayerView, MemoryView } from "./dcg-board.ts";
import { el } from "./dom.ts";

/** "ST1-03 Agumon", or "face down". */
function faceText(c: CardFace): string {
  return c.label ?? "face down";
}

/** A list of cards as text ("none" when empty), hidden cards counted. */
function cardsText(cards: readonly CardFace[]): string {
  if (!cards.length) return "none";
  const shown = cards.filter((c) => c.label !== null).map(faceText);
  const hidden = cards.length - shown.length;
  return [...shown, ...(hidden ? [`${hidden} face down`] : [])].join(", ");
}

/** The memory gauge in words: "3 on P1's side", "0". */
export function memoryText(m: MemoryView): string {
  return m.side === null ? "0 (on neither side)" : `${m.amount} on P${m.side + 1}'s side`;
}

/**
 * The memory gauge (002 §4-1): 21 cells from 10 on P2's side to 10 on P1's side, the
 * counter's cell marked; a meter for assistive technology.
 */
function gauge(m: MemoryView, names: readonly [string, string]): HTMLElement {
  const cells = el("ol", { class: "dcg-gauge-cells", "aria-hidden": "true" });
  // Left to right: P2's 10 … 1, 0, P1's 1 … 10 (the counter is positive on P1's side).
  for (let v = -10; v <= 10; v++) {
    const cls = ["dcg-cell", v === m.value ? "is-here" : "", v < 0 ? "side-p2" : v > 0 ? "side-p1" : "zero"].filter(Boolean).join(" ");
    cells.append(el("li", { class: cls, text: String(Math.abs(v)) }));
  }
  return el(
    "div",
    {
      class: "dcg-gauge",
      role: "meter",
      "aria-label": "Memory gauge",
      "aria-valuemin": -10,
      "aria-valuemax": 10,
      "aria-valuenow": m.value,
      "aria-valuetext": memoryText(m),
      "data-memory": m.value,
      "data-side": m.side === null ? "" : m.side,
    },
    el("span", { class: "dcg-gauge-value", text: `Memory ${memoryText(m)}` }),
    el("span", { class: "dcg-gauge-row" }, el("span", { class: "dcg-gauge-end", text: "P2", title: `${names[1]}'s side` }), cells, el("span", { class: "dcg-gauge-end", text: "P1", title: `${names[0]}'s side` })),
  );
}

/** One Digimon or Tamer with its stack. */
function perm(x: DcgPermView, area: "battle" | "breeding"): HTMLElement {
  const dp = x.dp === null ? "" : x.printedDp !== null && x.dp !== x.printedDp ? `${x.dp} DP (printed ${x.printedDp})` : `${x.dp} DP`;
  const tags = [x.kind, x.level ?? "", dp, x.token ? "Token" : "", x.playedThisTurn ? "played this turn" : ""].filter(Boolean).join(" · ");
  const li = el(
    "li",
    { class: `dcg-perm${x.suspended ? " is-suspended" : ""}`, "data-area": area, "data-card": x.top.key ?? "", "data-suspended": String(x.suspended) },
    el("div", { class: "card-name" }, el("strong", { text: faceText(x.top) }), ...(x.suspended ? [" ", el("span", { class: "dcg-badge suspended", text: "Suspended" })] : area === "battle" ? [" ", el("span", { class: "dcg-badge", text: "Unsuspended" })] : [])),
    el("div", { class: "muted", text: tags }),
  );
  if (x.keywords.length) li.append(el("div", { class: "dcg-keywords", text: x.keywords.map((k) => `<${k}>`).join(" ") }));
  if (x.sources.length) {
    const word = x.kind === "Tamer" ? "Cards under it" : "Digivolution cards";
    li.append(el("div", { class: "dcg-stack", text: `${word} (${x.sources.length}, bottom first): ${x.sources.map(faceText).join(" → ")}` }));
  }
  return li;
}

/** One row of a zone list. */
function row(term: string, ...value: (Node | string)[]): HTMLElement[] {
  return [el("dt", { text: term }), el("dd", {}, ...value)];
}

function side(p: DcgPlayerView, seat: string, turnPlayer: boolean): HTMLElement {
  const head = el(
    "h4",
    { class: "seat-head" },
    el("span", { class: "seat-name", text: p.name }),
    el("span", { class: "seat-kind", text: seat }),
    el("span", { class: "ko", text: `Security ${p.security}`, title: "Cards in the security stack (face down)" }),
    ...(turnPlayer ? [el("span", { class: "turn-badge", text: "turn player" })] : []),
  );
  const box = el("section", { class: `seat dcg-seat${turnPlayer ? " is-turn" : ""}`, "aria-label": `${p.name}, ${seat}`, "data-player": p.index }, head);
  const security = el("div", { class: "dcg-security", "aria-label": `Security stack: ${p.security} card${p.security === 1 ? "" : "s"}, face down` });
  for (let i = 0; i < Math.min(p.security, 10); i++) security.append(el("span", { class: "dcg-facedown", "aria-hidden": "true" }));
  security.append(el("span", { class: "muted", text: `${p.security} security card${p.security === 1 ? "" : "s"} (face down)` }));
  box.append(security);
  box.append(el("h5", { class: "dcg-area-head", text: "Breeding area" }));
  box.append(p.breeding ? el("ul", { class: "dcg-area dcg-breeding", "aria-label": `${p.name}'s breeding area` }, perm(p.breeding, "breeding")) : el("p", { class: "dcg-empty", text: "empty" }));
  box.append(el("h5", { class: "dcg-area-head", text: `Battle area (${p.battle.length})` }));
  box.append(p.battle.length ? el("ul", { class: "dcg-area dcg-battle", "aria-label": `${p.name}'s battle area` }, ...p.battle.map((x) => perm(x, "battle"))) : el("p", { class: "dcg-empty", text: "empty" }));
  const zones = el("dl", { class: "zones" });
  zones.append(
    ...row("Hand", `${p.hand.count}`, p.hand.cards.some((c) => c.label) ? ` — ${cardsText(p.hand.cards)}` : ""),
    ...row("Deck", String(p.deck)),
    ...row("Digi-Egg deck", String(p.eggDeck)),
    ...row("Trash", String(p.trash.length), p.trash.length ? ` — ${cardsText(p.trash.slice(-6))}${p.trash.length > 6 ? " (the last 6)" : ""}` : ""),
  );
  if (p.limbo.length) zones.append(...row("Being used", cardsText(p.limbo)));
  if (p.first) zones.append(...row("Went first", "yes"));
  box.append(zones);
  return box;
}

/**
 * Draw the DCG board into `host` (its children are replaced).
 * @param seats how each seat is played ("me", "greedy agent"…), P1's first
 */
export function renderDcgBoard(host: HTMLElement, b: DcgBoardView, seats: readonly [string, string]): void {
  const where = b.over ? `Turn ${b.turn} · the game is over` : b.turn === 0 ? b.where : `Turn ${b.turn} · ${b.where}`;
  const names: [string, string] = [b.players[0].name, b.players[1].name];
  const parts: HTMLElement[] = [el("p", { class: "where", text: where }), gauge(b.memory, names)];
  if (b.attack && !b.over) parts.push(el("p", { class: "dcg-attack", text: `Attack: ${b.attack}` }));
  if (b.pending.length && !b.over) parts.push(el("p", { class: "dcg-pending", text: `Pending effects: ${b.pending.join("; ")}` }));
  parts.push(el("div", { class: "seats" }, side(b.players[0], seats[0], b.turnPlayer === 0 && b.turn > 0), side(b.players[1], seats[1], b.turnPlayer === 1 && b.turn > 0)));
  host.replaceChildren(...parts);
  host.dataset.ruleset = "dcg";
}
