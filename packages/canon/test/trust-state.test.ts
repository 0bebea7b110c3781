import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalize,
  isTrustState,
  loadTrustState,
  newTrustStateKeyHex,
  parseTrustStateKey,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
  TRUST_STATE_KEY_MAX_BYTES,
  TRUST_STATE_MAX_BYTES,
  trustStateMac,
} from "../src/index";

const enc = (s: string) => new TextEncoder().encode(s);
const DIGEST = `sha256:${"ab".repeat(32)}`;

function files(counter = 6) {
  const keyHex = newTrustStateKeyHex();
  const state = sealTrustState(keyHex, counter, DIGEST);
  return { keyHex, state, stateText: serializeTrustState(state), keyText: serializeTrustStateKey(keyHex) };
}

describe("trust state MAC and load rules, signing.md §8.1", () => {
  it("MAC recomputation: HMAC-SHA256(hex-decoded key, JCS(state without mac)) equals the stored `mac`", () => {
    const { keyHex, state } = files();
    const { mac, ...body } = state;
    const expected = createHmac("sha256", Buffer.from(keyHex, "hex")).update(canonicalize(body), "utf8").digest("hex");
    expect(mac).toBe(expected);
    expect(trustStateMac(keyHex, state)).toBe(expected);
    expect(Object.keys(state)).toEqual(["version", "lastCounter", "manifestDigest", "mac"]);
  });
  it("state.json is pretty JSON (2-space) + LF; state.key is 64 lowercase hex + LF", () => {
    const { stateText, keyText } = files();
    expect(stateText.endsWith("}\n")).toBe(true);
    expect(stateText).toContain('\n  "lastCounter": 6,');
    expect(keyText).toMatch(/^[0-9a-f]{64}\n$/);
  });
  it("a sealed state with its key loads", () => {
    const { state, stateText, keyText, keyHex } = files(7);
    expect(loadTrustState(enc(stateText), enc(keyText))).toEqual({ kind: "ok", state, keyHex });
  });
  it("state.json absent → no state (whatever state.key holds)", () => {
    expect(loadTrustState(undefined, undefined)).toEqual({ kind: "none" });
    expect(loadTrustState(undefined, enc("zz"))).toEqual({ kind: "none" });
  });
  it("edit `lastCounter` in state.json by hand → ERR_TRUST_STATE_CORRUPT `BAD_MAC`", () => {
    const { stateText, keyText } = files(6);
    const edited = stateText.replace('"lastCounter": 6', '"lastCounter": 60');
    expect(loadTrustState(enc(edited), enc(keyText))).toMatchObject({ kind: "corrupt", reason: "BAD_MAC" });
  });
  it("remove `mac` from state.json → `NO_MAC`", () => {
    const { state, keyText } = files();
    const { mac: _, ...noMac } = state;
    expect(loadTrustState(enc(JSON.stringify(noMac)), enc(keyText))).toMatchObject({
      kind: "corrupt",
      reason: "NO_MAC",
    });
  });
  it("delete `state.key` only → `NO_KEY`", () => {
    const { stateText } = files();
    expect(loadTrustState(enc(stateText), undefined)).toMatchObject({ kind: "corrupt", reason: "NO_KEY" });
  });
  it("`state.key` with 63 hex → corrupt (no reason)", () => {
    const { stateText, keyHex } = files();
    const r = loadTrustState(enc(stateText), enc(`${keyHex.slice(1)}\n`));
    expect(r.kind).toBe("corrupt");
    expect((r as { reason?: string }).reason).toBeUndefined();
    expect(loadTrustState(enc(stateText), enc(keyHex.toUpperCase())).kind).toBe("corrupt");
    expect(loadTrustState(enc(stateText), new Uint8Array([0xff, 0xfe])).kind).toBe("corrupt");
  });
  it("state.json not JSON, not UTF-8, or not the schema → corrupt", () => {
    const { keyText, state } = files();
    expect(loadTrustState(enc("{nope"), enc(keyText)).kind).toBe("corrupt");
    expect(loadTrustState(new Uint8Array([0x7b, 0xff, 0x7d]), enc(keyText)).kind).toBe("corrupt");
    for (const bad of [
      { ...state, version: 2 },
      { ...state, lastCounter: -1 },
      { ...state, lastCounter: 1.5 },
      { ...state, extra: true },
      { ...state, manifestDigest: "sha256:XYZ" },
      { ...state, mac: "AB".repeat(32) },
      [state],
    ]) {
      expect(loadTrustState(enc(JSON.stringify(bad)), enc(keyText)).kind).toBe("corrupt");
    }
  });
  it("a state sealed with another key → BAD_MAC", () => {
    const a = files();
    const b = files();
    expect(loadTrustState(enc(a.stateText), enc(b.keyText))).toMatchObject({ kind: "corrupt", reason: "BAD_MAC" });
  });
  it("parseTrustStateKey accepts trimmed 64 hex only", () => {
    const k = newTrustStateKeyHex();
    expect(parseTrustStateKey(enc(` ${k}\n`))).toBe(k);
    expect(parseTrustStateKey(enc(k.slice(2)))).toBeUndefined();
  });
});

describe("isTrustState: the TrustState schema without zod", () => {
  const ok = { version: 1, lastCounter: 0, manifestDigest: DIGEST, mac: "a".repeat(64) };
  it("the full shape, and the optional manifestDigest / mac left out, are TrustStates; lastCounter 0 is valid", () => {
    expect(isTrustState(ok)).toBe(true);
    expect(isTrustState({ version: 1, lastCounter: 0 })).toBe(true);
    expect(isTrustState({ version: 1, lastCounter: Number.MAX_SAFE_INTEGER, mac: "0".repeat(64) })).toBe(true);
  });
  it.each([
    ["null", null],
    ["an array", [ok]],
    ["a string", "state"],
    ["a number", 1],
    ["an extra member", { ...ok, extra: 1 }],
    ["version 2", { ...ok, version: 2 }],
    ['version "1"', { ...ok, version: "1" }],
    ["no version", { lastCounter: 0 }],
    ["lastCounter -1", { ...ok, lastCounter: -1 }],
    ["lastCounter 1.5", { ...ok, lastCounter: 1.5 }],
    ['lastCounter "1"', { ...ok, lastCounter: "1" }],
    ["lastCounter 2^53", { ...ok, lastCounter: 2 ** 53 }],
    ["no lastCounter", { version: 1 }],
    ["manifestDigest not a ref", { ...ok, manifestDigest: "a".repeat(64) }],
    ["manifestDigest a number", { ...ok, manifestDigest: 7 }],
    ["manifestDigest an array holding a ref", { ...ok, manifestDigest: [DIGEST] }],
    ["mac upper-case", { ...ok, mac: "A".repeat(64) }],
    ["mac 63 hex", { ...ok, mac: "a".repeat(63) }],
    ["mac a number", { ...ok, mac: 1 }],
    ["mac an array holding 64 hex", { ...ok, mac: ["a".repeat(64)] }],
  ])("%s → not a TrustState", (_why, value) => {
    expect(isTrustState(value)).toBe(false);
  });
  it("a state.json that is not the schema is corrupt with no reason (not NO_MAC / BAD_MAC)", () => {
    const { keyText, state } = files();
    for (const bad of [[state], { ...state, version: 2 }, { version: 1, lastCounter: -1 }]) {
      const r = loadTrustState(enc(JSON.stringify(bad)), enc(keyText));
      expect(r.kind).toBe("corrupt");
      expect((r as { reason?: string }).reason).toBeUndefined();
    }
  });
});

describe("trust-state read caps (signing.md §8.1)", () => {
  it("the caps are 256 KiB (state.json) and 4 KiB (state.key)", () => {
    expect(TRUST_STATE_MAX_BYTES).toBe(262_144);
    expect(TRUST_STATE_KEY_MAX_BYTES).toBe(4096);
  });
  it("a state.key of exactly 4096 bytes (64 hex + padding) is read; one byte more is refused, by load and by parse", () => {
    const { stateText, keyHex, state } = files();
    const atCap = `${keyHex}${" ".repeat(TRUST_STATE_KEY_MAX_BYTES - 64)}`;
    const overCap = `${atCap} `;
    expect(enc(atCap).length).toBe(TRUST_STATE_KEY_MAX_BYTES);
    expect(loadTrustState(enc(stateText), enc(atCap))).toEqual({ kind: "ok", state, keyHex });
    const over = loadTrustState(enc(stateText), enc(overCap));
    expect(over.kind).toBe("corrupt");
    expect((over as { reason?: string }).reason).toBeUndefined();
    expect(parseTrustStateKey(enc(atCap))).toBe(keyHex);
    expect(parseTrustStateKey(enc(overCap))).toBeUndefined();
  });
  it("parseTrustStateKey of bytes that are not UTF-8 → undefined", () => {
    expect(parseTrustStateKey(new Uint8Array([0xff, 0xfe, 0x30]))).toBeUndefined();
  });
});
