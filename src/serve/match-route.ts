import { refuseRequest } from './api-error.js';
import type { Route } from './request-context.js';

/** The route of a request and its decoded path parameters. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/**
 * Finds the route of `method` and `path`: 404 when no pattern matches the path, 405
 * (with Allow) when some do but not with this method, 400 on a malformed escape. HEAD
 * finds the GET route (RFC 9110, section 9.3.2): the server leaves out the body.
 */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  let segments: string[];
  try {
    segments = path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    throw refuseRequest(400, 'the path has a malformed percent escape');
  }
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allowed = new Set<string>();
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method === wanted) return { route, params };
    allowed.add(route.method);
    if (route.method === 'GET') allowed.add('HEAD');
  }
  const allow = [...allowed].join(', ');
  if (allow !== '') throw refuseRequest(405, `method ${method} is not allowed here; use ${allow}`, { Allow: allow });
  throw refuseRequest(404, 'no such endpoint');
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      params[part.slice(1)] = segment;
    } else if (part !== segment) return undefined;
  }
  return params;
}
