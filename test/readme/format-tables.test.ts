import { describe, expect, it } from 'vitest';
import { findingsFormatNames, findingsFormats } from '../../src/render/findings/findings-formats.js';
import { documentFormats } from '../../src/render/renderers.js';
import { trendFormats } from '../../src/render/trend/trend-renderers.js';
import { page } from '../support/documentation.js';

/** The backquoted names of a line (`html`, `pdf`), in order. */
function quotedNames(line: string): string[] {
  return [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}

/** The documentation's lists of formats say what the output formats' registry says. */
describe("the documentation's format lists", () => {
  it('docs/checking.md: the table of findings formats has a row per format, in order, each with its extension', () => {
    const text = page('docs/checking.md').text;
    const table = text.slice(text.indexOf('| format | extension | what it is |')).split('\n\n')[0] ?? '';
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => cells[1])).toEqual(findingsFormatNames.map((name) => `\`${name}\``));
    expect(rows.map((cells) => cells[2])).toEqual(
      findingsFormatNames.map((name) => `\`.${findingsFormats[name].extension}\``),
    );
  });

  it("docs/documents.md: render's --format row lists every document format, in order", () => {
    const row =
      page('docs/documents.md')
        .text.split('\n')
        .find((line) => line.startsWith('| `-f, --format FORMAT` |')) ?? '';
    expect(quotedNames(row.split('(')[0] ?? '')).toEqual(['-f, --format FORMAT', ...documentFormats]);
  });

  it("docs/diff-and-trend.md: trend's -f takes every trend format", () => {
    const line =
      page('docs/diff-and-trend.md')
        .text.split('\n')
        .find((text) => text.startsWith('- `-f` is ')) ?? '';
    expect(
      quotedNames(line.split(';')[0] ?? '')
        .slice(1)
        .sort(),
    ).toEqual([...trendFormats].sort());
  });
});
