import { createHash } from 'node:crypto';
import type { Finding } from '../../model/finding.js';
import type { BenchmarkReport, ResourceCategory } from '../../model/report.js';
import type { ScanResult, ScannerInfo } from '../../model/scan-result.js';
import { connectorOf } from './providers.js';
import { countResult, newTally, policyOf, type PolicyTally } from './policy-tally.js';
import { policyKeysOf, type PolicyKey } from './policy-keys.js';
import { mutedFindings } from './muted-findings.js';

/** How results become reports (see docs/scanner-inputs.md). */
export interface BuildOptions {
  /**
   * Unset: one report per account and provider with every check, by service. A name
   * (matched without regard to case) or `all`: one report per compliance framework the
   * results name, its requirements as policies and their sections as categories.
   */
  framework?: string;
}

/** The reports built from a document's results, and what could not be mapped. */
export interface BuiltReports {
  reports: BenchmarkReport[];
  findings: Finding[];
}

/** One report being built: its account, framework and policies by category. */
interface ReportDraft {
  provider: string;
  account: { uid: string; name?: string };
  framework: string | undefined;
  categories: Map<string, Map<string, PolicyTally>>;
  scan: AccountScan;
}

/**
 * The scan of one account, shared by the reports of every framework built from it: its
 * latest result time, and a digest of what it found (its identity when no time is stated).
 */
interface AccountScan {
  time: number | undefined;
  digest: ReturnType<typeof createHash>;
  /** The digest once taken (a hash gives its digest once). */
  found?: string;
}

function foundDigest(scan: AccountScan): string {
  scan.found ??= scan.digest.digest('hex');
  return scan.found;
}

/**
 * The benchmark reports a scanner's results make, in the service's shape, so that every
 * command reads them as it reads the service's. Results are grouped by provider and
 * account (and framework), then by category, then by policy, each in the order first
 * seen; the stated counts are the recounted ones, so a built report never contradicts
 * itself. What was muted is named in a finding (see mutedFindings).
 */
export function buildReports(
  results: readonly ScanResult[],
  info: ScannerInfo,
  options: BuildOptions = {},
): BuiltReports {
  const drafts = new Map<string, ReportDraft>();
  const frameworksSeen = new Set<string>();
  const scans = new Map<string, AccountScan>();
  const wanted = options.framework?.trim().toLowerCase();
  for (const result of results) {
    const scan = scanOf(scans, result);
    for (const key of policyKeysOf(result, wanted, frameworksSeen)) addResult(drafts, result, key, scan);
  }
  const reports = [...drafts.values()].map((draft) => reportOf(draft, info));
  const findings = mutedFindings([...drafts.values()].flatMap(talliesOf), info);
  if (wanted !== undefined && reports.length === 0 && results.length > 0)
    findings.push(noSuchFramework(options.framework ?? '', frameworksSeen));
  return { reports, findings };
}

/** The account's scan, with the result's time and what it found added. */
function scanOf(scans: Map<string, AccountScan>, result: ScanResult): AccountScan {
  const key = JSON.stringify([result.provider, result.account.uid]);
  let scan = scans.get(key);
  if (scan === undefined) {
    scan = { time: undefined, digest: createHash('sha256') };
    scans.set(key, scan);
  }
  if (result.time !== undefined && (scan.time === undefined || result.time > scan.time)) scan.time = result.time;
  // What the results found names a scan only when no result states its time (see reportOf).
  if (scan.time === undefined)
    scan.digest.update(`${result.check.id}\u0000${result.resource ?? ''}\u0000${result.status}\u0000`);
  return scan;
}

function addResult(drafts: Map<string, ReportDraft>, result: ScanResult, key: PolicyKey, scan: AccountScan): void {
  const draftKey = JSON.stringify([result.provider, result.account.uid, key.framework ?? null]);
  let draft = drafts.get(draftKey);
  if (draft === undefined) {
    draft = {
      provider: result.provider,
      account: result.account,
      framework: key.framework,
      categories: new Map(),
      scan,
    };
    drafts.set(draftKey, draft);
  }
  if (draft.account.name === undefined && result.account.name !== undefined) draft.account = result.account;
  let category = draft.categories.get(key.category);
  if (category === undefined) {
    category = new Map();
    draft.categories.set(key.category, category);
  }
  let tally = category.get(key.id);
  if (tally === undefined) {
    tally = newTally(key.id, key.number, key.title, result.check.service, result.check);
    category.set(key.id, tally);
  }
  countResult(tally, result);
}

function talliesOf(draft: ReportDraft): PolicyTally[] {
  return [...draft.categories.values()].flatMap((category) => [...category.values()]);
}

function reportOf(draft: ReportDraft, info: ScannerInfo): BenchmarkReport {
  const connector = connectorOf(draft.provider);
  const categories = [...draft.categories.entries()].map(([name, tallies], index) =>
    categoryOf(name, index, [...tallies.values()]),
  );
  const benchmark = draft.framework ?? `${info.tool} ${connector}`;
  const time = draft.scan.time;
  // The same account scanned at the same time is the same scan, whichever file holds it,
  // and the reports of its frameworks share it (they differ by benchmark); with no time
  // stated, what it found tells it apart. The empty place keeps the JobIds of the
  // reports of every check as they were first written.
  const identity = [info.format, draft.provider, draft.account.uid, '', time ?? foundDigest(draft.scan)];
  return {
    BenchmarkName: draft.framework === undefined ? `${info.tool} checks (${connector})` : draft.framework,
    BenchmarkId: benchmark.replace(/\s+/g, '-'),
    AccountId: draft.account.uid,
    LicenseId: '',
    LicenseName: '',
    AccountName: draft.account.name === undefined || draft.account.name === '' ? draft.account.uid : draft.account.name,
    ConnectorType: connector,
    SubscriptionId: connector === 'Azure' ? draft.account.uid : null,
    AWSAccountId: connector === 'AWS' ? draft.account.uid : null,
    JobId: createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32),
    ResourceCategories: categories,
    Posture: postureOf(categories),
    // The service states its epoch time in seconds (see readScanDate).
    ...(time === undefined
      ? {}
      : { LastScannedDate: new Date(time).toISOString(), LastScannedDateEpochTime: Math.floor(time / 1000) }),
    Scanner: {
      format: info.format,
      tool: info.tool,
      provider: draft.provider,
      ...(info.version === undefined ? {} : { version: info.version }),
    },
  };
}

function categoryOf(name: string, index: number, tallies: PolicyTally[]): ResourceCategory {
  const policies = tallies.map(policyOf);
  const counts = countColours(policies.map((policy) => policy.Compliance));
  return {
    CategoryName: name,
    ControlCategoryOrder: index + 1,
    CategoryId: name,
    ...counts,
    CompliancePercent: percentOf(counts),
    Policies: policies,
  };
}

function countColours(colours: readonly string[]): {
  Total: number;
  Green: number;
  Red: number;
  Amber: number;
  Gray: number;
} {
  const counts = { Total: colours.length, Green: 0, Red: 0, Amber: 0, Gray: 0 };
  for (const colour of colours) if (colour === 'Green' || colour === 'Red' || colour === 'Gray') counts[colour] += 1;
  return counts;
}

/** Green of the assessed policies, the service's formula (green-of-assessed); 0 when none was assessed. */
function percentOf(counts: { Total: number; Green: number; Gray: number }): number {
  const assessed = counts.Total - counts.Gray;
  return assessed > 0 ? (counts.Green / assessed) * 100 : 0;
}

function postureOf(categories: readonly ResourceCategory[]): BenchmarkReport['Posture'] {
  const counts = { Total: 0, Green: 0, Red: 0, Amber: 0, Gray: 0 };
  for (const category of categories) {
    for (const key of ['Total', 'Green', 'Red', 'Amber', 'Gray'] as const) counts[key] += category[key];
  }
  return { ...counts, CompliancePercent: percentOf(counts) };
}

function noSuchFramework(name: string, seen: ReadonlySet<string>): Finding {
  const named = [...seen].sort();
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer: '',
    message:
      named.length === 0
        ? `no result names a compliance framework, so --framework ${name} makes no report; leave --framework out to read every check`
        : `no result names the framework "${name}"; the results name ${named.join(', ')} (or give --framework all)`,
    expected: named,
    actual: name,
  };
}
