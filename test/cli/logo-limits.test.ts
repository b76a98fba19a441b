import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CspmError } from '../../src/error/cspm-error.js';
import { renderPdf } from '../../src/render/renderers.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { runInProcess } from '../support/cli-run.js';
import { makePng } from '../support/make-png.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

/** A PNG whose one row has filter type 7, which no decoder knows; every chunk's checksum right. */
function pngWithUnknownFilter(): Buffer {
  const png = makePng({ width: 4, height: 1, colour: 0 });
  const header = png.subarray(0, 33);
  const row = Buffer.from([7, 0, 0, 0, 0]);
  const body = deflateSync(row);
  const idat = Buffer.alloc(12 + body.length);
  idat.writeUInt32BE(body.length, 0);
  idat.write('IDAT', 4, 'latin1');
  body.copy(idat, 8);
  idat.writeUInt32BE(crc32(idat.subarray(4, 8 + body.length)), 8 + body.length);
  return Buffer.concat([header, idat, png.subarray(png.length - 12)]);
}

async function renderWithLogo(logo: Buffer, format: string): Promise<{ code: number; stderr: string; path: string }> {
  const dir = tempDir();
  const path = join(dir, 'logo.png');
  writeFileSync(path, logo);
  const result = await runInProcess(['render', sample, '--logo', path, '-f', format, '--out-dir', join(dir, 'out')]);
  return { code: result.code, stderr: result.stderr, path };
}

describe('a logo too large to decode', () => {
  it('is refused from its header, saying which limit, before anything is decoded', async () => {
    // 3,000 × 3,000 blank pixels compress to a few KB; the old limit (10,000 on a side) let it through.
    const { code, stderr, path } = await renderWithLogo(makePng({ width: 3000, height: 3000, colour: 0 }), 'html');
    expect(code).toBe(2);
    expect(stderr).toBe(
      `cspm-report: invalid usage: --logo ${path} claims 3000 × 3000 pixels (9,000,000); a logo may have at most 4,194,304 pixels (2048 × 2048)\n`,
    );
  });

  it('is refused for a side over 4096 pixels', async () => {
    const { code, stderr, path } = await renderWithLogo(makePng({ width: 5000, height: 2, colour: 0 }), 'html');
    expect(code).toBe(2);
    expect(stderr).toBe(
      `cspm-report: invalid usage: --logo ${path} claims 5000 × 2 pixels; a logo may be at most 4096 pixels on a side\n`,
    );
  });

  it('an interlaced PNG of a fair size is drawn in the PDF', async () => {
    const { code, stderr } = await renderWithLogo(
      makePng({ width: 33, height: 17, colour: 6, interlaced: true }),
      'pdf',
    );
    expect(stderr).not.toContain('error');
    expect(code).toBe(0);
  });
});

describe('a logo the PDF decoder cannot read', () => {
  it('a row filter that does not exist: one line naming the file, exit 2', async () => {
    const { code, stderr, path } = await renderWithLogo(pngWithUnknownFilter(), 'pdf');
    expect(code).toBe(2);
    expect(stderr).toBe(
      `cspm-report: invalid usage: --logo ${path} is a corrupt PNG image (a row has filter type 7, which does not exist)\n`,
    );
  });

  it('a logo handed to the library unchecked: the decoder failure is an error naming it', async () => {
    const analysis = await analyseInputs(sample);
    const logo = { bytes: Buffer.from('not an image at all'), mediaType: 'image/png' as const, name: 'brand.png' };
    const failure = renderPdf(analysis, { logo });
    await expect(failure).rejects.toBeInstanceOf(CspmError);
    await expect(failure).rejects.toThrow(
      /^invalid usage: brand\.png cannot be drawn in a PDF \(.+\); save it again as a plain PNG or JPEG$/,
    );
  });
});
