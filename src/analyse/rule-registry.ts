import type { Rule } from '../model/rule.js';
import { accountKind } from './rules/account-kind.js';
import { categoryCount } from './rules/category-count.js';
import { categoryOrder } from './rules/category-order.js';
import { categoryTotal } from './rules/category-total.js';
import { complianceNumber } from './rules/compliance-number.js';
import { compliancePercent } from './rules/compliance-percent.js';
import { duplicateKey } from './rules/duplicate-key.js';
import { duplicatePolicyId } from './rules/duplicate-policy-id.js';
import { duplicateReport } from './rules/duplicate-report.js';
import { emptyReport } from './rules/empty-report.js';
import { envelopeFailure } from './rules/envelope-failure.js';
import { jsonSyntax } from './rules/json-syntax.js';
import { mixedIds } from './rules/mixed-ids.js';
import { mutedResult } from './rules/muted-result.js';
import { noValidReport } from './rules/no-valid-report.js';
import { notAReport } from './rules/not-a-report.js';
import { policyCompliance } from './rules/policy-compliance.js';
import { policyCounts } from './rules/policy-counts.js';
import { policyGrayRisk } from './rules/policy-gray-risk.js';
import { postureTotal } from './rules/posture-total.js';
import { scannerValue } from './rules/scanner-value.js';
import { schemaRule } from './rules/schema.js';
import { unknownValue } from './rules/unknown-value.js';

/**
 * Every rule by its id, which is its file name in rules/: a new rule is a file there and
 * a line here. The order is the catalogue's (README, `cspm-report rules`, SARIF rule
 * indexes) and, within a stage, the order findings are listed in: the loader's and the
 * schema's rules (they run in their own stages), then the rules across a document's
 * reports, of one report, of every policy, and of the run.
 */
export const rules = {
  'json-syntax': jsonSyntax,
  'duplicate-key': duplicateKey,
  'envelope-failure': envelopeFailure,
  'not-a-report': notAReport,
  'scanner-value': scannerValue,
  'muted-result': mutedResult,
  schema: schemaRule,
  'empty-report': emptyReport,
  'duplicate-report': duplicateReport,
  'mixed-ids': mixedIds,
  'account-kind': accountKind,
  'category-order': categoryOrder,
  'category-total': categoryTotal,
  'category-count': categoryCount,
  'compliance-percent': compliancePercent,
  'posture-total': postureTotal,
  'unknown-value': unknownValue,
  'policy-counts': policyCounts,
  'policy-compliance': policyCompliance,
  'policy-gray-risk': policyGrayRisk,
  'compliance-number': complianceNumber,
  'duplicate-policy-id': duplicatePolicyId,
  'no-valid-report': noValidReport,
} as const satisfies Record<string, Rule>;

declare module '../model/finding.js' {
  // The registry's keys are the rule ids: RuleId is derived from them.
  interface RuleIds extends Record<keyof typeof rules, true> {}
}
