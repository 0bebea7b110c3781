// Stored bundles: `<root>/.axiom/manifests/<hex>.json` (formats.md §9.1), written atomically
// (exclusive temp, fsync, rename) as pretty JSON (P-1 in docs/decisions.md).
import { randomBytes } from "node:crypto";
import { closeSync, constants, fsync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { digestHex } from "@codai/axiom-canon";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { internal } from "./fs-errors";
import { intakeBundle } from "./intake";

export function manifestPath(root: string, manifestDigest: string): string {
  const hex = digestHex(manifestDigest);
  if (!hex) throw axiomError("ERR_DIGEST_FORMAT", { message: "manifestDigest is not a sha256 digest ref" });
  return join(root, ".axiom", "manifests", `${hex}.json`);
}

/**
 * Writes the bundle and returns the absolute path of the stored file. Everything but the fsync runs
 * synchronously (P-17): mkdir, exclusive create, write, close and rename are µs of local work each
 * against a thread-pool round trip apiece, and every axiom_write preview stores its bundle.
 */
export async function storeBundle(root: string, bundle: ManifestBundle): Promise<string> {
  const target = manifestPath(root, bundle.manifestDigest);
  const tmp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  let fd: number | undefined;
  try {
    mkdirSync(join(root, ".axiom", "manifests"), { recursive: true });
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    writeAllSync(fd, Buffer.from(`${JSON.stringify(bundle, null, 2)}\n`, "utf8"));
    await fsyncAsync(fd);
    const open = fd;
    fd = undefined;
    closeSync(open);
    renameSync(tmp, target);
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // already failing
      }
    }
    await unlink(tmp).catch(() => undefined);
    throw internal(err, "storing the bundle failed");
  }
  return target;
}

const fsyncAsync = promisify(fsync);

function writeAllSync(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}

/**
 * Reads a stored bundle by its `sha256:` reference and passes it through intake. A malformed
 * reference, a missing or unreadable file → ERR_NOT_FOUND `{ref}` (formats.md §12.3 #11).
 */
export async function readStoredBundle(root: string, ref: string): Promise<ManifestBundle> {
  const hex = digestHex(ref);
  if (!hex) throw axiomError("ERR_NOT_FOUND", { message: "not a stored manifest reference", details: { ref } });
  let text: string;
  try {
    text = await readFile(join(root, ".axiom", "manifests", `${hex}.json`), "utf8");
  } catch {
    throw axiomError("ERR_NOT_FOUND", { message: "no stored manifest with that digest", details: { ref } });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw axiomError("ERR_INVALID_MANIFEST", { message: "stored manifest is not JSON", details: { ref } });
  }
  return intakeBundle(value);
}
