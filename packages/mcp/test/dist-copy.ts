// A copy of the built CLI in a temp dir, with a node_modules that holds only the packages asked for:
// dist/cli.cjs and every file it reaches through relative requires and static or dynamic imports (the current
// build's closure; dist also keeps the content-hashed chunks of earlier builds), plus symlinks to
// the repo's installed copies of `packages`. Whatever the repo has installed, a package not listed
// cannot resolve from there, so "not installed" (the MCP SDK, sigstore, cedar) is tested for real.
import { readFileSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { CLI, REPO, type TempDir, tempDir } from "./cli-run";

/** The runtime dependency every verb but `--version` and `gate` loads (zod is external: SHIP-7). */
export const CORE_RUNTIME_PACKAGES = ["zod"];

/**
 * `entry` (a built file) and every file it reaches through relative requires and static or dynamic
 * imports, transitively, with the bare specifiers met on the way and the bytes of all the files.
 */
export function distClosure(entry: string): { files: string[]; external: Set<string>; bytes: number } {
  const files: string[] = [];
  const external = new Set<string>();
  let bytes = 0;
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const text = readFileSync(file, "utf8");
    bytes += Buffer.byteLength(text);
    for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*"([^"]+)"/g)) {
      const spec = m[1] as string;
      // Only module specifiers: the bundled parser's minified code holds `import"…"`-like strings.
      if (spec.startsWith(".") && /\.c?js$/.test(spec)) visit(join(dirname(file), spec));
      else if (!spec.startsWith(".")) external.add(spec);
    }
  };
  visit(entry);
  return { files, external, bytes };
}

export async function distCopy(
  packages: readonly string[] = CORE_RUNTIME_PACKAGES,
): Promise<TempDir & { cli: string }> {
  const dist = dirname(CLI);
  const t = await tempDir("axiom-dist-copy-");
  for (const file of distClosure(CLI).files) {
    const dest = join(t.dir, relative(dist, file));
    await mkdir(dirname(dest), { recursive: true });
    await writeFile(dest, readFileSync(file));
  }
  for (const name of packages) {
    const link = join(t.dir, "node_modules", name);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(REPO, "node_modules", name), link, "dir");
  }
  return { ...t, cli: join(t.dir, "cli.cjs") };
}
