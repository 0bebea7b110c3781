// Runs the built CLI on a real pseudo-terminal (util-linux `script`), so stdout is a TTY exactly
// as when a person types the command. `script -c` hands its command to a shell, so that command is
// a constant: the argv travels as JSON in the environment and a small node runner spawns the CLI
// with it (argv array, no shell), so no test input is ever parsed by a shell.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { CLI, scrubbedEnv } from "./cli-run";

const RUNNER = join(tmpdir(), `axiom-tty-runner-${process.pid}.cjs`);
writeFileSync(
  RUNNER,
  [
    'const { spawnSync } = require("node:child_process");',
    "const argv = JSON.parse(process.env.AXIOM_TTY_ARGV);",
    'const r = spawnSync(process.execPath, argv, { stdio: "inherit", shell: false });',
    "process.exitCode = r.status === null ? 1 : r.status;",
  ].join("\n"),
);

/** `script` located once on the test runner's PATH: a test may give the CLI a narrower PATH. */
const SCRIPT =
  (process.env.PATH ?? "")
    .split(delimiter)
    .map((dir) => join(dir, "script"))
    .find((file) => existsSync(file)) ?? "script";

/** The constant command `script` runs; only environment variables vary, always double-quoted. */
const COMMAND = 'exec "$AXIOM_TTY_NODE" "$AXIOM_TTY_RUNNER"';

export interface TtyRun {
  code: number | null;
  /** What the terminal showed, CRLF turned back into LF. */
  output: string;
  /** The same with every SGR colour sequence removed. */
  plain: string;
}

export function runCliTty(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<TtyRun> {
  return new Promise((resolve, reject) => {
    const env = scrubbedEnv({
      ...opts.env,
      SHELL: "/bin/sh",
      TERM: "xterm",
      AXIOM_TTY_NODE: process.execPath,
      AXIOM_TTY_RUNNER: RUNNER,
      AXIOM_TTY_ARGV: JSON.stringify([CLI, ...args]),
    });
    // -q quiet, -e return the child's exit code, -f flush; the typescript file is /dev/null.
    const child = spawn(SCRIPT, ["-qefc", COMMAND, "/dev/null"], {
      cwd: opts.cwd,
      env,
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => out.push(d));
    child.on("error", reject);
    child.on("close", (code) => {
      const output = Buffer.concat(out).toString("utf8").replace(/\r\n/g, "\n");
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the SGR sequences is the point
      resolve({ code, output, plain: output.replace(/\u001b\[[0-9;]*m/g, "") });
    });
    child.stdin.end();
  });
}
