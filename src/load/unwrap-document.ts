import type { LoadedDocument } from '../model/document.js';
import type { Finding } from '../model/finding.js';

const envelopeKeys = ['result', 'statusCode', 'message'];
const reportKeys = ['ResourceCategories', 'BenchmarkId', 'BenchmarkName'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(object, key);
}

/**
 * Finds the benchmark reports in a parsed document, whatever form it has: the
 * envelope `{result, statusCode, message}` holding an array or a single report, a raw
 * array of reports (as the specification's sample), or one report object.
 * An envelope whose statusCode is not 200 is a failed call: its result is not read.
 */
export function unwrapDocument(source: string, value: unknown): LoadedDocument {
  if (Array.isArray(value)) {
    return document(source, 'array', value, '', listItems(value, ''), []);
  }
  if (isObject(value) && envelopeKeys.some((key) => has(value, key)) && !reportKeys.some((key) => has(value, key))) {
    return unwrapEnvelope(source, value);
  }
  return document(source, 'report', value, '', [{ pointer: '', value }], []);
}

function unwrapEnvelope(source: string, envelope: Record<string, unknown>): LoadedDocument {
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
    return document(source, 'envelope', envelope, '/result', [], [failure]);
  }
  const result = envelope['result'];
  const candidates = Array.isArray(result) ? listItems(result, '/result') : has(envelope, 'result') ? [{ pointer: '/result', value: result }] : [];
  return document(source, 'envelope', envelope, '/result', candidates, []);
}

function listItems(items: unknown[], pointer: string): { pointer: string; value: unknown }[] {
  return items.map((item, index) => ({ pointer: `${pointer}/${index}`, value: item }));
}

function document(
  source: string,
  form: LoadedDocument['form'],
  value: unknown,
  reportsPointer: string,
  candidates: LoadedDocument['candidates'],
  findings: Finding[],
): LoadedDocument {
  return { source, form, value, reportsPointer, candidates, findings };
}
