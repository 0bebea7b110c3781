// signing.md §8.1 (load rules) and §8.3 (advance): the engine advances the trust state under the
// lock on `applied` only; corrupt states and write failures reach onTrustStateError while the
// apply stays applied.
import * as fs from "node:fs";
import * as path from "node:path";
import { advanceTrustState, apply, readTrustState } from "@codai/axiom-apply";
import { canonicalDigestRef, trustStateMac } from "@codai/axiom-canon";
import type { ApplyErrorObject } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, type Json, makeBundle, tmpRoot } from "./engine-helpers";

afterEach(cleanupRoots);

function withCounter(bundle: Json, counter: number | undefined): Json {
  const manifest = { ...bundle.manifest };
  if (counter !== undefined) manifest.counter = counter;
  return { ...bundle, manifest, manifestDigest: canonicalDigestRef(manifest) };
}

/** Each counter writes its own file so successive applies never collide. */
function bundleFor(counter: number | undefined, text = `v${counter}\n`): Json {
  return withCounter(makeBundle([{ path: `c${counter ?? "none"}.txt`, op: "create", content: text }]), counter);
}

const stateFile = (root: string) => path.join(root, ".axiom", "trust", "state.json");
const keyFile = (root: string) => path.join(root, ".axiom", "trust", "state.key");

async function applyFs(root: string, bundle: Json, advance = true) {
  const errors: ApplyErrorObject[] = [];
  const result = await apply({
    bundle,
    root,
    mode: "fs",
    confirmDigest: bundle.manifestDigest,
    advanceTrustState: advance,
    onTrustStateError: (e) => errors.push(e),
  });
  return { result, errors };
}

describe("signing.md §8.3 advance through apply()", () => {
  it("apply (fs) with antiRollback, counter 6 → state.json {version 1, lastCounter 6, manifestDigest, mac}, state.key 64 hex + LF, mode 0600", async () => {
    const { root } = tmpRoot();
    const b = bundleFor(6);
    const { result, errors } = await applyFs(root, b);
    expect(result.status).toBe("applied");
    expect(errors).toEqual([]);
    const text = fs.readFileSync(stateFile(root), "utf8");
    const state = JSON.parse(text);
    expect(Object.keys(state)).toEqual(["version", "lastCounter", "manifestDigest", "mac"]);
    expect(state).toMatchObject({ version: 1, lastCounter: 6, manifestDigest: b.manifestDigest });
    expect(text).toBe(`${JSON.stringify(state, null, 2)}\n`);
    const key = fs.readFileSync(keyFile(root), "utf8");
    expect(key).toMatch(/^[0-9a-f]{64}\n$/);
    if (process.platform !== "win32") expect(fs.statSync(keyFile(root)).mode & 0o777).toBe(0o600);
    // MAC recomputation: HMAC-SHA256(hex-decoded key, JCS(state without mac)) equals the stored mac.
    const { createHmac } = await import("node:crypto");
    const { canonicalBytes } = await import("@codai/axiom-canon");
    const { mac, ...body } = state;
    expect(createHmac("sha256", Buffer.from(key.trim(), "hex")).update(canonicalBytes(body)).digest("hex")).toBe(mac);
    expect(trustStateMac(key.trim(), state)).toBe(mac);
  });

  it("the advance reuses the key and is monotonic: a later higher counter advances, a lower one is a no-op", async () => {
    const { root } = tmpRoot();
    await applyFs(root, bundleFor(6));
    const key = fs.readFileSync(keyFile(root), "utf8");
    await applyFs(root, bundleFor(9));
    expect(JSON.parse(fs.readFileSync(stateFile(root), "utf8")).lastCounter).toBe(9);
    expect(fs.readFileSync(keyFile(root), "utf8")).toBe(key);
    const lower = bundleFor(4);
    expect(await advanceTrustState(root, lower)).toEqual({ advanced: false, reason: "NOT_NEWER", lastCounter: 9 });
    expect(JSON.parse(fs.readFileSync(stateFile(root), "utf8")).lastCounter).toBe(9);
  });

  it("no counter → no-op (no state.json written)", async () => {
    const { root } = tmpRoot();
    const { result } = await applyFs(root, bundleFor(undefined, "x\n"));
    expect(result.status).toBe("applied");
    expect(fs.existsSync(stateFile(root))).toBe(false);
  });

  it("apply without any requireSigned/antiRollback check (advanceTrustState false) → no state.json written", async () => {
    const { root } = tmpRoot();
    const { result } = await applyFs(root, bundleFor(6), false);
    expect(result.status).toBe("applied");
    expect(fs.existsSync(stateFile(root))).toBe(false);
  });

  it("dry-run, noop, failed and rolled-back applies → state.json unchanged", async () => {
    const { root } = tmpRoot();
    await applyFs(root, bundleFor(6));
    const before = fs.readFileSync(stateFile(root), "utf8");
    // dry-run of a higher counter
    const b7 = bundleFor(7);
    const dry = await apply({ bundle: b7, root, mode: "dry-run", advanceTrustState: true });
    expect(dry.mode).toBe("dry-run");
    expect(fs.readFileSync(stateFile(root), "utf8")).toBe(before);
    // noop: re-apply of the applied counter-6 bundle
    const noop = await applyFs(root, bundleFor(6));
    expect(noop.result.status).toBe("noop");
    expect(fs.readFileSync(stateFile(root), "utf8")).toBe(before);
    // failed: pre-checks refuse
    const failed = await apply({
      bundle: b7,
      root,
      mode: "fs",
      confirmDigest: b7.manifestDigest,
      advanceTrustState: true,
      preChecks: async () => {
        throw Object.assign(new Error("refused"), {});
      },
    });
    expect(failed.status).toBe("failed");
    expect(fs.readFileSync(stateFile(root), "utf8")).toBe(before);
    // rolled-back / failed at commit: the target's parent is a file
    const b8 = withCounter(makeBundle([{ path: "c6.txt/b.txt", op: "create", content: "z" }]), 8);
    const r8 = await applyFs(root, b8);
    expect(["failed", "rolled-back"]).toContain(r8.result.status);
    expect(fs.readFileSync(stateFile(root), "utf8")).toBe(before);
  });

  it("edit lastCounter by hand → the advance reports ERR_TRUST_STATE_CORRUPT BAD_MAC; the apply stays applied", async () => {
    const { root } = tmpRoot();
    await applyFs(root, bundleFor(6));
    const state = JSON.parse(fs.readFileSync(stateFile(root), "utf8"));
    fs.writeFileSync(stateFile(root), `${JSON.stringify({ ...state, lastCounter: 2 }, null, 2)}\n`);
    const { result, errors } = await applyFs(root, bundleFor(7));
    expect(result.status).toBe("applied");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "ERR_TRUST_STATE_CORRUPT", details: { reason: "BAD_MAC" } });
  });

  it("trust-state write failure (state dir read-only) → files applied, onTrustStateError called", async () => {
    if (process.platform === "win32" || process.getuid?.() === 0) return; // root ignores modes
    const { root } = tmpRoot();
    const dir = path.join(root, ".axiom", "trust");
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o500);
    try {
      const { result, errors } = await applyFs(root, bundleFor(6));
      expect(result.status).toBe("applied");
      expect(fs.readFileSync(path.join(root, "c6.txt"), "utf8")).toBe("v6\n");
      expect(errors).toHaveLength(1);
      expect(fs.existsSync(stateFile(root))).toBe(false);
    } finally {
      fs.chmodSync(dir, 0o700);
    }
  });

  it("delete both state.json and state.key → the next advance starts over with a new key", async () => {
    const { root } = tmpRoot();
    await applyFs(root, bundleFor(6));
    fs.rmSync(stateFile(root));
    fs.rmSync(keyFile(root));
    const r = await advanceTrustState(root, bundleFor(3));
    expect(r).toEqual({ advanced: true, lastCounter: 3, createdKey: true });
  });

  it("delete state.json alone → the key is kept and the counter restarts", async () => {
    const { root } = tmpRoot();
    await applyFs(root, bundleFor(6));
    const key = fs.readFileSync(keyFile(root), "utf8");
    fs.rmSync(stateFile(root));
    expect(await advanceTrustState(root, bundleFor(2))).toEqual({ advanced: true, lastCounter: 2, createdKey: false });
    expect(fs.readFileSync(keyFile(root), "utf8")).toBe(key);
  });
});

describe("signing.md §8.1 load rules (readTrustState)", () => {
  async function seeded() {
    const { root } = tmpRoot();
    await advanceTrustState(root, bundleFor(5));
    return root;
  }

  it("state.json absent → no state", async () => {
    const { root } = tmpRoot();
    expect(await readTrustState(root)).toEqual({ kind: "none" });
  });

  it("remove mac → NO_MAC", async () => {
    const root = await seeded();
    const { mac: _, ...rest } = JSON.parse(fs.readFileSync(stateFile(root), "utf8"));
    fs.writeFileSync(stateFile(root), JSON.stringify(rest));
    expect(await readTrustState(root)).toMatchObject({ kind: "corrupt", reason: "NO_MAC" });
  });

  it("delete state.key only → NO_KEY (and the advance refuses it)", async () => {
    const root = await seeded();
    fs.rmSync(keyFile(root));
    expect(await readTrustState(root)).toMatchObject({ kind: "corrupt", reason: "NO_KEY" });
    await expect(advanceTrustState(root, bundleFor(9))).rejects.toMatchObject({
      code: "ERR_TRUST_STATE_CORRUPT",
      details: { reason: "NO_KEY" },
    });
  });

  it("state.key with 63 hex → corrupt; state.json not JSON → corrupt", async () => {
    const root = await seeded();
    fs.writeFileSync(keyFile(root), `${"a".repeat(63)}\n`);
    expect((await readTrustState(root)).kind).toBe("corrupt");
    const root2 = await seeded();
    fs.writeFileSync(stateFile(root2), "{not json");
    expect((await readTrustState(root2)).kind).toBe("corrupt");
  });

  it("state.json without state.json but an invalid state.key → the advance refuses (never replaces the key)", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(path.dirname(keyFile(root)), { recursive: true });
    fs.writeFileSync(keyFile(root), "zz\n");
    await expect(advanceTrustState(root, bundleFor(1))).rejects.toMatchObject({ code: "ERR_TRUST_STATE_CORRUPT" });
    expect(fs.readFileSync(keyFile(root), "utf8")).toBe("zz\n");
  });
});
