// `axiom mcp --http` (mcp.md §11), built as the lazy chunk dist/http-lazy.js: imported by the `mcp`
// verb only when --http is given, so the stdio path never loads node:http or this transport.
import { abortInFlight } from "../../server/context";
import { startHttpServer } from "./serve";
import { type McpRunConfig, prepareMcp } from "../stdio/sdk";

export interface McpHttpConfig extends McpRunConfig {
  http: string;
  tokenEnv: string;
}

export async function runMcpHttp(config: McpHttpConfig): Promise<void> {
  const { log, factory } = await prepareMcp(config);
  const handle = await startHttpServer({
    spec: config.http,
    tokenEnv: config.tokenEnv,
    env: process.env,
    factory,
    wire: config.wire,
    log,
    onShutdown: () => abortInFlight(factory.deps),
  });
  // Shutdown (§11.6): abort tasks, close sessions, the modern handler, connections, listener; exit 0.
  const stop = () => {
    process.exitCode = 0;
    void handle.close().finally(() => process.stdin.destroy());
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdin.once("end", stop);
  process.stdin.once("close", stop);
  process.stdin.resume();
}
