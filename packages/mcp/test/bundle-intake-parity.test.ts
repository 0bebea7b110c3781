// Issue 18 acceptance (ARCH-S1): one bundle intake, so the same bad bundle gets the same code,
// path and details through `axiom apply` (CLI, which used apply's copy), `axiom check` (CLI) and
// the `axiom_apply` MCP tool (which used plan's copy). Before the store, apply's copy answered a
// 10,000-deep bundle with a raw RangeError (ERR_INTERNAL) and a wrong digest without `path`.
import { sha256Hex } from "@codai/axiom-canon";
import { compilePlan } from "@codai/axiom-plan";
import type { ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1 } from "@codai/axiom-testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorLine, runCli, type TempDir, tempDir } from "./cli-run";
import { errorOf } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

let t: TempDir;
let root: string;
let good: ManifestBundle;
beforeAll(async () => {
  t = await tempDir("axiom-parity-");
  root = t.path("R");
  await t.write("R/.keep", "");
  good = (await compilePlan(EXAMPLE_1())).bundle;
});
afterAll(() => t.cleanup());

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const wire = (e: Record<string, unknown>) => ({ code: e.code, path: e.path, details: e.details });

/** The error of each surface for one bundle: CLI apply, CLI check, MCP axiom_apply. */
async function threeWays(bundle: unknown, name: string, text = JSON.stringify(bundle)) {
  const file = await t.write(`${name}.json`, text);
  const digest = (bundle as { manifestDigest?: string }).manifestDigest ?? "";
  const apply = await runCli(["apply", file, "--root", root, "--confirm", digest]);
  const check = await runCli(["check", file, "--root", root, "--json"]);
  expect(apply.code).toBe(2);
  expect(check.code).toBe(2);
  const mcp = errorOf(await inProcess([root]).call("axiom_apply", { bundle, root, confirmDigest: digest }));
  return { apply: wire(errorLine(apply)), check: wire(errorLine(check)), mcp: wire(mcp) };
}

describe("the same bad bundle → the same answer on every surface (ARCH-S1)", () => {
  it('a wrong manifestDigest → ERR_NOT_CANONICAL, path "manifestDigest", {declared, recomputed} on axiom apply, axiom check and axiom_apply', async () => {
    const declared = `sha256:${"e".repeat(64)}`;
    const got = await threeWays({ ...clone(good), manifestDigest: declared }, "digest");
    const want = {
      code: "ERR_NOT_CANONICAL",
      path: "manifestDigest",
      details: { declared, recomputed: good.manifestDigest },
    };
    expect(got).toEqual({ apply: want, check: want, mcp: want });
  });

  it("a bundle nested 10,000 levels deep → ERR_INVALID_MANIFEST with one issue on all three (never ERR_INTERNAL)", async () => {
    // Built as text: JSON.stringify itself runs out of stack on such a value.
    const b = clone(good);
    (b.manifest.checks[0] as { params: unknown }).params = "@DEEP@";
    const text = JSON.stringify(b).replace('"@DEEP@"', `${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    const got = await threeWays(JSON.parse(text), "deep", text);
    expect(got.apply).toMatchObject({
      code: "ERR_INVALID_MANIFEST",
      details: { issues: [expect.objectContaining({ path: "" })] },
    });
    expect(got.check).toEqual(got.apply);
    expect(got.mcp).toEqual(got.apply);
  });

  it("an oversized bundle → ERR_BUNDLE_TOO_LARGE {issues, total, max} on axiom apply and axiom check alike; axiom_apply stops earlier at the 4 MiB argument cap {bytes, max} (formats.md §6.3 step 1, MCP only)", async () => {
    const b = clone(good);
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    const got = await threeWays(b, "large");
    expect(got.apply).toMatchObject({ code: "ERR_BUNDLE_TOO_LARGE", details: { max: 4_194_304 } });
    expect(Object.keys(got.apply.details as object).sort()).toEqual(["issues", "max", "total"]);
    expect(got.check).toEqual(got.apply);
    expect(got.mcp).toMatchObject({ code: "ERR_BUNDLE_TOO_LARGE", path: "bundle", details: { max: 4_194_304 } });
    expect(Object.keys(got.mcp.details as object).sort()).toEqual(["bytes", "max"]);
  });
});
