// Turns a crash state (crash-states.ts) into the tree a reboot would find: the base entries plus
// every kept directory operation, in log order, and for each reachable file the version its data
// pick names. The recorded run's pid, written into temp names and lock, ticket, intent and journal
// records, becomes a dead one: after a power cut no process of the recorded run is alive, and the
// recovery runs in this very process, whose pid would otherwise look like a live holder.
import * as fs from "node:fs";
import * as path from "node:path";
import type { CrashState, DataPick, Timeline } from "./crash-states";
import { durableIndex, latestIndex } from "./crash-states";
import { applyEffects, cloneDirs, type DirOp, type Inode, isDirOp, type OpLog } from "./fs-model";

/** Above Linux's pid_max (2^22): kill(pid, 0) always answers ESRCH. */
export const DEAD_PID = 4_194_305;

export interface RenderedEntry {
  /** Root-relative POSIX path. */
  rel: string;
  kind: "file" | "dir";
  ino: number;
  data?: Buffer;
  mode?: number;
}

function pickData(node: Inode, tl: Timeline, boundary: number, pick: DataPick): { data: Buffer; mode: number } {
  const l = node.versions[latestIndex(node, boundary)] as { data: Buffer; mode: number };
  if (pick === "latest") return l;
  if (pick === "durable") return node.versions[durableIndex(tl, node.id, boundary)] as { data: Buffer; mode: number };
  return { data: l.data.subarray(0, pick.cut), mode: l.mode };
}

/** `<x>.tmp-<pid>`, `<id>-<pid>.ticket…`: the recorded pid in a name becomes DEAD_PID. */
export function deadName(name: string, pid: number): string {
  return name.replace(`.tmp-${pid}`, `.tmp-${DEAD_PID}`).replace(`-${pid}.ticket`, `-${DEAD_PID}.ticket`);
}

/** Substituted records, per version buffer (a version is rendered in thousands of states). */
const deadRecords = new WeakMap<Buffer, { pid: number; out: Buffer }>();

/** A `.axiom/` JSON record whose `pid` is the recorded one gets DEAD_PID (key order kept). */
function deadRecord(rel: string, data: Buffer, pid: number): Buffer {
  if (!rel.startsWith(".axiom/") || data.length === 0 || data.length > 65_536 || data[0] !== 0x7b) return data;
  const known = deadRecords.get(data);
  if (known?.pid === pid) return known.out;
  let out = data;
  try {
    const v = JSON.parse(data.toString("utf8")) as Record<string, unknown>;
    if (v && typeof v === "object" && v.pid === pid) out = Buffer.from(JSON.stringify({ ...v, pid: DEAD_PID }));
  } catch {
    // torn or not JSON: left as the cut left it
  }
  deadRecords.set(data, { pid, out });
  return out;
}

/** The names of a crash state: every entry the kept directory operations leave, shallowest first. */
export interface TreeEntry {
  rel: string;
  kind: "file" | "dir";
  ino: number;
}

/** The entries (no data yet) after the kept directory operations of `state`, sorted by path. */
export function renderTree(log: OpLog, state: Pick<CrashState, "boundary" | "dropped">): TreeEntry[] {
  const dropped = new Set(state.dropped);
  const dirs = cloneDirs(log.base);
  for (const op of log.ops) {
    if (op.seq >= state.boundary) break;
    if (isDirOp(op) && !dropped.has(op.seq)) applyEffects(dirs, log.inodes, op as DirOp);
  }
  const out: TreeEntry[] = [];
  const seen = new Set<number>();
  const walk = (dirIno: number, rel: string) => {
    if (seen.has(dirIno)) return; // a directory reachable twice (never made by AXIOM) is walked once
    seen.add(dirIno);
    for (const [name, ino] of [...(dirs.get(dirIno) ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const r = rel ? `${rel}/${deadName(name, log.pid)}` : deadName(name, log.pid);
      const kind = (log.inodes.get(ino) as Inode).kind;
      out.push({ rel: r, kind, ino });
      if (kind === "dir") walk(ino, r);
    }
  };
  walk(log.rootIno, "");
  return out;
}

/** The bytes of every file of `tree` under the data picks of `state`. */
export function fillData(log: OpLog, tl: Timeline, tree: readonly TreeEntry[], state: CrashState): RenderedEntry[] {
  const picks = new Map(state.data);
  return tree.map((e) => {
    if (e.kind === "dir") return e;
    const node = log.inodes.get(e.ino) as Inode;
    const { data, mode } = pickData(node, tl, state.boundary, picks.get(e.ino) ?? state.dataDefault);
    return { ...e, data: deadRecord(e.rel, data, log.pid), mode };
  });
}

/** The tree of one crash state, shallowest first (sorted by path). */
export function render(log: OpLog, tl: Timeline, state: CrashState): RenderedEntry[] {
  return fillData(log, tl, renderTree(log, state), state);
}

/** Writes a rendered tree into the empty directory `root`, hard-link groups as hard links. */
export function materialise(entries: readonly RenderedEntry[], root: string): void {
  const first = new Map<number, string>();
  for (const e of entries) {
    const p = path.join(root, ...e.rel.split("/"));
    if (e.kind === "dir") {
      fs.mkdirSync(p);
      continue;
    }
    const linked = first.get(e.ino);
    if (linked) {
      fs.linkSync(linked, p);
      continue;
    }
    fs.writeFileSync(p, e.data as Buffer);
    fs.chmodSync(p, e.mode as number);
    first.set(e.ino, p);
  }
}
