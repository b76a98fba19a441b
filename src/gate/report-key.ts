/**
 * Key of a report of a run: its input and its pointer in it. In a module of its own, so
 * that the metrics' helpers can key reports without importing the baseline's module,
 * which imports the metrics' registry.
 */
export function reportKey(source: string, pointer: string): string {
  return `${source}\u0000${pointer}`;
}
