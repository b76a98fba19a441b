import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const logo = join('test', 'fixtures', 'logo.png');

/** A report in a fresh folder, and the folder for the documents. */
function setUp(): { report: string; out: string } {
  const dir = tempDir();
  const report = join(dir, 'contoso.json');
  writeFileSync(report, JSON.stringify([minimalReport()]));
  return { report, out: join(dir, 'out') };
}

/** The warning lines of a run's standard error. */
function warnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('cspm-report: warning:'));
}

describe('render: an option that no chosen format reads', () => {
  const cases: { name: string; flags: string[]; expected: string[] }[] = [
    {
      name: '--landscape with csv',
      flags: ['-f', 'csv', '--landscape'],
      expected: ['cspm-report: warning: --landscape does nothing for csv; pdf reads it'],
    },
    {
      name: '--max-policies with csv',
      flags: ['-f', 'csv', '--max-policies', '10'],
      expected: ['cspm-report: warning: --max-policies does nothing for csv; pdf reads it'],
    },
    {
      name: '--templates with csv',
      flags: ['-f', 'csv', '--templates', 'templates'],
      expected: ['cspm-report: warning: --templates does nothing for csv; html reads it'],
    },
    {
      name: '--tier executive with xlsx',
      flags: ['-f', 'xlsx', '--tier', 'executive'],
      expected: ['cspm-report: warning: --tier executive does nothing for xlsx; html and pdf read it'],
    },
    {
      name: '--logo with hdf',
      flags: ['-f', 'hdf', '--logo', logo],
      expected: ['cspm-report: warning: --logo does nothing for hdf; html and pdf read it'],
    },
    {
      name: '--fields with poam',
      flags: ['-f', 'poam', '--fields', 'number,title'],
      expected: ['cspm-report: warning: --fields does nothing for poam; csv reads it'],
    },
    {
      name: '--bom and --landscape with html and xlsx',
      flags: ['-f', 'html', '-f', 'xlsx', '--bom', '--landscape'],
      expected: [
        'cspm-report: warning: --landscape does nothing for html and xlsx; pdf reads it',
        'cspm-report: warning: --bom does nothing for html and xlsx; csv and poam read it',
      ],
    },
  ];
  for (const { name, flags, expected } of cases) {
    it(`warns of ${name}, and renders anyway`, async () => {
      const { report, out } = setUp();
      const run = await runInProcess(['render', report, '--out-dir', out, ...flags]);
      expect(run.code).toBe(0);
      expect(warnings(run.stderr)).toEqual(expected);
      expect(run.stderr).toMatch(/^wrote /m);
      expect(run.stdout).toBe('');
    });
  }

  const used: { name: string; flags: string[] }[] = [
    { name: '--landscape and --max-policies with pdf', flags: ['-f', 'pdf', '--landscape', '--max-policies', '10'] },
    { name: '--tier executive with xlsx and html', flags: ['-f', 'xlsx', '-f', 'html', '--tier', 'executive'] },
    { name: '--templates and --logo with html', flags: ['-f', 'html', '--templates', 'templates', '--logo', logo] },
    { name: '--fields and --bom with csv', flags: ['-f', 'csv', '--fields', 'number,title', '--bom'] },
    { name: '--bom with poam', flags: ['-f', 'poam', '--bom'] },
    { name: '--tier full with xlsx (the default, which changes nothing)', flags: ['-f', 'xlsx', '--tier', 'full'] },
    { name: 'the format of the --output name', flags: ['--landscape'] },
  ];
  for (const { name, flags } of used) {
    it(`does not warn of ${name}`, async () => {
      const { report, out } = setUp();
      const output = flags.includes('-f') ? ['--out-dir', out] : ['-o', join(out, 'contoso.pdf')];
      const run = await runInProcess(['render', report, ...output, ...flags]);
      expect(run.code).toBe(0);
      expect(warnings(run.stderr)).toEqual([]);
      expect(run.stderr).toMatch(/^wrote /);
    });
  }
});
