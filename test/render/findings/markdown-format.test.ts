import { beforeAll, describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { analyseInputs, type Analysis } from '../../../src/index.js';
import type { FindingsResult } from '../../../src/model/findings-format.js';
import { markdownText } from '../../../src/render/findings/markdown-cell.js';
import { markdownFormat, maxRowsPerTable, maxSummaryBytes } from '../../../src/render/findings/markdown-format.js';
import { reportWithoutSeverities } from '../../support/report-without-severities.js';
import { gateResult, hostileText, manyFindingsAnalysis, mixedAnalysis } from './findings-inputs.js';

function formatMarkdown(result: FindingsResult): string {
  return markdownFormat.format(result, { rules: ruleCatalogue, color: false });
}

/** The cells of a table row, split at the pipes that no backslash escapes, as GitHub splits them. */
function cells(row: string): string[] {
  const parts = row.split(/(?<!\\)\|/);
  return parts.slice(1, -1).map((cell) => cell.trim());
}

/** The rows of the table under a heading line, header and delimiter row left out. */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  let index = lines.indexOf(heading);
  expect(index).toBeGreaterThanOrEqual(0);
  while (!lines[index]!.startsWith('|')) index += 1;
  const rows: string[][] = [];
  for (index += 2; lines[index]?.startsWith('|'); index += 1) rows.push(cells(lines[index]!));
  return rows;
}

describe('markdown cells', () => {
  it('escapes what would end a cell, start markup or reorder the text', () => {
    expect(markdownText('a|b')).toBe('a\\|b');
    expect(markdownText('`x` *y* _z_ [l](u) ~s~ $m$ @team #1 \\')).toBe('\\`x\\` \\*y\\* \\_z\\_ \\[l\\](u) \\~s\\~ \\$m\\$ \\@team \\#1 \\\\');
    expect(markdownText('<script>&amp;')).toBe('&lt;script&gt;&amp;amp;');
    expect(markdownText('one\r\ntwo\nthree\rfour')).toBe('one<br>two<br>three<br>four');
    expect(markdownText('nul\u0000 esc\u001b rlo\u202e tab\t')).toBe('nul\\\\u0000 esc\\\\u001b rlo\\\\u202e tab\\\\u0009');
  });

  it('cuts long text without splitting a surrogate pair', () => {
    expect(markdownText('x'.repeat(600))).toBe(`${'x'.repeat(500)}…`);
    expect(markdownText(`${'x'.repeat(499)}😀tail`)).toBe(`${'x'.repeat(499)}…`);
  });
});

describe('markdown findings format', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await mixedAnalysis();
  });

  it('starts with the totals and ends with a newline', () => {
    const markdown = formatMarkdown({ analysis });
    expect(markdown.endsWith('\n')).toBe(true);
    expect(markdown.startsWith('## ❌ cspm-report check\n\n4 findings (2 errors, 2 warnings) in 3 files, 3 valid reports, 15 policies\n')).toBe(true);
    expect(tableAfter(markdown, '## ❌ cspm-report check')).toEqual([['3', '3', '15', '2', '2']]);
    expect(markdown).toContain('### clean.json\n\n1 report, 5 policies, no findings\n');
  });

  it('keeps a table whole when cells hold pipes, line breaks and markup', () => {
    const markdown = formatMarkdown({ analysis });
    const heading = markdown.split('\n').find((line) => line.startsWith('### dir/'))!;
    expect(heading).toBe('### dir/a:b,c "x" &lt;y&gt; 50% \\\\u202e<br>z.json');
    const rows = tableAfter(markdown, heading);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveLength(4);
    expect(rows[0]!.slice(0, 3)).toEqual(['category-total', 'error', '/0/ResourceCategories/0/Total']);
    expect(rows[0]![3]).toContain('\\]\\]&gt; 100%0A \\| \\`code\\` \\\\u0001');
    expect(rows[2]!.slice(0, 2)).toEqual(['compliance-percent', 'warning']);
  });

  it('shows the gate verdict and its assertions, failed first', () => {
    const markdown = formatMarkdown({ analysis, gate: gateResult() });
    expect(markdown.startsWith('## ❌ cspm-report gate\n')).toBe(true);
    expect(markdown).toContain('### Gate: fail (gate-rules.json)\n\ngate fail: 3 of 4 assertions failed (2 errors, 1 warn)\n');
    const rows = tableAfter(markdown, '### Gate: fail (gate-rules.json)');
    expect(rows.map((row) => row.length)).toEqual([6, 6, 6, 6]);
    expect(rows[0]).toEqual(['❌ failed', 'no-red-critical', 'error', '3', '&lt;= 0', 'r.json › CSBP › account 1']);
    expect(rows[1]![1]).toBe(markdownText(hostileText));
    expect(rows[1]![3]).toBe('– (nothing in scope)');
    expect(rows[2]!.slice(0, 2)).toEqual(['⚠️ failed (warn)', 'few-amber']);
    expect(rows[3]!.slice(0, 2)).toEqual(['passed', 'min-compliance']);
  });

  it('counts the findings the check counted but did not list', async () => {
    const capped = await analyseInputs({ text: reportWithoutSeverities(2_500), name: 'capped.json' });
    const markdown = formatMarkdown({ analysis: capped });
    expect(markdown).toContain('### capped.json\n\n1 report, 0 policies, 2,500 findings\n');
    expect(markdown).toContain('_2,400 more findings not shown');
  });

  it('shows the first rows of 125,000 findings and says how many it left out', async () => {
    const many = await manyFindingsAnalysis();
    const markdown = formatMarkdown({ analysis: many });
    expect(tableAfter(markdown, '### many.json')).toHaveLength(maxRowsPerTable);
    expect(markdown).toContain(`_124,900 more findings not shown: the summary is kept small; \`--format text\` or \`json\` lists them, up to 1,000 of a rule per file (the rest counted)._\n`);
    expect(Buffer.byteLength(markdown)).toBeLessThan(maxSummaryBytes);
  });

  it('stays under its size limit over many files of many findings and says how many files it left out', async () => {
    const inputs = Array.from({ length: 40 }, (_, index) => ({ text: reportWithoutSeverities(150), name: `${'long-folder-name/'.repeat(20)}${index}.json` }));
    const markdown = formatMarkdown({ analysis: await analyseInputs(inputs) });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(maxSummaryBytes);
    expect(markdown).toMatch(/\n_\d+ more files not shown: the summary is kept small; `--format text` or `json` lists every one\._\n$/);
  });
});
