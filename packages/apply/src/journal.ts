// Journal files `journal/<hex>.json` (apply.md §5.6): atomic durable writes, strict reads.
// A journal is corrupt when it does not parse, fails JournalSchema, names another digest than its
// file, or records a backup other than the deterministic one (threats.md T18).
import * as path from "node:path";
import { axiomError, collectIssues, type Journal, JournalSchema, wireIssues } from "@codai/axiom-schema";
import { errnoOf, fsx } from "./fsx";
import { atomicWrite, readJsonIfExists } from "./io";
import { backupRel, layout } from "./layout";

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

export const JOURNAL_NAME = /^([0-9a-f]{64})\.json$/;

export interface JournalEntry {
  hex: string;
  file: string;
  journal?: Journal;
  corrupt?: boolean;
}

/** Every `journal/*.json` in file-name order (chain.jsonl and temp files excluded). */
export async function listJournals(root: string): Promise<JournalEntry[]> {
  let names: string[];
  try {
    names = await fsx.readdir(layout.journalDir(root));
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return [];
    throw err;
  }
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
      const got = await readJsonIfExists(file);
      if (!got.found) continue;
      out.push({ hex, file, journal: parseJournal(got.text, file, hex) });
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_JOURNAL_CORRUPT") out.push({ hex, file, corrupt: true });
      else throw err;
    }
  }
  return out;
}

export const PENDING_PHASES = new Set(["staged", "committing", "rolling-back"]);
