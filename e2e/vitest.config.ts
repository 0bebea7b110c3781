import { defineConfig } from "vitest/config";

// The end-to-end suite (docs/e2e.md): real harnesses against a scripted mock model. Files run
// one at a time: each starts a harness, its MCP server and hooks, on a 2-core machine.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.test.ts"],
    exclude: [".harnesses/**", "node_modules/**"],
    globalSetup: ["lib/install.global.ts"],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
  },
});
