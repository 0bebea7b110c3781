// `axiom mcp --http` (mcp.md §11), built as the lazy chunk dist/http-lazy.js: imported by the `mcp`
// verb only when --http is given, so the stdio path never loads node:http or this transport.
import { abortInFlight } from "../../server/context";
import { type McpRunConfig, prepareMcp } from "../stdio/sdk";
import { startHttpServer } from "./serve";

export interface McpHttpConfig extends McpRunConfig {
  http: string;
  tokenEnv: string;
}

export async function runMcpHttp(config: McpHttpConfig): Promise<void> {
  // Shutdown (§11.6): abort tasks, close sessions, the modern handler, connections, listener; exit 0.
  // Only on a signal: an HTTP server never reads stdin, which under nohup, systemd or a container
  // without -i is closed or /dev/null from the start (SEC-10). The handlers are in place before the
  // `http listening` line, so a signal sent as soon as it appears is never the default (a kill).
  let handle: Awaited<ReturnType<typeof startHttpServer>> | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.exitCode = 0;
    void handle?.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const { log, factory } = await prepareMcp(config);
  handle = await startHttpServer({
    spec: config.http,
    tokenEnv: config.tokenEnv,
    env: process.env,
    factory,
    wire: config.wire,
    log,
    onShutdown: () => abortInFlight(factory.deps),
  });
  if (stopping) await handle.close();
}
