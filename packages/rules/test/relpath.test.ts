// RelPath rules (formats.md §1.1), moved here from schema with the rules themselves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRelPath, RELPATH_CODES, relPathIssues } from "../src/index";

const CODES = new Set<string>(RELPATH_CODES);

describe("RelPath (formats.md §1.1)", () => {
  it('RelPath "" → exactly [ERR_PATH_SEGMENT]', () => {
    expect(relPathIssues("")).toEqual(["ERR_PATH_SEGMENT"]);
  });
  it('RelPath "a\\\\b" → [ERR_PATH_NOT_RELATIVE_POSIX]; "/etc/x" → [NOT_RELATIVE_POSIX, SEGMENT]; "C:x" → [NOT_RELATIVE_POSIX, INVALID_CHAR]', () => {
    expect(relPathIssues("a\\b")).toEqual(["ERR_PATH_NOT_RELATIVE_POSIX"]);
    expect(relPathIssues("/etc/x")).toEqual(["ERR_PATH_NOT_RELATIVE_POSIX", "ERR_PATH_SEGMENT"]);
    expect(relPathIssues("C:x")).toEqual(["ERR_PATH_NOT_RELATIVE_POSIX", "ERR_PATH_INVALID_CHAR"]);
  });
  it.each(["a//b", "./a", "a/..", "a.", "a /b"])('RelPath "%s" → [ERR_PATH_SEGMENT]', (p) => {
    expect(relPathIssues(p)).toEqual(["ERR_PATH_SEGMENT"]);
  });
  it('RelPath "e\\u0301.txt" (not NFC) → [ERR_PATH_NOT_NFC]', () => {
    expect(relPathIssues("e\u0301.txt")).toEqual(["ERR_PATH_NOT_NFC"]);
  });
  it.each(["ab:c", "a|b", "a\u0001", "a\u007f"])("RelPath %j → [ERR_PATH_INVALID_CHAR]", (p) => {
    expect(relPathIssues(p)).toEqual(["ERR_PATH_INVALID_CHAR"]);
  });
  it.each(["src/con.txt", "NUL", "lpt9.md"])("RelPath %j → [ERR_PATH_RESERVED_NAME]", (p) => {
    expect(relPathIssues(p)).toEqual(["ERR_PATH_RESERVED_NAME"]);
  });
  it('"CON.tar.gz" and "COM0" are valid', () => {
    expect(relPathIssues("CON.tar.gz")).toEqual([]);
    expect(relPathIssues("COM0")).toEqual([]);
  });
  it("RelPath of 1025 chars → contains ERR_PATH_SEGMENT; 1024 chars is valid", () => {
    expect(relPathIssues("a".repeat(1025))).toContain("ERR_PATH_SEGMENT");
    expect(relPathIssues("a".repeat(1024))).toEqual([]);
  });
  it('"/a//CON.txt:" → [NOT_RELATIVE_POSIX, INVALID_CHAR, SEGMENT, RESERVED_NAME] in that order', () => {
    expect(relPathIssues("/a//CON.txt:")).toEqual([
      "ERR_PATH_NOT_RELATIVE_POSIX",
      "ERR_PATH_INVALID_CHAR",
      "ERR_PATH_SEGMENT",
      "ERR_PATH_RESERVED_NAME",
    ]);
  });
  it("isRelPath: true exactly when there is no issue; non-strings are never RelPaths", () => {
    expect(isRelPath("src/a.ts")).toBe(true);
    expect(isRelPath("a//b")).toBe(false);
    expect(isRelPath(42)).toBe(false);
  });
  it("property: any string passes RelPath or yields only RelPath codes, each at most once", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.stringMatching(/^[a-z./ :\\]{0,12}$/)),
        (s) => {
          const codes = relPathIssues(s);
          for (const c of codes) expect(CODES.has(c)).toBe(true);
          expect(new Set(codes).size).toBe(codes.length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a reserved name must be the whole segment (before an optional extension)", () => {
    expect(relPathIssues("xcon.txt")).toEqual([]);
    expect(relPathIssues("src/aux2")).toEqual([]);
    expect(relPathIssues("a/Com1.log")).toEqual(["ERR_PATH_RESERVED_NAME"]);
  });
});
