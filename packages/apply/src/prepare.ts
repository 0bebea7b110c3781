// Prepare (apply.md §5.3, §2 steps 2–8): every path check, blob resolution and staging, before
// anything outside `.axiom/` is written. Returns the plan of commit steps with their pre-image
// captures.

import * as path from "node:path";
import { type ApplyFileResult, axiomError, type ManifestArtifact, type ManifestBundle } from "@codai/axiom-schema";
import {
  type Capture,
  capture,
  digestOrAbsent,
  layout,
  preImageExpectations,
  rmrf,
  treeDrift,
} from "@codai/axiom-store";
import { resolveBlob } from "./blobs";
import { containmentWalk, type WalkResult } from "./containment";
import { checkAxiomGuard, checkCaseCollisions, checkOnDiskCase, checkRelPaths, probeCaseInsensitive } from "./paths";
import { stageSteps } from "./stage";

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
  /** (dev, ino) of the staged file, from the fstat of its temp (POSIX); C4 compares the target after its rename. */
  stagedId?: { dev: bigint; ino: bigint };
  /** Ancestors of a create's target that did not exist at prepare (relpaths, root side first). */
  newDirs?: string[];
}

/** The ancestors of `rel` below the deepest existing one, root side first. */
function missingAncestors(tree: string, rel: string, walk: WalkResult): string[] {
  if (walk.parentExists) return [];
  const have = walk.deepest === tree ? 0 : path.relative(tree, walk.deepest).split(path.sep).length;
  const segs = rel.split("/");
  const out: string[] = [];
  for (let n = have + 1; n < segs.length; n++) out.push(segs.slice(0, n).join("/"));
  return out;
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

/**
 * Per-prepare memo of the containment walk by parent directory and of each path's capture: the
 * preImage binding and the target checks look at the same paths (a compiled manifest's preImage
 * lists every artifact), and artifacts share parent directories, so each directory is walked and
 * each target captured once. Commit repeats both for every target (C4), so nothing relies on these
 * results past prepare.
 */
class PrepareView {
  private readonly walks = new Map<string, Promise<WalkResult>>();
  private readonly captures = new Map<string, Promise<Capture & { bytes?: Buffer }>>();

  constructor(
    readonly tree: string,
    private readonly keep: boolean,
  ) {}

  walk(rel: string): Promise<WalkResult> {
    const slash = rel.lastIndexOf("/");
    const dir = slash < 0 ? "" : rel.slice(0, slash);
    let w = this.walks.get(dir);
    if (w === undefined) {
      w = containmentWalk(this.tree, rel);
      this.walks.set(dir, w);
      // errors carry `path = rel`: a failed walk is not reused for a sibling
      w.catch(() => this.walks.delete(dir));
    }
    return w;
  }

  capture(rel: string): Promise<Capture & { bytes?: Buffer }> {
    let c = this.captures.get(rel);
    if (c === undefined) {
      c = capture(layout.target(this.tree, rel), this.keep);
      this.captures.set(rel, c);
      c.catch(() => this.captures.delete(rel));
    }
    return c;
  }

  /** The strict reading (containment walk, then digest-or-absent), memoised like walk and capture. */
  async value(rel: string): Promise<string> {
    await this.walk(rel);
    return digestOrAbsent(await this.capture(rel));
  }
}

/** §2 step 6: the first-apply preImage binding (the store's drift rule; the first drift refuses). */
async function bindPreImage(view: PrepareView, bundle: ManifestBundle): Promise<void> {
  const [drift] = await treeDrift(preImageExpectations(bundle.manifest), (rel) => view.value(rel), { first: true });
  if (drift === undefined) return;
  throw axiomError("ERR_PREIMAGE_CHANGED", {
    message: `${drift.path} changed since the manifest was compiled`,
    path: drift.path,
    details: { expected: drift.expected, actual: drift.actual, phase: "prepare" },
  });
}

/** §2 step 7b–7d for one artifact. */
async function checkTarget(
  view: PrepareView,
  a: ManifestArtifact,
  reapply: boolean,
  caseInsensitive: boolean,
): Promise<PlannedStep> {
  const rel = a.path;
  const walk = await view.walk(rel);
  const abs = layout.target(view.tree, rel);
  const pre = await view.capture(rel);
  if (pre.kind === "nonfile")
    throw axiomError("ERR_TARGET_TYPE", {
      message: `${rel} is a ${pre.nonfile}`,
      path: rel,
      details: { kind: pre.nonfile },
    });
  if (pre.kind === "file") {
    if (a.op === "create" && !reapply) throw axiomError("ERR_EXISTS", { message: `${rel} already exists`, path: rel });
    if (pre.nlink !== 1n) throw hardlink(rel);
  } else if (a.op === "create" && caseInsensitive && walk.parentExists) {
    await checkOnDiskCase(path.dirname(abs), rel);
  }
  const op: Op = a.op === "create" && pre.kind === "file" ? "overwrite" : a.op;
  const step: PlannedStep = { artifact: a, rel, abs, op, pre };
  if (pre.kind === "file" && pre.bytes) step.preBytes = pre.bytes;
  if (op === "create") {
    const dirs = missingAncestors(view.tree, rel, walk);
    if (dirs.length > 0) step.newDirs = dirs;
  }
  return step;
}

function fileResult(s: PlannedStep): ApplyFileResult {
  const status = s.artifact.op === "delete" ? (s.pre.kind === "absent" ? "skipped" : "deleted") : "written";
  const out: ApplyFileResult = { path: s.rel, op: s.artifact.op, status };
  if (s.artifact.digest) out.digest = { sha256: s.artifact.digest.sha256 };
  return out;
}

/** Runs §2 steps 5–8 and §5.3; on any error staging is removed and the error rethrown. */
export async function prepare(input: PrepareInput): Promise<Prepared> {
  const { tree, hex, bundle, reapply } = input;
  const stagingDir = layout.staging(tree, hex);
  try {
    const caseInsensitive = await probeCaseInsensitive(layout.tmp(tree));
    const view = new PrepareView(tree, input.keepBytes);
    if (!reapply) await bindPreImage(view, bundle);
    const steps: PlannedStep[] = [];
    for (const a of bundle.manifest.artifacts) steps.push(await checkTarget(view, a, reapply, caseInsensitive));
    for (const s of steps)
      if (s.artifact.op !== "delete") s.bytes = await resolveBlob(bundle, s.artifact, input.casRoot);
    if (input.stage !== false) await stageSteps(stagingDir, steps, true);
    return { steps, files: steps.map(fileResult) };
  } catch (err) {
    await rmrf(stagingDir).catch(() => undefined);
    throw err;
  }
}
