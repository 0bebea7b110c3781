// mcp.md §8 acceptance "2025 legacy HTTP session with elicitation → same as stdio": the SDK's legacy
// shim sends a real elicitation/create over the session's SSE stream; the 2026 client over HTTP
// answers the input_required round itself. In-process HTTP listener on 127.0.0.1.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CallToolResultSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, expect, test } from "vitest";
import { connectHttp, type InProc, startInProc } from "./http-helpers";
import { errorOf, type ToolResult, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
let S: InProc;
beforeEach(async () => {
  R = await tempRoot("axiom-hhttp-");
  await writeFile(join(R.dir, "keep.txt"), "old\n");
  S = await startInProc(R.dir);
});
afterEach(async () => {
  await S.close();
  await R.cleanup();
});

const files = [{ path: "a.txt", content: "x" }];
type Answer = (message: string) => Record<string, unknown>;

async function confirmOver(kind: "v1" | "v2-legacy" | "v2-auto", answer: Answer) {
  const c = await connectHttp(kind, S.url, { capabilities: { elicitation: { form: {} } } });
  const messages: string[] = [];
  const handler = async (params: { message: string }) => {
    messages.push(params.message);
    return answer(params.message);
  };
  if (kind === "v1")
    (c.client as unknown as { setRequestHandler: (s: unknown, h: unknown) => void }).setRequestHandler(
      ElicitRequestSchema,
      (req: { params: { message: string } }) => handler(req.params),
    );
  else c.client.setRequestHandler("elicitation/create", (req) => handler(req.params as never) as never);
  const call = (args: Record<string, unknown>) =>
    kind === "v1"
      ? (
          c.client as unknown as {
            request: (r: unknown, s: unknown) => Promise<ToolResult>;
          }
        ).request({ method: "tools/call", params: { name: "axiom_write", arguments: args } }, CallToolResultSchema)
      : (c.client.callTool({ name: "axiom_write", arguments: args }) as Promise<unknown> as Promise<ToolResult>);
  return { c, messages, call };
}

test.each(["v1", "v2-legacy", "v2-auto"] as const)(
  "%s over HTTP: accept + right digest12 → applied; decline → {reason: declined}, nothing written",
  async (kind) => {
    const ok = await confirmOver(kind, (m) => ({
      action: "accept",
      content: { confirm: true, digest12: m.slice(-12) },
    }));
    const preview = await ok.c.client.callTool({ name: "axiom_write", arguments: { root: R.dir, files } });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const applied = await ok.c.client.callTool({
      name: "axiom_write",
      arguments: { root: R.dir, files, confirmDigest: digest },
    });
    expect((applied.structuredContent as { status: string }).status).toBe("applied");
    expect(ok.messages).toHaveLength(1);
    expect(ok.messages[0]).toContain(`manifest: ${digest}`);
    expect(S.logs.filter((l) => l.msg === "human confirmation requested")[0]).toMatchObject({
      era: kind === "v2-auto" ? "modern" : "legacy",
    });
    await ok.c.close();

    await writeFile(join(R.dir, "b.txt"), "b\n");
    const no = await confirmOver(kind, () => ({ action: "decline" }));
    const f2 = [{ path: "b.txt", content: "changed" }];
    const p2 = await no.c.client.callTool({ name: "axiom_write", arguments: { root: R.dir, files: f2 } });
    const d2 = (p2.structuredContent as { manifestDigest: string }).manifestDigest;
    const r = await no.call({ root: R.dir, files: f2, confirmDigest: d2 });
    expect(errorOf(r).details).toEqual({ reason: "declined", manifestDigest: d2 });
    expect(no.messages).toHaveLength(1);
    expect(await readFile(join(R.dir, "b.txt"), "utf8")).toBe("b\n");
    await no.c.close();
  },
);

test("v1 client's callTool() on a human-step refusal returns the coded isError result (no structuredContent to validate: MCP-14, was HUMAN-5's -32602)", async () => {
  const no = await confirmOver("v1", () => ({ action: "cancel" }));
  // The v1 client validates only tools whose output schema it has cached from tools/list.
  await no.c.client.listTools();
  const preview = await no.c.client.callTool({ name: "axiom_write", arguments: { root: R.dir, files } });
  const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
  const viaCallTool = (await no.c.client.callTool({
    name: "axiom_write",
    arguments: { root: R.dir, files, confirmDigest: digest },
  })) as ToolResult;
  expect(errorOf(viaCallTool)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "cancelled" } });
  const r = await no.call({ root: R.dir, files, confirmDigest: digest });
  expect(errorOf(r).details).toEqual({ reason: "cancelled", manifestDigest: digest });
  expect(await readFile(join(R.dir, "a.txt"), "utf8").catch(() => null)).toBeNull();
  await no.c.close();
});

test("2025 client that never answers the elicitation (injected 1 s round timeout) → SDK text-only isError, tree unchanged", async () => {
  const slow = await startInProc(R.dir, { server: { inputRoundTimeoutMs: 1000 } });
  try {
    const c = await connectHttp("v1", slow.url, { capabilities: { elicitation: {} } });
    let asked = 0;
    (c.client as unknown as { setRequestHandler: (s: unknown, h: unknown) => void }).setRequestHandler(
      ElicitRequestSchema,
      () => {
        asked++;
        return new Promise(() => {});
      },
    );
    const request = (args: Record<string, unknown>) =>
      (c.client as unknown as { request: (r: unknown, s: unknown, o?: unknown) => Promise<ToolResult> }).request(
        { method: "tools/call", params: { name: "axiom_write", arguments: args } },
        CallToolResultSchema,
        { timeout: 30_000 },
      );
    const preview = await request({ root: R.dir, files });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const r = await request({ root: R.dir, files, confirmDigest: digest });
    expect(asked).toBe(1);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toHaveLength(1);
    expect(r.content[0].type).toBe("text");
    expect(await readFile(join(R.dir, "a.txt"), "utf8").catch(() => null)).toBeNull();
    expect(await readFile(join(R.dir, "keep.txt"), "utf8")).toBe("old\n");
    await c.close();
  } finally {
    await slow.close();
  }
});

test.each(["v2-auto", "v1"] as const)(
  "%s: state minted 15 min + 1 ms before the retry (injected clock) → asked again (expired), then applied; exactly 15 min → accepted at once",
  async (kind) => {
    const { processStates } = await import("../src/server/human/state");
    const realNow = processStates.now;
    // A frozen clock: real milliseconds elapsing between mint and retry would break "exactly 15 min".
    const base = realNow();
    let offset = 0;
    processStates.now = () => base + offset;
    try {
      let skew = 900_001;
      const h = await confirmOver(kind, (m) => {
        offset += skew; // the human takes this long to answer
        skew = 0;
        return { action: "accept", content: { confirm: true, digest12: m.slice(-12) } };
      });
      const p = await h.call({ root: R.dir, files });
      const digest = (p.structuredContent as { manifestDigest: string }).manifestDigest;
      const r = await h.call({ root: R.dir, files, confirmDigest: digest });
      expect((r.structuredContent as { status: string }).status).toBe("applied");
      expect(h.messages).toHaveLength(2);
      expect(S.logs.filter((l) => l.msg === "request state rejected").map((l) => l.reason)).toEqual(["expired"]);
      await h.c.close();

      await writeFile(join(R.dir, "c.txt"), "c\n");
      skew = 900_000;
      const h2 = await confirmOver(kind, (m) => {
        offset += skew;
        skew = 0;
        return { action: "accept", content: { confirm: true, digest12: m.slice(-12) } };
      });
      const f3 = [{ path: "c.txt", content: "C" }];
      const p3 = await h2.call({ root: R.dir, files: f3 });
      const d3 = (p3.structuredContent as { manifestDigest: string }).manifestDigest;
      const r3 = await h2.call({ root: R.dir, files: f3, confirmDigest: d3 });
      expect((r3.structuredContent as { status: string }).status).toBe("applied");
      expect(h2.messages).toHaveLength(1);
      await h2.c.close();
    } finally {
      processStates.now = realNow;
    }
  },
);

test("--require-human, a stateless 2025 request that never sent initialize (embedder using the SDK's stateless legacy fallback) → {reason: elicitation-unsupported}", async () => {
  const { createMcpHandler } = await import("@modelcontextprotocol/server");
  const { serverFactory } = await import("../src/server/server");
  const factory = serverFactory(
    { roots: new Set([R.dir]), platform: process.platform },
    { toolset: "full", requireHuman: true },
  );
  const handler = createMcpHandler(factory, { legacy: "stateless" } as never);
  let id = 0;
  const post = async (args: Record<string, unknown>) => {
    const res = await handler.fetch(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: ++id,
          method: "tools/call",
          params: { name: "axiom_write", arguments: args },
        }),
      }),
    );
    const text = await res.text();
    const json = text.startsWith("{") ? text : (text.split("\n").find((l) => l.startsWith("data: ")) ?? "").slice(6);
    return (JSON.parse(json) as { result: ToolResult }).result;
  };
  try {
    const preview = await post({ root: R.dir, files });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const r = await post({ root: R.dir, files, confirmDigest: digest });
    expect(errorOf(r).details).toEqual({ reason: "elicitation-unsupported", manifestDigest: digest });
    expect(await readFile(join(R.dir, "a.txt"), "utf8").catch(() => null)).toBeNull();
  } finally {
    await handler.close();
  }
});
