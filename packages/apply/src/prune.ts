// Backup pruning (apply.md §5.11): keep the newest `keepBackups` sets, ranked by chain seq, then
// mtime, then name; never touch a set whose journal is still pending.
import * as path from "node:path";
import { readChain } from "./chain";
import { errnoOf, fsx } from "./fsx";
import { rmrf } from "./io";
import { listJournals, PENDING_PHASES } from "./journal";
import { layout } from "./layout";

export async function pruneBackups(root: string, keepBackups: number): Promise<void> {
  let names: string[];
  try {
    names = await fsx.readdir(layout.backupRoot(root));
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return;
    throw err;
  }
  const pending = new Set(
    (await listJournals(root)).filter((e) => e.journal && PENDING_PHASES.has(e.journal.phase)).map((e) => e.hex),
  );
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
