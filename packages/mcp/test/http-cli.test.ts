// `axiom mcp --http` as a real child process (mcp.md §11.2, §11.6, §12, §13, threats.md T08): the
// `http listening` line, start-up refusals (ERR_INTERNAL, exit 2), real SDK v2 (auto, pinned 2026,
// 2025 handshake) and v1 clients over Streamable HTTP, cache hints per era, and graceful shutdown.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectHttp, type HttpChild, initializeBody, isRunning, JSON_HEADERS, raw, spawnHttp } from "./http-helpers";
import { tempRoot } from "./mcp-helpers";

let root: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  root = await tempRoot("axiom-http-cli-");
});
afterAll(async () => {
  await root.cleanup();
});

async function running(args: string[], env: Record<string, string> = {}): Promise<HttpChild> {
  const level = args.includes("--log-level") ? [] : ["--log-level", "info"];
  const r = await spawnHttp(["--root", root.dir, ...level, ...args], env);
  if (!isRunning(r)) throw new Error(`server exited ${r.exitCode}: ${r.stderr}`);
  return r;
}

async function refused(args: string[], env: Record<string, string> = {}) {
  const r = await spawnHttp(["--root", root.dir, ...args], env);
  if (isRunning(r)) {
    await r.stop();
    throw new Error(`expected a refusal, got a listener: ${r.url}`);
  }
  expect(r.exitCode).toBe(2);
  const line = JSON.parse(r.stderr.trim().split("\n").pop() as string) as { code: string; message: string };
  expect(line.code).toBe("ERR_INTERNAL");
  return line;
}

describe("address, token and the listening line (mcp.md §11.2, §13)", () => {
  test("--http 127.0.0.1:0 → `http listening` {url http://127.0.0.1:<port>/mcp, host, port, wire, auth: false}; SIGTERM → exit 0", async () => {
    const s = await running(["--http", "127.0.0.1:0"]);
    expect(s.listening).toMatchObject({
      level: "info",
      msg: "http listening",
      host: "127.0.0.1",
      wire: "2026",
      auth: false,
    });
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/mcp`);
    expect(s.port).toBeGreaterThan(0);
    expect(await s.stop()).toBe(0);
  });

  test("attack on availability: stdin closed at once (nohup, systemd, a container without -i) → the HTTP server keeps serving until SIGTERM", async () => {
    const s = await running(["--http", "127.0.0.1:0"]);
    s.child.stdin?.end();
    await new Promise((r) => setTimeout(r, 1500));
    expect(s.child.exitCode).toBeNull();
    expect((await raw(s.port, { path: "/health" })).status).toBe(200);
    expect(await s.stop()).toBe(0);
  });

  test('--http "[::1]:0" → url with [::1]; --http ":0" → host 127.0.0.1', async () => {
    const v6 = await running(["--http", "[::1]:0"]);
    expect(v6.url).toBe(`http://[::1]:${v6.port}/mcp`);
    expect(v6.listening.host).toBe("::1");
    expect((await raw(v6.port, { address: "::1", path: "/health", host: `[::1]:${v6.port}` })).status).toBe(200);
    expect((await raw(v6.port, { address: "::1", path: "/health", host: `evil:${v6.port}` })).status).toBe(403);
    await v6.stop();
    const short = await running(["--http", ":0", "--wire", "2025"]);
    expect(short.listening).toMatchObject({ host: "127.0.0.1", wire: "2025" });
    await short.stop();
  });

  test('--http 70000 and --http localhost → ERR_INTERNAL `--http expects <host:port> or <port>, got "…"`, exit 2', async () => {
    expect((await refused(["--http", "70000"])).message).toBe('--http expects <host:port> or <port>, got "70000"');
    expect((await refused(["--http", "localhost"])).message).toBe(
      '--http expects <host:port> or <port>, got "localhost"',
    );
  });

  test("T08.1 --http 0.0.0.0:0 without a token → no listener, ERR_INTERNAL, exit 2; an empty variable is unset", async () => {
    expect((await refused(["--http", "0.0.0.0:0"])).message).toMatch(
      /^refusing to bind 0\.0\.0\.0: a non-loopback --http host requires a bearer token/,
    );
    await refused(["--http", "0.0.0.0:0"], { AXIOM_HTTP_TOKEN: "" });
    const s = await running(["--http", "127.0.0.1:0"], { AXIOM_HTTP_TOKEN: "" });
    expect(s.listening.auth).toBe(false);
    await s.stop();
  });

  test("T08.2 AXIOM_HTTP_TOKEN of 15 characters → ERR_INTERNAL exit 2, also on loopback", async () => {
    const line = await refused(["--http", "127.0.0.1:0"], { AXIOM_HTTP_TOKEN: "a".repeat(15) });
    expect(line.message).toBe("http bearer token must be at least 16 characters");
    expect(JSON.stringify(line)).not.toContain("a".repeat(15));
  });

  test("T08.5 --http-token-env names the variable; --log-level debug, 10 requests: the token never appears on stderr; auth: true", async () => {
    const token = "s3cret-token-value-0123456789";
    const s = await running(["--http", "127.0.0.1:0", "--http-token-env", "MY_TOKEN", "--log-level", "debug"], {
      MY_TOKEN: token,
      AXIOM_HTTP_TOKEN: "",
    });
    expect(s.listening.auth).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await raw(s.port, {
            method: "POST",
            headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
            body: initializeBody(),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await raw(s.port, {
            method: "POST",
            headers: { ...JSON_HEADERS, authorization: `Bearer ${token}x` },
            body: initializeBody(),
          })
        ).status,
      ).toBe(401);
    }
    await s.stop();
    expect(s.stderr()).not.toContain(token);
    for (const line of s.stderr().trim().split("\n"))
      expect(Object.keys(JSON.parse(line)).slice(0, 3)).toEqual(["level", "ts", "msg"]);
  });

  test("a non-loopback bind with a token is served without the Host allowlist", async () => {
    const token = "0123456789abcdef0123";
    const s = await running(["--http", "0.0.0.0:0"], { AXIOM_HTTP_TOKEN: token });
    expect(s.listening).toMatchObject({ host: "0.0.0.0", auth: true });
    const r = await raw(s.port, {
      method: "POST",
      host: `some.name:${s.port}`,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      body: initializeBody(),
    });
    expect(r.status).toBe(200);
    expect(
      (
        await raw(s.port, {
          method: "POST",
          host: `some.name:${s.port}`,
          headers: JSON_HEADERS,
          body: initializeBody(),
        })
      ).status,
    ).toBe(401);
    await s.stop();
  });
});

describe("real SDK clients over Streamable HTTP (mcp.md §11.4, §11.7, §12)", () => {
  let s: HttpChild;
  beforeAll(async () => {
    s = await running(["--http", "127.0.0.1:0", "--tools", "full"]);
  });
  afterAll(async () => {
    await s.stop();
  });

  test("SDK v2 with versionNegotiation auto → lands on 2026-07-28; tools/list carries ttlMs 300000 public, resources/list 10000 private", async () => {
    const c = await connectHttp("v2-auto", s.url);
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(c.client.getServerVersion()).toMatchObject({ name: "axiom" });
    const tools = (await c.client.listTools()) as unknown as { tools: unknown[]; ttlMs?: number; cacheScope?: string };
    expect(tools.tools).toHaveLength(19);
    expect(tools).toMatchObject({ ttlMs: 300000, cacheScope: "public" });
    const resources = (await c.client.listResources()) as unknown as { ttlMs?: number; cacheScope?: string };
    expect(resources).toMatchObject({ ttlMs: 10000, cacheScope: "private" });
    const status = await c.client.callTool({ name: "axiom_status", arguments: {} });
    expect(status.isError).toBeFalsy();
    await c.close();
  });

  test("SDK v2 on the default 2025 handshake → legacy session; tools/list carries no ttlMs/cacheScope", async () => {
    const c = await connectHttp("v2-legacy", s.url);
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect((c.transport as { sessionId?: string }).sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const tools = (await c.client.listTools()) as unknown as { tools: unknown[]; ttlMs?: number; cacheScope?: string };
    expect(tools.tools).toHaveLength(19);
    expect(tools.ttlMs).toBeUndefined();
    expect(tools.cacheScope).toBeUndefined();
    const roots = await c.client.callTool({ name: "axiom_roots_list", arguments: {} });
    expect((roots.structuredContent as { roots: { root: string }[] }).roots).toHaveLength(1);
    await c.close();
  });

  test("SDK v1 client over Streamable HTTP → works unchanged (legacy era)", async () => {
    const c = await connectHttp("v1", s.url);
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toContain("axiom_status");
    const r = await c.client.callTool({ name: "axiom_status", arguments: {} });
    expect(r.isError).toBeFalsy();
    await c.close();
  });
});

describe("--wire 2026-only and shutdown (mcp.md §11.6, §12)", () => {
  test("--wire 2026-only: HTTP initialize → 400 with -32022; a pinned 2026 client is served", async () => {
    const s = await running(["--http", "127.0.0.1:0", "--wire", "2026-only"]);
    expect(s.listening.wire).toBe("2026-only");
    const r = await raw(s.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() });
    expect(r.status).toBe(400);
    expect(r.json().error?.code).toBe(-32022);
    const c = await connectHttp("v2-2026", s.url);
    expect((await c.client.listTools()).tools.length).toBeGreaterThan(0);
    await c.close();
    await s.stop();
  });

  test("SIGTERM with an open legacy session → sessions closed, exit 0", async () => {
    const s = await running(["--http", "127.0.0.1:0"]);
    const c = await connectHttp("v2-legacy", s.url);
    await c.client.listTools();
    const exited = new Promise<number | null>((r) => s.child.once("exit", (code) => r(code)));
    s.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(s.stderr()).toContain('"msg":"http session closed"');
    await c.close().catch(() => {});
  });
});
