// A tiny promise pool: at most `size` tasks run at once; results keep input order.
import { availableParallelism, cpus } from "node:os";

/** Guard pool size: max(1, min(4, cpu count)) (checks.md §7.9). */
export function guardPoolSize(): number {
  const n = typeof availableParallelism === "function" ? availableParallelism() : cpus().length;
  return Math.max(1, Math.min(4, n));
}

export async function runPool<T>(tasks: readonly (() => Promise<T>)[], size: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, size), tasks.length) }, worker));
  return results;
}
