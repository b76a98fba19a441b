import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text poppler's pdftotext reads from PDF bytes, spaces squeezed. */
export function popplerTextOfBytes(pdf: Uint8Array): string {
  const directory = mkdtempSync(join(tmpdir(), 'cspm-poppler-'));
  try {
    const file = join(directory, 'document.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
