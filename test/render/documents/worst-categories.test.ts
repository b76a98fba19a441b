import { describe, expect, it } from 'vitest';
import { worstCategories } from '../../../src/analyse/severity-rank.js';
import type { BenchmarkReport } from '../../../src/index.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { htmlText, manyGray, pdfText, viewOf } from './support.js';

function fiveCategoryReport(): BenchmarkReport {
  const report = minimalReport();
  const base = report.ResourceCategories[0]!;
  report.ResourceCategories = [1, 2, 3, 4, 5].map((order) => {
    const policies = [policy(`Good${order}`, `${order}.1`, 2, 2), policy(`Bad${order}`, `${order}.2`, 0, order)];
    return { ...base, CategoryName: `Category ${order}`, ControlCategoryOrder: order, CategoryId: `C${order}`, Total: 2, Green: 1, Red: 1, Amber: 0, Gray: 0, CompliancePercent: 50, Policies: policies };
  });
  return report;
}

describe('worst categories rank by lowest compliance among assessed categories', () => {
  it('puts Key Management (0 %) first and leaves out Networking (87.8 %) and unassessed categories', async () => {
    const worst = (await viewOf(manyGray)).reports[0]!.worstCategories.map((category) => category.name);
    expect(worst).toEqual(['Azure - Key Management', 'Azure - Compute (IaaS)', 'Azure - Identity and Access']);
  });

  it('does not call every category of a five-category report worst', async () => {
    const view = await viewOf({ value: [fiveCategoryReport()], name: 'five.json' });
    expect(view.reports[0]!.worstCategories.length).toBe(2);
  });

  it('breaks ties by Red weighted by severity, then by Amber', () => {
    const category = (order: number, percent: number | null, redWeight: number, amber = 0) => ({ order, redWeight, figures: { percent, red: 1, amber } });
    const ranked = worstCategories([category(1, 50, 2), category(2, 50, 9), category(3, null, 20), category(4, 50, 9, 3), category(5, 90, 1), category(6, 95, 1)]);
    // Five assessed categories: the worse two are listed.
    expect(ranked.map((item) => item.order)).toEqual([4, 2]);
  });

  it('states the measure and shows it for each category in HTML and PDF', async () => {
    const view = await viewOf(manyGray);
    for (const text of [await htmlText(view), await pdfText(view)]) {
      expect(text).toContain('Ranked by lowest compliance among categories with an assessed policy; ties by Red policies weighted by severity');
      expect(text).toMatch(/Azure - Key Management (?:— )?0\.0%(?: compliant)? \(0 Green of 4 assessed\)/);
      expect(text).toContain('Red 3, weighted 12');
    }
  });
});
