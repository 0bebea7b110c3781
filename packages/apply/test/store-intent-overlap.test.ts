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
import { axiomPath, cleanupRoots, hexOf, runApply, tmpRoot } from "./engine-helpers";
import { type FsCall, harness } from "./fault-harness";
import { buildPlan } from "./invariant-plans";

afterEach(cleanupRoots);

const plan = () => buildPlan([{ path: "a.txt", op: "create", pre: "", post: "x", exec: false }]);
const at = (calls: FsCall[], match: (c: FsCall) => boolean) => calls.findIndex(match);
const intentFiles = (root: string) =>
  fs.existsSync(axiomPath(root, "intents"))
    ? fs.readdirSync(axiomPath(root, "intents")).filter((n) => n.endsWith(".json"))
    : [];
const underManifests = (p: string) => p.includes(`${path.sep}.axiom${path.sep}manifests`);

/** A root whose manifest is stored as a preview leaves it: data fsynced, manifests/ not. */
async function previewedRoot(): Promise<{ root: string; bundle: ReturnType<typeof plan>["bundle"] }> {
  const { bundle } = plan();
  const { root } = tmpRoot();
  await storeBundle(root, bundle as unknown as ManifestBundle, { durable: false });
  return { root, bundle };
}

test("SPEED-21 a stored manifest: its fsync of manifests/ runs while the intent is registered, and is done before the lock and the first journal", async () => {
  const { root, bundle } = await previewedRoot();
  const h = harness([], { fastFsync: true });
  try {
    expect((await runApply(bundle, root)).status).toBe("applied");
  } finally {
    h.restore();
  }
  const calls = h.calls;
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
  const h = harness([], { fastFsync: true });
  try {
    expect((await runApply(bundle, root)).status).toBe("applied");
  } finally {
    h.restore();
  }
  const calls = h.calls;
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
  const faulty = harness([{ op: "fsync", times: "always", errno: "EIO", pathMatch: underManifests }]);
  let r: Awaited<ReturnType<typeof runApply>>;
  try {
    r = await runApply(bundle, root);
  } finally {
    faulty.restore();
  }
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
  const faulty = harness([{ op: "fsync", times: "always", errno: "EIO", pathMatch: underManifests }]);
  let r: Awaited<ReturnType<typeof runApply>>;
  try {
    r = await runApply(bundle, root);
  } finally {
    faulty.restore();
    await other.release();
  }
  expect(r.status).toBe("failed");
  expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "fsync" } });
});
