// `axiom compile` (cli.md §3, §5, §7.6; formats.md §3.3 and its CLI acceptance lines), spawned for real.
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorLine, helloPlan, REPO, runCli, type TempDir, tempDir } from "./cli-run";

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

const json = (v: unknown) => JSON.stringify(v, null, 2);
const compileIn = (args: string[], env?: Record<string, string>) => runCli(["compile", ...args], { cwd: tmp.dir, env });

function expectError(run: Awaited<ReturnType<typeof runCli>>, code: string): Record<string, unknown> {
  expect(run.stdout).toBe("");
  expect(run.code).toBe(2);
  const err = errorLine(run);
  expect(err.code).toBe(code);
  return err;
}

const HELLO_YAML = `# yaml-language-server: $schema=https://example.invalid/plan.json
$schema: https://example.invalid/plan.json
apiVersion: axiom.dev/v2
kind: Plan
name: hello
intent: say hello
artifacts:
  - path: README.md
    source: { type: inline, content: "# hello\\n" }
  - path: src/a.ts
    source: { type: inline, content: "export const a = 1;\\n" }
`;

describe("axiom compile", () => {
  it('"`axiom compile bad.json` (schema failure) → stdout empty; stderr exactly one line parsing to {code: "ERR_INVALID_PLAN", message, details.issues}; exit 2"', async () => {
    const { intent: _, ...noIntent } = helloPlan();
    await tmp.write("bad.json", json(noIntent));
    const err = expectError(await compileIn(["bad.json"]), "ERR_INVALID_PLAN");
    expect(typeof err.message).toBe("string");
    const issues = (err.details as { issues: { path: string; message: string }[] }).issues;
    expect(issues[0]?.path).toBe("intent");
    expect(Object.keys(err).sort()).toEqual(["code", "details", "message"]);
  });

  it('"`axiom compile missing.json` → stderr {code: "ERR_NOT_FOUND", details: {file: "missing.json"}}, exit 2"', async () => {
    const err = expectError(await compileIn(["missing.json"]), "ERR_NOT_FOUND");
    expect(err.details).toEqual({ file: "missing.json" });
  });

  it("a directory given as the plan file is unreadable → ERR_NOT_FOUND {file}", async () => {
    await tmp.write("d/x", "");
    expect(expectError(await compileIn(["d"]), "ERR_NOT_FOUND").details).toEqual({ file: "d" });
  });

  it('"`axiom compile p.json` whose bytes contain 0xFF → ERR_INVALID_PLAN details: {file, reason: "not-utf8"}, exit 2"', async () => {
    const bytes = Buffer.concat([Buffer.from(json(helloPlan()).slice(0, -1)), Buffer.from([0xff]), Buffer.from("}")]);
    await tmp.write("p.json", bytes);
    expect(expectError(await compileIn(["p.json"]), "ERR_INVALID_PLAN").details).toEqual({
      file: "p.json",
      reason: "not-utf8",
    });
  });

  it('"a plan file starting with a UTF-8 BOM → accepted" (same bundle as without the BOM)', async () => {
    await tmp.write("bom.json", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json(helloPlan()))]));
    await tmp.write("plain.json", json(helloPlan()));
    const bom = await compileIn(["bom.json"]);
    expect(bom.code).toBe(0);
    expect(bom.stdout).toBe((await compileIn(["plain.json"])).stdout);
  });

  it("a plan file that is not valid JSON → ERR_INVALID_PLAN, exit 2", async () => {
    await tmp.write("p.json", "{ not json");
    expectError(await compileIn(["p.json"]), "ERR_INVALID_PLAN");
  });

  it('"CLI `axiom compile` of an invalid plan → stderr is one JSON line {code: "ERR_INVALID_PLAN", …}, stdout empty, exit 2" (duplicate path)', async () => {
    const plan = helloPlan({
      artifacts: [
        { path: "a.txt", source: { type: "inline", content: "1" } },
        { path: "a.txt", source: { type: "inline", content: "2" } },
      ],
    });
    await tmp.write("dup.json", json(plan));
    expect(expectError(await compileIn(["dup.json"]), "ERR_INVALID_PLAN").path).toBe("a.txt");
  });

  it('"Every JSON verb: stdout parses as one JSON document, is 2-space indented and ends with exactly one LF" (compile)', async () => {
    await tmp.write("p.json", json(helloPlan()));
    const run = await compileIn(["p.json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const doc = JSON.parse(run.stdout);
    expect(run.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    expect(doc.manifest.preImage).toBeUndefined();
    expect(doc.manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Without a root nothing is written anywhere.
    expect(await readdir(tmp.dir)).toEqual(["p.json"]);
  });

  it('"`compile plan.yaml` and `compile plan.json` (twins) → identical bundles; `compile PLAN.YML` treated as YAML"', async () => {
    await tmp.write("plan.json", json(helloPlan()));
    await tmp.write("plan.yaml", HELLO_YAML);
    await tmp.write("PLAN.YML", HELLO_YAML);
    const fromJson = await compileIn(["plan.json"]);
    const fromYaml = await compileIn(["plan.yaml"]);
    const fromYml = await compileIn(["PLAN.YML"]);
    expect(fromYaml.stderr).toBe("");
    expect(fromYaml.code).toBe(0);
    expect(fromYaml.stdout).toBe(fromJson.stdout);
    expect(fromYml.stdout).toBe(fromJson.stdout);
  });

  it("a YAML plan with two documents → ERR_INVALID_PLAN with details.format yaml", async () => {
    await tmp.write("two.yaml", `${HELLO_YAML}---\na: 1\n`);
    const err = expectError(await compileIn(["two.yaml"]), "ERR_INVALID_PLAN");
    expect(err.details).toMatchObject({ format: "yaml" });
  });

  it('"`compile p.axm` → same bundle as its JSON twin"', async () => {
    const examples = join(REPO, "packages/axm/examples");
    const fromAxm = await runCli(["compile", join(examples, "hello-note.axm")], { cwd: tmp.dir });
    const fromJson = await runCli(["compile", join(examples, "hello-note.plan.json")], { cwd: tmp.dir });
    expect(fromAxm.stderr).toBe("");
    expect(fromAxm.code).toBe(0);
    expect(fromAxm.stdout).toBe(fromJson.stdout);
  });

  it('"`axiom compile x.axm` with one syntax error → stdout empty; stderr one line {code: "ERR_INVALID_PLAN", details: {file, diagnostics: [{severity: "error", code, message, range}]}}; exit 2"', async () => {
    await tmp.write("x.axm", "plan broken {\n");
    const err = expectError(await compileIn(["x.axm"]), "ERR_INVALID_PLAN");
    const details = err.details as { file: string; diagnostics: Record<string, unknown>[] };
    expect(details.file).toBe("x.axm");
    expect(details.diagnostics).toHaveLength(1);
    expect(details.diagnostics[0]).toEqual({
      severity: "error",
      code: "ERR_INVALID_PLAN",
      message: expect.any(String),
      range: { start: { line: expect.any(Number), column: expect.any(Number) }, end: expect.any(Object) },
    });
  });

  it('"a `.axm` file with the byte 0xFF → `ERR_INVALID_PLAN` `details.reason: "not-utf8"`, exit 2"', async () => {
    await tmp.write("x.AXM", Buffer.from([0x61, 0xff, 0x0a]));
    expect(expectError(await compileIn(["x.AXM"]), "ERR_INVALID_PLAN").details).toEqual({
      file: "x.AXM",
      reason: "not-utf8",
    });
  });

  it('"`compile p.json -o out.json` → stdout {manifestDigest, artifacts, out} with absolute `out`; `out.json` equals the bundle printed without `-o`"', async () => {
    await tmp.write("p.json", json(helloPlan()));
    const plain = await compileIn(["p.json"]);
    const run = await compileIn(["p.json", "-o", "out.json"]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toEqual({
      manifestDigest: JSON.parse(plain.stdout).manifestDigest,
      artifacts: 2,
      out: tmp.path("out.json"),
    });
    expect(run.stdout).toBe(`${JSON.stringify(summary, null, 2)}\n`);
    expect(await readFile(tmp.path("out.json"), "utf8")).toBe(plain.stdout);
    // Atomic write: no temp file left next to it; an existing file is overwritten.
    expect((await readdir(tmp.dir)).sort()).toEqual(["out.json", "p.json"]);
    const again = await compileIn(["p.json", "--out", "out.json"]);
    expect(again.code).toBe(0);
    expect(await readFile(tmp.path("out.json"), "utf8")).toBe(plain.stdout);
  });

  it("-o into a directory that does not exist → one D16 error line ERR_NOT_FOUND (CLI-H-7), exit 2, no stack trace", async () => {
    await tmp.write("p.json", json(helloPlan()));
    const err = expectError(await compileIn(["p.json", "-o", "nope/out.json"]), "ERR_NOT_FOUND");
    expect(String(err.message)).not.toMatch(/\n\s+at /);
  });

  it("with --root the manifest carries preImage and the bundle is stored at <root>/.axiom/manifests/<hex>.json", async () => {
    await tmp.write("repo/README.md", "# old\n");
    await tmp.write("p.json", json(helloPlan()));
    const run = await compileIn(["p.json", "--root", "repo"]);
    expect(run.code).toBe(0);
    const bundle = JSON.parse(run.stdout);
    expect(bundle.manifest.preImage).toEqual([
      { path: "README.md", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { path: "src/a.ts", sha256: "absent" },
    ]);
    const hex = bundle.manifestDigest.slice("sha256:".length);
    const stored = JSON.parse(await readFile(tmp.path("repo", ".axiom", "manifests", `${hex}.json`), "utf8"));
    expect(stored).toEqual(bundle);
    // Writes only under <root>/.axiom/.
    expect((await readdir(tmp.path("repo"))).sort()).toEqual([".axiom", "README.md"]);
  });

  it('"`compile p.json --store cas` without `--root` → root `.` implied, `blobs: {}`, blobs in `./.axiom/cas`, bundle stored under `./.axiom/manifests/`"', async () => {
    await tmp.write("p.json", json(helloPlan()));
    const run = await compileIn(["p.json", "--store", "cas"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const bundle = JSON.parse(run.stdout);
    expect(bundle.blobs).toEqual({});
    expect(bundle.manifest.preImage).toHaveLength(2);
    for (const a of bundle.manifest.artifacts) {
      const hex = a.digest.sha256 as string;
      expect((await stat(tmp.path(".axiom", "cas", "sha256", hex.slice(0, 2), hex))).isFile()).toBe(true);
    }
    const hex = bundle.manifestDigest.slice("sha256:".length);
    expect((await stat(tmp.path(".axiom", "manifests", `${hex}.json`))).isFile()).toBe(true);
  });

  it("--store with another value → usage error, exit 2", async () => {
    const run = await compileIn(["p.json", "--store", "disk"]);
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({ code: "ERR_USAGE", details: { flag: "--store", value: "disk" } });
  });

  it("--root that is missing or a file → ERR_ROOT_NOT_DIR with details.root as given, exit 2", async () => {
    await tmp.write("p.json", json(helloPlan()));
    expect(expectError(await compileIn(["p.json", "--root", "nowhere"]), "ERR_ROOT_NOT_DIR").details).toEqual({
      root: "nowhere",
    });
    expect(expectError(await compileIn(["p.json", "--root", "p.json"]), "ERR_ROOT_NOT_DIR").details).toEqual({
      root: "p.json",
    });
    // An empty --root is not the cwd (no cwd fallback).
    expect(expectError(await compileIn(["p.json", "--root="]), "ERR_ROOT_NOT_DIR").details).toEqual({ root: "" });
  });

  it('"`compile p.json --net-allow example.com` without `--allow-net` → usage error, exit 2"', async () => {
    await tmp.write("p.json", json(helloPlan()));
    const run = await compileIn(["p.json", "--net-allow", "example.com"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(errorLine(run)).toMatchObject({
      code: "ERR_USAGE",
      details: { verb: "compile", see: "axiom help compile" },
    });
  });

  describe("ref sources", () => {
    const digest = `sha256:${"ab".repeat(32)}`;
    const refPlan = (uri: string) =>
      helloPlan({ artifacts: [{ path: "vendor/x.js", source: { type: "ref", uri, digest } }] });

    it('"`compile p.json --root r` with a `ref` not in CAS → `ERR_NET_DISABLED`, exit 2"', async () => {
      await tmp.write("r/.keep", "");
      await tmp.write("p.json", json(refPlan("https://example.com/x.js")));
      expectError(await compileIn(["p.json", "--root", "r"]), "ERR_NET_DISABLED");
    });

    it('"`--allow-net --net-allow other.org` → `ERR_NET_DENIED`, exit 2" (no request is made)', async () => {
      await tmp.write("r/.keep", "");
      await tmp.write("p.json", json(refPlan("https://example.com/x.js")));
      expectError(
        await compileIn(["p.json", "--root", "r", "--allow-net", "--net-allow", "other.org,,  "]),
        "ERR_NET_DENIED",
      );
    });

    it("`--net-allow` holding only blanks is an empty allowlist: every host is denied (fail closed)", async () => {
      await tmp.write("r/.keep", "");
      await tmp.write("p.json", json(refPlan("https://example.com/x.js")));
      expectError(await compileIn(["p.json", "--root", "r", "--allow-net", "--net-allow", " , "]), "ERR_NET_DENIED");
    });

    it('"`ref` source, no root → `ERR_NET_DISABLED`" (SEC-33, was ERR_REF_OFFLINE; --allow-net implies the root `.`)', async () => {
      await tmp.write("p.json", json(refPlan("https://example.com/x.js")));
      expectError(await compileIn(["p.json"]), "ERR_NET_DISABLED");
    });
  });

  it('"`compile p.json` with a template source and no `--emitter` → `ERR_EMITTER_UNKNOWN`, `details.hint` names `@codai/axiom-emitters-web` and `--emitter`, exit 2"', async () => {
    const plan = helloPlan({
      artifacts: [{ path: "index.html", source: { type: "template", emitter: "web", template: "page" } }],
    });
    await tmp.write("p.json", json(plan));
    const err = expectError(await compileIn(["p.json"]), "ERR_EMITTER_UNKNOWN");
    const details = err.details as { hint: string; available: string[] };
    expect(details.available).toEqual([]);
    expect(details.hint).toContain("@codai/axiom-emitters-web");
    expect(details.hint).toContain("--emitter");
  });

  it("--emitter <file> loads a TemplateEmitter module (sources.md §4.5): the template renders and toolchain.emitters records it", async () => {
    await tmp.write(
      "emitter.mjs",
      `const params = { safeParse: (v) => ({ success: true, data: v ?? {} }) };
export default { id: "demo", version: "1.2.3", templates: { page: { description: "a page", params, render: (p) => "<h1>" + (p.title ?? "") + "</h1>\\n" } } };
`,
    );
    const plan = helloPlan({
      artifacts: [
        {
          path: "index.html",
          source: { type: "template", emitter: "demo", template: "page", params: { title: "hi" } },
        },
      ],
    });
    await tmp.write("p.json", json(plan));
    const run = await compileIn(["p.json", "--emitter", "./emitter.mjs"]);
    expect(run.stderr).toBe("");
    const bundle = JSON.parse(run.stdout);
    expect(bundle.manifest.toolchain.emitters).toEqual({ demo: "1.2.3" });
    expect(Object.values(bundle.blobs)).toEqual([{ encoding: "utf8", data: "<h1>hi</h1>\n" }]);
  });

  it('`--emitter ./nope.mjs` → ERR_EMITTER_UNKNOWN `details.reason: "not-found"`, exit 2; a module without a usable export → reason "shape"', async () => {
    await tmp.write("p.json", json(helloPlan()));
    const notFound = expectError(await compileIn(["p.json", "--emitter", "./nope.mjs"]), "ERR_EMITTER_UNKNOWN");
    expect(notFound.details).toMatchObject({ module: "./nope.mjs", reason: "not-found", available: [] });
    await tmp.write("bad.mjs", "export const x = 1;\n");
    const shape = expectError(await compileIn(["p.json", "--emitter", "./bad.mjs"]), "ERR_EMITTER_UNKNOWN");
    expect(shape.details).toMatchObject({ module: "./bad.mjs", reason: "shape" });
    await tmp.write("throws.mjs", "throw new Error('boom');\n");
    const failed = expectError(await compileIn(["p.json", "--emitter", "./throws.mjs"]), "ERR_EMITTER_UNKNOWN");
    expect(failed.details).toMatchObject({ reason: "load-failed" });
    expectError(await compileIn(["p.json", "--emitter", "@codai/no-such-emitter-package"]), "ERR_EMITTER_UNKNOWN");
  });

  it('"`axiom compile big.json` producing a 3 MiB bundle piped into `wc -c` → the whole document arrives (no truncation at exit)"', async () => {
    const chunk = "x".repeat(250_000);
    const artifacts = Array.from({ length: 13 }, (_, i) => ({
      path: `big/${String(i).padStart(2, "0")}.txt`,
      source: { type: "inline", content: `${i}${chunk}` },
    }));
    await tmp.write("big.json", json(helloPlan({ artifacts })));
    const run = await compileIn(["big.json"]);
    expect(run.code).toBe(0);
    expect(run.stdoutBytes.length).toBeGreaterThan(3 * 1024 * 1024);
    await compileIn(["big.json", "-o", "big.bundle.json"]);
    expect(run.stdoutBytes.equals(await readFile(tmp.path("big.bundle.json")))).toBe(true);
  });
});
