import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { readSchema } from '../../src/validate/schema-validators.js';
import { minimalReport } from '../support/minimal-report.js';

type Mutable = Record<string, unknown> & { ResourceCategories: Record<string, unknown>[] };

function mutated(change: (report: Mutable) => void): unknown {
  const report = structuredClone(minimalReport()) as unknown as Mutable;
  change(report);
  return report;
}

function policyOf(report: Mutable, category: number, index: number): Record<string, unknown> {
  return (report.ResourceCategories[category]!['Policies'] as Record<string, unknown>[])[index]!;
}

describe('schema findings', () => {
  const cases = [
    {
      name: 'a missing required field is located where it belongs',
      input: mutated((report) => delete report['JobId']),
      expected: [
        { pointer: '/JobId', message: 'benchmark CSBP of account "Contoso Azure" lacks the required field JobId' },
      ],
    },
    {
      name: 'a count given as a string',
      input: mutated((report) => (policyOf(report, 0, 1)['TotalResourceCount'] = '2')),
      expected: [
        {
          pointer: '/ResourceCategories/0/Policies/1/TotalResourceCount',
          message:
            'TotalResourceCount of policy 1000.2 "Ensure that StorageKeys is configured" (StorageKeys) in category "Azure - Storage" must be integer, not string "2"',
        },
      ],
    },
    {
      name: 'a negative count',
      input: mutated((report) => (report.ResourceCategories[1]!['Green'] = -1)),
      expected: [
        {
          pointer: '/ResourceCategories/1/Green',
          message:
            'Green of category "Azure - Network" of benchmark CSBP of account "Contoso Azure" must be >= 0, not -1',
        },
      ],
    },
    {
      name: 'ComplianceNumber as a number, not a string',
      input: mutated((report) => (policyOf(report, 1, 0)['ComplianceNumber'] = 1100.1)),
      expected: [
        {
          pointer: '/ResourceCategories/1/Policies/0/ComplianceNumber',
          message: expect.stringContaining('must be string, not number 1100.1'),
        },
      ],
    },
    {
      name: 'a number beyond double precision',
      input: mutated((report) => (policyOf(report, 0, 0)['PassedResourceCount'] = Infinity)),
      expected: [
        {
          pointer: '/ResourceCategories/0/Policies/0/PassedResourceCount',
          message: expect.stringContaining('beyond double precision'),
        },
      ],
    },
  ];
  it.each(cases)('$name', async ({ input, expected }) => {
    const analysis = await analyseInputs({ value: input });
    const findings = analysis.sources[0]!.findings;
    expect(findings.every((finding) => finding.rule === 'schema' && finding.severity === 'error')).toBe(true);
    expect(findings).toEqual(expected.map((item) => expect.objectContaining(item)));
    expect(analysis.summary.reports).toBe(0);
  });

  it('keeps fields beyond the specification and allows null ids', async () => {
    const input = mutated((report) => {
      report['Posture'] = { Total: 5, Green: 2, Red: 1, Amber: 1, Gray: 1, CompliancePercent: 50 };
      report['Title'] = 'Contoso production';
      report['LastScannedDate'] = '2026-11-20T08:14:03Z';
      report['SubscriptionId'] = null;
      report.ResourceCategories[0]!['LongName'] = 'Storage accounts';
    });
    const analysis = await analyseInputs({ value: input });
    expect(analysis.sources[0]!.findings).toEqual([]);
    expect(analysis.sources[0]!.reports[0]!.report['Title']).toBe('Contoso production');
  });

  it('validates the envelope head and locates errors in it', async () => {
    const analysis = await analyseInputs({ value: { result: [minimalReport()], statusCode: '200', message: 'ok' } });
    expect(analysis.sources[0]!.findings).toEqual([
      expect.objectContaining({
        rule: 'schema',
        pointer: '/statusCode',
        message: expect.stringContaining('the response envelope'),
      }),
    ]);
  });

  it('publishes a draft 2020-12 schema with the report definitions', () => {
    const schema = readSchema();
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(schema['$defs'] as object)).toEqual(
      expect.arrayContaining(['envelope', 'benchmarkReport', 'category', 'policy', 'posture']),
    );
  });
});
