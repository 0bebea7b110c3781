// Stored reports (checks.md §1.5): `<root>/.axiom/reports/<hex>.json`, written atomically and
// replacing an earlier report of the same digest. The bytes equal `axiom check --json` stdout.
// Written through the store's fs seam like every write under `.axiom/` (ARCH-S9).
import type { CheckReport } from "@codai/axiom-schema";
import { atomicWrite, layout } from "@codai/axiom-store";

export function reportPath(root: string, manifestDigest: string): string {
  return layout.report(root, manifestDigest.replace(/^sha256:/, ""));
}

/**
 * The seam runs the mkdir, exclusive create, write and rename of one small file synchronously
 * (CHK-16, APL-11). The data is fsynced before the rename, the directory is not (APL-21): after a
 * power cut the report is whole or absent — absent is "not found" on `axiom://report/<sha>`, while
 * a zero-length file that survived the rename without its data was served as an error — and a
 * report is evidence, not state recovery needs, so its name may go.
 */
export async function storeReport(root: string, report: CheckReport): Promise<string> {
  const target = reportPath(root, report.manifestDigest);
  await atomicWrite(target, `${JSON.stringify(report, null, 2)}\n`, "data");
  return target;
}
