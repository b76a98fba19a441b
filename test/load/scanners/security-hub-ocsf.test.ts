import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../src/load/read-document.js';
import type { BenchmarkReport } from '../../../src/model/report.js';
import { runInProcess } from '../../support/cli-run.js';

const fixture = 'test/fixtures/scanners/security-hub/security-hub-findings.ocsf.jsonl';

type Raw = Record<string, unknown> & {
  class_uid: number;
  severity: string;
  status_id: number;
  metadata: { product: { name: string } };
  compliance?: { control: string; status: string; standards: string[]; requirements?: string[] };
};

function rawEvents(): Raw[] {
  return readFileSync(fixture, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Raw);
}

/** A Security Hub finding as the fixture's first, changed by `change`. */
function event(change: (raw: Raw) => void): Raw {
  const raw = structuredClone(rawEvents()[1]!);
  change(raw);
  return raw;
}

function policies(report: BenchmarkReport | undefined) {
  return (report?.ResourceCategories ?? []).flatMap((category) => category.Policies);
}

describe("Security Hub's OCSF findings (a public sample, GetFindingsV2)", () => {
  it("checks to a recount of the raw JSON: Security Hub's Compliance Findings, a policy per control", async () => {
    const compliance = rawEvents().filter(
      (raw) => raw.class_uid === 2003 && raw.metadata.product.name === 'Security Hub',
    );
    const failing = compliance.filter((raw) => raw.compliance?.status === 'Fail');
    const words: Record<string, string> = { Medium: 'Moderate', Informational: 'VeryLow', High: 'High' };
    const result = await runInProcess(['check', fixture, '--no-config', '-f', 'json']);
    const out = JSON.parse(result.stdout) as {
      summary: { reports: number; policies: number; posture: Record<string, unknown> };
    };
    expect(out.summary.reports).toBe(1);
    expect(out.summary.policies).toBe(new Set(compliance.map((raw) => raw.compliance?.control)).size);
    expect(out.summary.posture).toMatchObject({
      red: failing.length,
      green: compliance.length - failing.length,
      passedResources: compliance.length - failing.length,
      totalResources: compliance.length,
    });
    const bySeverity = out.summary.posture['redBySeverity'] as { severity: string; count: number }[];
    for (const { severity, count } of bySeverity)
      expect(count).toBe(failing.filter((raw) => words[raw.severity] === severity).length);
  });

  it('names the findings of other products it leaves out, once', () => {
    const { findings } = readDocument(fixture, rawEvents());
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'scanner-value',
        severity: 'warning',
        pointer: '/6',
        actual: 'Vulnerability Finding',
      }),
    ]);
  });

  it('--framework all: a report per standard and per framework the requirements name', () => {
    const reports = readDocument(fixture, rawEvents(), { framework: 'all' }).candidates as BenchmarkReport[];
    const frameworks = new Set(
      rawEvents().flatMap((raw) => [
        ...(raw.compliance?.standards ?? []),
        ...(raw.compliance?.requirements ?? []).map((requirement) =>
          requirement.slice(0, requirement.lastIndexOf('/')),
        ),
      ]),
    );
    expect(new Set(reports.map((report) => report.BenchmarkName))).toEqual(frameworks);
    const cis = reports.find((report) => report.BenchmarkName === 'CIS AWS Foundations Benchmark v1.2.0');
    expect(policies(cis).map((policy) => [policy.ComplianceNumber, policy.Compliance])).toEqual([['1.22', 'Green']]);
    expect(cis?.ResourceCategories.map((category) => category.CategoryName)).toEqual(['Section 1']);
  });
});

describe("Security Hub's OCSF findings: statuses (built from the documented schema)", () => {
  it("reads Warning as a failure, as ASFF's WARNING is, and a status not known as a failure, with a warning", () => {
    const warning = event((raw) => Object.assign(raw.compliance!, { status: 'Warning', status_id: 2 }));
    const unknown = event((raw) => {
      Object.assign(raw.compliance!, { control: 'SQS.9', status: 'Unknown', status_id: 0 });
    });
    const { candidates, findings } = readDocument('sh.json', [warning, unknown]);
    expect(policies(candidates[0] as BenchmarkReport).map((policy) => policy.Compliance)).toEqual(['Red', 'Red']);
    expect(findings).toEqual([expect.objectContaining({ pointer: '/1/compliance/status_id', actual: 0 })]);
  });

  it('counts a Suppressed finding as muted (never passing), and leaves a closed one out, named', () => {
    const suppressed = event((raw) => {
      raw.status_id = 3;
      raw['status'] = 'Suppressed';
    });
    const closed = event((raw) => {
      raw['activity_id'] = 3;
      raw['activity_name'] = 'Close';
    });
    const { candidates, findings } = readDocument('sh.json', [suppressed, closed]);
    expect(policies(candidates[0] as BenchmarkReport)).toEqual([
      expect.objectContaining({ PolicyId: 'SQS.1', TotalResourceCount: 1, MutedResourceCount: 1, Compliance: 'Red' }),
    ]);
    expect(findings.map((finding) => [finding.rule, finding.pointer])).toEqual([
      ['scanner-value', '/1'],
      ['muted-result', '/0'],
    ]);
  });

  it('reads a Detection Finding of Security Hub (no compliance) as a failing result of its analytic', () => {
    const detection = event((raw) => {
      delete raw.compliance;
      raw.class_uid = 2004;
      raw['class_name'] = 'Detection Finding';
      raw['type_uid'] = 200401;
      (raw['finding_info'] as Record<string, unknown>)['analytic'] = { name: 'exposure-ec2-open-ssh', type: 'Rule' };
      raw['severity'] = 'High';
    });
    const resolved = structuredClone(detection);
    resolved.status_id = 4;
    (resolved['resources'] as Record<string, unknown>[])[0]!['uid_alt'] = 'arn:aws:sqs:us-east-2:123456789012:other';
    const [report] = readDocument('sh.json', [detection, resolved]).candidates as BenchmarkReport[];
    expect(policies(report)).toEqual([
      expect.objectContaining({
        PolicyId: 'exposure-ec2-open-ssh',
        PassedResourceCount: 1,
        TotalResourceCount: 2,
        Compliance: 'Red',
        Severity: 'High',
      }),
    ]);
  });
});
