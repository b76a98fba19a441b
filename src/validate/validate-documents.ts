import type { LoadedDocument, ReportRef, ValidatedDocument } from '../model/document.js';
import type { Finding } from '../model/finding.js';
import type { BenchmarkReport } from '../model/report.js';
import { schemaValidators, type SchemaError } from './schema-validators.js';
import { describeLocation, valueAt } from './describe-location.js';
import { foldCodedValues } from './fold-coded-values.js';

/**
 * Validates loaded documents against the published schema. Every violation becomes a
 * `schema` finding with the RFC 6901 pointer of the offending value; only reports
 * without violations are passed on to the analysis, so rules can trust their types,
 * with their coded values in the observed spelling (see foldCodedValues).
 */
export function validateReports(documents: readonly LoadedDocument[]): ValidatedDocument[] {
  return documents.map(validateDocument);
}

function validateDocument(document: LoadedDocument): ValidatedDocument {
  const { report, envelopeHead } = schemaValidators;
  const findings: Finding[] = [...document.findings];
  if (document.form === 'envelope' && !envelopeHead(document.value)) {
    appendFindings(findings, document.value, undefined, envelopeHead.errors);
  }
  const reports: ReportRef[] = [];
  for (const candidate of document.candidates) {
    if (report(candidate.value)) {
      reports.push(foldCodedValues(candidate.pointer, candidate.value as BenchmarkReport));
    } else {
      appendFindings(findings, document.value, candidate.pointer, report.errors);
    }
  }
  return {
    source: document.source,
    form: document.form,
    reportsPointer: document.reportsPointer,
    reportCount: document.candidates.length,
    reports,
    findings,
    ...(document.repeatedKeys === undefined ? {} : { repeatedKeys: document.repeatedKeys }),
  };
}

/**
 * Turns ajv's errors into findings appended to `into`. `reportPointer` is where the
 * benchmark report starts, or undefined for errors of the envelope itself. A missing
 * field is located where it should be (`/0/JobId`), not at its parent, so the pointer
 * names the problem. A loop, not `push(...list)`: a report can have more errors than
 * a call can take arguments (130,000 policies without a Severity).
 */
function appendFindings(into: Finding[], root: unknown, reportPointer: string | undefined, errors: readonly SchemaError[] | null | undefined): void {
  for (const error of errors ?? []) into.push(toFinding(root, reportPointer, error));
}

function toFinding(root: unknown, reportPointer: string | undefined, error: SchemaError): Finding {
  const base = (reportPointer ?? '') + error.instancePath;
  const missing = error.keyword === 'required' ? String(error.params['missingProperty']) : undefined;
  const pointer = missing === undefined ? base : `${base}/${escapeToken(missing)}`;
  const where = reportPointer === undefined ? `the response envelope` : describeLocation(root, reportPointer, base);
  const data = valueAt(root, base);
  const finding: Finding = { rule: 'schema', severity: 'error', pointer, message: `${where} ${explain(error, data)}` };
  if (error.keyword === 'type') {
    finding.expected = error.params['type'];
    finding.actual = typeName(data);
  }
  return finding;
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function explain(error: SchemaError, data: unknown): string {
  switch (error.keyword) {
    case 'required':
      return `lacks the required field ${String(error.params['missingProperty'])}`;
    case 'type':
      return `must be ${String(error.params['type']).replace(',', ' or ')}, not ${typeName(data)} ${preview(data)}`.trimEnd();
    case 'minimum':
      return `must be ${String(error.params['comparison'])} ${String(error.params['limit'])}, not ${preview(data)}`;
    case 'maximum':
      // Past 2^53 − 1 the parsed value is already rounded, so say what it was read as.
      return `must be ${String(error.params['comparison'])} ${String(error.params['limit'])} (2^53 − 1, the largest count a JSON number holds exactly), not ${preview(data)} as read`;
    default:
      return error.message ?? `breaks the schema (${error.keyword})`;
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number beyond double precision (such as 1e400)';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function preview(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return '';
}
