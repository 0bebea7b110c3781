// checks.md §6 acceptance lines 76–88 (+ the D26 helper behind line 89).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PROTECTED_PATHS } from "@codai/axiom-rules";
import { ProfileSchema } from "@codai/axiom-schema";
import { expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { allowedProfiles, loadProfile, runChecks, selectCliProfile, selectMcpProfile } from "../src/index";
import { makeBundle, tempRoot, writeTree } from "./helpers";

const profileFile = (name: string, body: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: "axiom.dev/v2", kind: "Profile", name, checks: [], ...body });

async function rootWithProfiles(files: Record<string, string>): Promise<{ root: string; searchDirs: string[] }> {
  const root = await tempRoot(Object.fromEntries(Object.entries(files).map(([n, t]) => [`.axiom/profiles/${n}`, t])));
  return { root, searchDirs: [join(root, ".axiom", "profiles")] };
}

async function expectProfileError(p: Promise<unknown>, details: Record<string, unknown> = {}) {
  const err = await expectCode(p, "ERR_INVALID_PROFILE");
  expect(err.details).toEqual(expect.objectContaining(details));
}

describe("built-in profiles (§6.2)", () => {
  it("76. Built-in default resolves to 7 checks in the order of §6.2; strict to 10 with manifest.noDeletes, deps.max, path.deny last; permissive to 1", async () => {
    const def = await loadProfile("default");
    expect(def.checks.map((c) => c.id)).toEqual([
      "path.reservedNames",
      "content.noSecrets",
      "manifest.maxArtifacts",
      "manifest.maxTotalBytes",
      "repo.noOverwriteOf",
      "harnessConfig.noOverwriteOf",
      "harnessConfig.deny",
    ]);
    expect(def.checks.every((c) => c.severity === "error")).toBe(true);
    expect(def.limits).toEqual({ maxArtifacts: 2000, maxTotalBytes: 67108864 });
    expect(def.facts).toEqual({ allowRepo: true, allowGuards: false });
    expect(def.checks[4]?.params).toEqual({ globs: [".git/**", ".axiom/**", "**/*.lock", "pnpm-lock.yaml", ".env*"] });
    expect(def.checks[5]).toEqual({
      id: "harnessConfig.noOverwriteOf",
      predicate: "repo.noOverwriteOf",
      params: { globs: [...PROTECTED_PATHS], nocase: true },
      severity: "error",
    });
    expect(def.checks[6]).toEqual({
      id: "harnessConfig.deny",
      predicate: "path.deny",
      params: { globs: [...PROTECTED_PATHS], nocase: true },
      severity: "error",
    });
    const strict = await loadProfile("strict");
    expect(strict.checks).toHaveLength(10);
    expect(strict.checks.slice(7).map((c) => c.id)).toEqual(["manifest.noDeletes", "deps.max", "path.deny"]);
    expect(strict.name).toBe("strict");
    expect("extends" in strict).toBe(false);
    const permissive = await loadProfile("permissive");
    expect(permissive.checks.map((c) => c.id)).toEqual(["path.reservedNames"]);
    expect(permissive.limits).toEqual({});
  });

  it("77. Plan writing .claude/settings.json (create, root-less) under default → path.deny finding from harnessConfig.deny, verdict fail; under permissive → pass", async () => {
    const bundle = makeBundle({ artifacts: [{ path: ".claude/settings.json", content: "{}" }] });
    const def = await runChecks({ bundle, profile: await loadProfile("default") });
    // Finding ids are the predicate's (T13: "create gives path.deny"); the H globs show which check.
    expect(def.findings.map((f) => [f.id, f.predicate, f.path, f.facts])).toEqual([
      ["path.deny", "path.deny", ".claude/settings.json", { globs: [...PROTECTED_PATHS] }],
    ]);
    expect(def.verdict).toBe("fail");
    const perm = await runChecks({ bundle, profile: await loadProfile("permissive") });
    expect(perm.verdict).toBe("pass");
  });

  it("78. Overwrite of existing .vscode/settings.json with root under default → findings from both harnessConfig.noOverwriteOf and harnessConfig.deny", async () => {
    const root = await tempRoot({ ".vscode/settings.json": "{}" });
    const bundle = makeBundle({ artifacts: [{ path: ".vscode/settings.json", op: "overwrite", content: '{"x":1}' }] });
    const report = await runChecks({ bundle, profile: await loadProfile("default"), root });
    expect(report.findings.map((f) => [f.id, f.facts])).toEqual([
      ["path.deny", { globs: [...PROTECTED_PATHS] }],
      ["repo.noOverwriteOf", { op: "overwrite", globs: [...PROTECTED_PATHS] }],
    ]);
  });

  it("79. strict still refuses .mcp.json (D24 checks not replaced by strict's path.deny)", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: ".mcp.json", content: "{}" }] }),
      profile: await loadProfile("strict"),
    });
    expect(report.findings.map((f) => [f.id, f.facts])).toEqual([["path.deny", { globs: [...PROTECTED_PATHS] }]]);
    expect(report.verdict).toBe("fail");
  });
});

describe("loadProfile (§6.3, §6.4)", () => {
  it('80. Profile file .axiom/profiles/team.json with name: "other" → ERR_INVALID_PROFILE', async () => {
    const { searchDirs } = await rootWithProfiles({ "team.json": profileFile("other") });
    await expectProfileError(loadProfile("team", { searchDirs }));
  });

  it("81. Profile file that is not JSON → ERR_INVALID_PROFILE; schema failure → details.issues", async () => {
    const { searchDirs } = await rootWithProfiles({
      "a.json": "{nope",
      "b.json": profileFile("b", { checks: [{ id: "x", predicate: "Bad", params: {} }], extra: 1 }),
    });
    await expectProfileError(loadProfile("a", { searchDirs }));
    const err = await expectCode(loadProfile("b", { searchDirs }), "ERR_INVALID_PROFILE");
    const issues = err.details?.issues as unknown[];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toHaveProperty("path");
    expect(issues[0]).toHaveProperty("message");
  });

  it('82. Profile a extends b extends a → ERR_INVALID_PROFILE with details.chain: ["a","b","a"]', async () => {
    const { searchDirs } = await rootWithProfiles({
      "a.json": profileFile("a", { extends: "b" }),
      "b.json": profileFile("b", { extends: "a" }),
    });
    await expectProfileError(loadProfile("a", { searchDirs }), { chain: ["a", "b", "a"] });
  });

  it('83. loadProfile("nope") → ERR_INVALID_PROFILE details.profile: "nope"; loadProfile("Bad Name") → ERR_INVALID_PROFILE', async () => {
    await expectProfileError(loadProfile("nope"), { profile: "nope" });
    await expectProfileError(loadProfile("Bad Name"));
  });

  it("a missing parent → the not-found error", async () => {
    const { searchDirs } = await rootWithProfiles({ "a.json": profileFile("a", { extends: "ghost" }) });
    await expectProfileError(loadProfile("a", { searchDirs }), { profile: "ghost" });
  });

  it("84. .axiom/profiles/default.json present → it replaces the built-in default (no merge)", async () => {
    const { searchDirs } = await rootWithProfiles({
      "default.json": profileFile("default", { checks: [{ id: "only", predicate: "manifest.noDeletes", params: {} }] }),
    });
    const p = await loadProfile("default", { searchDirs });
    expect(p.checks.map((c) => c.id)).toEqual(["only"]);
    expect(p.limits).toEqual({});
  });

  it("85. Profile file unreadable (EACCES) → ERR_INVALID_PROFILE, not a fallback to the built-in", async () => {
    // Tests may run as root, where mode 000 does not stop a read: a directory named strict.json
    // gives EISDIR, the same "exists but cannot be read" class.
    const { root, searchDirs } = await rootWithProfiles({});
    await mkdir(join(root, ".axiom", "profiles", "strict.json"), { recursive: true });
    await expectProfileError(loadProfile("strict", { searchDirs }), {
      path: join(searchDirs[0] as string, "strict.json"),
      reason: "EISDIR",
    });
    if (process.getuid?.() !== 0) {
      const { chmod } = await import("node:fs/promises");
      await writeTree(root, ".axiom/profiles/default.json", profileFile("default"));
      await chmod(join(root, ".axiom/profiles/default.json"), 0o000);
      await expectProfileError(loadProfile("default", { searchDirs }), { reason: "EACCES" });
    }
  });

  it("86. Child extends default and redefines content.noSecrets with pii: true → merged list keeps the check at position 2 with the child's params", async () => {
    const { searchDirs } = await rootWithProfiles({
      "team.json": profileFile("team", {
        extends: "default",
        checks: [
          { id: "content.noSecrets", predicate: "content.noSecrets", params: { pii: true } },
          { id: "extra", predicate: "manifest.noDeletes", params: {} },
        ],
      }),
    });
    const p = await loadProfile("team", { searchDirs });
    expect(p.checks[1]).toEqual({
      id: "content.noSecrets",
      predicate: "content.noSecrets",
      params: { pii: true },
      severity: "error",
    });
    expect(p.checks).toHaveLength(8);
    expect(p.checks[7]?.id).toBe("extra");
  });

  it("87. Parent facts.allowGuards: true, child omits facts → resolved allowGuards: false", async () => {
    const { searchDirs } = await rootWithProfiles({
      "parent.json": profileFile("parent", { facts: { allowGuards: true } }),
      "child.json": profileFile("child", { extends: "parent", limits: { maxArtifacts: 5 } }),
    });
    expect((await loadProfile("parent", { searchDirs })).facts).toEqual({ allowRepo: true, allowGuards: true });
    const child = await loadProfile("child", { searchDirs });
    expect(child.facts).toEqual({ allowRepo: true, allowGuards: false });
    expect(child.limits).toEqual({ maxArtifacts: 5 });
  });

  it("88. Resolved profile has no extends and name = the leaf name; report profile = the leaf name", async () => {
    const { searchDirs } = await rootWithProfiles({ "leaf.json": profileFile("leaf", { extends: "strict" }) });
    const p = await loadProfile("leaf", { searchDirs });
    expect(p.name).toBe("leaf");
    expect("extends" in p).toBe(false);
    expect(p.checks).toHaveLength(10);
    const report = await runChecks({ bundle: makeBundle({ artifacts: [{ path: "a.txt", content: "" }] }), profile: p });
    expect(report.profile).toBe("leaf");
  });

  it("ProfileSchema: strict, facts defaults apply when omitted, limits must be positive", () => {
    const p = ProfileSchema.parse({ apiVersion: "axiom.dev/v2", kind: "Profile", name: "x", checks: [] });
    expect(p.facts).toEqual({ allowRepo: true, allowGuards: false });
    expect(p.limits).toEqual({});
    expect(ProfileSchema.safeParse({ ...p, limits: { maxArtifacts: 0 } }).success).toBe(false);
    expect(ProfileSchema.safeParse({ ...p, bogus: 1 }).success).toBe(false);
    expect(ProfileSchema.safeParse({ ...p, name: "Bad" }).success).toBe(false);
  });
});

describe("selection (§6.6, D26)", () => {
  it("CLI: --profile wins over manifest.profile; default is the built-in, no restriction", () => {
    expect(selectCliProfile("permissive", "default")).toBe("permissive");
    expect(selectCliProfile(undefined, "strict")).toBe("strict");
  });

  it("89. over MCP a selected name outside the allowed set (permissive without --allow-profile permissive) → ERR_INVALID_PROFILE with details.allowed; argument overrides manifest.profile; default means the server default", async () => {
    await expectCode(selectMcpProfile({ argument: "permissive", planProfile: "default" }), "ERR_INVALID_PROFILE", {
      profile: "permissive",
      allowed: ["default", "strict"],
    });
    expect(
      await selectMcpProfile({ argument: "permissive", planProfile: "default", allowProfiles: ["permissive"] }),
    ).toBe("permissive");
    expect(await selectMcpProfile({ argument: "strict", planProfile: "permissive" })).toBe("strict");
    expect(await selectMcpProfile({ argument: undefined, planProfile: "strict" })).toBe("strict");
    expect(await selectMcpProfile({ argument: undefined, planProfile: "default", serverDefault: "strict" })).toBe(
      "strict",
    );
    await expectCode(selectMcpProfile({ argument: "permissive", planProfile: undefined }), "ERR_INVALID_PROFILE");
  });

  it("allowed set: server default, strict, every <root>/.axiom/profiles/<name>.json and --allow-profile names, sorted", async () => {
    const { root } = await rootWithProfiles({
      "team.json": profileFile("team"),
      "Bad Name.json": "{}",
      "notes.txt": "",
    });
    expect(await allowedProfiles({ root })).toEqual(["default", "strict", "team"]);
    expect(await allowedProfiles({ serverDefault: "team", root, allowProfiles: ["permissive"] })).toEqual([
      "permissive",
      "strict",
      "team",
    ]);
    await expectCode(selectMcpProfile({ argument: "nope", planProfile: "default", root }), "ERR_INVALID_PROFILE", {
      profile: "nope",
      allowed: ["default", "strict", "team"],
    });
    // With the server default another profile, the built-in default is not reachable by name.
    expect(await selectMcpProfile({ argument: "default", planProfile: undefined, serverDefault: "team", root })).toBe(
      "team",
    );
  });
});
