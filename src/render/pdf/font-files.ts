import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The bundled Noto fonts (SIL Open Font License 1.1, from the @expo-google-fonts
 * packages). pdfkit's 14 standard fonts cover WinAnsi only, and no single font covers
 * every script, so text is set in a family per run of text:
 * - Noto Sans: Latin, Greek, Cyrillic and common punctuation; small, so it is the default.
 * - Noto Sans Arabic: Arabic letters.
 * - Noto Sans SC: Han (simplified and most traditional), Japanese kana, fullwidth forms.
 *   It is 10 MB, so it is only opened when some text needs it.
 */

/** The font families, in the order a code point is tried. */
export const fontFamilies = ['sans', 'arabic', 'cjk'] as const;

/** A font family by name. */
export type FontFamily = (typeof fontFamilies)[number];

/** Regular or bold. */
export type FontWeight = 'regular' | 'bold';

const files: Record<FontFamily, Record<FontWeight, string>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const require = createRequire(import.meta.url);
// Reading a font is the same for every document of a process: keep the bytes.
const loaded = new Map<string, Buffer>();

/** The bytes of one face of a bundled family, read once per process. */
export function readFontFile(family: FontFamily, weight: FontWeight): Buffer {
  const specifier = files[family][weight];
  let bytes = loaded.get(specifier);
  if (!bytes) {
    bytes = readFileSync(require.resolve(specifier));
    loaded.set(specifier, bytes);
  }
  return bytes;
}
