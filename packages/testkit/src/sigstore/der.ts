// A minimal DER encoder: just the ASN.1 types an X.509 certificate of the test CA needs. Lengths are
// always minimal, so @sigstore/core's parse → re-encode (it rebuilds the TBS for the SCT check)
// reproduces these bytes exactly.

function encodeLength(len: number): Buffer {
  if (len < 0x80) return Buffer.from([len]);
  const bytes: number[] = [];
  for (let v = len; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), Buffer.from(content)]);
}

export const seq = (...items: Uint8Array[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Uint8Array[]): Buffer => tlv(0x31, Buffer.concat(items));
export const octet = (content: Uint8Array): Buffer => tlv(0x04, content);
export const utf8 = (s: string): Buffer => tlv(0x0c, Buffer.from(s, "utf8"));
export const bool = (b: boolean): Buffer => tlv(0x01, Buffer.from([b ? 0xff : 0x00]));
/** Context-specific constructed [n] (EXPLICIT tagging). */
export const explicit = (n: number, inner: Uint8Array): Buffer => tlv(0xa0 | n, inner);
/** Context-specific primitive [n] (IMPLICIT tagging of a primitive value). */
export const implicit = (n: number, content: Uint8Array): Buffer => tlv(0x80 | n, content);

/** A BIT STRING whose first content byte is the count of unused trailing bits. */
export const bitString = (bytes: Uint8Array, unusedBits = 0): Buffer =>
  tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), Buffer.from(bytes)]));

/** A non-negative INTEGER from big-endian magnitude bytes (or a number). */
export function int(value: number | Uint8Array): Buffer {
  let bytes: Buffer;
  if (typeof value === "number") {
    const hex = value.toString(16);
    bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  } else bytes = Buffer.from(value);
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if ((bytes[0] as number) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [40 * (parts[0] as number) + (parts[1] as number)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime YYMMDDHHMMSSZ (dates before 2050). */
export function utcTime(d: Date): Buffer {
  const iso = d.toISOString(); // 2026-11-30T21:00:00.000Z
  const s = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(s, "ascii"));
}
