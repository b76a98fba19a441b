import type { RuleInfo } from '../../model/rule.js';

/** The input is not JSON. The loader tells (src/load/parse-json.ts); this is the rule's catalogue entry. */
export const jsonSyntax: RuleInfo = {
  id: 'json-syntax',
  stage: 'load',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description: 'The input is not valid JSON (the finding gives line and column).',
  rationale: 'Section 1: the service "carries JSON".',
};
