// formats.md §6.3: the one bundle intake (ARCH-S1). Moved from packages/plan/test/verify-diff.test.ts
// when intake moved to the store; plus the three answers that plan's and apply's copies disagreed on.
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import { compilePlan, verifyBundle } from "@codai/axiom-plan";
import type { ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { intakeBundle } from "../src/index";

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
async function example(): Promise<ManifestBundle> {
  return clone((await compilePlan(EXAMPLE_1())).bundle);
}
/** Recomputes manifestDigest (and the attestation subject) after editing the manifest. */
function rehash(b: ManifestBundle): ManifestBundle {
  b.manifestDigest = canonicalDigestRef(b.manifest);
  if (b.attestation?.subject[0]) b.attestation.subject[0].digest.sha256 = b.manifestDigest.slice(7);
  return b;
}
function flipHex(ref: string): string {
  const last = ref.at(-1) === "0" ? "1" : "0";
  return `${ref.slice(0, -1)}${last}`;
}

describe("bundle intake (formats.md §6.3)", () => {
  it("a compiled bundle passes intake unchanged", async () => {
    const b = await example();
    expect(intakeBundle(b)).toEqual(b);
  });

  it("Bundle with manifestDigest altered by one hex digit → ERR_NOT_CANONICAL {declared, recomputed}", async () => {
    const b = await example();
    const declared = flipHex(b.manifestDigest);
    const err = await expectCode(() => intakeBundle({ ...b, manifestDigest: declared }), "ERR_NOT_CANONICAL");
    expect(err.details).toEqual({ declared, recomputed: b.manifestDigest });
  });

  it("Bundle with artifacts unsorted → ERR_NOT_CANONICAL (thrown on intake)", async () => {
    const b = await example();
    b.manifest.artifacts.reverse();
    const err = await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
    expect(err.details?.issues).toContainEqual(
      expect.objectContaining({ path: "manifest.artifacts", code: "ERR_NOT_CANONICAL" }),
    );
  });

  it("duplicate checks or unsorted preImage → ERR_NOT_CANONICAL", async () => {
    const b = await example();
    b.manifest.checks.push(clone(b.manifest.checks[0] as never));
    await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
    const c = await example();
    c.manifest.preImage = [
      { path: "src/old.ts", sha256: "absent" },
      { path: "README.md", sha256: "absent" },
    ];
    await expectCode(() => intakeBundle(rehash(c)), "ERR_NOT_CANONICAL");
  });

  it('manifest artifacts ["\\uFF41.txt","😀.txt"] → accepted only in that (code-point) order, the reverse → ERR_NOT_CANONICAL', async () => {
    const b = await example();
    const art = (path: string) => ({
      path,
      op: "create" as const,
      mode: "0644" as const,
      digest: { sha256: "a".repeat(64) },
    });
    b.manifest.artifacts = [art("\uFF41.txt"), art("😀.txt")];
    expect(intakeBundle(rehash(clone(b))).manifest.artifacts.map((a) => a.path)).toEqual(["\uFF41.txt", "😀.txt"]);
    b.manifest.artifacts.reverse();
    await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
  });

  it("Bundle manifest check without severity → ERR_INVALID_MANIFEST", async () => {
    const b = await example();
    delete (b.manifest.checks[0] as { severity?: string }).severity;
    await expectCode(() => intakeBundle(rehash(b)), "ERR_INVALID_MANIFEST");
  });

  it("op and mode have no default inside a ManifestBody", async () => {
    const b = await example();
    delete (b.manifest.artifacts[0] as { mode?: string }).mode;
    await expectCode(() => intakeBundle(rehash(b)), "ERR_INVALID_MANIFEST");
  });

  it("inline blobs whose decoded sizes sum above 4 MiB → ERR_BUNDLE_TOO_LARGE (schema issue with total, max)", async () => {
    const b = await example();
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    const err = await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    expect(err.details).toMatchObject({ total: 17 * 262_144 + 7 + 30, max: 4_194_304 });
  });

  it("precedence ERR_NOT_CANONICAL > ERR_BUNDLE_TOO_LARGE > ERR_INVALID_MANIFEST, with every issue listed", async () => {
    const b = await example();
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    delete (b.manifest.checks[0] as { severity?: string }).severity;
    await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    b.manifest.artifacts.reverse();
    const err = await expectCode(() => intakeBundle(b), "ERR_NOT_CANONICAL");
    const codes = (err.details as { issues: { code?: string }[] }).issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(["ERR_NOT_CANONICAL", "ERR_BUNDLE_TOO_LARGE"]));
  });

  it("an unknown key anywhere (strict schemas) → ERR_INVALID_MANIFEST; a non-object → ERR_INVALID_MANIFEST", async () => {
    const b = await example();
    await expectCode(() => intakeBundle({ ...b, extra: 1 }), "ERR_INVALID_MANIFEST");
    await expectCode(() => intakeBundle(null), "ERR_INVALID_MANIFEST");
    await expectCode(() => intakeBundle("bundle"), "ERR_INVALID_MANIFEST");
  });
});

describe("absurd nesting in a bundle", () => {
  it("intake → ERR_INVALID_MANIFEST; verify → ok: false (never throws)", async () => {
    const b = await example();
    const deep = JSON.parse(`${"[".repeat(50_000)}${"]".repeat(50_000)}`) as unknown;
    (b.manifest.checks[0] as { params: unknown }).params = deep;
    await expectCode(() => intakeBundle(b), "ERR_INVALID_MANIFEST");
    expect(verifyBundle(b).ok).toBe(false);
  });
});

describe("where plan's and apply's copies disagreed (ARCH-S1: plan's answer, once)", () => {
  it('a wrong manifestDigest → ERR_NOT_CANONICAL with path "manifestDigest" and {declared, recomputed}', async () => {
    const b = await example();
    const declared = flipHex(b.manifestDigest);
    const err = await expectCode(() => intakeBundle({ ...b, manifestDigest: declared }), "ERR_NOT_CANONICAL");
    expect(err.path).toBe("manifestDigest");
    expect(err.details).toEqual({ declared, recomputed: b.manifestDigest });
  });

  it("a bundle nested 10,000 levels deep → ERR_INVALID_MANIFEST with one issue (never a RangeError / ERR_INTERNAL)", async () => {
    const b = await example();
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    (b.manifest.checks[0] as { params: unknown }).params = deep;
    const err = await expectCode(() => intakeBundle(b), "ERR_INVALID_MANIFEST");
    expect(err.details?.issues).toEqual([expect.objectContaining({ path: "" })]);
  });

  it("an oversized bundle → ERR_BUNDLE_TOO_LARGE with total and max beside issues (P-7)", async () => {
    const b = await example();
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    const err = await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    expect(Object.keys(err.details ?? {}).sort()).toEqual(["issues", "max", "total"]);
    expect(err.details).toMatchObject({ max: 4_194_304 });
  });
});
