// Issue 20 Low 7 (decisions SEC-34, replacing MCP-12): a client that writes its calls and closes
// stdin (`printf '<calls>' | axiom mcp`, a harness that ends its pipe) gets every answer: stdin end
// finishes the calls in flight and flushes their answers before the server exits 0.
import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { INPUT_ENDED_ERROR, InFlight } from "../src/transports/stdio/in-flight";
import { CLI, scrubbedEnv, type TempDir } from "./cli-run";
import { tempRoot } from "./mcp-helpers";
import { exchange, initializeLine, line } from "./stdio-front-helpers";

let R: TempDir;
beforeEach(async () => {
  R = await tempRoot();
  await R.write("src/a.txt", "a\n");
});
afterEach(() => R.cleanup());

const opening = () => initializeLine(1, "2025-06-18") + line({ method: "notifications/initialized" });
const call = (id: number, name: string, args: Record<string, unknown>) =>
  line({ id, method: "tools/call", params: { name, arguments: args } });

describe("stdin EOF drops no answer (issue 20 Low 7)", () => {
  test("calls written and stdin closed at once (before the SDK is even loaded): every call is answered, exit 0, stdout JSON-RPC only", async () => {
    const input =
      opening() +
      call(2, "axiom_status", { root: R.dir }) +
      call(3, "axiom_repo_snapshot", { root: R.dir }) +
      call(4, "axiom_status", { root: "not-a-root" });
    const r = await exchange(["--root", R.dir], input, { ids: [] });
    expect(r.code).toBe(0);
    expect(r.messages.every((m) => m.jsonrpc === "2.0")).toBe(true);
    // calls run concurrently: answers in any order, each exactly once
    expect(r.messages.map((m) => m.id as number).sort()).toEqual([1, 2, 3, 4]);
    const byId = (id: number) => r.messages.find((m) => m.id === id)?.result as Record<string, unknown>;
    expect((byId(2).structuredContent as { root: string }).root).toBe(R.dir);
    expect(byId(4).isError).toBe(true);
  }, 60_000);

  test("after the handover: a call sent with the stdin end right behind it is answered before the exit", async () => {
    const child = spawn(process.execPath, [CLI, "mcp", "--root", R.dir], {
      env: scrubbedEnv(),
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    const waiters: (() => void)[] = [];
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
      for (const w of waiters.splice(0)) w();
    });
    const ids = () =>
      stdout
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => (JSON.parse(l) as { id?: unknown }).id);
    const answered = async (id: number) => {
      while (!ids().includes(id)) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    // a first tool call goes to the SDK: once it is answered, the SDK owns the connection
    child.stdin.write(opening() + line({ id: 2, method: "tools/list" }) + call(3, "axiom_status", { root: R.dir }));
    await answered(3);
    child.stdin.end(call(4, "axiom_repo_snapshot", { root: R.dir }) + call(5, "axiom_status", { root: R.dir }));
    expect(await exit).toBe(0);
    expect((ids() as number[]).sort()).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);
});

describe("InFlight (the drain's bookkeeping)", () => {
  test("a server request open when input ends (an elicitation nobody can answer) gets an error reply at once; a cancelled request holds nothing open", () => {
    const delivered: Record<string, unknown>[] = [];
    const f = new InFlight((m) => {
      delivered.push(m);
      f.received(m);
    });
    let idle = 0;
    f.received({ jsonrpc: "2.0", id: 7, method: "tools/call" });
    f.received({ jsonrpc: "2.0", id: 8, method: "tools/call" });
    f.sent({ jsonrpc: "2.0", id: 0, method: "elicitation/create" });
    f.end(() => idle++);
    expect(delivered).toEqual([{ jsonrpc: "2.0", id: 0, error: INPUT_ENDED_ERROR }]);
    expect(idle).toBe(0);
    f.received({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 8 } });
    expect(idle).toBe(0);
    f.sent({ jsonrpc: "2.0", id: 7, result: {} });
    expect(idle).toBe(1);
    // an elicitation sent after the end is refused as it leaves
    f.sent({ jsonrpc: "2.0", id: 1, method: "elicitation/create" });
    expect(delivered.at(-1)).toEqual({ jsonrpc: "2.0", id: 1, error: INPUT_ENDED_ERROR });
  });
});
