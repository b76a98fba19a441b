import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type ValidatedDocument } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { analyseReports } from '../../src/analyse/analyse-reports.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { formatCheckJson } from '../../src/render/findings/json-format.js';
import { formatCheckText } from '../../src/render/findings/text-format.js';
import { displayCount, displayPercent } from '../../src/render/display-values.js';
import { renderHtml } from '../../src/render/renderers.js';
import { minimalReport, policy } from '../support/minimal-report.js';

/** A report of one category holding `policies`, its stated counts matching them. */
function reportOf(policies: BenchmarkReport['ResourceCategories'][number]['Policies']): BenchmarkReport {
  const report = minimalReport();
  const green = policies.filter((item) => item.Compliance === 'Green').length;
  report.ResourceCategories = [
    {
      ...report.ResourceCategories[0]!,
      Total: policies.length,
      Green: green,
      Red: policies.length - green,
      Amber: 0,
      Gray: 0,
      CompliancePercent: (green / policies.length) * 100,
      Policies: policies,
    },
  ];
  return report;
}

/** What a reader sees must never hold these. */
const garbage = /NaN|Infinity|∞/;

describe('counts beyond 2^53 − 1 and near the double range', () => {
  it('check refuses counts above 2^53 − 1, which JSON numbers round (…993 reads as …992, which would pass for Green)', async () => {
    const text = JSON.stringify([reportOf([policy('Big', '1000.1', 1, 2)])])
      .replace('"PassedResourceCount":1', '"PassedResourceCount":9007199254740992')
      .replace('"TotalResourceCount":2', '"TotalResourceCount":9007199254740993');
    const analysis = await analyseInputs({ text, name: 'big.json' });
    const findings = analysis.sources[0]!.findings;
    expect(findings.map((finding) => [finding.rule, finding.pointer])).toEqual([
      ['schema', '/0/ResourceCategories/0/Policies/0/PassedResourceCount'],
      ['schema', '/0/ResourceCategories/0/Policies/0/TotalResourceCount'],
    ]);
    expect(findings[1]!.message).toContain(
      'must be <= 9007199254740991 (2^53 − 1, the largest count a JSON number holds exactly), not 9007199254740992 as read',
    );
    expect(analysis.summary.reports).toBe(0);
  });

  it('check accepts 2^53 − 1 itself', async () => {
    const max = Number.MAX_SAFE_INTEGER;
    const analysis = await analyseInputs({
      value: [reportOf([policy('Max', '1000.1', max, max), policy('Max2', '1000.2', 0, max)])],
      name: 'max.json',
    });
    expect(analysis.sources[0]!.findings).toEqual([]);
    expect(analysis.sources[0]!.reports[0]!.figures.percent).toBe(50);
  });

  it('check turns counts near 1e308 into schema findings, and no output shows NaN', async () => {
    const report = reportOf([policy('Huge', '1000.1', 1, 1), policy('Huge2', '1000.2', 1, 1)]);
    const text = JSON.stringify([report])
      .replaceAll('"PassedResourceCount":1', '"PassedResourceCount":1e308')
      .replaceAll('"TotalResourceCount":1', '"TotalResourceCount":1e308')
      .replace('"Total":2', '"Total":1.7e308');
    const analysis = await analyseInputs({ text, name: 'huge.json' });
    const findings = analysis.sources[0]!.findings;
    expect(findings).toHaveLength(5);
    expect(
      findings.every((finding) => finding.rule === 'schema' && finding.message.includes('must be <= 9007199254740991')),
    ).toBe(true);
    expect(formatCheckText(analysis)).not.toMatch(garbage);
    expect(formatCheckJson(analysis)).not.toMatch(garbage);
  });

  it('figures of documents that skipped validation never become NaN or Infinity in the view model and the page', async () => {
    const report = reportOf([policy('Huge', '1000.1', 1e308, 1e308), policy('Huge2', '1000.2', 1e308, 1e308)]);
    const document: ValidatedDocument = {
      source: 'huge.json',
      form: 'array',
      reportsPointer: '',
      reportCount: 1,
      reports: [{ pointer: '/0', report }],
      findings: [],
    };
    for (const percentFormula of ['green-of-assessed', 'passed-resources'] as const) {
      const analysis = analyseReports([document], { percentFormula });
      const view = buildViewModel(analysis);
      const figures = [view.rollup.figures, view.reports[0]!.figures, view.reports[0]!.categories[0]!.figures];
      for (const shown of figures) {
        expect(Number.isFinite(shown.percent)).toBe(true);
        expect(shown.percentText).not.toMatch(garbage);
      }
      expect(await renderHtml(analysis)).not.toMatch(garbage);
    }
  });

  it('display helpers never print NaN or Infinity', () => {
    expect([
      displayPercent(Number.NaN),
      displayPercent(Number.POSITIVE_INFINITY),
      displayCount(Number.NaN),
      displayCount(Number.NEGATIVE_INFINITY),
    ]).toEqual(['–', '–', '–', '–']);
    expect(displayCount(2 ** 54)).toBe('18,014,398,509,481,984');
  });
});
