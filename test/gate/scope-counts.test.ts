import { describe, expect, it } from 'vitest';
import { type AnalysedReport, type BenchmarkReport } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import type { ScopedReport } from '../../src/gate/gate-metric.js';
import { countColours, sumFigures } from '../../src/gate/scope-counts.js';
import { minimalReport, policy } from '../support/minimal-report.js';

/**
 * The minimal report with four more policies. Storage: StorageHttps Green, StorageKeys
 * Red, StorageLogs Gray (all High), X1 Red Critical, X2 of the unknown colour Yellow,
 * Low. Network: NsgRdp Green, NsgSsh Amber (High), X3 Red of the unknown severity
 * Urgent, X4 Amber Critical.
 */
function sample(): BenchmarkReport {
  const report = minimalReport();
  report.ResourceCategories[0]!.Policies.push(
    policy('X1', '2.1', 0, 1, { Severity: 'Critical' }),
    policy('X2', '2.2', 0, 1, { Severity: 'Low', Compliance: 'Yellow' }),
  );
  report.ResourceCategories[1]!.Policies.push(
    policy('X3', '2.3', 0, 1, { Severity: 'Urgent' }),
    policy('X4', '2.4', 1, 2, { Severity: 'Critical' }),
  );
  return report;
}

async function analysed(): Promise<{ whole: ScopedReport; storage: ScopedReport; network: ScopedReport }> {
  const analysis = await analyseInputs({ value: sample(), name: 'r.json' });
  const source = analysis.sources[0]!;
  const report = source.reports[0] as AnalysedReport;
  const [storage, network] = report.categories;
  return {
    whole: { source, report, categories: report.categories },
    storage: { source, report, categories: [storage!] },
    network: { source, report, categories: [network!] },
  };
}

type Colours = ('Red' | 'Amber')[];

describe('countColours', () => {
  it.each<[string, Colours, string | undefined, number, number, number]>([
    // colours, severity, then the count over the whole report, Storage alone, Network alone
    ['Red, an unknown colour counted as Red', ['Red'], undefined, 4, 3, 1],
    ['Amber', ['Amber'], undefined, 2, 0, 2],
    ['Red and Amber', ['Red', 'Amber'], undefined, 6, 3, 3],
    ['Red of Critical, an unknown severity counted as Critical', ['Red'], 'Critical', 2, 1, 1],
    ['Amber of Critical', ['Amber'], 'Critical', 1, 0, 1],
    ['Red and Amber of Critical', ['Red', 'Amber'], 'Critical', 3, 1, 2],
    ['Red and Amber of High', ['Red', 'Amber'], 'High', 2, 1, 1],
    ['Red of Low: the unknown colour', ['Red'], 'Low', 1, 1, 0],
    ['Amber of Low', ['Amber'], 'Low', 0, 0, 0],
    ['Red and Amber of Moderate', ['Red', 'Amber'], 'Moderate', 0, 0, 0],
    ['nothing asked', [], undefined, 0, 0, 0],
    ['nothing asked, of Critical', [], 'Critical', 0, 0, 0],
  ])('%s', async (_name, colours, severity, whole, storage, network) => {
    const scopes = await analysed();
    expect([
      countColours([scopes.whole], colours, severity),
      countColours([scopes.storage], colours, severity),
      countColours([scopes.network], colours, severity),
    ]).toEqual([whole, storage, network]);
    // Several reports in scope add up.
    expect(countColours([scopes.whole, scopes.storage, scopes.network], colours, severity)).toBe(
      whole + storage + network,
    );
  });
});

describe('sumFigures', () => {
  it('adds up the categories in scope, or a whole report', async () => {
    const scopes = await analysed();
    expect(sumFigures([scopes.storage])).toEqual({
      total: 5,
      green: 1,
      red: 2,
      amber: 0,
      gray: 1,
      other: 1,
      passedResources: 4,
      totalResources: 8,
    });
    expect(sumFigures([scopes.network])).toEqual({
      total: 4,
      green: 1,
      red: 1,
      amber: 2,
      gray: 0,
      other: 0,
      passedResources: 5,
      totalResources: 9,
    });
    expect(sumFigures([scopes.whole])).toEqual({
      total: 9,
      green: 2,
      red: 3,
      amber: 2,
      gray: 1,
      other: 1,
      passedResources: 9,
      totalResources: 17,
    });
    expect(sumFigures([scopes.whole, scopes.network])).toEqual({
      total: 13,
      green: 3,
      red: 4,
      amber: 4,
      gray: 1,
      other: 1,
      passedResources: 14,
      totalResources: 26,
    });
    expect(sumFigures([])).toEqual({
      total: 0,
      green: 0,
      red: 0,
      amber: 0,
      gray: 0,
      other: 0,
      passedResources: 0,
      totalResources: 0,
    });
  });
});
