import { describe, expect, it } from "vitest";
import { checkLocalFile, decodeLocalText, kib, localKind, LocalFileError, MAX_LOCAL_FILE_BYTES } from "./local-file.ts";

describe("opening local files", () => {
  it("accepts set files, deck lists and state files by their ending", () => {
    expect(localKind("a.dgs")).toBe("dgs");
    expect(localKind("A.DECK")).toBe("deck");
    expect(localKind("state.json")).toBe("state");
    expect(localKind("a.txt")).toBeNull();
    expect(checkLocalFile("a.dgs", 10)).toBe("dgs");
    expect(() => checkLocalFile("evil.exe", 10)).toThrow(/cannot be opened: open a set file/);
  });

  it("refuses a file that is too large, before reading it", () => {
    expect(checkLocalFile("a.dgs", MAX_LOCAL_FILE_BYTES)).toBe("dgs");
    expect(() => checkLocalFile("a.dgs", MAX_LOCAL_FILE_BYTES + 1)).toThrow(LocalFileError);
    expect(() => checkLocalFile("a.dgs", MAX_LOCAL_FILE_BYTES + 1)).toThrow(/too large to open \(2048.1 KiB|too large to open \(2049 KiB/);
    expect(() => checkLocalFile("a.dgs", Number.NaN)).toThrow(/too large/);
    expect(() => decodeLocalText("a.dgs", new Uint8Array(MAX_LOCAL_FILE_BYTES + 1))).toThrow(/too large/);
  });

  it("reads UTF-8 text and drops a byte-order mark", () => {
    const bytes = new TextEncoder().encode("\uFEFFset MY Mein Set — ü\n");
    expect(decodeLocalText("a.dgs", bytes)).toBe("set MY Mein Set — ü\n");
  });

  it("refuses binary files and text that is not UTF-8", () => {
    expect(() => decodeLocalText("a.dgs", new Uint8Array([0x73, 0x65, 0x74, 0x00, 0x41]))).toThrow(/not a text file \(it holds NUL bytes\)/);
    expect(() => decodeLocalText("a.dgs", new Uint8Array([0x73, 0xff, 0xfe, 0x41]))).toThrow(/not valid UTF-8/);
    expect(() => decodeLocalText("a.dgs", new Uint8Array([0xff, 0xfe, 0x73, 0x00]))).toThrow(LocalFileError);
  });

  it("names the file safely in messages", () => {
    try {
      checkLocalFile("a\u202e\nb.exe", 1);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toContain('"a??b.exe"');
    }
  });

  it("kib rounds sizes for messages", () => {
    expect(kib(1024)).toBe("1 KiB");
    expect(kib(1536)).toBe("1.5 KiB");
    expect(kib(2 * 1024 * 1024)).toBe("2048 KiB");
  });
});
