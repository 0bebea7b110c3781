// The crash explorer's picture of one root (issue 23): inodes with every version of their bytes,
// directory entries, and the ordered log of what an operation did to them. The recorder
// (recorder.ts) builds it from the fs-seam calls of a real run; the state generator
// (crash-states.ts) reads it to decide what a power cut could have kept; the renderer
// (render.ts) turns a choice back into a tree. Inode ids are the model's own (never the disk's
// inode numbers, which the file system reuses after an unlink).

/** One content of a file inode: its bytes and permission bits after one mutating call. */
export interface Version {
  /** Log position of the call that made it (-1: the base state). */
  seq: number;
  data: Buffer;
  mode: number;
}

export interface Inode {
  id: number;
  kind: "file" | "dir";
  /** File inodes: every version in call order; versions[0] is the base or the empty created file. */
  versions: Version[];
}

/** One entry change: `dir/name` now names `ino`, or nothing (`null`: the name that named `was` goes). */
export interface EntryEffect {
  dir: number;
  name: string;
  ino: number | null;
  was?: number;
}

/**
 * A directory operation: a create, mkdir, link, unlink, rmdir or rename, persisted or lost as a
 * unit (renames are atomic). `cover` is the directory whose fsync makes it durable under strict
 * POSIX: the directory that gains the name (a rename's destination).
 */
export interface DirOp {
  seq: number;
  kind: "dir";
  what: "create" | "mkdir" | "link" | "unlink" | "rmdir" | "rename";
  /** Root-relative path(s), for labels and regression names. */
  label: string;
  effects: EntryEffect[];
  cover: number;
}

/** A write, truncate or chmod of a file inode: its `version` index is the new content. */
export interface DataOp {
  seq: number;
  kind: "data";
  ino: number;
  version: number;
  label: string;
}

/** A completed fsync: of a file (its `version` is durable) or of a directory (its entries so far are). */
export interface Barrier {
  seq: number;
  kind: "fsync";
  ino: number;
  target: "file" | "dir";
  /** File fsync: the version index that was current when it started. */
  version: number;
  label: string;
  /** Treated as never issued (ablation.ts: which crash states does this fsync rule out?). */
  ablated?: boolean;
}

export type LoggedOp = DirOp | DataOp | Barrier;

/** What one recorded operation did, on top of a base tree that is entirely durable. */
export interface OpLog {
  root: string;
  rootIno: number;
  inodes: Map<number, Inode>;
  /** Entries of every directory in the base state (deep copies are made per crash state). */
  base: Map<number, Map<string, number>>;
  ops: LoggedOp[];
  /** The pid the recorded run wrote into names and records (substituted by a dead pid on render). */
  pid: number;
}

export const BLOCK = 4096;

export function isDirOp(op: LoggedOp): op is DirOp {
  return op.kind === "dir";
}

/** Copies directory maps so a crash state can apply its kept operations without touching the log. */
export function cloneDirs(dirs: Map<number, Map<string, number>>): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const [k, v] of dirs) out.set(k, new Map(v));
  return out;
}

/** Applies one directory operation's entry changes to `dirs` (a removal of a name not there is a no-op). */
export function applyEffects(dirs: Map<number, Map<string, number>>, inodes: Map<number, Inode>, op: DirOp): void {
  for (const e of op.effects) {
    let entries = dirs.get(e.dir);
    if (!entries) {
      entries = new Map();
      dirs.set(e.dir, entries);
    }
    if (e.ino === null) {
      // a removal removes what it removed in the run, never an inode a lost earlier op left there
      if (e.was === undefined || entries.get(e.name) === e.was) entries.delete(e.name);
    } else {
      entries.set(e.name, e.ino);
      if (inodes.get(e.ino)?.kind === "dir" && !dirs.has(e.ino)) dirs.set(e.ino, new Map());
    }
  }
}
