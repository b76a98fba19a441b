import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { renderTrend } from '../../src/jobs/render-trend.js';
import { outputText } from '../support/output-text.js';

const scans = ['samples/diff/azure-csbp-2024-03-11.json', 'samples/diff/azure-csbp-2024-03-18.json'];

describe('renderTrend', () => {
  it('writes text to a terminal and JSON to a pipe when no format is named', async () => {
    const onTerminal = await renderTrend(scans, {}, { formats: [], outputs: [], terminal: true });
    const onPipe = await renderTrend(scans, {}, { formats: [], outputs: [], terminal: false });
    if (onTerminal.status === 'invalid' || onPipe.status === 'invalid') throw new Error('the samples check');
    expect(onTerminal.outputs.map(({ format, path }) => ({ format, path }))).toEqual([{ format: 'text', path: '-' }]);
    expect(onPipe.outputs.map(({ format, path }) => ({ format, path }))).toEqual([{ format: 'json', path: '-' }]);
    const trend = JSON.parse(await outputText(await (onPipe.outputs[0]?.render() ?? ''))) as { scans: unknown[] };
    expect(trend.scans).toHaveLength(2);
  });

  it('pairs each output with the format in its position', async () => {
    const result = await renderTrend(scans, {}, { formats: ['html', 'xlsx'], outputs: ['t.html', 't.xlsx'] });
    if (result.status === 'invalid') throw new Error('the samples check');
    expect(result.outputs.map(({ format, path }) => `${format} ${path}`)).toEqual(['html t.html', 'xlsx t.xlsx']);
    expect(await outputText(await (result.outputs[0]?.render() ?? ''))).toMatch(/^<!DOCTYPE html>/i);
  });

  it('refuses an output that is one of the scans before any is read', async () => {
    let read = 0;
    const refused = await renderTrend(
      scans,
      { onProgress: () => void (read += 1) },
      { formats: ['json'], outputs: [scans[1] as string] },
    ).catch((error: unknown) => error);
    expect(isCspmError(refused) && refused.code).toBe('output-is-input');
    expect(read).toBe(0);
  });

  it('draws no trend over a scan that does not check, and gives its findings as check lists them', async () => {
    const result = await renderTrend(
      [scans[0] as string, 'samples/broken/policy-counts.json'],
      {},
      { formats: [], outputs: [], color: false },
    );
    expect(result.status).toBe('invalid');
    if (result.status !== 'invalid') return;
    expect(result.verdict.exitCode).toBe(1);
    expect(result.findingsText).toContain('samples/broken/policy-counts.json');
    expect(result.findingsText).not.toContain('\u001b[');
  });
});
