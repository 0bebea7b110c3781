// Child process for the SIGKILL crash tests (bundled by esbuild at test time): applies (or rolls
// back) the bundle in argv[2] on the root in argv[3]. It prints "go" once loaded, so a parent's
// timed kill falls inside the apply. Test-only seam overrides (threats.md §4.3 killAt):
//   AXIOM_CRASH_FAST_FSYNC=1       fsync is a no-op (SIGKILL keeps the page cache; saves time)
//   AXIOM_KILL_OP / _MATCH / _NTH / _WHEN   SIGKILL itself before|after the nth call of that op
//                                   whose path or destination contains MATCH
//   AXIOM_FAIL_OP / _MATCH / _NTH / _ERRNO  make that call fail once with the errno
//   AXIOM_KILL_AT=n (+ _WHEN)      SIGKILL itself before|after the nth mutating call of any op
//                                   (fault-harness isMutating); it first writes "kill <op> <path>"
//                                   to stdout. Mode "recover": take the lock, then count only the
//                                   calls of recoverIfNeeded (threats.md F02 nested kills).
import * as fs from "node:fs";
import { acquireLock, apply, recoverIfNeeded, rollback } from "@codai/axiom-apply";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { isMutating } from "./fault-harness";

const [bundleFile, root, mode] = process.argv.slice(2) as [string, string, string | undefined];
const env = process.env;
const overrides: Partial<FsPort> = {};
if (env.AXIOM_CRASH_FAST_FSYNC === "1") overrides.fsync = async () => undefined;
const counters = new Map<string, number>();
for (const kind of ["KILL", "FAIL"] as const) {
  const op = env[`AXIOM_${kind}_OP`] as keyof FsPort | undefined;
  if (!op) continue;
  const match = env[`AXIOM_${kind}_MATCH`] ?? "";
  const nth = Number(env[`AXIOM_${kind}_NTH`] ?? 1);
  const inner = (overrides[op] ?? fsx[op]) as (...a: unknown[]) => Promise<unknown>;
  (overrides as Record<string, unknown>)[op] = async (...args: unknown[]) => {
    const hit = String(args[0]).includes(match) || (args.length > 1 && String(args[1]).includes(match));
    const n = hit ? (counters.get(kind) ?? 0) + 1 : 0;
    if (hit) counters.set(kind, n);
    if (hit && n === nth) {
      if (kind === "FAIL") {
        const e = new Error(`injected ${env.AXIOM_FAIL_ERRNO}`) as NodeJS.ErrnoException;
        e.code = env.AXIOM_FAIL_ERRNO ?? "EIO";
        e.syscall = op;
        throw e;
      }
      if (env.AXIOM_KILL_WHEN !== "after") process.kill(process.pid, "SIGKILL");
      const res = await inner(...args);
      process.kill(process.pid, "SIGKILL");
      return res;
    }
    return inner(...args);
  };
}
const killAt = Number(env.AXIOM_KILL_AT ?? 0);
let counting = mode !== "recover";
let mutating = 0;
if (killAt > 0) {
  for (const op of Object.keys(fsx) as (keyof FsPort)[]) {
    const inner = (overrides[op] ?? fsx[op]) as (...a: unknown[]) => Promise<unknown>;
    (overrides as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      if (!counting || !isMutating(op, args) || ++mutating !== killAt) return inner(...args);
      fs.writeSync(1, `kill ${op} ${String(args[0])}\n`);
      if (env.AXIOM_KILL_WHEN !== "after") process.kill(process.pid, "SIGKILL");
      // "after" also when the call failed (an EEXIST mkdir is still a point the process can die at)
      await inner(...args).catch(() => undefined);
      process.kill(process.pid, "SIGKILL");
      return new Promise(() => undefined);
    };
  }
}
installFs(overrides);
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
process.stdout.write("go\n");
const run = async () => {
  if (mode === "rollback") {
    await rollback(root, bundle.manifestDigest);
    return;
  }
  if (mode === "recover") {
    const lock = await acquireLock(root, bundle.manifestDigest, 10_000);
    counting = true;
    await recoverIfNeeded(root);
    counting = false;
    await lock.release();
    process.stdout.write("recovered\n");
    return;
  }
  const r = await apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 10_000 });
  process.stdout.write(`${r.status}\n`);
};
void run();
