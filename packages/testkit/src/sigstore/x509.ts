// The test CA acting as Fulcio: a self-signed ECDSA P-256 root and short-lived leaf certificates
// shaped like Fulcio's (empty subject, critical SAN, the OIDC issuer extensions v1 and v2, and an
// embedded SCT list signed by the test CT log), as @sigstore/verify 3.x checks them
// (key/certificate.js chain building via SKI/AKI, key/sct.js precert reconstruction).
import { createHash, createPublicKey, type KeyObject, randomBytes, sign } from "node:crypto";
import { bitString, bool, explicit, implicit, int, octet, oid, seq, set, utcTime, utf8 } from "./der";

const ECDSA_SHA256 = seq(oid("1.2.840.10045.4.3.2"));
export const OID_FULCIO_ISSUER_V1 = "1.3.6.1.4.1.57264.1.1";
export const OID_FULCIO_ISSUER_V2 = "1.3.6.1.4.1.57264.1.8";
const OID_SCT_LIST = "1.3.6.1.4.1.11129.2.4.2";

export function spkiDer(key: KeyObject): Buffer {
  const pub = key.type === "private" ? createPublicKey(key) : key;
  return pub.export({ type: "spki", format: "der" });
}

/** CT / Rekor log id = sha256 of the log key's SPKI DER. */
export function logIdOf(key: KeyObject): Buffer {
  return createHash("sha256").update(spkiDer(key)).digest();
}

export function pemOf(der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n");
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`;
}

function name(org: string, cn: string): Buffer {
  return seq(set(seq(oid("2.5.4.10"), utf8(org))), set(seq(oid("2.5.4.3"), utf8(cn))));
}

function extension(id: string, critical: boolean, value: Uint8Array): Buffer {
  return critical ? seq(oid(id), bool(true), octet(value)) : seq(oid(id), octet(value));
}

/**
 * Subject key id: sha1 of the SPKI with the first byte zeroed. @sigstore/core tries to parse every
 * OCTET STRING as nested DER; a leading 0x00 (universal tag 0) makes that fail, so the bytes stay
 * primitive and re-encode identically.
 */
function keyIdOf(spki: Uint8Array): Buffer {
  const id = createHash("sha1").update(spki).digest();
  id[0] = 0;
  return id;
}

function serial(): Buffer {
  const b = randomBytes(16);
  b[0] = ((b[0] as number) & 0x7f) | 0x01;
  return b;
}

interface TbsInput {
  issuer: Buffer;
  subject: Buffer;
  notBefore: Date;
  notAfter: Date;
  spki: Buffer;
  extensions: Buffer[];
}

function tbs(t: TbsInput): Buffer {
  return seq(
    explicit(0, int(2)),
    int(serial()),
    ECDSA_SHA256,
    t.issuer,
    seq(utcTime(t.notBefore), utcTime(t.notAfter)),
    t.subject,
    t.spki,
    explicit(3, seq(...t.extensions)),
  );
}

function signCert(tbsDer: Buffer, caKey: KeyObject): Buffer {
  return seq(tbsDer, ECDSA_SHA256, bitString(sign("sha256", tbsDer, caKey)));
}

export interface TestCa {
  key: KeyObject;
  der: Buffer;
  name: Buffer;
  keyId: Buffer;
}

export function makeRootCa(key: KeyObject, notBefore: Date, notAfter: Date): TestCa {
  const spki = spkiDer(key);
  const keyId = keyIdOf(spki);
  const caName = name("axiom-test", "axiom-test-fulcio-root");
  const t = tbs({
    issuer: caName,
    subject: caName,
    notBefore,
    notAfter,
    spki,
    extensions: [
      // keyCertSign (bit 5) + cRLSign (bit 6): 0b0000_0110, one unused bit
      extension("2.5.29.15", true, bitString(Buffer.from([0x06]), 1)),
      extension("2.5.29.19", true, seq(bool(true), int(1))),
      extension("2.5.29.14", false, octet(keyId)),
    ],
  });
  return { key, der: signCert(t, key), name: caName, keyId };
}

export type San = { email: string } | { uri: string };

export interface LeafInput {
  ca: TestCa;
  ctKey: KeyObject;
  /** PEM or DER SPKI of the signer's ephemeral key. */
  publicKey: KeyObject;
  san: San;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** Omit the SCT list (a certificate no CT log saw). */
  noSct?: boolean;
}

/** RFC 6962 §3.2 SCT v1 over the precert (issuer key hash + TBS without the SCT extension). */
function makeSct(ctKey: KeyObject, issuerSpki: Buffer, precertTbs: Buffer, when: Date): Buffer {
  const ts = Buffer.alloc(8);
  ts.writeBigUInt64BE(BigInt(when.getTime()));
  const len24 = Buffer.from([
    (precertTbs.length >> 16) & 0xff,
    (precertTbs.length >> 8) & 0xff,
    precertTbs.length & 0xff,
  ]);
  const signed = Buffer.concat([
    Buffer.from([0x00, 0x00]), // version v1, signature_type certificate_timestamp
    ts,
    Buffer.from([0x00, 0x01]), // entry_type precert_entry
    createHash("sha256").update(issuerSpki).digest(),
    len24,
    precertTbs,
    Buffer.from([0x00, 0x00]), // no extensions
  ]);
  const sig = sign("sha256", signed, ctKey);
  const sigLen = Buffer.alloc(2);
  sigLen.writeUInt16BE(sig.length);
  return Buffer.concat([
    Buffer.from([0x00]),
    logIdOf(ctKey),
    ts,
    Buffer.from([0x00, 0x00]),
    Buffer.from([0x04, 0x03]), // sha256, ecdsa
    sigLen,
    sig,
  ]);
}

function sctList(sct: Buffer): Buffer {
  const inner = Buffer.alloc(2);
  inner.writeUInt16BE(sct.length);
  const body = Buffer.concat([inner, sct]);
  const outer = Buffer.alloc(2);
  outer.writeUInt16BE(body.length);
  return Buffer.concat([outer, body]);
}

export function issueLeaf(input: LeafInput): Buffer {
  const spki = spkiDer(input.publicKey);
  const generalName =
    "email" in input.san
      ? implicit(1, Buffer.from(input.san.email, "ascii"))
      : implicit(6, Buffer.from(input.san.uri, "ascii"));
  const extensions = [
    extension("2.5.29.15", true, bitString(Buffer.from([0x80]), 7)), // digitalSignature
    extension("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.3"))), // codeSigning
    extension("2.5.29.14", false, octet(keyIdOf(spki))),
    extension("2.5.29.35", false, seq(implicit(0, input.ca.keyId))),
    extension("2.5.29.17", true, seq(generalName)),
    // Fulcio writes v1 as the raw string and v2 as a DER UTF8String.
    extension(OID_FULCIO_ISSUER_V1, false, Buffer.from(input.issuer, "utf8")),
    extension(OID_FULCIO_ISSUER_V2, false, utf8(input.issuer)),
  ];
  const base: TbsInput = {
    issuer: input.ca.name,
    subject: seq(),
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    spki,
    extensions,
  };
  // The serial is random: build the precert TBS once and reuse its serial for the final TBS by
  // splicing the SCT extension into the same structure.
  const precert = tbs(base);
  if (input.noSct) return signCert(precert, input.ca.key);
  const sct = makeSct(input.ctKey, spkiDer(input.ca.key), precert, input.notBefore);
  const final = withExtension(precert, extension(OID_SCT_LIST, false, octet(sctList(sct))));
  return signCert(final, input.ca.key);
}

/** Re-encodes a TBS (built by `tbs`) with one more extension appended, keeping every other field. */
function withExtension(tbsDer: Buffer, ext: Buffer): Buffer {
  const fields = children(tbsDer);
  const last = fields.pop() as Buffer; // [3] { SEQUENCE OF Extension }
  const extSeq = children(last)[0] as Buffer;
  const exts = children(extSeq);
  return seq(...fields, explicit(3, seq(...exts, ext)));
}

/** The encoded children of a constructed DER element (minimal lengths, as `der.ts` writes them). */
function children(der: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const { start, end } = contentBounds(der, 0);
  let pos = start;
  while (pos < end) {
    const b = contentBounds(der, pos);
    out.push(der.subarray(pos, b.end));
    pos = b.end;
  }
  return out;
}

function contentBounds(der: Buffer, at: number): { start: number; end: number } {
  const first = der[at + 1] as number;
  if (first < 0x80) return { start: at + 2, end: at + 2 + first };
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + (der[at + 2 + i] as number);
  return { start: at + 2 + n, end: at + 2 + n + len };
}
