// mcp.md §4, §5, §6, §7, §10, §12 over real stdio with three real clients: the SDK v2 client on the
// 2026-07-28 era (versionNegotiation auto), the same client on the default 2025 handshake, and the
// v1 SDK client. Each drives `node dist/cli.js mcp` as a child process.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isErrorCode } from "@codai/axiom-schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toolsJsonEntries } from "../src/server/tools/render-registry";
import { type ClientKind, errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

const CORE = ["axiom_check", "axiom_apply_dry_run", "axiom_apply", "axiom_rollback", "axiom_write", "axiom_status"];

describe.each<ClientKind>(["v2-auto", "v2-legacy", "v1"])("client %s", (kind) => {
  let root: { dir: string; cleanup: () => Promise<void> };
  let full: McpSession;
  let core: McpSession;

  beforeAll(async () => {
    root = await tempRoot();
    full = await startMcp(kind, ["--root", root.dir, "--tools", "full"]);
    core = await startMcp(kind, ["--root", root.dir]);
  });
  afterAll(async () => {
    await full?.close();
    await core?.close();
    await root?.cleanup();
  });

  test("Default toolset → tools/list names exactly the 6 core tools, in registry order", async () => {
    const { tools } = await core.listTools();
    expect(tools.map((t) => t.name)).toEqual(CORE);
  });

  test("--tools full → 19 tools in registry order; every listed tool has annotations.idempotentHint: true, openWorldHint: false, annotations.title = title, and an outputSchema", async () => {
    const { tools } = await full.listTools();
    expect(tools).toHaveLength(19);
    expect(tools[0].name).toBe("axiom_plan_validate");
    expect(tools[18].name).toBe("axiom_repo_snapshot");
    for (const t of tools) {
      expect(t.annotations?.idempotentHint).toBe(true);
      expect(t.annotations?.openWorldHint).toBe(false);
      expect(t.annotations?.title).toBe(t.title);
      expect(t.outputSchema?.type).toBe("object");
      expect(t.inputSchema.type).toBe("object");
    }
  });

  test("tools/list of dist equals the tools.json rendering of the Zod schemas, tool by tool (the build inlines it, SHIP-8)", async () => {
    const { tools } = await full.listTools();
    const entries = toolsJsonEntries();
    expect(tools.map((t) => t.name)).toEqual(entries.map((e) => e.name));
    for (const [i, e] of entries.entries()) {
      const t = tools[i] as (typeof tools)[number];
      expect(t.title).toBe(e.title);
      expect(t.description).toBe(e.description);
      expect(t.annotations).toEqual({ title: e.title, ...e.annotations });
      expect(t.inputSchema).toEqual({ type: "object", ...e.inputSchema });
      expect(t.outputSchema).toEqual(e.outputSchema);
    }
  });

  test('tools/list → _meta["anthropic/requiresUserInteraction"] === true on axiom_apply and axiom_write; no _meta on any other tool', async () => {
    const { tools } = await full.listTools();
    for (const t of tools) {
      if (t.name === "axiom_apply" || t.name === "axiom_write")
        expect(t._meta?.["anthropic/requiresUserInteraction"]).toBe(true);
      else expect(t._meta).toBeUndefined();
    }
  });

  test("Core toolset, tools/call axiom_plan_compile → JSON-RPC error -32602, not an isError result", async () => {
    await expect(core.callTool("axiom_plan_compile", { plan: {} })).rejects.toMatchObject({ code: -32602 });
  });

  test("write path: preview → confirm → status → rollback", async () => {
    const file = join(root.dir, "a.txt");
    const preview = await full.callTool("axiom_write", { files: [{ path: "a.txt", content: "x" }] });
    expect(preview.isError).toBeUndefined();
    const p = preview.structuredContent as Record<string, unknown>;
    expect(p.status).toBe("preview");
    expect(p.mode).toBe("dry-run");
    expect((p.checks as { verdict: string }).verdict).toBe("pass");
    expect(p.next).toContain(p.manifestDigest as string);
    await expect(readFile(file)).rejects.toMatchObject({ code: "ENOENT" });
    const summary = JSON.parse(preview.content[0].text);
    expect(summary.status).toBe("preview");

    const applied = await full.callTool("axiom_write", {
      files: [{ path: "a.txt", content: "x" }],
      confirmDigest: p.manifestDigest,
    });
    expect((applied.structuredContent as { status: string }).status).toBe("applied");
    expect(await readFile(file, "utf8")).toBe("x");

    const status = await full.callTool("axiom_status", {});
    const s = status.structuredContent as {
      root: string;
      lastApplied: { manifestDigest: string };
      chain: { ok: boolean };
    };
    expect(s.root).toBe(root.dir);
    expect(s.lastApplied.manifestDigest).toBe(p.manifestDigest);
    expect(s.chain.ok).toBe(true);

    const rb = await full.callTool("axiom_rollback", { manifestDigest: p.manifestDigest });
    const r = rb.structuredContent as { status: string; steps: unknown[] };
    expect(r.status).toBe("rolled-back");
    expect(Array.isArray(r.steps)).toBe(true);
    expect(JSON.parse(rb.content[0].text).steps).toBe(r.steps.length);
    await expect(readFile(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("a failing call per error family: every failure is isError with `CODE: message` then the error JSON as its text blocks and no structuredContent (MCP-14, MCP-15)", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["axiom_check", { bundle: 42 }, "ERR_INVALID_PLAN"],
      ["axiom_status", { root: "rel/path" }, "ERR_ROOT_NOT_ALLOWED"],
      ["axiom_apply", { bundle: { manifest: {}, manifestDigest: "x" } }, "ERR_INVALID_MANIFEST"],
      ["axiom_rollback", { manifestDigest: "nothex" }, "ERR_NOT_FOUND"],
      [
        "axiom_write",
        { files: [{ path: "b.txt", content: "y" }], confirmDigest: `sha256:${"0".repeat(64)}` },
        "ERR_CONFIRM_DIGEST_MISMATCH",
      ],
      ["axiom_write", { files: [{ path: "b.txt", content: "y" }], profile: "permissive" }, "ERR_INVALID_PROFILE"],
      ["axiom_task_get", { taskId: "nope" }, "ERR_TASK_NOT_FOUND"],
      [
        "axiom_plan_compile",
        { plan: { apiVersion: "axiom.dev/v2", kind: "Plan", name: "x", intent: "", artifacts: [] } },
        "ERR_INVALID_PLAN",
      ],
    ];
    for (const [tool, args, code] of cases) {
      const r = await full.callTool(tool, args);
      const e = errorOf(r);
      expect(e.code, `${tool} ${JSON.stringify(args)}`).toBe(code);
      expect(isErrorCode(e.code)).toBe(true);
      expect(r.structuredContent).toBeUndefined();
    }
    expect(full.stderr()).toContain('"msg":"tool failed"');
  });

  test("resources/list after a compile with root → contains axiom://manifest/<hex>; read returns the bundle as pretty JSON; an unknown hex → -32602 ERR_NOT_FOUND", async () => {
    const plan = {
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "res",
      intent: "",
      artifacts: [{ path: "r.txt", source: { type: "inline", content: "r" } }],
    };
    const compiled = await full.callTool("axiom_plan_compile", { plan, root: root.dir });
    const digest = (compiled.structuredContent as { manifestDigest: string }).manifestDigest;
    const hex = digest.slice(7);
    const { resources } = await full.listResources();
    expect(resources.map((r) => r.uri)).toContain(`axiom://manifest/${hex}`);
    const read = await full.readResource(`axiom://manifest/${hex}`);
    expect(read.contents[0].text).toBe(`${JSON.stringify(JSON.parse(read.contents[0].text ?? ""), null, 2)}\n`);
    expect(JSON.parse(read.contents[0].text ?? "").manifestDigest).toBe(digest);
    const stored = JSON.parse(await readFile(join(root.dir, ".axiom", "manifests", `${hex}.json`), "utf8"));
    expect(stored.manifestDigest).toBe(digest);
    const miss = full.readResource(`axiom://manifest/${"0".repeat(64)}`);
    await expect(miss).rejects.toMatchObject({ code: -32602 });
    await expect(full.readResource(`axiom://manifest/${"0".repeat(64)}`)).rejects.toThrow(/ERR_NOT_FOUND/);
  });

  test("Resources list is identical under core and full", async () => {
    const a = (await core.listResources()).resources.map((r) => r.uri);
    const b = (await full.listResources()).resources.map((r) => r.uri);
    expect(a).toEqual(b);
  });

  test("Preview, edit a.txt externally, confirm → ERR_CONFIRM_DIGEST_MISMATCH {confirmDigest, manifestDigest: <new>}, file keeps the external edit", async () => {
    const files = [{ path: "t.txt", content: "agent" }];
    const preview = await full.callTool("axiom_write", { files });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    await writeFile(join(root.dir, "t.txt"), "human");
    const e = errorOf(await full.callTool("axiom_write", { files, confirmDigest: digest }));
    expect(e.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(e.details?.confirmDigest).toBe(digest);
    expect(e.details?.manifestDigest).not.toBe(digest);
    expect(e.details?.reason).toBeUndefined();
    expect(await readFile(join(root.dir, "t.txt"), "utf8")).toBe("human");
  });
});

test("initialize (2025) and server/discover (2026) → serverInfo.name axiom, version = package version, capabilities exactly tools.listChanged false, resources.listChanged false, completions {}", async () => {
  const root = await tempRoot();
  const pkg = JSON.parse(await readFile(join(__dirname, "..", "package.json"), "utf8"));
  try {
    for (const kind of ["v2-auto", "v2-legacy", "v1"] as const) {
      const s = await startMcp(kind, ["--root", root.dir]);
      const client = s.raw as {
        getServerVersion(): { name: string; version: string };
        getServerCapabilities(): Record<string, unknown>;
      };
      expect(client.getServerVersion()).toMatchObject({ name: "axiom", version: pkg.version });
      const caps = client.getServerCapabilities();
      expect(caps.tools).toEqual({ listChanged: false });
      expect(caps.resources).toEqual({ listChanged: false });
      expect(caps.completions).toEqual({});
      expect(caps.prompts).toBeUndefined();
      expect(caps.logging).toBeUndefined();
      if (kind === "v2-auto")
        expect((s.raw as { getNegotiatedProtocolVersion(): string }).getNegotiatedProtocolVersion()).toBe("2026-07-28");
      await s.close();
    }
  } finally {
    await root.cleanup();
  }
});
