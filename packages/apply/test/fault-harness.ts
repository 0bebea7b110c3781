// Fault injection over the engine's fs seam (threats.md §4.3 `faultFs`, `traceFs`). Wraps every
// method of `fsx`; each call is numbered (1-based) in call order, and fd-based calls are labelled
// with the path their fd was opened on.
import { constants } from "node:fs";
import type { ApplyResult } from "@codai/axiom-schema";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { runApply } from "./engine-helpers";

export type FsOp = keyof FsPort;

export interface FsCall {
  n: number;
  op: FsOp;
  path: string;
  to?: string;
  /** A call that changes the disk (threats.md §4.3 killAt list; open counts when it creates). */
  mutating: boolean;
  /** For a write: the bytes as UTF-8 (JSON state files are read back from traces). */
  text?: string;
}

const MUTATING_OPS = new Set<FsOp>([
  "write",
  "fsync",
  "rename",
  "link",
  "unlink",
  "rm",
  "mkdir",
  "rmdir",
  "fchmod",
  "fchown",
  "ftruncate",
]);

/** killAt's "mutating fs call": create (open with O_CREAT), write, fsync, rename, link, unlink, rm, mkdir, chmod, chown, … */
export function isMutating(op: FsOp, args: readonly unknown[]): boolean {
  if (op === "open") return ((args[1] as number) & constants.O_CREAT) !== 0;
  return MUTATING_OPS.has(op);
}

export interface FaultSpec {
  /** Only calls of this op count (default: every op except close). */
  op?: FsOp | FsOp[];
  /** Fail the nth counted call (1-based). */
  nth?: number;
  errno?: string;
  /** How many consecutive matching calls fail from the nth on (default 1); "always" = every one. */
  times?: number | "always";
  pathMatch?: (path: string, call: FsCall) => boolean;
  /** Runs just before the matching call (TOCTOU swaps); the call then proceeds unless errno is set. */
  before?: (call: FsCall) => void | Promise<void>;
}

export interface Harness {
  calls: FsCall[];
  /** Number of injected failures so far. */
  injected: number;
  /** The first call that got an injected failure. */
  failed?: FsCall;
  restore(): void;
}

const FD_OPS = new Set<FsOp>(["close", "write", "read", "fsync", "fstat", "fchown", "fchmod", "ftruncate"]);

export function errnoError(errno: string, syscall: string, path: string): NodeJS.ErrnoException {
  const e = new Error(`${errno}: injected fault, ${syscall} '${path}'`) as NodeJS.ErrnoException;
  e.code = errno;
  e.syscall = syscall;
  e.path = path;
  return e;
}

/**
 * Installs the harness. `faults` are checked in order; `fastFsync` turns fsync into a counted
 * no-op (keeps the suites fast; durability is not what these tests measure); `keepText` records
 * each write's bytes as `call.text` (trace readers need the journal phases).
 */
export function harness(faults: FaultSpec[] = [], opts: { fastFsync?: boolean; keepText?: boolean } = {}): Harness {
  const base = { ...fsx };
  const fdPath = new Map<number, string>();
  const state = { calls: [] as FsCall[], injected: 0, failed: undefined as FsCall | undefined };
  const matched = faults.map(() => 0);
  const overrides: Partial<FsPort> = {};
  for (const op of Object.keys(base) as FsOp[]) {
    const orig = base[op] as (...args: unknown[]) => Promise<unknown>;
    (overrides as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      const p = FD_OPS.has(op) ? (fdPath.get(args[0] as number) ?? `fd:${String(args[0])}`) : String(args[0]);
      const call: FsCall = { n: state.calls.length + 1, op, path: p, mutating: isMutating(op, args) };
      if (op === "rename" || op === "link") call.to = String(args[1]);
      if (op === "write" && opts.keepText) call.text = Buffer.from(args[1] as Uint8Array).toString("utf8");
      state.calls.push(call);
      for (let i = 0; i < faults.length; i++) {
        const f = faults[i]!;
        const ops = f.op === undefined ? undefined : Array.isArray(f.op) ? f.op : [f.op];
        if (ops ? !ops.includes(op) : op === "close") continue;
        if (f.pathMatch && !f.pathMatch(p, call)) continue;
        const k = ++matched[i]!;
        const nth = f.nth ?? 1;
        const times = f.times ?? 1;
        if (k < nth || (times !== "always" && k >= nth + times)) continue;
        if (f.before) await f.before(call);
        if (f.errno) {
          state.injected++;
          state.failed ??= call;
          throw errnoError(f.errno, op, p);
        }
      }
      if (op === "fsync" && opts.fastFsync) return undefined;
      const res = await orig(...args);
      if (op === "open") fdPath.set(res as number, p);
      return res;
    };
  }
  const restore = installFs(overrides);
  return {
    get calls() {
      return state.calls;
    },
    get injected() {
      return state.injected;
    },
    get failed() {
      return state.failed;
    },
    restore,
  };
}

/** An engine apply of `bundle` (runApply) under `faults`; the harness is restored and returned with the result. */
export async function applyWith(
  faults: FaultSpec[],
  root: string,
  bundle: unknown,
  opts: Parameters<typeof harness>[1] = {},
): Promise<{ r: ApplyResult; h: Harness }> {
  const h = harness(faults, opts);
  try {
    return { r: (await runApply(bundle as Parameters<typeof runApply>[0], root)) as ApplyResult, h };
  } finally {
    h.restore();
  }
}
