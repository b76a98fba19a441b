import { describe, expect, it } from 'vitest';
import { ScanExceptions, type ScanJudgement } from '../../../src/analyse/trend/scan-exceptions.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { AnalysedReport } from '../../../src/model/analysis.js';
import type { ExceptionOutcome, ExceptionState, RiskException } from '../../../src/model/exceptions.js';
import { minimalReport } from '../../support/minimal-report.js';

/**
 * The minimal report: Contoso Azure (CSBP), StorageKeys Red, NsgSsh Amber, StorageHttps and NsgRdp Green, StorageLogs
 * Gray. The run's day is 2026-12-20; scans state their own day.
 */
const today = new Date('2026-12-20T12:00:00Z');
const files = [{ path: 'risks.yaml', sha256: 'a'.repeat(64), ids: [] }];

function exception(id: string, overrides: Partial<RiskException> = {}): RiskException {
  return {
    id,
    policies: ['StorageKeys'],
    accounts: ['Contoso Azure'],
    reason: 'Legacy keys rotate by hand until the vault migration.',
    owner: 'storage@example.com',
    approvedBy: 'ciso@example.com',
    approved: '2026-11-01',
    expires: '2027-03-31',
    file: 'risks.yaml',
    pointer: `/exceptions/${id}`,
    ...overrides,
  };
}

async function scanOf(date: string | number | null): Promise<AnalysedReport> {
  const analysis = await analyseInputs({ value: { ...minimalReport(), LastScannedDate: date }, name: 'r.json' });
  return analysis.sources[0]?.reports[0] as AnalysedReport;
}

const brief = (judgement: ScanJudgement): [string, ExceptionState, number, number][] =>
  judgement.outcomes.map((outcome) => {
    // An exception not yet approved matches nothing of the scan: it did not apply to it.
    expect(outcome.matches.length > 0).toBe(outcome.state !== 'unused');
    return [outcome.exception.id, outcome.state, outcome.daysLeft, outcome.accepted.length];
  });

describe('ScanExceptions.judge: each scan on its own day', () => {
  it.each<[string, Partial<RiskException>, ExceptionState, number, number]>([
    ['approved before the scan', {}, 'active', 120, 1],
    ['approved on the scan day', { approved: '2026-12-01' }, 'active', 120, 1],
    ['approved the day after the scan', { approved: '2026-12-02' }, 'unused', 120, 0],
    ['on its last day on the scan day', { expires: '2026-12-01' }, 'expiring', 0, 1],
    ['expired the day before the scan', { expires: '2026-11-30' }, 'expired', -1, 0],
    ['30 days before its expiry', { expires: '2026-12-31' }, 'expiring', 30, 1],
    ['31 days before its expiry', { expires: '2027-01-01' }, 'active', 31, 1],
    ['only Green policies', { policies: ['StorageHttps'] }, 'unneeded', 120, 0],
  ])('%s', async (_name, overrides, state, daysLeft, accepted) => {
    const judged = new ScanExceptions(files, [exception('EXC-1', overrides)], { today });
    const judgement = judged.judge('r.json', await scanOf('2026-12-01T23:59:00Z'));
    expect(brief(judgement)).toEqual([['EXC-1', state, daysLeft, accepted]]);
    expect(judgement.accepted).toBe(accepted);
    expect(judgement.day).toBe('2026-12-01');
  });

  it.each<string | number | null>([null, 'not a date', '', 20261201])(
    'judges a scan whose date is %j on the run day',
    async (date) => {
      const judged = new ScanExceptions(files, [exception('EXC-1', { expires: '2026-12-19' })], { today });
      const judgement = judged.judge('r.json', await scanOf(date));
      expect(brief(judgement)).toEqual([['EXC-1', 'expired', -1, 0]]);
      expect(judgement.day).toBe('2026-12-20');
    },
  );

  it('judges on the day of now without a run day', async () => {
    const judged = new ScanExceptions(files, [exception('EXC-1')]);
    const day = new Date().toISOString().slice(0, 10);
    expect(judged.judge('r.json', await scanOf(null)).day).toBe(day);
  });

  it('honours the expiry warning days', async () => {
    const judged = new ScanExceptions(files, [exception('EXC-1', { expires: '2026-12-11' })], {
      today,
      expiryWarningDays: 5,
    });
    expect(brief(judged.judge('r.json', await scanOf('2026-12-01T06:00:00Z')))).toEqual([['EXC-1', 'active', 10, 1]]);
  });

  it('counts a policy accepted by two exceptions once, and each accepted policy of the scan', async () => {
    const judged = new ScanExceptions(
      files,
      [exception('EXC-1'), exception('EXC-2'), exception('EXC-3', { policies: ['NsgSsh', 'NsgRdp'] })],
      { today },
    );
    expect(judged.judge('r.json', await scanOf('2026-12-01T06:00:00Z')).accepted).toBe(2);
  });
});

describe('ScanExceptions.record: the trend record', () => {
  it('states the latest scan, and the ids applied in any scan in file order', async () => {
    const exceptions = [
      exception('EXC-1', { approved: '2026-12-05' }),
      exception('EXC-2', { expires: '2026-12-02', owner: 'keys@example.com' }),
      exception('EXC-3', { policies: ['Nothing'] }),
    ];
    const judged = new ScanExceptions(files, exceptions, { today });
    judged.judge('a.json', await scanOf('2026-12-01T06:00:00Z'));
    const latest = judged.judge('b.json', await scanOf('2026-12-06T06:00:00Z'));
    const record = judged.record([latest]);
    expect(record.applied).toEqual(['EXC-1', 'EXC-2']);
    expect(record.judgedOn).toBe('2026-12-06');
    expect(record.files).toBe(files);
    expect(record.exceptions.map(({ id, state, daysLeft }) => [id, state, daysLeft])).toEqual([
      ['EXC-1', 'active', 115],
      ['EXC-2', 'expired', -4],
      ['EXC-3', 'unused', 115],
    ]);
    expect(record.exceptions[0]?.accepted.map((match) => [match.source, match.policyId])).toEqual([
      ['b.json', 'StorageKeys'],
    ]);
    expect(record.warnings).toEqual([
      'EXC-2 expired 2026-12-02 (4 days before the latest scan, 2026-12-06), owner keys@example.com: it accepts nothing since, and the policies it named fail again (risks.yaml /exceptions/EXC-2)',
      'EXC-3 matches no policy of the latest scan, owner storage@example.com (risks.yaml /exceptions/EXC-3)',
    ]);
  });

  it('words each warned state, one day and the very day', async () => {
    const exceptions = [
      exception('EXC-1', { expires: '2026-12-07' }),
      exception('EXC-2', { expires: '2026-12-06' }),
      exception('EXC-3', { expires: '2026-12-05' }),
      exception('EXC-4', { policies: ['StorageHttps'] }),
    ];
    const judged = new ScanExceptions(files, exceptions, { today });
    const record = judged.record([judged.judge('b.json', await scanOf('2026-12-06T06:00:00Z'))]);
    expect(record.warnings).toEqual([
      'EXC-3 expired 2026-12-05 (1 day before the latest scan, 2026-12-06), owner storage@example.com: it accepts nothing since, and the policies it named fail again (risks.yaml /exceptions/EXC-3)',
      'EXC-1 expires 2026-12-07 (1 day after the latest scan, 2026-12-06), owner storage@example.com (risks.yaml /exceptions/EXC-1)',
      'EXC-2 expires 2026-12-06 (the day of the latest scan, 2026-12-06), owner storage@example.com (risks.yaml /exceptions/EXC-2)',
      'EXC-4 matches only Green or Gray policies in the latest scan: the risk is gone, owner storage@example.com (risks.yaml /exceptions/EXC-4)',
    ]);
  });

  /** A judgement of one exception in a state, for the merge of many series' latest scans. */
  const one = (state: ExceptionState, daysLeft: number, day: string, accepted = 0): ScanJudgement => {
    const match = { source: day, pointer: '/0', policyId: 'StorageKeys' } as ExceptionOutcome['accepted'][number];
    const outcome: ExceptionOutcome = {
      exception: exception('EXC-1'),
      state,
      daysLeft,
      matches: state === 'unused' ? [] : [match],
      accepted: Array.from({ length: accepted }, () => match),
    };
    return { accepted, outcomes: [outcome], day };
  };

  it.each<[string, ScanJudgement[], ExceptionState, number]>([
    ['expired over active', [one('active', 40, '2026-12-01', 1), one('expired', -1, '2026-12-02')], 'expired', -1],
    ['expiring over active', [one('active', 40, '2026-12-01', 1), one('expiring', 3, '2026-12-02', 1)], 'expiring', 3],
    ['active over unneeded', [one('unneeded', 40, '2026-12-03'), one('active', 41, '2026-12-02', 1)], 'active', 40],
    ['unneeded over unused', [one('unused', 40, '2026-12-01'), one('unneeded', 40, '2026-12-01')], 'unneeded', 40],
    ['unused everywhere', [one('unused', 40, '2026-12-01'), one('unused', 39, '2026-12-02')], 'unused', 39],
  ])('merges the series of a fleet: %s', (_name, latest, state, daysLeft) => {
    const judged = new ScanExceptions(files, [exception('EXC-1')], { today });
    const record = judged.record(latest);
    expect([record.exceptions[0]?.state, record.exceptions[0]?.daysLeft]).toEqual([state, daysLeft]);
    expect(record.exceptions[0]?.accepted).toHaveLength(latest.reduce((sum, judgement) => sum + judgement.accepted, 0));
    expect(record.judgedOn).toBe(
      latest
        .map((judgement) => judgement.day)
        .sort()
        .at(-1),
    );
  });
});
