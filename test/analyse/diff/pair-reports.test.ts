import { describe, expect, it } from 'vitest';
import { isCspmError, type Analysis, type BenchmarkReport } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { pairReports, type ReportPairing } from '../../../src/analyse/diff/pair-reports.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/** The minimal report of a benchmark and account (its JobId says which), stated counts left as they are. */
function report(BenchmarkId: string, AccountId = 'acc', edit?: (report: BenchmarkReport) => void): BenchmarkReport {
  const made = { ...minimalReport(), BenchmarkId, AccountId, JobId: `${BenchmarkId}-${AccountId}` };
  edit?.(made);
  return made;
}

async function side(name: string, ...reports: BenchmarkReport[]): Promise<Analysis> {
  return analyseInputs({ value: reports, name });
}

/** Each pair as `old jobs → new jobs` (mismatched marked with `~`), then the unpaired. */
function shape(pairing: ReportPairing): { pairs: string[]; unpaired: string[] } {
  return {
    pairs: pairing.pairs.map(
      (pair) => `${pair.old.analysed.report.JobId}${pair.mismatched ? ' ~ ' : ' → '}${pair.new.analysed.report.JobId}`,
    ),
    unpaired: pairing.unpaired.map((entry) => `${entry.side} ${entry.jobId}`),
  };
}

describe('pairReports', () => {
  it.each<[string, BenchmarkReport[], BenchmarkReport[], boolean, { pairs: string[]; unpaired: string[] }]>([
    ['one report each side', [report('CIS')], [report('CIS')], false, { pairs: ['CIS-acc → CIS-acc'], unpaired: [] }],
    [
      'by BenchmarkId and AccountId, whatever the order',
      [report('CIS'), report('PCI'), report('CIS', 'other')],
      [report('CIS', 'other'), report('CIS'), report('PCI')],
      false,
      { pairs: ['CIS-other → CIS-other', 'CIS-acc → CIS-acc', 'PCI-acc → PCI-acc'], unpaired: [] },
    ],
    [
      'the same key twice pairs in order',
      [report('CIS', 'acc', (made) => (made.JobId = 'old1')), report('CIS', 'acc', (made) => (made.JobId = 'old2'))],
      [report('CIS', 'acc', (made) => (made.JobId = 'new1')), report('CIS', 'acc', (made) => (made.JobId = 'new2'))],
      false,
      { pairs: ['old1 → new1', 'old2 → new2'], unpaired: [] },
    ],
    [
      'reports left over on both sides, some paired',
      [report('CIS'), report('PCI')],
      [report('CIS'), report('NIST')],
      false,
      { pairs: ['CIS-acc → CIS-acc'], unpaired: ['old PCI-acc', 'new NIST-acc'] },
    ],
    [
      'a key twice on the old side, once on the new',
      [report('CIS', 'acc', (made) => (made.JobId = 'old1')), report('CIS', 'acc', (made) => (made.JobId = 'old2'))],
      [report('CIS')],
      false,
      { pairs: ['old1 → CIS-acc'], unpaired: ['old old2'] },
    ],
    // The key is the pair of fields, not their text run together.
    [
      'fields that only run together alike do not pair',
      [report('CIS', 'A B'), report('CIS A', 'B')],
      [report('CIS', 'A B')],
      false,
      { pairs: ['CIS-A B → CIS-A B'], unpaired: ['old CIS A-B'] },
    ],
    [
      'with allowMismatch the rest pair by position',
      [report('CIS'), report('PCI'), report('ISO')],
      [report('CIS'), report('NIST'), report('SOC')],
      true,
      { pairs: ['CIS-acc → CIS-acc', 'PCI-acc ~ NIST-acc', 'ISO-acc ~ SOC-acc'], unpaired: [] },
    ],
    [
      'with allowMismatch, more on the new side',
      [report('PCI')],
      [report('NIST'), report('SOC')],
      true,
      { pairs: ['PCI-acc ~ NIST-acc'], unpaired: ['new SOC-acc'] },
    ],
    [
      'with allowMismatch, more on the old side',
      [report('PCI'), report('ISO')],
      [report('NIST')],
      true,
      { pairs: ['PCI-acc ~ NIST-acc'], unpaired: ['old ISO-acc'] },
    ],
    ['only an old side', [report('CIS')], [], false, { pairs: [], unpaired: ['old CIS-acc'] }],
    ['only a new side', [], [report('CIS')], false, { pairs: [], unpaired: ['new CIS-acc'] }],
  ])('%s', async (_name, olds, news, allowMismatch, expected) => {
    expect(shape(pairReports(await side('old.json', ...olds), await side('new.json', ...news), allowMismatch))).toEqual(
      expected,
    );
  });

  it('tells each unpaired report with its failing policies by severity, worst first', async () => {
    const gained = report('NIST', 'acc', (made) => {
      const [storage, network] = made.ResourceCategories as [
        BenchmarkReport['ResourceCategories'][0],
        BenchmarkReport['ResourceCategories'][0],
      ];
      // Red of Low and High, Amber of Critical and High, an unknown colour of Moderate and Critical.
      storage.Policies.push(
        policy('Low1', '2.1', 0, 1, { Severity: 'Low' }),
        policy('Crit1', '2.2', 1, 2, { Severity: 'Critical' }),
        policy('Odd', '2.3', 1, 1, { Severity: 'Moderate', Compliance: 'Yellow' }),
      );
      network.Policies.push(
        policy('Crit2', '2.4', 1, 3, { Severity: 'Critical' }),
        policy('Odd2', '2.5', 1, 1, { Severity: 'Critical', Compliance: 'Yellow' }),
      );
    });
    const pairing = pairReports(
      await side('old.json', report('CIS')),
      await side('new.json', report('CIS'), gained),
      false,
    );
    expect(pairing.unpaired).toEqual([
      {
        side: 'new',
        source: 'new.json',
        pointer: '/1',
        benchmarkId: 'NIST',
        accountId: 'acc',
        jobId: 'NIST-acc',
        policies: 10,
        // Red StorageKeys and Amber NsgSsh are High; Red, Amber and an unknown colour add up per severity, worst first.
        failing: [
          { severity: 'Critical', count: 3 },
          { severity: 'High', count: 2 },
          { severity: 'Moderate', count: 1 },
          { severity: 'Low', count: 1 },
        ],
      },
    ]);
  });

  it('refuses reports that pair with none of the other side, naming three', async () => {
    const error = await (async () => {
      try {
        return pairReports(
          await side('old.json', report('A'), report('B'), report('C')),
          await side('new.json', report('E')),
          false,
        );
      } catch (caught) {
        return caught;
      }
    })();
    expect((error as Error).message).toContain(
      'old: A of account acc (old.json), B of account acc (old.json), C of account acc (old.json); new: E of account acc (new.json);',
    );
  });

  it('refuses reports that pair with none of the other side, naming three of each and how many more', async () => {
    const olds = await side('old.json', report('A'), report('B'), report('C'), report('D'));
    const news = await side('new.json', report('E'));
    const error = (() => {
      try {
        return pairReports(olds, news, false);
      } catch (caught) {
        return caught;
      }
    })();
    expect(isCspmError(error) && error.code).toBe('reports-mismatch');
    expect((error as Error).message).toContain(
      'old: A of account acc (old.json), B of account acc (old.json), C of account acc (old.json) and 1 more; new: E of account acc (new.json); compare scans of one account and benchmark',
    );
    expect((error as { data: unknown }).data).toEqual({
      old: ['A', 'B', 'C', 'D'].map((benchmarkId) => ({ source: 'old.json', benchmarkId, accountId: 'acc' })),
      new: [{ source: 'new.json', benchmarkId: 'E', accountId: 'acc' }],
    });
  });
});
