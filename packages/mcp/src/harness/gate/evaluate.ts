// The gated half of the pipeline (hooks-doctor.md §2.5–§2.10), for the write and shell classes:
// extract → root → profile → resolve → predicates. Shell commands are judged on a real parse
// (gate/shell/, decisions SEC-2): that chunk and its .wasm load here, for shell payloads only.
import { realpathSync } from "node:fs";
import * as path from "node:path";
import { firstFinding } from "./decide";
import { firstString, type NormalisedPayload } from "./normalize";
import type { GateOutput } from "./output";
import { lookupGateProfile } from "./profile";
import { aliasPaths, resolveTarget } from "./resolve";
import { discoverRoot } from "./root";
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
  let raw: RawTarget[] = [];
  let command: string | undefined;
  if (cls === "write") {
    raw = extractWriteTargets(payload.toolName, payload.input);
    if (raw.length === 0) {
      return failClosed("ERR_UNSUPPORTED_OP", `no write target in the tool input (path keys: ${PATH_KEYS.join(", ")})`);
    }
    out.log("debug", `target count ${raw.length}`);
  } else {
    command = firstString(payload.input, SHELL_COMMAND_KEYS);
    if (command === undefined || !opts.shellScan) return { allow: true };
  }

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

  if (command !== undefined) {
    const { judgeShell } = await import("./shell/judge");
    const judged = await judgeShell(command, { cwd, root, deny: profile.deny });
    if (judged.denial) return { allow: false, denial: judged.denial };
    raw = judged.targets;
    out.log("debug", `target count ${raw.length}`);
    if (raw.length === 0) return { allow: true };
  }

  const targets: ResolvedTarget[] = [];
  for (const t of raw) {
    const r = await resolveTarget(t.raw, cwd, root);
    // A path through an in-root symlink is also judged by where it lands (decisions SEC-6).
    const aliases = aliasPaths(t.raw, cwd, root).filter((a) => !(r.ok && a === r.path));
    const content = t.content !== undefined ? { content: t.content } : {};
    if (!r.ok && aliases.length > 0) {
      const landed = firstFinding(
        { deny: profile.deny, noSecrets: false, pii: false },
        aliases.map((a) => ({ path: a, op: t.op })),
      );
      if (landed) return { allow: false, denial: landed };
    }
    if (r.ok) {
      targets.push({ path: r.path, op: t.op, ...content });
      for (const a of aliases) targets.push({ path: a, op: t.op, ...content });
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
