import { describe, expect, it } from 'vitest';
import type { BenchmarkReport, DiffResult, RiskException } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { tallyRegressions } from '../../../src/analyse/diff/count-regressions.js';
import {
  diffAcceptance,
  judgeChange,
  scanDay,
  withAcceptedPolicies,
} from '../../../src/analyse/diff/diff-acceptance.js';
import { diffAnalyses } from '../../../src/analyse/diff/diff-analyses.js';
import { countsAgainst } from '../../../src/model/fail-closed.js';
import { dayNumber } from '../../../src/text/calendar-day.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

const today = new Date('2026-06-15T12:00:00Z');

function exception(id: string, policies: string[], expires: string, extra: Partial<RiskException> = {}): RiskException {
  return {
    id,
    policies,
    accounts: ['Contoso Azure'],
    reason: 'Accepted for the migration window.',
    owner: 'owner@example.com',
    approvedBy: 'ciso@example.com',
    approved: '2026-01-01',
    expires,
    file: 'exceptions.yaml',
    pointer: '/exceptions/0',
    ...extra,
  };
}

/** The minimal report scanned on `date`, its policies edited. */
function scan(date: string | undefined, edit: (report: BenchmarkReport) => void = () => {}): BenchmarkReport {
  const report = minimalReport();
  if (date !== undefined) report.LastScannedDate = date;
  edit(report);
  return report;
}

const storage = (report: BenchmarkReport) => report.ResourceCategories[0]!;
const network = (report: BenchmarkReport) => report.ResourceCategories[1]!;

async function compare(old: BenchmarkReport, next: BenchmarkReport, exceptions: RiskException[]): Promise<DiffResult> {
  const olds = await analyseInputs({ value: old, name: 'old.json' });
  const news = await analyseInputs({ value: next, name: 'new.json' });
  return diffAnalyses(olds, news, { exceptions: { exceptions, today, expiryWarningDays: 30 } });
}

describe('scanDay', () => {
  it.each<[string, string | null | undefined, string]>([
    ['a stated date: its UTC day', '2024-03-11T23:40:02.118Z', '2024-03-11'],
    ['no date: the run day', undefined, '2026-06-15'],
    ['null: the run day', null, '2026-06-15'],
    ['a date that does not parse: the run day', 'last Tuesday', '2026-06-15'],
  ])('%s', (_name, date, expected) => {
    const report = minimalReport();
    if (date !== undefined) report.LastScannedDate = date;
    expect(scanDay(report, dayNumber('2026-06-15')!)).toBe(dayNumber(expected));
  });
});

describe('diffAcceptance', () => {
  const report = minimalReport();
  const keys = storage(report).Policies[1]!; // StorageKeys, Red
  const https = storage(report).Policies[0]!; // StorageHttps, Green

  it('accepts a failing policy the first exception in force covers, with its state and days left', () => {
    const acceptance = diffAcceptance({
      exceptions: [
        exception('EXC-OLD', ['StorageKeys'], '2026-06-14'),
        exception('EXC-1', ['StorageKeys'], '2026-07-15', { ticket: 'SEC-1' }),
        exception('EXC-2', ['StorageKeys'], '2026-12-31'),
      ],
      today,
      expiryWarningDays: 30,
    });
    expect(acceptance.new(report, storage(report), keys)).toEqual({
      id: 'EXC-1',
      state: 'expiring',
      expires: '2026-07-15',
      daysLeft: 30,
      reason: 'Accepted for the migration window.',
      owner: 'owner@example.com',
      approvedBy: 'ciso@example.com',
      ticket: 'SEC-1',
    });
    expect(acceptance.new(report, storage(report), https)).toBeUndefined();
  });

  it('is active past the warning days, in force on its last day, and warns 30 days by default', () => {
    const on = (expires: string, warning?: number) =>
      diffAcceptance({
        exceptions: [exception('EXC-1', ['StorageKeys'], expires)],
        today,
        ...(warning === undefined ? {} : { expiryWarningDays: warning }),
      }).new(report, storage(report), keys);
    expect(on('2026-07-16')?.state).toBe('active');
    // No ticket stated, none written: the JSON output holds no empty member.
    expect(Object.keys(on('2026-07-16') ?? {})).not.toContain('ticket');
    expect(on('2026-07-15')?.state).toBe('expiring');
    expect(on('2026-06-15')).toMatchObject({ state: 'expiring', daysLeft: 0 });
    expect(on('2026-06-14')).toBeUndefined();
    expect(on('2026-07-16', 31)?.state).toBe('expiring');
    expect(on('2026-02-30')).toBeUndefined();
  });

  it('covers only the policies, accounts and categories it names', () => {
    const accepts = (extra: Partial<RiskException>, policies = ['StorageKeys']) =>
      diffAcceptance({ exceptions: [exception('EXC-1', policies, '2026-12-31', extra)], today }).new(
        report,
        storage(report),
        keys,
      ) !== undefined;
    expect(accepts({})).toBe(true);
    expect(accepts({}, ['StorageHttps'])).toBe(false);
    expect(accepts({ accounts: ['Fabrikam'] })).toBe(false);
    expect(accepts({ category: 'Azure - Network' })).toBe(false);
    expect(accepts({ category: 'AZ_STORAGE' })).toBe(true);
  });

  it('judges the old side on its scan day, and tells whether a lapsed one had expired by the run day', () => {
    const old = scan('2026-03-01T10:00:00Z');
    const acceptance = diffAcceptance({ exceptions: [exception('EXC-1', ['StorageKeys'], '2026-03-31')], today });
    const before = acceptance.old(old, storage(old), storage(old).Policies[1]!);
    expect(before).toMatchObject({ id: 'EXC-1', daysLeft: 30, state: 'expiring' });
    expect(acceptance.new(report, storage(report), keys)).toBeUndefined();
    expect(acceptance.lapsed(before!)).toEqual({
      id: 'EXC-1',
      expires: '2026-03-31',
      owner: 'owner@example.com',
      expired: true,
    });
    expect(acceptance.lapsed({ ...before!, expires: '2026-06-15' }).expired).toBe(false);
    expect(acceptance.lapsed({ ...before!, expires: '2026-06-14' }).expired).toBe(true);
  });
});

describe('judgeChange', () => {
  const old = scan('2026-03-01T10:00:00Z');
  const next = scan('2026-06-01T10:00:00Z');
  const place = (report: BenchmarkReport, index: number) => ({
    report,
    category: storage(report),
    policy: storage(report).Policies[index]!,
  });
  const lapsing = diffAcceptance({ exceptions: [exception('EXC-1', ['StorageKeys'], '2026-03-31')], today });
  const inForce = diffAcceptance({ exceptions: [exception('EXC-1', ['StorageKeys'], '2026-12-31')], today });

  it('keeps the kind without exceptions', () => {
    expect(judgeChange('regression', place(old, 1), place(next, 1), undefined)).toEqual({ kind: 'regression' });
    expect(judgeChange(undefined, place(old, 1), place(next, 1), undefined)).toEqual({ kind: undefined });
  });

  it('marks a regression or new failure the new side accepts, and nothing else', () => {
    expect(judgeChange('regression', place(old, 1), place(next, 1), inForce)).toMatchObject({
      kind: 'regression',
      accepted: { id: 'EXC-1' },
    });
    expect(judgeChange('new-failure', null, place(next, 1), inForce)).toMatchObject({ accepted: { id: 'EXC-1' } });
    expect(judgeChange('fix', place(old, 1), place(next, 1), inForce)).toEqual({ kind: 'fix' });
    expect(judgeChange(undefined, place(old, 1), place(next, 1), inForce)).toEqual({ kind: undefined });
  });

  it('makes a regression of a failing policy the old side accepted and the new one does not', () => {
    expect(judgeChange(undefined, place(old, 1), place(next, 1), lapsing)).toEqual({
      kind: 'regression',
      noLongerAccepted: { id: 'EXC-1', expires: '2026-03-31', owner: 'owner@example.com', expired: true },
    });
    expect(judgeChange('fix', place(old, 1), place(next, 1), lapsing).kind).toBe('regression');
    // Fixed since: nothing fails again.
    const fixed = scan('2026-06-01T10:00:00Z', (report) => {
      storage(report).Policies[1] = policy('StorageKeys', '1000.2', 2, 2);
    });
    expect(judgeChange('fix', place(old, 1), place(fixed, 1), lapsing)).toEqual({ kind: 'fix' });
    // Not accepted before either: as it was.
    expect(judgeChange(undefined, place(old, 0), place(next, 0), lapsing)).toEqual({ kind: undefined });
    expect(judgeChange('new-failure', null, place(next, 1), lapsing)).toEqual({ kind: 'new-failure' });
  });
});

describe('withAcceptedPolicies', () => {
  it('moves the accepted failing policies from failing to accepted, by severity, worst first', () => {
    const report = scan(undefined, (edit) => {
      storage(edit).Policies.push(policy('StorageCmk', '1000.4', 0, 1, { Severity: 'Critical' }));
      network(edit).Policies[1] = policy('NsgSsh', '1100.2', 1, 3, { Severity: 'Low' });
    });
    const acceptance = diffAcceptance({
      exceptions: [exception('EXC-1', ['StorageKeys', 'StorageCmk', 'NsgSsh', 'StorageHttps'], '2026-12-31')],
      today,
    });
    const unpaired = {
      side: 'new' as const,
      source: 'new.json',
      pointer: '',
      benchmarkId: 'CSBP',
      accountId: report.AccountId,
      jobId: report.JobId,
      policies: 6,
      failing: [
        { severity: 'Critical', count: 1 },
        { severity: 'High', count: 2 },
        { severity: 'Low', count: 1 },
      ],
    };
    expect(withAcceptedPolicies(unpaired, report, acceptance.new)).toEqual({
      ...unpaired,
      failing: [{ severity: 'High', count: 1 }],
      accepted: [
        { severity: 'Critical', count: 1 },
        { severity: 'High', count: 1 },
        { severity: 'Low', count: 1 },
      ],
    });
  });
});

describe('diffAnalyses with exceptions', () => {
  const worse = (report: BenchmarkReport) => {
    storage(report).Policies[0] = policy('StorageHttps', '1000.1', 0, 4);
  };

  it('lists an accepted regression and leaves it out of the tally; counts one whose exception lapsed', async () => {
    const diff = await compare(scan('2026-03-01T00:00:00Z'), scan('2026-06-01T00:00:00Z', worse), [
      exception('EXC-1', ['StorageHttps'], '2026-12-31'),
      exception('EXC-2', ['StorageKeys'], '2026-04-01'),
    ]);
    const changes = diff.reports[0]!.changes;
    expect(
      changes.map((change) => [change.kind, change.policyId, change.accepted?.id, change.noLongerAccepted?.id]),
    ).toEqual([
      ['regression', 'StorageHttps', 'EXC-1', undefined],
      ['regression', 'StorageKeys', undefined, 'EXC-2'],
    ]);
    expect(diff.reports[0]!.counts).toMatchObject({ regression: 2, unchanged: 3 });
    expect(tallyRegressions(diff)).toMatchObject({ regressions: 1, total: 1 });
    expect(changes.map((change) => countsAgainst(change, {}))).toEqual([false, true]);
  });

  it('is as before without exceptions given', async () => {
    const olds = await analyseInputs({ value: scan('2026-03-01T00:00:00Z'), name: 'old.json' });
    const news = await analyseInputs({ value: scan('2026-06-01T00:00:00Z', worse), name: 'new.json' });
    const diff = diffAnalyses(olds, news);
    expect(diff.reports[0]!.changes).toEqual([expect.not.objectContaining({ accepted: expect.anything() })]);
    expect(tallyRegressions(diff).total).toBe(1);
  });

  it('sets apart the accepted failing policies of a report only the new side has, and only those', async () => {
    const other = scan('2026-06-01T00:00:00Z', (report) => (report.BenchmarkId = 'CIS'));
    const olds = await analyseInputs({ value: [scan('2026-03-01T00:00:00Z')], name: 'old.json' });
    const news = await analyseInputs({ value: [scan('2026-06-01T00:00:00Z'), other], name: 'new.json' });
    const diff = diffAnalyses(olds, news, {
      exceptions: { exceptions: [exception('EXC-1', ['StorageKeys'], '2026-12-31')], today },
    });
    expect(diff.unpaired).toHaveLength(1);
    expect(diff.unpaired[0]).toMatchObject({
      side: 'new',
      benchmarkId: 'CIS',
      failing: [{ severity: 'High', count: 1 }],
      accepted: [{ severity: 'High', count: 1 }],
    });
    expect(tallyRegressions(diff)).toMatchObject({ newFailures: 1, total: 1 });
  });
});
