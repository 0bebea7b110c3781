#!/usr/bin/env node
// HTTP benchmark of issue 7: requests per second and p99 latency over Streamable HTTP on the 2026 era
// (SDK v2 client pinned to 2026-07-28, one fresh server instance per request), at concurrency 1, 8, 32:
//   axiom_status            — `axiom mcp --root R --http 127.0.0.1:0`
//   axiom_write 10 files    — one preview + one confirm call (one op = both calls, new paths each op)
//   bare ping (ceiling)     — a bare SDK server (createMcpHandler) on node:http whose one tool `ping`
//                             answers "pong" (2026-07-28 has no `ping` method, so the ceiling is the
//                             cheapest tools/call the SDK can serve)
// Both servers are child processes on this machine, started once outside the timed region.
// A benchmark, not a test. Usage: node bench/http.mjs [--ops 300] [--write-ops 48] [--conc 1,8,32] [--markdown]
// (builds dist first). Progress goes to stderr unless --markdown; the markdown block (what
// `npm run bench -- http` splices into docs/benchmarks.md) goes to stdout.
// (`--bare-server` is the internal mode that runs the ceiling server.)
import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDist, CLI, childEnv, fmt, machine, quantile } from "./lib.mjs";

const args = process.argv.slice(2);
const markdown = args.includes("--markdown");
const opt = (flag, dflt) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : dflt;
};

if (args.includes("--bare-server")) await bareServer();
else await main();

/** The ceiling: the SDK's own modern handler with an empty server, bridged to node:http minimally. */
async function bareServer() {
  const { createMcpHandler, McpServer } = await import("@modelcontextprotocol/server");
  const factory = () => {
    const server = new McpServer({ name: "bare", version: "1.0.0" });
    server.registerTool("ping", { description: "pong" }, async () => ({ content: [{ type: "text", text: "pong" }] }));
    return server;
  };
  const handler = createMcpHandler(factory, { legacy: "reject" });
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const body = req.method === "POST" ? Buffer.concat(chunks) : undefined;
    const response = await handler.fetch(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(0, "127.0.0.1", () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}/mcp` })}\n`),
  );
  process.stdin.on("end", () => process.exit(0));
  process.stdin.resume();
}

function startChild(argv, pick) {
  const child = spawn(process.execPath, argv, { env: childEnv(), stdio: ["pipe", "pipe", "pipe"], shell: false });
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d.toString();
      for (const line of out.split("\n")) {
        try {
          const url = pick(JSON.parse(line));
          if (!url) continue;
          // Found: stop collecting (the servers keep logging; their output is drained, not kept).
          child.stdout.off("data", onData);
          child.stderr.off("data", onData);
          child.stdout.resume();
          child.stderr.resume();
          return resolve({ url, stop: () => child.kill("SIGTERM") });
        } catch {}
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out.slice(0, 500)}`)));
  });
}

async function client(url) {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const c = new Client(
    { name: "axiom-bench-http", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

/** Runs `ops` operations split over `conc` workers (one client each); returns rps, p50, p99, errors. */
async function cell(url, conc, ops, op) {
  const clients = await Promise.all(Array.from({ length: conc }, () => client(url)));
  const lat = [];
  let errors = 0;
  const kinds = {};
  let next = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (c, w) => {
      for (;;) {
        const i = next++;
        if (i >= ops) return;
        const s = process.hrtime.bigint();
        try {
          await op(c, w, i);
        } catch (error) {
          errors++;
          // The failure kind (an AXIOM code, or the client's own error) without ids or paths.
          const code = /ERR_[A-Z_]+/.exec(error?.message ?? "")?.[0];
          const cause = error?.cause?.code ?? error?.cause?.message;
          const kind = code ?? `${String(error?.message ?? error).slice(0, 60)}${cause ? ` (${cause})` : ""}`;
          kinds[kind] = (kinds[kind] ?? 0) + 1;
        }
        lat.push(Number(process.hrtime.bigint() - s) / 1e6);
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  await Promise.all(clients.map((c) => c.close()));
  return { rps: ops / secs, p50: quantile(lat, 0.5), p99: quantile(lat, 0.99), errors, kinds };
}

async function main() {
  const ops = Number(opt("--ops", "300"));
  const writeOps = Number(opt("--write-ops", "48"));
  const concs = opt("--conc", "1,8,32").split(",").map(Number);
  await buildDist();
  const started = machine();
  const root = realpathSync(mkdtempSync(join(tmpdir(), "axiom-bench-http-")));
  const axiom = await startChild([CLI, "mcp", "--root", root, "--http", "127.0.0.1:0", "--log-level", "info"], (l) =>
    l.msg === "http listening" ? l.url : undefined,
  );
  const bare = await startChild([fileURLToPath(import.meta.url), "--bare-server"], (l) => l.url);
  const call = async (c, name, a) => {
    // The SDK's 60 s default request timeout would cut writes queued behind 31 others.
    const r = await c.callTool({ name, arguments: a }, { timeout: 600_000 });
    if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text}`);
    return r.structuredContent;
  };
  const rows = [];
  const push = (row) => {
    rows.push(row);
    if (!markdown)
      process.stderr.write(
        `${row.what} × ${row.conc}: ${row.rps.toFixed(1)} ops/s, p99 ${fmt(row.p99)} ms, ${row.errors} errors\n`,
      );
  };
  try {
    for (const conc of concs) {
      push({
        what: "bare SDK `ping` tool (ceiling)",
        conc,
        ...(await cell(bare.url, conc, ops, (c) => call(c, "ping", {}))),
      });
      push({
        what: "axiom_status",
        conc,
        ...(await cell(axiom.url, conc, ops, (c) => call(c, "axiom_status", {}))),
      });
      push({
        what: "axiom_write 10 files (preview+confirm)",
        conc,
        ...(await cell(axiom.url, conc, writeOps, async (c, w, i) => {
          const files = Array.from({ length: 10 }, (_, k) => ({
            path: `c${conc}/w${w}/op${i}/f${k}.txt`,
            content: `${conc}/${w}/${i}/${k}\n`,
          }));
          // Writers of one root queue on its lock (apply.md §11): wait as long as allowed instead of
          // the 30 s default, so concurrency 32 measures the queue, not ERR_LOCKED.
          const lockTimeoutMs = 600_000;
          const preview = await call(c, "axiom_write", { files, intent: "bench", lockTimeoutMs });
          const applied = await call(c, "axiom_write", {
            files,
            intent: "bench",
            lockTimeoutMs,
            confirmDigest: preview.manifestDigest,
          });
          if (applied.status !== "applied")
            throw new Error(`status ${applied.status}: ${JSON.stringify(applied.error ?? applied).slice(0, 300)}`);
        })),
      });
    }
  } finally {
    axiom.stop();
    bare.stop();
    rmSync(root, { recursive: true, force: true });
  }
  const lines = [
    `Command: \`node bench/http.mjs --ops ${ops} --write-ops ${writeOps} --conc ${concs.join(",")}\`; 2026-07-28 era, SDK v2 client pinned, one client per worker  `,
    `Date: ${new Date().toISOString()}  `,
    `Machine: ${started}; at the end ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
    "",
    "| operation | concurrency | ops/s | p50 ms | p99 ms | errors |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.what} | ${r.conc} | ${r.rps.toFixed(1)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} |`),
  ];
  const failed = rows.filter((r) => r.errors > 0);
  if (failed.length > 0) {
    lines.push("", "Errors by kind:");
    for (const r of failed)
      lines.push(
        `- ${r.what} × ${r.conc}: ${Object.entries(r.kinds)
          .map(([k, n]) => `${n} × ${k}`)
          .join(", ")}`,
      );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
