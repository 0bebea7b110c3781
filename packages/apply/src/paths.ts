// Pure artifact path checks of apply.md §2 steps 2–4 and the on-disk case checks of steps 5 and 7c.
import * as path from "node:path";
import { MAX_ISSUES, relPathIssues } from "@codai/axiom-rules";
import { axiomError, type ErrorCode } from "@codai/axiom-schema";
import { AXIOM_DIR, errnoOf, fsx, mkdirp, O } from "@codai/axiom-store";

// threats.md decision: extra device names refused at prepare on every OS (RelPath schema unchanged).
const EXTRA_RESERVED = /^(CONIN\$|CONOUT\$|COM[\u00b9\u00b2\u00b3]|LPT[\u00b9\u00b2\u00b3])(\.[^.]*)?$/i;

/** RelPath rules + the extra reserved names for one path, in rule order. */
export function resolverIssues(rel: string): ErrorCode[] {
  const codes = relPathIssues(rel);
  if (rel.split("/").some((s) => EXTRA_RESERVED.test(s)) && !codes.includes("ERR_PATH_RESERVED_NAME")) {
    codes.push("ERR_PATH_RESERVED_NAME");
  }
  return codes;
}

/** §2 step 2: throws the first issue's code; `details.issues` = every issue of every path. */
export function checkRelPaths(paths: readonly string[]): void {
  const issues: { path: string; message: string; code: ErrorCode }[] = [];
  for (const p of paths) for (const code of resolverIssues(p)) issues.push({ path: p, message: code, code });
  const first = issues[0];
  if (first) {
    throw axiomError(first.code, {
      message: `invalid path ${JSON.stringify(first.path)}: ${first.code}`,
      details: { issues: issues.slice(0, MAX_ISSUES) },
    });
  }
}

export const caseKey = (p: string): string => p.normalize("NFC").toLowerCase();

/** §2 step 3: two artifacts whose NFC-lower-cased paths are equal. */
export function checkCaseCollisions(paths: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const p of paths) {
    const k = caseKey(p);
    const other = seen.get(k);
    if (other !== undefined) {
      throw axiomError("ERR_PATH_CASE_COLLISION", {
        message: `${p} collides with ${other} by case`,
        path: p,
        details: { other },
      });
    }
    seen.set(k, p);
  }
}

/** §2 step 4 (D10): first segment equal to `.axiom` in any letter case. */
export function checkAxiomGuard(paths: readonly string[]): void {
  for (const p of paths) {
    if ((p.split("/")[0] as string).toLowerCase() === AXIOM_DIR) {
      throw axiomError("ERR_CONTAINMENT", {
        message: `${p} is inside ${AXIOM_DIR}/`,
        path: p,
        details: { guard: AXIOM_DIR },
      });
    }
  }
}

/**
 * §2 step 5's answer per `.axiom/tmp` directory, keyed by its (dev, ino, birth time): the probe (a
 * create, an lstat and an unlink: three metadata writes of every apply and dry run) asks the file
 * system a question whose answer does not change while that directory exists (issue 24). A
 * directory replaced or re-created is probed again (the birth time tells it from a re-created
 * directory that got the same inode number back).
 */
const caseAnswers = new Map<string, { dev: bigint; ino: bigint; born: bigint; insensitive: boolean }>();

/** §2 step 5: create a probe under `.axiom/tmp`, lstat its lower-cased twin, delete it (once per directory). */
export async function probeCaseInsensitive(tmpDir: string): Promise<boolean> {
  await mkdirp(tmpDir);
  const dir = await fsx.lstat(tmpDir);
  const known = caseAnswers.get(tmpDir);
  if (known?.dev === dir.dev && known.ino === dir.ino && known.born === dir.birthtimeNs) return known.insensitive;
  const insensitive = await probeOnce(tmpDir);
  caseAnswers.set(tmpDir, { dev: dir.dev, ino: dir.ino, born: dir.birthtimeNs, insensitive });
  return insensitive;
}

async function probeOnce(tmpDir: string): Promise<boolean> {
  const name = `CaseProbe-${process.pid}-${Date.now()}`;
  const probe = path.join(tmpDir, name);
  const fd = await fsx.open(probe, O.O_CREAT | O.O_WRONLY | O.O_TRUNC, 0o644);
  await fsx.close(fd);
  try {
    await fsx.lstat(path.join(tmpDir, name.replace("CaseProbe", "caseprobe")));
    return true;
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return false;
    throw err;
  } finally {
    // "delete it": the probe is the regular file just created, so one unlink (no recursive rm,
    // which is a thread-pool round trip); already gone is fine, as with rm -f.
    await fsx.unlink(probe).catch((err: unknown) => {
      if (errnoOf(err) !== "ENOENT") throw err;
    });
  }
}

/** §2 step 7c: a sibling whose NFC-lower-cased name equals the target's but is spelled differently. */
export async function checkOnDiskCase(parentAbs: string, rel: string): Promise<void> {
  const leaf = rel.split("/").pop() as string;
  let names: string[];
  try {
    names = await fsx.readdir(parentAbs);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return;
    throw err;
  }
  const k = caseKey(leaf);
  const existing = names.find((n) => n !== leaf && caseKey(n) === k);
  if (existing !== undefined) {
    throw axiomError("ERR_PATH_CASE_COLLISION", {
      message: `${rel} collides with existing ${existing}`,
      path: rel,
      details: { existing },
    });
  }
}
