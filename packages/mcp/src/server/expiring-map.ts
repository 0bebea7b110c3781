// The in-memory store shape shared by check tasks and chunked plan sessions (mcp.md §9): items keyed
// by a random id, dropped lazily once `expired(item, now)` says so, and an unknown or expired id is
// ERR_TASK_NOT_FOUND. `now` is injectable so tests drive expiry with a fake clock.
import { axiomError } from "@codai/axiom-schema";

export class ExpiringMap<T> {
  readonly #items = new Map<string, T>();

  constructor(
    private readonly expired: (item: T, now: number) => boolean,
    readonly now: () => number = Date.now,
  ) {}

  /** Drops every expired item. */
  sweep(): void {
    const t = this.now();
    for (const [id, item] of this.#items) if (this.expired(item, t)) this.#items.delete(id);
  }

  set(id: string, item: T): void {
    this.#items.set(id, item);
  }

  delete(id: string): void {
    this.#items.delete(id);
  }

  values(): IterableIterator<T> {
    return this.#items.values();
  }

  /** The live item `id` (after a sweep), else ERR_TASK_NOT_FOUND with `message` and `details`. */
  require(id: string, notFound: { message: string; details: Record<string, string> }): T {
    this.sweep();
    const item = this.#items.get(id);
    if (item === undefined) throw axiomError("ERR_TASK_NOT_FOUND", notFound);
    return item;
  }
}
