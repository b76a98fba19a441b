import type { IncomingMessage, ServerResponse } from 'node:http';
import { open, realpath } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { siteContentSecurityPolicy } from '../render/site/site-page.js';

/** The path under which the emulator serves a site's folder; `GET /site/` answers its index.html. */
export const sitePath = '/site/';

/**
 * The media type of each kind of file a site holds; text ones say their charset, since
 * the site writes UTF-8 and a browser would otherwise guess. Any other file is sent as
 * bytes (application/octet-stream), which nosniff keeps a browser from running.
 */
const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/**
 * Headers of every answer under /site/, errors too. The page's own Content-Security-Policy
 * is repeated as a header, where a browser applies it before reading a byte of the page;
 * no-cache makes the browser ask again (a 304 when the file is unchanged), since a site
 * built again into the same folder keeps its file names.
 */
const siteHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': siteContentSecurityPolicy,
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
} as const;

/** Errors of a path that names nothing to serve (404): not an error of the server. */
const missing = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR']);

/** The request's path without its query: origin-form as sent (`/site/x`), or the path of an absolute-form URL. */
function requestPath(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

/**
 * The names of the file a path under /site/ asks for, or why it gets none: each segment
 * is decoded once, then refused when it is empty (a folder), `.`, `..` or any other name
 * starting with a dot, or holds a slash, a backslash or a NUL. The raw path is read, not a
 * parsed URL: URL parsing resolves `..` and `%2e%2e` before anything could refuse them.
 */
function fileNames(path: string): string[] | 400 | 404 {
  const rest = path.slice(sitePath.length);
  if (rest === '') return ['index.html'];
  const names: string[] = [];
  for (const raw of rest.split('/')) {
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return 400;
    }
    if (name === '' || name.startsWith('.') || /[/\\\0]/.test(name)) return 404;
    names.push(name);
  }
  return names;
}

/** Ends the answer with a status and a one-line text body; a response already begun is cut instead. */
function refuse(response: ServerResponse, status: number, line: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = `${line}\n`;
  response.writeHead(status, {
    ...siteHeaders,
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** The chunks of a file as read, failing when they are fewer bytes than the length already announced. */
async function* wholeFile(chunks: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const chunk of chunks) {
    sent += chunk.length;
    yield chunk;
  }
  if (sent !== size) throw new Error('the file changed while it was sent');
}

/**
 * Answers a GET or HEAD of a file of the site: its real path must lie within `root` and
 * name no dotfile, so that a symbolic link leads nowhere outside the folder; only a
 * regular file is sent (no folder listing), streamed from an open handle rather than read
 * whole, whatever its size.
 */
async function sendFile(root: string, names: string[], request: IncomingMessage, response: ServerResponse) {
  let real: string;
  try {
    real = await realpath(join(root, ...names));
  } catch (error) {
    if (missing.has((error as NodeJS.ErrnoException).code ?? '')) return refuse(response, 404, 'no such file');
    throw error;
  }
  const inside = relative(root, real);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside.split(sep).some((name) => name.startsWith('.')))
    return refuse(response, 404, 'no such file');
  const handle = await open(real, 'r');
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return refuse(response, 404, 'no such file');
    const etag = `W/"${stats.size.toString(16)}-${Math.trunc(stats.mtimeMs).toString(16)}"`;
    const headers = { ...siteHeaders, ETag: etag };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      return void response.end();
    }
    response.writeHead(200, {
      ...headers,
      'Content-Type': contentTypes[extname(real).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': stats.size,
    });
    if (request.method === 'HEAD' || stats.size === 0) return void response.end();
    // Bounded by the length announced: a file that grows meanwhile sends no more than it.
    const stream = handle.createReadStream({ start: 0, end: stats.size - 1, autoClose: false });
    await pipeline(stream, (chunks: AsyncIterable<Buffer>) => wholeFile(chunks, stats.size), response);
  } finally {
    await handle.close();
  }
}

/**
 * A browser asks every origin for /favicon.ico, outside /site/, and reports a 404 of it
 * as an error in the page's console; the site has no icon, so the answer is an empty 204.
 */
function answerIcon(request: IncomingMessage, response: ServerResponse): true {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    refuse(response, 405, `method ${request.method ?? ''} is not allowed here; use GET, HEAD`, { Allow: 'GET, HEAD' });
  else {
    response.writeHead(204, siteHeaders);
    response.end();
  }
  return true;
}

/**
 * The emulator's answer to requests under /site/: the files of a built site's folder
 * (`cspm-report site -o`), whose real path `root` is (see resolveSiteFolder). GET and HEAD
 * only (405 with Allow otherwise); `/site` is sent on to `/site/`, so that the page's
 * relative links resolve. Paths that leave the folder, name a dotfile or a folder, or
 * lead through a symbolic link out of it are 404, a malformed escape 400, and a file that
 * cannot be read 500 with a one-line body; the server stays up, and no answer holds a
 * stack or a path of this machine. `/favicon.ico`, which a browser asks of the origin, is
an empty 204. Like the OpenAPI document, these answers are not the
 * service's: no credentials, no injected latency or failure.
 * Returns true when the request was for the site; false leaves it to the routes.
 */
export function createSiteRoute(root: string): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const path = requestPath(request.url ?? '/');
    if (path === '/favicon.ico') return answerIcon(request, response);
    if (path !== '/site' && !path.startsWith(sitePath)) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      refuse(response, 405, `method ${request.method ?? ''} is not allowed here; use GET, HEAD`, {
        Allow: 'GET, HEAD',
      });
      return true;
    }
    if (path === '/site') {
      refuse(response, 301, `the site is at ${sitePath}`, { Location: sitePath });
      return true;
    }
    const names = fileNames(path);
    if (names === 400) refuse(response, 400, 'the path has a malformed percent escape');
    else if (names === 404) refuse(response, 404, 'no such file');
    else sendFile(root, names, request, response).catch(() => refuse(response, 500, 'the file could not be read'));
    return true;
  };
}
