// Small durable-fs helpers on top of the seam: directory fsync, atomic (durable) writes, mkdir -p
// that reports what it created, and the rename/unlink retry policy of apply.md §5.10.
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import { errnoOf, fsx, O } from "./fsx";

const IS_WIN = process.platform === "win32";

/** fsync a directory; EINVAL/ENOTSUP (no directory sync on this fs) are ignored; skipped on win32. */
export async function fsyncDir(dir: string): Promise<void> {
  if (IS_WIN) return;
  const fd = await fsx.open(dir, O.O_RDONLY);
  try {
    await fsx.fsync(fd);
  } catch (err) {
    const code = errnoOf(err);
    if (code !== "EINVAL" && code !== "ENOTSUP") throw err;
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
}

export async function fsyncDirs(dirs: Iterable<string>): Promise<void> {
  const seen = new Set<string>();
  for (const d of dirs) {
    if (seen.has(d)) continue;
    seen.add(d);
    await fsyncDir(d);
  }
}

/** mkdir -p; returns the directories it created (shallowest first). */
export async function mkdirp(dir: string): Promise<string[]> {
  const missing: string[] = [];
  let cur = dir;
  for (;;) {
    try {
      const st = await fsx.lstat(cur);
      if (!st.isDirectory())
        throw axiomError("ERR_TARGET_TYPE", { message: `not a directory: ${cur}`, details: { kind: "other" } });
      break;
    } catch (err) {
      if (errnoOf(err) !== "ENOENT") throw err;
      missing.push(cur);
      const up = path.dirname(cur);
      if (up === cur) break;
      cur = up;
    }
  }
  const created: string[] = [];
  for (const d of missing.reverse()) {
    try {
      await fsx.mkdir(d);
      created.push(d);
    } catch (err) {
      if (errnoOf(err) !== "EEXIST") throw err;
    }
  }
  return created;
}

/** Writes `data` to a fresh file (O_EXCL) then renames it onto `file`; durable = fsync file and dir. */
export async function atomicWrite(file: string, data: Uint8Array | string, durable: boolean): Promise<void> {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const dir = path.dirname(file);
  await mkdirp(dir);
  const tmp = `${file}.tmp-${process.pid}`;
  let fd: number | undefined;
  try {
    await fsx.rm(tmp);
    fd = await fsx.open(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o644);
    await fsx.write(fd, bytes);
    if (durable) await fsx.fsync(fd);
    await fsx.close(fd);
    fd = undefined;
    await renameRetry(tmp, file);
  } catch (err) {
    if (fd !== undefined) await fsx.close(fd).catch(() => undefined);
    await fsx.rm(tmp).catch(() => undefined);
    throw err;
  }
  if (durable) await fsyncDir(dir);
}

export async function rmrf(target: string): Promise<void> {
  await fsx.rm(target);
}

/** Whole-file read through the seam (used for small JSON files). */
export async function readFileBytes(file: string): Promise<Buffer> {
  return fsx.readFile(file);
}

export async function readJsonIfExists(file: string): Promise<{ found: false } | { found: true; text: string }> {
  try {
    const buf = await fsx.readFile(file);
    return { found: true, text: buf.toString("utf8") };
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return { found: false };
    throw err;
  }
}

const RETRYABLE = new Set(["EBUSY", "EPERM", "EACCES"]);
export const RETRY_SLEEP_MS = 50;
export const RETRY_MAX = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetry(run: () => Promise<void>, onExhausted: () => Error): Promise<void> {
  for (let n = 0; ; n++) {
    try {
      await run();
      return;
    } catch (err) {
      if (!RETRYABLE.has(errnoOf(err) ?? "")) throw err;
      if (n >= RETRY_MAX) throw onExhausted();
      await sleep(RETRY_SLEEP_MS * (n + 1));
    }
  }
}

/** rename with 5 retries on EBUSY/EPERM/EACCES (50 ms × n); exhausted → ERR_EBUSY {from, to}. */
export function renameRetry(from: string, to: string): Promise<void> {
  return withRetry(
    () => fsx.rename(from, to),
    () => axiomError("ERR_EBUSY", { message: `rename kept failing: ${from} → ${to}`, details: { from, to } }),
  );
}

/** unlink with the same policy; exhausted → ERR_EBUSY {target}. ENOENT propagates. */
export function unlinkRetry(target: string): Promise<void> {
  return withRetry(
    () => fsx.unlink(target),
    () => axiomError("ERR_EBUSY", { message: `unlink kept failing: ${target}`, details: { target } }),
  );
}
