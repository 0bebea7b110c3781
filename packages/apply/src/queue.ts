// The FIFO queue of lock waiters: one ticket file per waiter (apply.md §3, §11.1, §11.2).
import * as path from "node:path";
import { layout, readdirIfExists } from "@codai/axiom-store";
import { atomicWrite, deleteWithRetry, mkdirp, parseObject, randomHex, readSmall } from "./lock-fs";
import { isValidPid, recordIsStale, thisHost } from "./lock-stale";

/** Only names matching this are tickets; anything else in `queue/` is ignored. */
export const TICKET_NAME_RE = /^\d{21}[0-9a-f]{6}-\d+\.ticket$/;

let counter = 0;

/**
 * The ticket id scheme, also used for intent `seq`: epoch ms zero-padded to 15 digits + a
 * per-process counter mod 10⁶ zero-padded to 6 digits + 6 random hex. Plain string order = FIFO.
 */
export function newSequenceId(now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  return `${String(now).padStart(15, "0")}${String(counter).padStart(6, "0")}${randomHex(3)}`;
}

/**
 * Tickets this process is waiting on. A ticket file carrying this process's pid and host that is
 * not in this set is an orphan (its removal failed with a non-retryable error): a live pid would
 * otherwise keep it "fresh" for an hour and block every later apply in this process (the MCP server).
 */
const myLiveTickets = new Set<string>();

function isMyOrphan(name: string, ticket: TicketRecord): boolean {
  return ticket.pid === process.pid && ticket.hostname === thisHost() && !myLiveTickets.has(name);
}

export interface TicketRecord {
  pid: number;
  hostname: string;
  since: string;
  manifestDigest: string;
}

export interface LiveTicket extends TicketRecord {
  name: string;
}

/** A fresh ticket file name of this process (§3): later calls sort after earlier ones. */
export function newTicketName(): string {
  return `${newSequenceId()}-${process.pid}.ticket`;
}

/**
 * Writes my ticket (as `.<name>.<8hex>.tmp`, then renamed); returns its file name. The name can be
 * drawn beforehand (`newTicketName`) so the waiter is known in this process before its file lands.
 */
export async function writeTicket(root: string, manifestDigest: string, name = newTicketName()): Promise<string> {
  const dir = layout.queue(root);
  await mkdirp(dir);
  const record: TicketRecord = {
    pid: process.pid,
    hostname: thisHost(),
    since: new Date().toISOString(),
    manifestDigest,
  };
  myLiveTickets.add(name);
  try {
    await atomicWrite(path.join(dir, name), path.join(dir, `.${name}.${randomHex(4)}.tmp`), JSON.stringify(record));
  } catch (err) {
    myLiveTickets.delete(name);
    throw err;
  }
  return name;
}

export async function removeTicket(root: string, name: string): Promise<void> {
  // Forget it first: should the delete fail, the file left behind is an orphan, pruned on sight.
  myLiveTickets.delete(name);
  await deleteWithRetry(path.join(layout.queue(root), name));
}

function parseTicket(text: string): TicketRecord | undefined {
  const v = parseObject(text);
  if (!v || !isValidPid(v.pid)) return undefined;
  return {
    pid: v.pid,
    hostname: typeof v.hostname === "string" ? v.hostname : "",
    since: typeof v.since === "string" ? v.since : "",
    manifestDigest: typeof v.manifestDigest === "string" ? v.manifestDigest : "",
  };
}

export interface TicketScan {
  /** Delete stale (§11.2) or corrupt tickets met on the way. */
  prune: boolean;
  /** Only names sorting strictly before this one are read (the rest of the queue is not looked at). */
  before?: string;
  /** Names not read at all: the caller already knows them (this process's own waiters). */
  skip?: ReadonlySet<string>;
}

/**
 * Live tickets sorted by name, among the names `scan` selects. A ticket that cannot be read
 * (ENOENT/EPERM/EACCES/EBUSY, or any other read error) is skipped, never pruned.
 */
export async function scanTickets(root: string, scan: TicketScan): Promise<LiveTicket[]> {
  const names = await readdirIfExists(layout.queue(root));
  const live: LiveTicket[] = [];
  for (const name of names.filter((n) => TICKET_NAME_RE.test(n)).sort()) {
    if (scan.before !== undefined && name >= scan.before) break;
    if (scan.skip?.has(name)) continue;
    const file = path.join(layout.queue(root), name);
    const read = await readSmall(file);
    if (read.kind !== "ok") continue;
    const ticket = parseTicket(read.text);
    if (!ticket || recordIsStale(ticket.pid, ticket.hostname, ticket.since) || isMyOrphan(name, ticket)) {
      if (scan.prune) await deleteWithRetry(file).catch(() => undefined);
      continue;
    }
    live.push({ name, ...ticket });
  }
  return live;
}

/**
 * The whole queue, live tickets sorted by name; with `prune`, stale or corrupt ones are deleted.
 * `lockStatus` lists without pruning (read-only).
 */
export function listTickets(root: string, prune: boolean): Promise<LiveTicket[]> {
  return scanTickets(root, { prune });
}
