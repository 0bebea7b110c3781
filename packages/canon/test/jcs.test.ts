import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalDigestRef,
  canonicalize,
  hasLoneSurrogate,
  JcsError,
  parseDigestRef,
  sha256Hex,
  verifyCanonical,
} from "../src/index";

describe("JCS (RFC 8785), formats.md §5.3", () => {
  it('JCS of {"b":1,"a":[1,"\\u0007",1e21]} → {"a":[1,"\\u0007",1e+21],"b":1}', () => {
    expect(canonicalize({ b: 1, a: [1, "\u0007", 1e21] })).toBe('{"a":[1,"\\u0007",1e+21],"b":1}');
  });
  it("JCS of NaN or a lone surrogate is rejected", () => {
    expect(() => canonicalize(Number.NaN)).toThrow();
    expect(() => canonicalize(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => canonicalize("\uD800")).toThrow();
    expect(() => canonicalize({ "\uDC00": 1 })).toThrow();
  });
  it("key order is UTF-16 code-unit order: 😀 before ａ", () => {
    expect(canonicalize({ "\uFF41": 1, "😀": 2 })).toBe('{"😀":2,"\uFF41":1}');
  });
  // RFC 8785 Appendix B number samples.
  it.each([
    [0, "0"],
    [-0, "0"],
    [1e21, "1e+21"],
    [1e-7, "1e-7"],
    [0.000001, "0.000001"],
    [9007199254740991, "9007199254740991"],
    [-1.5, "-1.5"],
    // biome-ignore lint/correctness/noPrecisionLoss: RFC 8785's vector is this very literal, rounded by the parser
    [333333333.33333329, "333333333.3333333"],
    [1e23, "1e+23"],
    [5e-324, "5e-324"],
    [1.7976931348623157e308, "1.7976931348623157e+308"],
    [295147905179352830000, "295147905179352830000"],
  ])("RFC 8785 number %s → %s", (n, text) => {
    expect(canonicalize(n)).toBe(text);
  });
  it("RFC 8785 §3.2.3 sorting example (unicode keys)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    // Read keys off the text: Object.keys would move the integer-like "1" first.
    const text = canonicalize(input);
    const keys = [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`));
    expect(keys).toEqual(["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"]);
  });
  it("RFC 8785 §3.2.2 example: nested, escapes and literals", () => {
    const input = {
      // biome-ignore lint/correctness/noPrecisionLoss: RFC 8785's vector is this very literal, rounded by the parser
      numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 0.000000000000000000000000001],
      string: "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"/",
      literals: [null, true, false],
    };
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });
  it("escapes: control characters lowercase \\u00xx, U+2028/DEL literal", () => {
    expect(canonicalize("\u001f\u2028\u007f/")).toBe('"\\u001f\u2028\u007f/"');
    expect(canonicalize("\b\t\n\f\r")).toBe('"\\b\\t\\n\\f\\r"');
  });
  it("undefined members are omitted; undefined array elements become null", () => {
    expect(canonicalize({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });
  it("property: JCS(parse(JCS(x))) == JCS(x)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const once = canonicalize(v);
        expect(canonicalize(JSON.parse(once))).toBe(once);
        expect(verifyCanonical(once)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
  it("verifyCanonical never throws and rejects non-canonical text", () => {
    expect(verifyCanonical('{"b":1,"a":2}')).toBe(false);
    expect(verifyCanonical("{not json")).toBe(false);
    expect(verifyCanonical('{"a":2,"b":1}')).toBe(true);
  });
});

describe("digest refs", () => {
  it('parseDigestRef("sha256:ABC") throws ERR_DIGEST_FORMAT', () => {
    let caught: unknown;
    try {
      parseDigestRef("sha256:ABC");
    } catch (e) {
      caught = e;
    }
    expect((caught as { code: string; name: string }).code).toBe("ERR_DIGEST_FORMAT");
    expect((caught as { name: string }).name).toBe("AxiomError");
  });
  it("parseDigestRef of an upper-case hex is refused, lower-case accepted", () => {
    const hex = sha256Hex("x");
    expect(parseDigestRef(`sha256:${hex}`).hex).toBe(hex);
    expect(() => parseDigestRef(`sha256:${hex.toUpperCase()}`)).toThrow();
  });
  it("canonicalDigestRef hashes the UTF-8 JCS text", () => {
    expect(canonicalDigestRef({ b: 1, a: "é" })).toBe(`sha256:${sha256Hex(Buffer.from('{"a":"é","b":1}', "utf8"))}`);
  });
});

describe("JCS refusals carry the offending value's path (JcsError.path)", () => {
  function jcsError(value: unknown): JcsError {
    try {
      canonicalize(value);
    } catch (err) {
      if (err instanceof JcsError) return err;
      throw err;
    }
    throw new Error("canonicalize did not throw");
  }

  it("top level → path ''; nested → dotted keys and array indexes", () => {
    expect(jcsError(undefined)).toMatchObject({ name: "JcsError", path: "" });
    expect(jcsError(Number.NaN).path).toBe("");
    expect(jcsError({ a: [1, { b: Number.POSITIVE_INFINITY }] }).path).toBe("a.1.b");
    expect(jcsError([0, "\uD800"]).path).toBe("1");
  });
  it("a lone surrogate in a key → the path includes that key", () => {
    expect(jcsError({ o: { "\uDC00": 1 } }).path).toBe("o.\uDC00");
  });
  it.each([
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
    ["a bigint", 1n],
  ])("%s is not JSON → JcsError", (_what, value) => {
    expect(jcsError({ k: value }).path).toBe("k");
  });
  it("non-plain objects (Date, Map, class instance, Uint8Array) are refused; a null-prototype object is plain", () => {
    class Point {
      x = 1;
    }
    for (const v of [new Date(0), new Map(), new Point(), new Uint8Array(1)]) expect(jcsError({ v }).path).toBe("v");
    const bare = Object.assign(Object.create(null), { b: 2, a: 1 });
    expect(canonicalize(bare)).toBe('{"a":1,"b":2}');
  });
});

describe("JCS string escapes at the control-character boundary", () => {
  it("U+001F is escaped; U+0020 (space) and printable ASCII are literal", () => {
    expect(canonicalize("\u001f \u0021~")).toBe('"\\u001f !~"');
    expect(canonicalize("\u0000\u000b")).toBe('"\\u0000\\u000b"');
  });
  it("keys are escaped like strings and sorted by UTF-16 code units, many keys in any order", () => {
    const keys = Array.from({ length: 80 }, (_, i) => `k${String(i).padStart(2, "0")}`);
    const shuffled = keys.map((_, i) => keys[(i * 37) % keys.length] as string); // 37 is coprime with 80
    const obj = Object.fromEntries(shuffled.map((k) => [k, 0]));
    expect(canonicalize(obj)).toBe(`{${keys.map((k) => `"${k}":0`).join(",")}}`);
    expect(canonicalize({ 'q"': 1, "\n": 2 })).toBe('{"\\n":2,"q\\"":1}');
  });
});

describe("JCS strings: the native escaper equals RFC 8785 §3.2.2.2 code unit by code unit (issue 24)", () => {
  /** The reference: QuoteJSONString written out per UTF-16 code unit. */
  function reference(s: string): string {
    const short: Record<number, string> = {
      8: "\\b",
      9: "\\t",
      10: "\\n",
      12: "\\f",
      13: "\\r",
      34: '\\"',
      92: "\\\\",
    };
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      out += short[c] ?? (c < 0x20 ? `\\u${c.toString(16).padStart(4, "0")}` : s[i]);
    }
    return `${out}"`;
  }
  it("every string without a lone surrogate (control characters, quotes, backslashes, astral pairs, U+2028)", () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x3f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('"', "\\", "\u2028", "\u2029", "\u007f", "\ud83d\ude00", "€"),
      fc.string({ unit: "grapheme", maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const s = parts.join("");
        fc.pre(!hasLoneSurrogate(s));
        expect(canonicalize(s)).toBe(reference(s));
        expect(canonicalize({ [s]: s })).toBe(`{${reference(s)}:${reference(s)}}`);
      }),
      { numRuns: 2000 },
    );
  });
  it("a lone surrogate is still refused, in a value and in a key", () => {
    expect(() => canonicalize("a\ud800b")).toThrow(JcsError);
    expect(() => canonicalize({ "\udc00": 1 })).toThrow(JcsError);
  });
});
