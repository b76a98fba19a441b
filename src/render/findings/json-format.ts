import type { AnalysedSource, Analysis, PercentFormula } from '../../model/analysis.js';
import type { DiffResult } from '../../model/diff.js';
import type { ExceptionsRecord } from '../../model/exceptions.js';
import type { Finding, RuleId } from '../../model/finding.js';
import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import type { GateResult } from '../../model/gate.js';
import type { RunSettings } from '../../model/run-settings.js';
import type { Verdict } from '../../model/verdict.js';
import { terminalJson } from '../../text/terminal-text.js';
import { exceptionsRecord } from '../../analyse/exceptions/exceptions-record.js';
import { filePosture, runPosture, type FilePostureJson, type PostureFiguresJson } from './json-posture.js';
import { statedVerdict } from './stated-verdict.js';

/** The JSON document `cspm-report check --format json` prints. */
export interface CheckJson {
  /** The run's verdict and exit code (see statedVerdict); absent only from a toCheckJson call without one. */
  verdict?: Verdict;
  /** Caveats of the run that leave its verdict as it is (FindingsResult.notes); absent when it has none. */
  notes?: readonly string[];
  /**
   * The settings the run was made with, when a config file set options: the file, its SHA-256, each option in force.
   */
  runSettings?: RunSettings;
  /**
   * What the run's exceptions did, when it was given any (`--exceptions`): each file's path, SHA-256 and ids, the ids
   * applied, and every exception's state with the policies it accepted.
   */
  exceptions?: ExceptionsRecord;
  /** Run counts, the percent formula, and the posture summed over every valid report of the run. */
  summary: Analysis['summary'] & { percentFormula: Analysis['percentFormula']; posture: PostureFiguresJson };
  files: CheckJsonFile[];
  /** The gate's verdict, when the run was `cspm-report gate`. */
  gate?: GateResult;
  /** The comparison, when the run was `cspm-report diff` (schema/diff.schema.json). */
  diff?: DiffResult;
}

/** One file of {@link CheckJson}. */
export interface CheckJsonFile {
  file: string;
  reports: number;
  policies: number;
  /** Figures of each valid report of the file and of its categories, as the documents print them. */
  posture: FilePostureJson;
  findings: Finding[];
  /**
   * Findings counted but not listed, by rule, when a rule had more than the listing
   * limit in this file (each is also one finding with `omitted`); absent when none.
   */
  omittedFindings?: Partial<Record<RuleId, number>>;
}

/** The check result (and the gate's verdict, when given) as a plain object for JSON output (stable field order). */
export function toCheckJson(
  analysis: Analysis,
  gate?: GateResult,
  diff?: DiffResult,
  verdict?: Verdict,
  runSettings?: RunSettings,
  notes?: readonly string[],
  exceptions?: ExceptionsRecord,
): CheckJson {
  const json: CheckJson = {
    ...(verdict === undefined ? {} : { verdict }),
    ...withNotes(notes),
    ...(runSettings === undefined ? {} : { runSettings }),
    ...(exceptions === undefined ? {} : { exceptions }),
    summary: checkJsonSummary(analysis),
    files: analysis.sources.map((source) => checkJsonFile(source, analysis.percentFormula)),
  };
  if (diff !== undefined) json.diff = diff;
  if (gate !== undefined) json.gate = gate;
  return json;
}

/** The notes member, only when there are notes: the JSON of every other run stays as it was. */
function withNotes(notes: readonly string[] | undefined): Pick<CheckJson, 'notes'> {
  return notes === undefined || notes.length === 0 ? {} : { notes };
}

function checkJsonSummary(analysis: Analysis): CheckJson['summary'] {
  return { ...analysis.summary, percentFormula: analysis.percentFormula, posture: runPosture(analysis) };
}

function checkJsonFile(source: AnalysedSource, formula: PercentFormula): CheckJsonFile {
  const omitted = omittedByRule(source.findings);
  return {
    file: source.source,
    reports: source.reportCount,
    policies: source.policies,
    posture: filePosture(source, formula),
    findings: source.findings,
    ...(omitted === undefined ? {} : { omittedFindings: omitted }),
  };
}

/**
 * The JSON text of {@link toCheckJson} in pieces, a file at a time, the same text
 * JSON.stringify(…, null, 2) makes of the whole: the JSON of a run over tens of
 * thousands of files is gigabytes, past the longest string V8 can hold.
 */
export function* checkJsonChunks(
  analysis: Analysis,
  gate?: GateResult,
  diff?: DiffResult,
  verdict?: Verdict,
  runSettings?: RunSettings,
  notes?: readonly string[],
  exceptions?: ExceptionsRecord,
): Generator<string> {
  const head: Partial<CheckJson> = {
    ...(verdict === undefined ? {} : { verdict }),
    ...withNotes(notes),
    ...(runSettings === undefined ? {} : { runSettings }),
    ...(exceptions === undefined ? {} : { exceptions }),
    summary: checkJsonSummary(analysis),
  };
  const headText = JSON.stringify(head, null, 2);
  // The head without its closing brace, then "files" as the next member.
  yield terminalJson(`${headText.slice(0, -2)},\n  "files": [`);
  for (const [index, source] of analysis.sources.entries()) {
    const text = JSON.stringify(checkJsonFile(source, analysis.percentFormula), null, 2).replaceAll('\n', '\n    ');
    yield terminalJson(index === 0 ? `\n    ${text}` : `,\n    ${text}`);
  }
  const tail: Partial<CheckJson> = {};
  if (diff !== undefined) tail.diff = diff;
  // The gate's results stand in for a mark here and are written a batch at a time: a
  // fleet's per-report assertions make hundreds of thousands.
  if (gate !== undefined) tail.gate = { ...gate, assertions: assertionsMark as unknown as GateResult['assertions'] };
  const tailText = JSON.stringify(tail, null, 2);
  const closing = `${analysis.sources.length === 0 ? ']' : '\n  ]'}${tailText === '{}' ? '\n}' : `,${tailText.slice(1)}`}\n`;
  if (gate === undefined) {
    yield terminalJson(closing);
    return;
  }
  const [before = '', after = ''] = closing.split(`"${assertionsMark}"`);
  yield terminalJson(before);
  yield* arrayChunks(gate.assertions, before.slice(before.lastIndexOf('\n') + 1).search(/\S/));
  yield terminalJson(after);
}

/** A string no result can be: the JSON of the gate's assertions goes where it stands. */
const assertionsMark = 'cspm-report:assertions';

/** Items of an array as JSON.stringify(…, null, 2) writes them at `indent` spaces, in batches. */
function* arrayChunks(items: readonly unknown[], indent: number): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  const inner = `\n${' '.repeat(indent + 2)}`;
  for (let start = 0; start < items.length; start += 1_000) {
    const texts = items
      .slice(start, start + 1_000)
      .map((item) => `${inner}${JSON.stringify(item, null, 2).replaceAll('\n', inner)}`);
    yield terminalJson(`${start === 0 ? '[' : ','}${texts.join(',')}`);
  }
  yield `\n${' '.repeat(indent)}]`;
}

function omittedByRule(findings: readonly Finding[]): Partial<Record<RuleId, number>> | undefined {
  let byRule: Partial<Record<RuleId, number>> | undefined;
  for (const finding of findings) {
    if (finding.omitted === undefined) continue;
    byRule ??= {};
    byRule[finding.rule] = (byRule[finding.rule] ?? 0) + finding.omitted;
  }
  return byRule;
}

/**
 * The check result as JSON text, two-space indented, with a final newline; bidirectional
 * and C1 control characters are written as `\uXXXX` escapes, safe on a terminal.
 */
export function formatCheckJson(
  analysis: Analysis,
  gate?: GateResult,
  diff?: DiffResult,
  verdict?: Verdict,
  runSettings?: RunSettings,
  notes?: readonly string[],
  exceptions?: ExceptionsRecord,
): string {
  return terminalJson(
    `${JSON.stringify(toCheckJson(analysis, gate, diff, verdict, runSettings, notes, exceptions), null, 2)}\n`,
  );
}

/** The record of the run's exceptions, when it was given any. */
function recordOf(result: FindingsResult): ExceptionsRecord | undefined {
  return result.exceptions === undefined ? undefined : exceptionsRecord(result.exceptions);
}

/** `--format json`: the result as one JSON document, for programs. */
export const jsonFormat: FindingsFormat = {
  name: 'json',
  extension: 'json',
  mediaType: 'application/json',
  listsCategories: true,
  describe:
    "the verdict, summary, posture figures and findings per file (and the gate's assertions) as one JSON document",
  // Always a top-level verdict: the exit code's, for a program that reads the file later.
  format: (result) =>
    formatCheckJson(
      result.analysis,
      result.gate,
      result.diff,
      statedVerdict(result),
      result.runSettings,
      result.notes,
      recordOf(result),
    ),
  formatChunks: (result) =>
    checkJsonChunks(
      result.analysis,
      result.gate,
      result.diff,
      statedVerdict(result),
      result.runSettings,
      result.notes,
      recordOf(result),
    ),
};
