// axiom_write's use cases (mcp.md §7) on real temp repos: checkWriteFiles (§7.1), buildWritePlan
// (§7.2), compileWrite → previewWrite (§7.3 preview), compileWrite → prepareConfirm → confirmWrite
// (§7.3 apply, with the human step between the last two in the server) and the re-send rule.
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import {
  buildWritePlan,
  checkWriteFiles,
  confirmWrite,
  prepareConfirm,
  previewWrite,
  type WriteFile,
} from "../src/index";
import { compiled, ready, storedText, treeNames, WRITE_CHECKS } from "./helpers";

const checks = WRITE_CHECKS;

describe("checkWriteFiles (mcp.md §7.1)", () => {
  test("a duplicate path → ERR_INVALID_PLAN with path; write without content or delete with content → ERR_INVALID_PLAN {index}", async () => {
    const dup = await expectCode(
      () =>
        checkWriteFiles([
          { path: "a", content: "1" },
          { path: "a", content: "2" },
        ]),
      "ERR_INVALID_PLAN",
    );
    expect(dup.path).toBe("a");
    await expectCode(() => checkWriteFiles([{ path: "b" }]), "ERR_INVALID_PLAN", { index: 0 });
    await expectCode(
      () =>
        checkWriteFiles([
          { path: "x", content: "x" },
          { path: "c", op: "delete", content: "" },
        ]),
      "ERR_INVALID_PLAN",
      { index: 1 },
    );
    expect(() =>
      checkWriteFiles([
        { path: "a", content: "" },
        { path: "b", op: "delete" },
      ]),
    ).not.toThrow();
  });
});

describe("buildWritePlan (mcp.md §7.2)", () => {
  test("write → overwrite with an inline source (utf8, 0644 by default); delete → {path, op, mode}; the same input → the same JSON", () => {
    const files: WriteFile[] = [
      { path: "a.txt", content: "hi" },
      { path: "b.bin", content: "aGk=", encoding: "base64", mode: "0755" },
      { path: "c.txt", op: "delete" },
    ];
    const plan = buildWritePlan(files, "why", "strict");
    expect(plan).toEqual({
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "why",
      intent: "why",
      profile: "strict",
      artifacts: [
        { path: "a.txt", op: "overwrite", mode: "0644", source: { type: "inline", encoding: "utf8", content: "hi" } },
        {
          path: "b.bin",
          op: "overwrite",
          mode: "0755",
          source: { type: "inline", encoding: "base64", content: "aGk=" },
        },
        { path: "c.txt", op: "delete", mode: "0644" },
      ],
    });
    expect(JSON.stringify(buildWritePlan(files, "why", "strict"))).toBe(JSON.stringify(plan));
  });
});

describe("previewWrite (mcp.md §7.3 preview)", () => {
  test("the bundle is stored, the dry run's diff and checks come back with `next`; nothing outside .axiom/ changes", async () => {
    const repo = await tempRepo({ "keep.txt": "k\n" });
    const c = await compiled(repo.root, [{ path: "src/a.txt", content: "alpha\n" }]);
    const preview = await previewWrite(c, checks);
    expect(preview).toMatchObject({ status: "preview", mode: "dry-run", manifestDigest: c.bundle.manifestDigest });
    expect(preview.diff).toContain("+alpha");
    expect(preview.checks).toMatchObject({ verdict: "pass", profile: "default" });
    expect(preview.next).toBe(
      `Call axiom_write again with the same root, files, intent and profile and confirmDigest "${c.bundle.manifestDigest}" to apply.`,
    );
    expect(JSON.parse((await storedText(repo.root, c.bundle.manifestDigest)) ?? "null")).toEqual(c.bundle);
    expect(await treeNames(repo.root)).toEqual(["keep.txt"]);
  });

  test("a non-pass verdict (a protected path under the default profile) → failed with ERR_CHECKS_FAILED, checks present, no next", async () => {
    const repo = await tempRepo();
    const c = await compiled(repo.root, [{ path: ".claude/settings.json", content: "{}" }]);
    const r = await previewWrite(c, checks);
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_CHECKS_FAILED");
    expect(r.checks?.verdict).not.toBe("pass");
    expect(r.next).toBeUndefined();
    expect(await treeNames(repo.root)).toEqual([]);
  });

  test("a profile that does not exist → ERR_INVALID_PROFILE (after the store: the bundle is on disk)", async () => {
    const repo = await tempRepo();
    const c = await compiled(repo.root, [{ path: "a.txt", content: "a" }]);
    await expectCode(previewWrite(c, { ...checks, profile: "nope" }), "ERR_INVALID_PROFILE", { profile: "nope" });
    expect(await storedText(repo.root, c.bundle.manifestDigest)).not.toBeNull();
  });
});

describe("prepareConfirm → confirmWrite (mcp.md §7.3 apply)", () => {
  test("F = confirmDigest → ready; confirmWrite applies in mode fs and answers with the ApplyResult fields and checks", async () => {
    const repo = await tempRepo();
    const files = [{ path: "a.txt", content: "one\n" }];
    const digest = (await compiled(repo.root, files)).bundle.manifestDigest;
    const prepared = ready(await prepareConfirm(await compiled(repo.root, files), digest));
    expect(prepared.bundle.manifestDigest).toBe(digest);
    const out = await confirmWrite(prepared, checks);
    expect(out.result).toMatchObject({ status: "applied", mode: "fs", manifestDigest: digest });
    expect(out.write).toMatchObject({ status: "applied", mode: "fs", checks: { verdict: "pass" } });
    expect(out.write.next).toBeUndefined();
    expect(out.trustError).toBeUndefined();
    expect(out.storeError).toBeUndefined();
    expect(await repo.read("a.txt")).toBe("one\n");
  });

  test("the tree changed since the preview → ERR_CONFIRM_DIGEST_MISMATCH {confirmDigest, manifestDigest: F}; nothing written", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const previewed = (await compiled(repo.root, files)).bundle.manifestDigest;
    await repo.write({ "a.txt": "edited\n" });
    const fresh = await compiled(repo.root, files);
    await expectCode(prepareConfirm(fresh, previewed), "ERR_CONFIRM_DIGEST_MISMATCH", {
      confirmDigest: previewed,
      manifestDigest: fresh.bundle.manifestDigest,
    });
    expect(await repo.read("a.txt")).toBe("edited\n");
  });

  test("re-send rule: the same confirm after its apply → noop, every file unchanged, while the tree holds it; once edited → mismatch", async () => {
    const repo = await tempRepo();
    const files = [
      { path: "a.txt", content: "one\n" },
      { path: "b.txt", content: "two\n" },
    ];
    const first = await compiled(repo.root, files);
    await confirmWrite(ready(await prepareConfirm(first, first.bundle.manifestDigest)), checks);
    const again = await compiled(repo.root, files);
    expect(again.bundle.manifestDigest).not.toBe(first.bundle.manifestDigest); // the pre-images moved
    const noop = await prepareConfirm(again, first.bundle.manifestDigest);
    expect(noop).toEqual({
      kind: "noop",
      result: {
        apiVersion: "axiom.dev/v2",
        kind: "ApplyResult",
        manifestDigest: first.bundle.manifestDigest,
        mode: "fs",
        status: "noop",
        root: repo.root,
        files: [
          // The files this write created keep their op (EDIT-3), though they exist now.
          { path: "a.txt", op: "create", status: "unchanged" },
          { path: "b.txt", op: "create", status: "unchanged" },
        ],
      },
    });
    await repo.write({ "b.txt": "later edit\n" });
    await expectCode(
      prepareConfirm(await compiled(repo.root, files), first.bundle.manifestDigest),
      "ERR_CONFIRM_DIGEST_MISMATCH",
    );
  });

  test("a confirmDigest that is no digest, or names a digest never applied → ERR_CONFIRM_DIGEST_MISMATCH (never noop)", async () => {
    const repo = await tempRepo();
    const c = await compiled(repo.root, [{ path: "a.txt", content: "a" }]);
    await expectCode(prepareConfirm(c, "not-a-digest"), "ERR_CONFIRM_DIGEST_MISMATCH", {
      confirmDigest: "not-a-digest",
    });
    await expectCode(prepareConfirm(c, `sha256:${"0".repeat(64)}`), "ERR_CONFIRM_DIGEST_MISMATCH");
  });
});
