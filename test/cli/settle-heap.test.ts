import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A child process: the heuristic only acts on a small heap, and vitest's is not small.
const script = `
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { settleHeapBeforeParse } from './dist/cli/settle-heap.js';
let major = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major += 1;
});
observer.observe({ entryTypes: ['gc'] });
const wait = () => new Promise((resolve) => setTimeout(resolve, 20));
settleHeapBeforeParse('[' + '0,'.repeat(1000) + '0]');
await wait();
const afterSmall = major;
const big = '[' + '0,'.repeat(10 * 2 ** 20) + '0]';
settleHeapBeforeParse(big);
await wait();
const afterBig = major;
observer.disconnect();
console.log(JSON.stringify({ afterSmall, afterBig, gcInNewContexts: runInNewContext('typeof gc'), gcHere: typeof globalThis.gc }));
`;

describe('settleHeapBeforeParse', () => {
  it('collects once before a large text on a small heap, skips a small text, and exposes gc nowhere', () => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      afterSmall: 0,
      afterBig: 1,
      gcInNewContexts: 'undefined',
      gcHere: 'undefined',
    });
  });

  it('leaves gc exposed when the process was started with --expose-gc', () => {
    const result = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      afterSmall: 0,
      afterBig: 1,
      gcInNewContexts: 'function',
      gcHere: 'function',
    });
  });
});
