import type { Finding } from '../model/finding.js';
import type { DuplicateKey, DuplicateKeyScan } from './find-duplicate-keys.js';
import { CappedFindings } from '../model/capped-findings.js';

/**
 * The `duplicate-key` findings of a document: one per repeat described by the scan (the
 * first 1,000), and one standing for those past it, as for any rule. Each
 * names the key, where it first appears and where it appears again, and the value
 * JSON.parse kept (the last one).
 */
export function duplicateKeyFindings(scan: DuplicateKeyScan, value: unknown): Finding[] {
  const findings = new CappedFindings();
  for (const duplicate of scan.duplicates) findings.add(duplicateKeyFinding(duplicate, value));
  const unlisted = scan.count - scan.duplicates.length;
  if (unlisted > 0) findings.count('duplicate-key', 'error', '', unlisted);
  return findings.finish();
}

function duplicateKeyFinding({ key, pointer, occurrence, first, repeat }: DuplicateKey, value: unknown): Finding {
  const name = JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key);
  const at = (place: { line: number; column: number }): string => `line ${place.line}, column ${place.column}`;
  const where =
    occurrence === 2
      ? `appears twice in one object, at ${at(first)} and ${at(repeat)}`
      : `appears a ${ordinal(occurrence)} time in one object, at ${at(repeat)} (first at ${at(first)})`;
  const ignored = occurrence === 2 ? 'the earlier one is' : 'the earlier ones are';
  return {
    rule: 'duplicate-key',
    severity: 'error',
    pointer,
    message: `key ${name} ${where}; JSON.parse keeps the last value (${describe(valueAt(value, pointer))}), so ${ignored} ignored`,
    expected: 'each key once in an object',
    actual: { key, occurrence, first, repeat },
  };
}

function ordinal(count: number): string {
  const tens = count % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[count % 10] ?? 'th');
  return `${count}${suffix}`;
}

/**
 * The value at a pointer of the parsed document (a `__proto__` key is an own property there, as JSON.parse makes it).
 */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
