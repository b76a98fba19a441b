import { describe, expect, it } from 'vitest';
import { type AnalysedSource } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { internFigures, keepFigures } from '../../src/analyse/keep-figures.js';
import { minimalReport } from '../support/minimal-report.js';

async function analysedSource(accountName: string): Promise<AnalysedSource> {
  const report = { ...minimalReport(), AccountName: accountName };
  const analysis = await analyseInputs({ name: `${accountName}.json`, value: report });
  return analysis.sources[0] as AnalysedSource;
}

describe('the figures a fleet keeps of each file', () => {
  it('share each count by severity with every other report that has the same one', async () => {
    const [first, second] = [keepFigures(await analysedSource('one')), keepFigures(await analysedSource('two'))];
    const a = first.reports[0]!;
    const b = second.reports[0]!;
    expect(a.redBySeverity.length).toBeGreaterThan(0);
    expect(a.redBySeverity.some((entry) => entry.count > 0)).toBe(true);
    // Not only equal: the very same entries, held once for the whole fleet.
    a.redBySeverity.forEach((entry, index) => expect(b.redBySeverity[index]).toBe(entry));
    a.amberBySeverity.forEach((entry, index) => expect(b.amberBySeverity[index]).toBe(entry));
  });

  it('share them again when a source comes back from a worker thread as a copy', async () => {
    const kept = keepFigures(await analysedSource('one'));
    const copy = internFigures(structuredClone(keepFigures(await analysedSource('two'))));
    kept.reports[0]!.redBySeverity.forEach((entry, index) => expect(copy.reports[0]!.redBySeverity[index]).toBe(entry));
    expect(copy.reports[0]!.redBySeverity).toEqual(kept.reports[0]!.redBySeverity);
  });
});
