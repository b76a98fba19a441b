import { expect } from 'vitest';
import { type Finding, type ReportInput, type RuleId, type Severity } from '../../../src/index.js';
import { analyseInputs, type AnalyseInputsOptions } from '../../../src/jobs/analyse-inputs.js';

/** A finding a case expects: its rule, severity and pointer, and words its message must hold. */
export interface ExpectedFinding {
  rule: RuleId;
  severity: Severity;
  pointer: string;
  /** Strings the message must contain, such as the category and policy it names. */
  says?: string[];
}

/** One row of a rule's table: an input and every finding it must give, no more. */
export interface RuleCase {
  name: string;
  /** One input, or several checked in one run. */
  input: ReportInput | ReportInput[];
  /** The analysis's options, and the loader's (a framework for other scanners' results). */
  options?: AnalyseInputsOptions;
  /** Every finding of the run; `[]` for a case that passes. */
  expected: ExpectedFinding[];
}

/** The tables of a group of rules, keyed by the rule they are about. */
export type RuleTables = Partial<Record<RuleId, RuleCase[]>>;

/** An already parsed value as a library input. */
export function value(input: unknown, name = 'report.json'): ReportInput {
  return { value: input, name };
}

/** Raw text as a library input, for cases about parsing. */
export function text(input: string, name = 'report.json'): ReportInput {
  return { text: input, name };
}

/** Every finding of a run over one case's input. */
export async function findingsOf(
  input: ReportInput | ReportInput[],
  options?: AnalyseInputsOptions,
): Promise<Finding[]> {
  const analysis = await analyseInputs(input, options);
  return analysis.sources.flatMap((source) => source.findings);
}

function key(finding: { rule: string; severity: string; pointer: string }): string {
  return `${finding.pointer}\u0000${finding.rule}\u0000${finding.severity}`;
}

/**
 * Runs a case and asserts its findings exactly: the same rules, severities and pointers
 * (compared as sets, so that the order of the catalogue is not part of the contract),
 * and the words each expected message must hold.
 */
export async function expectCase(rule: RuleCase): Promise<void> {
  const findings = await findingsOf(rule.input, rule.options);
  const sort = <T extends { rule: string; severity: string; pointer: string }>(items: T[]): T[] =>
    [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const actual = sort(findings).map(({ rule: id, severity, pointer }) => ({ rule: id, severity, pointer }));
  const expected = sort(rule.expected).map(({ rule: id, severity, pointer }) => ({ rule: id, severity, pointer }));
  expect(actual).toEqual(expected);
  for (const wanted of rule.expected) {
    const finding = findings.find(
      (item) => item.rule === wanted.rule && item.severity === wanted.severity && item.pointer === wanted.pointer,
    );
    for (const words of wanted.says ?? []) expect(finding?.message).toContain(words);
  }
}
