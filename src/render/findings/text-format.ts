import type { Analysis, AnalysedSource } from '../../model/analysis.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsFormatOptions, FindingsResult } from '../../model/findings-format.js';
import { displayCount } from '../../text/display-count.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import { plural } from '../../text/plural.js';
import { terminalText } from '../../text/terminal-text.js';
import type { Verdict } from '../../model/verdict.js';
import { acceptedRiskLines } from './accepted-risks-text.js';
import { formatDiffText } from './diff/diff-text.js';
import { reasonsBesideNotes, runNotes } from './run-notes.js';
import { statedVerdict } from './stated-verdict.js';

/** Options of the text formatter. */
export interface TextFormatOptions {
  /** ANSI colours (the CLI turns them on for a terminal unless NO_COLOR is set). */
  color?: boolean;
  /** The job's verdict, which the summary line states; without one, findings decide. */
  verdict?: Verdict;
}

type Paint = (code: string, text: string) => string;

/**
 * The check result as text for a person: findings grouped by file, then one summary
 * line, in the manner of ESLint's stylish formatter.
 */
export function formatCheckText(analysis: Analysis, options: TextFormatOptions = {}): string {
  return [...inChunks(checkLines(analysis, options))].join('');
}

function paintOf(options: TextFormatOptions): Paint {
  return options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
}

/** Lines per piece of a text written in pieces. */
const linesPerChunk = 1_000;

/**
 * Lines as text in pieces of some lines each, every line ending with a newline: a
 * fleet's text runs to hundreds of megabytes, more than one string should hold.
 */
function* inChunks(lines: Iterable<string>): Generator<string> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length === linesPerChunk) {
      yield `${batch.join('\n')}\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join('\n')}\n`;
}

function* checkLines(analysis: Analysis, options: TextFormatOptions): Generator<string> {
  const paint = paintOf(options);
  for (const source of analysis.sources) yield* sourceLines(source, paint);
  yield '';
  yield summaryLine(analysis, paint, options.verdict);
}

/**
 * The lines of one source. A loop, not `Math.max(...widths)`: a source can have more findings than a call can take
 * arguments.
 */
function* sourceLines(source: AnalysedSource, paint: Paint): Generator<string> {
  const head = `${paint('1', terminalText(source.source))}: ${plural(source.reportCount, 'report')}, ${plural(source.policies, 'policy', 'policies')}`;
  if (source.findings.length === 0) {
    yield `${head}, ${paint('32', 'no findings')}`;
    return;
  }
  let width = 0;
  for (const finding of source.findings) width = Math.max(width, Math.min(60, pointerText(finding).length));
  yield head;
  for (const finding of source.findings) yield formatFinding(finding, width, paint);
}

function pointerText(finding: Finding): string {
  return finding.pointer === '' ? '(document)' : terminalText(finding.pointer);
}

function formatFinding(finding: Finding, width: number, paint: Paint): string {
  const severity = finding.severity === 'error' ? paint('31', 'error  ') : paint('33', 'warning');
  return `  ${severity}  ${paint('2', pointerText(finding).padEnd(width))}  ${terminalText(finding.message)}  ${paint('2', finding.rule)}`;
}

function summaryLine(analysis: Analysis, paint: Paint, verdict: Verdict | undefined): string {
  const { files, reports, policies, errors, warnings } = analysis.summary;
  const scope = `${plural(files, 'file')}, ${plural(reports, 'valid report')}, ${plural(policies, 'policy', 'policies')}`;
  const counts = `${plural(errors + warnings, 'finding')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  if (verdict?.status === 'pass' && errors + warnings > 0)
    return paint('33;1', `⚠ ${counts} in ${scope}; none fails the check`);
  if (verdict?.status === 'fail' && errors + warnings === 0)
    return paint('31;1', `✖ ${verdict.reasons[0] ?? 'failed'}: ${scope}`);
  if (errors + warnings === 0) return paint('32', `✔ no findings in ${scope}`);
  return paint(errors > 0 ? '31;1' : '33;1', `✖ ${counts} in ${scope}`);
}

/**
 * The gate's verdict as text, after the check's findings: failing assertions first
 * (errors, then warnings) with actual, expected and scope, then the passing ones on a
 * line each, then one verdict line.
 */
export function formatGateText(gate: GateResult, options: TextFormatOptions = {}): string {
  return [...inChunks(gateLines(gate, options))].join('');
}

function* gateLines(gate: GateResult, options: TextFormatOptions): Generator<string> {
  const paint = paintOf(options);
  yield `${paint('1', 'gate')} ${terminalText(gate.rulesFile)}: ${plural(gate.assertions.length, 'result')}`;
  for (const level of ['error', 'warn']) {
    for (const result of gate.assertions)
      if (!result.passed && result.level === level) yield* failingLines(result, paint);
  }
  for (const result of gate.assertions) {
    if (result.passed)
      yield `  ${paint('32', 'pass ')}  ${terminalText(result.name)}  ${paint('2', `${terminalText(result.scope)}: ${terminalText(result.message)}`)}`;
  }
  yield '';
  yield verdictLine(gate, paint, options.verdict);
}

function failingLines(result: AssertionResult, paint: Paint): string[] {
  const level = result.level === 'error' ? paint('31', 'error') : paint('33', 'warn ');
  // The message carries actual and expected; a scope that matched nothing says so there.
  return [
    `  ${level}  ${terminalText(result.name)}  ${paint('2', terminalText(result.pointer === '' ? '(inputs)' : result.pointer))}`,
    `         ${terminalText(result.scope)}`,
    `         ${terminalText(result.message)}`,
  ];
}

/**
 * The gate's line, which states the run's verdict: inputs that cannot be trusted fail it whatever the assertions say.
 */
function verdictLine(gate: GateResult, paint: Paint, verdict: Verdict | undefined): string {
  const count = (level: string) => gate.assertions.filter((result) => !result.passed && result.level === level).length;
  const passed = gate.assertions.filter((result) => result.passed).length;
  const counts = `${plural(count('error'), 'error')}, ${plural(count('warn'), 'warning')}, ${displayCount(passed)} passed`;
  if (gate.status === 'fail') return paint('31;1', `✖ gate failed: ${counts}`);
  if (verdict?.status === 'fail') return paint('31;1', `✖ ${verdict.reasons[0] ?? 'failed'}: ${counts}`);
  if (gate.status === 'warn') return paint('33;1', `⚠ gate passed with warnings: ${counts}`);
  return paint('32', `✔ gate passed: ${counts}`);
}

/**
 * The check's text, then the diff's and the gate's, then the run's accepted risks when it
 * was given exceptions, a blank line between each, then a line per note of the run.
 */
function* textChunks(result: FindingsResult, options: FindingsFormatOptions): Generator<string> {
  const notes = runNotes(result);
  // A reason that is a note is said once, on its note's line.
  const verdict =
    result.verdict === undefined
      ? undefined
      : { ...result.verdict, reasons: reasonsBesideNotes(result.verdict, notes) };
  // A diff's or a gate's verdict is theirs to state; the check's line then tells the findings.
  const own = result.diff === undefined && result.gate === undefined && verdict !== undefined ? { verdict } : {};
  yield* inChunks(checkLines(result.analysis, { color: options.color, ...own }));
  if (result.diff !== undefined)
    yield `\n${formatDiffText(result.diff, { color: options.color, ...(verdict === undefined ? {} : { verdict }) })}`;
  if (result.gate !== undefined) {
    yield '\n';
    yield* inChunks(gateLines(result.gate, { color: options.color, verdict: verdict ?? statedVerdict(result) }));
  }
  const paint = paintOf(options);
  if (result.exceptions !== undefined)
    yield* inChunks(['', ...acceptedRiskLines(result.analysis, result.exceptions, paint)]);
  if (notes.length > 0) yield* inChunks(notes.map((note) => `${paint('33', 'note:')} ${terminalText(note)}`));
}

/** `--format text`: findings for a person at a terminal, grouped by file, then the gate's verdict. */
export const textFormat: FindingsFormat = {
  name: 'text',
  extension: 'txt',
  mediaType: 'text/plain; charset=utf-8',
  describe: 'findings grouped by file, for a person (default)',
  format: (result, options) => [...textChunks(result, options)].join(''),
  formatChunks: textChunks,
};
