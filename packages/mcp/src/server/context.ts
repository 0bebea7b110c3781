// Per-process server state shared by every instance one factory builds (mcp.md §4.3): the roots
// policy, options, the task and plan-session stores, the seen-roots set and the workflow seam.
import type { EmitterRegistry } from "@codai/axiom-schema";
import type { Workflow } from "@codai/axiom-workflow";
import type { Logger } from "../common/logging";
import type { RootsPolicy } from "../common/roots";
import type { AuditBaselines } from "./human/tamper";
import type { PlanSessionStore } from "./plan-sessions";
import type { TaskStore } from "./tasks";
import type { Toolset } from "./tools/types";

export type { RootsPolicy };

export interface GuardOptions {
  allowGuards: boolean;
  guardAllowlist: string[];
}

export interface ServerContext {
  policy: RootsPolicy;
  toolset: Toolset;
  requireHuman: boolean;
  log: Logger;
  guards: GuardOptions;
  emitters: EmitterRegistry | undefined;
  /** `axiom mcp --profile` (D26); "default" when absent. */
  serverProfile: string;
  /** `axiom mcp --allow-profile` names (D26). */
  allowProfiles: readonly string[];
  tasks: TaskStore;
  /** Aborted once at server shutdown (§11.6): reaches every in-flight synchronous call's work. */
  shutdown: AbortController;
  /**
   * Created by the session tools on first use (tools/session-tools.ts `sessionsOf`) unless given:
   * sessions.ts checks artifacts against the Plan schema, which start-up never builds (SHIP-8).
   */
  sessions?: PlanSessionStore;
  /** Roots (allowlisted or sub-roots) that received a stored document in this process (§3.3). */
  seenRoots: Set<string>;
  /** The start-up elicitation audit per root, compared before every confirm (human/tamper.ts, SEC-8). */
  auditBaselines: AuditBaselines;
  /**
   * The use cases of @codai/axiom-workflow every tool and resource calls: loaded as one lazy chunk on
   * first use (workflow-loader.ts), or the Workflow a test handed to createServer.
   */
  workflow(): Promise<Workflow>;
  /** §3.2: realpath of an allowed root; lock-taking tools accept only an allowlisted root itself. */
  resolveRoot(requested: string | undefined, opts: { lockTaking: boolean }): Promise<string>;
}

/** Server shutdown (mcp.md §11.6): abort every working task and every in-flight synchronous call. */
export function abortInFlight(deps: Pick<ServerContext, "tasks" | "shutdown">): void {
  deps.tasks.abortAll();
  deps.shutdown.abort();
}
