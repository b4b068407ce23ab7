/**
 * The simulation chart: one SVG bar per share (P1's wins, P2's wins, draws) with its Wilson
 * 95% interval as an error bar, built with `createElementNS` and text nodes only. The same
 * numbers are in the text table beside it (the chart is `role="img"` with a text label).
 */
import { pct, type Bar } from "./tally.ts";

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The chart of some bars (shares 0–1) with their intervals.
 * @param title the chart's accessible name
 */
export function barChart(bars: readonly Bar[], title: string): SVGSVGElement {
  const W = 360;
  const rowH = 34;
  const left = 70;
  const right = 50;
  const top = 16;
  const H = top + bars.length * rowH + 18;
  const x = (v: number) => left + v * (W - left - right);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", class: "sim-chart" });
  root.append(svg("title", {}, `${title}: ${bars.map((b) => `${b.label}: ${pct(b.rate)} (95% interval ${pct(b.low)} to ${pct(b.high)})`).join("; ")}`));
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: x(t), x2: x(t), y1: top - 4, y2: H - 16, class: "grid" }));
    root.append(svg("text", { x: x(t), y: H - 4, "text-anchor": "middle", class: "tick" }, `${t * 100}%`));
  }
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    const mid = y + rowH / 2 - 4;
    root.append(svg("text", { x: left - 6, y: mid + 4, "text-anchor": "end", class: "label" }, b.short));
    root.append(svg("rect", { x: x(0), y: mid - 9, width: Math.max(0, x(b.rate) - x(0)), height: 18, class: `bar bar-${i}` }));
    // The 95% interval: a line with end caps.
    root.append(svg("line", { x1: x(b.low), x2: x(b.high), y1: mid, y2: mid, class: "err" }));
    for (const v of [b.low, b.high]) root.append(svg("line", { x1: x(v), x2: x(v), y1: mid - 6, y2: mid + 6, class: "err" }));
    root.append(svg("text", { x: Math.min(W - 4, x(b.high) + 4), y: mid + 4, class: "value" }, pct(b.rate)));
  });
  return root;
}
