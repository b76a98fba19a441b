import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderWarning } from '../../../src/index.js';
import { hasProgram } from '../../support/system-program.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { renderPdf, viewOf } from './pdf-helpers.js';

const scriptsFixture = 'test/fixtures/scripts-report.json';

describe('a PDF of CJK text with the optional font packages installed', () => {
  const tempDir = useTempDir();

  it('gives no warning, on standard error or to the library caller', async () => {
    const warnings: RenderWarning[] = [];
    await renderPdf(await viewOf(scriptsFixture), { onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([]);
    const run = await runInProcess(['render', scriptsFixture, '-f', 'pdf', '-o', join(tempDir(), 'scripts.pdf')]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/^cspm-report:/m);
  });

  it.skipIf(!hasProgram('pdftotext', 'poppler-utils'))(
    'draws the Chinese, Japanese and Korean titles, as pdftotext reads them back',
    async () => {
      const file = join(tempDir(), 'scripts.pdf');
      writeFileSync(file, await renderPdf(await viewOf(scriptsFixture)));
      // Wrapped CJK titles continue on the next line of output without a space.
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\n+/g, '');
      for (const title of [
        '确保存储帐户的访问密钥定期轮换',
        'アクセスキーを定期的にローテーションする',
        '스토리지 계정 액세스 키를 정기적으로 교체하세요',
      ])
        expect(text).toContain(title);
    },
  );
});
