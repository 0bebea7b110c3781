// Per-call root resolution of mcp.md §3.2, used by the tools until packages/mcp/src/roots.ts (owned
// by the roots helper) provides `resolveRoot`; server.ts prefers that one when wired.
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, sep } from "node:path";
import { axiomError } from "@codai/axiom-schema";
import type { RootsPolicy } from "./context";

function inside(child: string, parent: string): boolean {
  const norm = (p: string) => (process.platform === "win32" ? p.toLowerCase() : p);
  const c = norm(child);
  const p = norm(parent);
  return c.startsWith(p.endsWith(sep) ? p : p + sep);
}

export async function resolveToolRoot(policy: RootsPolicy, requested: string | undefined, opts: { lockTaking: boolean }): Promise<string> {
  const roots = [...policy.roots];
  if (requested === undefined || requested === "") {
    if (roots.length === 1) return roots[0];
    throw axiomError("ERR_ROOT_REQUIRED", { message: "root is required: zero or several roots are allowlisted", details: { roots } });
  }
  if (!isAbsolute(requested)) throw axiomError("ERR_ROOT_NOT_ALLOWED", { message: `root must be absolute: ${requested}`, details: { root: requested } });
  let real: string;
  try {
    real = await realpath(requested);
    if (!(await stat(real)).isDirectory()) throw new Error("not a directory");
  } catch {
    throw axiomError("ERR_ROOT_NOT_ALLOWED", { message: `root is not a directory: ${requested}`, details: { root: requested } });
  }
  const exact = roots.includes(real);
  const nested = !exact && roots.some((r) => inside(real, r));
  if (!exact && (!nested || opts.lockTaking)) {
    throw axiomError("ERR_ROOT_NOT_ALLOWED", { message: `root is not allowlisted: ${requested}`, details: { root: requested, real, roots } });
  }
  return real;
}
