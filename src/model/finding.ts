/** How bad a finding is. `error` breaks the report's own arithmetic or the specification. */
export type Severity = 'error' | 'warning';

/** A severity, or `off` to silence a rule. */
export type SeveritySetting = Severity | 'off';

/**
 * The ids of the rule registry (src/analyse/rule-catalogue.ts), which adds one key per
 * rule to this interface by declaration merging: a new rule is a file and a registry
 * line, and no list of ids is kept here by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry (declaration merging)
export interface RuleIds {}

/** The id of a rule the checker knows, the loader's and the schema's included. */
export type RuleId = keyof RuleIds & string;

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
  /**
   * Set on the one finding that stands for the findings of its rule and severity past
   * the listing limit of a file (the first 1,000 are listed): how many it stands for.
   * Counts (summary, gate) count them all, so a verdict never depends on the limit.
   */
  omitted?: number;
}
