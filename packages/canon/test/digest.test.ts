// sha256 hex and `sha256:` digest refs (formats.md §1, §5): the shape checks every package relies on.
import { describe, expect, it } from "vitest";
import {
  CanonDigestError,
  DIGEST_REF,
  digestHex,
  digestRef,
  isDigestRef,
  isSha256Hex,
  parseDigestRef,
  SHA256_HEX,
  sha256Hex,
} from "../src/index";

const HEX = sha256Hex("abc");

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("did not throw");
}

describe("sha256Hex", () => {
  it("sha256 of 'abc' (FIPS 180-2 test vector), of bytes and of text alike", () => {
    expect(HEX).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe(HEX);
  });
});

describe("isSha256Hex: exactly 64 lowercase hex", () => {
  it.each([
    [HEX, true],
    [HEX.toUpperCase(), false],
    [HEX.slice(1), false],
    [`${HEX}0`, false],
    [`x${HEX}`, false],
    [`${HEX}\n`, false],
    [`sha256:${HEX}`, false],
    ["", false],
  ])("%j → %s", (value, ok) => {
    expect(isSha256Hex(value)).toBe(ok);
    expect(SHA256_HEX.test(value)).toBe(ok);
  });
  it("non-strings are never hex", () => {
    for (const v of [undefined, null, 42, [HEX], { hex: HEX }]) expect(isSha256Hex(v)).toBe(false);
  });
});

describe("digest refs", () => {
  it.each([
    [`sha256:${HEX}`, true],
    [`sha256:${HEX.toUpperCase()}`, false],
    [`SHA256:${HEX}`, false],
    [`sha512:${HEX}`, false],
    [HEX, false],
    [`xsha256:${HEX}`, false],
    [`sha256:${HEX}0`, false],
    [`sha256:${HEX}\n`, false],
  ])("isDigestRef(%j) → %s; digestHex gives the hex exactly when it is a ref", (ref, ok) => {
    expect(isDigestRef(ref)).toBe(ok);
    expect(DIGEST_REF.test(ref)).toBe(ok);
    expect(digestHex(ref)).toBe(ok ? HEX : undefined);
  });
  it("isDigestRef of a non-string is false", () => {
    for (const v of [undefined, null, 7, [`sha256:${HEX}`]]) expect(isDigestRef(v)).toBe(false);
  });
  it("digestRef prefixes sha256:", () => {
    expect(digestRef(HEX)).toBe(`sha256:${HEX}`);
  });
});

describe("parseDigestRef", () => {
  it("a valid ref → {algorithm: sha256, hex}", () => {
    expect(parseDigestRef(`sha256:${HEX}`)).toEqual({ algorithm: "sha256", hex: HEX });
  });
  it.each([
    [`sha256:${HEX}x`],
    [`x:sha256:${HEX}`],
    [HEX],
    [42],
    [undefined],
    [{ ref: `sha256:${HEX}` }],
    [[`sha256:${HEX}`]],
  ])("%j → AxiomError ERR_DIGEST_FORMAT, also in its JSON form", (ref) => {
    const err = thrown(() => parseDigestRef(ref));
    expect(err).toBeInstanceOf(CanonDigestError);
    expect(err).toMatchObject({ name: "AxiomError", code: "ERR_DIGEST_FORMAT" });
    expect(JSON.parse(JSON.stringify(err)).code).toBe("ERR_DIGEST_FORMAT");
  });
});
