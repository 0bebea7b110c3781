// MCP-13: the confirm call loads its profile once. mcp.md §5.4 step 7 loads it before intent and
// lock; the apply engine's pre-apply checks then use that resolved profile instead of reading the
// same profile files again.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ManifestBundle } from "@codai/axiom-schema";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ApplyOpts, Engines } from "../src/server/engines";
import { defaultEngines } from "../src/server/engines-default";
import { buildWritePlan } from "../src/server/tools/write-tool";
import { tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

let R: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  R = await tempRoot();
});
afterEach(async () => {
  await R.cleanup();
});

/** A root profile that denies everything under src/ (so its own finding shows it was used). */
async function teamProfile(root: string): Promise<string> {
  const dir = join(root, ".axiom", "profiles");
  await mkdir(dir, { recursive: true });
  const file = join(dir, "team.json");
  const profile = {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name: "team",
    checks: [{ id: "team.denySrc", predicate: "path.deny", params: { globs: ["src/**"] }, severity: "error" }],
  };
  await writeFile(file, JSON.stringify(profile));
  return file;
}

describe("confirm loads the profile once (MCP-13)", () => {
  test("axiom_write confirm: apply receives the very profile step 7 loaded, and loadProfile runs once", async () => {
    const base = defaultEngines();
    const loaded: unknown[] = [];
    const applied: ApplyOpts[] = [];
    const engines: Engines = {
      ...base,
      async loadProfile(name, dirs) {
        const p = await (base.loadProfile as NonNullable<Engines["loadProfile"]>)(name, dirs);
        loaded.push(p);
        return p;
      },
      async apply(opts) {
        applied.push(opts);
        return (base.apply as NonNullable<Engines["apply"]>)(opts);
      },
    };
    const h = inProcess([R.dir], { engines });
    const files = [{ path: "src/a.txt", content: "alpha\n" }];
    const p = (await h.call("axiom_write", { files })).structuredContent as { status: string; manifestDigest: string };
    expect(p.status).toBe("preview");
    expect(applied.map((o) => o.loadedProfile)).toEqual([undefined]);
    loaded.length = 0;
    const c = (await h.call("axiom_write", { files, confirmDigest: p.manifestDigest })).structuredContent as {
      status: string;
    };
    expect(c.status).toBe("applied");
    expect(loaded).toHaveLength(1);
    expect(applied).toHaveLength(2);
    expect(applied[1]?.loadedProfile).toBe(loaded[0]);
  });

  test("the engine's checks run with the profile it is handed, without reading the profile files again", async () => {
    const file = await teamProfile(R.dir);
    const engines = defaultEngines();
    const profile = await (engines.loadProfile as NonNullable<Engines["loadProfile"]>)("team", [
      join(R.dir, ".axiom", "profiles"),
    ]);
    await rm(file);
    const { bundle } = await (engines.compilePlan as NonNullable<Engines["compilePlan"]>)(
      buildWritePlan([{ path: "src/a.txt", content: "a\n" }], "", "team"),
      { store: "inline", root: R.dir },
    );
    const run = (loadedProfile?: Record<string, unknown>) =>
      (engines.apply as NonNullable<Engines["apply"]>)({
        bundle: bundle as ManifestBundle,
        root: R.dir,
        mode: "dry-run",
        profile: "team",
        allowGuards: false,
        guardAllowlist: [],
        loadedProfile,
      });
    const handed = await run(profile);
    expect(handed.report?.profile).toBe("team");
    expect(handed.report?.verdict).toBe("fail");
    expect(handed.report?.findings.map((f) => f.id)).toContain("path.deny");
    // Loading it again now would fail: the file is gone.
    await expect(run(undefined)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
  });
});
