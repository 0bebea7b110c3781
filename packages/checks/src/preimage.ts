// The pre-image reader of formats.md §7.1, implemented here because checks may not import plan:
// sha256 hex of a regular file reached through real directories only, else "absent". lstat
// semantics throughout: a link is never followed and nothing outside the root is read.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { PreImageEntry } from "@codai/axiom-schema";

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch {
    return undefined;
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
    if (!st || !st.isDirectory()) return "absent";
  }
  const target = join(current, segments[segments.length - 1] as string);
  const st = await lstatOrUndefined(target);
  if (!st || !st.isFile()) return "absent";
  try {
    return await hashFile(target);
  } catch {
    // Vanished or unreadable between lstat and read: it cannot match a recorded hash.
    return "absent";
  }
}

export interface PreImageDrift {
  path: string;
  expected: string;
  actual: string;
}

export async function preImageDrifts(root: string, entries: readonly PreImageEntry[]): Promise<PreImageDrift[]> {
  const drifts: PreImageDrift[] = [];
  for (const entry of entries) {
    const actual = await readPreImage(root, entry.path);
    if (actual !== entry.sha256) drifts.push({ path: entry.path, expected: entry.sha256, actual });
  }
  return drifts;
}
