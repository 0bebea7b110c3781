// Stored bundles: `<root>/.axiom/manifests/<hex>.json` (formats.md §9.1), written atomically
// (exclusive temp, fsync, rename) as pretty JSON (P-1 in docs/decisions.md).
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { digestHex } from "@codai/axiom-canon";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { internal } from "./fs-errors";
import { intakeBundle } from "./intake";

export function manifestPath(root: string, manifestDigest: string): string {
  const hex = digestHex(manifestDigest);
  if (!hex) throw axiomError("ERR_DIGEST_FORMAT", { message: "manifestDigest is not a sha256 digest ref" });
  return join(root, ".axiom", "manifests", `${hex}.json`);
}

/** Writes the bundle and returns the absolute path of the stored file. */
export async function storeBundle(root: string, bundle: ManifestBundle): Promise<string> {
  const target = manifestPath(root, bundle.manifestDigest);
  const tmp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await mkdir(join(root, ".axiom", "manifests"), { recursive: true });
    const handle = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    try {
      await handle.writeFile(`${JSON.stringify(bundle, null, 2)}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw internal(err, "storing the bundle failed");
  }
  return target;
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
