import type { RuleInfo } from '../../model/rule.js';

/**
 * A JSON document that holds no benchmark report at all. The loader tells (it sees
 * the document's shape before validation); this is the rule's catalogue entry.
 */
export const notAReport: RuleInfo = {
  id: 'not-a-report',
  stage: 'load',
  defaultSeverity: 'error',
  unusableInput: 'as-error',
  description:
    'The JSON holds nothing like a benchmark report (no object with a report field, such as a package.json or an onboarding response): it is skipped and counts 0 reports. A warning for a file found in a directory, an error for one named.',
  rationale:
    "Section 2.3 describes the audit result as benchmark report objects, alone, in an array or in the envelope's result. A file with none of their fields is another kind of file, not a broken report: one finding says so, instead of a schema finding per missing field, and a combined document lists it as skipped without doubting the other reports' figures.",
};
