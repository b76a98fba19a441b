import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { textOf } from '../pdf/pdf-helpers.js';
import { htmlOf, manyGray, pdfText, rowsOf, viewOf, workbookOf } from './support.js';

const tempDir = useTempDir();
const severityRank = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];

describe('the action list: failing policies, Red then Amber, Critical first, then most failing resources', () => {
  it('orders every failing policy of the report, and only those', async () => {
    const [report] = (await viewOf(manyGray)).reports;
    const actions = report!.actions;
    expect(actions.length).toBe(report!.figures.red + report!.figures.amber);
    const keys = actions.map(({ policy, failingResources }) => [
      policy.Compliance === 'Red' ? 0 : 1,
      severityRank.indexOf(policy.Severity),
      -failingResources,
    ]);
    const sorted = [...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
    expect(keys).toEqual(sorted);
    expect(actions[0]!.policy.ComplianceNumber).toBe('1300.2');
    expect(actions.at(-1)!.policy.ComplianceNumber).toBe('1300.10');
  });

  it('is a section of the page and of the PDF, and a sheet of the workbook', async () => {
    const view = await viewOf(manyGray);
    expect(await htmlOf(view)).toContain('<h3 id="r1-actions">Action list</h3>');
    expect(await pdfText(view)).toContain(
      'Action list: failing policies of Cloud Security Best Practices 46 failing policies (Red and Amber), ordered Red before Amber',
    );
    const rows = rowsOf(await workbookOf(view), 'Action list');
    const header = rows.findIndex((row) => row[0] === 'Benchmark');
    expect(rows[header]).toEqual([
      'Benchmark',
      'Account',
      'Rank',
      'Compliance',
      'Severity',
      'Failing resources',
      'Total resources',
      'Number',
      'Title',
      'Category',
      'Service',
      'Policy id',
    ]);
    expect(rows.slice(header + 1).map((row) => row[7])).toEqual(
      view.reports[0]!.actions.map((action) => action.policy.ComplianceNumber),
    );
  });
});

describe('render --policies and --max-policies', () => {
  it('--policies failing lists only Red and Amber policies and says in words what is left out', async () => {
    const dir = tempDir();
    const pdfPath = join(dir, 'failing.pdf');
    expect((await runInProcess(['render', manyGray, '-f', 'pdf', '--policies', 'failing', '-o', pdfPath])).code).toBe(
      0,
    );
    const text = (await textOf(readFileSync(pdfPath))).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Not listed: 179 policies not assessed (Gray) and 95 Green policies; every figure counts them.',
    );
    expect(text).not.toContain('2100.1 Ensure');
    const view = await viewOf(manyGray, { policies: 'failing' });
    expect(view.policyListing.listed).toBe(46);
    const policies = rowsOf(await workbookOf(view), 'Policies');
    expect(policies[0]).toEqual([
      'Not listed: 179 policies not assessed (Gray) and 95 Green policies; every figure counts them.',
    ]);
    expect(policies.slice(3).every((row) => row[7] === 'Red' || row[7] === 'Amber')).toBe(true);
  });

  it('--policies assessed leaves out the Gray policies only', async () => {
    const view = await viewOf(manyGray, { policies: 'assessed' });
    expect(view.policyListing).toEqual({
      choice: 'assessed',
      listed: 141,
      leftOut: 'Not listed: 179 policies not assessed (Gray); every figure counts them.',
    });
  });

  it('--max-policies keeps the most severe policies, not the first in the file', async () => {
    const dir = tempDir();
    const pdfPath = join(dir, 'short.pdf');
    expect((await runInProcess(['render', manyGray, '-f', 'pdf', '--max-policies', '30', '-o', pdfPath])).code).toBe(0);
    const text = (await textOf(readFileSync(pdfPath))).replace(/\s+/g, ' ');
    expect(text).toContain(
      'The policy tables list the 30 most severe of 320 policies; not listed: 179 policies not assessed (Gray), 95 Green policies, 6 Amber policies and 10 Red policies.',
    );
    expect(text).not.toContain('maxPolicies');
    const policies = text.slice(text.indexOf('Policies of Cloud Security Best Practices'));
    // 1700.5 is a Critical Red policy near the end of the file; 1000.7 a Green one near the start.
    expect(policies).toContain('1700.5 Ensure mission critical');
    expect(policies).not.toContain('1000.7 Ensure');
  });

  it('rejects an unknown --policies choice', async () => {
    const result = await runInProcess(['render', manyGray, '--policies', 'some', '--out-dir', tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cspm-report: --policies "some" is not one of failing, assessed, all\n/);
  });
});
