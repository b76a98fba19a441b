import { CspmError } from '../error/cspm-error.js';

/**
 * Why `id` cannot be a segment of a URL path, or undefined when it can. URL resolution
 * takes `.` and `..` for steps in the path (`..` removes the segment before it), and
 * treats `%2e` the same, so no encoding makes them safe: `--account ..` would ask for
 * another resource than the one named. An empty id leaves `//`, which a proxy may
 * collapse the same way.
 */
export function pathIdProblem(id: string): string | undefined {
  if (id === '') return 'is empty';
  if (id === '.' || id === '..') return `is "${id}", which a URL takes for a step in its path, not a name`;
  return undefined;
}

/**
 * A segment of a request's path: the value percent-encoded (a `/`, `?` or `#` in an id
 * stays inside its segment), or a usage error naming the value when it is one that
 * URL resolution would read as a step (see {@link pathIdProblem}).
 */
export function pathSegment(value: string, name: string): string {
  const problem = pathIdProblem(value);
  if (problem !== undefined)
    throw new CspmError('usage', `the ${name} id ${problem}; nothing was sent`, { data: { value } });
  return encodeURIComponent(value);
}
