#!/usr/bin/env node
// Generates a large, internally consistent audit report for benchmarks and load tests.
// Usage: node scripts/generate-report.js <policies> <out.json>
//          [--categories 10] [--policies-per-category 30] [--seed 1]
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';

const services = [
  'VirtualMachines',
  'StorageAccounts',
  'KeyVaultService',
  'SQLServers',
  'RBACService',
  'NetworkSecurityGroups',
  'AppServices',
  'KubernetesClustersService',
];
const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
const words = [
  'Ensure',
  'that',
  'storage',
  'account',
  'access',
  'keys',
  'are',
  'rotated',
  'periodically',
  'diagnostic',
  'logs',
  'enabled',
  'for',
  'all',
  'services',
  'encryption',
  'at',
  'rest',
  'uses',
  'customer-managed',
  'key',
  'network',
  'rules',
  'deny',
  'public',
  'traffic',
];

/** A small deterministic random generator, so every run writes the same bytes. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function float32Text(value) {
  // The service prints CompliancePercent at single precision (15.3846159, 87.80488).
  const single = Math.fround(value);
  for (const digits of [7, 9]) {
    const text = single.toPrecision(digits);
    if (Math.fround(Number(text)) === single) return Number(text);
  }
  return single;
}

function makePolicy(next, category, index) {
  const total = next() < 0.2 ? 0 : Math.floor(next() * 60) + 1;
  const roll = next();
  const passed =
    total === 0 ? 0 : roll < 0.4 ? total : roll < 0.7 ? 0 : Math.floor(next() * (total - 1)) + (total > 1 ? 1 : 0);
  const compliance = total === 0 ? 'Gray' : passed === total ? 'Green' : passed === 0 ? 'Red' : 'Amber';
  const title = Array.from({ length: 5 + Math.floor(next() * 6) }, () => words[Math.floor(next() * words.length)]).join(
    ' ',
  );
  return {
    PolicyId: `Policy${category}x${index}`,
    ShortTitle: `Ensure ${title}`,
    ServiceName: services[Math.floor(next() * services.length)],
    ComplianceNumber: `${(category + 10) * 100}.${index + 1}`,
    PassedResourceCount: passed,
    TotalResourceCount: total,
    Compliance: compliance,
    Severity: severities[Math.floor(next() * severities.length)],
    RiskProbability: total === 0 ? ' ' : passed === total ? 'NotLikely' : passed === 0 ? 'Certain' : 'Moderate',
    RiskLevel: total === 0 ? '' : passed === total ? 'Green' : 'Red',
  };
}

function makeCategory(next, reportIndex, index, policyCount) {
  const policies = Array.from({ length: policyCount }, (_, policy) => makePolicy(next, index, policy));
  const count = (colour) => policies.filter((policy) => policy.Compliance === colour).length;
  const [green, red, amber, gray] = ['Green', 'Red', 'Amber', 'Gray'].map(count);
  const assessed = policyCount - gray;
  return {
    CategoryName: `Generated - Category ${index + 1}`,
    ControlCategoryOrder: index + 1,
    CategoryId: `GEN_R${reportIndex}_C${index + 1}`,
    Total: policyCount,
    Green: green,
    Red: red,
    Amber: amber,
    Gray: gray,
    CompliancePercent: assessed > 0 ? float32Text((green / assessed) * 100) : 0,
    Policies: policies,
  };
}

/**
 * A raw array of benchmark reports holding `policies` policies in all, split into
 * reports of `categories` categories of `perCategory` policies each.
 */
export function generateReport(policies, { categories = 10, perCategory = 30, seed = 1 } = {}) {
  const next = random(seed);
  const perReport = categories * perCategory;
  const reportCount = Math.max(1, Math.ceil(policies / perReport));
  return Array.from({ length: reportCount }, (_, report) => {
    const left = Math.min(perReport, policies - report * perReport);
    const categoryCount = Math.max(1, Math.ceil(left / perCategory));
    const resourceCategories = Array.from({ length: categoryCount }, (_, index) =>
      makeCategory(next, report, index, Math.min(perCategory, left - index * perCategory)),
    );
    return {
      BenchmarkName: 'Generated Security Benchmark',
      BenchmarkId: `GEN${report + 1}`,
      AccountId: '00000000-0000-4000-8000-000000000001',
      LicenseId: '00000000-0000-4000-8000-000000000002',
      LicenseName: 'Load test',
      AccountName: 'Generated Azure',
      ConnectorType: 'Azure',
      SubscriptionId: '00000000-0000-4000-8000-000000000003',
      AWSAccountId: null,
      JobId: '00000000-0000-4000-8000-000000000004',
      ResourceCategories: resourceCategories,
    };
  });
}

/** Writes the report with one policy per line, close to how the service's JSON looks in size. */
export async function writeReport(path, policies, options) {
  await writeReports(path, generateReport(policies, options));
}

/** Writes an array of benchmark reports as a file, one policy per line. */
export async function writeReports(path, reports) {
  const out = createWriteStream(path);
  out.write('[\n');
  for (const [index, report] of reports.entries()) {
    const text = JSON.stringify(report).replaceAll('{"PolicyId"', '\n{"PolicyId"');
    if (!out.write(index === 0 ? text : `,\n${text}`)) await once(out, 'drain');
  }
  out.end('\n]\n');
  await once(out, 'finish');
}

const usage =
  'usage: node scripts/generate-report.js <policies> <out.json> [--categories 10] [--policies-per-category 30] [--seed 1]';

/** A whole number of at least 1 from the command line, or the usage and exit 2. */
function wholeNumber(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(
      `generate-report: ${name} must be a whole number of at least 1, not ${JSON.stringify(text)}\n${usage}`,
    );
    process.exit(2);
  }
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        categories: { type: 'string', default: '10' },
        'policies-per-category': { type: 'string', default: '30' },
        seed: { type: 'string', default: '1' },
      },
    });
  } catch (error) {
    console.error(`generate-report: ${error.message}\n${usage}`);
    process.exit(2);
  }
  const [count, path, extra] = parsed.positionals;
  if (!count || !path || extra !== undefined) {
    console.error(usage);
    process.exit(2);
  }
  await writeReport(path, wholeNumber('<policies>', count), {
    categories: wholeNumber('--categories', parsed.values.categories),
    perCategory: wholeNumber('--policies-per-category', parsed.values['policies-per-category']),
    seed: wholeNumber('--seed', parsed.values.seed),
  });
}
