// Repo guard: the package boundaries of the spec README "Layout". For every source file in
// packages/<pkg>/src, each import / export-from / dynamic import / require specifier must stay
// inside the package's allowed workspace dependencies:
//   schema and canon are leaves; store sits on them; plan, checks and apply import store and never
//   each other; only packages/mcp/src/adapter.ts imports the MCP SDK (@modelcontextprotocol/*).
// A relative specifier that leaves the package counts as importing the package it lands in.
//   node scripts/check-package-deps.mjs [--repo <dir>]
// scripts/test/check-package-deps.test.ts runs it inside `npm test`.
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listSourceFiles, moduleSpecifiers, packageDirs, parseSource, repoPath } from "./lib/source-scan.mjs";

/** Workspace packages each package's src may import (README "Depends on"); "*" = any. */
export const ALLOWED_DEPS = {
  schema: [],
  canon: [],
  store: ["schema", "canon"],
  plan: ["schema", "canon", "store"],
  checks: ["schema", "canon", "store"],
  apply: ["schema", "canon", "store"],
  axm: ["schema"],
  "emitters-web": ["schema"],
  testkit: ["schema", "canon", "store", "plan"],
  conformance: ["mcp"],
  mcp: "*",
};

/** The one file allowed to import the MCP SDK (README principle 7). */
export const SDK_SEAM = "packages/mcp/src/adapter.ts";
const SDK_PREFIX = "@modelcontextprotocol/";
const WORKSPACE_PREFIX = "@codai/axiom-";

/** The workspace package a specifier names, or undefined for a third-party / builtin module. */
function targetPackage(specifier, file, repo) {
  if (specifier.startsWith(WORKSPACE_PREFIX)) return specifier.slice(WORKSPACE_PREFIX.length).split("/")[0];
  if (!specifier.startsWith(".")) return undefined;
  const landed = relative(join(repo, "packages"), resolve(dirname(file), specifier));
  if (landed.startsWith("..")) return "<outside packages/>";
  return landed.split(sep)[0];
}

export function checkPackageDeps(repo) {
  const problems = [];
  for (const pkg of packageDirs(repo)) {
    const allowed = ALLOWED_DEPS[pkg.name];
    const files = listSourceFiles(join(pkg.dir, "src"));
    if (allowed === undefined) {
      if (files.length > 0) problems.push(`packages/${pkg.name}: no boundary rule (add it to ALLOWED_DEPS)`);
      continue;
    }
    for (const file of files) {
      const where = repoPath(repo, file);
      for (const { text, line } of moduleSpecifiers(parseSource(file))) {
        if (text.startsWith(SDK_PREFIX) && where !== SDK_SEAM) {
          problems.push(`${where}:${line}: imports "${text}"; only ${SDK_SEAM} may import the MCP SDK`);
          continue;
        }
        const target = targetPackage(text, file, repo);
        if (target === undefined || target === pkg.name || allowed === "*") continue;
        if (!allowed.includes(target)) {
          const rule = allowed.length === 0 ? "it is a leaf" : `it may import only ${allowed.join(", ")}`;
          problems.push(`${where}:${line}: packages/${pkg.name} imports ${target} ("${text}"); ${rule}`);
        }
      }
    }
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
