// `axiom doctor` (hooks-doctor.md §4): the checks of §4.2 in emission order. Read-only; the only
// side effect is spawning the gate probe. Every dependency on the machine is injectable.
import { realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import * as path from "node:path";
import { auditElicitationHooks } from "../elicit-audit";
import { type BinLocator, binCheck, locateOnPath, readBinVersion, type VersionReader } from "./bin";
import { hookChecks, serverChecks } from "./harness";
import { type GateProbe, latencyCheck } from "./latency";
import { gateProfileCheck, gitignoreCheck, lockJournalChainChecks, profileChecks } from "./state";
import type { DoctorCheck } from "./types";

export interface DoctorOptions {
  version: string;
  home?: string;
  locateBin?: BinLocator;
  readVersion?: VersionReader;
  /** Undefined when the CLI entry cannot be determined. */
  probe?: GateProbe;
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
  const checks: DoctorCheck[] = [{ id: "root", status: "ok", message: root }];
  checks.push(await binCheck(opts.version, opts.locateBin ?? locateOnPath, opts.readVersion ?? readBinVersion));
  checks.push(...(await hookChecks(root)));
  checks.push(...(await auditElicitationHooks(root, opts.home ?? homedir())));
  checks.push(...(await serverChecks(root)));
  checks.push(...(await lockJournalChainChecks(root)));
  checks.push(...(await profileChecks(root)));
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
