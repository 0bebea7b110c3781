// The intent registry (apply.md §11.4): a live fs/pr apply's claim on its paths, an early
// conflict detector in front of the lock. Registration happens inside the `intents/.mutex`.
import * as path from "node:path";
import { axiomError, compareUtf8 } from "@codai/axiom-schema";
import { errnoOf, fsx, KeyedGate, layout, readdirIfExists } from "@codai/axiom-store";
import {
  atomicWrite,
  createExclusive,
  deleteWithRetry,
  mkdirp,
  parseObject,
  randomHex,
  readSmall,
  sleep,
} from "./lock-fs";
import { isPidAlive, isValidPid, recordIsStale, thisHost, unparsedIsStale } from "./lock-stale";
import { newSequenceId } from "./queue";

export const MUTEX_POLL_MS = 5;
export const MUTEX_TIMEOUT_MS = 10_000;
export const MUTEX_RECLAIM_MS = 10_000;

/** An intent file (spelling `host`, §11.3). */
export interface IntentRecord {
  manifestDigest: string;
  paths: string[];
  pid: number;
  host: string;
  since: string;
  seq: string;
}

export interface IntentHandle {
  /** Absolute path of my intent file. */
  readonly file: string;
  readonly record: IntentRecord;
  /** Deletes my intent file (retry loop of §4.2). Idempotent. */
  release(): Promise<void>;
}

export interface RegisterIntentOptions {
  /** Test hook: how long to wait for the mutex (default 10 s, the spec constant). */
  mutexTimeoutMs?: number;
  /** Test hook: the platform whose path-case rule applies (default process.platform). */
  platform?: NodeJS.Platform;
}

const INTENT_NAME_RE = /^([0-9a-f]{1,64}|unknown)-(\d{21}[0-9a-f]{6})\.json$/;

function intentHex(digest: string): string {
  const hex = digest.startsWith("sha256:") ? digest.slice(7) : digest;
  return /^[0-9a-f]{1,64}$/.test(hex) ? hex : "unknown";
}

function parseIntent(text: string): IntentRecord | undefined {
  const v = parseObject(text);
  if (!v || !isValidPid(v.pid) || typeof v.manifestDigest !== "string" || typeof v.seq !== "string") return undefined;
  if (!Array.isArray(v.paths) || !v.paths.every((p) => typeof p === "string")) return undefined;
  return {
    manifestDigest: v.manifestDigest,
    paths: v.paths as string[],
    pid: v.pid,
    host: typeof v.host === "string" ? v.host : "",
    since: typeof v.since === "string" ? v.since : "",
    seq: v.seq,
  };
}

/**
 * Live intents sorted by `seq`. With `prune`, stale or malformed ones are deleted; read errors
 * (ENOENT/EPERM/EACCES/EBUSY …) skip the file without pruning it.
 */
export async function listIntents(root: string, prune: boolean): Promise<(IntentRecord & { file: string })[]> {
  const dir = layout.intents(root);
  const names = await readdirIfExists(dir);
  const live: (IntentRecord & { file: string })[] = [];
  for (const name of names.filter((n) => INTENT_NAME_RE.test(n))) {
    const file = path.join(dir, name);
    const read = await readSmall(file);
    if (read.kind !== "ok") continue;
    const intent = parseIntent(read.text);
    if (!intent || recordIsStale(intent.pid, intent.host, intent.since)) {
      if (prune) await deleteWithRetry(file).catch(() => undefined);
      continue;
    }
    live.push({ ...intent, file });
  }
  return live.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
}

/** Overlap (§11.4 step 3): identical, or one is the other's prefix followed by `/`. */
export function pathsOverlap(a: string, b: string, platform: NodeJS.Platform = process.platform): boolean {
  const fold = platform === "win32" || platform === "darwin";
  const x = fold ? a.toLowerCase() : a;
  const y = fold ? b.toLowerCase() : b;
  return x === y || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
}

// ---- the mutex ----

interface MutexRecord {
  pid: number;
  hostname: string;
  since: string;
  token: string;
}

async function mutexIsReclaimable(file: string): Promise<boolean> {
  const read = await readSmall(file);
  if (read.kind === "missing") return true;
  const now = Date.now();
  const v = read.kind === "ok" ? parseObject(read.text) : undefined;
  if (v && isValidPid(v.pid) && typeof v.since === "string" && !Number.isNaN(Date.parse(v.since))) {
    if (v.hostname === thisHost() && !isPidAlive(v.pid)) return true;
    return now - Date.parse(v.since) > MUTEX_RECLAIM_MS;
  }
  try {
    const st = await fsx.lstat(file);
    return unparsedIsStale(Number(st.mtimeMs), MUTEX_RECLAIM_MS, now);
  } catch (err) {
    return errnoOf(err) === "ENOENT";
  }
}

/** Callers of this process line up here, so only the first one polls `.mutex` (CONC-13). */
const localLine = new KeyedGate();

/** See `forgetLockQueues`: the in-process crash simulation's "killed" registrations are forgotten. */
export function forgetIntentLine(): void {
  localLine.clear();
}

function registryBusy(file: string): Error {
  return axiomError("ERR_LOCKED", { message: "intent registry is busy", details: { lock: file } });
}

async function takeMutex(root: string, timeoutMs: number): Promise<() => Promise<void>> {
  const file = path.join(layout.intents(root), ".mutex");
  const deadline = Date.now() + timeoutMs;
  const leave = await localLine.enter(file, timeoutMs);
  if (!leave) throw registryBusy(file);
  try {
    const release = await pollMutex(file, deadline);
    return async () => {
      try {
        await release();
      } finally {
        leave();
      }
    };
  } catch (err) {
    leave();
    throw err;
  }
}

async function pollMutex(file: string, deadline: number): Promise<() => Promise<void>> {
  const token = randomHex(8);
  for (;;) {
    try {
      // the name appears with the whole record (APL-22), unsynced: only a power cut can leave it
      // empty, and such a .mutex predates the boot and is reclaimed at once (SPEED-22)
      const rec: MutexRecord = { pid: process.pid, hostname: thisHost(), since: new Date().toISOString(), token };
      if ((await createExclusive(file, JSON.stringify(rec))) === "created") {
        return async () => {
          const read = await readSmall(file);
          if (read.kind === "ok" && parseObject(read.text)?.token === token) await deleteWithRetry(file);
        };
      }
    } catch (err) {
      const code = errnoOf(err);
      if (code !== "EEXIST" && code !== "EPERM" && code !== "EACCES" && code !== "EBUSY") throw err;
    }
    if (await mutexIsReclaimable(file)) {
      await deleteWithRetry(file).catch(() => undefined);
      continue;
    }
    if (Date.now() >= deadline) {
      throw registryBusy(file);
    }
    await sleep(MUTEX_POLL_MS);
  }
}

/**
 * registerIntent (apply.md §11.4): inside the mutex, refuse with ERR_CONFLICT
 * `{otherDigest, paths}` when a live intent of another digest overlaps mine; else write mine.
 * `root` is the realpath'd root; `paths` are the artifact RelPaths.
 */
export async function registerIntent(
  root: string,
  digest: string,
  paths: readonly string[],
  options: RegisterIntentOptions = {},
): Promise<IntentHandle> {
  const dir = layout.intents(root);
  await mkdirp(dir);
  const platform = options.platform ?? process.platform;
  const release = await takeMutex(root, options.mutexTimeoutMs ?? MUTEX_TIMEOUT_MS);
  try {
    const mine = [...new Set(paths)].sort(compareUtf8);
    for (const other of await listIntents(root, true)) {
      if (other.manifestDigest === digest) continue;
      const overlapping = mine.filter((p) => other.paths.some((q) => pathsOverlap(p, q, platform)));
      if (overlapping.length > 0) {
        throw axiomError("ERR_CONFLICT", {
          message: `manifest ${other.manifestDigest} is being applied and claims overlapping paths: ${overlapping.join(", ")}`,
          details: { otherDigest: other.manifestDigest, paths: overlapping },
        });
      }
    }
    const seq = newSequenceId();
    const record: IntentRecord = {
      manifestDigest: digest,
      paths: mine,
      pid: process.pid,
      host: thisHost(),
      since: new Date().toISOString(),
      seq,
    };
    const file = path.join(dir, `${intentHex(digest)}-${seq}.json`);
    await atomicWrite(file, `${file}.tmp-${process.pid}`, JSON.stringify(record));
    let released = false;
    return {
      file,
      record,
      async release() {
        if (released) return;
        released = true;
        await deleteWithRetry(file);
      },
    };
  } finally {
    await release().catch(() => undefined);
  }
}
