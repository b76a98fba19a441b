import type { GateAssertion } from '../model/gate-rules.js';

/**
 * One assertion as a rules file writes it (schema/gate-rules.schema.json): the fields of
 * a loaded assertion, all optional but the metric, without the ones loading adds.
 */
export type RulesFileAssertion = Partial<Omit<GateAssertion, 'metric' | 'pointer' | 'preset'>> &
  Pick<GateAssertion, 'metric'>;

/** A rules file as written, once it has passed the schema. */
export interface RulesFile {
  $schema?: string;
  extends?: string | string[];
  assertions?: RulesFileAssertion[];
}
