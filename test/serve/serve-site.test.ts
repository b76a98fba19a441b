import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentSecurityPolicy } from '../../src/render/site/site-page.js';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { makePng } from '../support/make-png.js';
import { rawExchange } from './raw-exchange.js';
import { startEmulator, type TestEmulator } from './emulator-client.js';

/** What no answer may ever hold: the text of a file beside the site's folder. */
const secret = 'outside-the-site-7f3a';
/** A file larger than Node reads whole (2 GiB): only a stream can send it. Sparse, so it costs no disk. */
const bigBytes = 3 * 2 ** 30;

let folder: string;
let site: string;
let api: TestEmulator;
const files: Record<string, string | Buffer> = {
  'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fleet</title></head></html>\n',
  'site.css': 'body { margin: 0 }\n',
  'site-script.js': 'window.loaded = "é";\n',
  'data/overview.json': '{"accounts":4}\n',
  'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'logo.png': makePng({ width: 2, height: 2 }),
  'notes.bin': Buffer.from([0, 1, 2, 3]),
  '.secret': secret,
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'cspm-serve-site-'));
  site = join(folder, 'site');
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(site, name, '..'), { recursive: true });
    writeFileSync(join(site, name), body);
  }
  writeFileSync(join(folder, 'outside.txt'), secret);
  symlinkSync(join(folder, 'outside.txt'), join(site, 'leak.txt'));
  symlinkSync(folder, join(site, 'parent'));
  symlinkSync('site.css', join(site, 'alias.css'));
  symlinkSync('.secret', join(site, 'secret.txt'));
  symlinkSync('loop-b.js', join(site, 'loop-a.js'));
  symlinkSync('loop-a.js', join(site, 'loop-b.js'));
  writeFileSync(join(site, 'big.bin'), '');
  truncateSync(join(site, 'big.bin'), bigBytes);
  api = await startEmulator({ site });
});

afterAll(async () => {
  await api?.emulator.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const url = (path: string) => `${api.emulator.url}${path}`;

/** Sends `path` on a raw connection, as written: fetch would resolve `..` and `%2e%2e` before sending. */
const raw = (path: string, method = 'GET') =>
  rawExchange(api.emulator.url, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

describe('the site served under /site/', () => {
  it('prints its URL and answers GET /site/ with index.html', async () => {
    expect(api.emulator.siteUrl).toBe(`${api.emulator.url}/site/`);
    const response = await fetch(url('/site/'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(files['index.html']);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it.each([
    ['site.css', 'text/css; charset=utf-8'],
    ['site-script.js', 'text/javascript; charset=utf-8'],
    ['data/overview.json', 'application/json; charset=utf-8'],
    ['icon.svg', 'image/svg+xml; charset=utf-8'],
    ['logo.png', 'image/png'],
    ['notes.bin', 'application/octet-stream'],
  ])('sends %s whole as %s, with the headers of the site', async (name, type) => {
    const response = await fetch(url(`/site/${name}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(Buffer.from(files[name]!))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect({
      nosniff: response.headers.get('x-content-type-options'),
      csp: response.headers.get('content-security-policy'),
      referrer: response.headers.get('referrer-policy'),
      cache: response.headers.get('cache-control'),
    }).toEqual({ nosniff: 'nosniff', csp: siteContentSecurityPolicy, referrer: 'no-referrer', cache: 'no-cache' });
  });

  it('answers HEAD as GET without the body', async () => {
    const get = await fetch(url('/site/site.css'));
    const head = await fetch(url('/site/site.css'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The connection's own headers (date, keep-alive) are not the file's.
    const described = (response: Response) =>
      [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
    expect(described(head)).toEqual(described(get));
    expect(described(head).map(([name]) => name)).toContain('content-security-policy');
  });

  it('answers 304 to a request holding the ETag it sent, and the file again once it changed', async () => {
    const first = await fetch(url('/site/site.css'));
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(url('/site/site.css'), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    writeFileSync(join(site, 'site.css'), 'body { margin: 1px }\n');
    const changed = await fetch(url('/site/site.css'), { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('body { margin: 1px }\n');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s 405 with Allow: GET, HEAD', async (method) => {
    const response = await fetch(url('/site/index.html'), { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.text()).toMatch(/^[^\n]+\n$/);
  });

  it('sends /site on to /site/, where the page’s relative links resolve', async () => {
    const response = await fetch(url('/site'), { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/site/');
  });

  it.each([
    '/site/../outside.txt',
    '/site/data/../../outside.txt',
    '/site/%2e%2e/outside.txt',
    '/site/%2E%2E/outside.txt',
    '/site/.%2e/outside.txt',
    '/site/..%2foutside.txt',
    '/site/..%2Foutside.txt',
    '/site/..%5coutside.txt',
    '/site/..\\outside.txt',
    '/site/data\\..\\..\\outside.txt',
    '/site/%2e%2e%2f%2e%2e%2foutside.txt',
    '/site/%2fetc%2fhostname',
    '/site//outside.txt',
    '/site/index.html%00.css',
    '/site/%00',
    '/site/./index.html',
    '/site/.secret',
    '/site/%2esecret',
    '/site/data/',
    '/site/data',
    '/site/leak.txt',
    '/site/parent/outside.txt',
    '/site/secret.txt',
    `/site/${'a'.repeat(300)}.js`,
    '/site/missing.js',
  ])('answers %s 404 in one line, with nothing of a file outside the folder', async (path) => {
    const answer = await raw(path);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('no such file\n');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a symbolic link that stays within the folder', async () => {
    const response = await fetch(url('/site/alias.css'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it.each(['/site/%zz', '/site/%e0%a4%a', '/site/data/%'])('answers %s 400: a malformed escape', async (path) => {
    const answer = await raw(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe('the path has a malformed percent escape\n');
  });

  it('answers a file it cannot read 500 in one line, no stack, and stays up', async () => {
    const answer = await raw('/site/loop-a.js');
    expect(answer.status).toBe(500);
    expect(answer.body).toBe('the file could not be read\n');
    expect((await fetch(url('/site/'))).status).toBe(200);
  });

  it('streams a file larger than Node reads whole, and stays up when the client leaves part way', async () => {
    const response = await fetch(url('/site/big.bin'));
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(bigBytes);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    while (received < 4 * 2 ** 20) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    await reader.cancel();
    expect(received).toBeGreaterThanOrEqual(4 * 2 ** 20);
    expect((await fetch(url('/site/'))).status).toBe(200);
  });

  it('answers the browser’s ask for /favicon.ico with an empty 204, not a 404 its console would show', async () => {
    const response = await fetch(url('/favicon.ico'));
    expect(response.status).toBe(204);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(url('/favicon.ico'), { method: 'POST' })).status).toBe(405);
  });

  it('keeps the API routes beside it', async () => {
    expect((await fetch(url('/openapi.json'))).status).toBe(200);
    const onboarded = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: api.licenseHeaders(),
      body: { AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' },
    });
    expect(onboarded.status).toBe(200);
    expect((await fetch(url('/nowhere'))).status).toBe(404);
  });
});

describe('without --site', () => {
  it('serves nothing under /site/', async () => {
    const bare = await startEmulator();
    try {
      expect(bare.emulator.siteUrl).toBeUndefined();
      for (const path of ['/site/', '/site/index.html', '/site', '/favicon.ico'])
        expect((await fetch(`${bare.emulator.url}${path}`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await bare.emulator.close();
    }
  });
});

describe('serve --site FOLDER checked before listening', () => {
  it.each([
    ['a missing folder', () => join(folder, 'nowhere'), 'no such folder'],
    ['a file', () => join(site, 'index.html'), 'not a folder'],
    [
      'a folder without index.html',
      () => join(site, 'data'),
      'holds no index.html (build a site into it with cspm-report site INPUT… -o FOLDER)',
    ],
  ])('refuses %s in one line, exit 2', async (_, given, why) => {
    const path = given();
    const result = await runInProcess(['serve', '--site', path]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `cspm-report: invalid usage: --site ${path}: ${why}\n` });
  });

  it('prints the site’s URL after the listening line, serves it, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--site', site], {
      env: { ...process.env, CSPM_LICENSE_TOKEN: 'lt', CSPM_ACCOUNT_TOKEN: 'at', CSPM_API_KEY: 'key' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const listening = (await lines.next()).value as string;
      expect(listening).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const base = listening.slice('listening on '.length);
      expect((await lines.next()).value).toBe(`site on ${base}/site/`);
      const page = await fetch(`${base}/site/`);
      expect(await page.text()).toBe(readFileSync(join(site, 'index.html'), 'utf8'));
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }, 20_000);
});
