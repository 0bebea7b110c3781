// checks.md §4.9 expr.cel vector suite: true, false, type errors, budget exceeded, forbidden
// functions, unsafe regex and static limits, each through the real runner and the real engine.
// Outcomes: pass = true (no finding); false = one `expr.cel` finding; params = ERR_PREDICATE_PARAMS;
// provider = ERR_PROVIDER_FAILED.
import { describe, expect, it } from "vitest";
import { runChecks } from "../src/index";
import { type BundleSpec, makeBundle, profileOf } from "./helpers";

type Outcome = "true" | "false" | "params" | "provider";

const bundle = makeBundle({
  artifacts: [
    { path: "src/app.ts", content: "import x from './x';\nexport const app = 1;\n" },
    { path: "src/app.test.ts", content: "test('app', () => {});\n" },
    { path: "docs/README.md", content: "# Docs\nHello world\n" },
    { path: "old/legacy.js", op: "delete" },
    { path: "pkg/package.json", content: '{"name":"pkg","dependencies":{"a":"1"}}' },
    { path: "evil.txt", content: `${"a".repeat(44)}!` }, // long enough that (a|aa)+ backtracks past 100 ms even on a fast idle machine
  ],
} satisfies BundleSpec);

const range = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(",")}]`;
const nest = (n: number) => `${"(".repeat(n)}true${")".repeat(n)}`;

const VECTORS: [string, Outcome][] = [
  // --- true ---
  ["true", "true"],
  ["size(artifacts) == 6", "true"],
  ["artifacts.size() == 6", "true"],
  ['manifest.name == "test-plan"', "true"],
  ['manifest.kind == "Manifest"', "true"],
  ['manifest.toolchain.axiom == "2.0.0"', "true"],
  ["size(manifest.checks) == 0", "true"],
  ['artifacts.exists(a, a.op == "delete")', "true"],
  ['artifacts.exists_one(a, a.op == "delete")', "true"],
  ['artifacts.filter(a, a.op == "create").size() == 5', "true"],
  ['artifacts.map(a, a.path).exists(p, p == "src/app.ts")', "true"],
  ['artifacts.all(a, a.mode == "0644")', "true"],
  ['artifacts.all(a, a.op == "delete" || a.bytes >= 0)', "true"],
  ['artifacts.filter(a, a.path.startsWith("src/")).all(a, a.path.endsWith(".ts"))', "true"],
  ['artifacts.exists(a, a.path.contains("README"))', "true"],
  ['artifacts.exists(a, a.path.matches("^docs/[A-Z]+\\\\.md$"))', "true"],
  ['artifacts.exists(a, a.path.lowerAscii() == "docs/readme.md")', "true"],
  ['"abc".upperAscii() == "ABC"', "true"],
  ['"  x ".trim() == "x"', "true"],
  ['"a/b/c".split("/").size() == 3', "true"],
  ['["a","b"].join("-") == "a-b"', "true"],
  ['"hello".indexOf("l") == 2', "true"],
  ['"hello".lastIndexOf("l") == 3', "true"],
  ['"hello".substring(1, 3) == "el"', "true"],
  ['string(1) == "1"', "true"],
  ['int("42") == 42', "true"],
  ["uint(3) == 3u", "true"],
  ["double(1) == 1.0", "true"],
  ['bool("true")', "true"],
  ['size(bytes("abc")) == 3', "true"],
  ["dyn(1) == 1", "true"],
  ["type(1) == int", "true"],
  ['type("s") == string', "true"],
  ['"src/app.ts" in content', "true"],
  ['!("old/legacy.js" in content)', "true"],
  ['content["docs/README.md"].text.contains("Hello")', "true"],
  ['content["docs/README.md"].bytes == 19', "true"],
  ['size(content["src/app.ts"].sha256) == 64', "true"],
  ['content.all(p, "sha256" in content[p])', "true"],
  ["has(manifest.preImage) == false", "true"],
  ["has(manifest.toolchain)", "true"],
  [
    'artifacts.filter(a, a.path.startsWith("src/") && !a.path.endsWith(".test.ts")).all(s, artifacts.exists(t, t.path == s.path.substring(0, s.path.size() - 3) + ".test.ts"))',
    "true",
  ],
  ['!artifacts.exists(a, a.op == "delete" && a.path.startsWith("migrations/"))', "true"],
  ["1 + 2 * 3 == 7", "true"],
  ["10 / 3 == 3 && 10 % 3 == 1", "true"],
  ['"a" + "b" == "ab"', "true"],
  ["[1, 2, 3].exists(x, x > 2)", "true"],
  ['{"a": 1}.a == 1', "true"],
  ['"k" in {"k": true}', "true"],
  ["2 in [1, 2]", "true"],
  ["true ? true : false", "true"],
  ["null == null", "true"],
  [nest(20), "true"],
  [`${range(256)}.size() == 256`, "true"],
  ["size([1,2,3,4,5,6,7,8]) == 8", "true"],
  // --- false ---
  ["false", "false"],
  ["size(artifacts) < 3", "false"],
  ['manifest.name == "other"', "false"],
  ['artifacts.all(a, a.op != "delete")', "false"],
  ['artifacts.exists(a, a.path.startsWith(".claude/"))', "false"],
  ['artifacts.exists_one(a, a.op == "create")', "false"],
  ['artifacts.all(a, a.path.matches("^src/"))', "false"],
  ['content["docs/README.md"].text.contains("secret")', "false"],
  ['!artifacts.exists(a, a.op == "delete")', "false"],
  ['artifacts.filter(a, a.path.endsWith(".ts")).size() > 5', "false"],
  ['"abc".startsWith("b")', "false"],
  ["1 > 2", "false"],
  ["[].exists(x, true)", "false"],
  ['artifacts.all(a, a.op == "delete" || content[a.path].bytes < 64)', "true"],
  ['artifacts.all(a, a.op == "delete" || content[a.path].bytes < 20)', "false"],
  // --- type errors and other evaluation errors → provider ---
  ['"hello"', "provider"],
  ["1", "provider"],
  ["artifacts", "provider"],
  ["null", "provider"],
  ["1.5", "provider"],
  ['1 + "a" == 2', "provider"],
  ["size(1) == 1", "provider"],
  ["manifest.nope == 1", "provider"],
  ['content["missing.txt"].bytes == 0', "provider"],
  ['artifacts[99].path == ""', "provider"],
  ['int("x") == 0', "provider"],
  ["1 / 0 == 0", "provider"],
  ['secrets == ""', "provider"],
  ['repo.exists["x"]', "provider"],
  ['"abc".substring(5) == ""', "provider"],
  ['"x".matches("[")', "params"],
  // --- budget exceeded → provider ---
  [`${range(200)}.all(x, ${range(200)}.all(y, ${range(200)}.all(z, x + y + z >= 0)))`, "provider"],
  [`${range(256)}.map(x, ${range(256)}.map(y, ${range(256)}.size())).size() == 0`, "provider"],
  ['content["evil.txt"].text.matches("^(a+)+$")', "provider"],
  ['content["evil.txt"].text.matches("^(a|aa)+$")', "provider"],
  // --- forbidden functions → params ---
  ["now() > 0", "params"],
  ['timestamp("2020-01-01T00:00:00Z") != null', "params"],
  ['duration("1s") != null', "params"],
  ["cel.bind(x, 1, x == 1)", "params"],
  ['bytes("a").hex() == "61"', "params"],
  ['bytes("{}").json() == {}', "params"],
  ['bytes("a").base64() == "YQ=="', "params"],
  ['bytes("a").at(0) == 97', "params"],
  ["math.greatest(1, 2) == 2", "params"],
  ["optional.of(1) != null", "params"],
  ["artifacts.map(a, a.path).sort() == []", "params"],
  ['env("HOME") == ""', "params"],
  ['readFile("/etc/passwd") == ""', "params"],
  ['fetch("http://x") == ""', "params"],
  ['"a".charAt(0) == "a"', "params"],
  ['"a".format([]) == "a"', "params"],
  ['"a".replace("a", "b") == "b"', "params"],
  ["random() > 0", "params"],
  // --- unsafe or non-literal regexes → params ---
  ['"a".matches("(?=a)")', "params"],
  ['"a".matches("(?!b)a")', "params"],
  ['"a".matches("(?<=x)a")', "params"],
  ['"a".matches("(?<!x)a")', "params"],
  ['"aa".matches("(a)\\\\1")', "params"],
  ['"aa".matches("(?<n>a)\\\\k<n>")', "params"],
  ['"a".matches(manifest.name)', "params"],
  ['"a".matches("a" + "b")', "params"],
  ['"(?=".matches("[(?=]")', "true"],
  ['"a".matches("\\\\(?=")', "false"],
  ['"a(".matches("a\\\\(")', "true"],
  // --- static limits → params ---
  [`${"!".repeat(24)}true`, "params"],
  [nest(30), "true"], // parentheses add no AST node
  [`size(${"[".repeat(30)}${"]".repeat(30)}) == 1`, "params"],
  [`size(${"[".repeat(22)}${"]".repeat(22)}) == 1`, "true"],
  [`${range(257)}.size() == 257`, "params"],
  [`{${Array.from({ length: 257 }, (_, i) => `"k${i}": ${i}`).join(", ")}}.size() == 257`, "params"],
  [`{${Array.from({ length: 256 }, (_, i) => `"k${i}": ${i}`).join(", ")}}.size() == 256`, "true"],
  ["size([1,2,3,4,5,6,7,8,9]) == 9", "true"],
  ["dyn(1, 2, 3, 4, 5, 6, 7, 8, 9) == 1", "params"],
  [`${Array.from({ length: 700 }, () => "1").join(" + ")} > 0`, "params"],
  // --- syntax → params ---
  ["size(artifacts) <", "params"],
  ["artifacts.all(a,", "params"],
  ["x.?y == 1", "params"],
];

async function outcomeOf(expression: string): Promise<Outcome> {
  const report = await runChecks({
    bundle,
    profile: profileOf([{ id: "vector", predicate: "expr.cel", params: { expression } }]),
  });
  if (report.findings.length === 0) return "true";
  expect(report.findings).toHaveLength(1);
  const f = report.findings[0] as (typeof report.findings)[number];
  if (f.facts.code === "ERR_PREDICATE_PARAMS") return "params";
  if (f.facts.code === "ERR_PROVIDER_FAILED") return "provider";
  expect(f).toMatchObject({ id: "expr.cel", facts: { expression } });
  return "false";
}

describe("expr.cel vectors (checks.md §4.9)", () => {
  it("the suite has at least 100 cases covering every outcome", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
    for (const o of ["true", "false", "params", "provider"]) expect(VECTORS.some(([, x]) => x === o)).toBe(true);
  });

  it.each(VECTORS.map(([e, o], i) => [i, o, e.length > 90 ? `${e.slice(0, 87)}...` : e, e] as const))(
    "#%i → %s: %s",
    async (_i, expected, _label, expression) => {
      expect(await outcomeOf(expression)).toBe(expected);
    },
    20_000,
  );
});
