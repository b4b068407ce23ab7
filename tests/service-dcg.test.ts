/**
 * The language service on DCG sets (`ruleset dcg`): diagnose, complete, hover and format, on
 * small texts with the values they return, on the bundled example `cards/dcg/example.dgs`, and
 * — when `../shared/data/dcg/cards.json` is present — on the real card pool imported with
 * `digiscript import dcg` into a temporary folder (never into the project). The glossary is
 * checked against the rules files it cites when they are present (`../shared/rules/`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAllSources } from "../compiler/check/set.ts";
import { complete, DCG_GLOSSARY, DCG_MANUAL_FILE, DCG_RULES_FILE, dcgGlossarySource, diagnose, format, hover, layoutDcgUnits, type Completion } from "../compiler/service/index.ts";
import { Workspace } from "../compiler/service/workspace.ts";
import { lexDcg } from "../grammar/dcg/index.ts";
import { KEYWORD_NAMES } from "../grammar/dcg/tokens.ts";
import { CARD_KEYS, DCG_CARD_KEYS, readSetFile } from "../grammar/setfile.ts";
import { DCG_KEYWORDS, DCG_TIMINGS } from "../runtime/lang/dcg/ir.ts";
import { ROOT } from "./helpers.ts";

const HEAD = "set DCG1 Test\nruleset dcg\n\n";
const AGUMON = "card DCG1-001 Agumon\n  kind: Digimon\n  color: Red\n  level: 3\n  playcost: 3\n  digivolve: 0 from Lv.2\n  dp: 2000\n  form: Rookie\n  attribute: Vaccine\n  traits: Reptile\n  rarity: Common\n";
const TAMER = "card DCG1-002 Tai\n  kind: Tamer\n  color: Red\n  playcost: 2\n";
const EXAMPLE = readFileSync(join(ROOT, "cards/dcg/example.dgs"), "utf8");

/** Completion labels at the end of `text`. */
function labelsAtEnd(text: string): string[] {
  return complete(text, text.length).map((c) => c.label);
}

function kinds(items: Completion[], kind: Completion["kind"]): string[] {
  return items.filter((c) => c.kind === kind).map((c) => c.label);
}

/** The words of a text: runs of non-blank characters. */
function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

describe("diagnose a DCG set", () => {
  it("reports nothing for the bundled example", () => {
    expect(diagnose(EXAMPLE, "example.dgs")).toEqual([]);
  });
  it("reports a text error from the DCG grammar at its file position", () => {
    const text = `${HEAD}${AGUMON}  effect: [On Play] Frobnicate 1 of your opponent's Digimon.\n`;
    const d = diagnose(text, "x.dgs");
    expect(d).toHaveLength(1);
    // HEAD is 3 lines, AGUMON 11: the effect is line 15; "Frobnicate" starts at column 21.
    expect(d[0]).toMatchObject({ severity: "error", code: "syntax", file: "x.dgs", line: 15, col: 21, endLine: 15, endCol: 31 });
    expect(text.slice(d[0]!.span.start, d[0]!.span.end)).toBe("Frobnicate");
  });
  it("reports errors on continuation lines of a box at their own line", () => {
    const text = `${HEAD}${AGUMON}  effect: [On Play] Gain 1 memory.\n    [When Attacking] Frobnicate.\n`;
    const [d] = diagnose(text);
    expect(d).toMatchObject({ code: "syntax", line: 16, col: 22 });
    expect(text.slice(d!.span.start, d!.span.end)).toBe("Frobnicate");
  });
  it("reports stats errors with their did-you-mean and DBE keys as unknown fields of a DCG card", () => {
    const text = `${HEAD}${AGUMON.replace("color: Red", "color: Rde")}  hp: 700\n`;
    const ds = diagnose(text);
    const color = ds.find((d) => d.code === "bad-color")!;
    expect(text.slice(color.span.start, color.span.end)).toBe("Rde");
    expect(color.hint).toBe('did you mean "Red"?');
    const hp = ds.find((d) => d.code === "unknown-field")!;
    expect(hp.message).toContain("of a DCG card");
    expect(text.slice(hp.span.start, hp.span.end)).toBe("hp");
  });
  it("reports what the DCG checker reports for the file, sorted by position", () => {
    const text = `${HEAD}${AGUMON}  security: [Security] Gain 1 memory.\n${TAMER}  inherited: [Your Turn] Gain 1 memory.\n  security: [Security] Gain 1 memory.\n`;
    const mine = diagnose(text, "x.dgs");
    const theirs = checkAllSources([{ file: "x.dgs", text }]).dcg.flatMap((s) => s.diagnostics);
    expect(mine.map((d) => d.code).sort()).toEqual(theirs.map((d) => d.code).sort());
    expect(mine.map((d) => d.line)).toEqual([...mine.map((d) => d.line)].sort((a, b) => a - b));
    expect(mine.map((d) => d.code)).toEqual(expect.arrayContaining(["field-not-for-kind", "inherited-and-security"]));
  });
});

describe("complete in a DCG set", () => {
  it("offers the DCG card keys, never DBE's, at the start of an indented line", () => {
    const items = complete(`${HEAD}card DCG1-001 X\n  `, `${HEAD}card DCG1-001 X\n  `.length);
    expect(kinds(items, "field")).toEqual([...DCG_CARD_KEYS]);
    expect(items.find((c) => c.label === "playcost")?.detail).toContain("002 2-7");
    for (const k of CARD_KEYS) if (!(DCG_CARD_KEYS as readonly string[]).includes(k)) expect(kinds(items, "field")).not.toContain(k);
    expect(labelsAtEnd(`${HEAD}card DCG1-001 X\n  p`)).toEqual(["playcost"]);
    // After a box, a line at the key's indentation is a new field, not a continuation.
    expect(labelsAtEnd(`${HEAD}card DCG1-001 X\n  effect: [Main] Gain 1 memory.\n  in`)).toEqual(["inherited"]);
    // A DBE set keeps DBE's keys.
    expect(labelsAtEnd("set DS1 T\nruleset dbe\n\ncard DS1-001 X\n  p")).toEqual(["partner"]);
  });
  it("offers the header lines and the rulesets, dcg among them", () => {
    expect(labelsAtEnd(`${HEAD}`)).toEqual(["set", "ruleset", "card"]);
    expect(labelsAtEnd("set DCG1 T\nruleset ")).toEqual(["dbe", "dmb", "dcg"]);
    expect(labelsAtEnd("set DS1 T\nruleset d")).toEqual(["dbe", "dmb", "dcg"]);
  });
  it("offers kinds, colours (not those written), levels, forms, attributes, traits and rarities", () => {
    const card = `${HEAD}${AGUMON}card DCG1-009 Y\n`;
    expect(labelsAtEnd(`${card}  kind: `)).toEqual(["Digimon", "Digi-Egg", "Tamer", "Option"]);
    expect(labelsAtEnd(`${card}  kind: d`)).toEqual(["Digimon", "Digi-Egg"]);
    expect(labelsAtEnd(`${card}  color: Red, `)).toEqual(["Blue", "Yellow", "Green", "Black", "Purple", "White"]);
    expect(labelsAtEnd(`${card}  color: Red/B`)).toEqual(["Blue", "Black"]);
    expect(complete(`${card}  level: `, `${card}  level: `.length)).toEqual([
      { label: "2", kind: "level", detail: "Lv.2 (In-Training)" },
      { label: "3", kind: "level", detail: "Lv.3 (Rookie)" },
      { label: "4", kind: "level", detail: "Lv.4 (Champion)" },
      { label: "5", kind: "level", detail: "Lv.5 (Ultimate)" },
      { label: "6", kind: "level", detail: "Lv.6 (Mega)" },
      { label: "7", kind: "level", detail: "Lv.7 (Mega)" },
      { label: "-", kind: "level", detail: "no level: printed Lv.– (002 13-7)" },
    ]);
    expect(labelsAtEnd(`${card}  form: `)).toEqual(["In-Training", "Rookie", "Champion", "Ultimate", "Mega"]);
    expect(labelsAtEnd(`${card}  attribute: V`)).toEqual(["Vaccine", "Virus"]);
    expect(labelsAtEnd(`${card}  traits: Dragonkin, R`)).toEqual(["Reptile"]);
    expect(labelsAtEnd(`${card}  rarity: S`)).toEqual(["Super Rare", "Secret Rare"]);
  });
  it("offers the next part of a digivolution and a DNA requirement", () => {
    const card = `${HEAD}${AGUMON}card DCG1-009 Greymon\n`;
    expect(labelsAtEnd(`${card}  digivolve: 2 `)).toEqual(["from"]);
    expect(labelsAtEnd(`${card}  digivolve: 2 from `)).toEqual(["Lv.2", "Lv.3", "Lv.4", "Lv.5", "Lv.6"]);
    expect(labelsAtEnd(`${card}  digivolve: 2 from Lv.3 Red, `)).toEqual(["Blue", "Yellow", "Green", "Black", "Purple", "White"]);
    expect(labelsAtEnd(`${card}  dna: 0 from [A`)).toEqual(["[Agumon]"]);
    expect(labelsAtEnd(`${card}  dna: 0 from [Agumon] + Blue `)).toEqual(["Lv.2", "Lv.3", "Lv.4", "Lv.5", "Lv.6"]);
  });
  it("offers timing tags, keyword effects and clause starts at the start of a box, capitalised", () => {
    const items = complete(`${HEAD}${AGUMON}  effect: `, `${HEAD}${AGUMON}  effect: `.length);
    const labels = items.map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(["[On Play]", "[When Digivolving]", "[Your Turn]", "[Main]", "[Security]", "<Blocker>", "<Security Attack +1>", "<Recovery +1 (Deck)>"]));
    expect(kinds(items, "verb")).toEqual(expect.arrayContaining(["Delete", "Play", "Gain", "Suspend", "Return", "Trash", "Reveal", "Add", "Place", "Unsuspend"]));
    expect(labels).toEqual(expect.arrayContaining(["When", "If", "While", "By", "For", "You", "Your", "All"]));
    expect(items.find((c) => c.label === "[On Play]")?.detail).toBe("timing (002 10-4-2)");
    expect(items.find((c) => c.label === "<Blocker>")?.detail).toBe("keyword effect (002 12-5)");
  });
  it("offers the clause starts after a timing, filtered by the word being typed", () => {
    expect(labelsAtEnd(`${HEAD}${AGUMON}  effect: [On Play] De`)).toEqual(expect.arrayContaining(["Delete", "<De-Digivolve 1>", "<Delay>", "<Decoy (Black)>"]));
    expect(labelsAtEnd(`${HEAD}${AGUMON}  effect: [On Play] De`).every((l) => l.replace(/^[<[]/, "").toLowerCase().startsWith("de"))).toBe(true);
    // A word typed matches a tag by its letters.
    expect(labelsAtEnd(`${HEAD}${AGUMON}  effect: Whe`)).toEqual(expect.arrayContaining(["When", "[When Digivolving]", "[When Attacking]"]));
  });
  it("offers words in lower case inside a sentence, and what the grammar accepts next", () => {
    const mid = labelsAtEnd(`${HEAD}${AGUMON}  effect: [On Play] Delete 1 of your opponent's `);
    expect(mid).toContain("Digimon");
    expect(mid).not.toContain("Delete");
    const after = labelsAtEnd(`${HEAD}${AGUMON}  effect: [On Play] Delete 1 of your opponent's Digimon with 3000 DP or `);
    expect(after).toEqual(expect.arrayContaining(["less", "more"]));
  });
  it("after an open [ offers the timing tags and name references, replacing from the [ and a closed ]", () => {
    const text = `${HEAD}${AGUMON}  effect: [On`;
    const items = complete(text, text.length);
    expect(items.map((c) => c.label)).toEqual(["[On Play]", "[On Deletion]", "[Once Per Turn]"]);
    expect(items[0]!.span).toEqual({ start: text.length - 3, end: text.length });
    // Monaco closed the bracket: "[On|]" — the "]" is replaced too.
    const closed = `${text}]\n`;
    const c2 = complete(closed, text.length);
    expect(c2[0]!.span).toEqual({ start: text.length - 3, end: text.length + 1 });
    // Card names of the file are name references (002 2-2-2).
    expect(labelsAtEnd(`${HEAD}${AGUMON}${TAMER}  effect: [Main] If you have a [Ag`)).toEqual(["[Agumon]"]);
  });
  it("after an open < offers the keyword effects of 002 chapter 12 with their parameters", () => {
    const text = `${HEAD}${AGUMON}  effect: <S`;
    const items = complete(text, text.length);
    expect(items.map((c) => c.label)).toEqual(["<Security Attack +1>", "<Save>", "<Scapegoat>"]);
    expect(items[0]!.span).toEqual({ start: text.length - 2, end: text.length });
    expect(labelsAtEnd(`${HEAD}${AGUMON}  effect: <`)).toHaveLength(new Set(Object.values(KEYWORD_NAMES)).size);
  });
  it("works on continuation lines, with ranges of the text as given (CR LF kept)", () => {
    const text = `${HEAD}${AGUMON}  effect: [On Play] Gain 1 memory.\n    [Wh`;
    expect(labelsAtEnd(text)).toEqual(["[When Digivolving]", "[When Attacking]"]);
    const crlf = text.replace(/\n/g, "\r\n");
    const [first] = complete(crlf, crlf.length);
    expect(crlf.slice(first!.span!.start, first!.span!.end)).toBe("[Wh");
  });
  it("offers nothing inside reminder text", () => {
    expect(labelsAtEnd(`${HEAD}${AGUMON}  effect: <Blocker> (When an opponent's `)).toEqual([]);
  });
});

describe("hover in a DCG set", () => {
  const text = `${HEAD}${AGUMON}  effect: <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).
    [On Play] Delete 1 of your opponent's Digimon with 3000 DP or less.
    [Opponent’s Turn] This Digimon gets +1000 DP.
  inherited: [Your Turn] When this Digimon attacks, gain 1 memory.
# Delete in a comment
`;
  const at = (word: string, nth = 0) => {
    let i = -1;
    for (let k = 0; k <= nth; k++) i = text.indexOf(word, i + 1);
    expect(i, word).toBeGreaterThanOrEqual(0);
    return i + 1;
  };

  it("gives a keyword effect its 002 section, its 001 glossary entry and one sentence", () => {
    const h = hover(text, at("<Blocker>") + 2)!;
    expect(h.term).toBe("<Blocker>");
    expect(h.source).toBe('DCG comprehensive rules 12-5 (002_db81695f81018ea7.txt); DCG rule manual, Glossary "<Blocker>" (001_9364978fb56838a3.txt)');
    expect(h.markdown).toContain("《阻挡者》");
    expect(h.markdown).toContain("ブロッカー");
    expect(h.markdown).toContain("block");
    expect(text.slice(h.span.start, h.span.end)).toBe("<Blocker>");
  });
  it("gives a timing tag its 002 10-4 section (a curly apostrophe read as the lexer reads it)", () => {
    expect(hover(text, at("[On Play]") + 3)).toMatchObject({ term: "[On Play]", source: 'DCG comprehensive rules 10-4-2 (002_db81695f81018ea7.txt); DCG rule manual, Glossary "On Play" (001_9364978fb56838a3.txt)' });
    expect(hover(text, at("[Opponent’s Turn]") + 3)?.term).toBe("[Opponent's Turn]");
    expect(hover(text, at("[Your Turn]") + 3)?.term).toBe("[Your Turn]");
  });
  it("gives DCG's meaning of a word DBE also uses, and of the DCG keys", () => {
    const del = hover(text, at("Delete") + 1)!;
    expect(del.term).toBe("Delete");
    expect(del.source).toBe('DCG comprehensive rules 4-12-1 (002_db81695f81018ea7.txt); DCG rule manual, Glossary "Deleted" (001_9364978fb56838a3.txt)');
    expect(hover(text, at("playcost") + 1)?.term).toBe("Play cost");
    expect(hover(text, at("inherited:") + 1)?.term).toBe("Inherited effect");
    expect(hover(text, at("dp: 2000"))?.term).toBe("DP (Digimon Power)");
    expect(hover(text, at("digivolve:") + 1)?.term).toBe("Digivolution requirements");
    expect(hover(text, at("memory") + 1)?.term).toBe("Memory");
    expect(hover(text, at("suspend this") + 1)?.term).toBe("Reminder text");
  });
  it("returns null on comments and on words that are no term", () => {
    expect(hover(text, at("Delete", 1))).toBeNull();
    expect(hover(text, at("Agumon"))).toBeNull();
  });
  it("has one entry for every timing tag and every keyword effect of 002 chapter 12, each lexed by the DCG grammar as itself", () => {
    for (const t of DCG_TIMINGS) {
      const es = DCG_GLOSSARY.filter((e) => e.timing === t);
      expect(es, t).toHaveLength(1);
      const tok = lexDcg(es[0]!.insert!).tokens;
      expect(tok.map((x) => x.tokenType.name), t).toEqual([`T_${t}`]);
    }
    // Every keyword the lexer knows (002 12-4 … 12-32), the IR's among them.
    const names = new Set<string>(Object.values(KEYWORD_NAMES));
    for (const k of DCG_KEYWORDS) expect(names, k).toContain(k);
    for (const k of names) {
      const es = DCG_GLOSSARY.filter((e) => e.keyword === k);
      expect(es, k).toHaveLength(1);
      const tok = lexDcg(es[0]!.insert!).tokens;
      expect(tok.map((x) => x.tokenType.name), k).toEqual([`K_${k}`]);
      expect(es[0]!.rule002, k).toMatch(/^12-\d+$/);
    }
    for (const e of DCG_GLOSSARY) {
      expect(e.definition, e.term).toMatch(/^[A-Z[<"].*[.)]$/);
      expect(e.definition.split(/(?<=[.?!])\s+(?=[A-Z])/), `${e.term}: one sentence`).toHaveLength(1);
    }
  });
  it("hovers every timing tag and keyword effect where the example of its construct stands", () => {
    for (const e of DCG_GLOSSARY.filter((x) => x.kind !== "term")) {
      const t = `${HEAD}${AGUMON}  effect: ${e.insert} Gain 1 memory.\n`;
      expect(hover(t, t.indexOf(e.insert!) + 2)?.term, e.term).toBe(e.term);
    }
  });
  const RULES = "/work/shared/rules";
  it.skipIf(!existsSync(join(RULES, DCG_RULES_FILE)) || !existsSync(join(RULES, DCG_MANUAL_FILE)))("cites sections that exist: 002 names each term as the entry does, 001 has each glossary entry or heading", () => {
    const cn = readFileSync(join(RULES, DCG_RULES_FILE), "utf8").split("\n");
    const en = readFileSync(join(RULES, DCG_MANUAL_FILE), "utf8").split("\n");
    for (const e of DCG_GLOSSARY) {
      // The first section cited: its lines (the heading and its rules) name the term.
      const sec = e.rule002.split(",")[0]!.trim();
      // A section's lines: from its numbered lines up to the next numbered line (some rules wrap).
      const lines: string[] = [];
      let inside = false;
      for (const l of cn) {
        const num = /^[-\s]*(\d+(?:-\d+)*)\./.exec(l);
        if (num) inside = num[1] === sec || num[1]!.startsWith(`${sec}-`);
        if (inside) lines.push(l);
      }
      expect(lines.length, `${e.term}: 002 ${sec}`).toBeGreaterThan(0);
      const core = /[\u4e00-\u9fff]+/.exec(e.cn)![0];
      expect(lines.join("\n"), `${e.term}: 002 ${sec} names ${core}`).toContain(core);
      if (!e.rule001) continue;
      const g = /^Glossary (.*)$/.exec(e.rule001);
      if (g) {
        for (const m of g[1]!.matchAll(/"([^"]+)"/g)) expect(en.some((l) => l.startsWith(`${m[1]}\t`)), `${e.term}: 001 Glossary "${m[1]}"`).toBe(true);
        continue;
      }
      const dr = /^Detailed Rules (.*)$/.exec(e.rule001);
      if (dr) expect(en.some((l) => l.startsWith("■") && l.includes(dr[1]!)), `${e.term}: 001 ${e.rule001}`).toBe(true);
      else expect(en.some((l) => l.trim() === e.rule001!.replace(/"/g, "")), `${e.term}: 001 ${e.rule001}`).toBe(true);
    }
  });
  it("cites its sources as file and section", () => {
    const e = DCG_GLOSSARY.find((x) => x.keyword === "save")!;
    expect(dcgGlossarySource(e)).toBe("DCG comprehensive rules 12-20 (002_db81695f81018ea7.txt)");
  });
});

describe("format a DCG set", () => {
  const messy = [
    "# The set",
    "set DCG1   Test",
    "ruleset dcg",
    "",
    "card DCG1-001 Agumon",
    "    effect: [On Play]   Delete 1 of your opponent's Digimon with 3000 DP or less.   [When Attacking] Gain 1 memory.",
    "    dp: 2000",
    "    kind: Digimon",
    "    # a comment",
    "    color: Red",
    "    level: 3",
    "    playcost: 3",
    "    inherited: [Your Turn] This Digimon",
    "        gets +1000 DP.",
    "",
  ].join("\n");

  it("lays a DCG set out: field order, one effect unit per line, the words as written", async () => {
    expect(await format(messy)).toBe(
      [
        "# The set",
        "set DCG1 Test",
        "ruleset dcg",
        "",
        "card DCG1-001 Agumon",
        "  kind: Digimon",
        "  # a comment",
        "  color: Red",
        "  level: 3",
        "  playcost: 3",
        "  dp: 2000",
        "  effect: [On Play] Delete 1 of your opponent's Digimon with 3000 DP or less.",
        "    [When Attacking] Gain 1 memory.",
        "  inherited: [Your Turn] This Digimon gets +1000 DP.",
        "",
      ].join("\n"),
    );
  });
  it("is idempotent and keeps what the file compiles to", async () => {
    const once = await format(messy);
    expect(await format(once)).toBe(once);
    const ir = (t: string) => checkAllSources([{ file: "x.dgs", text: t }]).dcg[0]!.cards.map((c) => ({ ok: c.ok, stats: c.stats, effects: JSON.stringify(c.effects, (k, v) => (k === "span" || k === "text" ? undefined : v)) }));
    expect(ir(once)).toEqual(ir(messy));
    expect(diagnose(once)).toEqual([]);
  });
  it("keeps the lines of a box that does not compile, and its diagnostics", async () => {
    const src = `${HEAD}${AGUMON}  effect: [On Play] Frobnicate.   [Main] Gain 1 memory.\n`;
    const out = await format(src);
    expect(out).toContain("  effect: [On Play] Frobnicate. [Main] Gain 1 memory.\n");
    const what = (ds: ReturnType<typeof diagnose>) => ds.map((d) => [d.severity, d.code, d.message]);
    expect(what(diagnose(out))).toEqual(what(diagnose(src)));
  });
  it("is the identity on the bundled example", async () => {
    expect(await format(EXAMPLE)).toBe(EXAMPLE);
  });
  it("changes only blanks and line breaks of a box (layoutDcgUnits)", () => {
    const src = `${HEAD}${AGUMON}  effect: <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead). [When Attacking]\n     Lose 2 memory.\n`;
    const out = layoutDcgUnits(src);
    expect(out).toContain("instead).\n    [When Attacking] Lose 2 memory.\n");
    expect(words(out)).toEqual(words(src));
    expect(layoutDcgUnits(out)).toBe(out);
    // Not a DCG set: unchanged.
    const dbe = "set DS1 T\n\ncard DS1-001 X\n  kind: Option\n  text: Draw 1.   Draw 2.\n";
    expect(layoutDcgUnits(dbe)).toBe(dbe);
  });
});

describe("the real DCG card pool (../shared/data/dcg/cards.json, imported into a temporary folder)", () => {
  const DUMP = join(ROOT, "..", "shared", "data", "dcg", "cards.json");
  let dir = "";
  let files: { name: string; text: string }[] = [];
  beforeAll(() => {
    if (!existsSync(DUMP)) return;
    dir = mkdtempSync(join(tmpdir(), "digiscript-dcg-pool-"));
    execFileSync(process.execPath, [join(ROOT, "bin", "digiscript.mjs"), "import", "dcg", DUMP, "--out", dir], { stdio: "pipe" });
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".dgs"))
      .sort()
      .map((f) => ({ name: f, text: readFileSync(join(dir, f), "utf8") }));
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(DUMP))(
    "format keeps every card's words, field by field, is idempotent, and changes no diagnostic",
    async () => {
      expect(files.length).toBeGreaterThan(20);
      let cards = 0;
      for (const f of files) {
        const out = await format(f.text);
        expect(await format(out), f.name).toBe(out);
        const a = readSetFile(f.name, f.text);
        const b = readSetFile(f.name, out);
        expect(b.cards.length, f.name).toBe(a.cards.length);
        a.cards.forEach((ca, i) => {
          const cb = b.cards[i]!;
          expect([cb.setNumber, cb.name], f.name).toEqual([ca.setNumber, ca.name]);
          const byKey = (c: typeof ca) => DCG_CARD_KEYS.flatMap((k) => c.fields.filter((x) => x.key === k).map((x) => [k, words(x.value.value)]));
          expect(byKey(cb), `${f.name} ${ca.setNumber}`).toEqual(byKey(ca));
          cards++;
        });
        const codes = (t: string) => diagnose(t, f.name).map((d) => `${d.severity} ${d.code} ${d.message}`);
        expect(codes(out), f.name).toEqual(codes(f.text));
      }
      expect(cards).toBeGreaterThan(1400);
    },
    300_000,
  );
});

describe("a workspace with DCG sets", () => {
  const DBE = readFileSync(join(ROOT, "cards/dbe/starter.dgs"), "utf8");
  /** checkAllSources from scratch, `ms` zeroed. */
  const fresh = (files: [string, string][]) => {
    const r = checkAllSources(files.map(([file, text]) => ({ file, text })));
    return { dbe: r.dbe.map((s) => ({ ...s, ms: 0 })), dcg: r.dcg.map((s) => ({ ...s, ms: 0 })) };
  };
  const zero = <T extends { ms: number }>(xs: T[]) => xs.map((s) => ({ ...s, ms: 0 }));

  it("gives the DCG sets with their cards, as checkAllSources does", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", DBE);
    ws.set("example.dgs", EXAMPLE);
    const r = ws.check();
    expect(r.dcgSets.map((s) => s.code)).toEqual(["DSX"]);
    expect(r.dcgSets[0]!.cards.map((c) => c.stats.number)).toEqual(["DSX-001", "DSX-002", "DSX-003", "DSX-004", "DSX-005", "DSX-006", "DSX-007", "DSX-008"]);
    expect(r.dcgSets[0]!.cards.every((c) => c.ok)).toBe(true);
    const f = fresh([["starter.dgs", DBE], ["example.dgs", EXAMPLE]]);
    expect(zero(r.sets)).toEqual(f.dbe);
    expect(zero(r.dcgSets)).toEqual(f.dcg);
    expect(r.diagnostics.get("example.dgs")).toEqual([]);
  });
  it("does not check the DCG sets again when only a DBE file changed, and does when a DCG file did", () => {
    const ws = new Workspace();
    ws.set("starter.dgs", DBE);
    ws.set("example.dgs", EXAMPLE);
    const first = ws.check();
    const edited = DBE.replace("  text: Discard 1: Boost own Power +300.\n", "  text: Discard 1: Boost own Power +300.\n    Frobnicate the widget.\n");
    expect(edited).not.toBe(DBE);
    ws.set("starter.dgs", edited);
    const second = ws.check();
    // One DBE block checked; every other block and the 8 DCG cards reused.
    expect(second.checked).toBe(1);
    expect(second.reused).toBe(first.checked - 1);
    expect(second.dcgSets[0]!.cards[0]).not.toBe(first.dcgSets[0]!.cards[0]);
    expect(zero(second.dcgSets)).toEqual(zero(first.dcgSets));
    const broken = EXAMPLE.replace("Delete 1 of your opponent's Digimon with 3000 DP or less.", "Frobnicate the widget.");
    ws.set("example.dgs", broken);
    const third = ws.check();
    expect(third.checked).toBe(8);
    expect(third.diagnostics.get("example.dgs")!.map((d) => d.code)).toEqual(["syntax"]);
    expect(zero(third.dcgSets)).toEqual(fresh([["starter.dgs", edited], ["example.dgs", broken]]).dcg);
  });
  it("refuses a DBE and a DCG set that share a set code, as checkAllSources does, check after check", () => {
    const ws = new Workspace();
    const dbe = "set DSX Clash\nruleset dbe\n\ncard DSX-101 X\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n";
    ws.set("a.dgs", dbe);
    ws.set("example.dgs", EXAMPLE);
    const f = fresh([["a.dgs", dbe], ["example.dgs", EXAMPLE]]);
    for (let i = 0; i < 2; i++) {
      const r = ws.check();
      expect(zero(r.dcgSets)).toEqual(f.dcg);
      expect(zero(r.sets)).toEqual(f.dbe);
      expect(r.diagnostics.get("example.dgs")!.filter((d) => d.code === "set-code-clash")).toHaveLength(1);
    }
  });
});
