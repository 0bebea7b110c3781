// The protected set as the shell judgement asks about it (decisions SEC-4), derived from the gate
// profile's deny globs: is a path denied, could a glob name a denied path, does a directory hold
// (or could it come to hold) a denied path, could a bare file name be the last segment of one.
import { compileGlobs } from "@codai/axiom-rules";
import { expandBraces } from "./braces";
import { parsePattern, patternsMeet } from "./glob-intersect";
import { escapePattern } from "./pattern-form";

export interface Protection {
  /** The path.deny predicate itself (same globs, nocase). `rel` is a root-relative RelPath. */
  denied(rel: string): boolean;
  /** A root-relative glob (pattern form) that could name a denied path (root-anchored deny globs). */
  couldName(relPattern: string): boolean;
  /** `rel` (a directory, not the root) is denied or could contain a denied path (root-anchored globs). */
  area(rel: string): boolean;
  /** A last segment (pattern form) that could be the file name of a denied path. */
  fileName(segment: string): boolean;
}

const isWildSegment = (s: string) => /^[*?]*$/.test(s);

export function protectionOf(deny: readonly string[]): Protection {
  const denied = compileGlobs(deny, { nocase: true });
  const expanded = deny.flatMap((g) => expandBraces(g));
  // Root-anchored: the first segment is not `**`. `**/x/**` globs match under every directory, so
  // they are judged on concrete paths only (the disk, the literal text), never by "could".
  const anchored = expanded.filter((g) => !g.startsWith("**")).map(parsePattern);
  const lastSegments = expanded
    .map(
      (g) =>
        g
          .split("/")
          .filter((s) => s !== "")
          .at(-1) ?? "",
    )
    .filter((s) => s !== "" && !isWildSegment(s))
    .map((s) => parsePattern(s));
  return {
    denied: (rel) => rel !== "" && denied(rel),
    couldName(relPattern) {
      const segs = parsePattern(relPattern);
      if (segs.length === 0) return false;
      return anchored.some((p) => patternsMeet(segs, p));
    },
    area(rel) {
      if (rel === "" || rel === ".") return false;
      if (denied(rel)) return true;
      const segs = parsePattern(`${escapePattern(rel)}/**`);
      return anchored.some((p) => patternsMeet(segs, p));
    },
    fileName(segment) {
      const seg = parsePattern(segment);
      if (seg.length !== 1) return false;
      return lastSegments.some((p) => patternsMeet(seg, p));
    },
  };
}
