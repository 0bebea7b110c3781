// Test helpers for PR mode: real temporary git repositories (git init, local user config, commits).
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { GitSpawner } from "../src/pr/git";
import { tmpRoot, writeTree } from "./engine-helpers";

export const gitEnvForTests = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: "/nonexistent-axiom-home",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

export function git(cwd: string, args: string[], input?: string): string {
  return execFileSync("git", args, { cwd, env: gitEnvForTests, input, encoding: "utf8", stdio: "pipe" });
}

/** A realpath'd git repo at R with one commit of `files`. */
export function gitRepo(files: Record<string, string> = { "README.md": "hello\n" }): {
  root: string;
  parent: string;
  out: string;
} {
  const t = tmpRoot();
  git(t.root, ["init", "--quiet", "-b", "main"]);
  git(t.root, ["config", "user.name", "Axiom Test"]);
  git(t.root, ["config", "user.email", "axiom@example.invalid"]);
  git(t.root, ["config", "commit.gpgsign", "false"]);
  writeTree(t.root, files);
  fs.writeFileSync(path.join(t.root, ".gitignore"), ".axiom/\n");
  git(t.root, ["add", "-A"]);
  git(t.root, ["commit", "--quiet", "-m", "initial"]);
  return t;
}

export function hook(root: string, name: string, body: string): void {
  const p = path.join(root, ".git", "hooks", name);
  fs.writeFileSync(p, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(p, 0o755);
}

/** Every regular file outside .git/ and .axiom/ with its bytes (hex) and mode. */
export function treeBytes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      if (rel === "" && (name === ".git" || name === ".axiom")) continue;
      const p = path.join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(p);
      if (st.isDirectory()) walk(p, r);
      else out[r] = `${fs.readFileSync(p).toString("hex")}:${(st.mode & 0o777).toString(8)}`;
    }
  };
  walk(root, "");
  return out;
}

export interface Recorded {
  command: string;
  args: string[];
  shell: unknown;
  cwd: unknown;
  env: Record<string, string>;
}

/** Wraps the real spawn and records the exact argv of every git process. */
export function recordingSpawner(): { spawn: GitSpawner; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const rec: GitSpawner = (command: string, args: readonly string[], options: SpawnOptions): ChildProcess => {
    calls.push({
      command,
      args: [...args],
      shell: options.shell,
      cwd: options.cwd,
      env: { ...(options.env as Record<string, string>) },
    });
    return spawn(command, args as string[], options);
  };
  return { spawn: rec, calls };
}
