// `npm run mutate` (issue 25) is too slow for `npm test`, so its configuration is checked here
// instead: the target table names only existing files, each target is judged by its own package's
// tests, the Stryker options load for every runnable target, and the message-text ignorer (run
// through Stryker's real instrumenter) ignores message text and nothing else.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileGlob } from "@codai/axiom-rules";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { describe, expect, it } from "vitest";
import { markUnloadableFiles } from "../mutate/load-failure-reporter";
// @ts-expect-error plain ESM module without type declarations
import { IGNORE_REASON, IGNORER_NAME, MessageTextIgnorer, strykerPlugins } from "../mutate/message-ignorer.mjs";
// @ts-expect-error plain ESM module without type declarations
import { markdownTable, parseArgs, summarize, TEST_HEAP, withTestHeap } from "../mutate/run.mjs";
// @ts-expect-error plain ESM module without type declarations
import { reportDir, strykerOptions } from "../mutate/stryker.config.mjs";
// @ts-expect-error plain ESM module without type declarations
import { TARGETS, targetNamed } from "../mutate/targets.mjs";

interface Target {
  name: string;
  status: "ready" | "prepared" | "pending";
  mutate: string[];
  tests: string[];
  waitsFor?: string;
}

const repoRoot = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const targets = TARGETS as Target[];
const packageOf = (file: string) => file.split("/").slice(0, 2).join("/");
/** Repo-relative files of the package `glob` names that the glob matches (fs.globSync is Node ≥ 22). */
const filesMatching = (glob: string) => {
  const entries = readdirSync(join(repoRoot, packageOf(glob)), { recursive: true, encoding: "utf8" });
  const match = compileGlob(glob);
  return entries.map((e) => `${packageOf(glob)}/${e}`).filter((f) => !f.includes("/node_modules/") && match(f));
};
/** A pending target is checked like the others once the package it waits for exists. */
const checkable = targets.filter((t) => t.status !== "pending" || existsSync(join(repoRoot, t.waitsFor as string)));

describe("mutate targets (scripts/mutate/targets.mjs)", () => {
  it("names are unique and canon, rules, store, mcp-human, gate and gate-shell are among the ready ones", () => {
    const names = targets.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(targets.filter((t) => t.status === "ready").map((t) => t.name)).toEqual(
      expect.arrayContaining(["canon", "rules", "store", "mcp-human", "gate", "gate-shell"]),
    );
    for (const t of targets) expect(["ready", "prepared", "pending"]).toContain(t.status);
  });

  it.each(checkable.map((t) => [t.name, t]))("%s: every mutated file exists and is a .ts source file", (_n, t) => {
    expect(t.mutate.length).toBeGreaterThan(0);
    for (const file of t.mutate) {
      expect(file).toMatch(/^packages\/[a-z-]+\/src\/.+\.ts$/);
      expect(existsSync(join(repoRoot, file)), file).toBe(true);
    }
  });

  it.each(checkable.map((t) => [t.name, t]))(
    "%s: its test globs match test files of the same package only",
    (_n, t) => {
      const packages = new Set(t.mutate.map(packageOf));
      expect(packages.size).toBe(1);
      for (const glob of t.tests) {
        expect(packages.has(packageOf(glob)), glob).toBe(true);
        expect(filesMatching(glob).length, glob).toBeGreaterThan(0);
      }
    },
  );

  it("a pending target says what it waits for; an unknown name is refused", () => {
    for (const t of targets.filter((x) => x.status === "pending")) expect(t.waitsFor).toMatch(/^packages\//);
    expect(() => targetNamed("nope")).toThrow(/unknown mutate target/);
    expect(targetNamed("canon").name).toBe("canon");
  });
});

describe("Stryker options (scripts/mutate/stryker.config.mjs)", () => {
  it.each(checkable.map((t) => [t.name]))("%s: options load with the documented choices", (name) => {
    const o = strykerOptions(name);
    expect(o).toMatchObject({
      testRunner: "vitest",
      coverageAnalysis: "perTest",
      concurrency: 2,
      incremental: true,
      ignorers: [IGNORER_NAME],
      mutate: targetNamed(name).mutate,
    });
    expect(o.incrementalFile.startsWith(`${reportDir(name)}/`)).toBe(true);
    for (const file of [o.vitest.configFile, ...o.plugins.filter((p: string) => p.startsWith("./"))]) {
      expect(existsSync(join(repoRoot, file)), file).toBe(true);
    }
    expect(strykerOptions(name, { concurrency: 1 }).concurrency).toBe(1);
    expect(o.ignoreStatic).toBe(false);
    expect(strykerOptions(name, { ignoreStatic: true }).ignoreStatic).toBe(true);
    const all = strykerOptions(name, { allMutants: true });
    expect(all.ignorers).toEqual([]);
    expect(all.incrementalFile).not.toBe(o.incrementalFile);
  });

  it("reports and the incremental files live under a gitignored path; so does Stryker's sandbox", () => {
    const ignored = readFileSync(join(repoRoot, ".gitignore"), "utf8").split("\n");
    expect(reportDir("canon").startsWith("reports/")).toBe(true);
    expect(ignored).toContain("reports/");
    // One sandbox per target (two targets can run side by side), all under one ignore rule.
    expect(ignored).toContain(".stryker-tmp-*/");
    for (const t of checkable) expect(strykerOptions(t.name).tempDirName).toBe(`.stryker-tmp-${t.name}`);
  });

  it("the pinned Stryker packages install on Node 20 (engines) and are exact versions", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
    for (const name of [
      "@stryker-mutator/api",
      "@stryker-mutator/core",
      "@stryker-mutator/instrumenter",
      "@stryker-mutator/vitest-runner",
    ]) {
      expect(pkg.devDependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8"));
      expect(installed.version).toBe(pkg.devDependencies[name]);
      expect(installed.engines.node).not.toMatch(/>=\s*2[2-9]/);
    }
  });

  it("the ignorer plugin declares the name the options use", () => {
    expect(strykerPlugins.map((p: { kind: string; name: string }) => [p.kind, p.name])).toEqual([
      ["Ignore", IGNORER_NAME],
    ]);
  });
});

describe("run.mjs arguments and summary", () => {
  it("no argument → the ready targets; an unknown flag, or a pending target whose package is absent, is refused", () => {
    expect(parseArgs([]).targets.map((t: Target) => t.name)).toEqual(
      targets.filter((t) => t.status === "ready").map((t) => t.name),
    );
    expect(parseArgs(["rules", "--all-mutants"])).toMatchObject({ allMutants: true, force: false });
    expect(() => parseArgs(["--fast"])).toThrow(/unknown option/);
    expect(parseArgs(["store", "--concurrency=1"]).concurrency).toBe(1);
    expect(parseArgs(["store"]).concurrency).toBeUndefined();
    expect(parseArgs(["store", "--ignore-static"]).ignoreStatic).toBe(true);
    expect(parseArgs(["store"]).ignoreStatic).toBe(false);
    for (const bad of ["--concurrency=0", "--concurrency=", "--concurrency=x"]) {
      expect(() => parseArgs([bad])).toThrow(/unknown option/);
    }
    for (const pending of targets.filter((t) => t.status === "pending")) {
      if (existsSync(join(repoRoot, pending.waitsFor as string))) {
        expect(parseArgs([pending.name]).targets.map((t: Target) => t.name)).toEqual([pending.name]);
      } else {
        expect(() => parseArgs([pending.name])).toThrow(/waits for/);
      }
    }
  });

  it("the tests' worker thread gets an 8 GiB heap limit through NODE_OPTIONS, unless one is already set", () => {
    expect(TEST_HEAP).toBe("--max-old-space-size=8192");
    expect(withTestHeap(undefined)).toBe(TEST_HEAP);
    expect(withTestHeap("--enable-source-maps")).toBe(`--enable-source-maps ${TEST_HEAP}`);
    expect(withTestHeap("--max-old-space-size=2048")).toBe("--max-old-space-size=2048");
  });

  it("per-file score = (killed + timeout) / (killed + timeout + survived + no coverage); ignored and errors left out; survivors that ran no test counted apart", () => {
    const at = (line: number) => ({ start: { line, column: 0 }, end: { line, column: 1 } });
    const r = (status: string, line = 1, testsCompleted = 1) => ({
      fileName: `${repoRoot}/packages/x/src/a.ts`,
      status,
      mutatorName: "M",
      location: at(line),
      replacement: "r",
      testsCompleted,
    });
    const rows = summarize(
      [
        r("Killed"),
        r("Killed"),
        r("Timeout"),
        r("Survived", 9),
        r("Survived", 5, 0),
        r("NoCoverage", 3),
        r("Ignored"),
        r("RuntimeError"),
      ],
      repoRoot,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ file: "packages/x/src/a.ts", killed: 2, timeout: 1, survived: 2, noCoverage: 1 });
    expect(rows[0]).toMatchObject({ ignored: 1, errors: 1, survivedNoTestRun: 1, score: 50 });
    expect(rows[0].survivors.map((s: { line: number }) => s.line)).toEqual([3, 5, 9]);
    expect(markdownTable(rows)).toContain("| packages/x/src/a.ts | 50 % | 2 | 1 | 2 (1) | 1 | 1 | 1 |");
  });
});

// The ignorer through Stryker's own instrumenter: which mutants come out Ignored, by source text.
const SNIPPET = `
declare function axiomError(code: string, o: object): Error;
declare class AxiomError extends Error { constructor(code: string, o: object); }
export class JcsError extends Error {
  constructor(message: string, readonly path: string) {
    super(path ? \`\${message} at \${path}\` : message);
  }
}
export function f(x: number, label: string) {
  if (x > 1) throw new JcsError("too big", "");
  if (x < 0) throw axiomError("ERR_RANGE", { message: \`negative: \${x}\`, details: { reason: "neg" } });
  if (x === 0) throw new TypeError("zero " + label);
  if (x === 1) throw new AxiomError("ERR_GONE", { message: "gone" });
  log("not an error: " + label);
  return { kind: "corrupt", message: "state.json is not JSON", digest: "sha256:" };
}
declare function log(s: string): void;
`;

// Place 4 of the ignorer: arguments of same-module helpers whose parameter only becomes a `message`.
// `deny`, `refuse` and `corrupt` have the shapes of shell/decide.ts, human/step.ts and
// apply/journal.ts; the others are helpers whose parameter also reaches something else, or whose
// body the ignorer cannot see, and keep their arguments' mutants.
const HELPERS = `
import { failClosed } from "./verdict";
declare function axiomError(code: string, o: object): Error;
declare function log(s: string): void;
const deny = (message: string, p?: string) => ({
  code: "path.deny",
  message,
  ...(p !== undefined ? { path: p } : {}),
});
function refuse(req: string, reason: string, message: string): never {
  throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", { message, details: { reason, req } });
}
function corrupt(file: string, reason: string) {
  return axiomError("ERR_JOURNAL_CORRUPT", { message: \`journal \${file} is corrupt: \${reason}\`, details: { file } });
}
function logged(message: string) {
  log(message);
  return { message };
}
function trimmed(message: string) {
  message = message.trim();
  return { message };
}
let later = (message: string) => ({ message });
export function g(rel: string, x: number, cb: (message: string) => void) {
  if (x === 0) return deny(\`a glob that could name a denied path (\${rel})\`, rel.replace(/\\/+$/, ""));
  if (x === 1) return deny("writes into a protected directory", \`\${rel}/x\`);
  if (x === 2) return deny("ERR_SHAPED", ".env");
  if (x === 3) refuse("req-text", "reason-code", "the digest changed");
  if (x === 4) throw corrupt(".axiom/j.json", "not JSON");
  logged("logged text");
  trimmed("trimmed text");
  later = (m: string) => ({ message: m });
  later("reassigned helper");
  cb("callback text");
  return failClosed("ERR_INTERNAL", "imported helper");
}
`;

/** `name` of every StringLiteral / Regex mutant of `source`, split by whether the ignorer ignored it. */
async function ignoredTexts(source = SNIPPET): Promise<{ ignored: string[]; kept: string[] }> {
  const quiet = { isDebugEnabled: () => false, debug() {}, info() {}, warn() {}, error() {}, trace() {} };
  const instrumenter = new Instrumenter(quiet as never);
  const { mutants } = await instrumenter.instrument([{ name: "snippet.ts", content: source, mutate: true }], {
    plugins: null,
    ignorers: [new MessageTextIgnorer()],
    excludedMutations: [],
  });
  const lines = source.split("\n");
  const text = (m: (typeof mutants)[number]) => {
    const { start, end } = m.location;
    return start.line === end.line
      ? (lines[start.line] as string).slice(start.column, end.column)
      : `${(lines[start.line] as string).slice(start.column)}…`;
  };
  const strings = mutants.filter((m) => m.mutatorName === "StringLiteral" || m.mutatorName === "Regex");
  for (const m of mutants.filter((x) => x.status === "Ignored")) expect(m.statusReason).toBe(IGNORE_REASON);
  return {
    ignored: strings.filter((m) => m.status === "Ignored").map(text),
    kept: strings.filter((m) => m.status !== "Ignored").map(text),
  };
}

describe("message-text ignorer (scripts/mutate/message-ignorer.mjs)", () => {
  it("ignores the message argument of Error constructors, super() of an Error subclass and `message:` values", async () => {
    const { ignored } = await ignoredTexts();
    expect(ignored.sort()).toEqual(
      [
        '"gone"',
        '"state.json is not JSON"',
        '"too big"',
        '"zero "',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        "`${message} at ${path}`",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        "`negative: ${x}`",
      ].sort(),
    );
  });

  it("keeps error codes, a later string argument (JcsError's path), details, and strings outside errors", async () => {
    const { kept } = await ignoredTexts();
    expect(kept).toEqual(
      expect.arrayContaining(['""', '"ERR_RANGE"', '"ERR_GONE"', '"neg"', '"not an error: "', '"corrupt"']),
    );
    expect(kept).toContain('"sha256:"');
  });

  it("ignores the argument a same-module helper only turns into a `message` (deny, refuse, corrupt)", async () => {
    const { ignored } = await ignoredTexts(HELPERS);
    expect(ignored.sort()).toEqual(
      [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        "`a glob that could name a denied path (${rel})`",
        '"writes into a protected directory"',
        '"the digest changed"',
        '"not JSON"',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        "`journal ${file} is corrupt: ${reason}`",
      ].sort(),
    );
  });

  it("keeps a helper's path, code and other arguments, regex sources, and helpers it cannot see through", async () => {
    const { kept } = await ignoredTexts(HELPERS);
    expect([...new Set(kept)].sort()).toEqual(
      [
        '"path.deny"', // deny's code
        "/\\/+$/", // a regex source in deny's path argument
        '""',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        "`${rel}/x`", // deny's path
        '"ERR_SHAPED"', // code-shaped text is never message text
        '".env"',
        '"req-text"', // refuse's req and reason reach details
        '"reason-code"',
        '"ERR_CONFIRM_DIGEST_MISMATCH"',
        '"ERR_JOURNAL_CORRUPT"',
        '".axiom/j.json"', // corrupt's file reaches details
        '"logged text"', // the parameter is also logged
        '"trimmed text"', // the parameter is reassigned
        '"reassigned helper"', // the helper itself is not a const
        '"callback text"', // a parameter named like a message, not a helper of this module
        '"ERR_INTERNAL"',
        '"imported helper"', // the helper's body is in another module
      ].sort(),
    );
  });
});

describe("load-failure reporter (scripts/mutate/load-failure-reporter.ts)", () => {
  const file = (state: "pass" | "fail", tasks: unknown[] = []) =>
    ({
      id: "f1",
      type: "suite",
      filepath: "/x.test.ts",
      tasks,
      result: { state, errors: [{ message: "boom" }] },
    }) as never;

  it("a file that failed with no test collected gets one failed test carrying the load error", () => {
    const broken = file("fail");
    expect(markUnloadableFiles([broken])).toBe(1);
    const [test] = (broken as { tasks: { type: string; result: { state: string; errors: { message: string }[] } }[] })
      .tasks;
    expect(test).toMatchObject({ type: "test", result: { state: "fail", errors: [{ message: "boom" }] } });
  });
  it("a file that loaded is left alone, whether its tests passed or failed", () => {
    const passed = file("pass");
    const failedTest = file("fail", [{ type: "test" }]);
    expect(markUnloadableFiles([passed, failedTest])).toBe(0);
    expect((passed as { tasks: unknown[] }).tasks).toEqual([]);
    expect((failedTest as { tasks: unknown[] }).tasks).toHaveLength(1);
  });
});
