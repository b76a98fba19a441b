import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { hasProgram } from '../../support/system-program.js';
import { useTempDir } from '../../support/temp-dir.js';
import { bodyBytes } from './read-workbook.js';
import { convertWithLibreOffice } from './soffice.js';

/**
 * The longest category name and policy id of the service's published sample, which the printed Policies and Action
 * list sheets cut off.
 */
const longCategory = 'Azure - Compute (PaaS and Serverless)';
const longPolicyId = 'DiagnosticsLogsInSelectiveAppServicesMonitoringEffectId';

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** The words of each page with their boxes, as poppler reads them. */
function pageWords(bbox: string): Word[][] {
  return bbox.split('</page>').map((page) =>
    [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      (match) => ({
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
        text: (match[5] ?? '').replaceAll('&amp;', '&'),
      }),
    ),
  );
}

/** The text of one column of a page, top to bottom: the words between its header and the next header. */
function columnText(words: readonly Word[], header: string, nextHeader: string): string {
  const start = words.find((word) => word.text === header);
  const end = words.find(
    (word) => word.text === nextHeader && start !== undefined && Math.abs(word.yMin - start.yMin) < 2,
  );
  if (!start || !end) return '';
  return words
    .filter((word) => word.yMin > start.yMax && word.xMin >= start.xMin - 1 && word.xMax <= end.xMin)
    .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)
    .map((word) => word.text)
    .join(' ');
}

describe.skipIf(!hasProgram('soffice', 'libreoffice-calc') || !hasProgram('pdftotext', 'poppler-utils'))(
  'the workbook printed through LibreOffice',
  () => {
    const tempDir = useTempDir();
    let pages: string[];
    let words: Word[][];
    beforeAll(async () => {
      const document = JSON.parse(readFileSync('samples/azure-csbp.json', 'utf8')) as {
        ResourceCategories: { CategoryName: string; Policies: { PolicyId: string }[] }[];
      }[];
      const category = document[0]?.ResourceCategories[2];
      if (!category?.Policies[0]) throw new Error('the sample has no third category');
      category.CategoryName = longCategory;
      category.Policies[0].PolicyId = longPolicyId;
      const view = buildViewModel(await analyseInputs({ value: document, name: 'long-names.json' }));
      const dir = tempDir();
      const file = join(dir, 'long-names.xlsx');
      writeFileSync(file, await bodyBytes(await renderXlsxView(view, {})));
      convertWithLibreOffice(file, 'pdf', dir);
      const read = (args: string[]) =>
        execFileSync('pdftotext', [...args, '-enc', 'UTF-8', join(dir, 'long-names.pdf'), '-'], {
          encoding: 'utf8',
          maxBuffer: 2 ** 26,
        });
      pages = read(['-layout']).split('\f');
      words = pageWords(read(['-bbox']));
    }, 180_000);

    /** Pages of a sheet: from the first whose text matches `first` up to the next sheet's first page. */
    const sheetPages = (first: RegExp, next: RegExp): number[] => {
      const start = pages.findIndex((page) => first.test(page));
      const end = pages.findIndex((page, index) => index > start && next.test(page));
      return Array.from({ length: end - start }, (_, index) => start + index);
    };

    it('prints the Summary on one page, each label beside its value, in text of at least 6 pt', () => {
      const summary = sheetPages(/Compliance percent/, /Order +Category/);
      expect(summary).toEqual([0]);
      const page = pages[0] ?? '';
      expect(page).toMatch(/Compliance +\d+\.\d%/);
      expect(page).toMatch(/Gray +\d+/);
      expect(page).toMatch(/Cloud Security Best Practices +CSBP +Contoso/);
      const heights = (words[0] ?? []).filter((word) => word.text === 'Contoso').map((word) => word.yMax - word.yMin);
      expect(heights.length).toBeGreaterThan(0);
      for (const height of heights) expect(height).toBeGreaterThanOrEqual(6);
    });

    it('prints the whole category name and policy id on the Policies sheet, and its header row on every page', () => {
      const policies = sheetPages(/Number +Policy id/, /Finding ID|POA&M/);
      expect(policies.length).toBeGreaterThan(2);
      const first = words[policies[0] as number] ?? [];
      // Wrapped over two lines if need be, but every word of the name inside its column.
      expect(columnText(first, 'Category', 'Number')).toContain(longCategory);
      expect(policies.flatMap((index) => words[index] ?? []).map((word) => word.text)).toContain(longPolicyId);
      for (const index of policies) {
        const top = (pages[index] ?? '').split('\n').slice(0, 3);
        expect(
          top.some((line) => /^\s*Benchmark +Account +Category +Number/.test(line)),
          `page ${index + 1}`,
        ).toBe(true);
      }
    });

    it('prints the whole category name and policy id of a failing policy on the Action list', () => {
      // The sample's policy given the long id is Amber: a row of the Action list.
      const actions = sheetPages(/Failing policies \(Red and Amber\)/, /Number +Policy id/);
      expect(actions.length).toBeGreaterThan(0);
      const actionWords = actions.flatMap((index) => words[index] ?? []);
      expect(actionWords.map((word) => word.text)).toContain(longPolicyId);
      const withCategory = actions.map((index) => columnText(words[index] ?? [], 'Category', 'Service')).join(' ');
      expect(withCategory).toContain(longCategory);
    });
  },
);
