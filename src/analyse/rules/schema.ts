import type { RuleInfo } from '../../model/rule.js';

/**
 * A value breaks the published schema. Validation tells (src/validate/validate-documents.ts); this is the rule's
 * catalogue entry.
 */
export const schemaRule: RuleInfo = {
  id: 'schema',
  stage: 'validate',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description:
    'A value breaks the published JSON Schema: a required field is missing, or a field has the wrong type, or a count is negative or above 2^53 − 1 (9007199254740991, beyond which JSON numbers round).',
  rationale: 'Sections 2.2 and 2.3 give every field and its type; the published sample carries them all.',
};
