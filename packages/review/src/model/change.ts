// The change view (issue 22) of one stored bundle — an applied entry, a pending preview or any
// bundle in `manifests/`: its files with op badges, +/− counts and diffs, the check findings on
// the files and lines they concern, the profile, and the digest with its 12-character prefix.
// The bundle comes through the workflow (intake-checked); nothing here writes.
import type { ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store";
import { chainIndex, findStoredBundle, readJsonDoc } from "@codai/axiom-workflow";
import { afterSide, beforeSide, type Side } from "./bytes";
import { rollbackCommand } from "./commands";
import { type FileDiff, fileDiff } from "./file-diff";
import { readReport, type ShownFinding, secretLine } from "./findings";

export type ChangeState = "applied" | "pending" | "rolled-back" | "failed";

export interface ChangeFile extends FileDiff {
  path: string;
  op: "create" | "overwrite" | "delete";
  findings: ShownFinding[];
}

export interface ChangeView {
  digest: string;
  /** The 12-character prefix a person confirms (the form's confirmation text). */
  prefix: string;
  intent: string;
  profile: string;
  state: ChangeState;
  /** Chain entries of this digest, oldest first. */
  seqs: number[];
  verdict?: string;
  reportProfile?: string;
  /** Findings that name no file of the change. */
  findings: ShownFinding[];
  files: ChangeFile[];
  /** The command that undoes it (the page never runs it). */
  rollback?: string;
}

async function stateOf(root: string, digest: string): Promise<{ state: ChangeState; seqs: number[] }> {
  const index = await chainIndex(root);
  const mine = index.entries.filter((e) => e.manifestDigest === digest);
  const marker = await readJsonDoc(layout.applied(root, digest.slice(7)));
  const seqs = mine.map((e) => e.seq);
  const last = mine[mine.length - 1];
  if (marker !== undefined && marker.status === "applied") return { state: "applied", seqs };
  if (last === undefined) return { state: "pending", seqs };
  if (last.state === "committed") return { state: "applied", seqs };
  return { state: last.state, seqs };
}

function place(findings: ShownFinding[], path: string, after: Side): ShownFinding[] {
  const text = after.kind === "bytes" ? Buffer.from(after.bytes).toString("utf8") : undefined;
  return findings
    .filter((f) => f.path === path)
    .map((f) => {
      if (f.pattern === undefined || text === undefined) return f;
      const line = secretLine(f.pattern, text);
      return line === undefined ? f : { ...f, line };
    });
}

async function changeFile(root: string, bundle: ManifestBundle, i: number, applied: boolean, findings: ShownFinding[]) {
  const a = bundle.manifest.artifacts[i];
  if (a === undefined) throw new Error("unreachable: artifact index");
  const [before, after] = await Promise.all([beforeSide(root, bundle, a, applied), afterSide(root, bundle, a)]);
  const file: ChangeFile = {
    path: a.path,
    op: a.op,
    ...fileDiff(a.path, before, after),
    findings: place(findings, a.path, after),
  };
  return file;
}

export async function changeView(root: string, hex: string): Promise<ChangeView> {
  const bundle = await findStoredBundle([root], hex);
  const digest = bundle.manifestDigest;
  const [{ state, seqs }, report] = await Promise.all([stateOf(root, digest), readReport(root, hex)]);
  const findings = report?.findings ?? [];
  const paths = new Set(bundle.manifest.artifacts.map((a) => a.path));
  const files = await Promise.all(
    bundle.manifest.artifacts.map((_, i) => changeFile(root, bundle, i, state === "applied", findings)),
  );
  const view: ChangeView = {
    digest,
    prefix: hex.slice(0, 12),
    intent: bundle.manifest.name,
    profile: bundle.manifest.profile,
    state,
    seqs,
    findings: findings.filter((f) => f.path === undefined || !paths.has(f.path)),
    files,
  };
  if (report) {
    view.verdict = report.verdict;
    view.reportProfile = report.profile;
  }
  if (state === "applied") view.rollback = rollbackCommand(root, digest);
  return view;
}
