// manifest.requireSigned through the real runner, real repo facts and real files (signing.md §7, §8).
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type Ed25519KeyPair,
  newTrustStateKeyHex,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
  signManifest,
} from "@codai/axiom-canon";
import type { CheckReport, ManifestBundle, TrustStore } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { createDefaultRegistry, runChecks } from "../src/index";
import { requiresAntiRollback } from "../src/require-signed";
import { rootWithKeys } from "./helpers";
import { generateEd25519, makeBundle, signedProfile, storeOf, trustedKey } from "./sig-fixtures";

/** A temp root whose trust store is `store` (a TrustStore as pretty JSON, or raw text), if given. */
const rootWith = (store?: TrustStore | string): Promise<string> => rootWithKeys(store);

async function writeState(root: string, lastCounter: number): Promise<{ keyHex: string }> {
  const keyHex = newTrustStateKeyHex();
  await mkdir(join(root, ".axiom", "trust"), { recursive: true });
  await writeFile(
    join(root, ".axiom", "trust", "state.json"),
    serializeTrustState(sealTrustState(keyHex, lastCounter, `sha256:${"e".repeat(64)}`)),
  );
  await writeFile(join(root, ".axiom", "trust", "state.key"), serializeTrustStateKey(keyHex), { mode: 0o600 });
  return { keyHex };
}

const profile = (params: unknown, facts = { allowRepo: true, allowGuards: false }) => signedProfile(params, { facts });

function check(
  bundle: ManifestBundle,
  params: unknown,
  root?: string,
  facts?: { allowRepo: boolean; allowGuards: boolean },
): Promise<CheckReport> {
  const registry = createDefaultRegistry();
  return runChecks({ bundle, profile: profile(params, facts), ...(root === undefined ? {} : { root }), registry });
}

function signed(keys: Ed25519KeyPair[], opts: { counter?: number; rootId?: string } = {}): ManifestBundle {
  const bundle = makeBundle(opts.counter === undefined ? {} : { counter: opts.counter });
  bundle.signatures = keys.map((k) => signManifest(k.privateKey, bundle.manifest, opts.rootId));
  return bundle;
}

const summary = (r: CheckReport) => r.findings.map((f) => ({ id: f.id, facts: f.facts }));

describe("manifest.requireSigned: signatures (signing.md §7.2)", () => {
  it("sign with the key in the store → pass", async () => {
    const k = generateEd25519();
    const report = await check(signed([k]), {}, await rootWith(storeOf([trustedKey(k)])));
    expect(report.verdict).toBe("pass");
    expect(report.findings).toEqual([]);
  });

  it("`sign` with two different keys → two envelopes; predicate `minSignatures: 2` passes", async () => {
    const [a, b] = [generateEd25519(), generateEd25519()];
    const report = await check(
      signed([a, b]),
      { minSignatures: 2 },
      await rootWith(storeOf([trustedKey(a), trustedKey(b)])),
    );
    expect(report.verdict).toBe("pass");
  });

  it("predicate `minSignatures: 2`, one valid key → `signature.missing` `{ have: [k1], need: 2 }`", async () => {
    const [a, b] = [generateEd25519(), generateEd25519()];
    const report = await check(
      signed([a]),
      { minSignatures: 2 },
      await rootWith(storeOf([trustedKey(a), trustedKey(b)])),
    );
    expect(report.verdict).toBe("fail");
    expect(summary(report)).toEqual([{ id: "signature.missing", facts: { have: [a.keyid], need: 2 } }]);
  });

  it("bundle with no `signatures` and a store → predicate `signature.missing`", async () => {
    const k = generateEd25519();
    const report = await check(makeBundle(), {}, await rootWith(storeOf([trustedKey(k)])));
    expect(report.verdict).toBe("fail");
    expect(summary(report)).toEqual([{ id: "signature.missing", facts: {} }]);
  });

  it("tamper one byte of the manifest and recompute `manifestDigest` → `signature.bad` `PAYLOAD_MISMATCH`", async () => {
    const k = generateEd25519();
    const bundle = makeBundle({ text: "other\n" });
    bundle.signatures = signed([k]).signatures;
    const report = await check(bundle, {}, await rootWith(storeOf([trustedKey(k)])));
    expect(report.verdict).toBe("fail");
    expect(report.findings.map((f) => [f.id, f.facts.reason])).toEqual([["signature.bad", "PAYLOAD_MISMATCH"]]);
  });

  it("one valid and one bad envelope: predicate `minSignatures: 1` → pass", async () => {
    const [a, stranger] = [generateEd25519(), generateEd25519()];
    const report = await check(signed([a, stranger]), { minSignatures: 1 }, await rootWith(storeOf([trustedKey(a)])));
    expect(report.verdict).toBe("pass");
    expect(report.findings).toEqual([]);
  });

  it("two failing envelopes → one finding each (their messages name signatures[i], so dedupe keeps both)", async () => {
    const [a, s1, s2] = [generateEd25519(), generateEd25519(), generateEd25519()];
    const report = await check(signed([s1, s2]), {}, await rootWith(storeOf([trustedKey(a)])));
    expect(report.findings.map((f) => f.id)).toEqual(["signature.unknownKey", "signature.unknownKey"]);
  });

  it("store `rootId: X`: unbound envelope → `signature.unbound` `UNBOUND`; bound to X → pass", async () => {
    const k = generateEd25519();
    const root = await rootWith(storeOf([trustedKey(k)], { rootId: "X" }));
    expect(summary(await check(signed([k]), {}, root))).toEqual([
      { id: "signature.unbound", facts: { reason: "UNBOUND", index: 0, expected: "X" } },
    ]);
    expect((await check(signed([k], { rootId: "X" }), {}, root)).verdict).toBe("pass");
  });

  it("`trustFile` param points at another store under the root", async () => {
    const k = generateEd25519();
    const root = await rootWith();
    await mkdir(join(root, "policy"), { recursive: true });
    await writeFile(join(root, "policy", "keys.json"), JSON.stringify(storeOf([trustedKey(k)])));
    expect((await check(signed([k]), { trustFile: "policy/keys.json" }, root)).verdict).toBe("pass");
  });
});

describe("manifest.requireSigned: provider failures", () => {
  it("predicate with no root → provider `ERR_PROVIDER_FAILED`, verdict `error`", async () => {
    const report = await check(signed([generateEd25519()]), {});
    expect(report.verdict).toBe("error");
    expect(summary(report)).toEqual([{ id: "signed", facts: { code: "ERR_PROVIDER_FAILED", __provider: true } }]);
  });

  it("predicate with a profile `facts.allowRepo: false` → provider `ERR_PROVIDER_FAILED`", async () => {
    const k = generateEd25519();
    const report = await check(signed([k]), {}, await rootWith(storeOf([trustedKey(k)])), {
      allowRepo: false,
      allowGuards: false,
    });
    expect(report.verdict).toBe("error");
    expect(report.findings[0]?.facts.code).toBe("ERR_PROVIDER_FAILED");
  });

  it("predicate, root without keys.json → provider `ERR_NOT_FOUND`, verdict `error`", async () => {
    const report = await check(signed([generateEd25519()]), {}, await rootWith());
    expect(report.verdict).toBe("error");
    expect(summary(report)).toEqual([
      { id: "signed", facts: { code: "ERR_NOT_FOUND", __provider: true, trustFile: ".axiom/trust/keys.json" } },
    ]);
  });

  it("keys.json with a keyid that does not match its publicKey → predicate provider `ERR_PROVIDER_FAILED`", async () => {
    const [k, other] = [generateEd25519(), generateEd25519()];
    const report = await check(signed([k]), {}, await rootWith(storeOf([{ ...trustedKey(k), keyid: other.keyid }])));
    expect(report.verdict).toBe("error");
    expect(report.findings[0]?.facts).toMatchObject({
      code: "ERR_PROVIDER_FAILED",
      trustFile: ".axiom/trust/keys.json",
      issues: [{ path: "keys.0.keyid" }],
    });
  });

  it("keys.json with the same key listed twice → store invalid (predicate `ERR_PROVIDER_FAILED`)", async () => {
    const k = generateEd25519();
    const report = await check(signed([k]), {}, await rootWith(storeOf([trustedKey(k), trustedKey(k)])));
    expect(report.findings[0]?.facts.code).toBe("ERR_PROVIDER_FAILED");
  });

  it("keys.json of 262 145 bytes → store invalid", async () => {
    const k = generateEd25519();
    const base = JSON.stringify(storeOf([trustedKey(k)]));
    const report = await check(
      signed([k]),
      {},
      await rootWith(`${base.slice(0, -1)}${" ".repeat(262_145 - base.length)}}`),
    );
    expect(report.verdict).toBe("error");
    expect(report.findings[0]?.facts.code).toBe("ERR_PROVIDER_FAILED");
  });

  it('predicate `minSignatures: 17` → `ERR_PREDICATE_PARAMS`; `keyless.issuer: "http://x"` and `subjectRegex: "("` → `ERR_PREDICATE_PARAMS`', async () => {
    const root = await rootWith(storeOf([]));
    for (const params of [
      { minSignatures: 17 },
      { minSignatures: 0 },
      { keyless: { issuer: "http://x", subjectRegex: "a" } },
      { keyless: { issuer: "https://token.actions.githubusercontent.com", subjectRegex: "(" } },
      { trustFile: "../keys.json" },
      { extra: true },
    ]) {
      const report = await check(signed([generateEd25519()]), params, root);
      expect(report.verdict, JSON.stringify(params)).toBe("error");
      expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
    }
  });
});

describe("manifest.requireSigned: anti-rollback (signing.md §8.2)", () => {
  const k = generateEd25519();
  const store = (extra: Partial<TrustStore> = {}) => storeOf([trustedKey(k)], extra);

  it("antiRollback, manifest without counter → `signature.rollback` `NO_COUNTER`", async () => {
    const report = await check(signed([k]), { antiRollback: true }, await rootWith(store()));
    expect(summary(report)).toEqual([{ id: "signature.rollback", facts: { reason: "NO_COUNTER" } }]);
  });

  it("antiRollback, state `lastCounter: 5`, counter 5 → `ROLLBACK`; counter 6 → pass", async () => {
    const root = await rootWith(store());
    await writeState(root, 5);
    expect(summary(await check(signed([k], { counter: 5 }), { antiRollback: true }, root))).toEqual([
      { id: "signature.rollback", facts: { reason: "ROLLBACK", counter: 5, lastCounter: 5 } },
    ]);
    expect((await check(signed([k], { counter: 6 }), { antiRollback: true }, root)).verdict).toBe("pass");
  });

  it("antiRollback, no state, store `minCounter: 10`, counter 9 → `BELOW_MIN`", async () => {
    const root = await rootWith(store({ minCounter: 10 }));
    expect(summary(await check(signed([k], { counter: 9 }), { antiRollback: true }, root))).toEqual([
      { id: "signature.rollback", facts: { reason: "BELOW_MIN", counter: 9, minCounter: 10 } },
    ]);
    expect((await check(signed([k], { counter: 10 }), { antiRollback: true }, root)).verdict).toBe("pass");
  });

  it("anti-rollback is evaluated only after the signatures passed", async () => {
    const root = await rootWith(store());
    await writeState(root, 5);
    const report = await check(makeBundle({ counter: 1 }), { antiRollback: true }, root);
    expect(report.findings.map((f) => f.id)).toEqual(["signature.missing"]);
  });

  it("edit `lastCounter` in state.json by hand → `ERR_TRUST_STATE_CORRUPT` `BAD_MAC` (predicate provider finding)", async () => {
    const root = await rootWith(store());
    await writeState(root, 5);
    const file = join(root, ".axiom", "trust", "state.json");
    await writeFile(file, (await readFile(file, "utf8")).replace('"lastCounter": 5', '"lastCounter": 1'));
    const report = await check(signed([k], { counter: 3 }), { antiRollback: true }, root);
    expect(report.verdict).toBe("error");
    expect(summary(report)).toEqual([
      { id: "signed", facts: { code: "ERR_TRUST_STATE_CORRUPT", __provider: true, reason: "BAD_MAC" } },
    ]);
  });

  it("remove `mac` → `NO_MAC`; delete `state.key` only → `NO_KEY`; `state.key` with 63 hex → corrupt; state.json not JSON → corrupt", async () => {
    const cases: [string, (root: string) => Promise<void>, string | undefined][] = [
      [
        "NO_MAC",
        async (root) => {
          const f = join(root, ".axiom", "trust", "state.json");
          const { mac: _, ...rest } = JSON.parse(await readFile(f, "utf8"));
          await writeFile(f, JSON.stringify(rest));
        },
        "NO_MAC",
      ],
      ["NO_KEY", (root) => rm(join(root, ".axiom", "trust", "state.key")), "NO_KEY"],
      ["63 hex", (root) => writeFile(join(root, ".axiom", "trust", "state.key"), `${"a".repeat(63)}\n`), undefined],
      ["not JSON", (root) => writeFile(join(root, ".axiom", "trust", "state.json"), "{"), undefined],
    ];
    for (const [name, damage, reason] of cases) {
      const root = await rootWith(store());
      await writeState(root, 5);
      await damage(root);
      const report = await check(signed([k], { counter: 9 }), { antiRollback: true }, root);
      expect(report.verdict, name).toBe("error");
      expect(report.findings[0]?.facts, name).toEqual({
        code: "ERR_TRUST_STATE_CORRUPT",
        __provider: true,
        ...(reason ? { reason } : {}),
      });
    }
  });

  it("delete both `state.json` and `state.key` → next antiRollback check passes (bounded by `minCounter`)", async () => {
    const root = await rootWith(store({ minCounter: 2 }));
    await writeState(root, 50);
    await rm(join(root, ".axiom", "trust", "state.json"));
    await rm(join(root, ".axiom", "trust", "state.key"));
    expect((await check(signed([k], { counter: 3 }), { antiRollback: true }, root)).verdict).toBe("pass");
    expect(summary(await check(signed([k], { counter: 1 }), { antiRollback: true }, root))[0]?.facts.reason).toBe(
      "BELOW_MIN",
    );
  });
});

describe("trust-state advance trigger (signing.md §8.3 When)", () => {
  it("profile checks then manifest checks (unmerged) containing requireSigned with antiRollback === true", () => {
    const rs = (params: unknown) => ({ predicate: "manifest.requireSigned", params });
    expect(requiresAntiRollback([], [])).toBe(false);
    expect(requiresAntiRollback([rs({ antiRollback: true })], [])).toBe(true);
    expect(requiresAntiRollback([rs({})], [rs({ antiRollback: true })])).toBe(true);
    expect(requiresAntiRollback([rs({ antiRollback: "true" })], [rs(null)])).toBe(false);
    expect(requiresAntiRollback([{ predicate: "manifest.noDeletes", params: { antiRollback: true } }], [])).toBe(false);
  });
});
