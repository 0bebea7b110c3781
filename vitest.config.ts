import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "scripts/test/**/*.test.ts"],
    // Builds packages/mcp/dist once: CLI tests run the built bin as a child process.
    globalSetup: ["scripts/test/build-cli.global.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
