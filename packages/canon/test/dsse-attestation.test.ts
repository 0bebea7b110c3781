import { describe, expect, it } from "vitest";
import {
  APPLY_PREDICATE_TYPE,
  applySourceFromEnv,
  attestationFileText,
  buildApplyAttestation,
  canonicalize,
  predicateFileName,
} from "../src/index";

const hexA = "a".repeat(64);
const hexB = "b".repeat(64);
const manifest = {
  name: "add-route",
  profile: "default",
  planDigest: `sha256:${"c".repeat(64)}`,
  toolchain: { axiom: "2.0.0" },
  preImage: [
    { path: "z.txt", sha256: "absent" },
    { path: "app/x.ts", sha256: hexB },
  ],
};

describe("apply attestation builder, signing.md §9.3", () => {
  const statement = buildApplyAttestation({
    manifest,
    manifestDigest: `sha256:${"d".repeat(64)}`,
    tree: "post",
    paths: [
      { path: "z.txt", op: "create", sha256: hexA },
      { path: "old.txt", op: "delete", sha256: "absent" },
      { path: "app/x.ts", op: "overwrite", sha256: hexB },
    ],
  });
  it("predicateType https://axiom.dev/attestation/apply/v1; verifier.version = manifest.toolchain.axiom", () => {
    expect(statement._type).toBe("https://in-toto.io/Statement/v1");
    expect(statement.predicateType).toBe("https://axiom.dev/attestation/apply/v1");
    expect(APPLY_PREDICATE_TYPE).toBe(statement.predicateType);
    expect(statement.predicate.verifier).toEqual({ id: "https://axiom.dev/builder/mcp@v2", version: "2.0.0" });
    expect(statement.predicate.manifest).toEqual({ sha256: "d".repeat(64) });
    expect(statement.predicate.plan).toEqual({ sha256: "c".repeat(64) });
  });
  it("attestation subjects: manifest + one per non-absent path, sorted by name; a deleted path appears in `paths` with `absent` and not in `subject`", () => {
    expect(statement.subject.map((s) => s.name)).toEqual(["add-route", "app/x.ts", "z.txt"]);
    expect(statement.predicate.paths.map((p) => p.path)).toEqual(["app/x.ts", "old.txt", "z.txt"]);
    expect(statement.predicate.paths[1]).toEqual({ path: "old.txt", op: "delete", sha256: "absent" });
    expect(statement.predicate.preImage?.map((p) => p.path)).toEqual(["app/x.ts", "z.txt"]);
  });
  it("unset GITHUB_* → no `source`; set → predicate.source with those four", () => {
    expect("source" in statement.predicate).toBe(false);
    expect(applySourceFromEnv({ GITHUB_REPOSITORY: "", GITHUB_SHA: undefined })).toBeUndefined();
    const source = applySourceFromEnv({
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_REF: "refs/heads/main",
      GITHUB_SHA: "f".repeat(40),
      GITHUB_RUN_ID: "123",
    });
    expect(source).toEqual({ repository: "acme/shop", ref: "refs/heads/main", sha: "f".repeat(40), runId: "123" });
  });
  it("same inputs attested twice → byte-identical files (JCS + LF, no clock)", () => {
    const again = buildApplyAttestation({
      manifest,
      manifestDigest: `sha256:${"d".repeat(64)}`,
      tree: "post",
      paths: [...statement.predicate.paths].reverse(),
    });
    expect(attestationFileText(again)).toBe(attestationFileText(statement));
    expect(attestationFileText(statement)).toBe(`${canonicalize(statement)}\n`);
  });
  it("predicate file name: minus a trailing .intoto.json or .json (case-insensitive) + .predicate.json", () => {
    expect(predicateFileName("out.intoto.json")).toBe("out.predicate.json");
    expect(predicateFileName("out.JSON")).toBe("out.predicate.json");
    expect(predicateFileName("x.json.intoto.json")).toBe("x.json.predicate.json");
    expect(predicateFileName("att")).toBe("att.predicate.json");
  });
});

describe("apply attestation builder: digests, copies and optional members", () => {
  const base = {
    manifest: { name: "m", profile: "strict", planDigest: "c".repeat(64), toolchain: { axiom: "2.1.0" } },
    tree: "pre" as const,
  };
  it("bare-hex digests are used as they are; subjects carry the digests (manifest and each present path)", () => {
    const s = buildApplyAttestation({
      ...base,
      manifestDigest: "d".repeat(64),
      paths: [{ path: "a.txt", op: "create", sha256: hexA }],
    });
    expect(s.predicate.manifest).toEqual({ sha256: "d".repeat(64) });
    expect(s.predicate.plan).toEqual({ sha256: "c".repeat(64) });
    expect(s.subject).toEqual([
      { name: "a.txt", digest: { sha256: hexA } },
      { name: "m", digest: { sha256: "d".repeat(64) } },
    ]);
    expect(s.predicate).toMatchObject({ profile: "strict", tree: "pre" });
  });
  it("no preImage in the manifest → none in the predicate; a source → predicate.source; extra fields of a path are dropped", () => {
    const source = { repository: "acme/shop", runId: "9" };
    const extra = { path: "b.txt", op: "overwrite" as const, sha256: hexB, size: 3 };
    const s = buildApplyAttestation({ ...base, manifestDigest: `sha256:${"d".repeat(64)}`, paths: [extra], source });
    expect("preImage" in s.predicate).toBe(false);
    expect(s.predicate.source).toEqual(source);
    expect(s.predicate.paths).toEqual([{ path: "b.txt", op: "overwrite", sha256: hexB }]);
    expect(Object.keys(s)).toEqual(["_type", "subject", "predicateType", "predicate"]);
  });
  it("preImage entries are copied to {path, sha256} and sorted", () => {
    const s = buildApplyAttestation({
      ...base,
      manifest: {
        ...base.manifest,
        preImage: [{ path: "z", sha256: hexA, extra: 1 } as never, { path: "a", sha256: "absent" }],
      },
      manifestDigest: "d".repeat(64),
      paths: [],
    });
    expect(s.predicate.preImage).toEqual([
      { path: "a", sha256: "absent" },
      { path: "z", sha256: hexA },
    ]);
  });
  it("applySourceFromEnv takes each GITHUB_* variable on its own", () => {
    expect(applySourceFromEnv({ GITHUB_REF: "refs/tags/v1" })).toEqual({ ref: "refs/tags/v1" });
    expect(applySourceFromEnv({ GITHUB_SHA: "abc" })).toEqual({ sha: "abc" });
    expect(applySourceFromEnv({ GITHUB_RUN_ID: "7" })).toEqual({ runId: "7" });
    expect(applySourceFromEnv({ GITHUB_REPOSITORY: "o/r" })).toEqual({ repository: "o/r" });
    expect(applySourceFromEnv({})).toBeUndefined();
  });
});
