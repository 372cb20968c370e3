/** Photos sent to storage at the same time (car packages and batches). */
export const PARALLEL_UPLOADS = 3;

/** Runs `run` over the items in order, at most `limit` at a time; rejects with the first error a run throws. */
export async function runLimited<T>(items: readonly T[], limit: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
