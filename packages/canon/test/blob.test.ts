// Blob codec (formats.md §6.1) and CAS slot layout (§9.1), tested in canon itself: plan, checks and
// apply all decode through these, so a lenient decoder here would let bytes depend on the caller.
import { describe, expect, it } from "vitest";
import {
  CANONICAL_BASE64,
  CAS_MAX_BYTES,
  casSlot,
  decodeBase64Strict,
  decodeBlob,
  decodeUtf8Strict,
  encodeBlob,
} from "../src/index";

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("encodeBlob (formats.md §6.1)", () => {
  it("valid UTF-8 without NUL → utf8 with the text", () => {
    expect(encodeBlob(utf8("héllo\n"))).toEqual({ encoding: "utf8", data: "héllo\n" });
    expect(encodeBlob(new Uint8Array())).toEqual({ encoding: "utf8", data: "" });
  });
  it("a NUL byte → base64, even when the rest is text", () => {
    expect(encodeBlob(bytes(0x61, 0x00, 0x62))).toEqual({ encoding: "base64", data: "YQBi" });
  });
  it("invalid UTF-8 (a lone 0xff, a truncated sequence) → base64 of the exact bytes, no U+FFFD", () => {
    expect(encodeBlob(bytes(0xff))).toEqual({ encoding: "base64", data: "/w==" });
    expect(encodeBlob(bytes(0x61, 0xc3))).toEqual({ encoding: "base64", data: "YcM=" });
  });
  it("a leading BOM stays in `data` (the bytes round-trip)", () => {
    const withBom = bytes(0xef, 0xbb, 0xbf, 0x61);
    const blob = encodeBlob(withBom);
    expect(blob).toEqual({ encoding: "utf8", data: "\uFEFFa" });
    expect(decodeBlob(blob)).toEqual(withBom);
  });
});

describe("decodeBase64Strict: canonical padded base64 only", () => {
  it("canonical text decodes; whitespace anywhere is removed first", () => {
    expect(decodeBase64Strict("QUJD")).toEqual(utf8("ABC"));
    expect(decodeBase64Strict("QUI=")).toEqual(utf8("AB"));
    expect(decodeBase64Strict("QQ==")).toEqual(utf8("A"));
    expect(decodeBase64Strict(" QU\nJD\tQQ==\r\n")).toEqual(utf8("ABCA"));
    expect(decodeBase64Strict("")).toEqual(new Uint8Array());
    expect(decodeBase64Strict("+/+/")).toEqual(bytes(0xfb, 0xff, 0xbf));
  });
  it.each([
    ["missing padding", "QUI"],
    ["missing padding (2 chars)", "QQ"],
    ["one char", "Q"],
    ["one char plus padding", "Q=="],
    ["three pad chars", "Q==="],
    ["junk before", "!!QUJD"],
    ["junk after", "QUJD!!"],
    ["padding in the middle", "QQ==QUJD"],
    ["url-safe alphabet", "-_-_"],
    ["a single extra char", "QUJDR"],
  ])("%s (%j) → undefined", (_why, text) => {
    expect(decodeBase64Strict(text)).toBeUndefined();
  });
  it("CANONICAL_BASE64 is anchored at both ends", () => {
    expect(CANONICAL_BASE64.test("QUJD")).toBe(true);
    expect(CANONICAL_BASE64.test("x QUJD")).toBe(false);
    expect(CANONICAL_BASE64.test("QUJD x")).toBe(false);
  });
});

describe("decodeBlob / decodeUtf8Strict", () => {
  it("utf8 blob → the UTF-8 bytes of data; base64 blob → its decoded bytes", () => {
    expect(decodeBlob({ encoding: "utf8", data: "é" })).toEqual(bytes(0xc3, 0xa9));
    expect(decodeBlob({ encoding: "base64", data: "w6k=" })).toEqual(bytes(0xc3, 0xa9));
  });
  it("a utf8 blob whose data looks like base64 is still text; a non-canonical base64 blob → undefined", () => {
    expect(decodeBlob({ encoding: "utf8", data: "QQ==" })).toEqual(utf8("QQ=="));
    expect(decodeBlob({ encoding: "base64", data: "QQ" })).toBeUndefined();
  });
  it("decodeUtf8Strict refuses invalid bytes instead of substituting U+FFFD, keeps a BOM", () => {
    expect(decodeUtf8Strict(utf8("ok é"))).toBe("ok é");
    expect(decodeUtf8Strict(bytes(0xff))).toBeUndefined();
    expect(decodeUtf8Strict(bytes(0xed, 0xa0, 0x80))).toBeUndefined(); // an encoded surrogate
    expect(decodeUtf8Strict(bytes(0xef, 0xbb, 0xbf, 0x78))).toBe("\uFEFFx");
  });
});

describe("CAS slot (formats.md §9.1, §9.2)", () => {
  it("sha256/<first two hex>/<hex>", () => {
    const hex = `ab${"0".repeat(62)}`;
    expect(casSlot(hex)).toBe(`sha256/ab/${hex}`);
  });
  it("the CAS read cap is 32 MiB", () => {
    expect(CAS_MAX_BYTES).toBe(32 * 1024 * 1024);
  });
});
