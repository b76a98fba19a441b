import type { RuleInfo } from '../../model/rule.js';

/**
 * Nothing valid in the inputs. The fail-closed policy tells (src/model/fail-closed.ts);
 * this is the rule's catalogue entry. It cannot be turned off.
 */
export const noValidReport: RuleInfo = {
  id: 'no-valid-report',
  stage: 'run',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description:
    'No input holds a valid benchmark report. It cannot be turned off or lowered: turning other rules off changes what is reported, never whether nothing readable passes.',
  rationale:
    'A check, gate or comparison that passed on nothing would be green for a broken download, an empty folder or a silenced error; it fails closed and says why.',
};
