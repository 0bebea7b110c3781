// The roots policy (apply.md §1): a frozen, realpath'd allowlist for the MCP server, the tool
// `root` argument → {rootReal, effectiveRoot}, and the CLI's `--root` resolution. Shared by the CLI
// and the MCP server.
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { access, realpath, stat } from "node:fs/promises";
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";

/** Tools that take the root lock: they accept only an allowlisted root itself (§1.2 row 5). */
export const LOCK_TAKING_TOOLS: ReadonlySet<string> = new Set([
  "axiom_apply",
  "axiom_apply_dry_run",
  "axiom_rollback",
  "axiom_write",
]);

export interface RootsPolicy {
  /** The allowlisted roots: native realpaths, unique, in the order given (a Set keeps it). Frozen. */
  readonly roots: ReadonlySet<string>;
  readonly platform: NodeJS.Platform;
}

export interface ResolvedRoot {
  /** Realpath of the requested directory. */
  rootReal: string;
  /** The allowlisted root that contains it. */
  effectiveRoot: string;
}

function stripLong(p: string): string {
  return p.startsWith("\\\\?\\") ? p.slice(4) : p;
}

/** Native realpath, `\\?\` stripped, and it must be a directory; undefined otherwise. */
async function realDir(p: string): Promise<string | undefined> {
  try {
    const real = stripLong(await realpath(p));
    return (await stat(real)).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function comparable(p: string, platform: NodeJS.Platform): string {
  const sep = platform === "win32" ? "\\" : "/";
  const norm = platform === "win32" ? path.win32.normalize(p) : path.posix.normalize(p);
  let out = norm;
  while (out.length > 1 && out.endsWith(sep) && !(platform === "win32" && /^[A-Za-z]:\\$/.test(out)))
    out = out.slice(0, -1);
  return platform === "win32" ? out.toLowerCase() : out;
}

/**
 * Equal, or inside = child starts with parent + separator (never a raw string prefix:
 * `/r/allowed-evil` is not inside `/r/allowed`); case-folded on win32 only.
 */
export function isWithin(child: string, parent: string, platform: NodeJS.Platform = process.platform): boolean {
  const c = comparable(child, platform);
  const p = comparable(parent, platform);
  if (c === p) return true;
  const sep = platform === "win32" ? "\\" : "/";
  return c.startsWith(p.endsWith(sep) ? p : p + sep);
}

/**
 * Builds the server allowlist from `--root` arguments (§1.1): each MUST be absolute, is
 * realpath'd and MUST be a directory, else ERR_ROOT_NOT_DIR `{root}` (the server does not start).
 */
export async function buildRootsPolicy(
  rootArgs: readonly string[],
  platform: NodeJS.Platform = process.platform,
): Promise<RootsPolicy> {
  const roots: string[] = [];
  for (const root of rootArgs) {
    const real = path.isAbsolute(root) ? await realDir(root) : undefined;
    if (real === undefined) {
      const why = path.isAbsolute(root) ? "is not a directory" : "must be an absolute path";
      throw axiomError("ERR_ROOT_NOT_DIR", { message: `--root ${root} ${why}`, details: { root } });
    }
    if (!roots.some((r) => comparable(r, platform) === comparable(real, platform))) roots.push(real);
  }
  const set = new Set(roots);
  // A Set cannot be frozen by Object.freeze: its mutators are disabled instead.
  const refuse = () => {
    throw new TypeError("the roots allowlist is frozen");
  };
  Object.assign(set, { add: refuse, delete: refuse, clear: refuse });
  return Object.freeze({ roots: set as ReadonlySet<string>, platform });
}

/** Alias under the name the MCP server context expects. */
export const createRootsPolicy = buildRootsPolicy;

function notAllowed(message: string, details: Record<string, unknown>): Error {
  return axiomError("ERR_ROOT_NOT_ALLOWED", { message, details });
}

/**
 * The tool `root` argument → `{rootReal, effectiveRoot}` (§1.2 rows 1–5, in order). `lockTaking`
 * (see LOCK_TAKING_TOOLS) refuses a sub-directory of an allowlisted root.
 */
export async function resolveToolRoot(
  policy: RootsPolicy,
  root: string | undefined,
  options: { lockTaking?: boolean } = {},
): Promise<ResolvedRoot> {
  const roots = [...policy.roots];
  if (root === undefined || root === "") {
    if (roots.length === 1) return { rootReal: roots[0] as string, effectiveRoot: roots[0] as string };
    throw axiomError("ERR_ROOT_REQUIRED", {
      message:
        roots.length === 0
          ? "no root is allowlisted (start the server with --root <dir>)"
          : "several roots are allowlisted: pass `root`",
      details: { roots },
    });
  }
  if (!path.isAbsolute(root)) throw notAllowed(`root must be an absolute path: ${root}`, { root, roots });
  const real = await realDir(root);
  if (real === undefined) throw notAllowed(`root is not an existing directory: ${root}`, { root, roots });
  // The deepest allowlisted ancestor (an exact match wins over a containing root).
  const ancestors = roots.filter((r) => isWithin(real, r, policy.platform)).sort((a, b) => b.length - a.length);
  const effectiveRoot = ancestors[0];
  if (effectiveRoot === undefined)
    throw notAllowed(`root is outside every allowlisted root: ${root}`, { root, real, roots });
  if (options.lockTaking && comparable(real, policy.platform) !== comparable(effectiveRoot, policy.platform)) {
    throw notAllowed(`this tool accepts only an allowlisted root itself, not a sub-directory: ${root}`, {
      root,
      real,
      roots,
    });
  }
  return { rootReal: real, effectiveRoot };
}

/** `resolveToolRoot` returning only `rootReal` (the shape of the server's `ServerContext.resolveRoot`). */
export async function resolveToolRootReal(
  policy: RootsPolicy,
  requested: string | undefined,
  opts: { lockTaking: boolean },
): Promise<string> {
  return (await resolveToolRoot(policy, requested, opts)).rootReal;
}

/**
 * The rule of `axiom_check`, `axiom_check_start`, `axiom_manifest_verify`: an explicit root goes
 * through rows 2–4; absent → the single root if exactly one, else run without a root.
 */
export async function resolveOptionalToolRoot(
  policy: RootsPolicy,
  root: string | undefined,
): Promise<ResolvedRoot | undefined> {
  const roots = [...policy.roots];
  if (root === undefined || root === "") {
    return roots.length === 1 ? { rootReal: roots[0] as string, effectiveRoot: roots[0] as string } : undefined;
  }
  return resolveToolRoot(policy, root);
}

/**
 * CLI `--root` (§1.3): resolved against the cwd, native realpath, must be a directory, else
 * ERR_ROOT_NOT_DIR `{root}` (the argument as given). `status`, `log`, `init`, `doctor` pass ".".
 */
export async function resolveCliRoot(root: string, cwd: string = process.cwd()): Promise<string> {
  // An empty argument would resolve to the cwd: that is the cwd fallback the CLI never applies.
  const real = root === "" ? undefined : await realDir(path.resolve(cwd, root));
  if (real === undefined)
    throw axiomError("ERR_ROOT_NOT_DIR", { message: `root is not a directory: ${root}`, details: { root } });
  return real;
}

/** D17 root-id: the first 12 hex of sha256 over the UTF-8 realpath of the root. */
export function rootId(rootReal: string): string {
  return createHash("sha256").update(rootReal, "utf8").digest("hex").slice(0, 12);
}

/** `axiom_roots_list`: `{roots: [{path, writable, hasGit}]}` — W_OK probe and a `.git` stat. */
export async function describeRoots(
  policy: RootsPolicy,
): Promise<{ roots: { path: string; writable: boolean; hasGit: boolean }[] }> {
  const roots = await Promise.all(
    [...policy.roots].map(async (p) => ({
      path: p,
      writable: await access(p, constants.W_OK).then(
        () => true,
        () => false,
      ),
      hasGit: await stat(path.join(p, ".git")).then(
        () => true,
        () => false,
      ),
    })),
  );
  return { roots };
}
