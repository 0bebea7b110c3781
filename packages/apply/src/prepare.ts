// Prepare (apply.md §5.3, §2 steps 2–8): every path check, blob resolution and staging, before
// anything outside `.axiom/` is written. Returns the plan of commit steps with their pre-image
// captures.

import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { type ApplyFileResult, axiomError, type ManifestArtifact, type ManifestBundle } from "@codai/axiom-schema";
import { resolveBlob } from "./blobs";
import { containmentWalk } from "./containment";
import { type BigStats, errnoOf, fsx, O } from "./fsx";
import { type Capture, capture, digestOrAbsent, hashFd, kindOf, nlinkOf, openNoFollow } from "./identity";
import { fsyncDirs, mkdirp, renameRetry, rmrf } from "./io";
import { layout } from "./layout";
import { checkAxiomGuard, checkCaseCollisions, checkOnDiskCase, checkRelPaths, probeCaseInsensitive } from "./paths";

export type Op = "create" | "overwrite" | "delete";

export interface PlannedStep {
  artifact: ManifestArtifact;
  rel: string;
  abs: string;
  /** The op the journal records (a re-apply create over an existing file is an overwrite). */
  op: Op;
  pre: Capture;
  /** Current bytes, kept only for the dry-run diff. */
  preBytes?: Buffer;
  bytes?: Uint8Array;
  staged?: string;
}

export interface Prepared {
  steps: PlannedStep[];
  files: ApplyFileResult[];
}

export interface PrepareInput {
  tree: string;
  casRoot: string;
  hex: string;
  bundle: ManifestBundle;
  reapply: boolean;
  keepBytes: boolean;
  /**
   * False only for the dry-run (APL-10): it stages on demand, only when a guard will read the
   * staging directory (`stageSteps` without fsync: that staging is removed before the dry-run returns).
   */
  stage?: boolean;
}

const IS_WIN = process.platform === "win32";

function hardlink(rel: string): Error {
  return axiomError("ERR_TARGET_TYPE", {
    message: `${rel} has more than one hard link`,
    path: rel,
    details: { kind: "hardlink" },
  });
}

/** §2 steps 2–4: pure checks over the artifact paths. */
export function checkPaths(bundle: ManifestBundle): void {
  const paths = bundle.manifest.artifacts.map((a) => a.path);
  checkRelPaths(paths);
  checkCaseCollisions(paths);
  checkAxiomGuard(paths);
}

/** §2 step 6: the first-apply preImage binding. */
async function bindPreImage(tree: string, bundle: ManifestBundle): Promise<void> {
  for (const entry of bundle.manifest.preImage ?? []) {
    await containmentWalk(tree, entry.path);
    const actual = digestOrAbsent(await capture(layout.target(tree, entry.path)));
    if (actual !== entry.sha256) {
      throw axiomError("ERR_PREIMAGE_CHANGED", {
        message: `${entry.path} changed since the manifest was compiled`,
        path: entry.path,
        details: { expected: entry.sha256, actual, phase: "prepare" },
      });
    }
  }
}

/** §2 step 7b–7d for one artifact. */
async function checkTarget(
  tree: string,
  a: ManifestArtifact,
  reapply: boolean,
  caseInsensitive: boolean,
  keep: boolean,
): Promise<PlannedStep> {
  const rel = a.path;
  const walk = await containmentWalk(tree, rel);
  const abs = layout.target(tree, rel);
  let st: BigStats | undefined;
  try {
    st = await fsx.lstat(abs);
  } catch (err) {
    const code = errnoOf(err);
    if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
  }
  if (st) {
    const k = kindOf(st);
    if (k !== "file")
      throw axiomError("ERR_TARGET_TYPE", { message: `${rel} is a ${k}`, path: rel, details: { kind: k } });
    if (a.op === "create" && !reapply) throw axiomError("ERR_EXISTS", { message: `${rel} already exists`, path: rel });
    if (nlinkOf(st) !== 1n) throw hardlink(rel);
  } else if (a.op === "create" && caseInsensitive && walk.parentExists) {
    await checkOnDiskCase(path.dirname(abs), rel);
  }
  const pre = await capture(abs, keep);
  if (pre.kind === "nonfile")
    throw axiomError("ERR_TARGET_TYPE", {
      message: `${rel} is a ${pre.nonfile}`,
      path: rel,
      details: { kind: pre.nonfile },
    });
  if (pre.kind === "file" && pre.nlink !== 1n) throw hardlink(rel);
  const op: Op = a.op === "create" && pre.kind === "file" ? "overwrite" : a.op;
  const step: PlannedStep = { artifact: a, rel, abs, op, pre };
  if (keep && pre.kind === "file" && (pre as { bytes?: Buffer }).bytes)
    step.preBytes = (pre as { bytes?: Buffer }).bytes;
  return step;
}

function fileResult(s: PlannedStep): ApplyFileResult {
  const status = s.artifact.op === "delete" ? (s.pre.kind === "absent" ? "skipped" : "deleted") : "written";
  const out: ApplyFileResult = { path: s.rel, op: s.artifact.op, status };
  if (s.artifact.digest) out.digest = { sha256: s.artifact.digest.sha256 };
  return out;
}

/** §5.3 step 4: writes one staged file and returns its staging path. */
async function stageOne(stagingDir: string, s: PlannedStep, gained: Set<string>, durable: boolean): Promise<string> {
  const dest = path.join(stagingDir, ...s.rel.split("/"));
  const parent = path.dirname(dest);
  for (const d of await mkdirp(parent)) gained.add(path.dirname(d));
  gained.add(parent);
  const tmp = path.join(parent, `.axiom-tmp-${randomBytes(8).toString("hex")}`);
  const fd = await fsx.open(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o600);
  try {
    if (!IS_WIN) {
      const st = await fsx.fstat(fd);
      if (!st.isFile())
        throw axiomError("ERR_TARGET_TYPE", {
          message: `staging temp is not a regular file`,
          path: s.rel,
          details: { kind: "other" },
        });
      await fsx.write(fd, s.bytes as Uint8Array);
      if (s.pre.kind === "file" && (Number(st.uid) !== s.pre.uid || Number(st.gid) !== s.pre.gid)) {
        try {
          await fsx.fchown(fd, s.pre.uid, s.pre.gid);
        } catch (err) {
          const c = errnoOf(err);
          if (c !== "EPERM" && c !== "EINVAL") throw err;
        }
      }
      await fsx.fchmod(fd, s.artifact.mode === "0755" ? 0o755 : 0o644);
    } else {
      await fsx.write(fd, s.bytes as Uint8Array);
    }
    if (durable) await fsx.fsync(fd);
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
  await renameRetry(tmp, dest);
  const check = await openNoFollow(dest);
  try {
    const { hex } = await hashFd(check);
    if (hex !== sha256Hex(s.bytes as Uint8Array)) {
      throw axiomError("ERR_DIGEST_MISMATCH", {
        message: `staged ${s.rel} does not match`,
        path: s.rel,
        details: { expected: s.artifact.digest?.sha256, actual: hex },
      });
    }
  } finally {
    await fsx.close(check).catch(() => undefined);
  }
  return dest;
}

/** §5.3 step 4: rm -rf staging, recreate it, stage every non-delete step; durable = the fsyncs of 4.6 and after it. */
export async function stageSteps(stagingDir: string, steps: PlannedStep[], durable: boolean): Promise<void> {
  await rmrf(stagingDir);
  const gained = new Set<string>();
  for (const d of await mkdirp(stagingDir)) gained.add(path.dirname(d));
  for (const s of steps) if (s.bytes) s.staged = await stageOne(stagingDir, s, gained, durable);
  if (durable) await fsyncDirs(gained);
}

/** Runs §2 steps 5–8 and §5.3; on any error staging is removed and the error rethrown. */
export async function prepare(input: PrepareInput): Promise<Prepared> {
  const { tree, hex, bundle, reapply } = input;
  const stagingDir = layout.staging(tree, hex);
  try {
    const caseInsensitive = await probeCaseInsensitive(layout.tmp(tree));
    if (!reapply) await bindPreImage(tree, bundle);
    const steps: PlannedStep[] = [];
    for (const a of bundle.manifest.artifacts)
      steps.push(await checkTarget(tree, a, reapply, caseInsensitive, input.keepBytes));
    for (const s of steps)
      if (s.artifact.op !== "delete") s.bytes = await resolveBlob(bundle, s.artifact, input.casRoot);
    if (input.stage !== false) await stageSteps(stagingDir, steps, true);
    return { steps, files: steps.map(fileResult) };
  } catch (err) {
    await rmrf(stagingDir).catch(() => undefined);
    throw err;
  }
}
