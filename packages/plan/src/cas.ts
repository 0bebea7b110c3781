// The content-addressed store under `<root>/.axiom/cas` (formats.md §9.2, sources.md §3.1).
// Writers race safely: exclusive temp file, fsync, rename; a lost rename race is success because
// the slot's bytes are identical by definition. Readers never trust the bytes: callers re-hash.
// The writer runs through the store's fs seam, like every durable write under `.axiom/` (ARCH-S9).
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CAS_MAX_BYTES, casSlot, eachLimit, isSha256Hex, sha256Hex } from "@codai/axiom-canon";
import { axiomError } from "@codai/axiom-schema";
import { fsx, layout, mkdirp, O } from "@codai/axiom-store";
import { internal, isMissing } from "./fs-errors";

/** Absolute path of the CAS slot of `hex` under `root`. */
export function casPath(root: string, hex: string): string {
  return join(layout.casDir(root), casSlot(hex));
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await fsx.lstat(path)).isFile();
  } catch (err) {
    if (isMissing(err)) return false;
    throw internal(err, "CAS lstat failed");
  }
}

/** The temp name of an in-flight write: `<slot>.<pid>.<12 random hex>.tmp`. */
export function casTempPath(slot: string): string {
  return `${slot}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
}

/** Stores `bytes` in the CAS of `root` and returns their sha256 hex. */
export async function casPut(root: string, bytes: Uint8Array): Promise<string> {
  const hex = sha256Hex(bytes);
  const slot = casPath(root, hex);
  if (await isRegularFile(slot)) return hex;
  const tmp = casTempPath(slot);
  try {
    await mkdirp(dirname(slot));
    const fd = await fsx.open(tmp, O.O_WRONLY | O.O_CREAT | O.O_EXCL, 0o644);
    try {
      await fsx.write(fd, bytes);
      await fsx.fsync(fd);
    } finally {
      await fsx.close(fd);
    }
  } catch (err) {
    await fsx.unlink(tmp).catch(() => undefined);
    throw internal(err, "CAS write failed");
  }
  try {
    await fsx.rename(tmp, slot);
  } catch (err) {
    await fsx.unlink(tmp).catch(() => undefined);
    if (await isRegularFile(slot)) return hex; // a concurrent writer won
    throw internal(err, "CAS rename failed");
  }
  return hex;
}

/** casPut calls in flight at once: their fsyncs share the file system's journal commits. */
export const CAS_PUT_PARALLEL = 4;

/** Stores every blob (each once: `hex` → bytes), CAS_PUT_PARALLEL at a time (independent writes, no order needed). */
export async function casPutAll(root: string, blobs: ReadonlyMap<string, Uint8Array>): Promise<void> {
  await eachLimit([...blobs.values()], CAS_PUT_PARALLEL, async (bytes) => {
    await casPut(root, bytes);
  });
}

/**
 * Reads the CAS slot of `hex`: undefined when missing or not a regular file (a symlink counts as
 * missing), ERR_BLOB_TOO_LARGE `{bytes, max}` above 32 MiB. The caller re-hashes.
 */
export async function casGet(root: string, hex: string, max: number = CAS_MAX_BYTES): Promise<Uint8Array | undefined> {
  if (!isSha256Hex(hex)) throw axiomError("ERR_DIGEST_FORMAT", { message: "CAS key must be 64 lowercase hex" });
  const slot = casPath(root, hex);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    const st = await lstat(slot);
    if (!st.isFile()) return undefined;
    if (st.size > max) throw axiomError("ERR_BLOB_TOO_LARGE", { details: { bytes: st.size, max } });
    // O_NOFOLLOW: a slot swapped for a link between lstat and open still reads as missing.
    handle = await open(slot, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    if (isMissing(err) || (err as { code?: string }).code === "ELOOP") return undefined;
    throw internal(err, "CAS read failed");
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return undefined;
    if (st.size > max) throw axiomError("ERR_BLOB_TOO_LARGE", { details: { bytes: st.size, max } });
    const bytes = await handle.readFile();
    if (bytes.length > max) throw axiomError("ERR_BLOB_TOO_LARGE", { details: { bytes: bytes.length, max } });
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch (err) {
    throw internal(err, "CAS read failed");
  } finally {
    await handle.close();
  }
}
