/**
 * The preview renderer (`render.ts`) against a fake `Document` that records what is built and
 * refuses every way of turning a string into markup (innerHTML, outerHTML,
 * insertAdjacentHTML, event-handler and URL attributes, any property it does not know): a
 * card named `<img src=x onerror=alert(1)>` must come out as those characters, as text.
 */
import { describe, expect, it } from "vitest";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { cardViews } from "../worker/navigate.ts";
import type { FileRange } from "../worker/protocol.ts";
import { cardModel, readBlock, type CardModel } from "./model.ts";
import { countLabel, renderCard, renderDiagnostics, renderMini, renderPreview } from "./render.ts";

const EVIL = "<img src=x onerror=alert(1)>";

/** A node of the fake document: an element (tag) or a text node (tag "#text"). */
class FakeNode {
  readonly tag: string;
  className = "";
  readonly attributes = new Map<string, string>();
  readonly children: FakeNode[] = [];
  readonly listeners = new Map<string, (() => void)[]>();
  private text: string;

  constructor(tag: string, text = "") {
    this.tag = tag;
    this.text = text;
  }

  get textContent(): string {
    return this.tag === "#text" ? this.text : this.children.map((c) => c.textContent).join("");
  }

  set textContent(v: string) {
    if (this.tag === "#text") this.text = v;
    else this.children.splice(0, this.children.length, new FakeNode("#text", v));
  }

  append(...nodes: unknown[]): void {
    for (const n of nodes) {
      // Strings are refused too: the renderer must make text nodes itself.
      if (!(n instanceof FakeNode)) throw new Error(`append() of a non-node: ${String(n)}`);
      this.children.push(n);
    }
  }

  setAttribute(name: string, value: string): void {
    if (/^on/i.test(name) || /^(src|href|srcdoc|style|formaction|action)$/i.test(name)) throw new Error(`attribute ${name} refused`);
    this.attributes.set(name, String(value));
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  addEventListener(type: string, f: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }

  /** Every node of the tree, depth first. */
  *walk(): Generator<FakeNode> {
    yield this;
    for (const c of this.children) yield* c.walk();
  }

  click(): void {
    for (const f of this.listeners.get("click") ?? []) f();
  }
}

const SETTABLE = new Set(["className", "textContent"]);
const MARKUP = new Set(["innerHTML", "outerHTML", "insertAdjacentHTML", "insertAdjacentElement", "setHTMLUnsafe", "write", "writeln"]);

/** A node behind a proxy: reading a markup API or an unknown property throws, and so does setting anything but text and class. */
function guarded(n: FakeNode): FakeNode {
  return new Proxy(n, {
    get(t, p, r) {
      if (typeof p === "string" && MARKUP.has(p)) throw new Error(`${p} used`);
      if (typeof p === "string" && !(p in t)) throw new Error(`unknown property ${p} read`);
      const v = Reflect.get(t, p, r);
      return typeof v === "function" ? v.bind(t) : v;
    },
    set(t, p, v) {
      if (typeof p !== "string" || !SETTABLE.has(p)) throw new Error(`property ${String(p)} set`);
      return Reflect.set(t, p, v);
    },
  });
}

/** The fake document: records every element it makes. */
function fakeDocument() {
  const made: FakeNode[] = [];
  const doc = {
    createElement(tag: string) {
      const n = new FakeNode(tag.toLowerCase());
      made.push(n);
      return guarded(n);
    },
    createTextNode(text: string) {
      return guarded(new FakeNode("#text", text));
    },
  };
  return { doc: guarded(doc as unknown as FakeNode) as unknown as Document, made };
}

/** The root FakeNode behind a rendered element. */
const node = (e: unknown) => e as FakeNode;

function modelsOf(text: string): CardModel[] {
  const ws = new Workspace();
  ws.set("my.dgs", text);
  const vs = cardViews(ws.check().sets, new Map([["my.dgs", text]]), "my.dgs");
  return vs.map((v) => cardModel(v, readBlock(text, v)));
}

const HEAD = "set MY My Set\nruleset dbe\n\n";
const HOSTILE = `${HEAD}card MY-001 ${EVIL}
  kind: Digimon Ace
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: ${EVIL} 300
  triangle: B 200
  cross: C 100 | Jamming
  evo: ${EVIL}
  timing: SUPPORT
  partner: yes
  text: Boost own Power +300. ${EVIL}
`;

const ALLOWED_TAGS = new Set(["#text", "article", "header", "div", "span", "h3", "dl", "dt", "dd", "ol", "ul", "li", "p", "section", "footer", "mark", "button"]);

describe("the renderer never turns card data into markup", () => {
  it("draws a card named <img src=x onerror=alert(1)> as those characters", () => {
    const [m] = modelsOf(HOSTILE);
    expect(m!.name).toBe(EVIL);
    expect(m!.errors).toBeGreaterThan(0); // the hostile text is also an error: its messages are drawn too
    const { doc, made } = fakeDocument();
    const reveals: FileRange[] = [];
    const root = node(renderPreview(doc, [m!], 0, { reveal: (r) => reveals.push(r), showSide: () => {} }));
    const tile = node(renderMini(doc, m!, () => {}));
    for (const r of [root, tile]) {
      for (const n of r.walk()) expect(ALLOWED_TAGS.has(n.tag), n.tag).toBe(true);
    }
    // Only elements the renderer chose: no img, script, iframe, a, …
    expect(made.every((n) => ALLOWED_TAGS.has(n.tag))).toBe(true);
    // The name, the attack name, the evo-box entry and the text, verbatim as text.
    const name = [...root.walk()].find((n) => n.className.includes("pv-name"))!;
    expect(name.textContent).toBe(EVIL);
    expect([...root.walk()].find((n) => n.className.includes("pv-attack-name"))!.textContent).toBe(EVIL);
    expect([...root.walk()].find((n) => n.className.includes("pv-evo-entry"))!.textContent.startsWith(EVIL)).toBe(true);
    expect([...root.walk()].find((n) => n.className.includes("pv-text"))!.textContent).toContain(`+300. ${EVIL}`);
    // Attribute values hold it as a plain value (setAttribute never parses markup).
    const card = [...root.walk()].find((n) => n.tag === "article")!;
    expect(card.getAttribute("aria-label")).toBe(`Card MY-001 ${EVIL}`);
    expect(tile.children[0]!.getAttribute("aria-label")!.startsWith(`Card MY-001 ${EVIL}`)).toBe(true);
  });

  it("refuses markup APIs in the fake document itself (the test's guard works)", () => {
    const { doc } = fakeDocument();
    const e = doc.createElement("div");
    expect(() => {
      e.innerHTML = EVIL;
    }).toThrow(/innerHTML/);
    expect(() => e.insertAdjacentHTML("beforeend", EVIL)).toThrow(/insertAdjacentHTML/);
    expect(() => e.setAttribute("onclick", "x")).toThrow(/refused/);
    expect(() => e.append(EVIL)).toThrow(/non-node/);
  });
});

describe("renderCard", () => {
  const [agu, flipStar, flipMoon, broken] = modelsOf(`${HEAD}card MY-001 Agumon
  kind: Digimon
  level: R
  type: Dragon
  subtypes: Metal
  dp: 0
  +p: 20
  hp: 700
  circle: Pepper Breath 300
  triangle: Claw Attack 190
  cross: Sharp Claw 100 | 1st Attack
  timing: SUPPORT
  partner: yes
  text: If own type is Dragon, Boost own Power +200. If not, Draw 1.

card MY-043 Sun Charm
  kind: Option
  timing: SUPPORT
  flip: Star initial
  text: Boost own Power +200. Flip this card.

card MY-043 Moon Charm
  kind: Option
  timing: SUPPORT
  flip: Moon
  text: Recover own HP +200. Flip this card.

card MY-002 Broken
  kind: Option
  timing: SUPPORT
  text: Frobnicate the widget.
`);

  it("names the card and gives the attack icons text alternatives", () => {
    const { doc } = fakeDocument();
    const card = node(renderCard(doc, agu!));
    expect(card.tag).toBe("article");
    expect(card.getAttribute("aria-label")).toBe("Card MY-001 Agumon");
    expect(card.className).toContain("pv-frame-digimon");
    expect(card.className).toContain("pv-tone-dragon");
    const icons = [...card.walk()].filter((n) => n.className === "pv-icon");
    expect(icons.map((i) => [i.textContent, i.getAttribute("role"), i.getAttribute("aria-label")])).toEqual([
      ["○", "img", "Circle"],
      ["△", "img", "Triangle"],
      ["✕", "img", "Cross"],
    ]);
    const text = card.textContent;
    for (const s of ["Agumon", "MY-001", "Level R (Rookie)", "Digimon", "Partner", "DP0", "+P+20", "HP700", "Pepper Breath", "300", "1st Attack", "SUPPORT", "Dragon", "Metal", "If own type is Dragon"]) expect(text).toContain(s);
    expect([...card.walk()].some((n) => n.className.includes("pv-badge"))).toBe(false);
  });

  it("draws errors: a badge with the count, outlined parts and the messages, each revealing its range", () => {
    const { doc } = fakeDocument();
    const reveals: FileRange[] = [];
    const root = node(renderPreview(doc, [broken!], 0, { reveal: (r) => reveals.push(r), showSide: () => {} }));
    const badge = [...root.walk()].find((n) => n.className.includes("pv-badge-error"))!;
    expect(badge.textContent).toContain(countLabel(broken!.errors, broken!.warnings));
    const textPart = [...root.walk()].find((n) => n.className.includes("pv-text"))!;
    expect(textPart.className).toContain("pv-flag-error");
    expect(textPart.textContent).toContain("(has an error)");
    expect([...textPart.walk()].some((n) => n.tag === "mark" && n.textContent.includes("Frobnicate"))).toBe(true);
    const buttons = [...root.walk()].filter((n) => n.tag === "button");
    expect(buttons.length).toBe(broken!.diagnostics.length);
    expect(buttons[0]!.getAttribute("type")).toBe("button");
    buttons[0]!.click();
    expect(reveals).toEqual([broken!.diagnostics.find((d) => d.severity === "error")!.range]);
    expect(renderDiagnostics(doc, agu!, () => {})).toBeNull();
  });

  it("shows a flip card's sides with a toggle", () => {
    const { doc } = fakeDocument();
    const shownSides: number[] = [];
    const root = node(renderPreview(doc, [flipStar!, flipMoon!], 1, { reveal: () => {}, showSide: (i) => shownSides.push(i) }));
    const sides = [...root.walk()].filter((n) => n.className === "pv-side");
    expect(sides.map((b) => [b.getAttribute("aria-pressed"), b.textContent])).toEqual([
      ["false", "☆ Star side: Sun Charm (initial)"],
      ["true", "☾ Moon side: Moon Charm"],
    ]);
    expect([...root.walk()].find((n) => n.tag === "article")!.getAttribute("aria-label")).toBe("Card MY-043 Moon Charm");
    sides[0]!.click();
    expect(shownSides).toEqual([0]);
  });

  it("draws a gallery tile as a named button", () => {
    const { doc } = fakeDocument();
    let opened = 0;
    const li = node(renderMini(doc, broken!, () => opened++));
    const b = li.children[0]!;
    expect(b.tag).toBe("button");
    expect(b.getAttribute("aria-label")).toMatch(/^Card MY-002 Broken, \d+ errors?/);
    b.click();
    expect(opened).toBe(1);
  });
});
