import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { type Analysis } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { FindingsFormatOptions, FindingsRun } from '../../../src/model/findings-format.js';
import { markdownText } from '../../../src/render/findings/markdown-cell.js';
import { markdownLimitRange, maxSummaryBytes } from '../../../src/render/findings/markdown-budget.js';
import { markdownFormat } from '../../../src/render/findings/markdown-format.js';
import { reportWithoutSeverities } from '../../support/report-without-severities.js';
import { gateResult, hostileText, manyFindingsAnalysis, mixedAnalysis, withFindings } from './findings-inputs.js';

function formatMarkdown(result: FindingsRun, options: Partial<FindingsFormatOptions> = {}): string {
  return markdownFormat.format(judgeFindingsResult(result), { rules: ruleCatalogue, color: false, ...options });
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
    expect(markdownText('`x` *y* _z_ [l](u) ~s~ $m$ @team #1 \\')).toBe(
      '\\`x\\` \\*y\\* \\_z\\_ \\[l\\](u) \\~s\\~ \\$m\\$ \\@team \\#1 \\\\',
    );
    expect(markdownText('<script>&amp;')).toBe('&lt;script&gt;&amp;amp;');
    expect(markdownText('one\r\ntwo\nthree\rfour')).toBe('one<br>two<br>three<br>four');
    expect(markdownText('nul\u0000 esc\u001b rlo\u202e tab\t')).toBe(
      'nul\\\\u0000 esc\\\\u001b rlo\\\\u202e tab\\\\u0009',
    );
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

  it('starts with the verdict and the totals and ends with a newline', () => {
    const markdown = formatMarkdown({ analysis });
    expect(markdown.endsWith('\n')).toBe(true);
    expect(
      markdown.startsWith(
        '## ❌ cspm-report check: failed (exit code 1)\n\n4 findings (2 errors, 2 warnings) in 3 files, 3 valid reports, 15 policies\n',
      ),
    ).toBe(true);
    expect(tableAfter(markdown, '## ❌ cspm-report check: failed (exit code 1)')).toEqual([['3', '3', '15', '2', '2']]);
    expect(tableAfter(markdown, '### Files').map((row) => row.slice(1))).toEqual([
      ['1', '5', '0'],
      ['1', '5', '3'],
      ['1', '5', '1'],
    ]);
  });

  it('keeps a table whole when cells hold pipes, line breaks and markup, and lists errors before warnings', () => {
    const rows = tableAfter(formatMarkdown({ analysis }), '### Findings, errors first');
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(5);
    expect(rows[0]![0]).toBe('dir/a:b,c "x" &lt;y&gt; 50% \\\\u202e<br>z.json');
    expect(rows[0]!.slice(1, 4)).toEqual(['category-total', '❌ error', '/0/ResourceCategories/0/Total']);
    expect(rows[0]![4]).toContain('\\]\\]&gt; 100%0A \\| \\`code\\` \\\\u0001');
    expect(rows.map((row) => row[2])).toEqual(['❌ error', '❌ error', '⚠️ warning', '⚠️ warning']);
  });

  it('marks the findings that fail the run, as --fail-on decides', () => {
    const failing = (failOn: FindingsRun['failOn']) =>
      tableAfter(formatMarkdown({ analysis, failOn }), '### Findings, errors first').map((row) => row[2]);
    expect(failing('warning')).toEqual(['❌ error', '❌ error', '❌ warning', '❌ warning']);
    expect(failing('never')).toEqual(['⚠️ error', '⚠️ error', '⚠️ warning', '⚠️ warning']);
    expect(formatMarkdown({ analysis, failOn: 'never' })).toMatch(/^## ✅ cspm-report check: passed\n/);
  });

  it('states the verdict it is given, whatever the findings', () => {
    const verdict = {
      status: 'fail' as const,
      exitCode: 1 as const,
      reasons: ['findings at or above warning in the inputs (0 errors, 2 warnings)'],
    };
    const markdown = formatMarkdown({ analysis, verdict });
    expect(markdown).toMatch(
      /^## ❌ cspm-report check: failed \(exit code 1\)\n\n\*\*Failed:\*\* findings at or above warning in the inputs \(0 errors, 2 warnings\) {2}\n/,
    );
    expect(formatMarkdown({ analysis, verdict: { status: 'pass', exitCode: 0, reasons: [] } })).toMatch(
      /^## ✅ cspm-report check: passed\n/,
    );
  });

  it('shows the gate verdict and its assertions, failed first', () => {
    const markdown = formatMarkdown({ analysis, gate: gateResult() });
    expect(markdown.startsWith('## ❌ cspm-report gate: failed (exit code 3)\n')).toBe(true);
    expect(markdown).toContain(
      '### Gate: fail (gate-rules.json)\n\ngate fail: 3 of 4 assertions failed (2 errors, 1 warn)\n',
    );
    const rows = tableAfter(markdown, '### Gate assertions, failed first');
    expect(rows.map((row) => row.length)).toEqual([6, 6, 6, 6]);
    expect(rows[0]).toEqual(['❌ failed', 'no-red-critical', 'error', '3', '&lt;= 0', 'r.json › CSBP › account 1']);
    expect(rows[1]![1]).toBe(markdownText(hostileText));
    expect(rows[1]![3]).toBe('– (nothing in scope)');
    expect(rows[2]!.slice(0, 2)).toEqual(['⚠️ failed (warn)', 'few-amber']);
    expect(rows[3]!.slice(0, 2)).toEqual(['passed', 'min-compliance']);
  });

  it('counts the findings the check counted but did not list', async () => {
    const capped = await analyseInputs({ text: reportWithoutSeverities(2_500), name: 'capped.json' });
    const markdown = formatMarkdown({ analysis: capped }, { markdownLimit: markdownLimitRange.min });
    const shown = tableAfter(markdown, '### Findings, errors first').length;
    expect(shown).toBeGreaterThan(0);
    expect(markdown).toContain(
      `\n_… and ${(2_500 - shown).toLocaleString('en-US')} more findings, to keep this text within its size: \`--format text\` or \`--format json\` lists them, up to 1,000 of a rule per file (the rest counted)._\n`,
    );
    expect(markdown).toContain('\n_Files: 1 file not shown');
  });

  it('shows the first of 125,000 findings within 65,536 characters and says how many it left out and where they are', async () => {
    const many = await manyFindingsAnalysis();
    const markdown = formatMarkdown({ analysis: many }, { completeOutput: 'out/check.json' });
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    expect(markdown.length).toBeGreaterThan(60_000);
    const shown = tableAfter(markdown, '### Findings, errors first').length;
    expect(shown).toBeGreaterThan(100);
    expect(markdown).toContain(
      `_… and ${(125_000 - shown).toLocaleString('en-US')} more findings, to keep this text within its size: out/check.json lists them, up to 1,000 of a rule per file (the rest counted)._\n`,
    );
  });

  it('keeps to a given limit in characters, and to a byte limit beside it', async () => {
    const many = await manyFindingsAnalysis(20_000);
    for (const markdownLimit of [markdownLimitRange.min, 30_000, 200_000])
      expect(formatMarkdown({ analysis: many }, { markdownLimit }).length).toBeLessThanOrEqual(markdownLimit);
    const wide = withFindings(many, 20_000, (index) => ({
      rule: 'schema',
      severity: 'error',
      pointer: `/${index}`,
      message: '漢字'.repeat(200),
    }));
    const text = formatMarkdown(
      { analysis: wide },
      { markdownLimit: markdownLimitRange.max, markdownBytes: maxSummaryBytes },
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxSummaryBytes);
    expect(Buffer.byteLength(text)).toBeGreaterThan(maxSummaryBytes - 20_000);
  });

  it('keeps the smallest limit when every text of the heading is as long and as escaped as it can be', () => {
    const worst = '&'.repeat(5_000);
    const reasons = Array.from({ length: 10 }, () => worst);
    const gate = { ...gateResult(), rulesFile: worst };
    const markdown = formatMarkdown(
      { analysis, gate, verdict: { status: 'fail', exitCode: 3, reasons } },
      { markdownLimit: markdownLimitRange.min, completeOutput: worst },
    );
    expect(markdown.length).toBeLessThanOrEqual(markdownLimitRange.min);
    expect(markdown).toContain('_and 7 more reasons_');
  });

  it('stays within its limit over many files of many findings and says how many files it left out', async () => {
    const inputs = Array.from({ length: 40 }, (_, index) => ({
      text: reportWithoutSeverities(150),
      name: `${'long-folder-name/'.repeat(20)}${index}.json`,
    }));
    const markdown = formatMarkdown({ analysis: await analyseInputs(inputs) });
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    expect(markdown).toMatch(
      /\n_Files: 40 files not shown, to keep this text within its size: `--format text` or `--format json` lists every one\._\n$/,
    );
  });
});
