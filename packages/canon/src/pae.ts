// DSSE v1 Pre-Authentication Encoding (signing.md §1.3): what an Ed25519 envelope signature covers.
// PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, LEN = decimal UTF-8 byte length.

const encoder = new TextEncoder();

export function pae(payloadType: string, body: Uint8Array): Uint8Array {
  const type = encoder.encode(payloadType);
  const head = encoder.encode(`DSSEv1 ${type.length} `);
  const mid = encoder.encode(` ${body.length} `);
  const out = new Uint8Array(head.length + type.length + mid.length + body.length);
  out.set(head, 0);
  out.set(type, head.length);
  out.set(mid, head.length + type.length);
  out.set(body, head.length + type.length + mid.length);
  return out;
}
