import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BenchmarkReport } from '../../../src/model/report.js';
import { loadReports } from '../../../src/load/load-reports.js';
import { runInProcess } from '../../support/cli-run.js';

// ASFF written by the tools themselves, as MITRE's HDF converters are tested on them
// (test/fixtures/scanners/README.md).
const folder = 'test/fixtures/scanners/asff';
const samples = {
  'Security Hub (get-findings)': `${folder}/asff_sample.json`,
  'Prowler 2 (Findings)': `${folder}/prowler_sample.json`,
  'Prowler 2 (JSON lines)': `${folder}/prowler-sample.asff-json`,
  'Trivy (no compliance result)': `${folder}/trivy-image_golang-1.12-alpine_sample.json`,
};

/** The fields of an ASFF finding the recount reads. */
interface Raw {
  RecordState?: string;
  GeneratorId: string;
  ProductFields?: { ControlId?: string };
  Compliance?: { Status?: string; SecurityControlId?: string };
  Workflow?: { Status?: string };
  Severity: { Label: string };
}

/** The findings of a file as it holds them: `{"Findings": […]}`, an array, or one per line. */
function rawFindings(path: string): Raw[] {
  const text = readFileSync(path, 'utf8');
  if (text.trimStart().startsWith('{"SchemaVersion"'))
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Raw);
  const value = JSON.parse(text) as Raw[] | { Findings: Raw[] };
  return Array.isArray(value) ? value : value.Findings;
}

const words: Record<string, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Moderate',
  LOW: 'Low',
  INFORMATIONAL: 'VeryLow',
};
const rank = ['VeryLow', 'Low', 'Moderate', 'High', 'Critical'];

/**
 * The figures of an ASFF file counted from its raw JSON by the mapping, written
 * apart from the reader: current findings only; a check fails when a finding of it is
 * FAILED, WARNING, has no compliance result, or is suppressed.
 */
function recount(findings: Raw[]): {
  checks: number;
  failing: number;
  resources: number;
  passed: number;
  failingBySeverity: Record<string, number>;
} {
  const checks = new Map<string, { failing: boolean; severity: string }>();
  let resources = 0;
  let passed = 0;
  for (const finding of findings) {
    if (finding.RecordState === 'ARCHIVED') continue;
    const id =
      finding['Compliance']?.['SecurityControlId'] ?? finding['ProductFields']?.['ControlId'] ?? finding['GeneratorId'];
    const suppressed = finding['Workflow']?.['Status'] === 'SUPPRESSED';
    const status = finding['Compliance']?.['Status'] ?? 'FAILED';
    const passes = status === 'PASSED' && !suppressed;
    if (status !== 'NOT_AVAILABLE' || suppressed) resources += 1;
    if (passes) passed += 1;
    const severity = words[finding.Severity.Label]!;
    const check = checks.get(id) ?? { failing: false, severity };
    if (rank.indexOf(severity) > rank.indexOf(check.severity)) check.severity = severity;
    check.failing ||= !passes && status !== 'NOT_AVAILABLE';
    checks.set(id, check);
  }
  const failingBySeverity: Record<string, number> = {};
  for (const check of checks.values())
    if (check.failing) failingBySeverity[check.severity] = (failingBySeverity[check.severity] ?? 0) + 1;
  const failing = [...checks.values()].filter((check) => check.failing).length;
  return { checks: checks.size, failing, resources, passed, failingBySeverity };
}

/** The same figures as `check -f json` states them, or as the loader built them. */
function figuresOf(posture: Posture): ReturnType<typeof recount> {
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

interface Posture {
  total: number;
  red: number;
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

describe('real ASFF samples', () => {
  for (const [name, path] of Object.entries(samples)) {
    it(`${name}: the figures equal a recount of the raw findings`, async () => {
      const [document] = await loadReports(path);
      expect(document?.builtFrom).toBe('asff');
      const expected = recount(rawFindings(path));
      expect(expected.checks).toBeGreaterThan(0);
      expect(figuresOf((await checkSummary(path)).posture)).toEqual(expected);
    });
  }

  it('reads the get-findings sample as Security Hub, AWS, one account, and its JSON lines twin as the file', async () => {
    const [hub] = await loadReports(samples['Security Hub (get-findings)']);
    const [report] = hub!.candidates as BenchmarkReport[];
    expect(report).toMatchObject({
      AccountId: '123456789123',
      ConnectorType: 'AWS',
      Scanner: { format: 'asff', tool: 'Security Hub' },
      LastScannedDate: '2021-08-09T11:28:13.288Z',
    });
    const [lines] = await loadReports(samples['Prowler 2 (JSON lines)']);
    const [file] = await loadReports(samples['Prowler 2 (Findings)']);
    expect(lines!.candidates).toEqual(file!.candidates);
    expect((file!.candidates[0] as BenchmarkReport).Scanner).toMatchObject({
      tool: 'Prowler',
      version: '2.4.0-07042021',
    });
  });

  it('says once that the Trivy findings, detections with no compliance result, were read as failing', async () => {
    const [document] = await loadReports(samples['Trivy (no compliance result)']);
    const notes = document!.findings.filter((finding) => finding.rule === 'scanner-value');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain('44 findings have no Compliance.Status');
  });

  it('checks, and with --framework all gives a report per Security Hub standard', async () => {
    const plain = await runInProcess(['check', samples['Security Hub (get-findings)'], '--no-config']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('1 valid report, 18 policies');
    const byFramework = await checkSummary(samples['Security Hub (get-findings)'], '--framework', 'all');
    expect(byFramework.reports).toBe(2);
    expect(byFramework.posture).toMatchObject({ total: 18, red: 17, totalResources: 18, passedResources: 1 });
    const [document] = await loadReports(samples['Security Hub (get-findings)'], { framework: 'all' });
    const reports = document!.candidates as BenchmarkReport[];
    expect(reports.map((report) => [report.BenchmarkName, report.Posture?.Total])).toEqual([
      ['CIS AWS Foundations Benchmark v1.2.0', 16],
      ['AWS Foundational Security Best Practices v1.0.0', 2],
    ]);
  });

  it('refuses a Security Hub file that holds no findings (describe-standards-controls), naming the formats tried', async () => {
    const result = await runInProcess(['check', `${folder}/aws_cis_standard.json`, '--no-config']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/formats tried: [^)]*\basff\b/);
    expect(result.stdout).toMatch(/formats tried: [^)]*\bhdf\b/);
  });
});
