// The confirm call of axiom_write reuses its preview's compile (issue 24) instead of reading,
// hashing and compiling every target again, when nothing it was built from can have changed: the
// same root and arguments (compared by a digest of them), and every target's file identity (the
// store's identityKey, or absent) as the preview found it just before its compile read the tree
// (so a change racing that read shows as a changed identity at the confirm). Any write to a
// file changes its size, mtime or ctime, and ctime cannot be set back, so equal identities mean
// equal pre-image bytes, and the compile would give the preview's digest again: the TOCTOU guard
// (F = confirmDigest) is answered from the preview's F. Anything else — another argument, a file
// touched, an lstat error, a preview from another process — compiles from scratch as before. The
// engine re-checks every pre-image under the lock either way (apply.md §5.3, C4).
import { createHash } from "node:crypto";
import * as path from "node:path";
import { errnoOf, fsx, identityKey } from "@codai/axiom-store";
import type { CompiledWrite, WriteRequest } from "./write-compile";

/** Previews kept per process: a confirm usually follows its preview at once; older ones are dropped. */
const KEPT = 8;

export type Identity = string;

interface Remembered {
  argsKey: string;
  identities: Identity[];
  compiled: CompiledWrite;
}

/** Keyed by `root` + manifest digest (two roots with equal files compile to one digest). */
const previews = new Map<string, Remembered>();

/** argsKeyOf per request object: a confirm asks twice (the re-send rule, then the recall). */
const argsKeys = new WeakMap<WriteRequest, string>();

/**
 * The digest of a request's arguments: sha256 of one JSON array listing every field in a fixed
 * order (JSON.stringify of strings, booleans and nulls in arrays is injective, so equal keys mean
 * equal arguments). Not JCS: the key is only compared with keys of this process, and canonicalizing
 * the content of 100 files costs several times the native stringify (issue 24).
 */
export function argsKeyOf(req: WriteRequest): string {
  let key = argsKeys.get(req);
  if (key === undefined) {
    const files = req.files.map((f) => [
      f.path,
      f.op ?? null,
      f.mode ?? null,
      f.encoding ?? null,
      f.content ?? null,
      f.edits?.map((e) => [e.oldText, e.newText, e.replaceAll ?? null]) ?? null,
      f.patch === undefined ? null : [f.patch.format, f.patch.text],
    ]);
    const text = JSON.stringify([req.root, req.intent, req.planProfile, files]);
    key = createHash("sha256").update(text).digest("hex");
    argsKeys.set(req, key);
  }
  return key;
}

/** Each target's identity, in `files` order; undefined when one cannot be read (no reuse then). */
export async function targetIdentities(req: WriteRequest): Promise<Identity[] | undefined> {
  const out: Identity[] = [];
  for (const f of req.files) {
    try {
      out.push(identityKey(await fsx.lstat(path.join(req.root, ...f.path.split("/")))));
    } catch (err) {
      if (errnoOf(err) !== "ENOENT") return undefined;
      out.push("absent");
    }
  }
  return out;
}

/** The key of a write in both memories: root and manifest digest. */
const keyOf = (root: string, digest: string) => `${root}\0${digest}`;

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond KEPT. */
function keepNewest<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  for (const old of map.keys()) {
    if (map.size <= KEPT) break;
    map.delete(old);
  }
}

/** After a preview's compile: remember it with the identities read before that compile. */
export function rememberPreview(req: WriteRequest, ids: Identity[], compiled: CompiledWrite): void {
  keepNewest(previews, keyOf(req.root, compiled.bundle.manifestDigest), {
    argsKey: compiled.argsKey,
    identities: ids,
    compiled,
  });
}

/** The preview compiled for `confirmDigest` when this confirm's compile would repeat it exactly. */
export async function recallPreview(req: WriteRequest, confirmDigest: string): Promise<CompiledWrite | undefined> {
  const key = keyOf(req.root, confirmDigest);
  const kept = previews.get(key);
  if (kept === undefined) return undefined;
  previews.delete(key);
  if (kept.argsKey !== argsKeyOf(req)) return undefined;
  const now = await targetIdentities(req);
  if (now === undefined || now.some((id, i) => id !== kept.identities[i])) return undefined;
  return kept.compiled;
}

/**
 * Writes this process applied, by root + digest → the arguments' key (EDIT-7): a re-sent confirm of
 * an edits or patch write cannot be recompiled to its digest (its oldText is gone from the file it
 * changed), so the re-send rule recognises it by its arguments instead, while the tree still holds
 * the applied bundle. A re-send to another process (a restarted server) is refused as before.
 */
const appliedHere = new Map<string, string>();

export function rememberApplied(root: string, digest: string, argsKey: string): void {
  keepNewest(appliedHere, keyOf(root, digest), argsKey);
}

/** Whether this process applied `digest` on `req.root` from exactly these arguments. */
export function appliedFromArgs(req: WriteRequest, digest: string): boolean {
  return appliedHere.get(keyOf(req.root, digest)) === argsKeyOf(req);
}
