import * as fs from "node:fs";
import * as path from "node:path";
import { apply, readJournal, rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
  chainLines,
  cleanupRoots,
  exists,
  hexOf,
  makeBundle,
  readJson,
  runApply,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";

afterEach(cleanupRoots);

describe("engine: apply.md acceptance (Engine)", () => {
  it("fs apply of a new 3-file manifest → applied, journal committed kept, marker present, staging gone, chain has 1 committed entry with files: 3", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([
      { path: "a.txt", content: "A\n" },
      { path: "dir/b.txt", content: "B\n", mode: "0755" },
      { path: "c.txt", content: "C\n" },
    ]);
    const r = await runApply(b, root);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    expect(r.files.map((f) => f.status)).toEqual(["written", "written", "written"]);
    expect(fs.readFileSync(path.join(root, "dir/b.txt"), "utf8")).toBe("B\n");
    expect(fs.statSync(path.join(root, "dir/b.txt")).mode & 0o777).toBe(0o755);
    const hex = hexOf(b);
    expect((await readJournal(root, hex))?.phase).toBe("committed");
    expect(r.journal).toBe(axiomPath(root, "journal", `${hex}.json`));
    expect(readJson(axiomPath(root, "applied", `${hex}.json`)).status).toBe("applied");
    expect(exists(axiomPath(root, "staging", hex))).toBe(false);
    const chain = chainLines(root);
    expect(chain).toHaveLength(1);
    expect(chain[0]).toMatchObject({ seq: 1, state: "committed", files: 3, manifestDigest: b.manifestDigest });
  });

  it("Same apply again → noop, all files unchanged, no journal field, chain unchanged", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "A\n" }]);
    await runApply(b, root);
    const r = await runApply(b, root);
    expect(r.status).toBe("noop");
    expect(r.files.every((f) => f.status === "unchanged")).toBe(true);
    expect(r.journal).toBeUndefined();
    expect(chainLines(root)).toHaveLength(1);
    const d = await apply({ bundle: b, root, mode: "dry-run" });
    expect(d.status).toBe("noop");
  });

  it("Rollback of a committed digest → created removed, overwritten restored, deleted restored; marker deleted; journal rolled-back; backups gone; chain rolled-back", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "o.txt": "old\n", "d.txt": "gone\n" });
    const pre = snapshot(root);
    const b = makeBundle([
      { path: "n.txt", content: "new\n" },
      { path: "o.txt", op: "overwrite", content: "NEW\n" },
      { path: "d.txt", op: "delete" },
    ]);
    const r = await runApply(b, root);
    expect(r.status).toBe("applied");
    expect(r.files.find((f) => f.path === "d.txt")?.status).toBe("deleted");
    const out = await rollback(root, b.manifestDigest);
    expect(out).toMatchObject({ manifestDigest: b.manifestDigest, status: "rolled-back", phase: "rolled-back", root });
    expect(out.steps).toHaveLength(3);
    expect(snapshot(root)).toEqual(pre);
    const hex = hexOf(b);
    expect(exists(axiomPath(root, "applied", `${hex}.json`))).toBe(false);
    expect(exists(axiomPath(root, "backup", hex))).toBe(false);
    expect(chainLines(root).map((e) => e.state)).toEqual(["committed", "rolled-back"]);
    const again = await rollback(root, hexOf(b));
    expect(again).toEqual(out);
  });
});
