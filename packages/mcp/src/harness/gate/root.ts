// Root discovery (hooks-doctor.md §2.7): walk up from the cwd to the first directory holding
// `.git` or a live `.axiom/` directory; never examine the home directory or its ancestors.
// Synchronous fs calls: a hook call is one short-lived request, and each awaited call would be a
// threadpool round trip plus promise machinery on its latency path (§2.14).
import { lstatSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";
import { axiomDir } from "@codai/axiom-store/layout";

export const MAX_DISCOVERY_LEVELS = 64;
const AXIOM_MARKERS = new Set(["journal", "cas", "applied", "profiles", "trust", "lock", "backup"]);
const IS_WIN = process.platform === "win32";

const fold = (p: string) => (IS_WIN ? p.toLowerCase() : p);

/** True when `dir` is the home directory or one of its ancestors. */
export function isHomeOrAncestor(dir: string, home: string): boolean {
  const d = fold(path.resolve(dir));
  const h = fold(path.resolve(home));
  if (d === h) return true;
  const prefix = d.endsWith(path.sep) ? d : d + path.sep;
  return h.startsWith(prefix);
}

async function exists(p: string): Promise<boolean> {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

export async function isRootMarked(dir: string): Promise<boolean> {
  if (await exists(path.join(dir, ".git"))) return true;
  const axiom = axiomDir(dir);
  try {
    if (!lstatSync(axiom).isDirectory()) return false;
    return readdirSync(axiom).some((n) => AXIOM_MARKERS.has(n));
  } catch {
    return false;
  }
}

export async function discoverRoot(cwdReal: string, home: string = homedir()): Promise<string> {
  let dir = cwdReal;
  for (let level = 0; level < MAX_DISCOVERY_LEVELS; level++) {
    if (!isHomeOrAncestor(dir, home) && (await isRootMarked(dir))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return cwdReal;
}
