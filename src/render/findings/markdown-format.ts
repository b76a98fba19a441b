import { findingLimit, findingWeight } from '../../load/capped-findings.js';
import type { AnalysedSource } from '../../model/analysis.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import { displayCount } from '../../text/display-count.js';
import { plural } from '../../text/plural.js';
import { diffMarkdown } from './diff/diff-markdown.js';
import { markdownText, tableRow, utf8Length } from './markdown-cell.js';
import { describeGate, describeRun } from './run-summary.js';
import { pointerLabel } from './visible-text.js';

/** Rows a table shows per file (and for the gate's assertions) before it says how many it left out. */
export const maxRowsPerTable = 100;

/**
 * UTF-8 bytes the summary may take. GitHub refuses a step summary above 1 MiB whole;
 * half of it leaves room for what other steps' tools append to the same file.
 */
export const maxSummaryBytes = 512 * 1024;

/** Lines of the summary, counting their bytes so that it stays under maxSummaryBytes. */
class Lines {
  readonly lines: string[] = [];
  private bytes = 0;
  // Room kept for the lines that say what was left out.
  private readonly limit = maxSummaryBytes - 4096;

  /** Adds the line if it fits, and tells whether it did. */
  add(line: string): boolean {
    const size = utf8Length(line) + 1;
    if (this.bytes + size > this.limit) return false;
    this.bytes += size;
    this.lines.push(line);
    return true;
  }

  /** Adds a line that must be there (headings of what was left out); the reserve pays for it. */
  force(line: string): void {
    this.bytes += utf8Length(line) + 1;
    this.lines.push(line);
  }
}

function totals(result: FindingsResult, out: Lines): void {
  const { files, reports, policies, errors, warnings } = result.analysis.summary;
  const failed = result.verdict === undefined ? errors > 0 || result.gate?.status === 'fail' : result.verdict.status === 'fail';
  const command = result.gate !== undefined ? 'gate' : result.diff !== undefined ? 'diff' : 'check';
  out.force(`## ${failed ? '❌' : '✅'} cspm-report ${command}`);
  out.force('');
  for (const reason of result.verdict?.reasons ?? []) out.force(`${failed ? '**Failed:**' : '**Passed:**'} ${markdownText(reason)}  `);
  if ((result.verdict?.reasons.length ?? 0) > 0) out.force('');
  out.force(markdownText(describeRun(result.analysis)));
  out.force('');
  out.force(tableRow(['Files', 'Reports', 'Policies', 'Errors', 'Warnings']));
  out.force('| ---: | ---: | ---: | ---: | ---: |');
  out.force(tableRow([files, reports, policies, errors, warnings].map(displayCount)));
}

function assertionRow(assertion: AssertionResult): string {
  const result = assertion.passed ? 'passed' : assertion.level === 'error' ? '❌ failed' : '⚠️ failed (warn)';
  const actual = assertion.actual === null ? '– (nothing in scope)' : (assertion.actualText ?? String(assertion.actual));
  return tableRow([result, markdownText(assertion.name), assertion.level, markdownText(actual), markdownText(assertion.expected), markdownText(assertion.scope)]);
}

/** The gate's status and its assertions, failed ones first (errors, then warns), then passed ones. */
function gateSection(gate: GateResult, out: Lines): void {
  out.force('');
  out.force(`### Gate: ${gate.status} (${markdownText(gate.rulesFile)})`);
  out.force('');
  out.force(markdownText(describeGate(gate)));
  if (gate.assertions.length === 0) return;
  out.force('');
  out.force(tableRow(['Result', 'Assertion', 'Level', 'Actual', 'Expected', 'Scope']));
  out.force('| --- | --- | --- | --- | --- | --- |');
  let shown = 0;
  const order = [(a: AssertionResult) => !a.passed && a.level === 'error', (a: AssertionResult) => !a.passed && a.level === 'warn', (a: AssertionResult) => a.passed];
  for (const wanted of order) {
    for (const assertion of gate.assertions) {
      if (!wanted(assertion)) continue;
      if (shown >= maxRowsPerTable || !out.add(assertionRow(assertion))) break;
      shown += 1;
    }
  }
  leftOut(gate.assertions.length - shown, 'assertion result', out);
}

function leftOut(count: number, noun: string, out: Lines): void {
  if (count <= 0) return;
  out.force('');
  // Text and JSON list every file and assertion, but findings only up to the limit per rule and file.
  const where = noun === 'finding' ? `lists them, up to ${findingLimit.toLocaleString('en-US')} of a rule per file (the rest counted)` : 'lists every one';
  out.force(`_${plural(count, `more ${noun}`, `more ${noun}s`)} not shown: the summary is kept small; \`--format text\` or \`json\` ${where}._`);
}

function findingRow(finding: Finding): string {
  return tableRow([finding.rule, finding.severity, markdownText(pointerLabel(finding.pointer)), markdownText(finding.message)]);
}

/** A file's heading, its figures and a table of its first findings; false when nothing fitted. */
function sourceSection(source: AnalysedSource, out: Lines): boolean {
  const counts = `${plural(source.reportCount, 'report')}, ${plural(source.policies, 'policy', 'policies')}`;
  // A finding standing for those past the check's listing limit counts them all.
  const total = source.findings.reduce((sum, finding) => sum + findingWeight(finding), 0);
  const head = `\n### ${markdownText(source.source)}\n\n${counts}, ${total === 0 ? 'no findings' : plural(total, 'finding')}`;
  if (!out.add(head)) return false;
  if (source.findings.length === 0) return true;
  out.force('');
  out.force(tableRow(['Rule', 'Severity', 'Where', 'Message']));
  out.force('| --- | --- | --- | --- |');
  const end = Math.min(source.findings.length, maxRowsPerTable);
  let shown = 0;
  while (shown < end && out.add(findingRow(source.findings[shown]!))) shown += 1;
  leftOut(total - shown, 'finding', out);
  return true;
}

function formatMarkdown(result: FindingsResult): string {
  const out = new Lines();
  totals(result, out);
  if (result.diff !== undefined) diffMarkdown(result.diff, maxRowsPerTable, out);
  if (result.gate !== undefined) gateSection(result.gate, out);
  const sources = result.analysis.sources;
  let index = 0;
  while (index < sources.length && sourceSection(sources[index]!, out)) index += 1;
  leftOut(sources.length - index, 'file', out);
  return `${out.lines.join('\n')}\n`;
}

/**
 * `--format markdown`: a summary for a person reading a pull request or a GitHub job
 * summary. Totals and the gate's assertions first, then a table per file; each table
 * stops at maxRowsPerTable rows and the whole at maxSummaryBytes, saying what it left out.
 */
export const markdownFormat: FindingsFormat = {
  name: 'markdown',
  extension: 'md',
  mediaType: 'text/markdown',
  describe: 'a Markdown summary with a table per file (pull requests, job summaries)',
  format: (result) => formatMarkdown(result),
};
