import { describe, expect, it } from 'vitest';
import { type Progress } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { ProgressDisplay } from '../../../src/cli/progress/progress-display.js';
import { minimalReport } from '../../support/minimal-report.js';

// Drawn at once: these tests are about what is written, not when.
const atOnce = { delayMs: 0, intervalMs: 0 };
const long: Progress = { phase: 'rendering', subject: 'xlsx', done: 123_456, total: 300_000, unit: 'rows' };

describe('the progress line on a terminal that reports no size', () => {
  it.each([0, undefined])('assumes 80 columns when the width is %s (as under script(1))', (columns) => {
    let written = '';
    const display = new ProgressDisplay(
      { write: (text: string) => (written += text), isTTY: true, ...(columns === undefined ? {} : { columns }) },
      atOnce,
    );
    display.report(long);
    expect(written).toBe('\r\u001b[Krendering xlsx: 123,456/300,000 rows (41%)');
  });
});

describe('the HTML phase of progress', () => {
  it('counts the policy rows drawn, of the rows the page lists', async () => {
    const second = minimalReport();
    second.JobId = 'a1b2c3d4-0000-4000-8000-000000000024';
    const analysis = await analyseInputs([{ value: [minimalReport(), second], name: 'two.json' }]);
    const seen: Progress[] = [];
    await collectBytes(await renderReport(analysis, 'html', { onProgress: (progress) => seen.push(progress) }));
    const counted = seen.filter((progress) => progress.subject === 'html' && progress.done !== undefined);
    const total = analysis.summary.policies;
    expect(counted.length).toBeGreaterThanOrEqual(2);
    expect(counted.every((progress) => progress.total === total && progress.unit === 'rows')).toBe(true);
    expect(counted.at(-1)?.done).toBe(total);
  });
});
