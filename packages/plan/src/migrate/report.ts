// The migration's running record: dropped fields and warnings (sources.md §5.5, §5.6).
export interface Dropped {
  field: string;
  reason: string;
}

export interface MigrationLog {
  dropped: Dropped[];
  warnings: string[];
}

export function newLog(): MigrationLog {
  return { dropped: [], warnings: [] };
}

/** Exact reason strings of sources.md §5.5. */
export const REASONS = {
  buildId: "v2 identifies a build by manifestDigest",
  irHash: "v2 hashes the plan as planDigest",
  createdAt: "timestamp; nothing hashed in v2 carries a clock value",
  version: "v1 format version; kept in metadata.migration.source.version",
  other: "no v2 equivalent",
  dir: "v2 artifacts are files; directories are implicit",
  sha256: "v2 recomputes digests at compile",
  bytes: "v2 recomputes sizes at compile",
  kind: "v2 artifacts are files; directories are implicit",
  runtimeMetric: "runtime metric; v2 checks are static predicates",
} as const;
