/** How bad a finding is. `error` breaks the report's own arithmetic or the specification. */
export type Severity = 'error' | 'warning';

/** A severity, or `off` to silence a rule. */
export type SeveritySetting = Severity | 'off';

/** Ids of every rule the checker knows, including the loader's and the schema's. */
export type RuleId =
  | 'json-syntax'
  | 'duplicate-key'
  | 'envelope-failure'
  | 'not-a-report'
  | 'schema'
  | 'empty-report'
  | 'unknown-value'
  | 'category-total'
  | 'category-count'
  | 'policy-compliance'
  | 'policy-gray-risk'
  | 'policy-counts'
  | 'category-order'
  | 'compliance-number'
  | 'duplicate-policy-id'
  | 'duplicate-report'
  | 'account-kind'
  | 'compliance-percent'
  | 'posture-total'
  | 'mixed-ids';

/**
 * A problem found in a report. Problems in the data are data, never exceptions:
 * the pointer (RFC 6901) locates the offending value inside the parsed document.
 */
export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** RFC 6901 JSON Pointer into the document; `""` is the whole document. */
  pointer: string;
  /** One sentence a person understands, naming the category and policy. */
  message: string;
  expected?: unknown;
  actual?: unknown;
}
