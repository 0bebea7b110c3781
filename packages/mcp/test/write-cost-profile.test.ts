// MCP-13: the confirm call loads its profile once. mcp.md §5.4 step 7 loads it before intent and
// lock; the workflow's applyBundle hands that resolved profile to the pre-apply checks and to the
// anti-rollback rule instead of reading the same profile files again. Counted at the checks
// package's loadProfile, under the real server, tools and workflow.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { apply } from "@codai/axiom-apply";
import { loadProfile, makePreChecks, type PreChecksOptions } from "@codai/axiom-checks";
import type { CheckReport, ResolvedProfile } from "@codai/axiom-schema";
import { buildWritePlan, compilePlan } from "@codai/axiom-workflow";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

const seen = vi.hoisted(() => ({ loaded: [] as unknown[], handed: [] as unknown[] }));

vi.mock("@codai/axiom-checks", async (importOriginal) => {
  const real = await importOriginal<typeof import("@codai/axiom-checks")>();
  return {
    ...real,
    loadProfile: async (...args: Parameters<typeof real.loadProfile>) => {
      const profile = await real.loadProfile(...args);
      seen.loaded.push(profile);
      return profile;
    },
    makePreChecks: (opts: PreChecksOptions) => {
      seen.handed.push(opts.profile);
      return real.makePreChecks(opts);
    },
  };
});

let R: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  R = await tempRoot();
  seen.loaded.length = 0;
  seen.handed.length = 0;
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
  test("axiom_write preview and confirm: loadProfile runs once per call, and the pre-apply checks receive that very profile", async () => {
    const h = inProcess([R.dir]);
    const files = [{ path: "src/a.txt", content: "alpha\n" }];
    const p = (await h.call("axiom_write", { files })).structuredContent as { status: string; manifestDigest: string };
    expect(p.status).toBe("preview");
    expect(seen.loaded).toHaveLength(1);
    expect(seen.handed).toEqual([seen.loaded[0]]);
    seen.loaded.length = 0;
    seen.handed.length = 0;
    const c = (await h.call("axiom_write", { files, confirmDigest: p.manifestDigest })).structuredContent as {
      status: string;
    };
    expect(c.status).toBe("applied");
    expect(seen.loaded).toHaveLength(1);
    expect(seen.handed).toHaveLength(1);
    expect(seen.handed[0]).toBe(seen.loaded[0]);
  });

  test("axiom_apply: loadProfile runs once, and the pre-apply checks receive that very profile", async () => {
    const h = inProcess([R.dir]);
    const bundle = await compilePlan({ plan: buildWritePlan([{ path: "b.txt", content: "b\n" }], "", "default") });
    const r = (await h.call("axiom_apply", { bundle, confirmDigest: bundle.manifestDigest })).structuredContent as {
      status: string;
    };
    expect(r.status).toBe("applied");
    expect(seen.loaded).toHaveLength(1);
    expect(seen.handed).toEqual([seen.loaded[0]]);
  });

  test("the pre-apply checks run with the profile they are handed, without reading the profile files again", async () => {
    const file = await teamProfile(R.dir);
    const profile: ResolvedProfile = await loadProfile("team", { searchDirs: [join(R.dir, ".axiom", "profiles")] });
    await rm(file);
    const bundle = await compilePlan({
      plan: buildWritePlan([{ path: "src/a.txt", content: "a\n" }], "", "team"),
      root: R.dir,
    });
    const run = async (handed: string | ResolvedProfile) => {
      const preChecks = await makePreChecks({ bundle, root: R.dir, profile: handed });
      let report: CheckReport | undefined;
      await apply({
        bundle,
        root: R.dir,
        mode: "dry-run",
        preChecks: async (dir, o) => (report = await preChecks(dir, o)),
      });
      return report as CheckReport;
    };
    const report = await run(profile);
    expect(report.profile).toBe("team");
    expect(report.verdict).toBe("fail");
    expect(report.findings.map((f) => f.id)).toContain("path.deny");
    // Loading it again now would fail: the file is gone.
    await expect(run("team")).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
  });
});
