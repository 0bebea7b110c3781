// Manual rollback (apply.md §8, D9): idempotent, scoped to the journal's paths, refuses over
// drift unless forced, refuses up front when a recorded backup is gone. Throws AxiomError.
import * as fs from "node:fs";
import { LOCK_TIMEOUT_DEFAULT_MS } from "@codai/axiom-rules";
import { axiomError, isAxiomError, type JournalStep } from "@codai/axiom-schema";
import { errnoOf, fsx, layout, postImageOf, readStoredBundle, treeDrift } from "@codai/axiom-store";
import { repairTornChainTail } from "./chain-repair";
import { stripLongPrefix } from "./containment";
import { isEscape } from "./escape-guard";
import { type Journal, readJournal } from "./journal";
import { acquireLock } from "./lock";
import { recoverJournal, removeLockedTemps } from "./recovery";
import { briefError, toApplyError } from "./result";
import { type LaterApply, laterApplies } from "./rollback-later";
import { rollbackRoutine, verifyBackup } from "./rollback-routine";
import { readTarget } from "./tree-value";

export interface RollbackOptions {
  force?: boolean;
  lockTimeoutMs?: number;
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
}

export interface RollbackOutput {
  manifestDigest: string;
  status: "rolled-back";
  phase: Journal["phase"];
  steps: JournalStep[];
  root: string;
}

function parseDigestArg(digest: string): string {
  const m = /^(?:sha256:)?([0-9a-f]{64})$/.exec(digest);
  if (!m) throw axiomError("ERR_NOT_FOUND", { message: `not a manifest digest: ${digest}`, details: { digest } });
  return m[1] as string;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fsx.lstat(p);
    return true;
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return false;
    throw err;
  }
}

/**
 * The stored manifest a journal names. The store's reader answers a ref that names nothing with
 * ERR_NOT_FOUND (formats.md §12.3 #11); here the journal names it, and §8 (b) calls the missing
 * manifest ERR_BLOB_MISSING `{digest}` (ARCH-S4).
 */
async function journalBundle(root: string, hex: string) {
  try {
    return await readStoredBundle(root, hex);
  } catch (err) {
    if (!isAxiomError(err) || err.code !== "ERR_NOT_FOUND") throw err;
    throw axiomError("ERR_BLOB_MISSING", {
      message: `stored manifest ${hex} is missing`,
      details: { digest: `sha256:${hex}` },
    });
  }
}

/** §8 step 4 committed (a)+(b): backups present, then (unless forced) no drift from the post-state. */
async function preflight(root: string, hex: string, j: Journal, force: boolean): Promise<void> {
  const missing: string[] = [];
  for (const s of j.steps)
    if (s.backup !== undefined && !(await exists(layout.backupFile(root, hex, s.path)))) missing.push(s.path);
  if (missing.length) {
    throw axiomError("ERR_NOT_FOUND", {
      message: `backups are missing for ${missing.length} path(s)`,
      details: { digest: `sha256:${hex}`, missingBackups: missing },
    });
  }
  // every backup re-hashed before anything changes (SEC-37); not even --force restores other bytes
  for (const s of j.steps)
    if (s.backup !== undefined) await verifyBackup(s.path, layout.backupFile(root, hex, s.path), s.pre);
  if (force) return;
  const bundle = await journalBundle(root, hex);
  const byPath = new Map(bundle.manifest.artifacts.map((a) => [a.path, a]));
  const post = j.steps.map((s) => {
    const a = byPath.get(s.path);
    return { path: s.path, expected: s.op === "delete" || !a ? "absent" : postImageOf(a) };
  });
  const drifted = (await treeDrift(post, (rel) => readTarget(root, rel))).map(({ path, expected, actual }) => ({
    path,
    expected,
    actual: actual as string,
  }));
  if (drifted.length) {
    throw axiomError("ERR_PREIMAGE_CHANGED", {
      message: `${drifted.length} path(s) changed since the apply; use --force to roll back anyway`,
      path: drifted[0]?.path,
      details: { phase: "rollback", drifted },
    });
  }
  const later = await laterApplies(
    root,
    `sha256:${hex}`,
    j.steps.map((s) => s.path),
  );
  if (later.length) {
    const first = later[0] as LaterApply;
    throw axiomError("ERR_CONFLICT", {
      message: `a later apply (${first.manifestDigest}, chain #${first.seq}) touches ${first.paths?.join(", ") ?? "paths of this apply (its journal is gone)"}; use --force to roll back anyway`,
      path: first.paths?.[0],
      details: { phase: "rollback", otherDigest: first.manifestDigest, paths: first.paths, later },
    });
  }
}

export async function rollback(
  rootArg: string,
  digest: string,
  options: RollbackOptions = {},
): Promise<RollbackOutput> {
  let root: string;
  try {
    root = stripLongPrefix(await fs.promises.realpath(rootArg));
    if (!(await fs.promises.stat(root)).isDirectory()) throw new Error("not a directory");
  } catch {
    throw axiomError("ERR_ROOT_NOT_DIR", {
      message: `root is not a directory: ${rootArg}`,
      details: { root: rootArg },
    });
  }
  const hex = parseDigestArg(digest);
  const manifestDigest = `sha256:${hex}`;
  const lock = await acquireLock(root, manifestDigest, options.lockTimeoutMs ?? LOCK_TIMEOUT_DEFAULT_MS);
  try {
    // a torn chain tail would make this rollback's R6 append fail (APL-25); the repair is best effort
    await repairTornChainTail(root, options.onWarn).catch(() => undefined);
    const j = await readJournal(root, hex);
    if (!j)
      throw axiomError("ERR_NOT_FOUND", {
        message: `no journal for ${manifestDigest}`,
        details: { digest: manifestDigest },
      });
    const out = (phase: Journal["phase"], steps: JournalStep[]): RollbackOutput => ({
      manifestDigest,
      status: "rolled-back",
      phase,
      steps,
      root,
    });
    const hooks = { onWarn: options.onWarn };
    if (j.phase === "rolled-back") return out("rolled-back", j.steps);
    if (j.phase === "committed") await preflight(root, hex, j, options.force === true);
    try {
      if (j.phase === "staged") {
        await recoverJournal(root, j, hooks);
        return out("staged", j.steps);
      }
      const done = await rollbackRoutine(root, j, j.phase === "committed", hooks);
      return out(done.phase, done.steps);
    } catch (err) {
      if (isEscape(err)) {
        const e = toApplyError(err);
        throw axiomError("ERR_ESCAPE_DETECTED", {
          message: `rollback of ${manifestDigest}: ${e.message}`,
          path: e.path,
          details: { ...e.details, digest: manifestDigest },
        });
      }
      throw axiomError("ERR_ROLLBACK", {
        message: `rollback of ${manifestDigest} failed: ${briefError(err).message}`,
        details: { digest: manifestDigest, cause: briefError(err) },
      });
    }
  } finally {
    // A rollback after a cut may find the journal or marker temp of the write that was cut; under
    // the lock they are garbage (apply.md §7), and rollback does not run the whole recovery (APL-24).
    await removeLockedTemps(root).catch((err) =>
      options.onWarn?.("journal temp cleanup failed", { error: String((err as Error).message) }),
    );
    await lock.release().catch(() => undefined);
  }
}
