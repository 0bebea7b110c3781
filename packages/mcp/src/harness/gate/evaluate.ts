// The gated half of the pipeline (hooks-doctor.md §2.5–§2.10), for the write and shell classes:
// extract → root → profile → resolve → predicates → route mode (route/, decisions HOOK-20). Shell
// commands are judged on a real parse (gate/shell/, decisions SEC-2): that chunk and its .wasm load
// here, for shell payloads only.
import { realpathSync } from "node:fs";
import * as path from "node:path";
import { firstFinding } from "./decide";
import { harnessOf, writeToolName } from "./harness";
import { firstString, type NormalisedPayload } from "./normalize";
import type { GateOutput } from "./output";
import { type GateProfile, lookupGateProfile } from "./profile";
import { aliasPaths, resolveTarget } from "./resolve";
import { discoverRoot } from "./root";
import { routeDenial } from "./route/decide";
import { routeFiles } from "./route/shape";
import { PATH_KEYS } from "./targets";
import type { Denial, GateOptions, RawTarget, ResolvedTarget, ToolClass } from "./types";
import { failClosed, type Verdict } from "./verdict";
import { extractWrite, PATCH_KEYS } from "./write-input";

const SHELL_COMMAND_KEYS = ["command", "cmd", "script", "commandLine", "command_line"];

export async function evaluateTargets(
  payload: NormalisedPayload & { toolName: string },
  cls: "write" | "shell",
  opts: GateOptions,
  out: GateOutput,
): Promise<Verdict> {
  let raw: RawTarget[] = [];
  let command: string | undefined;
  let written: Extract<ReturnType<typeof extractWrite>, { ok: true }> | undefined;
  if (cls === "write") {
    const w = extractWrite(payload.toolName, payload.input, payload.rawInput);
    // A patch the gate cannot read could name any file: denied (fail-closed, §2.11 like "no target").
    if (!w.ok) return failClosed("ERR_PATCH_FORMAT", `${w.why} (the patch was not applied)`);
    raw = w.targets;
    written = w;
    if (raw.length === 0) {
      const keys = payload.toolName.toLowerCase().includes("apply_patch") ? PATCH_KEYS : PATH_KEYS;
      return failClosed("ERR_UNSUPPORTED_OP", `no write target in the tool input (path keys: ${keys.join(", ")})`);
    }
    out.log("debug", `target count ${raw.length}`);
  } else {
    // A raw string input (a freeform tool) is the command itself.
    command = firstString(payload.input, SHELL_COMMAND_KEYS) ?? payload.rawInput;
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

  const resolved = await resolveAll(raw, cls, cwd, root, profile, out);
  if ("denial" in resolved) return { allow: false, denial: resolved.denial };
  const finding = firstFinding(profile, resolved.targets);
  if (finding) return { allow: false, denial: finding };
  if (written === undefined) return { allow: true };

  // Route mode: the flag wins over the profile; absent both, today's protected-only behaviour.
  const mode = opts.route ?? profile.route ?? "protected";
  out.log("debug", `route ${mode}`);
  const tool = writeToolName(harnessOf(opts.harness, payload.shape));
  const files = routeFiles(payload.input, written.targets, written.patches);
  const relOf = (r: string) => resolved.relOf.get(r) ?? r;
  const routed = routeDenial({ mode, native: profile.native, tool }, resolved.targets, files, relOf);
  return routed ? { allow: false, denial: routed } : { allow: true };
}

type Resolved = { targets: ResolvedTarget[]; relOf: Map<string, string> } | { denial: Denial };

/** §2.8 for every target, in extraction order; write-class errors deny, shell operands §2.6. */
async function resolveAll(
  raw: readonly RawTarget[],
  cls: Exclude<ToolClass, "other">,
  cwd: string,
  root: string,
  profile: GateProfile,
  out: GateOutput,
): Promise<Resolved> {
  const targets: ResolvedTarget[] = [];
  const relOf = new Map<string, string>();
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
      if (landed) return { denial: landed };
    }
    if (r.ok) {
      relOf.set(t.raw, r.path);
      targets.push({ path: r.path, op: t.op, ...content });
      for (const a of aliases) targets.push({ path: a, op: t.op, ...content });
      continue;
    }
    if (cls === "write") return { denial: { code: r.code, message: r.message, path: r.path } };
    if (r.code !== "ERR_CONTAINMENT") {
      out.log("debug", `operand ${t.raw} skipped (${r.code})`);
      continue;
    }
    if (t.raw === ".") {
      if (profile.deny.length > 0) {
        return { denial: { code: "path.deny", message: "destructive command on the whole tree", path: "." } };
      }
      out.log("debug", "operand . skipped (empty deny list)");
      continue;
    }
    return { denial: { code: r.code, message: r.message, path: r.path } };
  }
  return { targets, relOf };
}
