// `axiom mcp` over stdio (mcp.md §1, §2, §11.6), built as a lazy chunk of its own that imports no SDK
// module (decisions SHIP-9). After start-up (../startup.ts) the handshake front reads stdin
// itself and answers the 2025-era opening — `initialize`, then `tools/list` and `ping` — with the SDK
// server's own lines, recorded at build time (front-data.ts); the SDK-bearing chunk (entries/mcp.ts → dist/mcp-lazy.js)
// loads once tools/list is answered or a line arrives that the front does not answer. It then hands
// the connection over: the client's `initialize` (and every line it
// did not answer) is replayed into the SDK server, so the server records the client's capabilities
// exactly as if it had read them itself (elicitation depends on them, mcp.md §8), and the SDK reads
// stdin from then on. The first line the front does not answer ends its answering: that line and all
// after it wait, in order, for the SDK.
import { createRequire } from "node:module";
import { type McpRunConfig, type McpStartup, prepareStartup } from "../startup";
import { FRONT_DATA, type FrontSession } from "./front-data";
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
  new StdioFront(startup, config).start();
}

/**
 * The front's state machine: answer (take → frontReply), defer (the first unanswered line and all
 * after it), load (the SDK chunk, once), hand over (detach, replay into the SDK), stop (stdin end,
 * stdout error, a signal, an oversized line).
 */
class StdioFront {
  private readonly reader = new StdioLineReader();
  /** Lines read and not answered, in order: the SDK gets them at the handover. */
  private readonly pending: string[] = [];
  private session: FrontSession | undefined;
  private initialize: { id: string | number; answer: string } | undefined;
  /** Set by the first line the front does not answer: from then on every line waits for the SDK. */
  private deferred = false;
  private loading = false;
  /** The SDK chunk's import is in flight. */
  private loadPending = false;
  private stopped = false;

  constructor(
    private readonly startup: McpStartup,
    private readonly config: McpRunConfig,
  ) {}

  start(): void {
    const { stdin, stdout } = process;
    stdin.on("data", this.onData);
    stdin.once("end", this.onEnd);
    stdin.once("close", this.onEnd);
    stdout.on("error", this.onStdoutError);
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
    const { config } = this;
    this.startup.log.info("mcp stdio ready", {
      wire: config.wire,
      roots: [...this.startup.policy.roots],
      toolset: config.toolset,
    });
  }

  private readonly onData = (chunk: Buffer): void => {
    let lines: string[];
    try {
      lines = this.reader.push(chunk);
    } catch (error) {
      // Over the limit: the SDK reader's rule, error and close (D25).
      this.transportError(error);
      this.stop();
      return;
    }
    for (const line of lines) this.take(line);
  };

  /** One input line: answered by the front, or kept for the SDK. */
  private take(line: string): void {
    if (this.deferred) {
      this.pending.push(line);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return; // the SDK skips a line that is not JSON, silently
    }
    const reply = frontReply(FRONT_DATA, this.config.toolset, this.session, message);
    if (!reply) {
      this.pending.push(line);
      if (this.session !== undefined && isInitializedNotification(message)) return;
      this.deferred = true;
      this.load();
      return;
    }
    process.stdout.write(reply.line);
    this.startup.log.debug("stdio front answered", { method: reply.method });
    if (reply.session) {
      this.session = reply.session;
      this.initialize = { id: reply.id, answer: reply.line };
      this.pending.push(line);
    } else if (reply.method === "tools/list") {
      // Not earlier: a load started at spawn delayed a tools/list sent after the initialize answer
      // by 7–19 ms (median), up to 290 ms when it landed in the SDK's evaluation (SHIP-9).
      this.load();
    }
  }

  /** Loads the SDK-bearing chunk (once) and hands the connection over. */
  private load(): void {
    if (this.loading || this.stopped) return;
    this.loading = true;
    this.loadPending = true;
    import("../../entries/mcp").then(
      (sdk) => {
        this.loadPending = false;
        if (this.stopped) return;
        try {
          this.handOver(sdk);
        } catch (error) {
          this.fail(error);
        }
      },
      (error) => {
        this.loadPending = false;
        this.fail(error);
      },
    );
  }

  private handOver(sdk: typeof import("../../entries/mcp")): void {
    const { log } = this.startup;
    this.detachIo();
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
    const opened = this.initialize;
    sdk.serveMcpStdio(this.startup, this.config, {
      reader: this.reader,
      lines: this.pending.splice(0),
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
  }

  /**
   * Stdin end before the handover (SEC-34). With lines waiting for the SDK (a request the front does
   * not answer) the load goes on and the SDK gets the connection with its input already ended: it
   * answers those lines, writes the answers, then stops. With none, this is shutdown.
   */
  private readonly onEnd = (): void => {
    if (!this.deferred || this.stopped) {
      this.stop();
      return;
    }
    this.detachIo();
  };

  /**
   * Shutdown (§11.6) before the handover: nothing runs yet. The process exits (0) once a load in
   * flight has settled (it is never handed the connection); a signal does not wait for the load
   * (onSignal).
   */
  private readonly stop = (): void => {
    if (this.stopped) return;
    this.stopped = true;
    this.detachIo();
    process.exitCode ??= 0;
    process.stdin.destroy();
  };

  /** A signal exits as soon as what the front wrote is flushed, even during the SDK load. */
  private readonly onSignal = (): void => {
    this.stop();
    if (!this.loadPending) return;
    const { stdout } = process;
    if (stdout.writableLength === 0) process.exit();
    else stdout.once("drain", () => process.exit());
  };

  private readonly onStdoutError = (error: Error): void => {
    this.transportError(error);
    this.stop();
  };

  private detachIo(): void {
    process.stdin.off("data", this.onData);
    process.stdin.off("end", this.onEnd);
    process.stdin.off("close", this.onEnd);
    process.stdout.off("error", this.onStdoutError);
  }

  private fail(error: unknown): void {
    this.startup.log.error("the MCP SDK failed to load", {
      error: error instanceof Error ? error.message : String(error),
    });
    process.exitCode = 2;
    this.stop();
  }

  private transportError(error: unknown): void {
    this.startup.log.warn("stdio transport error", { error: error instanceof Error ? error.message : String(error) });
  }
}
