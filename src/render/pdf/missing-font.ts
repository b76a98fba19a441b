import type { RenderWarning } from '../../model/renderer.js';
import { fontPackages, type FontFamily } from './font-files.js';

/** Han, kana and the CJK punctuation and fullwidth forms: what Noto Sans SC adds. */
const cjkText = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Whether installing a family's font would draw a code point Noto Sans lacks. The CJK
 * family is also the last resort for any code point no family covers (an emoji, say),
 * which Noto Sans SC would not draw either: no warning should send the user to install it.
 */
export function fontWouldDraw(family: FontFamily, codePoint: number): boolean {
  return family !== 'cjk' || cjkText.test(String.fromCodePoint(codePoint));
}

/** The warning for text drawn as empty boxes because a family's optional font package is not installed. */
export function missingFontWarning(family: FontFamily): RenderWarning {
  const { scripts, package: packageName } = fontPackages[family];
  return {
    code: 'font-missing',
    script: scripts,
    package: packageName,
    message: `the PDF shows ${scripts} text as empty boxes: its font is not installed; run npm install ${packageName}`,
  };
}
