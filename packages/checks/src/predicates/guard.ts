// guard.external (checks.md §7): runs a repository script as a check, never through a shell.
import { canonicalBytes } from "@codai/axiom-canon";
import { isRelPath } from "@codai/axiom-rules";
import type { JsonValue } from "@codai/axiom-schema";
import { z } from "zod";
import { rawProviderFailure } from "../findings";
import { guardEnv } from "../guard/env";
import { parseGuardOutput } from "../guard/output";
import { runGuardProcess } from "../guard/process";
import { resolveGuardCommand } from "../guard/resolve";
import type { GuardFacts, PredicateDef, RawFinding } from "../types";

export const GUARD_TIMEOUT_MAX = 900_000;
const EVIDENCE_TAIL = 2048;

const Params = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  cwd: z.enum(["root", "staging"]).default("root"),
  timeoutMs: z.number().int().min(1).max(GUARD_TIMEOUT_MAX).default(30_000),
  env: z.record(z.string(), z.string()).optional(),
  stdin: z.enum(["bundle", "manifest", "none"]).default("bundle"),
  legacyText: z.boolean().default(false),
});
export type GuardParams = z.output<typeof Params>;

function tail(buf: Buffer): string {
  return buf.subarray(Math.max(0, buf.length - EVIDENCE_TAIL)).toString("utf8");
}

export const guardExternal: PredicateDef<GuardParams> = {
  id: "guard.external",
  requires: ["guard"],
  params: Params,
  lowersSeverity: true,
  async run({ params, facts }) {
    const command = params.command;
    const guard = facts.guard as GuardFacts | undefined;
    if (!guard) {
      return [
        rawProviderFailure(
          "guard.external",
          "ERR_FACT_DISABLED",
          "guards need both the profile's facts.allowGuards and the process flag --allow-guards (with a root)",
          { facts: { command } },
        ),
      ];
    }
    const paramsFailure = (message: string) => [
      rawProviderFailure("guard.external", "ERR_PREDICATE_PARAMS", message, { facts: { command } }),
    ];
    if (params.cwd === "staging" && guard.stagingDir === undefined)
      return paramsFailure('cwd "staging" needs an apply staging directory');
    const resolved = await resolveGuardCommand(command, params.args, { root: guard.root, allowlist: guard.allowlist });
    if ("error" in resolved) return paramsFailure(resolved.error);

    const stdin =
      params.stdin === "bundle"
        ? canonicalBytes(facts.bundle)
        : params.stdin === "manifest"
          ? canonicalBytes(facts.manifest)
          : undefined;
    const run = await runGuardProcess({
      file: resolved.file,
      args: resolved.args,
      cwd: params.cwd === "staging" ? (guard.stagingDir as string) : guard.root,
      env: guardEnv(process.env, params.env, { manifestDigest: facts.manifestDigest, root: guard.root }),
      stdin,
      timeoutMs: params.timeoutMs,
      signal: guard.signal,
    });
    if (run.kind === "spawn-error") {
      return [
        rawProviderFailure("guard.external", "ERR_GUARD_OUTPUT", `guard could not be started: ${run.message}`, {
          facts: { command },
        }),
      ];
    }
    if (run.kind === "cancelled-before-spawn") {
      const evidence = { exitCode: null, stdout: "", stderr: "" };
      return [
        rawProviderFailure("guard.external", "ERR_TASK_CANCELLED", "guard cancelled before it started", {
          facts: { command, evidence },
        }),
      ];
    }
    const evidence = { exitCode: run.exitCode, stdout: tail(run.stdout), stderr: tail(run.stderr) };
    if (run.outcome === "timeout") {
      return [
        rawProviderFailure("guard.external", "ERR_GUARD_TIMEOUT", `guard exceeded ${params.timeoutMs} ms`, {
          facts: { command, timeoutMs: params.timeoutMs, evidence },
        }),
      ];
    }
    if (run.outcome === "cancelled") {
      return [
        rawProviderFailure("guard.external", "ERR_TASK_CANCELLED", "guard cancelled", { facts: { command, evidence } }),
      ];
    }
    const output = parseGuardOutput(run.stdout.toString("utf8"), params.legacyText);
    if (!output) {
      return [
        rawProviderFailure("guard.external", "ERR_GUARD_OUTPUT", "guard output is not a valid GuardOutput", {
          facts: { command, evidence },
        }),
      ];
    }
    const findings: RawFinding[] = (output.findings ?? []).map((g) => {
      const { __provider: _dropped, ...guardFacts } = (g.facts ?? {}) as Record<string, JsonValue>;
      const out: RawFinding = { id: g.id, message: g.message, facts: { ...guardFacts, command, evidence } };
      if (g.severity !== undefined) out.severity = g.severity;
      if (g.path !== undefined) {
        if (isRelPath(g.path)) out.path = g.path;
        else out.facts = { ...out.facts, rawPath: g.path };
      }
      return out;
    });
    if (!output.ok && findings.length === 0) {
      findings.push({
        id: "guard.external",
        message: `guard reported ok:false without findings: ${command}`,
        facts: { command, evidence },
      });
    }
    return findings;
  },
};
