/**
 * The language service (`compiler/service/index.ts`): diagnose, complete, hover, format —
 * on small `.dgs` texts, with the actual values they return. Hover definitions are checked
 * against the rules file they quote (`000_012504f4614e5b24.txt`) when it is present.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { complete, diagnose, format, hover, DMB_RULES_FILE, GLOSSARY, RULES_FILE, type Completion } from "../compiler/service/index.ts";
import plugin, { languages, parsers, printers } from "../compiler/prettier/plugin.ts";

const HEAD = "set DS1 Test\nruleset dbe\n\n";
/** A complete Digimon but for its Cross attack (tests add their own), with timing SUPPORT. */
const AGUMON_NO_CROSS = "card DS1-001 Agumon\n  kind: Digimon\n  level: R\n  type: Dragon\n  +p: 10\n  hp: 700\n  circle: Spitfire 300\n  triangle: Claw 200\n  timing: SUPPORT\n";
const AGUMON = `${AGUMON_NO_CROSS}  cross: Pepper Breath 100\n`;
const GREYMON = "card DS1-002 Greymon\n  kind: Digimon\n  level: C\n  type: Dragon\n  +p: 20\n  hp: 1000\n  circle: Mega Flame 600\n  triangle: Horn 400\n  cross: Tail 200\n  evo: Agumon\n";

/** Completion labels at the end of `text`. */
function labelsAtEnd(text: string): string[] {
  return complete(text, text.length).map((c) => c.label);
}

function kinds(items: Completion[], kind: Completion["kind"]): string[] {
  return items.filter((c) => c.kind === kind).map((c) => c.label);
}

describe("diagnose", () => {
  it("reports nothing for a valid file", () => {
    expect(diagnose(`${HEAD}${AGUMON}  text: Boost own Power +300.\n`)).toEqual([]);
  });
  it("reports a card-text error with its file position", () => {
    const text = `${HEAD}${AGUMON}  text: Frobnicate the opponent.\n`;
    const d = diagnose(text, "x.dgs");
    expect(d).toHaveLength(1);
    // HEAD is 3 lines, AGUMON 10: the text is line 14.
    expect(d[0]).toMatchObject({ severity: "error", code: "parse", file: "x.dgs", line: 14, col: 9 });
    expect(text.slice(d[0]!.span.start, d[0]!.span.end)).toContain("Frobnicate");
  });
  it("reports stats errors and set-level checks", () => {
    const text = `${HEAD}${AGUMON}  level: Q\ncard DS1-001 Agumon\n  kind: Option\n  evo: Piyomon\n`;
    const codes = diagnose(text).map((d) => d.code);
    expect(codes).toContain("duplicate-field");
    expect(codes).toContain("duplicate-set-number");
    const warn = diagnose(`${HEAD}${GREYMON.replace("evo: Agumon", "evo: Piyomon")}`).find((d) => d.code === "unknown-card");
    // `  evo: Piyomon` is the last line of GREYMON: line 13.
    expect(warn).toMatchObject({ severity: "warning", line: 13, col: 8 });
  });
  it("sorts diagnostics by position", () => {
    const d = diagnose(`${HEAD}card A-1 X\n  kind: Digimon\n  level: Q\n  hp: zz\n`);
    const lines = d.map((x) => x.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });
});

describe("complete", () => {
  it('offers "Power" after "Boost own " in card text', () => {
    const items = complete(`${HEAD}${AGUMON}  text: Boost own `, `${HEAD}${AGUMON}  text: Boost own `.length);
    expect(items).toContainEqual({ label: "Power", kind: "keyword" });
    expect(items.map((c) => c.label)).toContain("HP");
    expect(items.map((c) => c.label)).toContain("Circle");
  });
  it("offers verbs at the start of a sentence, filtered by the word being typed", () => {
    const start = complete(`${HEAD}${AGUMON}  text: Draw 1. `, `${HEAD}${AGUMON}  text: Draw 1. `.length);
    expect(kinds(start, "verb")).toEqual(expect.arrayContaining(["Boost", "Draw", "Recover", "Discard", "Recycle", "Take"]));
    expect(labelsAtEnd(`${HEAD}${AGUMON}  text: Re`)).toEqual(expect.arrayContaining(["Recover", "Recode", "Recycle", "Revive"]));
    expect(labelsAtEnd(`${HEAD}${AGUMON}  text: Re`).every((l) => l.toLowerCase().startsWith("re"))).toBe(true);
  });
  it("works on continuation lines of text", () => {
    const text = `${HEAD}${AGUMON}  text: Draw 1.\n    Boost opponent's `;
    expect(labelsAtEnd(text)).toContain("Power");
  });
  it("offers card names where a name may stand", () => {
    const items = complete(`${HEAD}${AGUMON}${GREYMON}  text: Take 1 `, `${HEAD}${AGUMON}${GREYMON}  text: Take 1 `.length);
    expect(kinds(items, "card")).toEqual(["Agumon", "Greymon"]);
    expect(items.find((c) => c.label === "Greymon")).toEqual({ label: "Greymon", kind: "card", detail: "DS1-002" });
    const evo = complete(`${HEAD}${AGUMON}${GREYMON}  evo: Ag`, `${HEAD}${AGUMON}${GREYMON}  evo: Ag`.length);
    expect(kinds(evo, "card")).toEqual(["Agumon"]);
  });
  it('offers the set\'s types after "type is" and "type:"', () => {
    expect(labelsAtEnd(`${HEAD}${AGUMON}  text: If opponent's type is `)).toEqual(["Nature", "Dragon", "Enigma", "Wind", "Nightmare", "Metal", "Jungle", "Marine"]);
    const ps = "set P PS\ntypes Fire, Ice, Nature, Darkness, Rare\n\ncard P-1 X\n  type: ";
    expect(complete(ps, ps.length)).toEqual(["Fire", "Ice", "Nature", "Darkness", "Rare"].map((label) => ({ label, kind: "type" })));
    expect(labelsAtEnd(`${ps}Fire\n  text: If own type is I`)).toEqual(["Ice"]);
  });
  it('offers levels after "level:" and "Level"', () => {
    expect(complete(`${HEAD}card A-1 X\n  level: `, `${HEAD}card A-1 X\n  level: `.length)).toEqual([
      { label: "R", kind: "level", detail: "Rookie" },
      { label: "C", kind: "level", detail: "Champion" },
      { label: "U", kind: "level", detail: "Ultimate" },
      { label: "M", kind: "level", detail: "Mega" },
    ]);
    expect(labelsAtEnd(`${HEAD}${AGUMON}  text: If own Level is `)).toEqual(["R", "C", "U", "M"]);
  });
  it("offers field keys at the start of an indented line", () => {
    const all = complete(`${HEAD}card A-1 X\n  `, `${HEAD}card A-1 X\n  `.length);
    expect(kinds(all, "field")).toEqual(["kind", "level", "type", "subtypes", "dp", "+p", "hp", "circle", "triangle", "cross", "evo", "timing", "partner", "flip", "text"]);
    expect(labelsAtEnd(`${HEAD}card A-1 X\n  t`)).toEqual(["type", "triangle", "timing", "text"]);
    // After a text field, a line at the key's indentation is a new field, not a continuation.
    expect(labelsAtEnd(`${HEAD}card A-1 X\n  text: Draw 1.\n  ev`)).toEqual(["evo"]);
  });
  it("offers field values and top-level keywords", () => {
    expect(labelsAtEnd(`${HEAD}card A-1 X\n  timing: `)).toEqual(["SUPPORT", "EVOLVE", "ACTIVATE", "EFFECT", "DATA", "PASSIVE"]);
    expect(labelsAtEnd(`${HEAD}card A-1 X\n  kind: `)).toEqual(["Digimon", "Option", "Evolution"]);
    expect(labelsAtEnd(`${HEAD}card A-1 X\n  partner: `)).toEqual(["yes", "no"]);
    expect(labelsAtEnd(`${HEAD}ca`)).toEqual(["card"]);
  });
  it("offers attack abilities after | on an attack line", () => {
    const items = complete(`${HEAD}${AGUMON_NO_CROSS}  cross: Sharp Claw 100 | J`, `${HEAD}${AGUMON_NO_CROSS}  cross: Sharp Claw 100 | J`.length);
    expect(items).toEqual([{ label: "Jamming", kind: "keyword" }]);
    expect(labelsAtEnd(`${HEAD}${AGUMON_NO_CROSS}  cross: Sharp Claw 100 | Counter `)).toEqual(expect.arrayContaining(["Circle", "Triangle", "Cross"]));
  });
});

describe("hover", () => {
  const text = `${HEAD}${AGUMON_NO_CROSS}  cross: Stun Bubble 110 | Jamming\n  text: Recode 3. Recycle 3 and shuffle.\n# Recode in a comment\n`;
  const at = (word: string, nth = 0) => {
    let i = -1;
    for (let k = 0; k <= nth; k++) i = text.indexOf(word, i + 1);
    return i + 1;
  };

  it("gives the Jamming definition on an attack ability", () => {
    const h = hover(text, at("Jamming"))!;
    expect(h.term).toBe("Jamming");
    expect(h.source).toBe('DBE rules, Attack Abilities "Jamming" (000_012504f4614e5b24.txt)');
    expect(h.markdown).toContain("Jamming: Void opponent’s Support if the card type is a Digimon");
    expect(text.slice(h.span.start, h.span.end)).toBe("Jamming");
  });
  it('gives the Glossary text for "Recode X" on Recode in card text', () => {
    const h = hover(text, at("Recode"))!;
    expect(h.term).toBe("Recode X");
    expect(h.source).toBe('DBE rules, Glossary "Recode X" (000_012504f4614e5b24.txt)');
    expect(h.markdown).toContain("Recode X – Look at the top X cards of your deck, put any of them on the top or bottom in any order.");
  });
  it("prefers the longest term and the attack-ability meaning after |", () => {
    expect(hover(text, at("shuffle") - 12)?.term).toBe("Recycle X");
    const abil = `${HEAD}${AGUMON_NO_CROSS}  cross: Stun Bubble 110 | Recycle 2\n`;
    expect(hover(abil, abil.indexOf("Recycle") + 1)?.source).toBe('DBE rules, Attack Abilities "Recycle X" (000_012504f4614e5b24.txt)');
    const any = `${HEAD}${AGUMON}  text: Recycle any.\n`;
    expect(hover(any, any.indexOf("any"))?.term).toBe("Recycle any");
    const turbo = `${HEAD}${AGUMON}  text: Turbo Support and Boost opponent's Power +200.\n`;
    expect(hover(turbo, turbo.indexOf("Turbo") + 2)?.term).toBe("Turbo");
    expect(hover(turbo, turbo.indexOf("Boost") + 2)?.source).toBe('DBE rules, Glossary "Boost" (000_012504f4614e5b24.txt)');
  });
  it("distinguishes card timings from lowercase timings", () => {
    const t = `${HEAD}card A-1 X\n  timing: SUPPORT\n  text: Passive: Draw 1.\n`;
    expect(hover(t, t.indexOf("SUPPORT") + 1)?.term).toBe("SUPPORT");
    expect(hover(t, t.indexOf("Passive") + 1)?.term).toBe("Passive");
  });
  it("returns null on comments and on words that are no term", () => {
    expect(hover(text, at("Recode", 1))).toBeNull();
    expect(hover(text, at("Bubble"))).toBeNull();
  });
  it("has every required term", () => {
    const terms = new Set(GLOSSARY.map((e) => e.term));
    for (const t of [
      "Boost", "Recover", "Recode X", "Corrupt X", "Recycle X", "Trash X", "Static X", "Take", "Attach", "Void", "Revive", "Flatten / Flat",
      "Delete", "Discard", "Dark [action]", "Draw X", "Downgrade", "Ignore", "Enables…", "Also counts as [Name]", "Alias [Name]", "Turbo",
      "Data Break", "Access", "Passive", "Support", "ACTIVATE", "DATA", "EFFECT", "1st Attack", "Counter", "Crash", "Drain", "Grudge",
      "Jamming", "Killer", "Shatter", "[Type] x3 VS", "Abnormal", "Mulligan",
    ]) {
      expect(terms, t).toContain(t);
    }
  });
  it.skipIf(!existsSync(`/work/shared/rules/${RULES_FILE}`) || !existsSync(`/work/shared/rules/${DMB_RULES_FILE}`))("quotes the rules verbatim (each entry its own rules file)", () => {
    const texts = new Map([RULES_FILE, DMB_RULES_FILE].map((f) => [f, readFileSync(`/work/shared/rules/${f}`, "utf8")]));
    for (const e of GLOSSARY) for (const line of e.definition.split("\n")) expect(texts.get(e.rules ?? RULES_FILE), e.term).toContain(line);
  });
  it("hovers DMB's own words with the DMB rules' definition (003_7a740b8ec9103d40.txt)", () => {
    const t = `set T "T"\nruleset dmb\ncard T-1 X\n  kind: Option Partner Option\n  timing: SUPPORT\n  text: (Also Jungle.) Put any Digimon from own deck into DP.\ncard T-2 Y\n  kind: Digimon\n  evo: DP +10: Agumon\n`;
    expect(hover(t, t.indexOf("Jungle") + 1)).toMatchObject({ term: "Also [Type]", source: 'DMB rules, Glossary "Also [Type]" (003_7a740b8ec9103d40.txt)' });
    expect(hover(t, t.indexOf("Partner Option") + 3)).toMatchObject({ term: "Partner Option", source: 'DMB rules, Glossary "Partner Option" (003_7a740b8ec9103d40.txt)' });
    expect(hover(t, t.indexOf("any Digimon") + 1)?.source).toBe('DMB rules, Rules FAQ "Putting unknown cards from a hidden zone into a visible zone" (003_7a740b8ec9103d40.txt)');
    expect(hover(t, t.indexOf("DP +10") + 4)).toMatchObject({ term: "DP +X0", source: "DMB rules, Evolution requirement 1 and End Phase step 3.4 (003_7a740b8ec9103d40.txt)" });
    const a = `set T "T"\ncard T-1 X\n  kind: Option\n  text: Also counts as [Agumon].\n`;
    expect(hover(a, a.indexOf("counts"))?.term).toBe("Also counts as [Name]");
  });
});

describe("format", () => {
  const messy = [
    "# The set",
    'set DS1 "Test"',
    "ruleset dbe",
    "",
    "# Agumon comment",
    "card DS1-001 Agumon",
    "    text: boost own power +300.   draw 1",
    "    # hp comment",
    "    hp: 700",
    "    level: R",
    "    kind: Digimon",
    "    type: Dragon",
    "    cross: Sharp Claw 100 |  first attack",
    "# trailing",
    "",
  ].join("\n");

  it("formats to the canonical layout, keeping the words as written", async () => {
    expect(await format(messy)).toBe(
      [
        "# The set",
        "set DS1 Test",
        "ruleset dbe",
        "",
        "# Agumon comment",
        "card DS1-001 Agumon",
        "  kind: Digimon",
        "  level: R",
        "  type: Dragon",
        "  # hp comment",
        "  hp: 700",
        "  cross: Sharp Claw 100 | first attack",
        "  text: boost own power +300. draw 1",
        "",
        "# trailing",
        "",
      ].join("\n"),
    );
  });
  it("is idempotent", async () => {
    const once = await format(messy);
    expect(await format(once)).toBe(once);
  });
  it("keeps every comment", async () => {
    const out = await format(messy);
    for (const c of messy.split("\n").filter((l) => l.trim().startsWith("#"))) expect(out).toContain(c.trim());
  });
  it("keeps the words of text that does not compile, and its diagnostics", async () => {
    const src = `${HEAD}${AGUMON}  text: Frobnicate the opponent.\n    Twice.\n`;
    const out = await format(src);
    expect(out).toContain("  text: Frobnicate the opponent. Twice.\n");
    // The same problems, at the places the new layout puts them.
    const what = (ds: ReturnType<typeof diagnose>) => ds.map((d) => [d.severity, d.code, d.message]);
    expect(what(diagnose(out))).toEqual(what(diagnose(src)));
  });
  it("does not change what the file compiles to", async () => {
    const src = `${HEAD}${AGUMON}  text: If own Level is R, boost own power +300. If not, draw 1.\n${GREYMON}`;
    const out = await format(src);
    expect(diagnose(out)).toEqual([]);
  });
  it("is a prettier plugin for .dgs", () => {
    expect(languages).toEqual([{ name: "DigiScript set", parsers: ["dgs"], extensions: [".dgs"] }]);
    expect(parsers.dgs!.astFormat).toBe("dgs");
    expect(Object.keys(printers)).toEqual(["dgs"]);
    expect(plugin.parsers).toBe(parsers);
  });
});
