import type { LoadedDocument } from '../../model/document.js';
import type { Finding } from '../../model/finding.js';
import type { InputReader, ReadOptions } from './input-reader.js';

const envelopeKeys = ['result', 'statusCode', 'message'];
const reportKeys = ['ResourceCategories', 'BenchmarkId', 'BenchmarkName'];
/** The benchmark report's fields (section 2.3): an object with none of them is no report. */
const reportFields = [
  ...reportKeys,
  'AccountId',
  'LicenseId',
  'LicenseName',
  'AccountName',
  'ConnectorType',
  'SubscriptionId',
  'AWSAccountId',
  'JobId',
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(object, key);
}

function isReportLike(value: unknown): boolean {
  return isObject(value) && reportFields.some((key) => has(value, key));
}

/**
 * Finds the benchmark reports in a parsed document, whatever form it has: the
 * envelope `{result, statusCode, message}` holding an array or a single report, a raw
 * array of reports (as the specification's sample), or one report object.
 * An envelope whose statusCode is not 200 is a failed call: its result is not read.
 */
export function unwrapDocument(source: string, value: unknown, options: ReadOptions = {}): LoadedDocument {
  if (Array.isArray(value)) return holding(document(source, 'array', value, '', []), { list: value }, options);
  if (isObject(value) && envelopeKeys.some((key) => has(value, key)) && !reportKeys.some((key) => has(value, key))) {
    return unwrapEnvelope(source, value, options);
  }
  return holding(document(source, 'report', value, '', []), { one: value }, options);
}

/** What a document holds at its reports pointer: a list of candidates, one, or none. */
type Found = { list: unknown[] } | { one: unknown } | undefined;

/**
 * A document whose candidates hold nothing like a benchmark report (a package.json,
 * an onboarding response, a list of numbers) is not an audit report: one not-a-report
 * finding, no candidate, so no schema findings about fields it never meant to have
 * and 0 reports. An empty list stays empty-report's to tell; a list with at least one
 * report-like item is validated item by item as before.
 */
function holding(loaded: LoadedDocument, found: Found, options: ReadOptions): LoadedDocument {
  if (found === undefined) return loaded;
  const items = 'list' in found ? found.list : [found.one];
  // Decided before the items are validated: a list of millions of objects that are no
  // report (`[{},{},…]`) is one finding, not a schema finding per missing field per item.
  if (items.length > 0 && !items.some(isReportLike))
    return notAReport(loaded, 'list' in found ? found.list : found.one, options);
  return 'list' in found ? { ...loaded, candidates: found.list } : { ...loaded, candidates: [found.one], single: true };
}

/** The document with one not-a-report finding and no candidate; `shown` is what it held instead. */
function notAReport(loaded: LoadedDocument, shown: unknown, options: ReadOptions): LoadedDocument {
  const where = loaded.reportsPointer === '' ? '' : ` at ${loaded.reportsPointer}`;
  const finding: Finding = {
    rule: 'not-a-report',
    severity: options.listed ? 'warning' : 'error',
    pointer: loaded.reportsPointer,
    message: `not an audit report: nothing${where} has a field of a benchmark report (BenchmarkId, ResourceCategories, AccountId, …); skipped, it adds no report and no figure`,
    expected: 'a benchmark report, an array of them, or an envelope holding them',
    actual: describeValue(shown),
  };
  return { ...loaded, candidates: [], findings: [...loaded.findings, finding] };
}

/** `an object with keys name, version, …`, `an array of 3 items`, `a string`: what was found instead. */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (isObject(value)) {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 5).map((key) => (key.length > 30 ? `${key.slice(0, 27)}...` : key));
    return keys.length === 0
      ? 'an empty object'
      : `an object with keys ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`;
  }
  return value === null ? 'null' : `a ${typeof value}`;
}

function unwrapEnvelope(source: string, envelope: Record<string, unknown>, options: ReadOptions): LoadedDocument {
  const status = envelope['statusCode'];
  if (typeof status === 'number' && status !== 200) {
    const message = typeof envelope['message'] === 'string' ? envelope['message'] : '(no message)';
    const failure: Finding = {
      rule: 'envelope-failure',
      severity: 'error',
      pointer: '/statusCode',
      message: `the service answered statusCode ${status}: "${message}"; the envelope holds no report`,
      expected: 200,
      actual: status,
    };
    return document(source, 'envelope', envelope, '/result', [failure]);
  }
  const result = envelope['result'];
  const found: Found = Array.isArray(result) ? { list: result } : has(envelope, 'result') ? { one: result } : undefined;
  return holding(document(source, 'envelope', envelope, '/result', []), found, options);
}

/** A document without candidates yet: {@link holding} makes them. */
function document(
  source: string,
  form: LoadedDocument['form'],
  value: unknown,
  reportsPointer: string,
  findings: Finding[],
): LoadedDocument {
  return { source, form, value, reportsPointer, candidates: [], findings };
}

/**
 * The service's own audit summaries as an input format. It reads any JSON, and tells one
 * that holds no report with a not-a-report finding: the registry asks it last.
 */
export const serviceReportReader: InputReader = {
  description: 'the audit summaries of the CSPM service: an envelope, an array of benchmark reports, or one report',
  recognises: () => true,
  read: unwrapDocument,
};
