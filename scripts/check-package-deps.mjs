// Repo guard: the package boundaries of the spec README "Layout", the public surface of each
// package, and the folder rules inside packages/mcp/src (docs/architecture.md). For every source
// file in packages/<pkg>/src, each import / export-from / dynamic import / require specifier must:
//   1. stay inside the package's allowed workspace dependencies (ALLOWED_DEPS): rules and canon are
//      leaves, schema imports only rules; store sits on rules, schema and canon; plan, checks and
//      apply import store and never each other; workflow joins them (and axm) for both front ends; only
//      packages/mcp/src/server/adapter.ts imports the MCP SDK (@modelcontextprotocol/*). A relative
//      specifier that leaves the package counts as importing the package it lands in;
//   2. for a package in ALLOWED_THIRD_PARTY, name only those third-party modules (and no node:
//      builtin): rules stays zero-dependency, so whatever imports it (the gate) never loads zod;
//   3. reach another package only through its public surface: `@codai/axiom-<pkg>` or a subpath its
//      package.json `exports` declares — never a relative path into packages/<other>/, never
//      `@codai/axiom-<pkg>/src/…`;
//   4. be declared in the package's package.json, and a public package depends on no private one;
//   5. inside packages/mcp/src, obey FOLDER_RULES (e.g. the gate imports only the rules and the
//      store's layout; nothing but the CLI and the chunk entries imports cli/; tools, resources and
//      the CLI reach plan, checks, apply and axm only through @codai/axiom-workflow);
//   6. never name a test-only entry (TEST_ONLY_ENTRIES: the store's fs-seam hook `installFs`), by
//      its specifier or by a relative path to its file: tests and tools (bench/, scripts/) reach it,
//      production source cannot. testkit's src is test code and may.
//   node scripts/check-package-deps.mjs [--repo <dir>]
// scripts/test/check-package-deps.test.ts runs it inside `npm test`.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listSourceFiles, moduleSpecifiers, packageDirs, parseSource, repoPath } from "./lib/source-scan.mjs";

/** Workspace packages each package's src may import (README "Depends on"); "*" = any. */
export const ALLOWED_DEPS = {
  rules: [],
  schema: ["rules"],
  canon: [],
  store: ["rules", "schema", "canon"],
  plan: ["schema", "canon", "rules", "store"],
  checks: ["schema", "canon", "rules", "store"],
  apply: ["schema", "canon", "rules", "store"],
  axm: ["schema"],
  workflow: ["rules", "schema", "canon", "store", "plan", "checks", "apply", "axm"],
  // The review page server reads a root only through the workflow's use cases, the store's layout
  // and fs seam, the schema's types and the rules' secret detectors (issue 22).
  review: ["rules", "schema", "store", "workflow"],
  "emitters-web": ["schema"],
  testkit: ["schema", "canon", "store", "plan"],
  conformance: ["mcp"],
  mcp: "*",
};

/** Packages whose src may import only these third-party modules (issue 18: the zero-dependency rules). */
export const ALLOWED_THIRD_PARTY = {
  rules: ["picomatch"],
};

/**
 * Entries for tests and tools only (issue 18: test hooks off the public surfaces), each with the
 * file it is: no package's src may import one, except the packages in TEST_CODE_PACKAGES.
 */
export const TEST_ONLY_ENTRIES = {
  "@codai/axiom-store/testing": "packages/store/src/testing.ts",
};
/** Packages whose src is itself test code (helpers the suites import). */
export const TEST_CODE_PACKAGES = ["testkit"];

/** The test-only entry a specifier names (by name, or by a relative path to its file), or undefined. */
function testOnlyEntry(specifier, file, repo) {
  if (Object.hasOwn(TEST_ONLY_ENTRIES, specifier)) return specifier;
  if (!specifier.startsWith(".")) return undefined;
  const landed = relative(repo, resolve(dirname(file), specifier))
    .split(sep)
    .join("/");
  return Object.keys(TEST_ONLY_ENTRIES).find((entry) => {
    const target = TEST_ONLY_ENTRIES[entry];
    return landed === target || landed === target.replace(/\.ts$/, "") || `${landed}.ts` === target;
  });
}

/** The one file allowed to import the MCP SDK (README principle 7). */
export const SDK_SEAM = "packages/mcp/src/server/adapter.ts";
const SDK_PREFIX = "@modelcontextprotocol/";
const WORKSPACE_PREFIX = "@codai/axiom-";

/**
 * What each folder of packages/mcp/src may import (paths relative to packages/mcp/src). A rule
 * names the files it governs (`from`: folder prefixes), and either the only places they may import
 * (`only`: mcp folders or files, plus `packages`: workspace specifiers, exactly or as a prefix
 * ending in "/") or the places they may not (`not`: mcp folders; `notPackages`: workspace packages,
 * any subpath and any import kind, type-only included). `exceptions` names files a rule does not
 * govern, each with its reason. Third-party and node: modules are not governed here.
 * `dynamicOnly` folders may be reached by `import()` only.
 */
export const FOLDER_RULES = [
  {
    from: ["harness/gate/"],
    only: ["harness/gate/"],
    packages: ["@codai/axiom-rules", "@codai/axiom-store/layout"],
    why: "the PreToolUse hook runs on every native tool call: no zod, no engine, no server code on its path",
  },
  {
    from: ["common/"],
    only: ["common/"],
    packages: [
      "@codai/axiom-schema",
      "@codai/axiom-canon",
      "@codai/axiom-store",
      "@codai/axiom-store/layout",
      "@codai/axiom-rules",
    ],
    why: "common/ is the floor of the mcp package: it depends on no folder above it",
  },
  {
    from: ["server/", "transports/", "harness/", "common/"],
    not: ["cli/"],
    why: "the CLI is a front end: nothing but the chunk entries imports it",
  },
  {
    from: ["server/"],
    not: ["transports/http/", "harness/gate/", "harness/init/", "harness/doctor/"],
    why: "the server knows no transport and no harness wiring (the human step's audit is harness/elicit-audit.ts)",
  },
  {
    from: ["server/tools/", "server/resources/", "cli/"],
    notPackages: ["@codai/axiom-plan", "@codai/axiom-checks", "@codai/axiom-apply", "@codai/axiom-axm"],
    exceptions: {
      "cli/sign-keyless.ts":
        "keyless signing is sigstore plumbing (checks' signKeyless and its endpoints, shared with the requireSigned predicate's verification, signing.md §4), not a use case",
      "cli/load-emitters.ts":
        "`--emitter` builds plan's emitter registry (sources.md §4.6), a value compile and the server are handed; nothing is orchestrated",
    },
    why: "tools, resources and CLI verbs are thin adapters: they reach plan, checks, apply and axm through @codai/axiom-workflow, where each use case is orchestrated once (issue 18)",
  },
];
/** Chunk entries (scripts/build.mjs ENTRY_POINTS): roots of lazy chunks, reached only by import(). */
export const DYNAMIC_ONLY = ["entries/"];

/** The workspace package a specifier names, or undefined for a third-party / builtin module. */
function targetPackage(specifier, file, repo) {
  if (specifier.startsWith(WORKSPACE_PREFIX)) return specifier.slice(WORKSPACE_PREFIX.length).split("/")[0];
  if (!specifier.startsWith(".")) return undefined;
  const landed = relative(join(repo, "packages"), resolve(dirname(file), specifier));
  if (landed.startsWith("..")) return "<outside packages/>";
  return landed.split(sep)[0];
}

/** The subpaths a package's package.json `exports` declares ("." → the bare name). */
function exportedSpecifiers(repo, pkg) {
  const file = join(repo, "packages", pkg, "package.json");
  if (!existsSync(file)) return new Set([`${WORKSPACE_PREFIX}${pkg}`]);
  const { exports } = JSON.parse(readFileSync(file, "utf8"));
  const keys = exports === undefined || typeof exports === "string" ? ["."] : Object.keys(exports);
  return new Set(
    keys.map((k) => (k === "." ? `${WORKSPACE_PREFIX}${pkg}` : `${WORKSPACE_PREFIX}${pkg}/${k.slice(2)}`)),
  );
}

/** Packages whose build bundles their workspace dependencies: they declare them as devDependencies. */
export const BUNDLING = ["mcp"];

/** A package's package.json, or undefined (a fixture without one). */
function manifestOf(repo, pkg) {
  const file = join(repo, "packages", pkg, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/**
 * Honest packages (issue 18): every workspace package a package's src imports is declared in its
 * package.json (dependencies, optional or peer; devDependencies for a bundling package), and a
 * package that is not private depends on no private one (it could not be installed from npm).
 */
function manifestProblems(repo, pkg, imported) {
  const manifest = manifestOf(repo, pkg);
  if (manifest === undefined) return [];
  const problems = [];
  const fields = ["dependencies", "optionalDependencies", "peerDependencies"];
  if (BUNDLING.includes(pkg)) fields.push("devDependencies");
  const declared = new Set(fields.flatMap((f) => Object.keys(manifest[f] ?? {})));
  for (const target of [...imported].sort()) {
    const name = `${WORKSPACE_PREFIX}${target}`;
    if (!declared.has(name))
      problems.push(`packages/${pkg}/package.json: imports ${name} but does not declare it (${fields.join(" / ")})`);
  }
  if (manifest.private !== true) {
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (!dep.startsWith(WORKSPACE_PREFIX)) continue;
      if (manifestOf(repo, dep.slice(WORKSPACE_PREFIX.length))?.private === true)
        problems.push(`packages/${pkg}/package.json: public, but depends on the private ${dep}`);
    }
  }
  return problems;
}

/** A relative specifier's target inside packages/mcp/src ("server/x.ts"), or undefined. */
function mcpFolderPath(specifier, file, mcpSrc) {
  if (!specifier.startsWith(".")) return undefined;
  const landed = relative(mcpSrc, resolve(dirname(file), specifier));
  return landed.startsWith("..") ? undefined : landed.split(sep).join("/");
}

const under = (path, prefixes) =>
  prefixes.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p || path.startsWith(`${p}.`)));

function folderProblems(where, self, line, spec, kind, target) {
  const problems = [];
  if (
    target !== undefined &&
    kind !== "dynamic" &&
    kind !== "type" &&
    under(target, DYNAMIC_ONLY) &&
    !under(self, DYNAMIC_ONLY)
  )
    problems.push(
      `${where}:${line}: imports "${spec}" statically; ${DYNAMIC_ONLY.join(", ")} are chunk roots, reached only by import()`,
    );
  for (const rule of FOLDER_RULES) {
    if (!under(self, rule.from) || Object.hasOwn(rule.exceptions ?? {}, self)) continue;
    if (rule.notPackages?.some((p) => spec === p || spec.startsWith(`${p}/`)))
      problems.push(`${where}:${line}: imports "${spec}"; ${rule.why}`);
    if (target !== undefined) {
      if (rule.not && under(target, rule.not)) problems.push(`${where}:${line}: imports "${spec}"; ${rule.why}`);
      if (rule.only && !under(target, rule.only)) problems.push(`${where}:${line}: imports "${spec}"; ${rule.why}`);
    } else if (rule.only && spec.startsWith(WORKSPACE_PREFIX)) {
      const ok = (rule.packages ?? []).some((p) => (p.endsWith("/") ? spec.startsWith(p) : spec === p));
      if (!ok) problems.push(`${where}:${line}: imports "${spec}"; ${rule.why}`);
    }
  }
  return problems;
}

export function checkPackageDeps(repo) {
  const problems = [];
  const surfaces = new Map();
  const surfaceOf = (pkg) => {
    if (!surfaces.has(pkg)) surfaces.set(pkg, exportedSpecifiers(repo, pkg));
    return surfaces.get(pkg);
  };
  const mcpSrc = join(repo, "packages", "mcp", "src");
  for (const pkg of packageDirs(repo)) {
    const allowed = ALLOWED_DEPS[pkg.name];
    const files = listSourceFiles(join(pkg.dir, "src"));
    if (allowed === undefined) {
      if (files.length > 0) problems.push(`packages/${pkg.name}: no boundary rule (add it to ALLOWED_DEPS)`);
      continue;
    }
    const thirdParty = ALLOWED_THIRD_PARTY[pkg.name];
    const imported = new Set();
    for (const file of files) {
      const where = repoPath(repo, file);
      const self = pkg.name === "mcp" ? relative(mcpSrc, file).split(sep).join("/") : undefined;
      for (const { text, line, kind } of moduleSpecifiers(parseSource(file))) {
        if (text.startsWith(SDK_PREFIX) && where !== SDK_SEAM) {
          problems.push(`${where}:${line}: imports "${text}"; only ${SDK_SEAM} may import the MCP SDK`);
          continue;
        }
        const testOnly = TEST_CODE_PACKAGES.includes(pkg.name) ? undefined : testOnlyEntry(text, file, repo);
        if (testOnly !== undefined && repoPath(repo, file) !== TEST_ONLY_ENTRIES[testOnly])
          problems.push(
            `${where}:${line}: imports "${text}"; ${testOnly} is a test hook, for tests and tools only (production source may not reach it)`,
          );
        const target = targetPackage(text, file, repo);
        if (target === undefined && thirdParty !== undefined && !thirdParty.includes(text)) {
          problems.push(
            `${where}:${line}: packages/${pkg.name} imports "${text}"; it may import only ${thirdParty.join(", ")}`,
          );
          continue;
        }
        if (target !== undefined && target !== pkg.name) {
          if (target !== "<outside packages/>") imported.add(target);
          if (allowed !== "*" && !allowed.includes(target)) {
            const rule = allowed.length === 0 ? "it is a leaf" : `it may import only ${allowed.join(", ")}`;
            problems.push(`${where}:${line}: packages/${pkg.name} imports ${target} ("${text}"); ${rule}`);
          } else if (text.startsWith(".")) {
            problems.push(
              `${where}:${line}: reaches into packages/${target} by path ("${text}"); import ${WORKSPACE_PREFIX}${target} (its public surface)`,
            );
          } else if (text.startsWith(WORKSPACE_PREFIX) && !surfaceOf(target).has(text)) {
            problems.push(
              `${where}:${line}: "${text}" is not a public surface of packages/${target} (its package.json exports: ${[...surfaceOf(target)].join(", ")})`,
            );
          }
        }
        if (self !== undefined)
          problems.push(...folderProblems(where, self, line, text, kind, mcpFolderPath(text, file, mcpSrc)));
      }
    }
    problems.push(...manifestProblems(repo, pkg.name, imported));
  }
  return { problems };
}

function main(argv) {
  const at = argv.indexOf("--repo");
  const repo = at === -1 ? dirname(dirname(fileURLToPath(import.meta.url))) : resolve(argv[at + 1]);
  const { problems } = checkPackageDeps(repo);
  for (const p of problems) process.stderr.write(`${p}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
