// The gated half of the pipeline (hooks-doctor.md §2.5–§2.10), for the write and shell classes:
// extract → root → profile → resolve → predicates.
import { realpathSync } from "node:fs";
import * as path from "node:path";
import { firstFinding } from "./decide";
import { firstString, type NormalisedPayload } from "./normalize";
import type { GateOutput } from "./output";
import { lookupGateProfile } from "./profile";
import { resolveTarget } from "./resolve";
import { discoverRoot } from "./root";
import { scanShell } from "./shell-scan";
import { extractWriteTargets, PATH_KEYS } from "./targets";
import type { GateOptions, RawTarget, ResolvedTarget } from "./types";
import { failClosed, type Verdict } from "./verdict";

const SHELL_COMMAND_KEYS = ["command", "cmd", "script", "commandLine", "command_line"];

export async function evaluateTargets(
  payload: NormalisedPayload & { toolName: string },
  cls: "write" | "shell",
  opts: GateOptions,
  out: GateOutput,
): Promise<Verdict> {
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
    cwd = realpathSync.native(path.resolve(start));
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
