// Records what one real operation (an apply, a rollback, a recovery) does to a root, through the
// store's fs seam (threats.md §4.3): every create, write, truncate, chmod, mkdir, link, rename,
// unlink, rmdir and recursive rm, and every fsync of a file or a directory as a barrier. The run
// is real (real temp directory, real calls); the recorder keeps a model of the root beside it
// (fs-model.ts) and checks at the end that replaying everything gives the tree on disk, so an
// operation that escaped the seam would fail the recording instead of going unexplored.
// Mutating calls run synchronously inside the wrapper (node:fs *Sync), so the model sees them in
// exactly the order the disk does; fsync itself is skipped (nothing here needs the disk to be
// durable: the crash states are computed, not observed).
import * as fs from "node:fs";
import * as path from "node:path";
import type { FsPort } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { applyEffects, type DirOp, type EntryEffect, type Inode, type LoggedOp, type OpLog } from "./fs-model";

const { O_CREAT, O_TRUNC, O_APPEND } = fs.constants;

interface OpenFile {
  ino: number;
  pos: number;
  append: boolean;
}

interface Resolved {
  dir: number;
  name: string;
  ino?: number;
}

export interface Recording {
  /** Stops recording and returns the log (explore.ts checks it against the disk). */
  stop(): OpLog;
}

class Recorder {
  readonly inodes = new Map<number, Inode>();
  readonly live = new Map<number, Map<string, number>>();
  readonly ops: LoggedOp[] = [];
  readonly outside: string[] = [];
  private readonly fds = new Map<number, OpenFile>();
  private nextIno = 0;
  readonly rootIno: number;
  readonly base: Map<number, Map<string, number>>;

  constructor(readonly root: string) {
    this.rootIno = this.snapshot();
    this.base = new Map([...this.live].map(([k, v]) => [k, new Map(v)]));
  }

  /** The base tree, entirely durable; hard-link groups share one inode. */
  private snapshot(): number {
    const byDevIno = new Map<string, number>();
    const visit = (abs: string): number => {
      const st = fs.lstatSync(abs, { bigint: true });
      const key = `${st.dev}:${st.ino}`;
      const known = byDevIno.get(key);
      if (known !== undefined) return known;
      if (st.isSymbolicLink()) throw new Error(`explorer: symlinks are not modelled (${abs})`);
      const id = this.newInode(st.isDirectory() ? "dir" : "file");
      byDevIno.set(key, id);
      if (st.isDirectory()) {
        const entries = new Map<string, number>();
        this.live.set(id, entries);
        for (const name of fs.readdirSync(abs).sort()) entries.set(name, visit(path.join(abs, name)));
      } else {
        this.inode(id).versions.push({ seq: -1, data: fs.readFileSync(abs), mode: Number(st.mode & 0o7777n) });
      }
      return id;
    };
    return visit(this.root);
  }

  private newInode(kind: "file" | "dir"): number {
    const id = this.nextIno++;
    this.inodes.set(id, { id, kind, versions: [] });
    return id;
  }

  inode(id: number): Inode {
    return this.inodes.get(id) as Inode;
  }

  private rel(p: string): string {
    return path.relative(this.root, path.resolve(p)).split(path.sep).join("/");
  }

  /** The model's view of a path inside the root; undefined outside it or under a missing directory. */
  resolve(p: string): Resolved | undefined {
    const rel = path.relative(this.root, path.resolve(p));
    if (rel === "") return { dir: -1, name: "", ino: this.rootIno };
    if (rel.startsWith("..") || path.isAbsolute(rel)) return undefined;
    const parts = rel.split(path.sep);
    let dir = this.rootIno;
    for (const part of parts.slice(0, -1)) {
      const next = this.live.get(dir)?.get(part);
      if (next === undefined || this.inode(next).kind !== "dir") return undefined;
      dir = next;
    }
    const name = parts[parts.length - 1] as string;
    return { dir, name, ino: this.live.get(dir)?.get(name) };
  }

  private dirOp(what: DirOp["what"], label: string, effects: EntryEffect[], cover: number): void {
    const op: DirOp = { seq: this.ops.length, kind: "dir", what, label, effects, cover };
    this.ops.push(op);
    applyEffects(this.live, this.inodes, op);
  }

  private newVersion(ino: number, data: Buffer, mode: number, label: string): void {
    const node = this.inode(ino);
    const seq = this.ops.length;
    node.versions.push({ seq, data, mode });
    this.ops.push({ seq, kind: "data", ino, version: node.versions.length - 1, label });
  }

  private latest(ino: number) {
    const v = this.inode(ino).versions;
    return v[v.length - 1] as { data: Buffer; mode: number };
  }

  open(p: string, flags: number, mode?: number): number {
    const before = this.resolve(p);
    const fd = fs.openSync(p, flags, mode ?? 0o666);
    if (!before) {
      if (flags & O_CREAT) this.outside.push(`open ${p}`);
      return fd;
    }
    let ino = before.ino;
    if (ino === undefined && flags & O_CREAT) {
      ino = this.newInode("file");
      const st = fs.fstatSync(fd);
      this.dirOp("create", this.rel(p), [{ dir: before.dir, name: before.name, ino }], before.dir);
      this.inode(ino).versions.push({ seq: this.ops.length - 1, data: Buffer.alloc(0), mode: st.mode & 0o7777 });
    } else if (ino !== undefined && flags & O_TRUNC && this.inode(ino).kind === "file") {
      const cur = this.latest(ino);
      if (cur.data.length > 0) this.newVersion(ino, Buffer.alloc(0), cur.mode, `truncate ${this.rel(p)}`);
    }
    if (ino !== undefined) this.fds.set(fd, { ino, pos: 0, append: (flags & O_APPEND) !== 0 });
    return fd;
  }

  write(fd: number, data: Uint8Array): void {
    let off = 0;
    while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off, null);
    const f = this.fds.get(fd);
    if (!f) return;
    const cur = this.latest(f.ino);
    const pos = f.append ? cur.data.length : f.pos;
    const next = Buffer.alloc(Math.max(cur.data.length, pos + data.length));
    cur.data.copy(next);
    Buffer.from(data).copy(next, pos);
    f.pos = pos + data.length;
    this.newVersion(f.ino, next, cur.mode, `write ${this.label(f.ino)}`);
  }

  ftruncate(fd: number, len: number): void {
    fs.ftruncateSync(fd, len);
    const f = this.fds.get(fd);
    if (!f) return;
    const cur = this.latest(f.ino);
    const next = Buffer.alloc(len);
    cur.data.copy(next, 0, 0, Math.min(len, cur.data.length));
    this.newVersion(f.ino, next, cur.mode, `truncate ${this.label(f.ino)}`);
  }

  fchmod(fd: number, mode: number): void {
    fs.fchmodSync(fd, mode);
    const f = this.fds.get(fd);
    if (!f || this.inode(f.ino).kind !== "file") return;
    const cur = this.latest(f.ino);
    this.newVersion(f.ino, cur.data, mode & 0o7777, `chmod ${this.label(f.ino)}`);
  }

  fsync(fd: number): void {
    const f = this.fds.get(fd);
    if (!f) return;
    const node = this.inode(f.ino);
    const target = node.kind === "dir" ? "dir" : "file";
    const seq = this.ops.length;
    this.ops.push({
      seq,
      kind: "fsync",
      ino: f.ino,
      target,
      version: node.versions.length - 1,
      label: this.label(f.ino),
    });
  }

  close(fd: number): void {
    fs.closeSync(fd);
    this.fds.delete(fd);
  }

  rename(a: string, b: string): void {
    const sa = this.resolve(a);
    const sb = this.resolve(b);
    fs.renameSync(a, b);
    if (!sa || !sb || sa.ino === undefined) {
      this.outside.push(`rename ${a} ${b}`);
      return;
    }
    if (sa.ino === sb.ino) return; // two links to one inode: rename(2) does nothing
    const effects = [
      { dir: sa.dir, name: sa.name, ino: null, was: sa.ino },
      { dir: sb.dir, name: sb.name, ino: sa.ino },
    ];
    this.dirOp("rename", `${this.rel(a)} → ${this.rel(b)}`, effects, sb.dir);
  }

  link(a: string, b: string): void {
    const sa = this.resolve(a);
    const sb = this.resolve(b);
    fs.linkSync(a, b);
    if (!sa || !sb || sa.ino === undefined) {
      this.outside.push(`link ${a} ${b}`);
      return;
    }
    this.dirOp("link", `${this.rel(a)} ⇒ ${this.rel(b)}`, [{ dir: sb.dir, name: sb.name, ino: sa.ino }], sb.dir);
  }

  unlink(p: string, what: "unlink" | "rmdir" = "unlink"): void {
    const s = this.resolve(p);
    if (what === "unlink") fs.unlinkSync(p);
    else fs.rmdirSync(p);
    if (!s || s.ino === undefined) {
      this.outside.push(`${what} ${p}`);
      return;
    }
    this.dirOp(what, this.rel(p), [{ dir: s.dir, name: s.name, ino: null, was: s.ino }], s.dir);
  }

  mkdir(p: string): void {
    const s = this.resolve(p);
    fs.mkdirSync(p);
    if (!s) {
      this.outside.push(`mkdir ${p}`);
      return;
    }
    const ino = this.newInode("dir");
    this.live.set(ino, new Map());
    this.dirOp("mkdir", this.rel(p), [{ dir: s.dir, name: s.name, ino }], s.dir);
  }

  /** rm -rf: one unlink or rmdir per entry, deepest first (what the kernel is asked to do). */
  rm(p: string): void {
    const s = this.resolve(p);
    const steps: { dir: number; name: string; ino: number; rel: string; kind: "unlink" | "rmdir" }[] = [];
    const walk = (dir: number, name: string, ino: number, rel: string) => {
      if (this.inode(ino).kind === "dir") {
        for (const [child, cino] of [...(this.live.get(ino) ?? [])].sort()) walk(ino, child, cino, `${rel}/${child}`);
        steps.push({ dir, name, ino, rel, kind: "rmdir" });
      } else steps.push({ dir, name, ino, rel, kind: "unlink" });
    };
    if (s?.ino !== undefined) walk(s.dir, s.name, s.ino, this.rel(p));
    fs.rmSync(p, { recursive: true, force: true });
    if (!s && fs.existsSync(path.dirname(p))) this.outside.push(`rm ${p}`);
    for (const st of steps)
      this.dirOp(st.kind, st.rel, [{ dir: st.dir, name: st.name, ino: null, was: st.ino }], st.dir);
  }

  label(ino: number): string {
    for (const [dir, entries] of this.live) {
      for (const [name, id] of entries)
        if (id === ino) return dir === this.rootIno ? name : `${this.label(dir)}/${name}`;
    }
    return ino === this.rootIno ? "." : `inode ${ino}`;
  }
}

/** A root-relative listing of the disk (`path → mode:bytes-hex`), what the model must reproduce. */
export function diskListing(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    for (const name of fs.readdirSync(abs).sort()) {
      const p = path.join(abs, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(p);
      if (st.isDirectory()) {
        out.set(r, "dir");
        walk(p, r);
      } else out.set(r, `${(st.mode & 0o7777).toString(8)}:${fs.readFileSync(p).toString("hex")}`);
    }
  };
  walk(root, "");
  return out;
}

/** Starts recording every fs-seam call under `root` (a realpath). Non-mutating calls pass through. */
export function startRecording(root: string): Recording {
  const r = new Recorder(root);
  const run =
    <A extends unknown[], T>(fn: (...a: A) => T) =>
    async (...a: A): Promise<T> =>
      fn(...a);
  const overrides: Partial<FsPort> = {
    open: run((p: string, flags: number, mode?: number) => r.open(p, flags, mode)),
    write: run((fd: number, data: Uint8Array) => r.write(fd, data)),
    ftruncate: run((fd: number, len: number) => r.ftruncate(fd, len)),
    fchmod: run((fd: number, mode: number) => r.fchmod(fd, mode)),
    fchown: run((fd: number, uid: number, gid: number) => fs.fchownSync(fd, uid, gid)),
    fsync: run((fd: number) => r.fsync(fd)),
    close: run((fd: number) => r.close(fd)),
    rename: run((a: string, b: string) => r.rename(a, b)),
    link: run((a: string, b: string) => r.link(a, b)),
    unlink: run((p: string) => r.unlink(p)),
    rmdir: run((p: string) => r.unlink(p, "rmdir")),
    mkdir: run((p: string) => r.mkdir(p)),
    rm: run((p: string) => r.rm(p)),
  };
  const restore = installFs(overrides);
  return {
    stop() {
      restore();
      if (r.outside.length) throw new Error(`explorer: mutating calls outside the root: ${r.outside.join("; ")}`);
      const log: OpLog = { root, rootIno: r.rootIno, inodes: r.inodes, base: r.base, ops: r.ops, pid: process.pid };
      return log;
    },
  };
}
