// A package specifier resolved the way Node's ESM loader does it (sources.md §4.5 step 2): walk up
// `node_modules` from a base directory, then follow `exports` with the conditions node / import /
// default (or `main`, then index.js). Only the pieces an emitter package needs: exact subpaths and
// nested conditions; `*` patterns are not supported. Returns a realpath, or undefined.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

const CONDITIONS = ["node", "import", "default"];

function splitSpecifier(spec: string): { name: string; subpath: string } | undefined {
  const parts = spec.split("/");
  const take = spec.startsWith("@") ? 2 : 1;
  if (parts.length < take || parts.slice(0, take).some((p) => p === "")) return undefined;
  const rest = parts.slice(take).join("/");
  return { name: parts.slice(0, take).join("/"), subpath: rest === "" ? "." : `./${rest}` };
}

function resolveTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target.startsWith("./") ? target : undefined;
  if (Array.isArray(target)) {
    for (const t of target) {
      const hit = resolveTarget(t);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  if (typeof target === "object" && target !== null) {
    // Conditions are tried in the object's own key order, as Node does.
    for (const [key, value] of Object.entries(target)) {
      if (!CONDITIONS.includes(key)) continue;
      const hit = resolveTarget(value);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

function resolveExports(exportsField: unknown, subpath: string): string | undefined {
  const isSubpathMap =
    typeof exportsField === "object" &&
    exportsField !== null &&
    !Array.isArray(exportsField) &&
    Object.keys(exportsField).some((k) => k.startsWith("."));
  if (!isSubpathMap) return subpath === "." ? resolveTarget(exportsField) : undefined;
  const entry = (exportsField as Record<string, unknown>)[subpath];
  return entry === undefined ? undefined : resolveTarget(entry);
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function resolveInPackage(pkgDir: string, subpath: string): string | undefined {
  let pkg: Record<string, unknown> = {};
  try {
    pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as Record<string, unknown>;
  } catch {
    // no or unreadable package.json: plain files only
  }
  let rel: string | undefined;
  if (pkg.exports !== undefined) rel = resolveExports(pkg.exports, subpath);
  else if (subpath === ".") rel = typeof pkg.main === "string" ? pkg.main : "index.js";
  else rel = subpath;
  if (rel === undefined) return undefined;
  const file = join(pkgDir, rel);
  return isFile(file) ? realpathSync(file) : undefined;
}

/** The file a bare specifier names when imported from a module in `baseDir`, or undefined. */
export function resolvePackageFrom(spec: string, baseDir: string): string | undefined {
  const parsed = splitSpecifier(spec);
  if (!parsed) return undefined;
  let dir = baseDir;
  for (;;) {
    const pkgDir = join(dir, "node_modules", parsed.name);
    if (existsSync(pkgDir)) return resolveInPackage(pkgDir, parsed.subpath);
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
