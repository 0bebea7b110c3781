// JSON-line logger for `axiom mcp` (mcp.md §13): stderr only, keys `level`, `ts`, `msg` first, then
// the event's fields. stdout belongs to the JSON-RPC transport, so nothing here ever touches it.
export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  readonly level: LogLevel;
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === "string" && (LOG_LEVELS as readonly string[]).includes(value);
}

const RESERVED = new Set(["level", "ts", "msg"]);

/** One log line; reserved names in `fields` are dropped so the first three keys stay fixed. */
export function formatLogLine(
  level: LogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
  now = new Date(),
): string {
  const line: Record<string, unknown> = { level, ts: now.toISOString(), msg };
  for (const [k, v] of Object.entries(fields)) if (!RESERVED.has(k)) line[k] = v;
  return `${JSON.stringify(line, errorReplacer)}\n`;
}

// Errors are not JSON-serialisable by default; log their message (never a stack with secrets).
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return value.message;
  if (typeof value === "bigint") return value.toString();
  return value;
}

export function createLogger(
  level: LogLevel = "warn",
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(at) > rank) return;
    try {
      write(formatLogLine(at, msg, fields));
    } catch {
      // A broken stderr must never take the server down.
    }
  };
  return { level, error: emit("error"), warn: emit("warn"), info: emit("info"), debug: emit("debug") };
}

/** The default for embedders: drops everything (mcp.md §4.3 `log` default "silent"). */
export const SILENT_LOGGER: Logger = {
  level: "error",
  error() {},
  warn() {},
  info() {},
  debug() {},
};
