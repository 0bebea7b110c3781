// Structural verify (formats.md §10.1). Never throws: every finding is an `errors[]` entry.
// Signatures (step 6) are a hook: signing passes `signatures` to add its result, or calls
// `withSignatures` on a finished result; `ok`/`signed` follow step 7 either way.
import { decodeBlob, digestHex, sha256Hex } from "@codai/axiom-canon";
import { type ErrorCode, isErrorCode, type ManifestBundle } from "@codai/axiom-schema";
import { bundleIssues, recomputeManifestDigest } from "@codai/axiom-store";

export interface VerifyError {
  code: ErrorCode;
  message: string;
  path?: string;
}

export interface SignaturesResult {
  trustFile: string;
  keyids: string[];
  findings: { id: string; message: string }[];
  ok: boolean;
  code?: ErrorCode;
}

export interface VerifyResult {
  ok: boolean;
  manifestDigest?: string;
  canonical: boolean;
  signed: boolean;
  missing: string[];
  errors: VerifyError[];
  signatures?: SignaturesResult;
}

export interface VerifyOptions {
  /** Step 6 hook: returns the signature result, or undefined when no trust store applies. */
  signatures?: (bundle: ManifestBundle) => SignaturesResult | undefined;
}

/** Step 7: attaches a signature result and recomputes `ok` and `signed`. */
export function withSignatures(result: VerifyResult, signatures: SignaturesResult | undefined): VerifyResult {
  const out: VerifyResult = { ...result };
  if (signatures) out.signatures = signatures;
  else delete out.signatures;
  out.signed = signatures?.ok === true;
  out.ok = out.errors.length === 0 && (!signatures || signatures.ok);
  return out;
}

export function verifyBundle(input: unknown, opts: VerifyOptions = {}): VerifyResult {
  try {
    return verifyUnguarded(input, opts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, canonical: false, signed: false, missing: [], errors: [{ code: "ERR_INTERNAL", message }] };
  }
}

function verifyUnguarded(input: unknown, opts: VerifyOptions): VerifyResult {
  // 1. Schema.
  const parsed = bundleIssues(input);
  if (!parsed.ok) {
    const errors = parsed.issues.map((i) => ({
      code: i.code && isErrorCode(i.code) ? i.code : ("ERR_INVALID_MANIFEST" as const),
      message: i.message,
      path: i.path,
    }));
    return { ok: false, canonical: false, signed: false, missing: [], errors };
  }
  const bundle = parsed.value;
  const errors: VerifyError[] = [];

  // 2. Digest.
  const recomputed = recomputeManifestDigest(bundle.manifest);
  const canonical = recomputed === bundle.manifestDigest;
  if (!canonical) {
    errors.push({
      code: "ERR_NOT_CANONICAL",
      message: `manifestDigest is not the digest of the manifest (recomputed ${recomputed})`,
      path: "manifestDigest",
    });
  }

  // 3. Blobs, in member order; remember decoded sizes for the size cross-check.
  const sizes = new Map<string, number>();
  for (const [key, blob] of Object.entries(bundle.blobs)) {
    const bytes = decodeBlob(blob);
    if (!bytes) {
      errors.push({
        code: "ERR_INVALID_MANIFEST",
        message: "blob is not canonical padded base64",
        path: `blobs.${key}`,
      });
      continue;
    }
    if (`sha256:${sha256Hex(bytes)}` !== key) {
      errors.push({
        code: "ERR_DIGEST_MISMATCH",
        message: "blob bytes do not hash to their key",
        path: `blobs.${key}`,
      });
      continue;
    }
    sizes.set(key, bytes.length);
  }
  // 3b. An artifact whose inline blob verified but whose `bytes` differs (P-5, issue 2).
  for (const [i, a] of bundle.manifest.artifacts.entries()) {
    if (a.op === "delete" || !a.digest || a.bytes === undefined) continue;
    const size = sizes.get(`sha256:${a.digest.sha256}`);
    if (size !== undefined && size !== a.bytes) {
      errors.push({
        code: "ERR_SIZE_MISMATCH",
        message: `artifact bytes ${a.bytes} ≠ blob length ${size}`,
        path: `manifest.artifacts.${i}.bytes`,
      });
    }
  }

  // 4. missing: non-delete artifacts without an inline blob, in manifest order.
  const missing = bundle.manifest.artifacts
    .filter((a) => a.op !== "delete" && a.digest && !Object.hasOwn(bundle.blobs, `sha256:${a.digest.sha256}`))
    .map((a) => a.path);

  // 5. Attestation subject names the declared manifest.
  const subject = bundle.attestation?.subject[0];
  if (subject && subject.digest.sha256 !== digestHex(bundle.manifestDigest)) {
    errors.push({
      code: "ERR_DIGEST_MISMATCH",
      message: "attestation subject does not name the manifest",
      path: "attestation.subject.0",
    });
  }

  const result: VerifyResult = {
    ok: errors.length === 0,
    manifestDigest: bundle.manifestDigest,
    canonical,
    signed: false,
    missing,
    errors,
  };
  // 6–7. Signatures hook.
  return withSignatures(result, opts.signatures?.(bundle));
}
