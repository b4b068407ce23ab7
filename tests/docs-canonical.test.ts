/**
 * docs/language.md says the examples of its construct tables are "written in canonical
 * spelling, which is the spelling the canonical printer writes". This test holds it to that:
 * every example of the Structure, Timings, Verbs and Operands tables is put on an Option card
 * and `digiscript canon` (compiler/print/canonical.ts) must leave it unchanged, so the docs
 * and the printer cannot drift apart.
 *
 * docs/language.md is generated from grammar/constructs.ts (tests/docs.test.ts), and its
 * examples are also the hints of parse errors ("nearest known construct: …"). Seven examples
 * keep the rules' own wording, as the docs say ({@link PENDING}: each with the canonical print
 * it must get); an entry whose example is gone from the docs fails, so the list only shrinks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wordingChanges } from "../compiler/print/canonical.ts";
import { ROOT } from "./helpers.ts";

/** The tables whose examples are card text. */
const TABLES = ["Structure of text", "Timings", "Verbs", "Operands"];

/**
 * Examples that keep the rules' own wording: docs example → what `canon` writes for it. Each
 * is a wording the rules use (a shorthand or a quotation), not a printer bug.
 */
const PENDING: Record<string, string> = {
  // FAQ "lowercase timings": "Support: or Support Phase: both mean …"; phases print as "X Phase:".
  "Support: Pay 10 DP from this: Void a Digimon Support.": "Support Phase: Pay 10 DP from this: Void a Digimon Support.",
  // "T" is the attack ability's letter (Attack Abilities "Attach D/T/H"); card text names the zone.
  "Attach 1 Option from T.": "Attach an Option from trash.",
  // A Level is printed with its word, as everywhere else ("a valid Level C").
  "Evolve to a valid C from deck.": "Evolve to a valid Level C from deck.",
  // "Alias" is another spelling of Glossary "Also counts as".
  "Alias [Agumon].": "Also counts as [Agumon].",
  // The rules' quotation of EX-094; the permanent effect is its own parenthesised sentence.
  "Own HP cannot be lowered except by an attack (costs are 0).": "Own HP cannot be lowered except by an attack. (Ignore costs.)",
  // Ⓞ is the symbol for opponent (section "Symbols"); the printer writes the word.
  "Ⓞ discards 1.": "Opponent discards 1.",
  // The printer names the player as the subject for an opponent's count.
  "If opponent's trash has 10 or more cards, Static 3.": "If opponent has 10 or more cards in trash, Static 3.",
};

interface Example {
  table: string;
  construct: string;
  text: string;
}

/** The examples of the card-text tables of docs/language.md, in order. */
function examples(): Example[] {
  const md = readFileSync(join(ROOT, "docs/language.md"), "utf8");
  const out: Example[] = [];
  for (const section of md.split(/^## /m).slice(1)) {
    const table = section.slice(0, section.indexOf("\n")).trim();
    if (!TABLES.includes(table)) continue;
    for (const line of section.split("\n")) {
      const m = /^\| (.+?) \| `(.+?)` \| .* \|$/.exec(line);
      if (m) out.push({ table, construct: m[1]!, text: m[2]!.replace(/\\\|/g, "|") });
    }
  }
  return out;
}

/** What `canon` writes for a card text (the text itself when it makes no change). */
function canon(text: string): string {
  const src = `set Docs examples\nruleset dbe\n\ncard DOC-001 Example\n  kind: Option\n  text: ${text}\n`;
  const changes = wordingChanges(src, "docs-example.dgs");
  return changes.length === 0 ? text : changes.map((c) => c.after).join(" ");
}

const ALL = examples();

describe("docs/language.md construct examples are canonical", () => {
  it("finds the examples of every card-text table", () => {
    for (const t of TABLES) expect(ALL.filter((e) => e.table === t).length, t).toBeGreaterThan(5);
  });

  for (const e of ALL) {
    it(`${e.table} / ${e.construct}: ${e.text}`, () => {
      const expected = PENDING[e.text] ?? e.text;
      expect(canon(e.text), PENDING[e.text] ? "pending a canonical example in grammar/constructs.ts" : "`digiscript canon` rewrites this docs example").toBe(expected);
    });
  }

  it("lists no pending example that the docs no longer have", () => {
    const texts = new Set(ALL.map((e) => e.text));
    expect(Object.keys(PENDING).filter((t) => !texts.has(t)), "remove these from PENDING").toEqual([]);
  });
});
