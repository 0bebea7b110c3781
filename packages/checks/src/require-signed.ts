// manifest.requireSigned (signing.md §7, §8.2; checks.md §4.5) — Ed25519 part and anti-rollback.
// Reads the trust store and the trust state through the repo facts only. With a `keyless` policy
// the Sigstore entries are verified too (§4.5, keyless.ts); without one the module is never loaded.
// Registration (one line in predicates/index.ts) is left to the checks registry owner.
import { loadTrustState, TRUST_STATE_KEY_MAX_BYTES, TRUST_STATE_MAX_BYTES } from "@codai/axiom-canon";
import { isRelPath } from "@codai/axiom-rules";
import { type JsonValue, TRUST_STORE_MAX_BYTES, type TrustStore, wireIssues } from "@codai/axiom-schema";
import { AXIOM_REL } from "@codai/axiom-store";
import { z } from "zod";
import { rawProviderFailure } from "./findings";
import { verifyKeylessEntries } from "./keyless";
import { parseTrustStore, verifyBundleSignatures } from "./signature-verify";
import type { Facts, PredicateDef, RawFinding, RepoFacts } from "./types";

export const PREDICATE_ID = "manifest.requireSigned";
export const TRUST_STATE_FILE = AXIOM_REL.trustState;
export const TRUST_STATE_KEY_FILE = AXIOM_REL.trustStateKey;

const KeylessPolicySchema = z.strictObject({
  issuer: z.url({ protocol: /^https$/ }),
  subjectRegex: z
    .string()
    .min(1)
    .max(1024)
    .refine((s) => {
      try {
        new RegExp(`^(?:${s})$`);
        return true;
      } catch {
        return false;
      }
    }, "subjectRegex must compile as ^(?:<subjectRegex>)$"),
  offline: z.boolean().default(false),
});

export const RequireSignedParamsSchema = z.strictObject({
  minSignatures: z.number().int().min(1).max(16).default(1),
  antiRollback: z.boolean().default(false),
  trustFile: z.string().min(1).refine(isRelPath, "a relative POSIX path under the root").default(AXIOM_REL.trustKeys),
  keyless: KeylessPolicySchema.optional(),
});
export type RequireSignedParams = z.output<typeof RequireSignedParamsSchema>;

type StoreLoad = { store: TrustStore } | { failure: RawFinding };

async function loadStore(repo: RepoFacts, params: RequireSignedParams): Promise<StoreLoad> {
  const { trustFile } = params;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await repo.read(trustFile, TRUST_STORE_MAX_BYTES);
  } catch {
    return {
      failure: rawProviderFailure(PREDICATE_ID, "ERR_PROVIDER_FAILED", `trust store ${trustFile} is unreadable`, {
        facts: { trustFile },
      }),
    };
  }
  if (bytes === undefined) {
    if (params.keyless !== undefined) return { store: { version: 1, keys: [] } };
    return {
      failure: rawProviderFailure(PREDICATE_ID, "ERR_NOT_FOUND", `trust store ${trustFile} not found`, {
        facts: { trustFile },
      }),
    };
  }
  const parsed = parseTrustStore(bytes);
  if (!parsed.ok) {
    const issues = wireIssues(parsed.issues)
      .slice(0, 5)
      .map(({ path, message }) => ({ path, message }));
    return {
      failure: rawProviderFailure(PREDICATE_ID, "ERR_PROVIDER_FAILED", `trust store ${trustFile} is invalid`, {
        facts: { trustFile, issues },
      }),
    };
  }
  return { store: parsed.store };
}

/** §8.2, evaluated only after the signatures passed; at most one finding. */
async function antiRollbackFinding(repo: RepoFacts, facts: Facts, store: TrustStore): Promise<RawFinding | undefined> {
  const counter = facts.manifest.counter;
  if (counter === undefined) {
    return {
      id: "signature.rollback",
      message: "antiRollback needs a manifest counter",
      facts: { reason: "NO_COUNTER" },
    };
  }
  let load: ReturnType<typeof loadTrustState>;
  try {
    const stateBytes = await repo.read(TRUST_STATE_FILE, TRUST_STATE_MAX_BYTES);
    const keyBytes = await repo.read(TRUST_STATE_KEY_FILE, TRUST_STATE_KEY_MAX_BYTES);
    load = loadTrustState(stateBytes, keyBytes);
  } catch {
    load = { kind: "corrupt", message: "trust state is unreadable" };
  }
  if (load.kind === "corrupt") {
    const extra = load.reason === undefined ? {} : { facts: { reason: load.reason } };
    return rawProviderFailure(PREDICATE_ID, "ERR_TRUST_STATE_CORRUPT", load.message, extra);
  }
  if (load.kind === "ok" && counter <= load.state.lastCounter) {
    const { lastCounter } = load.state;
    return {
      id: "signature.rollback",
      message: `counter ${counter} is not above the last applied counter ${lastCounter}`,
      facts: { reason: "ROLLBACK", counter, lastCounter },
    };
  }
  if (store.minCounter !== undefined && counter < store.minCounter) {
    const { minCounter } = store;
    return {
      id: "signature.rollback",
      message: `counter ${counter} is below the trust store's minCounter ${minCounter}`,
      facts: { reason: "BELOW_MIN", counter, minCounter },
    };
  }
  return undefined;
}

function dedupe<F extends { id: string; message: string }>(findings: readonly F[]): F[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** §7.2 steps 1–8. */
export async function evaluateRequireSigned(params: RequireSignedParams, facts: Facts): Promise<RawFinding[]> {
  const repo = facts.repo;
  if (repo === undefined) {
    return [
      rawProviderFailure(
        PREDICATE_ID,
        "ERR_PROVIDER_FAILED",
        "manifest.requireSigned needs the repo facts (a root and allowRepo)",
      ),
    ];
  }
  const loaded = await loadStore(repo, params);
  if ("failure" in loaded) return [loaded.failure];
  const { store } = loaded;
  // §7.2 step 3: Ed25519 is skipped when keyless is set and the bundle carries no envelope.
  const skipEd = params.keyless !== undefined && (facts.bundle.signatures ?? []).length === 0;
  const ed = skipEd
    ? { keyids: [], findings: [] }
    : verifyBundleSignatures(facts.bundle, store, facts.manifest.counter);
  const keyids: string[] = [...ed.keyids];
  const findings: RawFinding[] = [...ed.findings];
  if (params.keyless !== undefined) {
    // §7.2 step 4 / §4.5; the sigstore module is loaded only here.
    const kl = await verifyKeylessEntries(facts.bundle, store, params.keyless);
    if (kl.kind === "unavailable") {
      const extra: Record<string, JsonValue> = { reason: kl.reason };
      if (kl.index !== undefined) extra.index = kl.index;
      return [rawProviderFailure(PREDICATE_ID, "ERR_KEYLESS_UNAVAILABLE", kl.message, { facts: extra })];
    }
    if (kl.identities.length === 0) {
      const { issuer, subjectRegex } = params.keyless;
      return [
        ...dedupe(kl.findings),
        {
          id: "signature.keylessMissing",
          message: "no keyless signature verified for the policy",
          facts: { issuer, subjectRegex },
        },
      ];
    }
    keyids.push(...kl.identities);
    findings.push(...kl.findings);
  }
  if (keyids.length < params.minSignatures) {
    const out: RawFinding[] = dedupe(findings);
    if (findings.length === 0 || keyids.length > 0) {
      out.push({
        id: "signature.missing",
        message: `${keyids.length} of ${params.minSignatures} required signatures verified`,
        facts: { have: keyids, need: params.minSignatures },
      });
    }
    return out;
  }
  if (params.antiRollback) {
    const finding = await antiRollbackFinding(repo, facts, store);
    return finding === undefined ? [] : [finding];
  }
  return [];
}

export const manifestRequireSigned: PredicateDef<RequireSignedParams> = {
  id: PREDICATE_ID,
  // Not "repo": a missing repo is a provider failure here, never a silent skip (§7.2 step 1).
  requires: ["manifest"],
  params: RequireSignedParamsSchema,
  run: ({ params, facts }) => evaluateRequireSigned(params, facts),
};

/**
 * signing.md §8.3 "When": the resolved profile's checks followed by the manifest's own checks
 * (unmerged) contain `manifest.requireSigned` with `params.antiRollback === true`. Callers (CLI
 * apply, MCP apply / write) pass the result to the apply engine as `advanceTrustState`.
 */
export function requiresAntiRollback(
  profileChecks: readonly { predicate: string; params: unknown }[],
  manifestChecks: readonly { predicate: string; params: unknown }[],
): boolean {
  return [...profileChecks, ...manifestChecks].some(
    (c) =>
      c.predicate === PREDICATE_ID &&
      typeof c.params === "object" &&
      c.params !== null &&
      (c.params as { antiRollback?: unknown }).antiRollback === true,
  );
}
