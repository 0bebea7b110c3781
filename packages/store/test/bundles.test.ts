// Stored bundles `manifests/<hex>.json` (formats.md §9.1, apply.md §3 and §5.7 C0): the one writer
// (ARCH-S2 compact JSON, ARCH-S3 remembered stores) and the one reader (ARCH-S4 codes).
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compilePlan } from "@codai/axiom-plan";
import type { ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetStoredBundles } from "../src/bundle-memory";
import { layout, readStoredBundle, storeBundle } from "../src/index";
import { recorded } from "./seam";

beforeEach(() => forgetStoredBundles());
/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}
async function compiled(root: string): Promise<ManifestBundle> {
  return (await compilePlan(EXAMPLE_1(), { root })).bundle;
}
const fileOf = (root: string, b: ManifestBundle) => layout.manifest(root, b.manifestDigest.slice(7));

describe("storeBundle: one writer, one format (ARCH-S2)", () => {
  it("writes <root>/.axiom/manifests/<hex>.json as compact JSON and returns the file; nothing else is left", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const file = await storeBundle(root, bundle, { durable: false });
    expect(file).toBe(join(root, ".axiom", "manifests", `${bundle.manifestDigest.slice(7)}.json`));
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
    expect(await readdir(join(root, ".axiom", "manifests"))).toEqual([`${bundle.manifestDigest.slice(7)}.json`]);
  });

  it("non-durable: the file is fsynced, its directory is not; durable: both (apply.md §3 atomic durable write)", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const dir = layout.manifestsDir(root);
    const light = await recorded(() => storeBundle(root, bundle, { durable: false }));
    // the directories made for it are fsynced into their parents whatever the level (APL-20; those
    // run together, in no fixed order)
    expect(light.filter((c) => c.startsWith("fsync:")).sort()).toEqual(
      [`fsync:${fileOf(root, bundle)}.tmp-${process.pid}`, `fsync:${root}`, `fsync:${dirname(dir)}`].sort(),
    );
    await rm(dir, { recursive: true });
    forgetStoredBundles();
    const durable = await recorded(() => storeBundle(root, bundle, { durable: true }));
    expect(durable.filter((c) => c.startsWith("fsync:"))).toEqual([
      `fsync:${fileOf(root, bundle)}.tmp-${process.pid}`,
      `fsync:${dir}`,
      `fsync:${dirname(dir)}`,
    ]);
  });
});

describe("storeBundle remembers what it wrote (ARCH-S3)", () => {
  it("a second store of the same bundle costs one lstat, also for a fresh bundle object of the same compile", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    await storeBundle(root, bundle, { durable: true });
    const before = await stat(fileOf(root, bundle));
    expect(await recorded(() => storeBundle(root, bundle, { durable: true }))).toEqual(["lstat"]);
    expect(await recorded(() => storeBundle(root, clone(bundle), { durable: false }))).toEqual(["lstat"]);
    expect((await stat(fileOf(root, bundle))).ino).toBe(before.ino);
  });

  it("a non-durable copy asked for durably → fsync of its directory only (its data was fsynced when written), no rewrite", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    await storeBundle(root, bundle, { durable: false });
    const ino = (await stat(fileOf(root, bundle))).ino;
    const calls = await recorded(() => storeBundle(root, bundle, { durable: true }));
    expect(calls.filter((c) => c.startsWith("fsync:"))).toEqual([`fsync:${layout.manifestsDir(root)}`]);
    expect(calls).not.toContain("rename");
    expect((await stat(fileOf(root, bundle))).ino).toBe(ino);
    // now durable: the next durable store is one lstat again
    expect(await recorded(() => storeBundle(root, bundle, { durable: true }))).toEqual(["lstat"]);
  });

  it("a copy this process did not write (another process, an older pretty file) that holds the bundle → kept; durably asked → its data and directory fsynced in place", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const file = fileOf(root, bundle);
    await storeBundle(root, bundle, { durable: false });
    await writeFile(`${file}.x`, `${JSON.stringify(bundle, null, 2)}\n`);
    await rename(`${file}.x`, file);
    const ino = (await stat(file)).ino;
    const calls = await recorded(() => storeBundle(root, bundle, { durable: true }));
    expect(calls).not.toContain("rename");
    expect(calls.filter((c) => c.startsWith("fsync:"))).toEqual([
      `fsync:${file}`,
      `fsync:${layout.manifestsDir(root)}`,
    ]);
    expect((await stat(file)).ino).toBe(ino);
  });

  it("the file deleted, replaced by another bundle of that digest, or torn since → written again with this bundle", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const file = fileOf(root, bundle);
    await storeBundle(root, bundle, { durable: false });
    await rm(file);
    await storeBundle(root, bundle, { durable: false });
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
    // Same digest, other bundle (e.g. the unsigned compile vs the signed bundle being applied).
    const other = { ...bundle, attestation: undefined };
    delete other.attestation;
    await writeFile(file, JSON.stringify(other));
    await storeBundle(root, bundle, { durable: false });
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
    await writeFile(file, "");
    await storeBundle(root, bundle, { durable: true });
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
  });

  it("a directory in the file's place fails loudly (raw error, nothing remembered)", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const { mkdir } = await import("node:fs/promises");
    await mkdir(fileOf(root, bundle), { recursive: true });
    await expect(storeBundle(root, bundle, { durable: true })).rejects.toBeTruthy();
  });
});

describe("readStoredBundle: one reader (ARCH-S4)", () => {
  it("reads back through intake by `sha256:` ref or bare hex", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    await storeBundle(root, bundle, { durable: false });
    expect(await readStoredBundle(root, bundle.manifestDigest)).toEqual(bundle);
    expect(await readStoredBundle(root, bundle.manifestDigest.slice(7))).toEqual(bundle);
  });

  it("an unstored digest or a malformed ref → ERR_NOT_FOUND {ref} (formats.md §12.3 #11)", async () => {
    const root = await tempRoot();
    const ref = `sha256:${"0".repeat(64)}`;
    const err = await expectCode(() => readStoredBundle(root, ref), "ERR_NOT_FOUND");
    expect(err.details).toEqual({ ref });
    const bad = await expectCode(() => readStoredBundle(root, "sha256:bad"), "ERR_NOT_FOUND");
    expect(bad.details).toEqual({ ref: "sha256:bad" });
  });

  it("not JSON → ERR_INVALID_MANIFEST {ref}; a valid bundle of another digest → ERR_INVALID_MANIFEST; a bad digest → intake's ERR_NOT_CANONICAL", async () => {
    const root = await tempRoot();
    const bundle = await compiled(root);
    const hex = bundle.manifestDigest.slice(7);
    const file = await storeBundle(root, bundle, { durable: false });
    await writeFile(file, "{not json");
    expect((await expectCode(() => readStoredBundle(root, hex), "ERR_INVALID_MANIFEST")).details).toEqual({ ref: hex });
    const elsewhere = layout.manifest(root, "f".repeat(64));
    await writeFile(elsewhere, JSON.stringify(bundle));
    const err = await expectCode(() => readStoredBundle(root, "f".repeat(64)), "ERR_INVALID_MANIFEST");
    expect(err.details).toMatchObject({ manifestDigest: bundle.manifestDigest });
    await writeFile(file, JSON.stringify({ ...bundle, manifestDigest: `sha256:${"f".repeat(64)}` }));
    await expectCode(() => readStoredBundle(root, hex), "ERR_NOT_CANONICAL");
  });
});

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
