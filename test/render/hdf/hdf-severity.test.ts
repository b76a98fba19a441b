import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contextualizeEvaluation,
  convertFile,
  convertImpactToSeverity,
  type ContextualizedEvaluation,
  type ExecJSON,
} from 'inspecjs';
import { describe, expect, it } from 'vitest';
import { type Analysis, type BenchmarkReport, type Policy } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { hdfControlJson } from '../../../src/render/hdf/hdf-control.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/**
 * The severity of a policy as the HDF tools are to count it, written here apart from the
 * renderer so that a slip in either shows: HDF's words, VeryLow as low, a Gray policy
 * none (not applicable), an unknown severity critical (fail closed).
 */
const hdfWordOf: Record<string, string> = {
  critical: 'critical',
  high: 'high',
  moderate: 'medium',
  low: 'low',
  verylow: 'low',
};
const expectedSeverity = (item: Policy): string =>
  item.Compliance === 'Gray' ? 'none' : (hdfWordOf[item.Severity.trim().toLowerCase()] ?? 'critical');

/**
 * Status as inspecjs names it, from the colour as our analysis counts it: Red and Amber failed, Green passed, Gray not
 * applicable.
 */
function expectedStatus(item: Policy): string {
  const statuses: Record<string, string> = { Green: 'Passed', Red: 'Failed', Amber: 'Failed', Gray: 'Not Applicable' };
  return statuses[item.Compliance] ?? 'Profile Error';
}

type Counts = Record<string, Record<string, number>>;

function add(counts: Counts, severity: string, status: string): void {
  const row = (counts[severity] ??= {});
  row[status] = (row[status] ?? 0) + 1;
}

/** Our per-severity status counts, one entry per report, from the analysed reports. */
function ourCounts(analysis: Analysis): Counts[] {
  return analysis.sources.flatMap((source) =>
    source.reports.map(({ report }) => {
      const counts: Counts = {};
      for (const category of report.ResourceCategories)
        for (const item of category.Policies) add(counts, expectedSeverity(item), expectedStatus(item));
      return counts;
    }),
  );
}

/**
 * inspecjs's per-severity status counts, one entry per profile: by the severity it
 * derives (from the `severity` tag when it is one of HDF's words, else from the impact),
 * which Heimdall's charts and the newer SAF CLI count by.
 */
function theirCounts(evaluation: ContextualizedEvaluation): Counts[] {
  return evaluation.contains.map((profile) => {
    const counts: Counts = {};
    for (const control of profile.contains) add(counts, control.root.hdf.severity, control.root.hdf.status);
    return counts;
  });
}

async function hdfOf(
  input: Parameters<typeof analyseInputs>[0],
): Promise<{ analysis: Analysis; evaluation: ContextualizedEvaluation; text: string }> {
  const analysis = await analyseInputs(input);
  const text = Buffer.from(await collectBytes(await renderReport(analysis, 'hdf'))).toString('utf8');
  const converted = convertFile(text, true);
  expect(converted.errors).toBeUndefined();
  return { analysis, evaluation: contextualizeEvaluation(converted['1_0_ExecJson']!), text };
}

/**
 * Every control's derived severity is one of HDF's words and the one its impact gives, which older SAF CLIs count by.
 */
function expectOneSeverity(evaluation: ContextualizedEvaluation): void {
  for (const profile of evaluation.contains) {
    for (const control of profile.contains) {
      expect(['none', 'low', 'medium', 'high', 'critical']).toContain(control.root.hdf.severity);
      expect(convertImpactToSeverity(control.data.impact)).toBe(control.root.hdf.severity);
    }
  }
}

async function expectCountsAgree(input: Parameters<typeof analyseInputs>[0]): Promise<Counts[]> {
  const { analysis, evaluation } = await hdfOf(input);
  expectOneSeverity(evaluation);
  const ours = ourCounts(analysis);
  expect(theirCounts(evaluation)).toEqual(ours);
  // And our figures: every failed control is a Red or Amber policy, every passed one Green, every not applicable one
  // Gray.
  const reports = analysis.sources.flatMap((source) => source.reports);
  ours.forEach((counts, index) => {
    const total = (status: string): number => Object.values(counts).reduce((sum, row) => sum + (row[status] ?? 0), 0);
    const figures = reports[index]!.figures;
    expect([total('Passed'), total('Failed'), total('Not Applicable')]).toEqual([
      figures.green,
      figures.red + figures.amber,
      figures.gray,
    ]);
  });
  return ours;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const samples = readdirSync(join(repoRoot, 'samples'))
  .filter((name) => name.endsWith('.json'))
  .sort();

describe("HDF severities, read by MITRE's inspecjs", () => {
  it.each(samples)('samples/%s: per-severity passed, failed and not applicable counts are ours', async (name) => {
    const counts = await expectCountsAgree(`samples/${name}`);
    expect(Object.keys(counts.reduce((all, each) => ({ ...all, ...each }), {})).sort()).toEqual(
      expect.arrayContaining(['critical', 'high', 'low', 'medium', 'none']),
    );
  });

  it('reads lowercase and padded severities as the words they spell', async () => {
    const report = minimalReport();
    const spellings = ['critical', ' CRITICAL', 'high ', 'MODERATE', ' veryLow ', 'Low'];
    report.ResourceCategories[0]!.Policies = spellings.map((severity, index) =>
      policy(`P${index}`, `1000.${index + 1}`, 0, 3, { Severity: severity }),
    );
    fixCounts(report);
    const { evaluation } = await hdfOf({ value: report, name: 'spellings.json' });
    const controls = evaluation.contains[0]!.contains.slice(0, spellings.length);
    expect(controls.map((control) => control.root.hdf.severity)).toEqual([
      'critical',
      'critical',
      'high',
      'medium',
      'low',
      'low',
    ]);
    expect(controls.map((control) => control.data.impact)).toEqual([1, 1, 0.7, 0.5, 0.1, 0.3]);
    // Loading reads each in its observed spelling, so the report's value as read is the tag.
    expect(controls.map((control) => control.data.tags['cspmSeverity'])).toEqual([
      'Critical',
      'Critical',
      'High',
      'Moderate',
      'VeryLow',
      'Low',
    ]);
    await expectCountsAgree({ value: report, name: 'spellings.json' });
  });

  it('rates spellings itself, whatever loading does to them, keeping the value it is given', () => {
    const spellings = ['critical', ' CRITICAL', 'high ', 'MODERATE', ' veryLow ', 'Low'];
    const controls = spellings.map(
      (severity, index) =>
        JSON.parse(
          hdfControlJson(
            `1000.${index + 1}`,
            policy(`P${index}`, `1000.${index + 1}`, 0, 3, { Severity: severity }),
            '"category":"C"',
            '""',
          ),
        ) as ExecJSON.Control,
    );
    expect(controls.map((control) => control.tags['severity'])).toEqual([
      'critical',
      'critical',
      'high',
      'medium',
      'low',
      'low',
    ]);
    expect(controls.map((control) => convertImpactToSeverity(control.impact))).toEqual([
      'critical',
      'critical',
      'high',
      'medium',
      'low',
      'low',
    ]);
    expect(controls.map((control) => control.tags['cspmSeverity'])).toEqual(spellings);
  });

  it('rates a severity it does not know as critical (fail closed), keeping the value', async () => {
    const report = minimalReport();
    report.ResourceCategories[0]!.Policies = ['Severe', '', 'Very Low'].map((severity, index) =>
      policy(`P${index}`, `1000.${index + 1}`, 1, 3, { Severity: severity }),
    );
    fixCounts(report);
    const { evaluation } = await hdfOf({ value: report, name: 'unknown.json' });
    const controls = evaluation.contains[0]!.contains.slice(0, 3);
    expect(
      controls.map((control) => [
        control.root.hdf.severity,
        control.data.impact,
        control.root.hdf.status,
        control.data.tags['cspmSeverity'],
      ]),
    ).toEqual([
      ['critical', 1, 'Failed', 'Severe'],
      ['critical', 1, 'Failed', ''],
      ['critical', 1, 'Failed', 'Very Low'],
    ]);
  });

  it('gives a Gray policy no severity: impact 0, none, not applicable, whatever its Severity', async () => {
    const report = minimalReport();
    report.ResourceCategories[0]!.Policies = ['Critical', 'High', 'Low', 'Unheard'].map((severity, index) =>
      policy(`P${index}`, `1000.${index + 1}`, 0, 0, { Severity: severity }),
    );
    fixCounts(report);
    const { evaluation } = await hdfOf({ value: report, name: 'gray.json' });
    const controls = evaluation.contains[0]!.contains.slice(0, 4);
    for (const control of controls) {
      expect([
        control.data.impact,
        control.root.hdf.severity,
        control.root.hdf.status,
        control.data.tags['severity'],
      ]).toEqual([0, 'none', 'Not Applicable', 'none']);
    }
    expect(controls.map((control) => control.data.tags['cspmSeverity'])).toEqual([
      'Critical',
      'High',
      'Low',
      'Unheard',
    ]);
  });
});

/** The stated counts of the first category after its policies were replaced, so that the report checks clean. */
function fixCounts(report: BenchmarkReport): void {
  const category = report.ResourceCategories[0]!;
  const count = (colour: string): number => category.Policies.filter((item) => item.Compliance === colour).length;
  Object.assign(category, {
    Total: category.Policies.length,
    Green: count('Green'),
    Red: count('Red'),
    Amber: count('Amber'),
    Gray: count('Gray'),
  });
  const assessed = category.Total - category.Gray;
  category.CompliancePercent = assessed === 0 ? 0 : (category.Green / assessed) * 100;
}

// The service's published sample, kept beside the checkout (not ours to ship); CI names the folder in
// CSPM_REAL_SAMPLES.
const realSamplesDir = process.env['CSPM_REAL_SAMPLES'] ?? resolve(repoRoot, '..', 'shared', 'real-samples');
const published = existsSync(realSamplesDir)
  ? readdirSync(realSamplesDir)
      .filter((name) => name.includes('auditReportAPI') && name.endsWith('.json'))
      .sort()
  : [];
if (published.length === 0)
  console.warn(
    `skipped: HDF severities of the published audit report: no auditReportAPI sample in ${realSamplesDir} (set CSPM_REAL_SAMPLES to the folder of the service's published samples to run them)`,
  );

/**
 * A published sample as a document: a whole report as published, or an excerpt of its categories inside a report
 * shaped like it.
 */
function publishedDocument(name: string): unknown {
  const value = JSON.parse(readFileSync(join(realSamplesDir, name), 'utf8')) as unknown;
  const isExcerpt =
    Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'CategoryName' in item);
  return isExcerpt ? { ...minimalReport(), AccountName: 'Azure', ResourceCategories: value } : value;
}

describe.skipIf(published.length === 0)('HDF severities of the published audit report, read by inspecjs', () => {
  it.each(published)('%s: per-severity counts are ours, and no failing policy falls out of them', async (name) => {
    const counts = await expectCountsAgree({ value: publishedDocument(name), name });
    expect(counts.length).toBeGreaterThan(0);
  });
});
