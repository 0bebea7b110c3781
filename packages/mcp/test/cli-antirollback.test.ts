// Issue 8 round trip over the real CLI (signing.md §8.3): keygen → trust add → sign → apply
// (advances the counter under the lock) → a re-signed older counter is refused with
// signature.rollback ROLLBACK; a failed advance prints the ApplyResult then the error line, exit 2.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ManifestBundle } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { signedCounterBundle } from "./antirollback-helpers";
import { runCli, stderrError, tempDir, writeJson } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

/** keygen → trust add into <root>; returns the private key file. */
async function trustedRoot(): Promise<{ root: string; work: string; keyFile: string }> {
  const w = await tempDir("axiom-ar-work-");
  const r = await tempDir("axiom-ar-root-");
  cleanups.push(w.cleanup, r.cleanup);
  const kg = await runCli(["keygen", "--out", "k"], { cwd: w.dir });
  expect(kg.code).toBe(0);
  await writeFile(join(w.dir, "pub.json"), kg.stdout);
  const added = await runCli(["trust", "add", "pub.json", "--root", r.dir], { cwd: w.dir });
  expect(added.code).toBe(0);
  return { root: r.dir, work: w.dir, keyFile: JSON.parse(kg.stdout).privateKeyFile };
}

async function signAndApply(t: { root: string; work: string; keyFile: string }, b: ManifestBundle, name: string) {
  await writeJson(join(t.work, name), b);
  const signed = await runCli(["sign", name, "--key-file", t.keyFile], { cwd: t.work });
  expect(signed.code, signed.stderr).toBe(0);
  return runCli(["apply", name, "--root", t.root, "--confirm", b.manifestDigest], { cwd: t.work });
}

/** The stored check report of a refused apply (checks.md §1.5) as text. */
const reportText = async (root: string, b: ManifestBundle) =>
  JSON.stringify(JSON.parse(await readFile(join(root, ".axiom/reports", `${b.manifestDigest.slice(7)}.json`), "utf8")));

const stateOf = async (root: string) => JSON.parse(await readFile(join(root, ".axiom/trust/state.json"), "utf8"));

describe("anti-rollback over the CLI (issue 8)", () => {
  it("keygen → trust add → sign → apply advances the counter; a re-signed older counter is refused (ROLLBACK)", async () => {
    const t = await trustedRoot();
    const six = signedCounterBundle(6);
    const first = await signAndApply(t, six, "six.json");
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: "applied", mode: "fs" });
    expect(await stateOf(t.root)).toMatchObject({ version: 1, lastCounter: 6, manifestDigest: six.manifestDigest });
    expect(await readFile(join(t.root, ".axiom/trust/state.key"), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);

    const four = signedCounterBundle(4);
    const second = await signAndApply(t, four, "four.json");
    expect(second.code).toBe(1);
    const result = JSON.parse(second.stdout);
    expect(result).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    expect(result.error.details.findings).toEqual(["signature.rollback"]);
    expect(await reportText(t.root, four)).toContain('"reason":"ROLLBACK"');
    await expect(readFile(join(t.root, "c4.txt"))).rejects.toMatchObject({ code: "ENOENT" });
    expect((await stateOf(t.root)).lastCounter).toBe(6);

    const seven = await signAndApply(t, signedCounterBundle(7), "seven.json");
    expect(seven.code, seven.stderr).toBe(0);
    expect((await stateOf(t.root)).lastCounter).toBe(7);
  });

  it("edit lastCounter in state.json by hand → ERR_TRUST_STATE_CORRUPT BAD_MAC provider finding; apply refused", async () => {
    const t = await trustedRoot();
    expect((await signAndApply(t, signedCounterBundle(6), "six.json")).code).toBe(0);
    const state = await stateOf(t.root);
    await writeFile(
      join(t.root, ".axiom/trust/state.json"),
      `${JSON.stringify({ ...state, lastCounter: 1 }, null, 2)}\n`,
    );
    const eight = signedCounterBundle(8);
    const run = await signAndApply(t, eight, "eight.json");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    const text = await reportText(t.root, eight);
    expect(text).toContain("ERR_TRUST_STATE_CORRUPT");
    expect(text).toContain("BAD_MAC");
  });

  it("apply without any requireSigned/antiRollback check → no state.json written", async () => {
    const t = await trustedRoot();
    const run = await signAndApply(t, signedCounterBundle(6, false), "plain.json");
    expect(run.code, run.stderr).toBe(0);
    await expect(readFile(join(t.root, ".axiom/trust/state.json"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("dry-run with antiRollback → state.json unchanged (not created)", async () => {
    const t = await trustedRoot();
    const b = signedCounterBundle(6);
    await writeJson(join(t.work, "b.json"), b);
    expect((await runCli(["sign", "b.json", "--key-file", t.keyFile], { cwd: t.work })).code).toBe(0);
    const run = await runCli(["apply", "b.json", "--root", t.root, "--dry-run"], { cwd: t.work });
    expect(run.code, run.stderr).toBe(0);
    await expect(readFile(join(t.root, ".axiom/trust/state.json"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("two concurrent applies with counters 6 and 5 (6 takes the lock first) → 5 fails ROLLBACK (advance under the lock)", async () => {
    const t = await trustedRoot();
    const six = signedCounterBundle(6);
    const five = signedCounterBundle(5);
    for (const [name, b] of [
      ["six.json", six],
      ["five.json", five],
    ] as const) {
      await writeJson(join(t.work, name), b);
      expect((await runCli(["sign", name, "--key-file", t.keyFile], { cwd: t.work })).code).toBe(0);
    }
    // Hold the root lock from outside so both applies queue; 6 is started first and so acquires first.
    const { acquireLock } = await import("@codai/axiom-apply");
    const lock = await acquireLock(t.root, six.manifestDigest, 1000);
    // Wait for each apply's queue ticket (apply.md lock queue) so the order is 6 then 5, not timing luck.
    const queued = async (n: number) => {
      for (let i = 0; i < 400; i++) {
        const names = await readdir(join(t.root, ".axiom", "queue")).catch(() => []);
        if (names.length >= n) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`queue never reached ${n} tickets`);
    };
    const p6 = runCli(["apply", "six.json", "--root", t.root, "--confirm", six.manifestDigest], { cwd: t.work });
    await queued(1);
    const p5 = runCli(["apply", "five.json", "--root", t.root, "--confirm", five.manifestDigest], { cwd: t.work });
    await queued(2);
    await lock.release();
    const [r6, r5] = await Promise.all([p6, p5]);
    expect(r6.code, r6.stderr).toBe(0);
    expect(r5.code).toBe(1);
    expect(JSON.parse(r5.stdout).error.details.findings).toEqual(["signature.rollback"]);
    expect(await reportText(t.root, five)).toContain('"reason":"ROLLBACK"');
    expect((await stateOf(t.root)).lastCounter).toBe(6);
  });

  it("trust-state write failure after a successful apply → files applied, CLI prints ApplyResult then stderr error, exit 2", async () => {
    // The state file cannot be written: state.json is a non-empty directory (reads as absent in the
    // predicate, so the checks pass; the rename onto it fails). Works as root, unlike a chmod.
    const t = await trustedRoot();
    const trustDir = join(t.root, ".axiom/trust");
    await mkdir(join(trustDir, "state.json", "x"), { recursive: true });
    const b = signedCounterBundle(6);
    await writeJson(join(t.work, "b.json"), b);
    expect((await runCli(["sign", "b.json", "--key-file", t.keyFile], { cwd: t.work })).code).toBe(0);
    {
      const run = await runCli(["apply", "b.json", "--root", t.root, "--confirm", b.manifestDigest], { cwd: t.work });
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout)).toMatchObject({ status: "applied", manifestDigest: b.manifestDigest });
      const err = stderrError(run);
      expect(err.details).toMatchObject({ manifestDigest: b.manifestDigest, status: "applied" });
      expect(await readFile(join(t.root, "c6.txt"), "utf8")).toBe("counter 6\n");
    }
  });
});
