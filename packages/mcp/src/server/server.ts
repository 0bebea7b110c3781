// createServer / serverFactory / parseToolset (mcp.md §1, §4): one McpServer per stdio connection,
// 2025-era HTTP session or 2026-era HTTP request, all sharing one task store, one plan-session store
// and one seen-roots set per factory.
import { axiomError, type EmitterRegistry, toErrorObject } from "@codai/axiom-schema";
import type { Workflow } from "@codai/axiom-workflow";
import { type Logger, SILENT_LOGGER } from "../common/logging";
import { resolveToolRootReal } from "../common/roots";
import { RELEASE_VERSION } from "../common/version";
import {
  acceptingSchema,
  CACHE_HINTS,
  clientCapabilitiesOf,
  humanRoundOf,
  McpServer,
  type McpServerFactory,
  requestSignalOf,
  type WireEra,
} from "./adapter";
import type { GuardOptions, RootsPolicy, ServerContext } from "./context";
import { errorResult, runTool } from "./envelope";
import { AuditBaselines } from "./human/tamper";
import type { PlanSessionStore } from "./plan-sessions";
import { registerResources } from "./resources";
import { TaskStore } from "./tasks";
import { TOOL_CATALOG } from "./tools/catalog";
import { type ToolDef, type Toolset, USER_INTERACTION_TOOLS } from "./tools/types";
import { loadWorkflow } from "./workflow-loader";

export type { Toolset };

export interface CreateServerOptions {
  toolset?: Toolset;
  requireHuman?: boolean;
  log?: Logger;
  guards?: GuardOptions;
  emitters?: EmitterRegistry;
  era?: WireEra;
  /** `axiom mcp --profile` (D26). */
  profile?: string;
  /** `axiom mcp --allow-profile` (D26). */
  allowProfiles?: readonly string[];
  /** The use cases (tests replace members); absent → @codai/axiom-workflow, loaded on first use. */
  workflow?: Workflow;
  tasks?: TaskStore;
  planSessions?: PlanSessionStore;
  seenRoots?: Set<string>;
  /** Start-up's elicitation audit (shared by every instance of one process); absent → a fresh one. */
  auditBaselines?: AuditBaselines;
  /** Per-leg timeout of the 2025 legacy shim's elicitation (mcp.md §8.4: 600000); tests inject less. */
  inputRoundTimeoutMs?: number;
  /** Root resolution of §3.2; roots.ts `resolveToolRootReal` when absent. */
  resolveRoot?: (policy: RootsPolicy, requested: string | undefined, opts: { lockTaking: boolean }) => Promise<string>;
}

export function parseToolset(value: unknown): Toolset {
  if (value === undefined) return "core";
  if (value === "core" || value === "full") return value;
  throw axiomError("ERR_INTERNAL", {
    message: "--tools must be one of core|full",
    details: { value, allowed: ["core", "full"] },
  });
}

function workflowOf(given: Workflow | undefined): () => Promise<Workflow> {
  if (given === undefined) return loadWorkflow;
  const ready = Promise.resolve(given);
  return () => ready;
}

function depsOf(policy: RootsPolicy, options: CreateServerOptions): ServerContext {
  const resolve = options.resolveRoot ?? resolveToolRootReal;
  return {
    policy,
    toolset: parseToolset(options.toolset),
    requireHuman: options.requireHuman === true,
    log: options.log ?? SILENT_LOGGER,
    guards: options.guards ?? { allowGuards: false, guardAllowlist: [] },
    emitters: options.emitters,
    serverProfile: options.profile ?? "default",
    allowProfiles: options.allowProfiles ?? [],
    tasks: options.tasks ?? new TaskStore(),
    shutdown: new AbortController(),
    sessions: options.planSessions,
    seenRoots: options.seenRoots ?? new Set(),
    auditBaselines: options.auditBaselines ?? new AuditBaselines(),
    workflow: workflowOf(options.workflow),
    resolveRoot: (requested, opts) => resolve(policy, requested, opts),
  };
}

/** Aborted when the client cancels the request or the server shuts down, whichever comes first. */
function callSignal(shutdown: AbortSignal, request: AbortSignal | undefined): AbortSignal {
  return request === undefined ? shutdown : AbortSignal.any([shutdown, request]);
}

/** The registerTool configs of one toolset, built once per process: every instance shares them. */
const toolConfigs = new Map<Toolset, readonly { name: string; config: Record<string, unknown> }[]>();

function configsOf(toolset: Toolset) {
  let list = toolConfigs.get(toolset);
  if (list) return list;
  list = TOOL_CATALOG.filter((t) => toolset === "full" || t.toolset === "core").map((t) => ({
    name: t.name,
    config: {
      title: t.title,
      description: t.description,
      inputSchema: acceptingSchema(t.inputSchema),
      outputSchema: acceptingSchema(t.outputSchema),
      annotations: { title: t.title, ...t.annotations },
      ...(USER_INTERACTION_TOOLS.has(t.name) ? { _meta: { "anthropic/requiresUserInteraction": true } } : {}),
    },
  }));
  toolConfigs.set(toolset, list);
  return list;
}

// The tool definitions (Zod schemas and handlers) load on the first tools/call, from a chunk of their
// own: tools/list is served from TOOL_CATALOG alone (SHIP-8).
let toolDefs: Promise<ReadonlyMap<string, ToolDef>> | undefined;

function loadToolDefs(): Promise<ReadonlyMap<string, ToolDef>> {
  toolDefs ??= import("./tools/registry").then(
    (m) => new Map(m.TOOL_DEFS.map((d) => [d.name, d])),
    (err: unknown) => {
      toolDefs = undefined; // a later call retries
      throw err;
    },
  );
  return toolDefs;
}

/**
 * The definition of a catalogued tool. The workflow chunk loads alongside the tool chunk, so the
 * first call waits for one round of loads, not two (a handler then finds it loaded).
 */
async function toolDefOf(name: string, deps: ServerContext): Promise<ToolDef> {
  const [defs] = await Promise.all([loadToolDefs(), deps.workflow()]);
  const def = defs.get(name);
  if (!def) throw axiomError("ERR_INTERNAL", { message: `tool ${name} has no definition`, details: { tool: name } });
  return def;
}

/** Builds one instance over already-shared deps. */
function buildServer(deps: ServerContext, era: WireEra, roundTimeoutMs = 600_000): McpServer {
  const server = new McpServer({ name: "axiom", version: RELEASE_VERSION }, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, completions: {} },
    cacheHints: CACHE_HINTS,
    inputRequired: { legacyShim: true, maxRounds: 8, roundTimeoutMs },
  } as ConstructorParameters<typeof McpServer>[1]);
  for (const { name, config } of configsOf(deps.toolset)) {
    server.registerTool(
      name,
      config as never,
      (async (args: unknown, ctx: Parameters<typeof clientCapabilitiesOf>[1]) => {
        const call = {
          deps,
          era,
          clientCapabilities: () => clientCapabilitiesOf(server, ctx, era),
          signal: callSignal(deps.shutdown.signal, requestSignalOf(ctx)),
          humanRound: () => humanRoundOf(ctx),
        };
        let def: ToolDef;
        try {
          def = await toolDefOf(name, deps);
        } catch (err) {
          // Handlers never throw to the SDK (mcp.md §6): a chunk that fails to load is an isError result.
          const error = toErrorObject(err);
          deps.log.warn("tool failed", { tool: name, error });
          return errorResult(error);
        }
        return runTool(def, args, call, deps.log);
      }) as never,
    );
  }
  registerResources(server, deps);
  deps.log.info("server created", {
    name: "axiom",
    version: RELEASE_VERSION,
    era,
    roots: [...deps.policy.roots],
    toolset: deps.toolset,
  });
  return server;
}

export function createServer(policy: RootsPolicy, options: CreateServerOptions = {}): McpServer {
  return buildServer(depsOf(policy, options), options.era ?? "legacy", options.inputRoundTimeoutMs);
}

/** A factory for serveStdio / the HTTP handlers; every instance shares one set of stores. */
export function serverFactory(
  policy: RootsPolicy,
  options: CreateServerOptions = {},
): McpServerFactory & { deps: ServerContext } {
  const deps = depsOf(policy, options);
  const factory = ((ctx: { era?: WireEra }) =>
    buildServer(deps, ctx?.era ?? "legacy", options.inputRoundTimeoutMs)) as McpServerFactory & {
    deps: ServerContext;
  };
  factory.deps = deps;
  return factory;
}
