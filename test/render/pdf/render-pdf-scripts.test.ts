import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasProgram } from '../../support/system-program.js';
import { renderPdf, textOf, viewOf } from './pdf-helpers.js';

/** A report whose policy titles and category names are in ten scripts, two of them mixed with Latin. */
const scriptsFixture = 'test/fixtures/scripts-report.json';

const titles = {
  latin: 'Latin: Ensure storage account keys are rotated',
  greek: 'Ελληνικά: Βεβαιωθείτε ότι τα κλειδιά εναλλάσσονται',
  cyrillic: 'Кириллица: Убедитесь, что ключи доступа меняются',
  arabic: 'تأكد من تدوير مفاتيح الوصول بانتظام',
  hebrew: 'ודא שמפתחות הגישה מוחלפים באופן קבוע',
  chinese: '确保存储帐户的访问密钥定期轮换',
  japanese: 'アクセスキーを定期的にローテーションする',
  korean: '스토리지 계정 액세스 키를 정기적으로 교체하세요',
  thai: 'ตรวจสอบให้แน่ใจว่ามีการหมุนเวียนคีย์การเข้าถึง',
  devanagari: 'सुनिश्चित करें कि एक्सेस कुंजियाँ नियमित रूप से बदली जाती हैं',
};

/** Where each word of a page is, as `pdftotext -bbox` reads it (right-to-left words in drawing order). */
function wordBoxes(html: string): { x: number; y: number; text: string }[] {
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    text: match[3] ?? '',
  }));
}

// poppler marks right-to-left runs with embedding controls in its output; they are not text.
const plain = (text: string): string => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
// Wrapped titles continue on the next line of output: with a space (words) or without (CJK, Thai).
const found = (text: string, title: string): boolean =>
  text.replace(/\n+/g, ' ').replace(/ +/g, ' ').includes(title) || text.replace(/\n+/g, '').includes(title);

describe('the PDF of titles in ten scripts', () => {
  let directory: string;
  let file: string;
  let pdf: Buffer;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cspm-scripts-'));
    file = join(directory, 'scripts.pdf');
    pdf = await renderPdf(await viewOf(scriptsFixture));
    writeFileSync(file, pdf);
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('read by poppler', () => {
    const run = (program: string, args: readonly string[]): string => execFileSync(program, args, { encoding: 'utf8' });

    it.each(Object.entries(titles))('pdftotext reads the %s title in logical order', (_, title) => {
      expect(found(plain(run('pdftotext', ['-enc', 'UTF-8', file, '-'])), title)).toBe(true);
    });

    it('a Hebrew title with Latin words in it reads right to left, the Latin words left to right', () => {
      // הפעל רישום עבור AWS CloudTrail בכל האזורים, wrapped after בכל in the policy table.
      const expected = ['לכב', 'AWS', 'CloudTrail', 'רובע', 'םושיר', 'לעפה'];
      const pages = Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1] ?? 0);
      const lines: string[][] = [];
      for (let page = 1; page <= pages; page += 1) {
        const words = wordBoxes(
          run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']),
        );
        for (const first of words.filter((word) => word.text === 'לעפה')) {
          const line = words.filter((word) => Math.abs(word.y - first.y) < 0.5 && expected.includes(word.text));
          lines.push(line.sort((a, b) => a.x - b.x).map((word) => word.text));
        }
      }
      expect(lines).toContainEqual(expected);
    });

    it('pdffonts lists a Noto font embedded for every script', () => {
      const fonts = run('pdffonts', [file]);
      for (const family of [
        'NotoSans',
        'NotoSansArabic',
        'NotoSansHebrew',
        'NotoSansThai',
        'NotoSansSC',
        'NotoSansKR',
      ]) {
        expect(fonts).toMatch(new RegExp(`\\+${family}-Regular +CID TrueType +Identity-H +yes +yes +yes`));
      }
    });

    it('pdftoppm draws the page of the titles', () => {
      run('pdftoppm', ['-png', '-r', '40', '-f', '3', '-l', '3', file, join(directory, 'page')]);
      expect(statSync(join(directory, 'page-3.png')).size).toBeGreaterThan(10_000);
    });
  });

  // pdf.js ignores ActualText: it reads the scripts whose glyphs follow the letters one to
  // one, not Arabic (joined letter forms) nor Devanagari (vowel signs drawn before their consonant).
  it.each(['latin', 'greek', 'cyrillic', 'hebrew', 'chinese', 'japanese', 'korean', 'thai'] as const)(
    'unpdf reads the %s title',
    async (script) => {
      expect(found(await textOf(pdf), titles[script])).toBe(true);
    },
  );
});
