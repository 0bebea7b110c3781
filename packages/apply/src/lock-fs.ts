// Small fs helpers shared by the lock, queue, intent and chain modules (apply.md §3, §4.2). Every
// call goes through the `fsx` seam so fault-injection tests reach these files too.
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { errnoOf, fsx, fsyncDir, markNewAxiomDir, O } from "@codai/axiom-store";

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * mkdir -p through the seam; an existing directory is fine. A directory it makes is fsynced into
 * its parent at once (APL-20): `.axiom/` (the lock's), `queue/`, `intents/` and `journal/` (the
 * chain's) are made once per root, and a later durable write below one of them (a journal, a
 * stored bundle) must never depend on an entry that no fsync covers.
 */
export async function mkdirp(dir: string): Promise<void> {
  const parent = path.dirname(dir);
  let made = await mkdirOnce(dir, true);
  if (made === "no-parent") {
    if (parent === dir) throw new Error(`cannot create ${dir}`);
    await mkdirp(parent);
    made = await mkdirOnce(dir, false);
  }
  if (made === "made") {
    await markNewAxiomDir(dir);
    await fsyncDir(parent);
  }
}

/** One mkdir: made, already there, or (when allowed) missing its parent; other errors propagate. */
async function mkdirOnce(dir: string, parentMayMiss: boolean): Promise<"made" | "exists" | "no-parent"> {
  try {
    await fsx.mkdir(dir);
    return "made";
  } catch (err) {
    const code = errnoOf(err);
    if (code === "EEXIST") return "exists";
    if (code === "ENOENT" && parentMayMiss) return "no-parent";
    throw err;
  }
}

const DELETE_RETRY_CODES = new Set(["EPERM", "EACCES", "EBUSY"]);

/**
 * Deletes a lock, ticket or intent file (apply.md §4.2): up to 40 retries on EPERM/EACCES/EBUSY,
 * sleeping min(5 × (n+1), 50) ms; a file that is already gone counts as deleted.
 */
export async function deleteWithRetry(file: string): Promise<void> {
  for (let n = 0; ; n++) {
    try {
      await fsx.unlink(file);
      return;
    } catch (err) {
      const code = errnoOf(err);
      if (code === "ENOENT") return;
      if (code === undefined || !DELETE_RETRY_CODES.has(code) || n >= 40) throw err;
      await sleep(Math.min(5 * (n + 1), 50));
    }
  }
}

/** link(2) errors of a file system (or platform) without hard links: create in place instead. */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Creates `file` exclusively, already holding `text` (APL-22): the record goes to a fresh temp
 * beside it (`<file>.<8hex>.tmp-<pid>`, swept by APL-12 should we die) and is then hard-linked to
 * `file`, which fails with EEXIST when the name exists exactly as an O_EXCL create does (link(2)
 * is the classic exclusive create on NFS too). So the name never holds less than the whole record,
 * short of a power cut that lost the unsynced data: an O_EXCL create followed by a write left an
 * empty file to a kill in between, which every later apply had to wait out as corrupt (§11.2's
 * 10 s). Nothing is fsynced (SPEED-22): a record a power cut lost predates the boot, and
 * `unparsedIsStale` takes it at once. Without hard links the file is O_EXCL-created and written in
 * place, as before. Errors of the temp create propagate raw, so a caller maps them as it mapped
 * its O_EXCL open.
 */
export async function createExclusive(file: string, text: string): Promise<"created" | "exists"> {
  const tmp = `${file}.${randomHex(4)}.tmp-${process.pid}`;
  await writeFully(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, text, false).catch(async (err) => {
    await fsx.unlink(tmp).catch(() => undefined);
    throw err;
  });
  try {
    await fsx.link(tmp, file);
    return "created";
  } catch (err) {
    const code = errnoOf(err) ?? "";
    if (code === "EEXIST") return "exists";
    if (!NO_HARD_LINKS.has(code)) throw err;
    return await createInPlace(file, text);
  } finally {
    await deleteWithRetry(tmp).catch(() => undefined);
  }
}

/** O_EXCL create and write (a failed write removes the half-made file again). */
async function createInPlace(file: string, text: string): Promise<"created" | "exists"> {
  let fd: number;
  try {
    fd = await fsx.open(file, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o644);
  } catch (err) {
    if (errnoOf(err) === "EEXIST") return "exists";
    throw err;
  }
  try {
    await fsx.write(fd, Buffer.from(text, "utf8"));
  } catch (err) {
    await fsx.close(fd).catch(() => undefined);
    await deleteWithRetry(file).catch(() => undefined);
    throw err;
  }
  await fsx.close(fd);
  return "created";
}

export async function writeFully(file: string, flags: number, text: string, durable: boolean): Promise<void> {
  const fd = await fsx.open(file, flags, 0o644);
  try {
    await fsx.write(fd, Buffer.from(text, "utf8"));
    if (durable) await fsx.fsync(fd);
  } finally {
    await fsx.close(fd);
  }
}

/** "Atomic write" of apply.md §3: temp file beside the target, then rename (no fsyncs). */
export async function atomicWrite(file: string, tmp: string, text: string): Promise<void> {
  try {
    await writeFully(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, text, false);
    await fsx.rename(tmp, file);
  } catch (err) {
    await fsx.unlink(tmp).catch(() => undefined);
    throw err;
  }
}

export { fsyncDir };

export type ReadResult = { kind: "ok"; text: string } | { kind: "missing" } | { kind: "unreadable"; code: string };

/** Reads a small UTF-8 file, classifying the errors the staleness rules care about. */
export async function readSmall(file: string): Promise<ReadResult> {
  try {
    const buf = await fsx.readFile(file);
    return { kind: "ok", text: buf.toString("utf8") };
  } catch (err) {
    const code = errnoOf(err);
    if (code === "ENOENT") return { kind: "missing" };
    return { kind: "unreadable", code: code ?? "EIO" };
  }
}

/** JSON.parse that answers undefined instead of throwing, and only for plain objects. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}
