// axiom_write `edits` and `patch` (issue 19 item 6) over real stdio: `node dist/cli.js mcp` driven by
// the SDK v1 client (`@modelcontextprotocol/sdk`, which validates every result against the listed
// output schema) and the SDK v2 client. Errors arrive as isError with the JSON in the text content
// and no structuredContent (MCP-14), codes and details intact.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ClientKind, errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

type Write = {
  status: string;
  manifestDigest: string;
  diff?: string;
  files: { path: string; op: string; status: string }[];
};

const BIG = `${Array.from({ length: 2000 }, (_, i) => `export const v${i} = ${i};`).join("\n")}\n`;

describe.each<ClientKind>(["v1", "v2-auto"])("client %s", (kind) => {
  let root: { dir: string; cleanup: () => Promise<void> };
  let mcp: McpSession;
  const at = (rel: string) => join(root.dir, rel);

  beforeAll(async () => {
    root = await tempRoot();
    mcp = await startMcp(kind, ["--root", root.dir]);
  });
  afterAll(async () => {
    await mcp?.close();
    await root?.cleanup();
  });

  /** Preview, then confirm with the preview's digest; both answers. */
  async function writeThrough(args: Record<string, unknown>) {
    const preview = await mcp.callTool("axiom_write", args);
    const p = preview.structuredContent as Write;
    expect(p?.status, JSON.stringify(preview.content)).toBe("preview");
    const applied = await mcp.callTool("axiom_write", { ...args, confirmDigest: p.manifestDigest });
    return { p, a: applied.structuredContent as Write };
  }

  test("EDIT-7: the confirm of an applied edits write sent again to the same server → noop, nothing written again", async () => {
    await writeFile(at("resend.txt"), "alpha\n");
    const args = { files: [{ path: "resend.txt", edits: [{ oldText: "alpha", newText: "beta" }] }] };
    const { p, a } = await writeThrough(args);
    expect(a.status).toBe("applied");
    const again = await mcp.callTool("axiom_write", { ...args, confirmDigest: p.manifestDigest });
    expect(again.isError ?? false).toBe(false);
    expect(again.structuredContent).toMatchObject({
      status: "noop",
      manifestDigest: p.manifestDigest,
      files: [{ path: "resend.txt", status: "unchanged" }],
    });
    expect(await readFile(at("resend.txt"), "utf8")).toBe("beta\n");
  });

  test("acceptance: a one-line edit of a 2,000-line file sends < 1 KiB of arguments, previews, confirms, applies, and axiom_rollback restores it byte for byte", async () => {
    await writeFile(at("big.ts"), BIG);
    const args = { files: [{ path: "big.ts", edits: [{ oldText: "v1234 = 1234;", newText: "v1234 = 42;" }] }] };
    expect(Buffer.byteLength(JSON.stringify(args), "utf8")).toBeLessThan(1024);
    const preview = (await mcp.callTool("axiom_write", args)).structuredContent as Write;
    expect(preview.status).toBe("preview");
    expect(preview.diff).toContain("-export const v1234 = 1234;\n+export const v1234 = 42;\n");
    expect(await readFile(at("big.ts"), "utf8")).toBe(BIG);
    const applied = (await mcp.callTool("axiom_write", { ...args, confirmDigest: preview.manifestDigest }))
      .structuredContent as Write;
    expect(applied).toMatchObject({
      status: "applied",
      files: [{ path: "big.ts", op: "overwrite", status: "written" }],
    });
    expect(await readFile(at("big.ts"), "utf8")).toBe(BIG.replace("v1234 = 1234;", "v1234 = 42;"));
    const rb = await mcp.callTool("axiom_rollback", { manifestDigest: preview.manifestDigest });
    expect((rb.structuredContent as { status: string }).status).toBe("rolled-back");
    expect((await readFile(at("big.ts"))).equals(Buffer.from(BIG))).toBe(true);
  });

  test("a non-unique oldText → ERR_PATCH_NO_MATCH {path, index, matches: 2}; zero matches → matches: 0; the file untouched", async () => {
    await writeFile(at("dup.txt"), "a = 1\nb = 1\n");
    const two = errorOf(
      await mcp.callTool("axiom_write", { files: [{ path: "dup.txt", edits: [{ oldText: "= 1", newText: "= 2" }] }] }),
    );
    expect(two).toMatchObject({
      code: "ERR_PATCH_NO_MATCH",
      path: "dup.txt",
      details: { path: "dup.txt", index: 0, matches: 2 },
    });
    const none = errorOf(
      await mcp.callTool("axiom_write", { files: [{ path: "dup.txt", edits: [{ oldText: "= 3", newText: "= 2" }] }] }),
    );
    expect(none).toMatchObject({ code: "ERR_PATCH_NO_MATCH", details: { index: 0, matches: 0 } });
    expect(await readFile(at("dup.txt"), "utf8")).toBe("a = 1\nb = 1\n");
  });

  test("replaceAll, ordered edits, and an overlap refused (ERR_PATCH_NO_MATCH {overlaps})", async () => {
    await writeFile(at("multi.txt"), "x=1\ny=1\nz=1\n");
    const overlap = errorOf(
      await mcp.callTool("axiom_write", {
        files: [
          {
            path: "multi.txt",
            edits: [
              { oldText: "x=1", newText: "x=10" },
              { oldText: "0\ny", newText: "0\nY" },
            ],
          },
        ],
      }),
    );
    expect(overlap).toMatchObject({ code: "ERR_PATCH_NO_MATCH", details: { index: 1, overlaps: 0 } });
    const { a } = await writeThrough({
      files: [
        {
          path: "multi.txt",
          edits: [
            { oldText: "x=1", newText: "x=2" },
            { oldText: "=1", newText: "=3", replaceAll: true },
          ],
        },
      ],
    });
    expect(a.status).toBe("applied");
    expect(await readFile(at("multi.txt"), "utf8")).toBe("x=2\ny=3\nz=3\n");
  });

  test("unified and v4a patches apply in one call; a new file by content reports op create (not overwrite)", async () => {
    await writeFile(at("u.txt"), "a\nb\nc\n");
    await writeFile(at("v.txt"), "one\ntwo\n");
    const { p, a } = await writeThrough({
      files: [
        {
          path: "u.txt",
          patch: { format: "unified", text: "--- a/u.txt\n+++ b/u.txt\n@@ -2,2 +2,2 @@\n-b\n+B\n c\n" },
        },
        {
          path: "v.txt",
          patch: { format: "v4a", text: "*** Begin Patch\n*** Update File: v.txt\n@@\n-two\n+TWO\n*** End Patch\n" },
        },
        { path: "fresh.txt", content: "new\n" },
      ],
    });
    expect(p.files.map((f) => [f.path, f.op])).toEqual([
      ["fresh.txt", "create"],
      ["u.txt", "overwrite"],
      ["v.txt", "overwrite"],
    ]);
    expect(a.status).toBe("applied");
    expect(a.files.find((f) => f.path === "fresh.txt")?.op).toBe("create");
    expect(await readFile(at("u.txt"), "utf8")).toBe("a\nB\nc\n");
    expect(await readFile(at("v.txt"), "utf8")).toBe("one\nTWO\n");
  });

  test("a patch that does not apply → ERR_PATCH_NO_MATCH; edits of a missing file → ERR_NOT_FOUND; content+edits → ERR_INVALID_PLAN; nothing written", async () => {
    await writeFile(at("p.txt"), "a\n");
    const miss = errorOf(
      await mcp.callTool("axiom_write", {
        files: [{ path: "p.txt", patch: { format: "unified", text: "@@ -1 +1 @@\n-zzz\n+y\n" } }],
      }),
    );
    expect(miss).toMatchObject({ code: "ERR_PATCH_NO_MATCH", path: "p.txt" });
    const absent = errorOf(
      await mcp.callTool("axiom_write", { files: [{ path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] }] }),
    );
    expect(absent).toMatchObject({ code: "ERR_NOT_FOUND", path: "nope.txt" });
    const mixed = errorOf(
      await mcp.callTool("axiom_write", {
        files: [{ path: "p.txt", content: "b\n", edits: [{ oldText: "a", newText: "b" }] }],
      }),
    );
    expect(mixed).toMatchObject({ code: "ERR_INVALID_PLAN", path: "p.txt", details: { index: 0 } });
    expect(await readFile(at("p.txt"), "utf8")).toBe("a\n");
    await expect(readFile(at("nope.txt"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("TOCTOU: the file changes between the preview and the confirm → ERR_CONFIRM_DIGEST_MISMATCH, nothing written", async () => {
    await writeFile(at("race.txt"), "top\nold\n");
    const args = { files: [{ path: "race.txt", edits: [{ oldText: "old", newText: "new" }] }] };
    const preview = (await mcp.callTool("axiom_write", args)).structuredContent as Write;
    await writeFile(at("race.txt"), "someone else\nold\n");
    const e = errorOf(await mcp.callTool("axiom_write", { ...args, confirmDigest: preview.manifestDigest }));
    expect(e).toMatchObject({
      code: "ERR_CONFIRM_DIGEST_MISMATCH",
      details: { confirmDigest: preview.manifestDigest },
    });
    expect(await readFile(at("race.txt"), "utf8")).toBe("someone else\nold\n");
  });
});
