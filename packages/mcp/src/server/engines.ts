// The engine seam of the MCP server: every call from a tool into plan / checks / apply goes through
// this interface, so the tools stay independent of which engine exists yet. A missing engine makes
// its tools fail closed with ERR_UNSUPPORTED_OP (never a partial result).
import {
  type ApplyResult,
  type AxiomErrorObject,
  axiomError,
  type CheckReport,
  type EmitterRegistry,
  type ManifestBundle,
} from "@codai/axiom-schema";

export interface CompileOpts {
  store?: "inline" | "cas";
  root?: string;
  emitters?: EmitterRegistry;
}

export interface RunChecksOpts {
  root?: string;
  profile: string;
  signal?: AbortSignal;
  allowGuards: boolean;
  guardAllowlist: string[];
  /** false → `report.preImage: "unverified"` (root-less or re-apply). */
  verifyPreImage?: boolean;
}

export interface ApplyOpts {
  bundle: ManifestBundle;
  root: string;
  mode: "dry-run" | "fs" | "pr";
  confirmDigest?: string;
  profile: string;
  lockTimeoutMs?: number;
  keepBackups?: number;
  branch?: string;
  commitMessage?: string;
  allowGuards: boolean;
  guardAllowlist: string[];
  /** Server shutdown: kills running guard groups of the pre-apply checks (before any commit). */
  signal?: AbortSignal;
  /**
   * `profile` as this engine's loadProfile already returned it for this call (mcp.md §5.4 step 7
   * loads it before anything else runs): apply uses it instead of loading the same files again.
   */
  loadedProfile?: Record<string, unknown>;
}

export interface Engines {
  /**
   * Resolves once every engine below can be called synchronously (engines-lazy.ts loads their code on
   * first use); the server awaits it before each tool handler and resource read that needs one.
   * Absent → always ready.
   */
  ready?(): Promise<void>;
  compilePlan?(plan: unknown, opts: CompileOpts): Promise<{ bundle: ManifestBundle }>;
  /** axiom_plan_validate result `{ok, planDigest?, errors[]}` (mcp.md §5.3). */
  validatePlan?(
    plan: unknown,
  ): Promise<{ ok: boolean; planDigest?: string; errors: { path: string; message: string; code?: string }[] }>;
  /** Bundle intake (formats.md §6.3): throws ERR_INVALID_MANIFEST / ERR_NOT_CANONICAL / ERR_BUNDLE_TOO_LARGE. */
  intakeBundle?(bundle: unknown): ManifestBundle;
  verifyBundle?(bundle: unknown, opts: { root?: string }): Promise<Record<string, unknown>>;
  diffManifests?(
    a: ManifestBundle,
    b: ManifestBundle,
  ): { added: string[]; removed: string[]; changed: { path: string; from: string | null; to: string | null }[] };
  /** Stores the bundle at `<root>/.axiom/manifests/<hex>.json`. */
  storeBundle?(root: string, bundle: ManifestBundle): Promise<void>;
  /** The stored bundle a ref names (`sha256:<hex>` or hex): ERR_NOT_FOUND `{ref}` when none. */
  readStoredBundle?(root: string, ref: string): Promise<ManifestBundle>;
  /** True when `applied/<hex>.json` is an fs marker (apply.md §3): the digest is applied. */
  isApplied?(root: string, hex: string): Promise<boolean>;
  /** Profile names that exist (built-ins + `<root>/.axiom/profiles/*.json`), for D26. */
  listProfiles?(root: string | undefined): Promise<string[]>;
  /** Loads (and resolves) a profile; throws ERR_INVALID_PROFILE. */
  loadProfile?(name: string, searchDirs: string[]): Promise<Record<string, unknown>>;
  /** Runs the checks and stores the report under `<root>/.axiom/reports/` when a root is given. */
  runChecks?(bundle: ManifestBundle, opts: RunChecksOpts): Promise<CheckReport>;
  /**
   * apply() with the pre-apply checks wired in; `report` = the CheckReport when the checks ran;
   * `trustError` = the error object of a failed anti-rollback trust advance (mcp.md §5.4 step 9).
   */
  apply?(opts: ApplyOpts): Promise<{ result: ApplyResult; report?: CheckReport; trustError?: AxiomErrorObject }>;
  rollback?(
    root: string,
    digest: string,
    opts: { lockTimeoutMs?: number },
  ): Promise<{ manifestDigest: string; status: string; phase: string; steps: unknown[]; root: string }>;
  status?(root: string): Promise<Record<string, unknown>>;
  lockStatus?(root: string): Promise<Record<string, unknown>>;
  snapshot?(root: string, opts: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** `axiom log --json --limit n` document `{root, entries}`. */
  chainLog?(root: string, limit: number): Promise<Record<string, unknown>>;
  /** verifyTree post mode (signing.md §9.1) → ok. */
  treeMatches?(root: string, bundle: ManifestBundle): Promise<boolean>;
  parseAxm?(source: string): Promise<{ plan?: unknown; diagnostics: unknown[] }>;
  /** JSON Schema documents of `axiom schema <Kind>`. */
  schemaDocument?(kind: string): Record<string, unknown> | undefined;
}

/** The engine function or ERR_UNSUPPORTED_OP: a tool never improvises a missing engine. */
export function need<K extends keyof Engines>(engines: Engines, name: K): NonNullable<Engines[K]> {
  const fn = engines[name];
  if (!fn)
    throw axiomError("ERR_UNSUPPORTED_OP", {
      message: `engine ${String(name)} is not available in this build`,
      details: { engine: name },
    });
  return fn.bind(engines) as NonNullable<Engines[K]>;
}
