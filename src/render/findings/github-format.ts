import type { DiffResult, PolicyChange, ReportDiff } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import { isGatePresetName } from '../../gate/presets/gate-presets.js';
import type { AssertionResult } from '../../model/gate.js';
import { countsText, transitionText } from './diff/diff-words.js';
import { describeGate, describeRun } from './run-summary.js';
import { pointerLabel, visibleKeepingBreaks } from './visible-text.js';

/**
 * Escapes the data of a workflow command (after `::`) as GitHub documents it: `%` first,
 * so that the `%0D` and `%0A` written next are not read back as escapes. Line breaks
 * must not stay raw: the runner ends a command at a line break, and a report could
 * otherwise start a command of its own on the next line (`::add-mask::`, say).
 */
export function escapeGithubData(text: string): string {
  return visibleKeepingBreaks(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command property value: the data escapes, and `:` and `,`, which end a property. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function findingCommand(file: string, finding: Finding): string {
  return `::${finding.severity} file=${file},title=${escapeGithubProperty(finding.rule)}::${escapeGithubData(`${finding.message} (${pointerLabel(finding.pointer)})`)}`;
}

/**
 * A failed assertion: `error` level fails the gate and is an error annotation, `warn` a
 * warning one. It is shown on the report it measured, else on the rules file (a preset
 * is no file to show it on).
 */
function assertionCommand(rulesFile: string, assertion: AssertionResult): string {
  const level = assertion.level === 'error' ? 'error' : 'warning';
  const where = `scope: ${assertion.scope}; ${rulesFile} ${assertion.pointer}`;
  const file = assertion.source ?? (isGatePresetName(rulesFile) ? undefined : rulesFile);
  const properties = `${file === undefined ? '' : `file=${escapeGithubProperty(file)},`}title=${escapeGithubProperty(`gate: ${assertion.name}`)}`;
  return `::${level} ${properties}::${escapeGithubData(`${assertion.message} (${where})`)}`;
}

/** What each annotated kind of change did, in words. */
const changeVerbs: Partial<Record<PolicyChange['kind'], string>> = { regression: 'regressed', 'new-failure': 'failed anew', fix: 'was fixed' };

/**
 * A regression or a new failure is an `::error` on the new scan's file, a fix a
 * `::notice`; other coverage changes, new policies that pass and removed policies are
 * no annotation (the summary counts them), so that the annotations a pull request shows
 * are the changes of posture.
 */
function changeCommand(report: ReportDiff, change: PolicyChange): string | undefined {
  const verb = changeVerbs[change.kind];
  if (verb === undefined) return undefined;
  const level = change.kind === 'fix' ? 'notice' : 'error';
  const title = `${change.kind}: ${change.complianceNumber} ${change.policyId}`;
  const text =
    `${change.severity} policy ${change.complianceNumber} "${change.shortTitle}" ${verb}: ${transitionText(change)} ` +
    `(${report.benchmarkId}, account ${report.accountName}; job ${report.old.jobId} → ${report.new.jobId})`;
  return `::${level} file=${escapeGithubProperty(report.new.source)},title=${escapeGithubProperty(title)}::${escapeGithubData(text)}`;
}

function diffCommands(diff: DiffResult, lines: string[]): void {
  for (const report of diff.reports) {
    for (const change of report.changes) {
      const line = changeCommand(report, change);
      if (line !== undefined) lines.push(line);
    }
  }
}

function formatGithub(result: FindingsResult): string {
  const lines: string[] = [];
  for (const source of result.analysis.sources) {
    const file = escapeGithubProperty(source.source);
    for (const finding of source.findings) lines.push(findingCommand(file, finding));
  }
  let summary = describeRun(result.analysis);
  if (result.diff !== undefined) {
    diffCommands(result.diff, lines);
    summary += `; diff: ${countsText(result.diff.counts)}`;
  }
  if (result.gate !== undefined) {
    for (const assertion of result.gate.assertions) if (!assertion.passed) lines.push(assertionCommand(result.gate.rulesFile, assertion));
    summary += `; ${describeGate(result.gate)}`;
  }
  const verdict = result.verdict;
  // A run that fails for what no annotation shows as an error (a lost report, removed
  // policies, nothing valid) ends on an error of its own: the annotations state the verdict.
  const told = lines.some((line) => line.startsWith('::error '));
  if (verdict?.status === 'fail' && !told) lines.push(`::error title=cspm-report failed::${escapeGithubData(`${verdict.reasons.join('; ') || 'failed'}; ${summary}`)}`);
  else lines.push(`::notice title=cspm-report::${escapeGithubData(summary)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * `--format github`: GitHub Actions workflow commands, an `::error` or `::warning`
 * annotation per finding and per failed gate assertion, with a diff an `::error` per
 * regression and a `::notice` per fix, then a `::notice` summary.
 * Written to standard output in a workflow step, the runner turns them into annotations.
 */
export const githubFormat: FindingsFormat = {
  name: 'github',
  extension: 'log',
  mediaType: 'text/plain; charset=utf-8',
  describe: 'GitHub Actions annotations (workflow commands); also writes $GITHUB_STEP_SUMMARY',
  format: (result) => formatGithub(result),
};
