import { contextualizeEvaluation, convertFile } from 'inspecjs';
import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { toolInfo } from '../../../src/tool-info.js';
import { section as documentedSection } from '../../support/documentation.js';
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

describe("HDF export, read by MITRE's inspecjs", () => {
  it('keeps one profile per report of a file, and the compliance the HDF tools compute is ours', async () => {
    const { text, analysis } = await hdfOf('samples/azure-multi-benchmark.json');
    const converted = convertFile(text, true);
    expect(converted.errors).toBeUndefined();
    const evaluation = contextualizeEvaluation(converted['1_0_ExecJson']!);
    const reports = analysis.sources[0]!.reports;
    expect(evaluation.contains.map((profile) => profile.data.name)).toEqual(
      reports.map(({ report }) => `${report.BenchmarkId} ${report.AccountId}`),
    );
    evaluation.contains.forEach((profile, index) => {
      const figures = reports[index]!.figures;
      expect(profile.contains).toHaveLength(figures.total);
      expect(heimdallCompliance(profile.contains.map((control) => control.root.hdf.status))).toBeCloseTo(
        figures.percent,
        9,
      );
    });
    // The three benchmarks share ComplianceNumbers: the ids carry the BenchmarkId, so no profile overlays another.
    expect(evaluation.contains[2]!.contains[0]!.data.id).toMatch(/^PCI3_2_1\//);
  });

  it('makes Gray not applicable (impact 0), Red failed, Amber failed as a partial failure, categories groups', async () => {
    const { text } = await hdfOf('samples/azure-csbp.json');
    const evaluation = contextualizeEvaluation(convertFile(text)['1_0_ExecJson']!);
    const profile = evaluation.contains[0]!;
    const byTag = (compliance: string) =>
      profile.contains.filter((control) => control.data.tags['compliance'] === compliance);
    expect(
      byTag('Gray').every((control) => control.root.hdf.status === 'Not Applicable' && control.data.impact === 0),
    ).toBe(true);
    expect(byTag('Green').every((control) => control.root.hdf.status === 'Passed')).toBe(true);
    type Tags = { passedResources: number; totalResources: number; cspmSeverity: string; category: string };
    const red = byTag('Red')[0]!;
    const redTags = red.data.tags as Tags;
    expect(red.root.hdf.status).toBe('Failed');
    expect(red.root.hdf.segments?.[0]?.message).toBe(
      `${redTags.totalResources} of ${redTags.totalResources} resources failed`,
    );
    const amber = byTag('Amber')[0]!;
    expect(amber.root.hdf.status).toBe('Failed');
    const tags = amber.data.tags as Tags;
    const failed = tags.totalResources - tags.passedResources;
    expect(amber.root.hdf.segments?.[0]?.message).toBe(
      `${tags.passedResources} of ${tags.totalResources} resources passed: ${failed} failed (partial failure, Amber)`,
    );
    // The HDF tools print the message: it must say what the status cannot, that some resources passed.
    expect(amber.hdf.message).toContain('partial failure, Amber');
    expect(amber.data.impact).toBe(
      ({ Critical: 1, High: 0.7, Moderate: 0.5, Low: 0.3, VeryLow: 0.1 } as Record<string, number>)[tags.cspmSeverity],
    );
    expect(amber.root.hdf.segments?.[0]?.start_time).toMatch(/^2024-03-18T06:42:17/);
    const json = JSON.parse(text) as {
      profiles: { groups: { title: string; controls: string[] }[]; sha256: string }[];
    };
    expect(json.profiles[0]!.groups.map((group) => group.controls.length).reduce((a, b) => a + b)).toBe(127);
    expect(json.profiles[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the platform so that it reads as Heimdall runs name and release together', async () => {
    const { text, analysis } = await hdfOf('samples/azure-csbp.json');
    const platform = convertFile(text)['1_0_ExecJson']!.platform;
    // Heimdall's evaluation card prints `${name}${release}`; its HTML export the name alone.
    expect(`${platform.name}${platform.release}`).toBe(`Azure · cspm-report ${toolInfo.version}`);
    expect(platform.name).toBe(`Azure · cspm-report ${toolInfo.version}`);
    expect(platform.target_id).toBe(
      `${analysis.sources[0]!.reports[0]!.report.AccountName} (${analysis.sources[0]!.reports[0]!.report.AccountId})`,
    );
  });

  it('gives every control a code, the JSON of which check it is, that the SAF CLI prints', async () => {
    const { text, analysis } = await hdfOf('samples/azure-multi-benchmark.json');
    const evaluation = contextualizeEvaluation(convertFile(text)['1_0_ExecJson']!);
    const policies = analysis.sources[0]!.reports.flatMap(({ report }) =>
      report.ResourceCategories.flatMap((category) => category.Policies),
    );
    const controls = evaluation.contains.flatMap((profile) => profile.contains);
    expect(controls).toHaveLength(policies.length);
    controls.forEach((control, index) => {
      const policy = policies[index]!;
      // The SAF CLI's CSV "Code" column is inspecjs's full_code, which spells a missing code "undefined".
      expect(control.full_code).not.toContain('undefined');
      expect(control.full_code).toContain(control.data.code!);
      expect(JSON.parse(control.data.code!)).toEqual({ PolicyId: policy.PolicyId, ServiceName: policy.ServiceName });
    });
  });

  it('writes a code that needs escaping as JSON.stringify would', async () => {
    const report = minimalReport();
    const first = report.ResourceCategories[0]!.Policies[0]!;
    Object.assign(first, { PolicyId: 'Quote"and\\back\nslash, lone \ud800', ServiceName: 'Service "A"\u2028' });
    const analysis = await analyseInputs({ value: report, name: 'r.json' });
    const text = Buffer.from(await collectBytes(await renderReport(analysis, 'hdf'))).toString('utf8');
    const control = (JSON.parse(text) as { profiles: { controls: { code: string }[] }[] }).profiles[0]!.controls[0]!;
    expect(control.code).toBe(JSON.stringify({ PolicyId: first.PolicyId, ServiceName: first.ServiceName }));
  });

  it('writes the control the documentation shows', async () => {
    const section = documentedSection('HDF for Heimdall and the SAF CLI').text;
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as { id: string };
    const { text } = await hdfOf('samples/azure-csbp.json');
    const controls = (JSON.parse(text) as { profiles: { controls: { id: string }[] }[] }).profiles[0]!.controls;
    expect(controls.find((control) => control.id === shown.id)).toEqual(shown);
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
    expect((await idsOfProfiles([one]))[0]).toEqual(
      one.ResourceCategories.flatMap((category) => category.Policies.map((policy) => policy.ComplianceNumber)),
    );

    // A number twice in one report: that report's controls are named by PolicyId, and keep the number as a tag.
    const repeats = minimalReport();
    repeats.ResourceCategories[1]!.Policies[0]!.ComplianceNumber =
      repeats.ResourceCategories[0]!.Policies[0]!.ComplianceNumber;
    const [byPolicyId] = await idsOfProfiles([repeats]);
    expect(byPolicyId).toEqual(
      repeats.ResourceCategories.flatMap((category) => category.Policies.map((policy) => policy.PolicyId)),
    );

    // Two benchmarks with the same numbers: BenchmarkId prefixes; one benchmark for two accounts: AccountId too.
    const other = minimalReport();
    other.BenchmarkId = 'CIS';
    const secondAccount = minimalReport();
    secondAccount.AccountId = 'a1b2c3d4-0000-4000-8000-0000000000ff';
    const shared = await idsOfProfiles([one, other, secondAccount]);
    expect(shared.map((ids) => ids[0])).toEqual([
      `CSBP/${one.AccountId}/1000.1`,
      'CIS/1000.1',
      `CSBP/${secondAccount.AccountId}/1000.1`,
    ]);
    expect(new Set(shared.flat()).size).toBe(shared.flat().length);
  });
});
