// The frozen fact context (checks.md §2.2 step 7): predicates see a deep-frozen copy of the
// caller's bundle, so neither side can change what the other sees.

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) ? proto === Array.prototype : proto === Object.prototype || proto === null;
}

/**
 * A deep-frozen copy of `value`. Strings are immutable, so they are shared rather than copied as
 * structuredClone copies them (a bundle's inline blobs are most of its bytes). Shared references
 * and cycles are kept; anything but plain objects and arrays is structuredClone'd, then frozen.
 */
export function frozenCopy<T>(value: T): T {
  const copies = new Map<object, object>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    const done = copies.get(v);
    if (done !== undefined) return done;
    if (!isPlain(v)) {
      const cloned = deepFreeze(structuredClone(v));
      copies.set(v, cloned);
      return cloned;
    }
    const out: Record<string, unknown> | unknown[] = Array.isArray(v)
      ? new Array(v.length)
      : Object.getPrototypeOf(v) === null
        ? Object.create(null)
        : {};
    copies.set(v, out);
    for (const key of Object.keys(v)) {
      const member = copy((v as Record<string, unknown>)[key]);
      // `__proto__` is data in parsed JSON: assigning it would set the copy's prototype instead.
      if (key === "__proto__")
        Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
      else (out as Record<string, unknown>)[key] = member;
    }
    return Object.freeze(out);
  };
  return copy(value) as T;
}
