import type { ViewModel } from '../../model/view-model.js';
import { createFingerprinter } from '../findings/sarif/fingerprints.js';
import { writePolicyLog } from '../findings/sarif/policy-log.js';
import { exceptionsProvenance } from '../policy-acceptance.js';
import { FailingPolicies } from './failing-policies.js';
import { postureResults } from './posture-result.js';

/** What a caller may choose of a posture log. */
export interface PostureSarifOptions {
  /**
   * The most results written, the worst first: 1,000 by default, at most 25,000
   * (GitHub code scanning keeps the 5,000 with the highest `security-severity`).
   */
  maxResults?: number;
  /**
   * The most bytes the log takes gzip-compressed: 10 MB, GitHub's upload limit, by
   * default and at most. Lower only so that tests can prove the cut by size on a small
   * report; no command line sets it.
   */
  maxUploadBytes?: number;
}

/**
 * The posture of a document's reports as SARIF 2.1.0 for GitHub code scanning, on one
 * line: one result per failing policy (Red or Amber), of the rule of its policy, with
 * its level and `security-severity` from the policy's Severity and colour. Above the
 * limits the most severe are kept and the rest counted (policy-log.ts). An accepted
 * policy's result carries its suppression (posture-result.ts). UTF-8 bytes.
 */
export function renderPostureSarif(view: ViewModel, options: PostureSarifOptions = {}): Uint8Array {
  const failing = new FailingPolicies(view);
  const files = [...new Set(view.reports.map((report) => report.sourcePath))];
  const exceptions = exceptionsProvenance(view);
  const log = writePolicyLog(
    {
      ranks: failing.ranks,
      noun: 'failing policies',
      everyOne: 'The csv, xlsx and hdf documents list every policy.',
      properties: {
        files,
        reports: view.reports.length,
        policies: view.rollup.policies,
        failing: { red: failing.red, amber: failing.amber },
        // A run with exceptions records the files (path, SHA-256, ids) and the ids applied.
        ...(exceptions === undefined ? {} : { exceptions }),
      },
      begin: () => {
        const write = postureResults(createFingerprinter());
        return (index, rules, out) => write(failing.at(index), rules, out);
      },
    },
    options.maxResults,
    options.maxUploadBytes,
  );
  return log.bytes ?? Buffer.from(log.text, 'utf8');
}

/** The renderer's entry: the log's bytes. */
export function renderPostureSarifView(view: ViewModel): Promise<Uint8Array> {
  return Promise.resolve(renderPostureSarif(view));
}
