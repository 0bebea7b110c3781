// Issue 24: the confirm call of axiom_write takes its preview's compile (write-memo.ts) only when
// nothing it was built from changed — same root, same arguments, every target's identity as the
// preview found it. Each attack test changes one of them between the two calls and asserts the
// confirm compiled again and refused (ERR_CONFIRM_DIGEST_MISMATCH), exactly as without the memo.
import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { ManifestBundleSchema } from "@codai/axiom-schema";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test, vi } from "vitest";
import { compileWrite, confirmWrite, prepareConfirm, previewWrite, resentWrite, type WriteFile } from "../src/index";
import { argsKeyOf } from "../src/write-memo";
import { ready, WRITE_CHECKS } from "./helpers";

const request = (root: string, files: WriteFile[], intent = "memo") => ({
  root,
  files,
  intent,
  planProfile: "default",
});

/** Opens of `file` (the pre-image reads of a compile) while `run` runs. */
async function opensOf<T>(file: string, run: () => Promise<T>): Promise<{ value: T; opens: number }> {
  let opens = 0;
  const real = fsx.open;
  const restore = installFs({
    open: async (p, flags, mode) => {
      if (p === file) opens++;
      return real(p, flags, mode);
    },
  });
  try {
    return { value: await run(), opens };
  } finally {
    restore();
  }
}

const sleep = () => new Promise((r) => setTimeout(r, 30));

describe("confirm reuses the preview's compile (issue 24)", () => {
  test("unchanged tree: the confirm reads no pre-image again, gets the preview's digest and applies", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const preview = await compileWrite(request(repo.root, files));
    const target = path.join(repo.root, "a.txt");
    const { value: confirm, opens } = await opensOf(target, () =>
      compileWrite(request(repo.root, files), preview.bundle.manifestDigest),
    );
    expect(opens).toBe(0);
    expect(confirm.bundle.manifestDigest).toBe(preview.bundle.manifestDigest);
    const out = await confirmWrite(ready(await prepareConfirm(confirm, preview.bundle.manifestDigest)), WRITE_CHECKS);
    expect(out.result.status).toBe("applied");
    expect(await readFile(target, "utf8")).toBe("new\n");
  });

  test("one bundle schema pass for the pair: the compile's; the preview's dry run and the confirm's apply take the admitted bundle", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const parse = vi.spyOn(ManifestBundleSchema, "safeParse");
    try {
      const preview = await compileWrite(request(repo.root, files));
      expect(Object.isFrozen(preview.bundle.manifest.artifacts[0])).toBe(true);
      expect((await previewWrite(preview, WRITE_CHECKS)).status).toBe("preview");
      const digest = preview.bundle.manifestDigest;
      const out = await confirmWrite(
        ready(await prepareConfirm(await compileWrite(request(repo.root, files), digest), digest)),
        WRITE_CHECKS,
      );
      expect(out.result.status).toBe("applied");
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  test("a second confirm of the same preview compiles again (one reuse per preview)", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const digest = (await compileWrite(request(repo.root, files))).bundle.manifestDigest;
    await compileWrite(request(repo.root, files), digest);
    const { opens } = await opensOf(path.join(repo.root, "a.txt"), () =>
      compileWrite(request(repo.root, files), digest),
    );
    expect(opens).toBeGreaterThan(0);
  });

  test("attack: the target rewritten between preview and confirm (same size) → compiled again, ERR_CONFIRM_DIGEST_MISMATCH", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const digest = (await compileWrite(request(repo.root, files))).bundle.manifestDigest;
    await sleep();
    await writeFile(path.join(repo.root, "a.txt"), "OLD\n");
    const again = await compileWrite(request(repo.root, files), digest);
    expect(again.bundle.manifestDigest).not.toBe(digest);
    await expectCode(() => prepareConfirm(again, digest), "ERR_CONFIRM_DIGEST_MISMATCH");
  });

  test("attack: an absent target created between preview and confirm → compiled again (now an overwrite), mismatch", async () => {
    const repo = await tempRepo({ "keep.txt": "k\n" });
    const files = [{ path: "new.txt", content: "mine\n" }];
    const digest = (await compileWrite(request(repo.root, files))).bundle.manifestDigest;
    await writeFile(path.join(repo.root, "new.txt"), "theirs\n");
    const again = await compileWrite(request(repo.root, files), digest);
    expect(again.bundle.manifest.artifacts[0]?.op).toBe("overwrite");
    await expectCode(() => prepareConfirm(again, digest), "ERR_CONFIRM_DIGEST_MISMATCH");
  });

  test("attack: other arguments sent with the preview's digest → compiled from those arguments, mismatch", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const digest = (await compileWrite(request(repo.root, [{ path: "a.txt", content: "new\n" }]))).bundle
      .manifestDigest;
    const other = await compileWrite(request(repo.root, [{ path: "a.txt", content: "evil\n" }]), digest);
    expect(other.bundle.manifestDigest).not.toBe(digest);
    await expectCode(() => prepareConfirm(other, digest), "ERR_CONFIRM_DIGEST_MISMATCH");
  });

  test("another root with identical files is compiled against its own tree, not handed the first root's compile", async () => {
    const one = await tempRepo({ "a.txt": "same\n" });
    const two = await tempRepo({ "a.txt": "same\n" });
    const files = [{ path: "a.txt", content: "new\n" }];
    const first = await compileWrite(request(one.root, files));
    const { value: second, opens } = await opensOf(path.join(two.root, "a.txt"), () =>
      compileWrite(request(two.root, files), first.bundle.manifestDigest),
    );
    expect(opens).toBeGreaterThan(0);
    expect(second.root).toBe(two.root);
  });
});

describe("a re-sent confirm this process applied from the same arguments (EDIT-7)", () => {
  /** preview → confirm of `files`; returns the applied digest. */
  async function applyOnce(root: string, files: WriteFile[]): Promise<string> {
    const c = await compileWrite(request(root, files));
    expect((await previewWrite(c, WRITE_CHECKS)).status).toBe("preview");
    const digest = c.bundle.manifestDigest;
    const out = await confirmWrite(
      ready(await prepareConfirm(await compileWrite(request(root, files), digest), digest)),
      WRITE_CHECKS,
    );
    expect(out.result.status).toBe("applied");
    return digest;
  }
  const edits = [{ path: "a.txt", edits: [{ oldText: "old", newText: "new" }] }];

  test("an edits write re-sent after it applied → noop, every file unchanged (its oldText is gone, so a compile would refuse)", async () => {
    const repo = await tempRepo({ "a.txt": "old line\n" });
    const digest = await applyOnce(repo.root, edits);
    await expectCode(() => compileWrite(request(repo.root, edits), digest), "ERR_PATCH_NO_MATCH");
    const again = await resentWrite(request(repo.root, edits), digest);
    expect(again).toMatchObject({
      status: "noop",
      manifestDigest: digest,
      files: [{ path: "a.txt", status: "unchanged" }],
    });
    expect(await readFile(path.join(repo.root, "a.txt"), "utf8")).toBe("new line\n");
  });

  test("attack: the file changed after the apply → not a noop (the tree no longer holds the applied bundle)", async () => {
    const repo = await tempRepo({ "a.txt": "old line\n" });
    const digest = await applyOnce(repo.root, edits);
    await writeFile(path.join(repo.root, "a.txt"), "someone else\n");
    expect(await resentWrite(request(repo.root, edits), digest)).toBeUndefined();
  });

  test("attack: other arguments with the applied digest, or the digest on another root → not a noop", async () => {
    const repo = await tempRepo({ "a.txt": "old line\n" });
    const other = await tempRepo({ "a.txt": "old line\n" });
    const digest = await applyOnce(repo.root, edits);
    const changed = [{ path: "a.txt", edits: [{ oldText: "old", newText: "NEW" }] }];
    expect(await resentWrite(request(repo.root, changed), digest)).toBeUndefined();
    expect(await resentWrite(request(repo.root, edits, "other intent"), digest)).toBeUndefined();
    expect(await resentWrite(request(other.root, edits), digest)).toBeUndefined();
  });
});

describe("the arguments' key (argsKeyOf)", () => {
  const base = (): WriteFile[] => [
    { path: "a.txt", content: "one", encoding: "utf8", mode: "0644" },
    { path: "b.txt", edits: [{ oldText: "x", newText: "y", replaceAll: true }] },
    { path: "c.txt", patch: { format: "unified", text: "@@ -1 +1 @@\n-a\n+b\n" } },
    { path: "d.txt", op: "delete" },
  ];
  const key = (files: WriteFile[], over: Partial<ReturnType<typeof request>> = {}) =>
    argsKeyOf({ ...request("/r", files), ...over });

  test("equal arguments built apart → one key; every field of every file, the root, intent and profile count", () => {
    expect(key(base())).toBe(key(base()));
    const variants: Array<(f: WriteFile[]) => void> = [
      (f) => (f[0].path = "a2.txt"),
      (f) => (f[0].content = "one "),
      (f) => (f[0].encoding = "base64"),
      (f) => (f[0].mode = "0755"),
      (f) => (f[1].edits = [{ oldText: "x", newText: "z", replaceAll: true }]),
      (f) => (f[1].edits = [{ oldText: "X", newText: "y", replaceAll: true }]),
      (f) => (f[1].edits = [{ oldText: "x", newText: "y" }]),
      (f) => (f[2].patch = { format: "v4a", text: "@@ -1 +1 @@\n-a\n+b\n" }),
      (f) => (f[2].patch = { format: "unified", text: "@@ -1 +1 @@\n-a\n+c\n" }),
      (f) => (f[3].op = "write"),
      (f) => f.reverse(),
      (f) => f.pop(),
    ];
    const keys = new Set([key(base())]);
    for (const change of variants) {
      const files = base();
      change(files);
      keys.add(key(files));
    }
    keys
      .add(key(base(), { root: "/r2" }))
      .add(key(base(), { intent: "other" }))
      .add(key(base(), { planProfile: "strict" }));
    expect(keys.size).toBe(variants.length + 4);
  });

  test("attack: text that spells a field boundary does not collide with the split it imitates", () => {
    const glued = key([{ path: "a.txt", content: 'x","y' }]);
    expect(glued).not.toBe(key([{ path: "a.txt", content: "x" }, { path: "y" }]));
    expect(key([{ path: "a", content: "b" }], { intent: "c" })).not.toBe(
      key([{ path: "a", content: "bc" }], { intent: "" }),
    );
  });
});
