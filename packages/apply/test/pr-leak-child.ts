// Child process of pr-leak.test.ts (bundled by esbuild at test time): a real PR apply of the
// bundle in argv[2] on the git repo argv[3], which freezes just before the git call named by
// argv[4] — it prints "frozen" and blocks its thread, so the parent can SIGKILL it (or keep it
// alive) at a known point of apply.md §15:
//   worktree-add   before `git worktree add` (owner record written, no branch yet)
//   git-add        before `git add` (worktree and branch exist, engine applied in the worktree)
//   after-commit   before `git rev-parse HEAD` (the commit landed on the branch)
//   branch-delete  before 6.11's `git branch -D` (worktree already removed and pruned)
import type { ChildProcess, SpawnOptions } from "node:child_process";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { apply } from "@codai/axiom-apply";

const [bundleFile, root, point] = process.argv.slice(2) as [string, string, string];

const matches: Record<string, (args: readonly string[]) => boolean> = {
  "worktree-add": (a) => a[0] === "worktree" && a[1] === "add",
  "git-add": (a) => a[0] === "add",
  "after-commit": (a) => a[0] === "rev-parse" && a[1] === "HEAD",
  "branch-delete": (a) => a[0] === "branch" && a.includes("-D"),
};
const hit = matches[point];
if (!hit) throw new Error(`unknown freeze point ${point}`);

function freeze(): never {
  fs.writeSync(1, "frozen\n");
  // Blocks the only thread: nothing of the apply runs after this line until the parent decides.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

const spawner = (command: string, args: readonly string[], options: SpawnOptions): ChildProcess => {
  if (hit(args)) freeze();
  return spawn(command, args as string[], options);
};

const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
void apply({
  bundle,
  root,
  mode: "pr",
  confirmDigest: bundle.manifestDigest,
  lockTimeoutMs: 10_000,
  git: { spawn: spawner },
}).then((r) => {
  // Reaching here means the freeze point was never hit: the parent fails on this line.
  fs.writeSync(1, `finished ${r.status} ${r.error?.code ?? ""}\n`);
});
