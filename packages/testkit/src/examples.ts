// The worked examples of formats.md §11, as fresh objects (tests mutate their copies).

/** Example 1 — a Plan. */
export function EXAMPLE_1(): {
  apiVersion: "axiom.dev/v2";
  kind: "Plan";
  name: string;
  intent: string;
  capabilities: string[];
  artifacts: Record<string, unknown>[];
  checks: Record<string, unknown>[];
} {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "add-greeting",
    intent: "Add a greeting module, refresh the README, drop the stub",
    capabilities: ["fs"],
    artifacts: [
      { path: "src/greet.ts", source: { type: "inline", content: 'export const greeting = "hi";\n' } },
      { path: "README.md", op: "overwrite", source: { type: "inline", content: "# demo\n" } },
      { path: "src/old.ts", op: "delete" },
    ],
    checks: [{ id: "no-secrets", predicate: "content.noSecrets", params: {} }],
  };
}
