/**
 * The DCG card preview (`dcg-model.ts`, `dcg-render.ts`), in node: DCG card blocks checked by
 * the workspace (as the language worker does), turned into what the preview draws, and drawn
 * with a fake `Document` that refuses every way of turning a string into markup.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Workspace } from "../../../compiler/service/workspace.ts";
import { dcgCardViews } from "../worker/navigate.ts";
import type { DcgCardView } from "../worker/protocol.ts";
import { boxLines, dcgCardModel, dcgFilterCards, dcgFilterChoices, dcgToneOf, type DcgCardModel } from "./dcg-model.ts";
import { renderDcgCard, renderDcgMini, renderDcgPreview } from "./dcg-render.ts";
import { NO_FILTER, readBlock } from "./model.ts";

const EXAMPLE = readFileSync(new URL("../../../cards/dcg/example.dgs", import.meta.url), "utf8");

/** Check one file as the worker does; its DCG card views. */
function views(text: string, file = "my.dgs"): DcgCardView[] {
  const ws = new Workspace();
  ws.set(file, text);
  return dcgCardViews(ws.check().dcgSets, new Map([[file, text]]), file);
}

/** The model of each DCG card of a file, read as written. */
function models(text: string, file = "my.dgs"): DcgCardModel[] {
  return views(text, file).map((v) => dcgCardModel(v, readBlock(text, v)));
}

const byName = (ms: DcgCardModel[], name: string) => ms.find((m) => m.name === name)!;
const lineTexts = (m: DcgCardModel, box: string) => m.boxes.find((b) => b.box === box)?.lines.map((l) => l.map((s) => s.text).join(""));

describe("dcgCardModel", () => {
  const ms = models(EXAMPLE);

  it("draws a Digimon: cost, level, colour, DP, digivolution requirement, traits, effect and inherited boxes", () => {
    const m = byName(ms, "Emberpup");
    expect(m).toMatchObject({ ruleset: "dcg", label: "Card DSX-002 Emberpup", number: "DSX-002", kind: "Digimon", frame: "digimon", tone: "red", rarity: "Common", form: "Rookie", attribute: "Vaccine", traits: ["Beast"], errors: 0 });
    expect(m.cost).toEqual({ part: "playcost", label: "Play cost", value: "3", alt: "Play cost 3", flag: null });
    expect(m.level).toEqual({ text: "Lv.3", alt: "Level 3", flag: null });
    expect(m.dp).toEqual({ value: "2000", alt: "2000 DP", flag: null });
    // A requirement without colours digivolves from the card's own colours (docs/set-format.md).
    expect(m.digivolve).toEqual([{ text: "0 from Lv.2", colors: [{ name: "Red", tone: "red" }], level: "Lv.2", cost: "0", alt: "Digivolve from a red level 2 Digimon for a cost of 0", flag: null }]);
    expect(m.boxes.map((b) => b.box)).toEqual(["effect", "inherited"]);
    expect(lineTexts(m, "inherited")).toEqual(["[Your Turn] [Once Per Turn] When this Digimon attacks, gain 1 memory."]);
    const seg = m.boxes[1]!.lines[0]!;
    expect(seg.slice(0, 3)).toEqual([
      { text: "[Your Turn]", style: "timing", flag: null },
      { text: " ", style: null, flag: null },
      { text: "[Once Per Turn]", style: "timing", flag: null },
    ]);
  });

  it("draws a multicolour Digimon with two requirements, DNA, keyword and reminder text, one line per effect unit", () => {
    const m = byName(ms, "Stormcrest");
    expect(m.colors).toEqual([{ name: "Red", tone: "red" }, { name: "Blue", tone: "blue" }]);
    expect(m.digivolve.map((r) => [r.level, r.cost, r.colors.map((c) => c.name)])).toEqual([["Lv.4", "3", ["Red"]], ["Lv.4", "3", ["Blue"]]]);
    expect(m.dna).toEqual([{ text: "0 from [Cinderhound] + [Tidewing]", flag: null }]);
    expect(lineTexts(m, "effect")).toEqual(["<Security Attack +1> (This Digimon checks 1 additional security card).", "[When Digivolving] 1 of your opponent's Digimon gets -4000 DP for the turn."]);
    expect(m.boxes[0]!.lines[0]!.map((s) => s.style)).toEqual(["keyword", null, "reminder", null]);
  });

  it("draws each kind sensibly: a Digi-Egg's level and inherited box, a Tamer's play cost and security box, an Option's use cost", () => {
    const egg = byName(ms, "Sparkling");
    expect([egg.frame, egg.cost, egg.level?.text, egg.dp, egg.boxes.map((b) => b.box)]).toEqual(["digi-egg", null, "Lv.2", null, ["effect", "inherited"]]);
    const tamer = byName(ms, "Rin Hoshino");
    expect([tamer.frame, tamer.cost?.label, tamer.cost?.value, tamer.level, tamer.dp, tamer.boxes.map((b) => b.box)]).toEqual(["tamer", "Play cost", "2", null, null, ["effect", "security"]]);
    const option = byName(ms, "Flare Burst");
    expect([option.frame, option.cost?.label, option.cost?.value, option.level, option.boxes.map((b) => b.box)]).toEqual(["option", "Use cost", "3", null, ["effect", "security"]]);
    expect(lineTexts(option, "security")).toEqual(["[Security] Activate this card's [Main] effect."]);
    expect(option.boxes[1]!.lines[0]!.filter((s) => s.style === "timing").map((s) => s.text)).toEqual(["[Security]", "[Main]"]);
    // An empty lower box is still drawn, empty.
    expect(egg.boxes[0]!.lines).toEqual([]);
  });

  it("marks the parts a diagnostic is about and draws a wrong value as written", () => {
    const text = EXAMPLE.replace("  color: Blue\n  level: 4", "  color: Bleu\n  level: 4").replace("Return 1 of your opponent's Digimon", "Frobnicate 1 of your opponent's Digimon").replace("digivolve: 3 from Lv.4 Blue", "digivolve: 3 from Lv.9 Blue");
    const ms2 = models(text);
    const tide = byName(ms2, "Tidewing");
    expect(tide.colors).toEqual([{ name: "Bleu", tone: "neutral" }]);
    expect(tide.flags).toMatchObject({ color: "error", effect: "error" });
    expect(tide.errors).toBe(2);
    const marked = tide.boxes[0]!.lines[1]!.filter((s) => s.flag === "error").map((s) => s.text).join("");
    expect(marked).toBe("Frobnicate");
    const storm = byName(ms2, "Stormcrest");
    expect(storm.digivolve[1]).toMatchObject({ text: "3 from Lv.9 Blue", level: "", cost: "?", flag: "error" });
    expect(storm.digivolve[0]!.flag).toBeNull();
    expect(storm.diagnostics.find((d) => d.code === "bad-level")).toMatchObject({ parts: ["digivolve"], index: 1 });
  });

  it("marks a missing field on the part it names", () => {
    const [m] = models("set X X\nruleset dcg\n\ncard X-1 Nomon\n  kind: Digimon\n  color: Green\n  level: 3\n  dp: 1000\n");
    expect(m!.flags.playcost).toBe("error");
    expect(m!.cost).toMatchObject({ value: "—", flag: "error" });
  });

  it("cuts a box into lines and styled segments", () => {
    expect(boxLines([{ text: "<Blocker> (When x).\n[Main] Gain 1 memory. If you have [Agumon] (other than [Agumon]), gain 1 memory.", flag: null }]).map((l) => l.map((s) => `${s.style ?? "-"}:${s.text}`))).toEqual([
      ["keyword:<Blocker>", "-: ", "reminder:(When x)", "-:."],
      ["timing:[Main]", "-: Gain 1 memory. If you have ", "name:[Agumon]", "-: (other than ", "name:[Agumon]", "-:), gain 1 memory."],
    ]);
    expect(dcgToneOf("purple")).toBe("purple");
    expect(dcgToneOf("Pink")).toBe("neutral");
  });

  it("filters the gallery by kind, level and colour or trait", () => {
    const choices = dcgFilterChoices(ms);
    expect(choices.kinds).toEqual(["Digimon", "Digi-Egg", "Tamer", "Option"]);
    expect(choices.levels).toEqual(["Lv.2", "Lv.3", "Lv.4", "Lv.5"]);
    expect(choices.types.slice(0, 2)).toEqual(["Red", "Blue"]);
    expect(choices.types).toEqual(expect.arrayContaining(["Beast", "Bird", "Rookie", "Vaccine"]));
    const names = (f: Partial<typeof NO_FILTER>) => dcgFilterCards(ms, { ...NO_FILTER, ...f }).map((m) => m.name);
    expect(names({ type: "Blue" })).toEqual(["Tidewing", "Stormcrest", "Tide Shield"]);
    expect(names({ kind: "Option" })).toEqual(["Flare Burst", "Tide Shield"]);
    expect(names({ level: "Lv.4", type: "Beast" })).toEqual(["Cinderhound"]);
  });
});

// ─── drawing, with a fake document ────────────────────────────────────────

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
  *walk(): Generator<FakeNode> {
    yield this;
    for (const c of this.children) yield* c.walk();
  }
}

const SETTABLE = new Set(["className", "textContent"]);

/** A node behind a proxy: markup APIs and unknown properties throw; only text and class may be set. */
function guarded(n: FakeNode): FakeNode {
  return new Proxy(n, {
    get(t, p, r) {
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

function fakeDocument(): Document {
  const doc = {
    createElement: (tag: string) => guarded(new FakeNode(tag.toLowerCase())),
    createTextNode: (text: string) => guarded(new FakeNode("#text", text)),
  };
  return guarded(doc as unknown as FakeNode) as unknown as Document;
}

const node = (e: unknown) => e as FakeNode;

describe("renderDcgCard", () => {
  it("draws the card's parts, each box with data-box, the kind in data-kind", () => {
    const m = byName(models(EXAMPLE), "Stormcrest");
    const card = node(renderDcgCard(fakeDocument(), m));
    expect(card.tag).toBe("article");
    expect(card.getAttribute("aria-label")).toBe("Card DSX-005 Stormcrest");
    expect(card.getAttribute("data-kind")).toBe("Digimon");
    const boxes = [...card.walk()].filter((n) => n.attributes.has("data-box"));
    expect(boxes.map((b) => b.getAttribute("data-box"))).toEqual(["effect", "inherited"]);
    expect(boxes[0]!.textContent).toContain("[When Digivolving] 1 of your opponent's Digimon gets -4000 DP for the turn.");
    const text = card.textContent;
    for (const s of ["Stormcrest", "DSX-005", "Lv.5", "8", "9000", "Red", "Blue", "Lv.4", "DNA", "0 from [Cinderhound] + [Tidewing]", "Ultimate", "Free", "Dragonkin", "Bird", "Super Rare"]) expect(text, s).toContain(s);
  });

  it("draws a card named <img src=x onerror=alert(1)> and its text as those characters", () => {
    const text = `set X X\nruleset dcg\n\ncard X-1 "${EVIL}"\n  kind: Option\n  color: Red\n  usecost: 1\n  traits: ${EVIL}\n  effect: [Main] Gain 1 memory. ${EVIL}\n`;
    const [m] = models(text);
    expect(m!.name).toBe(EVIL);
    const doc = fakeDocument();
    const root = node(renderDcgPreview(doc, m!, () => {}));
    expect(root.textContent).toContain(EVIL);
    expect([...root.walk()].some((n) => n.tag === "img")).toBe(false);
    const tile = node(renderDcgMini(doc, m!, () => {}));
    expect(tile.textContent).toContain(EVIL);
  });
});
