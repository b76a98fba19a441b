import type { DocumentRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../model/labels.js';
import { quote } from '../locate.js';

const fields = ['AccountId', 'JobId', 'LicenseId'] as const;

/** One audit response is about one account, one scan job and one license. */
export const mixedIds: DocumentRule = {
  id: 'mixed-ids',
  stage: 'document',
  defaultSeverity: 'warning',
  description: 'The benchmark reports of one document carry different AccountId, JobId or LicenseId values.',
  rationale:
    'Section 1: the service "returns an audit report for one account, one scan job"; section 4.4 takes one license, account and job in its path. Reports of several accounts merged into one file are possible but often a mistake. Not so for the reports built from another scanner\'s results: an export of Security Hub or a Prowler run over an organisation holds many accounts by design.',
  start() {
    return ({ reports }): RuleHit[] => {
      const hits: RuleHit[] = [];
      const first = reports[0];
      if (!first || reports.every(({ report }) => report['Scanner'] !== undefined)) return hits;
      for (const field of fields) {
        const other = reports.find(({ report }) => report[field] !== first.report[field]);
        if (other) {
          const values = new Set(reports.map(({ report }) => report[field]));
          hits.push({
            pointer: `${other.pointer}/${field}`,
            message: `the report at ${other.pointer} (${reportLabel(other.report)}) has ${field} ${quote(other.report[field])} while the one at ${first.pointer} has ${quote(first.report[field])}; the document mixes ${values.size} ${field} values`,
            expected: first.report[field],
            actual: other.report[field],
          });
        }
      }
      return hits;
    };
  },
};
