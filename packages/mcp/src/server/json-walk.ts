// What `JSON.stringify` would make of a value, without building the text: its UTF-8 byte length
// (the argument cap of mcp.md §6.3 measures every argument and the whole call) and the data
// `JSON.parse` would give back (structuredContent). Serialising a 4 MiB `files` array or a preview's
// 4 MiB diff only to count or to clean it cost more than the schema checks themselves.

// Control characters JSON writes as \b, \f or \u00XX: rare in text, so they take the slow path.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters JSON escapes
const RARE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

function countOf(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** ES2024 (Node ≥ 20): false when the string holds a lone surrogate, which JSON writes as \uXXXX. */
const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function stringBytes(s: string): number {
  if (RARE_CONTROL.test(s) || !isWellFormed(s)) return Buffer.byteLength(JSON.stringify(s), "utf8");
  // Quotes around the UTF-8 bytes; each of " \ \n \t \r is written as two bytes, one more than itself.
  const escapes = countOf(s, '"') + countOf(s, "\\") + countOf(s, "\n") + countOf(s, "\t") + countOf(s, "\r");
  return Buffer.byteLength(s, "utf8") + 2 + escapes;
}

function isPlainJsonContainer(value: object): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) ? proto === Array.prototype : proto === Object.prototype || proto === null;
}

/** Bytes of each member `JSON.stringify` keeps (undefined, functions and symbols are dropped). */
export function jsonMemberBytes(object: Record<string, unknown>): Map<string, number> {
  const members = new Map<string, number>();
  for (const key of Object.keys(object)) {
    const bytes = jsonByteLength(object[key]);
    if (bytes !== undefined) members.set(key, bytes);
  }
  return members;
}

/** `{…}` around the given members: keys, colons, values and commas. */
export function jsonObjectBytes(members: ReadonlyMap<string, number>): number {
  let total = 2 + Math.max(0, members.size - 1);
  for (const [key, bytes] of members) total += stringBytes(key) + 1 + bytes;
  return total;
}

/**
 * `Buffer.byteLength(JSON.stringify(value))`, or undefined where `JSON.stringify` yields undefined.
 * Anything beyond plain JSON data (toJSON, class instances, bigint) falls back to `JSON.stringify`,
 * so it is measured, or throws, as before.
 */
export function jsonByteLength(value: unknown): number | undefined {
  switch (typeof value) {
    case "string":
      return stringBytes(value);
    case "boolean":
      return value ? 4 : 5;
    case "number":
      return (JSON.stringify(value) as string).length;
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    case "object": {
      if (value === null) return 4;
      if (!isPlainJsonContainer(value)) break;
      if (Array.isArray(value)) {
        let total = 2 + Math.max(0, value.length - 1);
        // A hole or an undefined element is written as `null`.
        for (let i = 0; i < value.length; i++) total += jsonByteLength(value[i]) ?? 4;
        return total;
      }
      return jsonObjectBytes(jsonMemberBytes(value as Record<string, unknown>));
    }
  }
  const text = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.byteLength(text, "utf8");
}

/** Sets `key` as an own data member, even `__proto__` (which `JSON.parse` also keeps as data). */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/**
 * `JSON.parse(JSON.stringify(value))` for the values tool handlers return: undefined members
 * dropped, non-finite numbers as null, -0 as 0. Strings are shared, not re-encoded. Anything beyond
 * plain JSON data (toJSON, class instances) takes the round trip itself.
 */
export function jsonData(value: unknown): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value + 0 : null;
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    case "object": {
      if (value === null) return null;
      if (!isPlainJsonContainer(value)) break;
      if (Array.isArray(value)) {
        const out = new Array(value.length);
        for (let i = 0; i < value.length; i++) out[i] = jsonData(value[i]) ?? null;
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const member = jsonData((value as Record<string, unknown>)[key]);
        if (member !== undefined) setMember(out, key, member);
      }
      return out;
    }
  }
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}
