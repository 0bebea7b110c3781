// `axiom rollback` (cli.md §7.10) and `axiom_rollback` (mcp.md §5.3): manual rollback of an applied
// manifest (apply.md §8, D9), under the root's lock, scoped to the journal's paths. A refusal over
// drift names what to do (issue 21): the later change that touched the path, or the hand edit.
import { type RollbackOutput, readChain, readJournal, rollback } from "@codai/axiom-apply";
import { axiomError, isAxiomError } from "@codai/axiom-schema";
import { type ChangeLink, latestLink, linkChain } from "./change-states";
import { resolveRef } from "./ref";

export interface RollbackRequest {
  /** The realpath'd root. */
  root: string;
  /** `sha256:<hex>` or the bare hex; anything else → ERR_NOT_FOUND `{digest}`. */
  digest: string;
  /** `axiom rollback --force` only: roll back over drift (apply.md §8 (b)). */
  force?: boolean;
}

export type { RollbackOutput };

export interface RollbackChangeRequest {
  root: string;
  /** Any ref form of resolveRef (`#2`, a 7+ hex prefix, the digest). */
  ref: string;
  force?: boolean;
}

export interface RollbackChange {
  /** The document `axiom_rollback` returns, unchanged. */
  output: RollbackOutput;
  /** The change had already been rolled back before this call: nothing was touched. */
  already: boolean;
  /** The chain seq of the commit that was (or had been) undone, when the chain has it. */
  seq?: number;
}

export function rollbackApplied(req: RollbackRequest): Promise<RollbackOutput> {
  return withBlocker(req.root, req.digest, () => rollback(req.root, req.digest, { force: req.force === true }));
}

/** The CLI's rollback: a ref, and whether there was anything left to undo. */
export async function rollbackChange(req: RollbackChangeRequest): Promise<RollbackChange> {
  const { manifestDigest } = await resolveRef(req.root, req.ref);
  const before = latestLink(linkChain((await readChain(req.root)).entries), manifestDigest);
  const output = await rollbackApplied({ root: req.root, digest: manifestDigest, force: req.force });
  const out: RollbackChange = { output, already: before?.state === "rolled-back" };
  if (before && before.state !== "undo") out.seq = before.seq;
  return out;
}

/** Runs a rollback; an ERR_PREIMAGE_CHANGED comes back naming the later change that blocks it. */
async function withBlocker(root: string, digest: string, run: () => Promise<RollbackOutput>): Promise<RollbackOutput> {
  try {
    return await run();
  } catch (err) {
    if (!isAxiomError(err) || err.code !== "ERR_PREIMAGE_CHANGED") throw err;
    const drifted = ((err.details?.drifted ?? []) as { path: string }[]).map((d) => d.path);
    const hex = digest.startsWith("sha256:") ? digest : `sha256:${digest}`;
    const blocker = await laterChangeTouching(root, hex, drifted).catch(() => undefined);
    if (blocker) {
      throw axiomError("ERR_PREIMAGE_CHANGED", {
        message: `#${blocker.seq} (${blocker.manifestDigest.slice(7, 19)}) changed ${blocker.paths.join(", ")} after this change; roll #${blocker.seq} back first (axiom rollback ${blocker.manifestDigest.slice(7, 19)}), then this one`,
        path: err.path,
        details: { ...err.details, blockedBy: blocker },
      });
    }
    throw axiomError("ERR_PREIMAGE_CHANGED", {
      message: `${drifted.join(", ")} changed since the apply, not through AXIOM; --force rolls back over that edit and loses it`,
      path: err.path,
      details: err.details,
    });
  }
}

interface Blocker {
  seq: number;
  manifestDigest: string;
  paths: string[];
}

/** The newest change still applied after `digest`'s commit whose journal touched one of `paths`. */
async function laterChangeTouching(root: string, digest: string, paths: string[]): Promise<Blocker | undefined> {
  const { entries } = await readChain(root);
  const links = linkChain(entries);
  const self = latestLink(links, digest);
  const later: ChangeLink[] = [...links.values()].filter(
    (l) => l.state === "applied" && l.manifestDigest !== digest && (self === undefined || l.seq > self.seq),
  );
  for (const link of later.reverse()) {
    const journal = await readJournal(root, link.manifestDigest.slice(7)).catch(() => undefined);
    const touched = (journal?.steps ?? []).map((s) => s.path).filter((p) => paths.includes(p));
    if (touched.length > 0) return { seq: link.seq, manifestDigest: link.manifestDigest, paths: touched };
  }
  return undefined;
}
