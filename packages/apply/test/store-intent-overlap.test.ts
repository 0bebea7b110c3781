// SPEED-21: an fs apply registers its intent only once `manifests/<hex>.json` holds the bundle
// (§4.3 step 6 before 7, so a gc finds it), but the fsyncs a stored copy still lacks (a preview
// stores it without the fsync of manifests/) run while the intent is registered, and are awaited
// before the lock is taken: a failed store still fails the apply with its own error, takes no
// lock and leaves no intent.
import * as fs from "node:fs";
import * as path from "node:path";
import { registerIntent } from "@codai/axiom-apply";
import type { ManifestBundle } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";
import { afterEach, expect, test } from "vitest";
import { axiomPath, cleanupRoots, hexOf, tmpRoot } from "./engine-helpers";
import { applyWith, type FaultSpec, type FsCall } from "./fault-harness";
import { buildPlan } from "./invariant-plans";

afterEach(cleanupRoots);

const plan = () => buildPlan([{ path: "a.txt", op: "create", pre: "", post: "x", exec: false }]);
const at = (calls: FsCall[], match: (c: FsCall) => boolean) => calls.findIndex(match);
const intentFiles = (root: string) =>
  fs.existsSync(axiomPath(root, "intents"))
    ? fs.readdirSync(axiomPath(root, "intents")).filter((n) => n.endsWith(".json"))
    : [];
/** Every fsync of the manifest store fails. */
const storeEIO: FaultSpec = {
  op: "fsync",
  times: "always",
  errno: "EIO",
  pathMatch: (p) => p.includes(`${path.sep}.axiom${path.sep}manifests`),
};

/** The fs calls of an apply that must succeed (fsyncs skipped: only their order is read). */
async function appliedTrace(root: string, bundle: unknown): Promise<FsCall[]> {
  const { r, h } = await applyWith([], root, bundle, { fastFsync: true });
  expect(r.status).toBe("applied");
  return h.calls;
}

/** A root whose manifest is stored as a preview leaves it: data fsynced, manifests/ not. */
async function previewedRoot(): Promise<{ root: string; bundle: ReturnType<typeof plan>["bundle"] }> {
  const { bundle } = plan();
  const { root } = tmpRoot();
  await storeBundle(root, bundle as unknown as ManifestBundle, { durable: false });
  return { root, bundle };
}

test("SPEED-21 a stored manifest: its fsync of manifests/ runs while the intent is registered, and is done before the lock and the first journal", async () => {
  const { root, bundle } = await previewedRoot();
  const calls = await appliedTrace(root, bundle);
  const intents = axiomPath(root, "intents");
  const firstIntentCall = at(calls, (c) => c.path === intents || c.path.startsWith(intents + path.sep));
  const manifestsSynced = at(calls, (c) => c.op === "fsync" && c.path === axiomPath(root, "manifests"));
  const lockTemp = at(calls, (c) => c.op === "open" && c.path.startsWith(`${axiomPath(root, "lock")}.`));
  const firstJournal = at(
    calls,
    (c) => c.op === "rename" && c.to === axiomPath(root, "journal", `${hexOf(bundle)}.json`),
  );
  expect(firstIntentCall).toBeGreaterThanOrEqual(0);
  expect(manifestsSynced).toBeGreaterThan(firstIntentCall);
  expect(manifestsSynced).toBeLessThan(lockTemp);
  expect(manifestsSynced).toBeLessThan(firstJournal);
});

test("SPEED-21 fresh root: the manifest is named, and every directory on its path fsynced, before the intent's first call", async () => {
  const { bundle } = plan();
  const { root } = tmpRoot();
  const calls = await appliedTrace(root, bundle);
  const intents = axiomPath(root, "intents");
  const firstIntentCall = at(calls, (c) => c.path === intents || c.path.startsWith(intents + path.sep));
  const named = at(calls, (c) => c.op === "rename" && c.to === axiomPath(root, "manifests", `${hexOf(bundle)}.json`));
  expect(named).toBeGreaterThanOrEqual(0);
  expect(named).toBeLessThan(firstIntentCall);
  for (const dir of [axiomPath(root, "manifests"), axiomPath(root), root]) {
    const synced = at(calls, (c) => c.op === "fsync" && c.path === dir);
    expect(synced, dir).toBeGreaterThanOrEqual(0);
    expect(synced, dir).toBeLessThan(firstIntentCall);
  }
});

test("SPEED-21 a stored manifest's fsyncs fail (EIO) → failed with the store's error (ERR_INTERNAL, errno EIO), no lock taken, no intent left, tree untouched", async () => {
  const { root, bundle } = await previewedRoot();
  const { r, h: faulty } = await applyWith([storeEIO], root, bundle);
  expect(r.status).toBe("failed");
  expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "fsync" } });
  expect(faulty.calls.some((c) => c.path.startsWith(`${axiomPath(root, "lock")}.`))).toBe(false);
  expect(intentFiles(root)).toEqual([]);
  expect(fs.existsSync(path.join(root, "a.txt"))).toBe(false);
});

test("SPEED-21 the store and the intent both fail → the store's error is the one reported", async () => {
  const { root, bundle } = await previewedRoot();
  // a live intent on the same path: this apply's registration is refused
  const other = await registerIntent(root, `sha256:${"1".repeat(64)}`, ["a.txt"]);
  const { r } = await applyWith([storeEIO], root, bundle).finally(() => other.release());
  expect(r.status).toBe("failed");
  expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "fsync" } });
});
