import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { assertScansInOrder } from '../../src/jobs/scan-order.js';
import { diffOf, reportDiff, scan } from '../support/fake-diff.js';

function refusal(run: () => void): { code: string; message: string; data: unknown } {
  try {
    run();
  } catch (error) {
    if (isCspmError(error)) return { code: error.code, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('the comparison was accepted');
}

describe('assertScansInOrder', () => {
  const inOrder = reportDiff([], scan('old.json', 'j1', '2024-03-11'), scan('new.json', 'j2', '2024-03-18'));
  const reversed = reportDiff([], scan('old.json', 'j1', '2024-03-18'), scan('new.json', 'j2', '2024-03-11'));
  const same = reportDiff([], scan('a.json', 'j1', null), scan('b.json', 'j1', '2024-03-18'));

  it('accepts scans in order', () => {
    expect(() => assertScansInOrder(diffOf([inOrder]), false)).not.toThrow();
  });

  it('refuses a later scan dated before the earlier one, with both scans', () => {
    expect(refusal(() => assertScansInOrder(diffOf([inOrder, reversed]), false))).toEqual({
      code: 'scans-reversed',
      message:
        'the scans are in the wrong order: B of account A: the later scan (new.json, 2024-03-11) is dated before the earlier one (old.json, 2024-03-18); give the older scan first',
      data: {
        old: { source: 'old.json', jobId: 'j1', scanDate: '2024-03-18' },
        new: { source: 'new.json', jobId: 'j2', scanDate: '2024-03-11' },
      },
    });
  });

  it('refuses one scan on both sides, naming the first problem', () => {
    expect(refusal(() => assertScansInOrder(diffOf([same, reversed]), false))).toEqual({
      code: 'scans-identical',
      message:
        'the same scan on both sides: B of account A: both sides are the same scan job j1 (a.json, b.json); compare two scans',
      data: {
        old: { source: 'a.json', jobId: 'j1', scanDate: null },
        new: { source: 'b.json', jobId: 'j1', scanDate: '2024-03-18' },
      },
    });
  });

  it('lets the caller compare them anyway', () => {
    expect(() => assertScansInOrder(diffOf([same, reversed]), true)).not.toThrow();
  });
});
