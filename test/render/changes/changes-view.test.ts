import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { renderDocuments } from '../../../src/render/render-documents.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { comparison, newSample } from './comparison.js';

describe('the changes of a compared report in the view model', () => {
  it('puts them on the report the diff compared, regressions first, colours as words', async () => {
    const { view, diff } = await comparison();
    const changes = view.reports[0]?.changes;
    expect(changes?.heading).toBe('Changes since the scan of 2024-03-11 06:40 UTC');
    expect(changes?.old.text).toBe('scanned 2024-03-11 06:40 UTC, job 3b1f6c0e-7d52-4e8a-9c41-5f0a2d9e8b17');
    expect(changes?.percentText).toBe('33.7% → 31.7% (−2.0 points)');
    expect(changes?.countsText).toBe(
      '3 regressions, 2 new failures, 2 fixes, 1 coverage change, 0 new policies, 1 removed policy, 119 unchanged',
    );
    expect(changes?.changes.map((change) => change.kind)).toEqual(
      diff.reports[0]?.changes.map((change) => change.kind),
    );
    expect(changes?.changes.map((change) => change.transition)).toEqual([
      'Green → Red',
      'Green → Amber',
      'Green → Red',
      'new: Red',
      'Gray → Red',
      'Red → Green',
      'Red → Amber',
      'Amber → Gray',
      'was Amber',
    ]);
    expect(changes?.categories.find((category) => category.name === 'Azure - Compute (IaaS)')).toMatchObject({
      oldPercentText: '27.3%',
      newPercentText: '36.4%',
      deltaText: '+9.1 points',
    });
  });

  it('leaves a report the diff did not compare, and every view without a diff, without changes', async () => {
    const { diff } = await comparison();
    const unrelated = buildViewModel(await analyseInputs('samples/azure-csbp.json'), { diff });
    expect(unrelated.reports.every((report) => report.changes === undefined)).toBe(true);
    const plain = buildViewModel(await analyseInputs(newSample));
    expect(plain.reports[0]).not.toHaveProperty('changes');
  });

  it('reaches the documents through renderReport and renderDocuments, file by file too', async () => {
    const { news, diff } = await comparison();
    const page = Buffer.from(await collectBytes(await renderReport(news, 'html', { diff }))).toString('utf8');
    expect(page).toContain('id="r1-changes"');
    const [document] = renderDocuments(news, { formats: ['html'], combine: false, diff }).documents;
    expect(document?.status).toBe('ready');
    if (document?.status !== 'ready') return;
    expect(Buffer.from(await collectBytes(await document.outputs[0]!.render())).toString('utf8')).toContain(
      'Changes since the scan of 2024-03-11 06:40 UTC',
    );
  });
});
