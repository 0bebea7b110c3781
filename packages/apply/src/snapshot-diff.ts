// diffSnapshots (apply.md §17.5). Pure.
import {
  axiomError,
  collectIssues,
  compareUtf8,
  type RepoSnapshot,
  RepoSnapshotSchema,
  type SnapshotEntry,
  wireIssues,
} from "@codai/axiom-schema";

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: { path: string; from: string | null; to: string | null }[];
}

/** Parses a RepoSnapshot or throws ERR_INVALID_MANIFEST `{issues}` (plus `file` when given). */
export function parseSnapshot(value: unknown, file?: string): RepoSnapshot {
  const r = collectIssues(RepoSnapshotSchema, value);
  if (r.ok) return r.value;
  const details: Record<string, unknown> = {};
  if (file !== undefined) details.file = file;
  details.issues = wireIssues(r.issues);
  throw axiomError("ERR_INVALID_MANIFEST", { message: `not a RepoSnapshot${file ? `: ${file}` : ""}`, details });
}

function key(e: SnapshotEntry): string {
  return e.sha256 ?? `bytes:${e.bytes}:${e.kind}`;
}

/** Compared by sha256 when present, else `bytes:<n>:<kind>`; a mode or kind change also counts. */
export function diffSnapshots(a: RepoSnapshot, b: RepoSnapshot): SnapshotDiff {
  const before = new Map(a.body.files.map((e) => [e.path, e]));
  const after = new Map(b.body.files.map((e) => [e.path, e]));
  const out: SnapshotDiff = { added: [], removed: [], changed: [] };
  for (const [p, e] of after) {
    const old = before.get(p);
    if (!old) out.added.push(p);
    else if (key(old) !== key(e) || old.mode !== e.mode || old.kind !== e.kind) {
      out.changed.push({ path: p, from: old.sha256 ?? null, to: e.sha256 ?? null });
    }
  }
  for (const p of before.keys()) if (!after.has(p)) out.removed.push(p);
  out.added.sort(compareUtf8);
  out.removed.sort(compareUtf8);
  out.changed.sort((x, y) => compareUtf8(x.path, y.path));
  return out;
}
