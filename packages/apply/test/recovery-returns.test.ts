// recoverIfNeeded's answer and leftovers per journal phase (apply.md §7, issue 25 survivors): it
// returns exactly the digests it drove (staged removed, committing rolled back, committed
// completed), none for a journal already terminal; it removes the lock-held temps of journal/ and
// applied/ and a rolled-back journal's leftover backup; a completion that fails is a RecoveryError
// that says no rollback failed.
import * as fs from "node:fs";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { RecoveryError, recoverIfNeeded } from "../src/recovery";
import { appliedOverwrite, axiomPath, cleanupRoots, exists, type Json, readJson, writeTree } from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

const applied = appliedOverwrite;

function setPhase(file: string, phase: string): void {
  fs.writeFileSync(file, JSON.stringify({ ...(readJson(file) as Json), phase }));
}

describe("recoverIfNeeded returns the digests it drove", () => {
  it("a root as the last apply left it: nothing", async () => {
    const { root } = await applied();
    expect(await recoverIfNeeded(root)).toEqual([]);
  });

  it("a committed journal with its marker, the root changed since: nothing; the lock-held temps of journal/ and applied/ are removed, other files kept", async () => {
    const { root } = await applied();
    const temps = [axiomPath(root, "journal", "x.json.tmp-1"), axiomPath(root, "applied", "y.json.tmp-2")];
    for (const t of temps) fs.writeFileSync(t, "{");
    const keep = axiomPath(root, "journal", "notes.txt");
    fs.writeFileSync(keep, "x");
    expect(await recoverIfNeeded(root)).toEqual([]);
    expect(temps.map(exists)).toEqual([false, false]);
    expect(exists(keep)).toBe(true);
  });

  it("a committed journal without its marker: its digest; the marker is written again", async () => {
    const { root, b, marker } = await applied();
    fs.unlinkSync(marker);
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(readJson(marker)).toMatchObject({ status: "applied", manifestDigest: b.manifestDigest });
  });

  it("a staged journal: its digest; the journal is deleted and the tree untouched", async () => {
    const { root, b, journal } = await applied();
    setPhase(journal, "staged");
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(exists(journal)).toBe(false);
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("new\n");
  });

  it("a committing journal: its digest; the tree is rolled back and the journal is rolled-back", async () => {
    const { root, b, journal } = await applied();
    setPhase(journal, "committing");
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("old\n");
    expect((readJson(journal) as Json).phase).toBe("rolled-back");
  });

  it("a rolled-back journal: nothing; a leftover backup/<hex> of it is removed", async () => {
    const { root, b, hex } = await applied();
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    const left = axiomPath(root, "backup", hex);
    writeTree(left, { "a.txt": "old\n" });
    expect(await recoverIfNeeded(root)).toEqual([]);
    expect(exists(left)).toBe(false);
  });
});

describe("completing a commit (committed, no marker)", () => {
  it("the marker written is an ApplyResult of axiom.dev/v2", async () => {
    const { root, marker } = await applied();
    fs.unlinkSync(marker);
    await recoverIfNeeded(root);
    expect(readJson(marker)).toMatchObject({ apiVersion: "axiom.dev/v2", kind: "ApplyResult", mode: "fs" });
  });

  it("without the stored manifest the files come from the journal alone: each step's own op, no digest", async () => {
    const { root, b, hex, marker } = await applied();
    fs.unlinkSync(marker);
    fs.unlinkSync(axiomPath(root, "manifests", `${hex}.json`));
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect((readJson(marker) as Json).files).toEqual([{ path: "a.txt", op: "overwrite", status: "written" }]);
  });

  it("a chain append that fails is a warning {manifestDigest, error}, and the marker is still written", async () => {
    for (const withWarn of [true, false]) {
      const { root, b, marker } = await applied();
      fs.unlinkSync(marker);
      // drop the committed entry so completion must append one
      fs.writeFileSync(axiomPath(root, "journal", "chain.jsonl"), "");
      const chain = axiomPath(root, "journal", "chain.jsonl");
      const warnings: [string, unknown][] = [];
      const h = harness([
        { op: "open", times: "always", errno: "EIO", pathMatch: (p, c) => p === chain && c.mutating },
      ]);
      try {
        const hooks = withWarn ? { onWarn: (m: string, d?: unknown) => void warnings.push([m, d]) } : {};
        expect(await recoverIfNeeded(root, hooks)).toEqual([b.manifestDigest]);
      } finally {
        h.restore();
      }
      expect(h.injected).toBeGreaterThan(0);
      expect(readJson(marker)).toMatchObject({ status: "applied", manifestDigest: b.manifestDigest });
      if (withWarn) {
        expect(warnings.map(([, d]) => d)).toContainEqual({
          manifestDigest: b.manifestDigest,
          error: expect.any(String),
        });
      }
    }
  });
});

describe("a failed recovery", () => {
  it("the marker write of a completion failing (ENOSPC) → RecoveryError {digest, cause: that error, rollbackFailed: false}", async () => {
    const { root, b, marker } = await applied();
    fs.unlinkSync(marker);
    const h = harness([{ op: "open", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) }]);
    let err: unknown;
    try {
      await recoverIfNeeded(root);
    } catch (e) {
      err = e;
    } finally {
      h.restore();
    }
    expect(h.injected).toBe(1);
    expect(err).toBeInstanceOf(RecoveryError);
    expect(err).toMatchObject({ digest: b.manifestDigest, rollbackFailed: false, cause: { code: "ENOSPC" } });
    expect(exists(marker)).toBe(false);
  });
});
