// Stored reports (checks.md §1.5): `<root>/.axiom/reports/<hex>.json`, written atomically and
// replacing an earlier report of the same digest. The bytes equal `axiom check --json` stdout.
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { CheckReport } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store";

export function reportPath(root: string, manifestDigest: string): string {
  return layout.report(root, manifestDigest.replace(/^sha256:/, ""));
}

/**
 * Runs with synchronous fs calls (CHK-16): the mkdir, exclusive create, write and rename of one
 * small non-durable file are µs of local work each, against a thread-pool round trip apiece for
 * the promise API, and every pre-apply check run stores one report.
 */
export async function storeReport(root: string, report: CheckReport): Promise<string> {
  const target = reportPath(root, report.manifestDigest);
  mkdirSync(layout.reportsDir(root), { recursive: true });
  const tmp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`, { flag: "wx" });
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  return target;
}
