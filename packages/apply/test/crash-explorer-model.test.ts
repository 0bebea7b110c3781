// The crash explorer's own machinery (issue 23), on tiny hand-made runs through the fs seam: the
// recorder's model replays to the disk, and each persistence model generates exactly the states
// it allows (a directory operation is lost only until its directory is fsynced; un-fsynced data
// comes back whole, as of its last fsync, or cut at a 4 KiB block).
import * as fs from "node:fs";
import * as path from "node:path";
import { fsx, O } from "@codai/axiom-store";
import { afterEach, describe, expect, it } from "vitest";
import { type CrashState, crashStates, timeline } from "./explorer/crash-states";
import { recordIn } from "./explorer/explore";
import type { OpLog } from "./explorer/fs-model";
import { DEAD_PID, render } from "./explorer/render";
import { removeRoot, tempRoot } from "./explorer/scenarios";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) removeRoot(r);
});

function root(): string {
  const r = tempRoot("axiom-explorer-model-");
  roots.push(r);
  return r;
}

async function writeFile(file: string, data: string | Buffer, sync: boolean): Promise<void> {
  const fd = await fsx.open(file, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o644);
  await fsx.write(fd, typeof data === "string" ? Buffer.from(data) : data);
  if (sync) await fsx.fsync(fd);
  await fsx.close(fd);
}

async function fsyncDir(dir: string): Promise<void> {
  const fd = await fsx.open(dir, O.O_RDONLY);
  await fsx.fsync(fd);
  await fsx.close(fd);
}

/** Paths (files with their text) of every state a model allows at `boundary`. */
function treesAt(log: OpLog, model: "ordered" | "strict", boundary: number): Set<string> {
  const tl = timeline(log);
  const out = new Set<string>();
  for (const st of crashStates(log, { models: [model], boundaries: [boundary] })) {
    out.add(
      render(log, tl, st)
        .map((e) => (e.kind === "dir" ? `${e.rel}/` : `${e.rel}=${e.data?.toString()}`))
        .join(" "),
    );
  }
  return out;
}

describe("crash explorer: recorder and persistence models", () => {
  it("the recorded model of a run replays to exactly the tree on disk (names, bytes, modes)", async () => {
    const r = root();
    fs.writeFileSync(path.join(r, "base.txt"), "base\n");
    const log = await recordIn(r, async () => {
      await fsx.mkdir(path.join(r, "d"));
      await writeFile(path.join(r, "d", "t.tmp"), "hello", true);
      await fsx.rename(path.join(r, "d", "t.tmp"), path.join(r, "d", "t"));
      await fsx.link(path.join(r, "d", "t"), path.join(r, "hard"));
      await fsx.unlink(path.join(r, "base.txt"));
      const fd = await fsx.open(path.join(r, "d", "t"), O.O_WRONLY | O.O_APPEND);
      await fsx.write(fd, Buffer.from(" world"));
      await fsx.fchmod(fd, 0o755);
      await fsx.close(fd);
    });
    expect(log.ops.map((o) => o.kind)).toEqual(["dir", "dir", "data", "fsync", "dir", "dir", "dir", "data", "data"]);
  });

  it("strict POSIX: a name is lost on its own until its directory is fsynced; a lost mkdir takes what was made under it", async () => {
    const r = root();
    const log = await recordIn(r, async () => {
      await fsx.mkdir(path.join(r, "d")); // #0, root never fsynced
      await writeFile(path.join(r, "d", "f"), "x", true); // #1 create, #2 write, #3 fsync
      await fsyncDir(path.join(r, "d")); // #4: covers d/f, not d itself
    });
    const end = log.ops.length;
    expect(treesAt(log, "strict", end)).toEqual(new Set(["d/ d/f=x", ""]));
    // the ordered model keeps d (an fsync commits every directory operation before it)
    expect(treesAt(log, "ordered", end)).toEqual(new Set(["d/ d/f=x"]));
    // before the directory fsync, d/f may be lost alone in the strict model
    expect(treesAt(log, "strict", 4)).toEqual(new Set(["d/ d/f=x", "d/", ""]));
  });

  it("un-fsynced data comes back whole, as of its last fsync (here: empty), or cut at a 4 KiB block", async () => {
    const r = root();
    const log = await recordIn(r, async () => {
      await writeFile(path.join(r, "big"), Buffer.alloc(10_000, 0x61), false);
      await fsyncDir(r);
    });
    const sizes = new Set<number>();
    const tl = timeline(log);
    for (const st of crashStates(log, { models: ["ordered"], boundaries: [log.ops.length] }))
      for (const e of render(log, tl, st)) if (e.rel === "big") sizes.add(e.data?.length ?? -1);
    expect([...sizes].sort((a, b) => a - b)).toEqual([0, 4096, 8192, 10_000]);
  });

  it("a rendered state names the recorded process as a dead one: temp names and lock-like records carry DEAD_PID", async () => {
    const r = root();
    fs.mkdirSync(path.join(r, ".axiom"));
    const log = await recordIn(r, async () => {
      await writeFile(path.join(r, ".axiom", `lock.tmp-${process.pid}`), JSON.stringify({ pid: process.pid }), true);
    });
    const all: CrashState = {
      model: "ordered",
      boundary: log.ops.length,
      dropped: [],
      dataDefault: "latest",
      data: [],
      label: "",
    };
    const [, lock] = render(log, timeline(log), all);
    expect(lock?.rel).toBe(`.axiom/lock.tmp-${DEAD_PID}`);
    expect(JSON.parse(lock?.data?.toString() ?? "")).toEqual({ pid: DEAD_PID });
  });
});
