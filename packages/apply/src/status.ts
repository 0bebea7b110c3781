// The status document (apply.md §13): read-only — never takes the lock, never writes, never
// recovers. The lock, journal and chain collectors run in parallel.
import { type ChainBadReason, type ChainEntry, missingJournals, readChain } from "./chain";
import { GENESIS } from "./chain-walk";
import { listJournals, PENDING_PHASES } from "./journal";
import { type LockStatus, lockStatus } from "./lock";

export interface InterruptedJournal {
  manifestDigest: string;
  phase: "staged" | "committing" | "rolling-back";
  startedAt: string;
  pid: number;
  files: number;
  done: number;
}

export interface ChainSummary {
  ok: boolean;
  entries: number;
  head: string;
  firstBad?: { seq: number; reason: ChainBadReason };
  missingJournals: number;
}

export interface StatusDocument {
  root: string;
  lock: LockStatus;
  interrupted: InterruptedJournal[];
  corrupt: string[];
  lastApplied?: ChainEntry;
  chain: ChainSummary;
}

/**
 * Every `journal/*.json` through the engine's own reader (so "corrupt" means what recovery means:
 * unparseable, schema-invalid, foreign digest or backup path): the interrupted and the corrupt ones.
 */
export async function collectJournals(root: string): Promise<{ interrupted: InterruptedJournal[]; corrupt: string[] }> {
  const interrupted: InterruptedJournal[] = [];
  const corrupt: string[] = [];
  for (const entry of await listJournals(root)) {
    if (entry.corrupt || !entry.journal) {
      corrupt.push(entry.file);
      continue;
    }
    const j = entry.journal;
    if (!PENDING_PHASES.has(j.phase)) continue;
    interrupted.push({
      manifestDigest: j.manifestDigest,
      phase: j.phase as InterruptedJournal["phase"],
      startedAt: j.startedAt,
      pid: j.pid,
      files: j.steps.length,
      done: j.steps.filter((s) => s.done).length,
    });
  }
  interrupted.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  return { interrupted, corrupt };
}

async function collectChain(root: string): Promise<{ chain: ChainSummary; lastApplied?: ChainEntry }> {
  try {
    const walk = await readChain(root);
    const chain: ChainSummary = {
      ok: walk.firstBad === undefined,
      entries: walk.entries.length,
      head: walk.head,
      missingJournals: 0,
    };
    if (walk.firstBad) chain.firstBad = walk.firstBad;
    chain.missingJournals = (await missingJournals(root, walk.entries)).length;
    const lastApplied = [...walk.entries].reverse().find((e) => e.state === "committed");
    return lastApplied ? { chain, lastApplied } : { chain };
  } catch {
    // An unreadable chain is reported as broken at its first line, never as a status failure.
    return {
      chain: { ok: false, entries: 0, head: GENESIS, firstBad: { seq: 1, reason: "parse" }, missingJournals: 0 },
    };
  }
}

/** statusDocument(rootReal): the `axiom status --json` / `axiom_status` document. */
export async function statusDocument(root: string): Promise<StatusDocument> {
  const [lock, journals, chain] = await Promise.all([lockStatus(root), collectJournals(root), collectChain(root)]);
  // Key order of §13: root, lock, interrupted, corrupt, lastApplied?, chain.
  const doc = { root, lock, interrupted: journals.interrupted, corrupt: journals.corrupt } as StatusDocument;
  if (chain.lastApplied) doc.lastApplied = chain.lastApplied;
  doc.chain = chain.chain;
  return doc;
}

/** The MCP text summary of `axiom_status` (apply.md §13). */
export function statusSummary(doc: StatusDocument): {
  root: string;
  held: boolean;
  holder: LockStatus["holder"] | null;
  queue: number;
  intents: number;
  interrupted: number;
  lastApplied: string | null;
  chainOk: boolean;
} {
  return {
    root: doc.root,
    held: doc.lock.held,
    holder: doc.lock.holder ?? null,
    queue: doc.lock.queue.length,
    intents: doc.lock.intents.length,
    interrupted: doc.interrupted.length,
    lastApplied: doc.lastApplied?.manifestDigest ?? null,
    chainOk: doc.chain.ok,
  };
}

/** The `axiom://lock` resource: `{roots: [{root, held, holder?, queue, intents}]}`, sorted by root; read-only. */
export async function lockOverview(roots: Iterable<string>): Promise<{ roots: ({ root: string } & LockStatus)[] }> {
  const sorted = [...roots].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out = await Promise.all(sorted.map(async (root) => ({ root, ...(await lockStatus(root)) })));
  return { roots: out };
}
