// The SDK-free half of `axiom mcp` start-up (mcp.md §1): roots → guard flags → --profile →
// elicitation audit → --emitter, the first failure wins. It runs before any answer, so a refused
// start-up (exit 2) happens before the stdio front (stdio-front.ts) has said anything, and it imports
// no SDK module (decisions SHIP-9); mcp-lazy.ts builds the server factory on what it returns.
import { homedir } from "node:os";
import { join } from "node:path";
import type { EmitterRegistry } from "@codai/axiom-schema";
import type { WireMode } from "./adapter";
import { auditElicitationHooks } from "./elicit-audit";
import { type Engines, need } from "./engines";
import { lazyEngines } from "./engines-lazy";
import { recordAuditBaseline } from "./human/tamper";
import { createLogger, type Logger, type LogLevel } from "./logging";
import { createRootsPolicy, type RootsPolicy } from "./roots";
import type { Toolset } from "./tools/types";

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
  engines: Engines;
  emitters: EmitterRegistry | undefined;
}

export async function prepareStartup(config: McpRunConfig): Promise<McpStartup> {
  const log = createLogger(config.logLevel);
  const policy = await createRootsPolicy(config.roots);
  if (policy.roots.size === 0)
    log.warn("no --root given; tools that need a root will fail with ERR_ROOT_REQUIRED or ERR_ROOT_NOT_ALLOWED");
  if (config.allowGuards) log.warn("external guards ENABLED (--allow-guards)", { allowlist: config.guardAllowlist });
  // The engines' code loads on first use: only a --profile check or the first tools/call pays for it.
  const engines = lazyEngines();
  if (config.profile !== undefined) {
    // A --profile that does not exist refuses start-up (mcp.md §5.5).
    await need(engines, "loadProfile")(
      config.profile,
      [...policy.roots].map((r) => join(r, ".axiom", "profiles")),
    );
  }
  if (config.requireHuman) log.info("human confirmation required (--require-human)");
  // Harness settings that would answer or skip the human step (mcp.md §8.3, threats.md T12).
  // The same audit is the baseline that every confirm compares with (human/tamper.ts, SEC-8).
  for (const root of policy.roots) {
    const checks = await auditElicitationHooks(root, homedir());
    recordAuditBaseline(root, checks);
    for (const c of checks) log.warn("elicitation audit", { root, id: c.id, status: c.status });
  }
  const emitters = await config.loadEmitters();
  return { log, policy, engines, emitters };
}
