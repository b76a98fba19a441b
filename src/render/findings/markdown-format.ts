import { findingLimit, findingWeight } from '../../model/capped-findings.js';
import type { AnalysedSource, Analysis } from '../../model/analysis.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsFormatOptions, FindingsResult } from '../../model/findings-format.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import type { Verdict } from '../../model/verdict.js';
import { displayCount } from '../../text/display-count.js';
import { plural } from '../../text/plural.js';
import {
  acceptedPolicyList,
  acceptedRiskListCount,
  acceptedRiskSummary,
  exceptionStateList,
} from './accepted-risks-markdown.js';
import { accountList, changeList, diffSummary, reportList, resourceList, unpairedList } from './diff/diff-markdown.js';
import { MarkdownBudget, markdownLimitRange } from './markdown-budget.js';
import { markdownText, tableRow } from './markdown-cell.js';
import { completeOutputText, type MarkdownList, writeList } from './markdown-list.js';
import { describeGate, describeRun } from './run-summary.js';
import { reasonsBesideNotes, runNotes } from './run-notes.js';
import { findingFails, statedVerdict } from './stated-verdict.js';
import { pointerLabel } from './visible-text.js';

/** Reasons of the verdict the heading lists; the rest are counted (every format that lists them all has them). */
const maxReasons = 3;

/**
 * Notes of the run the heading lists, and the characters of each; the rest are counted (the json format lists them
 * all).
 */
const maxNotes = 3;
const maxNoteCharacters = 300;

/**
 * The verdict as the heading's mark, its reasons, the run's notes, and the run's totals:
 * kept whole however small the limit. A reason that is also a note is listed as the note.
 */
function header(result: FindingsResult, verdict: Verdict, out: MarkdownBudget): void {
  const { files, reports, policies, errors, warnings } = result.analysis.summary;
  const failed = verdict.status === 'fail';
  const command = result.gate !== undefined ? 'gate' : result.diff !== undefined ? 'diff' : 'check';
  const notes = runNotes(result);
  const reasons = reasonsBesideNotes(verdict, notes);
  out.force(
    `## ${failed ? '❌' : '✅'} cspm-report ${command}: ${failed ? `failed (exit code ${verdict.exitCode})` : 'passed'}`,
  );
  out.force('');
  for (const reason of reasons.slice(0, maxReasons))
    out.force(`${failed ? '**Failed:**' : '**Passed:**'} ${markdownText(reason, 200)}  `);
  if (reasons.length > maxReasons) out.force(`_and ${plural(reasons.length - maxReasons, 'more reason')}_  `);
  for (const note of notes.slice(0, maxNotes)) out.force(`**Note:** ${markdownText(note, maxNoteCharacters)}  `);
  if (notes.length > maxNotes)
    out.force(`_and ${plural(notes.length - maxNotes, 'more note')}; the json format lists them all_  `);
  if (reasons.length + notes.length > 0) out.force('');
  out.force(markdownText(describeRun(result.analysis)));
  out.force('');
  out.force(tableRow(['Files', 'Reports', 'Policies', 'Errors', 'Warnings']));
  out.force('| ---: | ---: | ---: | ---: | ---: |');
  out.force(tableRow([files, reports, policies, errors, warnings].map(displayCount)));
}

function gateSummary(gate: GateResult, out: MarkdownBudget): void {
  out.force('');
  out.force(`### Gate: ${gate.status} (${markdownText(gate.rulesFile, 200)})`);
  out.force('');
  out.force(markdownText(describeGate(gate)));
}

/** Failed `error` assertions (they fail the gate), then failed `warn` ones, then those that passed. */
function assertionList(gate: GateResult): MarkdownList<AssertionResult> {
  const rank = (a: AssertionResult): number => (a.passed ? 2 : a.level === 'error' ? 0 : 1);
  return {
    heading: 'Gate assertions, failed first',
    columns: ['Result', 'Assertion', 'Level', 'Actual', 'Expected', 'Scope'],
    items: [...gate.assertions].sort((a, b) => rank(a) - rank(b)),
    line: (assertion) => {
      const outcome = assertion.passed ? 'passed' : assertion.level === 'error' ? '❌ failed' : '⚠️ failed (warn)';
      const actual =
        assertion.actual === null ? '– (nothing in scope)' : (assertion.actualText ?? String(assertion.actual));
      return tableRow([
        outcome,
        markdownText(assertion.name),
        assertion.level,
        markdownText(actual),
        markdownText(assertion.expected),
        markdownText(assertion.scope),
      ]);
    },
    noun: ['assertion result', 'assertion results'],
  };
}

/** A finding and the file it is in. */
interface SourceFinding {
  source: AnalysedSource;
  finding: Finding;
}

/** Every file's errors, then every file's warnings; one that fails the run is marked ❌, another ⚠️. */
function findingList(analysis: Analysis, result: FindingsResult): MarkdownList<SourceFinding> {
  const items: SourceFinding[] = [];
  let total = 0;
  for (const severity of ['error', 'warning']) {
    for (const source of analysis.sources) {
      for (const finding of source.findings) {
        if (finding.severity !== severity) continue;
        items.push({ source, finding });
        // A finding standing for those past the check's listing limit counts them all.
        total += findingWeight(finding);
      }
    }
  }
  return {
    heading: 'Findings, errors first',
    columns: ['File', 'Rule', 'Severity', 'Where', 'Message'],
    items,
    total,
    line: ({ source, finding }) =>
      tableRow([
        markdownText(source.source, 200),
        finding.rule,
        `${findingFails(finding, result) ? '❌' : '⚠️'} ${finding.severity}`,
        markdownText(pointerLabel(finding.pointer), 200),
        markdownText(finding.message),
      ]),
    noun: ['finding', 'findings'],
    listed: `lists them, up to ${findingLimit.toLocaleString('en-US')} of a rule per file (the rest counted)`,
  };
}

function fileList(analysis: Analysis): MarkdownList<AnalysedSource> {
  return {
    heading: 'Files',
    columns: ['File', 'Reports', 'Policies', 'Findings'],
    items: analysis.sources,
    line: (source) =>
      tableRow([
        markdownText(source.source),
        displayCount(source.reportCount),
        displayCount(source.policies),
        displayCount(source.findings.reduce((sum, finding) => sum + findingWeight(finding), 0)),
      ]),
    noun: ['file', 'files'],
  };
}

function formatMarkdown(result: FindingsResult, options: Partial<FindingsFormatOptions>): string {
  const risks = result.exceptions;
  const out = new MarkdownBudget(
    options.markdownLimit ?? markdownLimitRange.default,
    options.markdownBytes,
    risks === undefined ? 0 : acceptedRiskListCount,
  );
  const verdict = statedVerdict(result);
  const where = completeOutputText(options.completeOutput);
  header(result, verdict, out);
  if (result.diff !== undefined) diffSummary(result.diff, result, verdict, out);
  if (result.gate !== undefined) gateSummary(result.gate, out);
  if (risks !== undefined) acceptedRiskSummary(result.analysis, risks, out);
  if (result.gate !== undefined) writeList(out, assertionList(result.gate), where);
  if (risks !== undefined) {
    writeList(out, exceptionStateList(risks), where);
    writeList(out, acceptedPolicyList(risks), where);
  }
  if (result.diff !== undefined) {
    writeList(out, accountList(result.diff), where);
    writeList(out, changeList(result.diff, result), where);
    writeList(out, resourceList(result.diff), where);
  }
  writeList(out, findingList(result.analysis, result), where);
  if (result.diff !== undefined) {
    writeList(out, reportList(result.diff), where);
    writeList(out, unpairedList(result.diff), where);
  }
  writeList(out, fileList(result.analysis), where);
  return out.text();
}

/**
 * `--format markdown`: a summary for a pull-request comment or a GitHub job summary.
 * The verdict (the heading's mark is the exit code's), its notes, the run's totals and a diff's
 * counts whole, and a run's accepted risks in sum; then the items, worst first: failed gate assertions, the
 * exceptions expired, expiring, unused or unneeded and the accepted policies, a diff's changes
 * (regressions from Critical to VeryLow, new failures, the rest), findings (errors before
 * warnings), compared reports and files. It stops at 65,536 characters (UTF-16 code
 * units; `markdownLimit` changes it) and says how many it left out and where they all are.
 */
export const markdownFormat: FindingsFormat = {
  name: 'markdown',
  extension: 'md',
  mediaType: 'text/markdown',
  describe: "a Markdown summary within a pull-request comment's size: verdict, totals, the worst items first",
  format: (result, options) => formatMarkdown(result, options),
};
