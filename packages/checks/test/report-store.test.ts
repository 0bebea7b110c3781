// Stored reports (checks.md §1.5, report-store.ts): written atomically, replacing an earlier report
// of the same digest — and left alone when the file already holds exactly these bytes (an
// axiom_write confirm re-runs its preview's checks; issue 24).
import { lstat, readFile, rm, symlink, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { CheckReport } from "@codai/axiom-schema";
import { fsx, O } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { reportPath, storeReport } from "../src/report-store";

const DIGEST = `sha256:${"ab".repeat(32)}`;
const report = (verdict: string) => ({ manifestDigest: DIGEST, verdict, results: [] }) as unknown as CheckReport;
const bytesOf = (r: CheckReport) => `${JSON.stringify(r, null, 2)}\n`;

/** Exclusive creates in `.axiom/reports/` (a report's temp file) while `run` runs. */
async function createsDuring(run: () => Promise<unknown>): Promise<number> {
  let creates = 0;
  const real = fsx.open;
  const restore = installFs({
    open: async (p, flags, mode) => {
      if ((flags & O.O_EXCL) !== 0 && p.includes(`${path.sep}reports${path.sep}`)) creates++;
      return real(p, flags, mode);
    },
  });
  try {
    await run();
  } finally {
    restore();
  }
  return creates;
}

describe("storeReport", () => {
  test("writes the report's bytes; the same report again leaves the file as it is (no temp, same inode)", async () => {
    const repo = await tempRepo({});
    const file = reportPath(repo.root, DIGEST);
    expect(await createsDuring(() => storeReport(repo.root, report("pass")))).toBe(1);
    expect(await readFile(file, "utf8")).toBe(bytesOf(report("pass")));
    const before = await lstat(file, { bigint: true });
    expect(await createsDuring(() => storeReport(repo.root, report("pass")))).toBe(0);
    const after = await lstat(file, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs]);
  });

  test("another report of the digest replaces it, also one of the same size", async () => {
    const repo = await tempRepo({});
    const file = reportPath(repo.root, DIGEST);
    await storeReport(repo.root, report("pass"));
    await storeReport(repo.root, report("fail"));
    expect(await readFile(file, "utf8")).toBe(bytesOf(report("fail")));
    await writeFile(file, bytesOf(report("pasz"))); // same length, other bytes
    expect(await createsDuring(() => storeReport(repo.root, report("pass")))).toBe(1);
    expect(await readFile(file, "utf8")).toBe(bytesOf(report("pass")));
  });

  test("attack: a link planted at the report's path, to identical bytes → replaced by a regular file", async () => {
    const repo = await tempRepo({});
    const file = reportPath(repo.root, DIGEST);
    await storeReport(repo.root, report("pass"));
    const decoy = path.join(repo.root, "decoy.json");
    await writeFile(decoy, bytesOf(report("pass")));
    await rm(file);
    await symlink(decoy, file);
    await storeReport(repo.root, report("pass"));
    expect((await lstat(file)).isFile()).toBe(true);
    expect(await readFile(file, "utf8")).toBe(bytesOf(report("pass")));
  });
});
