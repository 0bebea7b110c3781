// Test helpers for the engine suites: temp roots, bundle building, tree snapshots.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { apply } from "@codai/axiom-apply";
import { canonicalDigestRef, encodeBlob, sha256Hex } from "@codai/axiom-canon";
import { type ApplyResult, compareUtf8 } from "@codai/axiom-schema";

export interface FileSpec {
  path: string;
  op?: "create" | "overwrite" | "delete";
  content?: string | Uint8Array;
  mode?: "0644" | "0755";
  origin?: "inline" | "cas" | "ref";
  /** Leave the blob out of the bundle (it must come from the CAS). */
  noInline?: boolean;
  /** Override the declared size. */
  bytes?: number;
}

export interface BundleOptions {
  name?: string;
  /** Compute preImage[] from this root (one entry per artifact). */
  preImageFrom?: string;
  preImage?: { path: string; sha256: string }[];
}

const toBytes = (c: string | Uint8Array | undefined): Uint8Array =>
  c === undefined ? new Uint8Array() : typeof c === "string" ? new TextEncoder().encode(c) : c;

export function preImageOf(root: string, rel: string): string {
  try {
    const p = path.join(root, ...rel.split("/"));
    const st = fs.lstatSync(p);
    if (!st.isFile()) return "absent";
    return sha256Hex(fs.readFileSync(p));
  } catch {
    return "absent";
  }
}

// biome-ignore lint/suspicious/noExplicitAny: test bundles are loose JSON, some deliberately invalid
export type Json = any;

export function makeBundle(files: FileSpec[], opts: BundleOptions = {}): Json {
  const blobs: Record<string, { encoding: "utf8" | "base64"; data: string }> = {};
  const artifacts = files
    .map((f) => {
      const op = f.op ?? "create";
      const a: Record<string, unknown> = { path: f.path, op, mode: f.mode ?? "0644" };
      if (op !== "delete") {
        const bytes = toBytes(f.content);
        const hex = sha256Hex(bytes);
        a.digest = { sha256: hex };
        a.bytes = f.bytes ?? bytes.length;
        a.origin = f.origin ?? "inline";
        if (!f.noInline) blobs[`sha256:${hex}`] = encodeBlob(bytes);
      }
      return a;
    })
    .sort((x, y) => compareUtf8(x.path as string, y.path as string));
  const manifest: Record<string, unknown> = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: opts.name ?? "test-plan",
    profile: "default",
    planDigest: `sha256:${"1".repeat(64)}`,
    artifacts,
    checks: [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (opts.preImage) manifest.preImage = opts.preImage;
  else if (opts.preImageFrom) {
    manifest.preImage = artifacts.map((a) => ({
      path: a.path,
      sha256: preImageOf(opts.preImageFrom!, a.path as string),
    }));
  }
  return { manifest, manifestDigest: canonicalDigestRef(manifest), blobs };
}

export function hexOf(bundle: Json): string {
  return (bundle.manifestDigest as string).slice(7);
}

const roots: string[] = [];

/** A fresh realpath'd temp root (under a parent dir so tests can use a sibling "out"). */
export function tmpRoot(): { root: string; parent: string; out: string } {
  const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "axiom-engine-")));
  roots.push(parent);
  const root = path.join(parent, "R");
  const out = path.join(parent, "out");
  fs.mkdirSync(root);
  fs.mkdirSync(out);
  return { root, parent, out };
}

export function cleanupRoots(): void {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
}

export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, ...rel.split("/"));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

/** rel → "<sha256>:<mode>" of every regular file (and "link:<target>" for links) outside .axiom/. */
export function snapshot(root: string, skipAxiom = true): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      if (skipAxiom && rel === "" && name === ".axiom") continue;
      const p = path.join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(p);
      if (st.isSymbolicLink()) out[r] = `link:${fs.readlinkSync(p)}`;
      else if (st.isDirectory()) walk(p, r);
      else out[r] = `${sha256Hex(fs.readFileSync(p))}:${(st.mode & 0o777).toString(8)}`;
    }
  };
  walk(root, "");
  return out;
}

/** sha256 hex of a text's UTF-8 bytes (the pre-image digest a journal and an error name). */
export const hexOfText = (s: string): string => sha256Hex(new TextEncoder().encode(s));

/** Puts a new inode with `bytes` at `file` (write beside it, rename over): same content, other identity. */
export function replaceWithCopy(file: string, bytes: string): void {
  fs.writeFileSync(`${file}.swap`, bytes);
  fs.renameSync(`${file}.swap`, file);
}

/** A root holding a.txt ("old a\n") and a bundle overwriting it with "new a\n"; `target` is a.txt's path. */
export function overwriteRoot(): { root: string; out: string; b: Json; target: string } {
  const { root, out } = tmpRoot();
  writeTree(root, { "a.txt": "old a\n" });
  const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "new a\n" }]);
  return { root, out, b, target: path.join(root, "a.txt") };
}

export function readJson(p: string): Json {
  return JSON.parse(fs.readFileSync(p, "utf8"));
}

export function axiomPath(root: string, ...parts: string[]): string {
  return path.join(root, ".axiom", ...parts);
}

export function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

export function chainLines(root: string): Json[] {
  const p = axiomPath(root, "journal", "chain.jsonl");
  if (!exists(p)) return [];
  return fs
    .readFileSync(p, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** The engine suites' usual call: an fs apply confirmed with its own digest, one lock attempt. */
export function runApply(bundle: Json, root: string, extra: Record<string, unknown> = {}): Promise<ApplyResult> {
  return apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 0, ...extra } as Json);
}

/**
 * A fresh root with one committed apply: `a.txt` "old\n" overwritten with "new\n" (so its journal
 * records a backup), and the paths of that apply's journal and applied marker.
 */
export async function appliedOverwrite(): Promise<{
  root: string;
  parent: string;
  b: Json;
  hex: string;
  journal: string;
  marker: string;
}> {
  const { root, parent } = tmpRoot();
  writeTree(root, { "a.txt": "old\n" });
  const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "new\n" }]);
  const r = await runApply(b, root);
  if (r.status !== "applied") throw new Error(`apply: ${r.status} ${r.error?.code ?? ""}`);
  const hex = hexOf(b);
  return {
    root,
    parent,
    b,
    hex,
    journal: axiomPath(root, "journal", `${hex}.json`),
    marker: axiomPath(root, "applied", `${hex}.json`),
  };
}

/** `count` committed applies of one new file each (`h/<tag><i>.txt`); returns their bundles. */
export async function appliedHistory(root: string, count: number, tag: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    const b = makeBundle([{ path: `h/${tag}${i}.txt`, content: `${tag} ${i}\n` }], { name: `${tag}-${i}` });
    const r = await runApply(b, root);
    if (r.status !== "applied") throw new Error(`history apply ${i}: ${r.status} ${r.error?.code ?? ""}`);
    out.push(b);
  }
  return out;
}
