// Chain history for `axiom log` and `axiom://journal/<root-id>` (apply.md §12.4, D17).

import { errnoOf, fsx, layout } from "@codai/axiom-store";
import { type ChainEntry, readChainBytes, tallyChain } from "./chain";
import { parseObject } from "./lock-fs";

export const DEFAULT_HISTORY_LIMIT = 20;
export const RESOURCE_HISTORY_LIMIT = 100;

export interface HistoryEntry extends ChainEntry {
  name?: string;
  fileList?: { path: string; op: string }[];
  journalPresent: boolean;
}

async function readJson(file: string): Promise<{ present: boolean; value?: Record<string, unknown> }> {
  try {
    const buf = await fsx.readFile(file);
    return { present: true, value: parseObject(buf.toString("utf8")) };
  } catch (err) {
    return { present: errnoOf(err) !== "ENOENT" };
  }
}

function stepList(journal: Record<string, unknown> | undefined): { path: string; op: string }[] | undefined {
  const steps = journal?.steps;
  if (!Array.isArray(steps)) return undefined;
  const out: { path: string; op: string }[] = [];
  for (const s of steps) {
    if (typeof s !== "object" || s === null) return undefined;
    const { path, op } = s as { path?: unknown; op?: unknown };
    if (typeof path !== "string" || typeof op !== "string") return undefined;
    out.push({ path, op });
  }
  return out;
}

async function joinEntry(root: string, entry: ChainEntry): Promise<HistoryEntry> {
  const hex = entry.manifestDigest.slice(7);
  const [journal, manifest, applied] = await Promise.all([
    readJson(layout.journal(root, hex)),
    readJson(layout.manifest(root, hex)),
    entry.code === undefined
      ? readJson(layout.applied(root, hex))
      : Promise.resolve<{ present: boolean; value?: Record<string, unknown> }>({ present: false }),
  ]);
  // Key order of the log document: seq … files, code?, name?, fileList?, journalPresent.
  const out: Omit<HistoryEntry, "journalPresent"> = { ...entry };
  const appliedCode = (applied.value?.error as { code?: unknown } | undefined)?.code;
  if (entry.code === undefined && typeof appliedCode === "string") out.code = appliedCode;
  const name = (manifest.value?.manifest as { name?: unknown } | undefined)?.name;
  if (typeof name === "string") out.name = name;
  const fileList = stepList(journal.value);
  if (fileList) out.fileList = fileList;
  return { ...out, journalPresent: journal.present };
}

/**
 * readHistory (apply.md §12.4): the last `limit` good entries, newest first, stopping at the first
 * bad line, each joined with its journal's file list, the manifest name and the applied code.
 */
export async function readHistory(root: string, options: { limit?: number } = {}): Promise<HistoryEntry[]> {
  const limit = options.limit ?? DEFAULT_HISTORY_LIMIT;
  if (!(limit > 0)) return [];
  // The whole walk (history stops at the first bad line) keeping only the last `limit` good entries.
  const kept: ChainEntry[] = [];
  tallyChain(await readChainBytes(root), (e) => {
    if (kept.push(e) > 2 * limit) kept.splice(0, kept.length - limit);
  });
  const newest = kept.slice(-limit).reverse();
  return Promise.all(newest.map((e) => joinEntry(root, e)));
}

/** The `axiom log --json` document and the `axiom://journal/<root-id>` content. */
export async function logDocument(
  root: string,
  limit = DEFAULT_HISTORY_LIMIT,
): Promise<{ root: string; entries: HistoryEntry[] }> {
  return { root, entries: await readHistory(root, { limit }) };
}

function pad(text: string, n: number): string {
  return text.length >= n ? text : text + " ".repeat(n - text.length);
}

const STATE_COLOUR: Record<string, string> = { committed: "32", "rolled-back": "33", failed: "31" };

/** One `axiom log` text line (cli.md §9.1); colour wraps the state word only. */
export function formatLogLine(e: HistoryEntry, colour = false): string {
  const padded = pad(e.state, 11);
  const state = colour
    ? `\u001b[${STATE_COLOUR[e.state] ?? "0"}m${e.state}\u001b[0m${padded.slice(e.state.length)}`
    : padded;
  return `#${e.seq} ${e.at} ${state} ${e.manifestDigest}${e.name ? ` ${e.name}` : ""} (${e.files} files)${e.code ? ` ${e.code}` : ""}`;
}

export function formatLogText(entries: readonly HistoryEntry[], colour = false): string {
  if (entries.length === 0) return "no entries\n";
  return `${entries.map((e) => formatLogLine(e, colour)).join("\n")}\n`;
}
