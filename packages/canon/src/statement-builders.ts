// in-toto Statement builders (signing.md §9.3, formats.md §8.2): the apply attestation written by
// `axiom verify --tree --attest`. Pure and clock-free: same inputs, same bytes.
import { canonicalize } from "./jcs";

export const IN_TOTO_STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
export const APPLY_PREDICATE_TYPE = "https://axiom.dev/attestation/apply/v1";
export const AXIOM_VERIFIER_ID = "https://axiom.dev/builder/mcp@v2";

export interface StatementSubject {
  name: string;
  digest: { sha256: string };
}

export interface Statement<P> {
  _type: typeof IN_TOTO_STATEMENT_TYPE;
  subject: StatementSubject[];
  predicateType: string;
  predicate: P;
}

export interface AttestedPath {
  path: string;
  op: "create" | "overwrite" | "delete";
  /** 64 lowercase hex, or "absent". */
  sha256: string;
}

export interface ApplySource {
  repository?: string;
  ref?: string;
  sha?: string;
  runId?: string;
}

export interface ApplyPredicate {
  manifest: { sha256: string };
  plan: { sha256: string };
  profile: string;
  tree: "post" | "pre";
  paths: AttestedPath[];
  preImage?: { path: string; sha256: string }[];
  verifier: { id: string; version: string };
  source?: ApplySource;
}

export interface ApplyAttestationInput {
  manifest: {
    name: string;
    profile: string;
    planDigest: string;
    toolchain: { axiom: string };
    preImage?: { path: string; sha256: string }[];
  };
  /** `sha256:<hex>` or bare hex. */
  manifestDigest: string;
  tree: "post" | "pre";
  paths: readonly AttestedPath[];
  source?: ApplySource;
}

const bareHex = (ref: string): string => (ref.startsWith("sha256:") ? ref.slice(7) : ref);
const utf16 = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `predicate.source` from GITHUB_REPOSITORY / GITHUB_REF / GITHUB_SHA / GITHUB_RUN_ID, each only
 * when non-empty; undefined when none is set.
 */
export function applySourceFromEnv(env: Record<string, string | undefined>): ApplySource | undefined {
  const source: ApplySource = {};
  if (env.GITHUB_REPOSITORY) source.repository = env.GITHUB_REPOSITORY;
  if (env.GITHUB_REF) source.ref = env.GITHUB_REF;
  if (env.GITHUB_SHA) source.sha = env.GITHUB_SHA;
  if (env.GITHUB_RUN_ID) source.runId = env.GITHUB_RUN_ID;
  return Object.keys(source).length > 0 ? source : undefined;
}

export function buildApplyAttestation(input: ApplyAttestationInput): Statement<ApplyPredicate> {
  const manifestHex = bareHex(input.manifestDigest);
  const paths = [...input.paths]
    .map(({ path, op, sha256 }) => ({ path, op, sha256 }))
    .sort((a, b) => utf16(a.path, b.path));
  const subject: StatementSubject[] = [{ name: input.manifest.name, digest: { sha256: manifestHex } }];
  for (const p of paths) if (p.sha256 !== "absent") subject.push({ name: p.path, digest: { sha256: p.sha256 } });
  subject.sort((a, b) => utf16(a.name, b.name));
  const predicate: ApplyPredicate = {
    manifest: { sha256: manifestHex },
    plan: { sha256: bareHex(input.manifest.planDigest) },
    profile: input.manifest.profile,
    tree: input.tree,
    paths,
    verifier: { id: AXIOM_VERIFIER_ID, version: input.manifest.toolchain.axiom },
  };
  if (input.manifest.preImage !== undefined) {
    predicate.preImage = input.manifest.preImage
      .map(({ path, sha256 }) => ({ path, sha256 }))
      .sort((a, b) => utf16(a.path, b.path));
  }
  if (input.source !== undefined) predicate.source = input.source;
  return { _type: IN_TOTO_STATEMENT_TYPE, subject, predicateType: APPLY_PREDICATE_TYPE, predicate };
}

/** File text of an attestation or its bare predicate: JCS + LF. */
export function attestationFileText(value: unknown): string {
  return `${canonicalize(value)}\n`;
}

/** `<file>` minus a trailing `.intoto.json` or `.json` (case-insensitive) + `.predicate.json`. */
export function predicateFileName(file: string): string {
  const stem = file.replace(/(?:\.intoto)?\.json$/i, "");
  return `${stem}.predicate.json`;
}
