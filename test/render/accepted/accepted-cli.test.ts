import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-run.js';
import { sampleExceptionsFile } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';
import { columnOf, readWorkbook, rowOf, sheet } from '../xlsx/read-workbook.js';
import { popplerTextOfBytes } from './poppler-bytes.js';

const tempDir = useTempDir();

describe('render --exceptions with the expired one renewed', () => {
  it('exits 0, and the Critical policy shows as accepted in the HTML, the PDF and the workbook', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const out = join(dir, 'out');
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      ...['-f', 'html', '-f', 'pdf', '-f', 'xlsx'],
      ...['--out-dir', out, '--exceptions', exceptions, '--no-config'],
    ]);
    expect(run.code).toBe(0);
    const file = (extension: string) => {
      const name = readdirSync(out).find((entry) => entry.endsWith(`.${extension}`));
      if (name === undefined) throw new Error(`no .${extension} written`);
      return readFileSync(join(out, name));
    };
    expect(file('html').toString('utf8')).toMatch(
      /<span class="badge badge-red">Red<\/span>\s*<span class="accepted-mark">accepted · EXC-1, until \d{4}-\d\d-\d\d<\/span>/,
    );
    expect(popplerTextOfBytes(file('pdf'))).toMatch(/Red, accepted · EXC-1, until \d{4}-\d\d-\d\d Critical/);
    const policies = sheet(await readWorkbook(file('xlsx')), 'Policies');
    const header = rowOf(policies, 'Benchmark');
    const exception = columnOf(policies, header, 'Exception');
    const id = columnOf(policies, header, 'Policy id');
    const severity = columnOf(policies, header, 'Severity');
    const accepted: unknown[][] = [];
    policies.eachRow((row) => {
      if (row.getCell(exception).value === 'EXC-1') accepted.push([row.getCell(id).value, row.getCell(severity).value]);
    });
    expect(accepted).toEqual([['VMDiskEncryption', 'Critical']]);
  });
});
