import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { bundledFonts, fontFamilies, fontPackages } from '../../../src/render/pdf/font-files.js';
import { FontSet, scriptFamily } from '../../../src/render/pdf/font-set.js';
import { Typesetter } from '../../../src/render/pdf/typesetter.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  files: string[];
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const require = createRequire(import.meta.url);

describe('the fonts installed with cspm-report', () => {
  const installed = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@expo-google-fonts/'));

  it('are the regular and bold faces in fonts/, under 3 MB (the CJK package alone was 92 MB)', () => {
    expect(installed).toEqual([]);
    expect(manifest.files).toContain('fonts');
    const bytes = bundledFonts.reduce((sum, font) => sum + statSync(join('fonts', font.file)).size, 0);
    expect(bytes / 2 ** 20).toBeLessThan(3);
    expect(readdirSync('fonts').sort()).toEqual(bundledFonts.map((font) => font.file).sort());
  });

  it("hold the bytes of their npm packages, with each family's licence (rerun scripts/vendor-fonts.js after an update)", () => {
    for (const font of bundledFonts) {
      const source = join(dirname(require.resolve(`${font.package}/package.json`)), font.source);
      expect(readFileSync(join('fonts', font.file)).equals(readFileSync(source)), font.file).toBe(true);
    }
    expect(bundledFonts.filter((font) => font.file.endsWith('-OFL.txt'))).toHaveLength(4);
  });

  it('leave the CJK and Korean fonts to optional peer dependencies', () => {
    for (const family of ['cjk', 'korean'] as const) {
      const name = fontPackages[family].package;
      expect(fontPackages[family].bundled).toBe(false);
      expect(manifest.peerDependencies?.[name]).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[name]?.optional).toBe(true);
    }
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
  it.each(cases)('$name', ({ input, expected }) =>
    expect(fontFamilies[scriptFamily(input.codePointAt(0) ?? 0)]).toBe(expected),
  );
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
        const missing = [...token.shape.text].filter(
          (character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0),
        );
        expect(missing).toEqual([]);
      }
    }
  });
});
