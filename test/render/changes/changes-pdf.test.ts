import { describe, expect, it } from 'vitest';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { outlineOf, renderPdf, textOf } from '../pdf/pdf-helpers.js';
import { comparison, hostileTitle } from './comparison.js';

describe('the PDF of a comparison, read back with pdf.js', () => {
  it('has a Changes section after the summary with every change and its colours in words', async () => {
    const { view } = await comparison();
    const pdf = await renderPdf(view);
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    const section = text.indexOf('Changes since the scan of 2024-03-11 06:40 UTC');
    expect(section).toBeGreaterThan(text.indexOf('Worst categories'));
    expect(section).toBeLessThan(text.indexOf('Action list: failing policies'));
    const changes = text.slice(section, text.indexOf('Compliance by category, before and after'));
    expect(changes).toContain('33.7% → 31.7% (−2.0 points)');
    expect(changes).toContain('scanned 2024-03-11 06:40 UTC, job 3b1f6c0e-7d52-4e8a-9c41-5f0a2d9e8b17');
    for (const transition of [
      'Green → Red',
      'Green → Amber',
      'Red → Green',
      'Red → Amber',
      'Amber → Gray',
      'Gray → Red',
      'new: Red',
      'was Amber',
    ])
      expect(changes).toContain(transition);
    expect(changes.indexOf('Regression')).toBeLessThan(changes.indexOf('Fix'));
    expect(text).toMatch(/Azure - Compute \(IaaS\) 27\.3% 36\.4% \+9\.1 points/);
    const report = (await outlineOf(pdf)).find((item) => item.title.startsWith('Cloud Security Best Practices'));
    expect(report?.items.map((item) => item.title)).toContain('Changes');
  });

  it('shows a title that holds markup and a formula as its text', async () => {
    const { view } = await comparison(true);
    expect((await textOf(await renderPdf(view))).replace(/\s+/g, '')).toContain(hostileTitle.replace(/\s+/g, ''));
  });

  it('has no Changes section without a diff', async () => {
    const { news } = await comparison();
    const pdf = await renderPdf(buildViewModel(news));
    expect(await textOf(pdf)).not.toContain('Changes since');
  });
});
