import { describe, expect, it } from 'vitest';
import * as publicEntry from '../../src/index.js';
import * as renderEntry from '../../src/render-entry.js';

const api = { ...publicEntry, ...renderEntry };
import { minimalReport, policy } from '../support/minimal-report.js';
import { checkAll, checkText, InvariantError, InvariantErrors } from './invariants.js';
import { checkRenders } from './render-invariants.js';

/*
 * The smallest cases the property-based suite found for each bug, kept as plain tests
 * so that each bug has a reproduction of a few lines. Bugs being fixed fail here until
 * they are; bugs not being fixed yet are `it.fails` and flag when they are fixed.
 */

/** The invariants a case breaks through check (and, with `render`, the renderers), or only those named `only`. */
async function broken(text: string, render = false, only?: string): Promise<string[]> {
  let messages: string[] = [];
  try {
    await checkAll([async () => (render ? checkRenders(api, await checkText(api, text)) : checkText(api, text))]);
  } catch (error) {
    if (error instanceof InvariantErrors) messages = error.errors.map((item) => item.message);
    else if (error instanceof InvariantError) messages = [error.message];
    else throw error;
  }
  return only === undefined ? messages : messages.filter((message) => message.startsWith(`${only}: `));
}

function reportWith(edit: (report: ReturnType<typeof minimalReport>) => void): string {
  const report = minimalReport();
  edit(report);
  return JSON.stringify(report);
}

describe('bugs the property-based suite found, smallest cases', () => {
  it('over 125,000 findings: check and its text output do not crash', async () => {
    // One policy 70,000 times: a duplicate-policy-id and a compliance-number finding per copy.
    const text = reportWith((report) => {
      const first = report.ResourceCategories[0]!;
      first.Policies = Array.from({ length: 70_000 }, () => first.Policies[0]!);
    });
    expect(await broken(text)).toEqual([]);
  });

  it('over 125,000 schema violations: check resolves', async () => {
    const text = reportWith((report) => {
      const first = report.ResourceCategories[0]!;
      const invalid = { ...first.Policies[0]!, PassedResourceCount: 'many' as unknown as number };
      first.Policies = Array.from({ length: 130_000 }, () => invalid);
    });
    expect(await broken(text)).toEqual([]);
  });

  it('resource counts of 1e308 give finite figures', async () => {
    const text = reportWith((report) => {
      report.ResourceCategories[0]!.Policies = [
        policy('A', '1000.1', 1e308, 1e308),
        policy('B', '1000.2', 1e308, 1e308),
        policy('C', '1000.3', 0, 0),
      ];
    });
    expect(await broken(text, false, 'figures are finite numbers')).toEqual([]);
  });

  it('resource counts above 2^53 sum to the recount', async () => {
    const text = reportWith((report) => {
      report.ResourceCategories[0]!.Policies[0]!.PassedResourceCount = 2 ** 54;
      report.ResourceCategories[0]!.Policies[0]!.TotalResourceCount = 2 ** 54;
      report.ResourceCategories[1]!.Policies[0]!.PassedResourceCount = 2 ** 54 + 4;
      report.ResourceCategories[1]!.Policies[0]!.TotalResourceCount = 2 ** 54 + 4;
    }).replace('"PassedResourceCount":3,', '"PassedResourceCount":9007199254740993,');
    expect(await broken(text, false, 'figures equal the recount')).toEqual([]);
  });

  it.each([
    [',{}', 'a token V8 quotes without a position'],
    ['{"a": "\\ꦋ"}', 'an escape of a character beyond Latin-1'],
  ])('json-syntax points at the first bad character of %s (%s)', async (text) => {
    expect(await broken(text, false, 'json-syntax points at the first bad character')).toEqual([]);
  });

  it('a NUL in a title leaves the HTML free of parse errors', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.ResourceCategories[0]!.Policies[0]!.ShortTitle = '\u0000')),
        true,
        'the HTML parses without errors',
      ),
    ).toEqual([]);
  });

  it('a control character in a benchmark name stays out of the PDF metadata', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.BenchmarkName = 'B\u0001')),
        true,
        'PDF metadata holds no raw control character',
      ),
    ).toEqual([]);
  });

  it('bidi controls in report text do not reach the check text raw', async () => {
    const text = reportWith((report) => {
      report.ResourceCategories[0]!.CategoryName = '\u202eevil';
      report.ResourceCategories[0]!.Total = 4;
    });
    expect(await broken(text, false, 'check text shows no raw bidi control')).toEqual([]);
  });

  it('an Arabic ڢ (U+06A2) in a title renders to PDF', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.ResourceCategories[0]!.Policies[0]!.ShortTitle = 'ڢ')),
        true,
        'renderPdf does not throw',
      ),
    ).toEqual([]);
  });

  it('U+FFFF in a benchmark name leaves the workbook readable', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.BenchmarkName = 'B\uffff')),
        true,
        'exceljs reads the XLSX',
      ),
    ).toEqual([]);
  });

  it('a lone surrogate in a benchmark name leaves the PDF metadata readable', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.BenchmarkName = 'B\udfff')),
        true,
        'PDF metadata decodes as text',
      ),
    ).toEqual([]);
  });

  it('a lone surrogate in a benchmark name leaves the HTML free of parse errors', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.BenchmarkName = 'B\ud800')),
        true,
        'the HTML parses without errors',
      ),
    ).toEqual([]);
  });

  it('a control character other than NUL in a title leaves the HTML free of parse errors', async () => {
    expect(
      await broken(
        reportWith((report) => void (report.ResourceCategories[0]!.Policies[0]!.ShortTitle = 'T\u0001\u009b')),
        true,
        'the HTML parses without errors',
      ),
    ).toEqual([]);
  });
});
