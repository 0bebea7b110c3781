// The pre-image reader (formats.md §7.1, sources.md §1.3) as compile and patch sources use it: the
// store's one no-follow reader (O_NOFOLLOW + identity check, through the fs seam), with plan's
// error mapping — a failure other than "not there" is ERR_INTERNAL `{errno}` (fs-errors.ts);
// AXIOM errors (a non-RelPath, an oversize file, a file swapped mid-read) keep their codes.
import {
  type PreImageFile,
  preImagePresent as presentInTree,
  readPreImage as readTree,
  readPreImageBytes as readTreeBytes,
  readPreImageFile as readTreeFile,
} from "@codai/axiom-store";
import { internal } from "./fs-errors";

export type PreImageValue = string; // 64 lowercase hex | "absent"

/** sha256 hex of `<root>/<relPath>`, or "absent". */
export async function readPreImage(root: string, relPath: string): Promise<PreImageValue> {
  try {
    return await readTree(root, relPath);
  } catch (err) {
    throw internal(err, "pre-image read failed");
  }
}

/**
 * The bytes of `<root>/<relPath>` under the same rule, or undefined for "absent". Above `max`
 * bytes → ERR_BLOB_TOO_LARGE `{bytes, max}` (the 32 MiB read cap of patch sources).
 */
export async function readPreImageBytes(root: string, relPath: string, max: number): Promise<Uint8Array | undefined> {
  try {
    return await readTreeBytes(root, relPath, max);
  } catch (err) {
    throw internal(err, "pre-image read failed");
  }
}

/** readPreImageBytes with the file's execute bit, under the same rule and error mapping. */
export async function readPreImageFile(root: string, relPath: string, max: number): Promise<PreImageFile | undefined> {
  try {
    return await readTreeFile(root, relPath, max);
  } catch (err) {
    throw internal(err, "pre-image read failed");
  }
}

/** Whether the path reads as present (a regular file reached without links), under the same rule. */
export async function preImagePresent(root: string, relPath: string): Promise<boolean> {
  try {
    return await presentInTree(root, relPath);
  } catch (err) {
    throw internal(err, "pre-image read failed");
  }
}
