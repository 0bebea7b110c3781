// Issue 20 Low 6 (decisions SEC-38): under `ulimit -n` 40…80 `axiom mcp` starts, answers every call
// (a tool that runs out of descriptors answers with an ERR_* code) and keeps serving; before, the
// module loader's parallel reads failed with EMFILE ("the MCP SDK failed to load", or no start).
// The limit is set on a real child through util-linux `prlimit` (argv, no shell).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CLI, scrubbedEnv, type TempDir } from "./cli-run";
import { tempRoot } from "./mcp-helpers";
import { initializeLine, line } from "./stdio-front-helpers";

const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p));

let R: TempDir;
beforeEach(async () => {
  R = await tempRoot();
  for (let i = 0; i < 120; i++) await R.write(`many/f${i}.txt`, `${i}\n`);
});
afterEach(() => R.cleanup());

function underLimit(n: number, input: string): Promise<{ code: number | null; messages: Record<string, unknown>[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      PRLIMIT as string,
      [`--nofile=${n}`, "--", process.execPath, CLI, "mcp", "--root", R.dir, "--tools", "full"],
      { env: scrubbedEnv(), shell: false, stdio: ["pipe", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({
        code,
        messages: out
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    );
    child.stdin.end(input);
  });
}

const call = (id: number, name: string, args: Record<string, unknown>) =>
  line({ id, method: "tools/call", params: { name, arguments: args } });

describe.runIf(process.platform === "linux" && PRLIMIT !== undefined)(
  "EMFILE does not kill the server (issue 20 Low 6)",
  () => {
    test.each([40, 60, 80])(
      "descriptor exhaustion at ulimit -n %i: every call is answered (a result or an ERR_* code), the server keeps serving to the last call, exit 0",
      async (n) => {
        const input =
          initializeLine(1, "2025-06-18") +
          line({ method: "notifications/initialized" }) +
          line({ id: 2, method: "tools/list" }) +
          call(3, "axiom_repo_snapshot", {}) +
          call(4, "axiom_write", { files: [{ path: "x.txt", content: "x" }] }) +
          call(5, "axiom_plan_compile", {
            plan: { apiVersion: "axiom.dev/v2", kind: "Plan", name: "p", intent: "", artifacts: [] },
          }) +
          call(6, "axiom_status", {});
        const r = await underLimit(n, input);
        expect(r.code).toBe(0);
        expect(r.messages.map((m) => m.id as number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
        for (const m of r.messages.filter((x) => (x.id as number) >= 3)) {
          const result = m.result as { isError?: boolean; content: { text: string }[] } | undefined;
          expect(result, JSON.stringify(m)).toBeDefined();
          if (result?.isError) expect(JSON.parse(result.content.at(-1)?.text ?? "{}").code).toMatch(/^ERR_/);
        }
        const status = r.messages.find((m) => m.id === 6)?.result as { structuredContent?: { root: string } };
        expect(status.structuredContent?.root).toBe(R.dir);
      },
      60_000,
    );
  },
);
