import fc from 'fast-check';
import type { BenchmarkReport, Policy, ResourceCategory } from '../../src/index.js';
import { longText, reportText } from './hostile-text.js';

/** Sizes of generated reports; the pinned run keeps them small, the long runs too. */
export interface ReportSizes {
  /** Benchmark reports per document. */
  maxReports: number;
  maxCategories: number;
  maxPolicies: number;
  /** Longest text a field can hold (hostile pieces are mixed in below this). */
  maxTextLength: number;
  /** Largest resource count of a policy. */
  maxResources: number;
}

/** Small sizes: fast enough for hundreds of cases in `npm test`. */
export const smallSizes: ReportSizes = {
  maxReports: 3,
  maxCategories: 4,
  maxPolicies: 6,
  maxTextLength: 10_000,
  maxResources: 1_000_000,
};

const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'] as const;
const probabilities = ['Certain', 'High', 'Moderate', 'NotLikely'] as const;
const levels = ['Red', 'Amber', 'Green'] as const;

// Arbitraries are built inside chains, once for each generated report, category and
// policy; an arbitrary is a pure function of the random stream, so one built once per
// sizes serves them all and generates the very same values, without building
// fast-check's string and regular-expression arbitraries again (milliseconds each).
const texts = new WeakMap<ReportSizes, fc.Arbitrary<string>>();

function text(sizes: ReportSizes): fc.Arbitrary<string> {
  let arbitrary = texts.get(sizes);
  if (!arbitrary) {
    arbitrary = fc.oneof(
      { weight: 9, arbitrary: reportText() },
      { weight: 1, arbitrary: longText(sizes.maxTextLength) },
    );
    texts.set(sizes, arbitrary);
  }
  return arbitrary;
}

/** A 12-digit AWS account id (built once: see texts). */
const awsAccountId = fc.stringMatching(/^[0-9]{12}$/);

/** Resource counts: small ones mostly, some up to the limit, some equal (Green) or zero. */
function resourceCounts(sizes: ReportSizes): fc.Arbitrary<{ passed: number; total: number }> {
  const total = fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 20 }),
    fc.integer({ min: 0, max: sizes.maxResources }),
  );
  return total.chain((checked) =>
    fc
      .oneof(fc.constant(0), fc.constant(checked), fc.integer({ min: 0, max: checked }))
      .map((passed) => ({ passed, total: checked })),
  );
}

/** The colour the specification's observed relations give to resource counts. */
export function colourOf(passed: number, total: number): 'Green' | 'Red' | 'Amber' | 'Gray' {
  if (total === 0) return 'Gray';
  if (passed === total) return 'Green';
  return passed === 0 ? 'Red' : 'Amber';
}

function policyArbitrary(sizes: ReportSizes, categoryNumber: number, index: number): fc.Arbitrary<Policy> {
  return fc
    .record({
      id: text(sizes),
      title: text(sizes),
      service: text(sizes),
      counts: resourceCounts(sizes),
      severity: fc.constantFrom(...severities),
      probability: fc.constantFrom(...probabilities),
      level: fc.constantFrom(...levels),
    })
    .map(({ id, title, service, counts, severity, probability, level }) => {
      const compliance = colourOf(counts.passed, counts.total);
      return {
        // The index keeps ids unique within a report whatever the generated text.
        PolicyId: `${id}#${categoryNumber}.${index}`,
        ShortTitle: title,
        ServiceName: service,
        ComplianceNumber: `${categoryNumber}.${index + 1}`,
        PassedResourceCount: counts.passed,
        TotalResourceCount: counts.total,
        Compliance: compliance,
        Severity: severity,
        RiskProbability: compliance === 'Gray' ? ' ' : probability,
        RiskLevel: compliance === 'Gray' ? '' : level,
      };
    });
}

/** Green / (Total − Gray) × 100, or 0 with nothing assessed: the default formula. */
export function percentOf(green: number, total: number, gray: number): number {
  return total - gray > 0 ? (green / (total - gray)) * 100 : 0;
}

function categoryArbitrary(sizes: ReportSizes, position: number): fc.Arbitrary<ResourceCategory> {
  const categoryNumber = 1000 + 100 * position;
  return fc
    .record({
      name: text(sizes),
      id: text(sizes),
      policies: fc
        .integer({ min: 1, max: sizes.maxPolicies })
        .chain((count) =>
          fc.tuple(...Array.from({ length: count }, (_, index) => policyArbitrary(sizes, categoryNumber, index))),
        ),
    })
    .map(({ name, id, policies }) => {
      const count = (colour: string): number => policies.filter((policy) => policy.Compliance === colour).length;
      const [green, red, amber, gray] = [count('Green'), count('Red'), count('Amber'), count('Gray')];
      return {
        CategoryName: name,
        ControlCategoryOrder: position + 1,
        CategoryId: id,
        Total: policies.length,
        Green: green,
        Red: red,
        Amber: amber,
        Gray: gray,
        CompliancePercent: percentOf(green, policies.length, gray),
        Policies: policies,
      };
    });
}

interface Identity {
  accountId: string;
  jobId: string;
  licenseId: string;
  licenseName: string;
  accountName: string;
  connector: 'AWS' | 'Azure' | 'Office365';
}

function reportArbitrary(sizes: ReportSizes, identity: Identity, position: number): fc.Arbitrary<BenchmarkReport> {
  return fc
    .record({
      name: text(sizes),
      id: text(sizes),
      subscription: text(sizes),
      awsAccount: awsAccountId,
      posture: fc.boolean(),
      categories: fc
        .integer({ min: 1, max: sizes.maxCategories })
        .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => categoryArbitrary(sizes, index)))),
    })
    .map(({ name, id, subscription, awsAccount, posture, categories }) => {
      const report: BenchmarkReport = {
        BenchmarkName: name,
        // The position keeps (BenchmarkId, AccountId, JobId) unique within a document.
        BenchmarkId: `${id}~${position}`,
        AccountId: identity.accountId,
        LicenseId: identity.licenseId,
        LicenseName: identity.licenseName,
        AccountName: identity.accountName,
        ConnectorType: identity.connector,
        SubscriptionId: identity.connector === 'Azure' ? subscription : null,
        AWSAccountId: identity.connector === 'AWS' ? awsAccount : null,
        JobId: identity.jobId,
        ResourceCategories: categories,
      };
      if (posture) {
        const sum = (key: 'Total' | 'Green' | 'Red' | 'Amber' | 'Gray'): number =>
          categories.reduce((total, category) => total + category[key], 0);
        const [total, green, red, amber, gray] = [sum('Total'), sum('Green'), sum('Red'), sum('Amber'), sum('Gray')];
        report.Posture = {
          Total: total,
          Green: green,
          Red: red,
          Amber: amber,
          Gray: gray,
          CompliancePercent: percentOf(green, total, gray),
        };
      }
      return report;
    });
}

/** The forms a saved audit summary takes (README, "load"). */
export type DocumentShape = 'envelope-array' | 'envelope-one' | 'array' | 'one';

/** A generated document: its parsed value, its reports and the form that wraps them. */
export interface GeneratedDocument {
  value: unknown;
  reports: BenchmarkReport[];
  shape: DocumentShape;
}

function wrap(reports: BenchmarkReport[], shape: DocumentShape): unknown {
  switch (shape) {
    case 'envelope-array':
      return { result: reports, statusCode: 200, message: 'Request Successful' };
    case 'envelope-one':
      return { result: reports[0], statusCode: 200, message: 'Request Successful' };
    case 'array':
      return reports;
    case 'one':
      return reports[0];
  }
}

/**
 * A valid document: it passes the schema and every relation the rules check holds
 * (counts add up, colours follow the resource counts, orders run 1..n, ids are unique,
 * the account fields fit the connector), so it must give no finding at all.
 */
export function validDocument(sizes: ReportSizes = smallSizes): fc.Arbitrary<GeneratedDocument> {
  const identity = fc.record({
    accountId: fc.uuid(),
    jobId: fc.uuid(),
    licenseId: fc.uuid(),
    licenseName: text(sizes),
    accountName: text(sizes),
    connector: fc.constantFrom('AWS' as const, 'Azure' as const, 'Office365' as const),
  });
  return fc
    .tuple(
      identity,
      fc.integer({ min: 1, max: sizes.maxReports }),
      fc.constantFrom<DocumentShape>('envelope-array', 'envelope-one', 'array', 'one'),
    )
    .chain(([who, count, shape]) => {
      const reports = shape === 'envelope-one' || shape === 'one' ? 1 : count;
      return fc
        .tuple(...Array.from({ length: reports }, (_, index) => reportArbitrary(sizes, who, index)))
        .map((list) => ({ value: wrap(list, shape), reports: list, shape }));
    });
}
