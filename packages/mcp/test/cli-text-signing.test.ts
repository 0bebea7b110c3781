// Issue 21: keygen, sign (key file and keyless) and every form of trust print text for a person on
// a terminal (a real pseudo-terminal) and the same JSON documents as before when piped or with
// --json (CLI-O1). The text says what happened and the command to run next.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helloPlan, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let cwd: string;
let digest: string;

beforeAll(async () => {
  t = await tempDir("axiom-text-signing-");
  cwd = t.dir;
  await t.write("p.json", JSON.stringify(helloPlan()));
  const c = await runCli(["compile", "p.json", "-o", "b.json"], { cwd });
  digest = JSON.parse(c.stdout).manifestDigest;
});
afterAll(() => t.cleanup());

const KEYID = /[0-9a-f]{64}/;
const NO_COLOR = { NO_COLOR: "1" };

describe("axiom keygen", () => {
  it("terminal: where the key went, the public key id, the entry to save and the next commands", async () => {
    const tty = await runCliTty(["keygen", "--out", "tty-key", "--name", "ci"], { cwd });
    expect(tty.code).toBe(0);
    const keyid = tty.plain.match(KEYID)?.[0] as string;
    const [file] = await readdir(t.path("tty-key"));
    expect(file).toBe(`axiom-signing-${keyid.slice(0, 16)}.key`);
    const keyFile = t.path("tty-key", file as string);
    const lines = tty.plain.split("\n");
    expect(lines[0]).toBe(`KEY CREATED ed25519 ${keyid} (ci)`);
    expect(lines[1]).toBe(`  private key: ${keyFile} (mode 0600: keep it secret, never commit it)`);
    expect(tty.plain).toContain("next:\n  axiom trust add pub.json --root <repo>\n");
    expect(tty.plain).toContain(`  axiom sign <bundle.json> --key-file ${keyFile}\n`);
    expect(tty.output).toContain("\u001b[32mKEY CREATED\u001b[0m");
    // The indented public entry is the JSON trust add reads; the private key never shows.
    const entryText = lines.slice(3, lines.indexOf("next:")).join("\n");
    const entry = JSON.parse(entryText);
    expect(entry).toEqual({ keyid, alg: "ed25519", publicKey: expect.any(String), name: "ci" });
    const secret = (await readFile(keyFile, "utf8")).trim();
    expect(tty.output).not.toContain(secret);
    await writeFile(t.path("pub-from-text.json"), entryText);
    const added = await runCli(["trust", "add", "pub-from-text.json", "--root", "."], { cwd });
    expect(JSON.parse(added.stdout)).toEqual({ added: keyid, keys: 1 });
  });

  it("piped and --json: the document `{publicEntry, privateKeyFile}` as before", async () => {
    const piped = await runCli(["keygen", "--out", "piped-key"], { cwd });
    expect(piped.code).toBe(0);
    const doc = JSON.parse(piped.stdout);
    expect(Object.keys(doc)).toEqual(["publicEntry", "privateKeyFile"]);
    expect(piped.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    const json = await runCliTty(["keygen", "--out", "json-key", "--json"], { cwd });
    const fromTty = JSON.parse(json.output);
    expect(Object.keys(fromTty)).toEqual(["publicEntry", "privateKeyFile"]);
    expect(Object.keys(fromTty.publicEntry)).toEqual(["keyid", "alg", "publicKey"]);
    expect(json.output).not.toContain("\u001b");
  });
});

describe("axiom sign", () => {
  let keyFile: string;
  beforeAll(async () => {
    const kg = JSON.parse((await runCli(["keygen", "--out", "sign-key"], { cwd })).stdout);
    keyFile = kg.privateKeyFile;
  });

  it("terminal: the digest signed, the key, where the bundle went, and how to verify it", async () => {
    await writeFile(t.path("s1.json"), await readFile(t.path("b.json")));
    const tty = await runCliTty(["sign", "s1.json", "--key-file", keyFile, "--root-id", "r1", "-o", "out.json"], {
      cwd,
      env: NO_COLOR,
    });
    expect(tty.code).toBe(0);
    const keyid = (await readFile(t.path("out.json"), "utf8")).match(/"keyid": "([0-9a-f]{64})"/)?.[1] as string;
    expect(tty.output).toBe(
      [
        `SIGNED ${digest} with key ${keyid.slice(0, 16)} (1 key signature on the bundle)`,
        "  bound to root id r1",
        `  wrote ${t.path("out.json")}`,
        "next:",
        "  axiom verify out.json --root <repo>",
        "  (checks the signatures against the repo's trusted keys: axiom trust list --root <repo>)",
        "",
      ].join("\n"),
    );
  });

  it("piped and --json: the summary document as before", async () => {
    await writeFile(t.path("s2.json"), await readFile(t.path("b.json")));
    const piped = await runCli(["sign", "s2.json", "--key-file", keyFile], { cwd });
    const doc = JSON.parse(piped.stdout);
    expect(doc).toEqual({
      manifestDigest: digest,
      keyid: expect.stringMatching(KEYID),
      signatures: 1,
      out: t.path("s2.json"),
    });
    const json = await runCliTty(["sign", "s2.json", "--key-file", keyFile, "--json"], { cwd });
    expect(JSON.parse(json.output)).toEqual(doc);
  });

  it("--keyless without an identity token: NOT SIGNED in words, exit 1, the bundle untouched; piped the negative document", async () => {
    const before = await readFile(t.path("b.json"));
    const tty = await runCliTty(["sign", "b.json", "--keyless"], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(1);
    expect(tty.output).toMatch(/^NOT SIGNED: no OIDC identity token .*\(NO_OIDC\)\n/);
    expect(tty.output).toContain("  the bundle is unchanged; sign with a key file instead");
    const piped = await runCli(["sign", "b.json", "--keyless"], { cwd });
    expect(piped.code).toBe(1);
    expect(JSON.parse(piped.stdout)).toMatchObject({ code: "ERR_KEYLESS_UNAVAILABLE", details: { reason: "NO_OIDC" } });
    expect(await readFile(t.path("b.json"))).toEqual(before);
  });
});

describe("axiom trust", () => {
  let root: TempDir;
  let keyid: string;
  beforeAll(async () => {
    root = await tempDir("axiom-text-trust-");
    const kg = await runCli(["keygen", "--out", "trust-key", "--name", "release"], { cwd });
    await writeFile(t.path("pub.json"), kg.stdout);
    keyid = JSON.parse(kg.stdout).publicEntry.keyid;
  });
  afterAll(() => root.cleanup());
  const keys = () => join(root.dir, ".axiom/trust/keys.json");

  it("list on an empty root: no trusted keys, and how to add one", async () => {
    const tty = await runCliTty(["trust", "list", "--root", root.dir], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(0);
    expect(tty.output).toBe(
      `no trusted keys in ${keys()}\n  root id: none\nnext:\n  axiom trust add <pub.json> --root ${root.dir}   (pub.json: the public entry axiom keygen prints)\n`,
    );
  });

  it("add: TRUSTED with the count and the next commands; piped `{added, keys}`", async () => {
    const tty = await runCliTty(["trust", "add", "pub.json", "--root", root.dir], { cwd });
    expect(tty.code).toBe(0);
    expect(tty.plain.split("\n")[0]).toBe(`TRUSTED ${keyid}: 1 key now trusted in ${keys()}`);
    expect(tty.plain).toContain(`next:\n  axiom verify <signed.bundle.json> --root ${root.dir}\n`);
    expect(tty.output).toContain("\u001b[32mTRUSTED\u001b[0m");
    const piped = await runCli(["trust", "add", "pub.json", "--root", root.dir], { cwd });
    expect(JSON.parse(piped.stdout)).toEqual({ added: keyid, keys: 1 });
  });

  it("root-id: shown, set, shown again; piped `{rootId}` / `{rootId, keys}`", async () => {
    const none = await runCliTty(["trust", "root-id", "--root", root.dir], { cwd });
    expect(none.plain).toBe(`no root id set in ${keys()}\n  set one: axiom trust root-id <id> --root ${root.dir}\n`);
    const set = await runCliTty(["trust", "root-id", "prod-1", "--root", root.dir], { cwd, env: NO_COLOR });
    expect(set.output).toBe(
      `ROOT ID SET prod-1 in ${keys()}\nnext:\n  axiom sign <bundle.json> --key-file <key> --root-id prod-1   (a signature bound to this root)\n`,
    );
    const shown = await runCliTty(["trust", "root-id", "--root", root.dir], { cwd });
    expect(shown.plain).toBe("root id: prod-1\n");
    expect(JSON.parse((await runCli(["trust", "root-id", "--root", root.dir], { cwd })).stdout)).toEqual({
      rootId: "prod-1",
    });
    const piped = await runCli(["trust", "root-id", "prod-1", "--root", root.dir], { cwd });
    expect(JSON.parse(piped.stdout)).toEqual({ rootId: "prod-1", keys: 1 });
  });

  it("list: the keys as a table with the full keyid (what remove takes) and the name", async () => {
    const tty = await runCliTty(["trust", "list", "--root", root.dir], { cwd, env: NO_COLOR });
    expect(tty.output).toBe(
      [
        `1 trusted key in ${keys()}`,
        "  root id: prod-1",
        "",
        `  ${"KEYID".padEnd(64)}  NAME`,
        `  ${keyid}  release`,
        "",
      ].join("\n"),
    );
    const piped = await runCli(["trust", "list", "--root", root.dir], { cwd });
    expect(JSON.parse(piped.stdout)).toEqual(JSON.parse(await readFile(keys(), "utf8")));
    const json = await runCliTty(["trust", "list", "--root", root.dir, "--json"], { cwd });
    expect(JSON.parse(json.output)).toEqual(JSON.parse(piped.stdout));
  });

  it("root-id --clear: CLEARED; remove: REMOVED with what is left and how to add one again", async () => {
    const cleared = await runCliTty(["trust", "root-id", "--clear", "--root", root.dir], { cwd, env: NO_COLOR });
    expect(cleared.output).toBe(`CLEARED the root id in ${keys()}\n`);
    const removed = await runCliTty(["trust", "remove", keyid, "--root", root.dir], { cwd, env: NO_COLOR });
    expect(removed.code).toBe(0);
    expect(removed.output).toBe(
      `REMOVED ${keyid}: 0 keys left in ${keys()}\n  no key is trusted any more: add one with axiom trust add <pub.json> --root ${root.dir}\n`,
    );
    await runCli(["trust", "add", "pub.json", "--root", root.dir], { cwd });
    const piped = await runCli(["trust", "remove", keyid, "--root", root.dir], { cwd });
    expect(JSON.parse(piped.stdout)).toEqual({ removed: keyid, keys: 0 });
  });
});
