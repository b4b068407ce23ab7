import { describe, expect, it } from "vitest";
import { readSetFile } from "../../../grammar/setfile.ts";
import { completeName, freeName, kindOf, MAX_NAME_LENGTH, nameProblem, renameSetCode, setCodeOf } from "./names.ts";

describe("file names", () => {
  it("accepts plain set and deck names", () => {
    for (const n of ["my-set.dgs", "a.dgs", "Test_2.deck", "set.v2.dgs", "x".repeat(MAX_NAME_LENGTH - 4) + ".dgs"]) expect(nameProblem(n), n).toBeNull();
  });

  it("refuses unsafe names with a message", () => {
    const bad: [string, RegExp][] = [
      ["", /Give the file a name/],
      ["   ", /Give the file a name/],
      ["my-set", /ends in .dgs/],
      ["my-set.txt", /ends in .dgs/],
      ["MY.DGS", /ends in .dgs/],
      ["../evil.dgs", /letters/],
      ["dir/x.dgs", /letters/],
      ["a\\b.dgs", /letters/],
      [".hidden.dgs", /letters/],
      ["-x.dgs", /letters/],
      ["my set.dgs", /no spaces/],
      ["a..b.dgs", /'\.\.'/],
      ["é.dgs", /letters/],
      ["a\u202eb.dgs", /letters/],
      ["a\nb.dgs", /letters/],
      ["CON.dgs", /reserves/],
      ["nul.deck", /reserves/],
      ["com1.x.dgs", /reserves/],
      ["x".repeat(MAX_NAME_LENGTH) + ".dgs", /at most 64/],
    ];
    for (const [n, re] of bad) expect(nameProblem(n), JSON.stringify(n)).toMatch(re);
  });

  it("refuses a taken name, also when only the case differs", () => {
    expect(nameProblem("my-set.dgs", ["my-set.dgs"])).toMatch(/already a file named my-set.dgs/);
    expect(nameProblem("My-Set.dgs", ["my-set.dgs"])).toMatch(/differ only in case/);
    expect(nameProblem("starter.dgs", ["cards/dbe/starter.dgs"])).toBeNull();
  });

  it("keeps a file's kind on rename", () => {
    expect(nameProblem("x.deck", [], "dgs")).toMatch(/keeps its .dgs/);
    expect(nameProblem("x.dgs", [], "deck")).toMatch(/keeps its .deck/);
    expect(nameProblem("x", [], "deck")).toMatch(/ends in .deck/);
  });

  it("completes a typed name with the kind's ending", () => {
    expect(completeName(" my-set ", "dgs")).toBe("my-set.dgs");
    expect(completeName("d", "deck")).toBe("d.deck");
    expect(completeName("x.deck", "dgs")).toBe("x.deck");
    expect(completeName("", "dgs")).toBe("");
  });

  it("kindOf reads the ending", () => {
    expect(kindOf("cards/dbe/decks/a.deck")).toBe("deck");
    expect(kindOf("a.dgs")).toBe("dgs");
    expect(kindOf("a.json")).toBeNull();
  });

  it("freeName finds a valid free name close to the wanted one", () => {
    expect(freeName("my-set.dgs", "dgs", [])).toBe("my-set.dgs");
    expect(freeName("my-set.dgs", "dgs", ["my-set.dgs"])).toBe("my-set-2.dgs");
    expect(freeName("my-set.dgs", "dgs", ["MY-SET.dgs", "my-set-2.dgs"])).toBe("my-set-3.dgs");
    expect(freeName("cards/dbe/starter.dgs", "dgs", ["cards/dbe/starter.dgs"])).toBe("starter.dgs");
    expect(freeName("My Set (1).dgs", "dgs", [])).toBe("My-Set-1.dgs");
    expect(freeName("../../etc/passwd", "deck", [])).toBe("passwd.deck");
    expect(freeName("CON.dgs", "dgs", [])).toBe("my-set-CON.dgs");
    expect(freeName("ünïcødé.deck", "deck", [])).toBe("n-c-d.deck");
    expect(freeName("....dgs", "dgs", [])).toBe("my-set.dgs");
    const long = freeName("x".repeat(200) + ".dgs", "dgs", ["x".repeat(60) + ".dgs"]);
    expect(nameProblem(long, ["x".repeat(60) + ".dgs"], "dgs")).toBeNull();
    for (const w of ["", " ", "a/b/", ".deck", "\u0000.dgs", "x.DGS"]) expect(nameProblem(freeName(w, "dgs", []), [], "dgs"), w).toBeNull();
  });

  it("renameSetCode gives a copy its own set code and changes nothing else", () => {
    const text = "# set XX in a comment\nset DS1 DigiScript Starter\nruleset dbe\n\ncard DS1-001 Agumon\n  kind: Digimon\n";
    const r = renameSetCode(text)!;
    expect(r.from).toBe("DS1");
    expect(r.to).toBe("DS1-COPY");
    expect(r.text).toBe(text.replace("set DS1 ", "set DS1-COPY "));
    expect(renameSetCode(text, ["ds1-copy"])!.to).toBe("DS1-COPY2");
    const long = renameSetCode(`set ${"A".repeat(32)}\n`)!;
    expect(long.to.length).toBeLessThanOrEqual(32);
    expect(long.to.endsWith("-COPY")).toBe(true);
    expect(renameSetCode("card X-1 Y\n")).toBeNull();
  });

  it("setCodeOf reads the header's set code by the reader's rule", () => {
    expect(setCodeOf("# c\nset MY My Set\n")).toBe("MY");
    expect(setCodeOf("set DBE-R1 Rules\n")).toBe("DBE-R1");
    expect(setCodeOf("card X-1 Y")).toBeNull();
    // The set file reader takes a `set` line only at the start of a line, and a valid code.
    expect(setCodeOf("  set DBE-R1 Rules\n")).toBeNull();
    expect(setCodeOf("set BAD! Oops\n")).toBeNull();
    expect(setCodeOf("set BAD! Oops\n")).toBe(readSetFile("x.dgs", "set BAD! Oops\n").code);
    expect(setCodeOf("  set DBE-R1 Rules\n")).toBe(readSetFile("x.dgs", "  set DBE-R1 Rules\n").code);
    expect(setCodeOf("set DBE-R1 Rules\n")).toBe(readSetFile("x.dgs", "set DBE-R1 Rules\n").code);
  });
});
