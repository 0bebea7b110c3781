// Evaluates a validated CEL expression in a worker thread so the 100 ms budget (checks.md §4.9)
// is enforced even against a runaway comprehension or a backtracking regex: the worker is
// terminated when the budget is spent. The budget starts once the worker has parsed the
// expression, so it measures evaluation only. Workers are reused (at most IDLE_MAX kept, unref'd
// so they never hold the process open); a terminated or failed worker is never reused.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CelValue } from "./cel-vars";

export type CelEvalOutcome =
  | { kind: "bool"; value: boolean }
  | { kind: "nonBool"; type: string }
  | { kind: "error"; message: string }
  | { kind: "budget"; budgetMs: number }
  | { kind: "engine"; message: string };

/** Worker body (CommonJS, eval'd): load the engine once, then parse → "ready" → evaluate per job. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const firstLine = (e) => String((e && e.message) || e).split("\\n")[0];
const typeName = (v) => v === null ? "null" : Array.isArray(v) ? "list" : v instanceof Uint8Array ? "bytes"
  : typeof v === "bigint" ? "int" : typeof v === "number" ? "double" : typeof v === "object" ? "map" : typeof v;
const engine = import(workerData.celUrl);
parentPort.on("message", (job) => {
  engine.then((cel) => {
    let program;
    try {
      const env = new cel.Environment();
      for (const name of job.variables) env.registerVariable(name, "dyn");
      program = env.parse(job.expression);
    } catch (e) {
      parentPort.postMessage({ id: job.id, t: "error", message: firstLine(e) });
      return;
    }
    parentPort.postMessage({ id: job.id, t: "ready" });
    try {
      const value = program(job.vars);
      if (typeof value === "boolean") parentPort.postMessage({ id: job.id, t: "bool", value });
      else parentPort.postMessage({ id: job.id, t: "nonBool", type: typeName(value) });
    } catch (e) {
      parentPort.postMessage({ id: job.id, t: "error", message: firstLine(e) });
    }
  }, (e) => parentPort.postMessage({ id: job.id, t: "engine", message: firstLine(e) }));
});
`;

/** Worker start-up plus parse may take this long before it counts as an engine failure. */
const STARTUP_LIMIT_MS = 15_000;
const IDLE_MAX = 2;

let celUrlCache: string | undefined;
/** File URL of the cel-js entry, resolved from this module (works from src and from the bundle). */
export function celModuleUrl(): string {
  celUrlCache ??= pathToFileURL(createRequire(import.meta.url).resolve("@marcbachmann/cel-js")).href;
  return celUrlCache;
}

export interface CelEvalInput {
  expression: string;
  vars: Record<string, CelValue>;
  variables: readonly string[];
  budgetMs: number;
  celUrl?: string;
}

interface PooledWorker {
  worker: Worker;
  url: string;
  dead: boolean;
}

const idle: PooledWorker[] = [];
let nextJob = 0;

function acquire(url: string): PooledWorker {
  const reuse = idle.findIndex((w) => w.url === url && !w.dead);
  if (reuse >= 0) {
    const [w] = idle.splice(reuse, 1) as [PooledWorker];
    w.worker.ref();
    return w;
  }
  const pooled: PooledWorker = {
    worker: new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { celUrl: url },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: true,
      stderr: true,
    }),
    url,
    dead: false,
  };
  const markDead = () => {
    pooled.dead = true;
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
  };
  pooled.worker.on("exit", markDead);
  pooled.worker.on("error", markDead);
  return pooled;
}

function release(w: PooledWorker): void {
  if (w.dead) return;
  if (idle.length >= IDLE_MAX) {
    w.dead = true;
    void w.worker.terminate().catch(() => undefined);
    return;
  }
  w.worker.unref();
  idle.push(w);
}

export function evaluateCelInWorker(input: CelEvalInput): Promise<CelEvalOutcome> {
  return new Promise((resolve) => {
    let pooled: PooledWorker;
    try {
      pooled = acquire(input.celUrl ?? celModuleUrl());
    } catch (err) {
      resolve({ kind: "engine", message: err instanceof Error ? err.message : String(err) });
      return;
    }
    const { worker } = pooled;
    const id = ++nextJob;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const onMessage = (m: { id: number; t: string; value?: boolean; type?: string; message?: string }) => {
      if (m.id !== id) return;
      if (m.t === "ready") {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: "budget", budgetMs: input.budgetMs }, true), input.budgetMs);
      } else if (m.t === "bool") finish({ kind: "bool", value: m.value === true }, false);
      else if (m.t === "nonBool") finish({ kind: "nonBool", type: m.type ?? "unknown" }, false);
      else if (m.t === "engine") finish({ kind: "engine", message: m.message ?? "engine failed to load" }, true);
      else finish({ kind: "error", message: m.message ?? "evaluation failed" }, false);
    };
    const onError = (err: Error) => finish({ kind: "error", message: err.message }, true);
    const onExit = () => finish({ kind: "error", message: "the CEL worker exited without a result" }, true);
    function finish(outcome: CelEvalOutcome, kill: boolean) {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (kill) {
        pooled.dead = true;
        void worker.terminate().catch(() => undefined);
      } else release(pooled);
      resolve(outcome);
    }
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    timer = setTimeout(
      () => finish({ kind: "engine", message: "the CEL worker did not start" }, true),
      STARTUP_LIMIT_MS,
    );
    worker.postMessage({ id, expression: input.expression, variables: input.variables, vars: input.vars });
  });
}
