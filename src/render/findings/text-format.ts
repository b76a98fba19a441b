import type { Analysis, AnalysedSource } from '../../model/analysis.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat } from '../../model/findings-format.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import { plural } from '../../text/plural.js';
import { terminalText } from '../../text/terminal-text.js';
import type { Verdict } from '../../model/verdict.js';
import { formatDiffText } from './diff/diff-text.js';
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
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const lines: string[] = [];
  for (const source of analysis.sources) formatSource(source, paint, lines);
  lines.push('', summaryLine(analysis, paint, options.verdict));
  return `${lines.join('\n')}\n`;
}

/**
 * Appends the lines of one source. Loops, not `push(...lines)` or `Math.max(...widths)`:
 * a source can have more findings than a call can take arguments.
 */
function formatSource(source: AnalysedSource, paint: Paint, lines: string[]): void {
  const head = `${paint('1', terminalText(source.source))}: ${plural(source.reportCount, 'report')}, ${plural(source.policies, 'policy', 'policies')}`;
  if (source.findings.length === 0) {
    lines.push(`${head}, ${paint('32', 'no findings')}`);
    return;
  }
  let width = 0;
  for (const finding of source.findings) width = Math.max(width, Math.min(60, pointerText(finding).length));
  lines.push(head);
  for (const finding of source.findings) lines.push(formatFinding(finding, width, paint));
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
  if (verdict?.status === 'pass' && errors + warnings > 0) return paint('33;1', `⚠ ${counts} in ${scope}; none fails the check`);
  if (verdict?.status === 'fail' && errors + warnings === 0) return paint('31;1', `✖ ${verdict.reasons[0] ?? 'failed'}: ${scope}`);
  if (errors + warnings === 0) return paint('32', `✔ no findings in ${scope}`);
  return paint(errors > 0 ? '31;1' : '33;1', `✖ ${counts} in ${scope}`);
}

/**
 * The gate's verdict as text, after the check's findings: failing assertions first
 * (errors, then warnings) with actual, expected and scope, then the passing ones on a
 * line each, then one verdict line.
 */
export function formatGateText(gate: GateResult, options: TextFormatOptions = {}): string {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const failed = gate.assertions.filter((result) => !result.passed);
  const failing = [...failed.filter((result) => result.level === 'error'), ...failed.filter((result) => result.level === 'warn')];
  const passing = gate.assertions.filter((result) => result.passed);
  const lines = [`${paint('1', 'gate')} ${terminalText(gate.rulesFile)}: ${plural(gate.assertions.length, 'result')}`];
  for (const result of failing) lines.push(...failingLines(result, paint));
  for (const result of passing) lines.push(`  ${paint('32', 'pass ')}  ${terminalText(result.name)}  ${paint('2', `${terminalText(result.scope)}: ${terminalText(result.message)}`)}`);
  lines.push('', verdictLine(gate, paint, options.verdict));
  return `${lines.join('\n')}\n`;
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

/** The gate's line, which states the run's verdict: inputs that cannot be trusted fail it whatever the assertions say. */
function verdictLine(gate: GateResult, paint: Paint, verdict: Verdict | undefined): string {
  const count = (level: string) => gate.assertions.filter((result) => !result.passed && result.level === level).length;
  const passed = gate.assertions.filter((result) => result.passed).length;
  const counts = `${plural(count('error'), 'error')}, ${plural(count('warn'), 'warning')}, ${passed} passed`;
  if (gate.status === 'fail') return paint('31;1', `✖ gate failed: ${counts}`);
  if (verdict?.status === 'fail') return paint('31;1', `✖ ${verdict.reasons[0] ?? 'failed'}: ${counts}`);
  if (gate.status === 'warn') return paint('33;1', `⚠ gate passed with warnings: ${counts}`);
  return paint('32', `✔ gate passed: ${counts}`);
}

/** `--format text`: findings for a person at a terminal, grouped by file, then the gate's verdict. */
export const textFormat: FindingsFormat = {
  name: 'text',
  extension: 'txt',
  mediaType: 'text/plain; charset=utf-8',
  describe: 'findings grouped by file, for a person (default)',
  format: (result, options) => {
    // A diff's or a gate's verdict is theirs to state; the check's line then tells the findings.
    const own = result.diff === undefined && result.gate === undefined && result.verdict !== undefined ? { verdict: result.verdict } : {};
    const parts = [formatCheckText(result.analysis, { color: options.color, ...own })];
    if (result.diff !== undefined) parts.push(formatDiffText(result.diff, { color: options.color, ...(result.verdict === undefined ? {} : { verdict: result.verdict }) }));
    if (result.gate !== undefined) parts.push(formatGateText(result.gate, { color: options.color, verdict: statedVerdict(result) }));
    return parts.join('\n');
  },
};
