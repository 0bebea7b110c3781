// Stored reports (checks.md §1.5): `<root>/.axiom/reports/<hex>.json`, written atomically and
// replacing an earlier report of the same digest. The bytes equal `axiom check --json` stdout.
// Written through the store's fs seam like every write under `.axiom/` (ARCH-S9); an atomic write
// without fsync, as apply.md §3 lists it (issue 23 decides whether reports become durable).
import type { CheckReport } from "@codai/axiom-schema";
import { atomicWrite, layout } from "@codai/axiom-store";

export function reportPath(root: string, manifestDigest: string): string {
  return layout.report(root, manifestDigest.replace(/^sha256:/, ""));
}

/**
 * The seam runs the mkdir, exclusive create, write and rename of one small non-durable file
 * synchronously (CHK-16, APL-11): µs of local work each against a thread-pool round trip apiece,
 * and every pre-apply check run stores one report.
 */
export async function storeReport(root: string, report: CheckReport): Promise<string> {
  const target = reportPath(root, report.manifestDigest);
  await atomicWrite(target, `${JSON.stringify(report, null, 2)}\n`, false);
  return target;
}
