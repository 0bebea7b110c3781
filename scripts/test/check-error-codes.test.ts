// scripts/check-error-codes.mjs (formats.md §12.5): "CI fails when (a) an "ERR_*" string literal in
// source is not an ERROR_CODES member (Node's codes of §12.4 allowlisted by name), or (b) an
// ERROR_CODES member is never raised in source or never asserted by a behavioural test."
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { checkErrorCodes, pruneBaseline, readErrorCodes } from "../check-error-codes.mjs";
import { type FixtureRepo, fixtureRepo } from "./fixture-repo";

const repoRoot = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const script = join(repoRoot, "scripts/check-error-codes.mjs");

const ERRORS_TS = `export const ERROR_CODES = ["ERR_EXISTS", "ERR_NOT_FOUND"] as const;\n`;

let fixture: FixtureRepo | undefined;
afterEach(() => fixture?.cleanup());

function healthy(extra: Record<string, string> = {}): FixtureRepo {
  fixture = fixtureRepo({
    "packages/schema/src/errors.ts": ERRORS_TS,
    "packages/plan/src/a.ts": `export const a = () => { throw new Error("ERR_EXISTS"); };\nexport const b = "ERR_NOT_FOUND";\n`,
    "packages/plan/test/a.test.ts": `expect(code).toBe("ERR_EXISTS");\nexpect(code).toBe("ERR_NOT_FOUND");\n`,
    ...extra,
  });
  return fixture;
}

function runScript(repo: string) {
  return spawnSync(process.execPath, [script, "--repo", repo], { encoding: "utf8", shell: false });
}

describe("check-error-codes", () => {
  it("the real repository passes (every code raised and asserted, or baselined; no stale baseline entry)", () => {
    const { problems } = checkErrorCodes(repoRoot);
    expect(problems).toEqual([]);
  });

  it("reads the 66 codes of packages/schema/src/errors.ts in enum order", () => {
    const codes = readErrorCodes(repoRoot);
    expect(codes).toHaveLength(67);
    expect(codes[63]).toBe("ERR_INTERNAL");
    expect(codes[64]).toBe("ERR_RECOVERY_PENDING");
    expect(codes[65]).toBe("ERR_USAGE");
    expect(codes[66]).toBe("ERR_ESCAPE_DETECTED");
  });

  it("a fixture where every code is raised and asserted passes (exit 0)", () => {
    const repo = healthy();
    expect(checkErrorCodes(repo.dir).problems).toEqual([]);
  });

  it('"scripts/check-error-codes.mjs on a source file containing "ERR_FOO" → fails"', () => {
    const repo = healthy({ "packages/apply/src/x.ts": `export const code = "ERR_FOO";\n` });
    const { problems } = checkErrorCodes(repo.dir);
    expect(problems).toEqual([`packages/apply/src/x.ts:1: "ERR_FOO" is not an ERROR_CODES member`]);
    const run = runScript(repo.dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('"ERR_FOO" is not an ERROR_CODES member');
  });

  it("Node's ERR_PARSE_ARGS_*, ERR_MODULE_NOT_FOUND and ERR_UNKNOWN_BUILTIN_MODULE are allowlisted by name; comments never count", () => {
    const repo = healthy({
      "packages/mcp/src/x.ts": [
        `if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") usage();`,
        `if (e.code === "ERR_MODULE_NOT_FOUND" || e.code === 'ERR_UNKNOWN_BUILTIN_MODULE') map();`,
        `// a comment naming "ERR_BAR" is not a literal`,
        `const re = /"ERR_BAZ"/;`,
      ].join("\n"),
    });
    expect(checkErrorCodes(repo.dir).problems).toEqual([]);
  });

  it("a template literal `ERR_FOO` (no substitution) counts as a literal", () => {
    const repo = healthy({ "packages/apply/src/x.ts": "export const code = `ERR_FOO`;\n" });
    expect(checkErrorCodes(repo.dir).problems).toHaveLength(1);
  });

  it('"on an enum member with no asserting test → fails"', () => {
    const repo = healthy({ "packages/plan/test/a.test.ts": `expect(code).toBe("ERR_EXISTS");\n` });
    expect(checkErrorCodes(repo.dir).problems).toEqual([
      "ERR_NOT_FOUND is never asserted by a test in packages/*/test",
    ]);
  });

  it("a member raised only in errors.ts (its definition) is not raised", () => {
    const repo = healthy({ "packages/plan/src/a.ts": `export const a = "ERR_EXISTS";\n` });
    expect(checkErrorCodes(repo.dir).problems).toEqual(["ERR_NOT_FOUND is never raised in packages/*/src"]);
  });

  it("a baselined gap passes; a stale baseline entry (now raised / asserted) fails, so the baseline only shrinks", () => {
    const repo = healthy({ "packages/plan/src/a.ts": `export const a = "ERR_EXISTS";\n` });
    repo.write("scripts/error-codes-baseline.json", JSON.stringify({ notRaised: ["ERR_NOT_FOUND"], notAsserted: [] }));
    expect(checkErrorCodes(repo.dir).problems).toEqual([]);

    repo.write(
      "scripts/error-codes-baseline.json",
      JSON.stringify({ notRaised: ["ERR_NOT_FOUND"], notAsserted: ["ERR_EXISTS"] }),
    );
    repo.write("packages/plan/src/a.ts", `export const a = "ERR_EXISTS";\nexport const b = "ERR_NOT_FOUND";\n`);
    const { problems } = checkErrorCodes(repo.dir);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/ERR_NOT_FOUND is raised now .*remove it from notRaised/);
    expect(problems[1]).toMatch(/ERR_EXISTS is asserted now .*remove it from notAsserted/);
  });

  it("--prune-baseline removes stale entries and never adds one", () => {
    const repo = healthy();
    repo.write("scripts/error-codes-baseline.json", JSON.stringify({ notRaised: ["ERR_NOT_FOUND"], notAsserted: [] }));
    // The command-line form: prune, then check (exit 0 once the stale entry is gone).
    execFileSync(process.execPath, [script, "--repo", repo.dir, "--prune-baseline"], { shell: false, stdio: "pipe" });
    expect(JSON.parse(readFileSync(join(repo.dir, "scripts/error-codes-baseline.json"), "utf8"))).toEqual({
      notRaised: [],
      notAsserted: [],
    });
    expect(pruneBaseline(repo.dir)).toEqual({ notRaised: [], notAsserted: [] });
  });

  it("a baseline entry that is not an ERROR_CODES member fails", () => {
    const repo = healthy();
    repo.write("scripts/error-codes-baseline.json", JSON.stringify({ notRaised: ["ERR_NOPE"], notAsserted: [] }));
    expect(checkErrorCodes(repo.dir).problems).toEqual([
      'scripts/error-codes-baseline.json: "ERR_NOPE" is not an ERROR_CODES member',
    ]);
  });
});
