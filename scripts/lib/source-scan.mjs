// Source scanning shared by the repo guards: list source files and read string literals and module
// specifiers through the TypeScript parser, so comments, regex literals and template text never
// produce false matches.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

const SOURCE_EXT = /\.(?:ts|mts|cts|tsx|js|mjs|cjs)$/;

/** Every source file under `dir` (recursively), skipping node_modules and dist; sorted. */
export function listSourceFiles(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSourceFiles(path));
    else if (entry.isFile() && SOURCE_EXT.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

/** The workspace package directories: packages/<name> (sorted). */
export function packageDirs(repo) {
  const root = join(repo, "packages");
  let names;
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  return names
    .filter((n) => statSync(join(root, n)).isDirectory())
    .sort()
    .map((n) => ({ name: n, dir: join(root, n) }));
}

export function parseSource(file) {
  const text = readFileSync(file, "utf8");
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
}

function scriptKind(file) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.[mc]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function lineOf(sf, node) {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** Every string literal and substitution-free template literal: `{ text, line }`. */
export function stringLiterals(sf) {
  const out = [];
  walk(sf, (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      out.push({ text: node.text, line: lineOf(sf, node) });
    }
  });
  return out;
}

/**
 * Every module specifier: import / export-from declarations (type-only included), `import x =
 * require()`, dynamic `import()`, `require()`, and `import("x")` types. `{ text, line, kind }`, kind
 * "dynamic" for an `import()` call, "type" for a type-only import or `import("x")` type, else "static".
 */
export function moduleSpecifiers(sf) {
  const out = [];
  const add = (lit, kind) => {
    if (lit && (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit))) {
      out.push({ text: lit.text, line: lineOf(sf, lit), kind });
    }
  };
  walk(sf, (node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ? "type" : "static");
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly ? "type" : "static");
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, "static");
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      if (isImport || isRequire) add(node.arguments[0], isImport ? "dynamic" : "static");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, "type");
    }
  });
  return out;
}

/** A repo-relative path with forward slashes, for messages. */
export function repoPath(repo, file) {
  return relative(repo, file).split(sep).join("/");
}
