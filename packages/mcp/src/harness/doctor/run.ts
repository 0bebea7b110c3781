// `axiom doctor` (hooks-doctor.md §4, issue 19): the checks of §4.2 in emission order, plus what init
// now wires — each hook and server entry run as written, the profile in force, the one-time human
// steps. Read-only; the only side effects are the child processes it spawns. Every dependency on the
// machine is injectable.
import { realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import * as path from "node:path";
import { auditElicitationHooks } from "../elicit-audit";
import { type BinLocator, binCheck, locateOnPath, readBinVersion, type VersionReader } from "./bin";
import { type HookRunner, hookChecks, spawnHookRunner } from "./hooks";
import { type GateProbe, latencyCheck } from "./latency";
import { type ServerProbe, spawnServerProbe } from "./server-probe";
import { serverChecks } from "./servers";
import { scrubbedEnv } from "./spawn";
import { gateProfileCheck, gitignoreCheck, lockJournalChainChecks, profileChecks, repoProfileNames } from "./state";
import { trustChecks } from "./trust";
import type { DoctorCheck } from "./types";

export interface DoctorOptions {
  version: string;
  home?: string;
  /** The environment doctor reads PATH, CODEX_HOME and COPILOT_HOME from (default process.env). */
  env?: NodeJS.ProcessEnv;
  locateBin?: BinLocator;
  readVersion?: VersionReader;
  /** Undefined when the CLI entry cannot be determined. */
  probe?: GateProbe;
  serverProbe?: ServerProbe;
  hookRunner?: HookRunner;
  /** The running CLI script, for install hints. */
  entry?: string;
}

export interface DoctorReport {
  root: string;
  ok: boolean;
  checks: DoctorCheck[];
}

async function canonicalDir(p: string): Promise<string | undefined> {
  try {
    const real = await realpath(p);
    return (await stat(real)).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

export async function runDoctor(rootArg: string, opts: DoctorOptions): Promise<DoctorReport> {
  const resolved = path.resolve(rootArg);
  const root = await canonicalDir(resolved);
  if (root === undefined) {
    const checks: DoctorCheck[] = [
      { id: "root", status: "fail", message: `${resolved} is not a directory`, hint: "pass --root <dir>" },
    ];
    return { root: resolved, ok: false, checks };
  }
  const env = opts.env ?? process.env;
  const home = opts.home ?? homedir();
  // Children see a clean environment: what a harness started from a plain shell passes them.
  const childEnv = { ...scrubbedEnv(env), HOME: home };
  const checks: DoctorCheck[] = [{ id: "root", status: "ok", message: root }];
  checks.push(
    await binCheck(opts.version, opts.locateBin ?? locateOnPath, opts.readVersion ?? readBinVersion, opts.entry),
  );
  const hooks = await hookChecks(root, childEnv, opts.hookRunner ?? spawnHookRunner(childEnv));
  checks.push(...hooks.checks);
  checks.push(...(await auditElicitationHooks(root, home)));
  const servers = await serverChecks(
    root,
    await repoProfileNames(root),
    opts.serverProbe ?? spawnServerProbe(childEnv),
  );
  checks.push(...servers.checks);
  checks.push(
    ...(await trustChecks({ root, home, env, ...(hooks.codex !== undefined ? { codexHook: hooks.codex } : {}) })),
  );
  checks.push(...(await lockJournalChainChecks(root)));
  checks.push(...(await profileChecks(root, servers.inForce)));
  checks.push(...(await gateProfileCheck(root)));
  checks.push(await gitignoreCheck(root));
  checks.push(await latencyCheck(root, opts.probe));
  return { root, ok: !checks.some((c) => c.status === "fail"), checks };
}

/** Text form (cli.md §9.1): `<STATUS padded to 4> <id>: <message>` and `     fix: <hint>`. */
export function formatDoctorText(report: DoctorReport): string {
  const lines: string[] = [];
  for (const c of report.checks) {
    lines.push(`${c.status.toUpperCase().padEnd(4)} ${c.id}: ${c.message}`);
    if (c.status !== "ok" && c.hint !== undefined) lines.push(`     fix: ${c.hint}`);
  }
  return `${lines.join("\n")}\n`;
}
