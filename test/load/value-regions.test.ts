import { describe, expect, it } from 'vitest';
import { findingRegions } from '../../src/load/finding-regions.js';
import { valueRegions } from '../../src/load/value-regions.js';
import type { Finding } from '../../src/model/finding.js';
import { minimalReport } from '../support/minimal-report.js';

/**
 * Line and column (from 1, UTF-16 code units) of the `occurrence`-th `needle` in `text`,
 * plus `skip` units: computed by searching the text, apart from the code under test.
 */
function placeOf(text: string, needle: string, skip = 0, occurrence = 0): { line: number; column: number } {
  let at = -1;
  for (let count = 0; count <= occurrence; count += 1) at = text.indexOf(needle, at + 1);
  expect(at).toBeGreaterThanOrEqual(0);
  const offset = at + skip;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return { line: text.slice(0, offset).split('\n').length, column: offset - lineStart + 1 };
}

const envelope = { result: [minimalReport()], statusCode: 200, message: 'Request Successful' };
const totalPointer = '/result/0/ResourceCategories/1/Total';
const layouts = [
  { name: 'pretty-printed', text: JSON.stringify(envelope, null, 2) },
  { name: 'one-line', text: JSON.stringify(envelope) },
  { name: 'tab-indented, CRLF', text: JSON.stringify(envelope, null, '\t').replace(/\n/g, '\r\n') },
];

describe('places of the values pointers name', () => {
  for (const { name, text } of layouts) {
    it(`places a scalar where it is in a ${name} text`, () => {
      // The second category's Total: the second "Total" key of the text.
      const key = text.includes('"Total": ') ? '"Total": ' : '"Total":';
      const start = placeOf(text, key, key.length, 1);
      const value = String(envelope.result[0]!.ResourceCategories[1]!.Total);
      expect(valueRegions(text, [totalPointer]).get(totalPointer)).toEqual({
        startLine: start.line,
        startColumn: start.column,
        endLine: start.line,
        endColumn: start.column + value.length,
      });
    });

    it(`places an object from its opening to its closing brace in a ${name} text`, () => {
      const region = valueRegions(text, ['/result/0/ResourceCategories/1'])?.get('/result/0/ResourceCategories/1');
      const lines = text.split(/\r?\n/);
      expect(lines[region!.startLine - 1]![region!.startColumn - 1]).toBe('{');
      expect(lines[region!.endLine - 1]![region!.endColumn - 2]).toBe('}');
      // Cut out by its region, the text is the second category, whole.
      const offsetOf = (line: number, column: number) =>
        lines.slice(0, line - 1).reduce((sum, each) => sum + each.length + (text.includes('\r\n') ? 2 : 1), 0) +
        column -
        1;
      const cut = text.slice(
        offsetOf(region!.startLine, region!.startColumn),
        offsetOf(region!.endLine, region!.endColumn),
      );
      expect(JSON.parse(cut)).toEqual(envelope.result[0]!.ResourceCategories[1]);
    });
  }

  it('places a missing key at its parent object', () => {
    const text = JSON.stringify({ a: { b: 1 } }, null, 2);
    expect(valueRegions(text, ['/a/missing', '/a/b/deeper']).get('/a/missing')).toEqual({
      startLine: 2,
      startColumn: 8,
      endLine: 4,
      endColumn: 4,
    });
    expect(valueRegions(text, ['/a/b/deeper']).get('/a/b/deeper')).toEqual({
      startLine: 3,
      startColumn: 10,
      endLine: 3,
      endColumn: 11,
    });
  });

  it('counts columns in UTF-16 code units, follows escaped pointer tokens, and places the last of a repeated key', () => {
    const text = '{"😀 é": "x", "a/b": {"~k": [10, 20]}, "d": 1, "d": 22}';
    const regions = valueRegions(text, ['/a~1b/~0k/1', '/d', '']);
    // The emoji is two code units, é one: "20" starts after them as a JavaScript string counts.
    expect(regions.get('/a~1b/~0k/1')).toEqual({
      startLine: 1,
      startColumn: text.indexOf('20') + 1,
      endLine: 1,
      endColumn: text.indexOf('20') + 3,
    });
    expect(regions.get('/d')).toEqual({
      startLine: 1,
      startColumn: text.indexOf('22') + 1,
      endLine: 1,
      endColumn: text.indexOf('22') + 3,
    });
    expect(regions.get('')).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: text.length + 1 });
  });

  it('places the value JSON.parse keeps of a key repeated after it, when told the text repeats keys', () => {
    const text = '{"a": {"b": 1}, "a": {"b": 22}}';
    expect(valueRegions(text, ['/a/b'], true).get('/a/b')).toEqual({
      startLine: 1,
      startColumn: text.indexOf('22') + 1,
      endLine: 1,
      endColumn: text.indexOf('22') + 3,
    });
  });

  it('places a json-syntax finding where the text stops being JSON, and gives nothing for a changed file', () => {
    const syntax: Finding = {
      rule: 'json-syntax',
      severity: 'error',
      pointer: '',
      message: 'not valid JSON',
      actual: { line: 3, column: 7, offset: 20 },
    };
    expect(findingRegions({ text: 'not read' }, [syntax])?.get('')).toEqual({
      startLine: 3,
      startColumn: 7,
      endLine: 3,
      endColumn: 8,
    });
    const other: Finding = { rule: 'schema', severity: 'error', pointer: '/a', message: 'x' };
    expect(findingRegions({ path: 'samples/aws-cis.json', length: 1 }, [other])).toBeUndefined();
  });
});
