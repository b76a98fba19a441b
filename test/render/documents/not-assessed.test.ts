import { describe, expect, it } from 'vitest';
import { htmlText, manyGray, pdfText, rowsOf, viewOf, workbookOf } from './support.js';

describe('a category where nothing was assessed shows n/a, not 0.0%', () => {
  it('has no percent in the view model, and says why', async () => {
    const view = await viewOf(manyGray);
    const kubernetes = view.reports[0]!.categories.find(
      (category) => category.name === 'Azure - Kubernetes & Containers',
    )!;
    expect(kubernetes.figures).toMatchObject({
      percent: null,
      percentText: 'n/a',
      percentNote: 'nothing assessed: all 6 policies are Gray',
    });
    const keyManagement = view.reports[0]!.categories.find((category) => category.name === 'Azure - Key Management')!;
    expect(keyManagement.figures).toMatchObject({ percent: 0, percentText: '0.0%', percentNote: null });
  });

  it('prints n/a with the reason in HTML and PDF, and 0.0% only where policies were assessed and failed', async () => {
    const view = await viewOf(manyGray);
    for (const text of [await htmlText(view), await pdfText(view)]) {
      expect(text).toContain('9 Azure - Kubernetes & Containers 6 0 0 0 6 n/a');
      expect(text).toContain('8 Azure - Key Management 6 0 3 1 2 0.0%');
      expect(text).toContain('Azure - Kubernetes & Containers (nothing assessed: all 6 policies are Gray)');
      expect(text).not.toContain('Azure - Kubernetes & Containers 6 0 0 0 6 0.0%');
    }
  });

  it('leaves the XLSX percent cell empty, so the colour scale does not paint it red, and notes why', async () => {
    const workbook = await workbookOf(await viewOf(manyGray));
    const [header, ...rows] = rowsOf(workbook, 'Categories');
    const percent = header!.indexOf('Compliance %');
    const note = header!.indexOf('Note');
    const kubernetes = rows.find((row) => row[3] === 'Azure - Kubernetes & Containers')!;
    expect(kubernetes[percent] ?? null).toBeNull();
    expect(kubernetes[note]).toBe('no compliance %: nothing assessed: all 6 policies are Gray');
    const keyManagement = rows.find((row) => row[3] === 'Azure - Key Management')!;
    expect(keyManagement[percent]).toBe(0);
    expect(keyManagement[note] ?? null).toBeNull();
  });
});
