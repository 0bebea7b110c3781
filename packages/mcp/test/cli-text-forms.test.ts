// Issue 21: the verbs that printed JSON only now print text for a person on a terminal (verify,
// verify --journal, verify --tree, gc, snapshot), and the same JSON as before when piped or with
// --json (CLI-O1). Each terminal run is a real pseudo-terminal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helloPlan, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;
let digest: string;

beforeAll(async () => {
  t = await tempDir("axiom-text-forms-");
  root = t.dir;
  await t.write("p.json", JSON.stringify(helloPlan()));
  const c = await runCli(["compile", "p.json", "--root", root, "-o", "b.json"], { cwd: root });
  digest = JSON.parse(c.stdout).manifestDigest;
});
afterAll(() => t.cleanup());

describe("text on a terminal, JSON when piped", () => {
  it("verify: OK line with the facts; piped the structural document", async () => {
    const tty = await runCliTty(["verify", "b.json"], { cwd: root });
    expect(tty.code).toBe(0);
    expect(tty.plain).toBe(`OK ${digest} (canonical, unsigned)\n`);
    expect(tty.output).toContain("\u001b[32mOK\u001b[0m");
    const piped = await runCli(["verify", "b.json"], { cwd: root });
    expect(JSON.parse(piped.stdout)).toMatchObject({ ok: true, manifestDigest: digest, canonical: true });
    const json = await runCliTty(["verify", "b.json", "--json"], { cwd: root });
    expect(JSON.parse(json.output)).toEqual(JSON.parse(piped.stdout));
  });

  it("verify --journal: chain ok in words", async () => {
    const tty = await runCliTty(["verify", "--journal", "--root", "."], { cwd: root, env: { NO_COLOR: "1" } });
    expect(tty.code).toBe(0);
    expect(tty.output).toBe(`chain ok: 0 entries, head sha256:${"0".repeat(64)}\n`);
  });

  it("verify --tree: which image the tree holds, and each mismatch", async () => {
    const before = await runCliTty(["verify", "b.json", "--tree", "."], { cwd: root });
    expect(before.code).toBe(1);
    expect(before.plain).toContain(`FAIL ${root} does not hold the post-image of ${digest}: 2 mismatches\n`);
    expect(before.plain).toMatch(/\n {2}create +README\.md: expected [0-9a-f]{64}, found absent\n/);
  });

  it("gc: counts in words and sizes in human units; `missing` explained", async () => {
    const tty = await runCliTty(["gc", "--root", ".", "--dry-run"], { cwd: root });
    expect(tty.code).toBe(0);
    expect(tty.plain).toMatch(
      /^GC DRY RUN: scanned \d+ blobs?, \d+ in use, would remove \d+ \(\d+ B would be freed\)\n/,
    );
    const piped = JSON.parse((await runCli(["gc", "--root", root, "--dry-run"])).stdout);
    expect(piped).toMatchObject({ dryRun: true, keep: "all-manifests" });
    if (piped.missing > 0) expect(tty.plain).toContain(`${piped.missing} missing: blobs that kept manifests`);
  });

  it("snapshot: a truncated snapshot says which limit stopped it", async () => {
    const tty = await runCliTty(["snapshot", "--root", ".", "--max-files", "1"], { cwd: root });
    expect(tty.code).toBe(0);
    expect(tty.plain).toMatch(/^SNAPSHOT sha256:[0-9a-f]{64}: 1 file, \d+(\.\d)? (B|KiB)\n/);
    expect(tty.plain).toContain("truncated: stopped at --max-files 1; raise --max-files / --max-bytes for the rest\n");
    const piped = JSON.parse((await runCli(["snapshot", "--root", root, "--max-files", "1"])).stdout);
    expect(piped).toMatchObject({ kind: "RepoSnapshot", body: { truncated: true } });
  });

  it("NO_COLOR=1 on a terminal → no ESC byte; the coloured dry run with its SGR removed is exactly that text", async () => {
    const coloured = await runCliTty(["apply", "b.json", "--root", ".", "--dry-run"], { cwd: root });
    const plain = await runCliTty(["apply", "b.json", "--root", ".", "--dry-run"], {
      cwd: root,
      env: { NO_COLOR: "1" },
    });
    expect(coloured.output).toContain("\u001b[33mDRY RUN\u001b[0m");
    expect(plain.output).not.toContain("\u001b");
    expect(coloured.plain).toBe(plain.output);
    const empty = await runCliTty(["apply", "b.json", "--root", ".", "--dry-run"], {
      cwd: root,
      env: { NO_COLOR: "" },
    });
    expect(empty.output).toBe(coloured.output);
  });
});
