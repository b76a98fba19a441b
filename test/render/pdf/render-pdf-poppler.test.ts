import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayCount } from '../../../src/render/display-values.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { hasProgram } from '../../support/system-program.js';
import { hostileFixture, renderPdf, viewOf } from './pdf-helpers.js';

function run(program: string, args: readonly string[]): string {
  return execFileSync(program, args, { encoding: 'utf8' });
}

// poppler marks right-to-left runs with embedding controls in its output; they are not text.
const plain = (text: string): string => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the PDF read by poppler', () => {
  let directory: string;
  let file: string;
  let view: ViewModel;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cspm-pdf-'));
    file = join(directory, 'hostile.pdf');
    view = await viewOf(hostileFixture);
    writeFileSync(file, await renderPdf(view));
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('pdfinfo reads the page count and the metadata', () => {
    const info = run('pdfinfo', ['-enc', 'UTF-8', file]);
    expect(info).toMatch(/^Pages:\s+6$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    expect(info).toContain(`Title:           ${view.title}`);
    expect(info).toMatch(/^Subject:\s+Compliance audit of /m);
    expect(info).toMatch(/^Author:\s+cspm-report$/m);
    expect(info).toMatch(/^Creator:\s+cspm-report \d/m);
    expect(info).not.toMatch(/CreationDate|ModDate/);
  });

  it('pdftotext finds every category name, the totals and the titles in every script', () => {
    const text = plain(run('pdftotext', ['-enc', 'UTF-8', file, '-']));
    for (const category of view.reports.flatMap((report) => report.categories)) {
      expect(text).toContain(category.name);
      expect(text).toContain(
        `${displayCount(category.figures.total)} policies · ${category.figures.percentText} compliant`,
      );
    }
    const titles = [
      'ストレージアカウントのアクセスキーを定期的にローテーションする',
      '确保存储帐户的访问密钥定期轮换',
      'Убедитесь, что ключи доступа к хранилищу регулярно меняются',
      'تأكد من تدوير مفاتيح الوصول إلى حساب التخزين بانتظام',
    ];
    // Wrapped titles continue on the next line of output.
    const joined = text.replace(/\n+/g, ' ').replace(/ +/g, ' ');
    const unwrapped = text.replace(/\n+/g, '');
    for (const title of titles) expect(joined.includes(title) || unwrapped.includes(title)).toBe(true);
    expect(text).toMatch(/Page 1 of 6/);
    expect(text).toMatch(/Page 6 of 6/);
  });

  it('pdftoppm draws every page', () => {
    run('pdftoppm', ['-png', '-r', '20', file, join(directory, 'page')]);
    const pages = run('sh', ['-c', `ls ${JSON.stringify(directory)} | grep -c '^page-.*\\.png$'`]).trim();
    expect(pages).toBe('6');
  });
});
