// The plan and bundle use cases on real temp repos: compilePlan (+ store), validatePlan,
// intakeBundle, findStoredBundle, verifyBundle with the root's trust store (signing.md §6),
// verifyTree, verifyJournal, diffManifests, diffSnapshots, parseAxm, schemaDocument, loadProfile.
import { generateEd25519, signManifest } from "@codai/axiom-canon";
import { SCHEMA_KINDS } from "@codai/axiom-schema";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import {
  applyBundle,
  buildWritePlan,
  compilePlan,
  diffManifests,
  diffSnapshots,
  findStoredBundle,
  intakeBundle,
  loadProfile,
  parseAxm,
  schemaDocument,
  snapshot,
  validatePlan,
  verifyBundle,
  verifyJournal,
  verifyTree,
} from "../src/index";
import { NO_GUARDS, oneFileBundle, storedText } from "./helpers";

const plan = (content: string) => buildWritePlan([{ path: "a.txt", content }], "", "default");

describe("compilePlan and validatePlan", () => {
  test("with a root → preImage recorded and the bundle stored; root-less → nothing stored, the same planDigest", async () => {
    const repo = await tempRepo({ "a.txt": "old\n" });
    const rooted = await compilePlan({ plan: plan("new\n"), root: repo.root });
    expect(rooted.manifest.preImage).toBeDefined();
    expect(JSON.parse((await storedText(repo.root, rooted.manifestDigest)) ?? "null")).toEqual(rooted);
    const rootless = await compilePlan({ plan: plan("new\n") });
    expect(rootless.manifest.preImage).toBeUndefined();
    expect(rootless.manifest.planDigest).toBe(rooted.manifest.planDigest);
  });

  test("validatePlan: a valid inline Plan → ok with its planDigest; a Plan without artifacts → ok false, errors", async () => {
    const good = await validatePlan(plan("x"));
    expect(good).toMatchObject({ ok: true, errors: [] });
    expect(good.planDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const bad = await validatePlan({ ...plan("x"), artifacts: [] });
    expect(bad.ok).toBe(false);
    expect(bad.errors.length).toBeGreaterThan(0);
  });

  test("a Plan that does not validate → ERR_INVALID_PLAN", async () => {
    await expectCode(compilePlan({ plan: { kind: "Plan" } }), "ERR_INVALID_PLAN");
  });
});

describe("intakeBundle and findStoredBundle", () => {
  test("a changed manifest → ERR_NOT_CANONICAL {declared, recomputed} with path manifestDigest (ARCH-S1)", async () => {
    const bundle = await oneFileBundle("a.txt", "a");
    const err = await expectCode(
      () => intakeBundle({ ...bundle, manifest: { ...bundle.manifest, name: "other" } }),
      "ERR_NOT_CANONICAL",
    );
    expect(err.path).toBe("manifestDigest");
    expect(Object.keys(err.details ?? {}).sort()).toEqual(["declared", "recomputed"]);
  });

  test("the first root that stores the ref wins (sha256: or bare hex); none → ERR_NOT_FOUND {ref}", async () => {
    const a = await tempRepo();
    const b = await tempRepo();
    const stored = await compilePlan({ plan: plan("b"), root: b.root });
    expect(await findStoredBundle([a.root, b.root], stored.manifestDigest)).toEqual(stored);
    expect(await findStoredBundle([a.root, b.root], stored.manifestDigest.slice(7))).toEqual(stored);
    await expectCode(findStoredBundle([a.root], stored.manifestDigest), "ERR_NOT_FOUND", {
      ref: stored.manifestDigest,
    });
  });
});

describe("verifyBundle (signing.md §6)", () => {
  test("no root → skipped; a root without keys.json → no-trust-store (signed false); with the signer's key → checked, ok", async () => {
    const key = generateEd25519();
    const bundle = await oneFileBundle("a.txt", "a");
    bundle.signatures = [signManifest(key.privateKey, bundle.manifest)];
    const bare = await verifyBundle({ bundle });
    expect(bare.signatures).toBe("skipped");
    expect(bare.result).toMatchObject({ ok: true, canonical: true });
    const empty = await tempRepo();
    const none = await verifyBundle({ bundle, root: empty.root });
    expect(none).toMatchObject({ signatures: "no-trust-store", result: { ok: true, signed: false } });
    expect(none.result.signatures).toBeUndefined();
    const keys = {
      version: 1,
      keys: [{ keyid: key.keyid, alg: "ed25519", publicKey: Buffer.from(key.publicRaw).toString("base64") }],
    };
    const trusted = await tempRepo({ ".axiom/trust/keys.json": JSON.stringify(keys) });
    const checked = await verifyBundle({ bundle, root: trusted.root });
    expect(checked).toMatchObject({
      signatures: "checked",
      result: { ok: true, signed: true, signatures: { ok: true, keyids: [key.keyid] } },
    });
  });

  test("an invalid trust store → ERR_INVALID_PROFILE; a structurally broken bundle → ok false and signatures skipped", async () => {
    const bundle = await oneFileBundle("a.txt", "a");
    const broken = await tempRepo({ ".axiom/trust/keys.json": "{" });
    await expectCode(verifyBundle({ bundle, root: broken.root }), "ERR_INVALID_PROFILE");
    const bad = await verifyBundle({
      bundle: { ...bundle, manifestDigest: `sha256:${"0".repeat(64)}` },
      root: broken.root,
    });
    expect(bad).toMatchObject({ signatures: "skipped", result: { ok: false } });
  });
});

describe("verifyTree and verifyJournal", () => {
  test("a tree holding the post-images → ok; a structurally broken bundle → the tree is not checked", async () => {
    const repo = await tempRepo();
    const bundle = await oneFileBundle("a.txt", "a\n");
    expect((await verifyTree({ tree: repo.root, bundle, pre: false })).tree?.ok).toBe(false);
    await applyBundle({
      bundle,
      root: repo.root,
      profile: "default",
      mode: "fs",
      confirmDigest: bundle.manifestDigest,
      guards: NO_GUARDS,
    });
    const ok = await verifyTree({ tree: repo.root, bundle, pre: false });
    expect(ok.structural.ok).toBe(true);
    expect(ok.tree).toMatchObject({ ok: true, manifestDigest: bundle.manifestDigest });
    const wrong = { ...bundle, manifestDigest: `sha256:${"0".repeat(64)}` };
    const broken = await verifyTree({ tree: repo.root, bundle: wrong, pre: false });
    expect(broken.structural.ok).toBe(false);
    expect(broken.tree).toBeUndefined();
    expect(await verifyJournal(repo.root)).toMatchObject({ ok: true, entries: 1, missing: [] });
  });
});

describe("diffs", () => {
  test("diffManifests by path and digest; a side that fails intake → ERR_INVALID_MANIFEST", async () => {
    const a = await oneFileBundle("a.txt", "1");
    const b = await compilePlan({
      plan: buildWritePlan(
        [
          { path: "a.txt", content: "2" },
          { path: "b.txt", content: "b" },
        ],
        "",
        "default",
      ),
    });
    const d = diffManifests(a, b);
    expect(d.added).toEqual(["b.txt"]);
    expect(d.removed).toEqual([]);
    expect(d.changed.map((c) => c.path)).toEqual(["a.txt"]);
    await expectCode(() => diffManifests(a, {}), "ERR_INVALID_MANIFEST");
  });

  test("diffSnapshots of two snapshots of one repo; a document that is no RepoSnapshot → ERR_INVALID_MANIFEST naming its file", async () => {
    const repo = await tempRepo({ "a.txt": "1" });
    const before = await snapshot(repo.root, {});
    await repo.write({ "b.txt": "2" });
    const after = await snapshot(repo.root, {});
    expect(diffSnapshots({ value: before, name: "a.json" }, { value: after, name: "b.json" }).added).toEqual(["b.txt"]);
    await expectCode(
      () => diffSnapshots({ value: {}, name: "x.json" }, { value: after, name: "b.json" }),
      "ERR_INVALID_MANIFEST",
    );
  });
});

describe("parseAxm, schemaDocument, loadProfile", () => {
  test("parseAxm: a valid source → its Plan; an error → diagnostics and no plan key", async () => {
    const ok = await parseAxm(
      'axiom "2"\nplan hello {\n  intent "hi"\n  artifact "hi.txt" { inline <<EOF\nhi\nEOF\n  }\n}\n',
    );
    expect(ok.plan?.name).toBe("hello");
    const bad = await parseAxm("plan demo\n");
    expect("plan" in bad).toBe(false);
    expect(bad.diagnostics.length).toBeGreaterThan(0);
  });

  test("schemaDocument: each of the 8 kinds → its JSON Schema with $id axiom://schema/<Kind>; another name → undefined", () => {
    for (const kind of SCHEMA_KINDS) expect(schemaDocument(kind)?.$id).toBe(`axiom://schema/${kind}`);
    expect(schemaDocument("plan")).toBeUndefined();
  });

  test("loadProfile searches the roots in order, then the built-ins; a missing name → ERR_INVALID_PROFILE {profile}", async () => {
    const profile = (severity: string) =>
      JSON.stringify({
        apiVersion: "axiom.dev/v2",
        kind: "Profile",
        name: "team",
        checks: [{ id: "t", predicate: "path.deny", params: { globs: ["x"] }, severity }],
      });
    const first = await tempRepo({ ".axiom/profiles/team.json": profile("error") });
    const second = await tempRepo({ ".axiom/profiles/team.json": profile("warn") });
    expect((await loadProfile("team", [first.root, second.root])).checks[0]?.severity).toBe("error");
    expect((await loadProfile("team", [second.root, first.root])).checks[0]?.severity).toBe("warn");
    expect((await loadProfile("strict", [])).name).toBe("strict");
    await expectCode(loadProfile("team", []), "ERR_INVALID_PROFILE", { profile: "team" });
  });
});
