import type { DocumentRule, PolicyRule, ReportRule, Rule, RuleInfo } from '../model/rule.js';
import { accountKind } from './rules/account-kind.js';
import { categoryCount } from './rules/category-count.js';
import { categoryOrder } from './rules/category-order.js';
import { categoryTotal } from './rules/category-total.js';
import { complianceNumber } from './rules/compliance-number.js';
import { compliancePercent } from './rules/compliance-percent.js';
import { duplicatePolicyId } from './rules/duplicate-policy-id.js';
import { duplicateReport } from './rules/duplicate-report.js';
import { emptyReport } from './rules/empty-report.js';
import { mixedIds } from './rules/mixed-ids.js';
import { notAReport } from './rules/not-a-report.js';
import { policyCompliance } from './rules/policy-compliance.js';
import { policyCounts } from './rules/policy-counts.js';
import { policyGrayRisk } from './rules/policy-gray-risk.js';
import { postureTotal } from './rules/posture-total.js';
import { unknownValue } from './rules/unknown-value.js';

/** Rules of the loader and the schema: they run in their own stages, listed here for the catalogue. */
const stageRules: RuleInfo[] = [
  {
    id: 'json-syntax',
    stage: 'load',
    defaultSeverity: 'error',
    description: 'The input is not valid JSON (the finding gives line and column).',
    rationale: 'Section 1: the service "carries JSON".',
  },
  {
    id: 'duplicate-key',
    stage: 'load',
    defaultSeverity: 'error',
    description: 'A key appears more than once in one JSON object (keys compared after unescaping); the finding gives the line and column of both and the value kept. Every repeat is a finding, up to 1,000 per document.',
    rationale: 'Section 1: the service "carries JSON"; RFC 8259, section 4: the names within an object "SHOULD be unique", and software that receives repeats behaves unpredictably. JSON.parse keeps the last value without a word, so "Compliance": "Red", "Compliance": "Green" reads as Green where another reader sees Red. A gate fails on such a document even when the rule is silenced.',
  },
  {
    id: 'envelope-failure',
    stage: 'load',
    defaultSeverity: 'error',
    description: 'The response envelope has a statusCode other than 200; its message is quoted.',
    rationale: 'Sections 4 and 7: success "is indicated by statusCode 200"; a failure is reported through the same envelope, so a failed call holds no report.',
  },
  notAReport,
  {
    id: 'schema',
    stage: 'validate',
    defaultSeverity: 'error',
    description: 'A value breaks the published JSON Schema: a required field is missing, or a field has the wrong type, or a count is negative or above 2^53 − 1 (9007199254740991, beyond which JSON numbers round).',
    rationale: 'Sections 2.2 and 2.3 give every field and its type; the published sample carries them all.',
  },
];

/** Rules that check one benchmark report or its categories, in the order their findings are listed. */
export const reportRules: readonly ReportRule[] = [accountKind, categoryOrder, categoryTotal, categoryCount, compliancePercent, postureTotal];

/** Rules that look at every policy, in one shared pass; their findings follow the report rules'. */
export const policyRules: readonly PolicyRule[] = [unknownValue, policyCounts, policyCompliance, policyGrayRisk, complianceNumber, duplicatePolicyId];

/** Rules that look across the reports of one document. */
export const documentRules: readonly DocumentRule[] = [emptyReport, duplicateReport, mixedIds];

/** Every rule the checker knows, with its id, default severity, description and rationale. */
export const ruleCatalogue: readonly Rule[] = [...stageRules, ...documentRules, ...reportRules, ...policyRules];
