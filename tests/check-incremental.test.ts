/**
 * The language service's incremental check (compiler/check/set.ts `CheckCache`: a file whose
 * text did not change is not read again, blocks the edit left alone are found by their place,
 * the names evo-box entries resolve against are made again only when a card's name or Level
 * changed) gives what a check from scratch gives, after every edit of a run of random ones:
 * characters typed and deleted, lines deleted and doubled, blocks moved, a card renamed, the
 * `ruleset` or `types` line changed, a file edited while the others stay.
 */
import { readFileSync, globSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CheckCache, checkSources } from "../compiler/check/set.ts";
import { Workspace } from "../compiler/service/workspace.ts";
import { canonical, referenceInputs, rng as random, ROOT } from "./check-reference/inputs.ts";

/** One random edit of a text. */
function edit(text: string, rnd: () => number): string {
  const at = Math.floor(rnd() * (text.length + 1));
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  let lineEnd = text.indexOf("\n", at);
  if (lineEnd < 0) lineEnd = text.length;
  const k = Math.floor(rnd() * 9);
  switch (k) {
    case 0:
    case 1:
      return text.slice(0, at) + " Draw 1.x:\n\t"[Math.floor(rnd() * 12)] + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + Math.floor(rnd() * 3)));
    case 3:
      return text.slice(0, lineStart) + text.slice(Math.min(text.length, lineEnd + 1));
    case 4:
      return text.slice(0, lineEnd) + "\n" + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
    case 5: {
      // A block moved to another place.
      const starts = [...text.matchAll(/^card /gm)].map((m) => m.index);
      if (starts.length < 3) return text;
      const i = Math.floor(rnd() * (starts.length - 1));
      const block = text.slice(starts[i], starts[i + 1]);
      const rest = text.slice(0, starts[i]) + text.slice(starts[i + 1]);
      const to = [...rest.matchAll(/^card /gm)].map((m) => m.index)[Math.floor(rnd() * (starts.length - 1))]!;
      return rest.slice(0, to) + block + rest.slice(to);
    }
    case 6:
      return text.replace(/^(card \S+ )(\S)/m, (_, a: string, b: string) => a + (b === "X" ? "Y" : "X"));
    case 7:
      return rnd() < 0.5 ? text.replace(/^ruleset dbe$/m, "ruleset dmb") : text.replace(/^ruleset dmb$/m, "ruleset dbe");
    default:
      return text.slice(0, at) + "\r\n" + text.slice(at);
  }
}

describe("the incremental check gives what a check from scratch gives", () => {
  const bundled = globSync("cards/dbe/**/*.dgs", { cwd: ROOT }).map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }));
  const inputs = referenceInputs().filter((i) => i.sources.length > 0 && i.sources.some((s) => s.text.includes("\ncard ")));

  it("through a CheckCache, after each of 25 random edits of each input", () => {
    const rnd = random(11);
    let n = 0;
    // The bundled sets, the header lines after cards, and a few mutated blocks.
    for (const input of [...inputs.slice(0, 9), ...inputs.slice(9, 14)]) {
      const cache = new CheckCache();
      const sources = input.sources.map((s) => ({ ...s }));
      checkSources(sources, { cache });
      for (let step = 0; step < 25; step++) {
        const i = Math.floor(rnd() * sources.length);
        sources[i] = { ...sources[i]!, text: edit(sources[i]!.text, rnd) };
        expect(canonical(checkSources(sources, { cache })), `${input.name} step ${step}`).toEqual(canonical(checkSources(sources)));
        n++;
      }
    }
    expect(n).toBeGreaterThan(200);
  }, 120_000);

  it("a file not edited gets its cards back as it checked them, not as a set-level check marked them", () => {
    const card = (num: string, name: string) => `card ${num} ${name}\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n`;
    const a = { file: "a.dgs", text: `set T Test\n\n${card("T-001", "Agumon")}` };
    const clash = { file: "b.dgs", text: `set T Test\n\n${card("T-001", "Gabumon")}` };
    const fixed = { file: "b.dgs", text: clash.text.replace("T-001", "T-002") };
    const cache = new CheckCache();
    const first = checkSources([a, clash], { cache });
    expect(first[0]!.cards.map((c) => c.ok)).toEqual([false, false]);
    const second = checkSources([a, fixed], { cache });
    expect(second[0]!.cards.map((c) => c.ok)).toEqual([true, true]);
    expect(canonical(second)).toEqual(canonical(checkSources([a, fixed])));
    expect(canonical(checkSources([a, clash], { cache }))).toEqual(canonical(first));
  });

  it("through a Workspace with the bundled sets beside the edited file (a type line added and removed, a card renamed)", () => {
    const rnd = random(5);
    const ws = new Workspace(["Agumon"]);
    for (const s of bundled) ws.set(s.file, s.text);
    let text = bundled[0]!.text;
    ws.set("mine.dgs", text);
    ws.check();
    for (let step = 0; step < 60; step++) {
      text = step % 20 === 7 ? text.replace(/^ruleset (\w+)$/m, "ruleset $1\ntypes Fire, Ice") : step % 20 === 13 ? text.replace(/^types Fire, Ice\n/m, "") : edit(text, rnd);
      ws.set("mine.dgs", text);
      const got = ws.check();
      const want = checkSources([...bundled, { file: "mine.dgs", text }], { knownNames: ["Agumon"] });
      expect(canonical(got.sets), `step ${step}`).toEqual(canonical(want));
    }
  }, 60_000);
});
