import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFiles } from '../../src/jobs/analyse-files.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import type { Analysis } from '../../src/model/analysis.js';
import { writeFleet } from '../support/fleet.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** What every output reads of an analysis, policies aside. */
function figuresOf(analysis: Analysis): unknown {
  return {
    summary: analysis.summary,
    sources: analysis.sources.map((source) => ({
      source: source.source,
      reportCount: source.reportCount,
      policies: source.policies,
      findings: source.findings,
      regions: source.regions === undefined ? undefined : [...source.regions],
      reports: source.reports.map((report) => ({
        pointer: report.pointer,
        figures: report.figures,
        names: [report.report.BenchmarkId, report.report.AccountId, report.report.AccountName, report.report.JobId],
        redBySeverity: report.redBySeverity,
        amberBySeverity: report.amberBySeverity,
        categories: report.categories.map((category) => [
          category.pointer,
          category.category.CategoryName,
          category.figures,
          category.redBySeverity,
          category.amberBySeverity,
        ]),
      })),
    })),
  };
}

describe('analyseFiles: a run over many files that keeps figures', () => {
  it('gives the same result on one thread and on worker threads, duplicates across files and broken files included', async () => {
    const fleet = writeFleet(tempDir(), 24);
    const one = await analyseFiles(fleet.dir, { jobs: 1 });
    const two = await analyseFiles(fleet.dir, { jobs: 2 });
    const three = await analyseFiles(fleet.dir, { jobs: 3 });
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(one.sources.map((source) => source.source)).toEqual(fleet.files);
    const copy = one.sources.find((source) => source.source === fleet.duplicate);
    expect(copy?.findings.map((finding) => finding.rule)).toEqual(['duplicate-report']);
    expect(copy?.findings[0]?.message).toContain('account-00003.json');
  });

  it('states the figures, findings and regions that a run holding every report states', async () => {
    const fleet = writeFleet(tempDir(), 20);
    const kept = await analyseFiles(fleet.dir, { jobs: 2, keep: { categories: 'all' } });
    const whole = await analyseInputs(fleet.dir);
    expect(figuresOf(kept)).toEqual(figuresOf(whole));
    expect(kept.summary.errors).toBeGreaterThanOrEqual(3);
    // By default a report keeps the categories its findings point into, and says how many it had.
    const lean = await analyseFiles(fleet.dir, { jobs: 2 });
    const wrong = lean.sources.find((source) => source.source === fleet.wrongTotal)?.reports[0];
    expect(wrong?.categories.map((category) => category.pointer)).toEqual(['/0/ResourceCategories/0']);
    expect(wrong?.categoryCount).toBe(
      whole.sources.find((source) => source.source === fleet.wrongTotal)?.reports[0]?.categories.length,
    );
    expect(lean.sources[0]?.reports[0]?.categories).toEqual([]);
    expect((figuresOf(lean) as { summary: unknown }).summary).toEqual(
      (figuresOf(whole) as { summary: unknown }).summary,
    );
  });

  it('lets the policies go but for those the findings point into and those named', async () => {
    const fleet = writeFleet(tempDir(), 6);
    const report = JSON.parse(readFileSync(fleet.files[1] as string, 'utf8')) as {
      ResourceCategories: { Policies: { PassedResourceCount: number; TotalResourceCount: number }[] }[];
    }[];
    const policy = report[0]!.ResourceCategories[2]!.Policies[4]!;
    policy.PassedResourceCount = policy.TotalResourceCount + 1;
    writeFileSync(fleet.files[1] as string, JSON.stringify(report));
    const analysis = await analyseFiles([fleet.files[0] as string, fleet.files[1] as string], {
      keep: { policyIds: new Set(['VpnGatewayIkev2']), categories: 'all' },
    });
    for (const source of analysis.sources) {
      for (const category of source.reports.flatMap((analysed) => analysed.categories))
        expect(category.category.Policies).toEqual([]);
    }
    const pointed = analysis.sources[1]!.reports[0]!.categories[2]!.keptPolicies;
    expect(pointed?.get(4)).toMatchObject({ PassedResourceCount: policy.PassedResourceCount });
    const named = analysis.sources[0]!.reports[0]!.categories.flatMap((category) => [
      ...(category.keptPolicies?.values() ?? []),
    ]);
    expect(named.map((kept) => kept.PolicyId)).toEqual(['VpnGatewayIkev2']);
  });

  it('stops on the first input, in input order, that cannot be read, on workers as on one thread', async () => {
    const fleet = writeFleet(tempDir(), 6);
    const inputs = [
      fleet.files[0] as string,
      join(fleet.dir, 'missing-a.json'),
      fleet.files[1] as string,
      join(fleet.dir, 'missing-b.json'),
    ];
    await expect(analyseFiles(inputs, { jobs: 2 })).rejects.toMatchObject({
      name: 'CspmError',
      code: 'input-not-found',
      message: expect.stringContaining('missing-a.json'),
    });
    await expect(analyseFiles(inputs, { jobs: 1 })).rejects.toMatchObject({
      name: 'CspmError',
      code: 'input-not-found',
      message: expect.stringContaining('missing-a.json'),
    });
  });
});
