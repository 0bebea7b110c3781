// Where the judged line runs (decisions SEC-4): the hook's realpath'd cwd, the root and the
// profile's deny globs, and the one conversion every decision needs: a path or pattern relative
// to the hook's cwd (or absolute) as root-relative text, or undefined when it is outside the root.
import * as path from "node:path";

export interface ShellContext {
  /** The realpath'd working directory of the hook call. */
  cwd: string;
  root: string;
  deny: readonly string[];
}

const IS_WIN = process.platform === "win32";
const toPosix = (p: string) => (IS_WIN ? p.replace(/\\/g, "/") : p);
const fold = (p: string) => (IS_WIN ? p.toLowerCase() : p);

/** Root-relative text of a path or pattern relative to the hook cwd (or absolute); undefined: outside. */
export function relOf(ctx: ShellContext, p: string): string | undefined {
  const rootP = toPosix(ctx.root).replace(/\/$/, "");
  const abs = path.posix.isAbsolute(p) || /^[A-Za-z]:[\\/]/.test(p) ? p : `${toPosix(ctx.cwd)}/${p}`;
  const n = path.posix.normalize(abs).replace(/\/$/, "");
  if (fold(n) === fold(rootP)) return "";
  if (!fold(n).startsWith(`${fold(rootP)}/`)) return undefined;
  return n.slice(rootP.length + 1);
}
