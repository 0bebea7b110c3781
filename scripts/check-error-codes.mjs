// Repo guard (formats.md §12.5). Fails when
//  (a) an "ERR_*" string literal in packages/*/src is not an ERROR_CODES member (Node's own
//      ERR_PARSE_ARGS_*, ERR_MODULE_NOT_FOUND and ERR_UNKNOWN_BUILTIN_MODULE are allowlisted by name);
//  (b) an ERROR_CODES member is never raised in packages/*/src (errors.ts, which defines the
//      list, does not count) or never asserted by a test in packages/*/test.
// Codes of issues not built yet sit in scripts/error-codes-baseline.json; a baseline entry that is
// now raised / asserted is itself a failure, so the baseline can only shrink
// (`--prune-baseline` removes stale entries and never adds one).
//   node scripts/check-error-codes.mjs [--repo <dir>] [--prune-baseline]
// scripts/test/check-error-codes.test.ts runs it inside `npm test`.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { listSourceFiles, packageDirs, parseSource, repoPath, stringLiterals } from "./lib/source-scan.mjs";

const CODE_LITERAL = /^ERR_[A-Z0-9_]+$/;
const NODE_CODE_PREFIXES = ["ERR_PARSE_ARGS_"];
const NODE_CODES = new Set(["ERR_MODULE_NOT_FOUND", "ERR_UNKNOWN_BUILTIN_MODULE"]);

export const ERRORS_FILE = "packages/schema/src/errors.ts";
export const BASELINE_FILE = "scripts/error-codes-baseline.json";

function isNodeCode(code) {
  return NODE_CODES.has(code) || NODE_CODE_PREFIXES.some((p) => code.startsWith(p));
}

/** The ERROR_CODES array literal of errors.ts, in order. */
export function readErrorCodes(repo) {
  const sf = parseSource(join(repo, ERRORS_FILE));
  let codes;
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "ERROR_CODES") {
      let init = node.initializer;
      while (
        init &&
        (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
      ) {
        init = init.expression;
      }
      if (init && ts.isArrayLiteralExpression(init)) {
        codes = init.elements.filter((e) => ts.isStringLiteral(e)).map((e) => e.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!codes) throw new Error(`${ERRORS_FILE}: no ERROR_CODES array literal`);
  return codes;
}

export function readBaseline(repo) {
  try {
    const raw = JSON.parse(readFileSync(join(repo, BASELINE_FILE), "utf8"));
    return { notRaised: raw.notRaised ?? [], notAsserted: raw.notAsserted ?? [] };
  } catch (err) {
    if (err.code === "ENOENT") return { notRaised: [], notAsserted: [] };
    throw err;
  }
}

/** The ERR_* literals of each file, parsed once: [{ file, text, line }]. */
function codeLiterals(files) {
  return files.flatMap((file) =>
    stringLiterals(parseSource(file))
      .filter(({ text }) => CODE_LITERAL.test(text))
      .map(({ text, line }) => ({ file, text, line })),
  );
}

/** Map<code, first "file:line"> over literals. */
function firstSeen(repo, literals) {
  const found = new Map();
  for (const { file, text, line } of literals) if (!found.has(text)) found.set(text, `${repoPath(repo, file)}:${line}`);
  return found;
}

export function checkErrorCodes(repo) {
  const problems = [];
  const codes = readErrorCodes(repo);
  const members = new Set(codes);
  const baseline = readBaseline(repo);
  const packages = packageDirs(repo);
  const srcFiles = packages.flatMap((p) => listSourceFiles(join(p.dir, "src")));
  const testFiles = packages.flatMap((p) => listSourceFiles(join(p.dir, "test")));
  const errorsFile = resolve(repo, ERRORS_FILE);

  const srcLiterals = codeLiterals(srcFiles);

  // (a) every ERR_* literal in source is a member (or one of Node's own codes).
  for (const { file, text, line } of srcLiterals) {
    if (!members.has(text) && !isNodeCode(text)) {
      problems.push(`${repoPath(repo, file)}:${line}: "${text}" is not an ERROR_CODES member`);
    }
  }

  // (b) every member raised in source and asserted by a test, unless baselined.
  const raised = firstSeen(
    repo,
    srcLiterals.filter(({ file }) => resolve(file) !== errorsFile),
  );
  const asserted = firstSeen(repo, codeLiterals(testFiles));
  const notRaised = new Set(baseline.notRaised);
  const notAsserted = new Set(baseline.notAsserted);
  for (const entry of [...notRaised, ...notAsserted]) {
    if (!members.has(entry)) problems.push(`${BASELINE_FILE}: "${entry}" is not an ERROR_CODES member`);
  }
  const stale = { notRaised: [], notAsserted: [] };
  for (const code of codes) {
    if (!raised.has(code) && !notRaised.has(code)) problems.push(`${code} is never raised in packages/*/src`);
    if (raised.has(code) && notRaised.has(code)) stale.notRaised.push(code);
    if (!asserted.has(code) && !notAsserted.has(code))
      problems.push(`${code} is never asserted by a test in packages/*/test`);
    if (asserted.has(code) && notAsserted.has(code)) stale.notAsserted.push(code);
  }
  for (const code of stale.notRaised) {
    problems.push(`${BASELINE_FILE}: ${code} is raised now (${raised.get(code)}); remove it from notRaised`);
  }
  for (const code of stale.notAsserted) {
    problems.push(`${BASELINE_FILE}: ${code} is asserted now (${asserted.get(code)}); remove it from notAsserted`);
  }
  return { problems, codes, raised, asserted, stale };
}

/** Removes stale entries from the baseline; never adds one. Returns the removed entries. */
export function pruneBaseline(repo) {
  const { stale } = checkErrorCodes(repo);
  const raw = JSON.parse(readFileSync(join(repo, BASELINE_FILE), "utf8"));
  raw.notRaised = (raw.notRaised ?? []).filter((c) => !stale.notRaised.includes(c));
  raw.notAsserted = (raw.notAsserted ?? []).filter((c) => !stale.notAsserted.includes(c));
  writeFileSync(join(repo, BASELINE_FILE), `${JSON.stringify(raw, null, 2)}\n`);
  return stale;
}

function main(argv) {
  const at = argv.indexOf("--repo");
  const repo = at === -1 ? dirname(dirname(fileURLToPath(import.meta.url))) : resolve(argv[at + 1]);
  if (argv.includes("--prune-baseline")) {
    const removed = pruneBaseline(repo);
    process.stdout.write(
      `pruned notRaised: [${removed.notRaised.join(", ")}], notAsserted: [${removed.notAsserted.join(", ")}]\n`,
    );
  }
  const { problems } = checkErrorCodes(repo);
  for (const p of problems) process.stderr.write(`${p}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
