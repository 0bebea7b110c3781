// formats.md §9.2 (CAS writer/reader) and §7.1 (pre-image reader, through plan's error mapping).
// Stored bundles (§9.1) are the store's (packages/store/test/bundles.test.ts).
import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, expectCode, tempRepo, writeTree } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { casGet, casPath, casPut, compilePlan, readPreImage, readPreImageBytes } from "../src/index";

/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}
const shardOf = (root: string, hex: string) => join(root, ".axiom", "cas", "sha256", hex.slice(0, 2));

describe("CAS (formats.md §9.2)", () => {
  it("casPut stores the bytes at cas/sha256/<aa>/<hex> and returns the hex; casGet reads them back", async () => {
    const root = await tempRoot();
    const bytes = new TextEncoder().encode("hello cas\n");
    const hex = await casPut(root, bytes);
    expect(hex).toBe(sha256Hex(bytes));
    expect(await readFile(join(shardOf(root, hex), hex), "utf8")).toBe("hello cas\n");
    expect(Buffer.from((await casGet(root, hex)) as Uint8Array).toString()).toBe("hello cas\n");
    expect(await casGet(root, "0".repeat(64))).toBeUndefined();
  });

  it("casPut on an existing regular slot returns without rewriting (content-addressed)", async () => {
    const root = await tempRoot();
    const hex = await casPut(root, new Uint8Array([1, 2, 3]));
    await casPut(root, new Uint8Array([1, 2, 3]));
    expect(await readdir(shardOf(root, hex))).toEqual([hex]);
  });

  it("Two concurrent casPut of the same bytes → both succeed, one file, no .tmp left (Promise.all)", async () => {
    const root = await tempRoot();
    const bytes = new Uint8Array(256 * 1024).fill(7);
    const results = await Promise.all(Array.from({ length: 8 }, () => casPut(root, bytes)));
    expect(new Set(results).size).toBe(1);
    const hex = results[0] as string;
    expect(await readdir(shardOf(root, hex))).toEqual([hex]);
  });

  it("Two concurrent casPut of the same bytes → both succeed, one file, no .tmp left (real child processes)", async () => {
    const root = await tempRoot();
    // Node 20 cannot import TypeScript: bundle the real cas.ts with esbuild for the children.
    const work = await tempRoot();
    const casModule = join(work, "cas.mjs");
    const { build } = await import("esbuild");
    await build({
      entryPoints: [fileURLToPath(new URL("../src/cas.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: casModule,
      logLevel: "silent",
    });
    const script = join(work, "put.mjs");
    await writeFile(
      script,
      `const { casPut } = await import(${JSON.stringify(pathToFileURL(casModule).href)});\nconst bytes = new Uint8Array(1 << 20).fill(9);\nconst hex = await casPut(process.argv[2], bytes);\nprocess.stdout.write(hex);\n`,
    );
    const child = (): Promise<{ code: number | null; out: string; err: string }> =>
      new Promise((resolve) => {
        const p = spawn(process.execPath, [script, root], { shell: false, env: { PATH: process.env.PATH ?? "" } });
        let out = "";
        let err = "";
        p.stdout.on("data", (d) => (out += d));
        p.stderr.on("data", (d) => (err += d));
        p.on("close", (code) => resolve({ code, out, err }));
      });
    const runs = await Promise.all([child(), child(), child()]);
    for (const r of runs) expect(r.code, r.err).toBe(0);
    const hex = sha256Hex(new Uint8Array(1 << 20).fill(9));
    expect(runs.map((r) => r.out)).toEqual([hex, hex, hex]);
    expect(await readdir(shardOf(root, hex))).toEqual([hex]);
  });

  it("casGet: a symlinked slot is absent; > 32 MiB is ERR_BLOB_TOO_LARGE; a malformed key is ERR_DIGEST_FORMAT", async () => {
    const root = await tempRoot();
    const hex = sha256Hex("x");
    await mkdir(shardOf(root, hex), { recursive: true });
    await writeFile(join(root, "x"), "x");
    await symlink(join(root, "x"), casPath(root, hex));
    expect(await casGet(root, hex)).toBeUndefined();
    await expectCode(() => casGet(root, "ABC"), "ERR_DIGEST_FORMAT");
    const big = sha256Hex("big");
    await mkdir(shardOf(root, big), { recursive: true });
    await writeFile(casPath(root, big), new Uint8Array(11));
    const err = await expectCode(() => casGet(root, big, 10), "ERR_BLOB_TOO_LARGE");
    expect(err.details).toEqual({ bytes: 11, max: 10 });
  });
});

describe("pre-image reader (formats.md §7.1)", () => {
  it('Pre-image reader: target is a symlink to a file inside the root → "absent"; a parent directory is a symlink → "absent"; a regular file → its hex; missing → "absent"', async () => {
    const root = await tempRoot();
    await writeTree(root, {
      "real/file.txt": "content\n",
      "link.txt": { symlink: "real/file.txt" },
      linkdir: { symlink: "real" },
    });
    expect(await readPreImage(root, "link.txt")).toBe("absent");
    expect(await readPreImage(root, "linkdir/file.txt")).toBe("absent");
    expect(await readPreImage(root, "real/file.txt")).toBe(sha256Hex("content\n"));
    expect(await readPreImage(root, "missing.txt")).toBe("absent");
  });

  it('a directory, ENOTDIR (a file as an ancestor) and a dangling link → "absent"', async () => {
    const root = await tempRoot();
    await writeTree(root, { "dir/x": "x", file: "f", dangling: { symlink: "nowhere" } });
    expect(await readPreImage(root, "dir")).toBe("absent");
    expect(await readPreImage(root, "file/child")).toBe("absent");
    expect(await readPreImage(root, "dangling")).toBe("absent");
  });

  it("never reads outside the root: a link to an outside file records absent and compile leaks no outside hash", async () => {
    const root = await tempRoot();
    const outside = await tempRoot();
    await writeFile(join(outside, "secret.txt"), "outside secret\n");
    await symlink(join(outside, "secret.txt"), join(root, "README.md"));
    const { bundle } = await compilePlan(EXAMPLE_1(), { root });
    expect(bundle.manifest.preImage?.find((p) => p.path === "README.md")?.sha256).toBe("absent");
    expect(JSON.stringify(bundle)).not.toContain(sha256Hex("outside secret\n"));
  });

  it("readPreImageBytes returns the bytes under the same rule and caps the read", async () => {
    const root = await tempRoot();
    await writeTree(root, { "a.txt": "abc", l: { symlink: "a.txt" } });
    expect(Buffer.from((await readPreImageBytes(root, "a.txt", 10)) as Uint8Array).toString()).toBe("abc");
    expect(await readPreImageBytes(root, "l", 10)).toBeUndefined();
    const err = await expectCode(() => readPreImageBytes(root, "a.txt", 2), "ERR_BLOB_TOO_LARGE");
    expect(err.details).toEqual({ bytes: 3, max: 2 });
  });

  it("a path that is not a RelPath is refused, never resolved outside the root", async () => {
    const root = await tempRoot();
    await expectCode(() => readPreImage(root, "../etc/passwd"), "ERR_PATH_SEGMENT");
  });
});
