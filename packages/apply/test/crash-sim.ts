// In-process crash simulation for the property tests (threats.md I06, F02 nested kills), where
// one child process per kill point would cost minutes. Every fs call of the engine goes through
// the `fsx` seam, so freezing the seam at the nth mutating call — that call (or, "after", its
// successor) and every later call, from any concurrent staging worker too, never settle — leaves
// the disk exactly as a SIGKILL at that instant would: a call either entered the seam before the
// freeze (and ran) or never runs. (Only fsync can still be in flight in the thread pool; it changes
// no visible state, and the suites using this make it a no-op.) The frozen apply holds the lock, its intent (and maybe the
// intent mutex or a queue ticket) under this live pid; `buryFrozen` rewrites those records to a
// dead pid and backdates half-written ones, which is what a killed holder leaves behind (§11.2),
// so the next apply reclaims them through the real staleness rules. The real SIGKILL tests
// (crash-exhaustive, crash-points, crash-sigkill) keep this simulation honest.
import * as fs from "node:fs";
import * as path from "node:path";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { forgetProcessWaiters } from "../src/process-state";
import { type FsCall, type FsOp, isMutating } from "./fault-harness";

/** Above Linux's pid_max (2^22): kill(pid, 0) always answers ESRCH. */
export const DEAD_PID = 4_194_305;

export interface Freeze {
  /** Resolves when the seam froze (never, if fewer mutating calls happened). */
  frozen: Promise<FsCall>;
  /** Mutating calls seen so far (1-based `n` = mutating index). */
  calls: FsCall[];
  restore(): void;
}

/**
 * Freezes the seam at the `nth` mutating call: "before" = that call never runs, "after" = it runs
 * and never returns. fsync is a counted no-op when `fastFsync` (a process death keeps the page cache).
 */
export function freezeAt(nth: number, when: "before" | "after", opts: { fastFsync?: boolean } = {}): Freeze {
  const base = { ...fsx };
  const calls: FsCall[] = [];
  let dead = false;
  let fire: (c: FsCall) => void = () => undefined;
  const frozen = new Promise<FsCall>((r) => {
    fire = r;
  });
  const never = new Promise<never>(() => undefined);
  const overrides: Partial<FsPort> = {};
  for (const op of Object.keys(base) as FsOp[]) {
    const orig = base[op] as (...args: unknown[]) => Promise<unknown>;
    (overrides as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      if (dead) return never;
      if (!isMutating(op, args)) return orig(...args);
      const call: FsCall = { n: calls.length + 1, op, path: String(args[0]), mutating: true };
      if (op === "rename" || op === "link") call.to = String(args[1]);
      calls.push(call);
      if (call.n === nth && when === "before") {
        dead = true;
        fire(call);
        return never;
      }
      if (call.n !== nth) return op === "fsync" && opts.fastFsync ? undefined : orig(...args);
      // "after": the call runs (and may fail, like an EEXIST mkdir), then the process is gone
      if (!(op === "fsync" && opts.fastFsync)) await orig(...args).catch(() => undefined);
      dead = true;
      fire(call);
      return never;
    };
  }
  const restore = installFs(overrides);
  return { frozen, calls, restore };
}

/** Runs `op` with the seam frozen at the nth mutating call; true when it froze (else it completed). */
export async function runFrozen(
  nth: number,
  when: "before" | "after",
  op: () => Promise<unknown>,
  opts: { fastFsync?: boolean } = {},
): Promise<{ froze: boolean; call?: FsCall; result?: unknown }> {
  const f = freezeAt(nth, when, opts);
  try {
    const done = op().then((result) => ({ froze: false as const, result }));
    const outcome = await Promise.race([done, f.frozen.then((call) => ({ froze: true as const, call }))]);
    // A killed process keeps nothing in memory: its half-done atomic write must not hold later writers.
    if (outcome.froze) forgetProcessWaiters();
    return outcome;
  } finally {
    f.restore();
  }
}

function rewritePid(file: string): void {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return;
  }
  let v: Record<string, unknown> | undefined;
  try {
    v = JSON.parse(text);
  } catch {
    v = undefined;
  }
  if (v && typeof v === "object" && v.pid === process.pid) {
    fs.writeFileSync(file, JSON.stringify({ ...v, pid: DEAD_PID }));
  } else if (!v) {
    // created but not yet written when the "process" died: stale once 10 s old (§11.2, §11.4)
    const old = new Date(Date.now() - 11_000);
    fs.utimesSync(file, old, old);
  }
}

/**
 * Makes the frozen holder's lock, tickets, intents and mutex look like a dead process's, and drops
 * the in-process lock and intent waiters it left (a killed process keeps only its files).
 */
export function buryFrozen(root: string): void {
  forgetProcessWaiters();
  const ax = path.join(root, ".axiom");
  rewritePid(path.join(ax, "lock"));
  for (const dir of ["queue", "intents"]) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(path.join(ax, dir));
    } catch {
      continue;
    }
    for (const n of names) rewritePid(path.join(ax, dir, n));
  }
}

/**
 * Copies the tree at `src` (including `.axiom/`) to the empty directory `dst`, keeping hard-link
 * groups (a backup linked to its target, a staged file renamed halfway), modes and symlinks, so
 * one crashed state can be recovered many times over.
 */
export function cloneTree(src: string, dst: string): void {
  const seen = new Map<string, string>();
  const walk = (from: string, to: string) => {
    for (const name of fs.readdirSync(from)) {
      const a = path.join(from, name);
      const b = path.join(to, name);
      const st = fs.lstatSync(a, { bigint: true });
      if (st.isDirectory()) {
        fs.mkdirSync(b);
        walk(a, b);
        fs.chmodSync(b, Number(st.mode & 0o7777n));
      } else if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(a), b);
      else {
        const key = `${st.dev}:${st.ino}`;
        const first = seen.get(key);
        if (first) fs.linkSync(first, b);
        else {
          fs.copyFileSync(a, b);
          fs.chmodSync(b, Number(st.mode & 0o7777n));
          seen.set(key, b);
        }
      }
    }
  };
  walk(src, dst);
}
