import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../../package-root.js';
import { CspmError } from '../../error/cspm-error.js';

/**
 * The Noto fonts (SIL Open Font License 1.1). pdfkit's 14 standard fonts cover WinAnsi
 * only, and no single font covers every script, so text is set in a family per run of
 * text:
 * - Noto Sans: Latin, Greek, Cyrillic, Devanagari and common punctuation; the default.
 * - Noto Sans Arabic, Hebrew and Thai.
 *   These four ship in the package's fonts/ folder, regular and bold only (1.8 MB):
 *   their npm packages hold eighteen faces each (18 MB), copied from by
 *   scripts/vendor-fonts.js.
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
  /** The npm package the faces come from. */
  package: string;
  /** The scripts the family adds, in words. */
  scripts: string;
  /** Whether the package's fonts/ folder holds the faces (else the npm package must be installed). */
  bundled: boolean;
  regular: string;
  bold: string;
}

function notoFiles(packageName: string, fileName: string, bundled: boolean, scripts: string): FamilyFiles {
  return {
    package: `@expo-google-fonts/${packageName}`,
    scripts,
    bundled,
    regular: `400Regular/${fileName}_400Regular.ttf`,
    bold: `700Bold/${fileName}_700Bold.ttf`,
  };
}

/** Where each family's faces come from. */
export const fontPackages: Record<FontFamily, FamilyFiles> = {
  sans: notoFiles('noto-sans', 'NotoSans', true, 'Latin, Greek, Cyrillic and Devanagari'),
  arabic: notoFiles('noto-sans-arabic', 'NotoSansArabic', true, 'Arabic'),
  hebrew: notoFiles('noto-sans-hebrew', 'NotoSansHebrew', true, 'Hebrew'),
  thai: notoFiles('noto-sans-thai', 'NotoSansThai', true, 'Thai'),
  cjk: notoFiles('noto-sans-sc', 'NotoSansSC', false, 'Chinese and Japanese (Han, kana)'),
  korean: notoFiles('noto-sans-kr', 'NotoSansKR', false, 'Korean (Hangul)'),
};

/** One face in the package's fonts/ folder, and where in its npm package it comes from. */
export interface BundledFont {
  package: string;
  source: string;
  file: string;
}

/** Every face the package ships in fonts/ (and the licence of each family). */
export const bundledFonts: readonly BundledFont[] = fontFamilies.flatMap((family) => {
  const files = fontPackages[family];
  if (!files.bundled) return [];
  return [
    ...(['regular', 'bold'] as const).map((weight) => ({
      package: files.package,
      source: files[weight],
      file: bundledName(files, weight),
    })),
    { package: files.package, source: 'LICENSE_FONT', file: `${files.package.split('/')[1]}-OFL.txt` },
  ];
});

function bundledName(files: FamilyFiles, weight: FontWeight): string {
  return files[weight].split('/')[1] ?? files[weight];
}

const fontsFolder = new URL('fonts/', packageRoot);
const require = createRequire(import.meta.url);
// Reading a font is the same for every document of a process: keep the bytes.
const loaded = new Map<string, Buffer>();
const installed = new Map<FontFamily, boolean>();

function facePath(family: FontFamily, weight: FontWeight): string {
  const files = fontPackages[family];
  return files.bundled
    ? fileURLToPath(new URL(bundledName(files, weight), fontsFolder))
    : require.resolve(`${files.package}/${files[weight]}`);
}

/** Whether a family's faces can be found (the CJK and Korean packages are optional). */
export function hasFontFamily(family: FontFamily): boolean {
  let found = installed.get(family);
  if (found === undefined) {
    try {
      found = existsSync(facePath(family, 'regular'));
    } catch {
      found = false;
    }
    installed.set(family, found);
  }
  return found;
}

/**
 * The bytes of one face of a family, read once per process.
 *
 * @throws CspmError `installation-damaged` when the file is missing or unreadable
 */
export function readFontFile(family: FontFamily, weight: FontWeight): Buffer {
  const path = facePath(family, weight);
  let bytes = loaded.get(path);
  if (!bytes) {
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw damagedFont(family, weight, error);
    }
    loaded.set(path, bytes);
  }
  return bytes;
}

/**
 * The error for a face the package ships (or an installed font package holds) that
 * cannot be read or is no font: the installation is damaged, not the report, and a
 * reinstall mends it; an "internal error" would send the user to a bug report.
 */
export function damagedFont(family: FontFamily, weight: FontWeight, cause: unknown): CspmError<'installation-damaged'> {
  const path = facePath(family, weight);
  const reason =
    (cause as { code?: unknown } | null)?.code ??
    (cause instanceof Error ? cause.message.split('\n')[0] : String(cause));
  return new CspmError(
    'installation-damaged',
    `the PDF font ${path} cannot be read (${String(reason)}); reinstall cspm-report`,
    { data: { path }, cause },
  );
}
