// 2025-era HTTP sessions (mcp.md §11.4, threats.md T21): at most 64 per process, idle eviction after
// 30 min swept every min(idle, 60 s), LRU eviction of a session with nothing in flight when full.
// The clock is injectable so tests can age sessions without waiting.
import type { Logger } from "../../common/logging";

export const MAX_LEGACY_SESSIONS = 64;
export const SESSION_IDLE_MS = 1_800_000;

export interface SessionEntry {
  id: string;
  lastSeen: number;
  /** Requests being served, an open SSE GET included. */
  inFlight: number;
  /** The session transport's web-standard handler. */
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface SessionTableOptions {
  log: Logger;
  now?: () => number;
  idleMs?: number;
  max?: number;
}

export class SessionTable {
  readonly #entries = new Map<string, SessionEntry>();
  readonly #log: Logger;
  readonly now: () => number;
  readonly idleMs: number;
  readonly max: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: SessionTableOptions) {
    this.#log = options.log;
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.max = options.max ?? MAX_LEGACY_SESSIONS;
  }

  get size(): number {
    return this.#entries.size;
  }

  startSweeping(): void {
    this.#timer = setInterval(() => this.sweep(), Math.min(this.idleMs, 60_000));
    this.#timer.unref();
  }

  get(id: string): SessionEntry | undefined {
    const entry = this.#entries.get(id);
    if (entry && this.#expired(entry)) {
      this.#evict(entry, "http session evicted (idle)");
      return undefined;
    }
    return entry;
  }

  add(entry: SessionEntry): void {
    this.#entries.set(entry.id, entry);
    this.#log.info("http session opened", { sessionId: entry.id, sessions: this.#entries.size });
  }

  /** Called when a transport reports its session closed (DELETE, eviction or shutdown). */
  remove(id: string): void {
    if (!this.#entries.delete(id)) return;
    this.#log.info("http session closed", { sessionId: id, sessions: this.#entries.size });
  }

  /** Makes room for one more session; false when every session has a request in flight (→ 503). */
  makeRoom(): boolean {
    if (this.#entries.size < this.max) return true;
    let victim: SessionEntry | undefined;
    for (const e of this.#entries.values()) {
      if (e.inFlight > 0) continue;
      if (!victim || e.lastSeen < victim.lastSeen) victim = e;
    }
    if (!victim) return false;
    this.#evict(victim, "http session evicted (limit)");
    return true;
  }

  /** Evicts every session idle for longer than the window. */
  sweep(): void {
    for (const e of [...this.#entries.values()]) if (this.#expired(e)) this.#evict(e, "http session evicted (idle)");
  }

  async closeAll(): Promise<void> {
    const all = [...this.#entries.values()];
    await Promise.allSettled(all.map((e) => e.close()));
    for (const e of all) this.remove(e.id);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  #expired(e: SessionEntry): boolean {
    return e.inFlight === 0 && this.now() - e.lastSeen > this.idleMs;
  }

  #evict(e: SessionEntry, msg: string): void {
    this.#log.info(msg, { sessionId: e.id });
    this.remove(e.id);
    void e.close().catch(() => {});
  }
}
