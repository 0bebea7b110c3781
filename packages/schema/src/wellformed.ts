// Values JCS cannot encode (formats.md §1 decision): a lone surrogate in any string or key, or a
// non-finite number, anywhere in a document. Reported as issues at their path, never ERR_INTERNAL.
// schema and canon are both leaf packages, so this one regex is kept here too (canon's jcs.ts).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

export interface RawIssue {
  path: (string | number)[];
  message: string;
}

export function wellFormedIssues(value: unknown, path: (string | number)[] = [], out: RawIssue[] = []): RawIssue[] {
  if (typeof value === "string") {
    if (hasLoneSurrogate(value)) out.push({ path, message: "string contains a lone surrogate" });
  } else if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push({ path, message: "number must be finite" });
  } else if (typeof value === "bigint") {
    out.push({ path, message: "bigint is not a JSON value" });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) wellFormedIssues(item, [...path, i], out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) out.push({ path: [...path, key], message: "key contains a lone surrogate" });
      wellFormedIssues(item, [...path, key], out);
    }
  }
  return out;
}
