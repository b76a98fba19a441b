import { closingQuote, keyText, type JsonUnits, type UnitEncoding } from './json-units.js';
import { escapePointerToken } from '../text/pointer-token.js';

/**
 * The JSON Pointer of the value that starts at `offset` of a JSON text, found by
 * walking the text up to there with the key or index of every open container. Slow
 * beside the scans (it decodes every key on the way), it is meant for the one place an
 * error names.
 */
export function pointerAtOffset(units: JsonUnits, encoding: UnitEncoding, offset: number): string {
  // Per open container: an array's item index, or an object's current key.
  const path: (number | string)[] = [];
  const isArray: boolean[] = [];
  let at = 0;
  while (at < offset) {
    const unit = units[at]!;
    if (unit === 0x22) {
      const end = closingQuote(units, at + 1, units.length);
      const inObject = isArray.length > 0 && !isArray[isArray.length - 1]!;
      if (inObject && followedByColon(units, end + 1)) path[path.length - 1] = keyText(units, encoding, at + 1, end);
      at = end + 1;
      continue;
    }
    if (unit === 0x5b || unit === 0x7b) {
      isArray.push(unit === 0x5b);
      path.push(unit === 0x5b ? 0 : '');
    } else if (unit === 0x5d || unit === 0x7d) {
      isArray.pop();
      path.pop();
    } else if (unit === 0x2c && isArray[isArray.length - 1] === true) {
      path[path.length - 1] = (path[path.length - 1] as number) + 1;
    }
    at += 1;
  }
  return path.map((token) => `/${typeof token === 'number' ? token : escapePointerToken(token)}`).join('');
}

function followedByColon(units: JsonUnits, from: number): boolean {
  let at = from;
  while (at < units.length && units[at]! <= 0x20) at += 1;
  return units[at] === 0x3a;
}
