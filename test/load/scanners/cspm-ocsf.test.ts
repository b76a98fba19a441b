import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../src/load/read-document.js';
import type { BenchmarkReport } from '../../../src/model/report.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/** The events `render -f ocsf` writes of a sample, parsed. */
async function eventsOf(sample: string, ...options: string[]): Promise<Record<string, unknown>[]> {
  const file = join(tempDir(), 'events.ocsf.jsonl');
  const result = await runInProcess(['render', sample, '-f', 'ocsf', '-o', file, '--no-config', ...options]);
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('our own -f ocsf, read back', () => {
  it('rebuilds the reports of a sample: identity, scan date, categories and policies as they were', async () => {
    const original = JSON.parse(readFileSync('samples/azure-multi-benchmark.json', 'utf8')) as {
      result: BenchmarkReport[];
    };
    const { candidates, findings, builtFrom } = readDocument(
      'events',
      await eventsOf('samples/azure-multi-benchmark.json'),
    );
    expect(builtFrom).toBe('cspm-ocsf');
    expect(findings).toEqual([]);
    const pick = (report: BenchmarkReport) => ({
      ids: [report.BenchmarkName, report.BenchmarkId, report.AccountId, report.AccountName, report.JobId],
      connector: [report.ConnectorType, report.SubscriptionId, report.AWSAccountId],
      // The sample states both; the events keep the date, the instant both name.
      date: report.LastScannedDate,
      categories: report.ResourceCategories.filter((category) => category.Policies.length > 0).map((category) => ({
        ...category,
        ControlCategoryOrder: 0,
        // The events carry no stated percent: it is recounted, the service's float rounding aside.
        CompliancePercent: Number(category.CompliancePercent.toFixed(4)),
        Policies: category.Policies.map((policy) => ({ ...policy, RiskProbability: policy.RiskProbability.trim() })),
      })),
    });
    const rebuilt = (candidates as BenchmarkReport[]).map(pick);
    const stated = original.result.map(pick);
    expect(rebuilt).toEqual(stated);
  });

  it('leaves out an event with a figure missing or of the wrong type, with an error at its pointer', async () => {
    const events = await eventsOf('samples/aws-cis.json', '--now');
    (events[1]!['unmapped'] as Record<string, unknown>)['passed_resources'] = '3';
    delete (events[2]!['compliance'] as Record<string, unknown>)['control'];
    const { candidates, findings } = readDocument('events', events);
    expect(findings.map((finding) => [finding.severity, finding.pointer])).toEqual([
      ['error', '/1/unmapped/passed_resources'],
      ['error', '/2/compliance/control'],
    ]);
    const policies = (candidates as BenchmarkReport[]).flatMap((report) =>
      report.ResourceCategories.flatMap((category) => category.Policies),
    );
    expect(policies).toHaveLength(events.length - 2);
  });

  it('refuses (fails a check on) an item among the events that is not one of ours', async () => {
    const events: unknown[] = await eventsOf('samples/aws-cis.json', '--now');
    events.push({ class_uid: 2004, metadata: { product: { name: 'Prowler' } } });
    const file = join(tempDir(), 'mixed.json');
    writeFileSync(file, JSON.stringify(events));
    const result = await runInProcess(['check', file, '--no-config']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('/59');
    expect(result.stdout).toContain('no Compliance Finding of cspm-report');
  });

  it('gives back a scan date stated in epoch seconds as epoch seconds', async () => {
    const report = JSON.parse(readFileSync('samples/aws-cis.json', 'utf8')) as { result: BenchmarkReport[] };
    report.result[0]!.LastScannedDateEpochTime = 1710744137;
    const file = join(tempDir(), 'epoch.json');
    writeFileSync(file, JSON.stringify(report));
    const [rebuilt] = readDocument('events', await eventsOf(file)).candidates as BenchmarkReport[];
    expect(rebuilt).toMatchObject({ LastScannedDateEpochTime: 1710744137 });
    expect(rebuilt?.LastScannedDate).toBeUndefined();
  });
});
