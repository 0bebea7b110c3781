// `axiom mcp` as a process (mcp.md §1, §2, §11.1, §12, §13): start-up errors, logging, stdout purity,
// wire modes, shutdown, the argument cap over stdio, resources over the wire.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadBuildGraph } from "./build-graph";
import { errorLine } from "./cli-run";
import { CLI, childEnv, errorOf, REPO, startMcp, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  R = await tempRoot();
});
afterAll(() => R.cleanup());

const run = (args: string[]) =>
  spawnSync(process.execPath, [CLI, "mcp", ...args], { encoding: "utf8", env: childEnv(), input: "", timeout: 30_000 });

describe("start-up (§1, §3.1)", () => {
  test("axiom mcp --root /abs/missing and --root /abs/file.txt → ERR_ROOT_NOT_DIR, exit 2; a relative root is resolved against the cwd (CLI-H-6): --root missing/dir → ERR_ROOT_NOT_DIR", async () => {
    await writeFile(join(R.dir, "file.txt"), "");
    for (const root of ["relative/dir", join(R.dir, "missing"), join(R.dir, "file.txt")]) {
      const r = spawnSync(process.execPath, [CLI, "mcp", "--root", root], {
        encoding: "utf8",
        env: childEnv(),
        input: "",
        cwd: R.dir,
        timeout: 30_000,
      });
      expect(r.status).toBe(2);
      expect(JSON.parse(r.stderr.trim().split("\n").pop() ?? "")).toMatchObject({
        code: "ERR_ROOT_NOT_DIR",
        details: { root: root.startsWith("/") ? root : join(R.dir, root) },
      });
      expect(r.stdout).toBe("");
    }
  });

  test("axiom mcp --root . (relative) serves the cwd: axiom_status {} reports its realpath", async () => {
    const s = rawServer(["--root", "."], R.dir);
    await s.send("initialize", INIT);
    s.notify("notifications/initialized");
    const r = (await s.send("tools/call", { name: "axiom_status", arguments: {} })) as {
      result: { structuredContent: { root: string } };
    };
    s.child.stdin.end();
    expect(await s.exit()).toBe(0);
    expect(r.result.structuredContent.root).toBe(R.dir);
  });

  test("--tools everything, --wire 2027, --log-level verbose, --http-token-env without --http → usage error, exit 2", () => {
    for (const args of [
      ["--tools", "everything"],
      ["--wire", "2027"],
      ["--log-level", "verbose"],
      ["--root", R.dir, "--http-token-env", "T"],
    ]) {
      const r = run(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(errorLine(r).code).toBe("ERR_USAGE");
    }
  });

  test("--allow-guards → warn line `external guards ENABLED (--allow-guards)` {allowlist}; a relative --guard-allowlist entry → usage error", () => {
    const ok = run(["--root", R.dir, "--allow-guards", "--guard-allowlist", "/usr/bin/true"]);
    expect(ok.status).toBe(0);
    const line = ok.stderr
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === "external guards ENABLED (--allow-guards)");
    expect(line).toMatchObject({ level: "warn", allowlist: ["/usr/bin/true"] });
    const bad = run(["--root", R.dir, "--guard-allowlist", "rel/guard"]);
    expect(bad.status).toBe(2);
    expect(errorLine(bad).code).toBe("ERR_USAGE");
  });

  test("a --profile that does not exist refuses start-up (exit 2)", () => {
    const r = run(["--root", R.dir, "--profile", "nope"]);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr.trim().split("\n").pop() ?? "").code).toBe("ERR_INVALID_PROFILE");
  });

  test("axiom mcp with no --root refuses to start (CLI-H-5): ERR_ROOT_REQUIRED {roots: []} whose message says how to fix it, stdout empty, exit 2", () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    const err = errorLine(r);
    expect(err).toMatchObject({ code: "ERR_ROOT_REQUIRED", details: { roots: [] } });
    expect(err.message).toContain("--root");
  });

  test("Built dist/cli.cjs and dist/cli-main.js contain none of server/discover, Mcp-Protocol-Version, @modelcontextprotocol/", async () => {
    for (const f of ["cli.cjs", "cli-main.js"]) {
      const text = await readFile(join(REPO, "packages/mcp/dist", f), "utf8");
      for (const marker of ["server/discover", "Mcp-Protocol-Version", "@modelcontextprotocol/"])
        expect(text).not.toContain(marker);
    }
    // The SDK is reached only through the lazy MCP/HTTP entries (they share the adapter chunk): the
    // static import closure of cli-main.js never contains it, that of mcp-lazy.js does (module graph
    // from esbuild's metafile: the output is minified).
    const graph = await loadBuildGraph();
    const sdk = (entry: string) =>
      [...graph.closure(entry, false).externals].filter((e) => e.startsWith("@modelcontextprotocol/"));
    expect(sdk("dist/cli-main.js")).toEqual([]);
    expect(sdk("dist/mcp-lazy.js")).toContain("@modelcontextprotocol/server");
    expect(sdk("dist/http-lazy.js")).toContain("@modelcontextprotocol/server");
  });
});

/** Spawns the server and speaks raw JSON-RPC lines. */
function rawServer(args: string[], cwd?: string) {
  const child = spawn(process.execPath, [CLI, "mcp", ...args], {
    cwd,
    env: childEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Map<number, (msg: Record<string, unknown>) => void>();
  let pending = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    pending += d.toString();
    let i = pending.indexOf("\n");
    while (i >= 0) {
      const msg = JSON.parse(pending.slice(0, i));
      pending = pending.slice(i + 1);
      waiters.get(msg.id)?.(msg);
      i = pending.indexOf("\n");
    }
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  let id = 0;
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const msgId = ++id;
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: msgId, method, params })}\n`);
      return new Promise((resolve) => waiters.set(msgId, resolve));
    },
    notify(method: string) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    },
    exit: () => new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code))),
  };
}

const INIT = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } };

describe("stdout is the protocol (§13)", () => {
  test("Stdio server driven through every full-toolset tool → every stdout line is a JSON-RPC message; --log-level debug lines are JSON with keys starting level, ts, msg", async () => {
    const s = rawServer(["--root", R.dir, "--tools", "full", "--log-level", "debug"]);
    await s.send("initialize", INIT);
    s.notify("notifications/initialized");
    const { result } = (await s.send("tools/list")) as { result: { tools: { name: string }[] } };
    expect(result.tools).toHaveLength(19);
    const plan = {
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "raw",
      intent: "",
      artifacts: [{ path: "a.txt", source: { type: "inline", content: "a" } }],
    };
    const compiled = (await s.send("tools/call", { name: "axiom_plan_compile", arguments: { plan, root: R.dir } })) as {
      result: { structuredContent: Record<string, unknown> };
    };
    const bundle = compiled.result.structuredContent;
    const argsFor: Record<string, Record<string, unknown>> = {
      axiom_plan_validate: { plan },
      axiom_manifest_verify: { bundle },
      axiom_check: { bundle },
      axiom_check_start: { bundle },
      axiom_task_get: { taskId: "x" },
      axiom_task_cancel: { taskId: "x" },
      axiom_plan_begin: { name: "s", intent: "" },
      axiom_plan_add: { sessionId: "x", artifacts: [{}] },
      axiom_plan_seal: { sessionId: "x" },
      axiom_apply_dry_run: { bundle },
      axiom_apply: { bundle, confirmDigest: bundle.manifestDigest },
      axiom_rollback: { manifestDigest: bundle.manifestDigest },
      axiom_write: { files: [{ path: "w.txt", content: "w" }] },
      axiom_manifest_diff: { a: bundle, b: bundle },
      axiom_axm_parse: { source: "axm 2\n" },
      axiom_roots_list: {},
      axiom_status: {},
      axiom_repo_snapshot: {},
    };
    for (const t of result.tools) {
      if (t.name === "axiom_plan_compile") continue;
      const r = (await s.send("tools/call", { name: t.name, arguments: argsFor[t.name] })) as {
        result?: unknown;
        error?: unknown;
      };
      expect(r.result ?? r.error, t.name).toBeDefined();
    }
    await s.send("resources/list");
    s.child.stdin.end();
    expect(await s.exit()).toBe(0);
    const lines = s
      .stdout()
      .split("\n")
      .filter((l) => l !== "");
    expect(s.stdout().endsWith("\n")).toBe(true);
    for (const l of lines) expect(JSON.parse(l).jsonrpc).toBe("2.0");
    const logs = s
      .stderr()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    for (const l of logs) expect(Object.keys(l).slice(0, 3)).toEqual(["level", "ts", "msg"]);
    expect(logs.some((l) => l.msg === "mcp stdio ready" && l.toolset === "full")).toBe(true);
  });

  test("default level shows no info lines; SIGTERM → exit 0", async () => {
    const s = rawServer(["--root", R.dir]);
    await s.send("initialize", INIT);
    await s.send("tools/call", { name: "axiom_status", arguments: {} });
    s.child.kill("SIGTERM");
    expect(await s.exit()).toBe(0);
    expect(s.stderr()).toBe("");
  });

  test("Over stdio, axiom_apply with a bundle of 4 194 305 bytes of JSON → ERR_BUNDLE_TOO_LARGE {bytes: 4194305, max: 4194304}, path bundle; the next call on the same connection succeeds", async () => {
    const s = rawServer(["--root", R.dir]);
    await s.send("initialize", INIT);
    const r = (await s.send("tools/call", {
      name: "axiom_apply",
      arguments: { bundle: { x: "a".repeat(4_194_305 - 8) } },
    })) as { result: { isError: boolean; structuredContent?: unknown; content: { text: string }[] } };
    expect(r.result.isError).toBe(true);
    expect(r.result.structuredContent).toBeUndefined();
    expect(JSON.parse(r.result.content[1]?.text ?? "")).toMatchObject({
      code: "ERR_BUNDLE_TOO_LARGE",
      path: "bundle",
      details: { bytes: 4194305, max: 4194304 },
    });
    const next = (await s.send("tools/call", { name: "axiom_status", arguments: {} })) as {
      result: { isError?: boolean };
    };
    expect(next.result.isError).toBeUndefined();
    s.child.stdin.end();
    expect(await s.exit()).toBe(0);
  });

  test("Over stdio, lines in one chunk: a non-JSON line is skipped, an invalid JSON-RPC message is logged, the next request is served; a line over 10 MiB is refused as a transport error (D25)", async () => {
    const s = rawServer(["--root", R.dir]);
    await s.send("initialize", INIT);
    // One write: the three lines arrive in one chunk.
    s.child.stdin.write(
      `not json\n${JSON.stringify({ x: 1 })}\n${JSON.stringify({ jsonrpc: "2.0", id: 99, method: "ping" })}\n`,
    );
    await expect.poll(() => s.stdout().includes('"id":99'), { timeout: 20_000 }).toBe(true);
    expect(s.stderr().match(/stdio transport error/g)).toHaveLength(1);
    s.child.stdin.write(`${"x".repeat(10 * 1024 * 1024 + 1)}\n`);
    await expect.poll(() => s.stderr().match(/stdio transport error/g)?.length, { timeout: 20_000 }).toBe(2);
    expect(s.stderr()).toMatch(/10485760 bytes/);
    s.child.kill("SIGTERM");
    expect(await s.exit()).toBe(0);
  });

  test("--wire 2026-only: stdio initialize → -32022 error, a following 2026 request on the same connection is served", async () => {
    const s = rawServer(["--root", R.dir, "--wire", "2026-only"]);
    const init = (await s.send("initialize", INIT)) as { error: { code: number } };
    expect(init.error.code).toBe(-32022);
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const list = (await s.send("tools/list", { _meta: meta })) as {
      result: { tools: unknown[]; ttlMs: number; cacheScope: string };
    };
    expect(list.result.tools).toHaveLength(6);
    expect(list.result.ttlMs).toBe(300000);
    expect(list.result.cacheScope).toBe("public");
    s.child.stdin.end();
    await s.exit();
  });

  test("SDK v1 client over stdio with default flags → works (legacy era); a 2025 client's tools/list carries no ttlMs/cacheScope; --wire 2025 behaves like 2026", async () => {
    for (const wire of ["2026", "2025"]) {
      const s = rawServer(["--root", R.dir, "--wire", wire]);
      await s.send("initialize", INIT);
      const list = (await s.send("tools/list")) as { result: Record<string, unknown> };
      expect(list.result.ttlMs).toBeUndefined();
      expect(list.result.cacheScope).toBeUndefined();
      s.child.stdin.end();
      await s.exit();
    }
    const v1 = await startMcp("v1", ["--root", R.dir]);
    expect((await v1.listTools()).tools).toHaveLength(6);
    await v1.close();
  });
});

describe("resources (§10)", () => {
  test("axiom://schema/Plan → application/schema+json draft 2020-12; axiom://schema/Nope → not found; completion of kind with man → Manifest, ManifestBundle; profile/strict → the built-in; profile/nope → not found; emitters → []", async () => {
    const s = await startMcp("v2-auto", ["--root", R.dir]);
    try {
      const plan = await s.readResource("axiom://schema/Plan");
      expect(plan.contents[0].mimeType).toBe("application/schema+json");
      expect(JSON.parse(plan.contents[0].text ?? "").$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      await expect(s.readResource("axiom://schema/Nope")).rejects.toMatchObject({ code: -32602 });
      const client = s.raw as { complete(p: unknown): Promise<{ completion: { values: string[] } }> };
      const c = await client.complete({
        ref: { type: "ref/resource", uri: "axiom://schema/{kind}" },
        argument: { name: "kind", value: "man" },
      });
      expect(c.completion.values).toEqual(["Manifest", "ManifestBundle"]);
      const strict = JSON.parse((await s.readResource("axiom://profile/strict")).contents[0].text ?? "");
      expect(strict.name).toBe("strict");
      await expect(s.readResource("axiom://profile/nope")).rejects.toMatchObject({ code: -32602 });
      expect(JSON.parse((await s.readResource("axiom://emitters")).contents[0].text ?? "")).toEqual([]);
      const t0 = Date.now();
      await expect(s.readResource(`axiom://manifest/${"{,}".repeat(21_846)}`)).rejects.toBeDefined();
      expect(Date.now() - t0).toBeLessThan(1000);
    } finally {
      await s.close();
    }
  });

  test("resources/list with two roots → two axiom://journal/<id> entries, id = first 12 hex of sha256(realpath); read → {root, entries}; unknown id → not found; axiom://lock with roots /b, /a → ordered /a, /b", async () => {
    const B = await tempRoot("axiom-mcp-b-");
    try {
      const s = await startMcp("v2-legacy", ["--root", B.dir, "--root", R.dir]);
      const id = (d: string) => createHash("sha256").update(d).digest("hex").slice(0, 12);
      const { resources } = await s.listResources();
      const journals = resources.filter((r) => r.uri.startsWith("axiom://journal/")).map((r) => r.uri);
      expect(journals.sort()).toEqual([`axiom://journal/${id(B.dir)}`, `axiom://journal/${id(R.dir)}`].sort());
      const doc = JSON.parse((await s.readResource(`axiom://journal/${id(R.dir)}`)).contents[0].text ?? "");
      expect(doc.root).toBe(R.dir);
      expect(Array.isArray(doc.entries)).toBe(true);
      await expect(s.readResource("axiom://journal/000000000000")).rejects.toMatchObject({ code: -32602 });
      const lock = JSON.parse((await s.readResource("axiom://lock")).contents[0].text ?? "");
      expect(lock.roots.map((r: { root: string }) => r.root)).toEqual([B.dir, R.dir].sort());
      expect(lock.roots[0].held).toBe(false);
      await s.close();
    } finally {
      await B.cleanup();
    }
  });
});

test("Error result → a stderr line tool failed with {tool, error} at warn (v1 client, real process)", async () => {
  const s = await startMcp("v1", ["--root", R.dir]);
  const e = errorOf(await s.callTool("axiom_status", { root: "rel" }));
  expect(e.code).toBe("ERR_ROOT_NOT_ALLOWED");
  await s.close();
  expect(s.stderr()).toContain('"level":"warn"');
});

describe("human-step hook (§8.3 rows without elicitation)", () => {
  test.each(["v2-auto", "v2-legacy", "v1"] as const)(
    "%s: client without elicitation, --require-human → {reason: elicitation-unsupported, manifestDigest}, nothing written",
    async (kind) => {
      const root = await tempRoot();
      try {
        const plain = await startMcp(kind, ["--root", root.dir, "--require-human"]);
        const files = [{ path: "h.txt", content: "h" }];
        const p = (await plain.callTool("axiom_write", { files })).structuredContent as { manifestDigest: string };
        const e = errorOf(await plain.callTool("axiom_write", { files, confirmDigest: p.manifestDigest }));
        expect(e).toMatchObject({
          code: "ERR_CONFIRM_DIGEST_MISMATCH",
          details: { reason: "elicitation-unsupported", manifestDigest: p.manifestDigest },
        });
        await expect(readFile(join(root.dir, "h.txt"))).rejects.toMatchObject({ code: "ENOENT" });
        await plain.close();
        // Elicitation-capable clients are asked instead: human-wire.test.ts / human-state.test.ts.
      } finally {
        await root.cleanup();
      }
    },
  );
});
