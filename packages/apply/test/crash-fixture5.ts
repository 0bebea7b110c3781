// The F01/F02 fixture (threats.md §4.5): a 5-file apply (2 overwrites, 2 creates, 1 delete), its
// traced mutating calls with the journal phase durable before each, and the §4.3 end-state checks.
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback, statusDocument, verifyChain } from "@codai/axiom-apply";
import { installFs } from "@codai/axiom-store/testing";
import { afterAll, beforeAll, expect } from "vitest";
import {
  axiomPath,
  exists,
  hexOf,
  type Json,
  makeBundle,
  runApply,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { type FsCall, harness } from "./fault-harness";
import { journalRenames, type Phase, phaseBefore } from "./trace-rules";

/**
 * fsync is a no-op in the calling suite (crash children skip it too): a process death keeps the
 * page cache, so no outcome depends on it, and ~40 fsyncs per apply would dominate the run time.
 */
export function noFsyncInThisSuite(): void {
  let restore: () => void = () => undefined;
  beforeAll(() => {
    restore = installFs({ fsync: async () => undefined });
  });
  afterAll(() => restore());
}

export const PRE = { "o1.txt": "one\n", "o2.txt": "two\n", "gone.txt": "bye\n" };
export const bundle = makeBundle([
  { path: "o1.txt", op: "overwrite", content: "ONE\n" },
  { path: "o2.txt", op: "overwrite", content: "TWO\n", mode: "0755" },
  { path: "gone.txt", op: "delete" },
  { path: "n1.txt", content: "new one\n" },
  { path: "sub/n2.txt", content: "new two\n", mode: "0755" },
]);
export const hex = hexOf(bundle);
export const digest = bundle.manifestDigest as string;
export const PATHS = (bundle.manifest.artifacts as Json[]).map((a) => a.path as string);

export function setup(): { root: string; file: string } {
  const { root, parent } = tmpRoot();
  writeTree(root, PRE);
  const file = path.join(parent, "b.json");
  fs.writeFileSync(file, JSON.stringify(bundle));
  return { root, file };
}

/** The manifest paths only (an unrelated recovery apply writes its own file). */
export function state(root: string): Record<string, string> {
  const all = snapshot(root);
  return Object.fromEntries(PATHS.filter((p) => p in all).map((p) => [p, all[p]!]));
}

export const PRE_STATE = (() => {
  const { root } = tmpRoot();
  writeTree(root, PRE);
  return state(root);
})();

/** The mutating calls of one traced operation, and the journal phase durable before each. */
export async function traceMutating(
  root: string,
  op: () => Promise<unknown>,
): Promise<{ calls: FsCall[]; phases: (Phase | undefined)[] }> {
  const h = harness([], { keepText: true });
  try {
    await op();
  } finally {
    h.restore();
  }
  const all = h.calls;
  const renames = journalRenames(all, axiomPath(root, "journal", `${hex}.json`));
  const calls: FsCall[] = [];
  const phases: (Phase | undefined)[] = [];
  all.forEach((c, i) => {
    if (!c.mutating) return;
    calls.push(c);
    phases.push(phaseBefore(renames, i)); // phase durable before this call; after = before the next
  });
  phases.push(phaseBefore(renames, all.length));
  return { calls, phases };
}

/** An apply of an unrelated digest: runs recovery (§7) on the root, then removes its own file. */
export async function recoverByOtherApply(root: string, tag: string): Promise<void> {
  const other = makeBundle([{ path: `zz-other-${tag}.txt`, content: tag }], { name: `other-${tag}` });
  const r = await runApply(other, root, { lockTimeoutMs: 15_000 });
  expect(r.status, `${tag}: ${JSON.stringify(r.error)}`).toBe("applied");
  fs.rmSync(path.join(root, `zz-other-${tag}.txt`));
}

/** §4.3: every F test ends with these. */
export async function assertSettled(root: string, expected: "pre" | "post", where: string): Promise<void> {
  expect(state(root), where).toEqual(expected === "pre" ? PRE_STATE : POST_STATE);
  const staging = axiomPath(root, "staging");
  expect(exists(staging) ? fs.readdirSync(staging) : [], where).toEqual([]);
  const doc = await statusDocument(root);
  expect(doc.interrupted, where).toEqual([]);
  expect(doc.corrupt, where).toEqual([]);
  expect((await verifyChain(root)).ok, where).toBe(true);
  expect(exists(axiomPath(root, "applied", `${hex}.json`)), where).toBe(expected === "post");
}

export let POST_STATE: Record<string, string> = {};

export async function postState(): Promise<Record<string, string>> {
  if (Object.keys(POST_STATE).length === 0) {
    const p = setup();
    expect((await runApply(bundle, p.root)).status).toBe("applied");
    POST_STATE = state(p.root);
  }
  return POST_STATE;
}

let applyTrace: Promise<{ calls: FsCall[]; phases: (Phase | undefined)[]; markerAt: number }> | undefined;
/** The traced apply: its mutating calls, the phase durable before each, the marker's index. */
export function tracedApply() {
  applyTrace ??= (async () => {
    const probe = setup();
    const t = await traceMutating(probe.root, () => runApply(bundle, probe.root));
    POST_STATE = state(probe.root);
    const marker = axiomPath(probe.root, "applied", `${hex}.json`);
    return { ...t, markerAt: t.calls.findIndex((c) => c.op === "rename" && c.to === marker) };
  })();
  return applyTrace;
}

let rollbackTrace: Promise<{ calls: FsCall[]; phases: (Phase | undefined)[] }> | undefined;
export function tracedRollback() {
  rollbackTrace ??= (async () => {
    const probe = setup();
    expect((await runApply(bundle, probe.root)).status).toBe("applied");
    const t = await traceMutating(probe.root, () => rollback(probe.root, digest));
    expect(state(probe.root)).toEqual(PRE_STATE);
    return t;
  })();
  return rollbackTrace;
}
