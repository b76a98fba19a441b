import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Noto fonts (SIL Open Font License 1.1, from the @expo-google-fonts packages).
 * pdfkit's 14 standard fonts cover WinAnsi only, and no single font covers every
 * script, so text is set in a family per run of text:
 * - Noto Sans: Latin, Greek, Cyrillic, Devanagari and common punctuation; the default.
 * - Noto Sans Arabic, Hebrew and Thai: small, installed with the package.
 * - Noto Sans SC (Han, Japanese kana, fullwidth forms) and Noto Sans KR (Hangul): 92 and
 *   55 MB, so they are optional peer dependencies, used when installed beside the
 *   package and only opened when some text needs them.
 */

/** The font families, in the order of their indices. */
export const fontFamilies = ['sans', 'arabic', 'hebrew', 'thai', 'cjk', 'korean'] as const;

/** A font family by name. */
export type FontFamily = (typeof fontFamilies)[number];

/** Regular or bold. */
export type FontWeight = 'regular' | 'bold';

interface FamilyFiles {
  /** The npm package. */
  package: string;
  regular: string;
  bold: string;
}

function notoFiles(packageName: string, fileName: string): FamilyFiles {
  return {
    package: `@expo-google-fonts/${packageName}`,
    regular: `@expo-google-fonts/${packageName}/400Regular/${fileName}_400Regular.ttf`,
    bold: `@expo-google-fonts/${packageName}/700Bold/${fileName}_700Bold.ttf`,
  };
}

/** Where each family's files are, as package specifiers. */
export const fontPackages: Record<FontFamily, FamilyFiles> = {
  sans: notoFiles('noto-sans', 'NotoSans'),
  arabic: notoFiles('noto-sans-arabic', 'NotoSansArabic'),
  hebrew: notoFiles('noto-sans-hebrew', 'NotoSansHebrew'),
  thai: notoFiles('noto-sans-thai', 'NotoSansThai'),
  cjk: notoFiles('noto-sans-sc', 'NotoSansSC'),
  korean: notoFiles('noto-sans-kr', 'NotoSansKR'),
};

const require = createRequire(import.meta.url);
// Reading a font is the same for every document of a process: keep the bytes.
const loaded = new Map<string, Buffer>();
const installed = new Map<FontFamily, boolean>();

/** Whether a family's font package can be found (the CJK and Korean ones are optional). */
export function hasFontFamily(family: FontFamily): boolean {
  let found = installed.get(family);
  if (found === undefined) {
    try {
      require.resolve(fontPackages[family].regular);
      found = true;
    } catch {
      found = false;
    }
    installed.set(family, found);
  }
  return found;
}

/** The bytes of one face of a family, read once per process. */
export function readFontFile(family: FontFamily, weight: FontWeight): Buffer {
  const specifier = fontPackages[family][weight];
  let bytes = loaded.get(specifier);
  if (!bytes) {
    bytes = readFileSync(require.resolve(specifier));
    loaded.set(specifier, bytes);
  }
  return bytes;
}
