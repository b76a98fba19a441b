import type { DocumentRule, PolicyRule, ReportRule, Rule } from '../model/rule.js';
import { rules } from './rule-registry.js';

/*
 * The rules of the registry (rule-registry.ts), grouped as the analysis runs them. Derived
 * here rather than beside the registry, so that the registry module holds the registry
 * alone: a new rule is a file in rules/ and a line there, and every list below follows.
 */

/** Every rule the checker knows, with its id, default severity, description and rationale. */
export const ruleCatalogue: readonly Rule[] = Object.values(rules);

/** Rules that look across the reports of one document, and no further. */
export const documentRules: readonly DocumentRule[] = ruleCatalogue.filter(
  (rule): rule is DocumentRule => rule.stage === 'document' && (rule as DocumentRule).acrossInputs !== true,
);

/** Rules of the document stage that also look across the inputs of a run: they run once all are analysed. */
export const acrossInputRules: readonly DocumentRule[] = ruleCatalogue.filter(
  (rule): rule is DocumentRule => rule.stage === 'document' && (rule as DocumentRule).acrossInputs === true,
);

/** Rules that check one benchmark report or its categories, in the order their findings are listed. */
export const reportRules: readonly ReportRule[] = ruleCatalogue.filter(
  (rule): rule is ReportRule => rule.stage === 'report',
);

/** Rules that look at every policy, in one shared pass; their findings follow the report rules'. */
export const policyRules: readonly PolicyRule[] = ruleCatalogue.filter(
  (rule): rule is PolicyRule => rule.stage === 'policy',
);
