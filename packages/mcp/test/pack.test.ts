// Issue 12 ("`npm pack` of the package installs and runs with `npx axiom --help` in an empty
// directory") and mcp.md §15 (server.json, package facts). The package is staged from a clean build
// (dist in the repo keeps the hashed chunks of earlier builds), packed, installed into an empty temp
// directory from the npm cache (the registry only when the cache misses), then run through npx.
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, type TempDir, tempDir } from "./cli-run";

const PKG_DIR = join(REPO, "packages/mcp");
const pkg = JSON.parse(await readFile(join(PKG_DIR, "package.json"), "utf8"));
const server = JSON.parse(await readFile(join(PKG_DIR, "server.json"), "utf8"));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm and node need only these; no npm_config_* of the outer `npm test` leaks into the child npm. */
function env(): Record<string, string> {
  const out: Record<string, string> = { LANG: "C.UTF-8" };
  for (const k of ["PATH", "HOME", "TMPDIR", "npm_config_cache", "npm_config_registry", "npm_config_userconfig"]) {
    const v = process.env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function run(cmd: string, args: string[], cwd: string, input = "", until?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env(), shell: false, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (until?.test(stdout)) child.stdin.end();
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    if (until) child.stdin.write(input);
    else child.stdin.end(input);
  });
}

let tmp: TempDir;
let app: string;
let files: string[] = [];

beforeAll(async () => {
  tmp = await tempDir("axiom-pack-");
  const stage = tmp.path("stage");
  await mkdir(stage);
  const built = await run(
    process.execPath,
    [join(REPO, "scripts/build.mjs"), "--outdir", join(stage, "dist"), "--clean"],
    REPO,
  );
  expect(built.stderr).toBe("");
  for (const f of ["package.json", "server.json", "README.md", "spec"])
    await cp(join(PKG_DIR, f), join(stage, f), { recursive: true });
  // --ignore-scripts: prepack would rebuild dist in the repo; the stage already holds a clean build.
  const packed = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp.dir], stage);
  expect(packed.code, packed.stderr).toBe(0);
  const info = JSON.parse(packed.stdout)[0] as { filename: string; files: { path: string }[] };
  files = info.files.map((f) => f.path);
  await mkdir(tmp.path("app"));
  app = await realpath(tmp.path("app"));
  await writeFile(join(app, "package.json"), '{ "name": "axiom-pack-probe", "private": true }\n');
  const installed = await run(
    "npm",
    ["install", join(tmp.dir, info.filename), "--prefer-offline", "--no-audit", "--no-fund", "--loglevel", "error"],
    app,
  );
  expect(installed.code, installed.stderr).toBe(0);
}, 180_000);
afterAll(() => tmp?.cleanup());

const npx = (args: string[], input?: string, until?: RegExp) => run("npx", ["--no", "--", ...args], app, input, until);

describe("npm pack → install → npx (issue 12)", () => {
  it("the tarball holds dist (no source maps, no sources), spec, server.json, README.md and package.json only", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/cli.cjs",
        "dist/cli.js",
        "dist/gate.cjs",
        "dist/gate-shell.js",
        "dist/cli-main.js",
        "dist/mcp-lazy.js",
      ]),
    );
    expect(files).toEqual(expect.arrayContaining(["server.json", "README.md", "package.json", "spec/tools.json"]));
    // The gate's shell parser ships its two WebAssembly modules and their licences (decisions SEC-2).
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/wasm/web-tree-sitter.wasm",
        "dist/wasm/tree-sitter-bash.wasm",
        "dist/wasm/LICENSE.web-tree-sitter.txt",
        "dist/wasm/LICENSE.tree-sitter-bash.txt",
      ]),
    );
    for (const f of files)
      expect(f, f).toMatch(
        /^(dist\/.+\.c?js|dist\/wasm\/[a-z-]+\.wasm|dist\/wasm\/LICENSE\.[a-z-]+\.txt|spec\/.+\.json|server\.json|README\.md|package\.json)$/,
      );
  });

  it("`npx axiom --help` and `npx axiom --version` / `npx axiom-mcp -v` run from the installed tarball", async () => {
    const help = await npx(["axiom", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^axiom \d+\.\d+\.\d+\S*: /);
    for (const args of [
      ["axiom", "--version"],
      ["axiom-mcp", "-v"],
    ]) {
      const v = await npx(args);
      expect({ code: v.code, stdout: v.stdout }).toEqual({ code: 0, stdout: `${pkg.version}\n` });
    }
  });

  it("`npx axiom gate --stdin` judges a Bash payload with the shipped parser: a quoted `.e''nv` write is denied, `npm test` allowed (nothing fetched)", async () => {
    const payload = (command: string) =>
      JSON.stringify({ tool_name: "Bash", tool_input: { command }, cwd: app, hook_event_name: "PreToolUse" });
    const denied = await npx(["axiom", "gate", "--stdin"], payload("cd src && echo x > ../.e''nv"));
    expect(denied.code, denied.stderr).toBe(2);
    expect(JSON.parse(denied.stdout).axiom).toMatchObject({ code: "path.deny", path: ".env", toolClass: "shell" });
    const allowed = await npx(["axiom", "gate", "--stdin"], payload("npm test"));
    expect({ code: allowed.code, stdout: allowed.stdout }).toEqual({ code: 0, stdout: "" });
  });

  it("`npx axiom compile p.json` and `compile p.yaml` (the bundled YAML parser) produce the same bundle", async () => {
    const plan = {
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "packed",
      intent: "x",
      artifacts: [{ path: "a.txt", source: { type: "inline", content: "a" } }],
    };
    await writeFile(join(app, "p.json"), JSON.stringify(plan));
    await writeFile(
      join(app, "p.yaml"),
      "apiVersion: axiom.dev/v2\nkind: Plan\nname: packed\nintent: x\nartifacts:\n  - path: a.txt\n    source: { type: inline, content: a }\n",
    );
    const json = await npx(["axiom", "compile", "p.json"]);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const yaml = await npx(["axiom", "compile", "p.yaml"]);
    expect(yaml.stdout).toBe(json.stdout);
  });

  it("`npx axiom-mcp mcp --root <dir>` answers tools/list over stdio (the SDK dependency resolves from the install)", async () => {
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pack-test", version: "1" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
    ];
    const input = lines.map((l) => `${JSON.stringify(l)}\n`).join("");
    const r = await npx(["axiom-mcp", "mcp", "--root", app], input, /"id":2[,}]/);
    expect(r.code).toBe(0);
    const answer = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id?: number; result?: { tools: { name: string }[] } })
      .find((m) => m.id === 2);
    expect(answer?.result?.tools.map((t) => t.name)).toContain("axiom_write");
  });
});

describe("server.json and package facts (mcp.md §15)", () => {
  it("server.json: schema, name = mcpName, title, description ≤ 100, version = package version; no registry package (HOOK-45)", () => {
    expect(server.$schema).toBe("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
    expect(server.name).toBe("io.github.codai/axiom");
    expect(pkg.mcpName).toBe(server.name);
    expect(server.title).toBe("AXIOM");
    expect(server.description).toBe(
      "Transactional write gate for AI coding agents: plan, manifest, checks, dry-run, two-phase apply",
    );
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.version).toBe(pkg.version);
    // The npm name @codai/axiom-mcp belongs to someone else: a registry entry naming it would make
    // registry-aware clients install and run that package.
    expect(server.packages).toBeUndefined();
    expect(JSON.stringify(server)).not.toContain("@codai/axiom-mcp");
  });

  it("no URL but `$schema`, and no environmentVariables (the stdio server reads none)", async () => {
    const text = await readFile(join(PKG_DIR, "server.json"), "utf8");
    expect(text.match(/https?:\/\//g)).toHaveLength(1);
    for (const key of ["websiteUrl", "repository", "registryBaseUrl", "environmentVariables"])
      expect(text).not.toContain(`"${key}"`);
  });

  it("package.json: files, publishConfig, bins, engines, the SDK 2.x dependency and sigstore optional", () => {
    expect(pkg.files).toEqual(expect.arrayContaining(["dist", "spec", "server.json", "README.md"]));
    expect(pkg.files).toContain("!dist/**/*.map");
    expect(pkg.publishConfig).toEqual({ access: "public", provenance: true });
    expect(pkg.bin).toEqual({ axiom: "dist/cli.cjs", "axiom-mcp": "dist/cli.cjs" });
    expect(pkg.engines).toEqual({ node: ">=20" });
    expect(pkg.dependencies["@modelcontextprotocol/server"]).toMatch(/^\^2\./);
    for (const dep of Object.keys(pkg.dependencies)) expect(dep.startsWith("@codai/"), dep).toBe(false);
  });
});
