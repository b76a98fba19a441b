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
    return {
      ...base,
      CategoryName: `Category ${order}`,
      ControlCategoryOrder: order,
      CategoryId: `C${order}`,
      Total: 2,
      Green: 1,
      Red: 1,
      Amber: 0,
      Gray: 0,
      CompliancePercent: 50,
      Policies: policies,
    };
  });
  return report;
}

describe('worst categories rank by the weight of their Red policies among assessed categories', () => {
  it('puts Compute (IaaS) (11 Red weighing 48) before Key Management (0 %, weighing 12) and leaves out unassessed categories', async () => {
    const worst = (await viewOf(manyGray)).reports[0]!.worstCategories.map((category) => category.name);
    expect(worst).toEqual(['Azure - Compute (IaaS)', 'Azure - App Services', 'Azure - SQL Database']);
  });

  it('does not call every category of a five-category report worst', async () => {
    const view = await viewOf({ value: [fiveCategoryReport()], name: 'five.json' });
    expect(view.reports[0]!.worstCategories.length).toBe(2);
  });

  it('ranks by Red weighted by severity, then by Amber', () => {
    const category = (order: number, percent: number | null, redWeight: number, amber = 0) => ({
      order,
      redWeight,
      figures: { percent, red: 1, amber, assessed: percent === null ? 0 : 4, failingResources: 0 },
    });
    const ranked = worstCategories([
      category(1, 50, 2),
      category(2, 50, 9),
      category(3, null, 20),
      category(4, 50, 9, 3),
      category(5, 90, 1),
      category(6, 95, 1),
    ]);
    // Five assessed categories: the worse two are listed.
    expect(ranked.map((item) => item.order)).toEqual([4, 2]);
  });

  it('states the measure and shows it for each category in HTML and PDF', async () => {
    const view = await viewOf(manyGray);
    for (const text of [await htmlText(view), await pdfText(view)]) {
      expect(text).toContain(
        'Ranked by most Red policies weighted by severity (Critical 5, High 4, Moderate 3, Low 2, VeryLow 1), then most failing resources',
      );
      expect(text).toContain(
        'Azure - Compute (IaaS) — Red 11, weighted 48; 11 failing resources; Amber 0; 15.4% compliant (2 Green of 13 assessed, of 23 policies)',
      );
    }
  });
});
