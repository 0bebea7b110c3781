// The SDK half of the `axiom mcp` runtime (mcp.md §1, §11.1, §13), built as the lazy chunk
// dist/mcp-lazy.js: the only chunk that loads the MCP SDK for stdio. Start-up (stdio-front-prepare.ts)
// runs before it; over stdio the front (stdio-front.ts) imports it once it has answered the opening,
// and hands it the connection (decisions SHIP-9). http-lazy uses prepareMcp.
import { type StdioHandover, serveStdio } from "../../server/adapter";
import { abortInFlight } from "../../server/context";
import { serverFactory } from "../../server/server";
import { type McpRunConfig, type McpStartup, prepareStartup } from "../startup";

export type { McpRunConfig, McpStartup };

function factoryOf(startup: McpStartup, config: McpRunConfig) {
  return serverFactory(startup.policy, {
    toolset: config.toolset,
    requireHuman: config.requireHuman,
    log: startup.log,
    guards: { allowGuards: config.allowGuards, guardAllowlist: config.guardAllowlist },
    emitters: startup.emitters,
    auditBaselines: startup.auditBaselines,
    profile: config.profile,
    allowProfiles: config.allowProfiles,
  });
}

/** Start-up up to the factory (shared by stdio and http-lazy's HTTP entry). */
export async function prepareMcp(config: McpRunConfig) {
  const startup = await prepareStartup(config);
  return { log: startup.log, policy: startup.policy, factory: factoryOf(startup, config) };
}

/** Serves stdio with the SDK; with a handover, from where the stdio front left the connection. */
export function serveMcpStdio(startup: McpStartup, config: McpRunConfig, handover?: StdioHandover): void {
  const { log, policy } = startup;
  const factory = factoryOf(startup, config);
  const handle = serveStdio(
    factory,
    config.wire,
    (error) => log.warn("stdio transport error", { error: error.message }),
    handover,
  );
  if (!handover) log.info("mcp stdio ready", { wire: config.wire, roots: [...policy.roots], toolset: config.toolset });

  // Shutdown (§11.6): abort every working task, close the stdio handle, exit 0. A signal stops at
  // once; stdin end first lets every request read be answered and written (SEC-34), then stops
  // (a task still working after its call was answered is aborted then).
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
  void handle.drained.then(stop);
}
