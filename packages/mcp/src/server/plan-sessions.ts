// Chunked plan sessions (formats.md §2.6, checks.md §8.6, mcp.md §9.2): begin → add × n → seal,
// in process memory, shared by every server instance of one factory. Pure state; the tools compile.
import { randomUUID } from "node:crypto";
import { ARTIFACTS_MAX, TOTAL_BYTES_MAX } from "@codai/axiom-rules";
import { axiomError, issuesFromZod, PlanArtifactSchema, wireIssues } from "@codai/axiom-schema";
import { ExpiringMap } from "./expiring-map";

export const SESSION_LIMITS = {
  maxArtifacts: ARTIFACTS_MAX,
  maxBytes: TOTAL_BYTES_MAX,
  ttlMs: 1_800_000,
  maxOpen: 16,
  tombstoneMs: 1_800_000,
} as const;

export interface SessionDescriptor {
  sessionId: string;
  artifacts: number;
  bytes: number;
  limits: { maxArtifacts: number; maxBytes: number };
  ttlMs: number;
}

interface Session {
  id: string;
  header: Record<string, unknown>;
  artifacts: unknown[];
  paths: Set<string>;
  bytes: number;
  lastUsed: number;
  sealedAt?: number;
}

export class PlanSessionStore {
  /** Idle open sessions expire after ttlMs; a sealed session's tombstone after tombstoneMs. */
  readonly #sessions: ExpiringMap<Session>;

  constructor(now: () => number = Date.now) {
    this.#sessions = new ExpiringMap(
      (s, t) =>
        s.sealedAt === undefined ? t - s.lastUsed > SESSION_LIMITS.ttlMs : t - s.sealedAt > SESSION_LIMITS.tombstoneMs,
      now,
    );
  }

  private now(): number {
    return this.#sessions.now();
  }

  #get(sessionId: string): Session {
    return this.#sessions.require(sessionId, { message: `no plan session ${sessionId}`, details: { sessionId } });
  }

  #descriptor(s: Session): SessionDescriptor {
    return {
      sessionId: s.id,
      artifacts: s.artifacts.length,
      bytes: s.bytes,
      limits: { maxArtifacts: SESSION_LIMITS.maxArtifacts, maxBytes: SESSION_LIMITS.maxBytes },
      ttlMs: SESSION_LIMITS.ttlMs,
    };
  }

  openCount(): number {
    this.#sessions.sweep();
    let open = 0;
    for (const s of this.#sessions.values()) if (s.sealedAt === undefined) open++;
    return open;
  }

  /** `header` = every Plan field except apiVersion, kind, artifacts (already schema-checked). */
  begin(header: Record<string, unknown>): SessionDescriptor {
    const open = this.openCount();
    if (open >= SESSION_LIMITS.maxOpen) {
      throw axiomError("ERR_EBUSY", {
        message: "too many open plan sessions",
        details: { open, max: SESSION_LIMITS.maxOpen },
      });
    }
    const s: Session = {
      id: randomUUID(),
      header: { ...header },
      artifacts: [],
      paths: new Set(),
      bytes: 0,
      lastUsed: this.now(),
    };
    this.#sessions.set(s.id, s);
    return this.#descriptor(s);
  }

  add(sessionId: string, artifacts: unknown[]): SessionDescriptor {
    const s = this.#get(sessionId);
    if (s.sealedAt !== undefined) {
      throw axiomError("ERR_PLAN_SESSION_STATE", {
        message: "plan session is sealed",
        details: { sessionId, have: s.artifacts.length, adding: artifacts.length },
      });
    }
    const have = s.artifacts.length;
    if (have + artifacts.length > SESSION_LIMITS.maxArtifacts) {
      throw axiomError("ERR_PLAN_SESSION_STATE", {
        message: `plan session would exceed ${SESSION_LIMITS.maxArtifacts} artifacts`,
        details: { sessionId, have, adding: artifacts.length, max: SESSION_LIMITS.maxArtifacts },
      });
    }
    const adding = Buffer.byteLength(JSON.stringify(artifacts), "utf8");
    if (s.bytes + adding > SESSION_LIMITS.maxBytes) {
      throw axiomError("ERR_PLAN_SESSION_STATE", {
        message: `plan session would exceed ${SESSION_LIMITS.maxBytes} bytes`,
        details: { sessionId, have: s.bytes, adding, max: SESSION_LIMITS.maxBytes },
      });
    }
    const chunkPaths = new Set<string>();
    artifacts.forEach((artifact, i) => {
      const parsed = PlanArtifactSchema.safeParse(artifact);
      if (!parsed.success) {
        const issues = issuesFromZod(parsed.error).map((x) => ({
          ...x,
          path: x.path ? `artifacts.${i}.${x.path}` : `artifacts.${i}`,
        }));
        throw axiomError("ERR_INVALID_PLAN", {
          message: "artifact does not match the PlanArtifact schema",
          details: { sessionId, issues: wireIssues(issues) },
        });
      }
      const path = parsed.data.path;
      if (s.paths.has(path) || chunkPaths.has(path)) {
        throw axiomError("ERR_INVALID_PLAN", { message: "duplicate artifact path", path, details: { sessionId } });
      }
      chunkPaths.add(path);
    });
    for (const p of chunkPaths) s.paths.add(p);
    s.artifacts.push(...artifacts);
    s.bytes += adding;
    s.lastUsed = this.now();
    return this.#descriptor(s);
  }

  /** Consumes the session (a tombstone stays) and returns the assembled Plan, artifacts in chunk order. */
  seal(sessionId: string): Record<string, unknown> {
    const s = this.#get(sessionId);
    if (s.sealedAt !== undefined) {
      throw axiomError("ERR_PLAN_SESSION_STATE", {
        message: "plan session is already sealed",
        details: { sessionId, have: s.artifacts.length, adding: 0 },
      });
    }
    s.sealedAt = this.now();
    return { apiVersion: "axiom.dev/v2", kind: "Plan", ...s.header, artifacts: s.artifacts };
  }
}
