// APL-10 seen from checks: a dry-run hands runChecks a `stage()` that writes the staging directory
// on demand; runChecks awaits it before the first guard runs and never calls it without a guard.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runChecks } from "../src/index";
import { guardCheck, guardRoot, runGuards, smallBundle } from "./guard-helpers";
import { profileOf, tempRoot } from "./helpers";

describe("staging on demand (apply.md §5.4, APL-10)", () => {
  it('§5.4 a guard with cwd "staging" runs after stage() created the staging directory, staged once', async () => {
    const root = await guardRoot();
    const staging = join(await tempRoot(), "staging-not-yet");
    let calls = 0;
    const report = await runGuards(root, [guardCheck({ command: "stdin.mjs", cwd: "staging", stdin: "none" })], {
      stagingDir: staging,
      stage: async () => {
        calls++;
        await mkdir(staging);
      },
    });
    expect(calls).toBe(1);
    expect(report.findings[0]?.facts.cwd).toBe(staging);
    expect(report.findings.map((f) => f.facts.code)).not.toContain("ERR_GUARD_OUTPUT");
  });

  it("§5.4 without a guard to run, stage() is never called", async () => {
    const root = await tempRoot();
    let calls = 0;
    const report = await runChecks({
      bundle: smallBundle(),
      profile: profileOf([{ id: "n", predicate: "manifest.maxArtifacts", params: { max: 10 } }]),
      root,
      allowGuards: true,
      stagingDir: join(root, "staging"),
      stage: async () => {
        calls++;
      },
    });
    expect(report.verdict).toBe("pass");
    expect(calls).toBe(0);
  });
});
