import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderers, type RenderOptions, type ViewModel } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';

/**
 * The text poppler's pdftotext reads from a rendered PDF, spaces squeezed, right-to-left
 * marks dropped: what a person who copies from the PDF, or a search index, gets. Only
 * the pages from `first` to `last` when given.
 */
export async function popplerText(
  view: ViewModel,
  options: RenderOptions = {},
  pages: { first: number; last: number } | null = null,
): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'cspm-poppler-'));
  try {
    const file = join(directory, 'report.pdf');
    writeFileSync(file, Buffer.from(await collectBytes(await renderers.pdf.render(view, options))));
    const run = spawnSync(
      'pdftotext',
      ['-enc', 'UTF-8', ...(pages ? ['-f', String(pages.first), '-l', String(pages.last)] : []), file, '-'],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
