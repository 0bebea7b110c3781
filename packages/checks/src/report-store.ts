// Stored reports (checks.md §1.5): `<root>/.axiom/reports/<hex>.json`, written atomically and
// replacing an earlier report of the same digest. The bytes equal `axiom check --json` stdout.
// Written through the store's fs seam like every write under `.axiom/` (ARCH-S9).
import type { CheckReport } from "@codai/axiom-schema";
import { atomicWrite, fsx, layout } from "@codai/axiom-store";

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
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (!(await holdsText(target, text))) await atomicWrite(target, text, "data");
  return target;
}

/**
 * Whether `file` is a regular file holding exactly `text`: then "replacing" it would leave the same
 * bytes, so it is left alone (an axiom_write confirm re-runs the preview's checks and gets the
 * preview's report: one exclusive create, fsync and rename saved per pair; issue 24). Any doubt (not
 * there, a link, another size, a read error) → false, and the report is written as before.
 */
async function holdsText(file: string, text: string): Promise<boolean> {
  try {
    const st = await fsx.lstat(file);
    if (!st.isFile() || st.size !== BigInt(Buffer.byteLength(text))) return false;
    return (await fsx.readFile(file)).toString("utf8") === text;
  } catch {
    return false;
  }
}
