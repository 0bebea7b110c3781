// hooks-doctor.md §2.1 (strict gate arguments, shared flag table) and §2.9 / §4.1 (one reader for the
// gate profile and doctor's harness files: absent / unreadable / invalid / parsed), in process.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERBS } from "../src/cli/verbs";
import { readJsoncFile } from "../src/harness/doctor/harness";
import { GATE_FLAGS, parseGateArgs } from "../src/harness/gate/args";
import { readConfigFile } from "../src/harness/gate/config-file";
import { readGateProfile } from "../src/harness/gate/profile";

describe("gate arguments (§2.1)", () => {
  it("the verb registry's gate entry lists exactly the gate's own flags, with their types", () => {
    const flags = VERBS.gate?.flags ?? {};
    expect(Object.keys(flags).sort()).toEqual(Object.keys(GATE_FLAGS).sort());
    for (const [name, def] of Object.entries(GATE_FLAGS)) expect(flags[name]?.type, name).toBe(def.type);
  });

  it("--name value and --name=value; the last occurrence wins; --strict accepted", () => {
    const r = parseGateArgs(["--stdin", "--root", "a", "--root=b", "--profile=p.json", "--strict", "--fail-open"]);
    expect(r).toEqual({
      ok: true,
      options: {
        root: "b",
        profile: "p.json",
        failOpen: true,
        shellScan: true,
        rootDiscovery: true,
        logLevel: "warn",
      },
    });
    const n = parseGateArgs(["--stdin", "--no-shell-scan", "--no-root-discovery", "--log-level", "debug"]);
    expect(n.ok && n.options).toMatchObject({ shellScan: false, rootDiscovery: false, logLevel: "debug" });
  });

  it("strict: positionals, `--`, short or unknown flags, a boolean with a value and a string without one are errors", () => {
    for (const args of [
      ["--stdin", "extra"],
      ["--stdin", "--"],
      ["--stdin", "-s"],
      ["--stdin", "--bogus"],
      ["--stdin=1"],
      ["--stdin", "--root"],
      ["--stdin", "--root", "--fail-open"],
      ["--stdin", "--toString"],
    ]) {
      expect(parseGateArgs(args).ok, args.join(" ")).toBe(false);
    }
    expect(parseGateArgs([])).toEqual({ ok: false, message: "--stdin is required" });
  });
});

describe("config file reader shared by the gate profile and doctor (§2.9, §4.1)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "axiom-gate-config-"));
    await writeFile(join(dir, "ok.json"), '{"deny": ["x/**"]}');
    await writeFile(join(dir, "jsonc.json"), '{\n  // comment\n  "deny": ["x/**"],\n}');
    await writeFile(join(dir, "bad.json"), "{");
    await writeFile(join(dir, "unknown.json"), '{"nope": 1}');
    await mkdir(join(dir, "adir"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("absent (ENOENT, ENOTDIR), unreadable (EISDIR), invalid and parsed", async () => {
    const parse = (t: string) => ({ ok: true as const, value: t });
    expect(await readConfigFile(join(dir, "missing.json"), parse)).toEqual({ kind: "absent" });
    expect(await readConfigFile(join(dir, "ok.json", "below"), parse)).toEqual({ kind: "absent" });
    expect(await readConfigFile(join(dir, "adir"), parse)).toEqual({ kind: "bad", why: "unreadable (EISDIR)" });
    expect(await readConfigFile(join(dir, "ok.json"), () => ({ ok: false, why: "no" }))).toEqual({
      kind: "bad",
      why: "no",
    });
  });

  it("the gate profile is strict JSON (a JSONC file is invalid there), doctor's harness files are JSONC", async () => {
    expect(await readGateProfile(join(dir, "ok.json"))).toEqual({
      kind: "ok",
      profile: { deny: ["x/**"], noSecrets: true, pii: false },
    });
    expect((await readGateProfile(join(dir, "jsonc.json"))).kind).toBe("bad");
    expect((await readGateProfile(join(dir, "unknown.json"))).kind).toBe("bad");
    expect((await readGateProfile(join(dir, "adir"))).kind).toBe("bad");
    expect(await readGateProfile(join(dir, "missing.json"))).toEqual({ kind: "absent" });
    expect(await readJsoncFile(join(dir, "jsonc.json"))).toEqual({ kind: "ok", value: { deny: ["x/**"] } });
    expect((await readJsoncFile(join(dir, "bad.json"))).kind).toBe("bad");
    expect(await readJsoncFile(join(dir, "missing.json"))).toEqual({ kind: "absent" });
  });
});
