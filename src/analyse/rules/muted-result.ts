import type { RuleInfo } from '../../model/rule.js';

/**
 * A result the scanner was told to mute or suppress. The scanner's reader tells
 * (src/load/scanners/); this is the rule's catalogue entry.
 */
export const mutedResult: RuleInfo = {
  id: 'muted-result',
  stage: 'load',
  defaultSeverity: 'warning',
  description:
    "Results of a check were muted in the scanner (Prowler's mutelist, Security Hub's SUPPRESSED workflow): an accepted risk with no owner and no expiry. They count as not passed; the finding names the check.",
  rationale:
    'A mute hides a result without saying who accepted the risk or until when. Counted as passing it would weaken a verdict unseen; an exceptions file gives it an owner, a reason and an expiry, and every output then names it.',
};
