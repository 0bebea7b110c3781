// A copy of the built CLI in a temp dir, with a node_modules that holds only the packages asked for:
// dist/cli.cjs and every file it reaches through relative requires and static or dynamic imports (the current
// build's closure; dist also keeps the content-hashed chunks of earlier builds), plus symlinks to
// the repo's installed copies of `packages`. Whatever the repo has installed, a package not listed
// cannot resolve from there, so "not installed" (the MCP SDK, sigstore, cedar) is tested for real.
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { CLI, REPO, type TempDir, tempDir } from "./cli-run";

/** The runtime dependency every verb but `--version` and `gate` loads (zod is external: SHIP-7). */
export const CORE_RUNTIME_PACKAGES = ["zod"];

export async function distCopy(
  packages: readonly string[] = CORE_RUNTIME_PACKAGES,
): Promise<TempDir & { cli: string }> {
  const dist = dirname(CLI);
  const t = await tempDir("axiom-dist-copy-");
  const queue = ["cli.cjs"];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const rel = queue.pop() as string;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const text = await readFile(join(dist, rel), "utf8");
    await mkdir(dirname(join(t.dir, rel)), { recursive: true });
    await writeFile(join(t.dir, rel), text);
    for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*"(\.{1,2}\/[^"]+\.c?js)"/g)) {
      queue.push(relative(dist, join(dist, dirname(rel), m[1] as string)));
    }
  }
  for (const name of packages) {
    const link = join(t.dir, "node_modules", name);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(REPO, "node_modules", name), link, "dir");
  }
  return { ...t, cli: join(t.dir, "cli.cjs") };
}
