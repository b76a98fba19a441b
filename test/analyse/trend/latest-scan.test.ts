import { describe, expect, it } from 'vitest';
import { LatestScan } from '../../../src/analyse/trend/latest-scan.js';
import { orderScans, type ScanKey } from '../../../src/analyse/trend/scan-order.js';

const scans: ScanKey[] = [
  { scanDate: '2026-01-03T00:00:00Z', jobId: '9', index: 0 },
  { scanDate: '2026-01-05T00:00:00Z', jobId: '10', index: 1 },
  { scanDate: null, jobId: '100', index: 2 },
  { scanDate: '2026-01-05T00:00:00Z', jobId: '11', index: 3 },
  { scanDate: '2026-01-04T00:00:00Z', jobId: '', index: 4 },
  { scanDate: '2026-01-01T00:00:00Z', jobId: '8', index: 5 },
];

describe('LatestScan: the latest scan of each order, kept as scans are read', () => {
  it.each([
    ['every scan', scans],
    ['the scans with a date', scans.filter((scan) => scan.scanDate !== null)],
    ['the scans with a job', scans.filter((scan) => scan.jobId !== '')],
    ['two scans, the later first', [scans[1], scans[0]] as ScanKey[]],
    ['one scan', [scans[0]] as ScanKey[]],
  ])('agrees with the order of %s', (_name, some) => {
    const latest = new LatestScan<number>();
    for (const scan of some) latest.offer(scan, scan.index);
    const { order, scans: ordered } = orderScans(some);
    expect(latest.pick(order)).toBe(ordered.at(-1)?.index);
  });

  it('keeps the latest by date, then job, then input order', () => {
    const latest = new LatestScan<number>();
    for (const scan of scans) latest.offer(scan, scan.index);
    expect(latest.pick('scan-date')).toBe(3);
    expect(latest.pick('job-id')).toBe(2);
    expect(latest.pick('input')).toBe(5);
  });

  it('keeps the first of a scan offered twice: a scan read again counts once', () => {
    const latest = new LatestScan<string>();
    latest.offer(scans[1] as ScanKey, 'first');
    latest.offer(scans[1] as ScanKey, 'again');
    expect(latest.pick('scan-date')).toBe('first');
  });

  it('keeps nothing before an offer', () => {
    expect(new LatestScan<number>().pick('input')).toBeUndefined();
  });
});
