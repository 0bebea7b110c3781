// The gate's decision in process (hooks-doctor.md §2.10, decisions HOOK-20): the predicates of
// gate/decide.ts (`firstFinding`) and the route decision of gate/route/decide.ts (`routeDenial`),
// called directly so a mutation run (npm run mutate gate) sees them; the spawned-CLI gate tests
// judge the same rules end to end but never load a mutant.
import { SECRET_SCAN_MAX_BYTES } from "@codai/axiom-rules";
import { describe, expect, it } from "vitest";
import { firstFinding } from "../src/harness/gate/decide";
import type { GateProfile } from "../src/harness/gate/profile";
import { routeDenial } from "../src/harness/gate/route/decide";
import type { ResolvedTarget } from "../src/harness/gate/types";

const AWS = "AKIAABCDEFGHIJKLMNOP";
const CARD = "card 4111 1111 1111 1111";
const profile = (p: Partial<GateProfile>): GateProfile => ({ deny: [], noSecrets: true, pii: false, ...p });
const w = (path: string, content?: string): ResolvedTarget =>
  content === undefined ? { path, op: "write" } : { path, op: "write", content };
const del = (path: string, content?: string): ResolvedTarget =>
  content === undefined ? { path, op: "delete" } : { path, op: "delete", content };

describe("firstFinding: path.deny (§2.10 #1)", () => {
  it("a denied path gives path.deny with that path; the first denied target in order wins", () => {
    const p = profile({ deny: [".git/**", ".env"] });
    expect(firstFinding(p, [w("src/a.ts"), w(".env"), w(".git/config")])).toEqual({
      code: "path.deny",
      message: expect.any(String),
      path: ".env",
    });
    expect(firstFinding(p, [w("src/a.ts"), w("docs/b.md")])).toBeUndefined();
  });

  it("case trick: `.GIT/config` and `.Axiom/trust/x` are denied by `.git/**` / `.axiom/**` (nocase), path as spelled", () => {
    const p = profile({ deny: [".git/**", ".axiom/**"] });
    expect(firstFinding(p, [w(".GIT/config")])).toMatchObject({ code: "path.deny", path: ".GIT/config" });
    expect(firstFinding(p, [w(".Axiom/trust/x")])).toMatchObject({ code: "path.deny", path: ".Axiom/trust/x" });
  });

  it("a delete of a denied path is denied too", () => {
    expect(firstFinding(profile({ deny: [".git/**"] }), [del(".git/HEAD")])).toMatchObject({
      code: "path.deny",
      path: ".git/HEAD",
    });
  });

  it("path.deny runs before path.allow: a path both denied and outside allow reports path.deny", () => {
    const p = profile({ deny: ["secret/**"], allow: ["src/**"] });
    expect(firstFinding(p, [w("secret/a")])).toMatchObject({ code: "path.deny", path: "secret/a" });
  });
});

describe("firstFinding: path.allow (§2.10 #2)", () => {
  it("the first target no allow glob matches gives path.allow with its path", () => {
    const p = profile({ allow: ["src/**"] });
    expect(firstFinding(p, [w("src/a.ts"), w("docs/a.md"), w("b.md")])).toEqual({
      code: "path.allow",
      message: expect.any(String),
      path: "docs/a.md",
    });
    expect(firstFinding(p, [w("src/a.ts"), w("src/b/c.ts")])).toBeUndefined();
  });

  it("case trick: allow is case-sensitive, so `SRC/a.ts` is outside `src/**` (the safe direction)", () => {
    expect(firstFinding(profile({ allow: ["src/**"] }), [w("SRC/a.ts")])).toMatchObject({
      code: "path.allow",
      path: "SRC/a.ts",
    });
  });

  it("`allow: []` and an absent allow restrict nothing", () => {
    expect(firstFinding(profile({ allow: [] }), [w("docs/a.md")])).toBeUndefined();
    expect(firstFinding(profile({}), [w("docs/a.md")])).toBeUndefined();
  });
});

describe("firstFinding: content.noSecrets (§2.10 #3)", () => {
  it("a secret in the written content gives content.noSecrets.<pattern> with that target's path", () => {
    expect(firstFinding(profile({}), [w("a.ts", "x"), w("b.ts", `const k = "${AWS}"`)])).toEqual({
      code: "content.noSecrets.awsKey",
      message: expect.any(String),
      path: "b.ts",
    });
  });

  it("noSecrets false, a delete, and a target without content are not scanned", () => {
    expect(firstFinding(profile({ noSecrets: false }), [w("a.ts", AWS)])).toBeUndefined();
    expect(firstFinding(profile({}), [del("a.ts", AWS)])).toBeUndefined();
    expect(firstFinding(profile({}), [w("a.ts")])).toBeUndefined();
  });

  it("pii patterns (a card number) only with pii: true", () => {
    expect(firstFinding(profile({}), [w("a.txt", CARD)])).toBeUndefined();
    expect(firstFinding(profile({ pii: true }), [w("a.txt", CARD)])).toMatchObject({
      code: "content.noSecrets.card",
      path: "a.txt",
    });
  });

  it("the scan stops at SECRET_SCAN_MAX_BYTES bytes: a secret ending at the cap is found, one past it is not", () => {
    const pad = (n: number) => "a".repeat(n);
    const at = `${pad(SECRET_SCAN_MAX_BYTES - AWS.length - 1)} ${AWS}`;
    expect(Buffer.byteLength(at)).toBe(SECRET_SCAN_MAX_BYTES);
    expect(firstFinding(profile({}), [w("a.ts", at)])).toMatchObject({ code: "content.noSecrets.awsKey" });
    expect(firstFinding(profile({}), [w("a.ts", `${pad(SECRET_SCAN_MAX_BYTES)} ${AWS}`)])).toBeUndefined();
  });

  it("the cap counts UTF-8 bytes, not characters: 2-byte characters reach it in half as many", () => {
    // SECRET_SCAN_MAX_BYTES / 2 characters of `é` fill the cap; the key after them is not scanned.
    const text = `${"é".repeat(SECRET_SCAN_MAX_BYTES / 2)} ${AWS}`;
    expect(text.length).toBeLessThan(SECRET_SCAN_MAX_BYTES);
    expect(firstFinding(profile({}), [w("a.ts", text)])).toBeUndefined();
    // Within the cap (a quarter of it in characters) the same key is found.
    const short = `${"é".repeat(SECRET_SCAN_MAX_BYTES / 4)} ${AWS}`;
    expect(firstFinding(profile({}), [w("a.ts", short)])).toMatchObject({ code: "content.noSecrets.awsKey" });
  });
});

describe("firstFinding: content.maxBytes (§2.10 #4)", () => {
  it("content over maxBytes (UTF-8 bytes) gives content.maxBytes; exactly maxBytes passes", () => {
    const p = profile({ maxBytes: 10 });
    expect(firstFinding(p, [w("a.txt", "1234567890")])).toBeUndefined();
    expect(firstFinding(p, [w("ok.txt", "1"), w("a.txt", "12345678901")])).toEqual({
      code: "content.maxBytes",
      message: expect.any(String),
      path: "a.txt",
    });
    // Five characters, eleven bytes.
    expect(firstFinding(p, [w("u.txt", "éééé€")])).toMatchObject({ code: "content.maxBytes", path: "u.txt" });
  });

  it("a delete and a target without content are not measured; no maxBytes, no limit", () => {
    const p = profile({ maxBytes: 1 });
    expect(firstFinding(p, [del("a.txt", "long content"), w("b.txt")])).toBeUndefined();
    expect(firstFinding(profile({}), [w("a.txt", "x".repeat(100_000))])).toBeUndefined();
  });

  it("secrets are judged before size: content both secret and oversized reports noSecrets", () => {
    expect(firstFinding(profile({ maxBytes: 5 }), [w("a.ts", AWS)])).toMatchObject({
      code: "content.noSecrets.awsKey",
    });
  });
});

describe("routeDenial (decisions HOOK-20)", () => {
  const ctx = (mode: "all" | "protected", native?: string[]) => ({ mode, native, tool: "mcp__axiom__axiom_write" });
  const files = [{ raw: "src/a.ts", kind: "full" as const }];
  const relOf = (raw: string) => raw;

  it('mode "protected" never routes', () => {
    expect(routeDenial(ctx("protected"), [w("src/a.ts")], files, relOf)).toBeUndefined();
  });

  it('mode "all" routes the first non-native target: ERR_UNSUPPORTED_OP, its path, the write tool, not fail-closed', () => {
    const d = routeDenial(ctx("all"), [w("src/a.ts"), w("src/b.ts")], files, relOf);
    expect(d).toEqual({
      code: "ERR_UNSUPPORTED_OP",
      message: expect.stringContaining("mcp__axiom__axiom_write"),
      path: "src/a.ts",
      route: "mcp__axiom__axiom_write",
    });
    expect(routeDenial(ctx("all", []), [w("src/a.ts")], files, relOf)).toMatchObject({ path: "src/a.ts" });
  });

  it("native globs stay native; the first target outside them is the routed one", () => {
    const native = ["docs/**"];
    expect(routeDenial(ctx("all", native), [w("docs/a.md")], files, relOf)).toBeUndefined();
    expect(routeDenial(ctx("all", native), [w("docs/a.md"), w("src/b.ts")], files, relOf)).toMatchObject({
      code: "ERR_UNSUPPORTED_OP",
      path: "src/b.ts",
    });
  });

  it("case trick: native globs are case-sensitive, so `DOCS/a.md` is routed", () => {
    expect(routeDenial(ctx("all", ["docs/**"]), [w("DOCS/a.md")], files, relOf)).toMatchObject({
      path: "DOCS/a.md",
    });
  });
});
