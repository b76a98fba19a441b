import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type PercentFormula } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { toCheckJson } from '../../../src/render/findings/json-format.js';
import type { PostureFiguresJson } from '../../../src/render/findings/json-posture.js';
import type { FiguresView } from '../../../src/model/view-model.js';
import { runInProcess } from '../../support/cli-run.js';
import { page } from '../../support/documentation.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { useTempDir } from '../../support/temp-dir.js';

/**
 * `--format json` states the posture figures the documents print: every count, the
 * percent and its text, and Red by severity, of the run, of each report and of each
 * category, read here against the view model the HTML, PDF and workbook are made of.
 */
const tempDir = useTempDir();

/** The figures of a view as the JSON states them. */
function asJson(view: FiguresView, redBySeverity: PostureFiguresJson['redBySeverity']): PostureFiguresJson {
  const { total, green, red, amber, gray, other, percent, percentText, passedResources, totalResources } = view;
  return {
    total,
    green,
    red,
    amber,
    gray,
    other,
    percent,
    percentText,
    passedResources,
    totalResources,
    redBySeverity,
  };
}

/** The figures of a JSON entry, without the ids and categories around them. */
function figuresOf(entry: PostureFiguresJson): PostureFiguresJson {
  const {
    total,
    green,
    red,
    amber,
    gray,
    other,
    percent,
    percentText,
    passedResources,
    totalResources,
    redBySeverity,
  } = entry;
  return {
    total,
    green,
    red,
    amber,
    gray,
    other,
    percent,
    percentText,
    passedResources,
    totalResources,
    redBySeverity,
  };
}

const samples = readdirSync('samples')
  .filter((name) => name.endsWith('.json'))
  .sort();
const formulas: PercentFormula[] = ['green-of-assessed', 'green-of-total', 'passed-resources'];

describe('posture figures of check --format json', () => {
  it.each(samples.flatMap((sample) => formulas.map((formula) => [sample, formula] as const)))(
    'equal those of the documents for %s (%s)',
    async (sample, percentFormula) => {
      const analysis = await analyseInputs(join('samples', sample), { percentFormula });
      const view = buildViewModel(analysis);
      const json = toCheckJson(analysis);
      const reports = json.files.flatMap((file) => file.posture.reports);
      expect(reports).toHaveLength(view.reports.length);
      expect(json.summary.posture).toEqual(asJson(view.rollup.figures, view.rollup.redBySeverity));
      reports.forEach((report, index) => {
        const shown = view.reports[index]!;
        expect(report).toMatchObject({
          pointer: shown.pointer,
          BenchmarkId: shown.benchmarkId,
          BenchmarkName: shown.benchmarkName,
          AccountId: shown.accountId,
          AccountName: shown.accountName,
          ConnectorType: shown.connectorType,
          JobId: shown.jobId,
        });
        expect(figuresOf(report)).toEqual(asJson(shown.figures, shown.redBySeverity));
        expect(report.categories).toHaveLength(shown.categories.length);
        report.categories.forEach((category, position) => {
          const shownCategory = shown.categories[position]!;
          expect(category).toMatchObject({
            CategoryId: shownCategory.categoryId,
            CategoryName: shownCategory.name,
            ControlCategoryOrder: shownCategory.order,
          });
          expect(category.pointer).toBe(`${shown.pointer}/ResourceCategories/${position}`);
          expect(figuresOf(category)).toMatchObject(asJson(shownCategory.figures, category.redBySeverity));
        });
      });
    },
  );

  it('keeps the fields of a file in their order, the posture after policies', async () => {
    const json = toCheckJson(await analyseInputs('samples/aws-cis.json'));
    expect(Object.keys(json.files[0]!)).toEqual(['file', 'reports', 'policies', 'posture', 'findings']);
    expect(Object.keys(json.summary)).toEqual([
      'files',
      'reports',
      'policies',
      'errors',
      'warnings',
      'percentFormula',
      'posture',
    ]);
    expect(json.summary.posture.percentText).toBe('23.1%');
    expect(json.summary.posture.percent).toBeCloseTo((12 / 52) * 100, 10);
  });

  it('gives null and n/a where nothing was assessed: a Gray category, a Gray report, a run of it alone', async () => {
    const mixed = minimalReport();
    mixed.ResourceCategories[1]!.Policies = [policy('NsgRdp', '1100.1', 0, 0), policy('NsgSsh', '1100.2', 0, 0)];
    const gray: BenchmarkReport = minimalReport();
    gray.JobId = 'a1b2c3d4-0000-4000-8000-000000000009';
    for (const category of gray.ResourceCategories)
      category.Policies = category.Policies.map((item) => ({
        ...item,
        ...policy(item.PolicyId, item.ComplianceNumber, 0, 0),
      }));
    const analysis = await analyseInputs([
      { value: mixed, name: 'mixed.json' },
      { value: gray, name: 'gray.json' },
    ]);
    const json = toCheckJson(analysis);
    const [mixedReport, grayReport] = json.files.map((file) => file.posture.reports[0]!);
    expect(mixedReport!.categories.map((category) => [category.percent, category.percentText])).toEqual([
      [50, '50.0%'],
      [null, 'n/a'],
    ]);
    expect([mixedReport!.percent, mixedReport!.percentText]).toEqual([50, '50.0%']);
    expect([grayReport!.percent, grayReport!.percentText, grayReport!.gray, grayReport!.total]).toEqual([
      null,
      'n/a',
      5,
      5,
    ]);
    expect(grayReport!.categories.map((category) => category.percentText)).toEqual(['n/a', 'n/a']);

    const alone = toCheckJson(await analyseInputs({ value: gray, name: 'gray.json' }));
    expect([alone.summary.posture.percent, alone.summary.posture.percentText]).toEqual([null, 'n/a']);
    expect(buildViewModel(await analyseInputs({ value: gray, name: 'gray.json' })).rollup.figures.percentText).toBe(
      'n/a',
    );
  });

  it('is an empty list for a file with no valid report, and zero figures for a run without one', async () => {
    const json = toCheckJson(await analyseInputs('samples/broken/json-syntax.json'));
    expect(json.files[0]!.posture).toEqual({ reports: [] });
    expect(json.summary.posture).toMatchObject({ total: 0, percent: null, percentText: 'n/a', redBySeverity: [] });
  });

  it('is written by gate and diff too, which share the writer', async () => {
    const dir = tempDir();
    const gate = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'samples/gate/gate-rules.yaml',
      '-f',
      'json',
      '-o',
      join(dir, 'gate.json'),
    ]);
    expect(gate.code).toBe(3);
    const gated = JSON.parse(readFileSync(join(dir, 'gate.json'), 'utf8')) as {
      summary: { posture: PostureFiguresJson };
      files: { posture: { reports: PostureFiguresJson[] } }[];
    };
    expect(gated.files[0]!.posture.reports).toHaveLength(1);
    expect(figuresOf(gated.files[0]!.posture.reports[0]!)).toEqual(gated.summary.posture);

    const diff = await runInProcess([
      'diff',
      'samples/diff/azure-csbp-2024-03-11.json',
      'samples/diff/azure-csbp-2024-03-18.json',
      '-o',
      join(dir, 'diff.json'),
    ]);
    expect(diff.code).toBe(0);
    const compared = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as {
      files: { posture: { reports: PostureFiguresJson[] } }[];
    };
    expect(compared.files.map((file) => file.posture.reports.map((report) => report.percentText))).toEqual([
      ['33.7%'],
      ['31.7%'],
    ]);
  });
});

describe('the documented example of --format json', () => {
  it('is what check writes for its sample, the verdict left out', async () => {
    const checking = page('docs/checking.md').text;
    const section = checking.slice(checking.indexOf('The JSON output (`--format json`)'));
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as unknown;
    expect(shown).toEqual(toCheckJson(await analyseInputs('samples/broken/compliance-percent.json')));
  });
});
