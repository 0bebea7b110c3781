// formats.md §12 (AxiomError, ERROR_CODES) and §6.1 (blob encoding), as used by the plan package.
import { decodeBlob, encodeBlob } from "@codai/axiom-canon";
import { AxiomError, ERROR_CODES, isAxiomError, isErrorCode, toErrorObject } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";

const SPEC_ORDER =
  `PATH_NOT_RELATIVE_POSIX PATH_SEGMENT PATH_NOT_NFC PATH_RESERVED_NAME PATH_INVALID_CHAR PATH_CASE_COLLISION
SYMLINK_IN_PATH CONTAINMENT TARGET_TYPE EXISTS NOT_FOUND BLOB_MISSING DIGEST_FORMAT DIGEST_MISMATCH SIZE_MISMATCH
BLOB_TOO_LARGE BUNDLE_TOO_LARGE LOCKED ROOT_NOT_ALLOWED ROOT_REQUIRED ROOT_NOT_DIR CONFIRM_DIGEST_MISMATCH CHECKS_FAILED
PREIMAGE_CHANGED JOURNAL_CORRUPT JOURNAL_CHAIN EBUSY CONFLICT INVALID_PLAN INVALID_MANIFEST INVALID_PROFILE
PREDICATE_UNKNOWN PREDICATE_PARAMS PROVIDER_FAILED GUARD_TIMEOUT GUARD_OUTPUT FACT_DISABLED SIGNATURE_MISSING
SIGNATURE_INVALID KEYLESS_UNAVAILABLE TRUST_STATE_CORRUPT ROLLBACK EMITTER_UNKNOWN TEMPLATE_UNKNOWN TEMPLATE_PARAMS
PATCH_FORMAT PATCH_PREIMAGE PATCH_NO_MATCH GIT_NOT_FOUND GIT_NOT_REPO GIT_DIRTY GIT_BRANCH_EXISTS GIT_BRANCH_INVALID
GIT_FAILED TASK_NOT_FOUND TASK_CANCELLED PLAN_SESSION_STATE REF_OFFLINE NET_DISABLED NET_DENIED NET_FAILED NOT_CANONICAL
UNSUPPORTED_OP INTERNAL RECOVERY_PENDING USAGE ESCAPE_DETECTED`
    .split(/\s+/)
    .map((c) => `ERR_${c}`);

describe("ERROR_CODES and AxiomError (formats.md §12)", () => {
  it('ERROR_CODES.length === 67, ERROR_CODES[63] === "ERR_INTERNAL", ERROR_CODES[64] === "ERR_RECOVERY_PENDING", ERROR_CODES[65] === "ERR_USAGE" (CLI-H-1), ERROR_CODES[66] === "ERR_ESCAPE_DETECTED" (SEC-30), order equals §12.3', () => {
    expect(ERROR_CODES.length).toBe(67);
    expect(ERROR_CODES[63]).toBe("ERR_INTERNAL");
    expect(ERROR_CODES[64]).toBe("ERR_RECOVERY_PENDING");
    expect(ERROR_CODES[65]).toBe("ERR_USAGE");
    expect(ERROR_CODES[66]).toBe("ERR_ESCAPE_DETECTED");
    expect([...ERROR_CODES]).toEqual(SPEC_ORDER);
  });

  it('AxiomError("ERR_EXISTS") → message = "ERR_EXISTS", toJSON() has no path/details keys', () => {
    const err = new AxiomError("ERR_EXISTS");
    expect(err.message).toBe("ERR_EXISTS");
    expect(err.name).toBe("AxiomError");
    expect(err.toJSON()).toEqual({ code: "ERR_EXISTS", message: "ERR_EXISTS" });
    expect(Object.keys(err.toJSON())).toEqual(["code", "message"]);
    const full = new AxiomError("ERR_EXISTS", { path: "a", details: { x: 1 } }).toJSON();
    expect(full).toEqual({ code: "ERR_EXISTS", message: "ERR_EXISTS", path: "a", details: { x: 1 } });
  });

  it('isAxiomError({name: "AxiomError", code: "ERR_NOPE"}) → false; with code: "ERR_EXISTS" → true', () => {
    expect(isAxiomError({ name: "AxiomError", code: "ERR_NOPE" })).toBe(false);
    expect(isAxiomError({ name: "AxiomError", code: "ERR_EXISTS" })).toBe(true);
    expect(isAxiomError(new Error("x"))).toBe(false);
    expect(isErrorCode("ERR_INTERNAL")).toBe(true);
    expect(isErrorCode("ERR_FOO")).toBe(false);
  });

  it("a non-AXIOM exception maps to ERR_INTERNAL on the wire", () => {
    expect(toErrorObject(new TypeError("boom"))).toEqual({ code: "ERR_INTERNAL", message: "boom" });
  });
});

describe("blob encoding (formats.md §6.1)", () => {
  it('encodeBlob of bytes containing 0x00, or invalid UTF-8 → base64; of EF BB BF 61 → utf8 with data "\\uFEFFa"', () => {
    expect(encodeBlob(new Uint8Array([0x61, 0x00, 0x62]))).toEqual({ encoding: "base64", data: "YQBi" });
    expect(encodeBlob(new Uint8Array([0xc3, 0x28]))).toEqual({ encoding: "base64", data: "wyg=" });
    expect(encodeBlob(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ encoding: "utf8", data: "\uFEFFa" });
  });

  it("decode: utf8 is the UTF-8 of data (BOM kept); base64 is strict (whitespace removed, canonical padding)", () => {
    expect([...(decodeBlob({ encoding: "utf8", data: "\uFEFFa" }) as Uint8Array)]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
    expect([...(decodeBlob({ encoding: "base64", data: "YQ\nBi" }) as Uint8Array)]).toEqual([0x61, 0x00, 0x62]);
    expect(decodeBlob({ encoding: "base64", data: "@@@@" })).toBeUndefined();
    expect(decodeBlob({ encoding: "base64", data: "YQ" })).toBeUndefined();
  });
});
