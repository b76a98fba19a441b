import { describe, expect, it } from 'vitest';
import type { LoadedDocument } from '../../../src/model/document.js';
import type { BenchmarkReport, Policy } from '../../../src/model/report.js';
import { readDocument } from '../../../src/load/read-document.js';
import { hdfControl, hdfDocument, hdfProfile } from './hdf-document.js';

function read(value: unknown, framework?: string): LoadedDocument {
  return readDocument('results.json', value, framework === undefined ? {} : { framework });
}

function reportsOf(document: LoadedDocument): BenchmarkReport[] {
  return document.candidates as BenchmarkReport[];
}

function policiesOf(document: LoadedDocument): Policy[] {
  return reportsOf(document).flatMap((report) => report.ResourceCategories.flatMap((category) => category.Policies));
}

/** A document of one profile of the controls given. */
function readControls(...controls: unknown[]): LoadedDocument {
  return read(hdfDocument([hdfProfile('baseline', controls)]));
}

describe('the HDF reader', () => {
  it('reads each test of a control as a resource: one failing makes it Red', () => {
    const document = readControls(
      hdfControl({ id: 'V-1', results: [{ status: 'passed' }, { status: 'failed' }, { status: 'passed' }] }),
      hdfControl({ id: 'V-2', results: [{ status: 'passed' }, { status: 'skipped' }] }),
    );
    expect(document.builtFrom).toBe('hdf');
    expect(policiesOf(document)).toMatchObject([
      { PolicyId: 'V-1', Compliance: 'Red', PassedResourceCount: 2, TotalResourceCount: 3 },
      { PolicyId: 'V-2', Compliance: 'Green', PassedResourceCount: 1, TotalResourceCount: 1 },
    ]);
    expect(policiesOf(document)[0]?.FailedResources).toEqual(['resource 2 of V-1 is expected to comply']);
    expect(document.findings).toEqual([]);
  });

  it('reads impact 0 as not applicable, a control with no test as manual, one only skipped as skipped: all Gray', () => {
    const document = readControls(
      hdfControl({ id: 'V-na', impact: 0, results: [{ status: 'failed' }] }),
      hdfControl({ id: 'V-manual', results: [] }),
      hdfControl({ id: 'V-skipped', results: [{ status: 'skipped' }] }),
    );
    expect(
      policiesOf(document).map((policy) => [policy.PolicyId, policy.Compliance, policy.UnevaluatedResults]),
    ).toEqual([
      ['V-na', 'Gray', { 'not-available': 1 }],
      ['V-manual', 'Gray', { manual: 1 }],
      ['V-skipped', 'Gray', { skipped: 1 }],
    ]);
  });

  it('reads a control waived (skipped for its waiver) as an accepted risk: muted, never passing, named', () => {
    const document = readControls(
      hdfControl({
        id: 'V-waived',
        results: [{ status: 'skipped' }],
        waiver: {
          justification: 'Replaced by a compensating control',
          expiration_date: '2026-01-01',
          run: false,
          skipped_due_to_waiver: true,
        },
      }),
      hdfControl({
        id: 'V-run',
        results: [{ status: 'passed' }],
        waiver: { run: true, skipped_due_to_waiver: false, message: 'waiver expired' },
      }),
    );
    expect(
      policiesOf(document).map((policy) => [policy.PolicyId, policy.Compliance, policy.MutedResourceCount]),
    ).toEqual([
      ['V-waived', 'Red', 1],
      ['V-run', 'Green', undefined],
    ]);
    expect(document.findings).toEqual([
      expect.objectContaining({
        rule: 'muted-result',
        pointer: '/profiles/0/controls/0/waiver_data',
        message: expect.stringContaining('1 result of V-waived was muted in InSpec'),
      }),
    ]);
  });

  it('reads a test that raised an error as not evaluated, and a control with one and no failure as no pass', () => {
    const document = readControls(
      hdfControl({ id: 'V-erred', results: [{ status: 'passed' }, { status: 'error' }] }),
      hdfControl({ id: 'V-failed', results: [{ status: 'failed' }, { status: 'error' }] }),
      hdfControl({ id: 'V-backtrace', results: [{ status: 'passed', backtrace: ['at line 1'] }] }),
    );
    expect(policiesOf(document).map((policy) => [policy.PolicyId, policy.Compliance])).toEqual([
      ['V-erred', 'Gray'],
      ['V-failed', 'Red'],
      ['V-backtrace', 'Gray'],
    ]);
  });

  it('reads an unknown status as failed, and says so at its pointer', () => {
    const document = readControls(hdfControl({ results: [{ status: 'passed' }, { status: 'unknown' }] }));
    expect(policiesOf(document)[0]).toMatchObject({ Compliance: 'Red', PassedResourceCount: 1, TotalResourceCount: 2 });
    expect(document.findings).toEqual([
      expect.objectContaining({
        rule: 'scanner-value',
        severity: 'warning',
        pointer: '/profiles/0/controls/0/results/1/status',
        message: expect.stringContaining('"unknown" is none of passed, failed, skipped, error; read as failed'),
      }),
    ]);
  });

  it("grades impact in the SAF CLI's bands", () => {
    const impacts = [1, 0.9, 0.7, 0.5, 0.4, 0.3, 0.1, 0.05];
    const document = readControls(...impacts.map((impact, index) => hdfControl({ id: `V-${index}`, impact })));
    expect(policiesOf(document).map((policy) => policy.Severity)).toEqual([
      'Critical',
      'Critical',
      'High',
      'Moderate',
      'Moderate',
      'Low',
      'Low',
      'VeryLow',
    ]);
  });

  it('takes the account from the target, else the profile, and the provider from the platform', () => {
    const targeted = reportsOf(read(hdfDocument([hdfProfile('baseline', [hdfControl()])])))[0];
    expect(targeted).toMatchObject({
      AccountId: 'prod-account',
      ConnectorType: 'AWS',
      Scanner: { tool: 'InSpec', version: '5.22.3' },
    });
    expect(targeted?.ResourceCategories.map((category) => category.CategoryName)).toEqual(['The baseline profile']);
    const untargeted = reportsOf(read(hdfDocument([hdfProfile('baseline', [hdfControl()])], { name: 'ubuntu' })))[0];
    // An operating system InSpec names is one host scanned.
    expect(untargeted).toMatchObject({ AccountId: 'baseline', ConnectorType: 'Host', Scanner: { provider: 'ubuntu' } });
    const converted = reportsOf(
      read(hdfDocument([hdfProfile('Prowler', [hdfControl()])], { name: 'Heimdall Tools', target_id: 'Prowler' })),
    )[0];
    expect(converted).toMatchObject({
      AccountId: 'Prowler',
      ConnectorType: 'Other',
      Scanner: { tool: 'Heimdall Tools', provider: 'unknown' },
    });
  });

  it('gives a NIST SP 800-53 report of the nist tags with --framework, less the revision tag', () => {
    const document = read(
      hdfDocument([
        hdfProfile('baseline', [
          hdfControl({ id: 'V-1', nist: ['AC-6', 'SC-7', 'Rev_4'], results: [{ status: 'failed' }] }),
          hdfControl({ id: 'V-2', nist: ['AC-6'], results: [{ status: 'passed' }] }),
        ]),
      ]),
      'all',
    );
    const [report] = reportsOf(document);
    expect(report?.BenchmarkName).toBe('NIST SP 800-53');
    expect(
      report?.ResourceCategories.flatMap((category) =>
        category.Policies.map((policy) => [
          category.CategoryName,
          policy.ComplianceNumber,
          policy.Compliance,
          policy.Checks,
        ]),
      ),
    ).toEqual([
      ['AC', 'AC-6', 'Red', ['V-1', 'V-2']],
      ['SC', 'SC-7', 'Red', ['V-1']],
    ]);
    expect(reportsOf(read(document.value, 'NIST SP 800-53'))).toHaveLength(1);
  });

  it("reads an overlay's layers as one control: stated by the top layer, run by the one with results", () => {
    const document = read(
      hdfDocument([
        hdfProfile('overlay', [hdfControl({ id: 'V-1', impact: 0.7, results: [] })]),
        hdfProfile(
          'baseline',
          [hdfControl({ id: 'V-1', impact: 0.5, results: [{ status: 'failed' }, { status: 'passed' }] })],
          'overlay',
        ),
      ]),
    );
    expect(policiesOf(document)).toMatchObject([
      { PolicyId: 'V-1', Severity: 'High', Compliance: 'Red', PassedResourceCount: 1, TotalResourceCount: 2 },
    ]);
    expect(reportsOf(document)[0]?.ResourceCategories.map((category) => category.CategoryName)).toEqual([
      'The overlay profile',
    ]);
    // Two profiles run side by side keep their controls apart, even of one id.
    const apart = read(
      hdfDocument([
        hdfProfile('one', [hdfControl({ id: 'V-1', results: [{ status: 'failed' }] })]),
        hdfProfile('two', [hdfControl({ id: 'V-1', results: [{ status: 'passed' }] })]),
      ]),
    );
    expect(policiesOf(apart).map((policy) => policy.Compliance)).toEqual(['Red', 'Green']);
  });

  it('read with --from hdf, refuses a document of another shape in a finding, never a throw', () => {
    for (const value of [{ result: [] }, { profiles: [{ controls: 'none' }] }, null, [1]]) {
      const document = readDocument('other.json', value, { from: 'hdf' });
      expect(document.candidates).toEqual([]);
      expect(document.findings[0]).toMatchObject({
        rule: 'scanner-value',
        severity: 'error',
        pointer: '',
        message: expect.stringContaining('no HDF'),
      });
    }
  });

  it('does not take what is not HDF', () => {
    expect(read({ profiles: [] }).builtFrom).toBeUndefined();
    expect(read({ platform: {}, profiles: {} }).builtFrom).toBeUndefined();
  });
});
