import type { ViewModel } from '../../model/view-model.js';
import { createFingerprinter } from '../findings/sarif/fingerprints.js';
import { writePolicyLog } from '../findings/sarif/policy-log.js';
import { failingPolicies } from './failing-policies.js';
import { postureResults } from './posture-result.js';

/**
 * The posture of a document's reports as SARIF 2.1.0 for GitHub code scanning, on one
 * line: one result per failing policy (Red or Amber), of the rule of its policy, with
 * its level and `security-severity` from the policy's Severity. Above GitHub's limits
 * the most severe are kept and the rest counted (policy-log.ts).
 */
export function renderPostureSarif(view: ViewModel): string {
  const failing = failingPolicies(view);
  const files = [...new Set(view.reports.map((report) => report.sourcePath))];
  return writePolicyLog({
    ranks: failing.ranks,
    noun: 'failing policies',
    everyOne: 'The csv, xlsx and hdf documents list every policy.',
    properties: { files, reports: view.reports.length, policies: view.rollup.policies, failing: { red: failing.red, amber: failing.amber } },
    begin: () => {
      const write = postureResults(createFingerprinter());
      return (index, rules, out) => write(failing.policies[index]!, rules, out);
    },
  });
}

/** The renderer's entry: the log's bytes. */
export function renderPostureSarifView(view: ViewModel): Promise<Uint8Array> {
  return Promise.resolve(Buffer.from(renderPostureSarif(view), 'utf8'));
}
