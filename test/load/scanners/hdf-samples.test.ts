import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchmarkReport, Policy } from '../../../src/model/report.js';
import { loadReports } from '../../../src/load/load-reports.js';
import { runInProcess } from '../../support/cli-run.js';
import { sampleExceptionsFile } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

// HDF written by the tools themselves: InSpec profiles' results, the SAF CLI's
// attestations, and MITRE's converters' outputs (test/fixtures/scanners/README.md).
const folder = 'test/fixtures/scanners/hdf';
const samples = {
  'InSpec aws-s3-baseline': `${folder}/aws-s3-baseline.json`,
  'InSpec RHEL 8 STIG, attested': `${folder}/rhel8_sample_oneOfEachControlStatus_output.json`,
  'InSpec triple overlay, attested': `${folder}/triple_overlay_attested.json`,
  'Prowler through the ASFF converter': `${folder}/prowler-hdf.json`,
  'Security Hub through the ASFF converter': `${folder}/asff-aws_foundational_security_best_practices_v1.0.0-hdf.json`,
};

const tempDir = useTempDir();

interface RawTest {
  status: string;
  backtrace?: unknown;
}
interface RawControl {
  id: string;
  impact: number;
  results: RawTest[];
  waiver_data?: { skipped_due_to_waiver?: boolean } | null;
}
interface RawProfile {
  controls: RawControl[];
}

/** The SAF CLI's bands of impact, as the service's Severities. */
function bandOf(impact: number): string {
  if (impact >= 0.9) return 'Critical';
  if (impact >= 0.7) return 'High';
  if (impact >= 0.4) return 'Moderate';
  if (impact >= 0.1) return 'Low';
  return 'VeryLow';
}

interface Figures {
  checks: number;
  failing: number;
  resources: number;
  passed: number;
  failingBySeverity: Record<string, number>;
}

/**
 * The figures of an HDF file counted from its raw JSON, written apart from the reader,
 * as Heimdall reads a control: one control per id (an overlay's layers repeat it, and
 * only one of them has results); waived fails; impact 0, no test, or an error without a
 * failure is not evaluated; else a failed test fails it and each passed or failed test
 * is a resource.
 */
function recount(path: string): Figures {
  const { profiles } = JSON.parse(readFileSync(path, 'utf8')) as { profiles: RawProfile[] };
  const controls = new Map<string, { impact: number; results: RawTest[]; waived: boolean }>();
  for (const control of profiles.flatMap((profile) => profile.controls)) {
    const seen = controls.get(control.id) ?? { impact: control.impact, results: [], waived: false };
    if (seen.results.length === 0) seen.results = control.results;
    seen.waived ||= control.waiver_data?.skipped_due_to_waiver === true;
    controls.set(control.id, seen);
  }
  const figures: Figures = { checks: controls.size, failing: 0, resources: 0, passed: 0, failingBySeverity: {} };
  for (const { impact, results, waived } of controls.values()) {
    const statuses = results.map((test) => (test.backtrace ? 'error' : test.status));
    const failed = statuses.includes('failed');
    if (waived) figures.resources += Math.max(results.length, 1);
    if (waived || impact === 0 || (statuses.includes('error') && !failed)) {
      if (waived) figures.failing += 1;
      if (waived) figures.failingBySeverity[bandOf(impact)] = (figures.failingBySeverity[bandOf(impact)] ?? 0) + 1;
      continue;
    }
    figures.resources += statuses.filter((status) => status === 'passed' || status === 'failed').length;
    figures.passed += statuses.filter((status) => status === 'passed').length;
    if (failed) {
      figures.failing += 1;
      figures.failingBySeverity[bandOf(impact)] = (figures.failingBySeverity[bandOf(impact)] ?? 0) + 1;
    }
  }
  return figures;
}

interface Posture {
  total: number;
  red: number;
  green: number;
  gray: number;
  totalResources: number;
  passedResources: number;
  redBySeverity: { severity: string; count: number }[];
}

/** `check -f json`'s summary of a file. */
async function checkSummary(path: string, ...args: string[]): Promise<{ reports: number; posture: Posture }> {
  const result = await runInProcess(['check', path, '-f', 'json', '--no-config', ...args]);
  expect(result.stderr).toBe('');
  return (JSON.parse(result.stdout) as { summary: { reports: number; posture: Posture } }).summary;
}

function figuresOf(posture: Posture): Figures {
  const failingBySeverity: Record<string, number> = {};
  for (const { severity, count } of posture.redBySeverity) if (count > 0) failingBySeverity[severity] = count;
  return {
    checks: posture.total,
    failing: posture.red,
    resources: posture.totalResources,
    passed: posture.passedResources,
    failingBySeverity,
  };
}

async function policiesOf(path: string): Promise<Policy[]> {
  const [document] = await loadReports(path);
  return (document!.candidates as BenchmarkReport[]).flatMap((report) =>
    report.ResourceCategories.flatMap((category) => category.Policies),
  );
}

describe('real HDF samples', () => {
  for (const [name, path] of Object.entries(samples)) {
    it(`${name}: the figures equal a recount of the raw controls`, async () => {
      const expected = recount(path);
      expect(expected.checks).toBeGreaterThan(0);
      expect(figuresOf((await checkSummary(path)).posture)).toEqual(expected);
    });
  }

  it('reads the RHEL 8 sample as Heimdall shows it: one passed, one failed, one not applicable, one not reviewed', async () => {
    const policies = await policiesOf(samples['InSpec RHEL 8 STIG, attested']);
    expect(policies.map((policy) => [policy.PolicyId, policy.Compliance, policy.Severity])).toEqual([
      ['SV-230221', 'Green', 'High'],
      ['SV-230222', 'Red', 'Moderate'],
      ['SV-230223', 'Gray', 'VeryLow'],
      ['SV-230328', 'Gray', 'Moderate'],
    ]);
  });

  it('reads the overlay as one control per id, an attested manual control by its attestation', async () => {
    const policies = await policiesOf(samples['InSpec triple overlay, attested']);
    expect(policies.map((policy) => [policy.PolicyId, policy.Compliance])).toEqual([
      ['V-61409', 'Green'],
      ['V-61449', 'Green'],
      ['V-61635', 'Red'],
      ['V-61867', 'Gray'],
      ['V-61677', 'Green'],
    ]);
    const [document] = await loadReports(samples['InSpec triple overlay, attested']);
    expect((document!.candidates as BenchmarkReport[])[0]).toMatchObject({
      AccountId: 'cms-ars-3.1-moderate-aws-rds-oracle-database-12c-stig-overlay',
      Scanner: { format: 'hdf', tool: 'InSpec', provider: 'centos' },
    });
  });

  it('gives the NIST SP 800-53 report of the aws-s3-baseline with --framework all', async () => {
    const summary = await checkSummary(samples['InSpec aws-s3-baseline'], '--framework', 'all');
    // Both controls answer AC-6 (the Rev_4 tag is no control): one requirement, failing.
    expect(summary).toMatchObject({ reports: 1, posture: { total: 1, red: 1, totalResources: 6, passedResources: 4 } });
  });

  it('skips our own -f hdf found in a folder, reads it named, with the figures of the report it came from', async () => {
    const dir = tempDir();
    const own = join(dir, 'aws-cis.hdf.json');
    const rendered = await runInProcess(['render', 'samples/aws-cis.json', '-f', 'hdf', '-o', own, '--no-config']);
    expect(rendered.code).toBe(0);
    // Beside it, another tool's HDF is a report to check.
    copyFileSync(samples['InSpec aws-s3-baseline'], join(dir, 'aws-s3-baseline.json'));
    const listed = await runInProcess(['check', dir, '--no-config']);
    expect(listed.stderr).toContain('aws-cis.hdf.json: an output of cspm-report (HDF), not a report; skipped');
    expect(listed.stdout).toContain('1 valid report, 2 policies');
    const named = await checkSummary(own);
    const source = await checkSummary('samples/aws-cis.json');
    // A scanner's check fails on one failing resource: the service's Amber is Red here.
    expect(named.posture).toMatchObject({
      total: source.posture.total,
      green: source.posture.green,
      gray: source.posture.gray,
      red: source.posture.total - source.posture.green - source.posture.gray,
    });
  });

  it('reads the waiver of an accepted policy in our own -f hdf as a muted result', async () => {
    const dir = tempDir();
    const own = join(dir, 'azure.hdf.json');
    const exceptions = sampleExceptionsFile(tempDir(), 10);
    const rendered = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '--exceptions',
      exceptions,
      '-f',
      'hdf',
      '-o',
      own,
      '--no-config',
    ]);
    expect(rendered.code).toBe(0);
    const waived = JSON.parse(readFileSync(own, 'utf8')) as { profiles: RawProfile[] };
    const ids = waived.profiles.flatMap((profile) =>
      profile.controls
        .filter((control) => control.waiver_data?.skipped_due_to_waiver === true)
        .map((control) => control.id),
    );
    expect(ids.length).toBeGreaterThan(0);
    const [document] = await loadReports(own);
    const policies = (document!.candidates as BenchmarkReport[]).flatMap((report) =>
      report.ResourceCategories.flatMap((category) => category.Policies),
    );
    const muted = policies
      .filter((policy) => typeof policy.MutedResourceCount === 'number' && policy.MutedResourceCount > 0)
      .map((policy) => policy.PolicyId);
    expect(muted).toEqual(ids);
    expect(document!.findings.filter((finding) => finding.rule === 'muted-result')).toHaveLength(ids.length);
  });
});
