// Structural equality of two JSON values (key order ignored): the stored-manifest check of C0
// compares what is on disk with a bundle that intake already validated, instead of validating the
// stored copy again (schema walk + JCS digest of the whole bundle, twice per fs apply).

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ob = b as Record<string, unknown>;
  for (const k of ka) {
    if (!Object.hasOwn(ob, k) || !jsonEqual((a as Record<string, unknown>)[k], ob[k])) return false;
  }
  return true;
}
