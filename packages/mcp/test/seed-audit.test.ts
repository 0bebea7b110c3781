// Issue 20 Low 15, the seed audit's three wire findings: a base64 file of exactly 256 KiB of bytes
// is a normal file (the cap counts decoded bytes, SEC-31); every axiom_plan_validate error has a
// `code` (SEC-32); a ref source answers ERR_NET_DISABLED with or without a root (SEC-33).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { TempDir } from "./cli-run";
import { errorOf, tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

const DIGEST = `sha256:${"a".repeat(64)}`;
const plan = (artifacts: unknown[], extra: Record<string, unknown> = {}) => ({
  apiVersion: "axiom.dev/v2",
  kind: "Plan",
  name: "p",
  intent: "",
  artifacts,
  ...extra,
});

let R: TempDir;
beforeEach(async () => {
  R = await tempRoot();
});
afterEach(() => R.cleanup());

describe("seed audit (issue 20 Low 15)", () => {
  test("a base64 file of exactly 262 144 bytes is previewed by axiom_write and compiled by axiom_plan_compile; 262 145 bytes → ERR_BLOB_TOO_LARGE {bytes, max: 262144}", async () => {
    const h = inProcess([R.dir]);
    const at = Buffer.alloc(262_144, 7).toString("base64");
    const preview = await h.call("axiom_write", {
      root: R.dir,
      files: [{ path: "big.bin", content: at, encoding: "base64" }],
    });
    expect(preview.isError).toBeUndefined();
    expect((preview.structuredContent as { status: string }).status).toBe("preview");
    const compiled = await h.call("axiom_plan_compile", {
      plan: plan([{ path: "big.bin", source: { type: "inline", encoding: "base64", content: at } }]),
    });
    expect(compiled.isError).toBeUndefined();
    const over = Buffer.alloc(262_145, 7).toString("base64");
    const e = errorOf(
      await h.call("axiom_plan_compile", {
        plan: plan([{ path: "big.bin", source: { type: "inline", encoding: "base64", content: over } }]),
      }),
    );
    expect(e).toMatchObject({ code: "ERR_BLOB_TOO_LARGE", details: { bytes: 262_145, max: 262_144 } });
  });

  test("axiom_plan_validate on a plan with schema errors: every error carries a code", async () => {
    const r = await inProcess([R.dir]).call("axiom_plan_validate", {
      plan: { apiVersion: "axiom.dev/v2", kind: "Plan", name: 7, artifacts: [{ path: "../x", op: "bogus" }], extra: 1 },
    });
    const out = r.structuredContent as { ok: boolean; errors: { code?: string; path: string }[] };
    expect(out.ok).toBe(false);
    expect(out.errors.length).toBeGreaterThan(1);
    for (const e of out.errors) expect(e.code, e.path).toMatch(/^ERR_/);
    expect(out.errors.map((e) => e.code)).toContain("ERR_INVALID_PLAN");
  });

  test("a ref source: axiom_plan_compile without a root and with a root both answer ERR_NET_DISABLED", async () => {
    const h = inProcess([R.dir]);
    const p = plan([{ path: "x.js", source: { type: "ref", uri: "https://example.com/x.js", digest: DIGEST } }]);
    expect(errorOf(await h.call("axiom_plan_compile", { plan: p })).code).toBe("ERR_NET_DISABLED");
    expect(errorOf(await h.call("axiom_plan_compile", { plan: p, root: R.dir })).code).toBe("ERR_NET_DISABLED");
  });
});
