/**
 * Security, item 1: no card text, name or set name runs as code in a generated set.
 *
 * Every JavaScript line terminator (CR, LF, CR LF, U+2028, U+2029) and NEL is put into each
 * place a designer can write text — the first and continuation lines of card text, a
 * quoted name inside card text, a card name and a set name (as JSON escapes), an attack
 * name and ability, an evo-box entry — with a payload that prints PWNED if it ever runs.
 * The set files are compiled by the CLI; then a child process imports every generated set
 * and must print nothing but its own line; `tsc --strict` must pass on the output; and
 * every card that was compiled carries its text and name exactly. The same through
 * `import dbe-json`. (docs/security.md)
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSources } from "../../compiler/check/set.ts";
import { linkPackage, runCli, runNode, tscCheck } from "../helpers.ts";

const PAYLOAD = `(process.stdout.write("PWNED"), 1)`;
const TERMINATORS: Record<string, string> = { CR: "\r", LF: "\n", CRLF: "\r\n", LS: "\u2028", PS: "\u2029", NEL: "\u0085" };

/** One hostile set file per place and terminator; its code says which. */
function variants(): { code: string; source: string }[] {
  const out: { code: string; source: string }[] = [];
  let n = 0;
  for (const [tName, t] of Object.entries(TERMINATORS)) {
    const esc = JSON.stringify(t).slice(1, -1); // the terminator as a JSON escape
    const places: Record<string, string> = {
      textFirst: `card X-1 Evilmon\n  kind: Option\n  timing: SUPPORT\n  text: Take 1 "Agumon${t}${PAYLOAD} //" card from deck.\n`,
      textCont: `card X-1 Evilmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n    Take 1 "Agumon${t}${PAYLOAD} //" card from deck.\n`,
      cardName: `card X-1 "Evil${esc}${PAYLOAD} //"\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n`,
      cardNameRaw: `card X-1 Evil${t}${PAYLOAD} //\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n`,
      attack: `card X-1 Evilmon\n  kind: Digimon\n  level: R\n  type: Nature\n  +p: 10\n  hp: 300\n  circle: Beam${t}${PAYLOAD} // 100\n  triangle: B 10\n  cross: C 10\n  timing: SUPPORT\n  text: Draw 1.\n`,
      ability: `card X-1 Evilmon\n  kind: Digimon\n  level: R\n  type: Nature\n  +p: 10\n  hp: 300\n  circle: Beam 100 | Draw 1${t}${PAYLOAD} //\n  triangle: B 10\n  cross: C 10\n  timing: SUPPORT\n  text: Draw 1.\n`,
      evo: `card X-1 Evilmon\n  kind: Digimon\n  level: C\n  type: Nature\n  +p: 10\n  hp: 300\n  circle: A 10\n  triangle: B 10\n  cross: C 10\n  evo: Agumon${t}${PAYLOAD} //\n  timing: SUPPORT\n  text: Draw 1.\n`,
    };
    for (const [place, card] of Object.entries(places)) {
      const code = `I${++n}`;
      out.push({ code, source: `# ${tName} in ${place}\nset ${code} Inject\nruleset dbe\n\n${card}` });
    }
    out.push({ code: `I${++n}`, source: `# ${tName} in the set name\nset I${n} "Inject${esc}${PAYLOAD} //"\n\ncard X-1 Evilmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n` });
  }
  return out;
}

let dir: string;
let out: string;
const VARIANTS = variants();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-inject-"));
  linkPackage(dir);
  out = join(dir, "out");
  mkdirSync(join(dir, "src"));
  for (const v of VARIANTS) writeFileSync(join(dir, "src", `${v.code}.dgs`), v.source);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("card text and names never become code", () => {
  it("no hostile card compiles with its payload cut out of its text or name", () => {
    for (const v of VARIANTS) {
      const [set] = checkSources([{ file: `${v.code}.dgs`, text: v.source }]);
      for (const c of set!.cards.filter((c) => c.ok)) {
        // What compiled is exactly what was written: the payload, if present, stays inside the text or name.
        const written = v.source.replace(/\r\n?/g, "\n");
        if (c.text.includes("PWNED")) expect(written).toContain(c.text);
        expect(c.stats.name.includes("\r") || c.stats.name.includes("\u2028") || c.stats.name.includes("\u2029")).toBe(false);
      }
    }
  });

  it("compiles, and importing every generated set runs nothing of the cards", async () => {
    const r = await runCli(dir, ["compile", "src", "--out", "out"]);
    expect(r.stderr).not.toMatch(/internal error|SyntaxError/);
    expect([0, 1]).toContain(r.code);
    const sets = existsSync(out) ? readdirSync(out) : [];
    expect(sets.length).toBeGreaterThan(0);
    const probe = join(dir, "probe.ts");
    writeFileSync(
      probe,
      [
        `import { pathToFileURL } from "node:url";`,
        `const sets = ${JSON.stringify(sets.map((s) => join(out, s, "index.ts")))};`,
        `let n = 0;`,
        `for (const f of sets) { const m = await import(pathToFileURL(f).href); n += m.set.cards.length; }`,
        `console.log("imported " + sets.length + " sets, " + n + " cards");`,
      ].join("\n"),
    );
    const p = await runNode(dir, [probe]);
    expect(p.stderr).toBe("");
    expect(p.stdout).toMatch(/^imported \d+ sets, \d+ cards\n$/);
    expect(p.stdout).not.toContain("PWNED");
  }, 180_000);

  it("the generated sets type-check in strict mode", async () => {
    const files = readdirSync(out).flatMap((s) => ["cards.ts", "index.ts", "registry.ts"].map((f) => join(out, s, f)));
    const r = await tscCheck(files, 120_000);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
  }, 180_000);

  it("import dbe-json refuses a line separator in text or a name, and a set code that is a path", async () => {
    const doc = (set: object, card: object) => JSON.stringify({ set: { code: "J", name: "J", ...set }, cards: [{ setNumber: "J-1", name: "J", kind: "Option", timings: ["SUPPORT"], text: "Draw 1.", ...card }] });
    const cases: [string, string][] = [
      [doc({}, { text: `Take 1 "A\u2028${PAYLOAD} //" card from deck.` }), "cards[0].text"],
      [doc({}, { name: `A\u2029${PAYLOAD}` }), "cards[0].name"],
      [doc({ code: ".." }, {}), "set.code"],
      [doc({ code: "A/B" }, {}), "set.code"],
      [doc({}, { setNumber: "../x" }), "cards[0].setNumber"],
    ];
    for (const [json, field] of cases) {
      const f = join(dir, "in.json");
      writeFileSync(f, json);
      const r = await runCli(dir, ["import", "dbe-json", "in.json", "--out", "x.dgs"]);
      expect(r.code, json).toBe(2);
      expect(r.stderr, json).toContain(field);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(existsSync(join(dir, "x.dgs"))).toBe(false);
    }
  }, 120_000);
});
