import { describe, expect, it } from 'vitest';
import { escapePartitionValue, hiveDefaultPartition, partName, scanKey } from '../../../src/render/parquet/hive-partition.js';
import type { ReportView } from '../../../src/model/view-model.js';

describe('escapePartitionValue', () => {
  it.each([
    { name: 'a plain id', input: 'CSBP', expected: 'CSBP' },
    { name: 'a dotted id and non-ASCII letters', input: 'CIS_1.4 Ünïcode', expected: 'CIS_1.4%20Ünïcode' },
    { name: 'a slash, an equals sign and a percent sign', input: 'a/b=c%d', expected: 'a%2Fb%3Dc%25d' },
    { name: 'a parent folder', input: '../..', expected: '..%2F..' },
    { name: 'control characters and quotes', input: 'x\n\u0000"\'#?*', expected: 'x%0A%00%22%27%23%3F%2A' },
    { name: 'characters Windows refuses', input: 'a:b\\c<d>e|f', expected: 'a%3Ab%5Cc%3Cd%3Ee%7Cf' },
    { name: 'an empty value', input: '', expected: hiveDefaultPartition },
    { name: 'no value', input: null, expected: hiveDefaultPartition },
  ])('$name', ({ input, expected }) => {
    expect(escapePartitionValue(input)).toBe(expected);
  });
});

describe('partName', () => {
  const report = (jobId: string, accountId: string): ReportView => ({ jobId, accountId, benchmarkId: 'CSBP' }) as ReportView;

  it('names a part by its scans whatever their order, and other scans otherwise', () => {
    const one = scanKey(report('job-1', 'account-1'));
    const two = scanKey(report('job-2', 'account-1'));
    expect(partName([one, two])).toBe(partName([two, one]));
    expect(partName([one, two])).toMatch(/^part-[0-9a-f]{20}\.parquet$/);
    expect(partName([one])).not.toBe(partName([one, two]));
    // The fields are kept apart: a job id cannot run into an account id.
    expect(scanKey(report('a', 'bc'))).not.toBe(scanKey(report('ab', 'c')));
  });
});
