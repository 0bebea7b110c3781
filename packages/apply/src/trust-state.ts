// Anti-rollback trust state, the I/O half (signing.md §8.1 load, §8.3 advance). The pure rules
// (schema, MAC, load decisions) live in canon so the predicate and this advance agree byte for
// byte. The engine runs the advance after the applied marker while it still holds `.axiom/lock`
// (apply.md §5.8 S3a), so a queued older counter always sees the new lastCounter.
import { constants as C, promises as fsp } from "node:fs";
import * as path from "node:path";
import {
  loadTrustState,
  newTrustStateKeyHex,
  parseTrustStateKey,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
  TRUST_STATE_KEY_MAX_BYTES,
  TRUST_STATE_MAX_BYTES,
  type TrustStateLoad,
} from "@codai/axiom-canon";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { AXIOM_REL, fsx, fsyncDir, fsyncDirs, layout, mkdirp, O } from "@codai/axiom-store";

export const TRUST_STATE_REL = AXIOM_REL.trustState;
export const TRUST_STATE_KEY_REL = AXIOM_REL.trustStateKey;

/** Bytes of a regular file (at most max + 1); a missing or non-regular entry reads as absent, as in the predicate. */
async function readCapped(file: string, max: number): Promise<Uint8Array | undefined> {
  let handle: fsp.FileHandle;
  try {
    if (!(await fsp.lstat(file)).isFile()) return undefined;
    handle = await fsp.open(file, C.O_RDONLY);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, n, buf.length - n, null);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n > max) break;
    }
    return buf.subarray(0, n);
  } finally {
    await handle.close();
  }
}

function corrupt(load: Extract<TrustStateLoad, { kind: "corrupt" }>): Error {
  return axiomError("ERR_TRUST_STATE_CORRUPT", {
    message: load.message,
    details: load.reason === undefined ? {} : { reason: load.reason },
  });
}

/** §8.1 load rules over `<root>/.axiom/trust/`; an oversize state.json is corrupt, not truncated. */
export async function readTrustState(root: string): Promise<TrustStateLoad> {
  const stateBytes = await readCapped(path.join(root, TRUST_STATE_REL), TRUST_STATE_MAX_BYTES);
  const keyBytes = await readCapped(path.join(root, TRUST_STATE_KEY_REL), TRUST_STATE_KEY_MAX_BYTES);
  if (stateBytes !== undefined && stateBytes.length > TRUST_STATE_MAX_BYTES) {
    return { kind: "corrupt", message: `state.json exceeds ${TRUST_STATE_MAX_BYTES} bytes` };
  }
  return loadTrustState(stateBytes, keyBytes);
}

/**
 * temp `<file>.tmp-<pid>` + rename, with the given mode (state.key: 0600), through the store's fs
 * seam like every other write under `.axiom/` (ARCH-S9): an atomic durable write (APL-23). The
 * key must be durable before `state.json` names it (a state without its key is corrupt, NO_KEY),
 * and the advance before the engine releases the lock: an advance a power cut can undo is a
 * counter an older manifest can be replayed under.
 */
async function writeAtomic(file: string, text: string, mode: number): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await fsx.rm(tmp);
  const fd = await fsx.open(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, mode);
  try {
    await fsx.write(fd, Buffer.from(text, "utf8"));
    await fsx.fsync(fd);
    // The umask may have narrowed the mode; fchmod makes 0600 exact (a no-op on win32).
    await fsx.fchmod(fd, mode).catch(() => undefined);
  } finally {
    await fsx.close(fd);
  }
  try {
    await fsx.rename(tmp, file);
  } catch (err) {
    await fsx.rm(tmp).catch(() => undefined);
    throw err;
  }
  await fsyncDir(path.dirname(file));
}

export type TrustAdvance =
  | { advanced: false; reason: "NO_COUNTER" | "NOT_NEWER"; lastCounter?: number }
  | { advanced: true; lastCounter: number; createdKey: boolean };

/**
 * §8.3 algorithm: no counter → no-op; load (§8.1, corrupt → ERR_TRUST_STATE_CORRUPT);
 * lastCounter ≥ counter → no-op (monotonic); create state.key if absent; write the sealed state.
 * Write failures propagate (the engine hands them to onTrustStateError; the apply stays applied).
 */
export async function advanceTrustState(root: string, bundle: ManifestBundle): Promise<TrustAdvance> {
  const counter = bundle.manifest.counter;
  if (counter === undefined) return { advanced: false, reason: "NO_COUNTER" };
  const load = await readTrustState(root);
  if (load.kind === "corrupt") throw corrupt(load);
  if (load.kind === "ok" && load.state.lastCounter >= counter) {
    return { advanced: false, reason: "NOT_NEWER", lastCounter: load.state.lastCounter };
  }
  // trust/ made here is fsynced into `.axiom/` at once (APL-20): the files below it depend on it
  await fsyncDirs((await mkdirp(layout.trustDir(root))).map((d) => path.dirname(d)));
  const keyFile = path.join(root, TRUST_STATE_KEY_REL);
  let keyHex = load.kind === "ok" ? load.keyHex : undefined;
  let createdKey = false;
  if (keyHex === undefined) {
    // No state.json: reuse an existing key (deleting state.json alone keeps the key, §8.3), but a
    // present key that is not 64 hex is corrupt (§8.1), never silently replaced.
    const existing = await readCapped(keyFile, TRUST_STATE_KEY_MAX_BYTES);
    if (existing !== undefined) {
      keyHex = parseTrustStateKey(existing);
      if (keyHex === undefined) {
        throw corrupt({ kind: "corrupt", message: "state.key is not 64 lowercase hex" });
      }
    } else {
      keyHex = newTrustStateKeyHex();
      await writeAtomic(keyFile, serializeTrustStateKey(keyHex), 0o600);
      createdKey = true;
    }
  }
  const state = sealTrustState(keyHex, counter, bundle.manifestDigest);
  await writeAtomic(path.join(root, TRUST_STATE_REL), serializeTrustState(state), 0o644);
  return { advanced: true, lastCounter: counter, createdKey };
}

/** The engine's `trustAdvancer` shape (result discarded). */
export async function trustAdvancer(root: string, bundle: ManifestBundle): Promise<void> {
  await advanceTrustState(root, bundle);
}
