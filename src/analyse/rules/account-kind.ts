import type { ReportRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../model/labels.js';
import { quote } from '../locate.js';

/** AWSAccountId belongs to AWS accounts and to them only. */
export const accountKind: ReportRule = {
  id: 'account-kind',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'AWSAccountId is set on a non-AWS account, or missing, null or blank on an AWS account.',
  rationale:
    'Section 2.3, benchmark report object: AWSAccountId is "null when the account is not an AWS account"; section 2.1 gives every AWS account an AWSAccountId.',
  check({ report, pointer }): RuleHit[] {
    const hits: RuleHit[] = [];
    const id = report.AWSAccountId;
    // A blank id is no id, whatever the account kind: exporters write "" for null.
    const blank = id === null || id === undefined || id.trim() === '';
    const isAws = report.ConnectorType === 'AWS';
    if (isAws && blank) {
      hits.push({
        pointer: `${pointer}/AWSAccountId`,
        message: `${reportLabel(report)} is an AWS account but its AWSAccountId is ${id === undefined ? 'missing' : quote(id)}`,
        expected: 'the AWS account id',
        actual: id ?? null,
      });
    } else if (!isAws && !blank) {
      hits.push({
        pointer: `${pointer}/AWSAccountId`,
        message: `${reportLabel(report)} has ConnectorType ${quote(report.ConnectorType)}, not AWS, but carries AWSAccountId ${quote(id)}`,
        expected: null,
        actual: id,
      });
    }
    return hits;
  },
};
