// Reading fs-call traces (fault-harness with keepText): which journal phase was durable at each
// call, and the durability order O1–O7 of threats.md §4.2 (I11, F24).
import * as path from "node:path";
import type { FsCall } from "./fault-harness";

export type Phase = "staged" | "committing" | "committed" | "rolling-back" | "rolled-back";

/** Every rename onto `journal` with the phase it installed: `{i: index in calls, phase}`. */
export function journalRenames(calls: readonly FsCall[], journal: string): { i: number; phase: Phase }[] {
  const out: { i: number; phase: Phase }[] = [];
  const text = new Map<string, string>();
  calls.forEach((c, i) => {
    if (c.op === "open" && c.mutating) text.delete(c.path);
    if (c.op === "write" && c.text !== undefined) text.set(c.path, (text.get(c.path) ?? "") + c.text);
    if (c.op === "rename" && c.to === journal) {
      out.push({ i, phase: JSON.parse(text.get(c.path) ?? "{}").phase as Phase });
    }
  });
  return out;
}

/** The journal phase on disk once the calls before index `i` (exclusive) have happened. */
export function phaseBefore(renames: readonly { i: number; phase: Phase }[], i: number): Phase | undefined {
  let p: Phase | undefined;
  for (const r of renames) if (r.i < i) p = r.phase;
  return p;
}

const isFsync = (c: FsCall) => c.op === "fsync";

/**
 * Checks O1–O7 on one trace (posix). `root` is the tree, `hex` the digest's hex; returns the
 * broken rules as readable strings (empty = all hold).
 */
export function durabilityViolations(calls: readonly FsCall[], root: string, hex: string): string[] {
  const bad: string[] = [];
  const ax = path.join(root, ".axiom");
  const sep = path.sep;
  const inTree = (p: string | undefined) =>
    p !== undefined && p.startsWith(root + sep) && !p.startsWith(ax + sep) && p !== ax;
  const journal = path.join(ax, "journal", `${hex}.json`);
  const journalDir = path.dirname(journal);
  const staging = path.join(ax, "staging", hex);
  const backup = path.join(ax, "backup", hex);
  const fsyncAfter = (i: number, p: string, before = calls.length) =>
    calls.findIndex((c, k) => k > i && k < before && isFsync(c) && c.path === p);
  const renames = journalRenames(calls, journal);
  const firstPhase = (ph: Phase) => renames.find((r) => r.phase === ph)?.i ?? -1;
  const targetMutations = calls
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => (c.op === "rename" && inTree(c.to)) || (c.op === "unlink" && inTree(c.path)));
  // The first journal an apply writes (`committing` since SPEED-16; `staged` before); a manual
  // rollback's trace starts from an existing journal and writes no staging.
  const firstJournal = renames[0]?.i ?? -1;

  // O1: each staged file written → fsync(file), and its directory fsynced, all before the first
  // journal (written in place in the fresh staging tree, no temp and rename: SPEED-7).
  const stagedWrites = new Set(
    calls.filter((c) => c.op === "write" && c.path.startsWith(staging + sep)).map((c) => c.path),
  );
  for (const file of stagedWrites) {
    const wrote = calls.findIndex((x) => x.op === "write" && x.path === file);
    const synced = calls.findIndex((x, k) => k > wrote && isFsync(x) && x.path === file);
    const before = firstJournal >= 0 ? firstJournal : calls.length;
    if (synced < 0 || synced > before) bad.push(`O1 ${file}: staged file not fsynced before the first journal`);
    const dirSync = fsyncAfter(wrote, path.dirname(file));
    if (dirSync < 0 || dirSync > before) bad.push(`O1 ${file}: staging directory not fsynced before the first journal`);
    if (firstJournal >= 0 && wrote > firstJournal) bad.push(`O1 ${file}: staged after the journal`);
  }

  // O2: each journal write: tmp written → fsync(tmp) → rename → fsync(journal/). An apply writes no
  // `staged` journal (SPEED-16); one would be exempt from the fsync of journal/ (SPEED-1).
  for (const r of renames) {
    const c = calls[r.i]!;
    const synced = calls.findIndex((x, k) => k < r.i && isFsync(x) && x.path === c.path);
    if (synced < 0) bad.push(`O2 journal ${r.phase}: temp not fsynced before its rename`);
    const next = renames.find((x) => x.i > r.i)?.i ?? calls.length;
    const dir = fsyncAfter(r.i, journalDir, next);
    if (dir < 0 && r.phase !== "staged") bad.push(`O2 journal ${r.phase}: journal/ not fsynced after its rename`);
  }
  const firstMutation = targetMutations[0]?.i ?? -1;
  if (firstMutation >= 0 && renames[0] !== undefined && renames[0].phase !== "rolling-back") {
    // an apply's trace (a manual rollback's first journal is `rolling-back`): `committing` durable
    // before the tree changes
    const at = firstPhase("committing");
    const dir = at < 0 ? -1 : fsyncAfter(at, journalDir);
    if (at < 0 || dir < 0 || dir > firstMutation)
      bad.push("O2 committing not durable before the first target mutation");
  }

  // O3: every backup (link, or copy fsynced) and its directory fsync precede its target's change.
  calls.forEach((c, i) => {
    const isLink = c.op === "link" && c.to?.startsWith(backup + sep);
    const isCopy =
      c.op === "rename" && c.to?.startsWith(backup + sep) && path.basename(c.path).startsWith(".axiom-tmp-");
    if (!isLink && !isCopy) return;
    const B = c.to as string;
    const rel = path.relative(backup, B);
    const T = path.join(root, rel);
    const change = targetMutations.find((m) => m.i > i && (m.c.to === T || (m.c.op === "unlink" && m.c.path === T)));
    if (!change) return;
    if (isCopy && !calls.some((x, k) => k < i && isFsync(x) && x.path === c.path))
      bad.push(`O3 ${rel}: copied backup not fsynced`);
    const dir = fsyncAfter(i, path.dirname(B), change.i);
    if (dir < 0) bad.push(`O3 ${rel}: backup directory not fsynced before the target changed`);
  });

  // O4 / O5: touched tree directories fsynced before `committed`; `committed` durable before the
  // chain append and the marker.
  const committed = firstPhase("committed");
  if (committed >= 0) {
    const beforeCommitted = targetMutations.filter((m) => m.i < committed);
    for (const m of beforeCommitted) {
      const dir = path.dirname(m.c.op === "rename" ? (m.c.to as string) : m.c.path);
      if (fsyncAfter(m.i, dir, committed) < 0) bad.push(`O4 ${dir} not fsynced before committed`);
    }
    const durable = fsyncAfter(committed, journalDir);
    const chain = calls.findIndex(
      (c, k) => k > committed && c.op === "open" && c.path === path.join(journalDir, "chain.jsonl"),
    );
    const marker = calls.findIndex((c) => c.op === "rename" && c.to === path.join(ax, "applied", `${hex}.json`));
    if (durable < 0) bad.push("O5 committed journal never fsynced (journal/)");
    if (chain >= 0 && chain < durable) bad.push("O5 chain append before committed was durable");
    if (marker >= 0 && marker < durable) bad.push("O5 marker before committed was durable");
    // the marker's temp may be fsynced while the append's fsync runs, but it is named only after
    // it (SPEED-19): recovery re-appends a committed entry only when no marker is there
    const chainSync = chain < 0 ? -1 : fsyncAfter(chain, path.join(journalDir, "chain.jsonl"));
    if (marker >= 0 && chain >= 0 && (chainSync < 0 || marker < chainSync))
      bad.push("O5 marker named before the chain append was durable");
  }

  // O6: rollback: every restored directory fsynced before `rolled-back`.
  const rolledBack = firstPhase("rolled-back");
  const rollingBack = firstPhase("rolling-back");
  if (rolledBack >= 0 && rollingBack >= 0) {
    for (const m of targetMutations.filter((x) => x.i > rollingBack && x.i < rolledBack)) {
      let dir = path.dirname(m.c.op === "rename" ? (m.c.to as string) : m.c.path);
      let at = m.i;
      // a directory the rollback removed afterwards (SEC-35): its parent's fsync makes both durable
      for (;;) {
        const d = dir;
        const gone = calls.findIndex((c, k) => k > at && k < rolledBack && c.op === "rmdir" && c.path === d);
        if (gone < 0) break;
        at = gone;
        dir = path.dirname(dir);
      }
      if (fsyncAfter(at, dir, rolledBack) < 0) bad.push(`O6 ${dir} not fsynced before rolled-back`);
    }
  }

  // O7 (threats.md §4.2, as SPEED-22 changed it): the lock is named by the link of a temp that
  // already holds its whole record — written and closed before the link — and no longer fsynced:
  // a power cut that loses the record leaves a lock named before the boot, which the next apply
  // takes at once (lock-stale.ts). Without hard links `lock` is O_EXCL-created and written in
  // place, its 10 s grace covering the writer.
  const lock = path.join(ax, "lock");
  const O7 = "O7 lock named before its record was written";
  calls.forEach((c, i) => {
    if (c.op !== "link" || c.to !== lock) return;
    const wrote = calls.findIndex((x, k) => k < i && x.op === "write" && x.path === c.path);
    const closed = calls.findIndex((x, k) => k > wrote && k < i && x.op === "close" && x.path === c.path);
    if (wrote < 0 || closed < 0) bad.push(O7);
  });
  return bad;
}
