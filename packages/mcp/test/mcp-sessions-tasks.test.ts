// Chunked plan sessions (formats.md §2.6, mcp.md §9.2) and check tasks (checks.md §8, mcp.md §9.1).
import { arbPlan } from "@codai/axiom-testkit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PlanSessionStore, SESSION_LIMITS } from "../src/server/plan-sessions";
import { TASK_LIMITS, TaskStore } from "../src/server/tasks";
import { errorOf, tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const art = (path: string) => ({ path, source: { type: "inline", content: path } });
const header = { name: "chunks", intent: "" };

describe("plan sessions", () => {
  test("axiom_plan_begin → {artifacts: 0, bytes: 0, limits: {maxArtifacts: 2000, maxBytes: 67108864}, ttlMs: 1800000}", async () => {
    const h = inProcess([]);
    const r = await h.call("axiom_plan_begin", header);
    expect(r.structuredContent).toMatchObject({
      artifacts: 0,
      bytes: 0,
      limits: { maxArtifacts: 2000, maxBytes: 67108864 },
      ttlMs: 1800000,
    });
  });

  test("axiom_plan_add repeating a path from an earlier chunk → ERR_INVALID_PLAN with path and details.sessionId", () => {
    const s = new PlanSessionStore();
    const { sessionId } = s.begin(header);
    s.add(sessionId, [art("a.txt")]);
    expect(() => s.add(sessionId, [art("a.txt")])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PLAN", path: "a.txt", details: { sessionId } }),
    );
    expect(() => s.add(sessionId, [art("b.txt"), art("b.txt")])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PLAN", path: "b.txt" }),
    );
    expect(() => s.add(sessionId, [{ path: "../x", source: { type: "inline", content: "" } }])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PLAN" }),
    );
  });

  test("axiom_plan_add on a sealed session → ERR_PLAN_SESSION_STATE; 30 min after sealing (injected clock) → ERR_TASK_NOT_FOUND", () => {
    const c = clock();
    const s = new PlanSessionStore(c.now);
    const { sessionId } = s.begin(header);
    s.add(sessionId, [art("a.txt")]);
    s.seal(sessionId);
    expect(() => s.add(sessionId, [art("b.txt")])).toThrow(
      expect.objectContaining({ code: "ERR_PLAN_SESSION_STATE", details: { sessionId, have: 1, adding: 1 } }),
    );
    expect(() => s.seal(sessionId)).toThrow(
      expect.objectContaining({ code: "ERR_PLAN_SESSION_STATE", details: { sessionId, have: 1, adding: 0 } }),
    );
    c.advance(SESSION_LIMITS.tombstoneMs + 1);
    expect(() => s.add(sessionId, [art("b.txt")])).toThrow(
      expect.objectContaining({ code: "ERR_TASK_NOT_FOUND", details: { sessionId } }),
    );
  });

  test("an idle session expires 30 min after its last begin/add", () => {
    const c = clock();
    const s = new PlanSessionStore(c.now);
    const { sessionId } = s.begin(header);
    c.advance(SESSION_LIMITS.ttlMs);
    s.add(sessionId, [art("a.txt")]);
    c.advance(SESSION_LIMITS.ttlMs + 1);
    expect(() => s.add(sessionId, [art("b.txt")])).toThrow(expect.objectContaining({ code: "ERR_TASK_NOT_FOUND" }));
  });

  test("a chunk taking the session to 2001 artifacts → ERR_PLAN_SESSION_STATE {sessionId, have, adding, max: 2000}; past 64 MiB → max: 67108864", () => {
    const s = new PlanSessionStore();
    const { sessionId } = s.begin(header);
    s.add(
      sessionId,
      Array.from({ length: 1999 }, (_, i) => art(`f${i}`)),
    );
    expect(() => s.add(sessionId, [art("x1"), art("x2")])).toThrow(
      expect.objectContaining({
        code: "ERR_PLAN_SESSION_STATE",
        details: { sessionId, have: 1999, adding: 2, max: 2000 },
      }),
    );
    const big = new PlanSessionStore();
    const b = big.begin(header).sessionId;
    const content = "x".repeat(262_144);
    const chunk = (k: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ path: `big${k}-${i}`, source: { type: "inline", content } }));
    for (let k = 0; k < 5; k++) big.add(b, chunk(k, 50));
    expect(() => big.add(b, chunk(9, 10))).toThrow(
      expect.objectContaining({
        code: "ERR_PLAN_SESSION_STATE",
        details: expect.objectContaining({ sessionId: b, max: 67108864 }),
      }),
    );
  });

  test("17th axiom_plan_begin → ERR_EBUSY {open: 16, max: 16}", () => {
    const s = new PlanSessionStore();
    for (let i = 0; i < 16; i++) s.begin(header);
    expect(() => s.begin(header)).toThrow(
      expect.objectContaining({ code: "ERR_EBUSY", details: { open: 16, max: 16 } }),
    );
  });

  test("axiom_plan_seal whose compile fails (a cas source not stored) → that error, and the session is sealed anyway", async () => {
    const root = await tempRoot();
    try {
      const h = inProcess([root.dir]);
      const { sessionId } = (await h.call("axiom_plan_begin", header)).structuredContent as { sessionId: string };
      await h.call("axiom_plan_add", {
        sessionId,
        artifacts: [{ path: "c.bin", source: { type: "cas", digest: `sha256:${"a".repeat(64)}` } }],
      });
      const e = errorOf(await h.call("axiom_plan_seal", { sessionId, root: root.dir }));
      expect(e.code).toBe("ERR_BLOB_MISSING");
      expect(errorOf(await h.call("axiom_plan_seal", { sessionId })).code).toBe("ERR_PLAN_SESSION_STATE");
    } finally {
      await root.cleanup();
    }
  });

  describe("Property (fast-check): random valid Plan, random chunking → sealed manifestDigest = one-shot compile digest, for store inline and cas", () => {
    let root: { dir: string; cleanup: () => Promise<void> };
    beforeAll(async () => {
      root = await tempRoot();
    });
    afterAll(() => root.cleanup());

    for (const store of ["inline", "cas"] as const) {
      test(`store ${store}`, async () => {
        const h = inProcess([root.dir]);
        const arbCase = arbPlan.chain((plan) =>
          fc
            .array(fc.integer({ min: 1, max: plan.artifacts.length }), {
              minLength: 1,
              maxLength: plan.artifacts.length,
            })
            .map((cuts) => ({ plan, cuts })),
        );
        await fc.assert(
          fc.asyncProperty(arbCase, async ({ plan, cuts }) => {
            const where = store === "cas" ? { store, root: root.dir } : { store };
            const oneShot = await h.call("axiom_plan_compile", { plan, ...where });
            const { artifacts, apiVersion: _a, kind: _k, ...head } = plan;
            const begun = await h.call("axiom_plan_begin", head);
            const { sessionId } = begun.structuredContent as { sessionId: string };
            const bounds = [...new Set(cuts)].sort((a, b) => a - b).filter((c) => c < artifacts.length);
            let from = 0;
            for (const to of [...bounds, artifacts.length]) {
              await h.call("axiom_plan_add", { sessionId, artifacts: artifacts.slice(from, to) });
              from = to;
            }
            const sealed = await h.call("axiom_plan_seal", { sessionId, ...where });
            if (oneShot.isError) {
              expect(sealed.structuredContent).toEqual(oneShot.structuredContent);
              return;
            }
            expect(sealed.isError).toBeUndefined();
            expect(JSON.stringify(sealed.structuredContent)).toBe(JSON.stringify(oneShot.structuredContent));
          }),
          { numRuns: 25 },
        );
      });
    }
  });
});

describe("check tasks", () => {
  test("9th concurrent axiom_check_start → ERR_EBUSY {working: 8, max: 8}", () => {
    const s = new TaskStore();
    for (let i = 0; i < 8; i++) s.start(() => new Promise(() => {}));
    expect(() => s.start(async () => 1)).toThrow(
      expect.objectContaining({ code: "ERR_EBUSY", details: { working: 8, max: 8 } }),
    );
    s.abortAll();
  });

  test("257 finished tasks → the first → ERR_TASK_NOT_FOUND; the 257th → found; a finished task polled 10 min + 1 ms later (fake clock) → ERR_TASK_NOT_FOUND", async () => {
    const c = clock();
    const s = new TaskStore(c.now);
    const ids: string[] = [];
    for (let i = 0; i < 257; i++) {
      ids.push(s.start(async () => i).taskId);
      await new Promise((r) => setImmediate(r));
      c.advance(1);
    }
    expect(() => s.get(ids[0])).toThrow(
      expect.objectContaining({ code: "ERR_TASK_NOT_FOUND", details: { taskId: ids[0] } }),
    );
    expect(s.get(ids[256]).status).toBe("completed");
    // ids[256] finished 1 ms before the loop ended: poll at exactly 10 min, then 10 min + 1 ms.
    c.advance(TASK_LIMITS.ttlMs - 1);
    expect(s.get(ids[256]).status).toBe("completed");
    c.advance(1);
    expect(() => s.get(ids[256])).toThrow(expect.objectContaining({ code: "ERR_TASK_NOT_FOUND" }));
  });

  test('axiom_task_cancel on a working task → cancelled, error.code "ERR_TASK_CANCELLED", abort fires; second cancel → unchanged descriptor', async () => {
    const s = new TaskStore();
    let aborted = false;
    const { taskId } = s.start(
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("x"));
          }),
        ),
    );
    const first = s.cancel(taskId);
    expect(first.status).toBe("cancelled");
    expect(first.error?.code).toBe("ERR_TASK_CANCELLED");
    expect(aborted).toBe(true);
    await new Promise((r) => setImmediate(r));
    const again = s.cancel(taskId);
    expect(again.status).toBe("cancelled");
    expect(again.elapsedMs).toBe(first.elapsedMs);
  });

  test('axiom_task_get {taskId: "nope"} → ERR_TASK_NOT_FOUND {taskId}', async () => {
    const h = inProcess([]);
    const e = errorOf(await h.call("axiom_task_get", { taskId: "nope" }));
    expect(e).toMatchObject({ code: "ERR_TASK_NOT_FOUND", details: { taskId: "nope" } });
  });

  test('axiom_check_start → descriptor status "working", pollIntervalMs 2000, ttlMs 600000; checks.md 111: polling axiom_task_get → completed with result deep-equal to a synchronous axiom_check (except durationMs and provider ms)', async () => {
    const root = await tempRoot();
    try {
      const h = inProcess([root.dir]);
      const plan = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "t", intent: "", artifacts: [art("a.txt")] };
      const bundle = (await h.call("axiom_plan_compile", { plan, root: root.dir })).structuredContent;
      const started = await h.call("axiom_check_start", { bundle });
      expect(started.structuredContent).toMatchObject({
        tool: "axiom_check",
        status: "working",
        pollIntervalMs: 2000,
        ttlMs: 600000,
      });
      const { taskId } = started.structuredContent as { taskId: string };
      let view: Record<string, unknown> = {};
      for (let i = 0; i < 200; i++) {
        view = (await h.call("axiom_task_get", { taskId })).structuredContent as Record<string, unknown>;
        if (view.status !== "working") break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(view.status).toBe("completed");
      const sync = (await h.call("axiom_check", { bundle })).structuredContent as Record<string, unknown>;
      // checks.md acceptance 111: only `durationMs` and each provider's `ms` may differ.
      const strip = (r: Record<string, unknown>) => ({
        ...r,
        durationMs: 0,
        providers: (r.providers as Record<string, unknown>[]).map((p) => ({ ...p, ms: 0 })),
      });
      expect(strip(view.result as Record<string, unknown>)).toEqual(strip(sync));
    } finally {
      await root.cleanup();
    }
  });

  test("axiom_check_start with an invalid bundle → isError ERR_INVALID_MANIFEST, no task created; with profile permissive → task failed with ERR_INVALID_PROFILE", async () => {
    const root = await tempRoot();
    try {
      const h = inProcess([root.dir]);
      expect(errorOf(await h.call("axiom_check_start", { bundle: { manifest: {} } })).code).toBe(
        "ERR_INVALID_MANIFEST",
      );
      expect(h.deps.tasks.workingCount()).toBe(0);
      const plan = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "t", intent: "", artifacts: [art("a.txt")] };
      const bundle = (await h.call("axiom_plan_compile", { plan })).structuredContent;
      const { taskId } = (await h.call("axiom_check_start", { bundle, profile: "permissive" })).structuredContent as {
        taskId: string;
      };
      await new Promise((r) => setTimeout(r, 50));
      const view = (await h.call("axiom_task_get", { taskId })).structuredContent as {
        status: string;
        error: { code: string; details: unknown };
      };
      expect(view.status).toBe("failed");
      expect(view.error).toMatchObject({
        code: "ERR_INVALID_PROFILE",
        details: { profile: "permissive", allowed: ["default", "strict"] },
      });
    } finally {
      await root.cleanup();
    }
  });
});
