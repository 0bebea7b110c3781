// Builds crash-child.ts once per suite (esbuild, < 1 s) and spawns it.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build } from "esbuild";

let built: Promise<string> | undefined;
let builtDir: string | undefined;

/** Removes the bundled child (call from afterAll). */
export function cleanupChildScript(): void {
  if (builtDir) fs.rmSync(builtDir, { recursive: true, force: true });
  builtDir = undefined;
  built = undefined;
}

export function childScript(): Promise<string> {
  // scripts/soak/crash.mjs passes a prebuilt child
  if (process.env.AXIOM_CRASH_CHILD) return Promise.resolve(process.env.AXIOM_CRASH_CHILD);
  built ??= (async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "axiom-crash-child-"));
    const out = path.join(dir, "child.mjs");
    await build({
      entryPoints: [path.join(__dirname, "crash-child.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: out,
      logLevel: "silent",
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    builtDir = dir;
    return out;
  })();
  return built;
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
