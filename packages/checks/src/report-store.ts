// Stored reports (checks.md §1.5): `<root>/.axiom/reports/<hex>.json`, written atomically and
// replacing an earlier report of the same digest. The bytes equal `axiom check --json` stdout.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CheckReport } from "@codai/axiom-schema";

export function reportPath(root: string, manifestDigest: string): string {
  return join(root, ".axiom", "reports", `${manifestDigest.replace(/^sha256:/, "")}.json`);
}

export async function storeReport(root: string, report: CheckReport): Promise<string> {
  const target = reportPath(root, report.manifestDigest);
  await mkdir(join(root, ".axiom", "reports"), { recursive: true });
  const tmp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(report, null, 2)}\n`, { flag: "wx" });
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return target;
}
