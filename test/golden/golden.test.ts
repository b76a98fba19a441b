import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, it } from 'vitest';
import { renderers, type ViewModel } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { collectBytes } from '../../src/render/renderers.js';
import { formatCheckJson } from '../../src/render/findings/json-format.js';
import { textOf } from '../render/pdf/pdf-helpers.js';
import { compareGolden as compare } from './golden-file.js';

async function workbookText(bytes: Uint8Array): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    lines.push(`## ${sheet.name}`);
    sheet.eachRow((row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      lines.push(
        values
          .map((value) =>
            value === null || value === undefined
              ? ''
              : typeof value === 'object'
                ? JSON.stringify(value)
                : String(value),
          )
          .join('\t'),
      );
    });
  });
  return `${lines.join('\n')}\n`;
}

const samples = readdirSync('samples')
  .filter((name) => name.endsWith('.json'))
  .sort();

/**
 * Golden files for the bundled samples: what `check` says of every sample, and each
 * good sample rendered as HTML, as the text of its PDF and as the cells of its workbook.
 * Outputs are deterministic (no dates without --now), so the only normalising is of
 * line ends. Re-baseline after an intended change with `npm run golden:update`, then
 * read the diff before committing it.
 */
describe('golden files of the samples', () => {
  it('check over every sample, broken ones included', async () => {
    const broken = readdirSync('samples/broken')
      .sort()
      .map((name) => join('samples/broken', name));
    compare(
      'check.json',
      formatCheckJson(await analyseInputs([...samples.map((name) => join('samples', name)), ...broken])),
    );
  });

  describe.each(samples)('%s', (sample) => {
    const base = basename(sample, '.json');
    let view: ViewModel | undefined;
    const viewOf = async (): Promise<ViewModel> =>
      (view ??= buildViewModel(await analyseInputs(join('samples', sample))));

    it('HTML', async () => {
      compare(
        `${base}.html`,
        Buffer.from(await collectBytes(await renderers.html.render(await viewOf(), {}))).toString('utf8'),
      );
    });

    it('PDF text', async () => {
      compare(
        `${base}.pdf.txt`,
        await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(await viewOf(), {})))),
      );
    });

    it('XLSX cells', async () => {
      compare(
        `${base}.xlsx.tsv`,
        await workbookText(await collectBytes(await renderers.xlsx.render(await viewOf(), {}))),
      );
    });
  });
});
