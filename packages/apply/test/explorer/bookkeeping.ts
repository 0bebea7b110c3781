// Which files of a crash state recovery depends on, and which are bookkeeping whose only question
// is "does it parse, or is it treated as absent without a wait or an error" (issue 23's verdict).
// Bookkeeping = the lock, queue tickets, intents and their mutex, check reports, the case probe's
// `tmp/`, and temp files of the writers outside the lock (APL-12 sweeps them). A dead holder's well-formed lock, ticket or
// intent is reclaimed at once by the staleness rules (apply.md §11.2), and an unparsable ticket or
// intent is pruned or skipped (CONC-3), so such files change nothing for recovery and two crash
// states that differ only in them are one state to run. A lock, mutex or report that does not
// parse stays in the state's fingerprint as a mark the verdict judges: a torn report is an error on
// `axiom://report/<sha>` (its reader sweep), and a torn lock or mutex must be taken at once by the
// next apply after the reboot the cut implies (SPEED-22; it cost the 10 s grace before). Any other
// harm would be a finding of its own.
import { createHash } from "node:crypto";
import { tempWriterPid } from "../../src/temp-sweep";
import type { RenderedEntry } from "./render";

/** A torn report is kept in the fingerprint; the verdict's reader sweep reports it (it survives recovery). */
const TORN_REPORT = "torn report";
/**
 * A torn lock is kept in the fingerprint and judged: its temp is not fsynced (SPEED-22), and the
 * next apply, run after the reboot a power cut implies (verdict.ts `rebootAfterCut`), must take it
 * at once — the verdict's 3 s lock wait is shorter than the 10 s grace, so only the boot rule can.
 */
const TORN_LOCK = "torn lock";
/** As a torn lock (SPEED-22); the verdict's 10 s registry wait hides a reclaim, so a regression test times it. */
export const TORN_MUTEX = "torn mutex";
const JUDGED = [TORN_REPORT, TORN_LOCK, TORN_MUTEX];

/** Whether a state's marks hold a torn lock or mutex (judged only in-process, after `rebootAfterCut`). */
export function holdsTornRecord(marks: readonly string[]): boolean {
  return marks.some((m) => m.startsWith(TORN_LOCK) || m.startsWith(TORN_MUTEX));
}

const UNLOCKED = new Set([
  ".axiom",
  ".axiom/manifests",
  ".axiom/reports",
  ".axiom/intents",
  ".axiom/queue",
  ".axiom/trust",
  ".axiom/profiles",
]);

function parent(rel: string): string {
  const i = rel.lastIndexOf("/");
  return i < 0 ? "" : rel.slice(0, i);
}

function parseObject(data: Buffer | undefined): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse((data ?? Buffer.alloc(0)).toString("utf8"));
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const validPid = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** undefined = harmless bookkeeping; a string = the harm; "exact" = recovery reads it. */
function bookkeeping(e: RenderedEntry): string | undefined | "exact" {
  const rel = e.rel;
  if (!rel.startsWith(".axiom/")) return "exact";
  const name = rel.slice(rel.lastIndexOf("/") + 1);
  if (e.kind === "file" && UNLOCKED.has(parent(rel)) && tempWriterPid(name) !== undefined) return undefined;
  if (rel === ".axiom/lock") {
    const v = parseObject(e.data);
    if (v && validPid(v.pid) && typeof v.startedAt === "string") return undefined;
    return `${TORN_LOCK} (${e.data?.length ?? 0} bytes)`;
  }
  if (rel === ".axiom/intents/.mutex") {
    const v = parseObject(e.data);
    if (v && validPid(v.pid) && typeof v.since === "string" && !Number.isNaN(Date.parse(v.since))) return undefined;
    return `${TORN_MUTEX} (${e.data?.length ?? 0} bytes)`;
  }
  if (rel === ".axiom/queue" || rel.startsWith(".axiom/queue/")) return undefined;
  if (rel === ".axiom/intents" || rel.startsWith(".axiom/intents/")) return undefined;
  if (rel === ".axiom/reports") return undefined;
  // the case probe's directory: recovery empties it unconditionally (apply.md §7), nothing reads it
  if (rel === ".axiom/tmp" || rel.startsWith(".axiom/tmp/")) return undefined;
  if (rel.startsWith(".axiom/reports/")) {
    if (parseObject(e.data)) return undefined;
    return `${TORN_REPORT} ${rel} (${e.data?.length ?? 0} bytes)`;
  }
  return "exact";
}

export interface Classified {
  /** Same fingerprint = same state for recovery (exact files byte for byte, same harms). */
  fingerprint: string;
  /** Harmful bookkeeping files that recovery cannot show (a wait it is spared by backdating), each a finding. */
  harms: string[];
  /** Every harm in the fingerprint, torn reports included. */
  fingerprintHarms: string[];
}

const EMPTY = Buffer.alloc(0);
/** Content hashes per buffer: a version's bytes are one buffer in every state that renders it. */
const shas = new WeakMap<Buffer, string>();

function shaOf(data: Buffer): string {
  let sha = shas.get(data);
  if (sha === undefined) {
    sha = createHash("sha256").update(data).digest("hex");
    shas.set(data, sha);
  }
  return sha;
}

export function classify(entries: readonly RenderedEntry[]): Classified {
  const h = createHash("sha256");
  const harms: string[] = [];
  const fingerprintHarms: string[] = [];
  const group = new Map<number, number>();
  for (const e of entries) {
    const b = bookkeeping(e);
    if (b === undefined) continue;
    if (b !== "exact") {
      if (!JUDGED.some((judged) => b.startsWith(judged))) harms.push(b);
      fingerprintHarms.push(b);
      h.update(`harm ${b}\n`);
      continue;
    }
    if (e.kind === "dir") {
      h.update(`d ${e.rel}\n`);
      continue;
    }
    if (!group.has(e.ino)) group.set(e.ino, group.size);
    const sha = shaOf(e.data ?? EMPTY);
    h.update(`f ${e.rel} ${(e.mode ?? 0).toString(8)} ${sha} ${group.get(e.ino)}\n`);
  }
  return { fingerprint: h.digest("hex"), harms, fingerprintHarms };
}
