// The glob dialect (checks.md §3): picomatch with dot:true against a RelPath; literal parentheses
// escaped. One dialect for the checks predicates and the gate's deny/allow lists (hooks-doctor.md
// §2.10), so a glob cannot mean one thing in a profile and another at the hook. picomatch is rules'
// only third-party dependency (itself dependency-free, ARCH-R2).
import type picomatchModule from "picomatch";

// picomatch is loaded by the first glob compiled at run time, never by a process that judges only
// seeded globs (the gate's built-in profiles, SPEED-8): a hook's Write would otherwise evaluate its
// modules for nothing (decisions SPEED-18). esbuild bundles this `require` as a lazy module
// wrapper, in the ESM chunks as in gate.cjs; vitest defines it for the sources.
let picomatchLib: typeof picomatchModule | undefined;
function makeRe(pattern: string, nocase: boolean): RegExp {
  picomatchLib ??= require("picomatch") as typeof picomatchModule;
  return picomatchLib.makeRe(pattern, { dot: true, nocase });
}

export type Matcher = (path: string) => boolean;

// A "(…)" group with no glob metacharacters that is not an extglob (@( !( ?( *( +( or a `|`)
// is literal text such as Next.js route groups `app/(app)/**`; an escaped `\(` is left alone.
const LITERAL_GROUP = /(^|[^\\@!?*+])\(([^()|*?[\]{}\\]*)\)/g;

export function escapeLiteralParens(glob: string): string {
  return glob.replace(LITERAL_GROUP, (_m, before: string, inner: string) => `${before}\\(${inner}\\)`);
}

// Case-insensitive file systems fold more than ASCII: NTFS compares upper-cased names (`ſ` U+017F
// and `ı` U+0131 upper-case to S and I), APFS compares case-folded ones (the Kelvin sign U+212A folds
// to k), and HFS+ drops zero-width and bidi controls from names (git's CVE-2014-9390 handling). A
// nocase glob therefore also tests the path upper-cased then lower-cased with those controls removed,
// so `.claude/ſettings.json` or `.git\u200c/config` cannot land on a protected file unmatched (D24,
// decisions SEC-20). Folding only adds matches: a deny list can only widen.
const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** The spelling a case-insensitive file system would look `path` up as (uppercase, then lowercase). */
export function foldPath(path: string): string {
  return path.replace(HFS_IGNORABLE, "").toUpperCase().toLowerCase();
}

// Compiling is most of a glob predicate's cost on small change sets, and every call of a profile
// compiles the same globs again. A test is a pure function of (glob, nocase), so it is cached
// under exactly that key; the bound only keeps a stream of distinct globs from growing the map.
const COMPILED_MAX = 1024;
const compiled = new Map<string, Matcher>();

const keyOf = (glob: string, nocase: boolean) => `${nocase ? "i" : "s"}${glob}`;

// A glob of literal runs ([A-Za-z0-9._-]) between `*` and `/` matches only paths that contain its
// longest run: picomatch emits each run as consecutive literal characters, and under nocase V8's
// non-unicode /i never folds a non-ASCII character onto an ASCII one, so comparing lower-cased is
// exact. Testing that first spares almost every glob of a deny list its regex, whose first two runs
// each cost V8 a compile (bytecode, then native on tier-up): ≈ 2 ms of a hook's Write over the 65
// built-in globs (SPEED-18). Any other character (classes, braces, extglobs, `?`, escapes) or a
// `./` (picomatch strips a leading one) leaves the regex alone.
const PLAIN_GLOB = /^[A-Za-z0-9._\-*/]*$/;

function requiredRun(pattern: string, nocase: boolean): string {
  if (!PLAIN_GLOB.test(pattern) || pattern.includes("./")) return "";
  let longest = "";
  for (const run of pattern.split(/[*/]/)) if (run.length > longest.length) longest = run;
  return nocase ? longest.toLowerCase() : longest;
}

/**
 * What picomatch's matcher does with its regex under the options used here (dot, nocase; no
 * format, basename or ignore): the empty path never matches, the pattern's own text always does.
 */
function testOf(pattern: string, re: RegExp, nocase: boolean): Matcher {
  const run = requiredRun(pattern, nocase);
  if (run === "") return (path) => path !== "" && (path === pattern || re.test(path));
  return (path) =>
    path !== "" && (path === pattern || ((nocase ? path.toLowerCase() : path).includes(run) && re.test(path)));
}

/** picomatch's test for one glob, without folding. */
function rawTest(glob: string, nocase: boolean): Matcher {
  const key = keyOf(glob, nocase);
  let test = compiled.get(key);
  if (test === undefined) {
    const pattern = escapeLiteralParens(glob);
    test = testOf(pattern, makeRe(pattern, nocase), nocase);
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(key, test);
  }
  return test;
}

/**
 * Seeds the cache with regexes computed ahead of time: each `[glob, regex]` must be what
 * `picomatch.makeRe(escapeLiteralParens(glob), { dot: true, nocase })` returns (the gate's built-in
 * deny lists, generated at build time: a hook process that judges only those never runs
 * picomatch's parser, about half of what a Write costs over a Read; issue 24).
 */
export function seedGlobCache(entries: readonly (readonly [string, RegExp])[], opts: { nocase?: boolean } = {}): void {
  const nocase = opts.nocase === true;
  for (const [glob, re] of entries) {
    if (compiled.size >= COMPILED_MAX) return;
    compiled.set(keyOf(glob, nocase), testOf(escapeLiteralParens(glob), re, nocase));
  }
}

/** A matcher that is true when any glob matches; with nocase, the folded spelling counts too. */
export function compileGlobs(globs: readonly string[], opts: { nocase?: boolean } = {}): Matcher {
  const nocase = opts.nocase === true;
  // picomatch refuses an empty pattern; an empty glob matches nothing.
  const tests = globs.filter((g) => g !== "").map((g) => rawTest(g, nocase));
  if (!nocase) return (path) => tests.some((t) => t(path));
  return (path) => {
    if (tests.some((t) => t(path))) return true;
    const folded = foldPath(path);
    return folded !== path && tests.some((t) => t(folded));
  };
}

export function compileGlob(glob: string, opts: { nocase?: boolean } = {}): Matcher {
  if (opts.nocase === true) return compileGlobs([glob], opts);
  return glob === "" ? () => false : rawTest(glob, false);
}

/** Optional globs: absent or empty means "all" (§3). */
export function optionalGlobs(globs: readonly string[] | undefined): Matcher {
  if (!globs || globs.length === 0) return () => true;
  return compileGlobs(globs);
}
