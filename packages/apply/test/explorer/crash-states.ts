// The crash states a persistence model allows at each operation boundary of a recorded run
// (issue 23). A power cut after the first `boundary` logged operations keeps some of them:
//
// - "ordered" (ext4 data=ordered, XFS): directory operations persist in log order, and any fsync
//   commits every one before it (one journal for the whole file system), so the cut keeps a
//   prefix of the directory operations since the last fsync. Un-fsynced file data may be lost
//   (back to the last fsynced version) or cut at a 4 KiB block boundary.
// - "strict" (POSIX): a directory operation is durable only once the directory that gains the
//   name is fsynced after it; every other one may be lost on its own (a rename as a unit: renames
//   are atomic). A lost mkdir makes what was created under it unreachable. File data as above.
//
// Which subsets are generated follows ALICE (OSDI'14: prefixes, one operation omitted, block-
// aligned partial writes) and LazyFS's "lose every unsynced write": for a few pending operations
// (≤ EXHAUSTIVE_UP_TO) every subset; beyond that all kept, all lost, each one lost alone and each
// one kept alone. Data choices: all latest, all at their last fsync, and each pending file's other
// versions (durable, block cuts) alone against either background.
import { BLOCK, type DirOp, type Inode, isDirOp, type LoggedOp, type OpLog } from "./fs-model";

export type Model = "ordered" | "strict";
export const MODELS: readonly Model[] = ["ordered", "strict"];

/** A file's bytes in a crash state: the latest write, the last fsynced version, or the latest cut short. */
export type DataPick = "latest" | "durable" | { cut: number };

export interface CrashState {
  model: Model;
  /** Operations with `seq < boundary` happened before the cut. */
  boundary: number;
  /** Directory operations (seqs) that happened but did not persist. */
  dropped: readonly number[];
  /** The pick of every file not in `data`. */
  dataDefault: "latest" | "durable";
  data: readonly (readonly [number, DataPick])[];
  label: string;
}

export const EXHAUSTIVE_UP_TO = 5;
const MAX_CUTS = 3;

/** Index of the version a file has just before `boundary`. */
export function latestIndex(node: Inode, boundary: number): number {
  let i = node.versions.length - 1;
  while (i > 0 && (node.versions[i] as { seq: number }).seq >= boundary) i--;
  return i;
}

export interface Timeline {
  /** Per inode, its file fsyncs: [seq, version index]. */
  syncs: Map<number, [number, number][]>;
}

export function timeline(log: OpLog): Timeline {
  const syncs = new Map<number, [number, number][]>();
  for (const op of log.ops) {
    if (op.kind !== "fsync" || op.target !== "file" || op.ablated) continue;
    const list = syncs.get(op.ino) ?? [];
    list.push([op.seq, op.version]);
    syncs.set(op.ino, list);
  }
  return { syncs };
}

/** Index of the version made durable by the last fsync of the file before `boundary` (0: base / empty). */
export function durableIndex(tl: Timeline, ino: number, boundary: number): number {
  const list = tl.syncs.get(ino) ?? [];
  let out = 0;
  for (const [seq, v] of list) if (seq < boundary) out = v;
  return out;
}

/** The other versions a pending file may have after the cut, against a `latest` background. */
function alternatives(log: OpLog, tl: Timeline, ino: number, boundary: number): DataPick[] {
  const node = log.inodes.get(ino) as Inode;
  const l = latestIndex(node, boundary);
  const d = durableIndex(tl, ino, boundary);
  if (l === d) return [];
  const ld = (node.versions[l] as { data: Buffer }).data;
  const dd = (node.versions[d] as { data: Buffer }).data;
  // an append keeps its durable prefix; anything else may be cut anywhere from the start
  const from = ld.length >= dd.length && ld.subarray(0, dd.length).equals(dd) ? dd.length : 0;
  const cuts: number[] = [];
  for (let k = Math.floor(from / BLOCK) + 1; k * BLOCK < ld.length; k++) cuts.push(k * BLOCK);
  const picked = cuts.length <= MAX_CUTS ? cuts : [cuts[0], cuts[cuts.length >> 1], cuts[cuts.length - 1]].map(Number);
  return ["durable", ...picked.map((cut) => ({ cut }))];
}

interface DirChoice {
  dropped: number[];
  tag: string;
}

function subsets(ops: DirOp[]): DirChoice[] {
  const out: DirChoice[] = [];
  for (let mask = 0; mask < 1 << ops.length; mask++) {
    const lost = ops.filter((_, i) => mask & (1 << i));
    out.push({
      dropped: lost.map((o) => o.seq),
      tag: lost.length ? `lost ${lost.map(opName).join(", ")}` : "all kept",
    });
  }
  return out;
}

function bounded(ops: DirOp[]): DirChoice[] {
  const all = ops.map((o) => o.seq);
  return [
    { dropped: [], tag: "all kept" },
    { dropped: all, tag: "all pending lost" },
    ...ops.map((o) => ({ dropped: [o.seq], tag: `lost ${opName(o)}` })),
    ...ops.map((o) => ({ dropped: all.filter((s) => s !== o.seq), tag: `only ${opName(o)} kept` })),
  ];
}

export function opName(o: DirOp): string {
  return `${o.what} ${o.label}`;
}

/** How a logged operation reads in a state's label (and a regression test's name). */
export function opLabel(o: LoggedOp): string {
  return isDirOp(o) ? opName(o) : `${o.kind} ${o.label}`;
}

/** The directory-operation choices of one model at one boundary. */
function dirChoices(model: Model, pending: DirOp[]): DirChoice[] {
  if (model === "ordered") {
    return pending.map((_, k) => ({
      dropped: pending.slice(k).map((o) => o.seq),
      tag: k === 0 ? "all pending lost" : `kept up to ${opName(pending[k - 1] as DirOp)}`,
    }));
  }
  return pending.length <= EXHAUSTIVE_UP_TO ? subsets(pending) : bounded(pending);
}

export interface GenerateOptions {
  models?: readonly Model[];
  /** Only these boundaries (the 50-file set samples them); default every one, 0..ops.length. */
  boundaries?: readonly number[];
}

/**
 * Every crash state of every model at every boundary, lazily (the caller deduplicates by the
 * rendered tree). The boundary after the last operation is the run's end: what a power cut right
 * after the operation returned may still lose.
 */
export function* crashStates(log: OpLog, opts: GenerateOptions = {}): Generator<CrashState> {
  const tl = timeline(log);
  const models = opts.models ?? MODELS;
  const wanted = opts.boundaries ? new Set(opts.boundaries) : undefined;
  let orderedPending: DirOp[] = [];
  let uncovered: DirOp[] = [];
  const dataTouched = new Set<number>();
  for (let b = 0; b <= log.ops.length; b++) {
    const op = log.ops[b - 1];
    if (op !== undefined) {
      if (isDirOp(op)) {
        orderedPending.push(op);
        uncovered.push(op);
      } else if (op.kind === "data") dataTouched.add(op.ino);
      else if (!op.ablated) {
        orderedPending = [];
        if (op.target === "dir") uncovered = uncovered.filter((o) => o.cover !== op.ino);
      }
    }
    if (wanted && !wanted.has(b)) continue;
    const last = log.ops[b - 1];
    const after = last === undefined ? "start" : `after #${b - 1} ${opLabel(last)}`;
    const alts: [number, DataPick[]][] = [];
    for (const ino of dataTouched) {
      const a = alternatives(log, tl, ino, b);
      if (a.length) alts.push([ino, a]);
    }
    for (const model of models) {
      const pending = model === "ordered" ? orderedPending : uncovered;
      const choices = dirChoices(model, pending);
      if (model === "ordered") choices.push({ dropped: [], tag: "all kept" });
      for (const [ci, c] of choices.entries()) {
        const base = `${model} @${b} (${after}): ${c.tag}`;
        yield {
          model,
          boundary: b,
          dropped: c.dropped,
          dataDefault: "latest",
          data: [],
          label: `${base}; data latest`,
        };
        if (alts.length === 0) continue;
        yield {
          model,
          boundary: b,
          dropped: c.dropped,
          dataDefault: "durable",
          data: [],
          label: `${base}; unsynced data lost`,
        };
        // one file at a time against each background, for the extreme directory choices only
        const extreme = ci === 0 || c.dropped.length === 0 || c.dropped.length === pending.length;
        if (!extreme) continue;
        for (const [ino, picks] of alts) {
          for (const pick of picks) {
            const name = typeof pick === "string" ? pick : `cut at ${pick.cut}`;
            yield {
              model,
              boundary: b,
              dropped: c.dropped,
              dataDefault: "latest",
              data: [[ino, pick]],
              label: `${base}; inode ${ino} ${name}`,
            };
          }
          yield {
            model,
            boundary: b,
            dropped: c.dropped,
            dataDefault: "durable",
            data: [[ino, "latest"]],
            label: `${base}; only inode ${ino} written`,
          };
        }
      }
    }
  }
}
