// Shared by the init / doctor wiring tests: real temp roots with an isolated HOME, the built CLI run
// with a PATH the test controls (under `npm test`, node_modules/.bin holds an `axiom` that is this
// install, which would change what init resolves), and the command init is expected to write.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterEach } from "vitest";
import { CLI, type CliRun, runCli } from "./cli-run";

const cleanups: string[] = [];
afterEach(async () => {
  for (const d of cleanups.splice(0)) await rm(d, { recursive: true, force: true });
});

export interface Fixture {
  base: string;
  root: string;
  home: string;
  put(rel: string, text: string, inHome?: boolean): Promise<string>;
}

export async function fixture(name = "shop"): Promise<Fixture> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "axiom-wiring-")));
  cleanups.push(base);
  const root = join(base, name);
  const home = join(base, "home");
  await mkdir(root);
  await mkdir(home);
  return {
    base,
    root,
    home,
    async put(rel, text, inHome = false) {
      const f = join(inHome ? home : root, rel);
      await mkdir(dirname(f), { recursive: true });
      await writeFile(f, text);
      return f;
    },
  };
}

/** A PATH with node and the system tools but no `axiom`. */
export const PLAIN_PATH = [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter);

/** The running dist/cli.js as init resolves it (realpath). */
export const CLI_REAL = await realpath(CLI);
/** What init writes as the command when no global `axiom` is this install. */
export const NODE_ARGV = [process.execPath, CLI_REAL];

/** A bin dir whose `axiom` is this very install (what `npm install -g ./packages/mcp` leaves). */
export async function binDirWithThisAxiom(base: string): Promise<string> {
  const dir = join(base, "bin");
  await mkdir(dir, { recursive: true });
  await symlink(CLI, join(dir, "axiom"));
  return dir;
}

/** A bin dir whose `axiom` is another program (another install, same name). */
export async function binDirWithOtherAxiom(base: string): Promise<string> {
  const dir = join(base, "other-bin");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "axiom"), "#!/bin/sh\necho 2.0.0\n", { mode: 0o755 });
  return dir;
}

export interface InitJson {
  root: string;
  harnesses: string[];
  profile: string;
  route: string;
  command: { argv: string[]; how: string };
  files: { path: string; action: string; reason?: string; backup?: string }[];
  steps: { harness: string; step: string }[];
  notes: string[];
  snippets: { harness: string; path: string; text: string }[];
}

export async function init(
  f: Pick<Fixture, "root" | "home">,
  args: string[] = [],
  opts: { path?: string; verb?: string[] } = {},
): Promise<{ run: CliRun; json: InitJson }> {
  const run = await runCli([...(opts.verb ?? ["init"]), "--root", f.root, "--json", ...args], {
    env: { HOME: f.home, PATH: opts.path ?? PLAIN_PATH },
  });
  if (run.code !== 0) return { run, json: undefined as unknown as InitJson };
  return { run, json: JSON.parse(run.stdout) as InitJson };
}

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON is inspected field by field.
export const readJson = async (p: string) => JSON.parse(await readFile(p, "utf8")) as Record<string, any>;
export const actions = (j: InitJson) => j.files.map((f) => [f.path, f.action, f.reason]);
export const WF = ["$", "{workspaceFolder}"].join("");

/**
 * Whether the built gate speaks the route interface (`--harness`, `--route`, profile `route` /
 * `native`) that the gate side of issue 19 adds. Tests that run the hooks init writes need it; on a
 * branch without that side they are skipped, and say so.
 */
export const GATE_SPEAKS_ROUTE = (() => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "axiom-gate-probe-")));
  try {
    mkdirSync(join(dir, ".git"));
    mkdirSync(join(dir, ".axiom"));
    writeFileSync(join(dir, ".axiom", "gate-profile.json"), JSON.stringify({ route: "all", native: ["tmp/**"] }));
    const payload = { tool_name: "Write", tool_input: { file_path: "a.txt", content: "x" }, cwd: dir };
    const r = spawnSync(process.execPath, [CLI, "gate", "--stdin", "--harness", "claude", "--route", "protected"], {
      input: JSON.stringify(payload),
      encoding: "utf8",
      env: { PATH: PLAIN_PATH },
    });
    return r.status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
