import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { categoryOf, changed } from './support/base-report.js';

describe('findings of one rule come in policy order', () => {
  it('compliance-number: a stray segment found late is listed before a later repeat', async () => {
    const report = changed((draft) => {
      categoryOf(draft, 0).Policies.forEach(
        (policy, at) => (policy.ComplianceNumber = ['1200.1', '1300.2', '1300.3', '1300.2'][at]!),
      );
    });
    const analysis = await analyseInputs({ value: [report] });
    const pointers = analysis.sources[0]!.findings.filter((finding) => finding.rule === 'compliance-number').map(
      (finding) => `${finding.severity} ${finding.pointer}`,
    );
    expect(pointers).toEqual([
      'warning /0/ResourceCategories/0/Policies/0/ComplianceNumber',
      'error /0/ResourceCategories/0/Policies/3/ComplianceNumber',
    ]);
  });

  it('compliance-number: a repeat and a stray segment of the same policy, the repeat first', async () => {
    const report = changed((draft) => {
      categoryOf(draft, 0).Policies.forEach(
        (policy, at) => (policy.ComplianceNumber = ['1300.1', '1300.2', '1300.3', '1300.4'][at]!),
      );
      categoryOf(draft, 1).Policies[2]!.ComplianceNumber = '1300.4';
    });
    const analysis = await analyseInputs({ value: [report] });
    const found = analysis.sources[0]!.findings.filter((finding) => finding.rule === 'compliance-number').map(
      (finding) => finding.severity,
    );
    expect(found).toEqual(['error', 'warning']);
  });
});
