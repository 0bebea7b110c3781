// atomicWrite (apply.md §3 "atomic durable write": `<file>.tmp-<pid>`, then rename) when one
// process stores the same file twice at once, as two MCP calls storing one bundle do.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { tempRepo } from "@codai/axiom-testkit";
import { expect, test } from "vitest";
import { atomicWrite, stageAtomicWrite } from "../src/io";

/** A real temp directory, removed when the test finishes. */
const tempDir = async () => (await tempRepo({}, { prefix: "axiom-atomic-" })).root;

test("atomic durable write: concurrent writers of one file in one process share `<file>.tmp-<pid>` → each lands whole, none fails, no temp left", async () => {
  const dir = await tempDir();
  const file = join(dir, "manifests", "m.json");
  const bodies = Array.from({ length: 12 }, (_, i) => `${String(i).repeat(64 * 1024)}\n`);
  const results = await Promise.allSettled(bodies.map((b) => atomicWrite(file, b, true)));
  expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  // Turns are taken in call order, so the last call's bytes are the file's.
  expect(await readFile(file, "utf8")).toBe(bodies[bodies.length - 1]);
  expect(await readdir(join(dir, "manifests"))).toEqual(["m.json"]);
});

test("atomic durable write: a failed turn does not block the next writer of the same file", async () => {
  const dir = await tempDir();
  const file = join(dir, "f.json");
  const blocked = join(dir, "not-a-dir");
  await atomicWrite(blocked, "x", false);
  // A parent that is a file makes this write fail; the next one to a good path is unaffected.
  await expect(atomicWrite(join(blocked, "child.json"), "y", true)).rejects.toBeTruthy();
  await Promise.all([atomicWrite(file, "a", true), atomicWrite(file, "b", true)]);
  expect(await readFile(file, "utf8")).toBe("b");
});

test("APL-20 atomic durable write into directories it creates: each created directory's parent is fsynced too (a power cut keeps the name only with its path)", async () => {
  const dir = await tempDir();
  const { fsx } = await import("../src/index");
  const { installFs } = await import("../src/testing");
  const opened = new Map<number, string>();
  const synced: string[] = [];
  const base = { open: fsx.open, fsync: fsx.fsync };
  const restore = installFs({
    open: async (p, flags, mode) => {
      const fd = await base.open(p, flags, mode);
      opened.set(fd, p);
      return fd;
    },
    fsync: async (fd) => {
      synced.push(opened.get(fd) ?? "?");
      await base.fsync(fd);
    },
  });
  try {
    await atomicWrite(join(dir, "ax", "journal", "j.json"), "{}", true);
    await atomicWrite(join(dir, "ax", "journal", "k.json"), "{}", true);
  } finally {
    restore();
  }
  const dirs = synced.filter((p) => !p.includes(".tmp-"));
  // first write: journal/ (the name), then together ax/ (journal/ in it) and the root (ax/ in it);
  // the second write: journal/ only
  expect(dirs[0]).toBe(join(dir, "ax", "journal"));
  expect(dirs.slice(1, 3).sort()).toEqual([dir, join(dir, "ax")].sort());
  expect(dirs.slice(3)).toEqual([join(dir, "ax", "journal")]);
});

test("SPEED-19 staged atomic write: the file keeps its old bytes until install; a writer of the same file waits for the stage to end", async () => {
  const dir = await tempDir();
  const file = join(dir, "applied", "m.json");
  await atomicWrite(file, "old", true);
  const staged = await stageAtomicWrite(file, "new", "data");
  expect(await readFile(file, "utf8")).toBe("old");
  expect((await readdir(join(dir, "applied"))).sort()).toEqual(["m.json", `m.json.tmp-${process.pid}`]);
  let laterLanded = false;
  const later = atomicWrite(file, "later", true).then(() => {
    laterLanded = true;
  });
  await new Promise((r) => setTimeout(r, 20));
  expect(laterLanded).toBe(false); // the stage holds the file's turn: the shared temp name is not reused
  await staged.install();
  await later;
  expect(await readFile(file, "utf8")).toBe("later");
  expect(await readdir(join(dir, "applied"))).toEqual(["m.json"]);
});

test("SPEED-19 staged atomic write: an install whose rename fails removes the temp and frees the file's turn", async () => {
  const dir = await tempDir();
  const file = join(dir, "m.json");
  const staged = await stageAtomicWrite(file, "x", "data");
  const { installFs } = await import("../src/testing");
  const { fsx } = await import("../src/index");
  const rename = fsx.rename;
  const restore = installFs({
    rename: async (a, b) => {
      if (b === file) throw Object.assign(new Error("EIO: rename"), { code: "EIO" });
      return rename(a, b);
    },
  });
  try {
    await expect(staged.install()).rejects.toMatchObject({ code: "EIO" });
  } finally {
    restore();
  }
  expect(await readdir(dir)).toEqual([]);
  await atomicWrite(file, "y", true);
  expect(await readFile(file, "utf8")).toBe("y");
});
