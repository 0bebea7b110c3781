// Blob resolution for apply (apply.md §5.3 step 3, formats.md §6.4): inline first, then the CAS
// (a regular file ≤ 32 MiB); then the declared size, then the sha256. Apply never fetches.
import { CAS_MAX_BYTES, decodeBlob, sha256Hex } from "@codai/axiom-canon";
import { axiomError, type ManifestArtifact, type ManifestBundle } from "@codai/axiom-schema";
import { type BigStats, errnoOf, fsx, layout } from "@codai/axiom-store";

async function casGet(casRoot: string, hex: string): Promise<Buffer | undefined> {
  const slot = layout.cas(casRoot, hex);
  let st: BigStats;
  try {
    st = await fsx.lstat(slot);
  } catch (err) {
    if (errnoOf(err) === "ENOENT" || errnoOf(err) === "ENOTDIR") return undefined;
    throw err;
  }
  if (!st.isFile()) return undefined;
  if (st.size > BigInt(CAS_MAX_BYTES)) {
    throw axiomError("ERR_BLOB_TOO_LARGE", {
      message: `CAS blob ${hex} exceeds 32 MiB`,
      details: { bytes: Number(st.size), max: CAS_MAX_BYTES },
    });
  }
  return fsx.readFile(slot);
}

/** The verified bytes of a non-delete artifact. */
export async function resolveBlob(
  bundle: ManifestBundle,
  artifact: ManifestArtifact,
  casRoot: string,
): Promise<Uint8Array> {
  const rel = artifact.path;
  if (!artifact.digest) throw axiomError("ERR_INVALID_MANIFEST", { message: `${rel} has no digest`, path: rel });
  const hex = artifact.digest.sha256;
  const key = `sha256:${hex}`;
  let bytes: Uint8Array | undefined;
  const inline = bundle.blobs[key];
  if (inline) {
    bytes = decodeBlob(inline);
    if (bytes === undefined)
      throw axiomError("ERR_INVALID_MANIFEST", { message: `blob ${key} is not canonical base64`, path: rel });
  } else {
    bytes = await casGet(casRoot, hex);
  }
  if (bytes === undefined) {
    if (artifact.origin === "ref") {
      throw axiomError("ERR_REF_OFFLINE", {
        message: `ref content of ${rel} is not in the CAS`,
        path: rel,
        details: { digest: key },
      });
    }
    throw axiomError("ERR_BLOB_MISSING", { message: `no bytes for ${rel}`, path: rel, details: { digest: key } });
  }
  if (artifact.bytes !== undefined && artifact.bytes !== bytes.length) {
    throw axiomError("ERR_SIZE_MISMATCH", {
      message: `${rel}: ${bytes.length} bytes, expected ${artifact.bytes}`,
      path: rel,
      details: { expected: artifact.bytes, actual: bytes.length },
    });
  }
  const actual = sha256Hex(bytes);
  if (actual !== hex) {
    throw axiomError("ERR_DIGEST_MISMATCH", {
      message: `${rel}: content does not match its digest`,
      path: rel,
      details: { expected: hex, actual },
    });
  }
  return bytes;
}
