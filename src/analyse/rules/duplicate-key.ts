import type { RuleInfo } from '../../model/rule.js';

/**
 * A key repeated in one JSON object. The loader tells (src/load/duplicate-key-findings.ts); this is the rule's
 * catalogue entry.
 */
export const duplicateKey: RuleInfo = {
  id: 'duplicate-key',
  stage: 'load',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description:
    'A key appears more than once in one JSON object (keys compared after unescaping); the finding gives the line and column of both and the value kept. Every repeat is a finding, up to 1,000 per document.',
  rationale:
    'Section 1: the service "carries JSON"; RFC 8259, section 4: the names within an object "SHOULD be unique", and software that receives repeats behaves unpredictably. JSON.parse keeps the last value without a word, so "Compliance": "Red", "Compliance": "Green" reads as Green where another reader sees Red. The rule marks an unusable input: no setting silences or lowers it.',
};
