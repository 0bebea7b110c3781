// Builds crash-child.ts once per suite (esbuild, < 1 s) and spawns it.
import { spawn } from "node:child_process";
import * as path from "node:path";
import { childBundle } from "./bundle-child";

const bundle = childBundle(path.join(__dirname, "crash-child.ts"), "axiom-crash-child-");

/** Removes the bundled child (call from afterAll). */
export function cleanupChildScript(): void {
  bundle.cleanup();
}

export function childScript(): Promise<string> {
  // scripts/soak/crash.mjs passes a prebuilt child
  if (process.env.AXIOM_CRASH_CHILD) return Promise.resolve(process.env.AXIOM_CRASH_CHILD);
  return bundle.script();
}

/** Spawns the child; `killAfterMs` counts from its "go" line. */
export async function runChild(
  args: string[],
  opts: { killAfterMs?: number; env?: Record<string, string> } = {},
): Promise<{ ms: number; killed: boolean; stdout: string }> {
  const script = await childScript();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      shell: false,
      stdio: ["ignore", "pipe", "inherit"],
      env: { PATH: process.env.PATH ?? "", AXIOM_CRASH_FAST_FSYNC: "1", ...opts.env },
    });
    let t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      if (out === "") {
        t0 = Date.now();
        if (opts.killAfterMs !== undefined) timer = setTimeout(() => child.kill("SIGKILL"), opts.killAfterMs);
      }
      out += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ ms: Date.now() - t0, killed: signal === "SIGKILL", stdout: out });
    });
  });
}
