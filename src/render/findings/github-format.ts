import type { TextRegion } from '../../model/analysis.js';
import type { DiffResult, PolicyChange, ReportDiff } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import { isGatePresetName } from '../../gate/presets/gate-presets.js';
import type { AssertionResult } from '../../model/gate.js';
import { countsText, transitionText } from './diff/diff-words.js';
import { acceptanceText } from './diff/diff-acceptance-words.js';
import { describeGate, describeRun } from './run-summary.js';
import { pointerLabel, visibleKeepingBreaks } from './visible-text.js';
import { displayCount } from '../../text/display-count.js';
import { reasonsBesideNotes, runNotes } from './run-notes.js';
import { changeFails, findingFails, statedVerdict } from './stated-verdict.js';
import { exceptionAnnotations } from './accepted-risks-github.js';
import { acceptedPolicyNames, describeAcceptedRisks } from './accepted-risks.js';

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

/** `line=…,col=…,` where the finding's value starts (see AnalysedSource.regions), or nothing when it was not placed. */
function findingPlace(region: TextRegion | undefined): string {
  return region === undefined ? '' : `line=${region.startLine},col=${region.startColumn},`;
}

/** A finding that fails the run is an `::error`, any other a `::warning`, whatever its severity. */
function findingCommand(
  file: string,
  finding: Finding,
  level: 'error' | 'warning',
  region: TextRegion | undefined,
): string {
  return `::${level} file=${file},${findingPlace(region)}title=${escapeGithubProperty(finding.rule)}::${escapeGithubData(`${finding.message} (${pointerLabel(finding.pointer)})`)}`;
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
const changeVerbs: Partial<Record<PolicyChange['kind'], string>> = {
  regression: 'regressed',
  'new-failure': 'failed anew',
  fix: 'was fixed',
};

/**
 * A regression or a new failure is an annotation on the new scan's file: an `::error`
 * when it fails the run (it counts against `--fail-on-regression`), else a `::warning`;
 * a fix is a `::notice`. Other coverage changes, new policies that pass and removed
 * policies are no annotation (the summary counts them), so that the annotations a pull
 * request shows are the changes of posture.
 */
function changeCommand(report: ReportDiff, change: PolicyChange, level: Annotation['level']): string | undefined {
  const verb = changeVerbs[change.kind];
  if (verb === undefined) return undefined;
  const title = `${change.kind}: ${change.complianceNumber} ${change.policyId}`;
  const text =
    `${change.severity} policy ${change.complianceNumber} "${change.shortTitle}" ${verb}: ${transitionText(change)} ` +
    `(${report.benchmarkId}, account ${report.accountName}; job ${report.old.jobId} → ${report.new.jobId})` +
    (acceptanceText(change) === undefined ? '' : `; ${acceptanceText(change) ?? ''}`);
  return `::${level} file=${escapeGithubProperty(report.new.source)},title=${escapeGithubProperty(title)}::${escapeGithubData(text)}`;
}

/**
 * The most annotations of each level written: GitHub shows 10 errors and 10 warnings
 * per step (50 per job) and drops the rest, and thousands of workflow commands make the
 * log unreadable. Notices (fixes) are held to the same number. The verdict and the
 * notice counting the rest are among them.
 */
export const annotationLimit = 10;

/** Severity's rank among regressions and new failures: the worst first, an unknown one last. */
const severityRanks: Readonly<Record<string, number>> = { Critical: 0, High: 1, Moderate: 2, Low: 3, VeryLow: 4 };

/** An annotation waiting to be written: its level, its rank (lower first) and its command. */
interface Annotation {
  level: 'error' | 'warning' | 'notice';
  rank: number;
  line: string;
}

function diffAnnotations(result: FindingsResult & { diff: DiffResult }, into: Annotation[]): void {
  for (const report of result.diff.reports) {
    for (const change of report.changes) {
      // An accepted change is told, as a fix is: a notice, never a warning to act on.
      const level =
        change.kind === 'fix' || change.accepted !== undefined
          ? 'notice'
          : changeFails(change, result)
            ? 'error'
            : 'warning';
      const line = changeCommand(report, change, level);
      if (line === undefined) continue;
      // After failed gate assertions (0), by Severity, before findings' errors (10).
      into.push({ level, rank: 1 + (severityRanks[change.severity] ?? 5), line });
    }
  }
}

/** How many annotations of each level may be given to the items, the others written beside them taken out. */
type Budget = Record<Annotation['level'], number>;

/**
 * The annotations to write, worst first and at most `budget` of each level: failed
 * error assertions of a gate, then regressions and new failures from Critical to
 * VeryLow, then findings' errors; then warn assertions, then findings' warnings; then
 * fixes. The sort is stable, so equals keep the order of the inputs.
 */
function chooseAnnotations(
  all: Annotation[],
  budget: Budget,
): { shown: Annotation[]; left: Record<Annotation['level'], number> } {
  const sorted = [...all].sort((a, b) => a.rank - b.rank);
  const left = { error: 0, warning: 0, notice: 0 };
  const taken = { error: 0, warning: 0, notice: 0 };
  const shown: Annotation[] = [];
  for (const annotation of sorted) {
    if (taken[annotation.level] < budget[annotation.level]) {
      taken[annotation.level] += 1;
      shown.push(annotation);
    } else left[annotation.level] += 1;
  }
  const levels: Annotation['level'][] = ['error', 'warning', 'notice'];
  shown.sort((a, b) => levels.indexOf(a.level) - levels.indexOf(b.level) || a.rank - b.rank);
  return { shown, left };
}

/**
 * The items' annotations within GitHub's 10 a level, counting the lines written after
 * them: the run's notes (a `::notice` each, see noteCommands), the verdict (an `::error`
 * or a `::notice`), and the `::notice` counting what was left out, when anything was.
 * GitHub drops the 11th of a level, which was the verdict's `::error` after 10 findings.
 */
function budgetAnnotations(all: Annotation[], fails: boolean, notes: number): ReturnType<typeof chooseAnnotations> {
  const budget = {
    error: annotationLimit - (fails ? 1 : 0),
    warning: annotationLimit,
    notice: annotationLimit - (fails ? 0 : 1) - notes,
  };
  const chosen = chooseAnnotations(all, budget);
  const leftAny = chosen.left.error + chosen.left.warning + chosen.left.notice > 0;
  // The notice counting the rest takes a notice's place: the last fix gives it up.
  return leftAny && chosen.shown.filter((annotation) => annotation.level === 'notice').length === budget.notice
    ? chooseAnnotations(all, { ...budget, notice: budget.notice - 1 })
    : chosen;
}

function leftOutText(left: Record<Annotation['level'], number>): string | undefined {
  const parts = [
    left.error > 0 ? `${displayCount(left.error)} ${left.error === 1 ? 'error' : 'errors'}` : '',
    left.warning > 0 ? `${displayCount(left.warning)} ${left.warning === 1 ? 'warning' : 'warnings'}` : '',
    left.notice > 0 ? `${displayCount(left.notice)} ${left.notice === 1 ? 'fix' : 'fixes'}` : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  return `${parts.join(', ')} more, not annotated: GitHub shows ${annotationLimit} error and ${annotationLimit} warning annotations per step, the worst are above; the text, json or sarif format (-f text -o -, -f json -o FILE) lists them all`;
}

/**
 * The run's notes, a `::notice` each, within the notices left beside the verdict's and
 * the one counting what was left out: they come before any fix's notice. Notes past
 * that room share the last notice, so that none is dropped.
 */
function noteCommands(notes: readonly string[], fails: boolean): string[] {
  const room = annotationLimit - 1 - (fails ? 0 : 1);
  const texts = notes.length <= room ? notes : [...notes.slice(0, room - 1), notes.slice(room - 1).join('; ')];
  return texts.map((note) => `::notice title=cspm-report note::${escapeGithubData(note)}`);
}

function formatGithub(result: FindingsResult): string {
  const all: Annotation[] = [];
  if (result.gate !== undefined) {
    for (const assertion of result.gate.assertions) {
      if (!assertion.passed)
        all.push({
          level: assertion.level === 'error' ? 'error' : 'warning',
          rank: 0,
          line: assertionCommand(result.gate.rulesFile, assertion),
        });
    }
  }
  if (result.diff !== undefined) diffAnnotations({ ...result, diff: result.diff }, all);
  const exceptions = result.exceptions === undefined ? [] : exceptionAnnotations(result.exceptions);
  for (const { level, rank, file, title, text } of exceptions) {
    const line = `::${level} file=${escapeGithubProperty(file)},title=${escapeGithubProperty(title)}::${escapeGithubData(text)}`;
    all.push({ level, rank, line });
  }
  for (const source of result.analysis.sources) {
    const file = escapeGithubProperty(source.source);
    for (const finding of source.findings) {
      const level = findingFails(finding, result) ? 'error' : 'warning';
      // Errors before warnings among those of one level: a failing warning after every error.
      all.push({
        level,
        rank: finding.severity === 'error' ? 10 : 11,
        line: findingCommand(file, finding, level, source.regions?.get(finding.pointer)),
      });
    }
  }
  let summary = describeRun(result.analysis);
  if (result.diff !== undefined) summary += `; diff: ${countsText(result.diff.counts)}`;
  if (result.gate !== undefined) summary += `; ${describeGate(result.gate)}`;
  if (result.exceptions !== undefined) {
    summary += `; ${describeAcceptedRisks(result.exceptions)}`;
    const names = acceptedPolicyNames(result.exceptions);
    if (names !== '') summary += ` (accepted: ${names})`;
  }
  const verdict = statedVerdict(result);
  const fails = verdict.status === 'fail';
  const notes = noteCommands(runNotes(result), fails);
  const { shown, left } = budgetAnnotations(all, fails, notes.length);
  const lines = shown.map((annotation) => annotation.line);
  const leftOut = leftOutText(left);
  if (leftOut !== undefined) lines.push(`::notice title=cspm-report: more not annotated::${escapeGithubData(leftOut)}`);
  lines.push(...notes);
  // The last line states the verdict, the exit code's: an `::error` when the run failed,
  // whatever the annotations above showed, else a `::notice`. A note is its own notice.
  const reasons = reasonsBesideNotes(verdict, runNotes(result));
  if (fails)
    lines.push(
      `::error title=cspm-report failed (exit code ${verdict.exitCode})::${escapeGithubData(`${reasons.join('; ') || 'failed'}; ${summary}`)}`,
    );
  else lines.push(`::notice title=cspm-report passed::${escapeGithubData(summary)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * `--format github`: GitHub Actions workflow commands: `::error` annotations for what
 * fails the run (findings at or above `--fail-on`, failed `error` assertions, regressions
 * counted by `--fail-on-regression`), `::warning` for the rest of them, a `::notice` per
 * fix, a `::warning` per exception expired, expiring or unused and a `::notice` per one
 * unneeded, worst first (see chooseAnnotations), a `::notice` counting the rest, a `::notice`
 * per note of the run, then the verdict: `::error` when the run failed, else `::notice`;
 * at most 10 of each level in all, the notes, verdict and count among them (see
 * budgetAnnotations).
 * Written to standard output in a workflow step, the runner turns them into annotations.
 */
export const githubFormat: FindingsFormat = {
  name: 'github',
  extension: 'log',
  placesFindings: true,
  mediaType: 'text/plain; charset=utf-8',
  describe: 'GitHub Actions annotations (workflow commands); also writes $GITHUB_STEP_SUMMARY',
  format: (result) => formatGithub(result),
};
