import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/error/cspm-error.js';
import { routedKinds, writersOf } from '../../../src/render/formats/format-views.js';
import {
  fitsName,
  formatNamedBy,
  type RoutedKind,
  resolveOutputFormat,
} from '../../../src/render/formats/output-routing.js';

/** One resolver serves every command: what a name tells, by the extensions of the registry's writers. */
describe('formatNamedBy', () => {
  it.each([
    ['a.sarif', ['findings'], { kind: 'findings', format: 'sarif' }],
    ['a.JSON', ['findings', 'document'], { kind: 'findings', format: 'json' }],
    ['a.json', ['document'], { kind: 'document', format: 'hdf' }],
    ['a.hdf.json', ['findings', 'document'], { kind: 'document', format: 'hdf' }],
    ['plan.poam.csv', ['document'], { kind: 'document', format: 'poam' }],
    ['plan.csv', ['document'], { kind: 'document', format: 'csv' }],
    ['page.htm', ['document'], { kind: 'document', format: 'html' }],
    ['trend.html', ['trend'], { kind: 'trend', format: 'html' }],
    ['trend.xlsx', ['trend'], { kind: 'trend', format: 'xlsx' }],
    ['notes.out', ['findings', 'document', 'trend'], undefined],
    ['.json', ['findings'], undefined],
  ] as [string, RoutedKind[], unknown][])('%s among %j', (path, kinds, expected) => {
    expect(formatNamedBy(path, kinds)).toEqual(expected);
  });

  it('knows every extension of every registry entry', () => {
    for (const kind of routedKinds) {
      for (const [format, entry] of Object.entries(
        writersOf(kind) as Readonly<Record<string, { extension: string }>>,
      )) {
        const named = formatNamedBy(`x.${entry.extension}`, [kind]);
        expect(named === undefined ? undefined : fitsName({ kind, format }, named), `${kind} ${format}`).toBe(true);
      }
    }
  });
});

describe('resolveOutputFormat', () => {
  it('takes the given format when the name fits it: a POA&M is a CSV, SARIF is JSON', () => {
    expect(resolveOutputFormat('plan.csv', 'poam', ['document'])).toEqual({ kind: 'document', format: 'poam' });
    expect(resolveOutputFormat('scan.json', 'sarif', ['findings'])).toEqual({ kind: 'findings', format: 'sarif' });
  });

  it('takes the format the name tells, else the fallback, for standard output too', () => {
    expect(resolveOutputFormat('changes.csv', undefined, ['findings', 'document'])).toEqual({
      kind: 'document',
      format: 'csv',
    });
    expect(resolveOutputFormat(undefined, undefined, ['trend'], { kind: 'trend', format: 'json' })).toEqual({
      kind: 'trend',
      format: 'json',
    });
    expect(resolveOutputFormat('report.out', undefined, ['document'], { kind: 'document', format: 'html' })).toEqual({
      kind: 'document',
      format: 'html',
    });
  });

  it.each([
    ['report.pdf', 'html', ['document'], /report\.pdf: its name says pdf, not html; name the file \.html/],
    ['findings.pdf', 'json', ['findings'], /findings\.pdf: its name says pdf, not json/],
    ['report.txt', undefined, ['document'], /report\.txt: its name names no format of this command/],
    ['a.out', undefined, ['findings'], /its name names no format of this command; give the format \(text, json/],
  ] as [string, string | undefined, RoutedKind[], RegExp][])('refuses %s with %s', (path, given, kinds, message) => {
    let caught: unknown;
    try {
      resolveOutputFormat(
        path,
        given,
        kinds,
        kinds.includes('document') ? { kind: 'document', format: 'html' } : undefined,
      );
    } catch (error) {
      caught = error;
    }
    expect(isCspmError(caught) && caught.code).toBe('usage');
    expect((caught as Error).message).toMatch(message);
  });

  it('names the formats of the command for an unknown one', () => {
    expect(() => resolveOutputFormat('a.json', 'yaml', ['findings'])).toThrow(
      /unknown format: "yaml"; the formats are text, json, sarif/,
    );
  });
});
