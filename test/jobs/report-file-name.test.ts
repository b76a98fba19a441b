import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAccountsFile } from '../../src/index.js';
import { reportFileName } from '../../src/jobs/fetch/report-file-name.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const ids = { licenseId: 'L', accountId: 'acc-1', jobId: 'job.2', benchmarkId: 'CSBP' };

describe('reportFileName', () => {
  it('keeps safe ids as they are', () => {
    expect(reportFileName(ids)).toBe('acc-1_CSBP_job.2');
  });

  it.each([
    [{ ...ids, accountId: '../../etc' }],
    [{ ...ids, accountId: 'a/b' }],
    [{ ...ids, benchmarkId: 'CIS 1\u202e.3' }],
    [{ ...ids, jobId: 'x'.repeat(300) }],
    [{ ...ids, accountId: '.hidden' }],
  ])('makes %j a plain file name with a hash of the ids', (target) => {
    const name = reportFileName(target);
    expect(name).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*-[0-9a-f]{8}$/);
    expect(name.length).toBeLessThan(220);
    expect(reportFileName(target)).toBe(name);
  });

  it('never gives two targets one name when their ids only differ in unsafe characters', () => {
    expect(reportFileName({ ...ids, accountId: 'a/b' })).not.toBe(reportFileName({ ...ids, accountId: 'a:b' }));
    expect(reportFileName({ ...ids, accountId: 'a/b' })).not.toBe(reportFileName({ ...ids, accountId: 'a_b' }));
  });
});

describe('readAccountsFile', () => {
  it('takes header names in any case and spelling, quoted fields, a BOM and extra columns', async () => {
    const file = join(tempDir(), 'fleet.csv');
    writeFileSync(
      file,
      '\uFEFFLicense_Id,Account ID,note,jobId,BENCHMARK\r\nL1,"a,1","x ""y""",j1,CSBP\r\n\r\nL1,a2,,j2,all\r\n',
    );
    expect(await readAccountsFile(file)).toEqual([
      { licenseId: 'L1', accountId: 'a,1', jobId: 'j1', benchmarkId: 'CSBP', origin: `${file}:2` },
      { licenseId: 'L1', accountId: 'a2', jobId: 'j2', benchmarkId: 'all', origin: `${file}:4` },
    ]);
  });

  it('names the key of a JSON line as the file spells it', async () => {
    const file = join(tempDir(), 'fleet.jsonl');
    writeFileSync(file, '{"licenseId":"L1","accountId":"a","jobId":"","benchmarkId":"B"}\n');
    await expect(readAccountsFile(file)).rejects.toThrow(/fleet\.jsonl:1 \/jobId: empty or not a string/);
  });
});
