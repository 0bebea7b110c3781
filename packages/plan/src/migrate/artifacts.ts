// v1 artifacts → v2 Plan artifacts (sources.md §5.3), in input order; the first failure wins.
// CAS writes are only collected here (`pendingCas`): the caller performs them once the whole
// migration has succeeded, so a failed migration writes nothing.
import { decodeBase64Strict, decodeUtf8Strict, sha256Hex } from "@codai/axiom-canon";
import { INLINE_BYTES_MAX, relPathIssues } from "@codai/axiom-rules";
import { axiomError, type PlanArtifactSource } from "@codai/axiom-schema";
import type { V1Artifact } from "./input";
import { type MigrationLog, REASONS } from "./report";

export type ContentResolver = (path: string) => Promise<Uint8Array | undefined>;

export interface MigratedArtifact {
  path: string;
  mode: "0644";
  op: "create" | "overwrite";
  source: PlanArtifactSource;
}

export interface ArtifactCounts {
  total: number;
  inline: number;
  cas: number;
  unresolved: number;
  skipped: number;
}

export interface ArtifactOptions {
  overwrite: boolean;
  toCas: boolean;
  resolveContent?: ContentResolver;
}

const CONSUMED = new Set(["path", "contentUtf8", "contentBase64"]);

/** `\` → `/`, then strip leading `./` repeatedly; must be a valid RelPath. */
export function normaliseV1Path(original: string, index: number): string {
  let path = original.replaceAll("\\", "/");
  while (path.startsWith("./")) path = path.slice(2);
  const issues = relPathIssues(path);
  if (issues.length > 0) {
    throw axiomError("ERR_PATH_NOT_RELATIVE_POSIX", {
      message: `v1 artifact path ${JSON.stringify(original)} is not a relative POSIX path`,
      path,
      details: {
        original,
        issues: issues.map((code) => ({ path: `artifacts.${index}.path`, message: `invalid path (${code})`, code })),
      },
    });
  }
  return path;
}

function dropKeys(a: V1Artifact, i: number, log: MigrationLog): void {
  for (const key of Object.keys(a)) {
    if (CONSUMED.has(key)) continue;
    const reason =
      key === "kind"
        ? REASONS.kind
        : key === "sha256"
          ? REASONS.sha256
          : key === "bytes"
            ? REASONS.bytes
            : REASONS.other;
    log.dropped.push({ field: `artifacts[${i}].${key}`, reason });
  }
}

function embeddedBytes(a: V1Artifact): Uint8Array | undefined {
  if (a.contentUtf8 !== undefined) return new TextEncoder().encode(a.contentUtf8);
  if (a.contentBase64 !== undefined) return decodeBase64Strict(a.contentBase64);
  return undefined;
}

function inlineSource(bytes: Uint8Array, path: string): PlanArtifactSource {
  const text = decodeUtf8Strict(bytes);
  const utf8 = text !== undefined && !text.includes("\u0000");
  const max = INLINE_BYTES_MAX;
  if (bytes.length > max) {
    throw axiomError("ERR_BLOB_TOO_LARGE", {
      message: `artifact ${path} is ${bytes.length} bytes, over the inline limit: pass --cas <root>`,
      path,
      details: { bytes: bytes.length, max },
    });
  }
  return utf8
    ? { type: "inline", content: text as string, encoding: "utf8" }
    : { type: "inline", content: Buffer.from(bytes).toString("base64"), encoding: "base64" };
}

export async function migrateArtifacts(
  artifacts: readonly V1Artifact[],
  opts: ArtifactOptions,
  log: MigrationLog,
): Promise<{ artifacts: MigratedArtifact[]; counts: ArtifactCounts; pendingCas: Uint8Array[] }> {
  const counts: ArtifactCounts = { total: artifacts.length, inline: 0, cas: 0, unresolved: 0, skipped: 0 };
  const out: MigratedArtifact[] = [];
  const pendingCas: Uint8Array[] = [];
  const seen = new Set<string>();
  for (const [i, a] of artifacts.entries()) {
    if (a.kind === "dir") {
      log.dropped.push({ field: `artifacts[${i}] (${a.path})`, reason: REASONS.dir });
      counts.skipped++;
      continue;
    }
    const path = normaliseV1Path(a.path, i);
    if (seen.has(path)) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: `two v1 artifacts map to the path ${path}`,
        path,
        details: { issues: [{ path: `artifacts.${i}.path`, message: `duplicate path ${path}` }] },
      });
    }
    seen.add(path);
    dropKeys(a, i, log);

    const label = `artifacts[${i}] (${path})`;
    let bytes = embeddedBytes(a);
    if (bytes !== undefined) {
      const actual = sha256Hex(bytes);
      if (a.sha256 !== undefined && a.sha256 !== actual)
        log.warnings.push(
          `${label}: declared sha256 ${a.sha256} differs from the content's ${actual}; the content is used`,
        );
      if (a.bytes !== undefined && a.bytes !== bytes.length)
        log.warnings.push(
          `${label}: declared bytes ${a.bytes} differ from the content's ${bytes.length}; the content is used`,
        );
    } else if (opts.resolveContent) {
      bytes = await opts.resolveContent(path);
      if (bytes !== undefined) {
        const actual = sha256Hex(bytes);
        if (a.sha256 !== undefined && a.sha256 !== actual) {
          throw axiomError("ERR_DIGEST_MISMATCH", {
            message: `content of ${path} does not match its declared sha256`,
            path,
            details: { expected: `sha256:${a.sha256}`, actual: `sha256:${actual}` },
          });
        }
        if (a.bytes !== undefined && a.bytes !== bytes.length)
          log.warnings.push(`${label}: declared bytes ${a.bytes} differ from the resolved content's ${bytes.length}`);
      }
    }

    let source: PlanArtifactSource;
    if (bytes !== undefined) {
      if (opts.toCas) {
        pendingCas.push(bytes);
        source = { type: "cas", digest: `sha256:${sha256Hex(bytes)}` };
        counts.cas++;
      } else {
        source = inlineSource(bytes, path);
        counts.inline++;
      }
    } else if (a.sha256 !== undefined) {
      source = { type: "cas", digest: `sha256:${a.sha256}` };
      log.warnings.push(
        `${label}: no content; CAS source sha256:${a.sha256} must exist before compile (else ERR_BLOB_MISSING)`,
      );
      counts.unresolved++;
    } else {
      throw axiomError("ERR_BLOB_MISSING", {
        message: `v1 artifact ${path} has neither content nor sha256`,
        path,
        details: { path },
      });
    }
    out.push({ path, mode: "0644", op: opts.overwrite ? "overwrite" : "create", source });
  }
  if (out.length === 0) {
    throw axiomError("ERR_INVALID_PLAN", {
      message: "the v1 manifest has no file artifacts",
      details: { skipped: counts.skipped },
    });
  }
  return { artifacts: out, counts, pendingCas };
}
