import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const tempDir = useTempDir();
const secrets = {
  CSPM_LICENSE_TOKEN: 'E2E-LICENSE-TOKEN-51',
  CSPM_ACCOUNT_TOKEN: 'E2E-ACCOUNT-TOKEN-52',
  CSPM_API_KEY: 'E2E-API-KEY-53',
  CSPM_AD_CLIENT_SECRET: 'E2E-CLIENT-SECRET-54',
};

/**
 * What the README shows, as separate processes: `serve`, then `onboard azure --wait`,
 * then `fetch -f xlsx`; the workbook is read back, and no secret is in any output or file.
 */
it('onboard azure, then fetch -f xlsx, against cspm-report serve, as the README shows', async () => {
  const dir = tempDir();
  const command = resolve(bin);
  const env = { ...process.env, ...secrets, NO_COLOR: '1' };
  const server = spawn(process.execPath, [command, 'serve', '--port', '0', '--scan-seconds', '1'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverOutput = '';
  server.stderr.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  const exited = once(server, 'exit');
  const printed: string[] = [];
  try {
    const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
    serverOutput += `${line}\n`;
    const clientEnv = { ...env, CSPM_BASE_URL: line.replace('listening on ', '') };
    const azure = [
      '--license',
      'L1',
      '--account-name',
      'Payments',
      '--domain-name',
      'contoso.com',
      '--tenant-id',
      'T',
      '--ad-application-client-id',
      'C',
      '--subscription-id',
      'S',
    ];
    const onboarded = await run(
      process.execPath,
      [command, 'onboard', 'azure', ...azure, '--wait', '--poll-seconds', '0.2', '--format', 'json'],
      { env: clientEnv, cwd: dir },
    );
    printed.push(onboarded.stdout, onboarded.stderr);
    const { accountId, jobId } = JSON.parse(onboarded.stdout) as { accountId: string; jobId: string };
    const fetched = await run(
      process.execPath,
      [
        command,
        'fetch',
        '--license',
        'L1',
        '--account',
        accountId,
        '--job',
        jobId,
        '--benchmark',
        'CSBP',
        '-o',
        'payments.json',
        '-f',
        'xlsx',
      ],
      { env: clientEnv, cwd: dir },
    );
    printed.push(fetched.stdout, fetched.stderr);
    expect(fetched.stdout).toBe(
      'payments.json: 1 report, 127 policies, no findings\n\n✔ no findings in 1 file, 1 valid report, 127 policies\n',
    );
    expect(fetched.stderr).toBe('wrote payments.xlsx\n');
  } finally {
    server.kill('SIGTERM');
  }
  expect((await exited)[0]).toBe(0);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(dir, 'payments.xlsx'));
  expect(workbook.getWorksheet('Summary')?.getSheetValues().flat().join(' ')).toContain('Payments');
  const files = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'latin1'));
  for (const secret of Object.values(secrets)) {
    expect([...printed, serverOutput, ...files].join('\n')).not.toContain(secret);
  }
}, 60_000);
