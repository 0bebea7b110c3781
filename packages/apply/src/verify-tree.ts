// `verifyTree(root, bundle, { pre })` (signing.md §9.1): compares a directory tree with a
// manifest's post-state (every artifact's digest, "absent" for deletes) or its recorded pre-image.
// Read-only by design: no lock, no writes, nothing under `.axiom/` is touched, so a held lock or a
// read-only tree never blocks an operator's verification. Stricter than the pre-image reader: a
// non-regular entry is reported by its kind, never as "absent" (fail-closed).
import { createHash } from "node:crypto";
import { promises as fsp } from "node:fs";
import * as path from "node:path";
import { axiomError, isAxiomError, type ManifestBundle } from "@codai/axiom-schema";
import { intakeBundle } from "@codai/axiom-store";
import { containmentWalk, isInside, stripLongPrefix } from "./containment";

export interface VerifyTreeOptions {
  pre?: boolean;
}

export interface TreePathEntry {
  path: string;
  op: "create" | "overwrite" | "delete";
  /** The actual value: 64 hex, "absent", "non-file:<kind>", an AXIOM code, or "error". */
  sha256: string;
}

export interface TreeMismatch {
  path: string;
  op: "create" | "overwrite" | "delete";
  expected: string;
  actual: string;
}

export interface VerifyTreeResult {
  ok: boolean;
  manifestDigest: string;
  root: string;
  tree: "post" | "pre";
  paths: TreePathEntry[];
  mismatches: TreeMismatch[];
  preImageMissing?: true;
}

type Op = TreePathEntry["op"];

async function rootReal(root: string): Promise<string> {
  try {
    const real = stripLongPrefix(await fsp.realpath(root));
    if ((await fsp.stat(real)).isDirectory()) return real;
  } catch {
    // reported below
  }
  throw axiomError("ERR_ROOT_NOT_DIR", { message: `root is not a directory: ${root}`, details: { root } });
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  const handle = await fsp.open(file, "r");
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

/** The §9.1 step 4 table for one relative path. */
export async function actualValue(root: string, rel: string): Promise<string> {
  try {
    await containmentWalk(root, rel);
    const abs = path.join(root, ...rel.split("/"));
    let st: Awaited<ReturnType<typeof fsp.lstat>>;
    try {
      st = await fsp.lstat(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return "absent";
      throw err;
    }
    if (st.isSymbolicLink()) return "non-file:symlink";
    if (st.isDirectory()) return "non-file:dir";
    if (!st.isFile()) return "non-file:other";
    const real = stripLongPrefix(await fsp.realpath(abs));
    if (!isInside(root, real)) return "ERR_CONTAINMENT";
    return await sha256File(abs);
  } catch (err) {
    if (isAxiomError(err)) return (err as unknown as { code: string }).code;
    return "error";
  }
}

export async function verifyTree(
  root: string,
  bundleInput: unknown,
  opts: VerifyTreeOptions = {},
): Promise<VerifyTreeResult> {
  const bundle: ManifestBundle = intakeBundle(bundleInput);
  const real = await rootReal(root);
  const tree = opts.pre === true ? "pre" : "post";
  const { manifest } = bundle;
  const base = { manifestDigest: bundle.manifestDigest, root: real, tree } as const;
  let expected: { path: string; op: Op; sha256: string }[];
  if (tree === "pre") {
    if (manifest.preImage === undefined) {
      return { ok: false, ...base, paths: [], mismatches: [], preImageMissing: true };
    }
    const opOf = new Map(manifest.artifacts.map((a) => [a.path, a.op as Op]));
    expected = manifest.preImage.map((p) => ({ path: p.path, op: opOf.get(p.path) ?? "overwrite", sha256: p.sha256 }));
  } else {
    expected = manifest.artifacts.map((a) => ({
      path: a.path,
      op: a.op as Op,
      sha256: a.op === "delete" ? "absent" : (a.digest?.sha256 ?? "absent"),
    }));
  }
  const paths: TreePathEntry[] = [];
  const mismatches: TreeMismatch[] = [];
  for (const e of expected) {
    const actual = await actualValue(real, e.path);
    paths.push({ path: e.path, op: e.op, sha256: actual });
    if (actual !== e.sha256) mismatches.push({ path: e.path, op: e.op, expected: e.sha256, actual });
  }
  return { ok: mismatches.length === 0, ...base, paths, mismatches };
}
