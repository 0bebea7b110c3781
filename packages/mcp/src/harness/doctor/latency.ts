// The gate.latency probe (hooks-doctor.md §4.5): 5 sequential runs of this CLI's own
// `gate --stdin` with a benign Write, each killed after 10 s; p95 = the slowest of 5. The probe
// judges the Write in protected mode (`--route protected`): in route mode, the default init wires,
// every native Write inside the root is denied by design, so "a benign Write was denied" would say
// nothing; the judgement it measures is the same work.
import { spawn } from "node:child_process";
import type { DoctorCheck } from "./types";

export const PROBE_RUNS = 5;
export const PROBE_KILL_MS = 10_000;
export const LATENCY_FAIL_MS = 4000;

export interface ProbeSample {
  ms: number;
  exitCode: number | null;
}

/** One probe run; rejects when the process cannot be spawned. */
export type GateProbe = (root: string) => Promise<ProbeSample>;

export function spawnProbe(entry: string): GateProbe {
  return (root) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: "axiom-doctor-probe.txt", content: "probe\n" },
        cwd: root,
      });
      const t0 = performance.now();
      const child = spawn(process.execPath, [entry, "gate", "--stdin", "--harness", "claude", "--route", "protected"], {
        cwd: root,
        shell: false,
        stdio: ["pipe", "ignore", "ignore"],
        windowsHide: true,
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), PROBE_KILL_MS);
      child.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ ms: performance.now() - t0, exitCode: code });
      });
      child.stdin.on("error", () => {});
      child.stdin.end(payload);
    });
}

export async function latencyCheck(root: string, probe: GateProbe | undefined): Promise<DoctorCheck> {
  if (probe === undefined) {
    return {
      id: "gate.latency",
      status: "warn",
      message: "the CLI entry cannot be determined (latency not measured)",
      hint: "run doctor through the axiom bin",
    };
  }
  const samples: ProbeSample[] = [];
  for (let i = 0; i < PROBE_RUNS; i++) {
    try {
      samples.push(await probe(root));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return {
        id: "gate.latency",
        status: "fail",
        message: `the gate probe could not be spawned: ${why}`,
        hint: "check the node binary and the CLI install",
      };
    }
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const p95 = Math.round(sorted[Math.ceil(0.95 * sorted.length) - 1] as number);
  const message = `gate --stdin p95 ${p95} ms over ${PROBE_RUNS} runs (hook timeout 5000 ms)`;
  if (p95 > LATENCY_FAIL_MS) {
    return {
      id: "gate.latency",
      status: "fail",
      message,
      hint: "the harness will kill the hook and let the call through; check machine load or antivirus",
    };
  }
  if (!samples.some((s) => s.exitCode === 0)) {
    return {
      id: "gate.latency",
      status: "warn",
      message: `${message}; a benign Write was denied`,
      hint: "check .axiom/gate-profile.json deny/allow globs",
    };
  }
  return { id: "gate.latency", status: "ok", message };
}
