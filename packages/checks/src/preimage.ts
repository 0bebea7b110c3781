// The pre-image reader of formats.md §7.1, implemented here because checks may not import plan:
// sha256 hex of a regular file reached through real directories only, else "absent". lstat
// semantics throughout: a link is never followed and nothing outside the root is read.
import { createHash } from "node:crypto";
import { createReadStream, lstatSync } from "node:fs";
import { join } from "node:path";
import type { PreImageEntry } from "@codai/axiom-schema";

/**
 * lstat; undefined when the entry is missing. Any other error (EACCES, EIO…) propagates. Synchronous
 * on purpose: a local lstat takes µs, while a rejected fs.promises.lstat of a missing path (every
 * new file of a change set) costs ≈ 95 µs of CPU for its round trip and exception.
 */
async function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") return undefined;
    throw err;
  }
}

function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export async function readPreImage(root: string, relPath: string): Promise<string> {
  const segments = relPath.split("/");
  let current = root;
  for (const segment of segments.slice(0, -1)) {
    current = join(current, segment);
    const st = await lstatOrUndefined(current);
    if (!st?.isDirectory()) return "absent";
  }
  const target = join(current, segments[segments.length - 1] as string);
  const st = await lstatOrUndefined(target);
  if (!st?.isFile()) return "absent";
  // An existing regular file that cannot be read throws: reading it as "absent" would fail open.
  return hashFile(target);
}

export interface PreImageDrift {
  path: string;
  expected: string;
  /** The current value; undefined when the entry could not be read (`reason` says why). */
  actual?: string;
  reason?: string;
}

export async function preImageDrifts(root: string, entries: readonly PreImageEntry[]): Promise<PreImageDrift[]> {
  const drifts: PreImageDrift[] = [];
  for (const entry of entries) {
    try {
      const actual = await readPreImage(root, entry.path);
      if (actual !== entry.sha256) drifts.push({ path: entry.path, expected: entry.sha256, actual });
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
      drifts.push({ path: entry.path, expected: entry.sha256, reason });
    }
  }
  return drifts;
}
