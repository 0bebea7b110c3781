// The content reader (checks.md §2.2 step 3, formats.md §6.4): bundle blobs first, then the CAS,
// always re-hashed. Anything missing or mismatching reads as "unavailable"; never the network.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { CAS_MAX_BYTES, casSlot, decodeBlob, sha256Hex } from "@codai/axiom-canon";
import type { ManifestArtifact, ManifestBundle } from "@codai/axiom-schema";
import type { ContentReader } from "./types";

async function readCasSlot(casDir: string, hex: string): Promise<Uint8Array | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    // A slot that is a symlink or not a regular file counts as missing (formats.md §9.2).
    handle = await open(join(casDir, casSlot(hex)), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const st = await handle.stat();
    if (!st.isFile() || st.size > CAS_MAX_BYTES) return undefined;
    return new Uint8Array(await handle.readFile());
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export function makeContentReader(bundle: ManifestBundle, casDir: string | undefined): ContentReader {
  return async (artifact: ManifestArtifact) => {
    const hex = artifact.digest?.sha256;
    if (artifact.op === "delete" || hex === undefined) return undefined;
    const valid = (bytes: Uint8Array | undefined) =>
      bytes !== undefined &&
      (artifact.bytes === undefined || artifact.bytes === bytes.length) &&
      sha256Hex(bytes) === hex;
    const blob = bundle.blobs[`sha256:${hex}`];
    if (blob) {
      const bytes = decodeBlob(blob);
      if (valid(bytes)) return bytes;
    }
    if (casDir !== undefined) {
      const bytes = await readCasSlot(casDir, hex);
      if (valid(bytes)) return bytes;
    }
    return undefined;
  };
}
