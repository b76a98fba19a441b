import type { Policy, ResourceCategory } from '../../../src/index.js';

function computePolicy(index: number, passed: number, total: number, compliance: string): Policy {
  const checked = total > 0;
  return {
    PolicyId: `ComputeCheck${index}`,
    ShortTitle: `Ensure that Virtual Machines meet hardening check ${index}`,
    ServiceName: 'VirtualMachines',
    ComplianceNumber: `1100.${index}`,
    PassedResourceCount: passed,
    TotalResourceCount: total,
    Compliance: compliance,
    Severity: 'High',
    RiskProbability: checked ? (passed === total ? 'NotLikely' : 'Certain') : ' ',
    RiskLevel: checked ? (passed === total ? 'Amber' : 'Red') : '',
  };
}

/**
 * The published sample's "Azure - Compute (IaaS)" in shape: 23 policies, 2 Green (1 of 1
 * resource), 11 Red (0 of 2), 10 Gray, stating `percent`. The service printed 15.3846159.
 */
export function computeCategory(percent: number, order = 3): ResourceCategory {
  const policies: Policy[] = [];
  for (let index = 1; index <= 23; index += 1) {
    if (index <= 2) policies.push(computePolicy(index, 1, 1, 'Green'));
    else if (index <= 13) policies.push(computePolicy(index, 0, 2, 'Red'));
    else policies.push(computePolicy(index, 0, 0, 'Gray'));
  }
  return {
    CategoryName: 'Azure - Compute (IaaS)',
    ControlCategoryOrder: order,
    CategoryId: 'AZ_CSBP_Azure_Compute_(IaaS)',
    Total: 23,
    Green: 2,
    Red: 11,
    Amber: 0,
    Gray: 10,
    CompliancePercent: percent,
    Policies: policies,
  };
}
