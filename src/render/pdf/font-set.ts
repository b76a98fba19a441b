import {
  fontFamilies,
  hasFontFamily,
  readFontFile,
  damagedFont,
  type FontFamily,
  type FontWeight,
} from './font-files.js';
import { fontWouldDraw } from './missing-font.js';
import {
  documentFont,
  openEmbeddedFont,
  parseFont,
  registerFont,
  useFontOnPage,
  type EmbeddedFont,
  type FontkitFont,
  type PdfDocument,
} from './pdfkit-internals.js';

const SANS = 0;
const ARABIC = 1;
const HEBREW = 2;
const THAI = 3;
const CJK = 4;
const KOREAN = 5;

/** Index of a face: family × 2 + weight (0 regular, 1 bold). */
export function faceIndex(family: number, weight: FontWeight): number {
  return family * 2 + (weight === 'bold' ? 1 : 0);
}

/** Whether a face sets right-to-left text. */
export function isRightToLeftFace(face: number): boolean {
  const family = face >> 1;
  return family === ARABIC || family === HEBREW;
}

/** The family a code point needs when Noto Sans lacks it: by script block, else the CJK font. */
export function scriptFamily(codePoint: number): number {
  if (
    (codePoint >= 0x0600 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  ) {
    return ARABIC;
  }
  if ((codePoint >= 0x0590 && codePoint <= 0x05ff) || (codePoint >= 0xfb1d && codePoint <= 0xfb4f)) return HEBREW;
  if (codePoint >= 0x0e00 && codePoint <= 0x0e7f) return THAI;
  if (
    (codePoint >= 0x1100 && codePoint <= 0x11ff) ||
    (codePoint >= 0x3130 && codePoint <= 0x318f) ||
    (codePoint >= 0xa960 && codePoint <= 0xa97f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7ff)
  ) {
    return KOREAN;
  }
  return CJK;
}

// fontkit's reading of each face, by the bytes read (once a process): the documents of
// a process share the tables it decodes (see documentFont).
const parsedFaces = new WeakMap<Buffer, FontkitFont>();

function parsedFace(bytes: Buffer): FontkitFont {
  let parsed = parsedFaces.get(bytes);
  if (!parsed) {
    parsed = parseFont(bytes);
    parsedFaces.set(bytes, parsed);
  }
  return parsed;
}

/** Punctuation, symbols and digits: they take the font of the text around them when it has them. */
const neutral = /[\p{P}\p{S}\p{N}]/u;

/**
 * The faces of one document, opened when first needed so that a report without CJK
 * text never parses the 10 MB CJK font (nor one without Hebrew the Hebrew font), and the choice of family per code
 * point,
 * remembered because titles repeat the same few hundred characters.
 */
export class FontSet {
  private readonly faces: (EmbeddedFont | undefined)[] = [];
  // Family chosen for each BMP code point outside a run, and whether it is neutral: −1 unknown.
  private readonly families = new Int8Array(0x10000).fill(-1);
  private readonly neutrals = new Int8Array(0x10000).fill(-1);

  // Families already reported missing: one warning per document for each.
  private readonly reported = new Set<FontFamily>();

  /**
   * @param onMissing called the first time the document needs a family whose optional
   *   font package is not installed (its text is drawn as empty boxes)
   */
  constructor(
    private readonly doc: PdfDocument,
    private readonly onMissing?: (family: FontFamily) => void,
  ) {}

  /** pdfkit's font object for a face, registering the face on first use. */
  face(index: number): EmbeddedFont {
    let font = this.faces[index];
    if (!font) {
      const family = fontFamilies[index >> 1] ?? 'sans';
      const weight: FontWeight = (index & 1) === 1 ? 'bold' : 'regular';
      const name = `noto-${family}-${weight}`;
      const bytes = readFontFile(family, weight);
      try {
        registerFont(this.doc, name, documentFont(parsedFace(bytes)));
        font = openEmbeddedFont(this.doc, name);
      } catch (error) {
        // The bytes were read but are no font (a truncated or replaced file).
        throw damagedFont(family, weight, error);
      }
      this.faces[index] = font;
    }
    return font;
  }

  /** Declares a face in the current page's resources before text in it is drawn there. */
  useOnPage(index: number): string {
    const font = this.face(index);
    useFontOnPage(this.doc, font);
    return font.id;
  }

  /**
   * The family for a code point: the run's family when the code point is punctuation, a
   * symbol or a digit that family has (so `多言語 — x` does not split at the dash);
   * otherwise Noto Sans when it has a glyph, else the family of its script (see
   * scriptFamily). A family whose optional package is not installed falls back to Noto
   * Sans, which draws its empty box, and is reported once (see the constructor).
   */
  classify(codePoint: number, runFamily: number): number {
    if (
      runFamily > SANS &&
      this.isNeutral(codePoint) &&
      this.face(runFamily * 2).font.hasGlyphForCodePoint(codePoint)
    ) {
      return runFamily;
    }
    if (codePoint < 0x10000) {
      const known = this.families[codePoint] ?? -1;
      if (known >= 0) return known;
      const chosen = this.chooseFamily(codePoint);
      this.families[codePoint] = chosen;
      return chosen;
    }
    return this.chooseFamily(codePoint);
  }

  private chooseFamily(codePoint: number): number {
    if (this.face(SANS * 2).font.hasGlyphForCodePoint(codePoint)) return SANS;
    const family = scriptFamily(codePoint);
    const name = fontFamilies[family] ?? 'sans';
    if (hasFontFamily(name)) return family;
    if (!this.reported.has(name) && fontWouldDraw(name, codePoint)) {
      this.reported.add(name);
      this.onMissing?.(name);
    }
    return SANS;
  }

  private isNeutral(codePoint: number): boolean {
    if (codePoint >= 0x10000) return neutral.test(String.fromCodePoint(codePoint));
    let known = this.neutrals[codePoint] ?? -1;
    if (known < 0) {
      known = neutral.test(String.fromCharCode(codePoint)) ? 1 : 0;
      this.neutrals[codePoint] = known;
    }
    return known === 1;
  }
}
