// The gate pipeline (hooks-doctor.md §2): read → normalise → classify → extract → root → profile
// → resolve → predicates. Every doubt denies unless --fail-open (§2.11).
import { realpath } from "node:fs/promises";
import * as path from "node:path";
import { GATE_USAGE, parseGateArgs } from "./args";
import { classifyTool } from "./classify";
import { firstFinding } from "./decide";
import { firstString, normalisePayload } from "./normalize";
import { GateOutput } from "./output";
import { lookupGateProfile } from "./profile";
import { resolveTarget } from "./resolve";
import { discoverRoot } from "./root";
import { scanShell } from "./shell-scan";
import { readStdin } from "./stdin";
import { extractWriteTargets, PATH_KEYS } from "./targets";
import type { Denial, GateOptions, RawTarget, ResolvedTarget, ToolClass } from "./types";

const SHELL_COMMAND_KEYS = ["command", "cmd", "script", "commandLine", "command_line"];
const FAIL_CLOSED_SUFFIX = "(fail-closed; pass --fail-open to allow)";

type Verdict = { allow: true } | { allow: false; denial: Denial };

export async function runGate(args: string[]): Promise<void> {
  const parsed = parseGateArgs(args);
  const bootOut = new GateOutput("warn");
  if (!parsed.ok) return bootOut.usage(parsed.message, GATE_USAGE);
  const opts = parsed.options;
  const out = new GateOutput(opts.logLevel);
  let toolClass: ToolClass | undefined;
  try {
    const verdict = await evaluate(opts, out, (c) => (toolClass = c));
    if (verdict.allow) return out.allow();
    const d = verdict.denial;
    if (d.failClosed && opts.failOpen) return out.failOpen(d.message);
    if (d.code === "ERR_INTERNAL") d.message = `${d.message} ${FAIL_CLOSED_SUFFIX}`;
    out.deny(d, toolClass);
  } catch (err) {
    // Any unexpected internal error is a fail-closed case too.
    const why = `internal error: ${err instanceof Error ? err.message : String(err)}`;
    if (opts.failOpen) return out.failOpen(why);
    out.deny({ code: "ERR_INTERNAL", message: `${why} ${FAIL_CLOSED_SUFFIX}` }, toolClass);
  }
}

const failClosed = (code: "ERR_INTERNAL" | "ERR_UNSUPPORTED_OP", message: string, p?: string): Verdict => ({
  allow: false,
  denial: { code, message, failClosed: true, ...(p !== undefined ? { path: p } : {}) },
});

async function evaluate(opts: GateOptions, out: GateOutput, setClass: (c: ToolClass) => void): Promise<Verdict> {
  const stdin = await readStdin();
  if (stdin.kind === "none") {
    if (stdin.oversize) out.log("warn", stdin.why);
    return failClosed("ERR_INTERNAL", stdin.why);
  }
  const payload = normalisePayload(stdin.text);
  if (!payload) return failClosed("ERR_INTERNAL", "stdin is not a JSON object");
  if (payload.toolName === undefined) {
    out.log("info", "payload carries no tool name");
    return { allow: true };
  }
  const cls = classifyTool(payload.toolName);
  setClass(cls);
  out.log("debug", `tool ${payload.toolName}: class ${cls}`);
  // Class other: allowed at once, without touching the filesystem.
  if (cls === "other") return { allow: true };

  let raw: RawTarget[];
  if (cls === "write") {
    raw = extractWriteTargets(payload.toolName, payload.input);
    if (raw.length === 0) {
      return failClosed("ERR_UNSUPPORTED_OP", `no write target in the tool input (path keys: ${PATH_KEYS.join(", ")})`);
    }
  } else {
    const command = firstString(payload.input, SHELL_COMMAND_KEYS);
    if (command === undefined || !opts.shellScan) return { allow: true };
    raw = scanShell(command);
    if (raw.length === 0) return { allow: true };
  }
  out.log("debug", `target count ${raw.length}`);

  const start = payload.cwd ?? opts.root ?? process.cwd();
  let cwd: string;
  try {
    cwd = await realpath(path.resolve(start));
  } catch {
    return failClosed("ERR_INTERNAL", `cannot resolve the working directory ${start}`);
  }
  const root = opts.rootDiscovery ? await discoverRoot(cwd) : cwd;
  out.log("debug", `root ${root}`);
  const lookup = await lookupGateProfile(root, opts.profile === undefined ? undefined : path.resolve(opts.profile));
  if (!lookup.ok) return failClosed("ERR_INTERNAL", lookup.why);
  out.log("debug", `profile ${lookup.source}`);
  const profile = lookup.profile;

  const targets: ResolvedTarget[] = [];
  for (const t of raw) {
    const r = await resolveTarget(t.raw, cwd, root);
    if (r.ok) {
      targets.push({ path: r.path, op: t.op, ...(t.content !== undefined ? { content: t.content } : {}) });
      continue;
    }
    if (cls === "write") return { allow: false, denial: { code: r.code, message: r.message, path: r.path } };
    if (r.code !== "ERR_CONTAINMENT") {
      out.log("debug", `operand ${t.raw} skipped (${r.code})`);
      continue;
    }
    if (t.raw === ".") {
      if (profile.deny.length > 0) {
        return {
          allow: false,
          denial: { code: "path.deny", message: "destructive command on the whole tree", path: "." },
        };
      }
      out.log("debug", "operand . skipped (empty deny list)");
      continue;
    }
    return { allow: false, denial: { code: r.code, message: r.message, path: r.path } };
  }
  const finding = firstFinding(profile, targets);
  return finding ? { allow: false, denial: finding } : { allow: true };
}
