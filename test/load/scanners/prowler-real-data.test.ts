import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../src/load/read-document.js';
import type { BenchmarkReport } from '../../../src/model/report.js';
import { runInProcess } from '../../support/cli-run.js';

/*
 * Prowler's published example outputs (test/fixtures/scanners/README.md), checked, and
 * their figures recounted here from the raw JSON, by the mapping and nothing of
 * the reader: a report per provider and account, a policy per check, Red when a resource
 * fails or is muted, Gray when only MANUAL results, resources passed of those evaluated.
 */

const folder = 'test/fixtures/scanners/prowler';
const fixtures = ['aws', 'azure', 'gcp', 'kubernetes'].map((name) => `${folder}/example_output_${name}.ocsf.json`);

interface RawFinding {
  metadata: { event_code: string };
  severity: string;
  status_code: string;
  status_id: number;
  cloud?: { provider: string; account: { uid: string } };
  unmapped: { compliance: Record<string, string[]> };
}

const severityWords: Record<string, string> = {
  Critical: 'Critical',
  High: 'High',
  Medium: 'Moderate',
  Low: 'Low',
  Informational: 'VeryLow',
};
const severityOrder = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];

function rawFindings(file: string): RawFinding[] {
  return JSON.parse(readFileSync(file, 'utf8')) as RawFinding[];
}

/** The figures of one set of policies, each a list of the findings counted toward it. */
function recountPolicies(policies: RawFinding[][]) {
  const colour = (findings: RawFinding[]) => {
    if (findings.some((finding) => finding.status_code === 'FAIL' || finding.status_id === 3)) return 'red';
    return findings.some((finding) => finding.status_code === 'PASS') ? 'green' : 'gray';
  };
  const counts = { total: policies.length, green: 0, red: 0, amber: 0, gray: 0, passedResources: 0, totalResources: 0 };
  const redBySeverity = new Map(severityOrder.map((severity) => [severity, 0]));
  for (const findings of policies) {
    const shade = colour(findings);
    counts[shade] += 1;
    if (shade === 'red') {
      const worst = Math.min(...findings.map((finding) => severityOrder.indexOf(severityWords[finding.severity]!)));
      const severity = severityOrder[worst]!;
      redBySeverity.set(severity, redBySeverity.get(severity)! + 1);
    }
    for (const finding of findings) {
      const muted = finding.status_id === 3;
      if (finding.status_code === 'PASS' && !muted) counts.passedResources += 1;
      if (finding.status_code === 'PASS' || finding.status_code === 'FAIL' || muted) counts.totalResources += 1;
    }
  }
  return {
    ...counts,
    redBySeverity: [...redBySeverity].map(([severity, count]) => ({ severity, count })),
  };
}

/** Findings grouped by a key, in the order first seen. */
function groupBy<T>(items: T[], keysOf: (item: T) => string[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      const group = groups.get(key) ?? [];
      group.push(item);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

const scanOf = (finding: RawFinding) =>
  `${finding.cloud?.provider ?? 'kubernetes'}|${finding.cloud?.account.uid ?? 'none'}`;

/** By default: a report per provider and account, a policy per check in it. */
function recount(findings: RawFinding[]) {
  const reports = groupBy(findings, (finding) => [scanOf(finding)]);
  const policies = reports.flatMap((report) => groupBy(report, (finding) => [finding.metadata.event_code]));
  return { reports: reports.length, policies: policies.length, figures: recountPolicies(policies) };
}

/** With `--framework`: a report per scan and framework, a policy per requirement of it. */
function recountFramework(findings: RawFinding[], wanted: (framework: string) => boolean) {
  const frameworks = (finding: RawFinding) => Object.keys(finding.unmapped.compliance).filter(wanted);
  const reports = groupBy(findings, (finding) => frameworks(finding).map((name) => `${scanOf(finding)}|${name}`));
  const policies = groupBy(findings, (finding) =>
    frameworks(finding).flatMap((name) =>
      finding.unmapped.compliance[name]!.map((id) => `${scanOf(finding)}|${name}|${id}`),
    ),
  );
  return { reports: reports.length, policies: policies.length, figures: recountPolicies(policies) };
}

async function checkFigures(file: string, ...options: string[]) {
  const result = await runInProcess(['check', file, '--no-config', '-f', 'json', ...options]);
  const out = JSON.parse(result.stdout) as {
    summary: { reports: number; policies: number; posture: Record<string, unknown> };
  };
  const { posture } = out.summary;
  return {
    reports: out.summary.reports,
    policies: out.summary.policies,
    figures: {
      total: posture['total'],
      green: posture['green'],
      red: posture['red'],
      amber: posture['amber'],
      gray: posture['gray'],
      passedResources: posture['passedResources'],
      totalResources: posture['totalResources'],
      redBySeverity: posture['redBySeverity'],
    },
  };
}

describe("Prowler's example outputs: check's figures equal a recount of the raw JSON", () => {
  it.each(fixtures)('%s', async (file) => {
    const expected = recount(rawFindings(file));
    expect(expected.figures.total).toBeGreaterThan(0);
    expect(await checkFigures(file)).toEqual(expected);
  });

  it.each(fixtures)('%s, --framework all: a report per framework', async (file) => {
    expect(await checkFigures(file, '--framework', 'all')).toEqual(recountFramework(rawFindings(file), () => true));
  });

  it.each(fixtures.slice(0, 3))('%s, --framework CIS-2.0: one report', async (file) => {
    const expected = recountFramework(rawFindings(file), (name) => name === 'CIS-2.0');
    expect(expected.reports).toBe(1);
    expect(await checkFigures(file, '--framework', 'cis-2.0')).toEqual(expected);
  });
});

describe("Prowler's AWS example, --framework CIS-2.0", () => {
  const file = `${folder}/example_output_aws.ocsf.json`;
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const [report, ...others] = readDocument(file, value, { framework: 'CIS-2.0' }).candidates as BenchmarkReport[];

  it('has the requirement ids as ComplianceNumber and their sections as categories', () => {
    expect(others).toEqual([]);
    expect(report?.BenchmarkName).toBe('CIS-2.0');
    const raw = rawFindings(file).flatMap((finding) => finding.unmapped.compliance['CIS-2.0'] ?? []);
    const shown = report?.ResourceCategories.flatMap((category) =>
      category.Policies.map((policy) => `${category.CategoryName} ${policy.ComplianceNumber}`),
    );
    expect(shown).toEqual(raw.map((id) => `Section ${id.split('.')[0]} ${id}`));
  });

  it('shows a requirement whose only results are MANUAL as Gray, never Green', () => {
    const manualOnly = rawFindings(file)
      .filter((finding) => finding.status_code === 'MANUAL')
      .flatMap((finding) => finding.unmapped.compliance['CIS-2.0'] ?? []);
    expect(manualOnly).toEqual(['1.1', '1.2', '1.3']);
    const policies = report?.ResourceCategories.flatMap((category) => category.Policies) ?? [];
    for (const id of manualOnly)
      expect(policies.find((policy) => policy.ComplianceNumber === id)).toMatchObject({
        Compliance: 'Gray',
        TotalResourceCount: 0,
      });
  });
});
