// The stdio handshake front (decisions SHIP-9) against the real `axiom mcp` process: with the front on
// (default) and off (AXIOM_MCP_STDIO_FRONT=off) the opening is answered with the same bytes, for every
// protocolVersion the SDK accepts and for unsupported ones; the client's own `initialize` reaches the
// SDK server (elicitation depends on its capabilities); a broken SDK and shutdown during the front
// behave as the spec says; the front's chunk imports no SDK module.
import { spawn } from "node:child_process";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadBuildGraph } from "./build-graph";
import { CLI, scrubbedEnv, type TempDir, tempDir } from "./cli-run";
import { distCopy } from "./dist-copy";
import { exchange, initializeLine, line, logs } from "./stdio-front-helpers";

const OFF = { AXIOM_MCP_STDIO_FRONT: "off" };
// A 2026-era version asked for with a 2025 `initialize`, and one no SDK knows: both get the fallback.
const UNSUPPORTED = ["2026-07-28", "1999-12-31"];

let R: TempDir;
beforeAll(async () => {
  R = await tempDir("axiom-front-");
});
afterAll(() => R.cleanup());

/** id → the exact answer line. */
const byId = (stdout: string) =>
  new Map(
    stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => [JSON.stringify((JSON.parse(l) as { id: unknown }).id), l]),
  );

const answered = (stderr: string) =>
  logs(stderr)
    .filter((l) => l.msg === "stdio front answered")
    .map((l) => l.method);

describe("front on = front off, byte for byte", () => {
  test.each(["core", "full"])(
    "--tools %s: initialize / tools/list / ping answers for every SDK protocolVersion and unsupported ones",
    async (toolset) => {
      expect(SUPPORTED_PROTOCOL_VERSIONS.length).toBeGreaterThan(1);
      for (const version of [...SUPPORTED_PROTOCOL_VERSIONS, ...UNSUPPORTED]) {
        const input =
          initializeLine(1, version) +
          line({ method: "notifications/initialized" }) +
          line({ id: 2, method: "tools/list" }) +
          line({ id: "p", method: "ping", params: {} });
        const args = ["--root", R.dir, "--tools", toolset, "--log-level", "debug"];
        const [on, off] = await Promise.all([exchange(args, input), exchange(args, input, { env: OFF })]);
        expect({ version, on: on.code, off: off.code }).toEqual({ version, on: 0, off: 0 });
        // The front answered all three (and the SDK none of them), the SDK alone the same three.
        expect(answered(on.stderr), version).toEqual(["initialize", "tools/list", "ping"]);
        expect(answered(off.stderr), version).toEqual([]);
        const a = byId(on.stdout);
        const b = byId(off.stdout);
        expect([...a.keys()].sort()).toEqual(['"p"', "1", "2"]);
        for (const [id, l] of b) expect(a.get(id), `${version} id ${id}`).toBe(l);
        expect(on.stdout.endsWith("\n")).toBe(true);
        const opened = on.messages.find((m) => m.id === 1) as { result: { protocolVersion: string } };
        expect(opened.result.protocolVersion).toBe(
          UNSUPPORTED.includes(version) ? SUPPORTED_PROTOCOL_VERSIONS[0] : version,
        );
      }
    },
    120_000,
  );

  test("a request the front does not answer (tools/list with a cursor) ends its answering: it and every later line are the SDK's, in order", async () => {
    const input =
      initializeLine(1, "2025-06-18") +
      line({ method: "notifications/initialized" }) +
      line({ id: 2, method: "tools/list", params: { cursor: "x" } }) +
      line({ id: 3, method: "ping" }) +
      line({ id: 4, method: "tools/list" });
    const args = ["--root", R.dir, "--log-level", "debug"];
    const [on, off] = await Promise.all([exchange(args, input), exchange(args, input, { env: OFF })]);
    expect(answered(on.stderr)).toEqual(["initialize"]);
    expect(logs(on.stderr).some((l) => l.msg === "stdio front handed the connection to the SDK")).toBe(true);
    expect(byId(on.stdout)).toEqual(byId(off.stdout));
    expect(on.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  test("a 2026-era opening (no initialize) is the SDK's from the first line: same answer as without the front", async () => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "front-test", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const input = line({ id: 1, method: "tools/list", params: { _meta: meta } });
    const args = ["--root", R.dir, "--log-level", "debug"];
    const [on, off] = await Promise.all([exchange(args, input), exchange(args, input, { env: OFF })]);
    expect(answered(on.stderr)).toEqual([]);
    expect(on.messages).toHaveLength(1);
    expect(on.stdout).toBe(off.stdout);
    expect(on.messages[0]).toMatchObject({ result: { ttlMs: 300000 } });
  });
});

describe("handover", () => {
  test("the client's own initialize reaches the SDK server: with elicitation declared and --require-human, the confirm call sends elicitation/create (without it: elicitation-unsupported)", async () => {
    for (const elicit of [true, false]) {
      const child = spawn(process.execPath, [CLI, "mcp", "--root", R.dir, "--require-human", "--log-level", "debug"], {
        env: scrubbedEnv(),
        shell: false,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const seen: Record<string, unknown>[] = [];
      const waiters: {
        match: (m: Record<string, unknown>) => boolean;
        resolve: (m: Record<string, unknown>) => void;
      }[] = [];
      let buf = "";
      child.stdout.on("data", (d: Buffer) => {
        buf += d.toString();
        for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
          const m = JSON.parse(buf.slice(0, i)) as Record<string, unknown>;
          buf = buf.slice(i + 1);
          seen.push(m);
          const w = waiters.findIndex((x) => x.match(m));
          if (w >= 0) waiters.splice(w, 1)[0]?.resolve(m);
        }
      });
      const next = (match: (m: Record<string, unknown>) => boolean) =>
        new Promise<Record<string, unknown>>((resolve) => {
          const found = seen.find(match);
          if (found) resolve(found);
          else waiters.push({ match, resolve });
        });
      const files = [{ path: `e-${elicit}.txt`, content: "x" }];
      child.stdin.write(
        initializeLine(1, "2025-11-25", elicit ? { elicitation: {} } : {}) +
          line({ method: "notifications/initialized" }) +
          line({ id: 2, method: "tools/call", params: { name: "axiom_write", arguments: { files } } }),
      );
      const preview = await next((m) => m.id === 2);
      const digest = (preview.result as { structuredContent: { manifestDigest: string } }).structuredContent
        .manifestDigest;
      child.stdin.write(
        line({
          id: 3,
          method: "tools/call",
          params: { name: "axiom_write", arguments: { files, confirmDigest: digest } },
        }),
      );
      const first = await next((m) => m.id === 3 || m.method === "elicitation/create");
      if (elicit) {
        expect(first.method).toBe("elicitation/create");
        child.stdin.write(line({ id: first.id as number, result: { action: "decline" } }));
        const r = await next((m) => m.id === 3);
        expect((r.result as { isError: boolean }).isError).toBe(true);
      } else {
        expect(first.id).toBe(3);
        const r = first.result as { content: { text: string }[] };
        expect(JSON.parse(r.content[1]?.text ?? "").details.reason).toBe("elicitation-unsupported");
      }
      expect(answered(stderr)).toEqual(["initialize"]);
      // The SDK answered the replayed initialize exactly as the front had: no mismatch warning.
      expect(stderr).not.toContain("initialize answer differs");
      const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      child.stdin.end();
      expect(await exit).toBe(0);
    }
  }, 60_000);
});

describe("start-up and shutdown around the front", () => {
  test("SIGTERM while the front serves (SDK not loading) → exit 0, nothing on stderr at the default level", async () => {
    const r = await exchange(["--root", R.dir], initializeLine(1, "2025-06-18"), {
      after: (child) => child.kill("SIGTERM"),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.messages.map((m) => m.id)).toEqual([1]);
  });

  test.each(["stdin end", "SIGTERM"])(
    "%s right after the tools/list answer (SDK loading) → exit 0, stdout JSON-RPC only",
    async (how) => {
      const input =
        initializeLine(1, "2025-06-18") +
        line({ method: "notifications/initialized" }) +
        line({ id: 2, method: "tools/list" });
      const r = await exchange(["--root", R.dir], input, {
        after: (child) => (how === "SIGTERM" ? child.kill("SIGTERM") : child.stdin?.end()),
      });
      expect(r.code).toBe(0);
      expect(r.signal).toBeNull();
      expect(r.stderr).toBe("");
      expect(r.messages.map((m) => [m.jsonrpc, m.id])).toEqual([
        ["2.0", 1],
        ["2.0", 2],
      ]);
    },
  );

  test("an SDK that resolves but fails to load: the front answers the opening without it, then logs the failure and exits 2", async () => {
    const lone = await distCopy();
    try {
      const sdk = "node_modules/@modelcontextprotocol/server";
      await lone.write(
        `${sdk}/package.json`,
        JSON.stringify({
          name: "@modelcontextprotocol/server",
          version: "2.0.0",
          type: "module",
          exports: { ".": "./index.mjs", "./stdio": "./stdio.mjs" },
        }),
      );
      for (const f of ["index.mjs", "stdio.mjs"]) await lone.write(`${sdk}/${f}`, 'throw new Error("broken SDK");\n');
      await lone.write("r/.keep", "");
      const input =
        initializeLine(1, "2025-06-18") +
        line({ method: "notifications/initialized" }) +
        line({ id: 2, method: "tools/list" });
      // stdin stays open: the process ends by itself.
      const r = await exchange(["--root", lone.path("r")], input, { entry: lone.cli, cwd: lone.dir, after: () => {} });
      expect(r.code).toBe(2);
      expect(r.messages.map((m) => m.id)).toEqual([1, 2]);
      expect((r.messages[1] as { result: { tools: unknown[] } }).result.tools).toHaveLength(6);
      // Linking fails first (the stub exports nothing the chunk imports).
      expect(logs(r.stderr).find((l) => l.msg === "the MCP SDK failed to load")).toMatchObject({
        level: "error",
        error: expect.stringMatching(/broken SDK|@modelcontextprotocol\/server/),
      });
    } finally {
      await lone.cleanup();
    }
  }, 60_000);
});

describe("module graph (esbuild metafile)", () => {
  test("the front's chunk and every chunk it imports statically reach no SDK module and carry neither adapter.ts nor server.ts; mcp-lazy.js is a dynamic import of it", async () => {
    const graph = await loadBuildGraph();
    const [front] = Object.entries(graph.outputs).filter(([, o]) => o.entryPoint === "src/transports/stdio/front.ts");
    expect(front).toBeDefined();
    const [file, out] = front as [string, (typeof graph.outputs)[string]];
    const closure = graph.closure(file, false);
    expect(closure.bytes).toBeLessThan(1_000_000);
    expect([...closure.externals].filter((e) => e.startsWith("@modelcontextprotocol/") || e === "zod")).toEqual([]);
    const inputs = graph.inputsOf(closure.files);
    expect(inputs).toContain("src/transports/stdio/front-data.ts");
    for (const seam of ["src/server/adapter.ts", "src/server/server.ts", "src/transports/stdio/front-probe.ts"])
      expect(inputs).not.toContain(seam);
    expect(out.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path)).toContain("dist/mcp-lazy.js");
    // The SDK-bearing chunk the front hands over to.
    expect([...graph.closure("dist/mcp-lazy.js", false).externals]).toContain("@modelcontextprotocol/server/stdio");
  }, 60_000);
});
