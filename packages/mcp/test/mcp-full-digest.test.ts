// MCP tools take full digests only (CLI-R4), through a real SDK client over stdio: the short refs the
// CLI accepts (`#seq`, a hex prefix) are refused with reason `full-digest-required` and a message
// that says where the full digest is; nothing is rolled back; the full digest works; a confirm
// must echo the exact digest (a prefix is a mismatch, never a match).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempDir } from "./cli-run";
import { errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

let root: TempDir;
let mcp: McpSession;
let digest: string;

beforeAll(async () => {
  root = await tempRoot("axiom-mcp-full-digest-");
  mcp = await startMcp("v2-legacy", ["--root", root.dir, "--tools", "full"]);
  const files = [{ path: "a.txt", content: "x" }];
  const preview = await mcp.callTool("axiom_write", { files });
  digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
  const applied = await mcp.callTool("axiom_write", { files, confirmDigest: digest });
  expect((applied.structuredContent as { status: string }).status).toBe("applied");
});
afterAll(async () => {
  await mcp.close();
  await root.cleanup();
});

const hex = () => digest.slice("sha256:".length);

describe("short refs over MCP", () => {
  test.each([
    ["a 12-hex prefix", () => hex().slice(0, 12)],
    ["sha256: + a 7-hex prefix", () => `sha256:${hex().slice(0, 7)}`],
    ["#seq", () => "#1"],
  ])("axiom_rollback with %s → ERR_NOT_FOUND full-digest-required; the change stays applied", async (_, ref) => {
    const e = errorOf(await mcp.callTool("axiom_rollback", { manifestDigest: ref() }));
    expect(e.code).toBe("ERR_NOT_FOUND");
    expect(e.details).toEqual({ digest: ref(), reason: "full-digest-required" });
    expect(e.message).toContain("full manifest digest (sha256:<64 hex>)");
    expect(await readFile(join(root.dir, "a.txt"), "utf8")).toBe("x");
  });

  test("axiom_manifest_diff with a prefix → ERR_NOT_FOUND full-digest-required {ref}", async () => {
    const e = errorOf(await mcp.callTool("axiom_manifest_diff", { a: hex().slice(0, 12), b: digest }));
    expect(e.code).toBe("ERR_NOT_FOUND");
    expect(e.details).toEqual({ ref: hex().slice(0, 12), reason: "full-digest-required" });
  });

  test("a string that is no ref at all keeps the plain refusal (no reason)", async () => {
    const e = errorOf(await mcp.callTool("axiom_rollback", { manifestDigest: "HEAD~1" }));
    expect(e.code).toBe("ERR_NOT_FOUND");
    expect(e.details).toEqual({ digest: "HEAD~1" });
  });

  test("a confirm that echoes only a prefix is a digest mismatch, and nothing is written", async () => {
    const files = [{ path: "b.txt", content: "y" }];
    const preview = await mcp.callTool("axiom_write", { files });
    const d = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const e = errorOf(await mcp.callTool("axiom_write", { files, confirmDigest: d.slice(0, 19) }));
    expect(e.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    await expect(readFile(join(root.dir, "b.txt"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("the full digest, and the bare 64 hex, still work: rollback restores the tree", async () => {
    const r = await mcp.callTool("axiom_rollback", { manifestDigest: hex() });
    expect(r.isError).toBeUndefined();
    expect((r.structuredContent as { status: string; manifestDigest: string }).manifestDigest).toBe(digest);
    await expect(readFile(join(root.dir, "a.txt"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
