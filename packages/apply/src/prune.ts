// Backup pruning (apply.md §5.11): keep the newest `keepBackups` sets, ranked by chain seq, then
// mtime, then name; never touch a set whose journal is still pending.
import * as path from "node:path";
import { errnoOf, fsx, layout, rmrf } from "@codai/axiom-store";
import { readChain } from "./chain";
import { JOURNAL_NAME, type Journal, PENDING_PHASES, readJournal } from "./journal";

/**
 * The backup sets whose journal is pending. Only the journals named by a backup set are read, not
 * every journal of the root's history; a corrupt or missing journal is not pending (as in
 * listJournals, which marks a corrupt journal without a phase).
 */
async function pendingSets(root: string, names: readonly string[]): Promise<Set<string>> {
  const pending = new Set<string>();
  for (const name of names) {
    if (!JOURNAL_NAME.test(`${name}.json`)) continue;
    let j: Journal | undefined;
    try {
      j = await readJournal(root, name);
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_JOURNAL_CORRUPT") continue;
      throw err;
    }
    if (j && PENDING_PHASES.has(j.phase)) pending.add(name);
  }
  return pending;
}

export async function pruneBackups(root: string, keepBackups: number): Promise<void> {
  let names: string[];
  try {
    names = await fsx.readdir(layout.backupRoot(root));
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return;
    throw err;
  }
  // Nothing can be deleted: skip the journal reads and the chain walk (both grow with history).
  if (names.length <= keepBackups) return;
  const pending = await pendingSets(root, names);
  let seqOf: Map<string, number> | undefined = new Map();
  try {
    const walk = await readChain(root);
    for (const e of walk.entries) {
      const hex = e.manifestDigest.slice(7);
      seqOf.set(hex, Math.max(seqOf.get(hex) ?? -1, e.seq));
    }
  } catch {
    seqOf = undefined;
  }
  const sets: { name: string; seq: number; mtime: number }[] = [];
  for (const name of names) {
    if (pending.has(name)) continue;
    const st = await fsx.lstat(path.join(layout.backupRoot(root), name)).catch(() => undefined);
    if (!st) continue;
    sets.push({ name, seq: seqOf ? (seqOf.get(name) ?? -1) : -1, mtime: Number(st.mtimeMs) });
  }
  sets.sort((a, b) => b.seq - a.seq || b.mtime - a.mtime || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  for (const s of sets.slice(keepBackups)) await rmrf(path.join(layout.backupRoot(root), s.name));
}
