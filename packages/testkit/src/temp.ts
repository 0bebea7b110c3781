// Real temp directories for tests: a realpath'd root, an inline file-map writer and a reader.
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { AXIOM_DIR } from "@codai/axiom-store/layout";

export interface TempRoot {
  /** realpath of the directory (compile expects a realpath'd root). */
  root: string;
  cleanup(): Promise<void>;
}

export async function makeTempRoot(prefix = "axiom-test-"): Promise<TempRoot> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** One entry of an inline tree: text, base64 bytes, raw bytes, a symlink or an empty directory. */
export type TreeEntry =
  | string
  | Uint8Array
  | { text: string; mode?: number }
  | { base64: string; mode?: number }
  | { symlink: string }
  | { dir: true };

export type Tree = Record<string, TreeEntry>;

/** Writes `tree` under `root` (keys are POSIX relative paths; parents are created). */
export async function writeTree(root: string, tree: Tree): Promise<void> {
  for (const [rel, entry] of Object.entries(tree)) {
    const target = join(root, ...rel.split("/"));
    await mkdir(dirname(target), { recursive: true });
    if (typeof entry === "string" || entry instanceof Uint8Array) {
      await writeFile(target, entry);
    } else if ("symlink" in entry) {
      await symlink(entry.symlink, target);
    } else if ("dir" in entry) {
      await mkdir(target, { recursive: true });
    } else {
      const bytes = "text" in entry ? Buffer.from(entry.text, "utf8") : Buffer.from(entry.base64, "base64");
      await writeFile(target, bytes);
      if (entry.mode !== undefined) await chmod(target, entry.mode);
    }
  }
}

export interface ReadTreeOptions {
  /** Top-level names to skip (default: the `.axiom` directory). */
  exclude?: string[];
}

/**
 * Reads every file under `root` into `{ relPath: base64 }`, symlinks as `"symlink:<target>"` and
 * empty directories as `"dir"`, so two snapshots compare byte for byte.
 */
export async function readTree(root: string, opts: ReadTreeOptions = {}): Promise<Record<string, string>> {
  const exclude = new Set(opts.exclude ?? [AXIOM_DIR]);
  const out: Record<string, string> = {};
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const names = (await readdir(dir)).sort();
    if (names.length === 0 && prefix !== "") out[prefix.slice(0, -1)] = "dir";
    for (const name of names) {
      if (prefix === "" && exclude.has(name)) continue;
      const full = join(dir, name);
      const rel = `${prefix}${name}`;
      const st = await lstat(full);
      if (st.isSymbolicLink()) out[rel] = `symlink:${await readlink(full)}`;
      else if (st.isDirectory()) await walk(full, `${rel}/`);
      else out[rel] = (await readFile(full)).toString("base64");
    }
  };
  await walk(root, "");
  return out;
}
