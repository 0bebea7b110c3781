#!/usr/bin/env node
// HTTP abuse soak (issue 12, soak 4; mcp.md §11.2–§11.6, threats.md T07–T09, T21).
// PROVES: one real `axiom mcp --http 127.0.0.1:0` (bearer token configured, loopback bind) under
// hostile traffic answers every request with the status mcp.md §11.3 gives it, keeps serving while
// slowloris connections hang, bounds its legacy sessions at 64, stays up (GET /health → 200 at the
// end), logs no warning, and keeps its resident memory bounded: peak < 1 GiB and end ≤ 1.5 × the RSS
// after the first round + 64 MiB (RSS read from /proc every 100 ms; start/first round/peak/end reported).
// HOW, per round (rounds run back to back; requests of a round go 8 at a time):
//   - oversized bodies: declared `Content-Length: 5000000` (headers only) → 413; 4 194 305 bytes
//     with an honest length, written at once → 413; a chunked body streamed past 4 MiB → 413
//     (counted while reading). The writers must read the 413, not a reset (lingering close,
//     decisions HTTP-10);
//   - tokens: none, wrong (same length), short, `Basic`, lowercase `bearer` with the right token
//     (accepted: the scheme is case-insensitive), token only in `?token=` → 401 except the accepted one;
//   - foreign Host / Origin: `Host: evil.example`, `Origin: http://evil.example`, `Origin: null`,
//     no Host at all, `/health` with a foreign Host → 403 (checked before auth);
//   - other rows: OPTIONS/PUT → 405, `/mcp/x` → 404, GET without a session → 400, an unknown
//     session id → 404, a 2026 `tools/list` → 200;
//   - slowloris: connections that send a POST head and then one body byte every 5 s, and
//     connections that send a partial request head one byte every 5 s. They stay open during the
//     other traffic (which must still be served); the long run waits for node:http's 408 on every
//     one (requestTimeout / headersTimeout 60 s, checked every 15 s: expected within 60–80 s);
//     `--short` only checks they do not block the server, then drops them.
//   Then session churn: N legacy `initialize` POSTs (2025-11-25) → 200 + Mcp-Session-Id; every
//   other one is DELETEd (→ 200, then reusing its id → 404), the rest are left to the 64-session
//   LRU eviction; the `http session opened` log lines must never report more than 64 sessions.
// Usage: node scripts/soak/http-abuse.mjs [--short] [--rounds n] [--sessions n] [--slow n] [--build 0]
//   defaults: 20 rounds, 1,000 sessions, 32 slow connections; --short: 1 round, 24 sessions,
//   4 slow connections, no 408 wait (a few seconds). Builds dist first. Prints a summary JSON;
//   exit 1 on any violation.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { CLI, childEnv, finish, machine, parseFlags, REPO, rssOf, tempDir } from "./lib.mjs";

const flags = parseFlags();
const SHORT = flags.short;
const ROUNDS = flags.rounds ?? (SHORT ? 1 : 20);
const SESSIONS = flags.sessions ?? (SHORT ? 24 : 1000);
const SLOW = flags.slow ?? (SHORT ? 4 : 32);
const MAX_BODY = 4_194_304;
const MiB = 2 ** 20;
const TOKEN = randomBytes(24).toString("hex");
const violations = [];
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
/** What a 2026-era POST carries besides its body (the SDK checks headers and body agree). */
const MODERN_HEADERS = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };
const auth = (t = TOKEN) => ({ authorization: `Bearer ${t}` });
const initializeBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "soak", version: "1" } },
});
const modernList = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/list",
  params: {
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "soak", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  },
});

const statusCounts = {};

// `--build 0`: dist is already built (the vitest run builds it once; rebuilding under running tests races).
if (flags.build !== 0)
  execFileSync(process.execPath, [`${REPO}/scripts/build.mjs`], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
const root = tempDir("axiom-soak-http-");
const t0 = Date.now();
const startedOn = machine();
const server = await startServer();
const rss = { samples: [], peak: 0 };
const sampler = setInterval(() => {
  const v = rssOf(server.pid);
  if (v === undefined) return;
  rss.samples.push(v);
  rss.peak = Math.max(rss.peak, v);
}, 100);
await sleep(300);
const rssStart = rssOf(server.pid);
let rssWarm;

try {
  const slow = Array.from({ length: SLOW }, (_, i) => slowConnection(i % 4 === 3 ? "head" : "body"));
  await Promise.all(slow.map((s) => s.ready));
  for (let r = 0; r < ROUNDS; r++) {
    await pool(roundCases(), 8);
    // The baseline is taken warm (SDK, tools and body buffers loaded), not at the idle start.
    if (r === 0) rssWarm = rssOf(server.pid);
  }
  // The slow connections did not block anything above; none may have been answered this early
  // unless 60 s have passed.
  for (const s of slow)
    if (s.answered() && Date.now() - s.t0 < 59_000) violations.push(`slow ${s.kind} answered early`);
  await sessionChurn();
  if (SHORT) for (const s of slow) s.drop();
  else {
    const results = await Promise.all(slow.map((s) => s.done));
    for (const r of results) {
      count(`slowloris ${r.kind}`, r.status);
      if (r.status !== 408) violations.push(`slowloris ${r.kind}: expected 408, got ${r.status} after ${r.ms} ms`);
      else if (r.ms < 59_000 || r.ms > 80_000) violations.push(`slowloris ${r.kind}: 408 after ${r.ms} ms`);
    }
  }
  const health = await send({ path: "/health" });
  count("final /health", health.status);
  if (health.status !== 200) violations.push(`final /health → ${health.status}`);
  if (server.exitCode() !== null) violations.push(`server exited ${server.exitCode()}`);
} catch (error) {
  violations.push(`soak aborted: ${error.stack ?? error}`);
} finally {
  clearInterval(sampler);
}

const rssEnd = rssOf(server.pid);
const logs = server.logs();
const maxSessions = Math.max(0, ...logs.filter((l) => l.msg === "http session opened").map((l) => l.sessions));
if (maxSessions > 64) violations.push(`${maxSessions} legacy sessions at once (cap 64)`);
const warnings = logs.filter((l) => l.level === "warn" || l.level === "error");
for (const w of warnings.slice(0, 5)) violations.push(`server logged ${w.level}: ${w.msg} ${w.error ?? ""}`);
if (rssWarm === undefined || rssEnd === undefined) violations.push("RSS not readable (/proc)");
else {
  if (rss.peak >= 1024 * MiB) violations.push(`RSS peak ${(rss.peak / MiB).toFixed(0)} MiB ≥ 1 GiB`);
  if (rssEnd > 1.5 * rssWarm + 64 * MiB)
    violations.push(`RSS end ${(rssEnd / MiB).toFixed(0)} MiB > 1.5 × warm ${(rssWarm / MiB).toFixed(0)} + 64`);
}
const exit = await server.stop();
if (exit !== 0) violations.push(`server exit code on SIGTERM: ${exit}`);
finish({
  soak: "http-abuse",
  mode: SHORT ? "short" : "long",
  machine: startedOn,
  rounds: ROUNDS,
  sessions: SESSIONS,
  slowConnections: SLOW,
  requests: Object.values(statusCounts).reduce(
    (n, byStatus) => n + Object.values(byStatus).reduce((a, b) => a + b, 0),
    0,
  ),
  statusCounts,
  maxLegacySessions: maxSessions,
  sessionEvictions: logs.filter((l) => l.msg === "http session evicted (limit)").length,
  rssMiB: {
    start: rssStart && +(rssStart / MiB).toFixed(1),
    afterFirstRound: rssWarm && +(rssWarm / MiB).toFixed(1),
    peak: +(rss.peak / MiB).toFixed(1),
    end: rssEnd && +(rssEnd / MiB).toFixed(1),
  },
  seconds: +((Date.now() - t0) / 1000).toFixed(1),
  violations,
});
rmSync(root, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function count(name, status) {
  statusCounts[name] ??= {};
  statusCounts[name][status] = (statusCounts[name][status] ?? 0) + 1;
}

/** `axiom mcp --http 127.0.0.1:0` with a bearer token; resolves once `http listening` is logged. */
function startServer() {
  const child = spawn(process.execPath, [CLI, "mcp", "--root", root, "--http", "127.0.0.1:0", "--log-level", "info"], {
    env: { ...childEnv(), AXIOM_HTTP_TOKEN: TOKEN },
    stdio: ["pipe", "ignore", "pipe"],
    shell: false,
  });
  const lines = [];
  let partial = "";
  child.stderr.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (d) => {
      const parts = (partial + d).split("\n");
      partial = parts.pop();
      for (const line of parts) {
        // Keep only what the soak reads: not every `server created` line of 2026 requests.
        const l = JSON.parse(line);
        if (l.msg === "server created") continue;
        lines.push(l);
        if (l.msg === "http listening")
          resolve({
            pid: child.pid,
            port: l.port,
            logs: () => lines,
            exitCode: () => child.exitCode,
            stop: () =>
              new Promise((r) => {
                if (child.exitCode !== null) return r(child.exitCode);
                child.once("exit", (code) => r(code));
                child.kill("SIGTERM");
              }),
          });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code} before listening`)));
  });
}

/** One request with full header control (no automatic Host); never rejects. */
function send({ method = "GET", path = "/mcp", headers = {}, body, host = `127.0.0.1:${server.port}`, chunked }) {
  return new Promise((resolve) => {
    const h = { ...headers };
    if (host !== null) h.host = host;
    let settled = false;
    const done = (v) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(v);
    };
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, error: "timeout" });
    }, 30_000);
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, method, path, headers: h, setHost: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          if (text.length < 65_536) text += d;
        });
        res.on("end", () => done({ status: res.statusCode, headers: res.headers, body: text }));
        res.on("error", () => done({ status: res.statusCode, headers: res.headers, body: text }));
      },
    );
    // After a 413 the server closes while the client may still be writing: the answer already came.
    req.on("error", (e) => setTimeout(() => done({ status: 0, error: e.code ?? e.message }), 50));
    if (chunked) {
      let sent = 0;
      const chunk = Buffer.alloc(65_536, 0x20);
      const pump = () => {
        while (sent <= chunked) {
          if (req.destroyed) return;
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    } else if (body === undefined) req.end();
    else if (body === "HEADERS-ONLY") req.flushHeaders();
    else req.end(body);
  });
}

/** Every abuse case of one round: [name, request, expected status]. */
function roundCases() {
  const post = (extra = {}) => ({
    method: "POST",
    ...extra,
    headers: { ...JSON_HEADERS, ...auth(), ...extra.headers },
  });
  const p = server.port;
  return [
    ["declared Content-Length 5000000", post({ headers: { "content-length": "5000000" }, body: "HEADERS-ONLY" }), 413],
    ["4194305-byte body", post({ body: Buffer.alloc(MAX_BODY + 1, 0x20) }), 413],
    ["chunked body past 4 MiB", post({ headers: { "transfer-encoding": "chunked" }, chunked: MAX_BODY + 65_536 }), 413],
    ["no token", { method: "POST", headers: JSON_HEADERS, body: initializeBody }, 401],
    ["wrong token", post({ headers: auth("x".repeat(TOKEN.length)), body: initializeBody }), 401],
    ["short token", post({ headers: auth("abc"), body: initializeBody }), 401],
    ["Basic scheme", post({ headers: { authorization: `Basic ${TOKEN}` }, body: initializeBody }), 401],
    ["token in query", { method: "POST", path: `/mcp?token=${TOKEN}`, headers: JSON_HEADERS, body: modernList }, 401],
    [
      "lowercase bearer, right token",
      post({ headers: { ...MODERN_HEADERS, authorization: `bearer ${TOKEN}` }, body: modernList }),
      200,
    ],
    ["foreign Host", post({ host: `evil.example:${p}`, body: initializeBody }), 403],
    [
      "foreign Host, no token",
      { method: "POST", host: `evil.example:${p}`, headers: JSON_HEADERS, body: modernList },
      403,
    ],
    ["foreign Origin", post({ headers: { origin: "http://evil.example" }, body: modernList }), 403],
    ["Origin null", post({ headers: { origin: "null" }, body: modernList }), 403],
    ["no Host", post({ host: null, body: modernList }), 403],
    ["/health, foreign Host", { path: "/health", host: `evil.example:${p}` }, 403],
    ["/health", { path: "/health" }, 200],
    ["OPTIONS /mcp", { method: "OPTIONS", headers: auth() }, 405],
    ["PUT /mcp", { method: "PUT", headers: auth(), body: "{}" }, 405],
    ["/mcp/x", { path: "/mcp/x", headers: auth() }, 404],
    ["GET without session", { headers: { ...auth(), accept: "text/event-stream" } }, 400],
    ["unknown session id", post({ headers: { "mcp-session-id": "no-such-session" }, body: modernList }), 404],
    ["2026 tools/list", post({ headers: MODERN_HEADERS, body: modernList }), 200],
  ];
}

/** Runs the cases `width` at a time, checking each status. */
async function pool(cases, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (;;) {
        const c = cases[next++];
        if (!c) return;
        const [name, req, expected] = c;
        const r = await send(req);
        count(name, r.status || r.error);
        if (r.status !== expected) violations.push(`${name}: expected ${expected}, got ${r.status || r.error}`);
      }
    }),
  );
}

/** N legacy session opens; every other one DELETEd (then its id → 404), the rest left to the LRU cap. */
async function sessionChurn() {
  for (let i = 0; i < SESSIONS; i++) {
    const opened = await send({ method: "POST", headers: { ...JSON_HEADERS, ...auth() }, body: initializeBody });
    count("legacy initialize", opened.status);
    const id = opened.headers?.["mcp-session-id"];
    if (opened.status !== 200 || typeof id !== "string") {
      violations.push(`initialize #${i}: ${opened.status || opened.error}`);
      continue;
    }
    if (i % 2 === 1) continue;
    const sessionHeaders = { ...auth(), "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" };
    const deleted = await send({ method: "DELETE", headers: sessionHeaders });
    count("session DELETE", deleted.status);
    if (deleted.status !== 200) violations.push(`DELETE #${i}: ${deleted.status || deleted.error}`);
    const reused = await send({ method: "POST", headers: { ...JSON_HEADERS, ...sessionHeaders }, body: modernList });
    count("deleted session reused", reused.status);
    if (reused.status !== 404) violations.push(`reuse of deleted session #${i}: ${reused.status || reused.error}`);
  }
}

/**
 * A slowloris connection: `body` sends a complete POST head declaring 1000 bytes, then one body byte
 * every 5 s; `head` sends a request line and then one header byte every 5 s, never ending the head.
 */
function slowConnection(kind) {
  const socket = connect(server.port, "127.0.0.1");
  const t = Date.now();
  let text = "";
  let timer;
  socket.setEncoding("utf8");
  socket.on("error", () => {});
  socket.on("data", (d) => (text += d));
  const ready = new Promise((r) => socket.once("connect", r)).then(() => {
    const head =
      kind === "body"
        ? `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nauthorization: Bearer ${TOKEN}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{`
        : `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-slow: `;
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(kind === "body" ? " " : "a"), 5_000);
  });
  const done = new Promise((resolve) => {
    socket.once("close", () => {
      clearInterval(timer);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ kind, status: m ? Number(m[1]) : "closed without answer", ms: Date.now() - t });
    });
  });
  return {
    kind,
    t0: t,
    ready,
    done,
    answered: () => text.length > 0,
    drop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
