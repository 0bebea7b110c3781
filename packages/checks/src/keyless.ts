// Sigstore keyless signatures (signing.md §4): the lazy loader of the optional `sigstore` package
// (shared by `axiom sign --keyless` and the predicate) and the verification of `keylessSignatures[]`
// inside `manifest.requireSigned` (§4.5). The module is imported with a non-literal specifier so it
// is never bundled; a failed load is not cached (installing the package later takes effect). Tests
// inject a fake module through `setSigstoreModuleForTests`, or run the real package against the
// testkit's local Fulcio / Rekor / TUF mocks reached through the SIGN-3 variables (D21: offline only).
import { manifestPayload, sha256Hex } from "@codai/axiom-canon";
import type { JsonValue, ManifestBundle, TrustStore } from "@codai/axiom-schema";

export type KeylessUnavailableReason =
  | "NO_OIDC"
  | "MODULE_MISSING"
  | "MODULE_LOAD_FAILED"
  | "MODULE_SHAPE"
  | "SIGN_FAILED"
  | "TRUSTED_ROOT"
  | "VERIFY_FAILED";

export interface SigstoreModule {
  attest(payload: Buffer, payloadType: string, options?: Record<string, unknown>): Promise<unknown>;
  verify(bundle: unknown, options?: Record<string, unknown>): Promise<unknown>;
}

export type SigstoreLoad = { module: SigstoreModule } | { reason: KeylessUnavailableReason; message: string };

let injected: { value: unknown } | undefined;
let cached: SigstoreModule | undefined;
let loadAttempts = 0;

/**
 * Test seam (§4.6): a fake namespace stands in for `sigstore`; an Error instance simulates a
 * throwing import (give it `code: "ERR_MODULE_NOT_FOUND"` for a missing package); `undefined`
 * restores the real import. Also resets the load counter.
 */
export function setSigstoreModuleForTests(module: unknown | undefined): void {
  injected = module === undefined ? undefined : { value: module };
  cached = undefined;
  loadAttempts = 0;
}

/** How many times the module was requested since the last seam reset (asserts "never loaded"). */
export function sigstoreLoadAttempts(): number {
  return loadAttempts;
}

function shapeOf(ns: unknown): SigstoreModule | undefined {
  for (const cand of [ns, (ns as { default?: unknown } | null)?.default]) {
    const c = cand as Partial<SigstoreModule> | null | undefined;
    if (c && typeof c.attest === "function" && typeof c.verify === "function") return c as SigstoreModule;
  }
  return undefined;
}

export async function loadSigstore(): Promise<SigstoreLoad> {
  loadAttempts++;
  if (cached !== undefined) return { module: cached };
  let ns: unknown;
  try {
    if (injected !== undefined) {
      if (injected.value instanceof Error) throw injected.value;
      ns = injected.value;
    } else {
      const specifier = ["sig", "store"].join(""); // non-literal: never bundled
      ns = await import(specifier);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      return { reason: "MODULE_MISSING", message: "the optional sigstore package is not installed" };
    }
    return { reason: "MODULE_LOAD_FAILED", message: "the sigstore package failed to load" };
  }
  const module = shapeOf(ns);
  if (module === undefined) {
    return { reason: "MODULE_SHAPE", message: "the sigstore package has no attest/verify functions" };
  }
  cached = module;
  return { module };
}

// ---------------------------------------------------------------------------------------------
// Verification (§4.5)

export interface KeylessPolicy {
  issuer: string;
  subjectRegex: string;
  offline: boolean;
}

/** Library options that reach the TUF client (§4.6); by default read from the environment (SIGN-3). */
export interface KeylessVerifyOptions {
  tufCachePath?: string;
  tufRootPath?: string;
  tufMirrorURL?: string;
  timeout?: number;
}

/**
 * SIGN-3: the one way to point the library at other Sigstore endpoints from a CLI or server process
 * (the offline test mocks, a private Sigstore instance). Unset or empty → the library defaults.
 * Verification: AXIOM_SIGSTORE_TUF_MIRROR_URL / _TUF_ROOT_PATH / _TUF_CACHE_PATH.
 */
export function keylessVerifyOptionsFromEnv(env: Record<string, string | undefined>): KeylessVerifyOptions {
  const opts: KeylessVerifyOptions = {};
  if (env.AXIOM_SIGSTORE_TUF_MIRROR_URL) opts.tufMirrorURL = env.AXIOM_SIGSTORE_TUF_MIRROR_URL;
  if (env.AXIOM_SIGSTORE_TUF_ROOT_PATH) opts.tufRootPath = env.AXIOM_SIGSTORE_TUF_ROOT_PATH;
  if (env.AXIOM_SIGSTORE_TUF_CACHE_PATH) opts.tufCachePath = env.AXIOM_SIGSTORE_TUF_CACHE_PATH;
  return opts;
}

/** SIGN-3, signing side: AXIOM_SIGSTORE_FULCIO_URL / AXIOM_SIGSTORE_REKOR_URL (unset or empty → the public instances). */
export function keylessSignEndpointsFromEnv(env: Record<string, string | undefined>): {
  fulcioURL?: string;
  rekorURL?: string;
} {
  const opts: { fulcioURL?: string; rekorURL?: string } = {};
  if (env.AXIOM_SIGSTORE_FULCIO_URL) opts.fulcioURL = env.AXIOM_SIGSTORE_FULCIO_URL;
  if (env.AXIOM_SIGSTORE_REKOR_URL) opts.rekorURL = env.AXIOM_SIGSTORE_REKOR_URL;
  return opts;
}

export interface KeylessFinding {
  id: "signature.keylessBad" | "signature.keylessIssuer" | "signature.keylessSubject";
  message: string;
  facts: Record<string, JsonValue>;
}

export type KeylessOutcome =
  | { kind: "unavailable"; reason: KeylessUnavailableReason; message: string; index?: number }
  | { kind: "done"; identities: string[]; findings: KeylessFinding[] };

type EntryFailure = { reason: string; issuer?: string; subject?: string; message: string };

const ISSUER_OID_FIELDS = ["issuer", "issuerV2"] as const;

/** Certificate issuer and SAN from what `verify` resolved to (sigstore's Signer.identity). */
function identityOf(signer: unknown): { issuer?: string; subject?: string } {
  const identity = (signer as { identity?: { subjectAlternativeName?: unknown; extensions?: Record<string, unknown> } })
    ?.identity;
  const ext = identity?.extensions ?? {};
  let issuer: string | undefined;
  for (const k of ISSUER_OID_FIELDS) if (typeof ext[k] === "string") issuer ??= ext[k] as string;
  const san = identity?.subjectAlternativeName;
  return { issuer, subject: typeof san === "string" && san !== "" ? san : undefined };
}

function findingOf(index: number, f: EntryFailure): KeylessFinding {
  const id =
    f.reason === "ISSUER_MISMATCH"
      ? "signature.keylessIssuer"
      : f.reason === "SUBJECT_MISMATCH" || f.reason === "NO_IDENTITY"
        ? "signature.keylessSubject"
        : "signature.keylessBad";
  const facts: Record<string, JsonValue> = { index, reason: f.reason };
  if (f.issuer !== undefined) facts.issuer = f.issuer;
  if (f.subject !== undefined) facts.subject = f.subject;
  return { id, message: f.message, facts };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a).equals(Buffer.from(b));
}

/**
 * §4.5 steps 1–8 over `bundle.keylessSignatures`. The module is loaded only when an entry reaches
 * step 6. `unavailable` (module load or a TUF/other verify failure) stops at that entry.
 */
export async function verifyKeylessEntries(
  bundle: ManifestBundle,
  store: TrustStore,
  policy: KeylessPolicy,
  opts: KeylessVerifyOptions = keylessVerifyOptionsFromEnv(process.env),
): Promise<KeylessOutcome> {
  const raw = (bundle as { keylessSignatures?: unknown }).keylessSignatures;
  const list = raw === undefined ? [] : raw;
  if (
    !Array.isArray(list) ||
    list.some(
      (e) => typeof e !== "object" || e === null || typeof (e as { mediaType?: unknown }).mediaType !== "string",
    )
  ) {
    return {
      kind: "done",
      identities: [],
      findings: [
        { id: "signature.keylessBad", message: "keylessSignatures is malformed", facts: { reason: "MALFORMED" } },
      ],
    };
  }
  const { payloadType, bytes } = manifestPayload(bundle.manifest, store.rootId);
  if (store.rootId === undefined && `sha256:${sha256Hex(bytes)}` !== bundle.manifestDigest) {
    return {
      kind: "done",
      identities: [],
      findings: [
        {
          id: "signature.keylessBad",
          message: "the manifest does not hash to manifestDigest",
          facts: { reason: "PAYLOAD_MISMATCH" },
        },
      ],
    };
  }
  const subjectRe = new RegExp(`^(?:${policy.subjectRegex})$`);
  const identities = new Set<string>();
  const findings: KeylessFinding[] = [];
  let module: SigstoreModule | undefined;
  for (let index = 0; index < list.length; index++) {
    const entry = list[index] as { dsseEnvelope?: { payload?: unknown; payloadType?: unknown } };
    const env = entry.dsseEnvelope;
    if (typeof env !== "object" || env === null || typeof env.payload !== "string") {
      findings.push(findingOf(index, { reason: "NOT_DSSE", message: `keyless entry ${index} has no DSSE envelope` }));
      continue;
    }
    if (env.payloadType !== payloadType) {
      findings.push(
        findingOf(index, {
          reason: "PAYLOAD_TYPE",
          message: `keyless entry ${index} has payloadType ${String(env.payloadType)}, expected ${payloadType}`,
        }),
      );
      continue;
    }
    if (!bytesEqual(Buffer.from(env.payload, "base64"), bytes)) {
      findings.push(
        findingOf(index, { reason: "PAYLOAD_MISMATCH", message: `keyless entry ${index} signs other bytes` }),
      );
      continue;
    }
    if (module === undefined) {
      const loaded = await loadSigstore();
      if ("reason" in loaded) return { kind: "unavailable", reason: loaded.reason, message: loaded.message, index };
      module = loaded.module;
    }
    let signer: unknown;
    try {
      signer = await module.verify(entry, {
        certificateIssuer: policy.issuer,
        tufForceCache: policy.offline,
        ...(opts.tufCachePath === undefined ? {} : { tufCachePath: opts.tufCachePath }),
        ...(opts.tufRootPath === undefined ? {} : { tufRootPath: opts.tufRootPath }),
        ...(opts.tufMirrorURL === undefined ? {} : { tufMirrorURL: opts.tufMirrorURL }),
        ...(opts.timeout === undefined ? {} : { timeout: opts.timeout }),
      });
    } catch (err) {
      const name = err instanceof Error ? err.name : "";
      if (name === "PolicyError") {
        findings.push(
          findingOf(index, { reason: "ISSUER_MISMATCH", message: `keyless entry ${index}: policy refused` }),
        );
        continue;
      }
      if (name === "VerificationError" || name === "ValidationError" || name === "SyntaxError") {
        findings.push(findingOf(index, { reason: "BAD_SIGNATURE", message: `keyless entry ${index} does not verify` }));
        continue;
      }
      if (name === "TUFError") {
        return {
          kind: "unavailable",
          reason: "TRUSTED_ROOT",
          message: "the Sigstore trusted root is unavailable",
          index,
        };
      }
      return { kind: "unavailable", reason: "VERIFY_FAILED", message: "keyless verification could not run", index };
    }
    // §4.5 step 7: AXIOM re-checks what the library verified.
    const { issuer, subject } = identityOf(signer);
    if (issuer !== policy.issuer) {
      findings.push(
        findingOf(index, {
          reason: "ISSUER_MISMATCH",
          issuer,
          subject,
          message: `keyless entry ${index}: certificate issuer ${String(issuer)} is not ${policy.issuer}`,
        }),
      );
      continue;
    }
    if (subject === undefined) {
      findings.push(findingOf(index, { reason: "NO_IDENTITY", issuer, message: `keyless entry ${index}: no SAN` }));
      continue;
    }
    if (!subjectRe.test(subject)) {
      findings.push(
        findingOf(index, {
          reason: "SUBJECT_MISMATCH",
          issuer,
          subject,
          message: `keyless entry ${index}: subject ${subject} does not match the policy`,
        }),
      );
      continue;
    }
    identities.add(`keyless:${issuer}|${subject}`);
  }
  return { kind: "done", identities: [...identities].sort(), findings };
}

// ---------------------------------------------------------------------------------------------
// Signing (§4.1): identity token resolved before the module is loaded; never logged.

export interface KeylessSignOptions {
  /** Bound payload for this root id (§4.1), else the unbound payload. */
  rootId?: string;
  identityToken?: string;
  fulcioURL?: string;
  rekorURL?: string;
  timeout?: number;
  /** Where SIGSTORE_ID_TOKEN / the GitHub Actions variables are read (default: process.env). */
  env?: Record<string, string | undefined>;
}

export type KeylessSignOutcome =
  | { kind: "signed"; entry: unknown; payloadType: string }
  | { kind: "unavailable"; reason: KeylessUnavailableReason; message: string; name?: string };

/** Token sources in order (§4.1): the option, SIGSTORE_ID_TOKEN, else the Actions pair (the library fetches it). */
export function keylessTokenSource(
  identityToken: string | undefined,
  env: Record<string, string | undefined>,
): { identityToken?: string } | undefined {
  if (identityToken) return { identityToken };
  if (env.SIGSTORE_ID_TOKEN) return { identityToken: env.SIGSTORE_ID_TOKEN };
  if (env.ACTIONS_ID_TOKEN_REQUEST_URL && env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) return {};
  return undefined;
}

export async function signKeyless(manifest: unknown, opts: KeylessSignOptions = {}): Promise<KeylessSignOutcome> {
  const token = keylessTokenSource(opts.identityToken, opts.env ?? process.env);
  if (token === undefined) {
    return {
      kind: "unavailable",
      reason: "NO_OIDC",
      message: "no OIDC identity token (SIGSTORE_ID_TOKEN or the GitHub Actions token variables)",
    };
  }
  const loaded = await loadSigstore();
  if ("reason" in loaded) return { kind: "unavailable", reason: loaded.reason, message: loaded.message };
  const { payloadType, bytes } = manifestPayload(manifest, opts.rootId);
  const options: Record<string, unknown> = { ...token };
  if (opts.fulcioURL !== undefined) options.fulcioURL = opts.fulcioURL;
  if (opts.rekorURL !== undefined) options.rekorURL = opts.rekorURL;
  if (opts.timeout !== undefined) options.timeout = opts.timeout;
  try {
    const entry = await loaded.module.attest(Buffer.from(bytes), payloadType, options);
    return { kind: "signed", entry, payloadType };
  } catch (err) {
    const name = err instanceof Error ? err.name : "Error";
    return { kind: "unavailable", reason: "SIGN_FAILED", message: "keyless signing failed", name };
  }
}
