import { contextualizeEvaluation, convertFile } from 'inspecjs';
import { describe, expect, it } from 'vitest';
import { analyseInputs, renderReport } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { minimalReport } from '../../support/minimal-report.js';

async function hdfOf(input: string): Promise<{ text: string; analysis: Awaited<ReturnType<typeof analyseInputs>> }> {
  const analysis = await analyseInputs(input);
  return { text: Buffer.from(await collectBytes(await renderReport(analysis, 'hdf'))).toString('utf8'), analysis };
}

/** Heimdall's compliance of a profile: passed of passed, failed, not reviewed and profile errors. */
function heimdallCompliance(statuses: string[]): number {
  const count = (status: string): number => statuses.filter((value) => value === status).length;
  const passed = count('Passed');
  return (passed / (passed + count('Failed') + count('Not Reviewed') + count('Profile Error'))) * 100;
}

describe('HDF export, read by MITRE\'s inspecjs', () => {
  it('keeps one profile per report of a file, and the compliance the HDF tools compute is ours', async () => {
    const { text, analysis } = await hdfOf('samples/azure-multi-benchmark.json');
    const converted = convertFile(text, true);
    expect(converted.errors).toBeUndefined();
    const evaluation = contextualizeEvaluation(converted['1_0_ExecJson']!);
    const reports = analysis.sources[0]!.reports;
    expect(evaluation.contains.map((profile) => profile.data.name)).toEqual(reports.map(({ report }) => `${report.BenchmarkId} ${report.AccountId}`));
    evaluation.contains.forEach((profile, index) => {
      const figures = reports[index]!.figures;
      expect(profile.contains).toHaveLength(figures.total);
      expect(heimdallCompliance(profile.contains.map((control) => control.root.hdf.status))).toBeCloseTo(figures.percent, 9);
    });
    // The three benchmarks share ComplianceNumbers: the ids carry the BenchmarkId, so no profile overlays another.
    expect(evaluation.contains[2]!.contains[0]!.data.id).toMatch(/^PCI3_2_1\//);
  });

  it('makes Gray not applicable (impact 0), Red and Amber failed with the resources that failed, categories groups', async () => {
    const { text } = await hdfOf('samples/azure-csbp.json');
    const evaluation = contextualizeEvaluation(convertFile(text)['1_0_ExecJson']!);
    const profile = evaluation.contains[0]!;
    const byTag = (compliance: string) => profile.contains.filter((control) => control.data.tags['compliance'] === compliance);
    expect(byTag('Gray').every((control) => control.root.hdf.status === 'Not Applicable' && control.data.impact === 0)).toBe(true);
    expect(byTag('Green').every((control) => control.root.hdf.status === 'Passed')).toBe(true);
    const amber = byTag('Amber')[0]!;
    expect(amber.root.hdf.status).toBe('Failed');
    const tags = amber.data.tags as { passedResources: number; totalResources: number; severity: string; category: string };
    expect(amber.root.hdf.segments?.[0]?.message).toBe(`${tags.totalResources - tags.passedResources} of ${tags.totalResources} resources failed`);
    expect(amber.data.impact).toBe(({ Critical: 1, High: 0.7, Moderate: 0.5, Low: 0.3, VeryLow: 0.1 } as Record<string, number>)[tags.severity]);
    expect(amber.root.hdf.segments?.[0]?.start_time).toMatch(/^2024-03-18T06:42:17/);
    const json = JSON.parse(text) as { profiles: { groups: { title: string; controls: string[] }[]; sha256: string }[] };
    expect(json.profiles[0]!.groups.map((group) => group.controls.length).reduce((a, b) => a + b)).toBe(127);
    expect(json.profiles[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('carries hostile report text as plain JSON strings', async () => {
    const { text } = await hdfOf('test/fixtures/hostile-report.json');
    const converted = convertFile(text, true);
    expect(converted.errors).toBeUndefined();
    expect(text).toContain('<script>window.__pwned = true</script>');
  });

  it('names controls so that no two are one: numbers alone, PolicyIds where numbers repeat, benchmark and account prefixes where reports share ids', async () => {
    const idsOfProfiles = async (reports: ReturnType<typeof minimalReport>[]): Promise<string[][]> => {
      const analysis = await analyseInputs({ value: reports, name: 'r.json' });
      const text = Buffer.from(await collectBytes(await renderReport(analysis, 'hdf'))).toString('utf8');
      const evaluation = contextualizeEvaluation(convertFile(text, true)['1_0_ExecJson']!);
      return evaluation.contains.map((profile) => profile.contains.map((control) => control.data.id));
    };
    const one = minimalReport();
    expect((await idsOfProfiles([one]))[0]).toEqual(one.ResourceCategories.flatMap((category) => category.Policies.map((policy) => policy.ComplianceNumber)));

    // A number twice in one report: that report's controls are named by PolicyId, and keep the number as a tag.
    const repeats = minimalReport();
    repeats.ResourceCategories[1]!.Policies[0]!.ComplianceNumber = repeats.ResourceCategories[0]!.Policies[0]!.ComplianceNumber;
    const [byPolicyId] = await idsOfProfiles([repeats]);
    expect(byPolicyId).toEqual(repeats.ResourceCategories.flatMap((category) => category.Policies.map((policy) => policy.PolicyId)));

    // Two benchmarks with the same numbers: BenchmarkId prefixes; one benchmark for two accounts: AccountId too.
    const other = minimalReport();
    other.BenchmarkId = 'CIS';
    const secondAccount = minimalReport();
    secondAccount.AccountId = 'a1b2c3d4-0000-4000-8000-0000000000ff';
    const shared = await idsOfProfiles([one, other, secondAccount]);
    expect(shared.map((ids) => ids[0])).toEqual([`CSBP/${one.AccountId}/1000.1`, 'CIS/1000.1', `CSBP/${secondAccount.AccountId}/1000.1`]);
    expect(new Set(shared.flat()).size).toBe(shared.flat().length);
  });
});
