// The engines of `axiom mcp` (mcp-lazy.ts): engines-default.ts loaded on first use, as a chunk of its
// own, so that server start-up evaluates none of plan / checks / apply / axm (decisions SHIP-8).
import { axiomError } from "@codai/axiom-schema";
import type { Engines } from "./engines";

type Loaded = Omit<Required<Engines>, "ready">;
type Fn = (...args: never[]) => unknown;

export function lazyEngines(): Engines {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> => {
    loading ??= import("./engines-default").then(
      (m) => (loaded = m.defaultEngines() as Loaded),
      (err: unknown) => {
        loading = undefined; // a later call retries
        throw err;
      },
    );
    return loading;
  };
  /** An asynchronous engine: its first call waits for the chunk. */
  const later = <K extends keyof Loaded>(name: K) =>
    (async (...args: Parameters<Loaded[K] & Fn>) => ((await load())[name] as Fn)(...args)) as unknown as Loaded[K];
  /** A synchronous engine: callable once ready() has resolved (the server awaits it before each use). */
  const now = <K extends keyof Loaded>(name: K) =>
    ((...args: Parameters<Loaded[K] & Fn>) => {
      if (!loaded)
        throw axiomError("ERR_INTERNAL", {
          message: `engine ${name} was called before the engines loaded`,
          details: { engine: name },
        });
      return (loaded[name] as Fn)(...args);
    }) as unknown as Loaded[K];
  // Exactly the engines defaultEngines() provides (a test holds the two lists equal): a missing one
  // must stay missing, so that its tools fail with ERR_UNSUPPORTED_OP (engines.ts `need`).
  return {
    ready: async () => {
      await load();
    },
    compilePlan: later("compilePlan"),
    validatePlan: later("validatePlan"),
    intakeBundle: now("intakeBundle"),
    verifyBundle: later("verifyBundle"),
    diffManifests: now("diffManifests"),
    storeBundle: later("storeBundle"),
    readStoredBundle: later("readStoredBundle"),
    isApplied: later("isApplied"),
    loadProfile: later("loadProfile"),
    runChecks: later("runChecks"),
    apply: later("apply"),
    rollback: later("rollback"),
    status: later("status"),
    lockStatus: later("lockStatus"),
    snapshot: later("snapshot"),
    chainLog: later("chainLog"),
    treeMatches: later("treeMatches"),
    parseAxm: later("parseAxm"),
    schemaDocument: now("schemaDocument"),
  };
}
