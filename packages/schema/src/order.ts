// Unicode code-point order (= UTF-8 byte order), formats.md §5.4. Used for artifacts, checks,
// preImage, diff output and sorted path lists. JCS object keys use UTF-16 order instead (canon).

// Remaps a UTF-16 code unit so that plain numeric comparison yields code-point order:
// surrogates (D800–DFFF) move above E000–FFFF, which move down to make room.
function rank(unit: number): number {
  if (unit < 0xd800) return unit;
  if (unit <= 0xdfff) return unit + 0x2000;
  return unit - 0x800;
}

export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** A sorted copy (code-point order) of `items` keyed by `key`. */
export function sortByCodePoint<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((p, q) => compareUtf8(key(p), key(q)));
}

/** True when `keys` is strictly increasing in code-point order (sorted and unique). */
export function isStrictlySorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) {
    if (compareUtf8(keys[i - 1] as string, keys[i] as string) >= 0) return false;
  }
  return true;
}
