// signing.md §9.2/§9.3, cli.md §7.7: `axiom verify <bundle.json> --tree <dir> [--pre] [--attest <out.json>]`
// over the real CLI: tree results, usage errors, the apply attestation files (JCS + LF, no clock).
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { canonicalDigestRef, canonicalize, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, stderrError, tempDir, writeJson } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function dirs() {
  const w = await tempDir("axiom-vt-work-");
  const r = await tempDir("axiom-vt-root-");
  cleanups.push(w.cleanup, r.cleanup);
  return { work: w.dir, root: r.dir };
}

/** a.txt created ("A\n"), old.txt deleted; preImage recorded for both. */
function bundle(opts: { preImage?: boolean } = {}): ManifestBundle {
  const text = "A\n";
  const hex = sha256Hex(text);
  const manifest: ManifestBundle["manifest"] = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "add-route",
    profile: "default",
    planDigest: `sha256:${"2".repeat(64)}`,
    artifacts: [
      { path: "a.txt", op: "create", mode: "0644", digest: { sha256: hex }, bytes: 2, origin: "inline" },
      { path: "old.txt", op: "delete", mode: "0644" },
    ],
    checks: [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (opts.preImage !== false) {
    manifest.preImage = [
      { path: "a.txt", sha256: "absent" },
      { path: "old.txt", sha256: sha256Hex("old\n") },
    ];
  }
  return {
    manifest,
    manifestDigest: canonicalDigestRef(manifest),
    blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
  };
}

async function applied(): Promise<{ work: string; root: string; b: ManifestBundle }> {
  const { work, root } = await dirs();
  await writeFile(join(root, "old.txt"), "old\n");
  const b = bundle();
  await writeJson(join(work, "b.json"), b);
  const run = await runCli(["apply", "b.json", "--root", root, "--confirm", b.manifestDigest], { cwd: work });
  expect(run.code, run.stderr).toBe(0);
  return { work, root, b };
}

const out = (run: { stdout: string }) => JSON.parse(run.stdout);

describe("verify --tree", () => {
  it("`verify b.json --tree R` after a successful apply → ok: true, tree: post, exit 0", async () => {
    const { work, root, b } = await applied();
    const run = await runCli(["verify", "b.json", "--tree", root], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    expect(out(run)).toEqual({
      ok: true,
      manifestDigest: b.manifestDigest,
      canonical: true,
      root,
      tree: "post",
      paths: 2,
      mismatches: [],
    });
  });

  it("after editing one applied file → mismatches[0] with expected/actual hex, exit 1", async () => {
    const { work, root } = await applied();
    await writeFile(join(root, "a.txt"), "B\n");
    const run = await runCli(["verify", "b.json", "--tree", root], { cwd: work });
    expect(run.code).toBe(1);
    expect(out(run).mismatches).toEqual([
      { path: "a.txt", op: "create", expected: sha256Hex("A\n"), actual: sha256Hex("B\n") },
    ]);
  });

  it("a directory where a file is expected → non-file:dir; symlinked parent → ERR_SYMLINK_IN_PATH", async () => {
    const { work, root } = await dirs();
    await mkdir(join(root, "a.txt"));
    const text = "x";
    const hex = sha256Hex(text);
    const manifest: ManifestBundle["manifest"] = {
      ...bundle({ preImage: false }).manifest,
      artifacts: [
        { path: "a.txt", op: "create", mode: "0644", digest: { sha256: hex }, bytes: 1, origin: "inline" },
        { path: "l/b.txt", op: "create", mode: "0644", digest: { sha256: hex }, bytes: 1, origin: "inline" },
      ],
    };
    await mkdir(join(work, "elsewhere"));
    await symlink(join(work, "elsewhere"), join(root, "l"));
    await writeJson(join(work, "d.json"), {
      manifest,
      manifestDigest: canonicalDigestRef(manifest),
      blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
    });
    const run = await runCli(["verify", "d.json", "--tree", root], { cwd: work });
    expect(run.code).toBe(1);
    expect(out(run).mismatches.map((m: { actual: string }) => m.actual)).toEqual([
      "non-file:dir",
      "ERR_SYMLINK_IN_PATH",
    ]);
  });

  it("--tree --pre before apply on the compile tree → ok, tree pre; after apply → mismatches", async () => {
    const { work, root } = await dirs();
    await writeFile(join(root, "old.txt"), "old\n");
    const b = bundle();
    await writeJson(join(work, "b.json"), b);
    const before = await runCli(["verify", "b.json", "--tree", root, "--pre"], { cwd: work });
    expect(before.code, before.stdout).toBe(0);
    expect(out(before)).toMatchObject({ ok: true, tree: "pre", paths: 2 });
    expect((await runCli(["apply", "b.json", "--root", root, "--confirm", b.manifestDigest], { cwd: work })).code).toBe(
      0,
    );
    const after = await runCli(["verify", "b.json", "--tree", root, "--pre"], { cwd: work });
    expect(after.code).toBe(1);
    expect(out(after).mismatches).toHaveLength(2);
  });

  it("--tree --pre on a manifest without preImage → ok: false, note, exit 1", async () => {
    const { work, root } = await dirs();
    await writeJson(join(work, "b.json"), bundle({ preImage: false }));
    const run = await runCli(["verify", "b.json", "--tree", root, "--pre"], { cwd: work });
    expect(run.code).toBe(1);
    expect(out(run)).toMatchObject({
      ok: false,
      tree: "pre",
      paths: 0,
      mismatches: [],
      note: "manifest carries no preImage (compiled without a root); --pre cannot be verified",
    });
  });

  it("--tree on a structurally invalid bundle → tree: null, note, exit 1", async () => {
    const { work, root } = await dirs();
    const b = bundle();
    await writeJson(join(work, "b.json"), { ...b, manifestDigest: `sha256:${"0".repeat(64)}` });
    const run = await runCli(["verify", "b.json", "--tree", root], { cwd: work });
    expect(run.code).toBe(1);
    expect(out(run)).toMatchObject({
      ok: false,
      tree: null,
      note: "bundle failed structural verification; tree not checked",
    });
  });

  it("usage errors: --attest / --pre without --tree; --tree with --root; --journal with --tree; tree not a directory → ERR_ROOT_NOT_DIR exit 2", async () => {
    const { work, root } = await dirs();
    await writeJson(join(work, "b.json"), bundle());
    for (const args of [
      ["verify", "b.json", "--attest", "a.json"],
      ["verify", "b.json", "--pre"],
      ["verify", "b.json", "--tree", root, "--root", root],
      ["verify", "--journal", "--root", root, "--tree", root],
    ]) {
      const run = await runCli(args, { cwd: work });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
    }
    const missing = await runCli(["verify", "b.json", "--tree", join(work, "nope")], { cwd: work });
    expect(missing.code).toBe(2);
    expect(stderrError(missing).code).toBe("ERR_ROOT_NOT_DIR");
  });

  it("--attest out.intoto.json → out.intoto.json and out.predicate.json, both JCS + LF; predicateType; verifier.version; subjects sorted, deleted path not a subject", async () => {
    const { work, root, b } = await applied();
    const run = await runCli(["verify", "b.json", "--tree", root, "--attest", "out.intoto.json"], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const doc = out(run);
    expect(doc.attestation).toEqual({
      file: join(work, "out.intoto.json"),
      predicateFile: join(work, "out.predicate.json"),
      predicateType: "https://axiom.dev/attestation/apply/v1",
      subjects: 2,
    });
    const st = await readFile(join(work, "out.intoto.json"), "utf8");
    const pr = await readFile(join(work, "out.predicate.json"), "utf8");
    const statement = JSON.parse(st);
    expect(st).toBe(`${canonicalize(statement)}\n`);
    expect(pr).toBe(`${canonicalize(statement.predicate)}\n`);
    expect(statement.predicateType).toBe("https://axiom.dev/attestation/apply/v1");
    expect(statement.predicate.verifier).toEqual({ id: "https://axiom.dev/builder/mcp@v2", version: "2.0.0" });
    expect(statement.subject).toEqual([
      { name: "a.txt", digest: { sha256: sha256Hex("A\n") } },
      { name: "add-route", digest: { sha256: b.manifestDigest.slice(7) } },
    ]);
    expect(statement.predicate.paths).toEqual([
      { path: "a.txt", op: "create", sha256: sha256Hex("A\n") },
      { path: "old.txt", op: "delete", sha256: "absent" },
    ]);
    expect(statement.predicate.preImage).toHaveLength(2);
    expect(statement.predicate).not.toHaveProperty("source");
  });

  it("GITHUB_* set → predicate.source with the four; same bundle and tree attested twice → byte-identical files", async () => {
    const { work, root } = await applied();
    const env = {
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_REF: "refs/heads/main",
      GITHUB_SHA: "a".repeat(40),
      GITHUB_RUN_ID: "123",
    };
    await runCli(["verify", "b.json", "--tree", root, "--attest", "one.json"], { cwd: work, env });
    await runCli(["verify", "b.json", "--tree", root, "--attest", "two.json"], { cwd: work, env });
    const one = await readFile(join(work, "one.json"), "utf8");
    expect(one).toBe(await readFile(join(work, "two.json"), "utf8"));
    expect(await readFile(join(work, "one.predicate.json"), "utf8")).toBe(
      await readFile(join(work, "two.predicate.json"), "utf8"),
    );
    expect(JSON.parse(one).predicate.source).toEqual({
      repository: "acme/shop",
      ref: "refs/heads/main",
      sha: "a".repeat(40),
      runId: "123",
    });
  });

  it("--tree with mismatches and --attest → no attestation file written, exit 1", async () => {
    const { work, root } = await applied();
    await writeFile(join(root, "a.txt"), "B\n");
    const run = await runCli(["verify", "b.json", "--tree", root, "--attest", "x.json"], { cwd: work });
    expect(run.code).toBe(1);
    expect(out(run)).not.toHaveProperty("attestation");
    expect((await readdir(work)).filter((n) => n.startsWith("x."))).toEqual([]);
  });
});
