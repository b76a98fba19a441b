/**
 * Runs `work` on every item, at most `concurrency` at a time, in item order as slots
 * free up. `work` reports its own failures: one item's failure must not stop the
 * others, so a rejection here is a bug and ends the run.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
