import type { Analysis, Finding, Policy } from '../../src/index.js';
import { jsonErrorOffset } from './json-error-offset.js';
import { referenceDuplicateKeys } from './reference-duplicate-keys.js';

/** The library under test: the sources in `npm test`, the built package in `npm run fuzz`. */
/** The entries the invariants call: the public one and the renderers' one, as the fuzzer joins them. */
export type Api = typeof import('../../src/index.js') & typeof import('../../src/render-entry.js');

/** A broken invariant; `invariant` names it, so that failures can be told apart. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`${invariant}: ${detail}`);
  }
}

/** Several invariants broken by one case. */
export class InvariantErrors extends Error {
  override readonly name = 'InvariantErrors';
  constructor(readonly errors: InvariantError[]) {
    super(errors.map((error) => error.message).join('\n'));
  }
}

/**
 * Runs independent groups of checks and throws every InvariantError they raised
 * together, so that one broken invariant does not hide another in the same case.
 */
export async function checkAll(groups: readonly (() => unknown)[]): Promise<void> {
  const broken: InvariantError[] = [];
  for (const group of groups) {
    try {
      await group();
    } catch (error) {
      if (error instanceof InvariantErrors) broken.push(...error.errors);
      else if (error instanceof InvariantError) broken.push(error);
      else throw error;
    }
  }
  if (broken.length === 1) throw broken[0];
  if (broken.length > 1) throw new InvariantErrors(broken);
}

/** Throws an InvariantError when `holds` is false. */
export function expectThat(holds: boolean, invariant: string, detail: () => string): void {
  if (!holds) throw new InvariantError(invariant, detail());
}

/** C0 and C1 controls other than the line feed, DEL, and the line and paragraph separators. */
export const rawControl = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;
/** Bidirectional embeddings, overrides and isolates, and the directional marks. */
export const rawBidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Counts of a list of policies by colour, as the specification defines them, and the default percent. */
export interface ExpectedFigures {
  total: number;
  green: number;
  red: number;
  amber: number;
  gray: number;
  passedResources: number;
  totalResources: number;
  percent: number;
}

/** Figures recomputed here from the policies, independently of the library. */
export function expectedFigures(policies: readonly Policy[]): ExpectedFigures {
  const figures = { total: 0, green: 0, red: 0, amber: 0, gray: 0, passedResources: 0, totalResources: 0, percent: 0 };
  for (const policy of policies) {
    figures.total += 1;
    if (policy.Compliance === 'Green') figures.green += 1;
    else if (policy.Compliance === 'Red') figures.red += 1;
    else if (policy.Compliance === 'Amber') figures.amber += 1;
    else if (policy.Compliance === 'Gray') figures.gray += 1;
    figures.passedResources += policy.PassedResourceCount;
    figures.totalResources += policy.TotalResourceCount;
  }
  const assessed = figures.total - figures.gray;
  figures.percent = assessed > 0 ? (figures.green / assessed) * 100 : 0;
  return figures;
}

const countNames = ['total', 'green', 'red', 'amber', 'gray', 'passedResources', 'totalResources'] as const;

function checkFigures(where: string, actual: Record<string, unknown>, expected: ExpectedFigures): void {
  for (const name of [...countNames, 'percent' as const]) {
    const value = actual[name];
    expectThat(
      typeof value === 'number' && Number.isFinite(value),
      'figures are finite numbers',
      () => `${where} ${name} is ${String(value)}`,
    );
  }
  for (const name of countNames) {
    expectThat(
      actual[name] === expected[name],
      'figures equal the recount',
      () => `${where} ${name} is ${String(actual[name])}, recounted ${expected[name]}`,
    );
  }
  const percent = actual['percent'] as number;
  expectThat(percent >= 0 && percent <= 100, 'percent lies in 0..100', () => `${where} percent is ${percent}`);
  expectThat(
    Math.abs(percent - expected.percent) <= 1e-9,
    'figures equal the recount',
    () => `${where} percent is ${percent}, recounted ${expected.percent}`,
  );
}

const pointerSyntax = /^(\/([^~/]|~[01])*)*$/u;

/** Invariants of one analysis of one input, whatever the input held. */
export function checkAnalysis(analysis: Analysis, ruleIds: ReadonlySet<string>): void {
  const findings = analysis.sources.flatMap((source) => source.findings);
  for (const finding of findings) {
    expectThat(ruleIds.has(finding.rule), 'findings name a catalogue rule', () => `rule ${finding.rule}`);
    expectThat(
      finding.severity === 'error' || finding.severity === 'warning',
      'findings have a severity',
      () => `severity ${String(finding.severity)}`,
    );
    expectThat(!/could not run here/.test(finding.message), 'no rule crashes', () => finding.message.slice(0, 300));
    expectThat(
      typeof finding.pointer === 'string' && pointerSyntax.test(finding.pointer),
      'pointers are RFC 6901',
      () => `pointer ${JSON.stringify(finding.pointer)}`,
    );
    expectThat(
      typeof finding.message === 'string' && finding.message.length > 0,
      'findings have a message',
      () => `finding of ${finding.rule}`,
    );
  }
  // A finding that stands for those past the listing limit counts as many as it stands for.
  const weight = (finding: Finding): number => finding.omitted ?? 1;
  const errors = findings
    .filter((finding) => finding.severity === 'error')
    .reduce((sum, finding) => sum + weight(finding), 0);
  const all = findings.reduce((sum, finding) => sum + weight(finding), 0);
  expectThat(
    analysis.summary.errors === errors && analysis.summary.warnings === all - errors,
    'the summary counts the findings',
    () => JSON.stringify(analysis.summary),
  );
  let policies = 0;
  for (const source of analysis.sources) {
    for (const analysed of source.reports) {
      const all = analysed.report.ResourceCategories.flatMap((category) => category.Policies);
      policies += all.length;
      checkFigures(`report ${analysed.pointer || '(document)'}`, { ...analysed.figures }, expectedFigures(all));
      analysed.categories.forEach((category) =>
        checkFigures(category.pointer, { ...category.figures }, expectedFigures(category.category.Policies)),
      );
    }
  }
  expectThat(
    analysis.summary.policies === policies,
    'the summary counts the policies',
    () => `summary ${analysis.summary.policies}, counted ${policies}`,
  );
}

/** The json-syntax finding of a text that does not parse sits where the text stops being JSON. */
export function checkSyntaxFinding(analysis: Analysis, text: string): void {
  const parsedText = text.startsWith('\ufeff') ? text.slice(1) : text;
  const expected = jsonErrorOffset(parsedText);
  const syntax = analysis.sources
    .flatMap((source) => source.findings)
    .filter((finding) => finding.rule === 'json-syntax');
  if (expected === null) {
    expectThat(syntax.length === 0, 'valid JSON gives no json-syntax finding', () =>
      syntax.map((finding) => finding.message).join('; '),
    );
    return;
  }
  expectThat(syntax.length === 1, 'invalid JSON gives one json-syntax finding', () => `${syntax.length} findings`);
  const actual = syntax[0]!.actual as { offset: number; line: number; column: number };
  const before = parsedText.slice(0, expected);
  const line = before.split('\n').length;
  const column = expected - (before.lastIndexOf('\n') + 1) + 1;
  expectThat(
    actual.offset === expected && actual.line === line && actual.column === column,
    'json-syntax points at the first bad character',
    () =>
      `finding says offset ${actual.offset} (line ${actual.line}, column ${actual.column}), the text stops being JSON at offset ${expected} (line ${line}, column ${column}): ${JSON.stringify(parsedText.slice(Math.max(0, expected - 20), expected + 20))}`,
  );
}

/**
 * A text that parses gets a duplicate-key finding for each key it repeats in an object (up to the limit), at the
 * member's pointer.
 */
export function checkDuplicateKeyFindings(analysis: Analysis, text: string): void {
  const parsedText = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (jsonErrorOffset(parsedText) !== null) return;
  const expected = referenceDuplicateKeys(parsedText);
  const findings = analysis.sources
    .flatMap((source) => source.findings)
    .filter((finding) => finding.rule === 'duplicate-key');
  // The finding that counts repeats past the limit stands for them (omitted) and points at the document ("").
  const listed = findings.filter((finding) => finding.omitted === undefined).map((finding) => finding.pointer);
  const wanted = expected.slice(0, 1_000).map((duplicate) => duplicate.pointer);
  expectThat(
    listed.length === wanted.length &&
      listed.every((pointer, index) => pointer === wanted[index]) &&
      (analysis.sources[0]?.repeatedKeys ?? 0) === expected.length,
    'duplicate-key findings match the repeated keys of the text',
    () =>
      `findings at ${JSON.stringify(listed.slice(0, 5))} (${listed.length}, counted ${analysis.sources[0]?.repeatedKeys ?? 0}), the text repeats keys at ${JSON.stringify(wanted.slice(0, 5))} (${expected.length})`,
  );
}

/** Formatting a check as text and as JSON never throws; text shows no raw control or bidi character. */
export function checkFormats(api: Api, analysis: Analysis): void {
  let text = '';
  try {
    text = api.formatCheckText(analysis);
  } catch (error) {
    throw new InvariantError('formatCheckText does not throw', String(error));
  }
  const control = rawControl.exec(text);
  expectThat(
    control === null,
    'check text shows no raw control character',
    () => `U+${control![0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${control!.index}`,
  );
  const bidi = rawBidi.exec(text);
  expectThat(
    bidi === null,
    'check text shows no raw bidi control',
    () =>
      `U+${bidi![0].codePointAt(0)!.toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, bidi!.index - 30), bidi!.index + 30))}`,
  );
  let json = '';
  try {
    json = api.formatCheckJson(analysis);
  } catch (error) {
    throw new InvariantError('formatCheckJson does not throw', String(error));
  }
  let parsed: { summary?: Record<string, unknown> } = {};
  try {
    parsed = JSON.parse(json) as { summary?: Record<string, unknown> };
  } catch (error) {
    throw new InvariantError('check JSON parses', String(error));
  }
  const summary = analysis.summary;
  const carried = Object.keys(summary).every((key) => parsed.summary?.[key] === summary[key as keyof typeof summary]);
  expectThat(
    carried,
    'check JSON carries the summary',
    () => `${JSON.stringify(parsed.summary)} for ${JSON.stringify(summary)}`,
  );
}

/**
 * Load and check of one JSON text: it resolves (a report's content is never a problem
 * of use), and the analysis, its json-syntax finding and its text and JSON forms hold
 * their invariants. Returns the analysis.
 */
export async function checkText(api: Api, text: string): Promise<Analysis> {
  let analysis: Analysis;
  try {
    analysis = (await api.checkReports({ text, name: 'generated.json' })).analysis;
  } catch (error) {
    const what = api.isCspmError(error)
      ? `CspmError ${error.code}: ${error.message}`
      : `${error instanceof Error ? error.name : typeof error}: ${String(error instanceof Error ? error.message : error)}`;
    throw new InvariantError('checkReports resolves for any report text', what.slice(0, 300));
  }
  await checkAll([
    () => checkAnalysis(analysis, new Set(api.ruleCatalogue.map((rule) => rule.id))),
    () => checkSyntaxFinding(analysis, text),
    () => checkDuplicateKeyFindings(analysis, text),
    () => checkFormats(api, analysis),
  ]);
  return analysis;
}
