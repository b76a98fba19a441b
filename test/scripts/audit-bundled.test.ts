import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';

/**
 * scripts/audit-bundled.js against a registry on 127.0.0.1 that answers the bulk
 * advisory endpoint as npm's does: it must send exactly the bundled packages and
 * report each advisory as one line, with exit code 1.
 */

const tempDir = useTempDir();
let server: Server;
let registry: string;
let asked: unknown;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/-/npm/v1/security/advisories/bulk') {
        response.writeHead(404).end();
        return;
      }
      asked = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the script on a manifest of the given packages; the process runs apart, so the server above answers it. */
function audit(packages: Record<string, string[]>): Promise<{ code: number; stdout: string; stderr: string }> {
  const manifest = join(tempDir(), 'exceljs.packages.json');
  writeFileSync(manifest, JSON.stringify(packages));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/audit-bundled.js', manifest],
      { env: { ...process.env, npm_config_registry: registry } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

describe('scripts/audit-bundled.js', () => {
  const packages = { exceljs: ['4.4.0'], 'archiver-utils': ['2.1.0', '3.0.4'] };

  it('asks about exactly the bundled packages and says when none has an advisory', async () => {
    answer = { status: 200, body: {} };
    const result = await audit(packages);
    expect(asked).toEqual(packages);
    expect(result).toEqual({ code: 0, stdout: 'no advisory against the 2 bundled packages\n', stderr: '' });
  });

  it('reports each advisory on one line and exits 1', async () => {
    answer = {
      status: 200,
      body: {
        'archiver-utils': [
          {
            id: 1,
            url: 'https://github.com/advisories/GHSA-0000',
            title: 'Prototype pollution',
            severity: 'high',
            vulnerable_versions: '<3.0.5',
          },
        ],
      },
    };
    const result = await audit(packages);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'archiver-utils 2.1.0, 3.0.4: high — Prototype pollution (vulnerable: <3.0.5) https://github.com/advisories/GHSA-0000',
      '1 advisory against the 2 bundled packages: they ship inside cspm-report',
      '',
    ]);
  });

  it('exits 2 with one line when the registry refuses', async () => {
    answer = { status: 503, body: {} };
    const result = await audit(packages);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`audit-bundled: ${registry}-/npm/v1/security/advisories/bulk: HTTP 503\n`);
  });
});

describe('the exceljs bundle', () => {
  it('is built from the exact exceljs version package.json pins, listed for the audit', () => {
    const listed = join('dist', 'render', 'xlsx', 'exceljs.packages.json');
    expect(existsSync(listed), `${listed} is missing: npm run build writes it`).toBe(true);
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies['exceljs'];
    expect((JSON.parse(readFileSync(listed, 'utf8')) as Record<string, string[]>)['exceljs']).toEqual([pinned]);
  });
});
