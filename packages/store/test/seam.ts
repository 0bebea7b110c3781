// The fs seam in tests: run a body with some fsx methods replaced, or record every call it makes
// (`fsync:<path>` / `close:<path>` for the path an fd was opened on), restoring the port after; and
// the applied-marker fixture the marker tests share.
import { type FsPort, fsx, installFs } from "../src/fsx";

/** Runs `fn` with `overrides` installed on the live port; restores it whatever happens. */
export async function withFs<T>(overrides: Partial<FsPort>, fn: () => Promise<T>): Promise<T> {
  const restore = installFs(overrides);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** A Node-style errno error (`code` set), as the seam's real calls throw. */
export function errno(code: string, syscall = "x"): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall}`), { code, syscall });
}

/** Every seam call `fn` makes, by name, in order (a call that throws too); fsync and close name the path of their fd. */
export async function recorded(fn: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const paths = new Map<number, string>();
  const base = { ...fsx };
  const wrap: Partial<FsPort> = {};
  for (const key of Object.keys(base) as (keyof FsPort)[]) {
    (wrap as Record<string, unknown>)[key] = async (...args: unknown[]) => {
      const byFd = key === "fsync" || key === "close";
      calls.push(byFd ? `${key}:${paths.get(args[0] as number)}` : key);
      const out = await (base[key] as (...a: unknown[]) => Promise<unknown>)(...args);
      if (key === "open") paths.set(out as number, args[0] as string);
      return out;
    };
  }
  await withFs(wrap, async () => {
    await fn();
  });
  return calls;
}

/** An fs applied marker of `hex` (the ApplyResult markers.ts writes and the fs-marker rule accepts). */
export function appliedMarker(hex: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "ApplyResult",
    manifestDigest: `sha256:${hex}`,
    mode: "fs",
    status: "applied",
    root: "/r",
    files: [],
    ...over,
  };
}
