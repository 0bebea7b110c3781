// Journal files `journal/<hex>.json` (apply.md §5.6): atomic durable writes, strict reads.
// A journal is corrupt when it does not parse, fails JournalSchema, names another digest than its
// file, or records a backup other than the deterministic one (threats.md T18).
import * as path from "node:path";
import { axiomError, collectIssues, type Journal, JournalSchema, wireIssues } from "@codai/axiom-schema";
import {
  atomicWrite,
  type BigStats,
  backupRel,
  errnoOf,
  type FileIdentity,
  fileIdentity,
  fsx,
  HEX_JSON_NAME,
  layout,
  readdirIfExists,
  readJsonIfExists,
  sameFile,
} from "@codai/axiom-store";

export type { Journal };

export function corrupt(file: string, reason: string, issues?: unknown): Error {
  const details: Record<string, unknown> = { file };
  if (issues !== undefined) details.issues = issues;
  return axiomError("ERR_JOURNAL_CORRUPT", { message: `journal ${file} is corrupt: ${reason}`, details });
}

/** Parses and validates journal text read from `file` (whose name gives `hex`). */
export function parseJournal(text: string, file: string, hex: string): Journal {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw corrupt(file, "not JSON");
  }
  const parsed = collectIssues(JournalSchema, raw);
  if (!parsed.ok) throw corrupt(file, "schema", wireIssues(parsed.issues));
  const j = parsed.value;
  if (j.manifestDigest !== `sha256:${hex}`) throw corrupt(file, "manifestDigest differs from the file name");
  for (const step of j.steps) {
    if (step.backup !== undefined && step.backup !== backupRel(hex, step.path)) {
      throw corrupt(file, `step ${step.path} records a foreign backup path`);
    }
  }
  return j;
}

/** Reads `journal/<hex>.json`; undefined when absent; ERR_JOURNAL_CORRUPT when bad. */
export async function readJournal(root: string, hex: string): Promise<Journal | undefined> {
  const file = layout.journal(root, hex);
  const got = await readJsonIfExists(file);
  if (!got.found) return undefined;
  return parseJournal(got.text, file, hex);
}

/** The journal's atomic durable write (apply.md §3): the file and journal/ fsynced. */
export async function writeJournal(root: string, j: Journal): Promise<void> {
  const hex = j.manifestDigest.slice(7);
  await atomicWrite(layout.journal(root, hex), JSON.stringify(j), true);
}

export async function deleteJournal(root: string, hex: string): Promise<void> {
  try {
    await fsx.unlink(layout.journal(root, hex));
  } catch (err) {
    if (errnoOf(err) !== "ENOENT") throw err;
  }
}

/** A journal's file name: `<64 hex>.json`, the store's rule for digest-keyed records. */
export const JOURNAL_NAME = HEX_JSON_NAME;

export interface JournalEntry {
  hex: string;
  file: string;
  journal?: Journal;
  corrupt?: boolean;
}

/**
 * Journals in a final phase (`committed`, `rolled-back`) pile up with a root's history, and every
 * fs apply lists them all (recovery), so each one's parse (JSON + schema) is kept per process,
 * keyed by the file's identity: journals are only ever replaced by a rename, which gives a new
 * inode, and any write in place changes size, mtime or ctime (ctime cannot be set back), so a
 * changed file is always parsed again. Entries are frozen (shared between callers). A pending
 * journal is never cached: it is about to change.
 */
interface CachedJournal extends FileIdentity {
  journal: Journal;
}
const parsed = new Map<string, CachedJournal>();
const PARSED_MAX = 4096;
const FINAL_PHASES = new Set(["committed", "rolled-back"]);

function freezeJournal(j: Journal): Journal {
  for (const step of j.steps) Object.freeze(step);
  Object.freeze(j.steps);
  return Object.freeze(j);
}

/** One listed journal: the cached parse when the file is unchanged, else read and parse it. */
async function listedJournal(file: string, hex: string): Promise<Journal | undefined> {
  let st: BigStats;
  try {
    st = await fsx.lstat(file);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return undefined;
    throw err;
  }
  const hit = parsed.get(file);
  if (hit && sameFile(hit, st)) return hit.journal;
  const got = await readJsonIfExists(file);
  if (!got.found) return undefined;
  const j = parseJournal(got.text, file, hex);
  if (!FINAL_PHASES.has(j.phase) || !st.isFile()) return j;
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(file, { ...fileIdentity(st), journal: freezeJournal(j) });
  return j;
}

/** Every `journal/*.json` in file-name order (chain.jsonl and temp files excluded). */
export async function listJournals(root: string): Promise<JournalEntry[]> {
  const names = await readdirIfExists(layout.journalDir(root));
  const out: JournalEntry[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(layout.journalDir(root), name);
    const m = JOURNAL_NAME.exec(name);
    if (!m) {
      out.push({ hex: name.slice(0, -5), file, corrupt: true });
      continue;
    }
    const hex = m[1] as string;
    try {
      const journal = await listedJournal(file, hex);
      if (journal) out.push({ hex, file, journal });
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_JOURNAL_CORRUPT") out.push({ hex, file, corrupt: true });
      else throw err;
    }
  }
  return out;
}

export const PENDING_PHASES = new Set(["staged", "committing", "rolling-back"]);
