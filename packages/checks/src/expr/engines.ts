// Lazy engine loaders for expr.cel and expr.cedar (README principle 7: heavy optional parts load
// only when used). Both are injectable so a missing engine can be tested as a provider failure.

/** The slice of @marcbachmann/cel-js the predicate uses on the main thread (parsing only). */
export interface CelEngine {
  Environment: new () => {
    registerVariable(name: string, type: string): unknown;
    parse(expression: string): { ast: unknown };
  };
}

/** The slice of @cedar-policy/cedar-wasm (nodejs entry) the predicate uses. */
export interface CedarEngine {
  policySetTextToParts(
    text: string,
  ):
    | { type: "success"; policies: string[]; policy_templates: string[] }
    | { type: "failure"; errors: { message: string }[] };
  isAuthorized(call: unknown): CedarAnswer;
  /** Parses a policy set once into the engine's thread-local cache (used when present). */
  preparsePolicySet?(
    id: string,
    policies: unknown,
  ): { type: "success" } | { type: "failure"; errors: { message: string }[] };
  statefulIsAuthorized?(call: unknown): CedarAnswer;
}

export type CedarAnswer =
  | { type: "failure"; errors: { message: string }[] }
  | {
      type: "success";
      response: {
        decision: "allow" | "deny";
        diagnostics: { reason: string[]; errors: { policyId: string; error: { message: string } }[] };
      };
    };

export type EngineLoader<E> = () => Promise<E>;

export const loadCelEngine: EngineLoader<CelEngine> = async () =>
  (await import("@marcbachmann/cel-js")) as unknown as CelEngine;

export const loadCedarEngine: EngineLoader<CedarEngine> = async () => {
  const mod = (await import("@cedar-policy/cedar-wasm/nodejs")) as unknown as CedarEngine & { default?: CedarEngine };
  // The nodejs entry is CommonJS: named exports may only exist on `default`.
  const engine = typeof mod.isAuthorized === "function" ? mod : mod.default;
  if (!engine || typeof engine.isAuthorized !== "function" || typeof engine.policySetTextToParts !== "function") {
    throw new Error("the Cedar engine does not expose isAuthorized/policySetTextToParts");
  }
  return engine;
};

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
