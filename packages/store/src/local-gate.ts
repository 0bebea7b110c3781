// An in-process FIFO mutex per key, with a per-caller wait limit. It sits in front of a file mutex
// that is polled (the intent registry's `.mutex`, apply.md §11.4) so that only one caller of this
// process polls the file at a time, whatever the number of concurrent callers (decisions CONC-13),
// and orders this process's atomic writes of one file, which share one temp name (APL-15).
interface Entry {
  grant(): void;
}

export class KeyedGate {
  /** Per key: the holder first, then the waiters in arrival order. */
  private readonly lines = new Map<string, Entry[]>();

  /**
   * Resolves with a `leave` function once this caller is first in line for `key`, or with
   * undefined when `waitMs` passes first (the caller is then out of the line; `Infinity` never
   * passes). `leave` is idempotent.
   */
  enter(key: string, waitMs: number): Promise<(() => void) | undefined> {
    let line = this.lines.get(key);
    if (!line) {
      line = [];
      this.lines.set(key, line);
    }
    const queue = line;
    return new Promise((resolve) => {
      let left = false;
      const entry: Entry = {
        grant: () => {
          clearTimeout(timer);
          resolve(() => {
            if (left) return;
            left = true;
            this.drop(key, queue, entry);
          });
        },
      };
      let timer: NodeJS.Timeout | undefined;
      queue.push(entry);
      if (queue.length === 1) {
        entry.grant();
        return;
      }
      if (waitMs === Number.POSITIVE_INFINITY) return; // waits for its turn, however long
      timer = setTimeout(
        () => {
          left = true;
          this.drop(key, queue, entry);
          resolve(undefined);
        },
        Math.max(0, waitMs),
      );
    });
  }

  /** Forgets every line (their holders and waiters are never granted again by this gate). */
  clear(): void {
    this.lines.clear();
  }

  private drop(key: string, queue: Entry[], entry: Entry): void {
    const at = queue.indexOf(entry);
    if (at < 0) return;
    queue.splice(at, 1);
    if (at === 0) queue[0]?.grant();
    if (queue.length === 0 && this.lines.get(key) === queue) this.lines.delete(key);
  }
}
