// `axiom emitters`, `--emitter <spec>` loading and template sources through a loaded web emitter
// (sources.md §4.3–§4.7, cli.md §7.14), spawned for real on the built dist. The web emitter's own
// dist/index.js is built first (Node 20 imports it as plain ESM).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CliRun, errorLine, REPO, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

const WEB = "@codai/axiom-emitters-web";
const HINT = "install @codai/axiom-emitters-web and pass --emitter @codai/axiom-emitters-web";
const WEB_TEMPLATES = [
  "biome.config",
  "drizzle.table",
  "hono.route",
  "next.route-handler",
  "next.server-action",
  "readme.section",
  "tailwind.globals",
];

beforeAll(() => {
  execFileSync(process.execPath, [join(REPO, "packages/emitters-web/scripts/build.mjs")], { cwd: REPO, shell: false });
});

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir("axiom-emitters-");
});
afterEach(async () => {
  await tmp.cleanup();
});

const cli = (args: string[]) => runCli(args, { cwd: tmp.dir });

function expectError(run: CliRun, code: string): Record<string, unknown> {
  expect(run.stdout).toBe("");
  expect(run.code).toBe(2);
  const err = errorLine(run);
  expect(err.code).toBe(code);
  return err;
}

/** A file emitter module (plain ESM) written into the temp dir. */
function emitterModule(id: string, version: string, render = 'return "x\\n";'): string {
  return `export default { id: ${JSON.stringify(id)}, version: ${JSON.stringify(version)}, templates: {
  t: { description: "test", params: { safeParse: (v) => ({ success: true, data: v }) }, render: (p) => { ${render} } },
} };\n`;
}

function templatePlan(emitter: string, template: string, params: Record<string, unknown> = {}, extra: unknown[] = []) {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "tpl",
    intent: "template test",
    artifacts: [{ path: "out/file.ts", source: { type: "template", emitter, template, params } }, ...extra],
  };
}

async function compile(plan: unknown, emitters: string[]): Promise<CliRun> {
  await tmp.write("plan.json", JSON.stringify(plan));
  return cli(["compile", "plan.json", ...emitters.flatMap((e) => ["--emitter", e])]);
}

type Bundle = {
  manifestDigest: string;
  manifest: {
    planDigest: string;
    toolchain: { emitters: Record<string, string> };
    artifacts: { digest?: { sha256: string } }[];
  };
};

describe("axiom emitters", () => {
  it('"`axiom emitters --json` without `--emitter` → `[]`"; "`emitters` → no output"', async () => {
    const json = await cli(["emitters", "--json"]);
    expect(json.code).toBe(0);
    expect(json.stdout).toBe("[]\n");
    // Piped without --json it is the JSON form too (CLI-O1); on a terminal the text form is empty.
    expect((await cli(["emitters"])).stdout).toBe("[]\n");
    const text = await runCliTty(["emitters"], { cwd: tmp.dir });
    expect(text.code).toBe(0);
    expect(text.output).toBe("");
  });

  it('"`axiom emitters --json --emitter @codai/axiom-emitters-web` → 7 rows ordered by template name, each { emitter: "web", version: "2.0.0", template, description }"', async () => {
    const run = await cli(["emitters", "--json", "--emitter", WEB]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Record<string, string>[];
    expect(rows.map((r) => r.template)).toEqual(WEB_TEMPLATES);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(["emitter", "version", "template", "description"]);
      expect(row.emitter).toBe("web");
      expect(row.version).toBe("2.0.0");
    }
    expect(run.stdout).toBe(`${JSON.stringify(rows, null, 2)}\n`);
  });

  it("text form: one line per row `<emitter>@<version>: <template> — <description>`, ordered by emitter id then template", async () => {
    await tmp.write("a.mjs", emitterModule("aaa", "1.0.0"));
    const run = await runCliTty(["emitters", "--emitter", WEB, "--emitter", "./a.mjs"], { cwd: tmp.dir });
    expect(run.code).toBe(0);
    const lines = run.plain.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe("aaa@1.0.0: t — test");
    expect(lines[1]).toBe(
      "web@2.0.0: biome.config — Biome configuration with 2-space indent, width 100, double quotes, LF and strict lint rules",
    );
    expect(lines).toHaveLength(9);
  });

  it('"`emitters --emitter ./nope.mjs` → ERR_EMITTER_UNKNOWN details.reason: "not-found", exit 2"', async () => {
    const err = expectError(await cli(["emitters", "--emitter", "./nope.mjs"]), "ERR_EMITTER_UNKNOWN");
    expect(err.details).toEqual({ module: "./nope.mjs", reason: "not-found", available: [], hint: HINT });
    const pkg = expectError(await cli(["emitters", "--emitter", "@codai/no-such-emitter"]), "ERR_EMITTER_UNKNOWN");
    expect((pkg.details as Record<string, unknown>).reason).toBe("not-found");
  });

  it('"`--emitter ./missing.mjs` → exit 2, ERR_EMITTER_UNKNOWN; `axiom mcp` does not start"', async () => {
    const run = await cli(["mcp", "--root", ".", "--emitter", "./missing.mjs"]);
    expect(run.code).toBe(2);
    const lines = run.stderr
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const err = lines.find((l) => l.code === "ERR_EMITTER_UNKNOWN");
    expect(err?.details).toMatchObject({ module: "./missing.mjs", reason: "not-found" });
    expect(run.stdout).toBe("");
  });

  it('"`--emitter` module exporting `{}` → ERR_EMITTER_UNKNOWN details.reason: "shape""', async () => {
    await tmp.write("empty.mjs", "export default {};\n");
    await tmp.write("none.mjs", "export const unrelated = 1;\n");
    await tmp.write("bad-version.mjs", emitterModule("x", "v1"));
    await tmp.write("empty-list.mjs", "export const emitters = [];\n");
    for (const spec of ["./empty.mjs", "./none.mjs", "./bad-version.mjs", "./empty-list.mjs"]) {
      const err = expectError(await cli(["emitters", "--emitter", spec]), "ERR_EMITTER_UNKNOWN");
      expect(err.details).toEqual({ module: spec, reason: "shape", available: [], hint: HINT });
    }
  });

  it('import threw → ERR_EMITTER_UNKNOWN `{ module, reason: "load-failed", available: [], hint }`', async () => {
    await tmp.write("boom.mjs", 'throw new Error("boom");\n');
    await tmp.write("broken-dep.mjs", 'import "./does-not-exist.mjs";\nexport default {};\n');
    for (const spec of ["./boom.mjs", "./broken-dep.mjs"]) {
      const err = expectError(await cli(["emitters", "--emitter", spec]), "ERR_EMITTER_UNKNOWN");
      expect(err.details).toEqual({ module: spec, reason: "load-failed", available: [], hint: HINT });
    }
  });

  it('"two `--emitter` specs exporting id `web` → ERR_INTERNAL" `{ emitter }`', async () => {
    await tmp.write("web2.mjs", emitterModule("web", "9.9.9"));
    const err = expectError(await cli(["emitters", "--emitter", WEB, "--emitter", "./web2.mjs"]), "ERR_INTERNAL");
    expect(err.details).toEqual({ emitter: "web" });
  });

  it("a package specifier resolves from the current directory first (ESM `exports` with an `import` condition)", async () => {
    await tmp.write(
      "node_modules/local-emitter/package.json",
      JSON.stringify({ name: "local-emitter", type: "module", exports: { ".": { import: "./main.mjs" } } }),
    );
    await tmp.write(
      "node_modules/local-emitter/main.mjs",
      `export const emitters = [${emitterModule("local", "0.1.0").slice("export default ".length, -2)}];\n`,
    );
    const run = await cli(["emitters", "--json", "--emitter", "local-emitter"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      { emitter: "local", version: "0.1.0", template: "t", description: "test" },
    ]);
  });
});

describe("template sources through a loaded emitter", () => {
  it('"template source with no emitter loaded → ERR_EMITTER_UNKNOWN details: { emitter, available: [], hint }"', async () => {
    const err = expectError(await compile(templatePlan("web", "hono.route"), []), "ERR_EMITTER_UNKNOWN");
    expect(err.details).toEqual({ emitter: "web", available: [], hint: HINT });
    expect(err.path).toBe("out/file.ts");
  });

  it('"`--emitter @codai/axiom-emitters-web`, template `web`/`nope` → ERR_TEMPLATE_UNKNOWN `details.available` = the 7 names sorted"', async () => {
    const err = expectError(await compile(templatePlan("web", "nope"), [WEB]), "ERR_TEMPLATE_UNKNOWN");
    expect(err.details).toEqual({ emitter: "web", template: "nope", available: WEB_TEMPLATES });
  });

  it('"template name `constructor` or `toString` → ERR_TEMPLATE_UNKNOWN (own keys only)"', async () => {
    for (const name of ["constructor", "toString"]) {
      expectError(await compile(templatePlan("web", name), [WEB]), "ERR_TEMPLATE_UNKNOWN");
    }
  });

  it('"`hono.route` with `path: "x"` → ERR_TEMPLATE_PARAMS `details.issues`"', async () => {
    const plan = templatePlan("web", "hono.route", { name: "r", path: "x", methods: ["GET"] });
    const err = expectError(await compile(plan, [WEB]), "ERR_TEMPLATE_PARAMS");
    const details = err.details as { emitter: string; template: string; issues: { path: string }[] };
    expect(details.emitter).toBe("web");
    expect(details.template).toBe("hono.route");
    expect(details.issues.map((i) => i.path)).toContain("path");
  });

  it('"template params with an extra key → ERR_TEMPLATE_PARAMS"', async () => {
    const plan = templatePlan("web", "tailwind.globals", { dark: true });
    expectError(await compile(plan, [WEB]), "ERR_TEMPLATE_PARAMS");
  });

  it('"emitter whose render throws → ERR_INTERNAL `details: { emitter, template }`"', async () => {
    await tmp.write("throws.mjs", emitterModule("thrower", "1.0.0", 'throw new Error("render bug");'));
    const err = expectError(await compile(templatePlan("thrower", "t"), ["./throws.mjs"]), "ERR_INTERNAL");
    expect(err.details).toEqual({ emitter: "thrower", template: "t" });
  });

  it('"emitter rendering 262 145 bytes → ERR_BLOB_TOO_LARGE"', async () => {
    await tmp.write("big.mjs", emitterModule("big", "1.0.0", 'return "a".repeat(262145);'));
    const err = expectError(await compile(templatePlan("big", "t"), ["./big.mjs"]), "ERR_BLOB_TOO_LARGE");
    expect(err.details).toEqual({ bytes: 262145, max: 262144 });
  });

  it('"Plan with one `web` template artifact → `toolchain.emitters: { web: "2.0.0" }`; same Plan with the emitter loaded but no template artifact → `toolchain.emitters: {}`"', async () => {
    const used = await compile(templatePlan("web", "tailwind.globals"), [WEB]);
    expect(used.code).toBe(0);
    const bundle = JSON.parse(used.stdout) as Bundle;
    expect(bundle.manifest.toolchain.emitters).toEqual({ web: "2.0.0" });
    // The artifact bytes are the golden rendering.
    const golden = readFileSync(join(REPO, "packages/emitters-web/src/__golden__/tailwind.globals.txt"));
    expect(bundle.manifest.artifacts[0]?.digest?.sha256).toBe(createHash("sha256").update(golden).digest("hex"));

    const inlineOnly = {
      ...templatePlan("web", "x"),
      artifacts: [{ path: "a.txt", source: { type: "inline", content: "a\n" } }],
    };
    const unused = await compile(inlineOnly, [WEB]);
    expect(unused.code).toBe(0);
    expect((JSON.parse(unused.stdout) as Bundle).manifest.toolchain.emitters).toEqual({});
  });

  it('"changing template `params` → `planDigest` changes; changing only the emitter version → `planDigest` same, `manifestDigest` differs"', async () => {
    const a = await compile(templatePlan("web", "readme.section", { title: "A", body: "x" }), [WEB]);
    const b = await compile(templatePlan("web", "readme.section", { title: "B", body: "x" }), [WEB]);
    const [ba, bb] = [a, b].map((r) => JSON.parse(r.stdout) as Bundle);
    expect(ba?.manifest.planDigest).not.toBe(bb?.manifest.planDigest);

    await tmp.write("v1.mjs", emitterModule("same", "1.0.0"));
    await tmp.write("v2.mjs", emitterModule("same", "1.0.1"));
    const c = JSON.parse((await compile(templatePlan("same", "t"), ["./v1.mjs"])).stdout) as Bundle;
    const d = JSON.parse((await compile(templatePlan("same", "t"), ["./v2.mjs"])).stdout) as Bundle;
    expect(c.manifest.planDigest).toBe(d.manifest.planDigest);
    expect(c.manifestDigest).not.toBe(d.manifestDigest);
  });
});
