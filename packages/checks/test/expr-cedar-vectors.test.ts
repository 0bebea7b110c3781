// checks.md §4.10 expr.cedar vector suite: forbid and permit modes over the entity model, params
// errors (parse, templates, count) and evaluation errors, through the real runner and real engine.
// Expected: the sorted list of denied paths, or "params" (ERR_PREDICATE_PARAMS) / "provider"
// (ERR_PROVIDER_FAILED).
import { describe, expect, it } from "vitest";
import { runChecks } from "../src/index";
import { type BundleSpec, makeBundle, profileOf } from "./helpers";

type Expected = string[] | "params" | "provider";
type Vector = [policies: string, mode: "forbid" | "permit", expected: Expected];

const bundle = makeBundle({
  artifacts: [
    { path: ".env", content: "SECRET=1\n" },
    { path: "src/app.ts", content: "export const app = 1;\n" },
    { path: "src/app.test.ts", content: "test('x', () => {});\n" },
    { path: "migrations/001.sql", op: "delete" },
    { path: "docs/guide.md", op: "overwrite", content: "# Guide\nTODO: write\n" },
    { path: "Makefile", content: "all:\n" },
  ],
} satisfies BundleSpec);
const ALL = [".env", "Makefile", "docs/guide.md", "migrations/001.sql", "src/app.test.ts", "src/app.ts"];
const f = (when: string, head = "principal, action, resource") => `forbid(${head}) when { ${when} };`;
const p = (when: string, head = "principal, action, resource") => `permit(${head}) when { ${when} };`;
const PERMIT_ALL = "permit(principal, action, resource);";

const VECTORS: Vector[] = [
  // --- forbid mode ---
  [f('resource.path like "*.env"'), "forbid", [".env"]],
  [f('resource.path like "src/*"'), "forbid", ["src/app.test.ts", "src/app.ts"]],
  [f('resource.ext == ".ts"'), "forbid", ["src/app.test.ts", "src/app.ts"]],
  [f('resource.ext == ""'), "forbid", [".env", "Makefile"]],
  [f('resource.dir == ""'), "forbid", [".env", "Makefile"]],
  [f('resource.dir == "migrations"'), "forbid", ["migrations/001.sql"]],
  [f('resource.op == "delete"'), "forbid", ["migrations/001.sql"]],
  ['forbid(principal, action == Axiom::Action::"delete", resource);', "forbid", ["migrations/001.sql"]],
  ['forbid(principal, action == Axiom::Action::"overwrite", resource);', "forbid", ["docs/guide.md"]],
  [
    'forbid(principal, action in [Axiom::Action::"create", Axiom::Action::"overwrite"], resource) when { resource.dir == "docs" };',
    "forbid",
    ["docs/guide.md"],
  ],
  ['forbid(principal, action, resource == Axiom::Artifact::"Makefile");', "forbid", ["Makefile"]],
  ["forbid(principal, action, resource is Axiom::Artifact);", "forbid", ALL],
  ["forbid(principal, action, resource is Axiom::Plan);", "forbid", []],
  ['forbid(principal == Axiom::Plan::"test-plan", action, resource);', "forbid", ALL],
  ['forbid(principal == Axiom::Plan::"other", action, resource);', "forbid", []],
  [f('resource.mode == "0644"'), "forbid", ALL],
  [f("resource has bytes && resource.bytes > 20"), "forbid", ["src/app.test.ts", "src/app.ts"]],
  [f("resource has sha256"), "forbid", ALL.filter((x) => x !== "migrations/001.sql")],
  [f('resource has origin && resource.origin == "inline"'), "forbid", ALL.filter((x) => x !== "migrations/001.sql")],
  [f('resource has text && resource.text like "*TODO*"'), "forbid", ["docs/guide.md"]],
  [f('resource has text && resource.text like "*SECRET=*"'), "forbid", [".env"]],
  [f('context.manifest.name == "test-plan" && resource.op == "delete"'), "forbid", ["migrations/001.sql"]],
  [f('context.manifest.profile == "default" && resource.path == "Makefile"'), "forbid", ["Makefile"]],
  [f("context has repo"), "forbid", []],
  [
    f('resource.path like "src/*"') +
      "\n" +
      f('resource.path like "*.test.ts"', "principal, action, resource") +
      "\n" +
      'permit(principal, action, resource) when { resource.path == "src/app.ts" };',
    "forbid",
    ["src/app.test.ts", "src/app.ts"],
  ],
  ["\n", "forbid", []],
  ["// only a comment\n", "forbid", []],
  [`${f('resource.path == "nothing"')}\n`.repeat(10), "forbid", []],
  [
    `${f('resource.path like "*.env"')}\n@id("named")\n${f('resource.path == "Makefile"')}`,
    "forbid",
    [".env", "Makefile"],
  ],
  [f('if resource.op == "delete" then true else false'), "forbid", ["migrations/001.sql"]],
  [f('["a", "Makefile"].contains(resource.path)'), "forbid", ["Makefile"]],
  [
    `forbid(principal, action, resource) unless { resource.path like "src/*" };`,
    "forbid",
    [".env", "Makefile", "docs/guide.md", "migrations/001.sql"],
  ],
  // --- permit mode (default deny) ---
  [PERMIT_ALL, "permit", []],
  [p('resource.path like "src/*"'), "permit", [".env", "Makefile", "docs/guide.md", "migrations/001.sql"]],
  [p('resource.op != "delete"'), "permit", ["migrations/001.sql"]],
  ["\n", "permit", ALL],
  [`${PERMIT_ALL}\n${f('resource.path == ".env"')}`, "permit", [".env"]],
  [
    'permit(principal, action == Axiom::Action::"create", resource);',
    "permit",
    ["docs/guide.md", "migrations/001.sql"],
  ],
  // --- params errors ---
  ["permit(principal, action", "forbid", "params"],
  ["this is not cedar", "forbid", "params"],
  ["permit(principal == ?principal, action, resource);", "forbid", "params"],
  ["forbid(principal, action, resource in ?resource);", "permit", "params"],
  [`${f('resource.path == "x"')}\n`.repeat(257), "forbid", "params"],
  [`${f('resource.path == "x"')} extra`, "forbid", "params"],
  // --- evaluation errors → provider ---
  [f("resource.nope == 1"), "forbid", "provider"],
  [f("resource.bytes > 0"), "forbid", "provider"],
  [f("resource.exists"), "forbid", "provider"],
  [f('context.repo.gitHead == "x"'), "forbid", "provider"],
  [f("resource.path + 1 == 2"), "forbid", "provider"],
  [p('resource.text == ""'), "permit", "provider"],
];

async function outcomeOf(policies: string, mode: "forbid" | "permit"): Promise<Expected> {
  const report = await runChecks({
    bundle,
    profile: profileOf([{ id: "vector", predicate: "expr.cedar", params: { policies, mode } }]),
  });
  const codes = new Set(report.findings.map((x) => x.facts.code));
  if (codes.has("ERR_PREDICATE_PARAMS")) return "params";
  if (codes.has("ERR_PROVIDER_FAILED")) return "provider";
  for (const x of report.findings) expect(x.id).toBe("expr.cedar");
  return report.findings.map((x) => x.path ?? "").sort();
}

describe("expr.cedar vectors (checks.md §4.10)", () => {
  it("the suite has at least 40 cases", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(
    VECTORS.map(
      ([pol, mode, exp], i) => [i, mode, pol.length > 80 ? `${pol.slice(0, 77)}...` : pol, pol, exp] as const,
    ),
  )(
    "#%i %s: %s",
    async (_i, mode, _label, policies, expected) => {
      const got = await outcomeOf(policies, mode);
      expect(got).toEqual(Array.isArray(expected) ? [...expected].sort() : expected);
    },
    30_000,
  );
});
