// The pre-image reader (formats.md §7.1, sources.md §1.3): one rule for compile, patch sources and
// check. A path reads as its bytes only when every existing ancestor between the root and the file
// is a real directory and the final component, examined with lstat, is a regular file. Anything
// else (missing, ENOTDIR, directory, symlink, symlinked ancestor, other type) is "absent". It never
// follows a link and never reads outside the root.
import { createHash } from "node:crypto";
import { constants, lstatSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { join } from "node:path";
import { relPathIssues } from "@codai/axiom-rules";
import { axiomError } from "@codai/axiom-schema";
import { errnoCode, internal, isMissing } from "./fs-errors";

export type PreImageValue = string; // 64 lowercase hex | "absent"

/** Opens `<root>/<relPath>` per the no-follow rule; undefined = "absent". */
async function openNoFollow(root: string, relPath: string): Promise<FileHandle | undefined> {
  const issues = relPathIssues(relPath);
  if (issues.length > 0)
    throw axiomError(issues[0] ?? "ERR_PATH_SEGMENT", { path: relPath, message: "pre-image path is not a RelPath" });
  const segments = relPath.split("/");
  try {
    // Synchronous lstat (µs) with no exception for a missing entry: a rejected fs.promises.lstat
    // costs ≈ 95 µs of CPU, and every new file of a change set is a missing entry.
    let current = root;
    for (const segment of segments.slice(0, -1)) {
      current = join(current, segment);
      const st = lstatSync(current, { throwIfNoEntry: false });
      if (!st?.isDirectory()) return undefined; // missing, symlink, junction or file as an ancestor
    }
    const target = join(root, ...segments);
    const st = lstatSync(target, { throwIfNoEntry: false });
    if (!st?.isFile()) return undefined;
    const handle = await open(target, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== st.ino || opened.dev !== st.dev) {
      await handle.close();
      return undefined; // swapped between lstat and open
    }
    return handle;
  } catch (err) {
    if (isMissing(err) || errnoCode(err) === "ELOOP") return undefined;
    throw internal(err, "pre-image read failed");
  }
}

/** sha256 hex of `<root>/<relPath>`, or "absent". */
export async function readPreImage(root: string, relPath: string): Promise<PreImageValue> {
  const handle = await openNoFollow(root, relPath);
  if (!handle) return "absent";
  try {
    const hash = createHash("sha256");
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    return hash.digest("hex");
  } catch (err) {
    throw internal(err, "pre-image read failed");
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of `<root>/<relPath>` under the same rule, or undefined for "absent". Above `max`
 * bytes → ERR_BLOB_TOO_LARGE `{bytes, max}` (the 32 MiB read cap of patch sources).
 */
export async function readPreImageBytes(root: string, relPath: string, max: number): Promise<Uint8Array | undefined> {
  const handle = await openNoFollow(root, relPath);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    if (size > max) throw axiomError("ERR_BLOB_TOO_LARGE", { path: relPath, details: { bytes: size, max } });
    const bytes = await handle.readFile();
    if (bytes.length > max)
      throw axiomError("ERR_BLOB_TOO_LARGE", { path: relPath, details: { bytes: bytes.length, max } });
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch (err) {
    throw internal(err, "pre-image read failed");
  } finally {
    await handle.close();
  }
}
