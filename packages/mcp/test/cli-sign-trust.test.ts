// signing.md §2 and §3.3 / cli.md §7.17: `axiom trust` and the trust store reader.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateEd25519 } from "@codai/axiom-canon";
import { readTrustStore, verifyRootSignatures } from "@codai/axiom-workflow";
import { afterEach, describe, expect, it } from "vitest";
import { errorLine } from "./cli-run";
import { makeBundle, runCli, stderrError, tempDir, writeJson } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
async function dir(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

function entryOf(pair = generateEd25519(), extra: Record<string, unknown> = {}) {
  return { keyid: pair.keyid, alg: "ed25519", publicKey: Buffer.from(pair.publicRaw).toString("base64"), ...extra };
}
const keysFile = (root: string) => join(root, ".axiom", "trust", "keys.json");

describe("axiom trust add", () => {
  it("`trust add` with keygen output → `{ added, keys: 1 }`; keys.json pretty-printed, ends with LF", async () => {
    const cwd = await dir();
    const kg = await runCli(["keygen", "--out", "k"], { cwd });
    await writeFile(join(cwd, "pub.json"), kg.stdout);
    const keyid = JSON.parse(kg.stdout).publicEntry.keyid;
    const run = await runCli(["trust", "add", "pub.json", "--root", "."], { cwd });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ added: keyid, keys: 1 });
    const text = await readFile(keysFile(cwd), "utf8");
    expect(text).toBe(`${JSON.stringify({ version: 1, keys: [JSON.parse(kg.stdout).publicEntry] }, null, 2)}\n`);
  });

  it("a bare TrustedKey is accepted too; adding the same keyid again replaces the entry", async () => {
    const root = await dir();
    const pair = generateEd25519();
    await writeJson(join(root, "k.json"), entryOf(pair, { name: "old" }));
    expect((await runCli(["trust", "add", "k.json", "--root", root], { cwd: root })).code).toBe(0);
    await writeJson(join(root, "k.json"), entryOf(pair, { name: "new", notBefore: 3 }));
    const run = await runCli(["trust", "add", "k.json", "--root", root], { cwd: root });
    expect(JSON.parse(run.stdout)).toEqual({ added: pair.keyid, keys: 1 });
    expect((await readTrustStore(root))?.keys).toEqual([entryOf(pair, { name: "new", notBefore: 3 })]);
  });

  it("`trust add` with a wrong keyid → `ERR_SIGNATURE_INVALID` `details: { keyid, derived }`", async () => {
    const root = await dir();
    const pair = generateEd25519();
    const wrong = "0".repeat(64);
    await writeJson(join(root, "k.json"), { ...entryOf(pair), keyid: wrong });
    const run = await runCli(["trust", "add", "k.json", "--root", "."], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrError(run)).toMatchObject({
      code: "ERR_SIGNATURE_INVALID",
      details: { keyid: wrong, derived: pair.keyid },
    });
  });

  it("`trust add` with a 31-byte publicKey → `ERR_SIGNATURE_INVALID`; with an extra field → `ERR_INVALID_PROFILE`", async () => {
    const root = await dir();
    const pair = generateEd25519();
    await writeJson(join(root, "short.json"), {
      ...entryOf(pair),
      publicKey: Buffer.from(pair.publicRaw.subarray(0, 31)).toString("base64"),
    });
    const short = await runCli(["trust", "add", "short.json", "--root", "."], { cwd: root });
    expect(short.code).toBe(2);
    expect(stderrError(short).code).toBe("ERR_SIGNATURE_INVALID");
    await writeJson(join(root, "extra.json"), { ...entryOf(pair), comment: "x" });
    const extra = await runCli(["trust", "add", "extra.json", "--root", "."], { cwd: root });
    expect(extra.code).toBe(2);
    expect(stderrError(extra)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { issues: expect.any(Array) } });
    // nothing was written by either refusal
    await expect(readFile(keysFile(root))).rejects.toThrow();
  });

  it("`trust add` of a missing file → ERR_NOT_FOUND; of a non-JSON file → ERR_INVALID_PROFILE", async () => {
    const root = await dir();
    const missing = await runCli(["trust", "add", "nope.json", "--root", "."], { cwd: root });
    expect(stderrError(missing)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "nope.json" } });
    await writeFile(join(root, "bad.json"), "{");
    expect(stderrError(await runCli(["trust", "add", "bad.json", "--root", "."], { cwd: root })).code).toBe(
      "ERR_INVALID_PROFILE",
    );
  });

  it("`trust add` two keys in reverse keyid order → stored sorted by keyid", async () => {
    const root = await dir();
    const [lo, hi] = [generateEd25519(), generateEd25519()].sort((a, b) => (a.keyid < b.keyid ? -1 : 1)) as [
      ReturnType<typeof generateEd25519>,
      ReturnType<typeof generateEd25519>,
    ];
    await writeJson(join(root, "hi.json"), entryOf(hi));
    await writeJson(join(root, "lo.json"), entryOf(lo));
    await runCli(["trust", "add", "hi.json", "--root", "."], { cwd: root });
    const run = await runCli(["trust", "add", "lo.json", "--root", "."], { cwd: root });
    expect(JSON.parse(run.stdout)).toEqual({ added: lo.keyid, keys: 2 });
    const stored = JSON.parse(await readFile(keysFile(root), "utf8"));
    expect(stored.keys.map((k: { keyid: string }) => k.keyid)).toEqual([lo.keyid, hi.keyid]);
  });
});

describe("axiom trust remove / list / root-id", () => {
  it("`trust remove <unknown>` → `ERR_NOT_FOUND`; with no store → `ERR_NOT_FOUND`", async () => {
    const root = await dir();
    const noStore = await runCli(["trust", "remove", "a".repeat(64), "--root", "."], { cwd: root });
    expect(noStore.code).toBe(2);
    expect(stderrError(noStore).code).toBe("ERR_NOT_FOUND");
    const pair = generateEd25519();
    await writeJson(join(root, "k.json"), entryOf(pair));
    await runCli(["trust", "add", "k.json", "--root", "."], { cwd: root });
    const unknown = await runCli(["trust", "remove", "b".repeat(64), "--root", "."], { cwd: root });
    expect(stderrError(unknown)).toMatchObject({ code: "ERR_NOT_FOUND", details: { keyid: "b".repeat(64) } });
    const ok = await runCli(["trust", "remove", pair.keyid, "--root", "."], { cwd: root });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ removed: pair.keyid, keys: 0 });
  });

  it('`trust list` with no store → `{ "version": 1, "keys": [] }`; with a store → the store', async () => {
    const root = await dir();
    const run = await runCli(["trust", "list", "--root", root], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify({ version: 1, keys: [] }, null, 2)}\n`);
    await mkdir(join(root, ".axiom", "trust"), { recursive: true });
    const store = { version: 1, keys: [entryOf()], minCounter: 3, rootId: "acme" };
    await writeJson(keysFile(root), store);
    expect(JSON.parse((await runCli(["trust", "list", "--root", root], { cwd: root })).stdout)).toEqual(store);
  });

  it('`trust root-id acme` → `{ rootId: "acme", keys: n }`; `trust root-id` → `{ rootId: "acme" }`; `trust root-id --clear` → `{ rootId: null, keys: n }`', async () => {
    const root = await dir();
    expect(JSON.parse((await runCli(["trust", "root-id", "--root", "."], { cwd: root })).stdout)).toEqual({
      rootId: null,
    });
    const set = await runCli(["trust", "root-id", "acme", "--root", "."], { cwd: root });
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ rootId: "acme", keys: 0 });
    await writeJson(join(root, "k.json"), entryOf());
    await runCli(["trust", "add", "k.json", "--root", "."], { cwd: root });
    expect(JSON.parse((await runCli(["trust", "root-id", "--root", "."], { cwd: root })).stdout)).toEqual({
      rootId: "acme",
    });
    expect((await readTrustStore(root))?.rootId).toBe("acme");
    const clear = await runCli(["trust", "root-id", "--clear", "--root", "."], { cwd: root });
    expect(JSON.parse(clear.stdout)).toEqual({ rootId: null, keys: 1 });
    expect((await readTrustStore(root))?.rootId).toBeUndefined();
  });

  it("`trust root-id --clear` on a root without a store creates it", async () => {
    const root = await dir();
    const run = await runCli(["trust", "root-id", "--clear", "--root", "."], { cwd: root });
    expect(JSON.parse(run.stdout)).toEqual({ rootId: null, keys: 0 });
    expect(JSON.parse(await readFile(keysFile(root), "utf8"))).toEqual({ version: 1, keys: [] });
  });

  it('`trust root-id "-x"` → `ERR_INVALID_PROFILE` (passed after `--`, since a leading dash is a flag to the parser); "bad id" too', async () => {
    const root = await dir();
    for (const args of [
      ["--root", ".", "--", "-x"],
      ["bad id", "--root", "."],
      ["x".repeat(201), "--root", "."],
    ]) {
      const run = await runCli(["trust", "root-id", ...args], { cwd: root });
      expect(run.code).toBe(2);
      expect(stderrError(run)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { issues: expect.any(Array) } });
    }
    await expect(readFile(keysFile(root))).rejects.toThrow();
  });

  it("`trust` without `--root` → usage error; `trust frob --root .` → usage error; `trust root-id x --clear` → usage error", async () => {
    const root = await dir();
    for (const args of [
      ["trust", "list"],
      ["trust", "frob", "--root", "."],
      ["trust", "root-id", "x", "--clear", "--root", "."],
      ["trust", "--root", "."],
      ["trust", "add", "--root", "."],
      ["trust", "list", "extra", "--root", "."],
      ["trust", "list", "--clear", "--root", "."],
    ]) {
      const run = await runCli(args, { cwd: root });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
  });

  it("`trust list --root /nonexistent` → ERR_ROOT_NOT_DIR", async () => {
    const root = await dir();
    expect(stderrError(await runCli(["trust", "list", "--root", join(root, "nope")], { cwd: root })).code).toBe(
      "ERR_ROOT_NOT_DIR",
    );
  });
});

describe("invalid trust stores (signing.md §2.2: CLI/MCP layer → ERR_INVALID_PROFILE)", () => {
  async function rootWithStore(content: string | object): Promise<string> {
    const root = await dir();
    await mkdir(join(root, ".axiom", "trust"), { recursive: true });
    await writeFile(keysFile(root), typeof content === "string" ? content : `${JSON.stringify(content)}\n`);
    return root;
  }
  const pair = generateEd25519();

  it("keys.json with a keyid that does not match its publicKey → `verify --root` surface → `ERR_INVALID_PROFILE`; `trust` verbs too", async () => {
    const root = await rootWithStore({ version: 1, keys: [{ ...entryOf(pair), keyid: "c".repeat(64) }] });
    await expect(verifyRootSignatures(makeBundle(), root)).rejects.toMatchObject({
      code: "ERR_INVALID_PROFILE",
      details: { issues: [expect.objectContaining({ path: "keys.0.keyid" })] },
    });
    for (const args of [["list"], ["root-id"], ["root-id", "acme"], ["remove", pair.keyid]]) {
      const run = await runCli(["trust", ...args, "--root", "."], { cwd: root });
      expect(run.code).toBe(2);
      expect(stderrError(run).code).toBe("ERR_INVALID_PROFILE");
    }
  });

  it("keys.json with the same key listed twice → store invalid", async () => {
    const root = await rootWithStore({ version: 1, keys: [entryOf(pair), entryOf(pair)] });
    await expect(readTrustStore(root)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
  });

  it("keys.json of 262 145 bytes → store invalid (262 144 still reads)", async () => {
    const base = JSON.stringify({ version: 1, keys: [entryOf(pair)] });
    const big = await rootWithStore(`${base.slice(0, -1)}${" ".repeat(262_145 - base.length)}}`);
    await expect(readTrustStore(big)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
    const fits = await rootWithStore(`${base.slice(0, -1)}${" ".repeat(262_144 - base.length)}}`);
    expect((await readTrustStore(fits))?.keys).toHaveLength(1);
  });

  it("not JSON, not UTF-8, or a directory at keys.json → ERR_INVALID_PROFILE; issues capped at 10", async () => {
    await expect(readTrustStore(await rootWithStore("{"))).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
    const notUtf8 = await dir();
    await mkdir(join(notUtf8, ".axiom", "trust"), { recursive: true });
    await writeFile(keysFile(notUtf8), Buffer.from([0x7b, 0xff, 0x7d]));
    await expect(readTrustStore(notUtf8)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
    const asDir = await dir();
    await mkdir(keysFile(asDir), { recursive: true });
    await expect(readTrustStore(asDir)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
    const many = await rootWithStore({ version: 1, keys: Array.from({ length: 15 }, () => ({ alg: "rsa" })) });
    const err = await readTrustStore(many).catch((e: unknown) => e);
    expect((err as { details: { issues: unknown[] } }).details.issues).toHaveLength(10);
  });

  it("verify --root on a root without keys.json → no signatures block (null)", async () => {
    const root = await dir();
    expect(await verifyRootSignatures(makeBundle(), root)).toBeNull();
  });
});
