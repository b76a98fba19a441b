/**
 * Which letters the base glyphs of a right-to-left word stand for.
 *
 * Noto Sans Arabic builds letters from skeletons shared by several letters plus dots
 * (ب ت ث ن ي share one skeleton), and fontkit remembers one text per glyph, so the
 * font's glyph-to-text map would make copy, search and pdftotext read wrong letters.
 * Each base glyph is therefore drawn with its own letters as ActualText; dots carry no
 * text and vowel marks have glyphs of their own, so both are left to the font's map.
 */

const combining = /^\p{M}+$/u;

/**
 * Maps the index (in visual order) of each base glyph of a word laid out right to left
 * to the letters it stands for, matching the glyphs against the word read in logical
 * order. Null when glyphs and letters do not match up; the font's map is used then.
 */
export function rightToLeftLetters(
  text: string,
  glyphs: readonly { codePoints: readonly number[] }[],
): Map<number, string> | null {
  const characters = [...text];
  const letters = new Map<number, string>();
  let next = 0;
  for (let index = glyphs.length - 1; index >= 0; index--) {
    const codePoints = glyphs[index]?.codePoints ?? [];
    if (codePoints.length === 0) continue;
    const taken = characters.slice(next, next + codePoints.length).join('');
    next += codePoints.length;
    // Code point by code point, not fromCodePoint(...codePoints): a cluster of marks has no length limit.
    if (!codePoints.every((codePoint) => combining.test(String.fromCodePoint(codePoint)))) letters.set(index, taken);
  }
  return next === characters.length ? letters : null;
}
