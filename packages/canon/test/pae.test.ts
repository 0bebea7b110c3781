import { describe, expect, it } from "vitest";
import { pae } from "../src/index";

describe("PAE (DSSE v1), signing.md §1.3", () => {
  it('PAE("application/vnd.axiom.manifest+json", bytes "{}") → ASCII `DSSEv1 35 application/vnd.axiom.manifest+json 2 {}`', () => {
    const out = pae("application/vnd.axiom.manifest+json", new TextEncoder().encode("{}"));
    expect(Buffer.from(out).toString("latin1")).toBe("DSSEv1 35 application/vnd.axiom.manifest+json 2 {}");
  });
  it("LEN is the UTF-8 byte length, not the UTF-16 length", () => {
    const body = new TextEncoder().encode("é😀");
    expect(Buffer.from(pae("t/é", body)).toString("utf8")).toBe("DSSEv1 4 t/é 6 é😀");
  });
  it("an empty body → LEN 0 with no leading zeros", () => {
    expect(Buffer.from(pae("x", new Uint8Array())).toString("latin1")).toBe("DSSEv1 1 x 0 ");
  });
});
