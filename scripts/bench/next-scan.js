// The next week's scan of a generated report: the same account, benchmarks and policies,
// a new JobId, and one policy in `every` changed colour (Green ↔ Red, Amber → Red), with
// counts, percents and risk restated so that it checks clean. What `diff` meets in
// practice: a few changes among many policies.
import { readFileSync } from 'node:fs';
import { float32Text, writeReports } from '../generate-report.js';

function changeColour(policy) {
  const total = policy.TotalResourceCount;
  if (total === 0) return;
  const passed = policy.Compliance === 'Red' ? total : 0;
  const compliance = passed === total ? 'Green' : 'Red';
  Object.assign(policy, {
    PassedResourceCount: passed,
    Compliance: compliance,
    RiskProbability: compliance === 'Green' ? 'NotLikely' : 'Certain',
    RiskLevel: compliance === 'Green' ? 'Green' : 'Red',
  });
}

function restate(category) {
  const count = (colour) => category.Policies.filter((policy) => policy.Compliance === colour).length;
  const [green, red, amber, gray] = ['Green', 'Red', 'Amber', 'Gray'].map(count);
  const assessed = category.Policies.length - gray;
  Object.assign(category, {
    Green: green,
    Red: red,
    Amber: amber,
    Gray: gray,
    CompliancePercent: assessed > 0 ? float32Text((green / assessed) * 100) : 0,
  });
}

/** Writes the next scan of the report in `from` to `to`, changing one policy in `every`. */
export async function writeNextScan(from, to, every = 50) {
  const reports = JSON.parse(readFileSync(from, 'utf8'));
  let index = 0;
  for (const report of reports) {
    report.JobId = '00000000-0000-4000-8000-000000000005';
    for (const category of report.ResourceCategories) {
      for (const policy of category.Policies) if (index++ % every === 0) changeColour(policy);
      restate(category);
    }
  }
  await writeReports(to, reports);
}
