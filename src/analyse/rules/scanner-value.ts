import type { RuleInfo } from '../../model/rule.js';

/**
 * A value of another scanner's results that has no place in a report: a status nobody
 * knows, or a framework no result names. The scanner's reader tells (src/load/scanners/);
 * this is the rule's catalogue entry.
 */
export const scannerValue: RuleInfo = {
  id: 'scanner-value',
  stage: 'load',
  defaultSeverity: 'warning',
  description:
    "A scanner's result holds a value the mapping does not know (a status outside its format's set), read the way that fails: an unknown status counts as a failing resource. Also an error when --framework names a framework no result answers.",
  rationale:
    'The formats of Prowler, Security Hub and HDF name their statuses; a new one may be legitimate, but reading it as passing would let a gate pass on a value nobody checked (docs/scanner-inputs.md).',
};
