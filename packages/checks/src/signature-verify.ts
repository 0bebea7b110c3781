// Ed25519 bundle verification (signing.md §5, §5.1) and the trust-store parser (§2.1, §2.2).
// Pure: no I/O. Shared by `manifest.requireSigned` and by the verify surfaces (signing.md §6).

import type { KeyObject } from "node:crypto";
import { timingSafeEqual } from "node:crypto";
import {
  canonicalDigestRef,
  canonicalize,
  decodeBase64Strict,
  decodePublicKeyBase64,
  decodeUtf8Strict,
  digestRef,
  keyidOf,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  MANIFEST_PAYLOAD_TYPE,
  publicKeyFromRaw,
  sha256Hex,
  verifyPae,
} from "@codai/axiom-canon";
import {
  collectIssues,
  type FullIssue,
  TRUST_STORE_MAX_BYTES,
  type TrustStore,
  TrustStoreSchema,
} from "@codai/axiom-schema";

/** Structurally a checks RawFinding: the predicate adds severity/predicate, verify keeps id+message. */
export interface SignatureFinding {
  id: string;
  message: string;
  facts: Record<string, string | number | boolean | null | (string | null)[]>;
}

/** The parts of a ManifestBundle the verifier reads (a parsed bundle fits). */
export interface SignedBundleView {
  manifestDigest: string;
  signatures?: readonly {
    payloadType: string;
    payload: string;
    signatures: readonly { keyid?: string; sig: string }[];
  }[];
}

export interface SignatureVerification {
  /** Distinct verified trusted keyids, sorted. */
  keyids: string[];
  findings: SignatureFinding[];
}

interface EligibleKey {
  keyid: string;
  key: KeyObject;
}

function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseStrictJson(bytes: Uint8Array): { ok: true; text: string; value: unknown } | { ok: false } {
  const text = decodeUtf8Strict(bytes);
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, text, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function eligibleKeys(store: TrustStore, counter: number | undefined): EligibleKey[] {
  const out: EligibleKey[] = [];
  for (const entry of store.keys) {
    if (entry.notBefore !== undefined && (counter === undefined || counter < entry.notBefore)) continue;
    const raw = decodePublicKeyBase64(entry.publicKey);
    const key = raw === undefined ? undefined : publicKeyFromRaw(raw);
    if (key !== undefined) out.push({ keyid: entry.keyid, key });
  }
  return out;
}

type EnvelopeView = NonNullable<SignedBundleView["signatures"]>[number];

/** Steps a–j of §5 for envelope `i`: the verified keyids, or the one finding it earned. */
function checkEnvelope(
  env: EnvelopeView,
  i: number,
  manifestDigest: string,
  store: TrustStore,
  eligible: readonly EligibleKey[],
): { keyids: string[] } | { finding: SignatureFinding } {
  const at = `signatures[${i}]`;
  const fail = (id: string, message: string, facts: SignatureFinding["facts"]) => ({
    finding: { id, message: `${at}: ${message}`, facts },
  });
  const payload = decodeBase64Strict(env.payload);
  const parsed = payload === undefined ? ({ ok: false } as const) : parseStrictJson(payload);

  if (env.payloadType === MANIFEST_BOUND_PAYLOAD_TYPE) {
    // a: the inner manifest must canonicalise to manifestDigest.
    let payloadDigest: string | undefined;
    if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null && !Array.isArray(parsed.value)) {
      const inner = (parsed.value as Record<string, unknown>).manifest;
      try {
        if (inner !== undefined) payloadDigest = canonicalDigestRef(inner);
      } catch {
        payloadDigest = undefined;
      }
    }
    if (payloadDigest !== manifestDigest) {
      const facts: SignatureFinding["facts"] = { reason: "PAYLOAD_MISMATCH" };
      if (payloadDigest !== undefined) facts.payloadDigest = payloadDigest;
      return fail("signature.bad", "bound payload does not carry this manifest", facts);
    }
    // b: a bound envelope counts only for the store's rootId (when the store declares one).
    const got = (parsed as { value: Record<string, unknown> }).value.rootId;
    if (store.rootId !== undefined && got !== store.rootId) {
      return fail("signature.unbound", `bound to another root id`, {
        reason: "ROOT_MISMATCH",
        index: i,
        expected: store.rootId,
        got: typeof got === "string" ? got : null,
      });
    }
  } else if (env.payloadType === MANIFEST_PAYLOAD_TYPE) {
    // c: the payload is exactly JCS(manifest).
    const payloadDigest = payload === undefined ? undefined : digestRef(sha256Hex(payload));
    if (payloadDigest !== manifestDigest) {
      const facts: SignatureFinding["facts"] = { reason: "PAYLOAD_MISMATCH" };
      if (payloadDigest !== undefined) facts.payloadDigest = payloadDigest;
      return fail("signature.bad", "payload does not hash to manifestDigest", facts);
    }
    // d: a store with a rootId accepts only bound envelopes.
    if (store.rootId !== undefined) {
      return fail("signature.unbound", "unbound envelope, the trust store requires a root-bound one", {
        reason: "UNBOUND",
        index: i,
        expected: store.rootId,
      });
    }
  } else {
    // e
    return fail("signature.bad", "unexpected payloadType", { reason: "BAD_PAYLOAD_TYPE", index: i });
  }
  // f
  if (env.signatures.length === 0) return fail("signature.bad", "no signatures", { reason: "NO_SIGNATURES", index: i });
  // g
  if (!parsed.ok) return fail("signature.bad", "payload is not UTF-8 JSON", { reason: "BAD_PAYLOAD", index: i });
  // h
  let canonical: string | undefined;
  try {
    canonical = canonicalize(parsed.value);
  } catch {
    canonical = undefined;
  }
  if (canonical !== parsed.text) {
    return fail("signature.notCanonical", "payload is not canonical JSON (JCS)", { reason: "NOT_CANONICAL", index: i });
  }
  const hinted = env.signatures.map((s) => (typeof s.keyid === "string" ? s.keyid : null));
  // i
  if (eligible.length === 0) {
    return fail("signature.unknownKey", "no eligible trusted key", { reason: "UNKNOWN_KEY", index: i, hinted });
  }
  // j: every signature against every eligible key; the keyid is only a hint.
  const verified = new Set<string>();
  for (const s of env.signatures) {
    const sig = decodeBase64Strict(s.sig);
    if (sig === undefined) continue;
    for (const k of eligible) {
      if (verifyPae(k.key, env.payloadType, payload as Uint8Array, sig)) verified.add(k.keyid);
    }
  }
  if (verified.size > 0) return { keyids: [...verified] };
  const hintTrusted = hinted.some((h) => h !== null && eligible.some((k) => constantTimeEqual(h, k.keyid)));
  if (hintTrusted) return fail("signature.bad", "signature does not verify", { reason: "BAD_SIGNATURE", index: i });
  return fail("signature.unknownKey", "signed by no trusted key", { reason: "UNKNOWN_KEY", index: i, hinted });
}

/**
 * signing.md §5: `verifyBundleSignatures(bundle, store, counter)` — no I/O. `counter` = manifest.counter.
 * Every envelope is checked; a failing one adds exactly one finding.
 */
export function verifyBundleSignatures(
  bundle: SignedBundleView,
  store: TrustStore,
  counter: number | undefined,
): SignatureVerification {
  const envelopes = bundle.signatures ?? [];
  if (envelopes.length === 0) {
    return {
      keyids: [],
      findings: [{ id: "signature.missing", message: "the bundle carries no signature", facts: {} }],
    };
  }
  const eligible = eligibleKeys(store, counter);
  const keyids = new Set<string>();
  const findings: SignatureFinding[] = [];
  envelopes.forEach((env, i) => {
    const result = checkEnvelope(env, i, bundle.manifestDigest, store, eligible);
    if ("finding" in result) findings.push(result.finding);
    else for (const k of result.keyids) keyids.add(k);
  });
  return { keyids: [...keyids].sort(), findings };
}

export type TrustStoreParse = { ok: true; store: TrustStore } | { ok: false; issues: FullIssue[] };

/**
 * §2.1/§2.2: a store is valid only when it is ≤ 256 KiB, strict UTF-8 JSON, matches the schema, and
 * every key decodes to a 32-byte Ed25519 point whose sha256 is its keyid. Keyids are unique.
 */
export function parseTrustStore(bytes: Uint8Array): TrustStoreParse {
  if (bytes.length > TRUST_STORE_MAX_BYTES) {
    return { ok: false, issues: [{ path: "", message: `trust store is larger than ${TRUST_STORE_MAX_BYTES} bytes` }] };
  }
  let text = decodeUtf8Strict(bytes);
  if (text === undefined) return { ok: false, issues: [{ path: "", message: "trust store is not UTF-8" }] };
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: "", message: "trust store is not JSON" }] };
  }
  return validateTrustStore(value);
}

/** Schema plus key-material rules on an already parsed value. */
export function validateTrustStore(value: unknown): TrustStoreParse {
  const result = collectIssues(TrustStoreSchema, value);
  if (!result.ok) return { ok: false, issues: result.issues };
  const issues: FullIssue[] = [];
  result.value.keys.forEach((key, i) => {
    const problem = trustedKeyProblem(key);
    if (problem !== undefined) issues.push({ path: `keys.${i}.${problem.field}`, message: problem.message });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, store: result.value };
}

/** Why a schema-valid TrustedKey is still unusable, or undefined when it is usable. */
export function trustedKeyProblem(key: {
  keyid: string;
  publicKey: string;
}): { field: "publicKey" | "keyid"; message: string; derived?: string } | undefined {
  const raw = decodePublicKeyBase64(key.publicKey);
  if (raw === undefined) return { field: "publicKey", message: "publicKey is not a raw 32-byte Ed25519 public key" };
  const derived = keyidOf(raw);
  if (derived !== key.keyid) return { field: "keyid", message: "keyid is not the sha256 of publicKey", derived };
  return undefined;
}

/** The `signatures` block of the verify surfaces (signing.md §6). */
export interface SignaturesBlock {
  trustFile: string;
  keyids: string[];
  findings: { id: string; message: string }[];
  ok: boolean;
  code?: "ERR_SIGNATURE_MISSING" | "ERR_SIGNATURE_INVALID";
}

/**
 * §6: ok = at least one trusted key verified and no finding at all (every envelope must verify).
 * Only Ed25519 envelopes count; keyless entries and anti-rollback are not evaluated here.
 */
export function signaturesBlock(
  bundle: SignedBundleView & { manifest: { counter?: number } },
  store: TrustStore,
  trustFile: string,
): SignaturesBlock {
  const { keyids, findings } = verifyBundleSignatures(bundle, store, bundle.manifest.counter);
  const ok = keyids.length > 0 && findings.length === 0;
  const block: SignaturesBlock = {
    trustFile,
    keyids,
    findings: findings.map(({ id, message }) => ({ id, message })),
    ok,
  };
  if (!ok) block.code = (bundle.signatures ?? []).length === 0 ? "ERR_SIGNATURE_MISSING" : "ERR_SIGNATURE_INVALID";
  return block;
}
