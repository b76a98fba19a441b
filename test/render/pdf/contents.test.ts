import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewModel } from '../../../src/model/view-model.js';
import { hasProgram } from '../../support/system-program.js';
import { renderPdf, viewOf } from './pdf-helpers.js';

function pageText(file: string, page: number, layout = false): string {
  return execFileSync(
    'pdftotext',
    ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), '-f', String(page), '-l', String(page), file, '-'],
    { encoding: 'utf8' },
  );
}

/** Each entry of the table of contents as printed, and the heading it leads to. */
function expectedEntries(view: ViewModel): { title: string; heading: string }[] {
  const rollup =
    view.reports.length > 1
      ? [
          {
            title: 'Roll-up across benchmark reports',
            heading: `Roll-up across ${view.reports.length} benchmark reports`,
          },
        ]
      : [];
  const reports = view.reports.flatMap((report) => [
    { title: `${report.benchmarkName} — ${report.accountName}`, heading: report.benchmarkName },
    { title: 'Action list', heading: `Action list: failing policies of ${report.benchmarkName}` },
    { title: 'Policies', heading: `Policies of ${report.benchmarkName}` },
    ...report.categories.map((category) => ({
      title: `${category.order}. ${category.name}`,
      heading: `${category.order}. ${category.name}`,
    })),
  ]);
  return [...rollup, ...reports, { title: 'Data quality', heading: 'Data quality' }];
}

/** A heading as whole lines of pdftotext output (a long one wraps), not part of a sentence. */
const headingLines = (heading: string): RegExp =>
  new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}$`, 'm');

describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the table of contents', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'cspm-contents-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it.each(['samples/azure-multi-benchmark.json', 'samples/azure-csbp.json'])(
    'follows the cover of %s and gives the page each heading is on',
    async (sample) => {
      const view = await viewOf(sample);
      const file = join(directory, 'contents.pdf');
      writeFileSync(file, await renderPdf(view));
      const contents = pageText(file, 2, true);
      expect(contents).toMatch(/^\s*Contents$/m);
      const printed = [...contents.matchAll(/^ *(\S.*?) {2,}(\d+)$/gm)].map((match) => ({
        title: (match[1] ?? '').replace(/…$/, ''),
        page: Number(match[2]),
      }));
      const expected = expectedEntries(view);
      expect(printed.length).toBe(expected.length);
      expected.forEach(({ title, heading }, index) => {
        const entry = printed[index]!;
        expect(title.startsWith(entry.title), `${entry.title} is not the start of ${title}`).toBe(true);
        expect(entry.page).toBeGreaterThan(2);
        const page = pageText(file, entry.page);
        expect(page, `page ${entry.page} should show the heading ${heading}`).toMatch(headingLines(heading));
        expect(page).toContain(`Page ${entry.page} of`);
      });
    },
  );
});
