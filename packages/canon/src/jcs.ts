// RFC 8785 JSON Canonicalization Scheme as AXIOM applies it (formats.md §5.3).
// Object members sort by UTF-16 code units (JS `<`); numbers use ECMAScript Number-to-String;
// lone surrogates, non-finite numbers and non-JSON values are rejected, never repaired.

export class JcsError extends Error {
  override readonly name = "JcsError";
  /** Dotted path of the offending value ("" for the top level). */
  readonly path: string;
  constructor(message: string, path: string) {
    super(path ? `${message} at ${path}` : message);
    this.path = path;
  }
}

/**
 * True when the string contains an unpaired UTF-16 surrogate (not encodable as UTF-8). The native
 * `isWellFormed` (ES2024, in every Node 20) answers exactly that, ≈ 6× faster than a lookaround
 * regex on text with any non-ASCII character (issue 24).
 */
export function hasLoneSurrogate(s: string): boolean {
  return !s.isWellFormed();
}

/**
 * RFC 8785 §3.2.2.2 serializes strings as ECMAScript's JSON.stringify does (QuoteJSONString): `"`
 * and `\` escaped, \b \t \n \f \r, every other code unit below U+0020 as \u00xx (lower-case
 * hex), everything else as is. Lone surrogates — which JSON.stringify would escape — are refused
 * first, so the native call gives exactly that text, ≈ 100× faster than a loop per code unit on
 * the kilobytes of base64 a manifest's blobs hold (issue 24).
 */
function escapeString(s: string, path: string): string {
  if (hasLoneSurrogate(s)) throw new JcsError("lone surrogate in string", path);
  return JSON.stringify(s);
}

function serializeNumber(n: number, path: string): string {
  if (!Number.isFinite(n)) throw new JcsError("non-finite number", path);
  // ECMAScript Number::toString is exactly the RFC 8785 form; -0 prints as "0".
  return Object.is(n, -0) ? "0" : String(n);
}

function join(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}.${key}`;
}

function serialize(value: unknown, path: string): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return serializeNumber(value, path);
    case "string":
      return escapeString(value, path);
    case "object":
      break;
    default:
      throw new JcsError(`cannot canonicalise a ${typeof value}`, path);
  }
  if (Array.isArray(value)) {
    const parts = value.map((item, i) => (item === undefined ? "null" : serialize(item, join(path, i))));
    return `[${parts.join(",")}]`;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new JcsError("cannot canonicalise a non-plain object", path);
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
  keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const key of keys) {
    if (hasLoneSurrogate(key)) throw new JcsError("lone surrogate in key", join(path, key));
    parts.push(`${escapeString(key, path)}:${serialize(obj[key], join(path, key))}`);
  }
  return `{${parts.join(",")}}`;
}

/** The canonical JSON text of `value`. Throws JcsError on values JCS cannot encode. */
export function canonicalize(value: unknown): string {
  if (value === undefined) throw new JcsError("cannot canonicalise undefined", "");
  return serialize(value, "");
}

/** The UTF-8 bytes of the canonical text: what every AXIOM digest hashes. */
export function canonicalBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalize(value));
}

/** True iff `text` is already in canonical form. Never throws. */
export function verifyCanonical(text: string): boolean {
  try {
    return canonicalize(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}
