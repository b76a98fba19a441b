import type { RuleInfo } from '../../model/rule.js';

/**
 * A saved answer of a failed call. The loader tells (src/load/readers/service-reports.ts); this is the rule's
 * catalogue entry.
 */
export const envelopeFailure: RuleInfo = {
  id: 'envelope-failure',
  stage: 'load',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description: 'The response envelope has a statusCode other than 200; its message is quoted.',
  rationale:
    'Sections 4 and 7: success "is indicated by statusCode 200"; a failure is reported through the same envelope, so a failed call holds no report.',
};
