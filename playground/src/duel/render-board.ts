/**
 * The board view: both players' sides drawn from a {@link BoardView} (`board.ts`), as text
 * and simple bars. Drawn whole on every update into a detached element (a few dozen
 * elements), which `paint-board.ts` morphs the page's board into.
 */
import type { BoardView, CardFace, PlayerView } from "./board.ts";
import { el } from "./dom.ts";

const SLOT_NAMES = { circle: "Circle ○", triangle: "Triangle △", cross: "Cross ✕" } as const;

/** "DS1-001 Agumon", or "face down". */
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

/** One row of a zone list. */
function row(term: string, ...value: (Node | string)[]): HTMLElement[] {
  return [el("dt", { text: term }), el("dd", {}, ...value)];
}

function side(p: PlayerView, seat: string, turnPlayer: boolean): HTMLElement {
  const head = el(
    "h4",
    { class: "seat-head" },
    el("span", { class: "seat-name", text: p.name }),
    el("span", { class: "seat-kind", text: seat }),
    el("span", { class: "ko", text: `KO ${p.ko}/${p.koToWin}`, title: `KO points (${p.koToWin} win)` }),
    ...(turnPlayer ? [el("span", { class: "turn-badge", text: "turn player" })] : []),
  );
  const box = el("section", { class: `seat${turnPlayer ? " is-turn" : ""}`, "aria-label": `${p.name}, ${seat}` }, head);
  const a = p.active;
  if (a) {
    const hpPct = a.printedHp > 0 ? Math.max(0, Math.min(100, (a.hp / a.printedHp) * 100)) : 0;
    const tags = [a.level ? `Level ${a.level}` : "", a.type ?? "", a.abnormal ? "Abnormal" : ""].filter(Boolean).join(" · ");
    const power = el("table", { class: "power" }, el("caption", { text: "Power (current)" }));
    for (const at of a.attacks) {
      const chosen = p.attack === at.slot;
      power.append(
        el(
          "tr",
          { class: chosen ? "chosen" : "" },
          el("th", { scope: "row", text: SLOT_NAMES[at.slot] }),
          el("td", { text: at.name || "—" }),
          el("td", { class: "num", text: String(at.power) }),
          el("td", { class: "ability", text: `${at.ability ?? ""}${chosen ? " (chosen)" : ""}` }),
        ),
      );
    }
    box.append(
      el(
        "div",
        { class: "active" },
        el("div", { class: "card-name" }, el("strong", { text: faceText(a.card) }), " ", el("span", { class: "muted", text: tags })),
        el(
          "div",
          { class: "hp" },
          el("span", { text: `HP ${a.hp} / ${a.printedHp}` }),
          el("span", { class: "bar", role: "presentation" }, el("span", { class: "fill", style: `width:${hpPct.toFixed(1)}%` })),
        ),
        power,
        el("div", { class: "muted", text: `Flats ${a.flats}/4${a.stack.length ? ` · evolved from ${a.stack.map(faceText).join(" → ")}` : ""}${p.attack === "hidden" ? " · attack chosen (secret)" : ""}` }),
      ),
    );
  } else box.append(el("p", { class: "active empty", text: "No active Digimon" }));
  const zones = el("dl", { class: "zones" });
  zones.append(
    ...row("Attachments", cardsText(p.attachments)),
    ...row("DP", el("strong", { text: String(p.dp.total) }), p.dp.cards.length ? ` — ${cardsText(p.dp.cards)}` : ""),
    ...row("Hand", `${p.hand.count}`, p.hand.cards.some((c) => c.label) ? ` — ${cardsText(p.hand.cards)}` : ""),
    ...row("Deck", String(p.deck)),
    ...row("Destiny Zone", cardsText(p.destinyZone)),
    ...row("Trash", String(p.trash.length)),
  );
  if (p.darkArea) zones.append(...row("Dark Area", String(p.darkArea)));
  const sup = p.supports.length ? p.supports.map((s) => `${faceText(s.card)}${s.blind ? " (blind)" : ""}: ${s.state}`).join("; ") : "none";
  zones.append(...row("Supports", sup));
  if (p.gained.length) zones.append(...row("Gained", p.gained.join(", ")));
  if (p.prohibited.length) zones.append(...row("Restricted", p.prohibited.join(", ")));
  box.append(zones);
  return box;
}

/**
 * Draw the board into `host` (its children are replaced).
 * @param seats how each seat is played ("me", "greedy agent"…), P1's first
 */
export function renderBoard(host: HTMLElement, b: BoardView, seats: readonly [string, string]): void {
  const where = b.over ? `Turn ${b.turn} · the game is over` : b.turn === 0 ? "Pre-Game Setup" : `Turn ${b.turn} · ${b.where}`;
  host.replaceChildren(el("p", { class: "where", text: where }), el("div", { class: "seats" }, side(b.players[0], seats[0], b.turnPlayer === 0 && b.turn > 0), side(b.players[1], seats[1], b.turnPlayer === 1 && b.turn > 0)));
}
