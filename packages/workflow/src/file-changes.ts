// What the human step shows of a change set (mcp.md §8.4; issue 19 "the human step shows the
// change"): per artifact, the op as it will land — `create` for a target absent from the pre-image —
// and either the unified diff's hunk lines with their +/− counts, the size of a binary, or the code
// of the reason no diff can be shown. Read-only, with apply's strict reading of a target (the
// containment walk, then the no-follow capture; a symlink, a non-file or a hard-linked file is never
// read), so nothing outside the root reaches the person's screen. Whatever refuses here refuses
// again, with the same code, when the apply runs.
import { containmentWalk, diffEntry, resolveBlob } from "@codai/axiom-apply";
import { type ManifestArtifact, type ManifestBundle, toErrorObject } from "@codai/axiom-schema";
import { capture, layout } from "@codai/axiom-store";

export type ChangeOp = "create" | "overwrite" | "delete";

/** What the diff shows of one file. */
export type FileDiff =
  /** `lines`: the hunks of the unified diff (context 3), from the first `@@` line on. */
  | { kind: "text"; added: number; removed: number; lines: string[] }
  /** `bytes`: the new size, or the removed size for a delete. */
  | { kind: "binary"; bytes: number }
  /** Both sides non-empty and one above DIFF_SIDE_MAX: no line diff is run. */
  | { kind: "large"; bytes: number }
  /** `code`: what the apply will refuse this file with. */
  | { kind: "unavailable"; code: string };

export type FileChange = { path: string; op: ChangeOp } & FileDiff;

/**
 * A two-sided line diff runs only when both sides are at most 1 MiB: the diff is quadratic in the
 * worst case and the human step runs before any lock (axiom_write content is at most 256 KiB).
 */
const DIFF_SIDE_MAX = 1_048_576;

function opOf(a: ManifestArtifact, present: boolean): ChangeOp {
  if (a.op === "delete") return "delete";
  return present ? "overwrite" : "create";
}

/** createTwoFilesPatch's header lines end at the first hunk; "+" / "-" after it are the changes. */
function textChange(patch: string): { added: number; removed: number; lines: string[] } {
  const all = patch.split("\n");
  if (all[all.length - 1] === "") all.pop();
  const start = all.findIndex((l) => l.startsWith("@@"));
  const lines = start < 0 ? [] : all.slice(start);
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.startsWith("+")) added++;
    else if (l.startsWith("-")) removed++;
  }
  return { added, removed, lines };
}

const tooLargeToDiff = (before?: Uint8Array, after?: Uint8Array) =>
  before !== undefined &&
  after !== undefined &&
  before.length > 0 &&
  after.length > 0 &&
  Math.max(before.length, after.length) > DIFF_SIDE_MAX;

/** The diff of one artifact against the tree; `present` is set as soon as the target is seen. */
async function diffOf(
  root: string,
  bundle: ManifestBundle,
  a: ManifestArtifact,
  pre: string | undefined,
  seen: { present: boolean },
): Promise<FileDiff> {
  await containmentWalk(root, a.path);
  const cur = await capture(layout.target(root, a.path), true);
  seen.present = cur.kind !== "absent";
  // A non-file, or a file with another hard link (its bytes may live outside the root), is never read.
  if (cur.kind === "nonfile" || (cur.kind === "file" && cur.nlink !== 1n))
    return { kind: "unavailable", code: "ERR_TARGET_TYPE" };
  if (pre !== undefined && pre !== (cur.kind === "file" ? cur.hex : "absent"))
    return { kind: "unavailable", code: "ERR_PREIMAGE_CHANGED" };
  const before = cur.kind === "file" ? cur.bytes : undefined;
  const after = a.op === "delete" ? undefined : await resolveBlob(bundle, a, root);
  if (tooLargeToDiff(before, after)) return { kind: "large", bytes: after?.length ?? 0 };
  const patch = diffEntry({ path: a.path, before, after });
  if (patch.startsWith("diff --axiom ")) return { kind: "binary", bytes: (after ?? before)?.length ?? 0 };
  return { kind: "text", ...textChange(patch) };
}

async function changeOf(root: string, bundle: ManifestBundle, a: ManifestArtifact, pre?: string): Promise<FileChange> {
  const seen = { present: pre !== undefined && pre !== "absent" };
  let diff: FileDiff;
  try {
    diff = await diffOf(root, bundle, a, pre, seen);
  } catch (err) {
    diff = { kind: "unavailable", code: toErrorObject(err).code };
  }
  // The pre-image decides create vs overwrite when the manifest binds one; else the tree does.
  const present = pre === undefined ? seen.present : pre !== "absent";
  return { path: a.path, op: opOf(a, present), ...diff };
}

/** One entry per artifact, in manifest order. Never throws for one file: its entry says why. */
export async function fileChanges(root: string, bundle: ManifestBundle): Promise<FileChange[]> {
  const pre = new Map((bundle.manifest.preImage ?? []).map((p) => [p.path, p.sha256]));
  const out: FileChange[] = [];
  for (const a of bundle.manifest.artifacts) out.push(await changeOf(root, bundle, a, pre.get(a.path)));
  return out;
}
