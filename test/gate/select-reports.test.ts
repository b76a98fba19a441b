import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type ReportMatch } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import {
  allReports,
  describeMatch,
  describeReport,
  matchReports,
  selectCategories,
  type SourcedReport,
} from '../../src/gate/select-reports.js';
import { minimalReport } from '../support/minimal-report.js';

function report(ConnectorType: string, BenchmarkId: string, AccountName: string): BenchmarkReport {
  return { ...minimalReport(), ConnectorType, BenchmarkId, AccountName };
}

/** Two inputs: a.json holds an Azure CSBP and an AWS CISAWS140 report, b.json an Office365 one. */
async function reports(): Promise<SourcedReport[]> {
  const analysis = await analyseInputs([
    { value: [report('Azure', 'CSBP', 'Contoso Azure'), report('AWS', 'CISAWS140', 'Northwind prod')], name: 'a.json' },
    { value: report('Office365', 'CIS365', 'Contoso mail'), name: 'b.json' },
  ]);
  return allReports(analysis);
}

const named = (selected: SourcedReport[]) => selected.map(({ report }) => report.report.BenchmarkId);

describe('allReports', () => {
  it('lists every report of every input, in input order, with its input', async () => {
    expect(
      (await reports()).map(({ source, report }) => `${source.source}${report.pointer} ${report.report.BenchmarkId}`),
    ).toEqual(['a.json/0 CSBP', 'a.json/1 CISAWS140', 'b.json CIS365']);
  });
});

describe('matchReports and describeMatch', () => {
  it.each<[string, ReportMatch | undefined, string[], string]>([
    ['no match: every report', undefined, ['CSBP', 'CISAWS140', 'CIS365'], ''],
    ['an empty match: every report', {}, ['CSBP', 'CISAWS140', 'CIS365'], ''],
    ['ConnectorType', { ConnectorType: 'AWS' }, ['CISAWS140'], 'ConnectorType=AWS'],
    ['BenchmarkId by a glob', { BenchmarkId: 'CIS*' }, ['CISAWS140', 'CIS365'], 'BenchmarkId=CIS*'],
    ['BenchmarkId, whole values only', { BenchmarkId: 'CIS' }, [], 'BenchmarkId=CIS'],
    ['AccountName', { AccountName: 'Contoso *' }, ['CSBP', 'CIS365'], 'AccountName=Contoso *'],
    [
      'every field given must match',
      { ConnectorType: 'Office365', BenchmarkId: 'CIS*', AccountName: 'Contoso*' },
      ['CIS365'],
      'ConnectorType=Office365, BenchmarkId=CIS*, AccountName=Contoso*',
    ],
    [
      'one field that does not match leaves nothing',
      { BenchmarkId: 'CIS*', AccountName: 'Northwind*', ConnectorType: 'Azure' },
      [],
      'ConnectorType=Azure, BenchmarkId=CIS*, AccountName=Northwind*',
    ],
  ])('%s', async (_name, match, benchmarks, description) => {
    const all = await reports();
    const selected = matchReports(all, match);
    expect(named(selected)).toEqual(benchmarks);
    expect(describeMatch(match)).toBe(description);
    // A new list: the caller may change it without changing the run's.
    expect(selected).not.toBe(all);
  });
});

describe('selectCategories', () => {
  it.each<[string, string[]]>([
    ['Azure - Storage', ['AZ_STORAGE']],
    ['AZ_NETWORK', ['AZ_NETWORK']],
    ['Azure - Storag', []],
    ['az_storage', []],
  ])('%j selects %j', async (category, ids) => {
    const [first] = await reports();
    expect(selectCategories(first!.report, category).map(({ category: { CategoryId } }) => CategoryId)).toEqual(ids);
  });

  it('selects every category of the name or id, a name of one being the id of another', async () => {
    const analysis = await analyseInputs({
      value: (() => {
        const made = minimalReport();
        made.ResourceCategories[1]!.CategoryName = 'AZ_STORAGE';
        return made;
      })(),
    });
    const [only] = allReports(analysis);
    expect(selectCategories(only!.report, 'AZ_STORAGE').map(({ pointer }) => pointer)).toEqual([
      '/ResourceCategories/0',
      '/ResourceCategories/1',
    ]);
  });
});

describe('describeReport', () => {
  it('reads input › benchmark › account, the same text each time', async () => {
    const all = await reports();
    expect(all.map(describeReport)).toEqual([
      'a.json › CSBP › account Contoso Azure',
      'a.json › CISAWS140 › account Northwind prod',
      'b.json › CIS365 › account Contoso mail',
    ]);
    expect(describeReport(all[1]!)).toBe('a.json › CISAWS140 › account Northwind prod');
  });
});
