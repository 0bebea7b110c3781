// A name-folding view of a real directory through the engine's fs seam, standing in for a
// case-insensitive (NTFS, default APFS) or normalisation-insensitive (APFS) volume: Linux test
// dirs are case-sensitive and `chattr +F` (ext4 casefold) is not available here. Every path under
// `root` is resolved segment by segment to the spelling stored on disk when a stored name folds
// to the same key; names are stored as first created (case-preserving). The engine is not told:
// its own case probe (apply.md §2 step 5) must discover the folding through the view.
import * as fs from "node:fs";
import * as path from "node:path";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";

export type Fold = (name: string) => string;
export const caseFold: Fold = (n) => n.toLowerCase();
export const nfcFold: Fold = (n) => n.normalize("NFC");
/** APFS default: case- and normalisation-insensitive. */
export const apfsFold: Fold = (n) => n.normalize("NFC").toLowerCase();

const PATH_ARGS: Partial<Record<keyof FsPort, number[]>> = {
  open: [0],
  rename: [0, 1],
  link: [0, 1],
  unlink: [0],
  rm: [0],
  mkdir: [0],
  rmdir: [0],
  lstat: [0],
  stat: [0],
  readdir: [0],
  realpath: [0],
  readFile: [0],
};

/** Installs the view for paths under `root`; returns the restore function. */
export function installFoldView(root: string, fold: Fold): () => void {
  const resolve = (p: string): string => {
    if (!p.startsWith(root + path.sep)) return p;
    let cur = root;
    for (const seg of p.slice(root.length + 1).split(path.sep)) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(cur);
      } catch {
        // parent missing: the real call reports it
      }
      const key = fold(seg);
      const stored = names.includes(seg) ? seg : names.find((n) => fold(n) === key);
      cur = path.join(cur, stored ?? seg);
    }
    return cur;
  };
  const overrides: Partial<FsPort> = {};
  for (const [op, idx] of Object.entries(PATH_ARGS) as [keyof FsPort, number[]][]) {
    const orig = fsx[op] as (...a: unknown[]) => Promise<unknown>;
    (overrides as Record<string, unknown>)[op] = (...args: unknown[]) => {
      const mapped = args.map((a, i) => (idx.includes(i) && typeof a === "string" ? resolve(a) : a));
      return orig(...mapped);
    };
  }
  return installFs(overrides);
}
