// checks.md §5 acceptance lines 74–75: the repo facts provider.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRepoFacts, readGitHead } from "../src/index";
import { tempRoot, writeTree } from "./helpers";

describe("repo facts provider (§5)", () => {
  it("74. Repo index ignores node_modules/, .axiom/, and a .gitignore line build/; a !keep negation is ignored", async () => {
    const root = await tempRoot({
      ".gitignore": "# comment\nbuild/\n*.log\n!keep.log\n/only-root.txt\n",
      "src/a.ts": "",
      "node_modules/x/index.js": "",
      ".axiom/cas/x": "",
      ".git/HEAD": "ref: refs/heads/main\n",
      "dist/out.js": "",
      "build/out.js": "",
      "pkg/build/deep.js": "",
      "keep.log": "",
      "a/b.log": "",
      "only-root.txt": "",
      "sub/only-root.txt": "",
      "build.txt": "",
    });
    const repo = await buildRepoFacts(root);
    expect(await repo.index()).toEqual([".gitignore", "build.txt", "src/a.ts", "sub/only-root.txt"]);
    expect(await repo.glob("src/**")).toEqual(["src/a.ts"]);
  });

  it("75. Repo facts gitHead read from packed-refs when the loose ref is absent; gitDirty undefined", async () => {
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const root = await tempRoot({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/packed-refs": `# pack-refs with: peeled fully-peeled sorted\n${sha} refs/heads/main\n`,
    });
    const repo = await buildRepoFacts(root);
    expect(repo.gitHead).toBe(sha);
    expect(repo.gitDirty).toBeUndefined();
    const loose = "fedcba9876543210fedcba9876543210fedcba98";
    await mkdir(join(root, ".git/refs/heads"), { recursive: true });
    await writeFile(join(root, ".git/refs/heads/main"), `${loose}\n`);
    expect(await readGitHead(root)).toBe(loose);
    await writeFile(join(root, ".git/HEAD"), `${sha}\n`);
    expect(await readGitHead(root)).toBe(sha);
  });

  it("packageJson is the parsed root package.json; exists accepts only a valid RelPath; read returns regular files only", async () => {
    const root = await tempRoot({ "package.json": '{"name":"x"}', "d/f.txt": "hi" });
    const repo = await buildRepoFacts(root);
    expect(repo.packageJson).toEqual({ name: "x" });
    expect(await repo.exists("d/f.txt")).toBe(true);
    expect(await repo.exists("../etc/passwd")).toBe(false);
    expect(await repo.exists("d/missing")).toBe(false);
    expect(new TextDecoder().decode(await repo.read("d/f.txt"))).toBe("hi");
    expect(await repo.read("d")).toBeUndefined();
    expect(await repo.read("nope")).toBeUndefined();
    await expect(repo.read("d/f.txt", 1)).rejects.toThrow();
  });

  it("the index is capped and sorted by UTF-8 byte order", async () => {
    const root = await tempRoot();
    await writeTree(root, "b", "");
    await writeTree(root, "a/\u00e9", "");
    await writeTree(root, "a/z", "");
    const repo = await buildRepoFacts(root);
    expect(await repo.index()).toEqual(["a/z", "a/\u00e9", "b"]);
  });
});
