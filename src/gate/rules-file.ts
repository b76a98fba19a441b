import type { GateLevel } from '../model/gate.js';
import type { GateAggregate, ReportMatch } from '../model/gate-rules.js';

/** One assertion as a rules file writes it (schema/gate-rules.schema.json). */
export interface RulesFileAssertion {
  name?: string;
  level?: GateLevel;
  metric: string;
  min?: number;
  max?: number;
  severity?: string;
  category?: string;
  policy?: string;
  mustBe?: string;
  mustNotBe?: string;
  match?: ReportMatch;
  aggregate?: GateAggregate;
  allowNoMatch?: boolean;
}

/** A rules file as written, once it has passed the schema. */
export interface RulesFile {
  $schema?: string;
  extends?: string | string[];
  assertions?: RulesFileAssertion[];
}
