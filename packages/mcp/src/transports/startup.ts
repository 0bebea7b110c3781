// The SDK-free half of `axiom mcp` start-up (mcp.md §1): roots → guard flags → --profile →
// elicitation audit → --emitter, the first failure wins. It runs before any answer, so a refused
// start-up (exit 2) happens before the stdio front (stdio-front.ts) has said anything, and it imports
// no SDK module (decisions SHIP-9); mcp-lazy.ts builds the server factory on what it returns.
import { homedir } from "node:os";
import { axiomError, type EmitterRegistry } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { createLogger, type Logger, type LogLevel } from "../common/logging";
import { createRootsPolicy, type RootsPolicy } from "../common/roots";
import { auditElicitationHooks } from "../harness/elicit-audit";
import type { WireMode } from "../server/adapter";
import { AuditBaselines } from "../server/human/tamper";
import type { Toolset } from "../server/tools/types";
import { loadWorkflow } from "../server/workflow-loader";

export interface McpRunConfig {
  roots: string[];
  toolset: Toolset;
  wire: WireMode;
  logLevel: LogLevel;
  profile?: string;
  allowProfiles: string[];
  allowGuards: boolean;
  guardAllowlist: string[];
  requireHuman: boolean;
  loadEmitters: () => Promise<EmitterRegistry | undefined>;
}

/** Everything the server factory needs that start-up computed. */
export interface McpStartup {
  log: Logger;
  policy: RootsPolicy;
  emitters: EmitterRegistry | undefined;
  auditBaselines: AuditBaselines;
}

export async function prepareStartup(config: McpRunConfig): Promise<McpStartup> {
  const log = createLogger(config.logLevel);
  // A server with no root could write nothing and every write tool would fail: refuse to start and
  // say how to fix it (issue 21; CLI-H-5), before the roots are resolved or anything is answered.
  if (config.roots.length === 0) {
    throw axiomError("ERR_ROOT_REQUIRED", {
      message:
        "axiom mcp needs --root <dir>: the directory the agent may write (e.g. axiom mcp --root .); repeat --root for more",
      details: { roots: [] },
    });
  }
  const policy = await createRootsPolicy(config.roots);
  if (config.allowGuards) log.warn("external guards ENABLED (--allow-guards)", { allowlist: config.guardAllowlist });
  if (config.profile !== undefined) {
    // A --profile that does not exist refuses start-up (mcp.md §5.5). Only this check or the first
    // tools/call loads the workflow chunk (SHIP-8); the server reuses what it loaded.
    await (await loadWorkflow()).loadProfile(config.profile, [...policy.roots]);
  }
  if (config.requireHuman) log.info("human confirmation required (--require-human)");
  // Harness settings that would answer or skip the human step (mcp.md §8.3, threats.md T12).
  // The same audit is the baseline that every confirm compares with (human/tamper.ts, SEC-8).
  const auditBaselines = new AuditBaselines();
  for (const root of policy.roots) {
    const checks = await auditElicitationHooks(root, homedir());
    auditBaselines.record(root, checks);
    for (const c of checks) log.warn("elicitation audit", { root, id: c.id, status: c.status });
  }
  const emitters = await config.loadEmitters();
  return { log, policy, emitters, auditBaselines };
}
