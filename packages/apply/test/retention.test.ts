// Issue 20 Low 13 (decisions SEC-39): `.axiom/manifests` and `reports/` no longer grow until a
// manual gc fills a small disk: every commit keeps what a journal, marker or intent names, plus the
// newest 100 (and any younger than a day) of the rest, and removes the others with their reports.
import * as fs from "node:fs";
import * as path from "node:path";
import { MANIFESTS_UNREFERENCED_KEEP } from "@codai/axiom-rules";
import { afterEach, describe, expect, it } from "vitest";
import { axiomPath, cleanupRoots, hexOf, makeBundle, runApply, tmpRoot } from "./engine-helpers";

afterEach(cleanupRoots);

const hex = (i: number) => i.toString(16).padStart(64, "0");
const DAY = 86_400_000;

function plant(file: string, ageMs: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "{}");
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(file, t, t);
}

describe("bounded retention of manifests and reports (issue 20 Low 13)", () => {
  it("a disk filled by previews: after a commit, 128 unreferenced manifests shrink to the newest 100 (young ones kept), referenced ones and their reports stay, removed ones take their reports", async () => {
    const { root } = tmpRoot();
    const manifests = axiomPath(root, "manifests");
    for (let i = 0; i < 10; i++) plant(path.join(manifests, `${hex(i + 1)}.json`), 1000 * i); // young
    for (let i = 0; i < 118; i++) plant(path.join(manifests, `${hex(1000 + i)}.json`), 2 * DAY + 1000 * i); // old
    // a very old manifest that a journal and a marker still name (an earlier real apply)
    const b0 = makeBundle([{ path: "e.txt", content: "E" }], { name: "earlier" });
    expect((await runApply(b0, root)).status).toBe("applied");
    const old = new Date(Date.now() - 30 * DAY);
    fs.utimesSync(path.join(manifests, `${hexOf(b0)}.json`), old, old);
    for (const n of [1, 1000, 1117]) plant(axiomPath(root, "reports", `${hex(n)}.json`), 3 * DAY);
    plant(axiomPath(root, "reports", `${hexOf(b0)}.json`), 30 * DAY);
    plant(axiomPath(root, "reports", `${hex(9999)}.json`), 3 * DAY); // orphan, old
    plant(axiomPath(root, "reports", `${hex(9998)}.json`), 0); // orphan, young

    const b = makeBundle([{ path: "f.txt", content: "F" }]);
    expect((await runApply(b, root)).status).toBe("applied");

    const left = new Set(fs.readdirSync(manifests).map((n) => n.slice(0, 64)));
    expect(left.has(hexOf(b))).toBe(true);
    expect(left.has(hexOf(b0))).toBe(true);
    for (let i = 0; i < 10; i++) expect(left.has(hex(i + 1))).toBe(true);
    // 10 young + the 90 newest old ones; the 28 oldest unreferenced are gone
    expect(left.has(hex(1000 + 89))).toBe(true);
    expect(left.has(hex(1000 + 90))).toBe(false);
    expect(left.size).toBe(MANIFESTS_UNREFERENCED_KEEP + 2);
    const reports = new Set(fs.readdirSync(axiomPath(root, "reports")).map((n) => n.slice(0, 64)));
    expect([...reports].sort()).toEqual([hex(1), hex(1000), hexOf(b0), hex(9998)].sort());
  });

  it("below the keep count nothing is read or removed", async () => {
    const { root } = tmpRoot();
    for (let i = 0; i < 20; i++) plant(axiomPath(root, "manifests", `${hex(i + 1)}.json`), 30 * DAY);
    expect((await runApply(makeBundle([{ path: "f.txt", content: "F" }]), root)).status).toBe("applied");
    expect(fs.readdirSync(axiomPath(root, "manifests"))).toHaveLength(21);
  });
});
