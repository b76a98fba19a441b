import { candidatePointer, type LoadedDocument, type ReportRef, type ValidatedDocument } from '../model/document.js';
import type { Finding } from '../model/finding.js';
import type { BenchmarkReport } from '../model/report.js';
import { schemaValidators, type SchemaError } from './schema-validators.js';
import { describeLocation, valueAt } from './describe-location.js';
import { foldCodedValues } from './fold-coded-values.js';
import { CappedFindings } from '../model/capped-findings.js';
import { escapePointerToken } from '../text/pointer-token.js';

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
  const { envelopeHead } = schemaValidators;
  const findings = new CappedFindings([...document.findings]);
  if (document.form === 'envelope' && !envelopeHead(document.value)) {
    appendFindings(findings, document.value, undefined, envelopeHead.errors);
  }
  const reports: ReportRef[] = [];
  // A pointer per candidate is made here, one at a time, never kept for all of them.
  for (const [index, candidate] of document.candidates.entries()) {
    const pointer = candidatePointer(document, index);
    if (validateReport(candidate, findings, document.value, pointer)) {
      reports.push(foldCodedValues(pointer, candidate as BenchmarkReport));
    }
  }
  return {
    source: document.source,
    form: document.form,
    reportsPointer: document.reportsPointer,
    reportCount: document.candidates.length,
    reports,
    findings: findings.finish(),
    ...(document.repeatedKeys === undefined ? {} : { repeatedKeys: document.repeatedKeys }),
  };
}

/**
 * Validates one report, part by part when it is not valid (see schemaValidators),
 * adding a finding per violation; true when it has none. Each part's errors get the part's place in the
 * report as the start of their path, so they read as one call on the whole would.
 */
function validateReport(value: unknown, into: CappedFindings, root: unknown, pointer: string): boolean {
  const { reportIsValid, reportShell, categoryShell, policy } = schemaValidators;
  // A valid report costs one call, as before the parts; only a refused one is gone over again.
  if (reportIsValid(value)) return true;
  let valid = reportShell(value);
  if (!valid) appendFindings(into, root, pointer, reportShell.errors);
  const categories = isObject(value) ? value['ResourceCategories'] : undefined;
  if (!Array.isArray(categories)) return valid;
  for (const [index, category] of categories.entries()) {
    const at = `/ResourceCategories/${index}`;
    if (!categoryShell(category)) {
      valid = false;
      appendFindings(into, root, pointer, categoryShell.errors, at);
    }
    const policies = isObject(category) ? category['Policies'] : undefined;
    if (!Array.isArray(policies)) continue;
    for (let item = 0; item < policies.length; item += 1) {
      if (policy(policies[item])) continue;
      valid = false;
      appendFindings(into, root, pointer, policy.errors, `${at}/Policies/${item}`);
    }
  }
  return valid;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns ajv's errors into findings added to `into`. `reportPointer` is where the
 * benchmark report starts, or undefined for errors of the envelope itself. A missing
 * field is located where it should be (`/0/JobId`), not at its parent, so the pointer
 * names the problem. Past the listing limit an error is only counted: no message is
 * written for it, so that a file of millions of `{}` costs a count, not a finding each.
 * ajv's own list is one part's (a validator keeps the last call's errors only);
 * `partPath` is where the part is in the report.
 */
function appendFindings(
  into: CappedFindings,
  root: unknown,
  reportPointer: string | undefined,
  errors: readonly SchemaError[] | null | undefined,
  partPath = '',
): void {
  for (const found of errors ?? []) {
    const error = partPath === '' ? found : { ...found, instancePath: partPath + found.instancePath };
    if (into.lists('schema')) into.add(toFinding(root, reportPointer, error));
    else into.count('schema', 'error', pointerOf(reportPointer, error));
  }
}

function pointerOf(reportPointer: string | undefined, error: SchemaError): string {
  const base = (reportPointer ?? '') + error.instancePath;
  return error.keyword === 'required' ? `${base}/${escapePointerToken(String(error.params['missingProperty']))}` : base;
}

function toFinding(root: unknown, reportPointer: string | undefined, error: SchemaError): Finding {
  const base = (reportPointer ?? '') + error.instancePath;
  const pointer = pointerOf(reportPointer, error);
  const where = reportPointer === undefined ? `the response envelope` : describeLocation(root, reportPointer, base);
  const data = valueAt(root, base);
  const finding: Finding = { rule: 'schema', severity: 'error', pointer, message: `${where} ${explain(error, data)}` };
  if (error.keyword === 'type') {
    finding.expected = error.params['type'];
    finding.actual = typeName(data);
  }
  return finding;
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
