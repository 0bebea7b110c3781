// The `axiom mcp` runtime (mcp.md §1, §11.1, §13), built as the lazy chunk dist/mcp-lazy.js: the only
// chunk that loads the MCP SDK, imported by the `mcp` verb alone. Start-up order after the flags:
// roots → guard flags → --profile → --emitter → factory → transport; the first failure wins.
import { homedir } from "node:os";
import { join } from "node:path";
import type { EmitterRegistry } from "@codai/axiom-schema";
import { serveStdio, type WireMode } from "./adapter";
import { abortInFlight } from "./context";
import { auditElicitationHooks } from "./elicit-audit";
import { need } from "./engines";
import { lazyEngines } from "./engines-lazy";
import { createLogger, type LogLevel } from "./logging";
import { createRootsPolicy } from "./roots";
import { serverFactory } from "./server";
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

/** Start-up up to the factory (shared by stdio and http-lazy's HTTP entry). */
export async function prepareMcp(config: McpRunConfig) {
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
  for (const root of policy.roots)
    for (const c of await auditElicitationHooks(root, homedir()))
      log.warn("elicitation audit", { root, id: c.id, status: c.status });
  const emitters = await config.loadEmitters();
  const factory = serverFactory(policy, {
    toolset: config.toolset,
    requireHuman: config.requireHuman,
    log,
    guards: { allowGuards: config.allowGuards, guardAllowlist: config.guardAllowlist },
    emitters,
    profile: config.profile,
    allowProfiles: config.allowProfiles,
    engines,
  });
  return { log, policy, factory };
}

export async function runMcpStdio(config: McpRunConfig): Promise<void> {
  const { log, policy, factory } = await prepareMcp(config);
  const handle = serveStdio(factory, config.wire, (error) =>
    log.warn("stdio transport error", { error: error.message }),
  );
  log.info("mcp stdio ready", { wire: config.wire, roots: [...policy.roots], toolset: config.toolset });

  // Shutdown (§11.6): abort every working task, close the stdio handle, exit 0.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    abortInFlight(factory.deps);
    process.exitCode = 0;
    void handle.close().finally(() => {
      process.stdin.destroy();
    });
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdin.once("end", stop);
  process.stdin.once("close", stop);
}
