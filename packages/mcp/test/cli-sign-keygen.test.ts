// signing.md §3.1 / cli.md §7.15: `axiom keygen`.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { keyPairOf } from "@codai/axiom-canon";
import { afterEach, describe, expect, it } from "vitest";
import { keygenToDir } from "../src/cli/keys";
import { errorLine } from "./cli-run";
import { runCli, stderrError, tempDir } from "./sign-helpers";

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

describe("axiom keygen", () => {
  it("`keygen --out d` → key file `axiom-signing-<16 hex>.key`, mode 0600, base64 PKCS#8 + LF; stdout has no private key", async () => {
    const cwd = await dir();
    const run = await runCli(["keygen", "--out", "d", "--name", "release key"], { cwd });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    const { keyid, publicKey } = out.publicEntry;
    expect(out.publicEntry).toEqual({
      keyid: expect.stringMatching(/^[0-9a-f]{64}$/),
      alg: "ed25519",
      publicKey,
      name: "release key",
    });
    const file = join(cwd, "d", `axiom-signing-${keyid.slice(0, 16)}.key`);
    expect(out.privateKeyFile).toBe(file);
    expect(await readdir(join(cwd, "d"))).toEqual([`axiom-signing-${keyid.slice(0, 16)}.key`]);
    if (process.platform !== "win32") expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, "utf8");
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*\n$/);
    const key = createPrivateKey({ key: Buffer.from(text.trim(), "base64"), format: "der", type: "pkcs8" });
    expect(key.asymmetricKeyType).toBe("ed25519");
    const pair = keyPairOf(key);
    expect(pair.keyid).toBe(keyid);
    expect(Buffer.from(pair.publicRaw).toString("base64")).toBe(publicKey);
    // the private key, in any spelling, is not on stdout
    expect(run.stdout).not.toContain(text.trim());
    expect(run.stdout).not.toContain(Buffer.from(text.trim(), "base64").subarray(16).toString("base64"));
  });

  it("`--out` defaults to `.` and is created with mkdir -p; `--name` is optional", async () => {
    const cwd = await dir();
    const run = await runCli(["keygen"], { cwd });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.publicEntry.name).toBeUndefined();
    expect(out.privateKeyFile.startsWith(`${cwd}/axiom-signing-`)).toBe(true);
    const nested = await runCli(["keygen", "--out", "a/b/c"], { cwd });
    expect(nested.code).toBe(0);
    expect(JSON.parse(nested.stdout).privateKeyFile.startsWith(join(cwd, "a", "b", "c"))).toBe(true);
  });

  it("`keygen` with the key generator stubbed to a fixed key, run twice into the same directory → second run `ERR_EXISTS`, first file unchanged", async () => {
    const d = await dir();
    const { privateKey } = generateKeyPairSync("ed25519");
    const first = await keygenToDir(d, { generate: () => privateKey });
    const before = await readFile(first.privateKeyFile, "utf8");
    let caught: unknown;
    try {
      // the stubbed generator returns the same key again → same keyid → same file name
      await keygenToDir(d, { generate: () => privateKey });
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: "ERR_EXISTS", path: first.privateKeyFile });
    expect(await readFile(first.privateKeyFile, "utf8")).toBe(before);
    expect(await readdir(d)).toHaveLength(1);
  });

  it('`keygen --name ""` → usage error; a 201-character name → usage error; 200 accepted', async () => {
    const cwd = await dir();
    for (const name of ["", "x".repeat(201)]) {
      const run = await runCli(["keygen", "--name", name], { cwd });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
    expect(await readdir(cwd)).toEqual([]);
    const ok = await runCli(["keygen", "--name", "x".repeat(200)], { cwd });
    expect(ok.code).toBe(0);
  });

  it("keygen takes no positional and no unknown flag", async () => {
    const cwd = await dir();
    expect((await runCli(["keygen", "extra"], { cwd })).code).toBe(2);
    expect((await runCli(["keygen", "--root", "."], { cwd })).code).toBe(2);
  });

  it("keygen into a path that is a file → an error line, exit 2", async () => {
    const cwd = await dir();
    await runCli(["keygen", "--out", "k"], { cwd });
    const files = await readdir(join(cwd, "k"));
    const run = await runCli(["keygen", "--out", join("k", files[0] as string)], { cwd });
    expect(run.code).toBe(2);
    expect(stderrError(run).code).toMatch(/^ERR_/);
  });
});
