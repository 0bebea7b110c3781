// cli.md §7.20 `snapshot`, §7.21 `snapshot-diff`; apply.md §17 "Snapshot" lines (CLI half).
import { chmod, mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgress } from "../src/cli/snapshot-progress";
import { errorLine, runCli, type TempDir, tempDir } from "./cli-run";

let t: TempDir;
let root: string;
beforeEach(async () => {
  t = await tempDir("axiom-cli-snap-");
  root = await realpath(t.dir);
  await mkdir(path.join(root, "repo", "src"), { recursive: true });
  await writeFile(path.join(root, "repo", "src", "a.ts"), "a");
  await writeFile(path.join(root, "repo", "b.txt"), "bb");
});
afterEach(() => t.cleanup());

const repo = () => path.join(root, "repo");

describe("axiom snapshot", () => {
  it("stdout = the RepoSnapshot (2-space JSON + LF), exit 0", async () => {
    const run = await runCli(["snapshot", "--root", repo()]);
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    expect(run.stdout.startsWith('{\n  "apiVersion"')).toBe(true);
    const snap = JSON.parse(run.stdout);
    expect(snap).toMatchObject({
      kind: "RepoSnapshot",
      root: { kind: "relative" },
      body: { truncated: false, counts: { files: 2, bytes: 3 } },
    });
    expect(snap.body.files.map((f: { path: string }) => f.path)).toEqual(["b.txt", "src/a.ts"]);
  });

  it("`axiom snapshot -o s.json` → stdout {snapshotDigest, files, bytes, truncated, out}", async () => {
    const run = await runCli(["snapshot", "--root", repo(), "-o", "s.json"], { cwd: root });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(Object.keys(summary)).toEqual(["snapshotDigest", "files", "bytes", "truncated", "out"]);
    expect(summary).toMatchObject({ files: 2, bytes: 3, truncated: false, out: path.join(root, "s.json") });
    const written = await readFile(path.join(root, "s.json"), "utf8");
    expect(JSON.parse(written).snapshotDigest).toBe(summary.snapshotDigest);
    expect(written.endsWith("}\n")).toBe(true);
    expect(await readdir(root)).toEqual(["repo", "s.json"]); // atomic write left no temp file
  });

  it("`--exclude ../x` → ERR_CONTAINMENT `details.glob`, exit 2; `--max-files abc` → usage error; `--max-files 0` → ERR_INVALID_PLAN", async () => {
    const glob = await runCli(["snapshot", "--root", repo(), "--exclude", "../x"]);
    expect(glob.code).toBe(2);
    expect(errorLine(glob)).toMatchObject({ code: "ERR_CONTAINMENT", details: { glob: "../x" } });
    const abc = await runCli(["snapshot", "--root", repo(), "--max-files", "abc"]);
    expect(abc.code).toBe(2);
    expect(errorLine(abc).code).toBe("ERR_USAGE");
    const zero = await runCli(["snapshot", "--root", repo(), "--max-files", "0"]);
    expect(zero.code).toBe(2);
    expect(errorLine(zero).code).toBe("ERR_INVALID_PLAN");
  });

  it("`--max-files 99999` → behaves as 50000; `--max-files 1` truncates", async () => {
    const big = await runCli(["snapshot", "--root", repo(), "--max-files", "99999"]);
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout).body.truncated).toBe(false);
    const one = JSON.parse((await runCli(["snapshot", "--root", repo(), "--max-files", "1"])).stdout);
    expect(one.body).toMatchObject({ truncated: true, counts: { files: 1 } });
  });

  it("--include, --exclude (repeatable), --no-gitignore, --no-digest, --max-bytes", async () => {
    await writeFile(path.join(repo(), ".gitignore"), "b.txt\n");
    const paths = async (...args: string[]) =>
      JSON.parse((await runCli(["snapshot", "--root", repo(), ...args])).stdout).body.files.map(
        (f: { path: string }) => f.path,
      );
    expect(await paths()).toEqual([".gitignore", "src/a.ts"]);
    expect(await paths("--no-gitignore")).toEqual([".gitignore", "b.txt", "src/a.ts"]);
    expect(await paths("--include", "**/*.ts", "--include", "*.txt", "--no-gitignore")).toEqual(["b.txt", "src/a.ts"]);
    expect(await paths("--exclude", "src", "--exclude", ".gitignore")).toEqual([]);
    const nod = JSON.parse((await runCli(["snapshot", "--root", repo(), "--no-digest"])).stdout);
    expect(nod.body.files.every((f: Record<string, unknown>) => !("sha256" in f))).toBe(true);
    const mb = JSON.parse((await runCli(["snapshot", "--root", repo(), "--max-bytes", "0"])).stdout);
    expect(mb.body.truncated).toBe(true);
  });

  it("`snapshot` without `--root` → usage error; a root that is not a directory → ERR_ROOT_NOT_DIR", async () => {
    const none = await runCli(["snapshot"], { cwd: repo() });
    expect(none.code).toBe(2);
    expect(errorLine(none).code).toBe("ERR_USAGE");
    const file = await runCli(["snapshot", "--root", path.join(repo(), "b.txt")]);
    expect(errorLine(file).code).toBe("ERR_ROOT_NOT_DIR");
  });

  it("Snapshot call leaves `.axiom/` byte-identical (nothing is written under the root)", async () => {
    await mkdir(path.join(repo(), ".axiom"), { recursive: true });
    await writeFile(path.join(repo(), ".axiom", "lock"), "x");
    const before = (await readdir(repo(), { recursive: true })).sort();
    expect((await runCli(["snapshot", "--root", repo()])).code).toBe(0);
    expect((await readdir(repo(), { recursive: true })).sort()).toEqual(before);
    expect(await readFile(path.join(repo(), ".axiom", "lock"), "utf8")).toBe("x");
  });
});

describe("axiom snapshot-diff", () => {
  it("`snapshot-diff s.json s.json` → all lists empty, exit 0; one added, one removed, one mode change → each in its list", async () => {
    await runCli(["snapshot", "--root", repo(), "-o", "a.json"], { cwd: root });
    const same = await runCli(["snapshot-diff", "a.json", "a.json"], { cwd: root });
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual({ added: [], removed: [], changed: [] });
    await writeFile(path.join(repo(), "new.txt"), "n");
    const { rm } = await import("node:fs/promises");
    await rm(path.join(repo(), "b.txt"));
    await chmod(path.join(repo(), "src", "a.ts"), 0o755);
    await runCli(["snapshot", "--root", repo(), "-o", "b.json"], { cwd: root });
    const diff = await runCli(["snapshot-diff", "a.json", "b.json"], { cwd: root });
    expect(diff.code).toBe(0);
    const d = JSON.parse(diff.stdout);
    expect(d.added).toEqual(["new.txt"]);
    expect(d.removed).toEqual(["b.txt"]);
    expect(d.changed).toEqual([
      { path: "src/a.ts", from: expect.stringMatching(/^[0-9a-f]{64}$/), to: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it("`snapshot-diff s.json plan.json` → ERR_INVALID_MANIFEST (details.issues), exit 2; a missing file → ERR_NOT_FOUND", async () => {
    await runCli(["snapshot", "--root", repo(), "-o", "s.json"], { cwd: root });
    await writeFile(
      path.join(root, "plan.json"),
      JSON.stringify({ apiVersion: "axiom.dev/v2", kind: "Plan", name: "x" }),
    );
    const run = await runCli(["snapshot-diff", "s.json", "plan.json"], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const err = errorLine(run);
    expect(err.code).toBe("ERR_INVALID_MANIFEST");
    expect(Array.isArray((err.details as { issues: unknown }).issues)).toBe(true);
    await writeFile(path.join(root, "bad.json"), Buffer.from([0xff, 0x7b]));
    expect(errorLine(await runCli(["snapshot-diff", "s.json", "bad.json"], { cwd: root }))).toMatchObject({
      code: "ERR_INVALID_MANIFEST",
      details: { file: "bad.json", reason: "not-utf8" },
    });
    expect(errorLine(await runCli(["snapshot-diff", "s.json", "nope.json"], { cwd: root }))).toMatchObject({
      code: "ERR_NOT_FOUND",
      details: { file: "nope.json" },
    });
    expect((await runCli(["snapshot-diff", "s.json"], { cwd: root })).code).toBe(2);
  });
});

describe("snapshot progress (cli.md §9.3)", () => {
  it("TTY only: first drawn after 500 ms, redrawn at most every 100 ms, erased at the end; nothing when stderr is not a TTY", () => {
    let err = "";
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      err += String(chunk);
      return true;
    });
    try {
      let now = 0;
      const p = createProgress(() => now, true);
      p.update(1, 10);
      now = 499;
      p.update(2, 20);
      expect(err).toBe("");
      now = 500;
      p.update(3, 30);
      expect(err).toBe("\r\u001b[2Ksnapshot: 3 files, 30 B");
      now = 550;
      p.update(4, 40);
      expect(err).toBe("\r\u001b[2Ksnapshot: 3 files, 30 B");
      now = 600;
      p.update(5, 50);
      p.stop();
      expect(err).toBe("\r\u001b[2Ksnapshot: 3 files, 30 B\r\u001b[2Ksnapshot: 5 files, 50 B\r\u001b[2K");
      err = "";
      const quiet = createProgress(() => (now += 1000), false);
      quiet.update(1, 1);
      quiet.stop();
      expect(err).toBe("");
    } finally {
      spy.mockRestore();
    }
  });
});
