// isFsMarker's memory (marker-cache.ts, APL-17): a marker found valid costs one lstat while it is
// the very file that validated; anything else — replaced, removed, a symlink, an lstat that fails,
// a file changed during the read — is read and checked again (fail closed).
import { mkdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tempRepo } from "@codai/axiom-testkit";
import { afterEach, describe, expect, it } from "vitest";
import { fsx } from "../src/fsx";
import { layout } from "../src/layout";
import { forgetKnownMarkers, isFsMarker } from "../src/marker-cache";
import { writeAppliedMarker } from "../src/markers";
import { appliedMarker, errno, recorded, withFs } from "./seam";

afterEach(() => {
  forgetKnownMarkers();
});
/** A real temp root, removed when the test finishes (testkit's tempRepo). */
const tempRoot = async (): Promise<string> => (await tempRepo()).root;
const hex = "c".repeat(64);
const marker = (over: Record<string, unknown> = {}) => appliedMarker(hex, over);

describe("isFsMarker's memory", () => {
  it("a valid marker is read once; while it is the same file, the next answers cost one lstat", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile", "lstat"]);
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat"]);
    expect(await isFsMarker(root, hex)).toBe(true);
  });

  it("an invalid marker is never remembered: read on every call", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker({ mode: "pr" }));
    expect(await isFsMarker(root, hex)).toBe(false);
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile"]);
  });

  it("a remembered marker replaced by another file (a PR marker renamed over it) → read again → false", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    expect(await isFsMarker(root, hex)).toBe(true);
    const file = layout.applied(root, hex);
    await writeFile(`${file}.x`, JSON.stringify(marker({ mode: "pr" })));
    await rename(`${file}.x`, file);
    expect(await isFsMarker(root, hex)).toBe(false);
  });

  it("a remembered marker removed (manual rollback) → false, and forgotten: put back, it is read again", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    expect(await isFsMarker(root, hex)).toBe(true);
    const file = layout.applied(root, hex);
    const text = await readFile(file);
    await rm(file);
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat"]);
    expect(await isFsMarker(root, hex)).toBe(false);
    await writeFile(file, text);
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile", "lstat"]);
  });

  it("a symlink to a valid marker answers true but is never remembered", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    const file = layout.applied(root, hex);
    await rename(file, `${file}.real`);
    await symlink(`${file}.real`, file);
    expect(await isFsMarker(root, hex)).toBe(true);
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile"]);
  });

  it("an lstat failing otherwise than ENOENT → the full check answers (and the memory is dropped)", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    expect(await isFsMarker(root, hex)).toBe(true);
    const failing = { lstat: async () => Promise.reject(errno("EACCES", "lstat")) };
    expect(await withFs(failing, () => isFsMarker(root, hex))).toBe(true);
    // dropped: the next call reads again
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile", "lstat"]);
    await writeAppliedMarker(root, hex, marker({ status: "failed", error: { code: "ERR_INTERNAL", message: "x" } }));
    expect(await withFs(failing, () => isFsMarker(root, hex))).toBe(false);
  });

  it("a marker changed during its read is not remembered; an lstat failing after the read is not either", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    const file = layout.applied(root, hex);
    const readFileOf = fsx.readFile;
    await withFs(
      {
        readFile: async (p) => {
          const got = await readFileOf(p);
          await writeFile(`${file}.x`, got);
          await rename(`${file}.x`, file); // same bytes, a new inode
          return got;
        },
      },
      () => isFsMarker(root, hex),
    );
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile", "lstat"]);
    forgetKnownMarkers();
    const lstatOf = fsx.lstat;
    let calls = 0;
    await withFs(
      {
        lstat: async (p) => {
          if (++calls === 2) throw errno("EIO", "lstat");
          return lstatOf(p);
        },
      },
      async () => expect(await isFsMarker(root, hex)).toBe(true),
    );
    expect(await recorded(() => isFsMarker(root, hex))).toEqual(["lstat", "readFile", "lstat"]);
  });

  it("a remembered marker rewritten in place with other bytes of the same size (same inode) → read again → false", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, hex, marker());
    expect(await isFsMarker(root, hex)).toBe(true);
    const file = layout.applied(root, hex);
    const text = await readFile(file, "utf8");
    const pr = JSON.stringify(marker({ mode: "pr" }));
    const same = pr.length < text.length ? `${pr}${" ".repeat(text.length - pr.length)}` : pr;
    expect(same.length).toBe(text.length);
    await new Promise((r) => setTimeout(r, 20)); // a later mtime, whatever the clock's resolution
    await writeFile(file, same); // in place: the inode and the size stay
    expect(await isFsMarker(root, hex)).toBe(false);
  });

  it("a directory in the marker's place → false", async () => {
    const root = await tempRoot();
    await mkdir(layout.applied(root, hex), { recursive: true });
    expect(await isFsMarker(root, hex)).toBe(false);
  });

  it("at most 4096 markers are remembered: the 4097th empties the memory first", async () => {
    const root = await tempRoot();
    const hexes = Array.from({ length: 4097 }, (_, i) => i.toString(16).padStart(64, "0"));
    await mkdir(layout.appliedDir(root), { recursive: true });
    for (const h of hexes) {
      await writeFile(layout.applied(root, h), JSON.stringify(marker({ manifestDigest: `sha256:${h}` })));
    }
    for (const h of hexes.slice(0, 4096)) expect(await isFsMarker(root, h)).toBe(true);
    expect(await recorded(() => isFsMarker(root, hexes[0] as string))).toEqual(["lstat"]);
    expect(await isFsMarker(root, hexes[4096] as string)).toBe(true);
    expect(await recorded(() => isFsMarker(root, hexes[1] as string))).toEqual(["lstat", "readFile", "lstat"]);
  });
});
