// Shared shapes of the gate (hooks-doctor.md §2). The gate chunk imports no workspace barrel but
// @codai/axiom-rules (zero-dependency): every other @codai/* index pulls zod (~750 KB), far over the
// 300 KB budget of §2.14.

export type ToolClass = "write" | "shell" | "other";
/** The harnesses `axiom gate --harness` names (decisions HOOK-20). */
export type Harness = "claude" | "codex" | "copilot" | "gemini" | "vscode" | "cursor";
export const HARNESSES: readonly Harness[] = ["claude", "codex", "copilot", "gemini", "vscode", "cursor"];
/** "all": native edits inside the root are routed to axiom_write; "protected": only protected paths are denied. */
export type RouteMode = "all" | "protected";
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
  /** --harness: names the harness; absent = detected from the payload (harness.ts). */
  harness?: Harness;
  /** --route: wins over the gate profile's `route`. */
  route?: RouteMode;
}

/** A denial: `code` is an ERR_* code or a predicate finding id (§2.10). */
export interface Denial {
  code: string;
  message: string;
  path?: string;
  /** True for the fail-closed cases of §2.11 that --fail-open turns into an allow. */
  failClosed?: boolean;
  /** A route-mode denial: the harness's name of AXIOM's write tool (output `axiom.route`). */
  route?: string;
}
