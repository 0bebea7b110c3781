// checkBundle (cli.md §7.8, mcp.md §5.3), appliedState / treeHolds (apply.md §3, ARCH-S6),
// rollbackApplied (apply.md §8) and the read-only documents of a root (apply.md §11.5, §12.4,
// §13, §17) on real temp repos.
import { mkdir, writeFile } from "node:fs/promises";
import type { ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import {
  appliedState,
  applyBundle,
  checkBundle,
  history,
  lockStatus,
  rollbackApplied,
  snapshot,
  status,
  treeHolds,
} from "../src/index";
import { NO_GUARDS, oneFileBundle, reportText } from "./helpers";

async function applied(root: string, bundle: ManifestBundle) {
  const out = await applyBundle({
    bundle,
    root,
    profile: "default",
    mode: "fs",
    confirmDigest: bundle.manifestDigest,
    guards: NO_GUARDS,
  });
  expect(out.result.status).toBe("applied");
  return out;
}

describe("checkBundle", () => {
  test("with a root → the report is stored under reports/ and preImage is verified; root-less → built-ins only, unverified, nothing stored", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a");
    const report = await checkBundle({ bundle, root: repo.root, profile: "default", guards: NO_GUARDS });
    expect(report).toMatchObject({ verdict: "pass", profile: "default", manifestDigest: bundle.manifestDigest });
    expect(JSON.parse((await reportText(repo.root, bundle.manifestDigest)) ?? "null")).toEqual(report);
    const rootless = await checkBundle({ bundle, profile: "strict", guards: NO_GUARDS });
    expect(rootless).toMatchObject({ profile: "strict", preImage: "unverified" });
  });

  test("a root profile is found only with its root; a name no root has → ERR_INVALID_PROFILE {profile}", async () => {
    const team = { apiVersion: "axiom.dev/v2", kind: "Profile", name: "team", checks: [] };
    const repo = await tempRepo({ ".axiom/profiles/team.json": JSON.stringify(team) });
    const bundle = await oneFileBundle("a.txt", "a");
    expect((await checkBundle({ bundle, root: repo.root, profile: "team", guards: NO_GUARDS })).profile).toBe("team");
    await expectCode(checkBundle({ bundle, profile: "team", guards: NO_GUARDS }), "ERR_INVALID_PROFILE", {
      profile: "team",
    });
  });
});

describe("appliedState and treeHolds", () => {
  test("never applied, or not a digest → not applied; after an fs apply → applied with its stored bundle; the tree holds it until edited", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a\n");
    expect(await appliedState(repo.root, bundle.manifestDigest)).toEqual({ applied: false });
    expect(await appliedState(repo.root, "nope")).toEqual({ applied: false });
    await applied(repo.root, bundle);
    expect(await appliedState(repo.root, bundle.manifestDigest)).toEqual({ applied: true, bundle });
    expect(await appliedState(repo.root, bundle.manifestDigest.slice(7))).toEqual({ applied: true, bundle });
    expect(await treeHolds(repo.root, bundle)).toBe(true);
    await repo.write({ "a.txt": "edited\n" });
    expect(await treeHolds(repo.root, bundle)).toBe(false);
  });

  test("a PR-mode marker is not an applied digest (ARCH-S6); an fs marker without a stored bundle is applied with nothing to compare", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a\n");
    const hex = bundle.manifestDigest.slice(7);
    const marker = (mode: string) =>
      JSON.stringify({
        apiVersion: "axiom.dev/v2",
        kind: "ApplyResult",
        manifestDigest: bundle.manifestDigest,
        mode,
        status: "applied",
        root: repo.root,
        files: [{ path: "a.txt", op: "overwrite", status: "written" }],
      });
    await mkdir(layout.appliedDir(repo.root), { recursive: true });
    await writeFile(layout.applied(repo.root, hex), marker("pr"));
    expect(await appliedState(repo.root, bundle.manifestDigest)).toEqual({ applied: false });
    await writeFile(layout.applied(repo.root, hex), marker("fs"));
    expect(await appliedState(repo.root, bundle.manifestDigest)).toEqual({ applied: true });
  });
});

describe("rollbackApplied", () => {
  test("an applied digest → rolled back, the tree as before; a second call → rolled-back again (idempotent)", async () => {
    const repo = await tempRepo({ "a.txt": "before\n" });
    const bundle = await oneFileBundle("a.txt", "after\n");
    await applied(repo.root, bundle);
    const out = await rollbackApplied({ root: repo.root, digest: bundle.manifestDigest });
    expect(out).toMatchObject({ manifestDigest: bundle.manifestDigest, status: "rolled-back", root: repo.root });
    expect(await repo.read("a.txt")).toBe("before\n");
    expect((await rollbackApplied({ root: repo.root, digest: bundle.manifestDigest })).phase).toBe("rolled-back");
  });

  test("not a digest → ERR_NOT_FOUND {digest}; no journal → ERR_NOT_FOUND; drift → ERR_PREIMAGE_CHANGED unless forced", async () => {
    const repo = await tempRepo({ "a.txt": "before\n" });
    await expectCode(rollbackApplied({ root: repo.root, digest: "xyz" }), "ERR_NOT_FOUND", { digest: "xyz" });
    const bundle = await oneFileBundle("a.txt", "after\n");
    await expectCode(rollbackApplied({ root: repo.root, digest: bundle.manifestDigest }), "ERR_NOT_FOUND", {
      digest: bundle.manifestDigest,
    });
    await applied(repo.root, bundle);
    await repo.write({ "a.txt": "edited since\n" });
    await expectCode(rollbackApplied({ root: repo.root, digest: bundle.manifestDigest }), "ERR_PREIMAGE_CHANGED", {
      phase: "rollback",
    });
    await rollbackApplied({ root: repo.root, digest: bundle.manifestDigest, force: true });
    expect(await repo.read("a.txt")).toBe("before\n");
  });
});

describe("the read-only documents of a root", () => {
  test("status, lockStatus, history and snapshot after one apply: the chain has it, nothing is held, the snapshot lists the file", async () => {
    const repo = await tempRepo({ "keep.txt": "k\n" });
    const bundle = await oneFileBundle("a.txt", "a\n");
    await applied(repo.root, bundle);
    const doc = await status(repo.root);
    expect(doc).toMatchObject({ root: repo.root, chain: { ok: true, entries: 1 }, interrupted: [], corrupt: [] });
    expect(doc.lastApplied?.manifestDigest).toBe(bundle.manifestDigest);
    expect(await lockStatus(repo.root)).toEqual({ held: false, queue: [], intents: [] });
    const log = await history(repo.root, 10);
    expect(log.root).toBe(repo.root);
    expect(log.entries.map((e) => e.manifestDigest)).toEqual([bundle.manifestDigest]);
    const snap = await snapshot(repo.root, { withContentDigest: true });
    expect(snap.body.files.map((f) => f.path)).toEqual(["a.txt", "keep.txt"]);
  });
});
