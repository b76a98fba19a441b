import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimalReport } from '../../support/minimal-report.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { htmlText, pdfText, rowsOf, viewOf, workbookOf } from './support.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';

const tempDir = useTempDir();
const privatePath = '/home/alice/clients/woodgrove/prod-audit.json';

function brokenReport(): unknown {
  const report = minimalReport();
  report.ResourceCategories[0]!.Total = 9;
  return [report];
}

describe("documents show the input's file name, not its path", () => {
  it('names the file in HTML, PDF and XLSX, findings included', async () => {
    const view = await viewOf({ value: brokenReport(), name: privatePath });
    expect(view.reports[0]!.source).toBe('prod-audit.json');
    const html = await htmlText(view);
    const pdf = await pdfText(view);
    const workbook = await workbookOf(view);
    const cells = [...rowsOf(workbook, 'Summary'), ...rowsOf(workbook, 'Findings')].flat().map(String).join('\n');
    for (const [format, text] of [
      ['HTML', html],
      ['PDF', pdf],
      ['XLSX', cells],
    ] as const) {
      expect(text, format).not.toContain('/home/alice');
      expect(text, format).toContain('prod-audit.json');
    }
  });

  it('shows the path with showPaths (--show-paths)', async () => {
    const view = await viewOf({ value: brokenReport(), name: privatePath }, { showPaths: true });
    expect(await htmlText(view)).toContain(privatePath);
    const dir = tempDir();
    const input = join(dir, 'contoso.json');
    writeFileSync(input, JSON.stringify([minimalReport()]));
    await runInProcess(['render', input, '-o', join(dir, 'named.html')]);
    await runInProcess(['render', input, '-o', join(dir, 'path.html'), '--show-paths']);
    expect(readFileSync(join(dir, 'named.html'), 'utf8')).not.toContain(dir);
    expect(readFileSync(join(dir, 'path.html'), 'utf8')).toContain(input);
  });
});
