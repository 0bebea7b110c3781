#!/usr/bin/env node
// Input fuzz soak (issue 12, soak 3; mcp.md stdio transport, threats.md "fail closed").
// PROVES: N random tool calls (default 10,000) over stdio to ONE real `axiom mcp --tools full`
// process never crash it and never make it write anything but JSON-RPC on stdout; every tool
// failure carries a code from ERROR_CODES (packages/schema/src/errors.ts, read by
// scripts/check-error-codes.mjs); JSON-RPC level errors are only the standard request errors
// (-32700 … -32602), never an internal error; and the server's resident memory stays bounded
// (max RSS of the last quarter ≤ 2 × the first quarter's + 64 MiB, and < 1 GiB: V8 grows its heap
// for the 2 MB strings over the first thousands of calls, then plateaus at ≈ 160–220 MiB).
// HOW: the SDK client (@modelcontextprotocol/client, as the MCP tests use it) talks to the server
// through a small stdio transport of this script that spawns the server (argv, shell: false,
// scrubbed env) and checks every stdout line is a JSON-RPC 2.0 object before the client sees it.
// Calls come from fast-check arbitraries sampled with the seed: the advertised tool names plus
// unknown and near-miss names; arguments shaped by each tool's inputSchema keys with hostile
// values (digest-like strings, traversal paths, the root, plans, huge strings), or random JSON;
// 10 % are mutated raw `tools/call` requests (arguments not an object, name missing or not a
// string) sent straight down the pipe. RSS is read from /proc every 100 calls.
// Usage: node scripts/soak/fuzz.mjs [--short] [--seed n] [--n calls]   (--short = 300 calls)
// Prints a summary JSON; exit 1 on any violation.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { readErrorCodes } from "../check-error-codes.mjs";
import { CLI, childEnv, finish, machine, parseFlags, REPO, rssOf, tempDir } from "./lib.mjs";

const flags = parseFlags();
const CALLS = flags.n ?? (flags.short ? 300 : 10_000);
const CODES = new Set(readErrorCodes(REPO));
const RPC_REQUEST_ERRORS = new Set([-32700, -32600, -32601, -32602]);
const CALL_TIMEOUT_MS = 120_000;

/** Stdio client transport that vets every stdout line and answers the script's raw requests. */
class VettingTransport {
  constructor(args, violations) {
    this.args = args;
    this.violations = violations;
    this.pending = new Map();
    this.nextRaw = 0;
    this.buf = "";
    this.stderr = "";
    this.exited = undefined;
  }
  async start() {
    this.proc = spawn(process.execPath, this.args, { shell: false, env: childEnv(), stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stdout.on("data", (d) => this.feed(d.toString("utf8")));
    this.proc.stderr.on("data", (d) => {
      this.stderr = (this.stderr + d.toString()).slice(-20_000);
    });
    this.proc.stdin.on("error", (err) => this.onerror?.(err));
    this.proc.on("exit", (code, signal) => {
      this.exited = { code, signal };
      for (const p of this.pending.values()) p.reject(new Error("server exited"));
      this.onclose?.();
    });
    await new Promise((resolve, reject) => {
      this.proc.once("spawn", resolve);
      this.proc.once("error", reject);
    });
  }
  feed(text) {
    this.buf += text;
    for (let i = this.buf.indexOf("\n"); i >= 0; i = this.buf.indexOf("\n")) {
      const line = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        this.violations.push(`non-JSON on stdout: ${line.slice(0, 200)}`);
        continue;
      }
      if (msg === null || typeof msg !== "object" || Array.isArray(msg) || msg.jsonrpc !== "2.0") {
        this.violations.push(`non-JSON-RPC on stdout: ${line.slice(0, 200)}`);
        continue;
      }
      const raw = typeof msg.id === "string" && msg.id.startsWith("fuzz-") ? this.pending.get(msg.id) : undefined;
      if (raw) {
        this.pending.delete(msg.id);
        raw.resolve(msg);
      } else this.onmessage?.(msg);
    }
  }
  async send(msg) {
    this.proc.stdin.write(`${JSON.stringify(msg)}\n`);
  }
  /** Sends a raw request the SDK client would refuse to build; resolves with the response. */
  raw(method, params) {
    const id = `fuzz-${this.nextRaw++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${id} in ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      const body = { jsonrpc: "2.0", id, method };
      if (params !== undefined) body.params = params;
      this.proc.stdin.write(`${JSON.stringify(body)}\n`);
    });
  }
  close() {
    this.closing ??= (async () => {
      if (this.exited) return;
      const done = new Promise((r) => this.proc.once("exit", r));
      this.proc.stdin.end();
      const t = setTimeout(() => this.proc.kill("SIGKILL"), 10_000);
      await done;
      clearTimeout(t);
    })();
    return this.closing;
  }
}

function arbitraries(tools, root) {
  const names = tools.map((t) => t.name);
  const hostile = fc.constantFrom(
    "",
    "sha256:",
    `sha256:${"a".repeat(64)}`,
    `sha256:${"A".repeat(64)}`,
    "../x",
    "../../etc/passwd",
    "/",
    "a/../../b",
    ".axiom/lock",
    ".AXIOM/x",
    "C:\\x",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "default",
    "strict",
    "permissive",
    "AAE=",
    "file:///etc/passwd",
    "https://127.0.0.1:1/x",
    root,
    `${root}/..`,
  );
  const big = fc.integer({ min: 1, max: 2_000_000 }).map((n) => "x".repeat(n));
  const plan = fc.record(
    {
      apiVersion: fc.constantFrom("axiom.dev/v2", "axiom.dev/v1", "x"),
      kind: fc.constantFrom("Plan", "Manifest"),
      name: fc.string({ maxLength: 20 }),
      intent: fc.string({ maxLength: 20 }),
      artifacts: fc.array(
        fc.record(
          {
            path: fc.oneof(hostile, fc.string({ maxLength: 30 })),
            op: fc.constantFrom("create", "overwrite", "delete", "x"),
            source: fc.record(
              {
                type: fc.constantFrom("inline", "ref", "patch", "cas", "template"),
                content: fc.string({ maxLength: 50 }),
              },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: [] },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 4, arbitrary: hostile },
    { weight: 2, arbitrary: plan },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(fc.oneof(hostile, fc.string({ maxLength: 10 })), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.nat({ max: 50 }).chain((n) => (n === 0 ? big : fc.string({ maxLength: 40 }))) },
  );
  const name = fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...names) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...names)
        .map((n) => [n.toUpperCase(), `${n}_`, n.slice(0, -1), ` ${n}`, `${n}\u0000`][n.length % 5]),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  );
  const keysOf = (n) => Object.keys(tools.find((t) => t.name === n)?.inputSchema?.properties ?? {});
  const args = (n) => {
    const keys = keysOf(n);
    const shaped =
      keys.length === 0
        ? fc.constant({})
        : fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
    return fc.oneof(
      { weight: 4, arbitrary: shaped },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
      },
    );
  };
  const good = name.chain((n) => args(n).map((a) => ({ kind: "call", name: n, args: a })));
  const mutated = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.oneof(fc.string(), fc.integer(), fc.array(fc.jsonValue()), fc.constant(null)),
      )
      .map(([n, a]) => ({ kind: "raw", params: { name: n, arguments: a } })),
    fc.jsonValue({ maxDepth: 2 }).map((a) => ({ kind: "raw", params: { arguments: a } })),
    fc
      .tuple(fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string())), fc.jsonValue({ maxDepth: 2 }))
      .map(([n, a]) => ({
        kind: "raw",
        params: { name: n, arguments: a },
      })),
    fc.constant({ kind: "raw", params: undefined }),
  );
  return fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: mutated });
}

/** A tool result's failure code (isError results carry the error object), or undefined. */
function resultCode(r) {
  if (!r?.isError) return undefined;
  const sc = r.structuredContent;
  if (sc && typeof sc.code === "string") return sc.code;
  // MCP-15: `CODE: message`, then the error object's JSON.
  try {
    return JSON.parse(r.content?.[1]?.text ?? "").code;
  } catch {
    return `unparsed:${String(r.content?.[0]?.text).slice(0, 80)}`;
  }
}

async function main() {
  const started = Date.now();
  const host = machine();
  const startedAt = new Date(started).toISOString();
  const violations = [];
  const root = tempDir("axiom-fuzz-soak-");
  fs.writeFileSync(path.join(root, "keep.txt"), "keep\n");
  const transport = new VettingTransport([CLI, "mcp", "--root", root, "--tools", "full"], violations);
  const client = new Client({ name: "axiom-fuzz-soak", version: "1.0.0" }, { capabilities: {} });
  client.onerror = (err) => violations.push(`client error: ${String(err?.message ?? err).slice(0, 200)}`);
  const tally = { calls: 0, succeeded: 0, toolErrors: {}, rpcErrors: {}, raw: 0, unknownNames: 0 };
  const rss = [];
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const known = new Set(tools.map((t) => t.name));
    const samples = fc.sample(arbitraries(tools, root), { numRuns: CALLS, seed: flags.seed });
    for (const [i, s] of samples.entries()) {
      if (transport.exited) {
        violations.push(
          `server exited at call ${i}: ${JSON.stringify(transport.exited)} ${transport.stderr.slice(-500)}`,
        );
        break;
      }
      tally.calls++;
      const where = `call ${i} ${s.kind} ${JSON.stringify(s.name ?? s.params?.name)}`;
      try {
        if (s.kind === "raw") {
          tally.raw++;
          const m = await transport.raw("tools/call", s.params);
          if (m.error) {
            tally.rpcErrors[m.error.code] = (tally.rpcErrors[m.error.code] ?? 0) + 1;
            if (!RPC_REQUEST_ERRORS.has(m.error.code))
              violations.push(`${where}: JSON-RPC error ${JSON.stringify(m.error).slice(0, 300)}`);
          } else {
            const code = resultCode(m.result);
            if (code === undefined) tally.succeeded++;
            else {
              tally.toolErrors[code] = (tally.toolErrors[code] ?? 0) + 1;
              if (!CODES.has(code)) violations.push(`${where}: code outside ERROR_CODES: ${code}`);
            }
          }
        } else {
          if (!known.has(s.name)) tally.unknownNames++;
          const r = await client.callTool({ name: s.name, arguments: s.args }, { timeout: CALL_TIMEOUT_MS });
          const code = resultCode(r);
          if (code === undefined) tally.succeeded++;
          else {
            tally.toolErrors[code] = (tally.toolErrors[code] ?? 0) + 1;
            if (!CODES.has(code)) violations.push(`${where}: code outside ERROR_CODES: ${code}`);
          }
        }
      } catch (err) {
        // The SDK client raises JSON-RPC error responses as errors carrying the numeric code.
        const code = err?.code;
        if (typeof code === "number" && RPC_REQUEST_ERRORS.has(code))
          tally.rpcErrors[code] = (tally.rpcErrors[code] ?? 0) + 1;
        else violations.push(`${where}: ${err?.name} ${code} ${String(err?.message).slice(0, 300)}`);
      }
      if (i % 100 === 0) {
        const b = rssOf(transport.proc.pid);
        if (b !== undefined) rss.push(b);
      }
      if (!flags.short && i % 1000 === 999)
        process.stderr.write(`fuzz soak: ${i + 1} calls, ${Math.round((Date.now() - started) / 1000)} s\n`);
    }
    // Still alive and answering after the storm.
    const after = await client.callTool({ name: "axiom_status", arguments: {} });
    if (after.isError) violations.push(`axiom_status after the fuzz: ${JSON.stringify(after).slice(0, 300)}`);
    const b = rssOf(transport.proc.pid);
    if (b !== undefined) rss.push(b);
  } catch (err) {
    violations.push(`fuzz driver: ${String(err?.stack ?? err).slice(0, 500)}`);
  } finally {
    await client.close().catch(() => undefined);
    await transport.close();
  }
  if (transport.exited?.signal) violations.push(`server ended by ${transport.exited.signal}`);
  else if (transport.exited && transport.exited.code !== 0)
    violations.push(`server exit code ${transport.exited.code}`);
  const q = Math.max(1, Math.floor(rss.length / 4));
  const first = Math.max(...rss.slice(0, q));
  const last = Math.max(...rss.slice(-q));
  const MiB = 2 ** 20;
  if (rss.length > 1 && (last > 2 * first + 64 * MiB || Math.max(...rss) > 1024 * MiB))
    violations.push(
      `RSS grew: first quarter max ${(first / MiB).toFixed(0)} MiB, last quarter max ${(last / MiB).toFixed(0)} MiB`,
    );
  fs.rmSync(root, { recursive: true, force: true });
  finish({
    soak: "fuzz",
    seed: flags.seed,
    requestedCalls: CALLS,
    ...tally,
    rssMiB: {
      samples: rss.length,
      firstQuarterMax: Math.round(first / MiB),
      lastQuarterMax: Math.round(last / MiB),
      max: Math.round(Math.max(...rss) / MiB),
      // one sample per 1,000 calls, to tell a plateau from a leak
      series: rss.filter((_, k) => k % 10 === 0).map((b) => Math.round(b / MiB)),
    },
    seconds: Math.round((Date.now() - started) / 1000),
    startedAt,
    machine: host,
    violations,
  });
}

main().catch((err) => {
  process.stderr.write(`${String(err?.stack ?? err)}\n`);
  process.exitCode = 2;
});
