import type { DocumentRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../validate/labels.js';

/** The same benchmark of the same account and scan job, twice in one document. */
export const duplicateReport: DocumentRule = {
  id: 'duplicate-report',
  stage: 'document',
  defaultSeverity: 'error',
  description: 'A document holds the same benchmark report (BenchmarkId, AccountId and JobId) more than once.',
  rationale:
    'Section 4.4: the audit endpoint returns one report per license, account, job and benchmark. A repeat counts every policy twice in a roll-up and in a gate.',
  check({ reports }): RuleHit[] {
    const hits: RuleHit[] = [];
    const seen = new Map<string, string>();
    for (const { report, pointer } of reports) {
      const key = JSON.stringify([report.BenchmarkId, report.AccountId, report.JobId]);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, pointer);
        continue;
      }
      hits.push({
        pointer,
        message: `${reportLabel(report)} (job ${report.JobId}) at ${pointer} repeats the report at ${first}; its policies would count twice`,
        expected: 'each benchmark of an account and job once',
        actual: first,
      });
    }
    return hits;
  },
};
