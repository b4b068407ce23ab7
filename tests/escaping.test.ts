/**
 * Escaping: names and text reach generated code only as string literals and as comment
 * text made safe. A card name with quotes, backticks, `${x}`, a comment terminator, a
 * backslash and a newline, and card text with `*` + `/` and backticks in a quoted name,
 * must round-trip exactly through emit → tsc → import, and no comment may end early.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitSet } from "../compiler/emit/index.ts";
import type { CheckedSet } from "../compiler/api.ts";
import type { SetModule } from "../runtime/handlers.ts";
import { checkOne, linkPackage, tscCheck } from "./helpers.ts";

/** The card name: every character class that could break a literal or a comment. */
const NAME = "Q\"uote's `tick` ${x} */ back\\slash\nline two";
/** The same name as written in the .dgs file: a JSON string literal, escaped by hand. */
const NAME_DGS = '"Q\\"uote\'s `tick` ${x} */ back\\\\slash\\nline two"';
/** Card text with a comment terminator, backticks and `${x}` inside a quoted name. */
const TEXT = 'Attach "*/`${x}`" from deck.';
/** A set name with a comment terminator too. */
const SET_NAME = "Esc */ Set `${y}`";

const SOURCE = [
  `set ESC ${JSON.stringify(SET_NAME)}`,
  "",
  `card E-1 ${NAME_DGS}`,
  "  kind: Option",
  "  timing: SUPPORT",
  `  text: ${TEXT}`,
  "",
  "card E-2 Plain */ Name",
  "  kind: Digimon",
  "  level: R",
  "  type: Dragon",
  "  +p: 10",
  "  hp: 300",
  "  circle: Star */ Beam 100",
  "  triangle: B 10",
  "  cross: C 10",
  "  timing: SUPPORT",
  "  text: Draw 1.",
  '    Take 1 "-*/-" card from deck.',
  "",
].join("\n");

let out: string;
let dir: string;
let set: CheckedSet;
let cardsTs: string;
let indexTs: string;

beforeAll(async () => {
  set = checkOne(SOURCE, "escaping.dgs");
  out = await mkdtemp(join(tmpdir(), "digiscript-escape-"));
  linkPackage(out);
  await emitSet(set, out);
  dir = join(out, "ESC");
  cardsTs = await readFile(join(dir, "cards.ts"), "utf8");
  indexTs = await readFile(join(dir, "index.ts"), "utf8");
});

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

/** All comments of a TypeScript source, as the TypeScript scanner sees them. */
function comments(source: string): { kind: "block" | "line"; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, source);
  const found: { kind: "block" | "line"; text: string }[] = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if (t === ts.SyntaxKind.MultiLineCommentTrivia) found.push({ kind: "block", text: scanner.getTokenText() });
    else if (t === ts.SyntaxKind.SingleLineCommentTrivia) found.push({ kind: "line", text: scanner.getTokenText() });
  }
  return found;
}

/** Syntax errors of a TypeScript source. */
function syntaxErrors(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const diags = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  return diags.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("escaping names and text", () => {
  it("the .dgs name is a JSON string that reads back to the name", () => {
    expect(JSON.parse(NAME_DGS)).toBe(NAME);
    expect(set.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(set.name).toBe(SET_NAME);
    expect(set.cards.map((c) => c.stats.name)).toEqual([NAME, "Plain */ Name"]);
    expect(set.cards[0]!.text).toBe(TEXT);
    expect(set.cards.every((c) => c.ok)).toBe(true);
  });

  it("the quoted name inside the text is kept verbatim in the IR", () => {
    const e = set.cards[0]!.effects[0]!;
    expect(e).toMatchObject({ kind: "effect", text: TEXT, body: { kind: "seq", actions: [{ kind: "attach", from: "deck" }] } });
    const act = (e as { body: { actions: { card: { name: { kind: string; name?: string } } }[] } }).body.actions[0]!;
    expect(act.card.name).toEqual({ kind: "exact", name: "*/`${x}`" });
  });

  it("the generated files parse, and type-check in strict mode", async () => {
    for (const [f, src] of [
      ["cards.ts", cardsTs],
      ["index.ts", indexTs],
    ] as const)
      expect(syntaxErrors(f, src), f).toEqual([]);
    const r = await tscCheck([join(dir, "cards.ts"), join(dir, "index.ts"), join(dir, "registry.ts")]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
  }, 90_000);

  it("no comment ends early, and */ appears escaped in comments", () => {
    for (const [f, src] of [
      ["cards.ts", cardsTs],
      ["index.ts", indexTs],
    ] as const) {
      const cs = comments(src);
      expect(cs.length, f).toBeGreaterThan(0);
      for (const c of cs) {
        if (c.kind === "block") {
          // the only terminator is the final one
          expect(c.text.slice(0, -2), `${f}: ${c.text}`).not.toContain("*/");
        }
        // no comment contains the start of generated code that was pushed out of it
        expect(c.text).not.toMatch(/export const/);
      }
      expect(cs.some((c) => c.text.includes("*\\/")), `${f} has an escaped */`).toBe(true);
    }
    const block = comments(cardsTs).find((c) => c.kind === "block" && c.text.includes("E-1"))!;
    expect(block).toBeDefined();
    // the name's two lines and the text, escaped, are in the card's doc comment
    expect(block.text).toContain("Q\"uote's `tick` ${x} *\\/ back\\slash");
    expect(block.text).toContain(" * line two");
    expect(block.text).toContain('Attach "*\\/`${x}`" from deck.');
    // the handler's sentence comment
    const line = comments(cardsTs).find((c) => c.kind === "line" && c.text.includes("Attach"))!;
    expect(line.text).toBe('// Attach "*\\/`${x}`" from deck.');
  });

  it("names, text and IR round-trip exactly through the generated module", async () => {
    const mod = (await import(pathToFileURL(join(dir, "index.ts")).href)) as { set: SetModule };
    expect(mod.set.name).toBe(SET_NAME);
    const [e1, e2] = mod.set.cards;
    expect(e1!.stats.name).toBe(NAME);
    expect(e1!.text).toBe(TEXT);
    expect(e1!.handlers.map((h) => h())).toEqual(set.cards[0]!.effects);
    expect(e2!.stats.name).toBe("Plain */ Name");
    expect(e2!.stats.circle!.name).toBe("Star */ Beam");
    expect(e2!.text).toBe('Draw 1.\nTake 1 "-*/-" card from deck.');
    expect(e2!.handlers.map((h) => h())).toEqual(set.cards[1]!.effects);
    expect(e2!.stats).toEqual(set.cards[1]!.stats);
  });
});
