import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderPdfView } from '../../../src/render/pdf/render-pdf.js';
import { collectBytes } from '../../../src/render/renderers.js';
import type { RenderedBody, RenderOptions } from '../../../src/model/renderer.js';
import type { ViewModel } from '../../../src/model/view-model.js';

/** The hostile fixture: scripts, control characters, formulas, several alphabets. */
export const hostileFixture = 'test/fixtures/hostile-report.json';

/** The view model of a report file or parsed value. */
export async function viewOf(input: string | { value: unknown; name: string }): Promise<ViewModel> {
  return buildViewModel(await analyseInputs(input));
}

/** The hostile fixture parsed, to edit a copy (e.g. to break a total). */
export async function hostileDocument(): Promise<{ result: Record<string, unknown>[] }> {
  return JSON.parse(await readFile(hostileFixture, 'utf8')) as { result: Record<string, unknown>[] };
}

/** The rendered body as one buffer, whichever form the renderer returned. */
export async function bytesOf(body: RenderedBody): Promise<Buffer> {
  return Buffer.from(await collectBytes(body));
}

/** Renders a view to PDF bytes. */
export async function renderPdf(view: ViewModel, options: RenderOptions = {}): Promise<Buffer> {
  return bytesOf(await renderPdfView(view, options));
}

/** Text of every page as pdf.js reads it, pages joined by newlines. */
export async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  return pages.join('\n');
}

/** A bookmark with its children, as pdf.js reads the outline. */
export interface Bookmark {
  title: string;
  items: Bookmark[];
}

/** The document outline as pdf.js reads it. */
export async function outlineOf(pdf: Buffer): Promise<Bookmark[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return ((await document.getOutline()) ?? []) as Bookmark[];
}

/** The document information dictionary as pdf.js reads it. */
export async function infoOf(pdf: Buffer): Promise<Record<string, unknown>> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { info } = await document.getMetadata();
  return { ...info };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG (a blue-to-green gradient) made here, so the test needs no image file. */
export function makePng(width = 48, height = 16): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(20, Math.round((x / width) * 200), 180);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
