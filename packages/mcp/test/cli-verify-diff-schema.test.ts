// `axiom verify` (structural, cli.md §7.7 / formats.md §10.1), `axiom diff` (§7.12 / §10.2) and
// `axiom schema` (§7.13), spawned for real against bundles compiled by the CLI itself.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { jsonSchemaFor, type ManifestBundle, SCHEMA_KINDS } from "@codai/axiom-schema";
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
const cli = (args: string[]) => runCli(args, { cwd: tmp.dir });

/** Compiles `plan` through the CLI and returns the bundle object. */
async function compiled(plan: Record<string, unknown>, extra: string[] = []): Promise<ManifestBundle> {
  await tmp.write("plan.json", json(plan));
  const run = await cli(["compile", "plan.json", ...extra]);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

function expectOneDocument(stdout: string): Record<string, unknown> & { errors?: unknown[] } {
  const doc = JSON.parse(stdout);
  expect(stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
  return doc;
}

describe("axiom verify (structural)", () => {
  it('"`verify b.json` valid → `ok: true`, exit 0"', async () => {
    const bundle = await compiled(helloPlan());
    await tmp.write("b.json", json(bundle));
    const run = await cli(["verify", "b.json"]);
    expect(run.code).toBe(0);
    expect(expectOneDocument(run.stdout)).toEqual({
      ok: true,
      manifestDigest: bundle.manifestDigest,
      canonical: true,
      signed: false,
      missing: [],
      errors: [],
    });
  });

  it('"Bundle with `manifestDigest` altered by one hex digit → … CLI verify (verify `errors[0] = {code: ERR_NOT_CANONICAL, path: "manifestDigest"}`, `canonical: false`)", exit 1', async () => {
    const bundle = await compiled(helloPlan());
    const last = bundle.manifestDigest.at(-1) === "0" ? "1" : "0";
    bundle.manifestDigest = `${bundle.manifestDigest.slice(0, -1)}${last}`;
    await tmp.write("b.json", json(bundle));
    const run = await cli(["verify", "b.json"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const result = expectOneDocument(run.stdout);
    expect(result.ok).toBe(false);
    expect(result.canonical).toBe(false);
    expect(result.errors?.[0]).toMatchObject({ code: "ERR_NOT_CANONICAL", path: "manifestDigest" });
  });

  it('"Bundle with artifacts unsorted → … verify lists it with path `manifest.artifacts`", exit 1', async () => {
    const bundle = await compiled(helloPlan());
    bundle.manifest.artifacts.reverse();
    await tmp.write("b.json", json(bundle));
    const run = await cli(["verify", "b.json"]);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.errors).toContainEqual(
      expect.objectContaining({ code: "ERR_NOT_CANONICAL", path: "manifest.artifacts" }),
    );
    expect(result.manifestDigest).toBeUndefined();
  });

  it('"Bundle compiled with `store: "cas"` → verify `ok: true`, `missing` = all non-delete paths"', async () => {
    const bundle = await compiled(helloPlan(), ["--store", "cas"]);
    await tmp.write("b.json", json(bundle));
    const run = await cli(["verify", "b.json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, missing: ["README.md", "src/a.ts"] });
  });

  it("a blob whose data hashes to another key → ok false, ERR_DIGEST_MISMATCH at blobs.<key>, exit 1", async () => {
    const bundle = await compiled(helloPlan());
    const key = Object.keys(bundle.blobs)[0] as string;
    bundle.blobs[key].data = "tampered";
    await tmp.write("b.json", json(bundle));
    const run = await cli(["verify", "b.json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).errors).toContainEqual(
      expect.objectContaining({ code: "ERR_DIGEST_MISMATCH", path: `blobs.${key}` }),
    );
  });

  it("an unreadable, non-UTF-8 or non-JSON bundle is an error line, not a result: ERR_NOT_FOUND / ERR_INVALID_MANIFEST, exit 2", async () => {
    const missing = await cli(["verify", "missing.json"]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(errorLine(missing)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "missing.json" } });

    await tmp.write("ff.json", Buffer.from([0x7b, 0xff, 0x7d]));
    const ff = await cli(["verify", "ff.json"]);
    expect(ff).toMatchObject({ code: 2, stdout: "" });
    expect(errorLine(ff)).toMatchObject({
      code: "ERR_INVALID_MANIFEST",
      details: { file: "ff.json", reason: "not-utf8" },
    });

    await tmp.write("notjson.txt", "hello");
    const notJson = await cli(["verify", "notjson.txt"]);
    expect(notJson).toMatchObject({ code: 2, stdout: "" });
    expect(errorLine(notJson)).toMatchObject({ code: "ERR_INVALID_MANIFEST" });
  });

  it("a JSON document that is not a bundle is a negative result (schema errors), exit 1", async () => {
    await tmp.write("plan.json", json(helloPlan()));
    const run = await cli(["verify", "plan.json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, canonical: false, signed: false, missing: [] });
  });
});

describe("axiom diff", () => {
  it('"`diff a.json b.json` with differences → exit 0" with {added, removed, changed} by path and digest', async () => {
    const a = await compiled(helloPlan());
    const b = await compiled(
      helloPlan({
        artifacts: [
          { path: "README.md", source: { type: "inline", content: "# changed\n" } },
          { path: "b.txt", source: { type: "inline", content: "b" } },
        ],
      }),
    );
    await tmp.write("a.json", json(a));
    await tmp.write("b.json", json(b));
    const run = await cli(["diff", "a.json", "b.json"]);
    expect(run.code).toBe(0);
    const readmeA = a.manifest.artifacts[0]?.digest?.sha256;
    const readmeB = b.manifest.artifacts[0]?.digest?.sha256;
    expect(expectOneDocument(run.stdout)).toEqual({
      added: ["b.txt"],
      removed: ["src/a.ts"],
      changed: [{ path: "README.md", from: `sha256:${readmeA}`, to: `sha256:${readmeB}` }],
    });
  });

  it("identical bundles → empty lists, exit 0", async () => {
    await tmp.write("a.json", json(await compiled(helloPlan())));
    const run = await cli(["diff", "a.json", "a.json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("both files pass bundle intake: an altered manifestDigest → ERR_NOT_CANONICAL, a non-bundle → ERR_INVALID_MANIFEST, exit 2", async () => {
    const bundle = await compiled(helloPlan());
    await tmp.write("a.json", json(bundle));
    await tmp.write("bad.json", json({ ...bundle, manifestDigest: `sha256:${"0".repeat(64)}` }));
    const altered = await cli(["diff", "a.json", "bad.json"]);
    expect(altered).toMatchObject({ code: 2, stdout: "" });
    expect(errorLine(altered)).toMatchObject({ code: "ERR_NOT_CANONICAL" });
    await tmp.write("plan.json", json(helloPlan()));
    const notBundle = await cli(["diff", "plan.json", "a.json"]);
    expect(errorLine(notBundle)).toMatchObject({ code: "ERR_INVALID_MANIFEST" });
  });
});

describe("axiom schema", () => {
  it('"`schema Plan` → a draft 2020-12 schema" equal to the generated schema and its committed copy', async () => {
    const run = await cli(["schema", "Plan"]);
    expect(run.code).toBe(0);
    const schema = expectOneDocument(run.stdout);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema).toEqual(jsonSchemaFor("Plan"));
    expect(run.stdout).toBe(await readFile(join(REPO, "packages/schema/json-schema/Plan.json"), "utf8"));
  });

  it("every Kind prints its schema, exit 0", async () => {
    for (const kind of SCHEMA_KINDS) {
      const run = await cli(["schema", kind]);
      expect(run.code, kind).toBe(0);
      expect(JSON.parse(run.stdout).$id).toBe(`axiom://schema/${kind}`);
    }
  });

  it('"`schema plan` → usage error"; missing or extra Kind → usage error, exit 2', async () => {
    for (const args of [["schema", "plan"], ["schema"], ["schema", "Plan", "Manifest"], ["schema", "Nope"]]) {
      const run = await cli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
  });
});
