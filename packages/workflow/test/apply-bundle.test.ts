// applyBundle and dryRunBundle (cli.md §7.9 steps 5–7, mcp.md §5.4 steps 7–9, §5.3 dry run) on
// real temp repos: the profile loaded once, the pre-apply checks, the engine, the store on
// applied/noop, and the anti-rollback trust advance (signing.md §8.3) reported, never thrown.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateEd25519, signManifest } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { demoBundle, expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { applyBundle, dryRunBundle } from "../src/index";
import { NO_GUARDS, oneFileBundle, reportText, storedText, treeNames } from "./helpers";

const fs = (bundle: ManifestBundle, root: string) => ({
  bundle,
  root,
  profile: "default",
  mode: "fs" as const,
  confirmDigest: bundle.manifestDigest,
  guards: NO_GUARDS,
});

describe("applyBundle", () => {
  test("mode fs → applied: files written, the pre-apply report returned and stored, the bundle stored; again → noop", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "alpha\n");
    const out = await applyBundle(fs(bundle, repo.root));
    expect(out.result).toMatchObject({ status: "applied", mode: "fs", manifestDigest: bundle.manifestDigest });
    expect(out.report).toMatchObject({ verdict: "pass", profile: "default", manifestDigest: bundle.manifestDigest });
    expect(JSON.parse((await reportText(repo.root, bundle.manifestDigest)) ?? "null")).toEqual(out.report);
    expect(JSON.parse((await storedText(repo.root, bundle.manifestDigest)) ?? "null")).toEqual(bundle);
    expect(out.trustError).toBeUndefined();
    expect(out.storeError).toBeUndefined();
    expect(await repo.read("a.txt")).toBe("alpha\n");
    expect((await applyBundle(fs(bundle, repo.root))).result.status).toBe("noop");
  });

  test("a profile that does not exist → ERR_INVALID_PROFILE before anything is registered or written", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a");
    await expectCode(applyBundle({ ...fs(bundle, repo.root), profile: "team" }), "ERR_INVALID_PROFILE", {
      profile: "team",
    });
    expect(await treeNames(repo.root)).toEqual([]);
    expect(await storedText(repo.root, bundle.manifestDigest)).toBeNull();
  });

  test("the root's profile is the one the checks run: a team profile denying a.txt → failed, ERR_CHECKS_FAILED, nothing written", async () => {
    const repo = await tempRepo({
      ".axiom/profiles/team.json": JSON.stringify({
        apiVersion: "axiom.dev/v2",
        kind: "Profile",
        name: "team",
        checks: [{ id: "team.deny", predicate: "path.deny", params: { globs: ["a.txt"] }, severity: "error" }],
      }),
    });
    const bundle = await oneFileBundle("a.txt", "a");
    const out = await applyBundle({ ...fs(bundle, repo.root), profile: "team" });
    expect(out.result.status).toBe("failed");
    expect(out.result.error?.code).toBe("ERR_CHECKS_FAILED");
    expect(out.report?.profile).toBe("team");
    expect(await repo.read("a.txt")).toBeNull();
  });

  test("mode dry-run (the CLI's --dry-run) → applied in mode dry-run with a diff; the tree untouched; the bundle stored (cli.md §7.9 step 7)", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "alpha\n");
    const out = await applyBundle({ ...fs(bundle, repo.root), mode: "dry-run", confirmDigest: undefined });
    expect(out.result).toMatchObject({ status: "applied", mode: "dry-run" });
    expect(out.result.diff).toContain("+alpha");
    expect(await treeNames(repo.root)).toEqual([]);
    expect(await storedText(repo.root, bundle.manifestDigest)).not.toBeNull();
  });

  test("a wrong confirmDigest → the engine's failed result ERR_CONFIRM_DIGEST_MISMATCH; nothing written, nothing stored by step 9", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a");
    const out = await applyBundle({ ...fs(bundle, repo.root), confirmDigest: `sha256:${"0".repeat(64)}` });
    expect(out.result.status).toBe("failed");
    expect(out.result.error?.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(await repo.read("a.txt")).toBeNull();
    expect(await storedText(repo.root, bundle.manifestDigest)).toBeNull();
  });

  test("anti-rollback: a signed bundle whose own checks ask for it advances state.json; a failed advance is trustError, the files stay applied", async () => {
    const key = generateEd25519();
    const keys = JSON.stringify({
      version: 1,
      keys: [{ keyid: key.keyid, alg: "ed25519", publicKey: Buffer.from(key.publicRaw).toString("base64") }],
    });
    const signed = (counter: number) => {
      const b = demoBundle({
        counter,
        path: `c${counter}.txt`,
        text: `counter ${counter}\n`,
        checks: [
          { id: "signed", predicate: "manifest.requireSigned", params: { antiRollback: true }, severity: "error" },
        ],
      });
      b.signatures = [signManifest(key.privateKey, b.manifest)];
      return b;
    };
    const ok = await tempRepo({ ".axiom/trust/keys.json": keys });
    const advanced = await applyBundle(fs(signed(6), ok.root));
    expect(advanced.result.status).toBe("applied");
    expect(advanced.trustError).toBeUndefined();
    expect(JSON.parse((await ok.read(".axiom/trust/state.json")) ?? "null")).toMatchObject({ lastCounter: 6 });

    const broken = await tempRepo({ ".axiom/trust/keys.json": keys });
    // state.json cannot be written: it is a non-empty directory (reads as absent, so the checks pass).
    await mkdir(join(broken.root, ".axiom/trust/state.json/x"), { recursive: true });
    const failed = await applyBundle(fs(signed(6), broken.root));
    expect(failed.result.status).toBe("applied");
    expect(failed.trustError?.code).toMatch(/^ERR_/);
    expect(await broken.read("c6.txt")).toBe("counter 6\n");
  });
});

describe("dryRunBundle (axiom_apply_dry_run, the axiom_write preview)", () => {
  test("applied in mode dry-run with the pre-apply report; nothing stored, nothing outside .axiom/ written", async () => {
    const repo = await tempRepo({ "keep.txt": "k" });
    const bundle = await oneFileBundle("a.txt", "alpha\n");
    const out = await dryRunBundle({ bundle, root: repo.root, profile: "default", guards: NO_GUARDS });
    expect(out.result).toMatchObject({ status: "applied", mode: "dry-run" });
    expect(out.report?.verdict).toBe("pass");
    expect(await storedText(repo.root, bundle.manifestDigest)).toBeNull();
    expect(await treeNames(repo.root)).toEqual(["keep.txt"]);
  });

  test("a profile file that is not JSON → ERR_INVALID_PROFILE {profile, path}", async () => {
    const repo = await tempRepo();
    await mkdir(join(repo.root, ".axiom/profiles"), { recursive: true });
    await writeFile(join(repo.root, ".axiom/profiles/team.json"), "{");
    const bundle = await oneFileBundle("a.txt", "a");
    await expectCode(
      dryRunBundle({ bundle, root: repo.root, profile: "team", guards: NO_GUARDS }),
      "ERR_INVALID_PROFILE",
      {
        profile: "team",
      },
    );
  });
});
