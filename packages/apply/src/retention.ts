// Bounded retention of `.axiom/manifests/` and `.axiom/reports/` (issue 20 Low 13, decisions
// SEC-39), run after every commit next to the backup pruning (prune.ts keeps KEEP_BACKUPS_DEFAULT
// backup sets). A stored manifest that a journal, an applied marker or an intent names is kept,
// whatever its age: rollback, log and gc read it. The others (previews, compiles never applied)
// are kept while young or among the newest MANIFESTS_UNREFERENCED_KEEP; the rest go, each with
// its check report. An old report whose manifest is gone goes too. Cheap when there is nothing to do:
// one readdir while the directory holds no more than the keep count.
import * as path from "node:path";
import { MANIFESTS_UNREFERENCED_KEEP, MANIFESTS_UNREFERENCED_MIN_AGE_MS } from "@codai/axiom-rules";
import { fsx, hexJsonNames, layout, rmrf } from "@codai/axiom-store";
import { listIntents } from "./intents";

export interface RetentionReport {
  manifests: string[];
  reports: string[];
}

export async function pruneStoredManifests(root: string, now = Date.now()): Promise<RetentionReport> {
  const stored = await hexJsonNames(layout.manifestsDir(root));
  const removed: RetentionReport = { manifests: [], reports: [] };
  if (stored.length <= MANIFESTS_UNREFERENCED_KEEP) return removed;
  const named = new Set([
    ...(await hexJsonNames(layout.journalDir(root))),
    ...(await hexJsonNames(layout.appliedDir(root))),
  ]);
  for (const i of await listIntents(root, false)) named.add(i.manifestDigest.slice(7));
  const loose: { hex: string; mtime: number }[] = [];
  for (const hex of stored) {
    if (named.has(hex)) continue;
    const st = await fsx.lstat(layout.manifest(root, hex)).catch(() => undefined);
    if (st) loose.push({ hex, mtime: Number(st.mtimeMs) });
  }
  loose.sort((a, b) => b.mtime - a.mtime || (a.hex < b.hex ? -1 : 1));
  const gone = new Set<string>();
  for (const m of loose.slice(MANIFESTS_UNREFERENCED_KEEP)) {
    if (now - m.mtime < MANIFESTS_UNREFERENCED_MIN_AGE_MS) continue;
    await rmrf(layout.manifest(root, m.hex));
    gone.add(m.hex);
    removed.manifests.push(m.hex);
  }
  // reports of removed manifests, and reports left behind by a manifest removed earlier
  const kept = new Set(stored.filter((h) => !gone.has(h)));
  for (const hex of await hexJsonNames(layout.reportsDir(root))) {
    if (kept.has(hex)) continue;
    const file = path.join(layout.reportsDir(root), `${hex}.json`);
    // a young orphan may be a check of a bundle that was never stored: keep it while young
    const st = gone.has(hex) ? undefined : await fsx.lstat(file).catch(() => undefined);
    if (st && now - Number(st.mtimeMs) < MANIFESTS_UNREFERENCED_MIN_AGE_MS) continue;
    await rmrf(file);
    removed.reports.push(hex);
  }
  removed.manifests.sort();
  removed.reports.sort();
  return removed;
}
