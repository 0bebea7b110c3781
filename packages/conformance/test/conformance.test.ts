// mcp.md §16: the official conformance suite 0.1.16 against the built `axiom mcp --http`, with the
// expected-failures baseline of §16.2. Skips with a note when no Node ≥ 22 exists outside CI.
import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
// @ts-expect-error: plain ESM helper without type declarations
import { findNode22 } from "../src/node22.mjs";
// @ts-expect-error: plain ESM runner without type declarations (it also runs standalone in CI)
import { BASELINE, runConformance } from "../src/run.mjs";

const REQUIRED = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

async function baselineNames(): Promise<string[]> {
  const text = await readFile(BASELINE, "utf8");
  return text
    .split("\n")
    .map((l) => /^\s*-\s*([\w:-]+)/.exec(l)?.[1])
    .filter((n): n is string => n !== undefined);
}

const node22 = findNode22() as string | undefined;
if (!node22 && !process.env.CI) console.warn("conformance: skipped, no Node >= 22 available (CI fails instead)");

describe.skipIf(!node22 && !process.env.CI)("MCP conformance suite 0.1.16 (mcp.md §16)", () => {
  test("baseline.yml lists exactly the 24 expected failures of §16.2, each with its reason", async () => {
    const names = await baselineNames();
    expect(names).toHaveLength(24);
    expect(new Set(names).size).toBe(24);
    for (const r of REQUIRED) expect(names).not.toContain(r);
    const text = await readFile(BASELINE, "utf8");
    for (const line of text.split("\n").filter((l) => /^\s*-/.test(l))) expect(line).toMatch(/#\s*\S/);
  });

  test("conformance run against the built CLI → exit 0, the 6 required scenarios pass, exactly the 24 baselined fail", async () => {
    const result = await runConformance();
    expect(result.skipped, result.reason).toBe(false);
    if (result.exitCode !== 0) console.error(result.output, result.serverStderr);
    expect(result.exitCode).toBe(0);
    const results = result.results as Record<string, { status: string }[]>;
    const failed = (name: string) => (results[name] ?? []).some((c) => c.status === "FAILURE");
    for (const name of REQUIRED) {
      expect(results[name], `scenario ${name} ran`).toBeDefined();
      expect(failed(name), `scenario ${name} passes`).toBe(false);
    }
    const failures = Object.keys(results).filter(failed).sort();
    expect(failures).toEqual((await baselineNames()).sort());
    expect(Object.keys(results)).toHaveLength(30);
  }, 300_000);
});
