// formats.md §2 (Plan schema) and §3.2 steps 1–2; mcp.md axiom_plan_validate result shape.

import { EXAMPLE_1, expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { compilePlan, parsePlan, validatePlan } from "../src/index";
import { hex64 } from "./helpers";

const issuesOf = (err: { details?: Record<string, unknown> }) =>
  err.details?.issues as { path: string; code?: string }[];

describe("Plan schema (formats.md §2)", () => {
  it('Plan missing `intent` → ERR_INVALID_PLAN with details.issues[0].path = "intent"', async () => {
    const plan: Record<string, unknown> = EXAMPLE_1();
    delete plan.intent;
    const err = await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
    expect(issuesOf(err)[0]?.path).toBe("intent");
  });

  it("Plan with `intent` of 2001 chars → ERR_INVALID_PLAN (2000 is fine)", async () => {
    await expectCode(() => parsePlan({ ...EXAMPLE_1(), intent: "x".repeat(2001) }), "ERR_INVALID_PLAN");
    expect(parsePlan({ ...EXAMPLE_1(), intent: "x".repeat(2000) }).intent).toHaveLength(2000);
  });

  it('Plan `name: "Bad_Name"` → ERR_INVALID_PLAN', async () => {
    await expectCode(() => parsePlan({ ...EXAMPLE_1(), name: "Bad_Name" }), "ERR_INVALID_PLAN");
  });

  it("Plan with an unknown top-level key (JSON, incl. `$schema`) → ERR_INVALID_PLAN", async () => {
    await expectCode(() => parsePlan({ ...EXAMPLE_1(), extra: 1 }), "ERR_INVALID_PLAN");
    await expectCode(() => parsePlan({ $schema: "https://x", ...EXAMPLE_1() }), "ERR_INVALID_PLAN");
  });

  it("Plan with 0 or 2001 artifacts → ERR_INVALID_PLAN", async () => {
    await expectCode(() => parsePlan({ ...EXAMPLE_1(), artifacts: [] }), "ERR_INVALID_PLAN");
    const many = Array.from({ length: 2001 }, (_, i) => ({ path: `f${i}`, op: "delete" }));
    await expectCode(() => parsePlan({ ...EXAMPLE_1(), artifacts: many }), "ERR_INVALID_PLAN");
    expect(parsePlan({ ...EXAMPLE_1(), artifacts: many.slice(0, 2000) }).artifacts).toHaveLength(2000);
  });

  it("Two artifacts with the same path → ERR_INVALID_PLAN, `path` = that path; two checks with the same id → ERR_INVALID_PLAN, `details.id`", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts.push({ path: "README.md", op: "delete" });
    const err = await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
    expect(err.path).toBe("README.md");
    const checks = EXAMPLE_1();
    checks.checks.push({ id: "no-secrets", predicate: "path.deny", params: {} });
    const err2 = await expectCode(() => parsePlan(checks), "ERR_INVALID_PLAN");
    expect(err2.details).toEqual({ id: "no-secrets" });
  });

  it("the first repeated path in authored order wins over a later one, and paths are scanned before check ids", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts.push({ path: "src/old.ts", op: "delete" }, { path: "README.md", op: "delete" });
    plan.checks.push({ id: "no-secrets", predicate: "path.deny", params: {} });
    const err = await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
    expect(err.path).toBe("src/old.ts");
  });

  it("`op: delete` with a source, or `op: create` without one → ERR_INVALID_PLAN, issue path ends with `source`", async () => {
    const del = EXAMPLE_1();
    del.artifacts[2] = { path: "src/old.ts", op: "delete", source: { type: "inline", content: "x" } };
    const e1 = await expectCode(() => parsePlan(del), "ERR_INVALID_PLAN");
    expect(issuesOf(e1)[0]?.path).toBe("artifacts.2.source");
    const create = EXAMPLE_1();
    create.artifacts[0] = { path: "src/greet.ts" };
    const e2 = await expectCode(() => parsePlan(create), "ERR_INVALID_PLAN");
    expect(issuesOf(e2)[0]?.path).toBe("artifacts.0.source");
  });

  it('`ref` with `uri: "http://…"` → ERR_INVALID_PLAN', async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = {
      path: "a.txt",
      source: { type: "ref", uri: "http://example.com/a", digest: `sha256:${hex64("a")}` },
    };
    await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
  });

  it("`metadata` containing a lone surrogate string → ERR_INVALID_PLAN (not ERR_INTERNAL)", async () => {
    const err = await expectCode(
      () => compilePlan({ ...EXAMPLE_1(), metadata: { note: "bad \uD800 here" } }),
      "ERR_INVALID_PLAN",
    );
    expect(issuesOf(err)[0]?.path).toBe("metadata.note");
    await expectCode(() => compilePlan({ ...EXAMPLE_1(), metadata: { "\uDC00": 1 } }), "ERR_INVALID_PLAN");
  });

  it("a lone surrogate in inline content or a non-finite number in params → ERR_INVALID_PLAN, never ERR_INTERNAL", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = { path: "a.txt", source: { type: "inline", content: "x\uDBFF" } };
    await expectCode(() => compilePlan(plan), "ERR_INVALID_PLAN");
    const nan = EXAMPLE_1();
    nan.checks[0] = { id: "c", predicate: "a.b", params: { n: Number.NaN } };
    await expectCode(() => compilePlan(nan), "ERR_INVALID_PLAN");
    await expectCode(
      () => compilePlan({ ...EXAMPLE_1(), metadata: { n: Number.POSITIVE_INFINITY } }),
      "ERR_INVALID_PLAN",
    );
  });

  it('a Plan with `cas.digest: "sha256:XYZ"` → ERR_INVALID_PLAN whose issue has `code: ERR_DIGEST_FORMAT`', async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = { path: "a.txt", source: { type: "cas", digest: "sha256:XYZ" } };
    const err = await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
    expect(issuesOf(err)).toContainEqual(
      expect.objectContaining({ path: "artifacts.0.source.digest", code: "ERR_DIGEST_FORMAT" }),
    );
  });

  it("a RelPath failure is an issue carrying every failing code of the path", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = { path: "/a//CON.txt:", source: { type: "inline", content: "x" } };
    const err = await expectCode(() => parsePlan(plan), "ERR_INVALID_PLAN");
    expect(issuesOf(err).map((i) => i.code)).toEqual([
      "ERR_PATH_NOT_RELATIVE_POSIX",
      "ERR_PATH_INVALID_CHAR",
      "ERR_PATH_SEGMENT",
      "ERR_PATH_RESERVED_NAME",
    ]);
  });

  it("details.issues holds at most 20 `{path, message, code?}` entries", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ path: `bad${i}/`, op: "delete" }));
    const err = await expectCode(() => parsePlan({ ...EXAMPLE_1(), artifacts: many }), "ERR_INVALID_PLAN");
    const issues = issuesOf(err);
    expect(issues).toHaveLength(20);
    for (const i of issues) expect(Object.keys(i).sort()).toEqual(["code", "message", "path"]);
  });

  it("defaults are applied: profile, capabilities, mode, op, encoding, template params, severity, metadata", () => {
    const plan = parsePlan({
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "d",
      intent: "",
      artifacts: [
        { path: "a", source: { type: "inline", content: "" } },
        { path: "b", source: { type: "template", emitter: "web", template: "t" } },
      ],
      checks: [{ id: "c", predicate: "a.b", params: null }],
    });
    expect(plan.profile).toBe("default");
    expect(plan.capabilities).toEqual([]);
    expect(plan.metadata).toEqual({});
    expect(plan.artifacts[0]).toEqual({
      path: "a",
      mode: "0644",
      op: "create",
      source: { type: "inline", content: "", encoding: "utf8" },
    });
    expect(plan.artifacts[1]?.source).toEqual({ type: "template", emitter: "web", template: "t", params: {} });
    expect(plan.checks[0]?.severity).toBe("error");
    expect("counter" in plan).toBe(false);
  });

  it("non-object inputs are ERR_INVALID_PLAN", async () => {
    for (const input of [null, 1, "plan", [], true, undefined])
      await expectCode(() => parsePlan(input), "ERR_INVALID_PLAN");
  });
});

describe("validatePlan — axiom_plan_validate result {ok, planDigest?, errors[]} (mcp.md)", () => {
  it('`artifacts[0].path: "../x"` → ok: false, an entry {path: "/artifacts/0/path", code: "ERR_PATH_SEGMENT"}', async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = { path: "../x", source: { type: "inline", content: "x" } };
    const result = await validatePlan(plan);
    expect(result.ok).toBe(false);
    expect(result.planDigest).toBeUndefined();
    expect(result.errors).toContainEqual(
      expect.objectContaining({ path: "/artifacts/0/path", code: "ERR_PATH_SEGMENT" }),
    );
  });

  it("an all-inline valid Plan → ok: true and planDigest equal to compile's manifest.planDigest", async () => {
    const result = await validatePlan(EXAMPLE_1());
    const { bundle } = await compilePlan(EXAMPLE_1());
    expect(result).toEqual({ ok: true, planDigest: bundle.manifest.planDigest, errors: [] });
  });

  it("a Plan with a `cas` source → ok: true, no planDigest", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[0] = { path: "a.txt", source: { type: "cas", digest: `sha256:${hex64("a")}` } };
    expect(await validatePlan(plan)).toEqual({ ok: true, errors: [] });
  });

  it("two artifacts of the same path → ok: false, one ERR_INVALID_PLAN entry", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts.push({ path: "README.md", op: "delete" });
    const result = await validatePlan(plan);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { code: "ERR_INVALID_PLAN", message: "duplicate artifact path", path: "/artifacts/3/path" },
    ]);
  });

  it("a trial-compile failure → one entry with its code, pointing at the artifact", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts[1] = {
      path: "README.md",
      op: "overwrite",
      source: { type: "inline", encoding: "base64", content: "abc" },
    };
    const result = await validatePlan(plan);
    expect(result).toEqual({
      ok: false,
      errors: [{ code: "ERR_INVALID_PLAN", message: expect.any(String), path: "/artifacts/1" }],
    });
  });

  it("errors are capped at 20; a schema issue without an AXIOM code has code ERR_INVALID_PLAN (SEC-32); keys are JSON-Pointer escaped", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ path: `bad${i}/`, op: "delete" }));
    const result = await validatePlan({ ...EXAMPLE_1(), artifacts: many });
    expect(result.errors).toHaveLength(20);
    const meta = await validatePlan({ ...EXAMPLE_1(), metadata: { "a/b~c": Number.NaN } });
    expect(meta.errors[0]).toEqual({
      path: "/metadata/a~1b~0c",
      message: expect.any(String),
      code: "ERR_INVALID_PLAN",
    });
    const missing: Record<string, unknown> = EXAMPLE_1();
    delete missing.intent;
    expect((await validatePlan(missing)).errors).toEqual([
      { path: "/intent", message: expect.any(String), code: "ERR_INVALID_PLAN" },
    ]);
  });
});

describe("absurd nesting is bad input, not an internal error", () => {
  const deep = (n: number) => JSON.parse(`${"[".repeat(n)}${"]".repeat(n)}`) as unknown;

  it("a Plan whose metadata nests 50 000 levels → ERR_INVALID_PLAN", async () => {
    await expectCode(() => compilePlan({ ...EXAMPLE_1(), metadata: { deep: deep(50_000) } }), "ERR_INVALID_PLAN");
    expect((await validatePlan({ ...EXAMPLE_1(), metadata: { deep: deep(50_000) } })).ok).toBe(false);
  });
});
