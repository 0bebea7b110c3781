// `.axiom/` keeps itself out of git by itself (issue 21): whichever mkdir creates a directory named
// `.axiom` (the store's and the lock's mkdir -p, the trust store, init) calls this right after, and
// the directory gets its `.gitignore` (AXIOM_SELF_GITIGNORE) before anything else is written in it.
import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import { AXIOM_DIR, AXIOM_SELF_GITIGNORE } from "./layout";

/**
 * Writes `<dir>/.gitignore` when `dir` is an `.axiom` directory this process just created.
 * Exclusive create: a file already there is kept. Best effort and outside the fs seam on purpose:
 * it is a convenience for git, not state; a failure (or a crash before it) costs only git noise,
 * never a write, so it neither fails the caller nor shifts the crash suites' recorded calls.
 */
export async function markNewAxiomDir(dir: string): Promise<void> {
  if (path.basename(dir) !== AXIOM_DIR) return;
  await writeFile(path.join(dir, ".gitignore"), AXIOM_SELF_GITIGNORE, { flag: "wx", mode: 0o644 }).catch(
    () => undefined,
  );
}
