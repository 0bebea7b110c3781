// Check tasks (checks.md §8.1–§8.5, mcp.md §9.1): ordinary tools over an in-memory store shared by
// every server instance of one process. Never persisted; a restart forgets them.
import { randomUUID } from "node:crypto";
import { type AxiomErrorObject, axiomError, isAxiomError, toErrorObject } from "@codai/axiom-schema";
import { ExpiringMap } from "./expiring-map";

export const TASK_LIMITS = {
  pollIntervalMs: 2000,
  ttlMs: 600_000,
  maxWorking: 8,
  maxFinished: 256,
} as const;

export type TaskStatus = "working" | "completed" | "failed" | "cancelled";

export interface TaskDescriptor {
  taskId: string;
  tool: "axiom_check";
  status: TaskStatus;
  pollIntervalMs: number;
  ttlMs: number;
  elapsedMs: number;
}

export interface TaskView extends TaskDescriptor {
  result?: unknown;
  error?: AxiomErrorObject;
}

interface Task {
  id: string;
  status: TaskStatus;
  createdAt: number;
  finishedAt?: number;
  result?: unknown;
  error?: AxiomErrorObject;
  controller: AbortController;
}

export class TaskStore {
  /** A finished task is kept for ttlMs after it finished; a working one never expires. */
  readonly #tasks: ExpiringMap<Task>;

  constructor(now: () => number = Date.now) {
    this.#tasks = new ExpiringMap(
      (task, t) => task.finishedAt !== undefined && t - task.finishedAt > TASK_LIMITS.ttlMs,
      now,
    );
  }

  private now(): number {
    return this.#tasks.now();
  }

  /** Keeps at most 256 finished tasks: the oldest finished ones go first. */
  #capFinished(): void {
    const finished = [...this.#tasks.values()].filter((x) => x.finishedAt !== undefined);
    finished.sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
    for (let i = 0; i < finished.length - TASK_LIMITS.maxFinished; i++) this.#tasks.delete(finished[i].id);
  }

  #finish(
    task: Task,
    status: Exclude<TaskStatus, "working">,
    payload: { result?: unknown; error?: AxiomErrorObject },
  ): void {
    if (task.status !== "working") return; // a late settlement never changes a terminal task
    task.status = status;
    task.finishedAt = this.now();
    if (payload.result !== undefined) task.result = payload.result;
    if (payload.error !== undefined) task.error = payload.error;
    this.#capFinished();
  }

  #view(task: Task): TaskView {
    const end = task.finishedAt ?? this.now();
    const view: TaskView = {
      taskId: task.id,
      tool: "axiom_check",
      status: task.status,
      pollIntervalMs: TASK_LIMITS.pollIntervalMs,
      ttlMs: TASK_LIMITS.ttlMs,
      elapsedMs: Math.max(0, end - task.createdAt),
    };
    if (task.status === "completed") view.result = task.result;
    if ((task.status === "failed" || task.status === "cancelled") && task.error) view.error = task.error;
    return view;
  }

  workingCount(): number {
    let n = 0;
    for (const t of this.#tasks.values()) if (t.status === "working") n++;
    return n;
  }

  /** Starts `work` with the task's abort signal; ERR_EBUSY past 8 working tasks. */
  start(work: (signal: AbortSignal) => Promise<unknown>): TaskDescriptor {
    this.#tasks.sweep();
    const working = this.workingCount();
    if (working >= TASK_LIMITS.maxWorking) {
      throw axiomError("ERR_EBUSY", {
        message: "too many running tasks",
        details: { working, max: TASK_LIMITS.maxWorking },
      });
    }
    const task: Task = {
      id: randomUUID(),
      status: "working",
      createdAt: this.now(),
      controller: new AbortController(),
    };
    this.#tasks.set(task.id, task);
    const descriptor = this.#view(task);
    // The work runs detached; its outcome lands in the store, never on the caller. It starts now so
    // that a cancel right after start already reaches its abort listeners.
    let running: Promise<unknown>;
    try {
      running = Promise.resolve(work(task.controller.signal));
    } catch (err) {
      running = Promise.reject(err);
    }
    running.then(
      (result) => this.#finish(task, "completed", { result }),
      (err) =>
        this.#finish(task, "failed", {
          error: isAxiomError(err) ? toErrorObject(err) : { code: "ERR_INTERNAL", message: toErrorObject(err).message },
        }),
    );
    return descriptor;
  }

  #lookup(taskId: string): Task {
    return this.#tasks.require(taskId, { message: `no task ${taskId}`, details: { taskId } });
  }

  get(taskId: string): TaskView {
    return this.#view(this.#lookup(taskId));
  }

  /** working → cancelled (abort fires); a terminal task is returned unchanged. */
  cancel(taskId: string): TaskView {
    const task = this.#lookup(taskId);
    if (task.status === "working") {
      this.#finish(task, "cancelled", { error: { code: "ERR_TASK_CANCELLED", message: "task cancelled" } });
      task.controller.abort();
    }
    return this.#view(task);
  }

  /** Server stop: every working task is aborted. */
  abortAll(): void {
    for (const task of this.#tasks.values()) {
      if (task.status === "working") {
        this.#finish(task, "cancelled", { error: { code: "ERR_TASK_CANCELLED", message: "server stopping" } });
        task.controller.abort();
      }
    }
  }
}
