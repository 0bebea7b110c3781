// axiom_write stores its bundle at `<root>/.axiom/manifests/<hex>.json` on the preview and again on
// an applied confirm (mcp.md §7.3, §5.4 step 9), through the store's one writer (ARCH-S3): the
// confirm compiles the same bytes, so the preview's file stays while it holds the bundle, and is
// written again whenever it does not.
import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

let R: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  R = await tempRoot();
});
afterEach(async () => {
  await R.cleanup();
});

const files = [{ path: "src/a.txt", content: "alpha\n" }];

async function preview(h: ReturnType<typeof inProcess>) {
  const r = (await h.call("axiom_write", { files })).structuredContent as { status: string; manifestDigest: string };
  expect(r.status).toBe("preview");
  const stored = join(R.dir, ".axiom", "manifests", `${r.manifestDigest.slice(7)}.json`);
  return { digest: r.manifestDigest, stored, bytes: await readFile(stored) };
}

async function confirm(h: ReturnType<typeof inProcess>, digest: string) {
  const r = (await h.call("axiom_write", { files, confirmDigest: digest })).structuredContent as { status: string };
  expect(r.status).toBe("applied");
  expect(await readFile(join(R.dir, "src/a.txt"), "utf8")).toBe("alpha\n");
}

describe("axiom_write: the stored bundle on confirm", () => {
  test("unchanged since the preview → the preview's file stays (same inode, same bytes)", async () => {
    const h = inProcess([R.dir]);
    const p = await preview(h);
    const before = await stat(p.stored);
    await confirm(h, p.digest);
    expect((await stat(p.stored)).ino).toBe(before.ino);
    expect(await readFile(p.stored)).toEqual(p.bytes);
  });

  test("deleted after the preview → stored again, the same bytes", async () => {
    const h = inProcess([R.dir]);
    const p = await preview(h);
    await rm(p.stored);
    await confirm(h, p.digest);
    expect(await readFile(p.stored)).toEqual(p.bytes);
  });

  test("rewritten after the preview as a pretty copy of the same bundle → kept (it holds the bundle); torn → stored again as the preview wrote it", async () => {
    const h = inProcess([R.dir]);
    const p = await preview(h);
    const pretty = `${JSON.stringify(JSON.parse(p.bytes.toString("utf8")), null, 2)}\n`;
    const other = `${p.stored}.other`;
    await writeFile(other, pretty);
    await rename(other, p.stored);
    await confirm(h, p.digest);
    expect(await readFile(p.stored, "utf8")).toBe(pretty);

    const q = (await h.call("axiom_write", { files: [{ path: "src/b.txt", content: "b\n" }] })).structuredContent as {
      manifestDigest: string;
    };
    const stored = join(R.dir, ".axiom", "manifests", `${q.manifestDigest.slice(7)}.json`);
    const bytes = await readFile(stored);
    await writeFile(stored, bytes.subarray(0, 10));
    const r = (
      await h.call("axiom_write", {
        files: [{ path: "src/b.txt", content: "b\n" }],
        confirmDigest: q.manifestDigest,
      })
    ).structuredContent as { status: string };
    expect(r.status).toBe("applied");
    expect(await readFile(stored)).toEqual(bytes);
  });
});
