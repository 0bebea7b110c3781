// The glob dialect (checks.md §3): picomatch with dot:true against a RelPath; literal parentheses
// escaped. One dialect for the checks predicates and the gate's deny/allow lists (hooks-doctor.md
// §2.10), so a glob cannot mean one thing in a profile and another at the hook. picomatch is rules'
// only third-party dependency (itself dependency-free, ARCH-R2).
import picomatch from "picomatch";

export type Matcher = (path: string) => boolean;

// A "(…)" group with no glob metacharacters that is not an extglob (@( !( ?( *( +( or a `|`)
// is literal text such as Next.js route groups `app/(app)/**`; an escaped `\(` is left alone.
const LITERAL_GROUP = /(^|[^\\@!?*+])\(([^()|*?[\]{}\\]*)\)/g;

export function escapeLiteralParens(glob: string): string {
  return glob.replace(LITERAL_GROUP, (_m, before: string, inner: string) => `${before}\\(${inner}\\)`);
}

// Compiling is most of a glob predicate's cost on small change sets, and every call of a profile
// compiles the same globs again. A matcher is a pure function of (glob, nocase), so it is cached
// under exactly that key; the bound only keeps a stream of distinct globs from growing the map.
const COMPILED_MAX = 1024;
const compiled = new Map<string, Matcher>();

export function compileGlob(glob: string, opts: { nocase?: boolean } = {}): Matcher {
  // picomatch refuses an empty pattern; an empty glob matches nothing.
  if (glob === "") return () => false;
  const nocase = opts.nocase === true;
  const key = `${nocase ? "i" : "s"}${glob}`;
  let matcher = compiled.get(key);
  if (matcher === undefined) {
    const re = picomatch(escapeLiteralParens(glob), { dot: true, nocase });
    matcher = (path) => re(path);
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(key, matcher);
  }
  return matcher;
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
