import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalize,
  loadTrustState,
  newTrustStateKeyHex,
  parseTrustStateKey,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
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
