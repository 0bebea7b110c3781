// "Could this glob name that path?" (decisions SEC-4): whether two glob patterns share a match,
// decided on their automata, so a shell glob such as `.cl*/sett?ngs.json` is judged against the
// gate's deny globs without touching the disk. Both sides use one syntax: `*`, `?`, `[…]`/`[!…]`,
// backslash escapes and `**` as a whole segment (any number of segments); an extglob group
// (`@(…)`, `!(…)`, …) is read as `*` (over-approximation: fail-closed). Braces are expanded first
// (braces.ts). Case is folded (the gate's deny globs match case-insensitively). A leading dot is
// matched by `*` and `?` (picomatch dot:true on the deny side; on the shell side dotglob may be on).
import { escapePattern } from "./pattern-form";

type Atom =
  | { t: "lit"; c: string }
  | { t: "any" }
  | { t: "star" }
  | { t: "cls"; neg: boolean; chars: string; ranges: [string, string][] };

/** One path segment: a list of atoms, or `**` (zero or more whole segments). */
type Segment = Atom[] | "globstar";

const EXTGLOB = /^[@!?*+]\(/;

function parseClass(s: string, i: number): { atom: Atom; next: number } | undefined {
  // s[i] === "["
  let j = i + 1;
  let neg = false;
  if (s[j] === "!" || s[j] === "^") {
    neg = true;
    j++;
  }
  let chars = "";
  const ranges: [string, string][] = [];
  let first = true;
  while (j < s.length && (s[j] !== "]" || first)) {
    first = false;
    let c = s[j] as string;
    if (c === "\\" && j + 1 < s.length) c = s[++j] as string;
    if (s[j + 1] === "-" && j + 2 < s.length && s[j + 2] !== "]") {
      let hi = s[j + 2] as string;
      let k = j + 2;
      if (hi === "\\" && k + 1 < s.length) hi = s[++k] as string;
      ranges.push([c, hi]);
      j = k + 1;
      continue;
    }
    chars += c;
    j++;
  }
  if (j >= s.length) return undefined; // no closing bracket: a literal "["
  return { atom: { t: "cls", neg, chars, ranges }, next: j + 1 };
}

function parseSegment(s: string): Segment {
  if (s === "**") return "globstar";
  const out: Atom[] = [];
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === "\\" && i + 1 < s.length) {
      out.push({ t: "lit", c: s[i + 1] as string });
      i += 2;
    } else if (EXTGLOB.test(s.slice(i, i + 2))) {
      let depth = 0;
      let j = i + 1;
      for (; j < s.length; j++) {
        if (s[j] === "(") depth++;
        else if (s[j] === ")" && --depth === 0) break;
      }
      out.push({ t: "star" });
      i = j + 1;
    } else if (c === "*") {
      if (out.at(-1)?.t !== "star") out.push({ t: "star" });
      i++;
    } else if (c === "?") {
      out.push({ t: "any" });
      i++;
    } else if (c === "[") {
      const cls = parseClass(s, i);
      if (cls) {
        out.push(cls.atom);
        i = cls.next;
      } else {
        out.push({ t: "lit", c });
        i++;
      }
    } else {
      out.push({ t: "lit", c });
      i++;
    }
  }
  return out;
}

/** Splits at unescaped `/` (outside brackets) and parses each segment; empty and `.` segments dropped. */
export function parsePattern(pattern: string): Segment[] {
  const text = pattern.toLowerCase();
  const parts: string[] = [];
  let cur = "";
  let inClass = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\" && i + 1 < text.length) {
      cur += c + text[++i];
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    if (c === "/" && !inClass) {
      parts.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  parts.push(cur);
  return parts.filter((p) => p !== "" && p !== ".").map(parseSegment);
}

const EXTRA_CHARS = ["a", "z", "0", "9", ".", "-", "_", " ", "~", "é", "\u2603", "/"];

function accepts(a: Atom, c: string): boolean {
  if (a.t === "lit") return a.c === c;
  if (a.t === "any" || a.t === "star") return c !== "/";
  if (c === "/") return false;
  const inSet = a.chars.includes(c) || a.ranges.some(([lo, hi]) => c >= lo && c <= hi);
  return a.neg ? !inSet : inSet;
}

function candidates(a: Atom): string[] {
  if (a.t === "lit") return [a.c];
  if (a.t === "cls") {
    const out = [...a.chars];
    for (const [lo, hi] of a.ranges) {
      out.push(lo, hi);
      const next = String.fromCharCode(hi.charCodeAt(0) + 1);
      out.push(next, String.fromCharCode(Math.max(0, lo.charCodeAt(0) - 1)));
    }
    return out;
  }
  return [];
}

function charsMeet(a: Atom, b: Atom): boolean {
  for (const c of [...candidates(a), ...candidates(b), ...EXTRA_CHARS]) if (accepts(a, c) && accepts(b, c)) return true;
  return false;
}

/**
 * Whether two sequences share a match, where a "star" element matches any run of the other side's
 * elements: a search over index pairs. Atoms within a segment (`*` a run of characters) and
 * segments within a path (`**` a run of segments) are the same problem at two levels.
 */
function meet<T>(a: readonly T[], b: readonly T[], isStar: (x: T) => boolean, same: (x: T, y: T) => boolean): boolean {
  const seen = new Set<number>();
  const w = b.length + 1;
  const stack: [number, number][] = [[0, 0]];
  while (stack.length > 0) {
    const [i, j] = stack.pop() as [number, number];
    const key = i * w + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const x = a[i];
    const y = b[j];
    const xStar = x !== undefined && isStar(x);
    const yStar = y !== undefined && isStar(y);
    if (xStar) {
      stack.push([i + 1, j]);
      if (y !== undefined) stack.push([i, j + 1]);
    }
    if (yStar) {
      stack.push([i, j + 1]);
      if (x !== undefined) stack.push([i + 1, j]);
    }
    if (x !== undefined && y !== undefined && !xStar && !yStar && same(x, y)) stack.push([i + 1, j + 1]);
  }
  return false;
}

/** Whether two segment patterns (atom lists) share at least one matching string. */
const segmentsMeet = (a: Atom[], b: Atom[]): boolean => meet(a, b, (x) => x.t === "star", charsMeet);

/** Whether two parsed path patterns share at least one matching path. */
export function patternsMeet(a: Segment[], b: Segment[]): boolean {
  return meet(
    a,
    b,
    (x) => x === "globstar",
    (x, y) => segmentsMeet(x as Atom[], y as Atom[]),
  );
}

/** Whether a file name matches one segment pattern (case folded). */
export function matchSegment(name: string, segmentPattern: string): boolean {
  const a = parsePattern(escapePattern(name));
  const b = parsePattern(segmentPattern);
  return a.length === 1 && b.length === 1 && patternsMeet(a, b);
}
