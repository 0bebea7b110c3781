// mcp.md §11.3–§11.6 and threats.md T07–T09, T21 over a real node:http listener in this process (so
// the session clock can be injected and factory calls observed): every status row in pipeline order.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { LINGER_MS } from "../src/transports/http/errors";
import {
  connectHttp,
  type InProc,
  initializeBody,
  JSON_HEADERS,
  openRawSession,
  openSse,
  raw,
  startInProc,
} from "./http-helpers";
import { tempRoot } from "./mcp-helpers";

let root: { dir: string; cleanup: () => Promise<void> };
const open: InProc[] = [];
async function start(opts: Parameters<typeof startInProc>[1] = {}): Promise<InProc> {
  const h = await startInProc(root.dir, opts);
  open.push(h);
  return h;
}

beforeAll(async () => {
  root = await tempRoot("axiom-http-");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});
afterAll(async () => {
  await root.cleanup();
});

const TOKEN = "0123456789abcdef-token";
const MODERN_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/list",
  params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
});

function expectError(
  r: { status: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: number,
  message: string,
) {
  expect(r.status).toBe(status);
  expect(r.headers["content-type"]).toBe("application/json");
  expect(r.json()).toEqual({ jsonrpc: "2.0", error: { code, message }, id: null });
  expect(r.headers["access-control-allow-origin"]).toBeUndefined();
}

describe("endpoints and status codes (mcp.md §11.3)", () => {
  test("GET /health (any method, no token) → 200 {ok, name, version}; GET /other → 404 -32601", async () => {
    const h = await start({ env: { AXIOM_HTTP_TOKEN: TOKEN } });
    for (const method of ["GET", "POST", "PUT"]) {
      const r = await raw(h.port, { method, path: "/health" });
      expect(r.status).toBe(200);
      expect(r.json()).toEqual({ ok: true, name: "axiom", version: expect.any(String) });
    }
    expectError(await raw(h.port, { path: "/other" }), 404, -32601, "Not found");
    expectError(await raw(h.port, { path: "/mcp/" }), 404, -32601, "Not found");
  });

  test("PUT /mcp → 405 with allow: GET, POST, DELETE; OPTIONS /mcp with an allowed Host → 405 (T07.5); no CORS header", async () => {
    const h = await start();
    for (const method of ["PUT", "OPTIONS", "PATCH"]) {
      const r = await raw(h.port, { method, headers: { origin: `http://localhost:${h.port}` } });
      expectError(r, 405, -32000, "Method not allowed");
      expect(r.headers.allow).toBe("GET, POST, DELETE");
    }
  });

  test("POST of 4 194 305 bytes → 413 Payload too large (max 4194304 bytes); Content-Length: 5000000 → 413 before reading the body (T09.3)", async () => {
    const h = await start();
    const big = Buffer.alloc(4_194_305, 0x20);
    expectError(
      await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: big }),
      413,
      -32000,
      "Payload too large (max 4194304 bytes)",
    );
    // A declared length with no body sent at all: answered from the header alone.
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: h.port,
          method: "POST",
          path: "/mcp",
          headers: { ...JSON_HEADERS, "content-length": "5000000" },
        },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.message).toBe("Payload too large (max 4194304 bytes)");
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("a chunked body passing 4194304 bytes → 413, counted while streaming (T09.3)", async () => {
    const h = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: h.port,
          method: "POST",
          path: "/mcp",
          headers: { ...JSON_HEADERS, "transfer-encoding": "chunked" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", () => {});
      const chunk = Buffer.alloc(65_536, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent <= 4_194_304 + 65_536) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
      setTimeout(() => reject(new Error("no answer")), 20_000).unref();
    });
    expect(status).toBe(413);
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("lingering 413 (decisions HTTP-10): clients writing a whole 6 MiB body at once read the 413, not a reset; a client that stays silent after it is closed after LINGER_MS", async () => {
    const h = await start();
    const post = (body: Buffer | undefined) =>
      new Promise<{ text: string; ms: number }>((resolve, reject) => {
        const t0 = Date.now();
        const socket = connect(h.port, "127.0.0.1");
        let text = "";
        socket.setEncoding("utf8");
        socket.on("data", (d: string) => (text += d));
        socket.on("error", () => {});
        socket.on("close", () => resolve({ text, ms: Date.now() - t0 }));
        socket.on("connect", () => {
          socket.write(
            `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\ncontent-type: application/json\r\ncontent-length: ${6 * 2 ** 20}\r\n\r\n`,
          );
          if (body) socket.write(body);
        });
        setTimeout(() => reject(new Error(`no close: ${text}`)), 20_000).unref();
      });
    const body = Buffer.alloc(6 * 2 ** 20, 0x20);
    for (const r of await Promise.all([1, 2, 3, 4].map(() => post(body)))) expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
    const silent = await post(undefined);
    expect(silent.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(silent.text).toContain("Payload too large (max 4194304 bytes)");
    expect(silent.ms).toBeGreaterThanOrEqual(LINGER_MS - 50);
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("an unhandled exception → 500 -32603 Internal error, logged `http request failed {path, error}` at warn", async () => {
    const h = await start({ throwingFactory: true });
    expectError(
      await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() }),
      500,
      -32603,
      "Internal error",
    );
    const line = h.logs.find((l) => l.msg === "http request failed");
    expect(line).toMatchObject({ level: "warn", path: "/mcp", error: "factory exploded" });
  });

  test("the HTTP server object has requestTimeout 60000 and headersTimeout 60000 (T09.4); expired requests are looked for every 15 s", async () => {
    const h = await start();
    expect(h.server.requestTimeout).toBe(60_000);
    expect(h.server.headersTimeout).toBe(60_000);
    expect((h.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(15_000);
  });
});

/**
 * Sends the head of a POST declaring `declared` body bytes, then one byte every `everyMs` until the
 * server answers or closes; resolves with the raw response text and the time it took.
 */
function trickle(port: number, declared: number, everyMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
          `accept: application/json, text/event-stream\r\ncontent-length: ${declared}\r\n\r\n{`,
      );
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(" ");
      }, everyMs);
    });
    socket.on("data", (d: string) => (text += d));
    socket.on("error", () => {}); // the server may reset the socket after its 408
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ text, ms: Date.now() - t0 });
    });
    setTimeout(() => reject(new Error(`no answer: ${text}`)), 20_000).unref();
  });
}

describe("request timeout (mcp.md §11.6, threats.md T09)", () => {
  test("a POST body trickled past requestTimeout (injected: 1 s) → 408, the connection closed, no handler run; the server stays up", async () => {
    const h = await start({ requestTimeoutMs: 1_000 });
    const slow = await trickle(h.port, 10_000, 100);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.ms).toBeGreaterThanOrEqual(1_000);
    expect(slow.ms).toBeLessThan(10_000);
    expect(h.factoryCalls).toHaveLength(0);
    expect((await raw(h.port, { path: "/health" })).status).toBe(200);
    expect((await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() })).status).toBe(200);
    expect(h.logs.filter((l) => l.level === "warn" || l.level === "error")).toEqual([]);
  });
});

describe("DNS-rebinding protection (mcp.md §11.5, threats.md T07)", () => {
  test("T07.1 legacy initialize with Host: evil.example:<port> → 403 -32000 Forbidden; no handler called", async () => {
    const h = await start();
    const r = await raw(h.port, {
      method: "POST",
      host: `evil.example:${h.port}`,
      headers: JSON_HEADERS,
      body: initializeBody(),
    });
    expectError(r, 403, -32000, "Forbidden");
    expect(r.body).not.toContain("evil");
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("T07.2 the same on a 2026 envelope request → 403; T07.6 GET /health with that Host → 403", async () => {
    const h = await start();
    expectError(
      await raw(h.port, { method: "POST", host: `evil.example:${h.port}`, headers: JSON_HEADERS, body: MODERN_BODY }),
      403,
      -32000,
      "Forbidden",
    );
    expectError(await raw(h.port, { path: "/health", host: `evil.example:${h.port}` }), 403, -32000, "Forbidden");
    expectError(await raw(h.port, { path: "/health", host: `127.0.0.1:${h.port + 1}` }), 403, -32000, "Forbidden");
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("Host: LOCALHOST:<port> → accepted; [::1]:<port> → accepted; a missing Host → 403", async () => {
    const h = await start();
    const r = await raw(h.port, {
      method: "POST",
      host: `LOCALHOST:${h.port}`,
      headers: JSON_HEADERS,
      body: initializeBody(),
    });
    expect(r.status).toBe(200);
    expect((await raw(h.port, { path: "/health", host: `[::1]:${h.port}` })).status).toBe(200);
    const noHost = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: h.port, path: "/health", setHost: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(noHost).toBe(403);
  });

  test("T07.3 Host: localhost:<port> with Origin: http://evil.example → 403; Origin: null → 403", async () => {
    const h = await start();
    for (const origin of ["http://evil.example", "null", `https://localhost:${h.port}`]) {
      const r = await raw(h.port, {
        method: "POST",
        host: `localhost:${h.port}`,
        headers: { ...JSON_HEADERS, origin },
        body: initializeBody(),
      });
      expectError(r, 403, -32000, "Forbidden");
    }
    expect(h.factoryCalls).toHaveLength(0);
  });

  test("T07.4 Host: 127.0.0.1:<port> with no Origin → handled; Origin: http://localhost:<port> → handled", async () => {
    const h = await start();
    expect((await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() })).status).toBe(200);
    const r = await raw(h.port, {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: `http://localhost:${h.port}` },
      body: initializeBody(),
    });
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("T07.7 token configured: bad Host and no Authorization → 403 (Host/Origin before auth)", async () => {
    const h = await start({ env: { AXIOM_HTTP_TOKEN: TOKEN } });
    expectError(
      await raw(h.port, {
        method: "POST",
        host: `evil.example:${h.port}`,
        headers: JSON_HEADERS,
        body: initializeBody(),
      }),
      403,
      -32000,
      "Forbidden",
    );
  });
});

describe("bearer token (mcp.md §11.2, threats.md T08)", () => {
  test('T08.3 no Authorization → 401 + WWW-Authenticate: Bearer realm="axiom"; wrong token of equal length → 401; `bearer <token>  ` → accepted', async () => {
    const h = await start({ env: { AXIOM_HTTP_TOKEN: TOKEN } });
    const none = await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() });
    expectError(none, 401, -32000, "Unauthorized");
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="axiom"');
    const wrong = "x".repeat(TOKEN.length);
    expectError(
      await raw(h.port, {
        method: "POST",
        headers: { ...JSON_HEADERS, authorization: `Bearer ${wrong}` },
        body: initializeBody(),
      }),
      401,
      -32000,
      "Unauthorized",
    );
    expectError(
      await raw(h.port, {
        method: "POST",
        headers: { ...JSON_HEADERS, authorization: `Basic ${TOKEN}` },
        body: initializeBody(),
      }),
      401,
      -32000,
      "Unauthorized",
    );
    const ok = await raw(h.port, {
      method: "POST",
      headers: { ...JSON_HEADERS, authorization: `bearer ${TOKEN}  ` },
      body: initializeBody(),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers["mcp-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("T08.4 the token only in ?token= → 401", async () => {
    const h = await start({ env: { AXIOM_HTTP_TOKEN: TOKEN } });
    expectError(
      await raw(h.port, { method: "POST", path: `/mcp?token=${TOKEN}`, headers: JSON_HEADERS, body: initializeBody() }),
      401,
      -32000,
      "Unauthorized",
    );
  });

  test("a real SDK v2 client with the bearer token → served on both eras", async () => {
    const h = await start({ env: { AXIOM_HTTP_TOKEN: TOKEN } });
    for (const kind of ["v2-auto", "v2-legacy"] as const) {
      const c = await connectHttp(kind, h.url, { token: TOKEN });
      const { tools } = await c.client.listTools();
      expect(tools).toHaveLength(19);
      await c.close();
    }
  });
});

describe("legacy sessions (mcp.md §11.4)", () => {
  test("POST initialize → 200 with Mcp-Session-Id (UUID); GET without id → 400; unknown id → 404 -32001; DELETE closes, next use → 404", async () => {
    const h = await start();
    const id = await openRawSession(h.port);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(h.logs.find((l) => l.msg === "http session opened")).toMatchObject({ sessionId: id, sessions: 1 });
    expectError(
      await raw(h.port, { headers: { accept: "text/event-stream" } }),
      400,
      -32000,
      "Bad Request: Mcp-Session-Id header is required",
    );
    expectError(await raw(h.port, { method: "DELETE" }), 400, -32000, "Bad Request: Mcp-Session-Id header is required");
    expectError(
      await raw(h.port, {
        headers: { accept: "text/event-stream", "mcp-session-id": "00000000-0000-4000-8000-000000000000" },
      }),
      404,
      -32001,
      "Session not found",
    );
    const del = await raw(h.port, {
      method: "DELETE",
      headers: { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
    });
    expect(del.status).toBe(200);
    expect(h.logs.find((l) => l.msg === "http session closed")).toMatchObject({ sessionId: id, sessions: 0 });
    const body = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    expectError(
      await raw(h.port, { method: "POST", headers: { ...JSON_HEADERS, "mcp-session-id": id }, body }),
      404,
      -32001,
      "Session not found",
    );
  });

  test("a legacy POST that is not initialize → the SDK's own 4xx, and no session is kept", async () => {
    const h = await start();
    const r = await raw(h.port, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(h.pipeline.sessions.size).toBe(0);
  });

  test("a legacy session idle beyond the (injected, short) window → evicted, log `http session evicted (idle)`, its id → 404", async () => {
    let now = 1_000_000;
    const h = await start({ sessions: { now: () => now, idleMs: 5_000 } });
    const id = await openRawSession(h.port);
    const keep = await openRawSession(h.port);
    now += 4_000;
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const headers = { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" };
    expect(
      (await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": keep }, body: ping })).status,
    ).toBe(200);
    now += 2_000; // `id` idle 6 s, `keep` 2 s
    h.pipeline.sessions.sweep();
    expect(h.logs.filter((l) => l.msg === "http session evicted (idle)")).toEqual([
      expect.objectContaining({ sessionId: id }),
    ]);
    expectError(
      await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": id }, body: ping }),
      404,
      -32001,
      "Session not found",
    );
    expect(
      (await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": keep }, body: ping })).status,
    ).toBe(200);
  });

  test("T21.7 64 idle legacy sessions, a 65th initialize → 200 and the least recently used id → 404", async () => {
    let now = 0;
    const h = await start({ sessions: { now: () => ++now } });
    const ids: string[] = [];
    for (let i = 0; i < 64; i++) ids.push(await openRawSession(h.port));
    expect(h.pipeline.sessions.size).toBe(64);
    const headers = { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" };
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    // Touch the oldest so the second-oldest becomes the least recently used.
    expect(
      (await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": ids[0] as string }, body: ping }))
        .status,
    ).toBe(200);
    const extra = await openRawSession(h.port);
    expect(extra).toBeTruthy();
    expect(h.pipeline.sessions.size).toBe(64);
    expect(h.logs.filter((l) => l.msg === "http session evicted (limit)")).toEqual([
      expect.objectContaining({ sessionId: ids[1] }),
    ]);
    expectError(
      await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": ids[1] as string }, body: ping }),
      404,
      -32001,
      "Session not found",
    );
    expect(
      (await raw(h.port, { method: "POST", headers: { ...headers, "mcp-session-id": ids[0] as string }, body: ping }))
        .status,
    ).toBe(200);
  });

  test("every session holding an open SSE GET (cap injected: 2), another initialize → 503 -32000 Too many sessions", async () => {
    const h = await start({ sessions: { max: 2 } });
    const ids = [await openRawSession(h.port), await openRawSession(h.port)];
    const streams = await Promise.all(ids.map((id) => openSse(h.port, id)));
    for (const { res } of streams) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/event-stream");
    }
    expectError(
      await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() }),
      503,
      -32000,
      "Too many sessions",
    );
    for (const s of streams) s.req.destroy();
  });

  test("two concurrent sessions: distinct ids, each served; closing one leaves the other working", async () => {
    const h = await start();
    const a = await connectHttp("v2-legacy", h.url);
    const b = await connectHttp("v1", h.url);
    const [ra, rb] = await Promise.all([
      a.client.callTool({ name: "axiom_roots_list", arguments: {} }),
      b.client.callTool({ name: "axiom_roots_list", arguments: {} }),
    ]);
    expect(ra.isError).toBeFalsy();
    expect(rb.isError).toBeFalsy();
    const idA = (a.transport as { sessionId?: string }).sessionId;
    const idB = (b.transport as { sessionId?: string }).sessionId;
    expect(idA).toBeTruthy();
    expect(idB).toBeTruthy();
    expect(idA).not.toBe(idB);
    expect(h.pipeline.sessions.size).toBe(2);
    await (a.transport as { terminateSession(): Promise<void> }).terminateSession();
    await a.close();
    expect(h.pipeline.sessions.size).toBe(1);
    const again = await b.client.callTool({ name: "axiom_roots_list", arguments: {} });
    expect(again.isError).toBeFalsy();
    await b.close();
  });
});

describe("era routing (mcp.md §11.4, §12)", () => {
  test("a task started on one 2026 HTTP request is visible to axiom_task_get on the next request, and from a legacy session (one task store per process, §4.3)", async () => {
    const h = await start();
    const modern = await connectHttp("v2-2026", h.url);
    const legacy = await connectHttp("v2-legacy", h.url);
    const artifacts = [{ path: "a.txt", source: { type: "inline", content: "a\n" } }];
    const plan = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "t", intent: "", artifacts };
    const compiled = await modern.client.callTool({ name: "axiom_plan_compile", arguments: { plan, root: root.dir } });
    expect(compiled.isError, JSON.stringify(compiled.structuredContent)).toBeFalsy();
    const started = await modern.client.callTool({
      name: "axiom_check_start",
      arguments: { bundle: compiled.structuredContent },
    });
    const { taskId } = started.structuredContent as { taskId: string };
    const calls = h.factoryCalls.length;
    const seen = await modern.client.callTool({ name: "axiom_task_get", arguments: { taskId } });
    expect(h.factoryCalls.length).toBeGreaterThan(calls); // a fresh instance answered
    expect(seen.structuredContent).toMatchObject({ taskId, tool: "axiom_check" });
    const fromLegacy = await legacy.client.callTool({ name: "axiom_task_get", arguments: { taskId } });
    expect(fromLegacy.structuredContent).toMatchObject({ taskId, tool: "axiom_check" });
    await modern.close();
    await legacy.close();
  });

  test("a 2026 client builds one fresh `modern` instance per request and never gets a session", async () => {
    const h = await start();
    const c = await connectHttp("v2-2026", h.url);
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    await c.client.listTools();
    await c.client.callTool({ name: "axiom_roots_list", arguments: {} });
    const modern = h.factoryCalls.filter((x) => x.era === "modern").length;
    expect(modern).toBeGreaterThanOrEqual(3);
    expect(h.factoryCalls.filter((x) => x.era === "legacy")).toHaveLength(0);
    expect(h.pipeline.sessions.size).toBe(0);
    await c.close();
  });

  test("--wire 2026-only: HTTP initialize → 400 with -32022 (data.supported); a 2026 client is still served", async () => {
    const h = await start({ wire: "2026-only" });
    const r = await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() });
    expect(r.status).toBe(400);
    const err = r.json().error as { code: number; data?: { supported?: string[] } };
    expect(err.code).toBe(-32022);
    expect(err.data?.supported).toContain("2026-07-28");
    expect(h.pipeline.sessions.size).toBe(0);
    const c = await connectHttp("v2-auto", h.url);
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    await c.close();
  });
});

describe("shutdown (mcp.md §11.6)", () => {
  test("close() → sessions closed and logged, listener closed", async () => {
    const h = await startInProc(root.dir);
    const id = await openRawSession(h.port);
    await h.close();
    expect(h.logs.find((l) => l.msg === "http session closed")).toMatchObject({ sessionId: id, sessions: 0 });
    expect(h.server.listening).toBe(false);
  });
});
