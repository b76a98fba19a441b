import type { RuleInfo } from '../model/rule.js';
import { ruleCatalogue as rules } from './rule-catalogue.js';

/**
 * Every rule the analysis runs, as a program reads them: id, default severity,
 * description and rationale, in the order `rules` lists them. Their checks are the
 * analysis's own: rules cannot be plugged in, so the public entry names no type a rule
 * is written with.
 */
export const ruleCatalogue: readonly RuleInfo[] = rules;
