import ExcelJS from 'exceljs';
import { renderers, type RenderOptions, type ViewModel } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { textOf } from '../pdf/pdf-helpers.js';

/**
 * A report shaped like the service's published CSBP sample (879 policies, 654 Gray):
 * 12 categories, 320 policies, 179 Gray, five categories where nothing was assessed,
 * and Key Management (0 %, 3 Red) beside Networking (87.8 %, 5 Red).
 */
export const manyGray = 'test/fixtures/csbp-many-gray.json';

/** The view model of an input with render options. */
export async function viewOf(
  input: string | { value: unknown; name: string },
  options: RenderOptions = {},
): Promise<ViewModel> {
  return buildViewModel(await analyseInputs(input), options);
}

/** The page as the words a person reads: tags dropped, entities decoded, spaces squeezed. */
export async function htmlText(view: ViewModel, options: RenderOptions = {}): Promise<string> {
  const html = Buffer.from(await collectBytes(await renderers.html.render(view, options))).toString('utf8');
  const body = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
  return body
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

/** The page's markup. */
export async function htmlOf(view: ViewModel, options: RenderOptions = {}): Promise<string> {
  return Buffer.from(await collectBytes(await renderers.html.render(view, options))).toString('utf8');
}

/** The PDF's text, spaces squeezed. */
export async function pdfText(view: ViewModel, options: RenderOptions = {}): Promise<string> {
  return (await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, options))))).replace(
    /\s+/g,
    ' ',
  );
}

/** The workbook read back with exceljs. */
export async function workbookOf(view: ViewModel, options: RenderOptions = {}): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    Buffer.from(await collectBytes(await renderers.xlsx.render(view, options))) as unknown as ArrayBuffer,
  );
  return workbook;
}

/** Every row of a sheet as its values (column A first). */
export function rowsOf(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
