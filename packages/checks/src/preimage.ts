// The pre-image check of checks.md §2.2 (formats.md §7 "check"): every `preImage[]` entry is read
// again with the store's one no-follow reader (formats.md §7.1: O_NOFOLLOW and an identity check,
// so a link swapped in after the lstat is never followed) and compared by the store's drift rule.
// A target that cannot be read is a drift with the errno as `reason` (never read as "absent").
import type { PreImageEntry } from "@codai/axiom-schema";
import { preImageExpectations, readPreImage, treeDrift } from "@codai/axiom-store";

export { readPreImage };

export interface PreImageDrift {
  path: string;
  expected: string;
  /** The current value; undefined when the entry could not be read (`reason` says why). */
  actual?: string;
  reason?: string;
}

function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return err instanceof Error ? err.message : String(err);
}

export async function preImageDrifts(root: string, entries: readonly PreImageEntry[]): Promise<PreImageDrift[]> {
  const drifts = await treeDrift(preImageExpectations({ preImage: [...entries] }), (p) => readPreImage(root, p), {
    unreadable: "drift",
  });
  return drifts.map((d) =>
    d.actual === undefined
      ? { path: d.path, expected: d.expected, reason: reasonOf(d.error) }
      : { path: d.path, expected: d.expected, actual: d.actual },
  );
}
