// Bounded concurrency for independent fs jobs (apply's fsyncs of one durability step, compile's CAS
// writes): kept here because canon is the leaf both plan and apply import.

/**
 * Runs `job` over `items` with at most `limit` in flight, started in input order. No item is
 * started after a failure; every started job is awaited, then the error of the earliest failed
 * item (in input order) is thrown: among the started ones, the failure a sequential loop reports.
 */
export async function eachLimit<T>(items: readonly T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  const errors: { at: number; err: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && errors.length === 0) {
      const at = next++;
      try {
        await job(items[at] as T);
      } catch (err) {
        errors.push({ at, err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors.reduce((a, b) => (b.at < a.at ? b : a)).err;
}
