// `.axiom/` keeps itself out of git (issue 21, self-ignore.ts): a new `.axiom` directory gets its
// `.gitignore` (exclusive create, 0644, AXIOM_SELF_GITIGNORE's bytes); one already there is kept; a
// directory of another name gets nothing; a failure never reaches the caller.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsx } from "../src/fsx";
import { AXIOM_SELF_GITIGNORE } from "../src/layout";
import { markNewAxiomDir } from "../src/self-ignore";
import { errno, withFs } from "./seam";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "axiom-self-ignore-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("markNewAxiomDir", () => {
  it("writes `.axiom/.gitignore` with the self-ignore lines, mode 0644 (before the umask)", async () => {
    const ax = join(dir, ".axiom");
    await mkdir(ax);
    await markNewAxiomDir(ax);
    expect(await readFile(join(ax, ".gitignore"), "utf8")).toBe(AXIOM_SELF_GITIGNORE);
    expect((await stat(join(ax, ".gitignore"))).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it("a `.gitignore` already there (a person's, or another process's) is kept byte for byte", async () => {
    const ax = join(dir, ".axiom");
    await mkdir(ax);
    await writeFile(join(ax, ".gitignore"), "mine\n");
    await markNewAxiomDir(ax);
    expect(await readFile(join(ax, ".gitignore"), "utf8")).toBe("mine\n");
  });

  it("a directory named otherwise gets nothing (`.axiom-x`, `axiom`)", async () => {
    for (const name of [".axiom-x", "axiom", "journal"]) {
      await mkdir(join(dir, name));
      await markNewAxiomDir(join(dir, name));
      expect(await readdir(join(dir, name))).toEqual([]);
    }
  });

  it("a failed write is swallowed and its fd closed; a failed open is swallowed", async () => {
    const ax = join(dir, ".axiom");
    await mkdir(ax);
    const closed: number[] = [];
    const close = fsx.close;
    await withFs(
      {
        write: async () => {
          throw errno("ENOSPC", "write");
        },
        close: async (fd) => {
          closed.push(fd);
          await close(fd);
        },
      },
      () => markNewAxiomDir(ax),
    );
    expect(closed).toHaveLength(1);
    await rm(join(ax, ".gitignore"));
    await withFs(
      {
        open: async () => {
          throw errno("EACCES", "open");
        },
      },
      () => markNewAxiomDir(ax),
    );
    expect(await readdir(ax)).toEqual([]);
    // a directory that is not there: nothing thrown either
    await markNewAxiomDir(join(dir, "gone", ".axiom"));
  });
});
