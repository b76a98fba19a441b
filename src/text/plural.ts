import { displayCount } from './display-count.js';

/** `1 policy`, `2 policies`, `1,000 reports`: a count with its noun, as every text output words it. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${displayCount(count)} ${count === 1 ? one : many}`;
}
