import { describe, expect, it } from 'vitest';
import {
  escapePartitionValue,
  hiveDefaultPartition,
  partitionValueBytes,
  partName,
  scanKey,
} from '../../../src/render/parquet/hive-partition.js';
import type { ReportView } from '../../../src/model/view-model.js';

describe('escapePartitionValue', () => {
  it.each([
    { name: 'a plain id', input: 'CSBP', expected: 'CSBP' },
    { name: 'a dotted id and non-ASCII letters', input: 'CIS_1.4 Ünïcode', expected: 'CIS_1.4%20Ünïcode' },
    { name: 'a slash, an equals sign and a percent sign', input: 'a/b=c%d', expected: 'a%2Fb%3Dc%25d' },
    { name: 'a parent folder', input: '../..', expected: '..%2F..' },
    { name: 'control characters and quotes', input: 'x\n\u0000"\'#?*', expected: 'x%0A%00%22%27%23%3F%2A' },
    { name: 'characters Windows refuses', input: 'a:b\\c<d>e|f', expected: 'a%3Ab%5Cc%3Cd%3Ee%7Cf' },
    { name: 'an empty value, apart from no value', input: '', expected: '' },
    { name: 'a tilde, which marks a shortened value', input: 'a~b', expected: 'a%7Eb' },
    { name: "Hive's null marker as a value", input: hiveDefaultPartition, expected: '%5F_HIVE_DEFAULT_PARTITION__' },
    { name: 'NULL as a value, in any case', input: 'nUlL', expected: '%6EUlL' },
    { name: 'a value that only starts like NULL', input: 'NULLS', expected: 'NULLS' },
    {
      name: 'a value of the longest kept whole',
      input: 'x'.repeat(partitionValueBytes),
      expected: 'x'.repeat(partitionValueBytes),
    },
    { name: 'no value', input: null, expected: hiveDefaultPartition },
  ])('$name', ({ input, expected }) => {
    expect(escapePartitionValue(input)).toBe(expected);
  });
});

describe('escapePartitionValue of a long value', () => {
  it('keeps a readable prefix, a tilde and a digest within the limit, never cutting an escape or a character', () => {
    for (const value of [
      'x'.repeat(partitionValueBytes + 1),
      '/'.repeat(90),
      'é'.repeat(200),
      `${'a'.repeat(102)}/b${'c'.repeat(50)}`,
    ]) {
      const written = escapePartitionValue(value);
      expect(Buffer.byteLength(written)).toBeLessThanOrEqual(partitionValueBytes);
      expect(written).toMatch(/^([^%~]|%[0-9A-F]{2})*~[0-9a-f]{16}$/);
      expect(decodeURIComponent(written.slice(0, written.indexOf('~')))).toBe(
        value.slice(0, decodeURIComponent(written.slice(0, written.indexOf('~'))).length),
      );
      expect(escapePartitionValue(value)).toBe(written);
    }
    expect(escapePartitionValue(`${'y'.repeat(200)}A`)).not.toBe(escapePartitionValue(`${'y'.repeat(200)}B`));
  });
});

describe('partName', () => {
  const report = (jobId: string, accountId: string): ReportView =>
    ({ jobId, accountId, benchmarkId: 'CSBP' }) as ReportView;

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
