// `gc` progress (cli.md §9.3 and its acceptance line): "`gc` on a large CAS with stderr a TTY
// (injected) and a slow walk (> 500 ms) → stderr shows a `gc: … blobs scanned` line that is erased
// before exit; with stderr not a TTY → stderr empty; stdout identical in both runs."
// The TTY and the slow walk are injected by a preload module (--import) in the real child process.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, scrubbedEnv, type TempDir, tempDir } from "./cli-run";

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir("axiom-gc-progress-");
});
afterEach(async () => {
  await tmp.cleanup();
});

// The apply fs seam runs lstat synchronously (decisions APL-11), so the slow walk slows lstatSync
// with a blocking 4 ms wait per CAS entry (and the promise form, should the walk ever use it);
// syncBuiltinESMExports makes the bundle's `import * as fs` see the patched functions.
const PRELOAD = `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
const slow = (p) => String(p).includes("/cas/sha256/");
const pause = new Int32Array(new SharedArrayBuffer(4));
const lstatSync = fs.lstatSync;
fs.lstatSync = (...args) => {
  if (slow(args[0])) Atomics.wait(pause, 0, 0, 4);
  return lstatSync.apply(fs, args);
};
const lstat = fs.promises.lstat;
fs.promises.lstat = async (...args) => {
  if (slow(args[0])) await new Promise((r) => setTimeout(r, 4));
  return lstat.apply(fs.promises, args);
};
syncBuiltinESMExports();
`;

function run(args: string[], preload?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const argv = preload ? ["--import", pathToFileURL(preload).href, CLI, ...args] : [CLI, ...args];
    const child = spawn(process.execPath, argv, {
      cwd: tmp.dir,
      env: scrubbedEnv(),
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("gc progress", () => {
  it("TTY + slow walk → a `gc: <n> blobs scanned, <m> removable` line, erased before exit; no TTY → stderr empty; stdout identical", async () => {
    const root = tmp.path("R");
    for (let i = 0; i < 250; i++) {
      const hex = i.toString(16).padStart(2, "0").repeat(32);
      const shard = join(root, ".axiom", "cas", "sha256", hex.slice(0, 2));
      mkdirSync(shard, { recursive: true });
      writeFileSync(join(shard, hex), `blob ${i}`);
    }
    const preload = await tmp.write("preload.mjs", PRELOAD);
    const tty = await run(["gc", "--root", "R", "--dry-run"], preload);
    const plain = await run(["gc", "--root", "R", "--dry-run"]);
    expect(tty.code).toBe(0);
    expect(plain.code).toBe(0);
    expect(tty.stdout).toBe(plain.stdout);
    expect(plain.stderr).toBe("");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the progress line is erased with ESC [2K on a terminal
    expect(tty.stderr).toMatch(/\r\u001b\[2Kgc: \d+ blobs scanned, \d+ removable/);
    expect(tty.stderr.endsWith("\r\u001b[2K")).toBe(true);
    expect((JSON.parse(tty.stdout) as { scanned: number }).scanned).toBe(250);
  });
});
