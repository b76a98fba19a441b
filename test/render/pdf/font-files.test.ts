import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { fontFamilies, fontPackages } from '../../../src/render/pdf/font-files.js';
import { FontSet, scriptFamily } from '../../../src/render/pdf/font-set.js';
import { Typesetter } from '../../../src/render/pdf/typesetter.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const require = createRequire(import.meta.url);

function bytesUnder(folder: string): number {
  return readdirSync(folder, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(folder, entry.name);
    return sum + (entry.isDirectory() ? bytesUnder(path) : statSync(path).size);
  }, 0);
}

describe('the font packages installed with cspm-report', () => {
  const installed = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@expo-google-fonts/'));

  it('take under 25 MB (the CJK font alone was 92 MB)', () => {
    const bytes = installed.reduce((sum, name) => sum + bytesUnder(dirname(require.resolve(`${name}/package.json`))), 0);
    expect(bytes / 2 ** 20).toBeLessThan(25);
  });

  it('leave the CJK and Korean fonts to optional peer dependencies', () => {
    for (const family of ['cjk', 'korean'] as const) {
      const name = fontPackages[family].package;
      expect(installed).not.toContain(name);
      expect(manifest.peerDependencies?.[name]).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[name]?.optional).toBe(true);
    }
  });

  it('name every other family as a dependency', () => {
    const required = fontFamilies.filter((family) => family !== 'cjk' && family !== 'korean').map((family) => fontPackages[family].package);
    expect(installed.sort()).toEqual(required.sort());
  });
});

describe('scriptFamily', () => {
  const cases = [
    { name: 'Arabic letters', input: 'م', expected: 'arabic' },
    { name: 'Arabic presentation forms', input: 'ﻻ', expected: 'arabic' },
    { name: 'Hebrew letters', input: 'ש', expected: 'hebrew' },
    { name: 'Thai letters', input: 'ต', expected: 'thai' },
    { name: 'Hangul syllables', input: '한', expected: 'korean' },
    { name: 'Hangul jamo', input: 'ᄀ', expected: 'korean' },
    { name: 'Han', input: '确', expected: 'cjk' },
    { name: 'kana', input: 'ア', expected: 'cjk' },
  ];
  it.each(cases)('$name', ({ input, expected }) => expect(fontFamilies[scriptFamily(input.codePointAt(0) ?? 0)]).toBe(expected));
});

describe('the font chosen for each script', () => {
  const titles = [
    'Ensure storage account keys are rotated',
    'Βεβαιωθείτε ότι τα κλειδιά εναλλάσσονται',
    'Убедитесь, что ключи доступа меняются',
    'تأكد من تدوير مفاتيح الوصول بانتظام',
    'ודא שמפתחות הגישה מוחלפים באופן קבוע',
    '确保存储帐户的访问密钥定期轮换',
    'アクセスキーを定期的にローテーションする',
    '스토리지 계정 액세스 키를 정기적으로 교체하세요',
    'ตรวจสอบให้แน่ใจว่ามีการหมุนเวียนคีย์การเข้าถึง',
    'सुनिश्चित करें कि एक्सेस कुंजियाँ नियमित रूप से बदली जाती हैं',
  ];
  const fonts = new FontSet(new PDFDocument());
  const typesetter = new Typesetter(fonts);

  it.each(titles)('has a glyph for every letter of %s (no empty boxes)', (title) => {
    for (const weight of ['regular', 'bold'] as const) {
      for (const token of typesetter.tokens(title, weight)) {
        const font = fonts.face(token.face).font;
        const missing = [...token.shape.text].filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
        expect(missing).toEqual([]);
      }
    }
  });
});
