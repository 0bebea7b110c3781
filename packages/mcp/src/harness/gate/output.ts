// The gate's only writer to stdout/stderr (hooks-doctor.md §2.12, §2.13). cli-output.ts is not
// used here: it imports @codai/axiom-schema and with it zod, which the gate chunk must not load.
// Lines go to fd 1 / fd 2 with writeSync, not through process.stdout/stderr: those getters build a
// stream per descriptor (net.Socket for a pipe) that an allowed call, which prints nothing, never
// needs; a synchronous write is also on the descriptor before the process ends.
import { writeSync } from "node:fs";
import type { Denial, LogLevel, ToolClass } from "./types";

/** Whole text to fd; a harness that closed the pipe (EPIPE…) must not turn a decision into a crash. */
function put(fd: 1 | 2, text: string): void {
  const buf = Buffer.from(text, "utf8");
  let off = 0;
  let spins = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (err) {
      // A non-blocking descriptor inherited from the harness: retry a bounded number of times.
      if ((err as NodeJS.ErrnoException).code === "EAGAIN" && ++spins < 100_000) continue;
      return;
    }
  }
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export class GateOutput {
  constructor(private readonly level: LogLevel) {}

  log(level: LogLevel, text: string): void {
    if (RANK[level] <= RANK[this.level]) put(2, `AXIOM GATE ${level.toUpperCase()}: ${text}\n`);
  }

  /**
   * Exit 2, one JSON line on stdout, the DENY line on stderr (always printed): one output every
   * harness blocks on (decisions HOOK-23, E2E-1). Codex reads stderr on exit 2 (stdout ignored);
   * Claude Code 2.1.197 validates stdout JSON even on exit 2 and, when it fails its schema
   * (`decision` is only "approve" | "block" there), runs the call — so `decision` is "block", which
   * Gemini CLI also blocks on (it parses stdout first; JSON without a `decision` is a failed hook,
   * the call runs); Copilot CLI and VS Code read `permissionDecision`.
   */
  deny(d: Denial, toolClass: ToolClass | undefined): void {
    const reason = denyLine(d);
    const axiom: Record<string, string> = { verdict: "deny", code: d.code };
    if (d.path !== undefined) axiom.path = d.path;
    if (toolClass !== undefined) axiom.toolClass = toolClass;
    if (d.route !== undefined) axiom.route = d.route;
    axiom.standard = "owasp-acs/0.1";
    const doc = {
      decision: "block",
      reason,
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
      permissionDecision: "deny",
      permissionDecisionReason: reason,
      axiom,
    };
    put(1, `${JSON.stringify(doc)}\n`);
    put(2, `${reason}\n`);
    process.exitCode = 2;
  }

  /** A fail-closed case under --fail-open: exit 0, nothing on stdout, one WARN line. */
  failOpen(why: string): void {
    this.log("warn", `${why} — failing open (--fail-open)`);
    process.exitCode = 0;
  }

  allow(): void {
    process.exitCode = 0;
  }

  /** Bad arguments: exit 2, stdout empty, the error and the usage line on stderr. */
  usage(message: string, usageLine: string): void {
    put(2, `AXIOM GATE ERROR: ${message}\n${usageLine}\n`);
    process.exitCode = 2;
  }
}

export function denyLine(d: Denial): string {
  return `AXIOM GATE DENY ${d.code}: ${d.message}${d.path !== undefined ? ` (${d.path})` : ""}`;
}
