// Values JCS cannot encode (formats.md §1 decision): a lone surrogate in any string or key, or a
// non-finite number, anywhere in a document. Reported as issues at their path, never ERR_INTERNAL.
// schema and canon are both leaf packages, so the test is written here too (canon's jcs.ts): the
// native `isWellFormed` (ES2024, in every Node 20).
const hasLoneSurrogate = (s: string): boolean => !s.isWellFormed();

export interface RawIssue {
  path: (string | number)[];
  message: string;
}

/** A path as a chain of steps back to the root: built into an array only for an issue. */
interface Step {
  up: Step | undefined;
  at: string | number;
}

function pathOf(step: Step | undefined, base: (string | number)[]): (string | number)[] {
  const rev: (string | number)[] = [];
  for (let s = step; s !== undefined; s = s.up) rev.push(s.at);
  return [...base, ...rev.reverse()];
}

export function wellFormedIssues(value: unknown, path: (string | number)[] = [], out: RawIssue[] = []): RawIssue[] {
  walk(value, undefined, path, out);
  return out;
}

function walk(value: unknown, step: Step | undefined, base: (string | number)[], out: RawIssue[]): void {
  if (typeof value === "string") {
    if (hasLoneSurrogate(value)) out.push({ path: pathOf(step, base), message: "string contains a lone surrogate" });
  } else if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push({ path: pathOf(step, base), message: "number must be finite" });
  } else if (typeof value === "bigint") {
    out.push({ path: pathOf(step, base), message: "bigint is not a JSON value" });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], { up: step, at: i }, base, out);
  } else if (value !== null && typeof value === "object") {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const at: Step = { up: step, at: key };
      if (hasLoneSurrogate(key)) out.push({ path: pathOf(at, base), message: "key contains a lone surrogate" });
      walk((value as Record<string, unknown>)[key], at, base, out);
    }
  }
}
