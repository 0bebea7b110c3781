// Globs (checks.md §3): picomatch with dot:true against a RelPath; literal parentheses escaped.
import picomatch from "picomatch";

export type Matcher = (path: string) => boolean;

// A "(…)" group with no glob metacharacters that is not an extglob (@( !( ?( *( +( or a `|`)
// is literal text such as Next.js route groups `app/(app)/**`; an escaped `\(` is left alone.
const LITERAL_GROUP = /(^|[^\\@!?*+])\(([^()|*?[\]{}\\]*)\)/g;

export function escapeLiteralParens(glob: string): string {
  return glob.replace(LITERAL_GROUP, (_m, before: string, inner: string) => `${before}\\(${inner}\\)`);
}

export function compileGlob(glob: string, opts: { nocase?: boolean } = {}): Matcher {
  // picomatch refuses an empty pattern; an empty glob matches nothing.
  if (glob === "") return () => false;
  return picomatch(escapeLiteralParens(glob), { dot: true, nocase: opts.nocase === true });
}

/** A matcher that is true when any glob matches. */
export function compileGlobs(globs: readonly string[], opts: { nocase?: boolean } = {}): Matcher {
  const matchers = globs.map((g) => compileGlob(g, opts));
  return (path) => matchers.some((m) => m(path));
}

/** Optional globs: absent or empty means "all" (§3). */
export function optionalGlobs(globs: readonly string[] | undefined): Matcher {
  if (!globs || globs.length === 0) return () => true;
  return compileGlobs(globs);
}
