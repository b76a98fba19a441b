import { spawnSync } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const accountToken = 'ACCOUNT-TOKEN-SECRET-3c4d';
const ids = ['--license', 'L1', '--account', 'A1', '--job', 'J1', '--benchmark', 'CSBP'];
const servers: (Server | TcpServer)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listening<S extends Server | TcpServer>(server: S): Promise<{ server: S; port: number }> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function fetchFrom(baseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(['fetch', ...ids, '--base-url', baseUrl, '-o', join(tempDir(), 'report.json')], {
    env: { CSPM_ACCOUNT_TOKEN: accountToken },
  });
}

describe('network faults', () => {
  it('serve: a port another program holds is a usage error naming host:port, exit 2', async () => {
    const { port } = await listening(createTcpServer());
    const run = await runInProcess(['serve', '--port', String(port)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cspm-report: port in use: 127.0.0.1:${port} is already in use by another program; give another --port, or --port 0 for a free one\n`,
    );
  });

  it('serve: a host that is not an address of this machine is a usage error saying which --host to give, exit 2', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of a machine.
    const run = await runInProcess(['serve', '--host', '192.0.2.1', '--port', '8080']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'cspm-report: not an address of this machine: 192.0.2.1:8080 cannot be listened on; give --host 127.0.0.1 (this machine only), 0.0.0.0 (every address) or an address this machine has\n',
    );
  });

  it('serve: a port below 1024 without the privilege is a usage error saying which --port to give, exit 2', () => {
    // As root, the server runs without the capability to bind ports below 1024 (still
    // root, so it reads the checkout wherever it is, as another user might not).
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--bounding-set', '-net_bind_service'] : [];
    const [program, ...args] = [...asUser, process.execPath, join(process.cwd(), bin), 'serve', '--port', '81'];
    const run = spawnSync(program!, args, { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'cspm-report: port not allowed: 127.0.0.1:81: this user may not listen on port 81 (ports below 1024 need privileges); give a --port above 1023, or --port 0 for a free one\n',
    );
  });

  it('fetch: a host that does not resolve says so, naming host:port and no secret, exit 4', async () => {
    const run = await fetchFrom('https://cspm-report-test.invalid');
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^cspm-report: unknown host: cspm-report-test\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\), so cspm-report-test\.invalid:443 cannot be reached \(GET https:\/\/cspm-report-test\.invalid\/audit\/.*\); check the base URL and the DNS\n$/,
    );
    expect(run.stderr).not.toContain(accountToken);
  });

  it('fetch: a connection reset in the middle of the answer says so, naming host:port and no secret, exit 4', async () => {
    const { port } = await listening(
      createHttpServer((request, response) => {
        // Headers and the start of the body, then the socket is torn down (TCP RST).
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        response.write('{"statusCode": 200, "result": [');
        setTimeout(() => request.socket.resetAndDestroy(), 20);
      }),
    );
    const run = await fetchFrom(`http://127.0.0.1:${port}`);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      new RegExp(
        `^cspm-report: connection reset: the connection to 127\\.0\\.0\\.1:${port} broke before the answer was complete \\((ECONNRESET|UND_ERR_SOCKET|terminated)[;)]`,
      ),
    );
    expect(run.stderr).not.toContain(accountToken);
    expect(run.stderr.split('\n')).toHaveLength(2);
  });
});
