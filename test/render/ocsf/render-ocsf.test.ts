import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { renderers } from '../../../src/render/renderers.js';
import { formatNamedBy } from '../../../src/render/formats/output-routing.js';
import { toolInfo } from '../../../src/tool-info.js';
// @ts-expect-error -- a script of the project, without types
import { writeReport } from '../../../scripts/generate-report.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { useTempDir } from '../../support/temp-dir.js';
import { builtLines, eventsOf, ocsfText, schemaErrors } from './ocsf-support.js';

const tempDir = useTempDir();
const now = new Date('2026-01-02T03:04:05.000Z');

interface SampleReport {
  BenchmarkName: string;
  LastScannedDate?: string;
  ResourceCategories: { Policies: { Compliance: string; Severity: string }[] }[];
}

function reportsOf(path: string): SampleReport[] {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { result?: unknown } | SampleReport[];
  const result = Array.isArray(json) ? json : (json.result ?? json);
  return (Array.isArray(result) ? result : [result]) as SampleReport[];
}

function expectValid(text: string, policies: number): void {
  const events = eventsOf(text);
  expect(events).toHaveLength(policies);
  for (const [index, event] of events.entries()) {
    const errors = schemaErrors(event);
    if (errors !== '') expect.fail(`event ${index}: ${errors}`);
  }
}

const samples = readdirSync('samples').filter((name) => name.endsWith('.json'));

describe('render -f ocsf: OCSF Compliance Finding events as JSON Lines', () => {
  it.each(samples)('writes one valid event per policy of samples/%s', async (name) => {
    const reports = reportsOf(join('samples', name));
    const policies = reports.flatMap((report) => report.ResourceCategories.flatMap((category) => category.Policies));
    const text = await ocsfText(join('samples', name), { now });
    expectValid(text, policies.length);
    // The writer's text is the event builder's objects, as JSON.stringify writes them.
    expect(text.split('\n').slice(0, -1)).toEqual(await builtLines(join('samples', name), { now }));
    const events = eventsOf(text);
    events.forEach((event, index) => {
      const source = policies[index]!;
      expect(event.unmapped.compliance).toBe(source.Compliance);
      expect(event.unmapped.severity).toBe(source.Severity);
      expect(event.metadata.product).toEqual({
        name: 'cspm-report',
        vendor_name: 'cspm-report',
        version: toolInfo.version,
      });
      expect(event.metadata.version).toBe('1.8.0');
      expect(event.metadata.profiles).toEqual(['cloud']);
      expect(event.type_uid).toBe(event.class_uid * 100 + event.activity_id);
    });
    // The scan's own time wins over --now (read to the second, as every document reads it); a report without one takes
    // it.
    const stated = reports[0]!.LastScannedDate;
    expect(events[0]!.time).toBe(stated === undefined ? now.getTime() : Math.floor(Date.parse(stated) / 1000) * 1000);
  });

  it('writes one valid event per policy of a generated report of 879 policies, in chunks of about a megabyte', async () => {
    const file = join(tempDir(), 'report.json');
    await (writeReport as (path: string, policies: number) => Promise<void>)(file, 879);
    const body = await renderReport(await analyseInputs(file), 'ocsf', { now });
    expect(body).not.toBeInstanceOf(Uint8Array);
    const chunks: Uint8Array[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeLessThan(1.1 * (1 << 20));
    const text = Buffer.concat(chunks).toString('utf8');
    expectValid(text, 879);
    expect(text.split('\n').slice(0, -1)).toEqual(await builtLines(file, { now }));
  });

  it('maps the Amber policy of samples/azure-csbp.json', async () => {
    const event = eventsOf(await ocsfText('samples/azure-csbp.json')).find(
      (candidate) => candidate.compliance.control === '1000.1',
    )!;
    expect(event).toMatchObject({
      class_uid: 2003,
      category_uid: 2,
      activity_id: 1,
      type_uid: 200301,
      time: Date.parse('2024-03-18T06:42:17.384Z') - 384,
      severity_id: 4,
      severity: 'High',
      status_id: 1,
      compliance: {
        standards: ['Cloud Security Best Practices'],
        control: '1000.1',
        category: 'Azure - Business continuity and DR',
        status_id: 3,
        status: 'Fail',
        status_details: ['9 of 14 resources passed: 5 failed (partial failure, Amber)'],
      },
      finding_info: {
        uid_alt: 'CSBP/e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845/1000.1',
        title: 'Ensure that Azure Backup is configured for every production Virtual Machine',
      },
      cloud: {
        provider: 'Azure',
        account: { uid: '4b8f0e62-3d7a-4c15-9e28-a71c5f06d9b3', name: 'Contoso Production', type_id: 13 },
      },
      metadata: { original_time: '2024-03-18T06:42:17.3841207Z' },
      unmapped: { passed_resources: 9, total_resources: 14, account_id: 'e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845' },
    });
    expect(event.finding_info.first_seen_time).toBe(event.time);
    expect(event.finding_info.last_seen_time).toBe(event.time);
  });

  it('makes no Gray policy a failure, in any sample', async () => {
    for (const name of samples) {
      const gray = eventsOf(await ocsfText(join('samples', name), { now })).filter(
        (event) => event.unmapped.compliance === 'Gray',
      );
      for (const event of gray) expect([event.compliance.status, event.status]).toEqual(['Unknown', 'Unknown']);
    }
  });

  it('gives a finding the same uid in the next scan (another job, another time), and every policy its own', async () => {
    const first = minimalReport();
    const next = {
      ...minimalReport(),
      JobId: 'a1b2c3d4-0000-4000-8000-000000000099',
      LastScannedDate: '2024-05-01T00:00:00Z',
    };
    const uids = (events: ReturnType<typeof eventsOf>) => events.map((event) => event.finding_info.uid);
    const before = eventsOf(await ocsfText({ value: first }, { now }));
    const after = eventsOf(await ocsfText({ value: next }));
    expect(uids(after)).toEqual(uids(before));
    expect(new Set(uids(before)).size).toBe(before.length);
    expect(after[0]!.time).not.toBe(before[0]!.time);
    expect(after[0]!.metadata.uid).not.toBe(before[0]!.metadata.uid);
    const otherAccount = eventsOf(
      await ocsfText({ value: { ...first, SubscriptionId: 'a1b2c3d4-0000-4000-8000-0000000000ff' } }, { now }),
    );
    expect(uids(otherAccount).some((uid) => uids(before).includes(uid))).toBe(false);
  });

  it('takes the account uid from AWSAccountId, SubscriptionId, else AccountId', async () => {
    const account = async (fields: Record<string, unknown>) =>
      eventsOf(await ocsfText({ value: { ...minimalReport(), ...fields } }, { now }))[0]!.cloud.account.uid;
    expect(await account({ ConnectorType: 'AWS', AWSAccountId: '123456789012', SubscriptionId: null })).toBe(
      '123456789012',
    );
    expect(await account({})).toBe('a1b2c3d4-0000-4000-8000-000000000003');
    expect(await account({ ConnectorType: 'Office365', SubscriptionId: '' })).toBe(
      'a1b2c3d4-0000-4000-8000-000000000001',
    );
  });

  it('refuses a report without a scan time unless --now is given, before writing anything', async () => {
    const analysis = await analyseInputs('samples/aws-cis.json');
    await expect(renderReport(analysis, 'ocsf')).rejects.toThrow(
      /OCSF events need the time of the scan: .*states no LastScannedDate.*; render it with --now/,
    );
    const events = eventsOf(await ocsfText('samples/aws-cis.json', { now }));
    expect(events.every((event) => event.time === now.getTime() && event.metadata.original_time === undefined)).toBe(
      true,
    );
  });

  it('keeps hostile text inside its strings: one valid event per line, no raw line break of any kind', async () => {
    const hostile = JSON.parse(readFileSync('test/fixtures/hostile-report.json', 'utf8')) as { result: SampleReport[] };
    const report = hostile.result[0]!;
    const policies = report.ResourceCategories.flatMap((category) => category.Policies);
    // Breaks JSON.stringify leaves raw, which some line readers split on.
    const breaks = policy('Breaks', '9.9', 1, 2, { ShortTitle: 'line\u2028separator\u2029paragraph\u0085next\r\nend' });
    const value = {
      ...hostile,
      result: [
        {
          ...report,
          ResourceCategories: [...report.ResourceCategories, { ...report.ResourceCategories[0], Policies: [breaks] }],
        },
      ],
    };
    const text = await ocsfText({ value }, { now });
    expect(text).not.toMatch(/[\r\u2028\u2029\u0085]/);
    expect(text.split('\n')).toHaveLength(policies.length + 2);
    expectValid(text, policies.length + 1);
    expect(text.split('\n').slice(0, -1)).toEqual(await builtLines({ value }, { now }));
    const events = eventsOf(text);
    expect(events.at(-1)!.finding_info.title).toBe('line\u2028separator\u2029paragraph\u0085next\r\nend');
    expect(events.map((event) => event.finding_info.title)).toEqual([
      ...policies.map((source) => (source as unknown as { ShortTitle: string }).ShortTitle),
      breaks.ShortTitle,
    ]);
  });

  it('writes values outside the observed sets as the builder maps them, and validly', async () => {
    const report = minimalReport();
    const odd = [
      policy('Purple', '7.1', 1, 2, { Compliance: 'Purple', Severity: ' critical ', RiskProbability: 'NotLikely ' }),
      policy('Severe', '7.2', 0, 2, { Severity: 'Severe' }),
      policy('NoSeverity', '7.3', 0, 0, { Severity: '' }),
    ];
    const value = {
      ...report,
      ConnectorType: 'Kubernetes',
      LastScannedDate: null,
      LastScannedDateEpochTime: 1710744137,
      ResourceCategories: [{ ...report.ResourceCategories[0]!, Policies: odd }],
    };
    const text = await ocsfText({ value });
    expect(text.split('\n').slice(0, -1)).toEqual(await builtLines({ value }));
    expectValid(text, 3);
    const events = eventsOf(text);
    expect(
      events.map((event) => [event.compliance.status_id, event.compliance.status, event.severity_id, event.severity]),
    ).toEqual([
      [99, 'Purple', 5, 'Critical'],
      [3, 'Fail', 99, 'Severe'],
      [0, 'Unknown', 99, ''],
    ]);
    // Loading reads ` critical ` as Critical, as every format does.
    expect(events[0]!).toMatchObject({
      time: 1710744137000,
      cloud: { provider: 'Kubernetes', account: { type_id: 0 } },
      metadata: { original_time: '1710744137' },
      unmapped: { risk_probability: 'NotLikely', severity: 'Critical' },
    });
  });

  it('is the document format ocsf, named by .ocsf.jsonl and .jsonl', () => {
    expect(renderers.ocsf).toMatchObject({ extension: 'ocsf.jsonl', mediaType: 'application/x-ndjson' });
    expect(formatNamedBy('scan.ocsf.jsonl', ['document'])).toEqual({ kind: 'document', format: 'ocsf' });
    expect(formatNamedBy('scan.jsonl', ['findings', 'document'])).toEqual({ kind: 'document', format: 'ocsf' });
  });
});
