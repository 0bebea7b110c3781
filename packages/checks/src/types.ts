// Shared types of the checks engine: facts, predicate definitions, raw findings.
import type {
  CheckRef,
  JsonValue,
  ManifestArtifact,
  ManifestBody,
  ManifestBundle,
  ProviderName,
  Severity,
} from "@codai/axiom-schema";
import type { z } from "zod";

/** Returns the bytes of an artifact, or undefined when its blob is unavailable (§2.2 step 3). */
export type ContentReader = (artifact: ManifestArtifact) => Promise<Uint8Array | undefined>;

export interface ManifestFacts {
  artifactCount: number;
  totalBytes: number;
  paths: string[];
  byExt: Record<string, number>;
  hasDeletes: boolean;
  signed: boolean;
}

/** Offline, read-only view of the root (checks.md §5). */
export interface RepoFacts {
  readonly root: string;
  exists(path: string): Promise<boolean>;
  /** Bytes of a regular file, undefined when absent; throws when it exists but cannot be read. */
  read(path: string, max?: number): Promise<Uint8Array | undefined>;
  glob(pattern: string): Promise<string[]>;
  /** Sorted list of indexed files (lazy, capped). */
  index(): Promise<string[]>;
  readonly packageJson: JsonValue | undefined;
  readonly gitHead: string | undefined;
  readonly gitDirty: boolean | undefined;
}

export interface GuardFacts {
  readonly root: string;
  readonly allowlist: readonly string[];
  readonly stagingDir: string | undefined;
  readonly signal: AbortSignal | undefined;
}

/** The frozen fact context every predicate receives (§2.2 step 7). */
export interface Facts {
  readonly bundle: ManifestBundle;
  readonly manifest: ManifestBody;
  readonly manifestDigest: string;
  readonly manifestFacts: ManifestFacts;
  readonly content: ContentReader;
  readonly root: string | undefined;
  readonly repo: RepoFacts | undefined;
  readonly guard: GuardFacts | undefined;
}

/**
 * What a predicate returns. `severity` is honoured only when the runner's lowering rule applies
 * (guard.external, expr.*: §2.5). A provider failure carries `facts.__provider: true` and `facts.code`.
 */
export interface RawFinding {
  id: string;
  message: string;
  path?: string;
  severity?: Severity;
  facts?: Record<string, JsonValue>;
}

export interface PredicateContext<P> {
  params: P;
  check: CheckRef;
  facts: Facts;
}

export interface PredicateDef<P = unknown> {
  id: string;
  requires: readonly ProviderName[];
  /** Strict params schema (unknown keys → ERR_PREDICATE_PARAMS). */
  params: z.ZodType<P>;
  /** True when a finding's own `severity` may lower the CheckRef severity (D15). */
  lowersSeverity?: boolean;
  run(ctx: PredicateContext<P>): RawFinding[] | Promise<RawFinding[]>;
}
