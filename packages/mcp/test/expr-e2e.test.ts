// Issue 11 acceptance: "a profile using both [expr.cel and expr.cedar] applied end to end through
// `axiom check` and axiom_check". The built bin runs as a real child process (CLI) and as a real
// MCP server driven by the SDK v2 client, over a real temp root holding the profile file.
import { mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type CheckReport, CheckReportSchema } from "@codai/axiom-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BundleSpec, makeBundle } from "../../checks/test/helpers";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { CLI, type McpSession, startMcp } from "./mcp-helpers";

// "no deletes under migrations/ unless the plan is named migrate-*", "every new route needs a test",
// and a Cedar forbid of env files, all in one profile file a human committed.
const PROFILE = {
  apiVersion: "axiom.dev/v2",
  kind: "Profile",
  name: "exprs",
  checks: [
    {
      id: "migrations.noDeletes",
      predicate: "expr.cel",
      params: {
        expression:
          'manifest.name.startsWith("migrate-") || !artifacts.exists(a, a.op == "delete" && a.path.startsWith("migrations/"))',
        message: "deletes under migrations/ need a migrate-* plan",
      },
    },
    {
      id: "routes.needTests",
      predicate: "expr.cel",
      params: {
        expression:
          'artifacts.filter(a, a.op == "create" && a.path.startsWith("routes/") && a.path.endsWith(".ts")).all(r, ' +
          'artifacts.exists(t, t.path == "test/" + r.path.substring(7, r.path.size() - 3) + ".test.ts"))',
        message: "every new route needs a test",
      },
    },
    {
      id: "env.forbid",
      predicate: "expr.cedar",
      params: {
        policies:
          'forbid(principal, action, resource) when { resource.path like "*.env" || resource.path like "*.env.*" };',
      },
    },
  ],
};

const CLEAN: BundleSpec = {
  profile: "exprs",
  artifacts: [
    { path: "routes/users.ts", content: "export const users = 1;\n" },
    { path: "test/users.test.ts", content: "test('users', () => {});\n" },
  ],
};
const DIRTY: BundleSpec = {
  profile: "exprs",
  artifacts: [
    { path: "routes/orders.ts", content: "export const orders = 1;\n" },
    { path: "migrations/001.sql", op: "delete" },
    { path: ".env", content: "KEY=1\n" },
  ],
};

let t: TempDir;
let root: string;

beforeAll(async () => {
  t = await tempDir("axiom-expr-e2e-");
  root = await realpath(t.dir);
  await mkdir(join(root, ".axiom", "profiles"), { recursive: true });
  await writeFile(join(root, ".axiom", "profiles", "exprs.json"), JSON.stringify(PROFILE));
});
afterAll(() => t?.cleanup());

function expectDirty(report: CheckReport) {
  expect(report.profile).toBe("exprs");
  expect(report.verdict).toBe("fail");
  const summary = report.findings.map((f) => [f.id, f.path ?? null, f.message]);
  expect(summary).toEqual([
    ["expr.cedar", ".env", "denied by policy0"],
    ["expr.cel", null, "deletes under migrations/ need a migrate-* plan"],
    ["expr.cel", null, "every new route needs a test"],
  ]);
  expect(report.findings[0]?.facts).toEqual({ reason: ["policy0"] });
}

describe("axiom check with a profile using expr.cel and expr.cedar (CLI child process)", () => {
  it("a clean bundle → verdict pass, exit 0", async () => {
    const file = await t.write("clean.json", JSON.stringify(makeBundle(CLEAN)));
    const run = await runCli(["check", file, "--root", root, "--json"]);
    expect(run.stderr).toBe("");
    const report = CheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.verdict).toBe("pass");
    expect(report.findings).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("a violating bundle → one expr.cedar finding on .env and two expr.cel findings, verdict fail, exit 1", async () => {
    const file = await t.write("dirty.json", JSON.stringify(makeBundle(DIRTY)));
    const run = await runCli(["check", file, "--root", root, "--json"]);
    expect(run.code).toBe(1);
    expectDirty(CheckReportSchema.parse(JSON.parse(run.stdout)));
  });

  it("the same violating plan named migrate-* → the migrations rule passes", async () => {
    const bundle = makeBundle(DIRTY);
    const renamed = { ...bundle.manifest, name: "migrate-orders" };
    const { canonicalDigestRef } = await import("@codai/axiom-canon");
    const file = await t.write(
      "migrate.json",
      JSON.stringify({ ...bundle, manifest: renamed, manifestDigest: canonicalDigestRef(renamed) }),
    );
    const run = await runCli(["check", file, "--root", root, "--json"]);
    const report = CheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.findings.map((f) => f.message)).not.toContain("deletes under migrations/ need a migrate-* plan");
    expect(report.findings).toHaveLength(2);
  });

  it("a profile whose CEL uses a forbidden function → verdict error (ERR_PREDICATE_PARAMS), exit 1", async () => {
    await t.write(
      ".axiom/profiles/badcel.json",
      JSON.stringify({
        ...PROFILE,
        name: "badcel",
        checks: [{ id: "clock", predicate: "expr.cel", params: { expression: "now() > 0" } }],
      }),
    );
    const file = await t.write("bad.json", JSON.stringify(makeBundle({ ...CLEAN, profile: "badcel" })));
    const run = await runCli(["check", file, "--root", root, "--json"]);
    expect(run.code).toBe(1);
    const report = CheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.verdict).toBe("error");
    expect(report.findings[0]).toMatchObject({ id: "clock", facts: { code: "ERR_PREDICATE_PARAMS" } });
  });
});

describe("axiom_check over MCP with the same profile (node dist/cli.js mcp --root R --tools full)", () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await startMcp("v2-auto", ["--root", root, "--tools", "full"]);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("clean bundle → CheckReport verdict pass; violating bundle → the same three findings as the CLI", async () => {
    const clean = await mcp.callTool("axiom_check", { bundle: makeBundle(CLEAN) });
    expect(clean.isError).toBeFalsy();
    expect(CheckReportSchema.parse(clean.structuredContent).verdict).toBe("pass");
    const dirty = await mcp.callTool("axiom_check", { bundle: makeBundle(DIRTY) });
    expect(dirty.isError).toBeFalsy();
    expectDirty(CheckReportSchema.parse(dirty.structuredContent));
  });
});

describe("a missing Cedar engine through the real loader (checks.md §4.10 Engine)", () => {
  it("cedar-wasm unresolvable (ERR_MODULE_NOT_FOUND via a module hook) → expr.cedar ERR_PROVIDER_FAILED, verdict error, exit 1: never a pass", async () => {
    const hooks = await t.write(
      "hooks/hooks.mjs",
      "export async function resolve(specifier, context, next) {\n" +
        '  if (specifier.startsWith("@cedar-policy/cedar-wasm")) {\n' +
        '    const e = new Error("Cannot find package \'" + specifier + "\'");\n' +
        '    e.code = "ERR_MODULE_NOT_FOUND";\n' +
        "    throw e;\n" +
        "  }\n" +
        "  return next(specifier, context);\n" +
        "}\n",
    );
    const register = await t.write(
      "hooks/register.mjs",
      `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const file = await t.write("clean-nocedar.json", JSON.stringify(makeBundle(CLEAN)));
    const run = await runCli(["check", file, "--root", root, "--json"], {
      env: { NODE_OPTIONS: `--import=${pathToFileURL(register).href}` },
    });
    expect(run.code).toBe(1);
    const report = CheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.verdict).toBe("error");
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      id: "env.forbid",
      predicate: "expr.cedar",
      severity: "error",
      facts: { code: "ERR_PROVIDER_FAILED", __provider: true },
    });
  });
});

describe("the engines load lazily (README principle 7, checks.md §4.9/§4.10 Engine)", () => {
  it("no file of the built dist imports cel-js or cedar-wasm statically; both are reached only by import()", async () => {
    const dist = dirname(CLI);
    const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".js"));
    let dynamic = 0;
    for (const f of files) {
      const text = await readFile(join(dist, f), "utf8");
      expect(text).not.toMatch(/from\s*["'](@marcbachmann\/cel-js|@cedar-policy\/cedar-wasm[^"']*)["']/);
      if (/import\(\s*["']@cedar-policy\/cedar-wasm\/nodejs["']\s*\)/.test(text)) dynamic++;
    }
    expect(dynamic).toBeGreaterThan(0);
  });
});
