import type { DocumentRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../model/labels.js';

/** Where a report was first seen in the run. */
interface FirstSeen {
  /** Position of its document among the run's documents. */
  document: number;
  source: string;
  pointer: string;
}

/**
 * The same benchmark of the same account and scan job, twice in one run: in one
 * document, or in two inputs (the same file given twice, a copy in another folder).
 * Remembering the run's reports is what the rule's start is for.
 */
export const duplicateReport: DocumentRule = {
  id: 'duplicate-report',
  stage: 'document',
  acrossInputs: true,
  defaultSeverity: 'error',
  description:
    'The same benchmark report (BenchmarkId, AccountId and JobId) occurs more than once in a document or across the inputs of one run.',
  rationale:
    'Section 4.4: the audit endpoint returns one report per license, account, job and benchmark. A repeat counts every policy twice in a roll-up and in a gate, whether it sits in one file or the same report is given twice.',
  start() {
    const seen = new Map<string, FirstSeen>();
    let document = -1;
    return ({ source, reports }): RuleHit[] => {
      document += 1;
      const hits: RuleHit[] = [];
      for (const { report, pointer } of reports) {
        const key = JSON.stringify([report.BenchmarkId, report.AccountId, report.JobId]);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, { document, source, pointer });
          continue;
        }
        const sameDocument = first.document === document;
        const where = sameDocument
          ? `the report at ${first.pointer}`
          : `the report at ${first.pointer === '' ? '(document)' : first.pointer} of ${first.source}`;
        hits.push({
          pointer,
          message: `${reportLabel(report)} (job ${report.JobId}) at ${pointer === '' ? '(document)' : pointer} repeats ${where}; its policies would count twice`,
          expected: 'each benchmark of an account and job once',
          actual: sameDocument ? first.pointer : `${first.source}#${first.pointer}`,
        });
      }
      return hits;
    };
  },
};
