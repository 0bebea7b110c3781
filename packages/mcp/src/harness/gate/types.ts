// Shared shapes of the gate (hooks-doctor.md §2). The gate chunk imports no workspace barrel but
// @codai/axiom-rules (zero-dependency): every other @codai/* index pulls zod (~750 KB), far over the
// 300 KB budget of §2.14.

export type ToolClass = "write" | "shell" | "other";
export type LogLevel = "error" | "warn" | "info" | "debug";

/** One extracted write target before resolution. */
export interface RawTarget {
  /** The path text as the tool input or the command line spelled it. */
  raw: string;
  op: "write" | "delete";
  /** The text the tool writes (edit tools: only the replacement text). */
  content?: string;
}

/** A target after §2.8: a RelPath under the root. */
export interface ResolvedTarget {
  path: string;
  op: "write" | "delete";
  content?: string;
}

export interface GateOptions {
  root?: string;
  profile?: string;
  failOpen: boolean;
  shellScan: boolean;
  rootDiscovery: boolean;
  logLevel: LogLevel;
}

/** A denial: `code` is an ERR_* code or a predicate finding id (§2.10). */
export interface Denial {
  code: string;
  message: string;
  path?: string;
  /** True for the fail-closed cases of §2.11 that --fail-open turns into an allow. */
  failClosed?: boolean;
}
