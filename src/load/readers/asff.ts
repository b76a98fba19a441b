import type { Finding } from '../../model/finding.js';
import type { ScanResult } from '../../model/scan-result.js';
import type { InputReader } from './input-reader.js';
import { scannerDocument } from '../scanners/scanner-document.js';
import { asffResult, isObject, text, type AsffTally } from './asff-finding.js';
import { asffNotes } from './asff-notes.js';

type Json = Record<string, unknown>;

/**
 * True for an ASFF finding: the fields every finding has, whichever product wrote it
 * (the schema version, the product's ARN, the account).
 */
function isAsffFinding(value: unknown): value is Json {
  return (
    isObject(value) &&
    typeof value['SchemaVersion'] === 'string' &&
    typeof value['ProductArn'] === 'string' &&
    typeof value['AwsAccountId'] === 'string'
  );
}

/**
 * The findings of a document and where they are: `{"Findings": […]}` as `aws securityhub
 * get-findings` writes it (at `/Findings`), or a bare array (Prowler 3's file, or Prowler
 * 2's JSON lines once read as one).
 */
function findingsOf(value: unknown): { items: readonly unknown[]; at: string } | undefined {
  if (Array.isArray(value)) return { items: value, at: '' };
  if (isObject(value) && Array.isArray(value['Findings'])) return { items: value['Findings'], at: '/Findings' };
  return undefined;
}

/**
 * The tool that wrote the findings, as it names itself: the product's name (Security
 * Hub's `ProductName`, Prowler's `ProductFields.ProviderName`, other products' own field),
 * and Security Hub when the findings come from several products (it gathered them).
 */
function toolOf(items: readonly unknown[]): { tool: string; version?: string } {
  const names = new Set<string>();
  let version: string | undefined;
  for (const item of items) {
    if (!isObject(item)) continue;
    const fields = isObject(item['ProductFields']) ? item['ProductFields'] : {};
    names.add(
      text(item['ProductName']) ??
        text(fields['ProviderName']) ??
        text(fields['aws/securityhub/ProductName']) ??
        text(fields['Product Name']) ??
        'Security Hub',
    );
    version ??= text(fields['ProviderVersion']);
  }
  const [only] = names;
  return names.size === 1 && only !== undefined
    ? { tool: only, ...(version === undefined ? {} : { version }) }
    : { tool: 'Security Hub' };
}

function notAsff(value: unknown): Finding {
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer: '',
    message: 'the document is no ASFF: neither {"Findings": […]} nor an array of findings',
    expected: 'ASFF findings',
    actual: isObject(value) ? `an object with ${Object.keys(value).slice(0, 5).join(', ')}` : typeof value,
  };
}

/**
 * The AWS Security Finding Format (ASFF): Security Hub's findings as `aws securityhub
 * get-findings` writes them, a bare array of them, or Prowler 2 and 3's JSON lines.
 * Recognised by its first finding (or an empty `Findings`); an item that is no finding
 * is a finding of the document, and an ARCHIVED record, no current result, is left out
 * and counted in a note (see asffNotes).
 */
export const asffReader: InputReader = {
  description: 'AWS Security Finding Format (Security Hub get-findings, Prowler 2 and 3)',
  recognises(value) {
    const found = findingsOf(value);
    if (found === undefined) return false;
    return isAsffFinding(found.items[0]) || (found.at === '/Findings' && found.items.length === 0);
  },
  read(source, value, options) {
    const findings: Finding[] = [];
    const results: ScanResult[] = [];
    const tally: AsffTally = { noCompliance: [], unframed: new Set(), truncated: new Set() };
    const archived: string[] = [];
    const found = findingsOf(value);
    // Read with --from asff, a document of another shape holds no finding: say why.
    if (found === undefined) findings.push(notAsff(value));
    const { items, at } = found ?? { items: [], at: '' };
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      const pointer = `${at}/${index}`;
      if (!isAsffFinding(item)) {
        findings.push({
          rule: 'scanner-value',
          severity: 'error',
          pointer,
          message: `item ${index} is no ASFF finding (SchemaVersion, ProductArn and AwsAccountId); left out`,
          expected: 'an ASFF finding',
          actual: isObject(item) ? `an object with ${Object.keys(item).slice(0, 5).join(', ')}` : typeof item,
        });
        continue;
      }
      if (item['RecordState'] === 'ARCHIVED') {
        archived.push(pointer);
        continue;
      }
      results.push(asffResult(item, pointer, findings, tally));
    }
    const info = { format: 'asff', ...toolOf(items) };
    // What names no framework, or was cut short, matters only to reports per framework.
    const byFramework = options.framework !== undefined;
    findings.push(
      ...asffNotes(
        {
          archived,
          noCompliance: tally.noCompliance,
          unframed: byFramework ? [...tally.unframed] : [],
          truncated: byFramework ? [...tally.truncated] : [],
        },
        info.tool,
      ),
    );
    return scannerDocument(source, value, { results, findings, info }, options);
  },
};
