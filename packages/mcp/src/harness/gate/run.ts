// The gate pipeline (hooks-doctor.md §2): read → normalise → classify, then for the write and shell
// classes extract → root → profile → resolve → predicates (evaluate.ts). Every doubt denies unless
// --fail-open (§2.11). evaluate.ts is a static import on purpose: loading it with import() cut the
// class-other path by ~20 M instructions but cost the write path ~5 M and five more module files
// (each a threadpool round trip, the dominant cost on a loaded machine): docs/decisions.md HOOK-11.
import { GATE_USAGE, parseGateArgs } from "./args";
import { classifyTool } from "./classify";
import { evaluateTargets } from "./evaluate";
import { normalisePayload } from "./normalize";
import { GateOutput } from "./output";
import { readStdin } from "./stdin";
import type { GateOptions, ToolClass } from "./types";
import { failClosed, type Verdict } from "./verdict";

const FAIL_CLOSED_SUFFIX = "(fail-closed; pass --fail-open to allow)";

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

async function evaluate(opts: GateOptions, out: GateOutput, setClass: (c: ToolClass) => void): Promise<Verdict> {
  const stdin = await readStdin();
  if (stdin.kind === "none") {
    if (stdin.oversize) out.log("warn", stdin.why);
    return failClosed("ERR_INTERNAL", stdin.why);
  }
  const payload = normalisePayload(stdin.text);
  if (!payload) return failClosed("ERR_INTERNAL", "stdin is not a JSON object");
  const toolName = payload.toolName;
  if (toolName === undefined) {
    out.log("info", "payload carries no tool name");
    return { allow: true };
  }
  const cls = classifyTool(toolName);
  setClass(cls);
  out.log("debug", `tool ${toolName}: class ${cls}`);
  // Class other: allowed at once, without touching the filesystem.
  if (cls === "other") return { allow: true };
  return evaluateTargets({ ...payload, toolName }, cls, opts, out);
}
