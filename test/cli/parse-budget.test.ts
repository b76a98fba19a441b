import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { generatedReport } from '../support/generated-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Runs the command line under a heap of `heapMiB`, as NODE_OPTIONS=--max-old-space-size would. */
function checkUnderHeap(
  heapMiB: number,
  ...args: string[]
): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${heapMiB}`, bin, 'check', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}

/** Writes `head`, then `unit` `count` times joined by commas, then `tail`, without holding the whole text. */
function writeRepeated(file: string, head: string, unit: string, count: number, tail: string): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, head);
    const block = `${unit},`.repeat(1 << 16);
    let left = count - 1;
    for (; left >= 1 << 16; left -= 1 << 16) writeSync(fd, block);
    writeSync(fd, `${unit},`.repeat(left) + unit + tail);
  } finally {
    closeSync(fd);
  }
}

/*
 * Before these checks, each of these inputs ended the process from inside V8: out of
 * heap after a long collection (exit 134, SIGABRT), or at once for an array longer than
 * V8 allows (SIGTRAP), with a native stack on standard error and no word of the file.
 */
describe('a report whose parse would not fit is refused before it starts, never a crash', () => {
  it('2.5 million empty objects under a 128 MB heap: exit 2, one line naming the file, the need and the way out; the advice works', () => {
    const file = join(tempDir(), 'empties.json');
    // About 170 MiB to parse by the estimate, a third over what the heap has left: refused, yet
    // as few objects as that allows, since the advised run parses them all.
    writeRepeated(file, '[', '{}', 2_500_000, ']');
    const run = checkUnderHeap(128, file);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const message =
      /^cspm-report: input too large for memory: (.*) would take about (\d+) MiB of memory to parse \(2,500,001 objects and arrays, 5,000,000 items, 0 different keys\), more than the (\d+) MiB this process has left; split the file, or run with NODE_OPTIONS=--max-old-space-size=(\d+)\n$/.exec(
        run.stderr,
      );
    expect(message).not.toBeNull();
    expect(message![1]).toBe(file);
    expect(Number(message![2])).toBeGreaterThan(Number(message![3]));
    const advised = checkUnderHeap(Number(message![4]), file);
    expect(advised.stderr).toBe('');
    expect(advised.status).toBe(1);
    expect(advised.stdout).toContain('not an audit report');
  }, 150_000);

  it('1.5 million different keys in one object under a 128 MB heap: exit 2, counted as different keys', () => {
    const file = join(tempDir(), 'keys.json');
    const fd = openSync(file, 'w');
    writeSync(fd, '{');
    // About 200 MiB to parse by the estimate, well over what the heap has left.
    for (let block = 0; block < 15; block += 1) {
      const keys = Array.from({ length: 100_000 }, (_, index) => `"k${block * 100_000 + index}":0`).join(',');
      writeSync(fd, block === 0 ? keys : `,${keys}`);
    }
    writeSync(fd, '}');
    closeSync(fd);
    const run = checkUnderHeap(128, file);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^cspm-report: input too large for memory: .*keys\.json would take about \d+ MiB of memory to parse \(1 object or array, 1,500,000 items, (?:1,4\d\d,\d{3}|1,500,000) different keys\)/,
    );
    expect(run.stderr.split('\n')).toHaveLength(2);
  }, 150_000);

  it('an array one item longer than V8 allows: exit 2 naming its pointer, at any heap', () => {
    const file = join(tempDir(), 'long-array.json');
    writeRepeated(file, '{"result": {"a/b": [', '0', 134_217_726, ']}, "statusCode": 200}');
    const run = checkUnderHeap(16_384, file);
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe(
      `cspm-report: input too large for memory: ${file} holds an array of 134,217,726 items at /result/a~1b; V8 holds at most 134,217,725 in one array (split the file)\n`,
    );
    expect(run.status).toBe(2);
  }, 150_000);

  it('a real report large enough to be counted is not refused under a small heap', async () => {
    // Generated once and shared with other files of the suite.
    const file = await generatedReport(30_000);
    // About 9 MB: over the size a 128 MB heap lets through uncounted (about 4 MB).
    const run = checkUnderHeap(128, file);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('30,000 policies');
  }, 150_000);
});

it('a text that is no JSON still gets its syntax finding, however it counts', () => {
  // The count reads any bytes; a text that is no JSON still gets its syntax finding.
  const file = join(tempDir(), 'broken.json');
  writeFileSync(file, `[${'{},'.repeat(10)}`);
  const run = checkUnderHeap(128, file);
  expect(run.status).toBe(1);
  expect(run.stdout).toContain('json-syntax');
});
