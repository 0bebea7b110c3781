// Real guard processes for the task / shutdown tests (checks.md 112–116, threats.md T19.4,
// mcp.md §11.6): a root whose `guarded` profile runs packages/checks/test/fixtures/hang.mjs (it
// writes its pid, and with "grandchild" the pid of a child `sleep` too, then hangs), and the probes
// that watch those processes.
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO } from "./cli-run";

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The guard writes "<guard pid> <grandchild pid>" once both run. */
export const readPids = (file: string) =>
  waitFor(async () => {
    const text = await readFile(file, "utf8").catch(() => "");
    const pids = text.trim().split(" ").map(Number);
    return pids.length === 2 && pids.every((p) => p > 0) ? (pids as [number, number]) : undefined;
  });

/** Copies hang.mjs into `<root>/scripts/` and writes the `guarded` profile running it with `args`. */
export async function writeGuardedProfile(root: string, args: string[]): Promise<void> {
  await mkdir(join(root, "scripts"), { recursive: true });
  await copyFile(join(REPO, "packages/checks/test/fixtures/hang.mjs"), join(root, "scripts/hang.mjs"));
  await mkdir(join(root, ".axiom/profiles"), { recursive: true });
  const profile = {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name: "guarded",
    facts: { allowGuards: true },
    checks: [
      {
        id: "slow-guard",
        predicate: "guard.external",
        params: { command: "hang.mjs", args, timeoutMs: 600_000, stdin: "none" },
        severity: "error",
      },
    ],
  };
  await writeFile(join(root, ".axiom/profiles/guarded.json"), JSON.stringify(profile));
}
