// `.axiom/` keeps itself out of git by itself (issue 21): whichever mkdir creates a directory named
// `.axiom` (the store's and the lock's mkdir -p, the CAS ref fetch, the trust store, init) calls this
// right after, and the directory gets its `.gitignore` (AXIOM_SELF_GITIGNORE) first.
import * as path from "node:path";
import { fsx, O } from "./fsx";
import { AXIOM_DIR, AXIOM_SELF_GITIGNORE } from "./layout";

/**
 * Writes `<dir>/.gitignore` when `dir` is an `.axiom` directory this process just created.
 * Exclusive create: a file already there is kept. Best effort: it is a convenience for git, not
 * state (no fsync; a failure or a crash before it costs only git noise, never a write), so it never
 * fails the caller. Through the fs seam like every other write under `.axiom/`, so the crash
 * suites' model of the disk includes it.
 */
export async function markNewAxiomDir(dir: string): Promise<void> {
  if (path.basename(dir) !== AXIOM_DIR) return;
  let fd: number | undefined;
  try {
    fd = await fsx.open(path.join(dir, ".gitignore"), O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o644);
    await fsx.write(fd, Buffer.from(AXIOM_SELF_GITIGNORE, "utf8"));
  } catch {
    // EEXIST (someone else made it, or a person did) or any failure: the caller's write goes on.
  } finally {
    if (fd !== undefined) await fsx.close(fd).catch(() => undefined);
  }
}
