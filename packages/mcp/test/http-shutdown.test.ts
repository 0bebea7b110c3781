// mcp.md §11.6 graceful shutdown of `axiom mcp --http` (SIGINT or SIGTERM; stdin is never read, SEC-10): 1. abort every
// working task; 2. close every legacy session; 3. close the modern handler; 4. close all connections;
// 5. close the listener; exit 0. checks.md 116 / threats.md T19.4 over HTTP: a running guard's
// process group dies with the server. Real child processes, real signals, real guard processes.
import { readdir, readFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeBundle } from "../../checks/test/helpers";
import { alive, readPids, waitFor, writeGuardedProfile } from "./guard-helpers";
import {
  connectHttp,
  type HttpChild,
  isRunning,
  JSON_HEADERS,
  openRawSession,
  openSse,
  raw,
  spawnHttp,
  startInProc,
} from "./http-helpers";
import { tempRoot } from "./mcp-helpers";

let root: { dir: string; cleanup: () => Promise<void> };
let server: HttpChild | undefined;

beforeEach(async () => {
  root = await tempRoot("axiom-http-stop-");
});
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  server = undefined;
  await root.cleanup();
});

/** Pids of live processes whose command line mentions `needle` (Linux /proc; empty elsewhere). */
async function processesMentioning(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const cmd = await readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "");
    const state = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    if (cmd.includes(needle) && !/\) Z /.test(state)) pids.push(Number(name));
  }
  return pids;
}

/** A profile whose one guard (hang.mjs) spawns a grandchild `sleep`, writes both pids and hangs. */
const guardedRoot = (pidFile: string) => writeGuardedProfile(root.dir, [pidFile, "grandchild"]);

/** A connection that has sent a POST head and part of its body, and never finishes it. */
function halfSentPost(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const closed = new Promise<void>((r) => socket.once("close", () => r()));
    socket.on("error", () => {});
    socket.once("connect", () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"jsonrpc"`,
        () => resolve({ socket, closed }),
      );
    });
    socket.once("error", reject);
  });
}

const exitOf = (s: HttpChild) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null)
      return r({ code: s.child.exitCode, signal: s.child.signalCode });
    s.child.once("exit", (code, signal) => r({ code, signal }));
  });

describe("graceful shutdown of `axiom mcp --http` (mcp.md §11.6, checks.md 116, threats.md T19.4)", () => {
  test("SIGTERM during a running axiom_check_start (slow guard) over HTTP, with an open legacy SSE stream and a half-sent POST → guard group killed, task aborted, session closed, connections dropped, listener gone, exit 0, no stray process", async () => {
    const pidFile = join(root.dir, "pids.txt");
    await guardedRoot(pidFile);
    const r = await spawnHttp(
      ["--root", root.dir, "--tools", "full", "--allow-guards", "--log-level", "info", "--http", "127.0.0.1:0"],
      {},
    );
    if (!isRunning(r)) throw new Error(`server exited ${r.exitCode}: ${r.stderr}`);
    server = r;

    // Step 1's subject: a task whose guard (and its grandchild) is running, started over the 2026 leg.
    const c = await connectHttp("v2-auto", r.url);
    const bundle = makeBundle({ profile: "guarded", artifacts: [{ path: "a.txt", content: "a\n" }] });
    const started = await c.client.callTool({ name: "axiom_check_start", arguments: { bundle, profile: "guarded" } });
    expect(started.isError, JSON.stringify(started.structuredContent)).toBeFalsy();
    const taskId = (started.structuredContent as { taskId: string }).taskId;
    const [guard, grandchild] = await readPids(pidFile);
    expect(alive(guard) && alive(grandchild)).toBe(true);
    // Step 2's subject: a legacy session holding its SSE stream. Step 4's: a request stuck mid-body.
    const sessionId = await openRawSession(r.port);
    const sse = await openSse(r.port, sessionId);
    const half = await halfSentPost(r.port);

    const t0 = Date.now();
    r.child.kill("SIGTERM");
    expect(await exitOf(r)).toEqual({ code: 0, signal: null });
    // A half-sent body would hold server.close() for the 60 s request timeout without step 4.
    expect(Date.now() - t0).toBeLessThan(15_000);
    await Promise.all([sse.ended, half.closed]);
    await waitFor(async () => (!alive(guard) && !alive(grandchild) ? true : undefined));
    expect(await processesMentioning(root.dir)).toEqual([]);

    const logs = r
      .stderr()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logs).toContainEqual(expect.objectContaining({ msg: "task started", taskId }));
    expect(logs).toContainEqual(expect.objectContaining({ msg: "http session closed", sessionId, sessions: 0 }));
    // Nothing in the transport failed on the way down (start-up warnings are not its business).
    expect(logs.filter((l) => l.level !== "info" && /^(http|tool|stdio)/.test(String(l.msg)))).toEqual([]);
    // Step 5: nothing listens on the port any more.
    await expect(raw(r.port, { path: "/health" })).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await c.close().catch(() => {});
  });

  test("SIGTERM during a synchronous axiom_check (slow guard, no task) over HTTP → the guard group is killed and the server exits 0 without waiting out the guard's 600 s timeout", async () => {
    const pidFile = join(root.dir, "pids.txt");
    await guardedRoot(pidFile);
    const r = await spawnHttp(
      ["--root", root.dir, "--allow-guards", "--log-level", "info", "--http", "127.0.0.1:0"],
      {},
    );
    if (!isRunning(r)) throw new Error(`server exited ${r.exitCode}: ${r.stderr}`);
    server = r;
    const c = await connectHttp("v2-auto", r.url);
    const bundle = makeBundle({ profile: "guarded", artifacts: [{ path: "a.txt", content: "a\n" }] });
    const call = c.client.callTool({ name: "axiom_check", arguments: { bundle, profile: "guarded" } }).catch((e) => e);
    const [guard, grandchild] = await readPids(pidFile);
    const t0 = Date.now();
    r.child.kill("SIGTERM");
    expect(await exitOf(r)).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(15_000);
    await waitFor(async () => (!alive(guard) && !alive(grandchild) ? true : undefined));
    expect(await processesMentioning(root.dir)).toEqual([]);
    await call;
    await c.close().catch(() => {});
  });

  test("SIGINT → exit 0 (as SIGTERM)", async () => {
    const r = await spawnHttp(["--root", root.dir, "--log-level", "info", "--http", "127.0.0.1:0"]);
    if (!isRunning(r)) throw new Error(`server exited ${r.exitCode}: ${r.stderr}`);
    server = r;
    expect((await raw(r.port, { path: "/health" })).status).toBe(200);
    r.child.kill("SIGINT");
    expect(await exitOf(r)).toEqual({ code: 0, signal: null });
  });

  test("close() in-process: the task abort runs while the sessions are still open (step 1 before 2), then sessions close, connections drop and the listener closes (steps 2, 4, 5)", async () => {
    const sessionsAtAbort: number[] = [];
    const h = await startInProc(root.dir, { onShutdown: () => sessionsAtAbort.push(h.pipeline.sessions.size) });
    const id = await openRawSession(h.port);
    const sse = await openSse(h.port, id);
    const half = await halfSentPost(h.port);
    await h.close();
    expect(sessionsAtAbort).toEqual([1]);
    await Promise.all([sse.ended, half.closed]);
    expect(h.logs.find((l) => l.msg === "http session closed")).toMatchObject({ sessionId: id, sessions: 0 });
    expect(h.server.listening).toBe(false);
    // Nothing answers on the port any more. Other suites run in parallel and may bind the freed
    // port at once, so a reset (a foreign listener refusing our request) counts as well as a refusal.
    const after = (await raw(h.port, { method: "POST", headers: JSON_HEADERS, body: "{}" }).catch((e) => e)) as {
      code?: string;
    };
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(after.code);
  });
});
