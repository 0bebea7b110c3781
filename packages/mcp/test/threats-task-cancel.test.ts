// threats.md T19.4: "`axiom_task_cancel` while a guard runs → task `cancelled`, `error.code:
// ERR_TASK_CANCELLED`, the group is gone; SIGTERM to the server → every guard group is gone."
// A real `axiom mcp --allow-guards` process, a real guard (node script) that spawns a grandchild
// `sleep`, and real signals: the assertions are on the processes, not on calls.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeBundle } from "../../checks/test/helpers";
import { alive, readPids, waitFor, writeGuardedProfile } from "./guard-helpers";
import { errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

let root: string;
let cleanup: () => Promise<void>;
let session: McpSession | undefined;

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempRoot("axiom-t194-"));
});

afterEach(async () => {
  await session?.close().catch(() => undefined);
  session = undefined;
  await cleanup();
});

const guardedProfile = (pidFile: string) => writeGuardedProfile(root, [pidFile, "grandchild"]);

const bundle = () => makeBundle({ profile: "guarded", artifacts: [{ path: "a.txt", content: "a\n" }] });

describe("T19.4 guard process groups die with their task or their server", () => {
  it("axiom_task_cancel while a guard runs → cancelled, ERR_TASK_CANCELLED, guard and grandchild gone", async () => {
    const pidFile = join(root, "pids-cancel.txt");
    await guardedProfile(pidFile);
    session = await startMcp("v2-auto", ["--root", root, "--tools", "full", "--allow-guards"]);
    const started = await session.callTool("axiom_check_start", { bundle: bundle(), profile: "guarded" });
    expect(started.isError, JSON.stringify(started.structuredContent)).toBeFalsy();
    const taskId = (started.structuredContent as { taskId: string }).taskId;
    const [guard, grandchild] = await readPids(pidFile);
    expect(alive(guard) && alive(grandchild)).toBe(true);

    const cancelled = await session.callTool("axiom_task_cancel", { taskId });
    expect(cancelled.structuredContent).toMatchObject({ status: "cancelled" }); // the descriptor (mcp.md)
    await waitFor(async () => (!alive(guard) && !alive(grandchild) ? true : undefined));
    const polled = await session.callTool("axiom_task_get", { taskId });
    expect(polled.structuredContent).toMatchObject({ status: "cancelled", error: { code: "ERR_TASK_CANCELLED" } });
  });

  it("SIGTERM to the server while a guard runs → the server exits and every guard group is gone", async () => {
    const pidFile = join(root, "pids-term.txt");
    await guardedProfile(pidFile);
    session = await startMcp("v2-auto", ["--root", root, "--tools", "full", "--allow-guards"]);
    const started = await session.callTool("axiom_check_start", { bundle: bundle(), profile: "guarded" });
    expect(started.isError ? errorOf(started) : undefined).toBeUndefined();
    const [guard, grandchild] = await readPids(pidFile);
    const serverPid = (session.raw as { transport?: { pid?: number | null } }).transport?.pid;
    expect(typeof serverPid).toBe("number");
    process.kill(serverPid as number, "SIGTERM");
    await waitFor(async () => (!alive(serverPid as number) ? true : undefined));
    await waitFor(async () => (!alive(guard) && !alive(grandchild) ? true : undefined));
  });

  it("SIGTERM to the server while a synchronous axiom_check's guard runs (no task) → the server exits and the guard group is gone", async () => {
    const pidFile = join(root, "pids-sync.txt");
    await guardedProfile(pidFile);
    session = await startMcp("v2-auto", ["--root", root, "--allow-guards"]);
    const call = session.callTool("axiom_check", { bundle: bundle(), profile: "guarded" }).catch((e: unknown) => e);
    const [guard, grandchild] = await readPids(pidFile);
    const serverPid = (session.raw as { transport?: { pid?: number | null } }).transport?.pid;
    process.kill(serverPid as number, "SIGTERM");
    // Without the shutdown signal the server would wait out the guard's 600 s timeout.
    await waitFor(async () => (!alive(serverPid as number) ? true : undefined));
    await waitFor(async () => (!alive(guard) && !alive(grandchild) ? true : undefined));
    await call;
  });
});
