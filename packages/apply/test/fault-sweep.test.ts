// issue 3 "Fault injection: for a 20-file mixed create/overwrite/delete apply, make each single fs
// call fail at step k for every k (EIO, ENOSPC, EBUSY, EPERM); after each the tree equals the
// pre-state byte for byte (or the post-state when the failure is after `committed`)".

import { apply, listJournals } from "@codai/axiom-apply";
import type { ApplyResult } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, type FileSpec, makeBundle, snapshot, tmpRoot, writeTree } from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

const PRE: Record<string, string> = {};
for (let i = 0; i < 7; i++) PRE[`keep/o${i}.txt`] = `old overwrite ${i}\n`;
for (let i = 0; i < 6; i++) PRE[`del/d${i}.txt`] = `to delete ${i}\n`;

const FILES: FileSpec[] = [
  ...Array.from({ length: 7 }, (_, i) => ({ path: `keep/o${i}.txt`, op: "overwrite" as const, content: `NEW ${i}\n` })),
  ...Array.from({ length: 6 }, (_, i) => ({ path: `del/d${i}.txt`, op: "delete" as const })),
  ...Array.from({ length: 7 }, (_, i) => ({
    path: `new/sub${i % 2}/n${i}.txt`,
    content: `created ${i}\n`,
    mode: (i % 3 === 0 ? "0755" : "0644") as "0755" | "0644",
  })),
];
const bundle = makeBundle(FILES);

function fresh(): string {
  const { root } = tmpRoot();
  writeTree(root, PRE);
  return root;
}

// The lock, queue and intent files belong to the concurrency layer (its own suite); this sweep
// covers the engine's calls.
const notLockArea = (p: string) => !/[/\\]\.axiom[/\\](lock|queue|intents)/.test(p);

const ERRNOS = ["EIO", "ENOSPC", "EBUSY", "EPERM"] as const;
// Default: every 10th k (AXIOM_FAULT_STRIDE; the offset rotates so repeated runs cover every k),
// rotating through the four. AXIOM_FAULT_FULL=1: every k × every errno (≈ 4 × 700 applies).
const FULL = process.env.AXIOM_FAULT_FULL === "1";
const STRIDE = FULL ? 1 : Number(process.env.AXIOM_FAULT_STRIDE ?? 10);
const OFFSET = FULL ? 0 : Number(process.env.AXIOM_FAULT_OFFSET ?? Date.now() % STRIDE);

describe("fault sweep: one failing fs call at step k of a 20-file mixed apply", () => {
  it(
    "every k, every errno → tree = pre (failed/rolled-back) or post (applied); the next apply converges to post",
    async () => {
      expect(FILES).toHaveLength(20);
      const pre = snapshot(fresh());
      const probeRoot = fresh();
      const h0 = harness([{ pathMatch: notLockArea }], { fastFsync: true });
      let total: number;
      try {
        const ok = await apply({ bundle, root: probeRoot, mode: "fs", confirmDigest: bundle.manifestDigest });
        expect(ok.status).toBe("applied");
        total = h0.calls.filter((c) => c.op !== "close" && notLockArea(c.path)).length;
      } finally {
        h0.restore();
      }
      const post = snapshot(probeRoot);
      expect(post).not.toEqual(pre);
      const outcomes: Record<string, number> = {};
      for (let k = 1 + OFFSET; k <= total; k += STRIDE) {
        const errnos = FULL ? ERRNOS : [ERRNOS[k % 4]!];
        for (const errno of errnos) {
          const root = fresh();
          try {
            if (process.env.AXIOM_FAULT_TRACE)
              (await import("node:fs")).appendFileSync(process.env.AXIOM_FAULT_TRACE, `${k} ${errno}\n`);
            const h = harness([{ nth: k, errno, pathMatch: notLockArea }], { fastFsync: true });
            let r: ApplyResult;
            try {
              r = await apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 0 });
            } finally {
              h.restore();
            }
            const key = `${r.status}:${r.error?.code ?? "-"}`;
            outcomes[key] = (outcomes[key] ?? 0) + 1;
            const where = `k=${k} ${errno} ${h.failed?.op} ${h.failed?.path} → ${key}`;
            if (r.status === "applied") expect(snapshot(root), where).toEqual(post);
            else {
              expect(snapshot(root), where).toEqual(pre);
              expect(["failed", "rolled-back"], where).toContain(r.status);
              if (r.error?.code === "ERR_INTERNAL") expect(r.error.details?.errno, where).toBe(errno);
              const pending = (await listJournals(root)).filter(
                (j) => j.journal && j.journal.phase !== "committed" && j.journal.phase !== "rolled-back",
              );
              expect(pending, where).toEqual([]);
            }
            if (r.status === "applied" || (r.status === "rolled-back" && k % 5 !== 0)) continue;
            const again = await apply({
              bundle,
              root,
              mode: "fs",
              confirmDigest: bundle.manifestDigest,
              lockTimeoutMs: 0,
            });
            expect(["applied", "noop"], `${where}; retry → ${again.status} ${again.error?.code}`).toContain(
              again.status,
            );
            expect(snapshot(root), where).toEqual(post);
          } finally {
            cleanupRoots(); // ~2,900 roots in the full sweep: never leave them all to afterEach
          }
        }
      }
      if (FULL) console.info(`fault sweep: ${total} calls × ${ERRNOS.length} errnos`, JSON.stringify(outcomes));
      expect(outcomes["applied:-"]).toBeGreaterThan(0);
      expect(Object.keys(outcomes).some((o) => o.startsWith("rolled-back"))).toBe(true);
    },
    FULL ? 3_600_000 : 600_000,
  ); // the full sweep (~2,900 applies) takes ~11 min on a 2-core machine
});
