// `axiom rollback` (cli.md §7.10) and `axiom_rollback` (mcp.md §5.3): manual rollback of an applied
// manifest (apply.md §8, D9), under the root's lock, scoped to the journal's paths.
import { type RollbackOutput, rollback } from "@codai/axiom-apply";

export interface RollbackRequest {
  /** The realpath'd root. */
  root: string;
  /** `sha256:<hex>` or the bare hex; anything else → ERR_NOT_FOUND `{digest}`. */
  digest: string;
  /** `axiom rollback --force` only: roll back over drift (apply.md §8 (b)). */
  force?: boolean;
}

export type { RollbackOutput };

export function rollbackApplied(req: RollbackRequest): Promise<RollbackOutput> {
  return rollback(req.root, req.digest, { force: req.force === true });
}
