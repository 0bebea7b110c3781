// `axiom mcp` over stdio (mcp.md §1, §2, §11.6), built as a lazy chunk of its own that imports no SDK
// module (decisions SHIP-9). After start-up (stdio-front-prepare.ts) the handshake front reads stdin
// itself and answers the 2025-era opening — `initialize`, then `tools/list` and `ping` — with the SDK
// server's own lines, recorded at build time (stdio-front-data.ts); the SDK-bearing chunk (mcp-lazy.ts)
// loads once tools/list is answered or a line arrives that the front does not answer. It then hands
// the connection over: the client's `initialize` (and every line it
// did not answer) is replayed into the SDK server, so the server records the client's capabilities
// exactly as if it had read them itself (elicitation depends on them, mcp.md §8), and the SDK reads
// stdin from then on. The first line the front does not answer ends its answering: that line and all
// after it wait, in order, for the SDK.
import { createRequire } from "node:module";
import { FRONT_DATA, type FrontSession } from "./front-data";
import { type McpRunConfig, type McpStartup, prepareStartup } from "../startup";
import { frontReply, isInitializedNotification } from "./front-serve";
import { StdioLineReader } from "./reader";

/** `AXIOM_MCP_STDIO_FRONT=off` serves stdio with the SDK alone (the comparison the front is tested by). */
export const FRONT_ENV = "AXIOM_MCP_STDIO_FRONT";

const SDK_ENTRIES = ["@modelcontextprotocol/server", "@modelcontextprotocol/server/stdio"];

/**
 * Resolves the SDK's entry points without loading them: an SDK that is not installed refuses
 * start-up (cli.md §1.1: exit 2) before the front has answered anything.
 */
function resolveSdk(): void {
  const resolve =
    typeof import.meta.resolve === "function"
      ? (s: string) => import.meta.resolve(s)
      : (s: string) => createRequire(import.meta.url).resolve(s);
  for (const specifier of SDK_ENTRIES) resolve(specifier);
}

export async function runMcpStdio(config: McpRunConfig): Promise<void> {
  resolveSdk();
  const startup = await prepareStartup(config);
  // `--wire 2026-only` refuses every opening the front answers.
  if (config.wire === "2026-only" || process.env[FRONT_ENV] === "off") {
    const { serveMcpStdio } = await import("../../entries/mcp");
    serveMcpStdio(startup, config);
    return;
  }
  serveFront(startup, config);
}

function serveFront(startup: McpStartup, config: McpRunConfig): void {
  const { log } = startup;
  const { stdin, stdout } = process;
  const reader = new StdioLineReader();
  /** Lines read and not answered, in order: the SDK gets them at the handover. */
  const pending: string[] = [];
  let session: FrontSession | undefined;
  let initialize: { id: string | number; answer: string } | undefined;
  /** Set by the first line the front does not answer: from then on every line waits for the SDK. */
  let deferred = false;
  let loading = false;
  /** The SDK chunk's import is in flight. */
  let loadPending = false;
  let stopped = false;

  const transportError = (error: unknown) =>
    log.warn("stdio transport error", { error: error instanceof Error ? error.message : String(error) });

  const take = (line: string) => {
    if (deferred) {
      pending.push(line);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return; // the SDK skips a line that is not JSON, silently
    }
    const reply = frontReply(FRONT_DATA, config.toolset, session, message);
    if (reply) {
      stdout.write(reply.line);
      log.debug("stdio front answered", { method: reply.method });
      if (reply.session) {
        session = reply.session;
        initialize = { id: reply.id, answer: reply.line };
        pending.push(line);
      } else if (reply.method === "tools/list") {
        // Not earlier: a load started at spawn delayed a tools/list sent after the initialize answer
        // by 7–19 ms (median), up to 290 ms when it landed in the SDK's evaluation (SHIP-9).
        load();
      }
      return;
    }
    pending.push(line);
    if (session !== undefined && isInitializedNotification(message)) return;
    deferred = true;
    load();
  };

  const onData = (chunk: Buffer) => {
    let lines: string[];
    try {
      lines = reader.push(chunk);
    } catch (error) {
      // Over the limit: the SDK reader's rule, error and close (D25).
      transportError(error);
      stop();
      return;
    }
    for (const line of lines) take(line);
  };

  const onStdoutError = (error: Error) => {
    transportError(error);
    stop();
  };

  const detachIo = () => {
    stdin.off("data", onData);
    stdin.off("end", stop);
    stdin.off("close", stop);
    stdout.off("error", onStdoutError);
  };

  // Shutdown (§11.6, MCP-12) before the handover: nothing runs yet. On stdin end the process exits
  // (0) once a load in flight has settled (it is never handed the connection); a signal does not wait
  // for the load: the process exits as soon as what the front wrote is flushed.
  function stop() {
    if (stopped) return;
    stopped = true;
    detachIo();
    process.exitCode ??= 0;
    stdin.destroy();
  }

  const onSignal = () => {
    stop();
    if (!loadPending) return;
    if (stdout.writableLength === 0) process.exit();
    else stdout.once("drain", () => process.exit());
  };

  const fail = (error: unknown) => {
    log.error("the MCP SDK failed to load", { error: error instanceof Error ? error.message : String(error) });
    process.exitCode = 2;
    stop();
  };

  /** Loads the SDK-bearing chunk (once) and hands the connection over. */
  function load() {
    if (loading || stopped) return;
    loading = true;
    loadPending = true;
    import("../../entries/mcp").then(
      (sdk) => {
        loadPending = false;
        if (stopped) return;
        try {
          detachIo();
          process.off("SIGINT", onSignal);
          process.off("SIGTERM", onSignal);
          const opened = initialize;
          sdk.serveMcpStdio(startup, config, {
            reader,
            lines: pending.splice(0),
            initialize: opened && {
              ...opened,
              onMismatch: (line) =>
                log.warn("stdio front: the SDK's initialize answer differs from the one sent", {
                  sent: opened.answer,
                  sdk: line,
                }),
            },
          });
          log.debug("stdio front handed the connection to the SDK");
        } catch (error) {
          fail(error);
        }
      },
      (error) => {
        loadPending = false;
        fail(error);
      },
    );
  }

  stdin.on("data", onData);
  stdin.once("end", stop);
  stdin.once("close", stop);
  stdout.on("error", onStdoutError);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  log.info("mcp stdio ready", { wire: config.wire, roots: [...startup.policy.roots], toolset: config.toolset });
}
