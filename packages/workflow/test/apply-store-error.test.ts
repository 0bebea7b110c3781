// applyBundle step 9 (mcp.md §5.4, cli.md §7.9 step 7): a store that fails after the engine
// applied is reported as `storeError`, never thrown — the result stands, and each front end decides
// (MCP: isError; CLI: ignored). The store's one writer is made to fail for non-durable writes only
// (the engine's own durable store before its intent still succeeds).
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test, vi } from "vitest";
import { applyBundle } from "../src/index";
import { NO_GUARDS, oneFileBundle } from "./helpers";

const failing = vi.hoisted(() => ({ on: false }));

vi.mock("@codai/axiom-store", async (importOriginal) => {
  const real = await importOriginal<typeof import("@codai/axiom-store")>();
  return {
    ...real,
    storeBundle: async (...args: Parameters<typeof real.storeBundle>) => {
      if (failing.on && args[2].durable === false) throw new Error("disk full");
      return real.storeBundle(...args);
    },
  };
});

describe("applyBundle: a failed store after the apply", () => {
  test("→ storeError is the thrown value, the result is still `applied`, the files are written", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "alpha\n");
    failing.on = true;
    try {
      const out = await applyBundle({
        bundle,
        root: repo.root,
        profile: "default",
        mode: "fs",
        confirmDigest: bundle.manifestDigest,
        guards: NO_GUARDS,
      });
      expect(out.result.status).toBe("applied");
      expect((out.storeError as Error).message).toBe("disk full");
      expect(await repo.read("a.txt")).toBe("alpha\n");
    } finally {
      failing.on = false;
    }
  });
});
