// Blob encoding (formats.md §6.1) and the CAS slot layout (§9.1). Pure: shared by plan, checks
// and apply, which may not import each other.

export interface EncodedBlob {
  encoding: "utf8" | "base64";
  data: string;
}

export const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** utf8 when the bytes are valid UTF-8 with no NUL byte (a BOM is kept in `data`), else base64. */
export function encodeBlob(bytes: Uint8Array): EncodedBlob {
  if (!bytes.includes(0)) {
    try {
      return { encoding: "utf8", data: strictUtf8.decode(bytes) };
    } catch {
      // not valid UTF-8: fall through to base64
    }
  }
  return { encoding: "base64", data: Buffer.from(bytes).toString("base64") };
}

/**
 * Strict base64 decode: whitespace removed, then the text must be canonical padded base64.
 * Returns undefined when it is not, so no byte ever depends on decoder leniency.
 */
export function decodeBase64Strict(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, "");
  if (!CANONICAL_BASE64.test(clean)) return undefined;
  return new Uint8Array(Buffer.from(clean, "base64"));
}

/** The bytes a blob stands for, or undefined when a base64 blob is not canonical. */
export function decodeBlob(blob: EncodedBlob): Uint8Array | undefined {
  if (blob.encoding === "utf8") return new TextEncoder().encode(blob.data);
  return decodeBase64Strict(blob.data);
}

/** UTF-8 decode that refuses invalid bytes (no U+FFFD substitution); undefined on failure. */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Largest blob any CAS read accepts (formats.md §9.2). */
export const CAS_MAX_BYTES = 33_554_432;

/** Slot of a blob relative to `<root>/.axiom/cas`: `sha256/<aa>/<hex>`. */
export function casSlot(hex: string): string {
  return `sha256/${hex.slice(0, 2)}/${hex}`;
}
